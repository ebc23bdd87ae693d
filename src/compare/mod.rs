//! Comparing a program's output with the expected output, the way online judges do: byte for
//! byte, line by line, token by token, or token by token with real numbers within an error.
//!
//! The comparison looks at the bytes themselves (invalid UTF-8 included, never a lossy decoding)
//! and walks both outputs as slices, one line or token at a time, so it needs no memory beyond
//! the short excerpts it shows where the outputs first differ.

pub mod excerpt;
mod float;
mod kattis;

use crate::text::character_start;
use excerpt::Excerpt;
use float::within;
use std::fmt;

/// How strictly output must match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mode {
    /// Line by line, ignoring CRLF vs LF, trailing spaces and tabs, and trailing blank lines.
    Lines,
    /// Byte for byte.
    Exact,
    /// The same tokens, separated by any ASCII whitespace.
    Tokens,
    /// Tokens; two that both read as real numbers match when the absolute or the relative
    /// error is at most the given bound (as `oj test -e`), any other two only when equal.
    Float(f64),
    /// As Kattis's default output validator: tokens compared without case unless
    /// `case_sensitive`; whitespace of any amount unless `space_change_sensitive` (then it
    /// must be the same bytes); with a tolerance, an expected token that reads as a finite
    /// real number wants one within the absolute or the relative tolerance (see `kattis`).
    Kattis {
        case_sensitive: bool,
        space_change_sensitive: bool,
        float_absolute: Option<f64>,
        float_relative: Option<f64>,
    },
}

impl Mode {
    /// Parses the command-line name of a mode: `lines`, `exact`, `tokens` or `float:EPS` (EPS a
    /// finite number above 0, such as `1e-6`). The error says what was expected.
    pub fn from_name(name: &str) -> Result<Mode, String> {
        match name {
            "lines" => Ok(Mode::Lines),
            "exact" => Ok(Mode::Exact),
            "tokens" => Ok(Mode::Tokens),
            _ => match name.strip_prefix("float:") {
                Some(bound) => match bound.parse::<f64>() {
                    Ok(eps) if eps.is_finite() && eps > 0.0 => Ok(Mode::Float(eps)),
                    _ => Err(format!(
                        "--compare float:EPS expects EPS, a number above 0 such as 1e-6, found {bound:?}"
                    )),
                },
                None => Err(format!(
                    "--compare expects lines, exact, tokens or float:EPS, found {name:?}"
                )),
            },
        }
    }
}

/// Where expected and actual output first differ.
///
/// Shown as two lines, for example
///
/// ```text
/// expected (line 2): "x"
/// actual   (line 2): "d"
/// ```
///
/// or, when the lines differ past their first byte or are too long to show whole,
///
/// ```text
/// expected (line 3, column 40): …"0 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 3"…
/// actual   (line 3, column 40): …"0 11 12 13 14 15 16 71 18 19 20 21 22 23 24 25 26 27 28 29 3"…
/// ```
///
/// or, comparing tokens, the token first and then its line:
///
/// ```text
/// expected (token 3, line 1, column 5): "3.5" in "1 2 3.5"
/// actual   (token 3, line 2, column 1): "3.7" in "3.7"
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    pub expected: Side,
    pub actual: Side,
}

/// One side (expected or actual) of a mismatch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    /// The 1-based line of the difference. For a side whose output had already ended: the line
    /// the other side is on (lines, exact), or the line of this side's last token (tokens).
    pub line: usize,
    /// This side's line around the difference; `None` when its output had already ended.
    pub excerpt: Option<Excerpt>,
    /// Comparing tokens: the 1-based number of the differing token (for a side that ended, the
    /// number it would have had) and the token as shown, `None` for a side that ended. (Boxed:
    /// a mismatch is returned as an error, and stays small.)
    pub token: Option<Box<(usize, Option<Excerpt>)>>,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let with_columns = self.needs_columns();
        self.expected.write(f, "expected", with_columns)?;
        writeln!(f)?;
        self.actual.write(f, "actual  ", with_columns)
    }
}

impl Mismatch {
    /// Whether the lines alone do not say where to look: the difference is past the first
    /// column, or a line is cut, or tokens are compared.
    fn needs_columns(&self) -> bool {
        [&self.expected, &self.actual]
            .into_iter()
            .filter_map(|side| side.excerpt.as_ref())
            .any(|excerpt| excerpt.column > 1 || excerpt.cut_before || excerpt.cut_after)
            || self.expected.token.is_some()
    }
}

impl Side {
    fn write(&self, f: &mut fmt::Formatter<'_>, label: &str, with_column: bool) -> fmt::Result {
        let token = match self.token.as_deref() {
            Some((number, _)) => format!("token {number}, "),
            None => String::new(),
        };
        write!(f, "{label} ({token}line {}", self.line)?;
        match &self.excerpt {
            None => return write!(f, "): (end of output)"),
            Some(excerpt) if with_column => write!(f, ", column {}): ", excerpt.column)?,
            Some(_) => write!(f, "): ")?,
        }
        if let Some((_, Some(shown_token))) = self.token.as_deref() {
            write!(f, "{shown_token} in ")?;
        }
        if let Some(excerpt) = &self.excerpt {
            write!(f, "{excerpt}")?;
        }
        Ok(())
    }
}

/// Compares `actual` with `expected` under `mode`; the first difference on failure.
pub fn compare(mode: Mode, expected: &[u8], actual: &[u8]) -> Result<(), Mismatch> {
    match mode {
        Mode::Lines => compare_lines(normal_lines(expected), normal_lines(actual)),
        Mode::Exact if expected == actual => Ok(()),
        Mode::Exact => compare_lines(exact_lines(expected), exact_lines(actual)),
        Mode::Tokens => compare_tokens(expected, actual, |expected, actual| expected == actual),
        Mode::Float(eps) => compare_tokens(expected, actual, |expected, actual| {
            expected == actual || within(expected, actual, eps)
        }),
        Mode::Kattis { .. } => kattis::compare(mode, expected, actual),
    }
}

fn is_newline(byte: &u8) -> bool {
    *byte == b'\n'
}

/// The bytes `lines` mode ignores at the end of a line.
fn is_line_end_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r')
}

/// The bytes that separate tokens: ASCII whitespace.
fn is_token_separator(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

/// `bytes` without the run of `ignored` bytes at its end.
fn trim_end(bytes: &[u8], ignored: impl Fn(u8) -> bool) -> &[u8] {
    let kept = bytes
        .iter()
        .rposition(|&byte| !ignored(byte))
        .map_or(0, |last| last + 1);
    bytes.get(..kept).unwrap_or(bytes)
}

/// One line: its bytes without the `\n`, and whether a `\n` ended it.
#[derive(Clone, Copy)]
struct Line<'a> {
    content: &'a [u8],
    ended: bool,
}

/// The lines of a text as they are (`\r` included), each with whether a `\n` ended it.
fn exact_lines(text: &[u8]) -> impl Iterator<Item = Line<'_>> {
    text.split_inclusive(is_newline).map(|line| match line {
        [content @ .., b'\n'] => Line {
            content,
            ended: true,
        },
        content => Line {
            content,
            ended: false,
        },
    })
}

/// The lines of a text without trailing spaces, tabs and `\r`, trailing blank lines dropped.
fn normal_lines(text: &[u8]) -> impl Iterator<Item = Line<'_>> {
    // Trimming newlines too from the end of the whole text drops the trailing blank lines.
    let content = trim_end(text, |byte| is_line_end_blank(byte) || byte == b'\n');
    let nonempty_content = Some(content).filter(|content| !content.is_empty());
    nonempty_content
        .into_iter()
        .flat_map(|content| content.split(is_newline))
        .map(|line| Line {
            content: trim_end(line, is_line_end_blank),
            ended: true,
        })
}

/// Compares two texts line by line; the line numbers are the same on both sides.
fn compare_lines<'a>(
    mut expected: impl Iterator<Item = Line<'a>>,
    mut actual: impl Iterator<Item = Line<'a>>,
) -> Result<(), Mismatch> {
    let mut line = 1;
    loop {
        match (expected.next(), actual.next()) {
            (None, None) => return Ok(()),
            (Some(expected), Some(actual))
                if expected.content == actual.content && expected.ended == actual.ended =>
            {
                line += 1
            }
            (expected, actual) => return Err(line_mismatch(line, expected, actual)),
        }
    }
}

/// The mismatch between two different lines (`None`: that side has no more lines).
fn line_mismatch(line: usize, expected: Option<Line<'_>>, actual: Option<Line<'_>>) -> Mismatch {
    let difference = first_differing_character(
        expected.map_or(&[], |line| line.content),
        actual.map_or(&[], |line| line.content),
    );
    let side = |text: Option<Line<'_>>| Side {
        line,
        excerpt: text.map(|text| Excerpt {
            no_newline_at_end: !text.ended,
            ..Excerpt::around(text.content, difference)
        }),
        token: None,
    };
    Mismatch {
        expected: side(expected),
        actual: side(actual),
    }
}

/// The 0-based byte offset where the first character that differs starts (the first byte that
/// differs, moved back to the start of the UTF-8 character it is inside, if any).
fn first_differing_character(expected: &[u8], actual: &[u8]) -> usize {
    let shared = expected
        .iter()
        .zip(actual)
        .take_while(|(expected, actual)| expected == actual)
        .count();
    character_start(expected, shared).min(character_start(actual, shared))
}

/// One whitespace-separated token, with where it is.
struct Token<'a> {
    bytes: &'a [u8],
    /// The 1-based line it is on.
    line: usize,
    /// The offset in the text where its line starts.
    line_start: usize,
    /// The offset in the text where it starts.
    start: usize,
}

/// The tokens of a text, in order, with their lines.
struct Tokens<'a> {
    text: &'a [u8],
    position: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a [u8]) -> Tokens<'a> {
        Tokens {
            text,
            position: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// Moves past the separators at the current position, counting lines.
    fn skip_separators(&mut self) {
        while let Some(&byte) = self.text.get(self.position) {
            if !is_token_separator(byte) {
                break;
            }
            self.position += 1;
            if byte == b'\n' {
                self.line += 1;
                self.line_start = self.position;
            }
        }
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        self.skip_separators();
        let start = self.position;
        let rest = self.text.get(start..)?;
        let length = rest
            .iter()
            .position(|&byte| is_token_separator(byte))
            .unwrap_or(rest.len());
        let bytes = rest.get(..length).filter(|bytes| !bytes.is_empty())?;
        self.position += length;
        Some(Token {
            bytes,
            line: self.line,
            line_start: self.line_start,
            start,
        })
    }
}

/// Compares the tokens of two texts, two tokens matching when `same(expected, actual)`.
fn compare_tokens(
    expected: &[u8],
    actual: &[u8],
    same: impl Fn(&[u8], &[u8]) -> bool,
) -> Result<(), Mismatch> {
    let (mut expected_tokens, mut actual_tokens) = (Tokens::new(expected), Tokens::new(actual));
    let (mut expected_last_line, mut actual_last_line) = (1, 1);
    let mut number = 1;
    loop {
        match (expected_tokens.next(), actual_tokens.next()) {
            (None, None) => return Ok(()),
            (Some(expected), Some(actual)) if same(expected.bytes, actual.bytes) => {
                expected_last_line = expected.line;
                actual_last_line = actual.line;
                number += 1;
            }
            (expected_token, actual_token) => {
                return Err(Mismatch {
                    expected: token_side(expected, expected_token, expected_last_line, number),
                    actual: token_side(actual, actual_token, actual_last_line, number),
                })
            }
        }
    }
}

/// One side of a token mismatch: the differing token (the `number`th) in its line, or, when the
/// text has no more tokens, the end of output on the line of its last token.
fn token_side(text: &[u8], token: Option<Token<'_>>, last_line: usize, number: usize) -> Side {
    match token {
        None => Side {
            line: last_line,
            excerpt: None,
            token: Some(Box::new((number, None))),
        },
        Some(token) => Side {
            line: token.line,
            excerpt: Some(Excerpt::around(
                line_starting_at(text, token.line_start),
                token.start.saturating_sub(token.line_start),
            )),
            token: Some(Box::new((number, Some(Excerpt::around(token.bytes, 0))))),
        },
    }
}

/// The line of `text` that starts at offset `line_start`, without its `\n`.
fn line_starting_at(text: &[u8], line_start: usize) -> &[u8] {
    let rest = text.get(line_start..).unwrap_or_default();
    rest.split(is_newline).next().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The escaped text shown for one side, `None` for the end of output.
    fn shown(side: &Side) -> Option<&str> {
        side.excerpt.as_ref().map(|excerpt| excerpt.text.as_str())
    }

    fn column(side: &Side) -> Option<usize> {
        side.excerpt.as_ref().map(|excerpt| excerpt.column)
    }

    #[test]
    fn lines_ignores_crlf_trailing_spaces_and_blank_lines() {
        assert_eq!(
            compare(Mode::Lines, b"o\nx\n", b"o  \r\nx\t\r\n\r\n \n\n"),
            Ok(())
        );
        assert_eq!(compare(Mode::Lines, b"o\nx", b"o\nx\n"), Ok(()));
        assert_eq!(compare(Mode::Lines, b"", b" \r\n\n"), Ok(()));
    }

    #[test]
    fn lines_reports_the_first_differing_line() {
        let mismatch = compare(Mode::Lines, b"o\nx\nd\n", b"o\nd\nd\n").unwrap_err();
        assert_eq!((mismatch.expected.line, mismatch.actual.line), (2, 2));
        assert_eq!(shown(&mismatch.expected), Some("x"));
        assert_eq!(shown(&mismatch.actual), Some("d"));
        let missing = compare(Mode::Lines, b"o\nx\n", b"o\n").unwrap_err();
        assert_eq!((missing.actual.line, shown(&missing.actual)), (2, None));
    }

    #[test]
    fn lines_keeps_leading_spaces_and_inner_blank_lines() {
        assert!(compare(Mode::Lines, b"a b\n", b" a b\n").is_err());
        assert!(compare(Mode::Lines, b"a\nb\n", b"a\n\nb\n").is_err());
        assert!(compare(Mode::Lines, b"a\x0b\n", b"a\n").is_err());
    }

    #[test]
    fn exact_is_byte_for_byte() {
        assert_eq!(compare(Mode::Exact, b"o\n", b"o\n"), Ok(()));
        assert!(compare(Mode::Exact, b"o\n", b"o\r\n").is_err());
    }

    #[test]
    fn exact_says_a_missing_final_newline_in_words() {
        let mismatch = compare(Mode::Exact, b"o\n", b"o").unwrap_err();
        assert_eq!(
            mismatch.to_string(),
            "expected (line 1, column 2): \"o\"\nactual   (line 1, column 2): \"o\" (no newline at end)"
        );
        let expected_side = compare(Mode::Exact, b"a\nb", b"a\nb\n").unwrap_err();
        assert_eq!(
            expected_side.to_string(),
            "expected (line 2, column 2): \"b\" (no newline at end)\nactual   (line 2, column 2): \"b\""
        );
        let extra_line = compare(Mode::Exact, b"o\n", b"o\n\n").unwrap_err();
        assert_eq!(
            extra_line.to_string(),
            "expected (line 2): (end of output)\nactual   (line 2): \"\""
        );
    }

    #[test]
    fn exact_makes_trailing_spaces_tabs_and_cr_visible() {
        let mismatch = compare(Mode::Exact, b"1 2\n", b"1 2 \t\r\n").unwrap_err();
        assert_eq!(
            mismatch.to_string(),
            "expected (line 1, column 4): \"1 2\"\nactual   (line 1, column 4): \"1 2\u{2420}\\t\\r\""
        );
    }

    #[test]
    fn float_compares_reals_within_eps_and_other_tokens_exactly() {
        let eps = Mode::Float(1e-6);
        assert_eq!(compare(eps, b"0.5 Yes\n", b"0.5000004\nYes"), Ok(()));
        assert_eq!(compare(eps, b"1000000\n", b"1000000.5\n"), Ok(()));
        assert!(compare(eps, b"Yes\n", b"yes\n").is_err());
        assert!(compare(eps, b"1 2\n", b"1 2 3\n").is_err());
        let mismatch = compare(eps, b"1 2 3.5\n", b"1 2\n3.7\n").unwrap_err();
        assert_eq!(
            mismatch.to_string(),
            "expected (token 3, line 1, column 5): \"3.5\" in \"1 2 3.5\"\n\
             actual   (token 3, line 2, column 1): \"3.7\" in \"3.7\""
        );
    }

    #[test]
    fn a_token_failure_names_the_token_also_when_a_side_ended() {
        let mismatch = compare(Mode::Tokens, b"1 2\n", b"1\n").unwrap_err();
        assert_eq!(
            mismatch.to_string(),
            "expected (token 2, line 1, column 3): \"2\" in \"1 2\"\n\
             actual   (token 2, line 1): (end of output)"
        );
    }

    #[test]
    fn different_invalid_utf8_bytes_differ_in_every_mode() {
        for mode in [Mode::Lines, Mode::Exact, Mode::Tokens] {
            let mismatch = compare(mode, b"\xff\n", b"\xfe\n").unwrap_err();
            assert_eq!(shown(&mismatch.expected), Some("\\xff"), "{mode:?}");
            assert_eq!(shown(&mismatch.actual), Some("\\xfe"), "{mode:?}");
            assert_eq!(compare(mode, b"\xff\n", b"\xff\n"), Ok(()), "{mode:?}");
        }
    }

    #[test]
    fn tokens_ignores_all_spacing_and_reports_lines_of_each_side() {
        assert_eq!(compare(Mode::Tokens, b"1 2\n3\n", b"1\n2 3"), Ok(()));
        assert_eq!(
            compare(Mode::Tokens, b"1 2\n", b"\x0c1\t\r\n\x0b2  "),
            Ok(())
        );
        let mismatch = compare(Mode::Tokens, b"1 2\n3\n", b"1\n2\n4\n").unwrap_err();
        assert_eq!((mismatch.expected.line, mismatch.actual.line), (2, 3));
    }

    #[test]
    fn tokens_reports_the_column_of_the_differing_token_on_each_side() {
        let mismatch = compare(Mode::Tokens, b"1 2 3\n", b"1\n  2   4\n").unwrap_err();
        assert_eq!(
            (mismatch.expected.line, column(&mismatch.expected)),
            (1, Some(5))
        );
        assert_eq!(
            (mismatch.actual.line, column(&mismatch.actual)),
            (2, Some(7))
        );
        assert_eq!(shown(&mismatch.actual), Some("  2   4"));
    }

    #[test]
    fn tokens_reports_the_last_token_line_of_a_side_that_ended() {
        let mismatch = compare(Mode::Tokens, b"1\n2\n\n\n", b"1\n2\n3\n").unwrap_err();
        assert_eq!(
            (mismatch.expected.line, shown(&mismatch.expected)),
            (2, None)
        );
        assert_eq!(
            (mismatch.actual.line, shown(&mismatch.actual)),
            (3, Some("3"))
        );
    }

    #[test]
    fn a_short_difference_at_column_one_is_shown_without_a_column() {
        let mismatch = compare(Mode::Lines, b"o\nx\n", b"o\nd\n").unwrap_err();
        assert_eq!(
            mismatch.to_string(),
            "expected (line 2): \"x\"\nactual   (line 2): \"d\""
        );
    }

    #[test]
    fn a_difference_past_column_one_is_shown_with_its_column() {
        let mismatch = compare(Mode::Exact, b"o\n", b"o  \r\n").unwrap_err();
        assert_eq!(
            mismatch.to_string(),
            "expected (line 1, column 2): \"o\"\nactual   (line 1, column 2): \"o\u{2420}\u{2420}\\r\""
        );
    }

    #[test]
    fn a_difference_deep_in_a_long_line_is_shown_short_with_its_column() {
        let expected = "a".repeat(5000);
        let mut actual = expected.clone().into_bytes();
        actual[999] = b'Z';
        let mismatch = compare(Mode::Lines, expected.as_bytes(), &actual).unwrap_err();
        assert_eq!(column(&mismatch.expected), Some(1000));
        assert_eq!(column(&mismatch.actual), Some(1000));
        let report = mismatch.to_string();
        let actual_report = report.lines().nth(1).unwrap_or_default();
        assert!(actual_report.starts_with("actual   (line 1, column 1000): …\""));
        assert!(actual_report.contains("aZa") && actual_report.ends_with("\"…"));
        assert!(
            report.lines().all(|line| line.chars().count() < 150),
            "{report}"
        );
    }

    #[test]
    fn a_cut_line_is_shown_from_20_bytes_before_the_difference_with_cut_marks() {
        let numbers: Vec<String> = (1..=40).map(|number| number.to_string()).collect();
        let expected = format!("a\nb\n{}\n", numbers.join(" "));
        let actual = expected.replace(" 17 ", " 71 ");
        let mismatch = compare(Mode::Lines, expected.as_bytes(), actual.as_bytes()).unwrap_err();
        assert_eq!(
            mismatch.to_string(),
            "expected (line 3, column 40): …\"0 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 3\"…\n\
             actual   (line 3, column 40): …\"0 11 12 13 14 15 16 71 18 19 20 21 22 23 24 25 26 27 28 29 3\"…"
        );
    }

    #[test]
    fn long_lines_are_cut_in_the_report() {
        let long = "y".repeat(500);
        let mismatch = compare(Mode::Lines, b"n\n", long.as_bytes()).unwrap_err();
        let report = mismatch.to_string();
        assert!(report.contains('…') && report.len() < 300, "{report}");
        assert!(report.starts_with("expected (line 1, column 1): \"n\""));
    }

    #[test]
    fn invalid_utf8_and_control_bytes_are_shown_escaped() {
        let mismatch = compare(Mode::Lines, b"a\x80\x01\"\\\tb\n", b"a\n").unwrap_err();
        assert_eq!(shown(&mismatch.expected), Some("a\\x80\\x01\\\"\\\\\\tb"));
        let control = compare(Mode::Lines, "\u{85}".as_bytes(), b"x").unwrap_err();
        assert_eq!(shown(&control.expected), Some("\\xc2\\x85"));
    }

    #[test]
    fn valid_utf8_is_shown_and_never_cut_inside_a_character() {
        // 'é' is two bytes; the excerpt would start inside one of them if it counted bytes only.
        let expected = "é".repeat(40) + "x";
        let actual = "é".repeat(40) + "y";
        let mismatch = compare(Mode::Lines, expected.as_bytes(), actual.as_bytes()).unwrap_err();
        assert_eq!(column(&mismatch.expected), Some(81));
        let text = shown(&mismatch.expected).unwrap_or_default();
        assert!(text.ends_with("éx") && text.chars().all(|c| c == 'é' || c == 'x'));
        let odd_start = "a".to_string() + &"é".repeat(40);
        // The 60-byte limit falls inside the 30th 'é': it is left out, not cut.
        let from_start = Excerpt::around(odd_start.as_bytes(), 0);
        assert_eq!(from_start.text, "a".to_string() + &"é".repeat(29));
        assert!(from_start.cut_after);
        // 20 bytes before byte 40 is inside an 'é': the excerpt starts with the whole 'é'.
        let inside = Excerpt::around(odd_start.as_bytes(), 40);
        assert_eq!(inside.text, "é".repeat(30));
    }

    #[test]
    fn a_difference_inside_a_character_is_at_the_column_of_its_first_byte() {
        let mismatch = compare(Mode::Lines, "aé".as_bytes(), "aè".as_bytes()).unwrap_err();
        assert_eq!(column(&mismatch.expected), Some(2));
        assert_eq!(shown(&mismatch.actual), Some("aè"));
    }

    #[test]
    fn large_equal_outputs_compare_equal_and_a_late_difference_is_found() {
        let line = b"123456789 -42 7\n";
        let expected: Vec<u8> = line.repeat(20_000_000 / line.len());
        let mut actual = expected.clone();
        for mode in [Mode::Lines, Mode::Tokens, Mode::Exact] {
            assert_eq!(compare(mode, &expected, &actual), Ok(()), "{mode:?}");
        }
        let last_digit = actual.len() - 2;
        actual[last_digit] = b'8';
        let lines = expected.len() / line.len();
        for mode in [Mode::Lines, Mode::Tokens, Mode::Exact] {
            let mismatch = compare(mode, &expected, &actual).unwrap_err();
            assert_eq!(mismatch.actual.line, lines, "{mode:?}");
            assert_eq!(column(&mismatch.actual), Some(15), "{mode:?}");
        }
    }
}
