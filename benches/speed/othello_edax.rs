//! othello_endgame against Edax, node for node, opt-in: `cargo bench --bench speed -- othello-edax --edax
//! PATH` (FFO #40-#49, about 15 minutes; `--rounds N`, 2 by default; FFO numbers from 40 to 59
//! pick others). Edax is not part of this project: build it outside the repository
//! (abulmo/edax-reversi, `cd src && make build ARCH=x86-64 COMP=gcc CC=gcc OS=linux`) and give
//! the binary's path. Its weights cannot be downloaded here, so the bench writes an evaluation
//! file of zeros for it (Edax's format: a header and 61 plies of 114,364 weights), which makes
//! its ordering as blind as ours is without one. Both search on one thread, alternating, each
//! its own CPU time of the search (ours the solving thread's, Edax's as it prints
//! it); every answer of both is checked against the .obf move scores.

use crate::measure::stats;
use crate::othello::{check, read_obf_line, solve_checked, Position};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The positions measured when none is named.
const DEFAULT: std::ops::RangeInclusive<usize> = 40..=49;
/// Edax's evaluation file: 61 plies of this many 16-bit weights, after the header.
const EDAX_WEIGHTS_PER_PLY: usize = 114_364;
const EDAX_PLIES: usize = 61;

/// One search: CPU seconds and nodes.
#[derive(Clone, Copy)]
struct Search {
    cpu: f64,
    nodes: u64,
}

/// Solves a position with our solver and a fresh table; checks the answer.
fn ours(position: &Position) -> Search {
    let (cpu, nodes) = solve_checked(position);
    Search {
        cpu: cpu.as_secs_f64(),
        nodes,
    }
}

/// An Edax evaluation file whose weights are all zero (little-endian, as Edax writes it).
fn write_zero_evaluation(path: &Path) {
    let mut bytes = Vec::with_capacity(28 + 2 * EDAX_PLIES * EDAX_WEIGHTS_PER_PLY);
    bytes.extend_from_slice(b"XADELAVE"); // "EDAX" and "EVAL" as little-endian words
    for word in [4u32, 6, 0] {
        bytes.extend_from_slice(&word.to_le_bytes()); // version, release, build
    }
    bytes.extend_from_slice(&0f64.to_le_bytes()); // date
    bytes.resize(bytes.capacity(), 0);
    fs::write(path, bytes).unwrap();
}

/// Seconds from Edax's `h:mm:ss.sss`, `m:ss.sss` or `ss.sss`.
fn edax_seconds(time: &str) -> f64 {
    time.split(':').fold(0.0, |total, part| {
        total * 60.0 + part.parse::<f64>().unwrap()
    })
}

/// Solves a position with Edax (`-solve FILE -level 60 -n-tasks 1`); checks its score and first
/// move against the .obf.
fn edax(edax: &Path, folder: &Path, evaluation: &Path, position: &Position) -> Search {
    let file = folder.join("position.obf");
    fs::write(&file, format!("{};\n", position.line)).unwrap();
    let output = Command::new(edax)
        .arg("-solve")
        .arg(&file)
        .args(["-level", "60", "-n-tasks", "1", "-eval-file"])
        .arg(evaluation)
        .current_dir(folder)
        .output()
        .unwrap_or_else(|error| panic!("cannot run {}: {error}", edax.display()));
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let failed = || -> ! { panic!("{}: Edax printed\n{text}", position.name) };
    // The result row: `  1|   20   +38        0:00.497      21000788   42255107 a2 B1 c1 ...`
    let row = text
        .lines()
        .find(|line| line.trim_start().starts_with("1|"))
        .unwrap_or_else(|| failed());
    let fields: Vec<&str> = row
        .split('|')
        .nth(1)
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    let [_depth, score, _time, nodes, _rate, first, ..] = fields[..] else {
        failed()
    };
    check(position, score, &first.to_uppercase());
    // The summary: `FILE: 21000788 nodes in  0:00.497 (cpu =  0:00.500) (42255107 nodes/s).`
    let summary = text
        .lines()
        .rev()
        .find(|line| line.contains("(cpu ="))
        .unwrap_or_else(|| failed());
    let cpu = summary
        .split("(cpu =")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .unwrap_or_else(|| failed());
    Search {
        cpu: edax_seconds(cpu.trim()),
        nodes: nodes.parse().unwrap_or_else(|_| failed()),
    }
}

/// One line of the table: both searches and how they compare.
fn row(name: &str, mine: Search, theirs: Search) {
    println!(
        "| {name} | {:.2} | {} | {:.1} | {:.2} | {} | {:.1} | {:.2}x | {:.2}x |",
        mine.cpu,
        mine.nodes,
        rate(mine),
        theirs.cpu,
        theirs.nodes,
        rate(theirs),
        mine.cpu / theirs.cpu,
        rate(mine) / rate(theirs)
    );
}

/// Millions of nodes per CPU second.
fn rate(search: Search) -> f64 {
    search.nodes as f64 / search.cpu.max(1e-3) / 1e6
}

/// The FFO positions #40-#59 of the bench's data, by number.
fn positions() -> Vec<(usize, Position)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    ["benches/data/ffo-40-44.obf", "benches/data/ffo-45-59.obf"]
        .iter()
        .flat_map(|file| {
            fs::read_to_string(root.join(file))
                .unwrap()
                .lines()
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .zip(40..)
        .map(|(line, number)| (number, read_obf_line(format!("#{number}"), &line)))
        .collect()
}

pub fn bench(arguments: &[String]) {
    let value = |flag: &str| {
        let at = arguments.iter().position(|argument| argument == flag)?;
        arguments.get(at + 1)
    };
    let Some(edax_path) = value("--edax").map(PathBuf::from) else {
        eprintln!(
            "othello-edax needs Edax: build abulmo/edax-reversi outside this repository \
             (cd src && make build ARCH=x86-64 COMP=gcc CC=gcc OS=linux) and run \
             `cargo bench --bench speed -- othello-edax --edax PATH/TO/lEdax-x86-64`"
        );
        std::process::exit(2);
    };
    let rounds = value("--rounds")
        .and_then(|r| r.parse().ok())
        .unwrap_or(2usize)
        .max(1);
    // The FFO numbers named: every number but the values of the flags.
    let named: Vec<usize> = arguments
        .iter()
        .enumerate()
        .filter(|&(at, _)| at == 0 || !arguments[at - 1].starts_with("--"))
        .filter_map(|(_, a)| a.parse().ok())
        .filter(|n| (40..=59).contains(n))
        .collect();
    let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bench-edax");
    let _ = fs::remove_dir_all(&folder);
    fs::create_dir_all(&folder).unwrap();
    let evaluation = folder.join("zero-eval.dat");
    write_zero_evaluation(&evaluation);
    println!(
        "\n### othello_endgame against Edax (all-zero evaluation), one thread each, CPU time of \
         the search, median of {rounds} rounds alternating\n"
    );
    println!(
        "| position | ours: CPU s | nodes | M nodes/s | Edax: CPU s | nodes | M nodes/s | \
         time, ours / Edax | nodes per second, ours / Edax |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let (mut our_total, mut edax_total) =
        (Search { cpu: 0.0, nodes: 0 }, Search { cpu: 0.0, nodes: 0 });
    for (number, position) in positions() {
        let chosen = if named.is_empty() {
            DEFAULT.contains(&number)
        } else {
            named.contains(&number)
        };
        if !chosen {
            continue;
        }
        let (mut our_runs, mut edax_runs) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            our_runs.push(ours(&position));
            edax_runs.push(edax(&edax_path, &folder, &evaluation, &position));
        }
        let summary = |runs: &[Search]| Search {
            cpu: stats(
                runs.iter()
                    .map(|run| Duration::from_secs_f64(run.cpu))
                    .collect(),
            )
            .median
            .as_secs_f64(),
            nodes: runs[0].nodes,
        };
        let (mine, theirs) = (summary(&our_runs), summary(&edax_runs));
        row(&format!("#{number}"), mine, theirs);
        our_total.cpu += mine.cpu;
        our_total.nodes += mine.nodes;
        edax_total.cpu += theirs.cpu;
        edax_total.nodes += theirs.nodes;
    }
    row("in total (medians)", our_total, edax_total);
}
