//! `judge validate`: every `.in` of a case folder (or every input of a package in its layout:
//! a Kattis package's `data/`, AtCoder's `in/`, Polygon's `tests/`) through a validator, built
//! in (by solver name) or any command (exit 0 = valid, any other exit status invalid; a
//! validator that crashes, hangs or is killed by the judge is an error of the check, exit 2),
//! one line per file, then a count. A package given alone (`judge validate PKG`) is checked by
//! its own input validators, by its format's rules (see `cases::input_validators`).

pub mod options;

use crate::cases::files::{natural_order, readable};
use crate::cases::input_validators;
use crate::cases::layout::{self, Answers, Layout};
use crate::cases::read_cases;
use crate::cases::solvers::solver_names;
use crate::limits::Limits;
use crate::outcome::Outcome;
use crate::problems::project::Project;
use crate::problems::validators::Validator;
use crate::problems::{validator, PROBLEMS};
use crate::process::{execute, Program, Session, Signals, Termination, Trust};
use crate::report::events::{Event, FileValidity};
use crate::report::reporter::Reporter;
use crate::report::{label_width, Format};
use crate::text::{count, last_line, printable};
use options::ValidateOptions;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// How much of an external validator's stderr is shown.
const STDERR_SHOWN: usize = 300;

/// What checks the files.
enum Check {
    BuiltIn(Validator),
    Command(Program),
}

/// The `.in` files of `dir`, in natural order (`sample-2` before `sample-10`).
pub fn in_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<io::Result<_>>()?;
    files.retain(|path| path.extension().is_some_and(|extension| extension == "in"));
    files.sort_by(|a, b| natural_order(&stem(a), &stem(b)));
    Ok(files)
}

/// The inputs of `dir` with their case names, in natural order: every `.in` of a flat folder,
/// or the inputs its package layout lists (its skipped files named in warnings).
fn inputs(dir: &Path) -> Result<Vec<(String, PathBuf)>, Vec<String>> {
    let strings = |errors: Vec<_>| errors.iter().map(ToString::to_string).collect::<Vec<_>>();
    match layout::detect(dir) {
        Ok(Some(found)) if found != Layout::OnlineJudgeTools => {
            let listing = layout::list(dir, found, Answers::Optional).map_err(strings)?;
            for warning in &listing.warnings {
                eprintln!("warning: {}", printable(warning));
            }
            let mut cases = listing.cases;
            cases.sort_by(|a, b| natural_order(&a.name, &b.name));
            Ok(cases
                .into_iter()
                .map(|case| (case.name, case.input))
                .collect())
        }
        _ => in_files(dir)
            .map(|files| files.into_iter().map(|file| (stem(&file), file)).collect())
            .map_err(|error| vec![format!("{}: {error}", dir.display())]),
    }
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |stem| stem.to_string_lossy().into_owned())
}

/// Checks one file: exit 0 is valid, any other exit status invalid; a validator that dies of a
/// signal or is stopped by the judge has said nothing about the file.
fn check_file(check: &Check, file: &Path, limits: Limits) -> FileValidity {
    let program = match check {
        Check::BuiltIn(validate) => {
            return match fs::read(file) {
                Ok(text) => validate(&text).map_or_else(
                    |invalid| FileValidity::Invalid(invalid.to_string()),
                    |()| FileValidity::Valid,
                ),
                Err(error) => FileValidity::Failed(format!("cannot read the file: {error}")),
            }
        }
        Check::Command(program) => program,
    };
    let run = match execute(program, Some(file), limits, Trust::Helper) {
        Ok(run) => run,
        Err(error) => return FileValidity::Failed(format!("cannot run the validator: {error}")),
    };
    // Its last line says why (a Python traceback's is the exception; testlib's its one line).
    let tail = last_line(&run.stderr_tail, STDERR_SHOWN).unwrap_or_default();
    let with_tail = |how: String| match tail.is_empty() {
        true => how,
        false => format!("{how}: {tail}"),
    };
    match (run.ended.stopped, run.ended.termination) {
        (Some(stop), _) => FileValidity::Failed(with_tail(format!(
            "the validator {}: killed",
            stop.said(&limits)
        ))),
        (None, Termination::Exited(0)) => FileValidity::Valid,
        // A Kattis input validator accepts with 42: given as --validator, it is mistaken.
        (None, Termination::Exited(42)) => FileValidity::Invalid(with_tail(
            "exit status 42 (a Kattis input validator's \"valid\": judge validate PKG runs a package's own validators by its rules; --validator takes exit 0 as valid)".to_string(),
        )),
        (None, Termination::Exited(code)) => {
            FileValidity::Invalid(with_tail(format!("exit status {code}")))
        }
        (None, signaled) => FileValidity::Failed(with_tail(format!("the validator was {signaled}"))),
    }
}

/// What to do instead of validating the project's case folders where there are none.
const VALIDATE_INSTEAD: &str = "validate a folder of yours with a validator of yours: judge validate --validator 'COMMAND' DIR";

/// The folders `judge validate` checks, each with its label and its check: `names` (all
/// solvers when empty) under the checkout's `cases/`, or the one folder given with `--validator`.
fn folders_to_validate(
    project: &Project,
    options: &ValidateOptions,
) -> Result<Vec<(String, PathBuf, Check)>, Outcome> {
    // The checkout whose case folders `what` validates, or the error that there is none.
    let checkout = |what: &str| {
        project
            .cases(what, Some(VALIDATE_INSTEAD))
            .map_err(|error| {
                eprintln!("error: {}", printable(&error));
                Outcome::Error
            })
    };
    let names = options.names.as_slice();
    let mut folders: Vec<(String, PathBuf, Check)> = Vec::new();
    match options.command.as_deref() {
        Some(line) => {
            let [folder] = names else {
                eprintln!("error: --validator takes one folder, found {}", names.len());
                return Err(Outcome::Error);
            };
            let dir = PathBuf::from(folder);
            let label = dir.file_name().map_or_else(
                || folder.clone(),
                |name| name.to_string_lossy().into_owned(),
            );
            folders.push((label, dir, Check::Command(Program::Shell(line.to_string()))));
        }
        None if names.is_empty() => {
            let root = checkout("validating every solver's cases")?;
            // Every solver has a validator, or the run says which does not (never a silent skip).
            if let Ok(solvers) = solver_names(&root.join("src/bin")) {
                let missing: Vec<&String> = solvers
                    .iter()
                    .filter(|name| validator(name).is_none())
                    .collect();
                if !missing.is_empty() {
                    for name in missing {
                        eprintln!(
                            "error: {} has no validator: add its row to PROBLEMS in src/problems/mod.rs, or check its folder with judge validate --validator 'COMMAND' cases/{0}",
                            printable(name)
                        );
                    }
                    return Err(Outcome::Error);
                }
            }
            for problem in PROBLEMS {
                let dir = root.join("cases").join(problem.name);
                folders.push((
                    problem.name.to_string(),
                    dir,
                    Check::BuiltIn(problem.validator),
                ));
            }
        }
        None => {
            for name in names {
                let Some(validate) = validator(name) else {
                    let known: Vec<&str> = PROBLEMS.iter().map(|problem| problem.name).collect();
                    eprintln!(
                        "error: no validator named {:?} (validators: {}); a package is checked by its own input validators with judge validate DIR, any folder with judge validate --validator 'COMMAND' DIR",
                        printable(name),
                        known.join(", ")
                    );
                    return Err(Outcome::Error);
                };
                let root = checkout(&format!("validating the cases of {name}"))?;
                let dir = root.join("cases").join(name);
                folders.push((name.clone(), dir, Check::BuiltIn(validate)));
            }
        }
    }
    Ok(folders)
}

/// Every input of the folders, labelled `FOLDER/NAME`, with its folder's check; an empty folder
/// or a file that is no regular file is an error.
fn files_to_validate(
    folders: &[(String, PathBuf, Check)],
) -> Result<Vec<(String, PathBuf, &Check)>, Outcome> {
    let mut files = Vec::new();
    for (label, dir, check) in folders {
        match inputs(dir) {
            Ok(found) if found.is_empty() => {
                eprintln!(
                    "error: {}: no .in files to validate: an empty suite is not a pass",
                    printable(&dir.display().to_string())
                );
                return Err(Outcome::Error);
            }
            Ok(found) => {
                // Refused before anything runs, as when judging: a FIFO would hang the
                // validator, a link to /proc/self/mem hand it the judge's memory.
                if let Some(error) = found
                    .iter()
                    .find_map(|(_, file)| readable(file, "a case file").err())
                {
                    eprintln!("error: {}", printable(&error.to_string()));
                    return Err(Outcome::Error);
                }
                files.extend(
                    found
                        .into_iter()
                        .map(|(name, file)| (format!("{label}/{name}"), file, check)),
                )
            }
            Err(errors) => {
                for error in errors {
                    eprintln!("error: {}", printable(&error));
                }
                return Err(Outcome::Error);
            }
        }
    }
    Ok(files)
}

/// Runs `judge validate`: `names` (all solvers when empty) on their folders under the
/// checkout's `cases/`, or with `command`, that command on the one folder in `names`.
pub fn run(project: &Project, options: &ValidateOptions, limits: Limits) -> Outcome {
    let names = options.names.as_slice();
    if let (None, [name]) = (&options.command, names) {
        if validator(name).is_none() && Path::new(name).is_dir() {
            return by_its_own_validators(Path::new(name));
        }
    }
    let folders = match folders_to_validate(project, options) {
        Ok(folders) => folders,
        Err(outcome) => return outcome,
    };
    let files = match files_to_validate(&folders) {
        Ok(files) => files,
        Err(outcome) => return outcome,
    };
    let session = Session::start(Signals::Default);
    let mut reporter = Reporter::new(Format::Human);
    let label_width = label_width(files.iter().map(|(label, _, _)| label.as_str()));
    let _ = reporter.emit(Event::Listed { label_width });
    let (mut invalid, mut errors) = (0, 0);
    for (label, file, check) in &files {
        let validity = check_file(check, file, limits);
        match validity {
            FileValidity::Valid => {}
            FileValidity::Invalid(_) => invalid += 1,
            FileValidity::Failed(_) => errors += 1,
        }
        let _ = reporter.emit(Event::FileValidated {
            label,
            validity: &validity,
        });
    }
    drop(session);
    let valid = files.len() - invalid - errors;
    let _ = reporter.emit(Event::FilesDone {
        valid,
        invalid,
        errors,
    });
    reporter.outcome(if errors > 0 {
        Outcome::Error
    } else if invalid > 0 {
        Outcome::Failed
    } else {
        Outcome::Passed
    })
}

/// `judge validate PKG`: every input of a package through the package's own input validators
/// (Kattis `input_validators/`, Polygon's `<validators>`), one line per input, then a count.
fn by_its_own_validators(dir: &Path) -> Outcome {
    let shown = printable(&dir.display().to_string());
    let folder = match read_cases(dir) {
        Ok(folder) => folder,
        Err(errors) => {
            for error in errors {
                eprintln!("error: {}", printable(&error.to_string()));
            }
            return Outcome::Error;
        }
    };
    if folder.cases.is_empty() {
        eprintln!("error: {shown}: no inputs to validate: an empty suite is not a pass");
        return Outcome::Error;
    }
    // (The folder's warnings are about judging, not its inputs.)
    let session = Session::start(Signals::Default);
    let checked = input_validators::check(dir, &folder, &folder.cases);
    drop(session);
    for skipped in &checked.skipped {
        eprintln!("warning: {}", printable(skipped));
    }
    if !checked.broken.is_empty() {
        for broken in &checked.broken {
            eprintln!("error: {}", printable(broken));
        }
        return Outcome::Error;
    }
    if checked.names.is_empty() {
        eprintln!(
            "error: {shown} has no input validator of its own that the judge can run ({}): check it with judge validate --validator 'COMMAND' {shown}",
            match folder.layout {
                Layout::Polygon => "<validators> in problem.xml",
                _ => "input_validators/",
            }
        );
        return Outcome::Error;
    }
    eprintln!(
        "{shown}: {}, {}, input validators: {}",
        folder.layout,
        count(folder.cases.len(), "input"),
        checked.names.join(", ")
    );
    let mut reporter = Reporter::new(Format::Human);
    let label_width = label_width(folder.cases.iter().map(|case| case.name.as_str()));
    let _ = reporter.emit(Event::Listed { label_width });
    let mut invalid = 0;
    for case in &folder.cases {
        let refusals: Vec<&str> = checked
            .invalid
            .iter()
            .filter(|refused| refused.case == case.name)
            .map(|refused| refused.why.as_str())
            .collect();
        let validity = match refusals.is_empty() {
            true => FileValidity::Valid,
            false => {
                invalid += 1;
                FileValidity::Invalid(refusals.join("; "))
            }
        };
        let _ = reporter.emit(Event::FileValidated {
            label: &case.name,
            validity: &validity,
        });
    }
    let _ = reporter.emit(Event::FilesDone {
        valid: folder.cases.len() - invalid,
        invalid,
        errors: 0,
    });
    reporter.outcome(match invalid {
        0 => Outcome::Passed,
        _ => Outcome::Failed,
    })
}
