//! `judge validate`: every `.in` of a case folder (or every input of a package in its layout:
//! a Kattis package's `data/`, AtCoder's `in/`, Polygon's `tests/`) through a validator, built
//! in (by solver name) or any command (exit 0 = valid), one line per file, then a count.

pub mod options;

use crate::cases::files::natural_order;
use crate::cases::layout::{self, Answers, Layout};
use crate::limits::Limits;
use crate::outcome::Outcome;
use crate::problems::validators::Validator;
use crate::problems::{validator, PROBLEMS};
use crate::process::{execute, Program, Session, Signals, Termination};
use crate::text::printable;
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

/// Why a file is invalid, or `None` when it is valid.
fn verdict(check: &Check, file: &Path, limits: Limits) -> io::Result<Option<String>> {
    match check {
        Check::BuiltIn(validate) => Ok(validate(&fs::read(file)?)
            .err()
            .map(|invalid| invalid.to_string())),
        Check::Command(program) => {
            let run = execute(program, Some(file), limits)?;
            let tail = String::from_utf8_lossy(&run.stderr_tail);
            let tail = tail.trim();
            let start = tail
                .char_indices()
                .rev()
                .nth(STDERR_SHOWN)
                .map_or(0, |(index, _)| index);
            let how = match (run.ended.stopped, run.ended.termination) {
                (Some(stop), _) => format!("stopped by the judge ({stop:?})"),
                (None, Termination::Exited(0)) => return Ok(None),
                (None, Termination::Exited(code)) => format!("exit status {code}"),
                (None, Termination::Signaled(signal)) => format!("killed by signal {signal}"),
            };
            Ok(Some(if tail.is_empty() {
                how
            } else {
                format!("{how}: {}", &tail[start..])
            }))
        }
    }
}

/// Runs `judge validate`: `names` (all solvers when empty) on their folders under
/// `root/cases`, or with `command`, that command on the one folder in `names`.
pub fn run(root: &Path, options: &ValidateOptions, limits: Limits) -> Outcome {
    let names = options.names.as_slice();
    let mut folders: Vec<(String, PathBuf, Check)> = Vec::new();
    match options.command.as_deref() {
        Some(line) => {
            let [folder] = names else {
                eprintln!("error: --validator takes one folder, found {}", names.len());
                return Outcome::Error;
            };
            let dir = PathBuf::from(folder);
            let label = dir.file_name().map_or_else(
                || folder.clone(),
                |name| name.to_string_lossy().into_owned(),
            );
            folders.push((label, dir, Check::Command(Program::Shell(line.to_string()))));
        }
        None if names.is_empty() => {
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
                        "error: no validator named {:?} (validators: {})",
                        printable(name),
                        known.join(", ")
                    );
                    return Outcome::Error;
                };
                let dir = root.join("cases").join(name);
                folders.push((name.clone(), dir, Check::BuiltIn(validate)));
            }
        }
    }
    let mut files = Vec::new();
    for (label, dir, check) in &folders {
        match inputs(dir) {
            Ok(found) if found.is_empty() => {
                eprintln!(
                    "error: {}: no .in files to validate: an empty suite is not a pass",
                    printable(&dir.display().to_string())
                );
                return Outcome::Error;
            }
            Ok(found) => files.extend(
                found
                    .into_iter()
                    .map(|(name, file)| (format!("{label}/{name}"), file, check)),
            ),
            Err(errors) => {
                for error in errors {
                    eprintln!("error: {}", printable(&error));
                }
                return Outcome::Error;
            }
        }
    }
    let session = Session::start(Signals::Default);
    let labels: Vec<String> = files.iter().map(|(label, _, _)| printable(label)).collect();
    let width = labels
        .iter()
        .map(|label| label.chars().count())
        .max()
        .unwrap_or(0);
    let (mut invalid, mut errors) = (0, 0);
    for ((_, file, check), label) in files.iter().zip(&labels) {
        match verdict(check, file, limits) {
            Ok(None) => println!("{label:width$}  valid"),
            Ok(Some(reason)) => {
                invalid += 1;
                println!("{label:width$}  invalid: {}", printable(&reason));
            }
            Err(error) => {
                errors += 1;
                println!("{label:width$}  error: {}", printable(&error.to_string()));
            }
        }
    }
    drop(session);
    let valid = files.len() - invalid - errors;
    println!("{} files: {valid} valid, {invalid} invalid", files.len());
    if errors > 0 {
        Outcome::Error
    } else if invalid > 0 {
        Outcome::Failed
    } else {
        Outcome::Passed
    }
}
