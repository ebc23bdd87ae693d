//! Validator for move_values: one or more lines `BOARD RULE`, the board a position of a real
//! game (as in perfect_play), a single space, the rule `normal` or `misere`.

use super::reader::{Invalid, Reader};
use super::tic_tac_toe_board::{check_reachable, read_board};

pub fn validate(input: &[u8]) -> Result<(), Invalid> {
    let mut reader = Reader::new(input);
    loop {
        let board = read_board(&mut reader)?;
        check_reachable(&board, reader.line())?;
        reader.read_space("the board and the rule")?;
        let rule = reader.read_word("the rule normal or misere")?;
        if rule != "normal" && rule != "misere" {
            return Err(reader.fail(format!(
                "expected the rule normal or misere, found {rule:?}"
            )));
        }
        reader.read_line_end()?;
        if reader.at_end() {
            return Ok(());
        }
    }
}
