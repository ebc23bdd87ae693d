//! The judge's own opponents, named by a folder's `D.judge/interactive` file: each is an
//! interactor that runs inside the judge, on the same relayed lines as an interactor program.

use super::Decision;
use std::io::{BufRead, Write};
use std::path::Path;

/// A built-in opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuiltIn {
    TicTacToe,
    Othello,
}

impl BuiltIn {
    /// Every built-in, for messages.
    pub const ALL: [BuiltIn; 2] = [BuiltIn::TicTacToe, BuiltIn::Othello];

    /// The built-in an `interactive` file names.
    pub fn named(name: &str) -> Option<BuiltIn> {
        BuiltIn::ALL
            .into_iter()
            .find(|builtin| builtin.name() == name)
    }

    pub fn name(self) -> &'static str {
        match self {
            BuiltIn::TicTacToe => "tic-tac-toe",
            BuiltIn::Othello => "othello",
        }
    }

    /// Plays the case `case_input` describes against the program at the other end.
    pub fn play(
        self,
        case_input: &Path,
        from_program: &mut dyn BufRead,
        to_program: &mut dyn Write,
    ) -> Decision {
        match self {
            BuiltIn::TicTacToe => {
                crate::grade::tic_tac_toe::play(case_input, from_program, to_program)
            }
            BuiltIn::Othello => crate::grade::othello::play(case_input, from_program, to_program),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for builtin in BuiltIn::ALL {
            assert_eq!(BuiltIn::named(builtin.name()), Some(builtin));
        }
        assert_eq!(BuiltIn::named("chess"), None);
    }
}
