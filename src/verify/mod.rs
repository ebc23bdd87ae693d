//! `judge verify PKG`: checks a problem package as problemtools' verifyproblem does for its
//! verdicts. Its input validators run over every input first; then every submission in
//! `submissions/` is built by its language and run on the cases (accepted ones first, to set
//! the time limit where the package has none), and held to the result its folder or its
//! DOMjudge tag expects. One line per submission (expected, got, slowest case), then a summary.
//! Exit 0 when every submission gets what it expects, 1 when one does not (or an input is
//! invalid), 2 for a package that cannot be checked.

mod held;
pub mod options;
mod own_tests;
mod submission;
mod time_limit;
mod validation_data;

use crate::cases::kattis_yaml::Timing;
use crate::cases::layout::Layout;
use crate::cases::package::Package;
use crate::cases::submissions::{Expected, Listed, Rules, Ruling, Submission};
use crate::cases::submissions_yaml::Rule;
use crate::cases::{domjudge, input_validators};
use crate::cases::{enclosing_package, read_cases, Case, CaseFolder};
use crate::grade::Settings;
use crate::limits::LimitFlags;
use crate::limits::{DEFAULT_MEMORY_MIB, MAX_SECONDS};
use crate::outcome::Outcome;
use crate::process::{sandbox, stop, Session, Signals};
use crate::report::events::{Event, StopPoint};
use crate::report::json::RunPart;
use crate::report::reporter::Reporter;
use crate::report::shard::{RunId, Shard};
use crate::report::verify_table::{
    checks_over_all, milliseconds, seconds, Margin, Row, Status, Verified, Widths,
};
use crate::report::Format;
use crate::sources::{self, Dialect, Language};
use crate::text::{count, error_lines, printable};
use options::VerifyOptions;
use std::path::{Path, PathBuf};
use std::time::Duration;
use submission::{result, result_within, CaseRun, SubmissionResult};
use time_limit::{time_limits, TimeLimits};

fn meets(got: Option<Ruling>, expected: &Expected, rules: Rules) -> bool {
    match (got, expected) {
        (Some(got), Expected::AnyOf(rulings)) => {
            rulings.iter().any(|&expected| got.meets(expected, rules))
        }
        _ => false,
    }
}

/// Whether a submission sets the time limit: its expectation is only "accepted", or one of
/// its 2025-09 rules bounds the time limit from below. Those run before the limit is known,
/// under the highest one.
fn sets_the_time_limit(submission: &Submission) -> bool {
    match &submission.expected {
        Expected::Held(rules) => rules.iter().any(|rule| rule.is_lower_bound()),
        expected => *expected == Expected::AnyOf(vec![Ruling::Accepted]),
    }
}

/// Whether a submission is an accepted one as the Kattis format counts them: expected to be
/// accepted on every case (in `accepted/`, or held by 2025-09's rules to AC alone on every
/// case, as BAPCtools counts it).
fn is_accepted(submission: &Submission) -> bool {
    match &submission.expected {
        Expected::AnyOf(rulings) => *rulings == [Ruling::Accepted],
        Expected::Held(rules) => rules.iter().any(|rule| {
            rule.cases.is_none() && rule.permitted.as_deref() == Some(&[Ruling::Accepted])
        }),
        _ => false,
    }
}

/// Whether a submission that sets the time limit is also bounded by it from above (a time-out
/// required on one group, BAPCtools' `tle/sleep.py`): its run before the limit is known gives
/// its lower bound only, and it is judged by a second run under the limit once it is set.
fn judged_once_the_limit_is_set(submission: &Submission) -> bool {
    match &submission.expected {
        Expected::Held(rules) => {
            sets_the_time_limit(submission) && rules.iter().any(|rule| rule.is_upper_bound())
        }
        _ => false,
    }
}

/// What every submission of a package is checked with: its cases, its rules, its timing, the limits.
#[derive(Clone, Copy)]
struct VerifySetup<'a> {
    folder: &'a CaseFolder,
    rules: Rules,
    timing: &'a Timing,
    memory_mib: u64,
    settings: &'a Settings,
    /// The limits given on the command line.
    flags: &'a LimitFlags,
}

/// The inputs the validators refused, one line per reason: `invalid input NAME: why`, or
/// `invalid inputs A, B, C and 516 more: why` for many refused alike (a validator that refuses
/// every input says so once, not once per input).
fn invalid_lines(invalid: &[input_validators::Refused]) -> Vec<String> {
    const NAMED: usize = 3;
    let mut reasons: Vec<(&str, Vec<&str>)> = Vec::new();
    for refused in invalid {
        match reasons.iter_mut().find(|(why, _)| *why == refused.why) {
            Some((_, names)) => names.push(&refused.case),
            None => reasons.push((&refused.why, vec![&refused.case])),
        }
    }
    reasons
        .into_iter()
        .map(|(why, names)| match names.as_slice() {
            [name] => format!("invalid input {name}: {why}"),
            _ if names.len() <= NAMED => format!("invalid inputs {}: {why}", names.join(", ")),
            _ => format!(
                "invalid inputs {} and {} more: {why}",
                names[..NAMED].join(", "),
                names.len() - NAMED
            ),
        })
        .collect()
}

/// Checks one submission and makes its row, the `index`th of the report; `None` when a signal
/// stopped it (what it got then says nothing).
fn check(
    submission: &Submission,
    index: usize,
    setup: &VerifySetup,
    limits: &TimeLimits,
) -> Option<Row> {
    let rules = setup.rules;
    let mut row = Row {
        index,
        name: submission.name.clone(),
        expected: submission.expected.names(rules),
        got: "-".to_string(),
        case: None,
        status: Status::NotChecked,
        detail: String::new(),
        note: String::new(),
        sets_time_limit: sets_the_time_limit(submission),
        accepted_time: None,
    };
    match &submission.expected {
        Expected::NotChecked(why) => {
            row.detail = why.clone();
            return Some(row);
        }
        Expected::Unknown(why) => {
            row.status = Status::Mismatch;
            row.detail = why.clone();
            return Some(row);
        }
        Expected::Refused(why) => {
            row.status = Status::NotImported;
            row.detail = why.clone();
            return Some(row);
        }
        Expected::AnyOf(_) | Expected::Held(_) => {}
    }
    let got = run_submission(submission, setup, limits);
    if stop::received_signal().is_some() {
        return None;
    }
    let runs = match got {
        SubmissionResult::Ran(runs) => runs,
        SubmissionResult::CompileError(said) => {
            row.got = Ruling::CompileError.name(rules).to_string();
            row.status = match meets(Some(Ruling::CompileError), &submission.expected, rules) {
                true => Status::AsExpected,
                false => Status::Mismatch,
            };
            row.detail = said;
            return Some(row);
        }
        SubmissionResult::Skipped(why) => {
            row.status = Status::Skipped;
            row.detail = why;
            return Some(row);
        }
        SubmissionResult::JudgeError(why) => {
            row.status = Status::JudgeError;
            row.detail = why;
            return Some(row);
        }
    };
    if let Expected::Held(rules) = &submission.expected {
        return Some(held_row(row, rules, &runs, limits));
    }
    Some(ran_row(row, submission, &runs, limits, rules))
}

/// Builds and runs a submission under `limits` (to the higher one; the wall bound at the
/// time limit where the package's rules say so), until the first case outside what it may get.
fn run_submission(
    submission: &Submission,
    setup: &VerifySetup,
    limits: &TimeLimits,
) -> SubmissionResult {
    let VerifySetup {
        folder,
        timing,
        memory_mib,
        settings,
        flags,
        ..
    } = *setup;
    let mut run_limits = folder.limits.run_limits(flags, limits.high, memory_mib);
    // Runs go to the higher limit; a wall bound at the time limit (DOMjudge's) stays at the
    // limit itself: a program asleep past it is a time-out, not judged on what it printed.
    let wall_at_time_limit = folder
        .limits
        .run_rules
        .is_some_and(|rules| rules.wall_at_time_limit);
    if wall_at_time_limit && flags.wall.is_none() {
        run_limits.wall = limits.limit;
    }
    let compile_limit = Duration::from_secs_f64(timing.compilation_time.clamp(0.001, MAX_SECONDS));
    let mut dialect = match &submission.kind {
        Some(kind) => Dialect::of_polygon_type(kind, folder.python3()),
        None => folder.dialect(),
    };
    // What submissions.yaml names, for the build to take before the files' extensions.
    dialect.named.clone_from(&submission.language);
    dialect.entrypoint.clone_from(&submission.entrypoint);
    let first_failure = |run: &submission::CaseRun| run.ruling != Some(Ruling::Accepted);
    let outside_permitted = |run: &submission::CaseRun| match &submission.expected {
        Expected::Held(rules) => held::breaks_a_rule(rules, run, limits),
        _ => first_failure(run),
    };
    submission::run(
        submission,
        folder,
        compile_limit,
        &dialect,
        run_limits,
        settings,
        &outside_permitted,
    )
}

/// The row of a submission that ran and is not held to the 2025-09 rules: what it got under the
/// time limit (and under the higher one), the case that decided, why.
fn ran_row(
    mut row: Row,
    submission: &Submission,
    runs: &[CaseRun],
    limits: &TimeLimits,
    rules: Rules,
) -> Row {
    let (high, high_at) = result(runs);
    let (low, low_at) = result_within(runs, limits);
    let name = |ruling: Option<Ruling>| ruling.map_or("JE", |ruling| ruling.name(rules));
    row.got = name(low).to_string();
    row.status = if low.is_none() || high.is_none() {
        Status::JudgeError
    } else if meets(low, &submission.expected, rules) {
        Status::AsExpected
    } else if meets(high, &submission.expected, rules) {
        Status::WithExtraTime
    } else {
        Status::Mismatch
    };
    // The case that decided: the first failed (under the time limit, else the higher one);
    // for an accepted run, its slowest.
    let deciding = low_at.or(high_at).map(|index| &runs[index]);
    row.case = deciding
        .or_else(|| runs.iter().max_by_key(|run| run.cpu))
        .map(|run| (run.label.clone(), run.cpu));
    row.detail = match (deciding, low) {
        (Some(case), Some(Ruling::TimeLimit)) if case.ruling != Some(Ruling::TimeLimit) => {
            format!(
                "{}: {} ms of CPU, over the time limit of {}",
                case.label,
                case.cpu.as_millis(),
                seconds(limits.limit)
            )
        }
        // The verdict as the package's rules name it (DOMjudge's WRONG-ANSWER, Kattis's RTE).
        (Some(case), _) => match case.detail.is_empty() {
            true => format!("{}: {}", case.label, name(case.ruling)),
            false => format!("{}: {}: {}", case.label, name(case.ruling), case.detail),
        },
        (None, _) => format!("expected {}", row.expected),
    };
    if low != high && row.status != Status::JudgeError {
        row.note = format!(
            "sensitive to the time limit: {} under {}, {} under {}",
            name(low),
            seconds(limits.limit),
            name(high),
            seconds(limits.high)
        );
    }
    row.accepted_time = (row.sets_time_limit && high == Some(Ruling::Accepted))
        .then(|| runs.iter().map(|run| run.cpu).max())
        .flatten();
    row
}

/// The row of a submission held to the 2025-09 rules, from its runs: as expected when every
/// rule holds under the time limit, with extra time when only under the higher one; the rule
/// broken named in its detail.
fn held_row(mut row: Row, rules: &[Rule], runs: &[CaseRun], limits: &TimeLimits) -> Row {
    row.got = held::got(runs, limits);
    if let Some(index) = runs.iter().position(|run| run.ruling.is_none()) {
        row.status = Status::JudgeError;
        row.got = "JE".to_string();
        row.case = Some((runs[index].label.clone(), runs[index].cpu));
        row.detail = format!("{}: {}", runs[index].label, runs[index].detail);
        return row;
    }
    let low = held::first_broken(rules, runs, limits, held::Under::Limit);
    let high = held::first_broken(rules, runs, limits, held::Under::Higher);
    row.status = match (&low, &high) {
        (None, _) => Status::AsExpected,
        (Some(_), None) => Status::WithExtraTime,
        (Some(_), Some(_)) => Status::Mismatch,
    };
    // The case that shows the broken rule (or the rule's group, where no case that ran shows
    // it); for rules that hold, the first case not accepted (a wrong answer's, as BAPCtools
    // names it), else the slowest case.
    let deciding = low.as_ref().and_then(|broken| broken.case);
    let group = low.as_ref().and_then(|broken| broken.group.clone());
    let first_not_accepted = runs
        .iter()
        .find(|run| held::within(run, limits).is_some_and(|got| got != Ruling::Accepted));
    row.case = match (deciding, group) {
        (Some(index), _) => Some((runs[index].label.clone(), runs[index].cpu)),
        (None, Some(group)) => Some((group, Duration::ZERO)),
        (None, None) => first_not_accepted
            .or_else(|| runs.iter().max_by_key(|run| run.cpu))
            .map(|run| (run.label.clone(), run.cpu)),
    };
    if let Some(broken) = &low {
        let detail = broken
            .case
            .filter(|_| broken.with_detail)
            .map(|index| &runs[index].detail)
            .filter(|detail| !detail.is_empty());
        row.detail = match detail {
            Some(detail) => format!("{}: {detail}", broken.why),
            None => broken.why.clone(),
        };
    }
    if low.is_some() && high.is_none() {
        row.note = format!(
            "sensitive to the time limit: its rules hold under {}, not under {}",
            seconds(limits.high),
            seconds(limits.limit)
        );
    }
    // Its rules that bound the time limit from below give their slowest case when they hold,
    // whatever its others (a time-out it must get under the limit) said of a run before it.
    let lower: Vec<Rule> = rules
        .iter()
        .filter(|rule| rule.is_lower_bound())
        .cloned()
        .collect();
    let lower_holds = held::first_broken(&lower, runs, limits, held::Under::Higher).is_none();
    row.accepted_time = match row.sets_time_limit && lower_holds {
        true => held::lower_bound_time(rules, runs),
        false => None,
    };
    row
}

/// The folders the sandbox hides from submissions: the package, and every case's folders and
/// those of the programs that judge it.
fn hidden_folders(dir: &Path, folder: &CaseFolder) -> Vec<PathBuf> {
    let mut folders = vec![dir.to_path_buf()];
    for case in &folder.cases {
        folders.extend(case.folders());
        folders.extend(folder.judging_of(case).program_folders());
    }
    folders.retain(|folder| folder.exists());
    folders.sort();
    folders.dedup();
    folders
}

/// Reads the package at `dir` and lists its submissions, or says why it cannot be checked
/// (`shard`: a shard stops at the first error of the package's format).
fn read_package(
    dir: &Path,
    shard: Option<Shard>,
) -> Result<(CaseFolder, Package, Listed), Outcome> {
    if let Some(package) = enclosing_package(dir) {
        return Err(broken(&[format!(
            "{} is in the test data of the package {}: judge verify checks a whole package (judge verify {})",
            dir.display(),
            package.display(),
            package.display()
        )]));
    }
    let mut folder = match read_cases(dir) {
        Ok(folder) => folder,
        Err(errors) => {
            let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
            return Err(broken(&errors));
        }
    };
    // What the package's format calls an error: judging warns and goes on, verify checks the
    // rest and fails at the end (as problemtools' verifyproblem counts its errors), so one run
    // shows everything to mend. A shard stops at once: each would report them again.
    if shard.is_some() && !folder.violations.is_empty() {
        return Err(broken(&folder.violations));
    }
    let Some(package) = folder.package.clone() else {
        return Err(broken(&[match folder.layout {
            Layout::Polygon => format!(
                "{}: missing: a Polygon package lists its solutions there (judge verify checks a Kattis, DOMjudge or Polygon package, with its submissions)",
                dir.join("problem.xml").display()
            ),
            other => format!(
                "{} is a folder of cases in the {other} layout: judge verify checks a Kattis, DOMjudge or Polygon package (with its submissions)",
                dir.display()
            ),
        }]));
    };
    let listed = match package.submissions() {
        Ok(listed) => listed,
        Err(error) => return Err(broken(&[error.to_string()])),
    };
    // Tags make a package DOMjudge's even without its .timelimit: its runs follow DOMjudge.
    if listed.rules == Rules::DomJudge {
        if let Err(message) = domjudge::apply_rules(&mut folder.limits) {
            return Err(broken(&[format!("{}: {message}", dir.display())]));
        }
    }
    if listed.submissions.is_empty() {
        return Err(broken(&[format!(
            "{} has no submissions to check (submissions/<verdict>/)",
            dir.display()
        )]));
    }
    Ok((folder, package, listed))
}

/// Checks what a package holds besides its submissions, each said before the table: its
/// inputs by its input validators, a Polygon package's own checker and validator tests, a
/// Kattis package's validation test data. Gives what the validators found and how many own
/// tests went the wrong way, or the outcome of a broken package or a stop.
fn check_package_files(
    dir: &Path,
    folder: &CaseFolder,
    package: &Package,
    reporter: &mut Reporter,
) -> Result<(input_validators::InputValidation, usize), Outcome> {
    // The inputs first: a submission's verdict means nothing on an invalid input.
    if let Some(signal) = stop::received_signal() {
        return Err(stopped_before(reporter, signal));
    }
    let checked = input_validators::check(dir, folder, &folder.cases);
    if let Some(signal) = stop::received_signal() {
        return Err(stopped_before(reporter, signal));
    }
    if !checked.broken.is_empty() {
        return Err(broken(&checked.broken));
    }
    for skipped in &checked.skipped {
        eprintln!("warning: {}", printable(skipped));
    }
    match checked.names.as_slice() {
        [] => eprintln!(
            "warning: {} has no input validator ({}): its inputs are not checked",
            printable(&dir.display().to_string()),
            match folder.layout {
                Layout::Polygon => "<validators> in problem.xml",
                _ => "input_validators/",
            }
        ),
        names => say(
            reporter,
            &format!(
                "input validators ({}): {} of {} valid",
                names.join(", "),
                folder.cases.len() - checked.invalid_inputs().min(folder.cases.len()),
                count(folder.cases.len(), "input")
            ),
        ),
    }
    for line in invalid_lines(&checked.invalid) {
        say(reporter, &printable(&format!("  {line}")));
    }
    // A Polygon package's checker and validator tests, as Polygon runs them.
    let own = match package.polygon() {
        Some(problem) => own_tests::run(dir, problem),
        None => own_tests::OwnTestFindings::default(),
    };
    if let Some(signal) = stop::received_signal() {
        return Err(stopped_before(reporter, signal));
    }
    if !own.broken.is_empty() {
        return Err(broken(&own.broken));
    }
    for line in &own.lines {
        say(reporter, &printable(line));
    }
    // A Kattis package's validation test data, which its validators must refuse or accept.
    let validation = match folder.layout {
        Layout::Kattis => validation_data::run(dir, folder),
        _ => validation_data::ValidationDataFindings::default(),
    };
    if let Some(signal) = stop::received_signal() {
        return Err(stopped_before(reporter, signal));
    }
    if !validation.broken.is_empty() {
        return Err(broken(&validation.broken));
    }
    for warning in &validation.warnings {
        eprintln!("warning: {}", printable(warning));
    }
    for line in &validation.lines {
        say(reporter, &printable(line));
    }
    Ok((checked, own.disagreeing + validation.disagreeing))
}

/// Sets up the box the submissions run in (the package's test data hidden), says it, and says
/// how the package's runs go and which Python runs its Python submissions.
fn box_submissions(
    settings: &Settings,
    dir: &Path,
    folder: &CaseFolder,
    list: &[Submission],
    reporter: &mut Reporter,
) {
    let availability = sandbox::configure(
        settings.sandbox,
        hidden_folders(dir, folder),
        &sources::caches_to_cover(),
    );
    let case_files: Vec<PathBuf> = folder.cases.iter().flat_map(Case::files).collect();
    sandbox::know_case_files(&case_files);
    eprintln!("{}", availability.describe());
    if let Some(rules) = folder.limits.run_rules_said() {
        let output = folder
            .limits
            .output_mib
            .map(|mib| format!("output limit {mib} MiB, "))
            .unwrap_or_default();
        say(reporter, &format!("runs: {output}{rules}"));
    }
    let python = list.iter().any(|submission| {
        submission
            .files()
            .unwrap_or_default()
            .iter()
            .any(|file| Language::of(file) == Some(Language::Python))
    });
    if let Some(line) = python.then(|| folder.python3().runs_line()).flatten() {
        say(reporter, &line);
    }
}

/// What checking the submissions came to: their rows in the report's order, whether a signal
/// stopped it, whether the time limit stayed unknown, the limits the later ones ran under and
/// the time limit's line.
struct SubmissionsChecked {
    rows: Vec<Row>,
    stopped: bool,
    unknown_limit: bool,
    limits: TimeLimits,
}

/// Checks the submissions `ordered` (each with its place in the report) in three steps: those
/// that set the time limit (the first `setters` places), under the highest limit; then the
/// limit, from `given` or from their slowest case; then those also bounded by it from above
/// and all the others, under it. Each row goes to `reporter` as it is made; an unknown limit
/// adds its error to `errors`.
fn check_in_order(
    setup: &VerifySetup,
    ordered: &[(usize, &Submission)],
    setters: usize,
    given: Option<(Duration, &str)>,
    dir: &Path,
    reporter: &mut Reporter,
    errors: &mut Vec<String>,
) -> SubmissionsChecked {
    let fixed = given.map(|(time, _)| time);
    let mut rows: Vec<Row> = Vec::new();
    let first = time_limits(fixed, None, setup.timing);
    let mut stopped = false;
    // Those also bounded from above: their first row gives the limit its lower bound, their
    // second, under the limit, is reported.
    let mut again: Vec<(usize, &Submission, Row)> = Vec::new();
    for &(index, submission) in ordered.iter().filter(|(index, _)| *index < setters) {
        let Some(row) = check(submission, index, setup, &first) else {
            stopped = true;
            break;
        };
        if judged_once_the_limit_is_set(submission) {
            again.push((index, submission, row));
            continue;
        }
        let _ = reporter.emit(Event::SubmissionChecked(&row));
        rows.push(row);
    }
    // The slowest case of the submissions that set the limit, and whose (an accepted one, or
    // one whose rules bound the limit from below, as BAPCtools' `tle/sleep.py`).
    let setting = rows
        .iter()
        .filter(|row| row.sets_time_limit)
        .chain(again.iter().map(|(_, _, row)| row))
        .filter_map(|row| row.accepted_time.map(|time| (time, row.name.clone())))
        .max_by_key(|(time, _)| *time);
    let slowest_accepted = setting.as_ref().map(|(time, _)| *time);
    let limits = time_limits(fixed, slowest_accepted, setup.timing);
    let time_limit_line = time_limit_line(given, setting.as_ref(), limits, setup.timing);
    if !stopped {
        let _ = reporter.emit(Event::TimeLimitSet(&time_limit_line));
    }
    // Without a time limit and without an accepted run, the others cannot be judged.
    let unknown_limit = slowest_accepted.is_none() && fixed.is_none();
    if !stopped && unknown_limit {
        errors.push(format!(
            "no submission expected to be accepted got AC (none could be built and run, or all failed), so the time limit is unknown: give {} one that is accepted, a time limit, or -t",
            dir.display()
        ));
    }
    for (index, submission, first_row) in again {
        // Without a limit (or stopped), the first run's row is all there is.
        if stopped || unknown_limit {
            let _ = reporter.emit(Event::SubmissionChecked(&first_row));
            rows.push(first_row);
            continue;
        }
        let Some(mut row) = check(submission, index, setup, &limits) else {
            stopped = true;
            break;
        };
        row.accepted_time = first_row.accepted_time;
        let _ = reporter.emit(Event::SubmissionChecked(&row));
        rows.push(row);
    }
    if !stopped && !unknown_limit {
        for &(index, submission) in ordered.iter().filter(|(index, _)| *index >= setters) {
            let Some(row) = check(submission, index, setup, &limits) else {
                stopped = true;
                break;
            };
            let _ = reporter.emit(Event::SubmissionChecked(&row));
            rows.push(row);
        }
    }
    SubmissionsChecked {
        rows,
        stopped,
        unknown_limit,
        limits,
    }
}

/// The line after the rows that set the time limit: the limit given and where from, or the one
/// `setting` (the slowest case that sets it, and whose) gave; the higher limit after it.
fn time_limit_line(
    given: Option<(Duration, &str)>,
    setting: Option<&(Duration, String)>,
    limits: TimeLimits,
    timing: &Timing,
) -> String {
    let slowest_accepted = setting.map(|(time, _)| *time);
    match (given, slowest_accepted) {
        (Some((limit, fixed_from)), _) => format!(
            "time limit {} ({fixed_from}); submissions expected to time out run under {}",
            seconds(limit),
            seconds(limits.high)
        ),
        (None, Some(slowest)) => format!(
            "time limit {}: the slowest case that sets it took {} ({}; x {}, rounded up to a multiple of {} s); submissions expected to time out run under {}",
            seconds(limits.limit),
            milliseconds(slowest),
            setting.map_or("", |(_, name)| name.as_str()),
            timing.ac_to_time_limit,
            timing.time_resolution,
            seconds(limits.high)
        ),
        (None, None) => "time limit unknown: no accepted submission ran".to_string(),
    }
}

/// The first line of the report: the package, its format, its cases and its submissions.
fn package_line(dir: &Path, rules: Rules, folder: &CaseFolder, list: &[Submission]) -> String {
    format!(
        "{}: {} package, {}, {}",
        dir.display(),
        match rules {
            Rules::Kattis => "Kattis",
            Rules::DomJudge => "DOMjudge",
            Rules::Polygon => "Polygon",
        },
        count(folder.cases.len(), "case"),
        count(list.len(), "submission")
    )
}

/// The report's order: the submissions that set the time limit first (where the package sets
/// none, theirs sets it), then the others; and how many set it.
fn report_order(list: &[Submission]) -> (usize, Vec<&Submission>) {
    let (setters, others): (Vec<&Submission>, Vec<&Submission>) = list
        .iter()
        .partition(|submission| sets_the_time_limit(submission));
    let count = setters.len();
    (count, setters.into_iter().chain(others).collect())
}

/// What the end of a verify run needs besides the rows: how many submissions this run (or
/// shard) checks, whether it is the whole run, the time limit's margin, what the input
/// validators found, the own tests that went the wrong way, and the JSON report's run.
struct VerifyEnd {
    ordered: usize,
    whole_run: bool,
    margin: Option<Margin>,
    invalid: usize,
    invalid_inputs: usize,
    own_tests_failed: usize,
    part: Option<RunPart>,
}

/// The end of a verify run: a stop by a signal said; else the checks over all the rows (in the
/// whole run), the skipped rows, the errors and the summary; the outcome.
fn finish(
    checked: SubmissionsChecked,
    end: VerifyEnd,
    mut errors: Vec<String>,
    reporter: &mut Reporter,
) -> Outcome {
    let SubmissionsChecked {
        rows,
        stopped,
        unknown_limit,
        limits,
    } = checked;
    if let (true, Some(signal)) = (stopped, stop::received_signal()) {
        let at = StopPoint::After {
            done: rows.len(),
            total: end.ordered,
            noun: "submission",
        };
        let _ = reporter.emit(Event::Stopped { signal, at });
        return Outcome::Stopped(signal);
    }
    // What only all the rows tell is told by the unsplit run, or by judge merge.
    if end.whole_run && !unknown_limit {
        let (more, warnings) = checks_over_all(&rows, end.margin.as_ref(), end.invalid);
        for warning in warnings {
            eprintln!("warning: {warning}");
        }
        errors.extend(more);
    }
    let _ = reporter.emit(Event::TableEnd);
    for error in &errors {
        eprintln!("{}", error_lines(error));
    }
    let verified = Verified {
        rows: &rows,
        invalid_inputs: end.invalid_inputs,
        own_tests_failed: end.own_tests_failed,
        errors: &errors,
        unknown_limit,
    };
    let _ = reporter.emit(Event::SubmissionsDone {
        verified: &verified,
        part: end.part.as_ref(),
        margin: end.margin,
        time_limit: limits.limit,
    });
    reporter.outcome(verified.outcome())
}

/// A line of the report before the table, which every shard says alike (kept for `judge
/// merge`).
fn say(reporter: &mut Reporter, text: &str) {
    let _ = reporter.emit(Event::PackageSaid(text));
}

/// The check stopped by a signal before any submission ran.
fn stopped_before(reporter: &mut Reporter, signal: i32) -> Outcome {
    let at = StopPoint::Before { noun: "submission" };
    let _ = reporter.emit(Event::Stopped { signal, at });
    Outcome::Stopped(signal)
}

/// An error that ends the check: the package cannot be checked.
fn broken(messages: &[String]) -> Outcome {
    for message in messages {
        eprintln!("{}", error_lines(message));
    }
    Outcome::Error
}

/// Checks the package `options.dir`, or the submissions of `shard` of it: `flags` are the
/// limits given on the command line, `settings` how cases run (jobs, sandbox).
pub fn run(
    options: &VerifyOptions,
    flags: &LimitFlags,
    format: Format,
    settings: &Settings,
    shard: Option<Shard>,
) -> Outcome {
    let dir = &options.dir;
    // From the start: a signal stops whatever runs (a validator being built, a build) and is
    // reported, never a silent death that leaves them running.
    let session = Session::start(Signals::Noted);
    let (folder, package, listed) = match read_package(dir, shard) {
        Ok(read) => read,
        Err(outcome) => return outcome,
    };
    let Listed {
        submissions: list,
        rules,
        warnings: yaml_warnings,
    } = listed;
    // "It is mandatory to provide at least one accepted solution" (the Kattis format, legacy
    // and 2025-09 alike; problemtools' verifyproblem fails without one, BAPCtools' time limit
    // needs one): verify checks the rest and fails.
    let no_accepted = (rules == Rules::Kattis && !list.iter().any(is_accepted)).then(|| {
        format!(
            "{} has no accepted submission: the Kattis format requires one at least (submissions/accepted/)",
            dir.display()
        )
    });
    let timing = package.timing();
    let given = folder.limits.time_given(flags.time);
    if shard.is_some() && given.is_none() {
        return broken(&[format!(
            "judge verify --shard needs a fixed time limit: {} sets none, and one computed from the accepted submissions would differ from shard to shard; give one with -t",
            dir.display()
        )]);
    }
    for warning in folder.warnings.iter().chain(&yaml_warnings) {
        eprintln!("warning: {}", printable(warning));
    }
    let json = format == Format::Json;
    let mut reporter = Reporter::new(format);
    say(&mut reporter, &package_line(dir, rules, &folder, &list));
    let (checked, own_tests_failed) =
        match check_package_files(dir, &folder, &package, &mut reporter) {
            Ok(found) => found,
            Err(outcome) => return outcome,
        };
    box_submissions(settings, dir, &folder, &list, &mut reporter);
    let memory_mib = folder
        .limits
        .memory_given(flags.memory_mib)
        .map_or(DEFAULT_MEMORY_MIB, |(mib, _)| mib);
    let widths = Widths::of(&list, &folder, rules);
    let (setters, report_order) = report_order(&list);
    // A shard checks every Nth of the report's order.
    let whole = shard.unwrap_or(Shard::WHOLE);
    let ordered: Vec<(usize, &Submission)> = report_order
        .iter()
        .copied()
        .enumerate()
        .filter(|(index, _)| whole.keeps(*index))
        .collect();
    let part = match json {
        true => match run_part(dir, flags, &folder, &report_order, whole) {
            Ok(part) => Some(part),
            Err(outcome) => return outcome,
        },
        false => None,
    };
    if let Some(shard) = shard {
        say_shard(shard, ordered.len(), list.len());
    }
    // A skipped row's line waits for the end, where many skipped alike become one line; JSON
    // keeps a record each.
    let _ = reporter.emit(Event::TableHead(widths));
    let setup = VerifySetup {
        folder: &folder,
        rules,
        timing: &timing,
        memory_mib,
        settings,
        flags,
    };
    let mut errors: Vec<String> = folder.violations.clone();
    errors.extend(no_accepted);
    let checked_all = check_in_order(
        &setup,
        &ordered,
        setters,
        given,
        dir,
        &mut reporter,
        &mut errors,
    );
    // A Kattis package's fixed limit leaves its accepted submissions their margin.
    let margin = given
        .filter(|_| rules == Rules::Kattis)
        .map(|(limit, from)| Margin {
            limit,
            from: from.to_string(),
            factor: timing.ac_to_time_limit,
            is_error: flags.time.is_none(),
        });
    drop(session);
    let end = VerifyEnd {
        ordered: ordered.len(),
        whole_run: shard.is_none(),
        margin,
        invalid: checked.invalid.len(),
        invalid_inputs: checked.invalid_inputs(),
        own_tests_failed,
        part,
    };
    finish(checked_all, end, errors, &mut reporter)
}

/// Says on stderr which part of the run a shard checks, and what it leaves to `judge merge`.
fn say_shard(shard: Shard, checked: usize, submissions: usize) {
    eprintln!(
        "shard {shard}: {} of the run's {submissions}; whether one expected to be accepted was, and the time limit's margin, are checked over all shards by judge merge",
        count(checked, "submission"),
    );
}

/// The run a JSON report is of and the part `shard` of it, or the error that a file could not
/// be read to name it.
fn run_part(
    dir: &Path,
    flags: &LimitFlags,
    folder: &CaseFolder,
    report_order: &[&Submission],
    shard: Shard,
) -> Result<RunPart, Outcome> {
    match run_id(dir, flags, folder, report_order) {
        Ok(run) => Ok(RunPart {
            run,
            shard,
            run_cases: report_order.len(),
        }),
        Err(error) => Err(broken(&[format!(
            "cannot read a file to name the run: {error}"
        )])),
    }
}

/// The id of the run (see `report::shard::RunId`): the package folder as given, the limits
/// given, every case's name and files, and every submission's name and files, in the report's
/// order.
fn run_id(
    dir: &Path,
    flags: &LimitFlags,
    folder: &CaseFolder,
    submissions: &[&Submission],
) -> Result<String, String> {
    let mut run = RunId::new(&format!("judge verify {}", dir.display()));
    run.add(&format!("{flags:?}"));
    for case in &folder.cases {
        run.add_case(&case.name, case)
            .map_err(|error| error.to_string())?;
    }
    for submission in submissions {
        run.add(&submission.name);
        let files = submission.files().map_err(|error| error.to_string())?;
        for file in files.iter().filter(|file| file.is_file()) {
            if let Some(name) = file.file_name() {
                run.add(&name.to_string_lossy());
            }
            run.add_file(Some(file))
                .map_err(|error| error.to_string())?;
        }
    }
    Ok(run.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use input_validators::Refused;

    #[test]
    fn inputs_refused_alike_are_one_line() {
        let refused = |case: &str, why: &str| Refused {
            case: case.to_string(),
            why: why.to_string(),
        };
        let mut invalid: Vec<Refused> = (1..=6)
            .map(|n| refused(&format!("{n:02}"), "CRLF line ends"))
            .collect();
        invalid.insert(2, refused("x", "N too big"));
        invalid.push(refused("y", "empty"));
        invalid.push(refused("z", "empty"));
        assert_eq!(
            invalid_lines(&invalid),
            [
                "invalid inputs 01, 02, 03 and 3 more: CRLF line ends",
                "invalid input x: N too big",
                "invalid inputs y, z: empty",
            ]
        );
    }
}
