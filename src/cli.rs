//! The `judge` command line: what to judge and how.

use crate::compare::Mode;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

pub const USAGE: &str = "\
judge: run solvers on their cases and give the verdicts an online judge would give

usage:
  judge                          judge every solver in src/bin against cases/<solver>/
  judge NAME...                  only these solvers
  judge --cmd 'COMMAND' DIR      judge any program (run through sh) against the cases in DIR
  judge play [-r]                play tic-tac-toe against tic_tac_toe_player (-r: it starts)

options:
  -t, --time-limit SECONDS       per case, default 2
  -j, --jobs N                   cases run at once, default: the number of CPUs
      --compare lines|exact|tokens
                                 lines (default): line by line, ignoring CRLF, trailing spaces
                                 and trailing blank lines; exact: byte for byte; tokens:
                                 whitespace-separated tokens
  -h, --help                     print this help

exit status: 0 all AC, 1 some case not AC, 2 usage or I/O error
";

/// What to judge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The named solvers of src/bin, or all of them when empty.
    Solvers(Vec<String>),
    /// A command line, judged against one case folder.
    Command { command: String, dir: PathBuf },
}

/// Everything the command line says.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub target: Target,
    pub time_limit: Duration,
    /// `None`: the number of CPUs.
    pub jobs: Option<usize>,
    pub compare: Mode,
}

/// The command line, parsed.
#[derive(Clone, Debug, PartialEq)]
pub enum Parsed {
    Run(Options),
    Help,
}

/// A command line that cannot be understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

fn usage_error(message: String) -> UsageError {
    UsageError(message)
}

/// The longest time limit accepted: a day, far beyond any judge, but no overflow.
const MAX_TIME_LIMIT_SECONDS: f64 = 86_400.0;

fn parse_time_limit(text: &str) -> Result<Duration, UsageError> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= MAX_TIME_LIMIT_SECONDS => {
            Ok(Duration::from_secs_f64(seconds))
        }
        _ => Err(usage_error(format!(
            "--time-limit expects seconds, a number above 0 (at most a day), found {text:?}"
        ))),
    }
}

fn parse_jobs(text: &str) -> Result<usize, UsageError> {
    match text.parse::<usize>() {
        Ok(jobs) if jobs > 0 => Ok(jobs),
        _ => Err(usage_error(format!(
            "--jobs expects a whole number above 0, found {text:?}"
        ))),
    }
}

/// Parses the arguments after the program name.
pub fn parse(arguments: impl IntoIterator<Item = String>) -> Result<Parsed, UsageError> {
    let mut arguments = arguments.into_iter();
    let mut names = Vec::new();
    let mut command = None;
    let mut options = Options {
        target: Target::Solvers(Vec::new()),
        time_limit: Duration::from_secs(2),
        jobs: None,
        compare: Mode::Lines,
    };
    while let Some(argument) = arguments.next() {
        // `--flag=value`, and the short `-t2` / `-j4` forms, carry their value inline.
        let (flag, inline_value) = match argument.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => {
                (flag.to_string(), Some(value.to_string()))
            }
            _ if (argument.starts_with("-t") || argument.starts_with("-j"))
                && argument.len() > 2 =>
            {
                (argument[..2].to_string(), Some(argument[2..].to_string()))
            }
            _ => (argument.clone(), None),
        };
        let mut value = |name: &str| {
            inline_value
                .clone()
                .or_else(|| arguments.next())
                .ok_or_else(|| usage_error(format!("{name} needs a value")))
        };
        match flag.as_str() {
            "-h" | "--help" => return Ok(Parsed::Help),
            "-t" | "--time-limit" => {
                options.time_limit = parse_time_limit(&value("--time-limit")?)?
            }
            "-j" | "--jobs" => options.jobs = Some(parse_jobs(&value("--jobs")?)?),
            "--compare" => {
                let name = value("--compare")?;
                options.compare = Mode::from_name(&name).ok_or_else(|| {
                    usage_error(format!(
                        "--compare expects lines, exact or tokens, found {name:?}"
                    ))
                })?
            }
            "--cmd" => command = Some(value("--cmd")?),
            "--" => names.extend(arguments.by_ref()),
            other if other.starts_with('-') && other.len() > 1 => {
                return Err(usage_error(format!("unknown option {other:?}")))
            }
            _ => names.push(argument),
        }
    }
    options.target = match command {
        None => Target::Solvers(names),
        Some(command) => match names.as_slice() {
            [dir] => Target::Command {
                command,
                dir: PathBuf::from(dir),
            },
            [] => {
                return Err(usage_error(
                    "--cmd needs a case folder: judge --cmd 'COMMAND' DIR".into(),
                ))
            }
            _ => {
                return Err(usage_error(format!(
                    "--cmd takes one case folder, found {}: {}",
                    names.len(),
                    names.join(" ")
                )))
            }
        },
    };
    Ok(Parsed::Run(options))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(arguments: &[&str]) -> Result<Parsed, UsageError> {
        parse(arguments.iter().map(|argument| argument.to_string()))
    }

    fn options(arguments: &[&str]) -> Options {
        match parsed(arguments) {
            Ok(Parsed::Run(options)) => options,
            other => panic!("{arguments:?}: {other:?}"),
        }
    }

    #[test]
    fn defaults() {
        let options = options(&[]);
        assert_eq!(options.target, Target::Solvers(vec![]));
        assert_eq!(options.time_limit, Duration::from_secs(2));
        assert_eq!((options.jobs, options.compare), (None, Mode::Lines));
    }

    #[test]
    fn names_flags_and_values() {
        let options = options(&[
            "perfect_play",
            "-t",
            "0.5",
            "--jobs=3",
            "--compare",
            "tokens",
            "board_winner",
        ]);
        assert_eq!(
            options.target,
            Target::Solvers(vec!["perfect_play".into(), "board_winner".into()])
        );
        assert_eq!(options.time_limit, Duration::from_millis(500));
        assert_eq!((options.jobs, options.compare), (Some(3), Mode::Tokens));
    }

    #[test]
    fn command_and_folder() {
        let options = options(&["--cmd", "python3 x.py", "cases/board_winner", "-j1", "-t3"]);
        assert_eq!(
            (options.jobs, options.time_limit),
            (Some(1), Duration::from_secs(3))
        );
        assert_eq!(
            options.target,
            Target::Command {
                command: "python3 x.py".into(),
                dir: "cases/board_winner".into()
            }
        );
    }

    #[test]
    fn help() {
        assert_eq!(parsed(&["-h"]), Ok(Parsed::Help));
        assert_eq!(parsed(&["x", "--help"]), Ok(Parsed::Help));
    }

    #[test]
    fn usage_errors_say_what_is_wrong() {
        let message = |arguments: &[&str]| parsed(arguments).unwrap_err().0;
        assert_eq!(message(&["-t"]), "--time-limit needs a value");
        assert!(message(&["-t", "0"]).contains("above 0"));
        assert!(message(&["-t", "abc"]).contains("\"abc\""));
        assert!(message(&["-j", "0"]).contains("above 0"));
        assert!(message(&["--compare", "fuzzy"]).contains("lines, exact or tokens"));
        assert_eq!(
            message(&["--frobnicate"]),
            "unknown option \"--frobnicate\""
        );
        assert!(message(&["--cmd", "a.out"]).contains("needs a case folder"));
        assert!(message(&["--cmd", "a.out", "d1", "d2"]).contains("one case folder, found 2"));
    }
}
