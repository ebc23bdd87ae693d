//! game-judge: the local judge behind the solvers in `src/bin`.
//!
//! Case discovery, running a program under limits, comparing outputs, verdicts and reporting
//! live here once, shared by the `judge` command (`src/main.rs`) and the tests in `tests/`.

pub mod case_set;
pub mod cli;
pub mod command;
pub mod compare;
pub mod execute;
pub mod interactive;
pub mod judge;
pub mod opponents;
pub mod play;
pub mod random;
pub mod report;
pub mod solvers;
pub mod tic_tac_toe;
pub mod verdict;
