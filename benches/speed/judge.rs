//! The judge's own cost: judging 500 small cases (each run supervised: CPU time, memory, every
//! process it started found and killed; boxed in the sandbox, or not) against a loop that only
//! spawns the same solver.

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
    let mut boxed_and_not = Vec::new();
    for (cgroup, sandbox, setting) in [
        (
            "on",
            true,
            "in the sandbox, a memory cgroup per case (pooled)",
        ),
        (
            "on",
            false,
            "--no-sandbox, a memory cgroup per case (pooled)",
        ),
        (
            "off",
            false,
            "--no-sandbox, GAME_JUDGE_CGROUP=off: polling /proc only",
        ),
    ] {
        let (direct, judged) = measure_pair(
            || {
                for input in &inputs {
                    run_ok(Command::new(solver).stdin(fs::File::open(input).unwrap()));
                }
            },
            || {
                let mut command = Command::new(judge);
                command.env("GAME_JUDGE_CGROUP", cgroup);
                if !sandbox {
                    command.arg("--no-sandbox");
                }
                run_ok(command.args(["-j", "1", "--cmd"]).arg(solver).arg(&dir))
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
        overheads.push(format!("{:.3} ms {setting}", ms(overhead)));
        if cgroup == "on" {
            boxed_and_not.push(judged.median);
        }
    }
    println!(
        "\njudge overhead per case (median judge time minus the solvers' own time, / {count}):\n  {}",
        overheads.join("\n  ")
    );
    if let [boxed, unboxed] = boxed_and_not[..] {
        println!(
            "the sandbox's cost per case (median in the sandbox minus median with --no-sandbox, / {count}): {:.3} ms",
            ms(boxed.saturating_sub(unboxed) / count as u32)
        );
    }
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
