//! The shared block `othello_moves`: the inline module `moves`, move generation (the legal moves of
//! a side, the discs a move flips, and the position after it).
//!
//! This file is its one source. A submission must be a single file, so othello_endgame.rs and
//! othello_player.rs carry a copy of it between `// ---- shared: othello_moves` and
//! `// ---- end shared: othello_moves ----`. Edit it here, never in a copy, then write it into them
//! with `BLESS=1 cargo test --test solvers shared_code`; without `BLESS` that test fails while a
//! copy differs from this file.

/// Move generation: the legal moves of a side, the discs a move flips, and the position after it.
mod moves {
    use super::board::{FILE_A, RAYS};

    /// The discs a move on `SQUARE` flips for the player `me` against `other` (none: not a legal
    /// move). One copy per square: the rays are constants, and rays too short to hold a flip
    /// (fewer than two squares) cost nothing.
    #[inline(always)]
    fn flips_at<const SQUARE: usize>(me: u64, other: u64) -> u64 {
        let mut flipped = 0;
        // Rising rays: adding the ray's first bit to (other | outside the ray) carries through
        // the run of `other` discs and stops on the first square that is not; it must be `me`.
        for rays in &RAYS[..4] {
            let ray = rays[SQUARE];
            if ray.count_ones() >= 2 {
                let first = ray & ray.wrapping_neg();
                let outflank = (other | !ray).wrapping_add(first) & ray & me;
                flipped |= outflank.wrapping_sub((outflank != 0) as u64) & ray;
            }
        }
        // Falling rays: the nearest square that is not `other` is the highest such bit (bit 0
        // stands in when there is none: it is then either off the ray or `other`, so never an
        // outflank).
        for rays in &RAYS[4..] {
            let ray = rays[SQUARE];
            if ray.count_ones() >= 2 {
                let nearest = 1u64 << (63 - ((ray & !other) | 1).leading_zeros());
                let outflank = nearest & ray & me;
                flipped |= (outflank << 1).wrapping_neg() & ray;
            }
        }
        flipped
    }

    /// `LINE_FLIPS[position][mine]`: on a full line of eight squares whose discs of `me` are the
    /// bits of `mine`, how many discs a move at `position` flips: on each side, the other side's
    /// discs before the first disc of `me`, if there is one.
    const LINE_FLIPS: [[u8; 256]; 8] = line_flips();

    const fn line_flips() -> [[u8; 256]; 8] {
        let mut table = [[0u8; 256]; 8];
        let mut position = 0;
        while position < 8 {
            let mut mine = 0;
            while mine < 256 {
                let mut count = 0;
                // Down the line, then up it.
                let mut at = position as i32 - 1;
                while at >= 0 && mine & 1 << at == 0 {
                    at -= 1;
                }
                if at >= 0 {
                    count += position as i32 - 1 - at;
                }
                let mut at = position + 1;
                while at < 8 && mine & 1 << at == 0 {
                    at += 1;
                }
                if at < 8 {
                    count += (at - position - 1) as i32;
                }
                table[position][mine] = count as u8;
                mine += 1;
            }
            position += 1;
        }
        table
    }

    /// On a board full but for `SQUARE`, how many discs a move there by `me` flips: each line
    /// through it holds only discs of `me` and of the other side, so the discs of `me` on a
    /// line, gathered into a byte, say how many it flips. A diagonal's squares lie on different
    /// files and a column's on different ranks, so a multiplication gathers them without
    /// carries; squares off a short diagonal read as the other side's but lie beyond its ends,
    /// where nothing flips.
    #[inline(always)]
    fn last_flip_count_at<const SQUARE: usize>(me: u64) -> u32 {
        let (file, rank) = (SQUARE % 8, SQUARE / 8);
        let row = (me >> (8 * rank)) as u8;
        let column = ((me >> file) & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        let mut count = LINE_FLIPS[file][row as usize] as u32;
        count += LINE_FLIPS[rank][column as usize] as u32;
        for (up, down) in [(2, 6), (3, 7)] {
            let line = RAYS[up][SQUARE] | RAYS[down][SQUARE];
            // A diagonal of two squares or fewer flips nothing.
            if line.count_ones() >= 2 {
                let files = (me & line).wrapping_mul(FILE_A) >> 56;
                count += LINE_FLIPS[file][files as usize] as u32;
            }
        }
        count
    }

    /// One entry per square of a function made for that square.
    macro_rules! per_square {
        ($function:ident, $type:ty) => {
            per_square!(@ $function, $type; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20
                21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47
                48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63)
        };
        (@ $function:ident, $type:ty; $($square:literal)*) => {
            [$($function::<$square> as $type),*]
        };
    }

    const FLIPS: [fn(u64, u64) -> u64; 64] = per_square!(flips_at, fn(u64, u64) -> u64);
    const LAST_FLIP_COUNTS: [fn(u64) -> u32; 64] = per_square!(last_flip_count_at, fn(u64) -> u32);

    /// The discs `square` flips for the player `me` against `other` (none: not a legal move).
    #[inline(always)]
    pub fn flips(me: u64, other: u64, square: u32) -> u64 {
        FLIPS[square as usize](me, other)
    }

    /// On a board full but for `square`, how many discs a move there by `me` flips.
    #[inline(always)]
    pub fn last_flip_count(me: u64, square: u32) -> u32 {
        LAST_FLIP_COUNTS[square as usize](me)
    }

    /// The position after `me` plays `square`, flipping `flipped`, from the view of the other
    /// side, who moves next: (its discs, the discs of `me`).
    #[inline(always)]
    pub fn after_move(me: u64, other: u64, square: u32, flipped: u64) -> (u64, u64) {
        (other ^ flipped, me | flipped | 1 << square)
    }

    /// The squares where `me` can move against `other`.
    #[inline(always)]
    pub fn moves(me: u64, other: u64) -> u64 {
        let empty = !(me | other);
        // Horizontal and diagonal runs must not wrap from file h to file a.
        let inner = other & 0x7E7E_7E7E_7E7E_7E7E;
        let mut found = 0;
        for &(shift, run) in &[(1, inner), (8, other), (7, inner), (9, inner)] {
            // Kogge-Stone: runs of up to 6 discs in 4 steps each way (1 + 1 + 2 + 2).
            let pair_up = run & (run << shift);
            let pair_down = run & (run >> shift);
            let mut up = run & (me << shift);
            let mut down = run & (me >> shift);
            up |= run & (up << shift);
            down |= run & (down >> shift);
            up |= pair_up & (up << (2 * shift));
            down |= pair_down & (down >> (2 * shift));
            up |= pair_up & (up << (2 * shift));
            down |= pair_down & (down >> (2 * shift));
            found |= empty & ((up << shift) | (down >> shift));
        }
        found
    }
}
