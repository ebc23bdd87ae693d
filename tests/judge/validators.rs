//! The input validators on the shipped cases, and `judge validate` as a person runs it.
//!
//! Every `.in` under `cases/` must be an input the problem's real judge can give: this walks the
//! folders (so a case added by hand is checked too) and needs a validator for every problem.
//! Each validator's near misses, one per rule, are unit tests beside it in `src/validate/`.
// Without `slow-tests` the slow tests below are left out, and helpers only they use unused.
#![cfg_attr(not(feature = "slow-tests"), allow(dead_code, unused_imports))]

use crate::common::{fresh_folder, Tag};
use assert_cmd::Command;
use game_judge::problems::validator;
use game_judge::validate::in_files;
use predicates::prelude::*;
use std::fs;
use std::path::Path;

#[test]
fn every_shipped_input_is_valid_for_its_problem() {
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases");
    let (mut checked, mut failures) = (0, Vec::new());
    let mut folders: Vec<_> = fs::read_dir(&cases)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .collect();
    folders.sort();
    for folder in folders {
        let name = folder.file_name().unwrap().to_string_lossy().into_owned();
        if name.ends_with(".judge") {
            continue; // a problem's judge files (checker, interactive marker), not cases
        }
        let Some(validate) = validator(&name) else {
            failures.push(format!("{name}: no validator for this problem"));
            continue;
        };
        let files = in_files(&folder).unwrap();
        if files.is_empty() {
            failures.push(format!("{name}: no .in files"));
        }
        for file in files {
            checked += 1;
            let verdict = validate(&fs::read(&file).unwrap());
            let label = format!("{name}/{}", file.file_stem().unwrap().to_string_lossy());
            match verdict {
                Ok(()) => println!("{label}  valid"),
                Err(invalid) => {
                    println!("{label}  invalid: {invalid}");
                    failures.push(format!("{label}: {invalid}"));
                }
            }
        }
    }
    assert!(
        checked > 0,
        "no case inputs found: an empty suite is not a pass"
    );
    assert!(
        failures.is_empty(),
        "{} of {checked} inputs are not real-judge inputs:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn judge() -> Command {
    let mut command = Command::cargo_bin("judge").unwrap();
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

#[test]
fn judge_validate_passes_the_shipped_cases() {
    judge()
        .args(["validate"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("weighted_tic_tac_toe/sample-1"))
        .stdout(predicate::str::contains("  invalid:").not())
        .stdout(predicate::str::contains(" 0 invalid"));
}

#[test]
fn judge_validate_reports_an_invalid_file_with_its_line() {
    let dir = fresh_folder(
        "validate",
        "weighted_tic_tac_toe",
        &[
            ("good.in", "0 0 0\n0 1 0\n0 0 0\n"),
            ("crlf.in", "0 0 0\r\n0 1 0\r\n0 0 0\r\n"),
            ("good.out", "not read"),
        ],
    );
    // A --validator command checks any folder: here a shell line that rejects a CR.
    let rejects_cr = "if grep -q \"$(printf '\\r')\" ; then echo 'has a CR' >&2; exit 3; fi";
    judge()
        .args(["validate", "--validator", rejects_cr])
        .arg(&dir)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "weighted_tic_tac_toe/crlf  invalid: exit status 3: has a CR",
        ))
        .stdout(predicate::str::contains("weighted_tic_tac_toe/good  valid"))
        .stdout(predicate::str::contains("2 files: 1 valid, 1 invalid"));
    // A Kattis input validator (exit 42 for valid) given as --validator: told what 42 means.
    judge()
        .args(["validate", "--validator", "exit 42"])
        .arg(&dir)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "invalid: exit status 42 (a Kattis input validator's \"valid\": judge validate PKG runs a package's own validators by its rules",
        ));
}

#[test]
fn judge_validate_usage_and_io_errors_exit_2() {
    judge()
        .args(["validate", "no_such_problem"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no validator named"));
    judge()
        .args(["validate", "--validator", "true"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("one folder"));
    let empty = fresh_folder("validate", "empty", &[("readme", "no cases")]);
    judge()
        .args(["validate", "--validator", "true"])
        .arg(&empty)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no .in files"));
    // An input that leads to the judge's own memory is refused before the validator runs.
    let kernel = fresh_folder("validate", "kernel", &[("good.in", "1\n")]);
    std::os::unix::fs::symlink("/proc/self/mem", kernel.join("mem.in")).unwrap();
    judge()
        .args(["validate", "--validator", "cat"])
        .arg(&kernel)
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains(
            "mem.in is a link to /proc/self/mem: a case file must be a regular file outside /proc and /sys",
        ));
}

/// Issue 21: a validator that hangs, crashes or is killed by the judge has said nothing about
/// the file: the line says `error: the validator …` in words (never an internal name such as
/// `WallTime`), and the exit status is 2, a judge error. A validator that exits 1 still calls
/// the file invalid (exit 1). Only the sleeper meets the 2 s wall bound of `-t 0.5`; the others
/// get a wall bound no busy machine reaches, so that the limit they pass is the one named.
#[test]
#[cfg(feature = "slow-tests")]
fn a_validator_that_hangs_crashes_or_is_killed_is_an_error_not_an_invalid_file() {
    let tag = Tag::new("validator-faults");
    let dir = fresh_folder("validate", "faults", &[("a.in", "1\n")]);
    let roomy = ["--wall-limit", "60"].as_slice();
    for (validator, wall, said) in [
        (
            "import time; time.sleep(30)",
            [].as_slice(),
            "faults/a  error: the validator was still running at the wall bound of 2000 ms (a hang?): killed",
        ),
        (
            "while True: pass",
            roomy,
            "faults/a  error: the validator used more than the CPU time limit of 500 ms: killed",
        ),
        (
            "x = \"x\" * (200 << 20); import time; time.sleep(5)",
            roomy,
            "faults/a  error: the validator went over the memory limit of 64 MiB: killed",
        ),
        (
            "import os; os.kill(os.getpid(), 11)",
            roomy,
            "faults/a  error: the validator was killed by signal 11 (SIGSEGV)",
        ),
    ] {
        judge()
            .args(["validate", "-t", "0.5", "-m", "64"])
            .args(wall)
            .arg("--validator")
            .arg(format!("python3 -c '{validator}' {tag}"))
            .arg(&dir)
            .timeout(std::time::Duration::from_secs(120))
            .assert()
            .code(2)
            .stdout(predicate::str::contains(said))
            .stdout(predicate::str::contains("invalid:").not())
            .stdout(predicate::str::contains("1 file: 0 valid, 0 invalid, 1 error"));
    }
    tag.assert_none_left();
    judge()
        .args(["validate", "--validator"])
        .arg(format!(
            "python3 -c 'import sys; sys.exit(\"a zero\")' {tag}"
        ))
        .arg(&dir)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "faults/a  invalid: exit status 1: a zero",
        ));
}

/// An invalid file's line says the validator's last line of stderr (a Python traceback's is the
/// exception), not the whole traceback.
#[test]
fn an_invalid_file_is_explained_by_the_validators_last_line() {
    let dir = fresh_folder("validate", "lines", &[("short.in", "1\n")]);
    let asserts =
        "python3 -c 'import sys; assert len(sys.stdin.readlines()) == 3, \"need 3 lines\"'";
    judge()
        .args(["validate", "--validator", asserts])
        .arg(&dir)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "lines/short  invalid: exit status 1: AssertionError: need 3 lines",
        ))
        .stdout(predicate::str::contains("Traceback").not());
}

#[test]
#[cfg(feature = "slow-tests")]
fn a_package_is_checked_by_its_own_input_validators() {
    let validate = |dir: &Path| {
        let mut command = crate::common::judge();
        command.arg("validate").arg(dir);
        command.assert()
    };
    // Polygon: problem.xml's validator (exit 0 valid, 3 invalid), on every test, generated too.
    let mut files = crate::common::fixture_files("polygon/average");
    validate(&crate::common::fixture("polygon/average"))
        .code(0)
        .stderr(predicate::str::contains(
            "input validators: files/validator.cpp",
        ))
        .stdout(predicate::str::is_match(r"(?m)^01  valid$").unwrap())
        .stdout(predicate::str::contains("3 files: 3 valid, 0 invalid"));
    for (path, text) in &mut files {
        if path == "tests/02" {
            *text = "0\n\n".to_string();
        }
    }
    let broken = fresh_folder("validate-package", "average", &files);
    validate(&broken)
        .code(1)
        .stdout(predicate::str::contains(
            "02  invalid: refused by files/validator.cpp (exit status 3): invalid input: N must be 1 to 100",
        ))
        .stdout(predicate::str::contains("3 files: 2 valid, 1 invalid"));
    // Kattis: input_validators/ (42 valid, 43 invalid).
    validate(&crate::common::fixture("kattis/quotient"))
        .code(0)
        .stderr(predicate::str::contains("input validators: validate.py"))
        .stdout(predicate::str::contains(" 0 invalid"));
    // 2025-09: a group's input_validator_args and a case's own (issue 42): 3-long's 31
    // characters are within its own --max-length 40, and 1-pi is a number as its group asks.
    validate(&crate::common::fixture("kattis/echo"))
        .code(0)
        .stdout(predicate::str::contains("secret/words/3-long      valid"))
        .stdout(predicate::str::contains("5 files: 5 valid, 0 invalid"));
    // A package without validators of its own is no pass: it says how to check it otherwise.
    validate(&crate::common::fixture("domjudge/add"))
        .code(2)
        .stderr(predicate::str::contains(
            "has no input validator of its own that the judge can run (input_validators/): check it with judge validate --validator 'COMMAND'",
        ));
}
