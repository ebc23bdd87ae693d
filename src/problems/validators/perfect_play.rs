//! Validator for perfect_play: one or more lines, each a board of 9 characters `o`, `x`, `s`
//! that is a position of a real game (o first, counts, at most one line, won by the last mover).

use super::reader::{Invalid, Reader};
use super::tic_tac_toe_board::{check_reachable, read_board};

pub fn validate(input: &[u8]) -> Result<(), Invalid> {
    Reader::new(input).read_lines(|reader| {
        let board = read_board(reader)?;
        check_reachable(&board, reader.line())?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::super::check_near_misses;
    use super::validate;

    #[test]
    fn one_near_miss_per_rule() {
        check_near_misses(
            validate,
            b"sssssssss\nssssossss\nssssossxs\nooosxssxs\nxxxoososs\noxooxxxoo\n",
            &[
                ("at least one board", b"", "line 1: expected a board of 9 characters (o, x or s), found end of input"),
                ("o, x or s", b"sssssssss\nssssosssX\n", "line 2: expected o, x or s, found 'X' at column 9"),
                ("9 characters", b"ssss\n", "line 1: expected a board of 9 characters, found 4 characters"),
                ("9 characters, not 1", b"s\n", "line 1: expected a board of 9 characters, found 1 character"),
                ("no trailing space", b"sssssssss \n", "line 1: expected the end of the line, found a trailing space"),
                ("LF, not CRLF", b"sssssssss\r\n", "line 1: expected the end of the line, found a CR (line ends must be LF, not CRLF)"),
                ("a final newline", b"sssssssss", "line 1: expected a newline at the end of the line, found end of input"),
                ("no blank line", b"sssssssss\n\n", "line 2: expected a board of 9 characters (o, x or s), found the end of the line"),
                ("no NUL byte", b"xxx\0zz\n", "line 1: expected a board of 9 characters (o, x or s), found the byte \\x00 after 'xxx'"),
                ("o = x or o = x + 1", b"xssssssss\n", "line 1: not a position of a game: 0 o and 1 x: o moves first, so o has as many as x or one more"),
                ("not both lines", b"ooosssxxx\n", "line 1: not a position of a game: both o and x have three in a row"),
                ("an o line with o = x", b"sssssssss\noooxxsxss\n", "line 2: not a position of a game: o has three in a row but x moved after it (equal counts)"),
                ("an x line with o = x + 1", b"xxxoososo\n", "line 1: not a position of a game: x has three in a row but o moved after it (o has one more)"),
            ],
        );
    }
}
