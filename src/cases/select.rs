//! Case-name patterns for `judge NAME/PATTERN`: `*` matches any run of characters (none
//! included), `?` any one character, anything else itself; and the cases of a folder such
//! patterns select.

use super::solvers::SolverCases;

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

/// Keeps the cases of `problem` whose names match one of `patterns`; each pattern must match
/// at least one case.
pub fn select_cases(problem: &mut SolverCases, patterns: &[String]) -> Result<(), Vec<String>> {
    let cases = &problem.folder.cases;
    let unmatched: Vec<String> = patterns
        .iter()
        .filter(|pattern| !cases.iter().any(|case| matches(pattern, &case.name)))
        .map(|pattern| {
            let names: Vec<&str> = cases.iter().map(|case| case.name.as_str()).collect();
            format!(
                "no case of {} matches {pattern:?} (cases: {})",
                problem.name,
                names.join(", ")
            )
        })
        .collect();
    if !unmatched.is_empty() {
        return Err(unmatched);
    }
    problem
        .folder
        .cases
        .retain(|case| patterns.iter().any(|pattern| matches(pattern, &case.name)));
    Ok(())
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
