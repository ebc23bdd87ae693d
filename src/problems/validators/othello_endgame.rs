//! Validator for othello_endgame: one or more lines, each 64 squares of `X`, `O`, `-`, a single
//! space, the side to move `X` or `O`, then the end of the line or a `;` and a comment (printable
//! ASCII), as in an .obf file.

use super::reader::{Invalid, Reader};
use crate::text::count;

pub fn validate(input: &[u8]) -> Result<(), Invalid> {
    Reader::new(input).read_lines(|reader| {
        let board = reader.read_word("a board of 64 squares (X, O or -)")?;
        if let Some((column, found)) = board
            .char_indices()
            .find(|&(_, found)| !"XO-".contains(found))
        {
            return Err(reader.fail(format!(
                "expected X, O or -, found '{found}' at column {}",
                column + 1
            )));
        }
        if board.len() != 64 {
            return Err(reader.fail(format!(
                "expected a board of 64 squares, found {}",
                count(board.len(), "character")
            )));
        }
        reader.read_space("the board and the side to move")?;
        reader.read_byte_of(b"XO", "the side to move, X or O")?;
        if reader.eat(b';') {
            reader.read_rest_of_line("the comment")?;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::super::check_near_misses;
    use super::validate;

    const BOARD: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--";

    fn line(rest: &str) -> Vec<u8> {
        format!("{BOARD}{rest}").into_bytes()
    }

    #[test]
    fn one_near_miss_per_rule() {
        let valid = [line(" X\n"), line(" O; G8:+18; H1:+12;\n")].concat();
        let short = format!("{} X\n", &BOARD[1..]);
        let lower = BOARD.replacen('X', "x", 1) + " X\n";
        check_near_misses(
            validate,
            &valid,
            &[
                ("at least one position", b"", "line 1: expected a board of 64 squares (X, O or -), found end of input"),
                ("64 squares", short.as_bytes(), "line 1: expected a board of 64 squares, found 63 characters"),
                ("X, O or -", lower.as_bytes(), "line 1: expected X, O or -, found 'x' at column 3"),
                ("a side to move", &line("\n"), "line 1: expected a space between the board and the side to move, found the end of the line"),
                ("a single space", &line("  X\n"), "line 1: expected a single space between the board and the side to move, found two"),
                ("X or O to move", &line(" B\n"), "line 1: expected the side to move, X or O, found 'B'"),
                ("nothing but a ; comment after the side", &line(" X G8\n"), "line 1: expected the end of the line, found more: \" G8\""),
                ("the ; right after the side", &line(" X ; G8:+18;\n"), "line 1: expected the end of the line, found more: \" ; G8:+18;\""),
                ("a printable comment", &line(" X;\tG8:+18;\n"), "line 1: expected printable ASCII in the comment, found a tab"),
                ("LF, not CRLF", &line(" X\r\n"), "line 1: expected the end of the line, found a CR (line ends must be LF, not CRLF)"),
                ("LF after a comment", &line(" X; G8:+18;\r\n"), "line 1: expected printable ASCII in the comment, found a CR (line ends must be LF, not CRLF)"),
                ("a final newline", &line(" X"), "line 1: expected a newline at the end of the line, found end of input"),
                ("no blank line", &[line(" X\n"), b"\n".to_vec()].concat(), "line 2: expected a board of 64 squares (X, O or -), found the end of the line"),
                ("no comment line", b"; FFO #1\n", "line 1: expected X, O or -, found ';' at column 1"),
            ],
        );
    }
}
