//! The report of `judge verify`: one row per submission (what it expects, what it got, the case
//! that decided it with its time, whether that is as expected, and why not), as a padded table
//! for people or a JSON object per line; the checks made over all the rows (an accepted
//! submission ran, the time limit leaves it its margin), the summary and the exit status. Both
//! `judge verify` and `judge merge` (joining a sharded verify's reports) draw them from here.

use crate::cases::submissions::{Expected, Rules, Ruling, Submission};
use crate::cases::CaseFolder;
use crate::outcome::Outcome;
use crate::report::json::{self, RunPart, SCHEMA};
use crate::report::json_value::{field, Value};
use crate::text::{count, printable};
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
    const ALL: [Status; 7] = [
        Status::AsExpected,
        Status::WithExtraTime,
        Status::Mismatch,
        Status::Skipped,
        Status::NotChecked,
        Status::NotImported,
        Status::JudgeError,
    ];

    /// The status a report's word names.
    fn of_word(word: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|status| status.word() == word)
    }

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
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Its place in the report (accepted submissions first), from 0.
    pub index: usize,
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
    /// Whether it sets the time limit (it expects only AC): such rows come first.
    pub sets_time_limit: bool,
    /// Its slowest case, when it sets the time limit and was accepted.
    pub accepted_time: Option<Duration>,
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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
            // A submission held to the 2025-09 rules got a list: `AC,WA,TLE,RTE` at most.
            got: match list.iter().any(|s| matches!(s.expected, Expected::Held(_))) {
                true => "AC,WA,TLE,RTE".len(),
                false => longest(&mut Ruling::ALL.iter().map(|r| r.name(rules).len()), 3),
            },
            slowest: longest(
                &mut folder
                    .cases
                    .iter()
                    .map(|case| case.name.chars().count() + 10),
                12,
            ),
        }
    }

    /// The widths as numbers, for a report that is joined later.
    fn numbers(&self) -> [usize; 4] {
        [self.name, self.expected, self.got, self.slowest]
    }

    /// Widths read back from a report (each at most a line's worth).
    fn from_numbers([name, expected, got, slowest]: [usize; 4]) -> Option<Widths> {
        const WIDEST: usize = 4096;
        [name, expected, got, slowest]
            .iter()
            .all(|&width| width <= WIDEST)
            .then_some(Widths {
                name,
                expected,
                got,
                slowest,
            })
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

/// How many skipped submissions alike are each shown on a line of their own.
const SKIPPED_SHOWN: usize = 3;

/// The lines of the skipped rows, each reason once: the rows' own lines where at most three
/// share a reason, else one line for all, `12 submissions skipped: no Kotlin compiler (a.kt,
/// b.kt, c.kt and 9 more)`, in the order each reason first appears.
pub fn skipped_lines(rows: &[&Row], widths: Widths) -> Vec<String> {
    let mut reasons: Vec<(&str, Vec<&Row>)> = Vec::new();
    for &row in rows.iter().filter(|row| row.status == Status::Skipped) {
        match reasons.iter_mut().find(|(why, _)| *why == row.detail) {
            Some((_, alike)) => alike.push(row),
            None => reasons.push((&row.detail, vec![row])),
        }
    }
    let mut lines = Vec::new();
    for (why, alike) in reasons {
        if alike.len() <= SKIPPED_SHOWN {
            lines.extend(alike.iter().map(|row| row_line(row, widths)));
            continue;
        }
        let names: Vec<&str> = alike.iter().map(|row| row.name.as_str()).collect();
        lines.push(printable_lines(&format!(
            "{} skipped: {why} ({} and {} more)",
            count(alike.len(), "submission"),
            names[..SKIPPED_SHOWN].join(", "),
            alike.len() - SKIPPED_SHOWN
        )));
    }
    lines
}

/// A row as a JSON line: `{"type":"submission","index":…,"submission":…,"expected":…,"got":…,
/// "status":…,"case":…,"time_ms":…,"detail":…,"note":…,"sets_time_limit":…,"accepted_ms":…}`.
pub fn json_row(row: &Row) -> String {
    let (case, ms) = match &row.case {
        Some((case, time)) => (json::string(case), time.as_millis().to_string()),
        None => ("null".to_string(), "null".to_string()),
    };
    let accepted_ms = row
        .accepted_time
        .map_or("null".to_string(), |time| time.as_millis().to_string());
    format!(
        "{{\"type\":\"submission\",\"index\":{},\"submission\":{},\"expected\":{},\"got\":{},\"status\":{},\"case\":{case},\"time_ms\":{ms},\"detail\":{},\"note\":{},\"sets_time_limit\":{},\"accepted_ms\":{accepted_ms}}}",
        row.index,
        json::string(&row.name),
        json::string(&row.expected),
        json::string(&row.got),
        json::string(row.status.word()),
        json::string(&row.detail),
        json::string(&row.note),
        row.sets_time_limit
    )
}

/// A time in whole milliseconds, or null.
fn optional_ms(line: &Value, key: &str) -> Result<Option<Duration>, String> {
    match line.get(key) {
        Some(Value::Null) => Ok(None),
        Some(value) => value
            .as_u64()
            .map(|ms| Some(Duration::from_millis(ms)))
            .ok_or_else(|| format!("\"{key}\" is not a whole number or null")),
        None => Err(format!("\"{key}\" is missing")),
    }
}

/// A row read back from its JSON line (see [`json_row`]).
pub fn row_of(line: &Value) -> Result<Row, String> {
    let text = |key: &str| field(line, key, Value::as_str, "a string").map(str::to_string);
    let status = text("status")?;
    let case = match (line.get("case"), optional_ms(line, "time_ms")?) {
        (Some(Value::Null), None) => None,
        (Some(Value::String(case)), Some(time)) => Some((case.clone(), time)),
        _ => return Err("\"case\" and \"time_ms\" are not both given or both null".to_string()),
    };
    Ok(Row {
        index: field(line, "index", Value::as_usize, "a whole number")?,
        name: text("submission")?,
        expected: text("expected")?,
        got: text("got")?,
        case,
        status: Status::of_word(&status)
            .ok_or_else(|| format!("\"status\" {status:?} is no status of judge verify"))?,
        detail: text("detail")?,
        note: text("note")?,
        sets_time_limit: field(line, "sets_time_limit", Value::as_bool, "true or false")?,
        accepted_time: optional_ms(line, "accepted_ms")?,
    })
}

/// problemtools' rule, the Kattis format's only (DOMjudge and Polygon have none): a time limit
/// the package fixes must leave the accepted submissions their margin (slowest x
/// `ac_to_time_limit`); one given with -t only is warned about.
#[derive(Clone, Debug, PartialEq)]
pub struct Margin {
    pub limit: Duration,
    /// Where the limit comes from (`problem.yaml`, `-t`).
    pub from: String,
    pub factor: f64,
    /// Whether a limit without its margin is an error (the package's), else a warning (-t's).
    pub is_error: bool,
}

impl Margin {
    /// What is wrong when the slowest accepted case took `slowest`, if anything.
    pub fn broken_by(&self, slowest: Duration) -> Option<String> {
        let wanted = slowest.as_secs_f64() * self.factor;
        (wanted > self.limit.as_secs_f64()).then(|| {
            format!(
                "the time limit of {} ({}) is tighter than the slowest accepted case ({}) x {} = {wanted:.3} s",
                seconds(self.limit),
                self.from,
                milliseconds(slowest),
                self.factor
            )
        })
    }

    fn json(&self) -> String {
        format!(
            "{{\"limit_ms\":{},\"from\":{},\"factor\":{},\"is_error\":{}}}",
            self.limit.as_millis(),
            json::string(&self.from),
            self.factor,
            self.is_error
        )
    }

    fn of(value: &Value) -> Result<Option<Margin>, String> {
        if *value == Value::Null {
            return Ok(None);
        }
        let factor = match value.get("factor") {
            Some(Value::Number(text)) => text.parse::<f64>().ok(),
            _ => None,
        };
        Ok(Some(Margin {
            limit: Duration::from_millis(field(
                value,
                "limit_ms",
                Value::as_u64,
                "a whole number",
            )?),
            from: field(value, "from", Value::as_str, "a string")?.to_string(),
            factor: factor
                .filter(|factor| factor.is_finite() && *factor > 0.0)
                .ok_or("\"factor\" is not a number above 0")?,
            is_error: field(value, "is_error", Value::as_bool, "true or false")?,
        }))
    }
}

/// The slowest case of the accepted submissions that set the time limit, if one ran.
pub fn slowest_accepted(rows: &[Row]) -> Option<Duration> {
    rows.iter()
        .filter(|row| row.sets_time_limit)
        .filter_map(|row| row.accepted_time)
        .max()
}

/// What the rows, all of them, tell together: the margin broken (an error, or a warning where
/// the limit came from -t), and no accepted submission at all. `invalid_inputs`: how many inputs
/// the validators refused (the likely cause then).
pub fn checks_over_all(
    rows: &[Row],
    margin: Option<&Margin>,
    invalid_inputs: usize,
) -> (Vec<String>, Vec<String>) {
    let (mut errors, mut warnings) = (Vec::new(), Vec::new());
    let slowest = slowest_accepted(rows);
    if let Some(message) = margin.zip(slowest).and_then(|(margin, slowest)| {
        margin
            .broken_by(slowest)
            .map(|message| (margin.is_error, message))
    }) {
        match message {
            (true, message) => errors.push(message),
            (false, message) => warnings.push(message),
        }
    }
    if slowest.is_none() && invalid_inputs > 0 {
        errors.push(format!(
            "none of the submissions expected to be accepted was, with {} the validators refused (above): fix those first",
            count(invalid_inputs, "input")
        ));
    } else if slowest.is_none() {
        errors.push(
            "none of the submissions expected to be accepted was: the package needs one that is"
                .to_string(),
        );
    }
    (errors, warnings)
}

/// A verify run's end: its rows and what else decides its summary and exit status.
pub struct Verified<'a> {
    pub rows: &'a [Row],
    pub invalid_inputs: usize,
    /// A Polygon package's own checker and validator tests, and a Kattis package's validation
    /// test data, that went the other way than they must.
    pub own_tests_failed: usize,
    pub errors: &'a [String],
    /// No time limit could be set (none given, no accepted run): the package is broken.
    pub unknown_limit: bool,
}

impl Verified<'_> {
    fn tally(&self, status: Status) -> usize {
        self.rows.iter().filter(|row| row.status == status).count()
    }

    fn failed(&self) -> Vec<&str> {
        self.rows
            .iter()
            .filter(|row| row.status == Status::Mismatch)
            .map(|row| row.name.as_str())
            .collect()
    }

    pub fn outcome(&self) -> Outcome {
        if self.tally(Status::JudgeError) > 0 || self.unknown_limit {
            Outcome::Error
        } else if !self.failed().is_empty()
            || self.invalid_inputs > 0
            || self.own_tests_failed > 0
            || !self.errors.is_empty()
        {
            Outcome::Failed
        } else {
            Outcome::Passed
        }
    }

    /// `8 submissions: 7 as expected, 1 skipped`, and what else went wrong.
    pub fn summary(&self) -> String {
        let as_expected = self.tally(Status::AsExpected) + self.tally(Status::WithExtraTime);
        let mut summary = format!(
            "{}: {} as expected",
            count(self.rows.len(), "submission"),
            as_expected
        );
        let failed = self.failed();
        if !failed.is_empty() {
            summary.push_str(&format!(", {} not ({})", failed.len(), failed.join(", ")));
        }
        for (status, what) in [
            (Status::Skipped, "skipped"),
            (Status::NotChecked, "not checked"),
            (Status::NotImported, "not imported"),
            (Status::JudgeError, "judge errors"),
        ] {
            if self.tally(status) > 0 {
                summary.push_str(&format!(", {} {what}", self.tally(status)));
            }
        }
        if self.invalid_inputs > 0 {
            summary.push_str(&format!(
                "; {}",
                count(self.invalid_inputs, "invalid input")
            ));
        }
        if self.own_tests_failed > 0 {
            summary.push_str(&format!(
                "; {} not as expected",
                count(self.own_tests_failed, "checker or validator test")
            ));
        }
        if !self.errors.is_empty() {
            summary.push_str(&format!("; {}", count(self.errors.len(), "error")));
        }
        printable(&summary)
    }

    /// The JSON summary line (see the guide's "JSON report").
    pub fn json_summary(&self, part: &RunPart, shared: &Shared, time_limit: Duration) -> String {
        let as_expected = self.tally(Status::AsExpected) + self.tally(Status::WithExtraTime);
        format!(
            "{{\"type\":\"verify_summary\",\"schema\":{SCHEMA},\"run\":{},\"shard\":\"{}\",\"run_submissions\":{},\"submissions\":{},\"as_expected\":{as_expected},\"failed\":{},\"skipped\":{},\"not_checked\":{},\"not_imported\":{},\"judge_errors\":{},\"invalid_inputs\":{},\"own_tests_failed\":{},\"errors\":[{}],\"time_limit_ms\":{},\"exit_status\":{},\"widths\":[{}],\"preamble\":[{}],\"time_limit_line\":{},\"margin\":{}}}",
            json::string(&part.run),
            part.shard,
            part.run_cases,
            self.rows.len(),
            self.failed().len(),
            self.tally(Status::Skipped),
            self.tally(Status::NotChecked),
            self.tally(Status::NotImported),
            self.tally(Status::JudgeError),
            self.invalid_inputs,
            self.own_tests_failed,
            self.errors.iter().map(|error| json::string(error)).collect::<Vec<_>>().join(","),
            time_limit.as_millis(),
            self.outcome().code(),
            shared.widths.numbers().map(|width| width.to_string()).join(","),
            shared.preamble.iter().map(|line| json::string(line)).collect::<Vec<_>>().join(","),
            json::string(&shared.time_limit_line),
            shared.margin.as_ref().map_or("null".to_string(), Margin::json)
        )
    }
}

/// What every shard of a verify run prints alike, kept in its JSON summary so that `judge
/// merge` prints the whole report as the unsplit run would.
#[derive(Clone, Debug, PartialEq)]
pub struct Shared {
    pub widths: Widths,
    /// The report's lines before the table (the package, its validators, how runs go).
    pub preamble: Vec<String>,
    /// The line after the rows that set the time limit: `time limit 2 s (problem.yaml); …`.
    pub time_limit_line: String,
    pub margin: Option<Margin>,
}

/// A verify summary line read back: the run, the shard, the judge's exit status, what every
/// shard shares, and what each found of the package alike (invalid inputs, own tests failed).
pub struct SummaryRead {
    pub part: RunPart,
    pub exit_status: u64,
    pub shared: Shared,
    pub invalid_inputs: usize,
    pub own_tests_failed: usize,
    pub time_limit: Duration,
}

/// Reads a verify summary line (see [`Verified::json_summary`]).
pub fn summary_of(line: &Value) -> Result<SummaryRead, String> {
    let part = json::part_of(line, "run_submissions")?;
    let numbers: Vec<usize> = match line.get("widths") {
        Some(Value::Array(values)) => values.iter().filter_map(Value::as_usize).collect(),
        _ => Vec::new(),
    };
    let widths = <[usize; 4]>::try_from(numbers)
        .ok()
        .and_then(Widths::from_numbers)
        .ok_or("\"widths\" is not four widths")?;
    let preamble = match line.get("preamble") {
        Some(Value::Array(lines)) => lines
            .iter()
            .map(|line| line.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>(),
        _ => None,
    }
    .ok_or("\"preamble\" is not a list of lines")?;
    Ok(SummaryRead {
        part,
        exit_status: field(line, "exit_status", Value::as_u64, "a whole number")?,
        shared: Shared {
            widths,
            preamble,
            time_limit_line: field(line, "time_limit_line", Value::as_str, "a string")?.to_string(),
            margin: Margin::of(line.get("margin").unwrap_or(&Value::Null))?,
        },
        invalid_inputs: field(line, "invalid_inputs", Value::as_usize, "a whole number")?,
        own_tests_failed: field(line, "own_tests_failed", Value::as_usize, "a whole number")?,
        time_limit: Duration::from_millis(field(
            line,
            "time_limit_ms",
            Value::as_u64,
            "a whole number",
        )?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skipped(name: &str, why: &str) -> Row {
        Row {
            index: 0,
            name: name.to_string(),
            expected: "AC".to_string(),
            got: "-".to_string(),
            case: None,
            status: Status::Skipped,
            detail: why.to_string(),
            note: String::new(),
            sets_time_limit: true,
            accepted_time: None,
        }
    }

    #[test]
    fn many_skipped_alike_are_one_line_and_a_few_keep_their_own() {
        let widths = Widths::from_numbers([6, 2, 3, 12]).unwrap();
        let mut rows: Vec<Row> = (1..=12)
            .map(|n| skipped(&format!("k{n}.kt"), "no Kotlin compiler"))
            .collect();
        rows.insert(1, skipped("a.hs", "no Haskell compiler"));
        let mut ok = skipped("fine.py", "");
        ok.status = Status::AsExpected;
        rows.push(ok);
        let refs: Vec<&Row> = rows.iter().collect();
        let lines = skipped_lines(&refs, widths);
        assert_eq!(
            lines,
            [
                "12 submissions skipped: no Kotlin compiler (k1.kt, k2.kt, k3.kt and 9 more)"
                    .to_string(),
                row_line(&rows[1], widths),
            ]
        );
        assert!(lines[1].starts_with("a.hs    AC  -    -             skipped: no Haskell"));
    }
}
