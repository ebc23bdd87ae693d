//! game-judge: the local judge behind the solvers in `src/bin`.
//!
//! `othello` and `tic_tac_toe` are the games' rules, `strategies` the tic-tac-toe computer of
//! `judge play` (`play`). `process` runs programs under limits (the supervisor), `grade`
//! decides a case from a run (comparison, checker, an interactor: a program or a built-in
//! opponent, whose case files `case_keys` reads), `runner` judges many cases in parallel, `report` prints them, `case_set` finds
//! them (in the `layout` a folder has, with its `judge_files` and `folder_limits`), `validate`
//! checks case inputs against each problem's statement, `stress` compares a program with a
//! reference on generated inputs and shrinks what fails, `cli` and `command` are the `judge`
//! command. Shared by the `judge` binary (`src/main.rs`) and the tests in `tests/`.

pub mod app;
pub mod cases;
pub mod cli;
pub mod compare;
pub mod games;
pub mod grade;
pub mod judge;
pub mod limits;
pub mod outcome;
pub mod play;
pub mod problems;
pub mod process;
pub mod random;
pub mod report;
pub mod runner;
pub mod stress;
#[cfg(test)]
mod test_folders;
pub mod text;
pub mod validate;
pub mod verdict;
