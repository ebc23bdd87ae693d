//! othello_endgame: FFO #1-#19 in total, FFO #20-#39 in total beside Edax's published node
//! count, and FFO #40-#44 one by one, solved in-process with a fresh transposition table per
//! measurement, with nodes and nodes per second. The times are the CPU time of the solving
//! thread, so that a busy machine slows them less. Every answer is checked against the .obf move
//! scores, so a broken solver cannot post a time.
//!
//! `benches/data/ffo-20-39.obf` is Edax's `problem/fforum-20-39.obf` (abulmo/edax-reversi at
//! 14f048c) as it is: the FFO positions #20-#39 with the exact score of each move.

use crate::measure::{stats, thread_cpu};
use crate::othello_endgame::{parse_position, Play, Solution, Solver};
use std::fs;
use std::path::Path;
use std::time::Duration;

/// Edax 4.4's nodes on FFO #20-#39, one thread, with its own evaluation, as okuhara's
/// edax-reversi-AVX README publishes them (the count does not depend on the machine). Edax counts
/// more than these solvers' nodes do (docs/OTHELLO.md, "Counting nodes as Edax does").
const EDAX_20_39: u64 = 111_349_635;

/// A position and the exact score of each of its moves (from its .obf line).
pub struct Position {
    pub name: String,
    pub line: String,
    pub moves: Vec<(String, i32)>,
}

pub fn read_obf_line(name: String, line: &str) -> Position {
    let mut parts = line.split(';');
    let board = parts.next().unwrap().trim().to_string();
    let moves = parts
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(|part| {
            let (square, score) = part.split_once(':').unwrap();
            (square.to_string(), score.parse().unwrap())
        })
        .collect();
    Position {
        name,
        line: board,
        moves,
    }
}

/// Solves a position (the board of an .obf line) with a fresh table on this thread: the
/// solution, the nodes and the CPU time of the search (the table, sized to the position by the
/// search, is allocated and first written within the clock, as in any run of the solver).
pub fn solve_on_one_thread(line: &str) -> (Solution, u64, Duration) {
    let (me, other) = parse_position(line, 1).expect("a position of the bench's own data");
    let mut solver = Solver::default();
    let start = thread_cpu();
    let solution = solver.solve(me, other);
    (solution, solver.nodes, thread_cpu() - start)
}

/// Solves a position as `solve_on_one_thread` does; checks the answer; returns (CPU time, nodes).
pub fn solve_checked(position: &Position) -> (Duration, u64) {
    let (solution, nodes, time) = solve_on_one_thread(&position.line);
    check_solution(position, solution);
    (time, nodes)
}

/// Fails unless `solution` is a move that reaches the best of the .obf's move scores.
pub fn check_solution(position: &Position, solution: Solution) {
    let Play::Move(square) = solution.play else {
        panic!("{}: expected a move, got {solution}", position.name)
    };
    let name = format!("{}{}", (b'A' + (square % 8) as u8) as char, square / 8 + 1);
    check(position, &format!("{:+}", solution.score), &name);
}

/// Fails unless `score` (`+18`) is the best of the .obf's move scores and `square` (`G8`) a
/// move that reaches it.
pub fn check(position: &Position, score: &str, square: &str) {
    let best = position
        .moves
        .iter()
        .map(|(_, score)| *score)
        .max()
        .unwrap();
    let reached = position.moves.iter().find(|(name, _)| name == square);
    assert!(
        score.parse::<i32>() == Ok(best) && reached.map(|(_, score)| *score) == Some(best),
        "{}: solved {score} {square}, but the best is {best}",
        position.name
    );
}

pub fn bench() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let first: Vec<Position> = (1..=19)
        .map(|n| {
            let file = root.join(format!("cases/othello_endgame/ffo-{n:02}.in"));
            read_obf_line(format!("#{n}"), &fs::read_to_string(file).unwrap())
        })
        .collect();
    let read = |file: &str, first: usize| -> Vec<Position> {
        fs::read_to_string(root.join(file))
            .unwrap()
            .lines()
            .enumerate()
            .map(|(index, line)| read_obf_line(format!("#{}", first + index), line))
            .collect()
    };
    let middle = read("benches/data/ffo-20-39.obf", 20);
    let hard = read("benches/data/ffo-40-44.obf", 40);
    println!(
        "\n### othello_endgame: FFO endgame positions, one thread, a fresh table per solve, CPU \
         time\n"
    );
    println!("| positions | empties | runs | median CPU s | min | max | nodes | Mnodes/s |");
    println!("|---|---|---|---|---|---|---|---|");
    let empties =
        |position: &Position| position.line.chars().take(64).filter(|&c| c == '-').count();
    let mut totals = Vec::new();
    let mut nodes = 0;
    for _ in 0..7 {
        let (mut total, mut count) = (Duration::ZERO, 0);
        for position in &first {
            let (time, solved) = solve_checked(position);
            total += time;
            count += solved;
        }
        totals.push(total);
        nodes = count;
    }
    let all = stats(totals);
    let seconds = |time: Duration| time.as_secs_f64();
    println!(
        "| #1-#19 in total | 14-16 | 7 | {:.3} | {:.3} | {:.3} | {nodes} | {:.1} |",
        seconds(all.median),
        seconds(all.min),
        seconds(all.max),
        nodes as f64 / seconds(all.median) / 1e6
    );
    let runs = 3;
    let (mut totals, mut nodes_20_39) = (Vec::new(), 0);
    for _ in 0..runs {
        let (mut total, mut count) = (Duration::ZERO, 0);
        for position in &middle {
            let (time, solved) = solve_checked(position);
            total += time;
            count += solved;
        }
        totals.push(total);
        nodes_20_39 = count;
    }
    let all = stats(totals);
    println!(
        "| #20-#39 in total | 6-26 | {runs} | {:.2} | {:.2} | {:.2} | {nodes_20_39} | {:.1} |",
        seconds(all.median),
        seconds(all.min),
        seconds(all.max),
        nodes_20_39 as f64 / seconds(all.median) / 1e6
    );
    let mut hard_total = 0.0;
    for position in &hard {
        let mut times = Vec::new();
        let mut nodes = 0;
        for _ in 0..runs {
            let (time, count) = solve_checked(position);
            times.push(time);
            nodes = count;
        }
        let one = stats(times);
        hard_total += seconds(one.median);
        println!(
            "| {} | {} | {runs} | {:.2} | {:.2} | {:.2} | {nodes} | {:.1} |",
            position.name,
            empties(position),
            seconds(one.median),
            seconds(one.min),
            seconds(one.max),
            nodes as f64 / seconds(one.median) / 1e6
        );
    }
    println!("| #40-#44 in total (sum of medians) | | | {hard_total:.2} | | | | |");
    println!(
        "\nFFO #20-#39 in total: {nodes_20_39} nodes against Edax's {EDAX_20_39}: {:.2}x",
        nodes_20_39 as f64 / EDAX_20_39 as f64
    );
}
