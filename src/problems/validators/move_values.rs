//! Validator for move_values: one or more lines `BOARD RULE`, the board a position of a real
//! game (as in perfect_play), a single space, the rule `normal` or `misere`.

use super::reader::{Invalid, Reader};
use super::tic_tac_toe_board::{check_reachable, read_board};
use crate::text::quote;

pub fn validate(input: &[u8]) -> Result<(), Invalid> {
    Reader::new(input).read_lines(|reader| {
        let board = read_board(reader)?;
        check_reachable(&board, reader.line())?;
        reader.read_space("the board and the rule")?;
        let rule = reader.read_word("the rule normal or misere")?;
        if rule != "normal" && rule != "misere" {
            return Err(reader.fail(format!(
                "expected the rule normal or misere, found {}",
                quote(rule)
            )));
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
        check_near_misses(
            validate,
            b"sssssssss normal\nsssssssss misere\nooosxssxs normal\noxooxxxos misere\n",
            &[
                ("at least one line", b"", "line 1: expected a board of 9 characters (o, x or s), found end of input"),
                ("o, x or s", b"sssssssss normal\nssssssssS normal\n", "line 2: expected o, x or s, found 'S' at column 9"),
                ("9 characters", b"ssss normal\n", "line 1: expected a board of 9 characters, found 4 characters"),
                ("a legal position", b"oooxxxsss misere\n", "line 1: not a position of a game: both o and x have three in a row"),
                ("a rule", b"sssssssss\n", "line 1: expected a space between the board and the rule, found the end of the line"),
                ("a single space", b"sssssssss  normal\n", "line 1: expected a single space between the board and the rule, found two"),
                ("normal or misere", b"sssssssss losing\n", "line 1: expected the rule normal or misere, found \"losing\""),
                ("lower case rule", b"sssssssss Normal\n", "line 1: expected the rule normal or misere, found \"Normal\""),
                ("nothing after the rule", b"sssssssss normal misere\n", "line 1: expected the end of the line, found more: \" misere\""),
                ("no trailing space", b"sssssssss normal \n", "line 1: expected the end of the line, found a trailing space"),
                ("LF, not CRLF", b"sssssssss normal\r\n", "line 1: expected the end of the line, found a CR (line ends must be LF, not CRLF)"),
                ("a final newline", b"sssssssss normal", "line 1: expected a newline at the end of the line, found end of input"),
                ("no blank line", b"sssssssss normal\n\n", "line 2: expected a board of 9 characters (o, x or s), found the end of the line"),
            ],
        );
    }
}
