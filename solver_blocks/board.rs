//! The shared block `board`: `Board` (the cells of `o` and of `x` as two bitmasks), its parser, and
//! the error for a line that is not a board.
//!
//! This file is its one source. A submission must be a single file, so board_winner.rs,
//! move_values.rs and perfect_play.rs carry a copy of it between `// ---- shared: board` and
//! `// ---- end shared: board ----`. Edit it here, never in a copy, then write it into them with
//! `BLESS=1 cargo test --test solvers shared_code`; without `BLESS` that test fails while a copy
//! differs from this file.

/// A board as two bitmasks, the cells of `o` and of `x`: small and fast to test lines on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Board {
    o: u16,
    x: u16,
}

/// Reads one board: exactly 9 characters `o`, `x` or `s`, row by row. A line of nine such
/// bytes is the common case and is read as bytes; anything else goes to `board_error`.
fn parse_board(line: &str, number: usize) -> Result<Board, InputError> {
    let mut board = Board { o: 0, x: 0 };
    if line.len() != 9 {
        return Err(board_error(line, number));
    }
    // Without branches per byte: the marks of random boards would defeat branch prediction.
    let mut valid = true;
    for (cell, &byte) in line.as_bytes().iter().enumerate() {
        board.o |= ((byte == b'o') as u16) << cell;
        board.x |= ((byte == b'x') as u16) << cell;
        valid &= (byte == b'o') | (byte == b'x') | (byte == b's');
    }
    if valid {
        Ok(board)
    } else {
        Err(board_error(line, number))
    }
}

/// What is wrong with a line that is not a board, counted in characters, not bytes.
fn board_error(line: &str, number: usize) -> InputError {
    let length = line.chars().count();
    let bad = line
        .chars()
        .enumerate()
        .find(|&(_, found)| found != 'o' && found != 'x' && found != 's');
    let message = match bad {
        Some((cell, found)) if length == 9 => format!(
            "expected o, x or s, found {:?} at column {}",
            found,
            cell + 1
        ),
        _ => format!(
            "expected a board of 9 characters (o, x or s), found {} character{}",
            length,
            if length == 1 { "" } else { "s" }
        ),
    };
    InputError {
        line: number,
        message,
    }
}
