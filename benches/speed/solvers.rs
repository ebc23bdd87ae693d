//! The solvers' speed: the line solvers on a million lines against `cat` and a process that only
//! copies its input, and weighted_tic_tac_toe's search against a plain game-tree search.

use crate::common::{has_three, TRIPLES};
use crate::measure::{
    compile_floor, from_file_to_null, header, measure, measure_pair, ms, row, through_pipes, Stats,
};
use crate::weighted_tic_tac_toe::solve;
use game_judge::random::Random;
use std::hint::black_box;
use std::path::Path;

/// The floor for the line solvers: read all of stdin, write it all back.
const COPY_SOURCE: &str = r#"
use std::io::{Read, Write};
fn main() {
    let mut input = Vec::new();
    std::io::stdin().read_to_end(&mut input).unwrap();
    std::io::stdout().write_all(&input).unwrap();
}
"#;

/// The floor for a line solver that holds its answers until the input is read (so that a bad
/// line leaves nothing on stdout): read stdin in 64 KiB blocks, keep two bits a line (lines
/// counted, not read; four to a byte, as the solvers hold them), write them at the end with
/// their line ends, eight bytes of output a held byte, 64 KiB at a time. No solver of this kind
/// can be faster.
const HOLD_SOURCE: &str = r#"
use std::io::{Read, Write};
fn main() {
    let mut block = vec![0u8; 1 << 16];
    let (mut lines, mut held) = (0, Vec::new());
    let mut stdin = std::io::stdin().lock();
    loop {
        let read = stdin.read(&mut block).unwrap();
        if read == 0 {
            break;
        }
        // Every line of the bench's file is ten bytes: not even the line ends are looked for.
        lines += read / 10;
        held.resize((lines + 3) / 4, 0x55);
    }
    let mut out = vec![0u8; 1 << 16];
    let mut stdout = std::io::stdout().lock();
    for chunk in held.chunks(out.len() / 8) {
        for (eight, &byte) in out.chunks_exact_mut(8).zip(chunk) {
            eight.copy_from_slice(if byte == 0x55 { b"d\nd\nd\nd\n" } else { b"o\no\no\no\n" });
        }
        let written = (2 * lines).min(8 * chunk.len());
        lines -= written / 2;
        stdout.write_all(&out[..written]).unwrap();
    }
}
"#;

/// The floor for weighted_tic_tac_toe's whole process: read the input, print a constant.
const CONSTANT_SOURCE: &str = r#"
use std::io::Read;
fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    println!("Takahashi");
}
"#;

/// A random legal position: random moves from the empty board, stopping at a line.
fn random_position(random: &mut Random) -> [u8; 9] {
    let mut board = [b's'; 9];
    let moves = random.below(10);
    for turn in 0..moves {
        if has_three(&board, b'o') || has_three(&board, b'x') {
            break;
        }
        let free: Vec<usize> = (0..9).filter(|&cell| board[cell] == b's').collect();
        board[free[random.below(free.len())]] = if turn % 2 == 0 { b'o' } else { b'x' };
    }
    board
}

const LINES: usize = 1_000_000;

/// The line solvers against the copy floor, each on a million random legal positions.
pub fn line_solvers() {
    let copy = compile_floor("copy_stdin", COPY_SOURCE);
    let mut random = Random(1);
    let mut boards = Vec::with_capacity(LINES * 10);
    let mut with_rules = Vec::with_capacity(LINES * 17);
    for _ in 0..LINES {
        let board = random_position(&mut random);
        boards.extend_from_slice(&board);
        boards.push(b'\n');
        with_rules.extend_from_slice(&board);
        with_rules.extend_from_slice(if random.below(2) == 0 {
            b" normal\n"
        } else {
            b" misere\n"
        });
    }
    let solvers = [
        ("perfect_play", env!("CARGO_BIN_EXE_perfect_play"), &boards),
        ("board_winner", env!("CARGO_BIN_EXE_board_winner"), &boards),
        (
            "move_values",
            env!("CARGO_BIN_EXE_move_values"),
            &with_rules,
        ),
    ];
    // As issue 24 states the goal: `solver < file > /dev/null` against `cat < file > /dev/null`.
    header("1,000,000 random legal boards from a file to /dev/null, against cat of the same file");
    let file = std::env::temp_dir().join(format!("game-judge-bench-boards-{}", std::process::id()));
    std::fs::write(&file, &boards).unwrap();
    let hold = compile_floor("read_in_blocks_hold_the_answers", HOLD_SOURCE);
    for (name, binary) in [
        (
            "read in blocks, hold two bits a line (the floor)",
            hold.to_str().unwrap(),
        ),
        ("perfect_play", env!("CARGO_BIN_EXE_perfect_play")),
        ("board_winner", env!("CARGO_BIN_EXE_board_winner")),
    ] {
        let (cat, solver) = measure_pair(
            || from_file_to_null(Path::new("cat"), &file),
            || from_file_to_null(Path::new(binary), &file),
        );
        row("cat < file > /dev/null (10 MB)", &cat, None);
        row(&format!("{name} < file > /dev/null"), &solver, Some(&cat));
    }
    let _ = std::fs::remove_file(&file);
    header(
        "1,000,000 random legal positions through pipes, against a process that copies its input",
    );
    for (name, binary, input) in solvers {
        let (floor, solver) = measure_pair(
            || assert_eq!(through_pipes(&copy, input), input.len()),
            || assert!(through_pipes(Path::new(binary), input) > 0),
        );
        row(
            &format!("copy stdin to stdout ({} MB)", input.len() / 1_000_000),
            &floor,
            None,
        );
        row(name, &solver, Some(&floor));
    }
}

/// Whether the player to move wins, by the plain game tree: every move tried, nothing
/// remembered, nothing cut. `owner`: 0 free, 1 Takahashi, 2 Aoki.
fn plain_mover_wins(grid: &[i64; 9], owner: &mut [u8; 9], score: [i64; 3], mover: u8) -> bool {
    let mut wins = false;
    for cell in 0..9 {
        if owner[cell] != 0 {
            continue;
        }
        owner[cell] = mover;
        let mut after = score;
        after[mover as usize] += grid[cell];
        let line = TRIPLES.iter().any(|t| t.iter().all(|&c| owner[c] == mover));
        let this = if line {
            true
        } else if owner.iter().all(|&o| o != 0) {
            after[mover as usize] > after[3 - mover as usize]
        } else {
            !plain_mover_wins(grid, owner, after, 3 - mover)
        };
        owner[cell] = 0;
        wins |= this;
    }
    wins
}

fn random_grids(count: usize) -> Vec<[i64; 9]> {
    let mut random = Random(349);
    (0..count)
        .map(|_| {
            let mut grid = [0i64; 9];
            for value in grid.iter_mut() {
                *value = random.between(-1_000_000_000, 1_000_000_000);
            }
            if grid.iter().sum::<i64>() % 2 == 0 {
                grid[8] += if grid[8] < 1_000_000_000 { 1 } else { -1 };
            }
            grid
        })
        .collect()
}

fn per_grid_ns(stats: &Stats, grids: usize) -> f64 {
    stats.median.as_secs_f64() * 1e9 / grids as f64
}

/// weighted_tic_tac_toe: `solve` in-process against the plain search, then the whole process
/// against one that reads the input and prints a constant.
pub fn weighted() {
    let grids = random_grids(10_000);
    let plain_grids = &grids[..50];
    header("weighted_tic_tac_toe: solve in-process (10,000 random grids; the plain search on 50)");
    let plain = measure(|| {
        for grid in plain_grids {
            black_box(plain_mover_wins(grid, &mut [0; 9], [0; 3], 1));
        }
    });
    let memo = measure(|| {
        for grid in &grids {
            black_box(solve(black_box(grid)));
        }
    });
    row("plain game-tree search, no memo (50 grids)", &plain, None);
    row("solve (10,000 grids)", &memo, None);
    let (plain_ns, memo_ns) = (
        per_grid_ns(&plain, plain_grids.len()),
        per_grid_ns(&memo, grids.len()),
    );
    println!(
        "\nper grid (medians): plain search {:.0} ns, solve {:.0} ns: solve is {:.0}x faster",
        plain_ns,
        memo_ns,
        plain_ns / memo_ns
    );
    let constant = compile_floor("print_constant", CONSTANT_SOURCE);
    let input = b"-1 1 0\n-4 -2 -5\n-4 -1 -5\n";
    let runs = 200;
    header(&format!(
        "weighted_tic_tac_toe: whole process, {runs} runs of sample 2 (its hardest grid) per measurement"
    ));
    let solver_binary = Path::new(env!("CARGO_BIN_EXE_weighted_tic_tac_toe"));
    let (floor, solver) = measure_pair(
        || (0..runs).for_each(|_| assert!(through_pipes(&constant, input) > 0)),
        || (0..runs).for_each(|_| assert!(through_pipes(solver_binary, input) > 0)),
    );
    row("read the input, print a constant", &floor, None);
    row("weighted_tic_tac_toe", &solver, Some(&floor));
    println!(
        "\nper process (medians): {:.3} ms against {:.3} ms",
        ms(solver.median) / runs as f64,
        ms(floor.median) / runs as f64
    );
}
