//! Validator for perfect_play: one or more lines, each a board of 9 characters `o`, `x`, `s`
//! that is a position of a real game (o first, counts, at most one line, won by the last mover).

use super::reader::{Invalid, Reader};
use super::tic_tac_toe_board::{check_reachable, read_board};

pub fn validate(input: &[u8]) -> Result<(), Invalid> {
    let mut reader = Reader::new(input);
    loop {
        let board = read_board(&mut reader)?;
        check_reachable(&board, reader.line())?;
        reader.read_line_end()?;
        if reader.at_end() {
            return Ok(());
        }
    }
}
