//! The shared block `error`: `InputError` (the 1-based line number of a bad input and what was
//! wrong there) and how it quotes the input.
//!
//! This file is its one source. A submission must be a single file, so board_winner.rs,
//! move_values.rs, othello_endgame.rs, othello_player.rs, perfect_play.rs, tic_tac_toe_player.rs
//! and weighted_tic_tac_toe.rs carry a copy of it between `// ---- shared: error` and
//! `// ---- end shared: error ----`. Edit it here, never in a copy, then write it into them with
//! `BLESS=1 cargo test --test solvers shared_code`; without `BLESS` that test fails while a copy
//! differs from this file.

/// A bad input: the 1-based line number and what was wrong there.
#[derive(Debug, PartialEq, Eq)]
pub struct InputError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// The most characters of the input a message quotes.
const QUOTE_LIMIT: usize = 40;

/// A piece of the input as a message shows it: quoted, with escapes, and past `QUOTE_LIMIT`
/// characters cut, followed by `…` and its length, so a huge line is never written back whole.
#[allow(dead_code)] // not every solver quotes its input
fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        Some((cut, _)) => format!("{:?}… ({} characters)", &text[..cut], text.chars().count()),
        None => format!("{:?}", text),
    }
}

/// The line itself, unless it starts with the byte-order mark (U+FEFF) some editors write at
/// the start of a UTF-8 file: that is named, not counted as a character of the line.
fn without_byte_order_mark(line: &str, number: usize) -> Result<&str, InputError> {
    if line.starts_with('\u{feff}') {
        return Err(InputError {
            line: number,
            message: "starts with a UTF-8 byte-order mark (save the file without BOM)".to_string(),
        });
    }
    Ok(line)
}
