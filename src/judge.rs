//! Judging cases: one case from its files to its verdict, and many cases in parallel, reported
//! as each one finishes.

use crate::case_set::{Case, Judging};
use crate::compare::Mode;
use crate::execute::{execute, Limits, Program};
use crate::interactive::judge_tic_tac_toe;
use crate::verdict::{decide, Verdict};
use std::fs;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// How every case is judged.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub limits: Limits,
    pub compare: Mode,
    pub jobs: usize,
}

/// The output cap a judge applies unless told otherwise: 64 MiB.
pub const DEFAULT_OUTPUT_CAP: usize = 64 << 20;

/// One program on one case, with the name it is reported under (`problem/case`).
#[derive(Clone, Debug)]
pub struct Task {
    pub label: String,
    pub program: Program,
    pub case: Case,
    pub judging: Judging,
}

/// The verdict of a case, its time, and a line worth reporting (where it failed, what was
/// played).
#[derive(Clone, Debug)]
pub struct Judged {
    pub verdict: Verdict,
    pub elapsed: Duration,
    pub note: Option<String>,
}

/// A judged case, or why it could not be judged (an I/O error).
#[derive(Clone, Debug)]
pub struct Finished {
    pub label: String,
    pub outcome: Result<Judged, String>,
}

impl Finished {
    pub fn is_accepted(&self) -> bool {
        self.outcome
            .as_ref()
            .is_ok_and(|judged| judged.verdict.is_accepted())
    }
}

/// Runs `program` on one case and decides the verdict.
pub fn judge_case(
    program: &Program,
    case: &Case,
    judging: Judging,
    settings: &Settings,
) -> Result<Judged, String> {
    match (judging, &case.expected) {
        (Judging::TicTacToe, _) => judge_tic_tac_toe(program, &case.input, settings.limits.time),
        (Judging::Compare, None) => Err(format!("{}: no expected output", case.input.display())),
        (Judging::Compare, Some(expected)) => {
            let expected = fs::read(expected)
                .map_err(|error| format!("cannot read {}: {error}", expected.display()))?;
            let execution = execute(program, &case.input, settings.limits).map_err(|error| {
                format!("cannot run {program} on {}: {error}", case.input.display())
            })?;
            Ok(Judged {
                verdict: decide(&execution, &expected, settings.compare),
                elapsed: execution.elapsed,
                note: None,
            })
        }
    }
}

/// Judges every task, `settings.jobs` at a time, calling `on_finish` as each one finishes.
pub fn judge_all(
    tasks: &[Task],
    settings: &Settings,
    mut on_finish: impl FnMut(&Finished),
) -> Vec<Finished> {
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    let mut finished = Vec::with_capacity(tasks.len());
    thread::scope(|scope| {
        for _ in 0..settings.jobs.clamp(1, tasks.len().max(1)) {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || {
                while let Some(task) = tasks.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let outcome = judge_case(&task.program, &task.case, task.judging, settings);
                    let result = Finished {
                        label: task.label.clone(),
                        outcome,
                    };
                    if sender.send(result).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        for result in receiver {
            on_finish(&result);
            finished.push(result);
        }
    });
    finished
}
