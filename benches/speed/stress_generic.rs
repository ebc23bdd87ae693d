//! `judge stress` in its generic form, as issue 23 measured it: a Python program with the
//! ninth-move bug of ABC349 E against a C++ reference, with an outside generator and validator
//! (all in `benches/data/stress/`, written for the bench; the reference is built here with
//! g++ -O2), seed 1, `-j` the number of CPUs. Each run finds the bug and shrinks the input; the
//! table gives the whole run's time, and the report's own figures of one run: the inputs tried
//! and the time to find, the runs and the time to shrink.

use crate::measure::{header, measure, row};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The reference, built with g++ into the target folder.
fn reference(data: &Path) -> PathBuf {
    let binary = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bench-stress-reference");
    let status = Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(data.join("reference.cpp"))
        .status()
        .expect("g++ runs");
    assert!(status.success(), "the reference does not build");
    binary
}

pub fn bench() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let data = root.join("benches/data/stress");
    let reference = reference(&data);
    let judge = env!("CARGO_BIN_EXE_judge");
    let run = || {
        Command::new(judge)
            .current_dir(root)
            .args([
                "stress",
                "--cmd",
                "python3 tests/fixtures/ninth_move_bug.py",
            ])
            .arg("--ref")
            .arg(&reference)
            .arg("--gen")
            .arg(format!("python3 {}", data.join("generator.py").display()))
            .arg("--validator")
            .arg(format!("python3 {}", data.join("validator.py").display()))
            .args(["--seed", "1"])
            .output()
            .expect("judge stress runs")
    };
    header("stress, generic: a Python program, a C++ reference, an outside generator and validator (seed 1)");
    let mut report = String::new();
    let stats = measure(|| {
        let output = run();
        report = String::from_utf8_lossy(&output.stdout).into_owned();
    });
    row(
        "judge stress: found and shrunk (goal: under 60 s)",
        &stats,
        None,
    );
    for line in report.lines() {
        if line.starts_with("found:") || line.starts_with("shrunk in") {
            println!("| {} | | | | |", line.trim());
        }
    }
}
