//! The shared block `moves`: the moves of a `Board`: whose turn it is, the free cells, and the
//! board's base-3 index.
//!
//! This file is its one source. A submission must be a single file, so move_values.rs and
//! perfect_play.rs carry a copy of it between `// ---- shared: moves` and
//! `// ---- end shared: moves ----`. Edit it here, never in a copy, then write it into them with
//! `BLESS=1 cargo test --test solvers shared_code`; without `BLESS` that test fails while a copy
//! differs from this file.

impl Board {
    /// Whether `o` is to move (`o` moves first, so when the counts are equal).
    fn o_to_move(self) -> bool {
        self.o.count_ones() == self.x.count_ones()
    }

    /// The free cells.
    fn free(self) -> u16 {
        !(self.o | self.x) & 0o777
    }

    /// The base-3 number of the board, cell 0 the lowest digit (empty 0, o 1, x 2): a table index.
    fn index(self) -> usize {
        BASE_3[self.o as usize] as usize + 2 * BASE_3[self.x as usize] as usize
    }
}

/// `BASE_3[mask]`: the bits of a 9-bit mask read as base-3 digits (bit i is worth 3^i).
const BASE_3: [u16; 512] = base_3_table();

const fn base_3_table() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut mask = 0;
    while mask < 512 {
        let (mut value, mut cell) = (0u16, 9);
        while cell > 0 {
            cell -= 1;
            value = value * 3 + (mask >> cell & 1) as u16;
        }
        table[mask] = value;
        mask += 1;
    }
    table
}
