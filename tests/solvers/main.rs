//! The solvers (src/bin/*.rs, one submittable file each) through their binaries and their
//! source: answers, errors, submittability, and the cases they are judged on; one module per
//! subject.

#![warn(clippy::too_many_lines)]

#[path = "../common/mod.rs"]
mod common;

mod bad_input;
#[cfg(feature = "slow-tests")]
mod contestant_solutions;
mod exhaustive_boards;
mod hand_typed_input;
mod oj_compatibility;
mod othello_endgame_cases;
mod othello_endgame_threads;
mod othello_player;
mod random_weighted_grids;
mod readable_errors;
mod shared_code;
mod shipped_cases;
#[cfg(feature = "slow-tests")]
mod submittable;
