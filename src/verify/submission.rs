//! One submission of a package, checked: built by its language (a compile error is a result of
//! its own), run on the cases in order, `jobs` at a time, until the first that decides it (the
//! first not accepted, as DOMjudge's lazy judging and problemtools stop; for the 2025-09 rules,
//! the first outside a `permitted` list), and what it got, under the time limit and under the
//! higher one.

use super::time_limit::TimeLimits;
use crate::cases::submissions::{Ruling, Submission};
use crate::cases::CaseFolder;
use crate::grade::{Judged, Settings};
use crate::limits::Limits;
use crate::process::Program;
use crate::report::detail_lines;
use crate::runner::{judge_all, Finished, Flow, Task};
use crate::sources::{self, Dialect};
use crate::verdict::Code;
use std::time::Duration;

/// One case of a submission's run.
#[derive(Clone, Debug)]
pub struct CaseRun {
    pub label: String,
    /// `None`: a judge error (the package's grader failed).
    pub ruling: Option<Ruling>,
    pub cpu: Duration,
    /// Why, for a case that failed.
    pub detail: String,
}

/// What a submission got.
#[derive(Clone, Debug)]
pub enum SubmissionResult {
    /// Run on the cases, in order, up to the first that failed.
    Ran(Vec<CaseRun>),
    /// It does not build: the compiler's first lines.
    CompileError(String),
    /// The judge cannot build it here (a language it does not know or that is not installed).
    Skipped(String),
    /// The judge could not build or run it (its cache, the file system): why.
    JudgeError(String),
}

/// The ruling of a judged case.
fn ruling(judged: &Judged) -> Option<Ruling> {
    Some(match judged.verdict.code() {
        Code::AC => Ruling::Accepted,
        Code::WA if judged.wrote_nothing => Ruling::NoOutput,
        Code::WA => Ruling::WrongAnswer,
        Code::TLE => Ruling::TimeLimit,
        Code::RE => Ruling::RunError,
        Code::MLE => Ruling::MemoryLimit,
        Code::OLE => Ruling::OutputLimit,
        Code::JE => return None,
    })
}

/// The first line of the report's details that says why a case failed (without the input the
/// report shows first, nor the verdict, which the package's rules name); empty when none does.
fn reason(result: &Finished, limits: &Limits) -> String {
    let without_input = Finished {
        input: None,
        ..result.clone()
    };
    // Two lines: a wrong answer's expected and actual, a crash's status and the last line of
    // its stderr (not the heading before it).
    let details = detail_lines(&without_input, limits);
    let mut given = details
        .iter()
        .map(|line| line.trim())
        .filter(|line| !line.is_empty());
    let mut lines: Vec<&str> = given.next().into_iter().collect();
    let rest: Vec<&str> = given.collect();
    match rest.as_slice() {
        [heading, .., last] if heading.ends_with("(last lines):") => lines.push(last),
        [heading] if heading.ends_with("(last lines):") => {}
        [next, ..] => lines.push(next),
        [] => {}
    }
    // On one line the alignment of `actual   (` under `expected (` is only spaces.
    lines.join("; ").replacen("; actual   (", "; actual (", 1)
}

/// Builds `submission` (within `compile_limit` of CPU time, in the `dialect` its package names)
/// and runs it on `folder`'s cases under `limits` (its CPU time is the higher time limit),
/// stopping after the batch of `jobs` cases that holds the first case that `decides`.
pub fn run(
    submission: &Submission,
    folder: &CaseFolder,
    compile_limit: Duration,
    dialect: &Dialect,
    limits: Limits,
    settings: &Settings,
    decides: &dyn Fn(&CaseRun) -> bool,
) -> SubmissionResult {
    let built = match sources::build_submission(&submission.path, compile_limit, dialect) {
        Ok(built) => built,
        Err(failure) if failure.is_compile_error() => {
            return SubmissionResult::CompileError(failure.to_string())
        }
        Err(failure @ sources::Failure::Unsupported { .. }) => {
            return SubmissionResult::Skipped(failure.reason())
        }
        Err(failure) => return SubmissionResult::JudgeError(failure.to_string()),
    };
    let program = Program::Binary(built.program);
    let tasks: Vec<Task> = folder
        .cases
        .iter()
        .map(|case| Task {
            label: case.name.clone(),
            program: program.clone(),
            case: case.clone(),
            judging: folder.judging_of(case).clone(),
            limits,
        })
        .collect();
    let mut runs = Vec::new();
    for batch in tasks.chunks(settings.jobs.max(1)) {
        let finished = judge_all(batch, settings, |_| Flow::Continue);
        let mut failed = false;
        for result in finished {
            let run = CaseRun {
                label: result.label.clone(),
                ruling: ruling(&result.judged),
                cpu: result
                    .judged
                    .usage
                    .map_or(Duration::ZERO, |usage| usage.cpu),
                detail: reason(&result, &limits),
            };
            failed |= decides(&run);
            runs.push(run);
        }
        if failed {
            break;
        }
    }
    SubmissionResult::Ran(runs)
}

/// What a run comes to: the ruling of its first case that is not accepted (or accepted), and
/// that case's index; `None` for a judge error first.
pub fn result(runs: &[CaseRun]) -> (Option<Ruling>, Option<usize>) {
    match runs
        .iter()
        .position(|run| run.ruling != Some(Ruling::Accepted))
    {
        Some(index) => (runs[index].ruling, Some(index)),
        None => (Some(Ruling::Accepted), None),
    }
}

/// What a run under the higher limit would have got under the time limit: the first case that
/// failed, or that took longer than the limit (a time-out there), decides.
pub fn result_within(runs: &[CaseRun], limits: &TimeLimits) -> (Option<Ruling>, Option<usize>) {
    for (index, run) in runs.iter().enumerate() {
        if run.cpu > limits.limit && run.ruling.is_some() {
            return (Some(Ruling::TimeLimit), Some(index));
        }
        if run.ruling != Some(Ruling::Accepted) {
            return (run.ruling, Some(index));
        }
    }
    (Some(Ruling::Accepted), None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(ruling: Ruling, ms: u64) -> CaseRun {
        CaseRun {
            label: String::new(),
            ruling: Some(ruling),
            cpu: Duration::from_millis(ms),
            detail: String::new(),
        }
    }

    #[test]
    fn the_first_failure_decides_and_a_slow_case_is_a_time_out_under_the_limit() {
        let limits = TimeLimits {
            limit: Duration::from_secs(1),
            high: Duration::from_secs(2),
        };
        let runs = [
            case(Ruling::Accepted, 10),
            case(Ruling::Accepted, 1500),
            case(Ruling::WrongAnswer, 5),
        ];
        assert_eq!(result(&runs), (Some(Ruling::WrongAnswer), Some(2)));
        assert_eq!(
            result_within(&runs, &limits),
            (Some(Ruling::TimeLimit), Some(1))
        );
        let runs = [case(Ruling::Accepted, 10), case(Ruling::Accepted, 20)];
        assert_eq!(result(&runs), (Some(Ruling::Accepted), None));
        assert_eq!(
            result_within(&runs, &limits),
            (Some(Ruling::Accepted), None)
        );
    }
}
