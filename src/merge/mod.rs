//! `judge merge REPORT...`: joins the JSON reports of a run's shards (`judge --shard K/N --format
//! json` or `judge verify --shard K/N --format json`, each perhaps from another machine) into the
//! whole run's report: every case (or submission) in the run's order, the summary, and the exit
//! status the unsplit run would have had; for `judge verify`, the checks only all the
//! submissions tell (one expected to be accepted was, the time limit's margin) are made here.
//! Reports of different runs, a missing or repeated shard, or a shard that did not finish are
//! refused (exit 2), each named.

pub mod options;

use crate::outcome::Outcome;
use crate::report::events::Event;
use crate::report::json::{self, RunPart};
use crate::report::json_value::{self, field, Value};
use crate::report::reporter::Reporter;
use crate::report::shard::Shard;
use crate::report::verify_table::{self, checks_over_all, Row, Shared, SummaryRead, Verified};
use crate::report::{label_width, outcome_of, Format};
use crate::report::{Shown, ShownPass};
use crate::text::{count, error_lines, printable};
use crate::verdict::Code;
use options::MergeOptions;
use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

/// What a shard's report holds: the cases of a judging run, or the rows of a verify run.
enum Items {
    Cases(Vec<(usize, Shown)>),
    Rows(Vec<Row>, Box<SummaryRead>),
}

impl Items {
    /// Each item's place in the whole run, with its name.
    fn places(&self) -> Vec<(usize, &str)> {
        match self {
            Items::Cases(cases) => cases
                .iter()
                .map(|(index, case)| (*index, case.label.as_str()))
                .collect(),
            Items::Rows(rows, _) => rows
                .iter()
                .map(|row| (row.index, row.name.as_str()))
                .collect(),
        }
    }

    /// What an item is called: `case`, `submission`.
    fn noun(&self) -> &'static str {
        match self {
            Items::Cases(_) => "case",
            Items::Rows(..) => "submission",
        }
    }

    /// The command whose report it is.
    fn command(&self) -> &'static str {
        match self {
            Items::Cases(_) => "judge",
            Items::Rows(..) => "judge verify",
        }
    }
}

/// One shard's report, read.
struct Report {
    path: PathBuf,
    part: RunPart,
    /// The exit status its judge exited with.
    exit_status: u64,
    items: Items,
}

/// A case line of a report: its place in the run and how the report shows it.
fn case_of(line: &Value) -> Result<(usize, Shown), String> {
    let label = field(line, "case", Value::as_str, "a string")?;
    let index = field(line, "index", Value::as_usize, "a whole number")?;
    let code = code_of(line)?;
    let figures = match (line.get("time_ms"), line.get("memory_bytes")) {
        (Some(Value::Null), Some(Value::Null)) => None,
        (Some(time), Some(bytes)) => match (time.as_u64(), bytes.as_u64()) {
            (Some(time), Some(bytes)) => Some((u128::from(time), bytes)),
            _ => return Err("\"time_ms\" and \"memory_bytes\" are not whole numbers".to_string()),
        },
        _ => return Err("\"time_ms\" or \"memory_bytes\" is missing".to_string()),
    };
    let detail = field(line, "detail", Value::as_str, "a string")?;
    let details = match detail.is_empty() {
        true => Vec::new(),
        // Made printable as the judge makes what it reports: a report edited by hand cannot
        // move the terminal's cursor or hide the lines after it.
        false => detail.lines().map(printable).collect(),
    };
    // A multi-pass case's passes; a report of one-run cases has none.
    let passes = match line.get("passes") {
        None => Vec::new(),
        Some(Value::Array(passes)) => passes
            .iter()
            .map(pass_of)
            .collect::<Result<Vec<_>, String>>()?,
        Some(_) => return Err("\"passes\" is not a list".to_string()),
    };
    Ok((
        index,
        Shown {
            label: label.to_string(),
            code,
            figures,
            details,
            passes,
        },
    ))
}

/// The `verdict` of a case or pass line.
fn code_of(line: &Value) -> Result<Code, String> {
    let verdict = field(line, "verdict", Value::as_str, "a verdict")?;
    Code::ALL
        .into_iter()
        .find(|code| code.name() == verdict)
        .ok_or_else(|| format!("\"verdict\" {verdict:?} is none of AC, WA, RE, TLE, MLE, OLE, JE"))
}

/// One of the `passes` of a multi-pass case line.
fn pass_of(pass: &Value) -> Result<ShownPass, String> {
    let in_pass = |why: String| format!("a pass: {why}");
    let code = code_of(pass).map_err(in_pass)?;
    let figures = match (pass.get("time_ms"), pass.get("memory_bytes")) {
        (Some(Value::Null), Some(Value::Null)) => None,
        (Some(time), Some(bytes)) => match (time.as_u64(), bytes.as_u64()) {
            (Some(time), Some(bytes)) => Some((u128::from(time), bytes)),
            _ => {
                return Err(in_pass(
                    "\"time_ms\" and \"memory_bytes\" are not whole numbers".into(),
                ))
            }
        },
        _ => return Err(in_pass("\"time_ms\" or \"memory_bytes\" is missing".into())),
    };
    let input_lines =
        field(pass, "input_lines", Value::as_usize, "a whole number").map_err(in_pass)?;
    let head = match pass.get("input_head") {
        Some(Value::Array(lines)) => lines
            .iter()
            .map(|line| line.as_str().map(printable))
            .collect::<Option<Vec<String>>>(),
        _ => None,
    };
    let input_head =
        head.ok_or_else(|| in_pass("\"input_head\" is not a list of strings".into()))?;
    Ok(ShownPass {
        code,
        figures,
        input_lines,
        input_head,
    })
}

/// The summary line of a report: the run, the shard and the judge's exit status.
fn summary_of(line: &Value) -> Result<(RunPart, u64), String> {
    let part = json::part_of(line, "run_cases")?;
    let exit_status = field(line, "exit_status", Value::as_u64, "a whole number")?;
    Ok((part, exit_status))
}

/// Reads one report: its case (or submission) lines, then its summary line (the last).
fn read_report(path: &Path) -> Result<Report, String> {
    let shown = path.display();
    let text =
        std::fs::read_to_string(path).map_err(|error| format!("cannot read {shown}: {error}"))?;
    let mut cases = Vec::new();
    let mut rows = Vec::new();
    let mut summary = None;
    for (number, line) in text.lines().enumerate() {
        let number = number + 1;
        let at = |why: String| format!("{shown}: line {number}: {why}");
        if summary.is_some() {
            return Err(at("a line after the summary".to_string()));
        }
        let value = json_value::parse(line).map_err(|why| at(format!("not JSON: {why}")))?;
        match value.get("type").and_then(Value::as_str) {
            Some("case") => cases.push(case_of(&value).map_err(at)?),
            Some("submission") => rows.push(verify_table::row_of(&value).map_err(at)?),
            Some("summary") => {
                let (part, exit_status) = summary_of(&value).map_err(at)?;
                summary = Some((part, exit_status, None));
            }
            Some("verify_summary") => {
                let read = verify_table::summary_of(&value).map_err(at)?;
                summary = Some((read.part.clone(), read.exit_status, Some(Box::new(read))));
            }
            _ => {
                return Err(at(
                    "neither a case, a submission nor the summary (\"type\")".to_string(),
                ))
            }
        }
    }
    let Some((part, exit_status, verify)) = summary else {
        return Err(format!(
            "{shown}: no summary line: not a --format json report, or its judge was stopped before the end"
        ));
    };
    let items = match (verify, cases.is_empty(), rows.is_empty()) {
        (None, _, true) => Items::Cases(cases),
        (Some(verify), true, _) => Items::Rows(rows, verify),
        _ => {
            return Err(format!(
                "{shown}: holds both the lines of judge and of judge verify"
            ))
        }
    };
    Ok(Report {
        path: path.to_path_buf(),
        part,
        exit_status,
        items,
    })
}

/// Whether the reports are every shard of one run, once each, each whole, or the usage error
/// that names what is wrong; the whole run's part (shard `1/1`) when they are.
fn join(reports: &[Report]) -> Result<RunPart, String> {
    let first = &reports[0];
    let (run, shards, run_cases) = (
        first.part.run.clone(),
        first.part.shard.count,
        first.part.run_cases,
    );
    let mut by_shard: BTreeMap<usize, &Report> = BTreeMap::new();
    for report in reports {
        let shown = report.path.display();
        if report.items.command() != first.items.command() {
            return Err(format!(
                "{shown} is a report of {} and {} one of {}: merge the shards of one run",
                report.items.command(),
                first.path.display(),
                first.items.command(),
            ));
        }
        if report.part.run != run || report.part.run_cases != run_cases {
            return Err(format!(
                "{shown} is a report of another run than {} (run {}, not {run}): merge the shards of one run, judged with the same command on the same cases",
                first.path.display(),
                report.part.run
            ));
        }
        if report.part.shard.count != shards {
            return Err(format!(
                "{shown} is shard {} and {} is shard {}: the shards of one run share their N",
                report.part.shard,
                first.path.display(),
                first.part.shard
            ));
        }
        if let Some(twice) = by_shard.insert(report.part.shard.index, report) {
            return Err(format!(
                "shard {} is given twice: {} and {shown}",
                report.part.shard,
                twice.path.display()
            ));
        }
        if report.exit_status >= 128 {
            return Err(format!(
                "{shown}: shard {} was stopped (exit status {}): judge it again",
                report.part.shard, report.exit_status
            ));
        }
        let noun = report.items.noun();
        let places = report.items.places();
        let expected = report.part.shard.size_of(run_cases);
        let outside = places
            .iter()
            .find(|(index, _)| *index >= run_cases || !report.part.shard.keeps(*index));
        if let Some((index, name)) = outside {
            return Err(printable(&format!(
                "{shown}: {noun} {name} has the place {index}, which is not shard {}'s",
                report.part.shard
            )));
        }
        if places.len() != expected {
            return Err(format!(
                "{shown}: shard {} has {} of its {expected}: its judge was stopped, or the report was cut",
                report.part.shard,
                count(places.len(), noun),
            ));
        }
    }
    let missing: Vec<String> = (1..=shards)
        .filter(|index| !by_shard.contains_key(index))
        .map(|index| format!("{index}/{shards}"))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "{} missing: shard {} of run {run} (given: {})",
            match missing.len() {
                1 => "a shard is",
                _ => "shards are",
            },
            missing.join(", "),
            by_shard
                .values()
                .map(|report| report.part.shard.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let mut places: Vec<(usize, &str)> = reports
        .iter()
        .flat_map(|report| report.items.places())
        .collect();
    places.sort_by_key(|(index, _)| *index);
    if let Some(pair) = places.windows(2).find(|pair| pair[0].0 == pair[1].0) {
        return Err(printable(&format!(
            "the place {} is given to two ({} and {})",
            pair[0].0, pair[0].1, pair[1].1
        )));
    }
    Ok(RunPart {
        run,
        shard: Shard::WHOLE,
        run_cases,
    })
}

/// Replays the cases of a judging run into `reporter`, in the run's order, then its summary;
/// the outcome is the unsplit run's.
fn judged(
    part: &RunPart,
    reports: Vec<Report>,
    reporter: &mut Reporter,
) -> (io::Result<()>, Outcome) {
    let mut cases: Vec<(usize, Shown)> = reports
        .into_iter()
        .flat_map(|report| match report.items {
            Items::Cases(cases) => cases,
            Items::Rows(..) => Vec::new(),
        })
        .collect();
    cases.sort_by_key(|(index, _)| *index);
    let cases: Vec<Shown> = cases.into_iter().map(|(_, case)| case).collect();
    let codes: Vec<Code> = cases.iter().map(|case| case.code).collect();
    let outcome = outcome_of(&codes);
    let label_width = label_width(cases.iter().map(|case| case.label.as_str()));
    let mut events = vec![Event::Listed { label_width }];
    events.extend(
        cases
            .iter()
            .enumerate()
            .map(|(index, case)| Event::CaseJudged { case, index }),
    );
    events.push(Event::CasesDone {
        part: Some(part),
        exit_status: outcome.code(),
    });
    let written = events
        .into_iter()
        .try_for_each(|event| reporter.emit(event));
    (written, outcome)
}

/// Replays the rows of a verify run into `reporter`, in the run's order, between the lines
/// every shard said alike, then its summary; what only all the submissions tell (an accepted
/// one ran, the margin) is checked now, its errors and warnings on stderr. Shards that
/// disagree on what they share are refused.
fn verified(
    part: &RunPart,
    reports: Vec<Report>,
    reporter: &mut Reporter,
) -> Result<(io::Result<()>, Outcome), String> {
    let mut rows: Vec<Row> = Vec::new();
    let mut summaries: Vec<(PathBuf, Box<SummaryRead>)> = Vec::new();
    for report in reports {
        if let Items::Rows(more, summary) = report.items {
            rows.extend(more);
            summaries.push((report.path, summary));
        }
    }
    rows.sort_by_key(|row| row.index);
    let (first_path, first) = &summaries[0];
    for (path, summary) in &summaries[1..] {
        let agree = summary.shared == first.shared
            && summary.invalid_inputs == first.invalid_inputs
            && summary.own_tests_failed == first.own_tests_failed
            && summary.time_limit == first.time_limit;
        if !agree {
            return Err(format!(
                "{} and {} disagree on the package (its inputs' validity, its own tests, the time limit or the table): verify every shard with the same judge",
                first_path.display(),
                path.display()
            ));
        }
    }
    let shared: &Shared = &first.shared;
    let (errors, warnings) = checks_over_all(&rows, shared.margin.as_ref(), first.invalid_inputs);
    for warning in &warnings {
        eprintln!("warning: {}", printable(warning));
    }
    for error in &errors {
        eprintln!("{}", error_lines(error));
    }
    let verdicts = Verified {
        rows: &rows,
        invalid_inputs: first.invalid_inputs,
        own_tests_failed: first.own_tests_failed,
        errors: &errors,
        unknown_limit: false,
    };
    let mut events: Vec<Event> = shared
        .preamble
        .iter()
        .map(|line| Event::PackageSaid(line))
        .collect();
    events.push(Event::TableHead(shared.widths));
    // The time limit's line after the rows that set it, as verify says it.
    let setting = rows.iter().take_while(|row| row.sets_time_limit).count();
    for (index, row) in rows.iter().enumerate() {
        if index == setting {
            events.push(Event::TimeLimitSet(&shared.time_limit_line));
        }
        events.push(Event::SubmissionChecked(row));
    }
    if setting == rows.len() {
        events.push(Event::TimeLimitSet(&shared.time_limit_line));
    }
    events.push(Event::TableEnd);
    events.push(Event::SubmissionsDone {
        verified: &verdicts,
        part: Some(part),
        margin: shared.margin.clone(),
        time_limit: first.time_limit,
    });
    let written = events
        .into_iter()
        .try_for_each(|event| reporter.emit(event));
    Ok((written, verdicts.outcome()))
}

/// Joins the reports and prints the whole run's report; the outcome is the unsplit run's.
pub fn run(options: &MergeOptions, format: Format) -> Outcome {
    let fail = |message: String| {
        eprintln!("{}", error_lines(&message));
        Outcome::Error
    };
    let mut reports = Vec::new();
    for path in &options.reports {
        match read_report(path) {
            Ok(report) => reports.push(report),
            Err(message) => return fail(message),
        }
    }
    let part = match join(&reports) {
        Ok(part) => part,
        Err(message) => return fail(message),
    };
    let mut reporter = Reporter::new(format);
    let (written, outcome) = match reports[0].items {
        Items::Cases(_) => judged(&part, reports, &mut reporter),
        Items::Rows(..) => match verified(&part, reports, &mut reporter) {
            Ok(joined) => joined,
            Err(message) => return fail(message),
        },
    };
    match written {
        // A reader gone away is the reporter's to tell (exit status 141).
        Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
            fail(format!("cannot write the report: {error}"))
        }
        _ => reporter.outcome(outcome),
    }
}
