//! How many runs the shrinker of `judge stress` needs: the ninth-move bug of ABC349 E (the
//! predicate in-process, as `judge stress` asks it: refused when the validator says invalid,
//! kept while the bug shows) from every input it can be found on (the built-in generator's
//! failing seeds, the ten-digit grid of tests/fixtures/ten_digit_grid.py, random ten-digit
//! grids), the coarse steps first against the single steps alone; then the time of both; then
//! `judge stress` shrinking a found input through real processes, one candidate at a time
//! against two at once (the same input in the same runs, by design).

use crate::common::{ninth_move_bug_inputs, ninth_move_bug_shows};
use crate::measure::{header, measure_pair, row, run_ok};
use game_judge::problems::validator;
use game_judge::stress::shrink::{shrink_with, Attempt, Strategy, Tokens};
use std::path::Path;
use std::process::Command;

fn check(candidate: &Tokens) -> Attempt {
    let text = candidate.to_string();
    if validator("weighted_tic_tac_toe").unwrap()(text.as_bytes()).is_err() {
        Attempt::Refused
    } else if ninth_move_bug_shows(&text) {
        Attempt::Kept
    } else {
        Attempt::Lost
    }
}

/// The runs of each input with `strategy`.
fn runs(strategy: Strategy, inputs: &[String]) -> Vec<usize> {
    inputs
        .iter()
        .map(|input| shrink_with(strategy, Tokens::parse(input), 2000, 1, check).runs)
        .collect()
}

fn summary(mut runs: Vec<usize>) -> String {
    runs.sort();
    let large: Vec<usize> = runs.iter().copied().filter(|&r| r > 0).collect();
    format!(
        "median {}, min {}, max {} runs",
        large[large.len() / 2],
        runs[0],
        runs[runs.len() - 1]
    )
}

pub fn bench() {
    let inputs = ninth_move_bug_inputs();
    let (small, large): (Vec<String>, Vec<String>) = inputs
        .iter()
        .cloned()
        .partition(|input| input.split_whitespace().all(|t| t.len() <= 3));
    header(&format!(
        "shrink: the ninth-move bug from {} found inputs ({} small, {} of ten digits)",
        inputs.len(),
        small.len(),
        large.len()
    ));
    for (what, set) in [("small", &small), ("ten-digit", &large)] {
        println!(
            "| {what} inputs: runs, single steps alone {}; coarse steps first {} (goal: at most 150) | | | | |",
            summary(runs(Strategy::NeighboursOnly, set)),
            summary(runs(Strategy::CoarseFirst, set))
        );
    }
    let (baseline, contender) = measure_pair(
        || {
            runs(Strategy::NeighboursOnly, &large);
        },
        || {
            runs(Strategy::CoarseFirst, &large);
        },
    );
    row("the ten-digit inputs, single steps alone", &baseline, None);
    row(
        "the ten-digit inputs, coarse steps first",
        &contender,
        Some(&baseline),
    );
    // Through real processes: the ninth-move bug found from seed 10 and shrunk, -j 1 and -j 2
    // (the search too runs -j inputs at once; seed 10's failure is the third input).
    let judge = env!("CARGO_BIN_EXE_judge");
    let program = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ninth_move_bug.py");
    let stress = |jobs: &str| {
        let mut command = Command::new(judge);
        command
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["stress", "weighted_tic_tac_toe", "--cmd"])
            .arg(format!("python3 {}", program.display()))
            .args(["--seed", "10", "-j", jobs]);
        // A counterexample found is exit 1: what is measured is the whole run.
        let _ = command.output();
    };
    let _ = run_ok;
    let (one, two) = measure_pair(|| stress("1"), || stress("2"));
    row("judge stress (seed 10, found and shrunk), -j 1", &one, None);
    row(
        "the same, -j 2: candidates asked two at a time",
        &two,
        Some(&one),
    );
}
