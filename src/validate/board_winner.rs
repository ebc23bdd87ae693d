//! Validator for board_winner (AOJ 0066): 1 to 50 lines, each a board of 9 characters `o`, `x`,
//! `s`; never both players with a line. Counts and who moved first are not promised.

use super::reader::{Invalid, Reader};
use super::tic_tac_toe_board::{has_line, read_board};

/// The most boards in one input, per the statement.
const MAX_BOARDS: usize = 50;

pub fn validate(input: &[u8]) -> Result<(), Invalid> {
    let mut reader = Reader::new(input);
    let mut boards = 0;
    loop {
        let board = read_board(&mut reader)?;
        boards += 1;
        if boards > MAX_BOARDS {
            return Err(reader.fail(format!("more than {MAX_BOARDS} boards")));
        }
        if has_line(&board, b'o') && has_line(&board, b'x') {
            return Err(reader.fail("both o and x have three in a row"));
        }
        reader.read_line_end()?;
        if reader.at_end() {
            return Ok(());
        }
    }
}
