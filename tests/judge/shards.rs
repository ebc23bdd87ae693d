//! A run split among machines: `--shard K/N` judges part K of N of the cases, and `judge merge`
//! joins the parts' JSON reports into the whole run's report and exit status. The union of the
//! shards is the unsplit run, case for case, for every N (more shards than cases too), and
//! merge refuses what does not make one run.
// Without `slow-tests` the slow tests below are left out, and helpers only they use unused.
#![cfg_attr(not(feature = "slow-tests"), allow(dead_code, unused_imports))]

use crate::common::{self, judge, judge_cmd};
use crate::report_formats::{parse_json, stdout_of, Json};
use std::fs;
use std::path::{Path, PathBuf};

/// A program that passes some cases and fails others in different ways: it prints its input
/// back, but `wrong` prints `no` and `crash` exits 3.
const PROGRAM: &str =
    "read line; case $line in wrong) echo no;; crash) exit 3;; *) echo $line;; esac";

/// Five cases (one more than the most shards that are all non-empty below): AC, WA, RE.
fn five_cases() -> PathBuf {
    common::fresh_folder(
        "shards",
        "problem",
        &[
            ("a.in", "one\n"),
            ("a.out", "one\n"),
            ("b.in", "wrong\n"),
            ("b.out", "yes\n"),
            ("c.in", "three\n"),
            ("c.out", "three\n"),
            ("d.in", "crash\n"),
            ("d.out", "four\n"),
            ("e.in", "five\n"),
            ("e.out", "five\n"),
        ],
    )
}

/// A JSON report read: its case lines and its summary.
struct Report {
    cases: Vec<Json>,
    summary: Json,
    text: String,
}

fn read_report(text: &str) -> Report {
    let mut lines: Vec<Json> = text
        .lines()
        .map(|line| parse_json(line).unwrap_or_else(|error| panic!("{error}: {line}")))
        .collect();
    let summary = lines.pop().expect("a summary line");
    assert_eq!(summary.get("type"), Some(&Json::String("summary".into())));
    Report {
        cases: lines,
        summary,
        text: text.to_string(),
    }
}

fn string(value: Option<&Json>) -> String {
    match value {
        Some(Json::String(text)) => text.clone(),
        other => panic!("not a string: {other:?}"),
    }
}

fn number(value: Option<&Json>) -> f64 {
    match value {
        Some(Json::Number(number)) => *number,
        other => panic!("not a number: {other:?}"),
    }
}

/// What every run of a case must agree on: its name, place, verdict and detail (not its time).
fn essence(case: &Json) -> (String, f64, String, String) {
    (
        string(case.get("case")),
        number(case.get("index")),
        string(case.get("verdict")),
        string(case.get("detail")),
    )
}

/// `judge --cmd PROGRAM DIR --format json` plus `extra`, run from `from`: the report and the
/// exit status.
fn json_run(dir: &str, from: &Path, extra: &[&str]) -> (Report, i32) {
    let mut command = judge_cmd(PROGRAM, Path::new(dir), &["--format", "json"]);
    command.args(extra).current_dir(from);
    let (stdout, stderr, code) = stdout_of(&mut command);
    let code = code.unwrap();
    assert!(code < 2, "{stdout}{stderr}");
    (read_report(&stdout), code)
}

/// The report lines for people without their figures (time and memory change run to run).
fn without_figures(report: &str) -> Vec<String> {
    report
        .lines()
        .map(|line| match line.starts_with(' ') {
            true => line.to_string(),
            false => line
                .split("  ")
                .filter(|part| !part.is_empty())
                .take(2)
                .collect(),
        })
        .map(|line| match line.split_once("; slowest") {
            Some((counts, _)) => counts.to_string(),
            None => line,
        })
        .collect()
}

#[test]
#[cfg(feature = "slow-tests")]
fn the_shards_together_are_the_unsplit_run_case_for_case() {
    let dir = five_cases();
    let from = dir.parent().unwrap();
    let (whole, whole_code) = json_run("problem", from, &[]);
    assert_eq!(whole_code, 1);
    assert_eq!(whole.cases.len(), 5);
    let run = string(whole.summary.get("run"));
    let whole_cases: Vec<_> = whole.cases.iter().map(essence).collect();
    let verdicts: Vec<&str> = whole_cases.iter().map(|case| case.2.as_str()).collect();
    assert_eq!(verdicts, ["AC", "WA", "AC", "RE", "AC"]);
    let (unsplit_stdout, _, _) =
        stdout_of(judge_cmd(PROGRAM, Path::new("problem"), &[]).current_dir(from));
    let reports = from.join("reports");
    for count in 1..=7 {
        let _ = fs::remove_dir_all(&reports);
        fs::create_dir_all(&reports).unwrap();
        let mut union = Vec::new();
        let mut files = Vec::new();
        for index in 1..=count {
            let shard = format!("{index}/{count}");
            let (part, code) = json_run("problem", from, &["--shard", &shard]);
            // Round robin: shard K holds the cases at places K-1, K-1+N, ...
            let places: Vec<f64> = part.cases.iter().map(|c| number(c.get("index"))).collect();
            let expected: Vec<f64> = (index - 1..5).step_by(count).map(|p| p as f64).collect();
            assert_eq!(places, expected, "shard {shard}");
            assert_eq!(string(part.summary.get("shard")), shard);
            assert_eq!(string(part.summary.get("run")), run, "shard {shard}");
            assert_eq!(number(part.summary.get("run_cases")), 5.0);
            assert_eq!(number(part.summary.get("total")), places.len() as f64);
            // An empty shard passes, with nothing judged; a shard passes when its cases do.
            let fails = part.cases.iter().any(|c| string(c.get("verdict")) != "AC");
            assert_eq!(code, i32::from(fails), "shard {shard}");
            union.extend(part.cases.iter().map(essence));
            let file = reports.join(format!("part-{index}.jsonl"));
            fs::write(&file, &part.text).unwrap();
            files.push(file);
        }
        union.sort_by(|a, b| a.1.total_cmp(&b.1));
        assert_eq!(union, whole_cases, "{count} shards");
        // Merged, in any order of the files: the whole run's report and exit status.
        files.reverse();
        let (human, stderr, code) = stdout_of(judge().arg("merge").args(&files));
        assert_eq!(code, Some(whole_code), "{human}{stderr}");
        assert_eq!(
            without_figures(&human),
            without_figures(&unsplit_stdout),
            "{count} shards"
        );
        let (merged, _, _) = stdout_of(judge().args(["merge", "--format", "json"]).args(&files));
        let merged = read_report(&merged);
        let merged_cases: Vec<_> = merged.cases.iter().map(essence).collect();
        assert_eq!(merged_cases, whole_cases, "{count} shards");
        assert_eq!(string(merged.summary.get("run")), run);
        assert_eq!(string(merged.summary.get("shard")), "1/1");
        assert_eq!(number(merged.summary.get("exit_status")), 1.0);
    }
}

#[test]
fn the_run_id_is_the_same_wherever_the_cases_lie() {
    // Two machines' checkouts: the same cases at different absolute paths.
    let first = five_cases();
    let second = five_cases();
    assert_ne!(first, second);
    let id = |dir: &Path, extra: &[&str]| {
        let (report, _) = json_run("problem", dir.parent().unwrap(), extra);
        string(report.summary.get("run"))
    };
    assert_eq!(id(&first, &[]), id(&second, &["--shard", "2/3", "-j", "1"]));
    // Another limit, or another expected output, is another run.
    assert_ne!(id(&first, &[]), id(&first, &["-t", "3"]));
    fs::write(second.join("c.out"), "THREE\n").unwrap();
    assert_ne!(id(&first, &[]), id(&second, &[]));
}

/// Writes shard `index` of `count` of `dir`'s run (from its parent) to `file`.
fn shard_report(dir: &Path, shard: &str, file: &Path) {
    let (report, _) = json_run("problem", dir.parent().unwrap(), &["--shard", shard]);
    fs::write(file, report.text).unwrap();
}

/// `judge merge FILES...`: its exit status and stderr.
fn merge(files: &[&Path]) -> (Option<i32>, String) {
    let (stdout, stderr, code) = stdout_of(judge().arg("merge").args(files));
    assert!(code != Some(2) || stdout.is_empty(), "{stdout}");
    (code, stderr)
}

#[test]
fn merge_refuses_what_is_not_every_shard_of_one_run() {
    let dir = five_cases();
    let at = |name: &str| dir.parent().unwrap().join(name);
    let (one, two, three) = (at("1.jsonl"), at("2.jsonl"), at("3.jsonl"));
    shard_report(&dir, "1/3", &one);
    shard_report(&dir, "2/3", &two);
    shard_report(&dir, "3/3", &three);
    assert_eq!(merge(&[&one, &two, &three]).0, Some(1));

    let (code, stderr) = merge(&[&one, &three]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("a shard is missing: shard 2/3 of run"),
        "{stderr}"
    );
    let (code, stderr) = merge(&[&one, &two, &two, &three]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("shard 2/3 is given twice"), "{stderr}");

    // Another split of the same run.
    let halves = at("halves.jsonl");
    shard_report(&dir, "2/2", &halves);
    let (code, stderr) = merge(&[&one, &halves]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("share their N"), "{stderr}");

    // Another run: an answer changed before the third shard was judged.
    fs::write(dir.join("e.out"), "FIVE\n").unwrap();
    let other = at("other.jsonl");
    shard_report(&dir, "3/3", &other);
    let (code, stderr) = merge(&[&one, &two, &other]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("is a report of another run than"),
        "{stderr}"
    );

    // A report cut short (its judge stopped, a copy that failed), and not a report at all.
    let text = fs::read_to_string(&one).unwrap();
    let cut = at("cut.jsonl");
    let mut lines: Vec<&str> = text.lines().collect();
    lines.remove(0);
    fs::write(&cut, lines.join("\n")).unwrap();
    let (code, stderr) = merge(&[&cut, &two, &three]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("shard 1/3 has 1 case of its 2"), "{stderr}");
    fs::write(&cut, &text[..text.len() - 20]).unwrap();
    let (code, stderr) = merge(&[&cut, &two, &three]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("not JSON"), "{stderr}");
    fs::write(&cut, text.lines().next().unwrap()).unwrap();
    let (code, stderr) = merge(&[&cut]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("no summary line"), "{stderr}");
    let (code, stderr) = merge(&[&at("nowhere.jsonl")]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("cannot read"), "{stderr}");
}

#[test]
fn a_shard_is_named_k_of_n_and_goes_with_judging() {
    for wrong in ["0/3", "4/3", "3", "a/b"] {
        let (_, stderr, code) = stdout_of(judge().args(["--shard", wrong]));
        assert_eq!(code, Some(2), "{wrong}");
        assert!(stderr.contains("--shard expects K/N"), "{stderr}");
    }
    let (_, stderr, code) = stdout_of(judge().args(["play", "--shard", "1/2"]));
    assert_eq!(code, Some(2));
    assert!(stderr.contains("--shard goes with judging"), "{stderr}");
    let (_, stderr, code) = stdout_of(judge().arg("merge"));
    assert_eq!(code, Some(2));
    assert!(stderr.contains("merge needs the JSON reports"), "{stderr}");
}

/// Every variable `--shard auto` reads, removed from a command's environment so that a test
/// run inside a CI job is not split by that job's own variables.
pub const CI_VARIABLES: [&str; 12] = [
    "CI_NODE_INDEX",
    "CI_NODE_TOTAL",
    "CIRCLE_NODE_INDEX",
    "CIRCLE_NODE_TOTAL",
    "BUILDKITE_PARALLEL_JOB",
    "BUILDKITE_PARALLEL_JOB_COUNT",
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_COUNT",
    "SLURM_ARRAY_TASK_STEP",
    "SLURM_ARRAY_TASK_MAX",
    "JOB_COMPLETION_INDEX",
];

/// `command` with none of the CI's variables set.
pub fn without_ci(command: &mut assert_cmd::Command) -> &mut assert_cmd::Command {
    for variable in CI_VARIABLES {
        command.env_remove(variable);
    }
    command
}

/// `--shard auto` in a GitLab job split in 3: `CI_NODE_INDEX=2` (GitLab counts from 1) is shard
/// 2/3, the cases at places 1 and 4 of the five (b: WA, e: AC), and the note says where it came
/// from; outside a CI job it is refused before anything is judged.
#[test]
fn shard_auto_reads_the_ci_variables_or_is_refused() {
    let dir = five_cases();
    let from = dir.parent().unwrap();
    let mut command = judge_cmd(
        PROGRAM,
        Path::new("problem"),
        &["--format", "json", "--shard", "auto"],
    );
    without_ci(&mut command)
        .env("CI_NODE_INDEX", "2")
        .env("CI_NODE_TOTAL", "3")
        .current_dir(from);
    let (stdout, stderr, code) = stdout_of(&mut command);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    let report = read_report(&stdout);
    let cases: Vec<(String, String)> = report
        .cases
        .iter()
        .map(|case| (string(case.get("case")), string(case.get("verdict"))))
        .collect();
    assert_eq!(
        cases,
        [
            ("problem/b".to_string(), "WA".to_string()),
            ("problem/e".to_string(), "AC".to_string())
        ],
        "{stdout}"
    );
    assert_eq!(
        string(report.summary.get("shard")),
        "2/3",
        "{}",
        report.text
    );
    assert!(
        stderr.contains(
            "note: --shard auto: shard 2/3, from GitLab's CI_NODE_INDEX=2 and CI_NODE_TOTAL=3\n"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("shard 2/3: 2 cases of the run's 5"),
        "{stderr}"
    );
    // Outside a CI job: a usage error that names what it looked for, and nothing judged.
    let mut command = judge_cmd(PROGRAM, Path::new("problem"), &["--shard", "auto"]);
    without_ci(&mut command).current_dir(from);
    let (stdout, stderr, code) = stdout_of(&mut command);
    assert_eq!(code, Some(2), "{stdout}{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        stderr.starts_with("error: --shard auto found no CI engine's variables; it reads GitLab (CI_NODE_INDEX, CI_NODE_TOTAL), "),
        "{stderr}"
    );
    // A variable out of range is named with its value.
    let mut command = judge_cmd(PROGRAM, Path::new("problem"), &["--shard", "auto"]);
    without_ci(&mut command)
        .env("CIRCLE_NODE_INDEX", "3")
        .env("CIRCLE_NODE_TOTAL", "3")
        .current_dir(from);
    let (_, stderr, code) = stdout_of(&mut command);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains(
            "error: --shard auto: CIRCLE_NODE_INDEX=3 is out of range: CircleCI counts from 0 to 2"
        ),
        "{stderr}"
    );
}

/// A report edited by hand cannot move the terminal's cursor through merge: a case's detail is
/// made printable, as the judge makes everything it reports.
#[test]
fn merge_prints_a_reports_detail_made_printable() {
    let dir = common::fresh_folder("shards", "escapes", &[] as &[(&str, &str)]);
    let report = dir.join("report.jsonl");
    fs::write(
        &report,
        concat!(
            r#"{"type":"case","case":"p/a","index":0,"verdict":"WA","time_ms":3,"memory_mib":0.9,"memory_bytes":929792,"detail":"\u001b[1A\r\u001b[2Kp/a  AC\u001b[8m"}"#,
            "\n",
            r#"{"type":"summary","schema":1,"run":"0123456789abcdef0123456789abcdef","shard":"1/1","run_cases":1,"total":1,"counts":{"AC":0,"WA":1,"RE":0,"TLE":0,"MLE":0,"OLE":0,"JE":0},"exit_status":1}"#,
            "\n"
        ),
    )
    .unwrap();
    let (stdout, stderr, code) = stdout_of(judge().arg("merge").arg(&report));
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        !stdout.contains('\u{1b}') && !stdout.contains('\r'),
        "{stdout:?}"
    );
    assert!(
        stdout.contains("\\u{1b}[1A\\r\\u{1b}[2Kp/a  AC"),
        "{stdout}"
    );
    assert!(stdout.contains("1 case: 1 WA"), "{stdout}");
}
