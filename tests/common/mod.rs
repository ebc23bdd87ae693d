//! Helpers for the tests and the bench, independent of the solvers they check: the eight lines
//! written as cell triples and a seeded random generator.
#![allow(dead_code)] // each test crate uses only some of these

/// The eight lines of the board (rows, columns, diagonals) as cell numbers 0-8, row-major.
pub const TRIPLES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Whether `mark` fills a whole line of a character board (`o`, `x`, `s`).
pub fn has_three(board: &[u8; 9], mark: u8) -> bool {
    TRIPLES
        .iter()
        .any(|triple| triple.iter().all(|&cell| board[cell] == mark))
}

/// SplitMix64: a tiny seeded generator, so every run sees the same "random" inputs.
pub struct Random(pub u64);

impl Random {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value in `low..=high`.
    pub fn between(&mut self, low: i64, high: i64) -> i64 {
        low + (self.next() % (high - low + 1) as u64) as i64
    }
}
