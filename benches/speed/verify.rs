//! `judge verify` against problemtools' `verifyproblem -p submissions` on the same package (the
//! guess fixture: interactive, a Python output validator, two submissions), each run to the
//! end 7 times, alternating. Both build their submissions: the judge once into its cache,
//! verifyproblem anew every time. Then the same against BAPCtools' `bt run` on a package in the
//! 2025-09 format, which problemtools does not read (the echo fixture: test groups' and a case's
//! own settings, two submissions), run in a copy of it as bt runs in its problem's folder.
//! Without a tool on the PATH its half says so and stops.

use crate::measure::{header, measure_pair, row, run_ok};
use std::path::Path;
use std::process::Command;

pub fn bench() {
    let judge = env!("CARGO_BIN_EXE_judge");
    let package = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/kattis/guess");
    header("verify: a package's submissions checked (tests/fixtures/kattis/guess)");
    if Command::new("verifyproblem")
        .arg("--version")
        .output()
        .is_err()
    {
        println!("skipped: verifyproblem is not installed (pip install problemtools; it runs Python with pypy3)");
        return;
    }
    let (theirs, ours) = measure_pair(
        || {
            run_ok(
                Command::new("verifyproblem")
                    .arg(&package)
                    .args(["-p", "submissions"]),
            )
        },
        || run_ok(Command::new(judge).arg("verify").arg(&package)),
    );
    row(
        "verifyproblem PKG -p submissions (problemtools)",
        &theirs,
        None,
    );
    row("judge verify PKG", &ours, Some(&theirs));
    bapctools(judge);
}

/// `bt run` in a copy of the echo fixture against `judge verify` on it.
fn bapctools(judge: &str) {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/kattis/echo");
    header("verify: a 2025-09 package's submissions checked (tests/fixtures/kattis/echo)");
    if Command::new("bt").arg("--version").output().is_err() {
        println!("skipped: BAPCtools is not installed (pip install bapctools)");
        return;
    }
    let copy = std::env::temp_dir().join(format!("game-judge-bench-echo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&copy);
    run_ok(Command::new("cp").arg("-r").arg(&fixture).arg(&copy));
    let (theirs, ours) = measure_pair(
        || {
            // bt exits 1 over a warning of its own (it reads a map of input_validator_args
            // otherwise); its verdicts are the judge's, AC and WA.
            let _ = Command::new("bt")
                .args(["run", "--no-bar"])
                .current_dir(&copy)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .status();
        },
        || run_ok(Command::new(judge).arg("verify").arg(&copy)),
    );
    let _ = std::fs::remove_dir_all(&copy);
    row("bt run (BAPCtools), in the package", &theirs, None);
    row("judge verify PKG", &ours, Some(&theirs));
}
