//! game-judge: the local judge behind the solvers in `src/bin`, shared by the `judge` binary
//! (`src/main.rs`) and the tests in `tests/`.
//!
//! The modules stand in layers, each importing only from the layers before it
//! (`tests/judge/layers.rs` keeps it so; docs/ARCHITECTURE.md is the map):
//! `text`, `limits`, `random`, `outcome`, `temp_folder` (leaves); `process` (the supervisor); `games` (the
//! rules); `cases` (finding and reading case folders); `compare`; `verdict`; `grade` (one case);
//! `runner` (many cases); `report`; `problems` (what the judge knows per problem); the commands
//! `judge`, `play`, `validate`, `stress`, `verify`, `merge`; `cli` (the command line); `app` (dispatch and the exit
//! status).

pub mod app;
pub mod cases;
pub(crate) mod cli;
pub mod compare;
pub mod games;
pub mod grade;
pub(crate) mod judge;
pub mod limits;
pub(crate) mod merge;
pub(crate) mod outcome;
pub(crate) mod play;
pub mod problems;
pub mod process;
pub mod random;
pub mod report;
pub mod runner;
pub mod sources;
pub mod stress;
pub(crate) mod temp_folder;
#[cfg(test)]
mod test_folders;
#[cfg(test)]
mod test_skips;
pub(crate) mod text;
pub mod validate;
pub mod verdict;
pub(crate) mod verify;
