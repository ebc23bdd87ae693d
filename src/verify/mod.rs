//! `judge verify PKG`: checks a problem package as problemtools' verifyproblem does for its
//! verdicts. Its input validators run over every input first; then every submission in
//! `submissions/` is built by its language and run on the cases (accepted ones first, to set
//! the time limit where the package has none), and held to the result its folder or its
//! DOMjudge tag expects. One line per submission (expected, got, slowest case), then a summary.
//! Exit 0 when every submission gets what it expects, 1 when one does not (or an input is
//! invalid), 2 for a package that cannot be checked.

pub mod options;
mod submission;
mod time_limit;
mod validators;

use crate::cases::domjudge::DEFAULT_OUTPUT_MIB as DOMJUDGE_OUTPUT_MIB;
use crate::cases::kattis_yaml::Timing;
use crate::cases::layout::{kattis, Layout};
use crate::cases::submissions::{
    polygon_submissions, submissions, Expected, Rules, Ruling, Submission,
};
use crate::cases::{read_cases, CaseFolder, Interactor, Judging};
use crate::grade::Settings;
use crate::limits::LimitFlags;
use crate::limits::DEFAULT_MEMORY_MIB;
use crate::outcome::Outcome;
use crate::process::{sandbox, Session, Signals};
use crate::report::{json, Format};
use crate::text::{count, printable};
use options::VerifyOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;
use submission::{result, result_within, Got};
use time_limit::{time_limits, TimeLimits};

/// How a submission came out against what it expects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    AsExpected,
    /// Only under the higher limit (problemtools: "OK with extra time").
    WithExtraTime,
    Mismatch,
    Skipped,
    NotChecked,
    /// The package's grader failed on it.
    JudgeError,
}

impl Status {
    fn word(self) -> &'static str {
        match self {
            Status::AsExpected => "ok",
            Status::WithExtraTime => "ok with extra time",
            Status::Mismatch => "FAILED",
            Status::Skipped => "skipped",
            Status::NotChecked => "not checked",
            Status::JudgeError => "JUDGE ERROR",
        }
    }
}

/// One line of the table.
struct Row {
    name: String,
    expected: String,
    got: String,
    slowest: Option<(String, Duration)>,
    status: Status,
    /// Why, where it is not plainly as expected.
    detail: String,
}

/// The expectation as the rules name it.
fn expected_text(expected: &Expected, rules: Rules) -> String {
    match expected {
        Expected::AnyOf(rulings) => rulings
            .iter()
            .map(|ruling| ruling.name(rules))
            .collect::<Vec<_>>()
            .join(","),
        Expected::NotChecked(_) => "-".to_string(),
    }
}

fn meets(got: Option<Ruling>, expected: &Expected, rules: Rules) -> bool {
    match (got, expected) {
        (Some(got), Expected::AnyOf(rulings)) => {
            rulings.iter().any(|&expected| got.meets(expected, rules))
        }
        _ => false,
    }
}

/// Whether a submission's expectation is only "accepted": it sets the time limit.
fn sets_the_time_limit(submission: &Submission) -> bool {
    submission.expected == Expected::AnyOf(vec![Ruling::Accepted])
}

/// How every submission of a package is checked.
#[derive(Clone, Copy)]
struct How<'a> {
    folder: &'a CaseFolder,
    rules: Rules,
    timing: &'a Timing,
    memory_mib: u64,
    settings: &'a Settings,
    /// The limits given on the command line.
    flags: &'a LimitFlags,
}

/// Checks one submission and makes its row; the slowest accepted time, for the time limit.
fn check(submission: &Submission, how: &How, limits: &TimeLimits) -> (Row, Option<Duration>) {
    let How {
        folder,
        rules,
        timing,
        memory_mib,
        settings,
        flags,
    } = *how;
    let mut row = Row {
        name: submission.name.clone(),
        expected: expected_text(&submission.expected, rules),
        got: "-".to_string(),
        slowest: None,
        status: Status::NotChecked,
        detail: String::new(),
    };
    if let Expected::NotChecked(why) = &submission.expected {
        row.detail = why.clone();
        return (row, None);
    }
    let mut run_limits = flags.limits_with(limits.high, memory_mib);
    let output_mib = match rules {
        Rules::DomJudge => folder.limits.output_mib.or(Some(DOMJUDGE_OUTPUT_MIB)),
        Rules::Kattis | Rules::Polygon => folder.limits.output_mib,
    };
    if let (None, Some(mib)) = (flags.output_mib, output_mib) {
        run_limits.output_bytes = usize::try_from(mib << 20).unwrap_or(usize::MAX);
    }
    let compile_limit = Duration::from_secs_f64(timing.compilation_time);
    let runs = match submission::run(submission, folder, compile_limit, run_limits, settings) {
        Got::Ran(runs) => runs,
        Got::CompileError(said) => {
            row.got = Ruling::CompileError.name(rules).to_string();
            row.status = match meets(Some(Ruling::CompileError), &submission.expected, rules) {
                true => Status::AsExpected,
                false => Status::Mismatch,
            };
            row.detail = said;
            return (row, None);
        }
        Got::Skipped(why) => {
            row.status = Status::Skipped;
            row.detail = why;
            return (row, None);
        }
    };
    row.slowest = runs
        .iter()
        .max_by_key(|run| run.cpu)
        .map(|run| (run.label.clone(), run.cpu));
    let (high, high_at) = result(&runs);
    let (low, low_at) = result_within(&runs, limits);
    let name = |ruling: Option<Ruling>| ruling.map_or("JE", |ruling| ruling.name(rules));
    row.got = name(low).to_string();
    let failed_case = |at: Option<usize>| at.map(|index| &runs[index]);
    row.status = if low.is_none() || high.is_none() {
        Status::JudgeError
    } else if meets(low, &submission.expected, rules) {
        Status::AsExpected
    } else if meets(high, &submission.expected, rules) {
        Status::WithExtraTime
    } else {
        Status::Mismatch
    };
    if let Some(case) = failed_case(low_at).or(failed_case(high_at)) {
        row.detail = format!("{}: {}", case.label, case.detail);
    }
    if low != high && row.status != Status::JudgeError {
        row.detail = format!(
            "sensitive to the time limit: {} under {}, {} under {}; {}",
            name(low),
            seconds(limits.limit),
            name(high),
            seconds(limits.high),
            row.detail
        );
    }
    let accepted_time = (high == Some(Ruling::Accepted))
        .then(|| runs.iter().map(|run| run.cpu).max())
        .flatten();
    (row, accepted_time)
}

/// A limit, as the judge's folder line gives one: `2 s`, `1.5 s`.
fn seconds(duration: Duration) -> String {
    format!("{} s", (duration.as_secs_f64() * 1000.0).round() / 1000.0)
}

/// A time taken, as the report gives it: `140 ms`.
fn milliseconds(duration: Duration) -> String {
    format!("{} ms", duration.as_millis())
}

/// The folders the sandbox hides from submissions: the package, every case file's folder, its
/// output validator's or interactor's.
fn hidden_folders(dir: &Path, folder: &CaseFolder) -> Vec<PathBuf> {
    let mut folders = vec![dir.to_path_buf()];
    for case in &folder.cases {
        folders.extend(case.input.parent().map(Path::to_path_buf));
        if let Some(expected) = &case.expected {
            folders.extend(expected.parent().map(Path::to_path_buf));
        }
    }
    match &folder.judging {
        Judging::Validator { program, .. } => {
            folders.extend(program.parent().map(Path::to_path_buf))
        }
        Judging::Interactive(Interactor::Program { dir: Some(dir), .. }) => {
            folders.push(dir.clone())
        }
        Judging::Checker { dir, .. } => folders.push(dir.clone()),
        Judging::Testlib { checker, dir } => {
            folders.push(dir.clone());
            folders.extend(checker.program.parent().map(Path::to_path_buf));
        }
        Judging::Interactive(Interactor::Testlib {
            interactor,
            checker,
            dir,
        }) => {
            folders.push(dir.clone());
            for program in std::iter::once(interactor).chain(checker) {
                folders.extend(program.program.parent().map(Path::to_path_buf));
            }
        }
        _ => {}
    }
    folders.retain(|folder| folder.exists());
    folders.sort();
    folders.dedup();
    folders
}

/// The widths of the table's columns: submission, expected, got, slowest case.
#[derive(Clone, Copy)]
struct Widths {
    name: usize,
    expected: usize,
    got: usize,
    slowest: usize,
}

impl Widths {
    fn of(list: &[Submission], folder: &CaseFolder, rules: Rules) -> Widths {
        let longest = |names: &mut dyn Iterator<Item = usize>, least: usize| {
            names.max().unwrap_or(least).max(least)
        };
        let rulings = [
            Ruling::Accepted,
            Ruling::WrongAnswer,
            Ruling::NoOutput,
            Ruling::TimeLimit,
            Ruling::RunError,
            Ruling::MemoryLimit,
            Ruling::OutputLimit,
            Ruling::CompileError,
        ];
        Widths {
            name: longest(&mut list.iter().map(|s| s.name.chars().count()), 10),
            expected: longest(
                &mut list.iter().map(|s| expected_text(&s.expected, rules).len()),
                8,
            ),
            got: longest(&mut rulings.iter().map(|r| r.name(rules).len()), 3),
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
    fn line(&self, name: &str, expected: &str, got: &str, slowest: &str, status: &str) -> String {
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

/// The table's line for a row.
fn row_line(row: &Row, widths: Widths) -> String {
    let slowest = match &row.slowest {
        Some((case, time)) => format!("{:>8}  {case}", milliseconds(*time)),
        None => "-".to_string(),
    };
    let mut line = widths.line(
        &row.name,
        &row.expected,
        &row.got,
        &slowest,
        row.status.word(),
    );
    if !row.detail.is_empty() && row.status != Status::AsExpected {
        let mut lines = row.detail.lines();
        line.push_str(&format!(": {}", lines.next().unwrap_or_default()));
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

fn json_row(row: &Row) -> String {
    let (case, ms) = match &row.slowest {
        Some((case, time)) => (json::string(case), time.as_millis().to_string()),
        None => ("null".to_string(), "null".to_string()),
    };
    format!(
        "{{\"submission\":{},\"expected\":{},\"got\":{},\"status\":{},\"slowest_case\":{case},\"time_ms\":{ms},\"detail\":{}}}",
        json::string(&row.name),
        json::string(&row.expected),
        json::string(&row.got),
        json::string(row.status.word()),
        json::string(&row.detail)
    )
}

/// An error that ends the check: the package cannot be checked.
fn broken(messages: &[String]) -> Outcome {
    for message in messages {
        let mut lines = message.lines();
        eprintln!("error: {}", printable(lines.next().unwrap_or_default()));
        for line in lines {
            eprintln!("  {}", printable(line));
        }
    }
    Outcome::Error
}

/// Checks the package `options.dir`: `flags` are the limits given on the command line,
/// `settings` how cases run (jobs, sandbox).
pub fn run(
    options: &VerifyOptions,
    flags: &LimitFlags,
    format: Format,
    settings: &Settings,
) -> Outcome {
    let dir = &options.dir;
    let folder = match read_cases(dir) {
        Ok(folder) => folder,
        Err(errors) => return broken(&errors.iter().map(ToString::to_string).collect::<Vec<_>>()),
    };
    let listed = match folder.layout {
        Layout::Kattis => submissions(dir),
        Layout::Polygon => polygon_submissions(dir).map(|list| (list, Rules::Polygon)),
        other => {
            return broken(&[format!(
                "{} is a folder of cases in the {other} layout: judge verify checks a Kattis, DOMjudge or Polygon package (with its submissions)",
                dir.display()
            )])
        }
    };
    let (list, rules) = match listed {
        Ok(found) => found,
        Err(error) => return broken(&[error.to_string()]),
    };
    if list.is_empty() {
        return broken(&[format!(
            "{} has no submissions to check (submissions/<verdict>/)",
            dir.display()
        )]);
    }
    let timing = match kattis::timing(dir) {
        Ok(timing) => timing,
        Err(error) => return broken(&[error.to_string()]),
    };
    for warning in &folder.warnings {
        eprintln!("warning: {}", printable(warning));
    }
    let json = format == Format::Json;
    let human = |text: &str| {
        let _ = match json {
            true => writeln!(std::io::stderr(), "{text}"),
            false => writeln!(std::io::stdout(), "{text}"),
        };
    };
    human(&format!(
        "{}: {} package, {}, {}",
        dir.display(),
        match rules {
            Rules::Kattis => "Kattis",
            Rules::DomJudge => "DOMjudge",
            Rules::Polygon => "Polygon",
        },
        count(folder.cases.len(), "case"),
        count(list.len(), "submission")
    ));
    // The inputs first: a submission's verdict means nothing on an invalid input.
    let checked = validators::check(dir, folder.layout, &folder.cases);
    if !checked.broken.is_empty() {
        return broken(&checked.broken);
    }
    match checked.names.as_slice() {
        [] => eprintln!(
            "warning: {} has no input validator ({}): its inputs are not checked",
            dir.display(),
            match folder.layout {
                Layout::Polygon => "<validators> in problem.xml",
                _ => "input_validators/",
            }
        ),
        names => human(&format!(
            "input validators ({}): {} of {} valid",
            names.join(", "),
            folder.cases.len() - checked.invalid.len().min(folder.cases.len()),
            count(folder.cases.len(), "input")
        )),
    }
    for invalid in &checked.invalid {
        human(&printable(&format!("  invalid input {invalid}")));
    }
    let availability = sandbox::configure(settings.sandbox, hidden_folders(dir, &folder));
    eprintln!("{}", availability.describe());
    let memory_mib = flags
        .memory_mib
        .or(folder.limits.memory_mib)
        .unwrap_or(DEFAULT_MEMORY_MIB);
    let fixed = flags.time.or(folder.limits.time);
    let fixed_from = match (flags.time, &folder.limits.time_from) {
        (Some(_), _) => "-t".to_string(),
        (None, Some(from)) => from.clone(),
        (None, None) => String::new(),
    };
    let session = Session::start(Signals::Noted);
    let widths = Widths::of(&list, &folder, rules);
    let (setters, others): (Vec<&Submission>, Vec<&Submission>) = list
        .iter()
        .partition(|submission| sets_the_time_limit(submission));
    let mut rows: Vec<Row> = Vec::new();
    let print_row = |row: &Row| {
        human(&row_line(row, widths));
        if json {
            println!("{}", json_row(row));
        }
    };
    human(&widths.line("submission", "expected", "got", "slowest case", ""));
    let how = How {
        folder: &folder,
        rules,
        timing: &timing,
        memory_mib,
        settings,
        flags,
    };
    // Accepted submissions first: where the package sets no time limit, theirs sets it.
    let first = time_limits(fixed, None, &timing);
    let mut slowest_accepted: Option<Duration> = None;
    for submission in &setters {
        let (row, time) = check(submission, &how, &first);
        slowest_accepted = slowest_accepted.max(time);
        print_row(&row);
        rows.push(row);
    }
    let limits = time_limits(fixed, slowest_accepted, &timing);
    human(&match fixed {
        Some(limit) => format!(
            "time limit {} ({fixed_from}); a time-out must stay one under {}",
            seconds(limit),
            seconds(limits.high)
        ),
        None => match slowest_accepted {
            Some(slowest) => format!(
                "time limit {}: the slowest accepted case took {} (x {}, rounded up to a multiple of {} s); a time-out must stay one under {}",
                seconds(limits.limit),
                milliseconds(slowest),
                timing.ac_to_time_limit,
                timing.time_resolution,
                seconds(limits.high)
            ),
            None => format!(
                "time limit unknown: no accepted submission ran; the others run under {}",
                seconds(limits.high)
            ),
        },
    });
    for submission in &others {
        let (row, _) = check(submission, &how, &limits);
        print_row(&row);
        rows.push(row);
    }
    drop(session);
    let tally = |status: Status| rows.iter().filter(|row| row.status == status).count();
    let as_expected = tally(Status::AsExpected) + tally(Status::WithExtraTime);
    let failed: Vec<&str> = rows
        .iter()
        .filter(|row| row.status == Status::Mismatch)
        .map(|row| row.name.as_str())
        .collect();
    let judge_errors = tally(Status::JudgeError);
    let outcome = if judge_errors > 0 {
        Outcome::Error
    } else if !failed.is_empty() || !checked.invalid.is_empty() || setters.is_empty() {
        Outcome::Failed
    } else {
        Outcome::Passed
    };
    if setters.is_empty() {
        eprintln!("error: no accepted submission: the package needs one that is accepted");
    }
    let mut summary = format!(
        "{}: {} as expected",
        count(rows.len(), "submission"),
        as_expected
    );
    if !failed.is_empty() {
        summary.push_str(&format!(", {} not ({})", failed.len(), failed.join(", ")));
    }
    for (status, what) in [
        (Status::Skipped, "skipped"),
        (Status::NotChecked, "not checked"),
        (Status::JudgeError, "judge errors"),
    ] {
        if tally(status) > 0 {
            summary.push_str(&format!(", {} {what}", tally(status)));
        }
    }
    if !checked.invalid.is_empty() {
        summary.push_str(&format!(
            "; {}",
            count(checked.invalid.len(), "invalid input")
        ));
    }
    human(&printable(&summary));
    if json {
        println!(
            "{{\"submissions\":{},\"as_expected\":{as_expected},\"failed\":{},\"skipped\":{},\"not_checked\":{},\"judge_errors\":{judge_errors},\"invalid_inputs\":{},\"time_limit_ms\":{},\"exit_status\":{}}}",
            rows.len(),
            failed.len(),
            tally(Status::Skipped),
            tally(Status::NotChecked),
            checked.invalid.len(),
            limits.limit.as_millis(),
            outcome.code()
        );
    }
    outcome
}
