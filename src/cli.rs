//! The `judge` command line, for every mode (judging solvers, judging a command, playing): what
//! to do and under which limits.

use crate::compare::Mode;
use crate::limits::{
    default_wall, Limits, DEFAULT_MEMORY_MIB, DEFAULT_OUTPUT_CAP, DEFAULT_TIME_LIMIT, MAX_MIB,
    MAX_SECONDS,
};
use crate::play::options::{PlayFlags, PlayOptions};
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
  judge --cmd 'COMMAND' --interactor 'INTERACTOR' DIR
                                 an interactive problem: COMMAND talks with INTERACTOR, run
                                 per case as INTERACTOR INPUT ANSWER FEEDBACK_DIR/ (or with
                                 the paths where it names {input} {answer} {output} {feedback});
                                 exit 0 or 42 accepts, 1, 2 or 43 rejects
  judge play [-r]                play tic-tac-toe against the computer (-r: it starts)
  judge play othello [-r]        play Othello against othello_player (-r: it starts)
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
  -r, --computer-first           (play) the computer moves first (o, or X in Othello)
      --misere                   (play) three in a row loses
      --strategy NAME            (play) the tic-tac-toe computer: perfect (default; a random
                                 one of the best moves), random, montecarlo, or solver (the
                                 judged tic_tac_toe_player, deterministic, normal rules)
      --playouts N               (play, montecarlo) random games played out after each
                                 candidate move, default 200
      --seed N                   (play) the seed of the computer's random choices: the same
                                 seed and moves replay the same games (default: the clock's,
                                 shown)
      --computer 'COMMAND'       (play) play against COMMAND, which speaks the solver's
                                 protocol (tic_tac_toe_player's, or othello_player's)
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
    /// A command line, judged against one case folder, or one case (`dir` is its `.in` file),
    /// talking with `interactor` when one is given.
    Command {
        command: String,
        dir: PathBuf,
        interactor: Option<String>,
    },
    /// A person plays a game against the computer.
    Play(PlayOptions),
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

/// The most playouts per candidate move: a few seconds per move at most.
const MAX_PLAYOUTS: u32 = 1_000_000;

fn parse_playouts(text: &str) -> Result<u32, UsageError> {
    match text.parse::<u32>() {
        Ok(playouts) if playouts > 0 && playouts <= MAX_PLAYOUTS => Ok(playouts),
        _ => Err(usage_error(format!(
            "--playouts expects a whole number from 1 to {MAX_PLAYOUTS}, found {text:?}"
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

fn parse_seed(text: &str) -> Result<u64, UsageError> {
    text.parse::<u64>().map_err(|_| {
        usage_error(format!(
            "--seed expects a whole number from 0 to {}, found {text:?}",
            u64::MAX
        ))
    })
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
    let mut interactor = None;
    let mut play = PlayFlags::default();
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
            "--interactor" => {
                let line = value("--interactor")?;
                if line.trim().is_empty() {
                    return Err(usage_error(
                        "--interactor needs a command to run, found an empty one".into(),
                    ));
                }
                interactor = Some(line)
            }
            "-r" | "--computer-first" => play.computer_first = true,
            "--misere" => play.misere = true,
            "--strategy" => play.strategy = Some(value("--strategy")?),
            "--playouts" => play.playouts = Some(parse_playouts(&value("--playouts")?)?),
            // Play's seed or stress's first seed: which, once the target is known.
            "--seed" => stress_flags.push((flag.clone(), value(&flag)?)),
            "--computer" => play.computer = Some(value("--computer")?),
            "--ref" | "--gen" | "--count" | "--time" | "--save" => {
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
        if let Some((flag, example)) = play.first_given() {
            return Err(usage_error(format!("{flag} goes with play: {example}")));
        }
        if interactor.is_some() {
            return Err(usage_error(
                "--interactor goes with --cmd on a folder, not with stress".into(),
            ));
        }
        options.target = stress_target(names.split_off(1), command, validator, stress_flags)?;
        return Ok(Parsed::Run(options));
    }
    let playing = command.is_none() && names.first().is_some_and(|name| name == "play");
    if playing {
        if let Some(index) = stress_flags.iter().position(|(flag, _)| flag == "--seed") {
            let (_, seed) = stress_flags.remove(index);
            play.seed = Some(parse_seed(&seed)?);
        }
    }
    if let Some((flag, _)) = stress_flags.first() {
        let also_play = match flag.as_str() {
            "--seed" => "play (judge play --seed 7) or ",
            _ => "",
        };
        return Err(usage_error(format!(
            "{flag} goes with {also_play}stress: judge stress NAME --cmd 'PROGRAM' {flag} ..."
        )));
    }
    if command.is_none() && names.first().is_some_and(|name| name == "validate") {
        options.target = validate_target(names.split_off(1), validator)?;
        return Ok(Parsed::Run(options));
    }
    if validator.is_some() {
        return Err(usage_error(
            "--validator goes with validate: judge validate --validator 'COMMAND' DIR".into(),
        ));
    }
    if interactor.is_some() && command.is_none() {
        return Err(usage_error(
            "--interactor goes with --cmd: judge --cmd 'PROGRAM' --interactor 'INTERACTOR' DIR"
                .into(),
        ));
    }
    if let Some((flag, example)) = play.first_given().filter(|_| !playing) {
        return Err(usage_error(format!("{flag} goes with play: {example}")));
    }
    options.target = match command {
        None if playing => Target::Play(play.into_options(&names[1..]).map_err(usage_error)?),
        None => Target::Solvers(names),
        Some(command) => match names.as_slice() {
            [dir] => Target::Command {
                command,
                dir: PathBuf::from(dir),
                interactor,
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

    fn play_options(arguments: &[&str]) -> PlayOptions {
        match options(arguments).target {
            Target::Play(play) => play,
            other => panic!("{arguments:?}: {other:?}"),
        }
    }

    #[test]
    fn play_goes_through_the_same_parser() {
        use crate::games::tic_tac_toe::strategies::Strategy;
        use crate::games::tic_tac_toe::Rules;
        use crate::play::options::{ComputerChoice, Game};
        let play = play_options(&["-j2", "play", "-r"]);
        assert_eq!(
            (play.game, play.computer_first, play.rules),
            (Game::TicTacToe, true, Rules::Normal)
        );
        assert!(!play_options(&["play"]).computer_first);
        let play = play_options(&[
            "play",
            "--misere",
            "--strategy=montecarlo",
            "--playouts",
            "30",
            "--seed",
            "9",
        ]);
        assert_eq!(
            (play.rules, play.seed, play.computer),
            (
                Rules::Misere,
                Some(9),
                ComputerChoice::Strategy(Strategy::MonteCarlo { playouts: 30 })
            )
        );
        let othello = play_options(&["play", "othello", "--computer", "./mine", "-r"]);
        assert_eq!(othello.game, Game::Othello);
        assert_eq!(othello.computer, ComputerChoice::Command("./mine".into()));
        assert!(parsed(&["-r"]).unwrap_err().0.contains("-r goes with play"));
        assert_eq!(
            parsed(&["--seed", "3"]).unwrap_err().0,
            "--seed goes with play (judge play --seed 7) or stress: judge stress NAME --cmd 'PROGRAM' --seed ..."
        );
        assert!(parsed(&["play", "x"])
            .unwrap_err()
            .0
            .contains("play knows tic-tac-toe and othello, found \"x\""));
        assert!(parsed(&["play", "--playouts", "0"])
            .unwrap_err()
            .0
            .contains("--playouts expects"));
        assert!(parsed(&["play", "--seed", "-1"])
            .unwrap_err()
            .0
            .contains("--seed expects"));
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
                dir: "cases/board_winner".into(),
                interactor: None,
            }
        );
    }

    #[test]
    fn an_interactor_goes_with_a_command() {
        let interactive = options(&["--cmd", "./a", "--interactor", "./i {input}", "d"]);
        assert_eq!(
            interactive.target,
            Target::Command {
                command: "./a".into(),
                dir: "d".into(),
                interactor: Some("./i {input}".into()),
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
        assert!(message(&["--count", "3"]).contains("goes with stress"));
        assert!(message(&["--seed", "3"]).contains("or stress"));
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
        assert!(message(&["--interactor", "./i", "d"]).contains("goes with --cmd"));
        assert!(message(&["--cmd", "a", "--interactor", " ", "d"]).contains("empty"));
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
