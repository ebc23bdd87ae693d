//! game-judge: the local judge behind the solvers in `src/bin`.
//!
//! Case discovery (which problems, which cases, what is wrong with a case folder) and output
//! comparison live here once, shared by the `judge` command and the test runner in `tests/`.

pub mod case_set;
pub mod compare;
