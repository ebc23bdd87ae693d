//! Interactive judging and the terminal game, end to end: broken fake players
//! (`tests/fixtures/fake_player.py`) each get the right verdict and the judge never hangs; the
//! real player passes every opponent; a person's scripted game runs through `judge play`.

use crate::common;
use assert_cmd::Command;
use predicates::prelude::*;
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

/// A player that never answers uses no CPU time: the wall-clock bound (2 x 0.5 s + 1 s) stops it.
#[test]
fn a_silent_player_is_tle_at_the_wall_bound() {
    let dir = interactive_folder(&[("perfect", "opponent perfect\n")]);
    judge(&fake("silent"), &dir, &["-t", "0.5"])
        .assert()
        .code(1)
        .stdout(contains("player/perfect  TLE"))
        .stdout(contains(
            "game 1 (player o), move 1: waiting for the player's move",
        ))
        .stdout(contains("wall time over the bound of 2000 ms"));
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
        .stdout(contains("(1 games: "));
}

#[test]
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

fn play(input: &str, extra: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("judge")
        .unwrap()
        .timeout(NEVER_HANG)
        .arg("play")
        .args(extra)
        .write_stdin(input)
        .assert()
}

#[test]
fn a_person_plays_a_full_game_and_never_wins() {
    // Each line tries the next cell; a taken one is refused and the next line tried, so the game
    // runs to its end whatever the computer plays.
    play("0\n1\n2\n3\n4\n5\n6\n7\n8\nn\n", &[])
        .success()
        .stdout(contains("you are o and move first"))
        .stdout(contains("game over: "))
        .stdout(contains("you win").not())
        .stdout(contains("bye"));
}

#[test]
fn the_computer_can_start() {
    play("0\n1\n2\n3\n4\n5\n6\n7\n8\nn\n", &["-r"])
        .success()
        .stdout(contains("the computer (o) moves first"))
        .stdout(contains("the computer takes").and(contains("game over: ")));
}

#[test]
fn a_bad_move_is_refused_and_asked_again() {
    play("9\nabc\n4\n", &[])
        .success()
        .stdout(contains("\"9\" is not a cell number 0-8; try again"))
        .stdout(contains("\"abc\" is not a cell number 0-8; try again"))
        .stdout(contains(" 3 | o | 5"))
        .stdout(contains("input ended: game abandoned"));
}

#[test]
fn a_taken_cell_is_refused() {
    // The computer answers the centre with a corner or edge; 4 is then taken.
    play("4\n4\n", &[])
        .success()
        .stdout(contains("cell 4 is taken; try again"));
}

#[test]
fn end_of_input_mid_game_quits_cleanly() {
    play("", &[])
        .success()
        .stdout(contains("input ended: game abandoned"));
}
