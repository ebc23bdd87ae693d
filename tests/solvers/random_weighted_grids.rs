//! weighted_tic_tac_toe against a plain game-tree search (no memo) on 2000 seeded random grids,
//! and every shipped case of its folder against the same search.
//!
//! The grids are spread over small values, mixed signs and values near +-10^9, and both winners
//! must be well represented, so a solver that always prints one name cannot pass.

#[path = "../../src/bin/weighted_tic_tac_toe.rs"]
#[allow(dead_code)]
mod weighted_tic_tac_toe;

use crate::common::takahashi_wins;
use game_judge::random::Random;
use weighted_tic_tac_toe::{solve, Winner};

fn brute_force(grid: &[i64; 9]) -> Winner {
    if takahashi_wins(grid) {
        Winner::Takahashi
    } else {
        Winner::Aoki
    }
}

const LIMIT: i64 = 1_000_000_000;

/// A grid of one of three kinds (0 small, 1 mixed signs, 2 near +-10^9), its sum made odd while
/// staying in bounds. Takahashi takes five cells to Aoki's four and chooses first, so uniform
/// grids go to him 99% of the time; Aoki wins mostly when all values are close and negative, so
/// half of the grids (`lean_negative`) are drawn that way.
fn random_grid(random: &mut Random, kind: usize, lean_negative: bool) -> [i64; 9] {
    let mut grid = [0; 9];
    for value in grid.iter_mut() {
        *value = match (kind, lean_negative) {
            (0, false) => random.between(-3, 3),
            (0, true) => random.between(-3, -1),
            (1, false) => random.between(-5000, 5000),
            (1, true) => random.between(-10_000, 100),
            (_, lean_negative) => {
                let magnitude = LIMIT - random.between(0, 1000);
                if lean_negative || random.next_u64() % 2 == 0 {
                    -magnitude
                } else {
                    magnitude
                }
            }
        };
    }
    if grid.iter().sum::<i64>() % 2 == 0 {
        grid[8] += if grid[8] < LIMIT { 1 } else { -1 };
    }
    grid
}

#[test]
fn matches_plain_search_on_2000_random_grids() {
    let mut random = Random(349);
    let mut wins = [[0usize; 2]; 3];
    for round in 0..2000 {
        let kind = round % 3;
        let grid = random_grid(&mut random, kind, round % 2 == 1);
        assert!(grid.iter().all(|value| value.abs() <= LIMIT));
        assert_eq!(grid.iter().sum::<i64>().rem_euclid(2), 1, "odd sum");
        let expected = brute_force(&grid);
        assert_eq!(solve(&grid), expected, "grid {grid:?}");
        wins[kind][(expected == Winner::Aoki) as usize] += 1;
    }
    println!("Takahashi/Aoki wins by kind (small, mixed, +-10^9): {wins:?}");
    let aoki_total: usize = wins.iter().map(|kind| kind[1]).sum();
    assert!(
        (400..=1600).contains(&aoki_total),
        "each winner needs at least 20% of the 2000 grids, Aoki won {aoki_total}"
    );
    for (kind, [takahashi, aoki]) in wins.iter().enumerate() {
        assert!(
            *takahashi >= 30 && *aoki >= 30,
            "kind {kind}: each winner needs at least 30 grids, got {takahashi}/{aoki}"
        );
    }
}

#[test]
fn every_shipped_case_matches_plain_search() {
    let folder =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/weighted_tic_tac_toe");
    let mut checked = 0;
    for entry in std::fs::read_dir(&folder).unwrap() {
        let input = entry.unwrap().path();
        if !input.extension().is_some_and(|ext| ext == "in") {
            continue;
        }
        let values: Vec<i64> = std::fs::read_to_string(&input)
            .unwrap()
            .split_whitespace()
            .map(|token| token.parse().unwrap())
            .collect();
        let grid: [i64; 9] = values.try_into().unwrap();
        let expected = match brute_force(&grid) {
            Winner::Takahashi => "Takahashi",
            Winner::Aoki => "Aoki",
        };
        let answer = std::fs::read_to_string(input.with_extension("out")).unwrap();
        assert_eq!(
            answer.trim_end(),
            expected,
            "{}: the .out file (left) against the brute force's answer (right)",
            input.display()
        );
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} cases found");
}
