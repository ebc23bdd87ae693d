//! Validator for board_winner (AOJ 0066): 1 to 50 lines, each a board of 9 characters `o`, `x`,
//! `s`; never both players with a line. Counts and who moved first are not promised.

use super::reader::{Invalid, Reader};
use super::tic_tac_toe_board::{has_line, read_board};

/// The most boards in one input, per the statement.
const MAX_BOARDS: usize = 50;

pub fn validate(input: &[u8]) -> Result<(), Invalid> {
    let mut boards = 0;
    Reader::new(input).read_lines(|reader| {
        let board = read_board(reader)?;
        boards += 1;
        if boards > MAX_BOARDS {
            return Err(reader.fail(format!("more than {MAX_BOARDS} boards")));
        }
        if has_line(&board, b'o') && has_line(&board, b'x') {
            return Err(reader.fail("both o and x have three in a row"));
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::super::check_near_misses;
    use super::validate;

    #[test]
    fn one_near_miss_per_rule() {
        // Counts are not promised: three x and no o is valid.
        check_near_misses(validate, b"ooosxssxs\nxxxssssss\noxooxxxoo\n", &[]);
        let fifty = "sssssssss\n".repeat(50);
        check_near_misses(validate, fifty.as_bytes(), &[]);
        let fifty_one = "sssssssss\n".repeat(51);
        check_near_misses(
            validate,
            b"ooosxssxs\n",
            &[
                ("at least one board", b"", "line 1: expected a board of 9 characters (o, x or s), found end of input"),
                ("at most 50 boards", fifty_one.as_bytes(), "line 51: more than 50 boards"),
                ("o, x or s", b"oo-sxssxs\n", "line 1: expected o, x or s, found '-' at column 3"),
                ("lower case", b"ssssOssss\n", "line 1: expected o, x or s, found 'O' at column 5"),
                ("9 characters, not 8", b"ooosxssx\n", "line 1: expected a board of 9 characters, found 8 characters"),
                ("9 characters, not 10", b"ooosxssxss\n", "line 1: expected a board of 9 characters, found 10 characters"),
                ("no leading space", b" ooosxssxs\n", "line 1: expected a board of 9 characters (o, x or s), found a space"),
                ("no trailing space", b"ooosxssxs \n", "line 1: expected the end of the line, found a trailing space"),
                ("LF, not CRLF", b"ooosxssxs\r\n", "line 1: expected the end of the line, found a CR (line ends must be LF, not CRLF)"),
                ("a final newline", b"ooosxssxs", "line 1: expected a newline at the end of the line, found end of input"),
                ("no blank line", b"ooosxssxs\n\nooosxssxs\n", "line 2: expected a board of 9 characters (o, x or s), found the end of the line"),
                ("not both lines", b"ooosssxxx\n", "line 1: both o and x have three in a row"),
            ],
        );
    }
}
