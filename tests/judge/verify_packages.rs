//! `judge verify PKG` on packages of our own: Kattis (`tests/fixtures/kattis/guess`, interactive
//! with a Python validator; `quotient`, the default validator with flags, an input validator, a
//! C++ and Python submissions, one that spins; `bounded_sum`, the 2025-09 format, whose constant
//! is put into its input validator and a submission; `parity`, 2025-09, its submissions held by
//! `submissions/submissions.yaml`), DOMjudge (`tests/fixtures/domjudge/add`, a
//! `.timelimit` and `@EXPECTED_RESULTS@` tags) and Polygon (`tests/fixtures/polygon/sum`, tagged
//! solutions). What each submission should get is written in its own comment, worked out by
//! hand; a test copies a package to move a submission where it does not belong, and checks that
//! verify then fails.

use crate::common::{self, fixture, judge};
use crate::report_formats::{parse_json, Json};
use predicates::prelude::*;
use predicates::str::contains;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// `judge verify DIR` with extra arguments, bounded in time.
fn verify(dir: &Path, extra: &[&str]) -> assert_cmd::Command {
    let mut command = judge();
    command
        .arg("verify")
        .arg(dir)
        .args(extra)
        .timeout(Duration::from_secs(300));
    command
}

/// `judge verify DIR EXTRA…` started, its output kept, for a test to signal.
fn spawn_verify(dir: &Path, extra: &[&str]) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
        .env(
            "XDG_CACHE_HOME",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("cache"),
        )
        .arg("verify")
        .arg(dir)
        .args(extra)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

/// Sends SIGTERM to a started judge (by its pid) and waits for its output.
fn terminated(child: std::process::Child) -> std::process::Output {
    std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    child.wait_with_output().unwrap()
}

/// A copy of a fixture package, to change.
fn copy_of(path: &str) -> PathBuf {
    let name = fixture(path)
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    common::fresh_folder("verify", &name, &common::fixture_files(path))
}

#[test]
fn every_submission_of_a_kattis_package_gets_its_folders_verdict() {
    verify(&fixture("kattis/quotient"), &[])
        .assert()
        .code(0)
        .stdout(contains("Kattis package, 3 cases, 6 submissions"))
        .stdout(contains(
            "input validators (validate.py): 3 of 3 inputs valid",
        ))
        .stdout(contains("time limit 2 s (problem.yaml)"))
        .stdout(predicate::str::is_match(r"accepted/quotient\.cpp +AC +AC .* ok\n").unwrap())
        .stdout(
            predicate::str::is_match(r"time_limit_exceeded/spins\.py +TLE +TLE .* ok\n").unwrap(),
        )
        .stdout(predicate::str::is_match(r"wrong_answer/lower_case\.py +WA +WA .* ok\n").unwrap())
        .stdout(contains("6 submissions: 6 as expected"));
    // Interactive: the output validator is the interactor.
    verify(&fixture("kattis/guess"), &["--format", "json"])
        .assert()
        .code(0)
        .stdout(contains(
            r#"{"type":"submission","index":0,"submission":"accepted/binary_search.py","expected":"AC","got":"AC","status":"ok""#,
        ))
        .stdout(contains(r#""sets_time_limit":true,"accepted_ms":"#))
        .stdout(contains(r#"{"type":"verify_summary","schema":1,"run":""#))
        .stdout(contains(r#""shard":"1/1","run_submissions":2,"submissions":2,"as_expected":2,"failed":0"#))
        .stdout(contains(r#""exit_status":0,"#));
}

/// A multi-pass package (`tests/fixtures/kattis/doubling`): doubling is right in both passes;
/// adding one to an odd input is wrong in pass 2 (83 for 82, 19 for 18), and exiting 3 on it
/// a run-time error there: each submission gets its folder's verdict.
#[test]
fn a_multi_pass_packages_submissions_get_their_folders_verdicts() {
    verify(&fixture("kattis/doubling"), &[])
        .assert()
        .code(0)
        .stdout(contains("Kattis package, 2 cases, 3 submissions"))
        .stdout(predicate::str::is_match(r"accepted/doubles\.py +AC +AC .* ok\n").unwrap())
        .stdout(predicate::str::is_match(r"wrong_answer/odd_plus_one\.py +WA +WA .* ok\n").unwrap())
        .stdout(
            predicate::str::is_match(r"run_time_error/odd_crashes\.py +RTE +RTE .* ok\n").unwrap(),
        )
        .stdout(contains("3 submissions: 3 as expected"));
}

/// Issue 42: a 2025-09 package (`tests/fixtures/kattis/echo`). Its input validator gets each
/// group's `input_validator_args` (a list for words, a map naming `validate` for numbers) and
/// 3-long's own `--max-length 40`, so its 31 characters are valid (they were refused, at the
/// group's 20); each submission gets what its folder says only with the groups' output
/// validator arguments and 2-shout's `args`.
#[test]
fn a_2025_09_package_s_settings_reach_its_validators_and_submissions() {
    verify(&fixture("kattis/echo"), &[])
        .assert()
        .code(0)
        .stdout(contains("Kattis package, 5 cases, 2 submissions"))
        .stdout(contains(
            "input validators (validate.py): 5 of 5 inputs valid",
        ))
        .stdout(predicate::str::is_match(r"accepted/echo\.py +AC +AC .* ok\n").unwrap())
        .stdout(
            predicate::str::is_match(
                r"wrong_answer/lower_spaced\.py +AC,WA; 1\+ WA +AC,WA .* ok\n",
            )
            .unwrap(),
        )
        .stdout(contains("2 submissions: 2 as expected"));
    // Without 3-long's own arguments, the group's 20 characters hold.
    let dir = copy_of("kattis/echo");
    fs::remove_file(dir.join("data/secret/words/3-long.yaml")).unwrap();
    fs::remove_dir_all(dir.join("submissions/wrong_answer")).unwrap();
    verify(&dir, &[])
        .assert()
        .code(1)
        .stdout(contains("4 of 5 inputs valid"))
        .stdout(contains(
            "invalid input secret/words/3-long: refused by validate.py (exit status 43): 31 characters, more than 20",
        ));
}

#[test]
fn a_submission_that_does_not_get_its_folders_verdict_fails_verify() {
    let dir = copy_of("kattis/quotient");
    // Three decimals is wrong on the sample: it does not belong in accepted/.
    fs::rename(
        dir.join("submissions/wrong_answer/three_digits.py"),
        dir.join("submissions/accepted/three_digits.py"),
    )
    .unwrap();
    fs::remove_dir_all(dir.join("submissions/time_limit_exceeded")).unwrap();
    verify(&dir, &[])
        .assert()
        .code(1)
        .stdout(
            predicate::str::is_match(r"accepted/three_digits\.py +AC +WA .* FAILED: sample/1: WA")
                .unwrap(),
        )
        // The details on one line, without the alignment of the report's two lines.
        .stdout(contains("; actual (token 2, line 1, column 10): \"0.333\""))
        .stdout(contains(
            "5 submissions: 4 as expected, 1 not (accepted/three_digits.py)",
        ));
}

#[test]
fn an_invalid_input_fails_and_a_package_without_submissions_cannot_be_checked() {
    let dir = copy_of("kattis/quotient");
    fs::write(dir.join("data/secret/1.in"), "2 0\n").unwrap();
    fs::remove_dir_all(dir.join("submissions/time_limit_exceeded")).unwrap();
    verify(&dir, &[])
        .assert()
        .code(1)
        .stdout(contains("2 of 3 inputs valid"))
        .stdout(contains(
            "invalid input secret/1: refused by validate.py (exit status 43): expected one line: A B, with B not zero",
        ))
        .stdout(contains("; 1 invalid input"))
        // Every accepted one fails on it (divides by zero): the invalid input is named as why,
        // with the verdict as Kattis names it.
        .stdout(contains("FAILED: secret/1: RTE: exit status 1"))
        .stderr(contains(
            "none of the submissions expected to be accepted was, with 1 input the validators refused (above): fix those first",
        ));
    // Issue 42: refused by two validators, the input counts once.
    fs::copy(
        dir.join("input_validators/validate.py"),
        dir.join("input_validators/validate_again.py"),
    )
    .unwrap();
    verify(&dir, &[])
        .assert()
        .code(1)
        .stdout(contains("2 of 3 inputs valid"))
        .stdout(contains(
            "invalid input secret/1: refused by validate_again.py (exit status 43)",
        ))
        .stdout(contains("; 1 invalid input"));
    fs::remove_dir_all(dir.join("submissions")).unwrap();
    verify(&dir, &[])
        .assert()
        .code(2)
        .stderr(contains("has no submissions to check"));
    verify(&fixture("kattis/quotient/data"), &[])
        .assert()
        .code(2)
        .stderr(contains("error:"));
}

#[test]
fn domjudge_tags_are_held_and_results_named_as_domjudge_names_them() {
    let dir = fixture("domjudge/add");
    verify(&dir, &[])
        .assert()
        .code(0)
        .stdout(contains("DOMjudge package, 3 cases, 8 submissions"))
        .stdout(contains("time limit 1 s (.timelimit)"))
        .stdout(predicate::str::is_match(r"accepted/add\.cpp +CORRECT +CORRECT .* ok\n").unwrap())
        .stdout(predicate::str::is_match(r"accepted/add\.R +CORRECT +- .* skipped: ").unwrap())
        .stdout(
            predicate::str::is_match(r"mixed/either\.py +CORRECT,WRONG-ANSWER +CORRECT .* ok\n")
                .unwrap(),
        )
        .stdout(
            predicate::str::is_match(r"mixed/silent\.py +NO-OUTPUT +NO-OUTPUT .* ok\n").unwrap(),
        )
        .stdout(
            predicate::str::is_match(r"mixed/typo\.cpp +COMPILER-ERROR +COMPILER-ERROR .* ok\n")
                .unwrap(),
        )
        .stdout(
            predicate::str::is_match(r"time_limit_exceeded/spin\.py +TIMELIMIT +TIMELIMIT .* ok\n")
                .unwrap(),
        )
        .stdout(
            predicate::str::is_match(
                r"wrong_answer/int32\.cpp +WRONG-ANSWER +WRONG-ANSWER .* ok\n",
            )
            .unwrap(),
        )
        .stdout(contains("8 submissions: 7 as expected, 1 skipped"));
}

#[test]
fn a_tag_that_does_not_match_fails_even_in_the_right_folder() {
    let dir = copy_of("domjudge/add");
    fs::remove_dir_all(dir.join("submissions/time_limit_exceeded")).unwrap();
    // The 32-bit sum, tagged as right: DOMjudge reads the tag, not the folder.
    let source = fs::read_to_string(dir.join("submissions/wrong_answer/int32.cpp")).unwrap();
    fs::write(
        dir.join("submissions/wrong_answer/int32.cpp"),
        format!("// @EXPECTED_RESULTS@: CORRECT\n{source}"),
    )
    .unwrap();
    verify(&dir, &[]).assert().code(1).stdout(
        predicate::str::is_match(r"wrong_answer/int32\.cpp +CORRECT +WRONG-ANSWER .* FAILED")
            .unwrap(),
    );
}

#[test]
fn a_polygon_packages_validators_and_tagged_solutions() {
    // average: a validator from problem.xml (exit 0 valid), a checker within 1e-6; floor.py
    // divides whole numbers (wrong on 7/3), chatty.py adds a word (testlib's PE, a WA here).
    verify(&fixture("polygon/average"), &[])
        .assert()
        .code(0)
        .stdout(contains(
            "input validators (files/validator.cpp): 3 of 3 inputs valid",
        ))
        .stdout(predicate::str::is_match(r"submissions/floor\.py +WA +WA .* ok\n").unwrap())
        .stdout(predicate::str::is_match(r"submissions/chatty\.py +WA +WA .* ok\n").unwrap())
        .stdout(contains("4 submissions: 4 as expected"))
        .stdout(contains("checker tests").not());
    // With its checker's and validator's own tests, run as Polygon runs them (the third
    // validator test has Windows line ends, as a Windows package stores it: checked with LF).
    let dir = with_own_tests();
    verify(&dir, &[])
        .assert()
        .code(0)
        .stdout(contains(
            "checker tests (files/check.cpp): 2 of 2 as expected\n",
        ))
        .stdout(contains(
            "validator tests (files/validator.cpp): 3 of 3 as expected\n",
        ));
    // An own test that disagrees fails the check, named with its line; one not in the package
    // is said.
    fs::write(dir.join("files/tests/validator-tests/01"), "3\n1 2\n").unwrap();
    fs::remove_file(dir.join("files/tests/checker-tests/02.o")).unwrap();
    verify(&dir, &[])
        .assert()
        .code(1)
        .stdout(contains(
            "validator tests (files/validator.cpp): 2 of 3 as expected\n",
        ))
        .stdout(
            predicate::str::is_match(
                r"  test 1 \(problem.xml line \d+\): expected valid, got invalid\n",
            )
            .unwrap(),
        )
        .stdout(contains(
            "checker tests (files/check.cpp): 1 of 1 as expected, 1 not in the package\n",
        ))
        .stdout(contains(
            "  test 2: files/tests/checker-tests/02.o is not in the package\n",
        ))
        .stdout(contains(
            "4 submissions: 4 as expected; 1 checker or validator test not as expected",
        ));
    let dir = copy_of("polygon/average");
    fs::write(dir.join("tests/02"), "4\n1 2 3\n").unwrap();
    verify(&dir, &[])
        .assert()
        .code(1)
        .stdout(contains(
            "invalid input 02: refused by files/validator.cpp (exit status 3): invalid input: fewer numbers than N",
        ));
}

/// Issue 42: a Polygon package named by a relative path (`judge verify pkg` from its parent
/// folder): its checker runs in its own folder, so every file it is given must be a whole path
/// (the checker's tests' outputs were left relative, and it could not open them).
#[test]
fn a_polygon_package_named_by_a_relative_path_runs_its_checkers_tests() {
    let dir = with_own_tests();
    let mut command = judge();
    command
        .current_dir(dir.parent().unwrap())
        .arg("verify")
        .arg(dir.file_name().unwrap())
        .timeout(Duration::from_secs(300));
    command.assert().code(0).stdout(contains(
        "checker tests (files/check.cpp): 2 of 2 as expected\n",
    ));
}

#[test]
fn a_polygon_solution_is_built_in_the_cpp_standard_its_type_names() {
    // Right only when built as C++11 (`cpp.g++11`), as Polygon builds it; the judge's own
    // standard (gnu++20) would print 0, a WA.
    let dir = copy_of("polygon/average");
    fs::write(
        dir.join("submissions/old.cpp"),
        "#include <cstdio>\n\
         int main() {\n\
         \x20   int n; std::scanf(\"%d\", &n); double sum = 0;\n\
         \x20   for (int i = 0; i < n; i++) { long x; std::scanf(\"%ld\", &x); sum += x; }\n\
         #if __cplusplus == 201103L\n\
         \x20   std::printf(\"%.9f\\n\", sum / n);\n\
         #else\n\
         \x20   std::printf(\"0\\n\");\n\
         #endif\n\
         }\n",
    )
    .unwrap();
    let xml = fs::read_to_string(dir.join("problem.xml")).unwrap();
    fs::write(
        dir.join("problem.xml"),
        xml.replace(
            "        </solutions>",
            "            <solution tag=\"accepted\">\n                <source path=\"submissions/old.cpp\" type=\"cpp.g++11\"/>\n            </solution>\n        </solutions>",
        ),
    )
    .unwrap();
    verify(&dir, &[])
        .assert()
        .code(0)
        .stdout(predicate::str::is_match(r"submissions/old\.cpp +OK +OK .* ok\n").unwrap())
        .stdout(contains("5 submissions: 5 as expected"));
}

#[test]
fn polygon_solutions_are_held_to_their_tags() {
    verify(&fixture("polygon/sum"), &[])
        .assert()
        .code(0)
        .stdout(contains("Polygon package"))
        .stdout(predicate::str::is_match(r"solutions/main\.py +OK +OK .* ok\n").unwrap())
        .stdout(predicate::str::is_match(r"submissions/minus\.py +WA +WA .* ok\n").unwrap());
}

#[test]
fn without_a_time_limit_the_accepted_submissions_set_it() {
    let dir = copy_of("kattis/quotient");
    let yaml = fs::read_to_string(dir.join("problem.yaml")).unwrap();
    fs::write(
        dir.join("problem.yaml"),
        yaml.replace("  time_limit: 2\n", ""),
    )
    .unwrap();
    // The draft's multipliers: the slowest accepted case (well under 0.5 s) times 2, rounded up
    // to a whole second, is 1 s; a time-out must stay one under 1.5 s.
    verify(&dir, &[])
        .assert()
        .code(0)
        .stdout(contains(
            "time limit 1 s: the slowest case that sets it took",
        ))
        // And whose it was: an accepted one.
        .stdout(predicate::str::is_match(r"sets it took \d+ ms \(accepted/\S+; x 2,").unwrap())
        .stdout(contains("submissions expected to time out run under 1.5 s"))
        .stdout(contains("6 submissions: 6 as expected"));
}

/// What verifyproblem says of each submission of `dir`: its name and whether it got the
/// verdict its folder expects (`OK`, `OK with extra time`), from its lines
/// `   accepted/x.py (Python 3 (w/PyPy3)) OK: AC [...]` and `ERROR accepted/x.py (...) got WA`.
fn problemtools_says(dir: &Path) -> Vec<(String, bool)> {
    let output = std::process::Command::new("verifyproblem")
        .arg(dir)
        .args(["-p", "submissions"])
        .output()
        .expect("verifyproblem runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    let mut said = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some((name, _)) = line.split_once(" (").filter(|_| line.contains(") OK")) {
            said.push((name.to_string(), true));
        } else if let Some(rest) = line.strip_prefix("ERROR ") {
            // `ERROR accepted/x.py (Python 3 (w/PyPy3)) got WA [...]`
            if let Some((name, _)) = rest.split_once(" (").filter(|_| rest.contains(") got ")) {
                said.push((name.to_string(), false));
            }
        }
    }
    said.sort();
    said
}

/// What `judge verify --format json` says of each submission it checked.
fn judge_says(dir: &Path) -> Vec<(String, bool)> {
    let output = verify(dir, &["--format", "json"]).output().unwrap();
    let mut said: Vec<(String, bool)> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| {
            let row = parse_json(line).unwrap_or_else(|error| panic!("{error}: {line}"));
            if row.get("type") != Some(&Json::String("submission".into())) {
                return None;
            }
            match (row.get("submission"), row.get("status")) {
                (Some(Json::String(name)), Some(Json::String(status))) => {
                    Some((name.clone(), status == "ok"))
                }
                _ => panic!("a submission's row without its name or status: {line}"),
            }
        })
        .collect();
    said.sort();
    said
}

#[test]
#[ignore = "needs problemtools' verifyproblem with pypy3: pip install problemtools, apt-get install pypy3"]
fn verify_agrees_with_problemtools_submission_by_submission() {
    for package in ["kattis/quotient", "kattis/guess"] {
        let dir = copy_of(package);
        // One submission moved where it does not belong, so that both must also fail it.
        if package == "kattis/quotient" {
            fs::rename(
                dir.join("submissions/wrong_answer/three_digits.py"),
                dir.join("submissions/accepted/three_digits.py"),
            )
            .unwrap();
        }
        let theirs = problemtools_says(&dir);
        let ours = judge_says(&dir);
        assert!(
            theirs.len() >= 2,
            "verifyproblem said too little: {theirs:?}"
        );
        assert_eq!(ours, theirs, "{package}: judge verify, then verifyproblem");
    }
}

#[test]
fn a_build_past_the_packages_compilation_time_is_a_compile_error() {
    let dir = copy_of("domjudge/add");
    fs::remove_dir_all(dir.join("submissions/time_limit_exceeded")).unwrap();
    fs::write(
        dir.join("problem.yaml"),
        "name: Add\nlimits:\n  compilation_time: 1\n",
    )
    .unwrap();
    // A submission built by its own script, which spins: stopped at 1 s of CPU.
    let slow = dir.join("submissions/mixed/slow_build");
    fs::create_dir_all(&slow).unwrap();
    fs::write(
        slow.join("build"),
        "#!/bin/sh\n# @EXPECTED_RESULTS@: COMPILER-ERROR\nwhile :; do :; done\n",
    )
    .unwrap();
    verify(&dir, &[]).assert().code(0).stdout(
        predicate::str::is_match(r"mixed/slow_build +COMPILER-ERROR +COMPILER-ERROR .* ok\n")
            .unwrap(),
    );
    // Tagged as right, the same build fails verify, and the row says why.
    fs::write(
        slow.join("build"),
        "#!/bin/sh\n# @EXPECTED_RESULTS@: CORRECT\nwhile :; do :; done\n",
    )
    .unwrap();
    verify(&dir, &[]).assert().code(1).stdout(contains(
        "was still running at the compile time limit of 1 s",
    ));
}

#[test]
fn stopped_by_a_signal_verify_says_so_and_counts_nothing_it_did_not_run() {
    let dir = copy_of("kattis/quotient");
    let tag = crate::common::Tag::new("verify-stopped");
    // Accepted spinners that never end: each would run until the judge stops it. Each starts
    // itself again with the tag as its argument, for pgrep to find.
    for name in ["a", "b", "c"] {
        fs::write(
            dir.join(format!("submissions/accepted/spin_{name}.py")),
            format!(
                "import os, sys\nif len(sys.argv) < 2:\n    os.execv(sys.executable, [sys.executable, __file__, '{tag}'])\nwhile True:\n    pass\n"
            ),
        )
        .unwrap();
    }
    let child = spawn_verify(&dir, &["--format", "json"]);
    std::thread::sleep(Duration::from_millis(2500));
    let output = terminated(child);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(143), "{stdout}{stderr}");
    assert!(stderr.contains("error: stopped by signal 15"), "{stderr}");
    assert!(
        !stdout.contains("spin_c.py"),
        "not run, not reported: {stdout}"
    );
    assert!(!stdout.contains("\"exit_status\":0"), "{stdout}");
    tag.assert_none_left();
}

#[test]
fn validators_by_their_shebang_with_their_flags_any_end_but_42_refuses_and_a_stopped_one_is_broken()
{
    let dir = copy_of("kattis/quotient");
    fs::remove_dir_all(dir.join("submissions/time_limit_exceeded")).unwrap();
    fs::remove_file(dir.join("input_validators/validate.py")).unwrap();
    // Not executable (as after an unzip): run by its #! line, given the flags of testdata.yaml.
    fs::write(
        dir.join("input_validators/bounded"),
        "#!/usr/bin/env python3\nimport sys\nlimit = int(sys.argv[sys.argv.index('max') + 1])\na, b = map(int, sys.stdin.read().split())\nsys.exit(42 if abs(a) <= limit and abs(b) <= limit else 43)\n",
    )
    .unwrap();
    let testdata = fs::read_to_string(dir.join("data/testdata.yaml")).unwrap();
    fs::write(
        dir.join("data/testdata.yaml"),
        format!("{testdata}input_validator_flags: max 1000000\n"),
    )
    .unwrap();
    verify(&dir, &[])
        .assert()
        .code(0)
        .stdout(contains("input validators (bounded): 3 of 3 inputs valid"));
    // secret/large (1000000 3) is over a smaller bound of its own group.
    fs::write(
        dir.join("data/secret/large/testdata.yaml"),
        "input_validator_flags: max 999999\n",
    )
    .unwrap();
    verify(&dir, &[]).assert().code(1).stdout(contains(
        "invalid input secret/large/2: refused by bounded (exit status 43)",
    ));
    // Any end but 42 is an input not accepted, as problemtools has it: an exit 0, a failed
    // assert (Python's exit status 1), each input refused with why (inputs refused alike on
    // one line).
    fs::write(dir.join("input_validators/bounded"), "#!/bin/sh\nexit 0\n").unwrap();
    verify(&dir, &[])
        .assert()
        .code(1)
        .stdout(contains(
            "invalid inputs sample/1, secret/1, secret/large/2: refused by bounded (exit status 0, not 42)",
        ))
        .stdout(contains("input validators (bounded): 0 of 3 inputs valid"));
    fs::write(
        dir.join("input_validators/bounded"),
        "#!/usr/bin/env python3\nimport sys\na, b = map(int, sys.stdin.read().split())\nassert b != 0, 'b is 0'\nsys.exit(42)\n",
    )
    .unwrap();
    fs::write(dir.join("data/secret/1.in"), "7 0\n").unwrap();
    verify(&dir, &[]).assert().code(1).stdout(contains(
        "invalid input secret/1: refused by bounded (exit status 1, not 42): AssertionError: b is 0",
    ));
    // One the judge had to stop says nothing of the input: a broken validator, exit 2.
    fs::write(
        dir.join("input_validators/bounded"),
        "#!/bin/sh\nexec sleep 30\n",
    )
    .unwrap();
    verify(&dir, &[]).assert().code(2).stderr(contains(
        "input validator bounded on sample/1: was still running at the wall bound",
    ));
}

#[test]
fn a_fixed_time_limit_below_the_accepted_margin_or_no_limit_at_all_is_said() {
    let dir = copy_of("kattis/quotient");
    fs::remove_dir_all(dir.join("submissions/time_limit_exceeded")).unwrap();
    // About 0.6 s of CPU in all, accepted under a limit of 0.8 s; but the draft's x2 wants 1.2 s.
    fs::write(
        dir.join("submissions/accepted/slow.py"),
        "import time\nend = time.process_time() + 0.5\nwhile time.process_time() < end:\n    pass\na, b = map(int, input().split())\nprint(f'Quotient {a / b:.12f}')\n",
    )
    .unwrap();
    let yaml = fs::read_to_string(dir.join("problem.yaml")).unwrap();
    fs::write(
        dir.join("problem.yaml"),
        yaml.replace("time_limit: 2", "time_limit: 0.8"),
    )
    .unwrap();
    verify(&dir, &[]).assert().code(1).stderr(contains(
        "the time limit of 0.8 s (problem.yaml) is tighter than the slowest accepted case",
    ));
    // Without a time limit and without an accepted submission, nothing else can be judged.
    fs::write(
        dir.join("problem.yaml"),
        yaml.replace("  time_limit: 2\n", ""),
    )
    .unwrap();
    fs::remove_dir_all(dir.join("submissions/accepted")).unwrap();
    verify(&dir, &[])
        .assert()
        .code(2)
        .stderr(contains("so the time limit is unknown"));
}

#[test]
fn domjudge_times_out_a_sleeper_and_fails_a_tag_it_does_not_know() {
    let dir = copy_of("domjudge/add");
    fs::remove_dir_all(dir.join("submissions/time_limit_exceeded")).unwrap();
    // Right, but only after sleeping past the time limit of 1 s: DOMjudge's TIMELIMIT.
    fs::create_dir_all(dir.join("submissions/slow")).unwrap();
    fs::write(
        dir.join("submissions/slow/sleeper.py"),
        "# @EXPECTED_RESULTS@: TIMELIMIT\nimport time\ntime.sleep(3)\na, b = map(int, input().split())\nprint(a + b)\n",
    )
    .unwrap();
    fs::write(
        dir.join("submissions/slow/typo.py"),
        "# @EXPECTED_RESULTS@: CORECT\nprint(1)\n",
    )
    .unwrap();
    // A folder a typo away from a result, its submission without a tag.
    fs::create_dir_all(dir.join("submissions/acepted")).unwrap();
    fs::write(
        dir.join("submissions/acepted/add.py"),
        "a, b = map(int, input().split())\nprint(a + b)\n",
    )
    .unwrap();
    verify(&dir, &[])
        .assert()
        .code(1)
        .stdout(
            predicate::str::is_match(r"slow/sleeper\.py +TIMELIMIT +TIMELIMIT .* ok\n").unwrap(),
        )
        .stdout(contains("slow/typo.py"))
        .stdout(contains("expects CORECT: CORECT (CORRECT?) is no DOMjudge result"))
        .stdout(
            predicate::str::is_match(
                r"acepted/add\.py +- +- .* FAILED: its folder's name ACEPTED is no DOMjudge result \(ACCEPTED\?\)",
            )
            .unwrap(),
        );
}

/// A copy of `domjudge/add` with the programs of `submissions/runs/` that check DOMjudge's run
/// rules and what its import refuses; and whether the sandbox is on.
fn domjudge_package_with_runs() -> (PathBuf, bool) {
    let dir = copy_of("domjudge/add");
    fs::remove_dir_all(dir.join("submissions/time_limit_exceeded")).unwrap();
    fs::remove_dir_all(dir.join("submissions/mixed")).unwrap();
    let runs = dir.join("submissions/runs");
    fs::create_dir_all(&runs).unwrap();
    // DOMjudge's runguard leaves the stack unlimited: right only there.
    fs::write(
        runs.join("stack.py"),
        "# @EXPECTED_RESULTS@: CORRECT\nimport resource\nsoft, _ = resource.getrlimit(resource.RLIMIT_STACK)\na, b = map(int, input().split())\nprint(a + b if soft == resource.RLIM_INFINITY else 'a stack limit of %d' % soft)\n",
    )
    .unwrap();
    // Floods stdout for ever: its output is cut at 8 MiB and it runs on into the time limit.
    fs::write(
        runs.join("flood.py"),
        "# @EXPECTED_RESULTS@: TIMELIMIT\nimport sys\nwhile True:\n    sys.stdout.write('x' * 65536)\n",
    )
    .unwrap();
    // The right sum, then 9 MiB of spaces, and a clean exit: OUTPUT-LIMIT.
    fs::write(
        runs.join("verbose.py"),
        "# @EXPECTED_RESULTS@: OUTPUT-LIMIT\nimport sys\na, b = map(int, input().split())\nprint(a + b)\nsys.stdout.write(' ' * (9 << 20))\n",
    )
    .unwrap();
    // JavaScript, one file and a folder whose first file by name is the program (DOMjudge's
    // rule), every file checked.
    fs::write(
        runs.join("add.js"),
        "// @EXPECTED_RESULTS@: CORRECT\nconst [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(BigInt);\nconsole.log(String(a + b));\n",
    )
    .unwrap();
    let modules = runs.join("modules");
    fs::create_dir_all(&modules).unwrap();
    for (name, text) in [
        ("add.js", "// @EXPECTED_RESULTS@: CORRECT\nimport { sum } from './sum.js';\nimport { readFileSync } from 'fs';\nconsole.log(sum(readFileSync(0, 'utf8')));\n"),
        ("sum.js", "export function sum(text) {\n    const [a, b] = text.trim().split(/\\s+/).map(BigInt);\n    return String(a + b);\n}\n"),
        ("package.json", "{\"type\": \"module\"}\n"),
    ] {
        fs::write(modules.join(name), text).unwrap();
    }
    // What DOMjudge's import refuses: two tags in a file, and over 256 kB of source (30 + 300,000
    // + 33 + 13 = 300,076 bytes: 294 kB, rounded up).
    fs::write(
        runs.join("twice.py"),
        "# @EXPECTED_RESULTS@: CORRECT\n# @EXPECTED_RESULTS@: WRONG-ANSWER\nprint(1)\n",
    )
    .unwrap();
    fs::write(
        runs.join("large.py"),
        format!(
            "# @EXPECTED_RESULTS@: CORRECT\n{}a, b = map(int, input().split())\nprint(a + b)\n",
            "# padding\n".repeat(30_000)
        ),
    )
    .unwrap();
    // DOMjudge pins each judging to one CPU, and a program may not write in its folder (in the
    // sandbox, as root): its own example submissions check both.
    fs::write(
        runs.join("pinned.py"),
        format!("# @EXPECTED_RESULTS@: CORRECT\n{PINNED}"),
    )
    .unwrap();
    let boxed = sandbox_on();
    if boxed {
        fs::write(
            runs.join("writes.py"),
            format!("# @EXPECTED_RESULTS@: CORRECT\n{WRITES}"),
        )
        .unwrap();
    }
    // A file in a language not built here is skipped, a link to one too (DOMjudge's fltcmp).
    fs::write(
        runs.join("other.R"),
        "# @EXPECTED_RESULTS@: CORRECT\ncat(3)\n",
    )
    .unwrap();
    std::os::unix::fs::symlink("../runs/other.R", dir.join("submissions/accepted/link.R")).unwrap();
    // A link to another of its submissions is that one (DOMjudge's boolfind); a link out of
    // submissions/ is not followed (no tag is read through it, so RUNS/ says nothing of it).
    std::os::unix::fs::symlink("../accepted/add.py", runs.join("again.py")).unwrap();
    std::os::unix::fs::symlink("../../data/secret/1.ans", runs.join("answer.py")).unwrap();
    (dir, boxed)
}

#[test]
fn a_domjudge_package_runs_by_domjudges_rules_and_what_its_import_refuses_is_not_run() {
    let (dir, boxed) = domjudge_package_with_runs();
    let runs = dir.join("submissions/runs");
    verify(&dir, &[])
        .assert()
        .code(0)
        .stdout(contains(
            "runs: output limit 8 MiB, no stack limit, output past the limit thrown away while the program runs on, the time limit held in idle time too, one CPU a run, no writing in the working folder (DOMjudge's)",
        ))
        .stdout(predicate::str::is_match(r"runs/pinned\.py +CORRECT +CORRECT .* ok\n").unwrap())
        .stdout(match boxed {
            true => predicate::str::is_match(r"runs/writes\.py +CORRECT +CORRECT .* ok\n").unwrap(),
            false => predicate::str::is_match("").unwrap(),
        })
        .stdout(predicate::str::is_match(r"runs/again\.py +CORRECT +CORRECT .* ok\n").unwrap())
        .stdout(
            predicate::str::is_match(r"runs/answer\.py +- +- .* not checked: its folder's name RUNS")
                .unwrap(),
        )
        .stdout(
            predicate::str::is_match(
                r"accepted/link\.R +CORRECT +- .* skipped: no source in a language the judge builds .*only \.R files\n",
            )
            .unwrap(),
        )
        .stdout(predicate::str::is_match(r"runs/stack\.py +CORRECT +CORRECT .* ok\n").unwrap())
        .stdout(predicate::str::is_match(r"runs/add\.js +CORRECT +CORRECT .* ok\n").unwrap())
        .stdout(predicate::str::is_match(r"runs/modules +CORRECT +CORRECT .* ok\n").unwrap())
        .stdout(
            predicate::str::is_match(r"runs/flood\.py +TIMELIMIT +TIMELIMIT .* ok\n").unwrap(),
        )
        .stdout(
            predicate::str::is_match(r"runs/verbose\.py +OUTPUT-LIMIT +OUTPUT-LIMIT .* ok\n")
                .unwrap(),
        )
        .stdout(
            predicate::str::is_match(
                r"runs/twice\.py +- +- .* not imported: DOMjudge would not import it: it holds two @EXPECTED_RESULTS@ tags\n",
            )
            .unwrap(),
        )
        .stdout(
            predicate::str::is_match(
                r"runs/large\.py +- +- .* not imported: DOMjudge would not import it: its files hold 294 kB, over its source size limit of 256 kB\n",
            )
            .unwrap(),
        )
        .stdout(contains(match boxed {
            true => "17 submissions: 11 as expected, 3 skipped, 1 not checked, 2 not imported",
            false => "16 submissions: 10 as expected, 3 skipped, 1 not checked, 2 not imported",
        }));
    // Judging one program follows the same rules, on a package that is DOMjudge's by its tags
    // alone: a sleeper past the time limit is TIMELIMIT, not judged on what it printed.
    fs::remove_file(dir.join(".timelimit")).unwrap();
    fs::write(
        runs.join("sleeper.py"),
        "import time\ntime.sleep(1.5)\na, b = map(int, input().split())\nprint(a + b)\n",
    )
    .unwrap();
    common::judge_cmd(
        &format!("python3 {}", runs.join("sleeper.py").display()),
        &dir,
        &["-t", "1"],
    )
    .assert()
    .code(1)
    .stderr(contains("DOMjudge package (data/sample, data/secret)"))
    .stderr(contains(
        "the time limit held in idle time too, one CPU a run, no writing in the working folder (DOMjudge's)",
    ))
    .stdout(contains("3 cases: 3 TLE"));
    // The flood was killed with its case.
    let left = std::process::Command::new("pgrep")
        .arg("-f")
        .arg(runs.join("flood.py"))
        .output()
        .unwrap();
    assert!(left.stdout.is_empty(), "left running: {left:?}");
    the_same_programs_by_the_judges_own_rules(&dir, &runs, boxed);
}

/// The programs of [`domjudge_package_with_runs`] by the judge's own rules, untagged.
fn the_same_programs_by_the_judges_own_rules(dir: &Path, runs: &Path, boxed: bool) {
    // The same programs by the judge's own rules (no .timelimit, no tags: a Kattis package):
    // a stack limit, and a flood killed at the cap.
    let untagged = |from: &str| {
        let text = fs::read_to_string(runs.join(from)).unwrap();
        text.lines().skip(1).collect::<Vec<_>>().join("\n")
    };
    let (stack, flood) = (untagged("stack.py"), untagged("flood.py"));
    fs::remove_dir_all(dir.join("submissions")).unwrap();
    for (path, text) in [
        (
            "accepted/add.py",
            "a, b = map(int, input().split())\nprint(a + b)\n",
        ),
        ("wrong_answer/stack.py", &stack),
        ("run_time_error/flood.py", &flood),
    ] {
        let path = dir.join("submissions").join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    // Kattis neither pins a run to one CPU (where there are several) nor keeps it from writing
    // in its folder.
    let several_cpus = std::thread::available_parallelism().is_ok_and(|cpus| cpus.get() > 1);
    if several_cpus {
        fs::write(dir.join("submissions/wrong_answer/pinned.py"), PINNED).unwrap();
    }
    if boxed {
        fs::write(dir.join("submissions/wrong_answer/writes.py"), WRITES).unwrap();
    }
    // Kattis runs Python 3 with PyPy where it is installed (CI installs it), as problemtools.
    let pypy = std::process::Command::new("pypy3")
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success());
    if pypy {
        fs::write(
            dir.join("submissions/accepted/pypy.py"),
            "import platform\na, b = map(int, input().split())\nprint(a + b if platform.python_implementation() == 'PyPy' else 'CPython')\n",
        )
        .unwrap();
    }
    verify(dir, &["-t", "1"])
        .assert()
        .code(0)
        .stdout(contains("runs: output limit").not())
        .stdout(
            predicate::str::is_match(match pypy {
                true => r"runs: Python 3 with pypy3, as problemtools runs it\n(.|\n)*accepted/pypy\.py +AC +AC .* ok\n",
                false => r"runs: Python 3 with python3 \(problemtools runs pypy3, which is not installed here: times differ\)\n",
            })
            .unwrap(),
        )
        .stdout(predicate::str::is_match(r"wrong_answer/stack\.py +WA +WA .* ok\n").unwrap())
        .stdout(predicate::str::is_match(r"run_time_error/flood\.py +RTE +RTE .* ok\n").unwrap())
        .stdout(match several_cpus {
            true => predicate::str::is_match(r"wrong_answer/pinned\.py +WA +WA .* ok\n").unwrap(),
            false => predicate::str::is_match("").unwrap(),
        })
        .stdout(match boxed {
            true => predicate::str::is_match(r"wrong_answer/writes\.py +WA +WA .* ok\n").unwrap(),
            false => predicate::str::is_match("").unwrap(),
        });
}

/// Right (a + b) only when every process of the run is on one CPU.
const PINNED: &str = "import subprocess\na, b = map(int, input().split())\n\
    allowed = [l for l in open('/proc/self/status') if l.startswith('Cpus_allowed_list')][0]\n\
    child = subprocess.run(['nproc'], capture_output=True, text=True).stdout.strip()\n\
    one = allowed.split()[1].isdigit() and child == '1'\n\
    print(a + b if one else 'on several CPUs')\n";

/// Right (a + b) only when it cannot write in its working folder (but can in /tmp).
const WRITES: &str =
    "a, b = map(int, input().split())\ntry:\n    open('mine.txt', 'w').write('x')\n    \
    print('wrote in its folder')\nexcept OSError:\n    open('/tmp/mine.txt', 'w').write('x')\n    \
    print(a + b)\n";

/// Whether the judge runs programs in its sandbox here (as root).
fn sandbox_on() -> bool {
    fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .any(|line| line.starts_with("Uid:") && line.split_whitespace().nth(2) == Some("0"))
}

#[test]
fn java_runs_the_class_that_has_main() {
    let dir = copy_of("domjudge/add");
    fs::remove_dir_all(dir.join("submissions/time_limit_exceeded")).unwrap();
    fs::remove_dir_all(dir.join("submissions/mixed")).unwrap();
    // A helper class first, and a comment that says "package": the class with main runs.
    fs::write(
        dir.join("submissions/accepted/Add.java"),
        "// Reads with the java.util package from stdin.\nimport java.util.*;\n\npublic class Add {\n    static class Pair { long a, b; }\n    static public void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n        Pair p = new Pair();\n        p.a = in.nextLong();\n        p.b = in.nextLong();\n        System.out.println(p.a + p.b);\n    }\n}\n",
    )
    .unwrap();
    // Another class with a main of its own, and the file's class with a varargs main: the
    // class named as the file runs, as problemtools runs it.
    fs::write(
        dir.join("submissions/accepted/Two.java"),
        "import java.util.*;\n\nclass Other {\n    public static void main(String[] a) { System.out.println(\"WRONG\"); }\n}\n\npublic class Two {\n    public static final void main(String... args) {\n        Scanner in = new Scanner(System.in);\n        System.out.println(in.nextLong() + in.nextLong());\n    }\n}\n",
    )
    .unwrap();
    verify(&dir, &[])
        .assert()
        .code(0)
        .stdout(predicate::str::is_match(r"accepted/Add\.java +CORRECT +CORRECT .* ok\n").unwrap())
        .stdout(predicate::str::is_match(r"accepted/Two\.java +CORRECT +CORRECT .* ok\n").unwrap());
}

#[test]
fn judging_one_program_on_a_domjudge_package_follows_its_limits() {
    let dir = fixture("domjudge/add");
    common::judge_cmd(
        &format!(
            "python3 {}",
            dir.join("submissions/accepted/add.py").display()
        ),
        &dir,
        &[],
    )
    .assert()
    .code(0)
    .stderr(contains(
        "DOMjudge package (data/sample, data/secret): 3 cases; limits 1 s (.timelimit), 1024 MiB (default), output 8 MiB (DOMjudge's default)",
    ))
    .stdout(contains("3 cases: 3 AC"));
}

#[test]
#[ignore = "needs checktestdata or pyctd (pip install problemtools, which CI installs)"]
fn a_checktestdata_validator_checks_and_one_with_an_error_in_it_is_broken() {
    let dir = copy_of("kattis/quotient");
    fs::remove_dir_all(dir.join("submissions/time_limit_exceeded")).unwrap();
    fs::remove_file(dir.join("input_validators/validate.py")).unwrap();
    // Two integers on one line, the second not zero (as quotient's inputs are).
    fs::write(
        dir.join("input_validators/quotient.ctd"),
        "INT(-1000000000,1000000000) SPACE INT(-1000000000,1000000000,b) NEWLINE\nASSERT(b != 0)\n",
    )
    .unwrap();
    verify(&dir, &[]).assert().code(0).stdout(contains(
        "input validators (quotient.ctd): 3 of 3 inputs valid",
    ));
    fs::write(dir.join("data/secret/1.in"), "2 0\n").unwrap();
    verify(&dir, &[]).assert().code(1).stdout(contains(
        "invalid input secret/1: refused by quotient.ctd (exit status 1)",
    ));
    // An error in the script itself is no ruling on the inputs.
    fs::write(dir.join("input_validators/quotient.ctd"), "INT(1,4,n\n").unwrap();
    verify(&dir, &[]).assert().code(2).stderr(contains(
        "checktestdata exits 0 for a valid input and 1 for an invalid one",
    ));
}

#[test]
fn a_signal_while_the_inputs_are_validated_stops_the_validator_too() {
    let dir = copy_of("kattis/quotient");
    let tag = crate::common::Tag::new("verify-validator-stopped");
    fs::remove_file(dir.join("input_validators/validate.py")).unwrap();
    // A validator that sleeps, started again with the tag as its argument for pgrep.
    fs::write(
        dir.join("input_validators/slow.py"),
        format!(
            "import os, sys, time\nif len(sys.argv) < 2:\n    os.execv(sys.executable, [sys.executable, __file__, '{tag}'])\ntime.sleep(60)\n"
        ),
    )
    .unwrap();
    let child = spawn_verify(&dir, &[]);
    // Wait until the validator runs, then stop the judge.
    let start = std::time::Instant::now();
    while tag.pids().is_empty() && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let output = terminated(child);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(143), "{stderr}");
    assert!(
        stderr.contains("stopped by signal 15 before any submission ran"),
        "{stderr}"
    );
    tag.assert_none_left();
}

/// A copy of polygon/average with tests of its checker (right within 1e-6: ok; 2 for 7/3:
/// wrong-answer) and of its validator (valid, too few numbers, valid with CRLF ends).
fn with_own_tests() -> PathBuf {
    let dir = copy_of("polygon/average");
    let own = dir.join("files/tests");
    fs::create_dir_all(own.join("validator-tests")).unwrap();
    fs::create_dir_all(own.join("checker-tests")).unwrap();
    for (path, text) in [
        ("validator-tests/01", "3\n1 2 4\n"),
        ("validator-tests/02", "3\n1 2\n"),
        ("validator-tests/03", "2\r\n5 -5\r\n"),
        ("checker-tests/01", "3\n1 2 4\n"),
        ("checker-tests/01.o", "2.3333333333\n"),
        ("checker-tests/01.a", "2.333333333333\n"),
        ("checker-tests/02", "3\n1 2 4\n"),
        ("checker-tests/02.o", "2\n"),
        ("checker-tests/02.a", "2.333333333333\n"),
    ] {
        fs::write(own.join(path), text).unwrap();
    }
    let xml = fs::read_to_string(dir.join("problem.xml")).unwrap();
    let patterns = |kind: &str, names: &[&str]| {
        names
            .iter()
            .map(|name| {
                let suffix = match *name {
                    "output" => ".o",
                    "answer" => ".a",
                    _ => "",
                };
                format!("<{name}-path-pattern>files/tests/{kind}-tests/%02d{suffix}</{name}-path-pattern>")
            })
            .collect::<String>()
    };
    let xml = xml
        .replace(
            "<source path=\"files/check.cpp\" type=\"cpp.g++17\"/>",
            &format!(
                "<source path=\"files/check.cpp\" type=\"cpp.g++17\"/><testset><test-count>2</test-count>{}<tests><test verdict=\"ok\"/><test verdict=\"wrong-answer\"/></tests></testset>",
                patterns("checker", &["input", "output", "answer"])
            ),
        )
        .replace(
            "<source path=\"files/validator.cpp\" type=\"cpp.g++17\"/>",
            &format!(
                "<source path=\"files/validator.cpp\" type=\"cpp.g++17\"/><testset><test-count>3</test-count>{}<tests><test verdict=\"valid\"/><test verdict=\"invalid\"/><test verdict=\"valid\"/></tests></testset>",
                patterns("validator", &["input"])
            ),
        );
    assert_eq!(xml.matches("<testset>").count(), 2, "{xml}");
    fs::write(dir.join("problem.xml"), xml).unwrap();
    dir
}

#[test]
fn a_2025_09_package_has_its_constants_put_into_its_validator_and_submissions() {
    // Unreplaced, `{{max_n}}` fails in Python: every input would be invalid, clamped.py RTE.
    verify(&fixture("kattis/bounded_sum"), &[])
        .assert()
        .code(0)
        .stdout(contains("Kattis package, 3 cases, 3 submissions"))
        .stdout(contains(
            "input validators (validate.py): 3 of 3 inputs valid",
        ))
        .stdout(predicate::str::is_match(r"accepted/clamped\.py +AC +AC .* ok\n").unwrap())
        .stdout(
            predicate::str::is_match(r"wrong_answer/off_by_one\.py +AC,WA; 1\+ WA +WA .* ok\n")
                .unwrap(),
        )
        .stdout(contains("3 submissions: 3 as expected"))
        .stderr(contains("warning").not());
    // Another value is another build: with max_n 50, 100 100 is refused.
    let dir = copy_of("kattis/bounded_sum");
    let yaml = fs::read_to_string(dir.join("problem.yaml")).unwrap();
    fs::write(
        dir.join("problem.yaml"),
        yaml.replace("max_n: 100", "max_n: 50"),
    )
    .unwrap();
    verify(&dir, &[])
        .assert()
        .code(1)
        .stdout(contains("2 of 3 inputs valid"))
        .stdout(contains("expected one line: A B, each from 0 to 50"));
}

#[test]
fn a_format_version_the_judge_does_not_know_is_refused() {
    let dir = copy_of("kattis/bounded_sum");
    let yaml = fs::read_to_string(dir.join("problem.yaml")).unwrap();
    fs::write(
        dir.join("problem.yaml"),
        yaml.replace(
            "problem_format_version: 2025-09",
            "problem_format_version: 2024-01",
        ),
    )
    .unwrap();
    let said = "problem.yaml: line 3: problem_format_version \"2024-01\" is not one the judge knows (legacy, legacy-icpc, 2023-07-draft, 2025-09)";
    verify(&dir, &[]).assert().code(2).stderr(contains(said));
    common::judge_cmd(
        &dir.join("submissions/accepted/sum.py").to_string_lossy(),
        &dir,
        &[],
    )
    .timeout(Duration::from_secs(120))
    .assert()
    .code(2)
    .stderr(contains(said));
}

#[test]
fn an_unknown_key_of_a_2025_09_problem_yaml_fails_verify_and_judging_warns() {
    let dir = copy_of("kattis/bounded_sum");
    let yaml = fs::read_to_string(dir.join("problem.yaml")).unwrap();
    fs::write(dir.join("problem.yaml"), format!("{yaml}licence: cc0\n")).unwrap();
    let said = "problem.yaml: line 15: unknown key \"licence\" in a 2025-09 problem.yaml; did you mean \"license\"?";
    // verify checks everything else and fails at the end, naming the key.
    verify(&dir, &[])
        .assert()
        .code(1)
        .stdout(contains("3 submissions: 3 as expected; 1 error"))
        .stderr(contains(format!("error: {}/{said}", dir.display())));
    // A shard stops at once, as each would report it again.
    verify(&dir, &["--shard", "1/2", "-t", "2"])
        .assert()
        .code(2)
        .stderr(contains(format!("error: {}/{said}", dir.display())));
    // Judged, clamped.py gets the constant too.
    common::judge_cmd(
        &dir.join("submissions/accepted/clamped.py")
            .to_string_lossy(),
        &dir,
        &[],
    )
    .timeout(Duration::from_secs(120))
    .assert()
    .code(0)
    .stderr(contains(format!("warning: {}/{said}", dir.display())))
    .stdout(contains("3 cases: 3 AC"));
}

/// The 2025-09 format's validation test data, on `tests/fixtures/kattis/sum_check` (its
/// validators: the input two whole numbers 0 to 100 on one line; the output one whole number,
/// the answer's sum): of each kind one case goes the wrong way on purpose, `invalid_input/fine`
/// (`3 4` is valid), `invalid_output/same_sum` (`3` is the sum of `1 2`) and
/// `valid_output/off_by_two` (`5` is not); verify names each and fails. The others go their
/// way: `letters` and `too_big` refused, `wrong_sum` (`4`) rejected, `spaced` (`  3  `)
/// accepted. They are no cases of a submission: the package has 2 (a sample and a secret).
#[test]
fn validation_test_data_that_goes_the_wrong_way_fails_verify_and_is_named() {
    verify(&fixture("kattis/sum_check"), &[])
        .assert()
        .code(1)
        .stdout(contains("sum_check: Kattis package, 2 cases, 1 submission"))
        .stdout(contains(
            "invalid_input (validate.py): 2 of 3 inputs refused, as they must be\n  invalid_input/fine: accepted by every input validator\n",
        ))
        .stdout(contains(
            "invalid_output (the package's output validator): 1 of 2 outputs rejected, as they must be\n  invalid_output/same_sum: accepted by the output validator\n",
        ))
        .stdout(contains(
            "valid_output (the package's output validator): 1 of 2 outputs accepted, as they must be\n  valid_output/off_by_two: rejected by the output validator: the sum is 3, not 5\n",
        ))
        .stdout(contains(
            "1 submission: 1 as expected; 3 checker or validator tests not as expected",
        ));
}

/// Without the three cases that go the wrong way, verify passes, and says how many went their
/// way.
#[test]
fn validation_test_data_that_goes_its_way_passes() {
    let dir = copy_of("kattis/sum_check");
    fs::remove_file(dir.join("data/invalid_input/fine.in")).unwrap();
    for extension in ["in", "ans", "out"] {
        fs::remove_file(dir.join(format!("data/invalid_output/same_sum.{extension}"))).unwrap();
        fs::remove_file(dir.join(format!("data/valid_output/off_by_two.{extension}"))).unwrap();
    }
    verify(&dir, &[])
        .assert()
        .code(0)
        .stdout(contains(
            "invalid_input (validate.py): 2 of 2 inputs refused, as they must be\n",
        ))
        .stdout(contains(
            "invalid_output (the package's output validator): 1 of 1 output rejected, as they must be\n",
        ))
        .stdout(contains(
            "valid_output (the package's output validator): 1 of 1 output accepted, as they must be\n",
        ))
        .stdout(contains("1 submission: 1 as expected\n"));
}

/// With the default output validator (no `output_validator/`): `wrong_sum` (`4` for `3`) and
/// `off_by_two` differ from the answer, `same_sum` and `spaced` do not (it ignores spacing). An
/// output case's input must be valid too: `x y` is not. An output case without its `.out` is
/// a broken package, named.
#[test]
fn validation_outputs_by_the_default_validator_and_their_inputs() {
    let dir = copy_of("kattis/sum_check");
    fs::remove_dir_all(dir.join("output_validator")).unwrap();
    fs::write(dir.join("data/valid_output/bad_input.in"), "x y\n").unwrap();
    fs::write(dir.join("data/valid_output/bad_input.ans"), "3\n").unwrap();
    fs::write(dir.join("data/valid_output/bad_input.out"), "3\n").unwrap();
    verify(&dir, &[])
        .assert()
        .code(1)
        .stdout(contains(
            "invalid_output (the default output validator): 1 of 2 outputs rejected, as they must be\n  invalid_output/same_sum: accepted by the output validator\n",
        ))
        .stdout(contains(
            "valid_output (the default output validator): 1 of 3 outputs accepted, as they must be\n  valid_output/bad_input: its input is not valid: refused by validate.py (exit status 43)\n  valid_output/off_by_two: rejected by the default output validator: it differs from the answer\n",
        ))
        .stdout(contains("; 4 checker or validator tests not as expected"));
    fs::remove_file(dir.join("data/valid_output/bad_input.out")).unwrap();
    verify(&dir, &[]).assert().code(2).stderr(
        contains("bad_input.in: a case of valid_output needs its .in, .ans and .out;")
            .and(contains("bad_input.out is not there")),
    );
}

/// Judging the package (not verifying it) never runs the validation test data: it is named
/// once a folder as not judged.
#[test]
fn validation_test_data_is_never_judged() {
    let dir = fixture("kattis/sum_check");
    let add = format!(
        "python3 {}",
        dir.join("submissions/accepted/add.py").display()
    );
    judge()
        .arg("--cmd")
        .arg(&add)
        .arg(&dir)
        .timeout(Duration::from_secs(120))
        .assert()
        .code(0)
        .stdout(contains("2 cases: 2 AC"))
        .stderr(contains("not judged: ").and(contains(
            "data/invalid_output: validation test data, which judge verify holds the validators to",
        )));
}

/// On an interactive package (`kattis/guess`, which has no input validator), the output kinds
/// of validation test data are not run, and said so (the format has them for problems that are
/// not interactive); an `invalid_input` case with no validator to refuse it goes the wrong way.
#[test]
fn validation_test_data_of_an_interactive_package_without_input_validators() {
    let dir = copy_of("kattis/guess");
    for (file, text) in [
        ("data/invalid_input/zero.in", "0\n"),
        ("data/valid_output/1.in", "5\n"),
        ("data/valid_output/1.ans", "5\n"),
        ("data/valid_output/1.out", "5\n"),
    ] {
        let path = dir.join(file);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    verify(&dir, &[])
        .assert()
        .code(1)
        .stdout(contains(
            "invalid_input (no input validator): 0 of 1 input refused, as they must be\n  invalid_input/zero: no input validator refuses it (the package has none)\n",
        ))
        .stdout(contains("valid_output (").not())
        .stderr(contains(
            "warning: 1 valid_output case not checked: the problem is interactive, and data/valid_output is for problems that are not",
        ));
}

/// The line of `submission` in a verify report, for a test to read.
fn line_of<'a>(stdout: &'a str, submission: &str) -> &'a str {
    stdout
        .lines()
        .find(|line| line.starts_with(&format!("{submission} ")))
        .unwrap_or_else(|| panic!("no line for {submission} in:\n{stdout}"))
}

#[test]
fn a_2025_09_package_holds_each_submission_to_its_submissions_yaml_rules() {
    // Worked out by hand in the fixture's own comments: every submission keeps its rules.
    let output = verify(&fixture("kattis/parity"), &[]).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("6 submissions: 6 as expected"), "{stdout}");
    // A folder of its own, held by its key; the default folder's rule with a group's.
    let mixed = line_of(&stdout, "mixed/odd_crash.py");
    assert!(
        mixed.contains("AC,WA,RTE; 1+ RTE") && mixed.contains("AC,RTE") && mixed.ends_with("ok"),
        "{mixed}"
    );
    let spins = line_of(&stdout, "time_limit_exceeded/spins.py");
    assert!(
        spins.contains("AC,TLE; 1+ TLE + secret/*-small: AC") && spins.ends_with("ok"),
        "{spins}"
    );
    // use_for_time_limit: false under the folder's key: always_even no longer sets the time
    // limit; small_only still does, by its sample rule (permitted [AC], no TLE).
    let json = verify(&fixture("kattis/parity"), &["--format", "json"])
        .output()
        .unwrap();
    let json = String::from_utf8_lossy(&json.stdout);
    let row = |name: &str| {
        json.lines()
            .find(|line| line.contains(&format!("\"submission\":\"{name}\"")))
            .unwrap_or_else(|| panic!("no row for {name} in:\n{json}"))
            .to_string()
    };
    assert!(row("wrong_answer/always_even.py").contains("\"sets_time_limit\":false"));
    assert!(row("wrong_answer/small_only.py").contains("\"sets_time_limit\":true"));
    assert!(row("accepted/shout.py").contains("\"sets_time_limit\":true"));
}

/// A submission whose rules bound the time limit from below on one group and from above on
/// another (spins.py: the small cases accepted, a time-out required) is judged by a run under
/// the limit once it is set, not by its run before it under the highest limit: here it spins
/// 3 s of CPU on the big case and then answers, a time-out under the inferred limit of 1 s (the
/// accepted ones take some 30 ms, times 2, rounded up to 1 s) and its higher one of 1.5 s.
/// Judged by its first run, it was accepted after 3 s and failed its rule.
#[test]
fn a_submission_bounding_the_time_limit_both_ways_runs_under_the_limit_once_set() {
    let dir = copy_of("kattis/parity");
    let yaml = dir.join("problem.yaml");
    let text = fs::read_to_string(&yaml).unwrap();
    fs::write(&yaml, text.replace("limits:\n  time_limit: 2\n", "")).unwrap();
    fs::write(
        dir.join("submissions/time_limit_exceeded/spins.py"),
        "import time\nn = int(input())\nif n >= 1000:\n    start = time.process_time()\n    while time.process_time() - start < 3:\n        pass\nprint(\"even\" if n % 2 == 0 else \"odd\")\n",
    )
    .unwrap();
    let output = verify(&dir, &[]).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let spins = line_of(&stdout, "time_limit_exceeded/spins.py");
    assert!(spins.contains(" TLE ") && spins.ends_with("ok"), "{stdout}");
    assert!(stdout.contains("time limit 1 s"), "{stdout}");
}

/// submissions.yaml's `entrypoint` names the file that runs: of a folder submission holding
/// `main.py` (which exits 1) and `ac.py` (right), main.py would be the program by the judge's
/// own rule; with `entrypoint: ac.py` it is ac.py, accepted.
#[test]
fn the_entry_point_submissions_yaml_names_is_the_program() {
    let dir = copy_of("kattis/parity");
    let folder = dir.join("submissions/accepted/entry");
    fs::create_dir_all(&folder).unwrap();
    fs::write(folder.join("main.py"), "import sys\nsys.exit(1)\n").unwrap();
    fs::write(
        folder.join("ac.py"),
        "n = int(input())\nprint(\"even\" if n % 2 == 0 else \"odd\")\n",
    )
    .unwrap();
    let yaml = dir.join("submissions/submissions.yaml");
    let text = fs::read_to_string(&yaml).unwrap();
    fs::write(
        &yaml,
        format!("{text}\naccepted/entry:\n  entrypoint: ac.py\n"),
    )
    .unwrap();
    let output = verify(&dir, &[]).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let entry = line_of(&stdout, "accepted/entry");
    assert!(entry.contains(" AC ") && entry.ends_with("ok"), "{stdout}");
    assert_eq!(output.status.code(), Some(0), "{stdout}");
}

#[test]
fn a_submission_that_breaks_a_submissions_yaml_rule_fails_naming_the_rule() {
    let dir = copy_of("kattis/parity");
    let yaml = dir.join("submissions/submissions.yaml");
    let text = fs::read_to_string(&yaml).unwrap();
    // small_only.py is wrong on the big case: a group rule that permits only AC there fails.
    let text = text.replace(
        "secret/*-big: {required: [WA]}",
        "secret/*-big: {permitted: [AC]}",
    );
    // The brace glob: shout.py is no longer held to be Python 3 alone, but to crash.
    let text = text.replace(
        "'accepted/{parity,shout}.py':\n  language: python3\n",
        "'accepted/{parity,shout}.py':\n  language: python3\n  required: [RTE]\n",
    );
    fs::write(&yaml, text).unwrap();
    // always_even.py says even on 7: it breaks the default rule of accepted/.
    fs::rename(
        dir.join("submissions/wrong_answer/always_even.py"),
        dir.join("submissions/accepted/always_even.py"),
    )
    .unwrap();
    let output = verify(&dir, &[]).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    let small = line_of(&stdout, "wrong_answer/small_only.py");
    assert!(small.contains("FAILED: submissions.yaml \"wrong_answer/small_only.py\", secret/*-big: permitted AC, but secret/2-big got WA"), "{small}");
    let even = line_of(&stdout, "accepted/always_even.py");
    assert!(
        even.contains(
            "FAILED: the default rule of accepted/: permitted AC, but secret/1-small got WA"
        ),
        "{even}"
    );
    for name in ["accepted/parity.py", "accepted/shout.py"] {
        let line = line_of(&stdout, name);
        assert!(line.contains("FAILED: submissions.yaml \"accepted/{parity,shout}.py\": required RTE on one case, but none of its 3 got it"), "{line}");
    }
    // The rules the others keep still hold.
    assert!(line_of(&stdout, "mixed/odd_crash.py").ends_with("ok"));
    assert!(
        stdout.contains("6 submissions: 2 as expected, 4 not"),
        "{stdout}"
    );
}

#[test]
fn an_unknown_key_in_submissions_yaml_cannot_be_checked_and_score_is_warned() {
    let dir = copy_of("kattis/parity");
    let yaml = dir.join("submissions/submissions.yaml");
    let text = fs::read_to_string(&yaml).unwrap();
    fs::write(
        &yaml,
        format!("{text}mixed/odd_crash.py:\n  permited: [AC]\n"),
    )
    .unwrap();
    verify(&dir, &[])
        .assert()
        .code(2)
        .stderr(contains("submissions.yaml: line"))
        .stderr(contains("\"permited\""));
    fs::write(&yaml, format!("{text}mixed/odd_crash.py:\n  score: 50\n")).unwrap();
    verify(&dir, &[])
        .assert()
        .code(0)
        .stderr(contains(
            "warning: submissions/submissions.yaml line 29: \"mixed/odd_crash.py\": score is not checked: the judge gives per-case verdicts only",
        ));
}

#[test]
fn many_submissions_skipped_alike_are_one_line_and_json_keeps_each() {
    let dir = copy_of("kattis/parity");
    // Four sources in a language no judge builds: skipped, for one reason.
    for n in 1..=4 {
        fs::write(dir.join(format!("submissions/accepted/a{n}.zz")), "even\n").unwrap();
    }
    let output = verify(&dir, &[]).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    let line = stdout
        .lines()
        .find(|line| line.starts_with("4 submissions skipped: "))
        .unwrap_or_else(|| panic!("no collapsed line in:\n{stdout}"));
    assert!(line.contains("only .zz files"), "{line}");
    assert!(
        line.ends_with("(accepted/a1.zz, accepted/a2.zz, accepted/a3.zz and 1 more)"),
        "{line}"
    );
    assert!(
        !stdout
            .lines()
            .any(|line| line.starts_with("accepted/a") && line.contains(".zz ")),
        "{stdout}"
    );
    assert!(
        stdout.contains("10 submissions: 6 as expected, 4 skipped"),
        "{stdout}"
    );
    let json = verify(&dir, &["--format", "json"]).output().unwrap();
    let json = String::from_utf8_lossy(&json.stdout);
    assert_eq!(json.matches("\"status\":\"skipped\"").count(), 4, "{json}");
}

/// A package whose input and output validators are shell scripts without their executable bit.
fn package_of_scripts_without_exec_bit() -> PathBuf {
    common::fresh_folder(
        "verify",
        "bits",
        &[
            ("problem.yaml", "name: Bits\nvalidation: custom\n"),
            ("data/sample/1.in", "3 4\n"),
            ("data/sample/1.ans", "7\n"),
            ("data/secret/1.in", "10 20\n"),
            ("data/secret/1.ans", "30\n"),
            (
                "input_validators/check.sh",
                "#!/bin/sh\ngrep -qxE '[0-9]+ [0-9]+' && exit 42\nexit 43\n",
            ),
            (
                "output_validator/validate.sh",
                "#!/bin/sh\nread got\n[ \"$got\" = \"$(cat \"$2\")\" ] && exit 42\nexit 43\n",
            ),
            (
                "submissions/accepted/add.py",
                "a, b = map(int, input().split())\nprint(a + b)\n",
            ),
            (
                "submissions/wrong_answer/sub.py",
                "a, b = map(int, input().split())\nprint(a - b)\n",
            ),
        ],
    )
}

#[test]
fn scripts_without_their_exec_bit_run_by_their_shebang_with_a_warning() {
    // Both validators are mode 0644: verify names each, runs them by their #! line, and the
    // two submissions get their folders' verdicts (3 4 -> 7: add.py right, sub.py -1).
    let dir = package_of_scripts_without_exec_bit();
    verify(&dir, &[])
        .assert()
        .code(0)
        .stderr(contains("input_validators/check.sh: not executable"))
        .stderr(contains("output_validator/validate.sh: not executable"))
        .stdout(contains("2 of 2 inputs valid"))
        .stdout(contains("2 submissions: 2 as expected"));
    // Judging warns as well, and judges by the script.
    common::judge_cmd(
        &dir.join("submissions/accepted/add.py")
            .display()
            .to_string(),
        &dir,
        &[],
    )
    .assert()
    .code(0)
    .stderr(contains("output_validator/validate.sh: not executable"))
    .stdout(contains("2 cases: 2 AC"));
}

/// Whether `tool --version` runs here.
fn installed(tool: &str) -> bool {
    std::process::Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success())
}

#[test]
fn a_domjudge_package_runs_perl_shell_bash_and_awk_by_domjudges_table() {
    // DOMjudge's languages: `.pl` is Perl, `.sh` sh, `.bash` Bash, `.awk` awk; each adds the
    // two numbers (4e9 fits a Perl integer, a shell's, and awk's double exactly).
    let dir = copy_of("domjudge/add");
    fs::remove_dir_all(dir.join("submissions/time_limit_exceeded")).unwrap();
    fs::remove_dir_all(dir.join("submissions/mixed")).unwrap();
    let accepted = dir.join("submissions/accepted");
    for (name, text) in [
        (
            "add.pl",
            "my ($a, $b) = split ' ', <STDIN>;\nprint $a + $b, \"\\n\";\n",
        ),
        ("add.sh", "read a b\necho $((a + b))\n"),
        ("add.bash", "read -r a b\necho $((a + b))\n"),
        // A `.sh` that asks for Bash (its `[[ ]]` is no sh) runs with bash.
        (
            "bashism.sh",
            "#!/bin/bash\nread -r a b\n[[ -n $a ]] && echo $((a + b))\n",
        ),
        ("add.awk", "{ printf \"%.0f\\n\", $1 + $2 }\n"),
    ] {
        fs::write(accepted.join(name), text).unwrap();
    }
    let mut assert = verify(&dir, &[]).assert().code(0);
    for name in ["add.pl", "add.sh", "add.bash", "bashism.sh", "add.awk"] {
        let row = format!(
            r"accepted/{} +CORRECT +CORRECT .* ok\n",
            name.replace('.', r"\.")
        );
        assert = assert.stdout(predicate::str::is_match(row).unwrap());
    }
}

#[test]
fn a_kattis_package_reads_pl_as_prolog_sh_as_bash_and_pm_as_perl() {
    // The Kattis format's languages, legacy (problemtools') and 2025-09 alike: `.pl` is Prolog
    // (skipped where swipl is not installed, never run as Perl), `.sh` Bash, `.pm` Perl. Each
    // adds the two numbers; the default validator judges.
    let prolog = "main :- read_line_to_string(user_input, S), split_string(S, \" \", \" \", [A, B]),\n    number_string(X, A), number_string(Y, B), Z is X + Y, format(\"~w~n\", [Z]).\n";
    let perl = "my ($a, $b) = split ' ', <STDIN>;\nprint $a + $b, \"\\n\";\n";
    for yaml in [
        "name: Add\n",
        "problem_format_version: 2025-09\nname: Add\n",
    ] {
        let dir = common::fresh_folder(
            "verify",
            "add",
            &[
                ("problem.yaml", yaml),
                ("data/sample/1.in", "3 4\n"),
                ("data/sample/1.ans", "7\n"),
                ("data/secret/1.in", "10 20\n"),
                ("data/secret/1.ans", "30\n"),
                ("submissions/accepted/add.pl", prolog),
                (
                    "submissions/accepted/add.sh",
                    "read -r a b\necho $((a + b))\n",
                ),
                ("submissions/accepted/add.pm", perl),
            ],
        );
        let assert = verify(&dir, &[])
            .assert()
            .stdout(predicate::str::is_match(r"accepted/add\.sh +AC +AC .* ok\n").unwrap())
            .stdout(predicate::str::is_match(r"accepted/add\.pm +AC +AC .* ok\n").unwrap());
        match installed("swipl") {
            true => assert
                .code(0)
                .stdout(predicate::str::is_match(r"accepted/add\.pl +AC +AC .* ok\n").unwrap()),
            false => assert.stdout(contains("no Prolog (swipl)")),
        };
    }
}

#[test]
fn a_package_named_by_a_relative_path_runs_its_validators_from_anywhere() {
    // Executable validators are run as they are: named by the relative path `bits`, from the
    // package's parent folder and from the package itself (`.`), each must still be found.
    let dir = package_of_scripts_without_exec_bit();
    for script in ["input_validators/check.sh", "output_validator/validate.sh"] {
        fs::set_permissions(dir.join(script), fs::Permissions::from_mode(0o755)).unwrap();
    }
    for (from, named) in [(dir.parent().unwrap(), "bits"), (dir.as_path(), ".")] {
        common::judge()
            .current_dir(from)
            .args(["verify", named])
            .timeout(Duration::from_secs(300))
            .assert()
            .code(0)
            .stdout(contains("2 of 2 inputs valid"))
            .stdout(contains("2 submissions: 2 as expected"));
        common::judge()
            .current_dir(from)
            .args([
                "--cmd",
                "python3 -c 'print(sum(map(int, input().split())))'",
                named,
            ])
            .assert()
            .code(0)
            .stdout(contains("2 cases: 2 AC"));
    }
    // An interactor named so: the guess package's, from the fixtures' folder.
    let fixtures = fixture("kattis/guess");
    common::judge()
        .current_dir(fixtures.parent().unwrap().parent().unwrap())
        .args(["verify", "kattis/guess"])
        .timeout(Duration::from_secs(300))
        .assert()
        .code(0)
        .stdout(contains("2 submissions: 2 as expected"));
}

#[test]
fn an_input_validator_folder_with_build_and_run_is_built_before_it_runs() {
    // `run` starts `made`, which only `build` makes: an input validator folder is built (its
    // build script, then its run), as the format says of every program.
    let dir = package_of_scripts_without_exec_bit();
    fs::remove_file(dir.join("input_validators/check.sh")).unwrap();
    let folder = dir.join("input_validators/v");
    fs::create_dir_all(&folder).unwrap();
    for (name, text) in [
        ("build", "#!/bin/sh\ncp check.src made && chmod +x made\n"),
        ("run", "#!/bin/sh\nexec \"$(dirname \"$0\")/made\" \"$@\"\n"),
        (
            "check.src",
            "#!/bin/sh\ngrep -qxE '[0-9]+ [0-9]+' && exit 42\nexit 43\n",
        ),
    ] {
        fs::write(folder.join(name), text).unwrap();
        fs::set_permissions(folder.join(name), fs::Permissions::from_mode(0o755)).unwrap();
    }
    verify(&dir, &[])
        .assert()
        .code(0)
        .stdout(contains("2 of 2 inputs valid"))
        .stdout(contains("2 submissions: 2 as expected"));
    // An input the validator refuses: its build and run are what judge it.
    fs::write(dir.join("data/secret/1.in"), "ten twenty\n").unwrap();
    verify(&dir, &[])
        .assert()
        .failure()
        .stdout(contains("1 of 2 inputs valid"))
        .stdout(contains(
            "invalid input secret/1: refused by v (exit status 43)",
        ));
}

#[test]
fn a_folder_without_its_problem_file_or_of_plain_cases_is_no_package_to_verify() {
    // A Polygon layout without its problem.xml lists no solutions; a folder of oj's cases has
    // no submissions at all: verify says which, and exits 2.
    let dir = copy_of("polygon/average");
    fs::remove_file(dir.join("problem.xml")).unwrap();
    verify(&dir, &[]).assert().code(2).stderr(contains(
        "problem.xml: missing: a Polygon package lists its solutions there",
    ));
    let plain = common::fresh_folder(
        "verify",
        "plain",
        &[("sample-1.in", "1\n"), ("sample-1.out", "1\n")],
    );
    verify(&plain, &[]).assert().code(2).stderr(contains(
        "is a folder of cases in the online-judge-tools (NAME.in + NAME.out) layout: judge verify checks a Kattis, DOMjudge or Polygon package",
    ));
}

/// What the 2025-09 format calls an error in the test data, on a copy of
/// `tests/fixtures/kattis/echo`: an unknown key in a group's `test_group.yaml` (line 5, after
/// its four), a case's `.yaml` giving a string where a sequence is asked for, and a case
/// directly in `data/secret` beside its groups. verify names each (file and line), checks the
/// rest (both submissions as expected) and fails (exit 1); judging warns of each and judges
/// every case as before: the string is read as its words (the group's own two flags), the loose
/// case `Hi` is echoed.
#[test]
fn errors_of_the_format_in_the_test_data_fail_verify_and_judging_warns() {
    let dir = copy_of("kattis/echo");
    let numbers = dir.join("data/secret/numbers/test_group.yaml");
    let text = fs::read_to_string(&numbers).unwrap();
    fs::write(&numbers, format!("{text}descripton: pi\n")).unwrap();
    fs::write(
        dir.join("data/secret/words/1-greeting.yaml"),
        "output_validator_args: case_sensitive space_change_sensitive\n",
    )
    .unwrap();
    fs::write(dir.join("data/secret/0-loose.in"), "Hi\n").unwrap();
    fs::write(dir.join("data/secret/0-loose.ans"), "Hi\n").unwrap();
    let data = dir.join("data/secret");
    let said = [
        format!(
            "{}/numbers/test_group.yaml: line 5: unknown key \"descripton\"; did you mean \"description\"?",
            data.display()
        ),
        format!(
            "{}/words/1-greeting.yaml: line 1: output_validator_args is a string where the format asks for a sequence of strings",
            data.display()
        ),
        format!(
            "{}: holds test cases (0-loose) and test data groups (numbers, words); the 2025-09 format allows one or the other",
            data.display()
        ),
    ];
    let mut assert = verify(&dir, &[])
        .assert()
        .code(1)
        .stdout(contains("2 submissions: 2 as expected; 3 errors"));
    for said in &said {
        assert = assert.stderr(contains(format!("error: {said}")));
    }
    let echo = dir.join("submissions/accepted/echo.py");
    let mut assert = common::judge_cmd(&format!("python3 {}", echo.display()), &dir, &[])
        .timeout(Duration::from_secs(120))
        .assert()
        .code(0)
        .stdout(contains("6 cases: 6 AC"));
    for said in &said {
        assert = assert.stderr(contains(format!("warning: {said}")));
    }
}

/// A 2025-09 package of two numbers to add (sample 1 2; group `g1`: 3 4; group `4`: 10 20 and
/// 11 22), to check submissions by submissions.yaml's rules. What each gets, by hand:
/// `accepted/add.py` is a link to `solution/add.py`, elsewhere in the package, which is right
/// (followed as BAPCtools follows it: AC); `wrong_answer/big_wrong.py` adds one from 10 up (WA
/// on group 4 only, which `'secret/{ 4 }'` requires: the spaces in the braces are no part of
/// the name); `other/slow_right.py` is right everywhere, spinning 0.3 s of CPU on g1, so its
/// rule `secret/4: required: [WA]` fails, and the case named is one of group 4 (its slowest),
/// not g1's, the slowest of all.
fn adding_package() -> PathBuf {
    let dir = common::fresh_folder(
        "verify",
        "adding",
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\nname: Adding\nuuid: 5d0b7c42-0e42-4a42-8a42-0a0d42d1e042\nlimits:\n  time_limit: 2\n",
            ),
            ("data/sample/1.in", "1 2\n"),
            ("data/sample/1.ans", "3\n"),
            ("data/secret/g1/test_group.yaml", "args: []\n"),
            ("data/secret/g1/1.in", "3 4\n"),
            ("data/secret/g1/1.ans", "7\n"),
            ("data/secret/4/test_group.yaml", "args: []\n"),
            ("data/secret/4/1.in", "10 20\n"),
            ("data/secret/4/1.ans", "30\n"),
            ("data/secret/4/2.in", "11 22\n"),
            ("data/secret/4/2.ans", "33\n"),
            (
                "solution/add.py",
                "a, b = map(int, input().split())\nprint(a + b)\n",
            ),
            (
                "submissions/wrong_answer/big_wrong.py",
                "a, b = map(int, input().split())\nprint(a + b + (a >= 10))\n",
            ),
            (
                "submissions/other/slow_right.py",
                "import time\na, b = map(int, input().split())\nif a == 3:\n    end = time.process_time() + 0.3\n    while time.process_time() < end:\n        pass\nprint(a + b)\n",
            ),
            (
                "submissions/submissions.yaml",
                "wrong_answer/big_wrong.py:\n  'secret/{ 4 }':\n    required: [WA]\nother/slow_right.py:\n  secret/4:\n    required: [WA]\n",
            ),
        ],
    );
    fs::create_dir_all(dir.join("submissions/accepted")).unwrap();
    std::os::unix::fs::symlink(
        "../../solution/add.py",
        dir.join("submissions/accepted/add.py"),
    )
    .unwrap();
    dir
}

#[test]
fn a_linked_submission_a_spaced_brace_glob_and_a_required_rule_s_case() {
    let dir = adding_package();
    let output = verify(&dir, &[]).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    let linked = line_of(&stdout, "accepted/add.py");
    assert!(
        linked.contains(" AC ") && linked.ends_with("ok"),
        "{stdout}"
    );
    let braced = line_of(&stdout, "wrong_answer/big_wrong.py");
    assert!(braced.ends_with("ok"), "{stdout}");
    let slow = line_of(&stdout, "other/slow_right.py");
    assert!(
        slow.contains("FAILED: submissions.yaml \"other/slow_right.py\", secret/4: required WA on one case, but none of its 2 got it"),
        "{slow}"
    );
    let (before, _) = slow.split_once("FAILED").unwrap();
    assert!(
        before.contains(" secret/4/") && !before.contains("secret/g1"),
        "{slow}"
    );
    assert!(
        stdout.contains("3 submissions: 2 as expected, 1 not"),
        "{stdout}"
    );
}

#[test]
fn a_kattis_package_without_an_accepted_submission_fails_verify() {
    // The two others still hold their rules (see adding_package); a time limit is given, so
    // the package can be checked all the same, and verify says what it lacks.
    let dir = adding_package();
    fs::remove_file(dir.join("submissions/accepted/add.py")).unwrap();
    fs::remove_file(dir.join("submissions/other/slow_right.py")).unwrap();
    let output = verify(&dir, &[]).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        line_of(&stdout, "wrong_answer/big_wrong.py").ends_with("ok"),
        "{stdout}"
    );
    assert!(
        stderr.contains(&format!(
            "error: {} has no accepted submission: the Kattis format requires one at least (submissions/accepted/)",
            dir.display()
        )),
        "{stderr}"
    );
}

#[test]
fn a_row_whose_rules_hold_names_the_first_case_it_failed() {
    // echo's wrong_answer/lower_spaced.py lowercases and doubles the spaces: WA first on
    // secret/words/1-greeting (the group that asks for case_sensitive space_change_sensitive),
    // AC on the sample and the numbers; its folder's rule holds, and its row names that case,
    // not the sample it passed (as BAPCtools' "WA @ case").
    let output = verify(&fixture("kattis/echo"), &[]).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let row = stdout
        .lines()
        .find(|line| line.starts_with("wrong_answer/lower_spaced.py"))
        .unwrap_or_default();
    assert!(
        row.contains("secret/words/1-greeting") && row.ends_with("ok"),
        "{stdout}"
    );
}
