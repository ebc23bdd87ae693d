//! The case runner: every solver in `src/bin` on every case of its folder in `cases/`.
//!
//! Each case prints one line (`case PROBLEM/NAME ok` or `FAILED` with the details under it); all
//! failures are collected and the run fails once at the end with `N of M cases failed`. Run with
//! `cargo test --test cases -- --nocapture` to see every line when all pass.

use assert_cmd::cargo::cargo_bin;
use game_judge::case_set::discover;
use game_judge::compare::{compare, Mode};
use std::fs::{self, File};
use std::path::Path;
use std::process::Command;

#[test]
fn every_solver_passes_every_case_of_its_folder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let problems = discover(&root.join("cases"), &root.join("src/bin")).unwrap_or_else(|errors| {
        let listed: Vec<String> = errors
            .iter()
            .map(|error| format!("error: {error}"))
            .collect();
        panic!("the case set is broken:\n{}", listed.join("\n"))
    });
    let (mut total, mut failed) = (0, 0);
    for problem in &problems {
        for case in &problem.cases {
            total += 1;
            let label = format!("{}/{}", problem.name, case.name);
            let output = Command::new(cargo_bin(&problem.name))
                .stdin(File::open(&case.input).expect("the case input is readable"))
                .output()
                .expect("the solver starts");
            let expected = fs::read(&case.expected).expect("the case output is readable");
            let verdict = if !output.status.success() {
                Err(format!("exit status: {}", output.status))
            } else {
                compare(Mode::Lines, &expected, &output.stdout)
                    .map_err(|mismatch| mismatch.to_string())
            };
            match verdict {
                Ok(()) => println!("case {label} ok"),
                Err(details) => {
                    failed += 1;
                    println!("case {label} FAILED ({})", case.input.display());
                    println!("    {}", details.replace('\n', "\n    "));
                    let stderr = String::from_utf8_lossy(&output.stderr);
                    if !stderr.trim().is_empty() {
                        println!("    stderr: {}", stderr.trim_end().replace('\n', "\n    "));
                    }
                }
            }
        }
    }
    assert!(
        total > 0,
        "no cases found under cases/: an empty suite is not a pass"
    );
    assert_eq!(failed, 0, "{failed} of {total} cases failed");
    println!("{total} cases passed");
}
