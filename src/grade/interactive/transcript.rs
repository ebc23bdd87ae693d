//! The last lines each side of an interactive case wrote, in the order the judge relayed them,
//! for the report of a failed case: the exchanges just before it went wrong.

use crate::text::printable;
use std::collections::VecDeque;
use std::sync::Mutex;

/// How many lines are kept (and shown).
pub const KEPT_LINES: usize = 8;
/// How much of a long line is shown.
const SHOWN_CHARS: usize = 80;
/// How much of a line without its end is gathered before it is cut.
const GATHERED_BYTES: usize = 4 * SHOWN_CHARS;

/// Who wrote a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Writer {
    /// The interactor (or the judge's built-in opponent), to the program.
    Interactor,
    Program,
}

impl Writer {
    fn mark(self) -> char {
        match self {
            Writer::Interactor => '>',
            Writer::Program => '<',
        }
    }

    fn index(self) -> usize {
        match self {
            Writer::Interactor => 0,
            Writer::Program => 1,
        }
    }
}

/// The kept lines as written (cut at `GATHERED_BYTES`); made readable only for the report, so
/// that relaying stays cheap: once the ring is full, each new line reuses the oldest's buffer.
#[derive(Default)]
struct Lines {
    kept: VecDeque<(Writer, Vec<u8>)>,
    /// Each side's line still without its end.
    partial: [Vec<u8>; 2],
    total: usize,
    /// Every byte recorded, both sides.
    bytes: u64,
}

/// The kept lines, shared by the two relays.
#[derive(Default)]
pub struct Transcript {
    lines: Mutex<Lines>,
}

/// A line as shown: printable (escapes count as what they are shown as), cut when long.
fn shown(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let text = printable(text.strip_suffix('\r').unwrap_or(&text));
    let cut: String = text.chars().take(SHOWN_CHARS).collect();
    if cut.len() < text.len() {
        format!("{cut}…")
    } else {
        cut
    }
}

impl Lines {
    /// Keeps the line `writer` has just ended: its partial line and then `rest`.
    fn end_line(&mut self, writer: Writer, rest: &[u8]) {
        let mut line = match self.kept.len() {
            KEPT_LINES => self
                .kept
                .pop_front()
                .map(|(_, line)| line)
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        line.clear();
        let partial = &mut self.partial[writer.index()];
        line.extend_from_slice(partial);
        partial.clear();
        let room = GATHERED_BYTES.saturating_sub(line.len());
        line.extend_from_slice(&rest[..rest.len().min(room)]);
        self.kept.push_back((writer, line));
        self.total += 1;
    }
}

impl Transcript {
    /// Notes bytes `writer` wrote (any chunk: lines are put together here).
    pub fn record(&self, writer: Writer, bytes: &[u8]) {
        let Ok(mut lines) = self.lines.lock() else {
            return;
        };
        lines.bytes += bytes.len() as u64;
        let mut rest = bytes;
        while let Some(end) = rest.iter().position(|&byte| byte == b'\n') {
            lines.end_line(writer, &rest[..end]);
            rest = &rest[end + 1..];
        }
        let partial = &mut lines.partial[writer.index()];
        let room = GATHERED_BYTES.saturating_sub(partial.len());
        partial.extend_from_slice(&rest[..rest.len().min(room)]);
    }

    /// How many bytes both sides have written so far.
    pub fn bytes(&self) -> u64 {
        self.lines.lock().map_or(0, |lines| lines.bytes)
    }

    /// The report's lines: a heading, then the kept lines (`>` to the program, `<` from it), a
    /// line without its end last; nothing when no side wrote anything.
    pub fn report_lines(&self) -> Vec<String> {
        let Ok(lines) = self.lines.lock() else {
            return Vec::new();
        };
        let mut shown_lines: Vec<(Writer, String)> = lines
            .kept
            .iter()
            .map(|(writer, line)| (*writer, shown(line)))
            .collect();
        let mut total = lines.total;
        for writer in [Writer::Interactor, Writer::Program] {
            let partial = &lines.partial[writer.index()];
            if !partial.is_empty() {
                shown_lines.push((writer, format!("{} (no newline at end)", shown(partial))));
                total += 1;
            }
        }
        if shown_lines.is_empty() {
            return Vec::new();
        }
        let shown_lines = &shown_lines[shown_lines.len().saturating_sub(KEPT_LINES)..];
        let heading = match total - shown_lines.len() {
            0 => "transcript (> to the program, < from it):".to_string(),
            _ => format!(
                "transcript, last {} of {total} lines (> to the program, < from it):",
                shown_lines.len()
            ),
        };
        std::iter::once(heading)
            .chain(
                shown_lines
                    .iter()
                    .map(|(writer, line)| format!("  {} {line}", writer.mark())),
            )
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_put_together_from_chunks_and_only_the_last_kept() {
        let transcript = Transcript::default();
        transcript.record(Writer::Interactor, b"5");
        transcript.record(Writer::Interactor, b"0\n");
        transcript.record(Writer::Program, b"25\nlower\n");
        assert_eq!(
            transcript.report_lines(),
            [
                "transcript (> to the program, < from it):",
                "  > 50",
                "  < 25",
                "  < lower"
            ]
        );
        for number in 0..20 {
            transcript.record(Writer::Program, format!("{number}\n").as_bytes());
        }
        transcript.record(Writer::Interactor, b"unfinished");
        let lines = transcript.report_lines();
        assert_eq!(lines.len(), KEPT_LINES + 1);
        assert_eq!(
            lines[0],
            "transcript, last 8 of 24 lines (> to the program, < from it):"
        );
        assert_eq!(lines[1], "  < 13");
        assert_eq!(lines[8], "  > unfinished (no newline at end)");
    }

    #[test]
    fn long_and_unprintable_lines_are_cut_and_escaped() {
        let transcript = Transcript::default();
        transcript.record(Writer::Program, &[b'x'; 1000]);
        transcript.record(Writer::Program, b"\n\x07bell\r\n");
        let lines = transcript.report_lines();
        assert_eq!(lines[1], format!("  < {}…", "x".repeat(SHOWN_CHARS)));
        assert_eq!(lines[2], "  < \\u{7}bell");
        assert!(Transcript::default().report_lines().is_empty());
    }
}
