//! What the judge's relay costs an interactive case: 100,000 exchanges (the interactor writes
//! a number, the program writes it back, each line flushed) between two tiny compiled programs,
//! through `judge --cmd … --interactor …` against the same two programs joined by plain pipes.

use crate::measure::{compile_floor, header, measure_pair, ms, row, run_ok};
use game_judge::process::sys;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Exchanges per run.
const QUERIES: usize = 100_000;

/// The program: writes back every line, flushed.
const ECHO: &str = r#"
use std::io::{BufRead, Write};
fn main() {
    let mut out = std::io::stdout().lock();
    for line in std::io::stdin().lock().lines() {
        writeln!(out, "{}", line.unwrap()).unwrap();
        out.flush().unwrap();
    }
}
"#;

/// The interactor: writes 0, 1, … (as many as its first argument says), each flushed, and
/// checks each answer; exit 42 (Kattis: accepted).
const ASKER: &str = r#"
use std::io::{BufRead, Write};
fn main() {
    let count: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    let mut out = std::io::stdout().lock();
    let mut input = std::io::stdin().lock();
    let mut line = String::new();
    for query in 0..count {
        writeln!(out, "{}", query).unwrap();
        out.flush().unwrap();
        line.clear();
        input.read_line(&mut line).unwrap();
        assert_eq!(line.trim(), query.to_string());
    }
    std::process::exit(42);
}
"#;

/// One case for the judge (its input is not read).
fn case_folder() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bench-relay");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("exchange.in"), "\n").unwrap();
    dir
}

/// The two programs joined by two plain pipes, as a shell pipeline with a loop would.
fn plain_pipes(echo: &Path, asker: &Path) {
    let (to_echo, asked) = sys::pipe().unwrap();
    let (to_asker, answered) = sys::pipe().unwrap();
    let mut asking = Command::new(asker)
        .arg(QUERIES.to_string())
        .stdin(Stdio::from(to_asker))
        .stdout(Stdio::from(asked))
        .spawn()
        .unwrap();
    let mut echoing = Command::new(echo)
        .stdin(Stdio::from(to_echo))
        .stdout(Stdio::from(answered))
        .spawn()
        .unwrap();
    assert_eq!(asking.wait().unwrap().code(), Some(42));
    assert!(echoing.wait().unwrap().success());
}

pub fn bench() {
    let judge = env!("CARGO_BIN_EXE_judge");
    let echo = compile_floor("relay_echo", ECHO);
    let asker = compile_floor("relay_asker", ASKER);
    let dir = case_folder();
    header(&format!(
        "relay: {QUERIES} exchanges (write one line, read one line) between two compiled programs"
    ));
    let interactor = format!("{} {QUERIES}", asker.display());
    let (plain, judged) = measure_pair(
        || plain_pipes(&echo, &asker),
        || {
            run_ok(
                Command::new(judge)
                    .args(["-t", "60", "--cmd"])
                    .arg(&echo)
                    .arg("--interactor")
                    .arg(&interactor)
                    .arg(&dir),
            )
        },
    );
    row("the two programs joined by plain pipes", &plain, None);
    row(
        "judge --cmd ECHO --interactor ASKER (relayed, with transcript)",
        &judged,
        Some(&plain),
    );
    println!(
        "\nper exchange: {:.2} µs plain, {:.2} µs through the judge",
        ms(plain.median) * 1000.0 / QUERIES as f64,
        ms(judged.median) * 1000.0 / QUERIES as f64
    );
}
