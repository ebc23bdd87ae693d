//! What the commands tell the reporter, as plain data: a case judged, a submission checked, a
//! file validated, an input found and shrunk, a summary, a stop by a signal. The commands only
//! emit these; [`super::reporter::Reporter`] renders them, as the report for people or as JSON
//! lines, and `judge merge` replays the events it reads back from the JSON reports. (nextest
//! calls its own the interface between the runner and the reporter.)

use crate::report::json::RunPart;
use crate::report::verify_table::{Margin, Row, Verified, Widths};
use crate::report::Shown;
use crate::verdict::Verdict;
use std::time::Duration;

/// One thing that happened, for the report.
pub enum Event<'a> {
    /// The items about to be reported are known: the widest of their labels, as printed.
    Listed { label_width: usize },
    /// A case judged, at `index` in the whole run (from 0).
    CaseJudged { case: &'a Shown, index: usize },
    /// Every case of the run (or shard) is reported: the summary, and with `--format json` the
    /// summary line of `part` with the exit status the judge exits with.
    CasesDone {
        part: Option<&'a RunPart>,
        exit_status: u8,
    },
    /// A line of `judge verify`'s report before its table (the package, its validators, how
    /// its runs go), which every shard says alike.
    PackageSaid(&'a str),
    /// The head of `judge verify`'s table, its columns this wide.
    TableHead(Widths),
    /// A submission checked: its row of the table (a skipped one waits for [`Event::TableEnd`]).
    SubmissionChecked(&'a Row),
    /// The time limit is set: its line, after the rows of the submissions that set it.
    TimeLimitSet(&'a str),
    /// Every row is in: the skipped ones, many alike as one line.
    TableEnd,
    /// The end of a verify run: its summary, and with `--format json` the summary line of
    /// `part`, with the `margin` checked over all the submissions and the `time_limit`.
    SubmissionsDone {
        verified: &'a Verified<'a>,
        part: Option<&'a RunPart>,
        margin: Option<Margin>,
        time_limit: Duration,
    },
    /// A file validated: its label and what the validator said.
    FileValidated {
        label: &'a str,
        validity: &'a FileValidity,
    },
    /// Every file is validated: how many were valid, invalid, and could not be checked.
    FilesDone {
        valid: usize,
        invalid: usize,
        errors: usize,
    },
    /// What `judge stress` tries: its first line.
    StressStarted(&'a str),
    /// The search ended with no difference: `tried` inputs from seed `first` in `elapsed`.
    NothingFound {
        tried: u64,
        first: u64,
        elapsed: Duration,
    },
    /// The search found an input on which the program fails.
    InputFound {
        seed: u64,
        first: u64,
        verdict: &'a Verdict,
        elapsed: Duration,
        input: &'a str,
    },
    /// The input shrunk (or not), both outputs on it and the verdict.
    InputShrunk(&'a ShrinkEnd<'a>),
    /// The shrunk input saved as a case, in these two files.
    CaseSaved { input: &'a str, expected: &'a str },
    /// A signal stopped the command; the running programs were killed.
    Stopped { signal: i32, at: StopPoint },
}

/// What one file's check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileValidity {
    Valid,
    /// Invalid, and why.
    Invalid(String),
    /// The check itself failed (the file could not be read, the validator crashed, hung or was
    /// killed by the judge): a judge error, not the file's fault.
    Failed(String),
}

/// Where a signal stopped a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopPoint {
    /// Before any of the items (`noun`s: `submission`) ran.
    Before { noun: &'static str },
    /// After `done` of `total` items (`noun`s: `case`, `submission`).
    After {
        done: usize,
        total: usize,
        noun: &'static str,
    },
    /// While searching, after this many inputs were tried.
    Searching { tried: u64 },
}

/// How the shrinking of a failing input ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShrinkStop {
    /// No single step keeps the failure, after `runs` runs.
    Minimal { runs: usize },
    /// The bound of runs was reached after `runs` runs.
    Bounded { runs: usize },
    /// Not shrunk: with its spacing made regular the input no longer fails.
    Irregular,
    /// Stopped by this signal.
    Signal(i32),
}

/// The end of the shrinking: how it stopped, what it took, and the input with both outputs.
pub struct ShrinkEnd<'a> {
    pub stop: ShrinkStop,
    /// The most runs the shrinker may use.
    pub most_runs: usize,
    /// The inputs a `--validator` command refused, which are not runs.
    pub refused: usize,
    pub elapsed: Duration,
    pub input: &'a str,
    pub reference_output: &'a [u8],
    pub program_output: &'a [u8],
    pub verdict: &'a Verdict,
    /// The limits the failing run had, named under its verdict.
    pub limits: &'a crate::limits::Limits,
}
