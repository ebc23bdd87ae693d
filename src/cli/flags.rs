//! Every flag of the `judge` command, once: its names, its value, the command it goes with, its
//! help and how it sets what was given. The parser (`super::parse`) and the help text
//! (`super::usage`) are both made from `FLAGS`, so adding a flag is one row here.

use crate::compare::Mode;
use crate::judge::options::CommonFlags;
use crate::limits::{MAX_MIB, MAX_SECONDS};

/// The shortest time accepted: a millisecond, the report's unit.
const MIN_SECONDS: f64 = 0.001;
use crate::play::options::PlayFlags;
use crate::report::shard::Shard;
use crate::report::Format;
use crate::stress::options::StressFlags;
use std::path::PathBuf;
use std::time::Duration;

/// A command of `judge`, as far as its flags go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    /// Judging: the solvers, or a program with `--cmd`.
    Judge,
    Play,
    Validate,
    Stress,
    /// `verify`: a package's own submissions.
    Verify,
    /// `merge`: the JSON reports of a run's shards joined.
    Merge,
}

/// Every command.
pub const EVERY: &[Section] = &[
    Section::Judge,
    Section::Play,
    Section::Validate,
    Section::Stress,
    Section::Verify,
    Section::Merge,
];
/// The commands that run programs under the time limits (play's computer has a day).
const TIMED: &[Section] = &[
    Section::Judge,
    Section::Validate,
    Section::Stress,
    Section::Verify,
];
/// The commands that judge outputs, several runs at once.
const JUDGING: &[Section] = &[Section::Judge, Section::Stress, Section::Verify];
/// The commands that compare outputs by a mode the user picks (verify follows the package).
const COMPARING: &[Section] = &[Section::Judge, Section::Stress];
/// The commands with a report for people or for scripts.
const REPORTING: &[Section] = &[Section::Judge, Section::Verify, Section::Merge];

/// Everything the flags said, each value read as its type.
#[derive(Clone, Debug, Default)]
pub struct FlagValues {
    pub help: bool,
    pub version: bool,
    pub common: CommonFlags,
    /// Judging's `--cmd`.
    pub command: Option<String>,
    /// Judging's `-d`: the case folder, as online-judge-tools names it.
    pub directory: Option<String>,
    pub interactor: Option<String>,
    /// Validate's `--validator`.
    pub validator: Option<String>,
    pub play: PlayFlags,
    pub stress: StressFlags,
    /// How a flag's value was understood, for a `note:` line before the run (`--shard auto`).
    pub notes: Vec<String>,
}

/// Sets what a flag says, from its value (empty for a flag without one); the error is the
/// usage error's text.
pub type Setter = fn(&mut FlagValues, &str) -> Result<(), String>;

/// One flag.
pub struct Flag {
    pub short: Option<&'static str>,
    pub long: &'static str,
    /// The value's name in the help (`SECONDS`), or `None` for a switch.
    pub value: Option<&'static str>,
    /// The commands it goes with.
    pub commands: &'static [Section],
    /// What the commands it goes with are called in an error (`play`, `stress`).
    pub with: &'static str,
    /// How it is used, for the error when it is given to another command.
    pub example: &'static str,
    /// The help text, its lines already broken.
    pub help: &'static str,
    pub set: Setter,
}

impl Flag {
    /// Whether `name` (`-t` or `--time-limit`) names this flag.
    pub fn is_named(&self, name: &str) -> bool {
        self.long == name || self.short == Some(name)
    }

    /// Whether the flag goes with `section`'s command.
    pub fn goes_with(&self, section: Section) -> bool {
        self.commands.contains(&section)
    }
}

/// A time: seconds (`2`, `1.5`), or a number with its unit (`1500ms`, `90s`).
fn parse_seconds(flag: &str, text: &str) -> Result<Duration, String> {
    let (number, scale) = match text.strip_suffix("ms") {
        Some(number) => (number, 0.001),
        None => (text.strip_suffix('s').unwrap_or(text), 1.0),
    };
    match number.parse::<f64>().map(|number| number * scale) {
        Ok(seconds) if (MIN_SECONDS..=MAX_SECONDS).contains(&seconds) => {
            Ok(Duration::from_secs_f64(seconds))
        }
        _ => Err(format!(
            "{flag} expects seconds, a number above 0 (at least 0.001, at most a day; or with a unit: 1500ms, 90s), found {text:?}"
        )),
    }
}

/// The longest time limit taken as a plain number: a limit above a minute is more likely
/// milliseconds (`-t 2000`) than meant, so it needs its unit (`-t 2000s`).
const PLAIN_TIME_LIMIT_AT_MOST: f64 = 60.0;

/// A duration of minutes or hours as people say it: `33 minutes`, `1.5 hours`.
fn spoken(seconds: f64) -> String {
    let (amount, unit) = match seconds < 3600.0 {
        true => (seconds / 60.0, "minute"),
        false => (seconds / 3600.0, "hour"),
    };
    let amount = match amount < 10.0 {
        true => format!("{amount:.1}").trim_end_matches(".0").to_string(),
        false => format!("{amount:.0}"),
    };
    match amount.as_str() {
        "1" => format!("1 {unit}"),
        _ => format!("{amount} {unit}s"),
    }
}

/// `--time-limit`'s value: a time, where a plain number above a minute is refused as likely
/// milliseconds.
fn parse_time_limit(text: &str) -> Result<Duration, String> {
    let limit = parse_seconds("--time-limit", text)?;
    let seconds = limit.as_secs_f64();
    if seconds > PLAIN_TIME_LIMIT_AT_MOST && text.parse::<f64>().is_ok() {
        return Err(format!(
            "a time limit of {text} s is {}; did you mean -t {} (seconds) or -t {text}ms? (for {text} seconds: -t {text}s)",
            spoken(seconds),
            seconds / 1000.0
        ));
    }
    Ok(limit)
}

fn parse_mib(flag: &str, text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(mib) if mib > 0 && mib <= MAX_MIB => Ok(mib),
        _ => Err(format!(
            "{flag} expects MiB, a whole number above 0 (at most {MAX_MIB}), found {text:?}"
        )),
    }
}

/// The most playouts per candidate move: a few seconds per move at most.
const MAX_PLAYOUTS: u32 = 1_000_000;

fn parse_playouts(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(playouts) if playouts > 0 && playouts <= MAX_PLAYOUTS => Ok(playouts),
        _ => Err(format!(
            "--playouts expects a whole number from 1 to {MAX_PLAYOUTS}, found {text:?}"
        )),
    }
}

fn parse_whole(flag: &str, text: &str, least: u64) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(value) if value >= least => Ok(value),
        _ => Err(format!(
            "{flag} expects a whole number of at least {least}, found {text:?}"
        )),
    }
}

fn parse_play_seed(text: &str) -> Result<u64, String> {
    text.parse::<u64>().map_err(|_| {
        format!(
            "--seed expects a whole number from 0 to {}, found {text:?}",
            u64::MAX
        )
    })
}

fn parse_jobs(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(jobs) if jobs > 0 => Ok(jobs),
        _ => Err(format!(
            "--jobs expects a whole number above 0, found {text:?}"
        )),
    }
}

/// A command line to run: anything but blank.
fn command_line(flag: &str, text: &str) -> Result<String, String> {
    if text.trim().is_empty() {
        Err(format!("{flag} needs a command to run, found an empty one"))
    } else {
        Ok(text.to_string())
    }
}

fn parse_format(text: &str) -> Result<Format, String> {
    match text {
        "human" => Ok(Format::Human),
        "json" => Ok(Format::Json),
        other => Err(format!("--format expects human or json, found {other:?}")),
    }
}

/// Every flag, in the order of the help.
pub const FLAGS: &[Flag] = &[
    Flag {
        short: Some("-t"),
        long: "--time-limit",
        value: Some("SECONDS"),
        commands: TIMED,
        with: "judging, validate, stress or verify",
        example: "judge -t 3 NAME",
        help: "CPU time (user + sys) of a case's processes, default: the
folder's limit (its package's or D.judge/limits), else 2;
above 60 with its unit (90s; 1500ms is 1.5)",
        set: |given, value| {
            given.common.limits.time = Some(parse_time_limit(value)?);
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--wall-limit",
        value: Some("SECONDS"),
        commands: TIMED,
        with: "judging, validate, stress or verify",
        example: "judge --wall-limit 10 NAME",
        help: "wall-clock bound for sleepers and deadlocks (TLE),
default 2 x the time limit + 1",
        set: |given, value| {
            given.common.limits.wall = Some(parse_seconds("--wall-limit", value)?);
            Ok(())
        },
    },
    Flag {
        short: Some("-m"),
        long: "--memory-limit",
        value: Some("MIB"),
        commands: EVERY,
        with: "",
        example: "",
        help: "peak resident memory of a case's processes (MLE),
default: the folder's limit, else 1024",
        set: |given, value| {
            given.common.limits.memory_mib = Some(parse_mib("--memory-limit", value)?);
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--stack-limit",
        value: Some("MIB"),
        commands: EVERY,
        with: "",
        example: "",
        help: "stack size, default: the memory limit",
        set: |given, value| {
            given.common.limits.stack_mib = Some(parse_mib("--stack-limit", value)?);
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--output-limit",
        value: Some("MIB"),
        commands: JUDGING,
        with: "judging, stress or verify",
        example: "judge --output-limit 8 NAME",
        help: "stdout of a case past this is OLE (killed at once), default: the
folder's limit (a Kattis package's limits.output), else 64",
        set: |given, value| {
            given.common.limits.output_mib = Some(parse_mib("--output-limit", value)?);
            Ok(())
        },
    },
    Flag {
        short: Some("-j"),
        long: "--jobs",
        value: Some("N"),
        commands: JUDGING,
        with: "judging, stress or verify",
        example: "judge -j 4 NAME",
        help: "cases run at once, default: the number of CPUs",
        set: |given, value| {
            given.common.jobs = Some(parse_jobs(value)?);
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--compare",
        value: Some("lines|exact|tokens|float:EPS"),
        commands: COMPARING,
        with: "judging or stress",
        example: "judge --compare tokens NAME",
        help: "lines (default): line by line, ignoring CRLF, trailing spaces
and trailing blank lines; exact: byte for byte; tokens:
whitespace-separated tokens; float:EPS: tokens, real numbers
matching within an absolute or relative error of EPS; default
for a Kattis package: its own default validator's rules",
        set: |given, value| {
            given.common.compare = Some(Mode::from_name(value)?);
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--format",
        value: Some("human|json"),
        commands: REPORTING,
        with: "judging, verify or merge",
        example: "judge --format json NAME",
        help: "json: one JSON object per line on stdout, one per case
(case, verdict, time_ms, memory_mib, detail), then a
summary (run, shard, total, counts, exit_status; see the
guide's \"JSON report\"); the report on stderr",
        set: |given, value| {
            given.common.format = parse_format(value)?;
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--shard",
        value: Some("K/N|auto"),
        commands: &[Section::Judge, Section::Verify],
        with: "judging or verify",
        example: "judge --shard 1/4 --format json --cmd ./a.out DIR",
        help: "judge part K of N of the run's cases (verify: of its
submissions; it needs a fixed time limit), split by
their order, for machines that share a big run; with
--format json, `judge merge` joins their reports.
auto: K and N from the CI's variables (GitLab,
CircleCI, Buildkite, a Slurm job array); auto/N for a
Kubernetes indexed Job, which sets only the index",
        set: |given, value| {
            let lookup = |name: &str| std::env::var(name).ok();
            let (shard, source) = Shard::from_flag(value, lookup)?;
            given.common.shard = Some(shard);
            if let Some(source) = source {
                given
                    .notes
                    .push(format!("--shard auto: shard {shard}, from {source}"));
            }
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--no-sandbox",
        value: None,
        commands: JUDGING,
        with: "judging, stress or verify",
        example: "judge --no-sandbox NAME",
        help: "run the program outside the sandbox (its own namespaces, an
unprivileged user, the test data hidden: on by default when
the judge runs as root; see docs/SANDBOX.md)",
        set: |given, _| {
            given.common.no_sandbox = true;
            Ok(())
        },
    },
    Flag {
        short: Some("-h"),
        long: "--help",
        value: None,
        commands: EVERY,
        with: "",
        example: "",
        help: "print the help: -h a short one, --help all of it, judge
COMMAND --help that command's",
        set: |given, _| {
            given.help = true;
            Ok(())
        },
    },
    Flag {
        short: Some("-V"),
        long: "--version",
        value: None,
        commands: EVERY,
        with: "",
        example: "",
        help: "print the judge's version",
        set: |given, _| {
            given.version = true;
            Ok(())
        },
    },
    Flag {
        short: Some("-c"),
        long: "--cmd",
        value: Some("'COMMAND'"),
        commands: &[Section::Judge],
        with: "judging a folder",
        example: "judge --cmd 'PROGRAM' DIR",
        help: "judge COMMAND (any program; run as sh would run it, a plain
program path directly) on the cases of DIR, on one FILE.in or on
the cases DIR/PATTERN matches",
        set: |given, value| {
            given.command = Some(command_line("--cmd", value)?);
            Ok(())
        },
    },
    Flag {
        short: Some("-d"),
        long: "--directory",
        value: Some("DIR"),
        commands: &[Section::Judge],
        with: "judging a folder",
        example: "judge -c 'PROGRAM' -d DIR",
        help: "the case folder, as online-judge-tools names it (judge -c
'COMMAND' -d DIR is judge --cmd 'COMMAND' DIR; without -c,
./a.out is judged, as oj judges it)",
        set: |given, value| {
            given.directory = Some(value.to_string());
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--interactor",
        value: Some("'INTERACTOR'"),
        commands: &[Section::Judge],
        with: "--cmd",
        example: "judge --cmd 'PROGRAM' --interactor 'INTERACTOR' DIR",
        help: "an interactive problem: COMMAND talks with INTERACTOR, run
per case as INTERACTOR INPUT ANSWER FEEDBACK_DIR/ (or with
the paths where it names {input} {answer} {output} {feedback});
exit 0 or 42 accepts, 1, 2 or 43 rejects",
        set: |given, value| {
            given.interactor = Some(command_line("--interactor", value)?);
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--verbose",
        value: None,
        commands: &[Section::Judge],
        with: "judging",
        example: "judge --verbose NAME",
        help: "every note, not only those a failure needs: the sandbox's note
of a folder beside the program that it hides (by default
said once a case failed), and each case's long wait for a
CPU (by default only under a TLE at the wall bound)",
        set: |given, _| {
            given.common.verbose = true;
            Ok(())
        },
    },
    Flag {
        short: Some("-r"),
        long: "--computer-first",
        value: None,
        commands: &[Section::Play],
        with: "play",
        example: "judge play -r",
        help: "the computer moves first (o, or X in Othello)",
        set: |given, _| {
            given.play.computer_first = true;
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--misere",
        value: None,
        commands: &[Section::Play],
        with: "play",
        example: "judge play --misere",
        help: "three in a row loses",
        set: |given, _| {
            given.play.misere = true;
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--strategy",
        value: Some("NAME"),
        commands: &[Section::Play],
        with: "play",
        example: "judge play --strategy random",
        help: "the tic-tac-toe computer: perfect (default; a random one of
the best moves), random, montecarlo, or solver (the judged
tic_tac_toe_player, deterministic, normal rules)",
        set: |given, value| {
            given.play.strategy = Some(value.to_string());
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--playouts",
        value: Some("N"),
        commands: &[Section::Play],
        with: "play",
        example: "judge play --strategy montecarlo --playouts 500",
        help: "(montecarlo) random games played out after each candidate
move, default 200",
        set: |given, value| {
            given.play.playouts = Some(parse_playouts(value)?);
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--seed",
        value: Some("N"),
        commands: &[Section::Play],
        with: "play",
        example: "judge play --seed 7",
        help: "the seed of the computer's random choices: the same seed and
moves replay the same games (default: the clock's, shown)",
        set: |given, value| {
            given.play.seed = Some(parse_play_seed(value)?);
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--computer",
        value: Some("'COMMAND'"),
        commands: &[Section::Play],
        with: "play",
        example: "judge play --computer './a.out'",
        help: "play against COMMAND, which speaks the solver's protocol
(tic_tac_toe_player's, or othello_player's)",
        set: |given, value| {
            given.play.computer = Some(value.to_string());
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--validator",
        value: Some("'COMMAND'"),
        commands: &[Section::Validate],
        with: "validate",
        example: "judge validate --validator 'COMMAND' DIR",
        help: "check every .in of DIR with COMMAND (the file as stdin;
exit 0 = valid) instead of a problem's built-in validator",
        set: |given, value| {
            given.validator = Some(command_line("--validator", value)?);
            Ok(())
        },
    },
    Flag {
        short: Some("-c"),
        long: "--cmd",
        value: Some("'PROGRAM'"),
        commands: &[Section::Stress],
        with: "stress",
        example: "judge stress NAME --cmd 'PROGRAM'",
        help: "the program under test",
        set: |given, value| {
            given.stress.command = Some(command_line("--cmd", value)?);
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--ref",
        value: Some("'REFERENCE'"),
        commands: &[Section::Stress],
        with: "stress",
        example: "judge stress NAME --cmd 'PROGRAM' --ref ...",
        help: "the reference whose output is right (with NAME: instead of
NAME's solver)",
        set: |given, value| {
            given.stress.reference = Some(command_line("--ref", value)?);
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--gen",
        value: Some("'GENERATOR'"),
        commands: &[Section::Stress],
        with: "stress",
        example: "judge stress NAME --cmd 'PROGRAM' --gen ...",
        help: "GENERATOR SEED prints one input (with NAME: instead of
NAME's built-in generator)",
        set: |given, value| {
            given.stress.generator = Some(command_line("--gen", value)?);
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--validator",
        value: Some("'COMMAND'"),
        commands: &[Section::Stress],
        with: "stress",
        example: "judge stress NAME --cmd 'PROGRAM' --validator ...",
        help: "the input validator (the input as stdin; exit 0 = valid;
with NAME: instead of NAME's own)",
        set: |given, value| {
            given.stress.validator = Some(command_line("--validator", value)?);
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--seed",
        value: Some("S"),
        commands: &[Section::Stress],
        with: "stress",
        example: "judge stress NAME --cmd 'PROGRAM' --seed ...",
        help: "the first seed, default 1 (then S+1, S+2, ...)",
        set: |given, value| {
            given.stress.seed = Some(parse_whole("--seed", value, 0)?);
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--count",
        value: Some("N"),
        commands: &[Section::Stress],
        with: "stress",
        example: "judge stress NAME --cmd 'PROGRAM' --count ...",
        help: "inputs to try; default: 1000, or as many as 60 s allows if
that is fewer",
        set: |given, value| {
            given.stress.count = Some(parse_whole("--count", value, 1)?);
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--time",
        value: Some("SECONDS"),
        commands: &[Section::Stress],
        with: "stress",
        example: "judge stress NAME --cmd 'PROGRAM' --time ...",
        help: "try new inputs for this long (with --count, whichever ends
first)",
        set: |given, value| {
            given.stress.time = Some(parse_seconds("--time", value)?);
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--save",
        value: Some("DIR"),
        commands: &[Section::Stress],
        with: "stress",
        example: "judge stress NAME --cmd 'PROGRAM' --save ...",
        help: "write the shrunk input and the expected output to DIR as
stress-SEED.in / .out (or in DIR's layout's names)",
        set: |given, value| {
            given.stress.save = Some(PathBuf::from(value));
            Ok(())
        },
    },
    Flag {
        short: None,
        long: "--force",
        value: None,
        commands: &[Section::Stress],
        with: "stress",
        example: "judge stress NAME --cmd 'PROGRAM' --save DIR --force",
        help: "let --save write into a package's folder (a problem.yaml or
problem.xml in DIR or up to 3 folders above it, a Kattis or
Polygon layout, judge files in DIR.judge/) or into cases/,
refused without it; even so, an existing file is never
overwritten: the save is refused, the case still printed",
        set: |given, _| {
            given.stress.force = true;
            Ok(())
        },
    },
];

/// Why `name`, a flag of another command, does not go with this one: every command it goes
/// with, each with an example (`--seed goes with play (judge play --seed 7) or stress: …`).
pub fn goes_elsewhere(name: &str, rows: &[&Flag]) -> String {
    let mut message = format!("{name} goes with ");
    for (index, row) in rows.iter().enumerate() {
        if index + 1 < rows.len() {
            message.push_str(&format!("{} ({}) or ", row.with, row.example));
        } else {
            message.push_str(&format!("{}: {}", row.with, row.example));
        }
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_given_to_one_row_per_command() {
        for (index, flag) in FLAGS.iter().enumerate() {
            for other in &FLAGS[index + 1..] {
                let shares_a_name = other.is_named(flag.long)
                    || flag.short.is_some_and(|short| other.is_named(short));
                assert!(
                    !shares_a_name || !flag.commands.iter().any(|c| other.commands.contains(c)),
                    "{} is given twice to one command",
                    flag.long
                );
            }
        }
    }

    #[test]
    fn every_row_of_one_command_says_where_it_goes() {
        for flag in FLAGS {
            assert_eq!(
                flag.commands == EVERY,
                flag.with.is_empty() && flag.example.is_empty(),
                "{}",
                flag.long
            );
            assert!(flag.long.starts_with("--"), "{}", flag.long);
        }
    }
}
