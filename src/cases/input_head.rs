//! The start of a case's input, shown under a failed case (as `oj test` shows it): the first
//! few lines, each cut to a sensible width, and how many more lines there are. Read in bounded
//! memory, escaped as the comparison's excerpts are (whitespace visible, no forged lines). The
//! output a checker rejected is shown the same way.

use crate::text::{count, escape};
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// The most lines shown.
pub const SHOWN_LINES: usize = 5;
/// The most bytes of a line shown.
pub const LINE_WIDTH: usize = 72;
/// How much of the file is read to find the shown lines; the rest is only counted.
const HEAD_BYTES: usize = 16 * 1024;

/// The first lines of an input, as shown, and the count of all its lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputHead {
    /// The shown lines, escaped, each ending in `…` when cut.
    pub shown: Vec<String>,
    /// How many lines the input has in all (a last line without `\n` counts).
    pub total_lines: usize,
    /// Whether the input's last byte is not a `\n` (and it is not empty).
    pub no_newline_at_end: bool,
}

impl InputHead {
    /// Reads the start of the file at `path` and counts its lines.
    pub fn read(path: &Path) -> io::Result<InputHead> {
        let mut file = File::open(path)?;
        let mut head = Vec::with_capacity(HEAD_BYTES);
        (&mut file).take(HEAD_BYTES as u64).read_to_end(&mut head)?;
        let mut newlines = bytecount(&head);
        let mut last = head.last().copied();
        let mut rest_bytes = 0;
        let mut chunk = vec![0; 64 * 1024];
        loop {
            let read = match file.read(&mut chunk) {
                Ok(0) => break,
                Ok(read) => read,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            rest_bytes += read;
            newlines += bytecount(&chunk[..read]);
            last = chunk.get(read - 1).copied();
        }
        Ok(InputHead::of(&head, rest_bytes == 0, newlines, last))
    }

    /// The head of a text held whole in memory (a program's output).
    pub fn of_text(text: &[u8]) -> InputHead {
        InputHead::of(text, true, bytecount(text), text.last().copied())
    }

    /// The head from the first bytes of an input (`whole`: all of it, or all its lines), its
    /// count of `\n`, and its last byte.
    fn of(head: &[u8], whole: bool, newlines: usize, last: Option<u8>) -> InputHead {
        let no_newline_at_end = last.is_some_and(|byte| byte != b'\n');
        let pieces = head.split(|&byte| byte == b'\n').count();
        let shown = head
            .split(|&byte| byte == b'\n')
            .enumerate()
            .take(SHOWN_LINES.min(newlines + usize::from(no_newline_at_end)))
            .map(|(index, line)| {
                // The head's last piece may be the start of a longer line.
                let cut_by_head = !whole && index + 1 == pieces;
                let (mut text, end) = escape(line, 0, line.len().min(LINE_WIDTH));
                if end < line.len() || cut_by_head {
                    text.push('…');
                }
                text
            })
            .collect();
        InputHead {
            shown,
            total_lines: newlines + usize::from(no_newline_at_end),
            no_newline_at_end,
        }
    }

    /// The report's lines: a heading, the shown lines indented, and a note of the rest.
    pub fn report_lines(&self) -> Vec<String> {
        self.report_lines_named("input")
    }

    /// The report's lines under a heading naming `what` the text is (`input`, `output`).
    pub fn report_lines_named(&self, what: &str) -> Vec<String> {
        if self.total_lines == 0 {
            return vec![format!("{what}: (empty)")];
        }
        let mut lines = vec![format!("{what} ({}):", count(self.total_lines, "line"))];
        lines.extend(self.shown.iter().map(|line| format!("  {line}")));
        let more = self.total_lines - self.shown.len();
        if more > 0 {
            lines.push(format!("  ({})", count(more, "more line")));
        } else if self.no_newline_at_end {
            if let Some(last) = lines.last_mut() {
                last.push_str(" (no newline at end)");
            }
        }
        lines
    }
}

fn bytecount(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&byte| byte == b'\n').count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(text: &[u8]) -> Vec<String> {
        let last = text.last().copied();
        InputHead::of(text, true, bytecount(text), last).report_lines()
    }

    #[test]
    fn a_short_input_is_shown_whole() {
        assert_eq!(
            head(b"0 0 0\n0 1 0\n"),
            ["input (2 lines):", "  0 0 0", "  0 1 0"]
        );
        assert_eq!(head(b""), ["input: (empty)"]);
        assert_eq!(head(b"x \r\n"), ["input (1 line):", "  x\u{2420}\\r"]);
        assert_eq!(
            head(b"a\nb"),
            ["input (2 lines):", "  a", "  b (no newline at end)"]
        );
    }

    #[test]
    fn a_long_input_shows_five_lines_and_counts_the_rest() {
        let text: String = (1..=12).map(|n| format!("{n}\n")).collect();
        assert_eq!(
            head(text.as_bytes()),
            [
                "input (12 lines):",
                "  1",
                "  2",
                "  3",
                "  4",
                "  5",
                "  (7 more lines)"
            ]
        );
    }

    #[test]
    fn a_wide_line_is_cut_with_a_mark_and_escaped() {
        let wide = format!("{}\n\x1b[32mAC\n", "9".repeat(100));
        let lines = head(wide.as_bytes());
        assert_eq!(lines[1], format!("  {}…", "9".repeat(LINE_WIDTH)));
        assert_eq!(lines[2], "  \\x1b[32mAC");
    }

    #[test]
    fn reading_a_file_counts_lines_past_the_head() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/tmp");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("input-head-{}.in", std::process::id()));
        let text = "1 2 3\n".repeat(10_000);
        std::fs::write(&path, text).unwrap();
        let read = InputHead::read(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(read.total_lines, 10_000);
        assert_eq!(read.shown, ["1 2 3"; SHOWN_LINES]);
        assert!(!read.no_newline_at_end);
    }
}
