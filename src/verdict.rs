//! The verdict of one case, decided the way online judges decide it.
//!
//! Precedence: TLE > RE > OLE > WA, so a wrong answer never hides a crash or a timeout.

use crate::compare::{compare, Mismatch, Mode};
use crate::execute::{Execution, Termination};
use std::fmt;

/// The outcome of one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    WrongAnswer(Wrong),
    RuntimeError {
        termination: Termination,
        stderr_tail: String,
    },
    TimeLimitExceeded,
    OutputLimitExceeded,
}

/// What was wrong with a wrong answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wrong {
    /// The output differs from the expected output; `tokens_match`: the tokens are the same,
    /// only spacing or line breaks differ.
    Differs {
        mismatch: Mismatch,
        tokens_match: bool,
    },
    /// Rejected for a reason (an interactive game lost, an illegal move).
    Because(String),
}

impl Verdict {
    /// The judge's short name: `AC`, `WA`, `RE`, `TLE`, `OLE`.
    pub fn code(&self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer(_) => "WA",
            Verdict::RuntimeError { .. } => "RE",
            Verdict::TimeLimitExceeded => "TLE",
            Verdict::OutputLimitExceeded => "OLE",
        }
    }

    pub fn is_accepted(&self) -> bool {
        *self == Verdict::Accepted
    }
}

/// The verdict a run earns before its output is looked at: TLE, RE or OLE, else `None`.
pub fn run_failure(execution: &Execution) -> Option<Verdict> {
    match execution.termination {
        Termination::TimedOut => Some(Verdict::TimeLimitExceeded),
        Termination::Exited(0) if execution.stdout_overflowed => Some(Verdict::OutputLimitExceeded),
        Termination::Exited(0) => None,
        termination => Some(Verdict::RuntimeError {
            termination,
            stderr_tail: String::from_utf8_lossy(&execution.stderr_tail).into_owned(),
        }),
    }
}

/// The verdict for a run, given the expected output.
pub fn decide(execution: &Execution, expected: &[u8], mode: Mode) -> Verdict {
    if let Some(failure) = run_failure(execution) {
        return failure;
    }
    match compare(mode, expected, &execution.stdout) {
        Ok(()) => Verdict::Accepted,
        Err(mismatch) => Verdict::WrongAnswer(Wrong::Differs {
            mismatch,
            tokens_match: mode != Mode::Tokens
                && compare(Mode::Tokens, expected, &execution.stdout).is_ok(),
        }),
    }
}

/// A signal's name, for the signals programs usually die of.
fn signal_name(signal: i32) -> Option<&'static str> {
    Some(match signal {
        4 => "SIGILL",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        15 => "SIGTERM",
        _ => return None,
    })
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Termination::Exited(code) => write!(f, "exit status {code}"),
            Termination::Signaled(signal) => match signal_name(signal) {
                Some(name) => write!(f, "killed by signal {signal} ({name})"),
                None => write!(f, "killed by signal {signal}"),
            },
            Termination::TimedOut => write!(f, "killed at the time limit"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn run(termination: Termination, stdout: &[u8], overflowed: bool) -> Execution {
        Execution {
            termination,
            stdout: stdout.to_vec(),
            stdout_overflowed: overflowed,
            stderr_tail: b"boom\n".to_vec(),
            elapsed: Duration::from_millis(1),
        }
    }

    #[test]
    fn precedence_is_tle_re_ole_wa() {
        let wrong = b"wrong\n";
        let code = |execution: Execution| decide(&execution, b"right\n", Mode::Lines).code();
        assert_eq!(code(run(Termination::TimedOut, wrong, true)), "TLE");
        assert_eq!(code(run(Termination::Exited(3), wrong, true)), "RE");
        assert_eq!(code(run(Termination::Signaled(11), wrong, true)), "RE");
        assert_eq!(code(run(Termination::Exited(0), wrong, true)), "OLE");
        assert_eq!(code(run(Termination::Exited(0), wrong, false)), "WA");
        assert_eq!(code(run(Termination::Exited(0), b"right\n", false)), "AC");
    }

    #[test]
    fn wrong_answer_says_when_only_spacing_differs() {
        let verdict = decide(
            &run(Termination::Exited(0), b"1 2\n", false),
            b"1\n2\n",
            Mode::Lines,
        );
        assert!(matches!(
            verdict,
            Verdict::WrongAnswer(Wrong::Differs {
                tokens_match: true,
                ..
            })
        ));
        let verdict = decide(
            &run(Termination::Exited(0), b"1 3\n", false),
            b"1\n2\n",
            Mode::Lines,
        );
        assert!(matches!(
            verdict,
            Verdict::WrongAnswer(Wrong::Differs {
                tokens_match: false,
                ..
            })
        ));
    }

    #[test]
    fn terminations_read_well() {
        assert_eq!(Termination::Exited(3).to_string(), "exit status 3");
        assert_eq!(
            Termination::Signaled(11).to_string(),
            "killed by signal 11 (SIGSEGV)"
        );
        assert_eq!(Termination::Signaled(64).to_string(), "killed by signal 64");
    }
}
