//! Grading one case: run the program under the supervisor, then let the folder's grader decide.
//! The graders: comparison with the expected output, a checker program, and the built-in
//! tic-tac-toe opponent of an interactive folder. The runner never looks inside them.

mod checker;
pub mod compare;
pub mod player;
mod tic_tac_toe;

use crate::case_set::{Case, Judging};
use crate::grade::compare::Mode;
use crate::process::{execute, Limits, Program, Usage};
use crate::verdict::{compare_verdict, run_failure, Verdict};
use std::fs;

/// How every case is judged.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub limits: Limits,
    pub compare: Mode,
    pub jobs: usize,
}

/// The verdict of a case, what the run used (when it ran), and a line worth reporting (where it
/// failed, what was played).
#[derive(Clone, Debug)]
pub struct Judged {
    pub verdict: Verdict,
    pub usage: Option<Usage>,
    pub note: Option<String>,
}

impl Judged {
    /// A judge error: the case could not be judged.
    pub fn judge_error(reason: String) -> Judged {
        Judged {
            verdict: Verdict::JudgeError(reason),
            usage: None,
            note: None,
        }
    }
}

/// Runs `program` on one case and decides the verdict.
pub fn judge_case(
    program: &Program,
    case: &Case,
    judging: &Judging,
    settings: &Settings,
) -> Judged {
    let expected = match (judging, &case.expected) {
        (Judging::TicTacToe, _) => {
            return tic_tac_toe::judge(program, &case.input, settings.limits)
        }
        (_, None) => {
            return Judged::judge_error(format!("{}: no expected output", case.input.display()))
        }
        (_, Some(expected)) => expected,
    };
    let execution = match execute(program, Some(&case.input), settings.limits) {
        Ok(execution) => execution,
        Err(error) => {
            return Judged::judge_error(format!(
                "cannot run {program} on {}: {error}",
                case.input.display()
            ))
        }
    };
    let usage = Some(execution.ended.usage);
    let verdict = match run_failure(&execution.ended, &settings.limits, &execution.stderr_tail) {
        Some(failure) => failure,
        None => match judging {
            Judging::Checker { command, dir } => {
                checker::check(command, dir, case, expected, &execution.stdout)
            }
            _ => match fs::read(expected) {
                Ok(expected_text) => {
                    compare_verdict(&expected_text, &execution.stdout, settings.compare)
                }
                Err(error) => {
                    Verdict::JudgeError(format!("cannot read {}: {error}", expected.display()))
                }
            },
        },
    };
    Judged {
        verdict,
        usage,
        note: None,
    }
}
