//! `judge merge REPORT...`: joins the JSON reports of a run's shards (`judge --shard K/N --format
//! json`, each perhaps from another machine) into the whole run's report: every case in the
//! run's order, the summary, and the exit status the unsplit run would have had. Reports of
//! different runs, a missing or repeated shard, or a shard that did not finish are refused
//! (exit 2), each named.

pub mod options;

use crate::outcome::Outcome;
use crate::report::json::{self, RunPart, SCHEMA};
use crate::report::json_value::{self, Value};
use crate::report::shard::Shard;
use crate::report::Shown;
use crate::report::{label_width, outcome_of, shown_line, shown_summary, use_colour, Format};
use crate::text::{count, error_lines, printable};
use crate::verdict::Code;
use options::MergeOptions;
use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// One shard's report, read.
struct Report {
    path: PathBuf,
    part: RunPart,
    /// The exit status its judge exited with.
    exit_status: u64,
    /// Its cases, each with its place in the whole run.
    cases: Vec<(usize, Shown)>,
}

/// A field of a report's line, or what is missing.
fn field<'a, T>(
    line: &'a Value,
    key: &str,
    read: impl Fn(&'a Value) -> Option<T>,
    what: &str,
) -> Result<T, String> {
    line.get(key)
        .and_then(read)
        .ok_or_else(|| format!("\"{key}\" is not {what}"))
}

/// A case line of a report: its place in the run and how the report shows it.
fn case_of(line: &Value) -> Result<(usize, Shown), String> {
    let label = field(line, "case", Value::as_str, "a string")?;
    let index = field(line, "index", Value::as_u64, "a whole number")?;
    let verdict = field(line, "verdict", Value::as_str, "a verdict")?;
    let code = Code::ALL
        .into_iter()
        .find(|code| code.name() == verdict)
        .ok_or_else(|| {
            format!("\"verdict\" {verdict:?} is none of AC, WA, RE, TLE, MLE, OLE, JE")
        })?;
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
        false => detail.lines().map(str::to_string).collect(),
    };
    let index = usize::try_from(index).map_err(|_| "\"index\" is too large".to_string())?;
    Ok((
        index,
        Shown {
            label: label.to_string(),
            code,
            figures,
            details,
        },
    ))
}

/// The summary line of a report: the run, the shard and the judge's exit status.
fn summary_of(line: &Value) -> Result<(RunPart, u64), String> {
    let schema = field(line, "schema", Value::as_u64, "a whole number")?;
    if schema != SCHEMA {
        return Err(format!(
            "its schema is {schema}: this judge reads schema {SCHEMA} (merge reports with the judge that wrote them)"
        ));
    }
    let run = field(line, "run", Value::as_str, "a run id")?;
    let shard = Shard::parse(field(line, "shard", Value::as_str, "K/N")?)
        .map_err(|_| "\"shard\" is not K/N".to_string())?;
    let run_cases = field(line, "run_cases", Value::as_u64, "a whole number")?;
    let run_cases =
        usize::try_from(run_cases).map_err(|_| "\"run_cases\" is too large".to_string())?;
    let exit_status = field(line, "exit_status", Value::as_u64, "a whole number")?;
    let part = RunPart {
        run: run.to_string(),
        shard,
        run_cases,
    };
    Ok((part, exit_status))
}

/// Reads one report: its case lines, then its summary line (the last).
fn read_report(path: &Path) -> Result<Report, String> {
    let shown = path.display();
    let text =
        std::fs::read_to_string(path).map_err(|error| format!("cannot read {shown}: {error}"))?;
    let mut cases = Vec::new();
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
            Some("summary") => summary = Some(summary_of(&value).map_err(at)?),
            _ if value.get("submissions").is_some() || value.get("expected").is_some() => {
                return Err(format!(
                    "{shown}: a judge verify report: merge joins the reports of judge --shard K/N --format json"
                ))
            }
            _ => return Err(at("neither a case nor the summary (\"type\")".to_string())),
        }
    }
    let Some((part, exit_status)) = summary else {
        return Err(format!(
            "{shown}: no summary line: not a judge --format json report, or its judge was stopped before the end"
        ));
    };
    Ok(Report {
        path: path.to_path_buf(),
        part,
        exit_status,
        cases,
    })
}

/// Whether the reports are every shard of one run, once each, each whole: the run's cases in
/// order, or the usage error that names what is wrong.
fn join(reports: Vec<Report>) -> Result<(RunPart, Vec<Shown>), String> {
    let first = &reports[0];
    let (run, shards, run_cases) = (
        first.part.run.clone(),
        first.part.shard.count,
        first.part.run_cases,
    );
    let mut by_shard: BTreeMap<usize, &Report> = BTreeMap::new();
    for report in &reports {
        let shown = report.path.display();
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
        let expected = report.part.shard.size_of(run_cases);
        let outside = report
            .cases
            .iter()
            .find(|(index, _)| *index >= run_cases || !report.part.shard.keeps(*index));
        if let Some((index, case)) = outside {
            return Err(printable(&format!(
                "{shown}: case {} has the place {index}, which is not shard {}'s",
                case.label, report.part.shard
            )));
        }
        if report.cases.len() != expected {
            return Err(format!(
                "{shown}: shard {} has {} of its {expected}: its judge was stopped, or the report was cut",
                report.part.shard,
                count(report.cases.len(), "case"),
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
    let mut cases: Vec<(usize, Shown)> = reports.into_iter().flat_map(|r| r.cases).collect();
    cases.sort_by_key(|(index, _)| *index);
    if let Some(pair) = cases.windows(2).find(|pair| pair[0].0 == pair[1].0) {
        return Err(printable(&format!(
            "the place {} is given to two cases ({} and {})",
            pair[0].0, pair[0].1.label, pair[1].1.label
        )));
    }
    let part = RunPart {
        run,
        shard: Shard::WHOLE,
        run_cases,
    };
    Ok((part, cases.into_iter().map(|(_, case)| case).collect()))
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
    let (part, cases) = match join(reports) {
        Ok(joined) => joined,
        Err(message) => return fail(message),
    };
    let codes: Vec<Code> = cases.iter().map(|case| case.code).collect();
    let outcome = outcome_of(&codes);
    let json = format == Format::Json;
    let human_is_terminal = match json {
        true => io::stderr().is_terminal(),
        false => io::stdout().is_terminal(),
    };
    let colour = use_colour(human_is_terminal, std::env::var_os("NO_COLOR"));
    let width = label_width(cases.iter().map(|case| case.label.as_str()));
    let mut human = String::new();
    let mut machine = String::new();
    for (index, case) in cases.iter().enumerate() {
        human.push_str(&shown_line(case, width, colour));
        human.push('\n');
        machine.push_str(&json::case_line(case, index));
        machine.push('\n');
    }
    human.push_str(&shown_summary(&cases));
    human.push('\n');
    machine.push_str(&json::summary_line(&codes, &part, outcome.code()));
    machine.push('\n');
    let written = match json {
        true => io::stderr()
            .write_all(human.as_bytes())
            .and_then(|()| io::stdout().write_all(machine.as_bytes())),
        false => io::stdout().write_all(human.as_bytes()),
    };
    match written.and_then(|()| io::stdout().flush()) {
        Ok(()) => outcome,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {
            Outcome::Stopped(crate::process::sys::SIGPIPE)
        }
        Err(error) => fail(format!("cannot write the report: {error}")),
    }
}
