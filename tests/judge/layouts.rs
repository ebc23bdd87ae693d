//! Test-data layouts end to end through the `judge` binary: a folder in each layout (built here)
//! judged with the right case count and the layout line on stderr; a Kattis output validator
//! (a Python script) that accepts and rejects, and one that is only source; skipped look-alike
//! files named in warnings; two layouts at once; per-folder limits and `-t` over them; a judge
//! file left among the cases; a loop of links as one error; a plain folder's `.ans` answers,
//! and a `.ans` and `.out` that differ.
// Without `slow-tests` the slow tests below are left out, and helpers only they use unused.
#![cfg_attr(not(feature = "slow-tests"), allow(dead_code, unused_imports))]

use crate::common::{self, judge_cmd as judge};
use predicates::prelude::*;
use predicates::str::contains;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;

fn folder(files: &[(&str, &str)]) -> PathBuf {
    common::fresh_folder("layouts", "problem", files)
}

#[test]
fn an_online_judge_tools_folder_is_named_with_its_cases() {
    let dir = folder(&[
        ("a.in", "1\n"),
        ("a.out", "1\n"),
        ("b.in", "2\n"),
        ("b.out", "2\n"),
    ]);
    judge("cat", &dir, &[])
        .assert()
        .code(0)
        .stderr(contains(
            "problem: online-judge-tools (NAME.in + NAME.out): 2 cases; limits 2 s (default), 1024 MiB (default)",
        ))
        .stdout(contains("2 cases: 2 AC"));
}

/// A plain folder of `NAME.in` + `NAME.ans` (as Codeforces and Kattis name answers): each
/// `.ans` is its case's answer, and the folder line says so. `cat` answers 1 and 2: right for
/// `a` (1), wrong for `b` (3).
#[test]
fn a_plain_folder_s_ans_files_are_its_answers() {
    let dir = folder(&[
        ("a.in", "1\n"),
        ("a.ans", "1\n"),
        ("b.in", "2\n"),
        ("b.ans", "3\n"),
    ]);
    judge("cat", &dir, &[])
        .assert()
        .code(1)
        .stderr(contains(
            "problem: online-judge-tools (NAME.in + NAME.ans): 2 cases; limits",
        ))
        .stderr(contains("warning").not())
        .stdout(contains("problem/a  AC").and(contains("problem/b  WA")))
        .stdout(contains("expected (line 1): \"3\""))
        .stdout(contains("2 cases: 1 AC, 1 WA"));
}

/// Where a case has a `.ans` and a `.out` that differ, the `.out` (oj's name) is judged
/// against and a warning names it; where they are the same, nothing is said. `cat` answers 1:
/// the `.out`'s answer, not the `.ans`'s 2.
#[test]
fn an_ans_and_out_that_differ_are_warned_about_and_the_out_is_judged_against() {
    let dir = folder(&[("a.in", "1\n"), ("a.out", "1\n"), ("a.ans", "2\n")]);
    judge("cat", &dir, &[])
        .assert()
        .code(0)
        .stderr(contains(format!(
            "warning: {}: a.ans and a.out differ; judging against a.out\n",
            dir.join("a").display()
        )))
        .stderr(contains(
            "problem: online-judge-tools (NAME.in + NAME.out): 1 case;",
        ))
        .stdout(contains("1 case: 1 AC"));
    fs::write(dir.join("a.ans"), "1\n").unwrap();
    judge("cat", &dir, &[])
        .assert()
        .code(0)
        .stderr(contains("warning").not())
        .stderr(contains(
            "problem: online-judge-tools (NAME.in + NAME.out): 1 case;",
        ))
        .stdout(contains("1 case: 1 AC"));
}

#[test]
fn atcoder_test_data_pairs_in_and_out_by_file_name() {
    let dir = folder(&[
        ("in/sample_01.txt", "7\n"),
        ("out/sample_01.txt", "7\n"),
        ("in/random_02.txt", "8\n"),
        ("out/random_02.txt", "8\n"),
        ("in/max_03.txt", "9\n"),
        ("out/max_03.txt", "9\n"),
    ]);
    judge("cat", &dir, &[])
        .assert()
        .code(0)
        .stderr(contains("AtCoder test data (in/NAME + out/NAME): 3 cases"))
        .stdout(contains("problem/sample_01").and(contains("problem/max_03")))
        .stdout(contains("3 cases: 3 AC"));
    fs::remove_file(dir.join("in/max_03.txt")).unwrap();
    judge("cat", &dir, &[])
        .assert()
        .code(2)
        .stderr(contains("max_03.txt has no input"));
}

/// A Kattis package with sample and grouped secret cases and its limits in problem.yaml.
fn kattis_package() -> PathBuf {
    folder(&[
        (
            "problem.yaml",
            "name: Echo\nlimits:\n  time_limit: 3\n  memory: 512\n",
        ),
        ("data/sample/1.in", "5\n"),
        ("data/sample/1.ans", "5\n"),
        ("data/secret/02.in", "6\n"),
        ("data/secret/02.ans", "6\n"),
        ("data/secret/group1/03.in", "7\n"),
        ("data/secret/group1/03.ans", "7\n"),
    ])
}

#[test]
fn a_kattis_package_reads_sample_and_secret_below_with_its_limits() {
    let dir = kattis_package();
    judge("cat", &dir, &[])
        .assert()
        .code(0)
        .stderr(contains(
            "problem: Kattis package (data/sample, data/secret): 3 cases; limits 3 s (problem.yaml), 512 MiB (problem.yaml)",
        ))
        .stdout(contains("problem/sample/1").and(contains("problem/secret/group1/03")))
        .stdout(contains("3 cases: 3 AC"));
}

/// A Kattis output validator: accepts a number within 1 of the answer, writes why it rejects to
/// judgemessage.txt; the feedback folder must be empty when it starts (exit 3: a judge error).
const VALIDATOR: &str = r#"#!/usr/bin/env python3
import os, sys
input_file, answer_file, feedback = sys.argv[1], sys.argv[2], sys.argv[3]
if os.listdir(feedback):
    sys.exit(3)
answer = int(open(answer_file).read())
given = int(sys.stdin.read())
open(os.path.join(feedback, "judgemessage.txt"), "w").write(f"expected {answer}, got {given}\n")
sys.exit(42 if abs(given - answer) <= 1 else 43)
"#;

#[test]
#[cfg(feature = "slow-tests")]
fn a_kattis_output_validator_accepts_and_rejects_by_exit_status() {
    let dir = kattis_package();
    let validator = dir.join("output_validators/near/validate.py");
    fs::create_dir_all(validator.parent().unwrap()).unwrap();
    fs::write(&validator, VALIDATOR).unwrap();
    fs::set_permissions(&validator, fs::Permissions::from_mode(0o755)).unwrap();
    // Each answer plus one: not equal, but near enough for the validator, in every case.
    judge("echo $(( $(cat) + 1 ))", &dir, &["-j", "1"])
        .assert()
        .code(0)
        .stderr(contains("output validator").and(contains("validate.py")))
        .stdout(contains("3 cases: 3 AC"));
    // 7 is near the answers 6 and 7, two away from 5.
    judge("echo 7", &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("problem/sample/1").and(contains("WA")))
        .stdout(contains("expected 5, got 7"))
        .stdout(contains("2 AC, 1 WA"));
}

#[test]
fn a_kattis_validator_that_is_only_source_is_built_and_judges() {
    let dir = kattis_package();
    let source = dir.join("output_validators/near/validator.cpp");
    fs::create_dir_all(source.parent().unwrap()).unwrap();
    // A validator that accepts anything: `cat` is accepted, though its output is the input.
    fs::write(&source, "int main() { return 42; }\n").unwrap();
    judge("cat", &dir, &[])
        .assert()
        .code(0)
        .stderr(contains("output validator").and(contains("/run")))
        .stdout(contains("AC").and(contains("WA").not()));
}

#[test]
fn a_polygon_package_reads_tests_and_its_problem_xml_limits() {
    let xml = "<problem>\n  <judging>\n    <testset name=\"tests\">\n      <time-limit>2500</time-limit>\n      <memory-limit>268435456</memory-limit>\n    </testset>\n  </judging>\n</problem>\n";
    let dir = folder(&[
        ("problem.xml", xml),
        ("tests/01", "1\n"),
        ("tests/01.a", "1\n"),
        ("tests/02", "2\n"),
        ("tests/02.a", "2\n"),
    ]);
    judge("cat", &dir, &[])
        .assert()
        .code(0)
        .stderr(contains(
            "Polygon package (tests/NN + tests/NN.a): 2 cases; limits 2.5 s (problem.xml), 256 MiB (problem.xml)",
        ))
        .stdout(contains("problem/01").and(contains("2 cases: 2 AC")));
    fs::remove_file(dir.join("tests/02.a")).unwrap();
    judge("cat", &dir, &[])
        .assert()
        .code(2)
        .stderr(contains("02 has no expected output").and(contains("02.a")));
}

#[test]
fn files_that_look_like_cases_but_are_skipped_are_named_in_warnings() {
    let dir = folder(&[
        ("a.in", "1\n"),
        ("a.out", "1\n"),
        ("b.IN", "2\n"),
        ("c.OUT", "3\n"),
        (".d.in", "4\n"),
        ("extra/e.in", "5\n"),
        ("notes.md", "not a case\n"),
    ]);
    let assert = judge("cat", &dir, &[]).assert().code(0);
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    for skipped in ["b.IN", "c.OUT", ".d.in", "e.in"] {
        assert!(
            stderr
                .lines()
                .any(|line| line.starts_with("warning: skipped") && line.contains(skipped)),
            "no warning for {skipped}:\n{stderr}"
        );
    }
    assert!(!stderr.contains("notes.md"), "{stderr}");
    assert!(stderr.contains("1 case;"), "{stderr}");
}

#[test]
fn two_layouts_at_once_is_an_error_naming_both() {
    let dir = folder(&[
        ("a.in", ""),
        ("a.out", ""),
        ("tests/01", ""),
        ("tests/01.a", ""),
    ]);
    judge("cat", &dir, &[])
        .assert()
        .code(2)
        .stderr(contains("two layouts at once").and(contains("online-judge-tools")))
        .stderr(contains("Polygon package"));
}

/// A program that burns about a second of CPU (far more than 0.2 s, far less than 10 s).
const BURNER: &str = "python3 -c 'sum(range(30000000)); print(1)'";

#[test]
#[cfg(feature = "slow-tests")]
fn a_limits_file_sets_the_folder_limits_and_flags_override_it() {
    let dir = folder(&[("a.in", ""), ("a.out", "1\n")]);
    common::judge_file(
        &dir,
        "limits",
        "# tight\ntime-limit 0.2\nmemory-limit 256\n",
    );
    judge(BURNER, &dir, &[])
        .assert()
        .code(1)
        .stderr(contains("limits 0.2 s (").and(contains("problem.judge/limits), 256 MiB")))
        .stdout(contains("TLE"));
    judge(BURNER, &dir, &["-t", "10"])
        .assert()
        .code(0)
        .stderr(contains("limits 10 s (-t), 256 MiB ("))
        .stdout(contains("AC"));
    common::judge_file(&dir, "limits", "time-limit 1\ntimelimit 2\n");
    judge("cat", &dir, &[])
        .assert()
        .code(2)
        .stderr(contains("limits: line 2: expected `time-limit SECONDS`"));
}

#[test]
fn a_judge_file_among_the_cases_says_where_it_goes_now() {
    let dir = folder(&[("a.in", ""), ("a.out", ""), ("checker", "sh check.sh\n")]);
    judge("cat", &dir, &[])
        .assert()
        .code(2)
        .stderr(contains("checker: judge files go beside the cases now"))
        .stderr(contains("problem.judge/checker"));
}

/// A case file that is a link in a loop (`ln -s loop.in loop.in`, or a.in -> b.in -> a.in) is
/// one error naming it: its answer is not also said to have "no input".
#[test]
fn a_loop_of_links_is_one_error_naming_the_file() {
    use std::os::unix::fs::symlink;
    let dir = folder(&[("loop.out", "1\n"), ("ok.in", "1\n"), ("ok.out", "1\n")]);
    symlink("loop.in", dir.join("loop.in")).unwrap();
    let output = judge("cat", &dir, &[]).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    let errors: Vec<&str> = stderr
        .lines()
        .filter(|line| line.starts_with("error:"))
        .collect();
    assert_eq!(errors.len(), 1, "{stderr}");
    assert!(
        errors[0].ends_with(
            "problem/loop.in is a link to loop.in, in a loop of links that never reaches a file: a case file must be a regular file outside /proc and /sys"
        ),
        "{stderr}"
    );
    let dir = folder(&[("a.out", "1\n"), ("b.out", "1\n")]);
    symlink("b.in", dir.join("a.in")).unwrap();
    symlink("a.in", dir.join("b.in")).unwrap();
    judge("cat", &dir, &[])
        .assert()
        .code(2)
        .stderr(contains("a.in is a link to b.in, in a loop of links"))
        .stderr(contains("b.in is a link to a.in, in a loop of links"))
        .stderr(contains("has no input").not());
}
