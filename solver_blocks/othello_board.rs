//! The shared block `othello_board`: the inline module `board`, the Othello board as two bitboards
//! (one per side) and what the search reads off it.
//!
//! This file is its one source. A submission must be a single file, so othello_endgame.rs and
//! othello_player.rs carry a copy of it between `// ---- shared: othello_board` and
//! `// ---- end shared: othello_board ----`. Edit it here, never in a copy, then write it into them
//! with `BLESS=1 cargo test --test solvers shared_code`; without `BLESS` that test fails while a
//! copy differs from this file.

/// The board as two bitboards, one per side, bit = a1 + file + 8 * rank (a1 = 0, h1 = 7,
/// a8 = 56): its lines, its named squares, the final score and the discs that can never flip.
mod board {
    /// (file step, rank step) of the eight directions: the first four raise the bit index.
    pub const DIRECTIONS: [(i32, i32); 8] = [
        (1, 0),
        (0, 1),
        (1, 1),
        (-1, 1),
        (-1, 0),
        (0, -1),
        (-1, -1),
        (1, -1),
    ];

    /// `RAYS[d][square]`: the squares from `square` (excluded) to the edge in direction `d`.
    pub const RAYS: [[u64; 64]; 8] = rays();

    const fn rays() -> [[u64; 64]; 8] {
        let mut rays = [[0u64; 64]; 8];
        let mut direction = 0;
        while direction < 8 {
            let (file_step, rank_step) = DIRECTIONS[direction];
            let mut square = 0;
            while square < 64 {
                let mut file = (square % 8) as i32 + file_step;
                let mut rank = (square / 8) as i32 + rank_step;
                let mut ray = 0u64;
                while file >= 0 && file < 8 && rank >= 0 && rank < 8 {
                    ray |= 1 << (rank * 8 + file);
                    file += file_step;
                    rank += rank_step;
                }
                rays[direction][square] = ray;
                square += 1;
            }
            direction += 1;
        }
        rays
    }

    /// `ADJACENT[square]`: the squares next to `square`. A move must touch an opposing disc.
    pub const ADJACENT: [u64; 64] = adjacent();

    const fn adjacent() -> [u64; 64] {
        let mut table = [0u64; 64];
        let mut square = 0;
        while square < 64 {
            let mut direction = 0;
            while direction < 8 {
                // The first square of each ray is a neighbour.
                let ray = RAYS[direction][square];
                let first = if direction < 4 {
                    ray & ray.wrapping_neg()
                } else if ray == 0 {
                    0
                } else {
                    1 << (63 - ray.leading_zeros())
                };
                table[square] |= first;
                direction += 1;
            }
            square += 1;
        }
        table
    }

    pub const FILE_A: u64 = 0x0101_0101_0101_0101;
    pub const FILE_H: u64 = 0x8080_8080_8080_8080;
    pub const RANK_1: u64 = 0xFF;
    pub const RANK_8: u64 = 0xFF << 56;
    pub const EDGES: u64 = FILE_A | FILE_H | RANK_1 | RANK_8;
    pub const CORNERS: u64 = 0x8100_0000_0000_0081;
    /// b2, g2, b7 and g7: a move there often gives the other side the corner.
    pub const X_SQUARES: u64 = 0x0042_0000_0000_4200;

    /// The best and the worst final score: every square owned by one side.
    pub const MAX_SCORE: i32 = 64;

    /// The final score for `me` when the game ends here: disc difference, empties to the winner.
    #[inline(always)]
    pub fn final_score(me: u64, other: u64) -> i32 {
        let (mine, theirs) = (me.count_ones() as i32, other.count_ones() as i32);
        let empties = 64 - mine - theirs;
        let difference = mine - theirs;
        if difference > 0 {
            difference + empties
        } else if difference < 0 {
            difference - empties
        } else {
            0
        }
    }

    /// The squares next to a disc of `discs`, in any direction.
    #[inline(always)]
    pub fn neighbours(discs: u64) -> u64 {
        let east = discs << 1 & !FILE_A;
        let west = discs >> 1 & !FILE_H;
        let sideways = discs | east | west;
        sideways << 8 | sideways >> 8 | east | west
    }

    /// The squares on full lines in each of the four orientations (horizontal, vertical, and the
    /// diagonals along +9 and +7).
    fn full_lines(occupied: u64) -> [u64; 4] {
        let mut full = [0u64; 4];
        for rank in 0..8 {
            let row = RANK_1 << (8 * rank);
            if occupied & row == row {
                full[0] |= row;
            }
        }
        for file in 0..8 {
            let column = FILE_A << file;
            if occupied & column == column {
                full[1] |= column;
            }
        }
        // Every diagonal is the ray from an edge square of file a or rank 1 plus that square.
        for start in [0, 1, 2, 3, 4, 5, 6, 8, 16, 24, 32, 40, 48] {
            let line = RAYS[2][start] | 1 << start;
            if occupied & line == line {
                full[2] |= line;
            }
        }
        for start in [1, 2, 3, 4, 5, 6, 7, 15, 23, 31, 39, 47, 55] {
            let line = RAYS[3][start] | 1 << start;
            if occupied & line == line {
                full[3] |= line;
            }
        }
        full
    }

    /// Discs of `me` that can never be flipped: in each orientation the line is full, or a
    /// neighbour along it is the edge or a stable disc of `me`. Grown from the edges to a
    /// fixpoint.
    pub fn stable_discs(me: u64, other: u64) -> u64 {
        let [horizontal, vertical, rising, falling] = full_lines(me | other);
        let mut stable = 0;
        loop {
            let east_west =
                horizontal | FILE_A | FILE_H | (stable << 1 & !FILE_A) | (stable >> 1 & !FILE_H);
            let north_south = vertical | RANK_1 | RANK_8 | stable << 8 | stable >> 8;
            let along_9 = rising | EDGES | (stable << 9 & !FILE_A) | (stable >> 9 & !FILE_H);
            let along_7 = falling | EDGES | (stable << 7 & !FILE_H) | (stable >> 7 & !FILE_A);
            let grown = me & east_west & north_south & along_9 & along_7;
            if grown == stable {
                return stable;
            }
            stable = grown;
        }
    }

    /// The squares next to the corners in `corners` along an edge (b1 and a2 for a1, and so on).
    #[inline(always)]
    pub fn beside_corners(corners: u64) -> u64 {
        (corners & 0x0100_0000_0000_0001) << 1
            | (corners & 0x8000_0000_0000_0080) >> 1
            | (corners & 0x0000_0000_0000_0081) << 8
            | (corners & 0x8100_0000_0000_0000) >> 8
    }

    /// The squares diagonally next to the corners in `corners` (b2 for a1, and so on).
    #[inline(always)]
    pub fn diagonal_to_corners(corners: u64) -> u64 {
        (corners & 1) << 9
            | (corners & 1 << 7) << 7
            | (corners & 1 << 56) >> 7
            | (corners & 1 << 63) >> 9
    }

    /// The discs of `me` on a corner, or next to a corner of `me` along an edge: they can never
    /// be flipped. A cheap part of the stable discs.
    #[inline(always)]
    pub fn corner_stability(me: u64) -> u32 {
        ((beside_corners(me & CORNERS) | CORNERS) & me).count_ones()
    }

    /// The discs seen in a mirror or turned: their eight images (the first is themselves). For
    /// the evaluation's test that every image scores the same, and the self-play bench's
    /// openings (a position and its images once); the search has no use for it.
    #[allow(dead_code)]
    pub fn images(discs: u64) -> [u64; 8] {
        let flip_files = |d: u64| d.reverse_bits().swap_bytes();
        let transpose = |d: u64| {
            (0..64)
                .filter(|s| d >> s & 1 != 0)
                .map(|s| 1u64 << (s % 8 * 8 + s / 8))
                .sum::<u64>()
        };
        let turned = [
            discs,
            discs.swap_bytes(),
            flip_files(discs),
            discs.reverse_bits(),
        ];
        let mut all = [0; 8];
        for (at, &d) in turned.iter().enumerate() {
            all[at] = d;
            all[4 + at] = transpose(d);
        }
        all
    }
}
