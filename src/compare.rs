//! Comparing a program's output with the expected output, the way online judges do.

use std::fmt;

/// How strictly output must match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Line by line, ignoring CRLF vs LF, trailing spaces and trailing blank lines.
    Lines,
    /// Byte for byte.
    Exact,
    /// The same whitespace-separated tokens.
    Tokens,
}

impl Mode {
    /// Parses the command-line name of a mode.
    pub fn from_name(name: &str) -> Option<Mode> {
        match name {
            "lines" => Some(Mode::Lines),
            "exact" => Some(Mode::Exact),
            "tokens" => Some(Mode::Tokens),
            _ => None,
        }
    }
}

/// Where expected and actual output first differ. Line numbers are 1-based; `None` text means
/// that side ended before this point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    pub expected_line: usize,
    pub expected: Option<String>,
    pub actual_line: usize,
    pub actual: Option<String>,
}

/// The longest text of a line shown in a mismatch; longer lines are cut with `…`.
const SHOWN_CHARS: usize = 80;

fn shown(text: &Option<String>) -> String {
    match text {
        None => "(end of output)".to_string(),
        Some(text) if text.chars().count() > SHOWN_CHARS => {
            let cut: String = text.chars().take(SHOWN_CHARS).collect();
            format!("{cut:?}…")
        }
        Some(text) => format!("{text:?}"),
    }
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "expected (line {}): {}",
            self.expected_line,
            shown(&self.expected)
        )?;
        write!(
            f,
            "actual   (line {}): {}",
            self.actual_line,
            shown(&self.actual)
        )
    }
}

/// Compares `actual` with `expected` under `mode`; the first difference on failure.
pub fn compare(mode: Mode, expected: &[u8], actual: &[u8]) -> Result<(), Mismatch> {
    let expected = String::from_utf8_lossy(expected);
    let actual = String::from_utf8_lossy(actual);
    match mode {
        Mode::Lines => compare_lines(&normal_lines(&expected), &normal_lines(&actual)),
        Mode::Exact if expected == actual => Ok(()),
        Mode::Exact => {
            let raw = |text: &str| text.split('\n').map(str::to_string).collect::<Vec<_>>();
            compare_lines(&raw(&expected), &raw(&actual))
        }
        Mode::Tokens => compare_tokens(&expected, &actual),
    }
}

/// The lines of a text without line ends and trailing blanks, trailing empty lines dropped.
fn normal_lines(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text
        .split('\n')
        .map(|line| line.trim_end_matches([' ', '\t', '\r']).to_string())
        .collect();
    while lines.last().is_some_and(|line| line.is_empty()) {
        lines.pop();
    }
    lines
}

fn compare_lines(expected: &[String], actual: &[String]) -> Result<(), Mismatch> {
    let differs = (0..expected.len().max(actual.len()))
        .find(|&index| expected.get(index) != actual.get(index));
    match differs {
        None => Ok(()),
        Some(index) => Err(Mismatch {
            expected_line: index + 1,
            expected: expected.get(index).cloned(),
            actual_line: index + 1,
            actual: actual.get(index).cloned(),
        }),
    }
}

/// Each whitespace-separated token with the 1-based line it is on.
fn tokens(text: &str) -> Vec<(usize, &str)> {
    text.split('\n')
        .enumerate()
        .flat_map(|(index, line)| line.split_whitespace().map(move |token| (index + 1, token)))
        .collect()
}

fn compare_tokens(expected: &str, actual: &str) -> Result<(), Mismatch> {
    let (expected, actual) = (tokens(expected), tokens(actual));
    let differs = (0..expected.len().max(actual.len())).find(|&index| {
        expected.get(index).map(|token| token.1) != actual.get(index).map(|token| token.1)
    });
    let Some(index) = differs else {
        return Ok(());
    };
    let side = |tokens: &[(usize, &str)]| match tokens.get(index) {
        Some(&(line, token)) => (line, Some(token.to_string())),
        None => (tokens.last().map_or(1, |token| token.0), None),
    };
    let ((expected_line, expected), (actual_line, actual)) = (side(&expected), side(&actual));
    Err(Mismatch {
        expected_line,
        expected,
        actual_line,
        actual,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_ignores_crlf_trailing_spaces_and_blank_lines() {
        assert_eq!(
            compare(Mode::Lines, b"o\nx\n", b"o  \r\nx\r\n\r\n\n"),
            Ok(())
        );
        assert_eq!(compare(Mode::Lines, b"o\nx", b"o\nx\n"), Ok(()));
    }

    #[test]
    fn lines_reports_the_first_differing_line() {
        let mismatch = compare(Mode::Lines, b"o\nx\nd\n", b"o\nd\nd\n").unwrap_err();
        assert_eq!(mismatch.expected_line, 2);
        assert_eq!(mismatch.expected.as_deref(), Some("x"));
        assert_eq!(mismatch.actual.as_deref(), Some("d"));
        let missing = compare(Mode::Lines, b"o\nx\n", b"o\n").unwrap_err();
        assert_eq!((missing.actual_line, missing.actual), (2, None));
    }

    #[test]
    fn lines_keeps_leading_spaces_and_inner_blank_lines() {
        assert!(compare(Mode::Lines, b"a b\n", b" a b\n").is_err());
        assert!(compare(Mode::Lines, b"a\nb\n", b"a\n\nb\n").is_err());
    }

    #[test]
    fn exact_is_byte_for_byte() {
        assert_eq!(compare(Mode::Exact, b"o\n", b"o\n"), Ok(()));
        assert!(compare(Mode::Exact, b"o\n", b"o\r\n").is_err());
        assert!(compare(Mode::Exact, b"o\n", b"o").is_err());
    }

    #[test]
    fn tokens_ignores_all_spacing_and_reports_lines_of_each_side() {
        assert_eq!(compare(Mode::Tokens, b"1 2\n3\n", b"1\n2 3"), Ok(()));
        let mismatch = compare(Mode::Tokens, b"1 2\n3\n", b"1\n2\n4\n").unwrap_err();
        assert_eq!((mismatch.expected_line, mismatch.actual_line), (2, 3));
    }

    #[test]
    fn long_lines_are_cut_in_the_report() {
        let long = "y".repeat(500);
        let mismatch = compare(Mode::Lines, b"n\n", long.as_bytes()).unwrap_err();
        let report = mismatch.to_string();
        assert!(report.contains('…') && report.len() < 300, "{report}");
    }
}
