//! Kattis's default output validator (problemtools' `default_validator`), as a comparison.
//!
//! Both outputs are split into tokens at ASCII whitespace (C's `isspace`: space, `\t`, `\n`,
//! `\v`, `\f`, `\r`); the outputs match when they have the same number of tokens and each pair
//! matches:
//! - with a float tolerance set (`float_absolute_tolerance`, `float_relative_tolerance`, or
//!   `float_tolerance` for both), an expected token that reads whole as a finite C `double`
//!   (decimal or hexadecimal, as glibc's `sscanf("%lf")` reads it, so `1e` is 1; `inf` and
//!   `nan` do not count) wants an actual token
//!   that also reads as one, within the absolute tolerance or within the relative tolerance
//!   times the expected value's size (either is enough). `2.0e2` so matches `200`.
//! - any other token is compared as bytes, ASCII letters without their case unless
//!   `case_sensitive` (so `NaN` matches `nan` unless `case_sensitive`).
//! - with `space_change_sensitive`, the whitespace between, before and after the tokens must
//!   also be the same bytes (a missing final newline is a difference); without it, any amount
//!   of whitespace is the same.

use super::excerpt::Excerpt;
use super::float::real_number;
use super::{compare_tokens, is_token_separator, Mismatch, Mode, Side};

/// The value of a token that glibc's `sscanf("%lf")` reads whole, if it is finite: a decimal or
/// hexadecimal number, where an exponent mark with no digits at the very end (`1e`, `1.5E+`,
/// `0x1p-`) is read and left out, as glibc does.
pub fn c_double(token: &[u8]) -> Option<f64> {
    let unsigned = token
        .strip_prefix(b"-")
        .or(token.strip_prefix(b"+"))
        .unwrap_or(token);
    let hex = unsigned.starts_with(b"0x") || unsigned.starts_with(b"0X");
    let marks: &[u8] = if hex { b"pP" } else { b"eE" };
    let is_mark = |rest: &[u8]| rest.last().is_some_and(|byte| marks.contains(byte));
    let before_sign = token.strip_suffix(b"+").or(token.strip_suffix(b"-"));
    let before_mark = match before_sign {
        Some(rest) if is_mark(rest) => Some(rest),
        Some(_) => None,
        None => Some(token),
    }
    .filter(|rest| is_mark(rest))
    .map(|rest| &rest[..rest.len() - 1]);
    let body = before_mark.unwrap_or(token);
    let value = match hex {
        // glibc reads `0x.` alone as 0, but not once an exponent mark was left out.
        true if before_mark.is_none() && unsigned.len() == 3 && unsigned.ends_with(b".") => {
            Some(0.0)
        }
        true => hexadecimal(body),
        false => real_number(body),
    };
    let negative = token.starts_with(b"-");
    value
        .map(|value| if negative { -value.abs() } else { value })
        .filter(|value| value.is_finite())
}

/// A hexadecimal C float: sign, `0x`, hex digits with an optional point (at least one digit),
/// an optional binary exponent `p±digits`.
fn hexadecimal(token: &[u8]) -> Option<f64> {
    let (negative, rest) = match token.first() {
        Some(b'-') => (true, &token[1..]),
        Some(b'+') => (false, &token[1..]),
        _ => (false, token),
    };
    let rest = rest
        .strip_prefix(b"0x")
        .or_else(|| rest.strip_prefix(b"0X"))?;
    let mut value = 0.0f64;
    let mut digits = 0;
    let mut scale = 0i32;
    let mut position = 0;
    let mut point = false;
    while let Some(&byte) = rest.get(position) {
        if byte == b'.' && !point {
            point = true;
        } else if let Some(digit) = (byte as char).to_digit(16) {
            value = value * 16.0 + f64::from(digit);
            digits += 1;
            if point {
                scale -= 4;
            }
        } else {
            break;
        }
        position += 1;
    }
    if digits == 0 {
        return None;
    }
    if let Some(b'p' | b'P') = rest.get(position) {
        let exponent = std::str::from_utf8(&rest[position + 1..]).ok()?;
        let unsigned = exponent.trim_start_matches(['+', '-']);
        if unsigned.is_empty()
            || exponent.len() - unsigned.len() > 1
            || !unsigned.bytes().all(|byte| byte.is_ascii_digit())
        {
            return None;
        }
        let exponent: i32 = exponent.parse().unwrap_or(if exponent.starts_with('-') {
            -100_000
        } else {
            100_000
        });
        scale = scale.saturating_add(exponent);
    } else if position != rest.len() {
        return None;
    }
    let value = value * 2f64.powi(scale);
    Some(if negative { -value } else { value })
}

/// Compares as the default validator with the flags of `mode` (a `Mode::Kattis`).
pub fn compare(mode: Mode, expected: &[u8], actual: &[u8]) -> Result<(), Mismatch> {
    let Mode::Kattis {
        case_sensitive,
        space_change_sensitive,
        float_absolute,
        float_relative,
    } = mode
    else {
        return super::compare(mode, expected, actual);
    };
    let floats = float_absolute.is_some() || float_relative.is_some();
    compare_tokens(expected, actual, |expected, actual| {
        if let Some(judge) = c_double(expected).filter(|_| floats) {
            return c_double(actual).is_some_and(|given| {
                let error = (judge - given).abs();
                float_absolute.is_some_and(|eps| error <= eps)
                    || float_relative.is_some_and(|eps| error <= eps * judge.abs())
            });
        }
        match case_sensitive {
            true => expected == actual,
            false => expected.eq_ignore_ascii_case(actual),
        }
    })?;
    if space_change_sensitive {
        compare_spacing(expected, actual)?;
    }
    Ok(())
}

/// With the tokens matched, whether the whitespace runs are the same bytes, in order; the
/// first byte where they differ.
fn compare_spacing(expected: &[u8], actual: &[u8]) -> Result<(), Mismatch> {
    let (mut at_expected, mut at_actual) = (0, 0);
    loop {
        let run = |text: &[u8], from: usize| {
            from + text[from..]
                .iter()
                .take_while(|&&byte| is_token_separator(byte))
                .count()
        };
        let (end_expected, end_actual) = (run(expected, at_expected), run(actual, at_actual));
        let (spaces_expected, spaces_actual) = (
            &expected[at_expected..end_expected],
            &actual[at_actual..end_actual],
        );
        if spaces_expected != spaces_actual {
            let shared = spaces_expected
                .iter()
                .zip(spaces_actual)
                .take_while(|(a, b)| a == b)
                .count();
            return Err(Mismatch {
                expected: side_at(expected, at_expected + shared),
                actual: side_at(actual, at_actual + shared),
            });
        }
        let token = |text: &[u8], from: usize| {
            from + text[from..]
                .iter()
                .take_while(|&&byte| !is_token_separator(byte))
                .count()
        };
        (at_expected, at_actual) = (token(expected, end_expected), token(actual, end_actual));
        if at_expected >= expected.len() && at_actual >= actual.len() {
            return Ok(());
        }
    }
}

/// One side of a mismatch at byte `offset` of `text`: its line, shown around the offset.
fn side_at(text: &[u8], offset: usize) -> Side {
    let before = &text[..offset.min(text.len())];
    let line = 1 + before.iter().filter(|&&byte| byte == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|&byte| byte == b'\n')
        .map_or(0, |newline| newline + 1);
    let rest = &text[line_start..];
    let (content, ended) = match rest.iter().position(|&byte| byte == b'\n') {
        Some(end) => (&rest[..end], true),
        None => (rest, false),
    };
    let excerpt = (line_start < text.len() || offset < text.len()).then(|| Excerpt {
        no_newline_at_end: !ended,
        ..Excerpt::around(content, offset - line_start)
    });
    Side {
        line,
        excerpt,
        token: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kattis(flags: &str) -> Mode {
        let words: Vec<&str> = flags.split_whitespace().collect();
        let tolerance = |name: &str| {
            words
                .iter()
                .position(|word| *word == name || *word == "float_tolerance")
                .map(|at| words[at + 1].parse().unwrap())
        };
        Mode::Kattis {
            case_sensitive: words.contains(&"case_sensitive"),
            space_change_sensitive: words.contains(&"space_change_sensitive"),
            float_absolute: tolerance("float_absolute_tolerance"),
            float_relative: tolerance("float_relative_tolerance"),
        }
    }

    fn accepts(flags: &str, expected: &str, actual: &str) -> bool {
        super::super::compare(kattis(flags), expected.as_bytes(), actual.as_bytes()).is_ok()
    }

    #[test]
    fn tokens_without_case_and_any_whitespace_by_default() {
        assert!(accepts("", "Hello World!\n", "hello   world!"));
        assert!(accepts("", "1 2\n3\n", "\t1\r\n2 3 \n\n"));
        assert!(accepts("", "NaN inf\n", "nan INF\n"));
        assert!(!accepts("", "1 2\n", "1 2 3\n"));
        assert!(!accepts("", "1 2\n", "1\n"));
        assert!(
            !accepts("", "1.0\n", "1\n"),
            "no tolerance: floats are strings"
        );
        assert!(!accepts("", "é\n", "É\n"), "only ASCII letters fold");
    }

    #[test]
    fn case_sensitive_compares_letters_with_their_case() {
        assert!(!accepts(
            "case_sensitive",
            "Hello World!\n",
            "hello world!\n"
        ));
        assert!(accepts("case_sensitive", "Hello World!\n", "Hello  World!"));
        assert!(!accepts("case_sensitive", "NaN\n", "nan\n"));
    }

    #[test]
    fn space_change_sensitive_wants_the_same_whitespace() {
        let flag = "space_change_sensitive";
        assert!(accepts(flag, "1 2\n", "1 2\n"));
        assert!(accepts(flag, "A b\n", "a B\n"), "still without case");
        for actual in ["1  2\n", "1\n2\n", "1 2", "1 2\n\n", " 1 2\n", "1\t2\n"] {
            assert!(!accepts(flag, "1 2\n", actual), "{actual:?}");
        }
        let mismatch = super::super::compare(kattis(flag), b"1 2\n3\n", b"1 2\n3").unwrap_err();
        assert_eq!(
            mismatch.to_string(),
            "expected (line 2, column 2): \"3\"\nactual   (line 2, column 2): \"3\" (no newline at end)"
        );
        let mismatch = super::super::compare(kattis(flag), b"1 2\n", b"1  2\n").unwrap_err();
        assert_eq!((mismatch.expected.line, mismatch.actual.line), (1, 1));
    }

    #[test]
    fn a_float_tolerance_is_absolute_or_relative() {
        let absolute = "float_absolute_tolerance 1e-6";
        assert!(accepts(absolute, "0.5\n", "0.5000009\n"));
        assert!(!accepts(absolute, "0.5\n", "0.500002\n"));
        assert!(!accepts(absolute, "1000000\n", "1000000.5\n"));
        let relative = "float_relative_tolerance 1e-6";
        assert!(accepts(relative, "1000000\n", "1000000.5\n"));
        assert!(
            !accepts(relative, "0\n", "0.0000001\n"),
            "relative to 0 is 0"
        );
        let both = "float_tolerance 1e-6";
        assert!(accepts(both, "0\n", "1e-7\n") && accepts(both, "1000000\n", "1000000.5\n"));
        assert!(
            accepts(both, "200\n", "2.0e2\n"),
            "any float form of a float token"
        );
        assert!(accepts(both, "0.0314\n", "3.14000000e-2\n"));
        assert!(accepts(both, "8\n", "0x1p3\n"), "strtod reads hexadecimal");
        assert!(
            !accepts(both, "1.5\n", "abc\n"),
            "a float token wants a float"
        );
        assert!(!accepts(both, "1.5\n", "nan\n"), "NaN is not a float");
        assert!(!accepts(both, "1.5\n", "inf\n"));
        assert!(
            accepts(both, "Yes 1.5\n", "yes 1.5000001\n"),
            "words keep their rule"
        );
    }

    #[test]
    fn nan_and_inf_in_the_answer_are_words() {
        let both = "float_tolerance 1e-6";
        assert!(accepts(both, "nan\n", "NaN\n"), "without case, as a word");
        assert!(!accepts(
            &format!("{both} case_sensitive"),
            "nan\n",
            "NaN\n"
        ));
        assert!(accepts(both, "inf -inf\n", "INF -Inf\n"));
        assert!(
            !accepts(both, "inf\n", "1e999\n"),
            "1e999 overflows: a word, not inf"
        );
        assert!(
            accepts(both, "1e999\n", "1E999\n"),
            "an infinite answer is a word too"
        );
    }

    #[test]
    fn c_doubles_read_as_strtod_does() {
        assert_eq!(c_double(b"2.0e2"), Some(200.0));
        assert_eq!(c_double(b"-0x1.8p1"), Some(-3.0));
        assert_eq!(c_double(b"0X10"), Some(16.0));
        // glibc reads an exponent mark without digits at the end, and `0x.`, as numbers.
        assert_eq!(c_double(b"1e"), Some(1.0));
        assert_eq!(c_double(b"1.5E+"), Some(1.5));
        assert_eq!(c_double(b"0x1p-"), Some(1.0));
        assert_eq!(c_double(b"0x1e1"), Some(481.0), "e is a hexadecimal digit");
        assert!(c_double(b"-0x.").is_some_and(|zero| zero == 0.0 && zero.is_sign_negative()));
        for text in [
            &b"inf"[..],
            b"nan",
            b"nan(1)",
            b"1e999",
            b"0x",
            b"0x.p",
            b".e1",
            b"-.e",
            b"1ex",
            b"1e5x",
            b"1e-+",
            b"1.5x",
            b"0xp1",
            b"e",
            b"",
        ] {
            assert_eq!(c_double(text), None, "{:?}", String::from_utf8_lossy(text));
        }
    }
}
