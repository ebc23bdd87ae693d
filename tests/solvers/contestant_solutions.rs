//! The "done when" of issue 11: plain contestant solutions, written the way contestants write
//! them and not from the project's solvers (Python 3, and C++ for Othello), are judged AC on
//! every case of their folders through the `judge` binary. A case that rejects a right answer
//! (an input the real judge never gives, an expected output only this project's solver prints)
//! fails here. Needs python3 and g++.

use assert_cmd::prelude::*;
use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn project() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Judges `command` on `cases/<problem>` and asserts every case AC (exit 0, no other verdict).
fn all_accepted(problem: &str, command: &str) {
    let output = Command::cargo_bin("judge")
        .unwrap()
        .current_dir(project())
        .args(["--cmd", command, &format!("cases/{problem}")])
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&output.stdout);
    println!("{report}");
    // The summary reads `N cases: N AC; …` only when every case is AC.
    let summary = report.lines().last().unwrap_or_default();
    let cases = summary.split(' ').next().unwrap_or_default();
    assert!(
        output.status.code() == Some(0)
            && summary.starts_with(&format!("{cases} cases: {cases} AC;")),
        "{problem}: not every case AC\n{report}{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

fn python(problem: &str) {
    all_accepted(problem, &format!("python3 tests/contestants/{problem}.py"));
}

#[test]
fn weighted_tic_tac_toe_in_python() {
    python("weighted_tic_tac_toe");
}

#[test]
fn board_winner_in_python() {
    python("board_winner");
}

#[test]
fn perfect_play_in_python() {
    python("perfect_play");
}

#[test]
fn move_values_in_python() {
    python("move_values");
}

#[test]
fn tic_tac_toe_player_in_python() {
    python("tic_tac_toe_player");
}

#[test]
fn othello_endgame_in_cpp() {
    let binary = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("othello_endgame_contestant");
    std::process::Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(project().join("tests/contestants/othello_endgame.cpp"))
        .assert()
        .success();
    all_accepted("othello_endgame", &binary.display().to_string());
}
