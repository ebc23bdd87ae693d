//! The deep FFO endgames, #45-#59 (24-34 empties), opt-in: `cargo bench --bench speed -- othello-deep`
//! (all of them) or `cargo bench --bench speed -- othello-deep 52 53` (those numbers). Each is solved once, on
//! one thread, in a process of its own (this bench run again with `--othello-deep-one LINE`),
//! stopped at a cap of 15 minutes of CPU time (`--cap SECONDS` sets another; CPU time, so that
//! a busy machine does not cut a solve short). Every answer is checked against the .obf move
//! scores; the table gives each CPU time and node count.

use crate::othello::{check, read_obf_line, solve_on_one_thread, Position};
use game_judge::process::sys::clock_ticks_per_second;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The first FFO number of `benches/data/ffo-45-59.obf`.
const FIRST: usize = 45;
/// How much CPU time one position may take.
const CAP: Duration = Duration::from_secs(15 * 60);

/// The child's side: solves one position and prints `SOLUTION NODES CPU_SECONDS`.
pub fn solve_one(line: &str) {
    let (solution, nodes, cpu) = solve_on_one_thread(line);
    println!("{solution} {nodes} {:.2}", cpu.as_secs_f64());
}

/// The CPU time so far of a process (`self` or a pid), in seconds (from /proc, std only).
pub fn cpu_seconds(process: &str) -> f64 {
    let stat = fs::read_to_string(format!("/proc/{process}/stat")).unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    let ticks = |index: usize| -> f64 {
        fields
            .get(index)
            .and_then(|t| t.parse().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line, 11 and 12 after the name.
    (ticks(11) + ticks(12)) / clock_ticks_per_second() as f64
}

pub fn bench(arguments: &[String]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let positions: Vec<(usize, Position)> =
        fs::read_to_string(root.join("benches/data/ffo-45-59.obf"))
            .unwrap()
            .lines()
            .enumerate()
            .map(|(index, line)| {
                let number = FIRST + index;
                (number, read_obf_line(format!("#{number}"), line))
            })
            .collect();
    let cap_at = arguments.iter().position(|a| a == "--cap");
    let cap = cap_at
        .and_then(|at| arguments.get(at + 1))
        .and_then(|seconds| seconds.parse().ok())
        .map_or(CAP, Duration::from_secs);
    let chosen: Vec<usize> = arguments
        .iter()
        .enumerate()
        .filter(|&(at, _)| Some(at) != cap_at.map(|cap_at| cap_at + 1))
        .filter_map(|(_, a)| a.parse().ok())
        .collect();
    let solver = own_copy();
    println!(
        "\n### othello_endgame: deep FFO positions, one thread, one solve each, capped at {} s of \
         CPU time\n",
        cap.as_secs()
    );
    println!("| position | empties | answer | CPU s | wall s | nodes | Mnodes/s |");
    println!("|---|---|---|---|---|---|---|");
    for (number, position) in &positions {
        if !chosen.is_empty() && !chosen.contains(number) {
            continue;
        }
        let empties = position.line.chars().take(64).filter(|&c| c == '-').count();
        let started = Instant::now();
        let mut child = Command::new(&solver)
            .args(["--othello-deep-one", &position.line])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let finished = loop {
            if child.try_wait().unwrap().is_some() {
                break true;
            }
            if cpu_seconds(&child.id().to_string()) > cap.as_secs_f64() {
                let _ = child.kill();
                let _ = child.wait();
                break false;
            }
            std::thread::sleep(Duration::from_millis(100));
        };
        let wall = started.elapsed().as_secs_f64();
        if !finished {
            println!(
                "| #{number} | {empties} | not solved within the cap | - | {wall:.0} | - | - |"
            );
            continue;
        }
        let output = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        let words: Vec<&str> = text.split_whitespace().collect();
        let [score, square, nodes, cpu] = words[..] else {
            panic!("#{number}: the solve printed {text:?}");
        };
        check(position, score, square);
        let (nodes, cpu): (u64, f64) = (nodes.parse().unwrap(), cpu.parse().unwrap());
        println!(
            "| #{number} | {empties} | {score} {square} | {cpu:.1} | {wall:.1} | {nodes} | {:.1} |",
            nodes as f64 / cpu.max(0.01) / 1e6
        );
    }
    let _ = fs::remove_file(&solver);
}

/// A copy of this bench's binary, which each position runs in: a `cargo bench` for another part
/// during the hour this one takes replaces the binary, and the positions after it would find it
/// gone (or run other code).
fn own_copy() -> PathBuf {
    let copy =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("othello-deep-{}", std::process::id()));
    fs::copy(std::env::current_exe().unwrap(), &copy).unwrap();
    copy
}
