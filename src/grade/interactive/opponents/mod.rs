//! The judge's own opponents, named by a folder's `D.judge/interactive` file: each is an
//! interactor that runs inside the judge, on the same relayed lines as an interactor program.

mod othello;
mod tic_tac_toe;

use super::Decision;
use crate::cases::BuiltIn;
use std::io::{BufRead, Write};
use std::path::Path;

/// Plays the case `case_input` describes against the program at the other end.
pub fn play(
    builtin: BuiltIn,
    case_input: &Path,
    from_program: &mut dyn BufRead,
    to_program: &mut dyn Write,
) -> Decision {
    match builtin {
        BuiltIn::TicTacToe => tic_tac_toe::play(case_input, from_program, to_program),
        BuiltIn::Othello => othello::play(case_input, from_program, to_program),
    }
}
