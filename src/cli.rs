//! The `judge` command line, for every mode (judging solvers, judging a command, playing): what
//! to do and under which limits.

use crate::grade::compare::Mode;
use crate::process::{default_wall, Limits, DEFAULT_MEMORY_MIB, DEFAULT_OUTPUT_CAP};
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

pub const USAGE: &str = "\
judge: run solvers on their cases and give the verdicts an online judge would give

usage:
  judge                          judge every solver in src/bin against cases/<solver>/
  judge NAME...                  only these solvers
  judge NAME/CASE...             only these cases of solver NAME (CASE may hold * and ?,
                                 quoted: judge 'weighted_tic_tac_toe/sample-*')
  judge --cmd 'COMMAND' DIR      judge any program against the cases in DIR (COMMAND runs as
                                 sh would run it; a plain program path runs directly); DIR is
                                 NAME.in + NAME.out, AtCoder's in/ + out/, a Kattis package or
                                 a Polygon package, with judge files in the sibling DIR.judge/
  judge --cmd 'COMMAND' FILE.in  judge it on that one case
  judge play [-r]                play tic-tac-toe against tic_tac_toe_player (-r: it starts)
  judge validate [NAME...]       check every .in of cases/<NAME>/ (all solvers when none) with
                                 the problem's input validator: one the real judge can give?
  judge validate --validator 'COMMAND' DIR
                                 check every .in of DIR with COMMAND (the file as stdin;
                                 exit 0 = valid)
  judge stress NAME --cmd 'PROGRAM'
                                 PROGRAM against the solver NAME on inputs of NAME's
                                 built-in generator, until they differ; the input found is
                                 shrunk (kept valid by NAME's validator) and reported
  judge stress --cmd 'PROGRAM' --ref 'REFERENCE' --gen 'GENERATOR'
                                 any three programs: GENERATOR SEED prints one input; valid
                                 inputs are the ones REFERENCE (or --validator) accepts

options:
  -t, --time-limit SECONDS       CPU time (user + sys) of a case's processes, default: the
                                 folder's limit (its package's or D.judge/limits), else 2
      --wall-limit SECONDS       wall-clock bound for sleepers and deadlocks (TLE),
                                 default 2 x the time limit + 1
  -m, --memory-limit MIB         peak resident memory of a case's processes (MLE),
                                 default: the folder's limit, else 1024
      --stack-limit MIB          stack size, default: the memory limit
  -j, --jobs N                   cases run at once, default: the number of CPUs
      --compare lines|exact|tokens|float:EPS
                                 lines (default): line by line, ignoring CRLF, trailing spaces
                                 and trailing blank lines; exact: byte for byte; tokens:
                                 whitespace-separated tokens; float:EPS: tokens, real numbers
                                 matching within an absolute or relative error of EPS
      --format human|json        json: one JSON object per line on stdout, one per case
                                 (case, verdict, time_ms, memory_mib, detail), then a
                                 summary (total, counts, exit_status); the report on stderr
  -r, --computer-first           (play) the computer is o and moves first
      --seed S                   (stress) the first seed, default 1 (then S+1, S+2, ...)
      --count N                  (stress) inputs to try, default 1000
      --time SECONDS             (stress) stop trying new inputs after this long
      --save DIR                 (stress) write the shrunk input and the expected output to
                                 DIR as stress-SEED.in / .out (or in DIR's layout's names)
      --ref, --gen, --validator  (stress) the reference, the generator, the input validator
                                 (with NAME, each replaces NAME's own)
  -h, --help                     print this help
  -V, --version                  print the judge's version

examples:
  cargo run --release                                   every solver on its cases
  judge --cmd './a.out' cases/weighted_tic_tac_toe      your binary on a folder
  judge --cmd 'python3 main.py' -t 3 -m 256 DIR         with AtCoder-like limits
  judge validate weighted_tic_tac_toe                   are its cases real inputs?
  judge --cmd './a.out' DIR/sample-2.in                 one case of DIR
  judge 'weighted_tic_tac_toe/sample-*'                 a solver's sample cases
  judge stress weighted_tic_tac_toe --cmd './a.out' --save mine
                                                        find, shrink and keep a failing input
  judge --format json > results.jsonl                   results for a script or CI

exit status: 0 all AC (validate: all valid; stress: no difference found), 1 some case not AC
(some file invalid; a counterexample found), 2 usage or I/O error or a judge error (JE; stress:
a generator or reference that failed),
129 / 130 / 143 when stopped by SIGHUP / SIGINT / SIGTERM (running programs are killed)
";

/// What to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The named solvers of src/bin, or all of them when empty.
    Solvers(Vec<String>),
    /// A command line, judged against one case folder, or one case (`dir` is its `.in` file).
    Command { command: String, dir: PathBuf },
    /// A person plays tic-tac-toe against the player solver.
    Play { computer_first: bool },
    /// Input validation: the named solvers' folders (all when empty) with their validators,
    /// or, with a command, that command on the one folder in `names`.
    Validate {
        names: Vec<String>,
        command: Option<String>,
    },
    /// Stress testing: a program against a reference on generated inputs.
    Stress(Box<Stress>),
}

/// What `judge stress` compares, on which inputs, for how long.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stress {
    /// The solver whose reference, generator, validator and checker are used by default.
    pub name: Option<String>,
    /// The program under test.
    pub command: String,
    pub reference: Option<String>,
    pub generator: Option<String>,
    pub validator: Option<String>,
    /// The first seed.
    pub seed: u64,
    /// How many inputs to try at most.
    pub count: u64,
    /// How long to keep trying new inputs.
    pub time: Option<Duration>,
    /// Where to save the shrunk case.
    pub save: Option<PathBuf>,
}

/// The CPU time limit when neither `-t` nor the folder sets one.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(2);
/// How the results are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The report for people, on stdout.
    Human,
    /// JSON lines on stdout, the report for people on stderr.
    Json,
}

/// Everything the command line says.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub target: Target,
    /// `None`: not given; the folder's limit, or the default.
    pub time_limit: Option<Duration>,
    /// `None`: twice the time limit plus a second.
    pub wall_limit: Option<Duration>,
    /// `None`: not given; the folder's limit, or the default.
    pub memory_mib: Option<u64>,
    /// `None`: as large as the memory limit.
    pub stack_mib: Option<u64>,
    /// `None`: the number of CPUs.
    pub jobs: Option<usize>,
    pub compare: Mode,
    pub format: Format,
}

impl Options {
    /// The limits of each run when no folder sets any: the flags, or the defaults.
    pub fn limits(&self) -> Limits {
        self.limits_with(
            self.time_limit.unwrap_or(DEFAULT_TIME_LIMIT),
            self.memory_mib.unwrap_or(DEFAULT_MEMORY_MIB),
        )
    }

    /// The limits of each run with this CPU time and memory (a folder's, unless flags were
    /// given), and the other flags.
    pub fn limits_with(&self, time: Duration, memory_mib: u64) -> Limits {
        Limits {
            cpu: time,
            wall: self.wall_limit.unwrap_or(default_wall(time)),
            memory_bytes: memory_mib << 20,
            stack_bytes: self.stack_mib.unwrap_or(memory_mib) << 20,
            output_bytes: DEFAULT_OUTPUT_CAP,
        }
    }
}

/// The command line, parsed.
#[derive(Clone, Debug, PartialEq)]
pub enum Parsed {
    Run(Options),
    Help,
    /// `--version`: print the version and stop.
    Version,
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
const MAX_SECONDS: f64 = 86_400.0;
/// The largest memory limit accepted: 1 TiB.
const MAX_MIB: u64 = 1 << 20;

fn parse_seconds(flag: &str, text: &str) -> Result<Duration, UsageError> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= MAX_SECONDS => {
            Ok(Duration::from_secs_f64(seconds))
        }
        _ => Err(usage_error(format!(
            "{flag} expects seconds, a number above 0 (at most a day), found {text:?}"
        ))),
    }
}

fn parse_mib(flag: &str, text: &str) -> Result<u64, UsageError> {
    match text.parse::<u64>() {
        Ok(mib) if mib > 0 && mib <= MAX_MIB => Ok(mib),
        _ => Err(usage_error(format!(
            "{flag} expects MiB, a whole number above 0, found {text:?}"
        ))),
    }
}

fn parse_whole(flag: &str, text: &str, least: u64) -> Result<u64, UsageError> {
    match text.parse::<u64>() {
        Ok(value) if value >= least => Ok(value),
        _ => Err(usage_error(format!(
            "{flag} expects a whole number of at least {least}, found {text:?}"
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

/// Short flags that take a value, which may follow them directly (`-t2`, `-j4`, `-m256`).
const SHORT_WITH_VALUE: [&str; 3] = ["-t", "-j", "-m"];

/// Parses the arguments after the program name.
pub fn parse(arguments: impl IntoIterator<Item = String>) -> Result<Parsed, UsageError> {
    let mut arguments = arguments.into_iter();
    let mut names = Vec::new();
    let mut command = None;
    let mut validator = None;
    let mut computer_first = false;
    // The flags of `stress`, each with its value as given.
    let mut stress_flags: Vec<(String, String)> = Vec::new();
    let mut options = Options {
        target: Target::Solvers(Vec::new()),
        time_limit: None,
        wall_limit: None,
        memory_mib: None,
        stack_mib: None,
        jobs: None,
        compare: Mode::Lines,
        format: Format::Human,
    };
    while let Some(argument) = arguments.next() {
        // `--flag=value`, and the short `-t2` / `-j4` / `-m256` forms, carry their value inline.
        let (flag, inline_value) = match argument.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => {
                (flag.to_string(), Some(value.to_string()))
            }
            _ if argument.len() > 2
                && SHORT_WITH_VALUE
                    .iter()
                    .any(|short| argument.starts_with(short)) =>
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
            "-V" | "--version" => return Ok(Parsed::Version),
            "-t" | "--time-limit" => {
                options.time_limit = Some(parse_seconds("--time-limit", &value("--time-limit")?)?)
            }
            "--wall-limit" => {
                options.wall_limit = Some(parse_seconds("--wall-limit", &value("--wall-limit")?)?)
            }
            "-m" | "--memory-limit" => {
                options.memory_mib = Some(parse_mib("--memory-limit", &value("--memory-limit")?)?)
            }
            "--stack-limit" => {
                options.stack_mib = Some(parse_mib("--stack-limit", &value("--stack-limit")?)?)
            }
            "-j" | "--jobs" => options.jobs = Some(parse_jobs(&value("--jobs")?)?),
            "--compare" => {
                let name = value("--compare")?;
                options.compare = Mode::from_name(&name).map_err(usage_error)?
            }
            "--format" => {
                options.format = match value("--format")?.as_str() {
                    "human" => Format::Human,
                    "json" => Format::Json,
                    other => {
                        return Err(usage_error(format!(
                            "--format expects human or json, found {other:?}"
                        )))
                    }
                }
            }
            "--cmd" => {
                let line = value("--cmd")?;
                if line.trim().is_empty() {
                    return Err(usage_error(
                        "--cmd needs a command to run, found an empty one".into(),
                    ));
                }
                command = Some(line)
            }
            "--validator" => validator = Some(value("--validator")?),
            "-r" | "--computer-first" => computer_first = true,
            "--ref" | "--gen" | "--seed" | "--count" | "--time" | "--save" => {
                stress_flags.push((flag.clone(), value(&flag)?))
            }
            "--" => names.extend(arguments.by_ref()),
            other if other.starts_with('-') && other.len() > 1 => {
                return Err(usage_error(format!("unknown option {other:?}")))
            }
            _ => names.push(argument),
        }
    }
    if names.first().is_some_and(|name| name == "stress") {
        options.target = stress_target(names.split_off(1), command, validator, stress_flags)?;
        return Ok(Parsed::Run(options));
    }
    if let Some((flag, _)) = stress_flags.first() {
        return Err(usage_error(format!(
            "{flag} goes with stress: judge stress NAME --cmd 'PROGRAM' {flag} ..."
        )));
    }
    let playing = command.is_none() && names.first().is_some_and(|name| name == "play");
    if command.is_none() && names.first().is_some_and(|name| name == "validate") {
        options.target = validate_target(names.split_off(1), validator)?;
        return Ok(Parsed::Run(options));
    }
    if validator.is_some() {
        return Err(usage_error(
            "--validator goes with validate: judge validate --validator 'COMMAND' DIR".into(),
        ));
    }
    if computer_first && !playing {
        return Err(usage_error("-r goes with play: judge play -r".into()));
    }
    options.target = match command {
        None if playing => match &names[1..] {
            [] => Target::Play { computer_first },
            extra => {
                return Err(usage_error(format!(
                    "play takes no names, found {}",
                    extra.join(" ")
                )))
            }
        },
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

/// The target of `judge stress [NAME] --cmd PROGRAM` with its flags.
fn stress_target(
    names: Vec<String>,
    command: Option<String>,
    validator: Option<String>,
    flags: Vec<(String, String)>,
) -> Result<Target, UsageError> {
    let Some(command) = command else {
        return Err(usage_error(
            "stress needs the program to test: judge stress NAME --cmd 'PROGRAM'".into(),
        ));
    };
    let name = match names.as_slice() {
        [] => None,
        [name] => Some(name.clone()),
        _ => {
            return Err(usage_error(format!(
                "stress takes one solver name, found {}: {}",
                names.len(),
                names.join(" ")
            )))
        }
    };
    let mut stress = Stress {
        name,
        command,
        reference: None,
        generator: None,
        validator,
        seed: 1,
        count: 1000,
        time: None,
        save: None,
    };
    for (flag, value) in flags {
        let command_line = |value: String| {
            if value.trim().is_empty() {
                Err(usage_error(format!(
                    "{flag} needs a command to run, found an empty one"
                )))
            } else {
                Ok(Some(value))
            }
        };
        match flag.as_str() {
            "--ref" => stress.reference = command_line(value)?,
            "--gen" => stress.generator = command_line(value)?,
            "--seed" => stress.seed = parse_whole("--seed", &value, 0)?,
            "--count" => stress.count = parse_whole("--count", &value, 1)?,
            "--time" => stress.time = Some(parse_seconds("--time", &value)?),
            _ => stress.save = Some(PathBuf::from(value)),
        }
    }
    if stress
        .validator
        .as_deref()
        .is_some_and(|v| v.trim().is_empty())
    {
        return Err(usage_error(
            "--validator needs a command to run, found an empty one".into(),
        ));
    }
    if stress.name.is_none() && (stress.reference.is_none() || stress.generator.is_none()) {
        return Err(usage_error(
            "stress without a solver name needs --ref 'REFERENCE' and --gen 'GENERATOR'".into(),
        ));
    }
    Ok(Target::Stress(Box::new(stress)))
}

/// The target of `judge validate NAMES` (with `--validator COMMAND`: one folder).
fn validate_target(names: Vec<String>, command: Option<String>) -> Result<Target, UsageError> {
    if let Some(line) = &command {
        if line.trim().is_empty() {
            return Err(usage_error(
                "--validator needs a command to run, found an empty one".into(),
            ));
        }
        if names.len() != 1 {
            return Err(usage_error(format!(
                "--validator takes one folder: judge validate --validator 'COMMAND' DIR, found {}",
                names.len()
            )));
        }
    }
    Ok(Target::Validate { names, command })
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
        assert_eq!((options.time_limit, options.memory_mib), (None, None));
        assert_eq!((options.jobs, options.compare), (None, Mode::Lines));
        let limits = options.limits();
        assert_eq!(limits.wall, Duration::from_secs(5));
        assert_eq!(
            (limits.memory_bytes, limits.stack_bytes),
            (1 << 30, 1 << 30)
        );
    }

    #[test]
    fn limits_from_flags() {
        let limits = options(&[
            "-t",
            "1.5",
            "-m256",
            "--wall-limit=10",
            "--stack-limit",
            "64",
        ])
        .limits();
        assert_eq!(limits.cpu, Duration::from_millis(1500));
        assert_eq!(limits.wall, Duration::from_secs(10));
        assert_eq!(
            (limits.memory_bytes, limits.stack_bytes),
            (256 << 20, 64 << 20)
        );
        assert_eq!(options(&["-m", "100"]).limits().stack_bytes, 100 << 20);
        let with = options(&["--wall-limit", "9"]).limits_with(Duration::from_millis(200), 64);
        assert_eq!(
            (with.cpu, with.wall),
            (Duration::from_millis(200), Duration::from_secs(9))
        );
        assert_eq!(with.stack_bytes, 64 << 20);
    }

    #[test]
    fn play_goes_through_the_same_parser() {
        assert_eq!(
            options(&["-j2", "play", "-r"]).target,
            Target::Play {
                computer_first: true
            }
        );
        assert_eq!(
            options(&["play"]).target,
            Target::Play {
                computer_first: false
            }
        );
        assert!(parsed(&["-r"]).unwrap_err().0.contains("-r goes with play"));
        assert!(parsed(&["play", "x"])
            .unwrap_err()
            .0
            .contains("play takes no names"));
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
        assert_eq!(options.time_limit, Some(Duration::from_millis(500)));
        assert_eq!((options.jobs, options.compare), (Some(3), Mode::Tokens));
    }

    #[test]
    fn command_and_folder() {
        let options = options(&["--cmd", "python3 x.py", "cases/board_winner", "-j1", "-t3"]);
        assert_eq!(
            (options.jobs, options.time_limit),
            (Some(1), Some(Duration::from_secs(3)))
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
    fn validate_names_or_a_command_and_a_folder() {
        assert_eq!(
            options(&["validate"]).target,
            Target::Validate {
                names: vec![],
                command: None
            }
        );
        assert_eq!(
            options(&["validate", "board_winner", "perfect_play"]).target,
            Target::Validate {
                names: vec!["board_winner".into(), "perfect_play".into()],
                command: None
            }
        );
        assert_eq!(
            options(&["validate", "--validator", "./v", "cases/x"]).target,
            Target::Validate {
                names: vec!["cases/x".into()],
                command: Some("./v".into())
            }
        );
        let message = |arguments: &[&str]| parsed(arguments).unwrap_err().0;
        assert!(message(&["validate", "--validator", "./v"]).contains("one folder"));
        assert!(message(&["validate", "--validator", "", "d"]).contains("empty"));
        assert!(message(&["--validator", "./v", "d"]).contains("goes with validate"));
    }

    #[test]
    fn stress_with_a_name_or_three_programs() {
        let Target::Stress(stress) = options(&[
            "stress",
            "weighted_tic_tac_toe",
            "--cmd",
            "./a",
            "--seed=5",
            "--save",
            "d",
        ])
        .target
        else {
            panic!("not stress")
        };
        assert_eq!(stress.name.as_deref(), Some("weighted_tic_tac_toe"));
        assert_eq!((stress.seed, stress.count, stress.time), (5, 1000, None));
        assert_eq!(stress.save, Some(PathBuf::from("d")));
        let Target::Stress(stress) = options(&[
            "stress",
            "--cmd",
            "./a",
            "--ref",
            "./r",
            "--gen",
            "./g",
            "--count",
            "7",
            "--time",
            "2",
            "--validator",
            "./v",
        ])
        .target
        else {
            panic!("not stress")
        };
        assert_eq!(stress.name, None);
        assert_eq!(
            (stress.reference.as_deref(), stress.generator.as_deref()),
            (Some("./r"), Some("./g"))
        );
        assert_eq!(stress.validator.as_deref(), Some("./v"));
        assert_eq!(
            (stress.count, stress.time),
            (7, Some(Duration::from_secs(2)))
        );
        let message = |arguments: &[&str]| parsed(arguments).unwrap_err().0;
        assert!(message(&["stress", "x"]).contains("needs the program"));
        assert!(message(&["stress", "--cmd", "./a"]).contains("needs --ref"));
        assert!(message(&["stress", "--cmd", "./a", "--ref", "./r"]).contains("--gen"));
        assert!(message(&["stress", "a", "b", "--cmd", "./a"]).contains("one solver name"));
        assert!(message(&["stress", "x", "--cmd", "./a", "--count", "0"]).contains("at least 1"));
        assert!(message(&["stress", "x", "--cmd", "./a", "--gen", " "]).contains("empty"));
        assert!(message(&["--seed", "3"]).contains("goes with stress"));
    }

    #[test]
    fn help() {
        assert_eq!(parsed(&["-h"]), Ok(Parsed::Help));
        assert_eq!(parsed(&["x", "--help"]), Ok(Parsed::Help));
        assert_eq!(parsed(&["--version"]), Ok(Parsed::Version));
        assert_eq!(parsed(&["-V"]), Ok(Parsed::Version));
    }

    #[test]
    fn usage_errors_say_what_is_wrong() {
        let message = |arguments: &[&str]| parsed(arguments).unwrap_err().0;
        assert_eq!(message(&["-t"]), "--time-limit needs a value");
        assert!(message(&["-t", "0"]).contains("above 0"));
        assert!(message(&["-t", "abc"]).contains("\"abc\""));
        assert!(message(&["-j", "0"]).contains("above 0"));
        assert!(message(&["--compare", "fuzzy"]).contains("lines, exact, tokens or float:EPS"));
        for bad in [
            "float:",
            "float:x",
            "float:-1",
            "float:0",
            "float:inf",
            "float:NaN",
        ] {
            assert!(
                message(&["--compare", bad]).contains("float:EPS expects EPS"),
                "{bad}"
            );
        }
        assert_eq!(
            options(&["--compare=float:1e-6"]).compare,
            Mode::Float(1e-6)
        );
        assert_eq!(
            message(&["--frobnicate"]),
            "unknown option \"--frobnicate\""
        );
        assert!(message(&["--cmd", "a.out"]).contains("needs a case folder"));
        assert!(message(&["--cmd", "", "dir"]).contains("empty"));
        assert!(message(&["--cmd", "  ", "dir"]).contains("empty"));
        assert!(message(&["-m", "0"]).contains("--memory-limit expects MiB"));
        assert!(message(&["--wall-limit", "-1"]).contains("--wall-limit expects seconds"));
        assert!(message(&["--cmd", "a.out", "d1", "d2"]).contains("one case folder, found 2"));
        assert!(message(&["--format", "xml"]).contains("--format expects human or json"));
        assert_eq!(options(&["--format=json"]).format, Format::Json);
        assert_eq!(options(&[]).format, Format::Human);
    }
}
