//! Input validators, one per problem, written from its statement in the manner of testlib's:
//! each says whether a case input is one the problem's real judge can give, or on which line
//! and why it is not. `judge validate` runs them (see `command`).

mod board_winner;
pub mod command;
mod key_values;
mod move_values;
mod othello_endgame;
mod othello_player;
mod perfect_play;
pub mod reader;
pub mod tic_tac_toe_board;
mod tic_tac_toe_player;
mod weighted_tic_tac_toe;

pub use reader::Invalid;

/// A validator: the whole input file in, `Ok` or the first reason it is invalid out.
pub type Validator = fn(&[u8]) -> Result<(), Invalid>;

/// Every problem's validator, keyed by its solver's name.
pub const VALIDATORS: [(&str, Validator); 7] = [
    ("board_winner", board_winner::validate),
    ("move_values", move_values::validate),
    ("othello_endgame", othello_endgame::validate),
    ("othello_player", othello_player::validate),
    ("perfect_play", perfect_play::validate),
    ("tic_tac_toe_player", tic_tac_toe_player::validate),
    ("weighted_tic_tac_toe", weighted_tic_tac_toe::validate),
];

/// The validator of the solver `name`, if it has one.
pub fn validator(name: &str) -> Option<Validator> {
    VALIDATORS
        .iter()
        .find(|(known, _)| *known == name)
        .map(|&(_, validate)| validate)
}

/// For the validators' unit tests: `valid` passes, and each near miss (one per rule, named)
/// fails with exactly its message.
#[cfg(test)]
fn check_near_misses(validate: Validator, valid: &[u8], near_misses: &[(&str, &[u8], &str)]) {
    assert_eq!(validate(valid), Ok(()), "the valid input");
    for &(rule, input, message) in near_misses {
        match validate(input) {
            Ok(()) => panic!("{rule}: {:?} passed", String::from_utf8_lossy(input)),
            Err(invalid) => assert_eq!(invalid.to_string(), message, "{rule}"),
        }
    }
}
