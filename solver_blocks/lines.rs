//! The shared block `lines`: the eight lines of a tic-tac-toe board as bitmasks of cells, and
//! `has_line`.
//!
//! This file is its one source. A submission must be a single file, so board_winner.rs,
//! move_values.rs, perfect_play.rs, tic_tac_toe_player.rs and weighted_tic_tac_toe.rs carry a copy
//! of it between `// ---- shared: lines` and `// ---- end shared: lines ----`. Edit it here, never
//! in a copy, then write it into them with `BLESS=1 cargo test --test solvers shared_code`; without
//! `BLESS` that test fails while a copy differs from this file.

/// The eight lines (three rows, three columns, two diagonals) as bitmasks of cells.
const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

/// Whether the cells of a bitmask (bit i = cell i, row-major) contain a whole line. (All eight
/// are tested, without an early exit: on random boards that is faster than a branch per line.)
fn has_line(cells: u16) -> bool {
    LINES
        .iter()
        .fold(false, |found, &line| found | (line & !cells == 0))
}
