//! The `judge` command line: the command first (`play`, `validate`, `stress`, `verify`, `merge`, or judging when
//! the first word is none of them), then its flags, each looked up in the one flag table
//! (`flags`), which also makes the help (`usage`). A flag of another command is a usage error
//! that says where it goes.

pub mod flags;
pub mod usage;

use crate::judge::options::{CommonFlags, JudgeTarget};
use crate::merge::options::MergeOptions;
use crate::play::options::PlayOptions;
use crate::problems::project::Project;
use crate::stress::options::StressOptions;
use crate::validate::options::ValidateOptions;
use crate::verify::options::VerifyOptions;
use flags::{goes_elsewhere, Flag, FlagValues, Section, FLAGS};
use std::fmt;
use std::path::{Path, PathBuf};

/// What to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Judging: the solvers, or a program on a folder.
    Judge(JudgeTarget),
    /// A person plays a game against the computer.
    Play(PlayOptions),
    /// Input validation: the named solvers' folders (all when empty) with their validators,
    /// or, with a command, that command on the one folder in `names`.
    Validate(ValidateOptions),
    /// Stress testing: a program against a reference on generated inputs.
    Stress(Box<StressOptions>),
    /// A package's own submissions held to their expected verdicts.
    Verify(VerifyOptions),
    /// The JSON reports of a run's shards joined.
    Merge(MergeOptions),
}

/// Everything the command line says.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub target: Target,
    pub common: CommonFlags,
    /// How the command line was understood where it was written in another tool's form
    /// (`judge ./a.out test`), for a `note:` line before the run.
    pub notes: Vec<String>,
}

/// Which help to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Help {
    /// `judge -h`: the main forms, the commands and the most used flags.
    Short,
    /// `judge --help`: every form and every flag.
    Long,
    /// `judge COMMAND --help` (or `-h`): that command's forms and flags.
    Command(Section),
}

/// The command line, parsed.
#[derive(Clone, Debug, PartialEq)]
pub enum Parsed {
    Run(Box<Options>),
    Help(Help),
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

/// The commands named by a first word; any other first word is judging's.
const COMMANDS: [(&str, Section); 5] = [
    ("play", Section::Play),
    ("validate", Section::Validate),
    ("stress", Section::Stress),
    ("verify", Section::Verify),
    ("merge", Section::Merge),
];

/// The error for a first word that is no command and no path but a command misspelt
/// (`judge valdate`), or `None`. A solver whose name is that near a command is judged with
/// `judge -- NAME`, as one named after a command is.
fn misspelt_command(word: &str) -> Option<UsageError> {
    if word.starts_with('-') || word.contains('/') || Path::new(word).exists() {
        return None;
    }
    let mut names: Vec<&str> = COMMANDS.iter().map(|(name, _)| *name).collect();
    names.push("help");
    let closest = crate::text::did_you_mean(word, &names);
    match closest.is_empty() {
        true => None,
        false => Some(UsageError(format!("unknown command {word:?}{closest}"))),
    }
}

/// `judge help [COMMAND]`, as git and cargo have it: the whole help, or one command's (what
/// `judge COMMAND --help` prints).
fn help(words: Vec<String>) -> Result<Parsed, UsageError> {
    let names: Vec<&str> = COMMANDS.iter().map(|(name, _)| *name).collect();
    match words.as_slice() {
        // `judge help help`, as git answers it: the whole help, which says what help does.
        [] => Ok(Parsed::Help(Help::Long)),
        [word] if word == "help" => Ok(Parsed::Help(Help::Long)),
        [word] => match COMMANDS.iter().find(|(name, _)| name == word) {
            Some(&(_, section)) => Ok(Parsed::Help(Help::Command(section))),
            None => {
                let closest = crate::text::did_you_mean(word, &names);
                Err(UsageError(match closest.is_empty() {
                    false => format!("unknown command {word:?}{closest}"),
                    true => format!(
                        "unknown command {word:?}: judge help takes {} or {} (judge help alone shows everything)",
                        names[..names.len() - 1].join(", "),
                        names[names.len() - 1]
                    ),
                }))
            }
        },
        _ => Err(UsageError(format!(
            "judge help takes one command, found {}: {}",
            words.len(),
            words.join(" ")
        ))),
    }
}

/// The flag an argument names, its value if it carries one (`--flag=value`, `-t2`), or `None`
/// for a word that is not a flag.
fn split_flag(argument: &str) -> Option<(&str, Option<&str>)> {
    if let Some((name, value)) = argument
        .split_once('=')
        .filter(|_| argument.starts_with("--"))
    {
        return Some((name, Some(value)));
    }
    if argument.starts_with("--") || argument.len() == 2 && argument.starts_with('-') {
        return Some((argument, None));
    }
    // `-t2`, `-j4`, `-m256`: a short flag that takes a value, with the value joined on.
    let short_with_value = FLAGS
        .iter()
        .filter(|flag| flag.value.is_some())
        .filter_map(|flag| flag.short)
        .find(|short| argument.len() > 2 && argument.starts_with(short));
    match short_with_value {
        Some(short) => Some((short, Some(&argument[short.len()..]))),
        None if argument.starts_with('-') && argument.len() > 1 => Some((argument, None)),
        None => None,
    }
}

/// The row of the flag `name` for `section`'s command, or the usage error.
fn row(name: &str, section: Section) -> Result<&'static Flag, UsageError> {
    let rows: Vec<&Flag> = FLAGS.iter().filter(|flag| flag.is_named(name)).collect();
    if rows.is_empty() {
        let known: Vec<&str> = FLAGS.iter().map(|flag| flag.long).collect();
        // Words other tools use for a flag here are near its name too (`--command`: `--cmd`).
        let other_words = [("--command", "--cmd")];
        let closest = match name.starts_with("--") {
            true => crate::text::did_you_mean(name, &known),
            false => String::new(),
        };
        let closest = match closest.is_empty() && name.starts_with("--") {
            true => other_words
                .iter()
                .find(|(word, _)| !crate::text::did_you_mean(name, &[word]).is_empty())
                .map_or(closest, |(_, flag)| format!("; did you mean {flag:?}?")),
            false => closest,
        };
        return Err(UsageError(format!("unknown option {name:?}{closest}")));
    }
    match rows.iter().find(|flag| flag.goes_with(section)) {
        Some(flag) => Ok(flag),
        None => Err(UsageError(goes_elsewhere(name, &rows))),
    }
}

/// Parses the arguments after the program name.
pub fn parse(arguments: impl IntoIterator<Item = String>) -> Result<Parsed, UsageError> {
    let mut arguments = arguments.into_iter().peekable();
    let named = arguments
        .peek()
        .and_then(|first| COMMANDS.iter().find(|(name, _)| name == first))
        .map(|&(_, section)| section);
    if named.is_none() && arguments.peek().is_some_and(|first| first == "help") {
        arguments.next();
        return help(arguments.collect());
    }
    let section = match named {
        Some(section) => {
            arguments.next();
            section
        }
        None => Section::Judge,
    };
    if let Some(error) = arguments
        .peek()
        .filter(|_| named.is_none())
        .and_then(|first| misspelt_command(first))
    {
        return Err(error);
    }
    let mut given = FlagValues::default();
    let mut words = Vec::new();
    let mut given_flags: Vec<&'static str> = Vec::new();
    while let Some(argument) = arguments.next() {
        if argument == "--" {
            words.extend(arguments.by_ref());
            break;
        }
        let Some((name, inline)) = split_flag(&argument) else {
            words.push(argument);
            continue;
        };
        let flag = row(name, section)?;
        // A second value would silently replace the first (a typo'd second --cmd would judge
        // another program): refused, as clap refuses it.
        if given_flags.contains(&flag.long) {
            return Err(UsageError(format!("{} is given twice", flag.long)));
        }
        given_flags.push(flag.long);
        let value = match (flag.value, inline) {
            (Some(_), Some(value)) => value.to_string(),
            (Some(_), None) => arguments
                .next()
                .ok_or_else(|| UsageError(format!("{} needs a value", flag.long)))?,
            (None, None) => String::new(),
            (None, Some(_)) => {
                return Err(UsageError(format!("{} takes no value", flag.long)));
            }
        };
        (flag.set)(&mut given, &value).map_err(UsageError)?;
        if given.help {
            return Ok(Parsed::Help(match named {
                Some(section) => Help::Command(section),
                None if name == "-h" => Help::Short,
                None => Help::Long,
            }));
        }
        if given.version {
            return Ok(Parsed::Version);
        }
    }
    let mut notes = std::mem::take(&mut given.notes);
    let target = target(section, words, &mut given, &mut notes).map_err(UsageError)?;
    Ok(Parsed::Run(Box::new(Options {
        target,
        common: given.common,
        notes,
    })))
}

/// online-judge-tools' case folder, which `oj t` judges by default.
const OJ_FOLDER: &str = "test";

/// Bare `judge` (no names, no `--cmd`) run in a contest folder, one with online-judge-tools'
/// `test/` that is not the root of the checkout it runs in: `./a.out` is judged on it as `oj t`
/// judges it, with a note; without a `./a.out`, the error says how to name the program. In a
/// checkout (its root, or a folder below it with no `test/`) the project's solvers are judged,
/// as the options say; anywhere else the error says what was looked for.
pub fn judge_a_contest_folder(options: &mut Options, project: &Project) -> Result<(), UsageError> {
    let bare =
        matches!(&options.target, Target::Judge(JudgeTarget::Solvers(names)) if names.is_empty());
    if !bare {
        return Ok(());
    }
    let here = std::env::current_dir().ok();
    let real = |path: &Path| path.canonicalize().ok();
    let at_root = project
        .here()
        .is_some_and(|root| real(root).is_some() && real(root) == here.as_deref().and_then(real));
    let contest_folder = Path::new(OJ_FOLDER).is_dir();
    if at_root || (project.here().is_some() && !contest_folder) {
        return Ok(());
    }
    if !contest_folder {
        return Err(UsageError(format!(
            "bare judge judges {OJ_PROGRAM} on {OJ_FOLDER}/ (online-judge-tools' layout), or the project's solvers inside a game-judge checkout, and this folder has no {OJ_FOLDER}/ and is in no checkout: judge -c 'PROGRAM' -d DIR names a program and its cases"
        )));
    }
    let solvers = project.checkout().map(|root| {
        format!(
            "bare judge judges the solvers of {} when run there",
            root.display()
        )
    });
    if !is_program(OJ_PROGRAM) {
        return Err(UsageError(format!(
            "this folder holds {OJ_FOLDER}/, online-judge-tools' cases, and no {OJ_PROGRAM} to judge on them: judge -c 'PROGRAM' -d {OJ_FOLDER}{}",
            solvers.as_ref().map_or(String::new(), |solvers| format!(" ({solvers})"))
        )));
    }
    options.notes.push(format!(
        "judging {OJ_PROGRAM} on {OJ_FOLDER}/, as online-judge-tools' oj t does (judge --cmd {OJ_PROGRAM} {OJ_FOLDER}){}",
        solvers.map_or(String::new(), |solvers| format!("; {solvers}"))
    ));
    options.target = Target::Judge(JudgeTarget::Command {
        command: OJ_PROGRAM.to_string(),
        dir: PathBuf::from(OJ_FOLDER),
        interactor: None,
    });
    Ok(())
}

/// Whether `place` names cases: a folder or a file that is there, or a pattern.
fn names_cases(place: &str) -> bool {
    Path::new(place).exists() || place.contains(['*', '?'])
}

/// Whether the words are a source file of a language the judge builds and a folder (or case
/// file, or pattern): `judge sol.cpp DIR`. A solver's name has no extension, so none is taken
/// for one.
fn is_source_and_folder(words: &[String]) -> bool {
    match words {
        [source, place] => {
            let source = Path::new(source);
            source.is_file()
                && crate::sources::Language::of(source)
                    .is_some_and(|language| !language.is_script())
                && names_cases(place)
        }
        _ => false,
    }
}

/// Whether `path` is a source file that is there: never a case folder.
fn is_script(path: &str) -> bool {
    let path = Path::new(path);
    path.is_file() && crate::sources::Language::of(path).is_some()
}

/// Whether `path` is a file that may be run (an execute bit set), and no case file.
fn is_program(path: &str) -> bool {
    use std::os::unix::fs::PermissionsExt;
    !path.ends_with(".in")
        && Path::new(path)
            .metadata()
            .is_ok_and(|metadata| metadata.is_file() && metadata.permissions().mode() & 0o111 != 0)
}

/// online-judge-tools' default program, judged when `-d DIR` comes without `-c`.
const OJ_PROGRAM: &str = "./a.out";

/// The case place of `--cmd 'COMMAND' WORDS...` when there are more words than one, for the
/// error: a pattern the shell expanded (case files of one folder) or a command that was not
/// quoted (words that are no folder before the last, which is one).
fn more_than_one_place(command: &str, words: &[String]) -> String {
    let found = format!(
        "--cmd takes one case folder, found {}: {}",
        words.len(),
        words.join(" ")
    );
    let paths: Vec<&Path> = words.iter().map(Path::new).collect();
    let folders: Vec<Option<&Path>> = paths.iter().map(|path| path.parent()).collect();
    // A case file by its name, or a file that is there and no source (`sol.py` is a command's).
    let case_files = paths.iter().all(|path| {
        path.extension()
            .is_some_and(|extension| ["in", "out", "ans"].iter().any(|e| extension == *e))
            || (path.is_file() && crate::sources::Language::of(path).is_none())
    });
    let one_folder = folders.windows(2).all(|pair| pair[0] == pair[1]);
    if let (true, true, Some(folder)) = (case_files, one_folder, folders[0]) {
        // The pattern's fixed part: what the names of the cases share (`sample-`).
        let stems: Vec<String> = paths
            .iter()
            .map(|path| {
                path.file_stem()
                    .map_or(String::new(), |stem| stem.to_string_lossy().into())
            })
            .collect();
        let mut shared = stems[0].clone();
        for stem in &stems[1..] {
            while !stem.starts_with(&shared) {
                shared.pop();
            }
        }
        let folder = match folder.as_os_str().is_empty() {
            true => String::new(),
            false => format!("{}/", folder.display()),
        };
        return format!(
            "{found} (a pattern the shell expanded? quote it, and the judge matches it: judge --cmd '…' '{folder}{shared}*')"
        );
    }
    let Some((last, before)) = words.split_last() else {
        return found;
    };
    if names_cases(last) && !before.iter().any(|word| Path::new(word).is_dir()) {
        return format!(
            "{found} (a command of several words is one argument: quote it, judge --cmd '{command} {}' {last})",
            before.join(" ")
        );
    }
    found
}

/// Judging's target: the solvers the words name, or a program on a case place (`--cmd`, or
/// online-judge-tools' `-c`, `-d` and `./a.out test`).
fn judging(
    mut words: Vec<String>,
    given: &mut FlagValues,
    notes: &mut Vec<String>,
) -> Result<Target, String> {
    if let Some(directory) = given.directory.take() {
        if let (Some(command), false) = (&given.command, words.is_empty()) {
            // `-c python3 x.py -d test`: the words left over are the rest of the command.
            return Err(format!(
                "-d {directory} names the case folder, and {} is left over: a command of several words is one argument: quote it, judge -c '{command} {}' -d {directory}",
                words.join(" "),
                words.join(" ")
            ));
        }
        words.push(directory);
        if given.command.is_none() {
            if !is_program(OJ_PROGRAM) {
                return Err(format!(
                    "-d goes with -c: judge -c 'PROGRAM' -d DIR (there is no {OJ_PROGRAM} here to judge, as online-judge-tools would)"
                ));
            }
            notes.push(format!(
                "judging {OJ_PROGRAM}, online-judge-tools' default program (-c 'PROGRAM' names another)"
            ));
            given.command = Some(OJ_PROGRAM.to_string());
        }
    }
    let (command, words) = match given.command.take() {
        Some(command) => (command, words),
        None if given.interactor.is_some() => {
            return Err(
                "--interactor goes with --cmd: judge --cmd 'PROGRAM' --interactor 'INTERACTOR' DIR"
                    .into(),
            )
        }
        // `judge sol.cpp DIR`: a source file and a folder are `--cmd sol.cpp DIR`.
        None if is_source_and_folder(&words) => {
            let mut words = words.into_iter();
            let command = words.next().unwrap_or_default();
            return Ok(Target::Judge(JudgeTarget::Command {
                command,
                dir: PathBuf::from(words.next().unwrap_or_default()),
                interactor: None,
            }));
        }
        None => match words.as_slice() {
            // `judge ./a.out test`, as online-judge-tools has it. A bare name may be a
            // solver's, so that one is not guessed.
            [program, place] if is_program(program) && names_cases(place) => {
                if !program.contains('/') {
                    return Err(format!(
                        "{program} is a program here and {place} holds cases, but a bare name is taken for a solver: to judge the program, judge --cmd ./{program} {place}"
                    ));
                }
                notes.push(format!(
                    "judging the program {program} on {place}, as judge --cmd {program} {place}"
                ));
                (program.clone(), vec![place.clone()])
            }
            _ => return Ok(Target::Judge(JudgeTarget::Solvers(words))),
        },
    };
    match words.as_slice() {
        // `--cmd python3 x.py`: a source file is the rest of a command, not a case folder.
        [dir] if is_script(dir) => Err(format!(
            "{dir} is a source file, not a case folder: a command of several words is one argument: quote it, judge --cmd '{command} {dir}' DIR"
        )),
        [dir] => Ok(Target::Judge(JudgeTarget::Command {
            command,
            dir: PathBuf::from(dir),
            interactor: given.interactor.take(),
        })),
        // `oj t -c CMD` judges on `test/`, its default folder.
        [] if Path::new(OJ_FOLDER).is_dir() => {
            notes.push(format!(
                "judging on {OJ_FOLDER}/, online-judge-tools' default folder (-d DIR names another)"
            ));
            Ok(Target::Judge(JudgeTarget::Command {
                command,
                dir: PathBuf::from(OJ_FOLDER),
                interactor: given.interactor.take(),
            }))
        }
        [] => Err(format!(
            "--cmd needs a case folder, and there is no {OJ_FOLDER}/ here (online-judge-tools' default): judge --cmd 'COMMAND' DIR"
        )),
        _ => Err(more_than_one_place(&command, &words)),
    }
}

/// The error for `judge stress NAME --cmd python3 sol.py`: a file among stress's words (which
/// name a solver, and no file) is the rest of a command that was not quoted.
fn unquoted_stress_command(words: &[String], given: &FlagValues) -> Result<(), String> {
    let Some(command) = &given.stress.command else {
        return Ok(());
    };
    let (files, names): (Vec<&String>, Vec<&String>) =
        words.iter().partition(|word| Path::new(word).is_file());
    if files.is_empty() || names.len() > 1 {
        return Ok(());
    }
    let name = names
        .first()
        .map_or(String::new(), |name| format!("{name} "));
    let files: Vec<&str> = files.iter().map(|file| file.as_str()).collect();
    Err(format!(
        "stress takes a solver name, and {} is a file: a command of several words is one argument: quote it, judge stress {name}--cmd '{command} {}'",
        files.join(" "),
        files.join(" ")
    ))
}

/// What the command, its words and its flags ask for.
fn target(
    section: Section,
    words: Vec<String>,
    given: &mut FlagValues,
    notes: &mut Vec<String>,
) -> Result<Target, String> {
    match section {
        Section::Play => Ok(Target::Play(
            std::mem::take(&mut given.play).into_options(&words)?,
        )),
        Section::Validate => Ok(Target::Validate(ValidateOptions::new(
            words,
            given.validator.take(),
        )?)),
        Section::Verify => Ok(Target::Verify(VerifyOptions::new(words)?)),
        Section::Merge => Ok(Target::Merge(MergeOptions::new(words)?)),
        Section::Stress => {
            unquoted_stress_command(&words, given)?;
            Ok(Target::Stress(Box::new(
                std::mem::take(&mut given.stress).into_options(&words)?,
            )))
        }
        Section::Judge => judging(words, given, notes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::Mode;
    use crate::report::Format;
    use std::time::Duration;

    fn parsed(arguments: &[&str]) -> Result<Parsed, UsageError> {
        parse(arguments.iter().map(|argument| argument.to_string()))
    }

    fn options(arguments: &[&str]) -> Options {
        match parsed(arguments) {
            Ok(Parsed::Run(options)) => *options,
            other => panic!("{arguments:?}: {other:?}"),
        }
    }

    #[test]
    fn defaults() {
        let options = options(&[]);
        assert_eq!(options.target, Target::Judge(JudgeTarget::Solvers(vec![])));
        assert_eq!(
            (options.common.limits.time, options.common.limits.memory_mib),
            (None, None)
        );
        assert_eq!((options.common.jobs, options.common.compare), (None, None));
        let limits = options.common.limits.limits();
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
        .common
        .limits
        .limits();
        assert_eq!(limits.cpu, Duration::from_millis(1500));
        assert_eq!(limits.wall, Duration::from_secs(10));
        assert_eq!(
            (limits.memory_bytes, limits.stack_bytes),
            (256 << 20, 64 << 20)
        );
        assert_eq!(
            options(&["-m", "100"]).common.limits.limits().stack_bytes,
            100 << 20
        );
        let with = options(&["--wall-limit", "9"])
            .common
            .limits
            .limits_with(Duration::from_millis(200), 64);
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
        let play = play_options(&["play", "-m64", "-r"]);
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
            Target::Judge(JudgeTarget::Solvers(vec![
                "perfect_play".into(),
                "board_winner".into()
            ]))
        );
        assert_eq!(options.common.limits.time, Some(Duration::from_millis(500)));
        assert_eq!(
            (options.common.jobs, options.common.compare),
            (Some(3), Some(Mode::Tokens))
        );
    }

    #[test]
    fn command_and_folder() {
        let options = options(&["--cmd", "python3 x.py", "cases/board_winner", "-j1", "-t3"]);
        assert_eq!(
            (options.common.jobs, options.common.limits.time),
            (Some(1), Some(Duration::from_secs(3)))
        );
        assert_eq!(
            options.target,
            Target::Judge(JudgeTarget::Command {
                command: "python3 x.py".into(),
                dir: "cases/board_winner".into(),
                interactor: None,
            })
        );
    }

    #[test]
    fn an_interactor_goes_with_a_command() {
        let interactive = options(&["--cmd", "./a", "--interactor", "./i {input}", "d"]);
        assert_eq!(
            interactive.target,
            Target::Judge(JudgeTarget::Command {
                command: "./a".into(),
                dir: "d".into(),
                interactor: Some("./i {input}".into()),
            })
        );
    }

    #[test]
    fn validate_names_or_a_command_and_a_folder() {
        assert_eq!(
            options(&["validate"]).target,
            Target::Validate(ValidateOptions {
                names: vec![],
                command: None
            })
        );
        assert_eq!(
            options(&["validate", "board_winner", "perfect_play"]).target,
            Target::Validate(ValidateOptions {
                names: vec!["board_winner".into(), "perfect_play".into()],
                command: None
            })
        );
        assert_eq!(
            options(&["validate", "--validator", "./v", "cases/x"]).target,
            Target::Validate(ValidateOptions {
                names: vec!["cases/x".into()],
                command: Some("./v".into())
            })
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
        // Neither --count nor --time: 1000 inputs or a minute, whichever ends first.
        assert_eq!(
            (stress.seed, stress.count, stress.time),
            (5, 1000, Some(Duration::from_secs(60)))
        );
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
        // One of them alone: that bound, and no other.
        for (given, expected) in [
            (["--count", "7"], (7, None)),
            (["--time", "2"], (u64::MAX, Some(Duration::from_secs(2)))),
        ] {
            let mut arguments = vec!["stress", "x", "--cmd", "./a"];
            arguments.extend(given);
            let Target::Stress(stress) = options(&arguments).target else {
                panic!("not stress")
            };
            assert_eq!((stress.count, stress.time), expected, "{given:?}");
        }
        let message = |arguments: &[&str]| parsed(arguments).unwrap_err().0;
        assert!(message(&["stress", "x"]).contains("needs the program"));
        assert!(message(&["stress", "--cmd", "./a"])
            .ends_with("needs --ref 'REFERENCE' and --gen 'GENERATOR'"));
        assert!(message(&["stress", "--cmd", "./a", "--ref", "./b"])
            .ends_with("needs --gen 'GENERATOR' (called as GENERATOR SEED, it prints one input)"));
        assert!(message(&["stress", "--cmd", "./a", "--gen", "./g"])
            .ends_with("needs --ref 'REFERENCE' (the program to compare with)"));
        assert!(message(&["stress", "--cmd", "./a", "--ref", "./r"]).contains("--gen"));
        assert!(message(&["stress", "a", "b", "--cmd", "./a"]).contains("one solver name"));
        assert!(message(&["stress", "x", "--cmd", "./a", "--count", "0"]).contains("at least 1"));
        assert!(message(&["stress", "x", "--cmd", "./a", "--gen", " "]).contains("empty"));
        assert!(message(&["--count", "3"]).contains("goes with stress"));
        assert!(message(&["--seed", "3"]).contains("or stress"));
        let forced = ["stress", "x", "--cmd", "./a", "--save", "d", "--force"];
        let Target::Stress(stress) = options(&forced).target else {
            panic!("not stress")
        };
        assert!(stress.force);
        assert!(message(&["stress", "x", "--cmd", "./a", "--force"])
            .contains("--force goes with --save"));
        assert!(message(&["--force", "d"]).contains("goes with stress"));
    }

    #[test]
    fn the_command_is_the_first_word_only() {
        for arguments in [&["--", "play"][..], &["-j2", "play"]] {
            assert_eq!(
                options(arguments).target,
                Target::Judge(JudgeTarget::Solvers(vec!["play".into()])),
                "{arguments:?}"
            );
        }
        let message = |arguments: &[&str]| parsed(arguments).unwrap_err().0;
        assert_eq!(
            message(&["play", "--cmd", "x"]),
            "--cmd goes with judging a folder (judge --cmd 'PROGRAM' DIR) or stress: judge stress NAME --cmd 'PROGRAM'"
        );
        assert_eq!(
            message(&["validate", "-r"]),
            "-r goes with play: judge play -r"
        );
        assert_eq!(
            message(&["--misere=1"]),
            "--misere goes with play: judge play --misere"
        );
        assert_eq!(message(&["play", "--misere=1"]), "--misere takes no value");
        assert_eq!(message(&["-x"]), "unknown option \"-x\"");
        assert_eq!(
            message(&["--cmd", "a", "--cmd", "b", "d"]),
            "--cmd is given twice"
        );
        assert_eq!(
            message(&["-t", "1", "--time-limit=2"]),
            "--time-limit is given twice"
        );
        assert_eq!(
            message(&["play", "-r", "-r"]),
            "--computer-first is given twice"
        );
        // Flags a command would ignore are refused: play's computer has a day of time, validate
        // compares nothing and prints no JSON.
        assert!(message(&["play", "-t", "1"])
            .starts_with("-t goes with judging, validate, stress or verify"));
        // verify follows the package's own rules for outputs.
        assert!(message(&["verify", "--compare", "tokens", "pkg"])
            .starts_with("--compare goes with judging or stress"));
        assert_eq!(
            message(&["verify"]),
            "verify needs a package folder: judge verify DIR"
        );
        assert_eq!(
            options(&["verify", "pkg", "-j", "3", "--format", "json"]).target,
            Target::Verify(VerifyOptions {
                dir: PathBuf::from("pkg")
            })
        );
        assert!(
            message(&["validate", "--format", "json"]).starts_with("--format goes with judging")
        );
        assert!(message(&["validate", "--compare", "exact"])
            .starts_with("--compare goes with judging or stress"));
        assert!(message(&["play", "-j", "2"]).starts_with("-j goes with judging, stress or verify"));
        assert!(parsed(&["play", "-m", "64", "--stack-limit", "8"]).is_ok());
        // A value that looks like a flag is still the value.
        assert_eq!(
            options(&["-t", "2", "--cmd", "-weird", "d"])
                .common
                .limits
                .time
                .map(|t| t.as_secs()),
            Some(2)
        );
    }

    #[test]
    fn help() {
        assert_eq!(parsed(&["-h"]), Ok(Parsed::Help(Help::Short)));
        assert_eq!(parsed(&["--help"]), Ok(Parsed::Help(Help::Long)));
        assert_eq!(parsed(&["x", "--help"]), Ok(Parsed::Help(Help::Long)));
        for (command, section) in COMMANDS {
            for flag in ["-h", "--help"] {
                assert_eq!(
                    parsed(&[command, flag]),
                    Ok(Parsed::Help(Help::Command(section))),
                    "{command} {flag}"
                );
            }
        }
        // A command's help wins over its other words and flags, as cargo's does.
        assert_eq!(
            parsed(&["stress", "x", "--count", "3", "-h"]),
            Ok(Parsed::Help(Help::Command(Section::Stress)))
        );
        // `judge help [COMMAND]`, as git and cargo have it.
        assert_eq!(parsed(&["help"]), Ok(Parsed::Help(Help::Long)));
        assert_eq!(parsed(&["help", "help"]), Ok(Parsed::Help(Help::Long)));
        for (command, section) in COMMANDS {
            assert_eq!(
                parsed(&["help", command]),
                Ok(Parsed::Help(Help::Command(section))),
                "help {command}"
            );
        }
        let message = |arguments: &[&str]| parsed(arguments).unwrap_err().0;
        assert_eq!(
            message(&["help", "stres"]),
            "unknown command \"stres\"; did you mean \"stress\"?"
        );
        assert_eq!(
            message(&["help", "nonsense"]),
            "unknown command \"nonsense\": judge help takes play, validate, stress, verify or merge (judge help alone shows everything)"
        );
        assert_eq!(
            message(&["help", "play", "stress"]),
            "judge help takes one command, found 2: play stress"
        );
        assert_eq!(
            message(&["hlep"]),
            "unknown command \"hlep\"; did you mean \"help\"?"
        );
        // Only the first word: a solver named help is judged with `judge -- help`.
        assert_eq!(
            options(&["--", "help"]).target,
            Target::Judge(JudgeTarget::Solvers(vec!["help".into()]))
        );
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
            options(&["--compare=float:1e-6"]).common.compare,
            Some(Mode::Float(1e-6))
        );
        assert_eq!(
            message(&["--frobnicate"]),
            "unknown option \"--frobnicate\""
        );
        assert_eq!(
            message(&["--tme-limit", "2"]),
            "unknown option \"--tme-limit\"; did you mean \"--time-limit\"?"
        );
        assert_eq!(
            message(&["--comand", "a.out", "d"]),
            "unknown option \"--comand\"; did you mean \"--cmd\"?"
        );
        assert!(message(&["--cmd", "a.out"]).contains("needs a case folder"));
        assert!(message(&["--cmd", "a.out", "d/1.in", "d/2.in"])
            .ends_with("(a pattern the shell expanded? quote it, and the judge matches it: judge --cmd '…' 'd/*')"));
        assert!(message(&["--interactor", "./i", "d"]).contains("goes with --cmd"));
        assert!(message(&["--cmd", "a", "--interactor", " ", "d"]).contains("empty"));
        assert!(message(&["--cmd", "", "dir"]).contains("empty"));
        assert!(message(&["--cmd", "  ", "dir"]).contains("empty"));
        assert!(message(&["-m", "0"]).contains("--memory-limit expects MiB"));
        assert!(message(&["--wall-limit", "-1"]).contains("--wall-limit expects seconds"));
        assert!(message(&["--cmd", "a.out", "d1", "d2"]).contains("one case folder, found 2"));
        assert!(message(&["--format", "xml"]).contains("--format expects human or json"));
        assert_eq!(options(&["--format=json"]).common.format, Format::Json);
        assert_eq!(options(&[]).common.format, Format::Human);
    }
    #[test]
    fn a_misspelt_command_or_option_gets_the_name_meant() {
        let message = |arguments: &[&str]| parsed(arguments).unwrap_err().0;
        for (typed, meant) in [
            ("valdate", "validate"),
            ("stres", "stress"),
            ("verfiy", "verify"),
            ("mrege", "merge"),
            ("paly", "play"),
        ] {
            assert_eq!(
                message(&[typed, "x"]),
                format!("unknown command {typed:?}; did you mean {meant:?}?")
            );
        }
        assert_eq!(
            message(&["--cmmd", "./a.out", "d"]),
            "unknown option \"--cmmd\"; did you mean \"--cmd\"?"
        );
        assert_eq!(
            message(&["stress", "x", "--cmd", "./a", "--coutn", "3"]),
            "unknown option \"--coutn\"; did you mean \"--count\"?"
        );
        // A solver's name, a word far from every command, and a word after a flag are judging's.
        for arguments in [
            &["perfect_play"][..],
            &["board_winner"],
            &["-j1", "valdate"],
            &["--", "valdate"],
        ] {
            assert!(
                matches!(
                    options(arguments).target,
                    Target::Judge(JudgeTarget::Solvers(_))
                ),
                "{arguments:?}"
            );
        }
        // A path is never a misspelt command: `src` is a folder here, three edits from `stress`
        // but two from no command; `cases` one that is there.
        assert!(misspelt_command("src").is_none() && misspelt_command("cases").is_none());
        assert!(misspelt_command("./valdate").is_none());
    }

    /// online-judge-tools' forms: `-c`, `-d`, and `./a.out test`, in a scratch folder of a
    /// program, a script without its execute bit and a case folder.
    #[test]
    fn online_judge_tools_forms() {
        use std::os::unix::fs::PermissionsExt;
        let folder = crate::test_folders::folder_with_files(
            "cli-oj-forms",
            &["test/sample-1.in", "a.out", "notes.txt"],
        );
        let program = folder.join("a.out");
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        let at = |name: &str| folder.join(name).display().to_string();
        let (program, test) = (at("a.out"), at("test"));
        let command = |command: &str, dir: &str| {
            Target::Judge(JudgeTarget::Command {
                command: command.into(),
                dir: dir.into(),
                interactor: None,
            })
        };
        assert_eq!(
            options(&["-c", "python3 main.py", "-d", "cases/x"]).target,
            command("python3 main.py", "cases/x")
        );
        assert_eq!(options(&["-c./a", "d"]).target, command("./a", "d"));
        let stress = options(&["stress", "x", "-c", "./a"]).target;
        assert!(matches!(stress, Target::Stress(s) if s.command == "./a"));
        let understood = options(&[&program, &test]);
        assert_eq!(understood.target, command(&program, &test));
        assert_eq!(
            understood.notes,
            [format!(
                "judging the program {program} on {test}, as judge --cmd {program} {test}"
            )]
        );
        // A case file and a pattern are places of cases too.
        let one_case = at("test/sample-1.in");
        assert_eq!(
            options(&[&program, &one_case]).target,
            command(&program, &one_case)
        );
        let pattern = at("test/sample-*");
        assert_eq!(
            options(&[&program, &pattern]).target,
            command(&program, &pattern)
        );
        // Not a program: no execute bit, or no file; not cases: no such folder.
        let solvers = |words: &[&str]| {
            Target::Judge(JudgeTarget::Solvers(
                words.iter().map(|w| w.to_string()).collect(),
            ))
        };
        let text = at("notes.txt");
        assert_eq!(options(&[&text, &test]).target, solvers(&[&text, &test]));
        let missing = at("missing");
        assert_eq!(
            options(&[&program, &missing]).target,
            solvers(&[&program, &missing])
        );
        assert!(options(&["-c", "./a", "d"]).notes.is_empty());
        let message = |arguments: &[&str]| parsed(arguments).unwrap_err().0;
        assert_eq!(
            message(&["-c", "./a", "-d", "d", "e"]),
            "-d d names the case folder, and e is left over: a command of several words is one argument: quote it, judge -c './a e' -d d"
        );
        assert!(message(&["-d", "d"]).starts_with("-d goes with -c: judge -c 'PROGRAM' -d DIR"));
    }

    #[test]
    fn an_unquoted_command_is_told_to_be_quoted() {
        let message = |arguments: &[&str]| parsed(arguments).unwrap_err().0;
        // `src` is a folder of the project, where unit tests run.
        assert_eq!(
            message(&["--cmd", "python3", "sol.py", "src"]),
            "--cmd takes one case folder, found 2: sol.py src (a command of several words is one argument: quote it, judge --cmd 'python3 sol.py' src)"
        );
        assert_eq!(
            message(&["--cmd", "java", "-Xss64m", "Main", "src"]),
            "unknown option \"-Xss64m\""
        );
        assert!(message(&["--cmd", "java", "--", "-Xss64m", "Main", "src"])
            .ends_with("quote it, judge --cmd 'java -Xss64m Main' src)"));
        // stress's words name a solver: a file among them is the command's.
        assert_eq!(
            message(&["stress", "x", "--cmd", "python3", "Cargo.toml"]),
            "stress takes a solver name, and Cargo.toml is a file: a command of several words is one argument: quote it, judge stress x --cmd 'python3 Cargo.toml'"
        );
        assert!(
            message(&["stress", "-c", "python3", "Cargo.toml", "--ref", "./r"])
                .ends_with("quote it, judge stress --cmd 'python3 Cargo.toml'")
        );
        // Two folders that are there: no command split, so no advice.
        assert_eq!(
            message(&["--cmd", "./a", "src", "cases"]),
            "--cmd takes one case folder, found 2: src cases"
        );
        // A source beside a case file is a command's word, not a case.
        let folder = crate::test_folders::folder_with_files("cli-unquoted", &["sol.py", "1.in"]);
        let (source, case) = (folder.join("sol.py"), folder.join("1.in"));
        let (source, case) = (source.to_str().unwrap(), case.to_str().unwrap());
        assert!(message(&["--cmd", "python3", source, case])
            .ends_with(&format!("quote it, judge --cmd 'python3 {source}' {case})")));
        // A source alone is no case folder; with -d, the words left over are the command's.
        assert_eq!(
            message(&["--cmd", "python3", source]),
            format!("{source} is a source file, not a case folder: a command of several words is one argument: quote it, judge --cmd 'python3 {source}' DIR")
        );
        assert_eq!(
            message(&["-c", "python3", source, "-d", "test"]),
            format!("-d test names the case folder, and {source} is left over: a command of several words is one argument: quote it, judge -c 'python3 {source}' -d test")
        );
        // A pattern the shell expanded, answers included: the part the names share.
        assert!(message(&[
            "--cmd",
            "./a",
            "d/sample-1.in",
            "d/sample-1.ans",
            "d/sample-2.in"
        ])
        .ends_with("quote it, and the judge matches it: judge --cmd '…' 'd/sample-*')"));
    }

    #[test]
    fn a_time_limit_above_a_minute_needs_its_unit() {
        let message = |arguments: &[&str]| parsed(arguments).unwrap_err().0;
        assert_eq!(
            message(&["-t", "2000"]),
            "a time limit of 2000 s is 33 minutes; did you mean -t 2 (seconds) or -t 2000ms? (for 2000 seconds: -t 2000s)"
        );
        assert_eq!(
            message(&["--time-limit=1500", "d"]),
            "a time limit of 1500 s is 25 minutes; did you mean -t 1.5 (seconds) or -t 1500ms? (for 1500 seconds: -t 1500s)"
        );
        assert!(message(&["-t", "90"]).contains("90 s is 1.5 minutes; did you mean -t 0.09"));
        assert!(message(&["-t", "7200"]).contains("7200 s is 2 hours"));
        let time = |arguments: &[&str]| options(arguments).common.limits.time;
        assert_eq!(time(&["-t", "60"]), Some(Duration::from_secs(60)));
        assert_eq!(time(&["-t", "2000ms"]), Some(Duration::from_secs(2)));
        assert_eq!(time(&["-t", "2000s"]), Some(Duration::from_secs(2000)));
        assert_eq!(time(&["-t1.5s"]), Some(Duration::from_millis(1500)));
        // The other times are not limits a judge sets: a long stress run is meant.
        assert!(parsed(&["stress", "x", "--cmd", "./a", "--time", "600"]).is_ok());
        assert!(parsed(&["--wall-limit", "120"]).is_ok());
        for bad in ["ms", "s", "2 s", "-5ms", "0.5ms", "2h"] {
            assert!(
                message(&["-t", bad]).contains("--time-limit expects seconds"),
                "{bad}"
            );
        }
    }
}
