//! Judging cases: one case from its files to its verdict, and many cases in parallel, reported
//! as each one finishes.

use crate::case_set::{Case, Judging};
use crate::compare::Mode;
use crate::execute::{execute, Limits, Program, Termination};
use crate::interactive::judge_tic_tac_toe;
use crate::verdict::{decide, run_failure, Verdict, Wrong};
use std::fs;
use std::path::Path;
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
    judging: &Judging,
    settings: &Settings,
) -> Result<Judged, String> {
    let expected = match (judging, &case.expected) {
        (Judging::TicTacToe, _) => {
            return judge_tic_tac_toe(program, &case.input, settings.limits.time)
        }
        (_, None) => return Err(format!("{}: no expected output", case.input.display())),
        (_, Some(expected)) => expected,
    };
    let expected_text = fs::read(expected)
        .map_err(|error| format!("cannot read {}: {error}", expected.display()))?;
    let execution = execute(program, &case.input, settings.limits)
        .map_err(|error| format!("cannot run {program} on {}: {error}", case.input.display()))?;
    let verdict = match judging {
        Judging::Checker { command, dir } => match run_failure(&execution) {
            Some(failure) => failure,
            None => run_checker(command, dir, case, expected, &execution.stdout)?,
        },
        _ => decide(&execution, &expected_text, settings.compare),
    };
    Ok(Judged {
        verdict,
        elapsed: execution.elapsed,
        note: None,
    })
}

/// A path as one shell word.
fn quoted(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', "'\\''"))
}

/// How long a checker may take, and how much it may print.
const CHECKER_LIMITS: Limits = Limits {
    time: Duration::from_secs(10),
    output_bytes: 1 << 20,
};

/// Asks the folder's checker about an output: it runs in the case folder as
/// `COMMAND INPUT ACTUAL EXPECTED` (the order of online-judge-tools and testlib); exit 0 is AC,
/// exit 1 is WA with its first line as the reason, anything else is a broken checker.
fn run_checker(
    command: &str,
    dir: &Path,
    case: &Case,
    expected: &Path,
    actual: &[u8],
) -> Result<Verdict, String> {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let actual_path = std::env::temp_dir().join(format!(
        "game-judge-actual-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    fs::write(&actual_path, actual)
        .map_err(|error| format!("cannot write {}: {error}", actual_path.display()))?;
    let absolute = |path: &Path| fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let line = format!(
        "cd {} && {command} {} {} {}",
        quoted(&absolute(dir)),
        quoted(&absolute(&case.input)),
        quoted(&actual_path),
        quoted(&absolute(expected))
    );
    let checked = execute(&Program::Shell(line), &case.input, CHECKER_LIMITS);
    let _ = fs::remove_file(&actual_path);
    let checked =
        checked.map_err(|error| format!("cannot run the checker `{command}`: {error}"))?;
    let said = |bytes: &[u8]| {
        String::from_utf8_lossy(bytes)
            .lines()
            .find(|line| !line.trim().is_empty())
            .map(str::to_string)
    };
    match checked.termination {
        Termination::Exited(0) => Ok(Verdict::Accepted),
        Termination::Exited(1) => Ok(Verdict::WrongAnswer(Wrong::Because(
            said(&checked.stdout)
                .or_else(|| said(&checked.stderr_tail))
                .unwrap_or_else(|| "the checker rejected the output".to_string()),
        ))),
        other => Err(format!(
            "the checker `{command}` failed ({other}): {}",
            said(&checked.stderr_tail).unwrap_or_default()
        )),
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
                    let outcome = judge_case(&task.program, &task.case, &task.judging, settings);
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
