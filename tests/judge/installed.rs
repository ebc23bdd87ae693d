//! The judge installed away from its checkout, as `cargo install --path .` leaves it: its
//! binary and the solvers' in one folder, the checkout it was built from gone (`GAME_JUDGE_ROOT`
//! naming a folder that is not there stands for the moved clone). Play and stress run the
//! installed solvers and say so; what needs case folders says that only a checkout has them;
//! with nothing to find, the error says where the judge looked; inside a checkout (or the one
//! `GAME_JUDGE_ROOT` names) that checkout's cases are used. And a misspelt path is told it is
//! not there, with the near name, instead of "no solver named".

use crate::common::{judge, skip};
use predicates::prelude::*;
use predicates::str::contains;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A folder under the system's temporary folder, outside every checkout (the build's own
/// `target/tmp` is inside this one), open to the sandbox's user (mode 0755), removed when
/// dropped.
struct Scratch(PathBuf);

impl Scratch {
    /// A fresh scratch folder, or `None` (the test skipped, saying why) when the temporary
    /// folder is inside a game-judge checkout.
    fn new() -> Option<Scratch> {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "game-judge-installed-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::SeqCst)
        ));
        let in_a_checkout = dir.ancestors().any(|up| {
            fs::read_to_string(up.join("Cargo.toml"))
                .is_ok_and(|manifest| manifest.contains("name = \"game-judge\""))
        });
        if in_a_checkout {
            skip(
                "needs a temporary folder outside every checkout",
                &format!("{} is inside a game-judge checkout", dir.display()),
            );
            return None;
        }
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).unwrap();
        Some(Scratch(dir))
    }

    /// A folder in the scratch folder, made (with those between).
    fn folder(&self, path: &str) -> PathBuf {
        let folder = self.0.join(path);
        fs::create_dir_all(&folder).unwrap();
        folder
    }

    /// `judge` and the named solvers, copied from the build into `bin/`, as cargo installs
    /// them; the copied judge's path.
    fn install(&self, solvers: &[&str]) -> PathBuf {
        let bin = self.folder("bin");
        for name in ["judge"].iter().chain(solvers) {
            let built = assert_cmd::cargo::cargo_bin(name);
            fs::copy(&built, bin.join(name)).unwrap();
        }
        bin.join("judge")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// The installed `judge` run in `cwd`, with `GAME_JUDGE_ROOT` naming `root` in place of the
/// checkout it was built from.
fn installed(judge: &Path, cwd: &Path, root: &Path) -> assert_cmd::Command {
    let mut command = assert_cmd::Command::new(judge);
    command
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .env("GAME_JUDGE_ROOT", root)
        .env(
            "XDG_CACHE_HOME",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("cache"),
        )
        .timeout(std::time::Duration::from_secs(120));
    command
}

#[test]
fn an_installed_judge_runs_its_solvers_after_its_checkout_moved() {
    let Some(scratch) = Scratch::new() else {
        return;
    };
    let judge = scratch.install(&["othello_player", "board_winner"]);
    let bin = judge.parent().unwrap();
    let (away, gone) = (scratch.folder("away"), scratch.0.join("gone"));
    let note = format!(
        "note: the solvers installed beside the judge, in {}",
        bin.display()
    );
    // play runs the installed othello_player, which plays the person's opponent; q quits.
    installed(&judge, &away, &gone)
        .args(["play", "othello"])
        .write_stdin("q\n")
        .assert()
        .success()
        .stdout(contains("you quit"))
        .stderr(contains(note.as_str()));
    // stress runs the installed board_winner as the reference.
    let candidate = bin.join("board_winner").display().to_string();
    installed(&judge, &away, &gone)
        .args([
            "stress",
            "board_winner",
            "--count",
            "3",
            "--cmd",
            &candidate,
        ])
        .assert()
        .success()
        .stdout(contains("no difference on 3 inputs"))
        .stderr(contains(note.as_str()));
    // Case folders come only with a checkout: said, with the installed solver to judge instead.
    let looked = format!(
        "(it looked in {} and the folders above it (no game-judge checkout), in {}, which GAME_JUDGE_ROOT names (not there))",
        away.display(),
        gone.display()
    );
    let judge_instead =
        format!("or judge an installed solver on a folder of yours: judge -c '{candidate}' -d DIR");
    let player_instead = format!(
        "or judge an installed solver on a folder of yours: judge -c '{}' -d DIR",
        bin.join("othello_player").display()
    );
    let validate_instead = "or validate a folder of yours with a validator of yours: judge validate --validator 'COMMAND' DIR".to_string();
    for (arguments, what, instead) in [
        (
            &["validate", "board_winner"][..],
            "validating the cases of board_winner",
            &validate_instead,
        ),
        (
            &["board_winner"][..],
            "judging board_winner",
            &judge_instead,
        ),
        // Of several names, an installed one named is the one to judge instead.
        (
            &["othello_player", "perfect_play"][..],
            "judging othello_player perfect_play",
            &player_instead,
        ),
    ] {
        installed(&judge, &away, &gone)
            .args(arguments)
            .assert()
            .code(2)
            .stdout("")
            .stderr(
                contains(format!(
                    "error: {what} needs the project's case folders (cases/NAME/), which come only with a game-judge checkout, and the judge found only the solvers installed in {}",
                    bin.display()
                ))
                .and(contains(looked.as_str()))
                .and(contains("run it inside the checkout (or set GAME_JUDGE_ROOT to it)"))
                .and(contains(instead.as_str())),
            );
    }
    // Bare judge away from a checkout and from online-judge-tools' test/ says what it looked
    // for, and judges nothing.
    installed(&judge, &away, &gone)
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains(
            "error: bare judge judges ./a.out on test/ (online-judge-tools' layout), or the project's solvers inside a game-judge checkout, and this folder has no test/ and is in no checkout: judge -c 'PROGRAM' -d DIR",
        ));
}

#[test]
fn with_no_solver_anywhere_the_error_says_where_the_judge_looked() {
    let Some(scratch) = Scratch::new() else {
        return;
    };
    let judge = scratch.install(&[]);
    let (away, gone) = (scratch.folder("away"), scratch.0.join("gone"));
    installed(&judge, &away, &gone)
        .args(["play", "othello"])
        .write_stdin("q\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains(format!(
            "error: the project's solvers are not found: looked in {} and the folders above it (no game-judge checkout), in {}, which GAME_JUDGE_ROOT names (not there), beside the judge in {} (no solver); run the judge inside a game-judge checkout, install the solvers with `cargo install --path .` from one, or judge a program of yours: judge -c 'PROGRAM' -d DIR",
            away.display(),
            gone.display(),
            judge.parent().unwrap().display()
        )));
}

#[test]
fn the_checkout_the_judge_runs_in_or_the_one_named_gives_the_cases() {
    let Some(scratch) = Scratch::new() else {
        return;
    };
    let judge = scratch.install(&["board_winner"]);
    let clone = scratch.folder("clone");
    for (file, text) in [
        ("Cargo.toml", "[package]\nname = \"game-judge\"\n"),
        ("src/bin/board_winner.rs", "fn main() {}\n"),
        // A board of nine cells, each o, x or s: this one is none, so invalid.
        ("cases/board_winner/bad.in", "not a board\n"),
    ] {
        let path = clone.join(file);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    let invalid = "board_winner/bad  invalid: line 1: expected o, x or s, found 'n' at column 1";
    // Run in a folder below the checkout, the installed solvers beside the judge and the
    // built-from checkout gone: the checkout it runs in is used, and needs no note.
    let below = scratch.folder("clone/sub");
    installed(&judge, &below, &scratch.0.join("gone"))
        .args(["validate", "board_winner"])
        .assert()
        .code(1)
        .stdout(contains(invalid))
        .stderr(contains("note:").not());
    // Run elsewhere, the checkout GAME_JUDGE_ROOT names is used, and said.
    installed(&judge, &scratch.folder("away"), &clone)
        .args(["validate", "board_winner"])
        .assert()
        .code(1)
        .stdout(contains(invalid))
        .stderr(contains(format!(
            "note: the solvers of the game-judge checkout {} (which GAME_JUDGE_ROOT names)",
            clone.display()
        )));
}

#[test]
fn a_misspelt_path_is_not_there_and_gets_the_near_name() {
    for (path, near) in [
        ("cases/othelo_endgame", "cases/othello_endgame"),
        ("src/bin/othelo_player.rs", "src/bin/othello_player.rs"),
    ] {
        judge()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .arg(path)
            .assert()
            .code(2)
            .stdout("")
            .stderr(
                contains(format!(
                    "error: there is no file or folder {path}; did you mean \"{near}\"?"
                ))
                .and(contains("no solver named").not()),
            );
    }
    // Far from every name, and a bare name: no guess, and a near solver's name for a bare one.
    judge()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["cases/zzz"])
        .assert()
        .code(2)
        .stderr(contains("error: there is no file or folder cases/zzz\n"));
    judge()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["othelo_player"])
        .assert()
        .code(2)
        .stderr(
            contains("no solver named \"othelo_player\" in ")
                .and(contains("; did you mean \"othello_player\"?")),
        );
}
