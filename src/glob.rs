//! Case-name patterns for `judge NAME/PATTERN`: `*` matches any run of characters (none
//! included), `?` any one character, anything else itself.

/// Whether `text` matches `pattern` as a whole.
pub fn matches(pattern: &str, text: &str) -> bool {
    let (pattern, text): (Vec<char>, Vec<char>) =
        (pattern.chars().collect(), text.chars().collect());
    let (mut p, mut t) = (0, 0);
    // The last `*` seen and the text position it was tried at, to go back to on a mismatch.
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        match pattern.get(p) {
            Some('*') => {
                star = Some((p, t));
                p += 1;
            }
            Some(&c) if c == '?' || c == text[t] => {
                p += 1;
                t += 1;
            }
            _ => match star {
                // Let the last `*` take one more character and try again from there.
                Some((star_p, star_t)) => {
                    star = Some((star_p, star_t + 1));
                    p = star_p + 1;
                    t = star_t + 1;
                }
                None => return false,
            },
        }
    }
    pattern[p..].iter().all(|&c| c == '*')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stars_and_question_marks() {
        assert!(matches("sample-*", "sample-1"));
        assert!(matches("sample-*", "sample-"));
        assert!(matches("*", ""));
        assert!(matches("s?mple-1", "sample-1"));
        assert!(matches("*-1*", "crlf-blank-1-x"));
        assert!(matches("a*b*c", "aXbYbZc"));
        assert!(matches("ffo-0?", "ffo-09"));
        assert!(!matches("ffo-0?", "ffo-10"));
        assert!(!matches("sample-?", "sample-10"));
        assert!(!matches("sample-1", "sample-10"));
        assert!(!matches("a*b", "aXbY"));
        assert!(!matches("?", ""));
        assert!(matches("é?", "éa"));
    }
}
