//! What a grading program's exit status says, the same for checkers and interactors: 0 or 42
//! accepted, 1, 2 or 43 wrong (testlib's OK, WA and PE; Kattis's 42 and 43); any other status
//! or a signal means the grader itself is broken (a judge error, never the program's verdict).

use crate::process::Termination;

/// A grading program's ruling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ruling {
    Accepted,
    Wrong,
    Broken,
}

/// The ruling an exit status gives.
pub fn ruling(termination: Termination) -> Ruling {
    match termination {
        Termination::Exited(0 | 42) => Ruling::Accepted,
        Termination::Exited(1 | 2 | 43) => Ruling::Wrong,
        _ => Ruling::Broken,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn testlib_and_kattis_statuses() {
        let exited = |status| ruling(Termination::Exited(status));
        assert_eq!(exited(0), Ruling::Accepted);
        assert_eq!(exited(42), Ruling::Accepted);
        for status in [1, 2, 43] {
            assert_eq!(exited(status), Ruling::Wrong);
        }
        for status in [3, 7, 41, 44, 127] {
            assert_eq!(exited(status), Ruling::Broken);
        }
        assert_eq!(ruling(Termination::Signaled(11)), Ruling::Broken);
    }
}
