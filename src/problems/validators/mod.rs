//! Input validators, one per problem, written from its statement in the manner of testlib's:
//! each says whether a case input is one the problem's real judge can give, or on which line
//! and why it is not. The problem table (`crate::problems`) names each problem's; `judge
//! validate` and `judge stress` run them.

pub mod board_winner;
mod key_values;
pub mod move_values;
pub mod othello_endgame;
pub mod othello_player;
pub mod perfect_play;
pub mod reader;
pub mod tic_tac_toe_board;
pub mod tic_tac_toe_player;
pub mod weighted_tic_tac_toe;

pub use reader::Invalid;

/// A validator: the whole input file in, `Ok` or the first reason it is invalid out.
pub type Validator = fn(&[u8]) -> Result<(), Invalid>;

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
