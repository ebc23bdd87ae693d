//! `cargo bench`: how fast the judge is, measured against a baseline run in the same process.
//!
//! Each measurement runs 7 times; the table shows the median, min and max, and the ratio of the
//! median to its baseline. Nothing here asserts: the bench prints, `cargo test` checks behaviour.

#[path = "../tests/common/mod.rs"]
mod common;

use common::has_three;
use game_judge::random::Random;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 7;

/// Median, min and max of the runs of one measurement.
struct Stats {
    median: Duration,
    min: Duration,
    max: Duration,
}

fn measure(mut run: impl FnMut()) -> Stats {
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed()
        })
        .collect();
    times.sort();
    Stats {
        median: times[RUNS / 2],
        min: times[0],
        max: times[RUNS - 1],
    }
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

fn row(name: &str, stats: &Stats, baseline: Option<&Stats>) {
    let ratio = baseline.map_or_else(
        || "baseline".to_string(),
        |base| {
            format!(
                "{:.2}x",
                stats.median.as_secs_f64() / base.median.as_secs_f64()
            )
        },
    );
    println!(
        "| {name} | {:.1} | {:.1} | {:.1} | {ratio} |",
        ms(stats.median),
        ms(stats.min),
        ms(stats.max)
    );
}

fn header(title: &str) {
    println!("\n### {title}\n");
    println!("| measurement | median ms | min ms | max ms | ratio |");
    println!("|---|---|---|---|---|");
}

/// Runs a command and insists that it succeeds (a failing run would measure nothing useful).
fn run_ok(command: &mut Command) {
    let output = command
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{command:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A folder of `count` one-board cases for board_winner, expected outputs by a plain line check.
fn small_cases(count: usize) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bench-small-cases");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let mut random = Random(0x2545_F491_4F6C_DD1D);
    let mut written = 0;
    while written < count {
        let board: [u8; 9] = std::array::from_fn(|_| b"sox"[(random.next_u64() % 3) as usize]);
        let has = |mark: u8| has_three(&board, mark);
        let answer = match (has(b'o'), has(b'x')) {
            (true, true) => continue,
            (true, false) => "o",
            (false, true) => "x",
            (false, false) => "d",
        };
        written += 1;
        fs::write(
            dir.join(format!("case-{written}.in")),
            [&board[..], b"\n"].concat(),
        )
        .unwrap();
        fs::write(
            dir.join(format!("case-{written}.out")),
            format!("{answer}\n"),
        )
        .unwrap();
    }
    dir
}

/// Judge overhead: judging 500 small cases with `-j 1` against running the same solver on the
/// same inputs one after another from here (the solvers' own time).
fn judge_bench() {
    let judge = env!("CARGO_BIN_EXE_judge");
    let solver = env!("CARGO_BIN_EXE_board_winner");
    let count = 500;
    let dir = small_cases(count);
    let inputs: Vec<PathBuf> = (1..=count)
        .map(|n| dir.join(format!("case-{n}.in")))
        .collect();
    header(&format!("judge: {count} small cases (board_winner), -j 1"));
    let direct = measure(|| {
        for input in &inputs {
            run_ok(Command::new(solver).stdin(fs::File::open(input).unwrap()));
        }
    });
    row(
        "the solver run directly, one case after another",
        &direct,
        None,
    );
    let judged = measure(|| {
        run_ok(
            Command::new(judge)
                .args(["-j", "1", "--cmd"])
                .arg(solver)
                .arg(&dir),
        );
    });
    row("judge --cmd SOLVER DIR -j 1", &judged, Some(&direct));
    let overhead = judged.median.saturating_sub(direct.median) / count as u32;
    println!(
        "\njudge overhead per case (median judge time minus the solvers' own time, / {count}): {:.3} ms",
        ms(overhead)
    );
    let parallel = measure(|| {
        run_ok(Command::new(judge).arg("--cmd").arg(solver).arg(&dir));
    });
    row(
        "the same with -j = number of CPUs",
        &parallel,
        Some(&direct),
    );
    let real = measure(|| {
        run_ok(Command::new(judge).current_dir(Path::new(env!("CARGO_MANIFEST_DIR"))));
    });
    header("judge: the real cases/ (cargo's freshness check of the solvers included)");
    row("judge", &real, None);
}

fn main() {
    if std::env::args().any(|argument| argument == "--list") {
        return; // `cargo test --benches` asks for the list of benchmarks: there is nothing to list
    }
    judge_bench();
}
