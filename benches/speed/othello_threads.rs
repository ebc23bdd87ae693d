//! `othello_endgame --threads 2` against one thread on FFO #45-#49 (24-26 empties), opt-in:
//! `cargo bench --bench speed -- othello-threads` (about 10 minutes; `--rounds N` sets the rounds, 3 by
//! default). In-process, a fresh table per solve, one thread and two alternating so that the
//! machine's drift weighs on both; wall time, since two threads are there to cut it. Every
//! answer is checked against the .obf move scores.

use crate::measure::stats;
use crate::othello::{check_solution, read_obf_line, Position};
use crate::othello_endgame::parallel::{self, SharedTable};
use crate::othello_endgame::{parse_position, Solution, Solver};
use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

/// The FFO numbers measured, from the first line of `benches/data/ffo-45-59.obf`.
const NUMBERS: std::ops::RangeInclusive<usize> = 45..=49;
/// The threads measured against one.
const THREADS: usize = 2;

/// Solves a position with `threads` threads and a fresh table; checks the answer; returns
/// (wall time, nodes).
fn solve_checked(position: &Position, threads: usize) -> (Duration, u64) {
    let (me, other) = parse_position(&position.line, 1).unwrap();
    let start = Instant::now();
    let (solution, nodes): (Solution, u64) = if threads == 1 {
        let mut solver = Solver::default();
        (solver.solve(me, other), solver.nodes)
    } else {
        let found = parallel::solve(&mut SharedTable::default(), me, other, threads);
        assert_eq!(found.threads, threads, "{:?}", found.refused);
        (found.solution, found.nodes)
    };
    let time = start.elapsed();
    check_solution(position, solution);
    (time, nodes)
}

pub fn bench(arguments: &[String]) {
    let rounds = arguments
        .iter()
        .position(|argument| argument == "--rounds")
        .and_then(|at| arguments.get(at + 1))
        .and_then(|rounds| rounds.parse().ok())
        .unwrap_or(3usize)
        .max(1);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(root.join("benches/data/ffo-45-59.obf")).unwrap();
    let positions: Vec<Position> = text
        .lines()
        .zip(45..)
        .filter(|(_, number)| NUMBERS.contains(number))
        .map(|(line, number)| read_obf_line(format!("#{number}"), line))
        .collect();
    println!(
        "\n### othello_endgame: {THREADS} threads against 1, wall time, {rounds} rounds alternating\n"
    );
    println!(
        "| position | 1 thread: median s | min s | max s | nodes | {THREADS} threads: median s \
         | min s | max s | nodes | speed-up |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let seconds = |time: Duration| time.as_secs_f64();
    let (mut alone_total, mut together_total) = (0.0, 0.0);
    for position in &positions {
        let (mut alone, mut together) = (Vec::new(), Vec::new());
        let (mut alone_nodes, mut together_nodes) = (0, 0);
        for _ in 0..rounds {
            let (time, nodes) = solve_checked(position, 1);
            alone.push(time);
            alone_nodes = nodes;
            let (time, nodes) = solve_checked(position, THREADS);
            together.push(time);
            together_nodes = nodes;
        }
        let (alone, together) = (stats(alone), stats(together));
        alone_total += seconds(alone.median);
        together_total += seconds(together.median);
        println!(
            "| {} | {:.2} | {:.2} | {:.2} | {alone_nodes} | {:.2} | {:.2} | {:.2} | \
             {together_nodes} | {:.2}x |",
            position.name,
            seconds(alone.median),
            seconds(alone.min),
            seconds(alone.max),
            seconds(together.median),
            seconds(together.min),
            seconds(together.max),
            seconds(alone.median) / seconds(together.median)
        );
    }
    println!(
        "| #45-#49 in total (sum of medians) | {alone_total:.2} | | | | {together_total:.2} | | | | \
         {:.2}x |",
        alone_total / together_total
    );
}
