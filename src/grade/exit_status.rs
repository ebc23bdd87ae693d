//! What a grading program's exit status says, by the rules it follows: a judge file's checker
//! or interactor (`Rules::Any`: 0 or 42 accepted, 1, 2 or 43 wrong, testlib's and Kattis's
//! both, and testlib's 4 and 8 wrong too), a Kattis output validator (`Rules::Kattis`: only 42
//! and 43) or a testlib program of a Polygon package (`Rules::Testlib`: 0 OK, 1 WA, 2 PE, 4 extra output and 8 unexpected end
//! of file, all wrong; 7 points, wrong with a note; 3 FAIL). Any other status or a signal means
//! the grader itself is broken (a judge error, never the program's verdict).

use crate::process::Termination;

/// Whether a grading program's stderr shows that Python ended it with an uncaught exception
/// (its exit status 1 is then a crash, though the rules read it as a rejection).
pub fn python_crash(stderr_tail: &[u8]) -> bool {
    let text = String::from_utf8_lossy(stderr_tail);
    // The header, or (when the tail kept only the end of a long one) a frame line.
    text.contains("Traceback (most recent call last):")
        || text
            .lines()
            .any(|line| line.starts_with("  File \"") && line.contains("\", line "))
}

/// Which exit statuses a grading program gives its rulings by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    Any,
    Kattis,
    Testlib,
}

/// A grading program's ruling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ruling {
    Accepted,
    Wrong,
    /// testlib's presentation error (exit 2, or 4 and 8): a wrong answer for a judge.
    Presentation,
    /// testlib's points (exit 7): a partial score, wrong where a test is passed or failed.
    Points,
    Broken,
}

impl Ruling {
    /// How the reason of a wrong answer starts, when it is not a plain one.
    pub fn prefix(self) -> &'static str {
        match self {
            Ruling::Presentation => "presentation error: ",
            Ruling::Points => "partial points (testlib exit 7), counted as wrong: ",
            _ => "",
        }
    }
}

/// The ruling an exit status gives under `rules`.
pub fn ruling(termination: Termination, rules: Rules) -> Ruling {
    match (rules, termination) {
        (Rules::Any, Termination::Exited(0 | 42)) => Ruling::Accepted,
        (Rules::Any, Termination::Exited(1 | 2 | 43)) => Ruling::Wrong,
        // testlib's own epilogue: output left unread (4), or read past its end (8).
        (Rules::Any, Termination::Exited(4 | 8)) => Ruling::Presentation,
        (Rules::Kattis, Termination::Exited(42)) => Ruling::Accepted,
        (Rules::Kattis, Termination::Exited(43)) => Ruling::Wrong,
        (Rules::Testlib, Termination::Exited(0)) => Ruling::Accepted,
        (Rules::Testlib, Termination::Exited(1)) => Ruling::Wrong,
        (Rules::Testlib, Termination::Exited(2 | 4 | 8)) => Ruling::Presentation,
        (Rules::Testlib, Termination::Exited(7)) => Ruling::Points,
        _ => Ruling::Broken,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn testlib_and_kattis_statuses() {
        let exited = |status| ruling(Termination::Exited(status), Rules::Any);
        assert_eq!(exited(0), Ruling::Accepted);
        assert_eq!(exited(42), Ruling::Accepted);
        for status in [1, 2, 43] {
            assert_eq!(exited(status), Ruling::Wrong);
        }
        // A testlib checker's epilogue: extra output (4), an unexpected end of it (8).
        for status in [4, 8] {
            assert_eq!(exited(status), Ruling::Presentation);
        }
        for status in [3, 7, 41, 44, 127] {
            assert_eq!(exited(status), Ruling::Broken);
        }
        assert_eq!(
            ruling(Termination::Signaled(11), Rules::Any),
            Ruling::Broken
        );
    }

    #[test]
    fn kattis_rules_only_by_42_and_43() {
        let exited = |status| ruling(Termination::Exited(status), Rules::Kattis);
        assert_eq!(exited(42), Ruling::Accepted);
        assert_eq!(exited(43), Ruling::Wrong);
        for status in [0, 1, 2] {
            assert_eq!(exited(status), Ruling::Broken);
        }
    }

    #[test]
    fn testlib_rules_by_its_own_codes() {
        let exited = |status| ruling(Termination::Exited(status), Rules::Testlib);
        assert_eq!(exited(0), Ruling::Accepted);
        assert_eq!(exited(1), Ruling::Wrong);
        assert_eq!(exited(2), Ruling::Presentation);
        assert_eq!(exited(7), Ruling::Points);
        // 3 is testlib's FAIL: the checker itself says it is broken; 42 and 43 are not its.
        for status in [3, 42, 43, 5] {
            assert_eq!(exited(status), Ruling::Broken);
        }
        assert_eq!(
            ruling(Termination::Signaled(6), Rules::Testlib),
            Ruling::Broken
        );
    }
}
