//! How many runs the shrinker of `judge stress` needs: the ninth-move bug of ABC349 E (the
//! predicate in-process, as `judge stress` asks it: refused when the validator says invalid,
//! kept while the bug shows) from every input it can be found on (the built-in generator's
//! failing seeds, the ten-digit grid of tests/fixtures/ten_digit_grid.py, random ten-digit
//! grids), the coarse steps first against the single steps alone; then the time of both.

use crate::common::{ninth_move_bug_inputs, ninth_move_bug_shows};
use crate::measure::{header, measure_pair, row};
use game_judge::problems::validator;
use game_judge::stress::shrink::{shrink_with, Attempt, Strategy, Tokens};

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
        .map(|input| shrink_with(strategy, Tokens::parse(input), 2000, check).runs)
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
}
