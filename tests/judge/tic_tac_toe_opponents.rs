//! Interactive judging against the built-in tic-tac-toe opponents, end to end: broken fake
//! players (`tests/fixtures/fake_player.py`) each get the right verdict and the judge never
//! hangs; the real player passes every opponent; a broken opponent file is an error.
// Without `slow-tests` the slow tests below are left out, and helpers only they use unused.
#![cfg_attr(not(feature = "slow-tests"), allow(dead_code, unused_imports))]

use crate::common;
use assert_cmd::Command;
use predicates::str::contains;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Longer than any of these runs should take: a hang fails the test instead of stalling it.
const NEVER_HANG: Duration = Duration::from_secs(60);

/// A fresh interactive folder named `player` with the given opponent cases (name, text).
fn interactive_folder(cases: &[(&str, &str)]) -> PathBuf {
    let inputs: Vec<(String, &str)> = cases
        .iter()
        .map(|(name, text)| (format!("{name}.in"), *text))
        .collect();
    let dir = common::fresh_folder("interactive", "player", &inputs);
    common::judge_file(&dir, "interactive", "tic-tac-toe\n");
    dir
}

fn fake(strategy: &str) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fake_player.py");
    format!("python3 {} {strategy}", script.display())
}

fn judge(command: &str, dir: &Path, extra: &[&str]) -> Command {
    let mut judge = common::judge_cmd(command, dir, extra);
    judge.timeout(NEVER_HANG);
    judge
}

#[test]
fn a_player_that_takes_an_occupied_cell_is_wa_naming_game_and_move() {
    let dir = interactive_folder(&[("random", "opponent random\nseed 1\ngames 5\n")]);
    judge(&fake("occupied"), &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("player/random  WA"))
        .stdout(contains(
            "game 1 (player o), move 3: the player took cell 4, which is taken",
        ));
}

/// A move is one digit: `+04` (which Rust's parse takes for 4) followed by Unicode spaces
/// (which Rust's trim takes away) is not one, as a testlib interactor would not take it.
#[test]
fn a_player_that_writes_a_sign_and_leading_zero_is_wa() {
    let dir = interactive_folder(&[("random", "opponent random\nseed 1\ngames 5\n")]);
    judge(&fake("signed"), &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("player/random  WA"))
        .stdout(contains(
            "the player wrote \"+00\\u{a0}\\u{3000}\", not a cell number 0-8",
        ));
}

#[test]
fn a_player_that_writes_garbage_is_wa() {
    let dir = interactive_folder(&[("random", "opponent random\nseed 1\ngames 5\n")]);
    judge(&fake("garbage"), &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("WA"))
        .stdout(contains(
            "game 1 (player o), move 1: the player wrote \"hello\", not a cell number 0-8",
        ));
}

/// A player that never answers uses no CPU time: the wall bound (2 x 0.5 s + 1 s of idle time)
/// stops it.
#[test]
#[cfg(feature = "slow-tests")]
fn a_silent_player_is_tle_at_the_wall_bound() {
    let dir = interactive_folder(&[("perfect", "opponent perfect\n")]);
    judge(&fake("silent"), &dir, &["-t", "0.5"])
        .assert()
        .code(1)
        .stdout(contains("player/perfect  TLE"))
        .stdout(contains(
            "game 1 (player o), move 1: waiting for the player's move",
        ))
        .stdout(contains("idle (sleeping or waiting on input) for "))
        .stdout(contains(" s, over the bound of 2000 ms"));
}

#[test]
fn a_player_that_exits_after_one_game_is_re() {
    let dir = interactive_folder(&[("random", "opponent random\nseed 2\ngames 4\n")]);
    judge(&fake("one-game"), &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("player/random  RE"))
        .stdout(contains("game 2 (player x)"))
        .stdout(contains("exit status 0"));
}

#[test]
fn a_player_that_loses_is_wa_with_the_moves() {
    let dir = interactive_folder(&[("perfect", "opponent perfect\n")]);
    judge(&fake("lowest"), &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("WA"))
        .stdout(contains("the player lost; the moves were ["));
}

#[test]
fn a_legal_player_passes_a_weak_opponent_and_reports_the_games() {
    // Against random moves the lowest-cell player may win, draw or lose; with this seed its one
    // game is not lost, so the case is AC and the report says what was played.
    let dir = interactive_folder(&[("random", "opponent random\nseed 5\ngames 1\n")]);
    judge(&fake("lowest"), &dir, &[])
        .assert()
        .code(0)
        .stdout(contains("player/random  AC"))
        .stdout(contains("(1 game: "));
}

#[test]
#[cfg(feature = "slow-tests")]
fn the_real_player_beats_or_draws_every_opponent() {
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/tic_tac_toe_player");
    let player = assert_cmd::cargo::cargo_bin("tic_tac_toe_player");
    // `-t` is the player's CPU time for all of a case's games; this debug build needs more than
    // the 2 s default for the 2000 random games (the release build takes about 0.4 s).
    judge(player.to_str().unwrap(), &cases, &["-t", "20"])
        .assert()
        .code(0)
        .stdout(contains("tic_tac_toe_player/every-line  AC"))
        .stdout(contains("tic_tac_toe_player/perfect"))
        .stdout(contains("tic_tac_toe_player/random"))
        .stdout(contains("0 lost"));
}

#[test]
fn broken_opponent_files_are_errors() {
    let dir = interactive_folder(&[("bad", "opponent sneaky\n")]);
    judge(&fake("lowest"), &dir, &[])
        .assert()
        .code(2)
        .stdout(contains("player/bad  JE"))
        .stdout(contains("unknown opponent \"sneaky\""));
}
