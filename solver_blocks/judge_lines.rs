//! The shared block `judge_lines`: `Judge`, the judge's side of an interactive conversation: its
//! next non-blank line, numbered from 1.
//!
//! This file is its one source. A submission must be a single file, so othello_player.rs and
//! tic_tac_toe_player.rs carry a copy of it between `// ---- shared: judge_lines` and
//! `// ---- end shared: judge_lines ----`. Edit it here, never in a copy, then write it into them
//! with `BLESS=1 cargo test --test solvers shared_code`; without `BLESS` that test fails while a
//! copy differs from this file.

/// The judge's side of the conversation: its next non-blank line, numbered from 1.
struct Judge<R> {
    lines: io::Lines<R>,
    number: usize,
}

impl<R: BufRead> Judge<R> {
    fn next_line(&mut self) -> Result<Option<(usize, String)>, InputError> {
        for line in self.lines.by_ref() {
            self.number += 1;
            let line = line.map_err(|error| InputError {
                line: self.number,
                message: format!("cannot read the judge's line: {}", error),
            })?;
            let line = without_byte_order_mark(line.trim(), self.number)?;
            if !line.is_empty() {
                return Ok(Some((self.number, line.to_string())));
            }
        }
        Ok(None)
    }
}
