//! Validator for othello_endgame: one or more lines, each 64 squares of `X`, `O`, `-`, a single
//! space, the side to move `X` or `O`, then the end of the line or a `;` and a comment (printable
//! ASCII), as in an .obf file.

use super::reader::{Invalid, Reader};

pub fn validate(input: &[u8]) -> Result<(), Invalid> {
    let mut reader = Reader::new(input);
    loop {
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
                "expected a board of 64 squares, found {} characters",
                board.len()
            )));
        }
        reader.read_space("the board and the side to move")?;
        reader.read_byte_of(b"XO", "the side to move, X or O")?;
        if reader.eat(b';') {
            reader.read_rest_of_line("the comment")?;
        }
        reader.read_line_end()?;
        if reader.at_end() {
            return Ok(());
        }
    }
}
