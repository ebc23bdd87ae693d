//! The expected outputs of cases/othello_endgame that are not from the published FFO table
//! (the `ffo-*` cases are): every legal move's exact score, as the folder's checker reads it,
//! against a plain minimax written here (no pruning, no ordering: every line of play to the end)
//! over the referee of `othello_player.rs` (moves found by walking the board square by square).

use crate::othello_player::{flips, legal_moves, name, Board};
use std::fs;
use std::path::Path;

fn opponent(colour: char) -> char {
    if colour == 'X' {
        'O'
    } else {
        'X'
    }
}

/// The final disc difference for `colour`, empty squares to the winner (the FFO convention).
fn final_score(board: &Board, colour: char) -> i32 {
    let count = |c: char| board.iter().filter(|&&square| square == c).count() as i32;
    let (mine, theirs) = (count(colour), count(opponent(colour)));
    let empty = 64 - mine - theirs;
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => mine - theirs + empty,
        std::cmp::Ordering::Less => mine - theirs - empty,
        std::cmp::Ordering::Equal => 0,
    }
}

/// The board after `colour` plays `square` (a legal move).
fn after(board: &Board, colour: char, square: usize) -> Board {
    let mut next = *board;
    for flipped in flips(board, colour, square) {
        next[flipped] = colour;
    }
    next[square] = colour;
    next
}

/// The final disc difference for `colour`, to move, under perfect play: plain minimax.
fn value(board: &Board, colour: char) -> i32 {
    let moves = legal_moves(board, colour);
    if moves.is_empty() {
        if legal_moves(board, opponent(colour)).is_empty() {
            return final_score(board, colour);
        }
        return -value(board, opponent(colour));
    }
    moves
        .into_iter()
        .map(|square| -value(&after(board, colour, square), opponent(colour)))
        .max()
        .unwrap()
}

/// Every legal move with its exact score, `PS` for a forced pass, `--` for a finished game.
fn move_scores(board: &Board, colour: char) -> Vec<(String, i32)> {
    let moves = legal_moves(board, colour);
    if moves.is_empty() {
        if legal_moves(board, opponent(colour)).is_empty() {
            return vec![("--".to_string(), final_score(board, colour))];
        }
        return vec![("PS".to_string(), -value(board, opponent(colour)))];
    }
    let mut scores: Vec<(String, i32)> = moves
        .into_iter()
        .map(|square| {
            let score = -value(&after(board, colour, square), opponent(colour));
            (name(square).to_uppercase(), score)
        })
        .collect();
    scores.sort();
    scores
}

/// An expected line of the folder (`G8:+18; H1:+12;`) as sorted (move, score) pairs.
fn parse_expected(line: &str) -> Vec<(String, i32)> {
    let mut pairs: Vec<(String, i32)> = line
        .split(';')
        .map(str::trim)
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (square, score) = pair.split_once(':').unwrap();
            (square.to_string(), score.trim().parse().unwrap())
        })
        .collect();
    pairs.sort();
    pairs
}

#[test]
fn every_case_but_the_ffo_table_matches_a_plain_minimax() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/othello_endgame");
    let mut checked = Vec::new();
    let mut entries: Vec<_> = fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
        .collect();
    entries.sort();
    for input in entries {
        let case = input.file_stem().unwrap().to_string_lossy().into_owned();
        if case.starts_with("ffo-") {
            continue;
        }
        let expected = fs::read_to_string(input.with_extension("out")).unwrap();
        let expected: Vec<&str> = expected.lines().filter(|l| !l.trim().is_empty()).collect();
        let positions = fs::read_to_string(&input).unwrap();
        let positions: Vec<&str> = positions.lines().collect();
        assert_eq!(
            positions.len(),
            expected.len(),
            "{case}: one line per position"
        );
        for (position, expected) in positions.iter().zip(expected) {
            let position = position.split(';').next().unwrap();
            let (squares, side) = position.split_once(' ').unwrap();
            let board: Board = squares.chars().collect::<Vec<_>>().try_into().unwrap();
            let colour = side.trim().chars().next().unwrap();
            assert_eq!(
                parse_expected(expected),
                move_scores(&board, colour),
                "{case}: {position}"
            );
        }
        checked.push(case);
    }
    println!("checked {}", checked.join(", "));
    assert!(checked.len() >= 7, "the cases written here: {checked:?}");
}
