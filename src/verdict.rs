//! The verdict of one case, decided the way online judges decide it.
//!
//! Every verdict is listed once in `Code::ALL`, in order of precedence for a run that fails
//! several ways: TLE > MLE > RE > OLE > WA, so a wrong answer never hides a crash, a crash never
//! hides a limit. JE is the judge's own failure (a file it cannot read, a checker that crashed):
//! never the program's verdict, and the judge exits 2 for it.

use crate::compare::{compare, Mismatch, Mode};
use crate::limits::Limits;
use crate::process::{Ended, Stop, Termination};
use std::fmt;

/// The verdict codes, each once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    AC,
    WA,
    RE,
    TLE,
    MLE,
    OLE,
    JE,
}

impl Code {
    /// Every code, in the order a summary lists them.
    pub const ALL: [Code; 7] = [
        Code::AC,
        Code::WA,
        Code::RE,
        Code::TLE,
        Code::MLE,
        Code::OLE,
        Code::JE,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Code::AC => "AC",
            Code::WA => "WA",
            Code::RE => "RE",
            Code::TLE => "TLE",
            Code::MLE => "MLE",
            Code::OLE => "OLE",
            Code::JE => "JE",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which time limit a TLE passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeKind {
    /// The CPU time limit (`-t`).
    Cpu,
    /// The wall bound (`--wall-limit`) of idle time: a sleeper or a deadlock.
    Wall,
    /// The real-time backstop, ten times the wall bound: a program starved of CPU for good.
    Backstop,
}

/// The outcome of one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    WrongAnswer(Wrong),
    RuntimeError {
        termination: Termination,
        stderr_tail: String,
    },
    TimeLimitExceeded(TimeKind),
    MemoryLimitExceeded,
    OutputLimitExceeded,
    /// The judge could not judge: the reason.
    JudgeError(String),
}

/// What was wrong with a wrong answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wrong {
    /// The output differs from the expected output; `tokens_match`: the tokens are the same,
    /// only spacing or line breaks differ; `spacing_required`: so, and the comparison (a Kattis
    /// package's `space_change_sensitive`) wants the same whitespace.
    Differs {
        mismatch: Mismatch,
        tokens_match: bool,
        spacing_required: bool,
    },
    /// Rejected for a reason (a checker's, an interactive game lost, an illegal move).
    Because(String),
}

impl Verdict {
    pub fn code(&self) -> Code {
        match self {
            Verdict::Accepted => Code::AC,
            Verdict::WrongAnswer(_) => Code::WA,
            Verdict::RuntimeError { .. } => Code::RE,
            Verdict::TimeLimitExceeded(_) => Code::TLE,
            Verdict::MemoryLimitExceeded => Code::MLE,
            Verdict::OutputLimitExceeded => Code::OLE,
            Verdict::JudgeError(_) => Code::JE,
        }
    }

    pub fn is_accepted(&self) -> bool {
        *self == Verdict::Accepted
    }
}

/// The verdict a run earns before its output is looked at (TLE, MLE, RE or OLE), else `None`.
/// A run the judge killed for memory or output gets MLE or OLE whatever signal it died of.
pub fn run_failure(ended: &Ended, limits: &Limits, stderr_tail: &[u8]) -> Option<Verdict> {
    let killed_for_output = ended.stopped == Some(Stop::Output)
        && matches!(ended.termination, Termination::Signaled(_));
    if ended.stopped == Some(Stop::CpuTime) || ended.usage.cpu > limits.cpu {
        Some(Verdict::TimeLimitExceeded(TimeKind::Cpu))
    } else if ended.stopped == Some(Stop::WallTime) {
        Some(Verdict::TimeLimitExceeded(TimeKind::Wall))
    } else if ended.stopped == Some(Stop::Backstop) {
        Some(Verdict::TimeLimitExceeded(TimeKind::Backstop))
    } else if ended.stopped == Some(Stop::Memory)
        || ended.usage.peak_memory_bytes > limits.memory_bytes
    {
        Some(Verdict::MemoryLimitExceeded)
    } else if ended.termination != Termination::Exited(0) && !killed_for_output {
        Some(Verdict::RuntimeError {
            termination: ended.termination,
            stderr_tail: String::from_utf8_lossy(stderr_tail).into_owned(),
        })
    } else if ended.stopped == Some(Stop::Output) {
        Some(Verdict::OutputLimitExceeded)
    } else {
        None
    }
}

/// The verdict for an output that ran cleanly, given the expected output.
pub fn compare_verdict(expected: &[u8], actual: &[u8], mode: Mode) -> Verdict {
    match compare(mode, expected, actual) {
        Ok(()) => Verdict::Accepted,
        Err(mismatch) => Verdict::WrongAnswer(Wrong::Differs {
            mismatch,
            tokens_match: matches!(mode, Mode::Lines | Mode::Exact)
                && compare(Mode::Tokens, expected, actual).is_ok(),
            spacing_required: match mode {
                Mode::Kattis {
                    space_change_sensitive: true,
                    case_sensitive,
                    float_absolute,
                    float_relative,
                } => {
                    let spacing_free = Mode::Kattis {
                        space_change_sensitive: false,
                        case_sensitive,
                        float_absolute,
                        float_relative,
                    };
                    compare(spacing_free, expected, actual).is_ok()
                }
                _ => false,
            },
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
        24 => "SIGXCPU",
        25 => "SIGXFSZ",
        31 => "SIGSYS",
        _ => return None,
    })
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            // 128 + N is how a shell reports a program that signal N killed (a command run
            // by `sh -c`, a script's last program): said as such where N is a usual one.
            Termination::Exited(code) => match signal_name(code - 128).filter(|_| code > 128) {
                Some(name) => write!(
                    f,
                    "exit status {code} (as a shell reports a program killed by {name})"
                ),
                None => write!(f, "exit status {code}"),
            },
            Termination::Signaled(signal) => match signal_name(signal) {
                Some(name) => write!(f, "killed by signal {signal} ({name})"),
                None => write!(f, "killed by signal {signal}"),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::Usage;
    use std::time::Duration;

    fn limits() -> Limits {
        Limits::with_cpu(Duration::from_secs(1))
    }

    fn ended(termination: Termination, stopped: Option<Stop>, cpu_ms: u64, mib: u64) -> Ended {
        Ended {
            termination,
            stopped,
            usage: Usage {
                cpu: Duration::from_millis(cpu_ms),
                wall: Duration::from_millis(cpu_ms),
                peak_memory_bytes: mib << 20,
                ..Usage::default()
            },
        }
    }

    fn code(ended: Ended) -> Option<Code> {
        run_failure(&ended, &limits(), b"boom\n").map(|verdict| verdict.code())
    }

    #[test]
    fn precedence_is_tle_mle_re_ole() {
        use Termination::{Exited, Signaled};
        let (tle, mle, re, ole) = (
            Some(Code::TLE),
            Some(Code::MLE),
            Some(Code::RE),
            Some(Code::OLE),
        );
        // Over the CPU limit beats everything, whoever noticed it.
        assert_eq!(code(ended(Exited(0), None, 1500, 10)), tle);
        assert_eq!(
            code(ended(Signaled(9), Some(Stop::Memory), 1500, 2000)),
            tle
        );
        assert_eq!(code(ended(Signaled(9), Some(Stop::WallTime), 10, 10)), tle);
        assert_eq!(code(ended(Signaled(9), Some(Stop::Backstop), 10, 10)), tle);
        // Memory beats a crash: killed for it, or measured over it.
        assert_eq!(code(ended(Signaled(9), Some(Stop::Memory), 10, 10)), mle);
        assert_eq!(code(ended(Exited(3), None, 10, 2000)), mle);
        // A crash beats too much output, unless the judge's kill for output was the "crash".
        assert_eq!(code(ended(Exited(4), Some(Stop::Output), 10, 10)), re);
        assert_eq!(code(ended(Signaled(9), Some(Stop::Output), 10, 10)), ole);
        assert_eq!(code(ended(Signaled(13), Some(Stop::Output), 10, 10)), ole);
        assert_eq!(code(ended(Exited(0), Some(Stop::Output), 10, 10)), ole);
        assert_eq!(code(ended(Signaled(11), None, 10, 10)), re);
        assert_eq!(code(ended(Exited(0), None, 10, 10)), None);
    }

    #[test]
    fn every_code_is_listed_once() {
        for code in Code::ALL {
            assert_eq!(Code::ALL.iter().filter(|&&other| other == code).count(), 1);
        }
        let names: Vec<&str> = Code::ALL.iter().map(|code| code.name()).collect();
        assert_eq!(names, ["AC", "WA", "RE", "TLE", "MLE", "OLE", "JE"]);
    }

    #[test]
    fn wrong_answer_says_when_only_spacing_differs() {
        let verdict = compare_verdict(b"1\n2\n", b"1 2\n", Mode::Lines);
        assert!(matches!(
            verdict,
            Verdict::WrongAnswer(Wrong::Differs {
                tokens_match: true,
                ..
            })
        ));
        let verdict = compare_verdict(b"1\n2\n", b"1 3\n", Mode::Lines);
        assert!(matches!(
            verdict,
            Verdict::WrongAnswer(Wrong::Differs {
                tokens_match: false,
                ..
            })
        ));
        let kattis = |space_change_sensitive| Mode::Kattis {
            case_sensitive: false,
            space_change_sensitive,
            float_absolute: None,
            float_relative: None,
        };
        let verdict = compare_verdict(b"A b\n", b"a  B\n", kattis(true));
        assert!(matches!(
            verdict,
            Verdict::WrongAnswer(Wrong::Differs {
                tokens_match: false,
                spacing_required: true,
                ..
            })
        ));
        let verdict = compare_verdict(b"A b\n", b"a  C\n", kattis(true));
        assert!(matches!(
            verdict,
            Verdict::WrongAnswer(Wrong::Differs {
                spacing_required: false,
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
        assert_eq!(
            Termination::Signaled(31).to_string(),
            "killed by signal 31 (SIGSYS)"
        );
        assert_eq!(Termination::Signaled(64).to_string(), "killed by signal 64");
        assert_eq!(
            Termination::Exited(139).to_string(),
            "exit status 139 (as a shell reports a program killed by SIGSEGV)"
        );
        assert_eq!(Termination::Exited(200).to_string(), "exit status 200");
        assert_eq!(Termination::Exited(128).to_string(), "exit status 128");
    }
}
