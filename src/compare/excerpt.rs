//! Showing a piece of a line on the report: escaped so that no byte can forge a line, and with
//! whitespace made visible (trailing spaces as `␠`, tabs as `\t`, CR as `\r`).

use crate::text::{character_start, escape};
use std::fmt;

/// A short piece of one line, around a point of interest (where it differs from the other side).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Excerpt {
    /// The 1-based column, in bytes from the line's start, of the first differing character
    /// (in tokens mode: of the first byte of the differing token).
    pub column: usize,
    /// The shown bytes, escaped and without quotes (see [`crate::text::escape`]).
    pub text: String,
    /// Whether part of the line before `text` is left out.
    pub cut_before: bool,
    /// Whether part of the line after `text` is left out.
    pub cut_after: bool,
    /// Whether the line is the last of its output and has no `\n` (said in words after it).
    pub no_newline_at_end: bool,
}

/// How many bytes of a line an excerpt shows before the difference.
const CONTEXT_BEFORE: usize = 20;
/// The most bytes of a line an excerpt shows.
pub const SHOWN_BYTES: usize = 60;
impl fmt::Display for Excerpt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cut_mark = |cut: bool| if cut { "…" } else { "" };
        write!(
            f,
            "{}\"{}\"{}",
            cut_mark(self.cut_before),
            self.text,
            cut_mark(self.cut_after)
        )?;
        if self.no_newline_at_end {
            write!(f, " (no newline at end)")?;
        }
        Ok(())
    }
}

impl Excerpt {
    /// The part of `line` around the 0-based byte offset `difference`: from a little before it,
    /// at most `SHOWN_BYTES` bytes, never cutting a valid UTF-8 character.
    pub fn around(line: &[u8], difference: usize) -> Excerpt {
        let start = character_start(line, difference.saturating_sub(CONTEXT_BEFORE));
        let limit = start.saturating_add(SHOWN_BYTES).min(line.len());
        let (text, end) = escape(line, start, limit);
        Excerpt {
            column: difference + 1,
            text,
            cut_before: start > 0,
            cut_after: end < line.len(),
            no_newline_at_end: false,
        }
    }
}
