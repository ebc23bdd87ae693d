//! Misère tic-tac-toe (three in a row loses): the library's minimax against the known table
//! (every first move loses for the first player except the centre, which draws) and against an
//! independent brute force here (with the tests' own line check), on every position reachable from the empty board.

use crate::common::has_three;
use game_judge::games::tic_tac_toe::{Board, Minimax, Rules};

/// A plain board: 0 empty, 1 the first player, 2 the second.
type Cells = [u8; 9];

/// The misère value for `to_move` by plain recursion, no table: +1 win, 0 draw, -1 loss.
fn brute_force(cells: &mut Cells, to_move: u8) -> i8 {
    let other = 3 - to_move;
    // The player who just moved made a line: by misère rules that player lost.
    if has_three(cells, other) {
        return 1;
    }
    if has_three(cells, to_move) {
        return -1;
    }
    let mut best = None;
    for cell in 0..9 {
        if cells[cell] == 0 {
            cells[cell] = to_move;
            let value = -brute_force(cells, other);
            cells[cell] = 0;
            best = Some(best.map_or(value, |best: i8| best.max(value)));
        }
    }
    best.unwrap_or(0)
}

/// Every position reachable from the empty board (stopping at a line), with its moves.
fn reachable(moves: &mut Vec<usize>, cells: &mut Cells, found: &mut Vec<Vec<usize>>) {
    found.push(moves.clone());
    if has_three(cells, 1) || has_three(cells, 2) {
        return;
    }
    let to_move = if moves.len() % 2 == 0 { 1 } else { 2 };
    for cell in 0..9 {
        if cells[cell] == 0 {
            cells[cell] = to_move;
            moves.push(cell);
            reachable(moves, cells, found);
            moves.pop();
            cells[cell] = 0;
        }
    }
}

#[test]
fn the_known_table_every_opening_loses_but_the_centre() {
    let mut minimax = Minimax::new(Rules::Misere);
    for opening in 0..9 {
        let mut cells = [0; 9];
        cells[opening] = 1;
        // The value for the second player, to move after the opening.
        let expected = if opening == 4 { 0 } else { 1 };
        assert_eq!(
            brute_force(&mut cells, 2),
            expected,
            "brute force, {opening}"
        );
        assert_eq!(
            minimax.value(Board::after(&[opening])),
            expected,
            "minimax, {opening}"
        );
    }
}

#[test]
fn minimax_agrees_with_the_brute_force_on_reachable_positions() {
    let mut found = Vec::new();
    reachable(&mut Vec::new(), &mut [0; 9], &mut found);
    let mut minimax = Minimax::new(Rules::Misere);
    let mut checked = 0;
    // Every position with at least three marks (the brute force from emptier ones is slower and
    // their values follow from these), each sequence of moves once.
    for moves in found.iter().filter(|moves| moves.len() >= 3) {
        let mut cells = [0; 9];
        for (turn, &cell) in moves.iter().enumerate() {
            cells[cell] = if turn % 2 == 0 { 1 } else { 2 };
        }
        let to_move = if moves.len() % 2 == 0 { 1 } else { 2 };
        assert_eq!(
            minimax.value(Board::after(moves)),
            brute_force(&mut cells, to_move),
            "after {moves:?}"
        );
        checked += 1;
    }
    assert!(checked > 100_000, "{checked} positions");
}
