//! The report of `judge verify`: one row per submission (what it expects, what it got, the case
//! that decided it with its time, whether that is as expected, and why not), as a padded table
//! for people or a JSON object per line.

use crate::cases::submissions::{Rules, Ruling, Submission};
use crate::cases::CaseFolder;
use crate::report::json;
use crate::text::printable;
use std::time::Duration;

/// How a submission came out against what it expects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    AsExpected,
    /// Only under the higher limit (problemtools: "OK with extra time").
    WithExtraTime,
    Mismatch,
    Skipped,
    NotChecked,
    /// The format's judge would not take it in (DOMjudge's import refuses it): shown, not run.
    NotImported,
    /// The package's grader failed on it.
    JudgeError,
}

impl Status {
    pub fn word(self) -> &'static str {
        match self {
            Status::AsExpected => "ok",
            Status::WithExtraTime => "ok with extra time",
            Status::Mismatch => "FAILED",
            Status::Skipped => "skipped",
            Status::NotChecked => "not checked",
            Status::NotImported => "not imported",
            Status::JudgeError => "JUDGE ERROR",
        }
    }
}

/// One line of the table.
pub struct Row {
    pub name: String,
    pub expected: String,
    pub got: String,
    /// The case that decided what it got (the first it failed), else its slowest case; with
    /// its CPU time.
    pub case: Option<(String, Duration)>,
    pub status: Status,
    /// Why, where it is not plainly as expected.
    pub detail: String,
    /// A note shown whatever the status (it is sensitive to the time limit).
    pub note: String,
}

/// A limit, as the judge's folder line gives one: `2 s`, `1.5 s`.
pub fn seconds(duration: Duration) -> String {
    format!("{} s", (duration.as_secs_f64() * 1000.0).round() / 1000.0)
}

/// A time taken, as the report gives it: `140 ms`.
pub fn milliseconds(duration: Duration) -> String {
    format!("{} ms", duration.as_millis())
}

/// The widths of the table's columns: submission, expected, got, case.
#[derive(Clone, Copy)]
pub struct Widths {
    name: usize,
    expected: usize,
    got: usize,
    slowest: usize,
}

impl Widths {
    pub fn of(list: &[Submission], folder: &CaseFolder, rules: Rules) -> Widths {
        let longest = |names: &mut dyn Iterator<Item = usize>, least: usize| {
            names.max().unwrap_or(least).max(least)
        };
        Widths {
            name: longest(&mut list.iter().map(|s| s.name.chars().count()), 10),
            expected: longest(&mut list.iter().map(|s| s.expected.names(rules).len()), 8),
            got: longest(&mut Ruling::ALL.iter().map(|r| r.name(rules).len()), 3),
            slowest: longest(
                &mut folder
                    .cases
                    .iter()
                    .map(|case| case.name.chars().count() + 10),
                12,
            ),
        }
    }

    /// One line of the table, its columns padded.
    pub fn line(
        &self,
        name: &str,
        expected: &str,
        got: &str,
        slowest: &str,
        status: &str,
    ) -> String {
        format!(
            "{name:<w0$}  {expected:<w1$}  {got:<w2$}  {slowest:<w3$}  {status}",
            w0 = self.name,
            w1 = self.expected,
            w2 = self.got,
            w3 = self.slowest
        )
        .trim_end()
        .to_string()
    }
}

/// The table's line for a row: its note, and why where it is not as expected (a compiler's
/// first lines below it).
pub fn row_line(row: &Row, widths: Widths) -> String {
    let case = match &row.case {
        Some((case, time)) => format!("{:>8}  {case}", milliseconds(*time)),
        None => "-".to_string(),
    };
    // A name with a line break in it stays on its row.
    let mut line = widths.line(
        &printable(&row.name),
        &row.expected,
        &row.got,
        &case,
        row.status.word(),
    );
    let mut said: Vec<&str> = Vec::new();
    if !row.note.is_empty() {
        said.push(&row.note);
    }
    if !row.detail.is_empty() && row.status != Status::AsExpected {
        said.push(&row.detail);
    }
    let said = said.join("; ");
    let mut lines = said.lines();
    if let Some(first) = lines.next() {
        line.push_str(&format!(": {first}"));
        for more in lines.take(12) {
            line.push_str(&format!("\n    {more}"));
        }
    }
    printable_lines(&line)
}

/// Each line made printable, the line breaks kept.
fn printable_lines(text: &str) -> String {
    text.lines().map(printable).collect::<Vec<_>>().join("\n")
}

pub fn json_row(row: &Row) -> String {
    let (case, ms) = match &row.case {
        Some((case, time)) => (json::string(case), time.as_millis().to_string()),
        None => ("null".to_string(), "null".to_string()),
    };
    format!(
        "{{\"submission\":{},\"expected\":{},\"got\":{},\"status\":{},\"case\":{case},\"time_ms\":{ms},\"detail\":{},\"note\":{}}}",
        json::string(&row.name),
        json::string(&row.expected),
        json::string(&row.got),
        json::string(row.status.word()),
        json::string(&row.detail),
        json::string(&row.note)
    )
}
