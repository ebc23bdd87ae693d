//! Every solver is a submission: one file that compiles alone with plain `rustc` and std.
//!
//! Each file is copied into an empty folder and built there (so a `mod`, an `include!` or a
//! crate would fail). board_winner targets AOJ's Rust 1.41 in edition 2015, so it is also built
//! with `--edition 2015`, checked by clippy against an MSRV of 1.41, and built with an older real
//! compiler (Debian's rustc 1.63: `/usr/bin/rustc`, or the path in `OLD_RUSTC`); every solver
//! (othello_player among them) is built with that compiler in edition 2021 too. Those two tests
//! need the compiler installed, so they are `#[ignore]`d: `cargo test` lists them as ignored, and
//! `cargo test -- --ignored` (as CI runs after `cargo test`) runs them and fails without it.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn solver_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(root().join("src/bin"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "rs"))
        .collect();
    files.sort();
    assert!(files.len() >= 3, "solvers found: {files:?}");
    files
}

/// A fresh empty folder under the target directory holding only a copy of `file`.
fn alone(file: &Path, label: &str) -> (PathBuf, PathBuf) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "alone-{label}-{}",
        file.file_stem().unwrap().to_string_lossy()
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let copy = dir.join(file.file_name().unwrap());
    fs::copy(file, &copy).unwrap();
    (dir, copy)
}

/// Runs a compiler command in `dir` and fails with its output if it does not succeed.
fn builds(mut command: Command, what: &str) {
    let output = command
        .output()
        .unwrap_or_else(|error| panic!("{what}: cannot start: {error}"));
    assert!(
        output.status.success(),
        "{what} failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

fn rustc(compiler: &str, edition: &str, file: &Path, dir: &Path) -> Command {
    let mut command = Command::new(compiler);
    command
        .args(["--edition", edition, "-O", "-o"])
        .arg(dir.join("solver"))
        .arg(file)
        .current_dir(dir);
    command
}

#[test]
fn every_solver_compiles_alone_with_plain_rustc() {
    for file in solver_files() {
        let (dir, copy) = alone(&file, "2021");
        builds(
            rustc("rustc", "2021", &copy, &dir),
            &format!("rustc --edition 2021 {}", file.display()),
        );
    }
}

/// AtCoder takes a source file of at most 512 KiB.
const SOURCE_LIMIT: u64 = 512 * 1024;
/// A solver file larger than this says its size in its header (`//! Source: about N KiB …`),
/// so that whoever grows it (the Othello evaluation's weights) sees how much room is left.
const STATED_FROM: u64 = 64 * 1024;

/// The size a header states (`//! Source: about 152 KiB`), in KiB.
fn stated_kib(text: &str) -> Option<u64> {
    let line = text
        .lines()
        .find(|line| line.starts_with("//! Source: about "))?;
    let rest = &line["//! Source: about ".len()..];
    rest.split(" KiB").next()?.parse().ok()
}

#[test]
fn every_solver_fits_the_source_limit_and_a_large_one_states_its_size() {
    for file in solver_files() {
        let size = fs::metadata(&file).unwrap().len();
        let name = file.display();
        assert!(
            size <= SOURCE_LIMIT,
            "{name}: {size} bytes, over AtCoder's 512 KiB"
        );
        let text = fs::read_to_string(&file).unwrap();
        match stated_kib(&text) {
            // Within 5%: a stated size need not move with every edit, but stays true.
            Some(kib) => assert!(
                (kib * 1024).abs_diff(size) * 20 <= size,
                "{name}: the header says about {kib} KiB, the file is {} KiB",
                size / 1024
            ),
            None => assert!(
                size <= STATED_FROM,
                "{name}: {} KiB and no `//! Source: about N KiB` line in its header",
                size / 1024
            ),
        }
    }
}

#[test]
fn a_stated_size_is_read_from_its_header_line() {
    let header = "//! othello\n//! Source: about 152 KiB, under AtCoder's 512 KiB limit.\n";
    assert_eq!(stated_kib(header), Some(152));
    assert_eq!(stated_kib("//! Source: 152 KiB\n"), None);
}

#[test]
fn board_winner_compiles_alone_as_edition_2015() {
    let file = root().join("src/bin/board_winner.rs");
    let (dir, copy) = alone(&file, "2015");
    builds(
        rustc("rustc", "2015", &copy, &dir),
        "rustc --edition 2015 board_winner.rs",
    );
}

/// Debian's rustc 1.63, the oldest real compiler this machine can install: its path, after
/// checking that it is there and saying which version it is.
fn older_rustc() -> String {
    let old = env::var("OLD_RUSTC").unwrap_or_else(|_| "/usr/bin/rustc".to_string());
    assert!(
        Path::new(&old).exists(),
        "no older rustc at {old}: install Debian's rustc (apt-get install rustc) or set OLD_RUSTC"
    );
    let version = Command::new(&old).arg("--version").output().unwrap();
    eprintln!(
        "older compiler: {}",
        String::from_utf8_lossy(&version.stdout).trim()
    );
    old
}

/// Ignored unless asked for (`-- --ignored`), so a machine without the older compiler shows the
/// test as ignored, never as passed.
#[test]
#[ignore = "needs Debian's rustc 1.63 at /usr/bin/rustc (apt-get install rustc) or OLD_RUSTC; run with -- --ignored"]
fn board_winner_compiles_with_an_older_real_rustc() {
    let old = older_rustc();
    let file = root().join("src/bin/board_winner.rs");
    let (dir, copy) = alone(&file, "old");
    builds(
        rustc(&old, "2015", &copy, &dir),
        &format!("{old} --edition 2015 board_winner.rs"),
    );
}

/// The solvers for Rust 1.70 judges (othello_endgame, othello_player and the others) use
/// nothing that rustc 1.63 lacks, in edition 2021; so a judge a little behind still takes them.
#[test]
#[ignore = "needs Debian's rustc 1.63 at /usr/bin/rustc (apt-get install rustc) or OLD_RUSTC; run with -- --ignored"]
fn every_solver_compiles_with_an_older_real_rustc_as_edition_2021() {
    let old = older_rustc();
    for file in solver_files() {
        let (dir, copy) = alone(&file, "old-2021");
        builds(
            rustc(&old, "2021", &copy, &dir),
            &format!("{old} --edition 2021 {}", file.display()),
        );
    }
}

#[test]
fn board_winner_uses_no_api_newer_than_rust_1_41() {
    let file = root().join("src/bin/board_winner.rs");
    let (dir, copy) = alone(&file, "msrv");
    let config = dir.join("clippy-config");
    fs::create_dir_all(&config).unwrap();
    fs::write(config.join("clippy.toml"), "msrv = \"1.41\"\n").unwrap();
    let mut clippy = Command::new("clippy-driver");
    clippy
        .env("CLIPPY_CONF_DIR", &config)
        .args(["--edition", "2015", "-D", "clippy::incompatible_msrv", "-o"])
        .arg(dir.join("solver"))
        .arg(&copy)
        .current_dir(&dir);
    builds(
        clippy,
        "clippy-driver with msrv 1.41 (install clippy: rustup component add clippy)",
    );
}

/// Syntax that clippy's API check cannot see and that Rust 1.63 still accepts, but 1.41 does not.
#[test]
fn board_winner_uses_no_syntax_newer_than_rust_1_41() {
    let source = fs::read_to_string(root().join("src/bin/board_winner.rs")).unwrap();
    for (number, line) in source.lines().enumerate() {
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        assert!(
            !code.contains("matches!("),
            "line {}: matches! is Rust 1.42",
            number + 1
        );
        // Inline format arguments (`"{name}"`) are Rust 1.58.
        let inline = code.contains('"')
            && code
                .split('{')
                .skip(1)
                .any(|rest| rest.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'));
        assert!(
            !inline,
            "line {}: inline format arguments are Rust 1.58: {code}",
            number + 1
        );
    }
}
