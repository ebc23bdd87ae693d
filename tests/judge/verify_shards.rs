//! `judge verify --shard K/N`: a package's submissions split among machines, and `judge merge`
//! joining their reports. The union of the shards is the unsplit verify, submission for
//! submission; what only all the submissions tell (the time limit's margin) is checked by the
//! merge; a shard needs a fixed time limit.

use crate::common::{self, judge};
use crate::report_formats::{parse_json, stdout_of, Json};
use std::fs;
use std::path::{Path, PathBuf};

/// A copy of the quotient package (time limit 2 s from problem.yaml; six submissions: three
/// accepted, one that times out, two wrong), with `more` files added.
fn quotient(name: &str, more: &[(&str, &str)]) -> PathBuf {
    let mut files = common::fixture_files("kattis/quotient");
    files.extend(
        more.iter()
            .map(|(path, text)| (path.to_string(), text.to_string())),
    );
    common::fresh_folder("verify_shards", name, &files)
}

/// `judge verify DIR EXTRA…`: stdout, stderr, exit status.
fn verify(dir: &Path, extra: &[&str]) -> (String, String, Option<i32>) {
    stdout_of(judge().arg("verify").arg(dir).args(extra))
}

/// `judge merge FILES… EXTRA…`: stdout, stderr, exit status.
fn merge(files: &[PathBuf], extra: &[&str]) -> (String, String, Option<i32>) {
    stdout_of(judge().arg("merge").args(files).args(extra))
}

/// The rows of a verify JSON report (its last line, the summary, checked and left out), each
/// as (place, submission, expected, got, status).
fn rows(report: &str) -> Vec<(usize, String, String, String, String)> {
    let mut lines: Vec<Json> = report
        .lines()
        .map(|line| parse_json(line).unwrap_or_else(|error| panic!("{error}: {line}")))
        .collect();
    let summary = lines.pop().expect("a summary line");
    assert_eq!(
        summary.get("type"),
        Some(&Json::String("verify_summary".into()))
    );
    let text = |line: &Json, key: &str| match line.get(key) {
        Some(Json::String(text)) => text.clone(),
        other => panic!("{key} is not a string: {other:?}"),
    };
    lines
        .iter()
        .map(|line| {
            assert_eq!(line.get("type"), Some(&Json::String("submission".into())));
            let index = match line.get("index") {
                Some(Json::Number(index)) => *index as usize,
                other => panic!("no index: {other:?}"),
            };
            (
                index,
                text(line, "submission"),
                text(line, "expected"),
                text(line, "got"),
                text(line, "status"),
            )
        })
        .collect()
}

/// The report for people with its figures left out (times, and the slowest case of an
/// accepted submission, which may differ from run to run).
fn without_figures(report: &str) -> Vec<String> {
    report
        .lines()
        .map(|line| match line.find(" ms ") {
            Some(at) if line.ends_with("  ok") => format!("{} [time, case] ok", &line[..at]),
            _ => line.to_string(),
        })
        .map(|line| {
            line.chars()
                .map(|c| if c.is_ascii_digit() { '#' } else { c })
                .collect()
        })
        .collect()
}

#[test]
fn the_shards_of_a_verify_together_are_the_unsplit_verify() {
    let dir = quotient("whole", &[]);
    let scratch = common::fresh_folder("verify_shards", "reports", &[] as &[(&str, &str)]);
    let (whole_json, _, whole_code) = verify(&dir, &["--format", "json"]);
    let (whole_human, _, code) = verify(&dir, &[]);
    assert_eq!(code, whole_code);
    assert_eq!(whole_code, Some(0), "{whole_human}");
    let whole = rows(&whole_json);
    assert_eq!(whole.len(), 6, "{whole_json}");
    // Accepted ones first, each row at its place.
    assert!(whole[..3].iter().all(|row| row.2 == "AC"), "{whole:?}");
    assert!(whole.iter().enumerate().all(|(at, row)| row.0 == at));
    // Two shards, and more shards than submissions (one is empty).
    for count in [2, 7] {
        let mut files = Vec::new();
        let mut union = Vec::new();
        for index in 1..=count {
            let shard = format!("{index}/{count}");
            let (report, stderr, code) =
                verify(&dir, &["--shard", &shard, "--format", "json", "-j", "2"]);
            assert_eq!(code, Some(0), "{shard}: {stderr}");
            assert!(stderr.contains(&format!("shard {shard}: ")), "{stderr}");
            let part = rows(&report);
            assert!(
                part.iter().all(|row| row.0 % count == index - 1),
                "{shard}: {part:?}"
            );
            union.extend(part);
            let file = scratch.join(format!("{count}-{index}.jsonl"));
            fs::write(&file, report).unwrap();
            files.push(file);
        }
        union.sort();
        assert_eq!(union, whole, "{count} shards");
        files.reverse();
        let (merged, stderr, code) = merge(&files, &[]);
        assert_eq!(code, whole_code, "{stderr}");
        assert_eq!(
            without_figures(&merged),
            without_figures(&whole_human),
            "{count} shards merged"
        );
        let (merged_json, _, code) = merge(&files, &["--format", "json"]);
        assert_eq!(code, whole_code);
        assert_eq!(rows(&merged_json), whole);
        let run = |report: &str| {
            let summary = parse_json(report.lines().last().unwrap()).unwrap();
            (summary.get("run").cloned(), summary.get("shard").cloned())
        };
        assert_eq!(run(&merged_json), run(&whole_json));
    }
}

/// The Kattis margin (the slowest accepted case x 2 within the package's time limit) is a
/// check over all the accepted submissions: a shard cannot make it, the merge does. Here an
/// accepted submission spends 0.3 s of CPU under a limit of 0.5 s: within the limit, not
/// within the margin.
#[test]
fn the_merge_holds_the_accepted_submissions_to_the_time_limits_margin() {
    const SLOW: &str = "import time\nwhile time.process_time() < 0.3:\n    pass\na, b = map(int, input().split())\nprint('Quotient', a / b)\n";
    let dir = quotient("margin", &[("submissions/accepted/slow.py", SLOW)]);
    let yaml = fs::read_to_string(dir.join("problem.yaml")).unwrap();
    fs::write(
        dir.join("problem.yaml"),
        yaml.replace("time_limit: 2", "time_limit: 0.5"),
    )
    .unwrap();
    fs::remove_dir_all(dir.join("submissions/time_limit_exceeded")).unwrap();
    let (_, stderr, code) = verify(&dir, &[]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("is tighter than the slowest accepted case"),
        "{stderr}"
    );
    let scratch = common::fresh_folder("verify_shards", "margin-reports", &[] as &[(&str, &str)]);
    let mut files = Vec::new();
    for index in 1..=3 {
        let shard = format!("{index}/3");
        let (report, stderr, code) = verify(&dir, &["--shard", &shard, "--format", "json"]);
        assert_eq!(code, Some(0), "{shard} alone passes: {stderr}");
        let file = scratch.join(format!("{index}.jsonl"));
        fs::write(&file, report).unwrap();
        files.push(file);
    }
    let (merged, stderr, code) = merge(&files, &[]);
    assert_eq!(code, Some(1), "{merged}");
    assert!(
        stderr.contains("is tighter than the slowest accepted case"),
        "{stderr}"
    );
}

/// `verify --shard auto` on a Buildkite job split in 2: `BUILDKITE_PARALLEL_JOB=1` (Buildkite
/// counts from 0) is shard 2/2, the submissions at places 1, 3 and 5 of the six; with no CI
/// variable it is refused.
#[test]
fn a_verify_shard_auto_reads_the_ci_variables() {
    let dir = quotient("auto", &[]);
    let mut command = judge();
    crate::shards::without_ci(&mut command)
        .env("BUILDKITE_PARALLEL_JOB", "1")
        .env("BUILDKITE_PARALLEL_JOB_COUNT", "2")
        .arg("verify")
        .arg(&dir)
        .args(["--shard", "auto", "--format", "json"]);
    let (report, stderr, code) = stdout_of(&mut command);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("note: --shard auto: shard 2/2, from Buildkite's BUILDKITE_PARALLEL_JOB=1 and BUILDKITE_PARALLEL_JOB_COUNT=2"), "{stderr}");
    assert!(stderr.contains("shard 2/2: "), "{stderr}");
    let places: Vec<usize> = rows(&report).iter().map(|row| row.0).collect();
    assert_eq!(places, [1, 3, 5], "{report}");
    let mut command = judge();
    crate::shards::without_ci(&mut command)
        .arg("verify")
        .arg(&dir)
        .args(["--shard", "auto"]);
    let (_, stderr, code) = stdout_of(&mut command);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("error: --shard auto found no CI engine's variables"),
        "{stderr}"
    );
}

#[test]
fn a_sharded_verify_needs_a_fixed_time_limit_and_merge_one_kind_of_report() {
    let guess = common::fixture("kattis/guess");
    let (_, stderr, code) = verify(&guess, &["--shard", "1/2"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("judge verify --shard needs a fixed time limit"),
        "{stderr}"
    );
    // With -t it runs.
    let (_, stderr, code) = verify(&guess, &["--shard", "2/2", "-t", "2"]);
    assert_eq!(code, Some(0), "{stderr}");
    // A verify report and a judge report are not one run.
    let scratch = common::fresh_folder(
        "verify_shards",
        "kinds",
        &[("a.in", "1\n"), ("a.out", "1\n")],
    );
    let (verified, _, _) = verify(&guess, &["--shard", "1/2", "-t", "2", "--format", "json"]);
    let (judged, _, _) = stdout_of(
        judge()
            .args(["--shard", "2/2", "--format", "json", "--cmd", "cat"])
            .arg(&scratch),
    );
    let (one, two) = (scratch.join("verify.jsonl"), scratch.join("judge.jsonl"));
    fs::write(&one, verified).unwrap();
    fs::write(&two, judged).unwrap();
    let (_, stderr, code) = merge(&[one, two], &[]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("is a report of judge and"), "{stderr}");
}
