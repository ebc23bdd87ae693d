//! game-judge: the local judge behind the solvers in `src/bin`, shared by the `judge` binary
//! (`src/main.rs`) and the tests in `tests/`.
//!
//! The modules stand in tiers computed from their imports, each importing only from the tiers
//! below it: the leaves (`text`, `limits`, `random`, `outcome`, `temp_folder`) at the bottom,
//! then the supervisor (`process`), the rules (`games`), reading case folders (`cases`),
//! grading one case (`grade`) and many (`runner`), the report, the commands, the command line
//! (`cli`) and dispatch (`app`) at the top. docs/ARCHITECTURE.md is the map, with each tier;
//! `tests/judge/tiers.rs` computes the tiers and keeps that table in step.

// A function over 100 lines is cut along its steps (clippy's pedantic lint, made a warning
// here, which CI's `-D warnings` makes an error).
#![warn(clippy::too_many_lines)]

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
