//! Real numbers in output tokens, for `--compare float:EPS`: which tokens read as numbers, and
//! whether two of them are within the allowed error (absolute or relative, as `oj test -e`).

/// The value of a token written as a decimal real number: an optional sign, digits with an
/// optional decimal point (at least one digit), an optional exponent (`e`/`E`, sign, digits).
/// Anything else (`inf`, `nan`, `0x1p3`, `1,5`, an empty token) is not a number.
pub fn real_number(token: &[u8]) -> Option<f64> {
    let digits = |bytes: &[u8]| {
        bytes
            .iter()
            .take_while(|byte| byte.is_ascii_digit())
            .count()
    };
    let mut position = usize::from(matches!(token.first(), Some(b'+' | b'-')));
    let whole = digits(&token[position..]);
    position += whole;
    let mut fraction = 0;
    if token.get(position) == Some(&b'.') {
        position += 1;
        fraction = digits(&token[position..]);
        position += fraction;
    }
    if whole + fraction == 0 {
        return None;
    }
    if matches!(token.get(position), Some(b'e' | b'E')) {
        position += 1;
        position += usize::from(matches!(token.get(position), Some(b'+' | b'-')));
        let exponent = digits(&token[position..]);
        if exponent == 0 {
            return None;
        }
        position += exponent;
    }
    if position != token.len() {
        return None;
    }
    // Too large for a double (a 400-digit integer, 1e999) is no number to compare within a
    // tolerance: as infinity, every number would be within it of itself.
    std::str::from_utf8(token)
        .ok()?
        .parse()
        .ok()
        .filter(|value: &f64| value.is_finite())
}

/// Whether two tokens both read as real numbers whose absolute error, or error relative to the
/// expected value, is at most `eps`.
pub fn within(expected: &[u8], actual: &[u8], eps: f64) -> bool {
    match (real_number(expected), real_number(actual)) {
        (Some(expected), Some(actual)) => {
            let error = (actual - expected).abs();
            error <= eps || error <= eps * expected.abs()
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_numbers_read_and_others_do_not() {
        assert_eq!(real_number(b"3"), Some(3.0));
        assert_eq!(real_number(b"-0.5"), Some(-0.5));
        assert_eq!(real_number(b"+.25"), Some(0.25));
        assert_eq!(real_number(b"7."), Some(7.0));
        assert_eq!(real_number(b"1e3"), Some(1000.0));
        assert_eq!(real_number(b"2.5E-1"), Some(0.25));
        for text in [
            &b""[..],
            b"-",
            b".",
            b"e5",
            b"1e",
            b"1e+",
            b"inf",
            b"NaN",
            b"0x10",
            b"1,5",
            b"1.2.3",
            b"12a",
        ] {
            assert_eq!(
                real_number(text),
                None,
                "{:?}",
                String::from_utf8_lossy(text)
            );
        }
    }

    #[test]
    fn a_number_too_large_for_a_double_is_within_nothing() {
        let huge = "1".repeat(400);
        assert_eq!(real_number(huge.as_bytes()), None);
        assert!(!within(huge.as_bytes(), b"5", 1e-9));
        assert!(!within(b"1e400", b"-1e999", 1e-9));
    }

    #[test]
    fn absolute_or_relative_error_within_eps() {
        assert!(within(b"0.5", b"0.5000009", 1e-6));
        assert!(!within(b"0.5", b"0.500002", 1e-6));
        // Relative: 1000000 vs 1000000.5 is 5e-7 relative, 0.5 absolute.
        assert!(within(b"1000000", b"1000000.5", 1e-6));
        assert!(!within(b"1000000", b"1000002", 1e-6));
        assert!(within(b"-2", b"-2.0000", 1e-9));
        assert!(!within(b"2", b"-2", 1e-6));
        assert!(
            !within(b"abc", b"abc", 1e-6),
            "not numbers: compared exactly elsewhere"
        );
    }
}
