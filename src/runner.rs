//! Judging many cases: `jobs` at a time, each result handed to a sink in case order, as soon as
//! every case before it is done (as `oj test` prints), so the report reads the same whatever
//! finished first. When the judge is told to stop (a signal, its output closed), no new case
//! starts, the running ones are killed by their supervisors, and only finished cases count.

use crate::cases::input_head::InputHead;
use crate::cases::{Case, Judging};
use crate::grade::{judge_case, Judged, Settings};
use crate::limits::Limits;
use crate::process::stop;
use crate::process::{sys, Program};
use crate::verdict::Code;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

/// One program on one case, with the name it is reported under (`problem/case`) and the limits
/// of its folder.
#[derive(Clone, Debug)]
pub struct Task {
    pub label: String,
    pub program: Program,
    pub case: Case,
    pub judging: Judging,
    pub limits: Limits,
}

/// A judged case under its label, with the start of its input when it failed (the judge could
/// judge it, but the program did not pass).
#[derive(Clone, Debug)]
pub struct Finished {
    pub label: String,
    pub judged: Judged,
    pub input: Option<InputHead>,
}

impl Finished {
    pub fn is_accepted(&self) -> bool {
        self.judged.verdict.is_accepted()
    }
}

/// What a sink says after taking a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    /// Stop judging (the report's reader went away).
    Stop,
}

/// Whether the judge has been told to stop.
fn stopping() -> bool {
    stop::received_signal().is_some()
}

/// Judges every task, `settings.jobs` at a time (each under its own limits, not the
/// settings'), giving each result to `sink` in task order.
/// Returns the finished cases (all of them, unless the judge was stopped).
pub fn judge_all(
    tasks: &[Task],
    settings: &Settings,
    mut sink: impl FnMut(&Finished) -> Flow,
) -> Vec<Finished> {
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    let mut finished = Vec::with_capacity(tasks.len());
    thread::scope(|scope| {
        for _ in 0..settings.jobs.clamp(1, tasks.len().max(1)) {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(task) = tasks.get(index) else { return };
                if stopping() {
                    return;
                }
                let settings = Settings {
                    limits: task.limits,
                    ..*settings
                };
                let judged = judge_case(&task.program, &task.case, &task.judging, &settings);
                if stopping() {
                    return; // killed by the stop: not a verdict
                }
                let failed = !matches!(judged.verdict.code(), Code::AC | Code::JE);
                let result = Finished {
                    label: task.label.clone(),
                    input: failed
                        .then(|| InputHead::read(&task.case.input).ok())
                        .flatten(),
                    judged,
                };
                if sender.send((index, result)).is_err() {
                    return;
                }
            });
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut flow = Flow::Continue;
        for (index, result) in receiver {
            waiting.insert(index, result);
            while let Some(result) = waiting.remove(&finished.len()) {
                if flow == Flow::Continue {
                    flow = sink(&result);
                    if flow == Flow::Stop {
                        stop::note_stop(sys::SIGPIPE);
                    }
                }
                finished.push(result);
            }
        }
        // Stopped early: cases that finished after one that was cut off still count.
        for (_, result) in waiting {
            if flow == Flow::Continue {
                flow = sink(&result);
            }
            finished.push(result);
        }
    });
    finished
}
