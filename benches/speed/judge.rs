//! The judge's own cost: judging 500 small cases (each run supervised: CPU time, memory, every
//! process it started found and killed) against a loop that only spawns the same solver.

use crate::common::has_three;
use crate::measure::{header, measure, measure_pair, ms, row, run_ok};
use game_judge::random::Random;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

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
pub fn bench() {
    let judge = env!("CARGO_BIN_EXE_judge");
    let solver = env!("CARGO_BIN_EXE_board_winner");
    let count = 500;
    let dir = small_cases(count);
    let inputs: Vec<PathBuf> = (1..=count)
        .map(|n| dir.join(format!("case-{n}.in")))
        .collect();
    header(&format!("judge: {count} small cases (board_winner), -j 1"));
    let mut overheads = Vec::new();
    for (cgroup, setting) in [
        (
            "on",
            "a memory cgroup per case (pooled), where one can be made",
        ),
        ("off", "GAME_JUDGE_CGROUP=off: polling /proc only"),
    ] {
        let (direct, judged) = measure_pair(
            || {
                for input in &inputs {
                    run_ok(Command::new(solver).stdin(fs::File::open(input).unwrap()));
                }
            },
            || {
                run_ok(
                    Command::new(judge)
                        .env("GAME_JUDGE_CGROUP", cgroup)
                        .args(["-j", "1", "--cmd"])
                        .arg(solver)
                        .arg(&dir),
                )
            },
        );
        row(
            "the solver run directly, one case after another",
            &direct,
            None,
        );
        row(
            &format!("judge --cmd SOLVER DIR -j 1 ({setting})"),
            &judged,
            Some(&direct),
        );
        let overhead = judged.median.saturating_sub(direct.median) / count as u32;
        overheads.push(format!("{:.3} ms with cgroups {cgroup}", ms(overhead)));
    }
    println!(
        "\njudge overhead per case (median judge time minus the solvers' own time, / {count}): {}",
        overheads.join(", ")
    );
    let parallel = measure(|| {
        run_ok(Command::new(judge).arg("--cmd").arg(solver).arg(&dir));
    });
    row(
        "judge with -j = number of CPUs (cgroups on)",
        &parallel,
        None,
    );
    let real = measure(|| {
        run_ok(Command::new(judge).current_dir(Path::new(env!("CARGO_MANIFEST_DIR"))));
    });
    header("judge: the real cases/ (cargo's freshness check of the solvers included)");
    row("judge", &real, None);
}
