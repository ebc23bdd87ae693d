//! A package's input validators, run over every input before any submission: each program in
//! a Kattis package's `input_validators/` (a file or a folder, built from source as needed; a
//! script without its executable bit runs by its `#!` line) reads an input on stdin, given the
//! `input_validator_flags` of the nearest `testdata.yaml` (2025-09: the `input_validator_args`
//! of the case's `.yaml` or its group's `test_group.yaml`, then the case's `args`), and exits
//! 42 when it is valid; any
//! other end (43, a failed assert, a crash) is an input it did not accept, as problemtools has
//! it; a Polygon package's `<validators>` (testlib, built with `files/`), given `--testset
//! tests` and the test's `--group` as Polygon gives them, exit 0 for a valid input and 3 for an
//! invalid one (any other end is a broken validator). A validator the judge
//! had to stop (a minute of CPU, ten seconds idle) is broken whatever its format. Used by `judge verify` (before any
//! submission) and `judge validate PKG`.

use crate::cases::kattis_yaml::input_validator_flags;
use crate::cases::layout::{polygon, Layout};
use crate::cases::package::Package;
use crate::cases::polygon_xml::PolygonProblem;
use crate::cases::test_group::TestConfig;
use crate::cases::{Case, CaseFolder};
use crate::limits::{Limits, PastOutputCap};
use crate::process::{executable_file, execute, Program, Termination, Trust};
use crate::sources::{self, Constants, Language};
use crate::temp_folder::quoted;
use crate::text::last_line;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The most of a validator's last stderr line shown.
const STDERR_SHOWN: usize = 300;

/// Kattis's exit statuses for a valid and an invalid input.
const VALID: i32 = 42;
const INVALID: i32 = 43;

/// The folders a package may keep its input validators in.
const FOLDERS: [&str; 2] = ["input_validators", "input_format_validators"];

/// What running the validators found.
#[derive(Debug, Default)]
pub struct InputValidation {
    /// The validators, by name.
    pub names: Vec<String>,
    /// Each input a validator refused.
    pub invalid: Vec<Refused>,
    /// Validators that could not be built or run, or ended otherwise than their format says
    /// (a broken package).
    pub broken: Vec<String>,
    /// Validators the judge cannot run here, each with why, and scripts it runs without the
    /// executable bit the format asks of them (warnings).
    pub skipped: Vec<String>,
}

impl InputValidation {
    /// How many inputs some validator refused (an input two refused counts once).
    pub fn invalid_inputs(&self) -> usize {
        let mut cases: Vec<&str> = self
            .invalid
            .iter()
            .map(|refused| refused.case.as_str())
            .collect();
        cases.sort_unstable();
        cases.dedup();
        cases.len()
    }
}

/// An input a validator refused: the case's name, and `refused by VALIDATOR (exit status 43):
/// its last stderr line`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub case: String,
    pub why: String,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.case, self.why)
    }
}

/// How a validator says an input is valid or not; any other end is a broken validator.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rules {
    /// 42 valid, 43 invalid.
    Kattis,
    /// 0 valid, 3 invalid (testlib's `_fail`).
    Testlib,
    /// 0 valid, 1 invalid (checktestdata; 2 is an error in the script).
    Checktestdata,
}

impl Rules {
    /// The exit statuses of a valid and of an invalid input.
    fn statuses(self) -> (i32, i32) {
        match self {
            Rules::Kattis => (VALID, INVALID),
            Rules::Testlib => (0, 3),
            Rules::Checktestdata => (0, 1),
        }
    }

    /// What a validator of these rules is, for a message.
    fn describe(self) -> &'static str {
        match self {
            Rules::Kattis => {
                "a Kattis input validator exits 42 for a valid input and 43 for an invalid one"
            }
            Rules::Testlib => {
                "a testlib validator exits 0 for a valid input and 3 for an invalid one"
            }
            Rules::Checktestdata => {
                "checktestdata exits 0 for a valid input and 1 for an invalid one"
            }
        }
    }
}

/// A validator ready to run: its name, its shell line (arguments are added after it), and its
/// rules.
struct Validator {
    name: String,
    line: String,
    rules: Rules,
}

/// The command of a script's `#!` line with the script after it, quoted for the shell.
fn by_shebang(path: &Path) -> Option<String> {
    let text = fs::read(path).ok()?;
    let first = text.split(|&byte| byte == b'\n').next()?;
    let command = std::str::from_utf8(first.strip_prefix(b"#!")?).ok()?;
    let words: Vec<String> = command
        .split_whitespace()
        .map(|word| quoted(Path::new(word)))
        .collect();
    (!words.is_empty()).then(|| format!("{} {}", words.join(" "), quoted(path)))
}

/// A checktestdata script (`.ctd`) as a validator: run by `checktestdata`, or the Python one
/// problemtools installs (`pyctd`); `None` when neither is here.
fn checktestdata(path: &Path) -> Option<String> {
    ["checktestdata", "pyctd"]
        .into_iter()
        .find(|tool| sources::installed(tool))
        .map(|tool| format!("{tool} {}", quoted(path)))
}

/// A Kattis package's validators, built; the ones that cannot run (broken), and the ones the
/// judge cannot run here (skipped).
fn kattis_validators(
    dir: &Path,
    constants: &Constants,
) -> (Vec<Validator>, Vec<String>, Vec<String>) {
    let mut ready = Vec::new();
    let mut broken = Vec::new();
    let mut skipped = Vec::new();
    let Some(folder) = FOLDERS
        .iter()
        .map(|name| dir.join(name))
        .find(|folder| folder.is_dir())
    else {
        return (ready, broken, skipped);
    };
    let mut entries: Vec<PathBuf> = fs::read_dir(&folder)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| {
            !path
                .file_name()
                .is_some_and(|name| name.to_string_lossy().starts_with('.'))
        })
        .collect();
    entries.sort();
    for path in entries {
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        // A script without its executable bit runs all the same, with a warning.
        skipped.extend(sources::scripts_without_exec_bit(&path));
        let kattis = |line: String| Validator {
            name: name.clone(),
            line,
            rules: Rules::Kattis,
        };
        // A script run as it is gets the package's constants in a copy (2025-09).
        let source = path.clone();
        let extension = source.extension().and_then(|extension| extension.to_str());
        let path = match Language::of(&source).is_none() && source.is_file() {
            true => match sources::program_with_constants(&source, constants) {
                Ok(copy) => copy,
                Err(error) => {
                    broken.push(format!(
                        "input validator {name}: its constants cannot be put in: {error}"
                    ));
                    continue;
                }
            },
            false => path,
        };
        if path.is_file() && extension == Some("ctd") {
            match checktestdata(&path) {
                Some(line) => ready.push(Validator {
                    name: name.clone(),
                    line,
                    rules: Rules::Checktestdata,
                }),
                None => skipped.push(format!(
                    "input validator {name} not run: it is a checktestdata script, and neither checktestdata nor pyctd (pip install checktestdata) is installed"
                )),
            }
            continue;
        }
        if path.is_file() && extension == Some("viva") {
            skipped.push(format!(
                "input validator {name} not run: the judge does not run VIVA scripts"
            ));
            continue;
        }
        // A program as it is (a script, a built binary), else source to build.
        if path.is_file() && Language::of(&path).is_none() {
            if executable_file(&path) {
                ready.push(kattis(quoted(&path)));
            } else if let Some(line) = by_shebang(&path) {
                ready.push(kattis(line));
            } else if !Language::is_header(&path) && !name.starts_with("README") {
                broken.push(format!(
                    "input validator {name}: neither executable, nor a script with a #! line, nor source of a language the judge builds"
                ));
            }
            continue;
        }
        match sources::build_problem_program(&source, constants) {
            Ok(built) => ready.push(kattis(format!(
                "cd {} && {}",
                quoted(&built.folder),
                quoted(&built.program)
            ))),
            Err(failure) => broken.push(format!("input validator {failure}")),
        }
    }
    (ready, broken, skipped)
}

/// A Polygon package's validators (`problem`: its problem.xml), built; and why not, if they do
/// not build.
fn polygon_validators(dir: &Path, problem: &PolygonProblem) -> (Vec<Validator>, Vec<String>) {
    match polygon::validators(dir, problem) {
        Ok(programs) => (
            programs
                .into_iter()
                .map(|program| Validator {
                    line: quoted(&program.program),
                    name: program.shown,
                    rules: Rules::Testlib,
                })
                .collect(),
            Vec::new(),
        ),
        Err(error) => (Vec::new(), vec![error.to_string()]),
    }
}

/// The input validator flags for `case`: those of the nearest `testdata.yaml` from its folder
/// up to the package's `data/` that gives some.
fn flags_for(dir: &Path, case: &Case) -> Result<Vec<String>, String> {
    let data = dir.join("data");
    let mut folder = case.input.parent();
    while let Some(here) = folder {
        let file = here.join("testdata.yaml");
        if let Ok(text) = fs::read_to_string(&file) {
            match input_validator_flags(&text) {
                Ok(Some(flags)) => return Ok(flags),
                Ok(None) => {}
                Err(why) => return Err(format!("{}: {why}", file.display())),
            }
        }
        if here == data || !here.starts_with(dir) {
            break;
        }
        folder = here.parent();
    }
    Ok(Vec::new())
}

/// The last line a validator wrote on stderr, as its reason (`: …`).
fn reason(stderr_tail: &[u8]) -> String {
    last_line(stderr_tail, STDERR_SHOWN).map_or_else(String::new, |line| format!(": {line}"))
}

/// The arguments of a Kattis validator `name` for `case`: the `input_validator_args` of the
/// case's own `.yaml` or its group's `test_group.yaml` (2025-09, by validator name where a map
/// names them) followed by the case's `args`, as the format gives them; else the
/// `input_validator_flags` of the nearest legacy `testdata.yaml`.
fn kattis_arguments(
    dir: &Path,
    config: &TestConfig,
    name: &str,
    case: &Case,
) -> Result<Vec<String>, String> {
    let settings = config.of(&case.input);
    let mut arguments = match settings.input_validator_args {
        Some(args) => args.of(name),
        None if config.test_group_yaml => Vec::new(),
        None => flags_for(dir, case)?,
    };
    arguments.extend(case.args.iter().cloned());
    Ok(arguments)
}

/// Runs `validator` with `flags` on the input of `case`: `None` when it accepts the input,
/// the refusal when it does not, and an error (the validator is broken) when it cannot run,
/// is stopped at a limit or ends in a way its rules give no meaning.
fn run_on_case(
    validator: &Validator,
    case: &Case,
    flags: &[String],
    limits: Limits,
) -> Result<Option<Refused>, String> {
    let mut line = validator.line.clone();
    for flag in flags {
        line.push(' ');
        line.push_str(&quoted(Path::new(flag)));
    }
    // What a validator prints on stdout is not read.
    let line = format!("{{ {line}; }} > /dev/null");
    let ran = execute(
        &Program::Shell(line),
        Some(&case.input),
        limits,
        Trust::Helper,
    )
    .map_err(|error| format!("input validator {}: cannot run: {error}", validator.name))?;
    if let Some(stop) = ran.ended.stopped {
        return Err(format!(
            "input validator {} on {}: {}",
            validator.name,
            case.name,
            stop.said(&limits)
        ));
    }
    let refused = |status: String| Refused {
        case: case.name.clone(),
        why: format!(
            "refused by {} ({status}){}",
            validator.name,
            reason(&ran.stderr_tail)
        ),
    };
    let (valid, invalid) = validator.rules.statuses();
    match ran.ended.termination {
        Termination::Exited(status) if status == valid => Ok(None),
        Termination::Exited(status) if status == invalid => {
            Ok(Some(refused(format!("exit status {invalid}"))))
        }
        // problemtools: any end but 42 is an input not accepted (an assert that fails, a
        // crash), not a broken validator.
        other if validator.rules == Rules::Kattis => {
            Ok(Some(refused(format!("{other}, not {VALID}"))))
        }
        other => Err(format!(
            "input validator {} on {}: {other}{}: {}",
            validator.name,
            case.name,
            reason(&ran.stderr_tail),
            validator.rules.describe()
        )),
    }
}

/// Runs every validator of the package at `dir` (read as `folder`) on the input of each of
/// `cases`, with the package's `constants` put into a Kattis validator's source and its test
/// data configuration giving the arguments; a validator that breaks is not run on the inputs
/// after.
pub fn check(dir: &Path, folder: &CaseFolder, cases: &[Case]) -> InputValidation {
    let (layout, config, constants) = (folder.layout, &folder.config, &folder.constants);
    let polygon = folder.package.as_ref().and_then(Package::polygon);
    let (ready, broken, skipped) = match (layout, polygon) {
        (Layout::Polygon, Some(problem)) => {
            let (ready, broken) = polygon_validators(dir, problem);
            (ready, broken, Vec::new())
        }
        (Layout::Polygon, None) => Default::default(),
        _ => kattis_validators(dir, constants),
    };
    let mut checked = InputValidation {
        names: ready
            .iter()
            .map(|validator| validator.name.clone())
            .collect(),
        broken,
        skipped,
        ..InputValidation::default()
    };
    // A minute of CPU, as Kattis's validation time; ten seconds idle is a hang.
    let limits = Limits {
        output_bytes: 1 << 20,
        past_output_cap: PastOutputCap::Kill,
        wall: Duration::from_secs(10),
        ..Limits::with_cpu(Duration::from_secs(60))
    };
    // Polygon's arguments for each test (its testset and group); problem.xml was read already.
    let polygon_arguments = polygon
        .map(|problem| polygon::validator_arguments(dir, problem))
        .unwrap_or_default();
    for validator in &ready {
        for case in cases {
            let flags = match (
                validator.rules,
                kattis_arguments(dir, config, &validator.name, case),
            ) {
                (Rules::Kattis, Ok(flags)) => flags,
                (Rules::Kattis, Err(why)) => {
                    checked.broken.push(why);
                    break;
                }
                (Rules::Testlib, _) => polygon_arguments
                    .get(&case.name)
                    .cloned()
                    .unwrap_or_else(|| vec!["--testset".to_string(), "tests".to_string()]),
                _ => Vec::new(),
            };
            match run_on_case(validator, case, &flags, limits) {
                Ok(None) => {}
                Ok(Some(refused)) => checked.invalid.push(refused),
                Err(broken) => {
                    checked.broken.push(broken);
                    break;
                }
            }
        }
    }
    checked
}
