//! A package's input validators, run over every input before any submission: each program in
//! a Kattis package's `input_validators/` (a file or a folder, built from source as needed)
//! reads an input on stdin and exits 42 when it is valid; a Polygon package's `<validators>`
//! (testlib, built with `files/`) exit 0.

use crate::cases::layout::{polygon, Layout};
use crate::cases::Case;
use crate::limits::Limits;
use crate::process::{execute, Program, Termination, Trust};
use crate::sources::{self, Language};
use crate::temp_folder::quoted;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Kattis's exit status for a valid input.
const VALID: i32 = 42;

/// The folders a package may keep its input validators in.
const FOLDERS: [&str; 2] = ["input_validators", "input_format_validators"];

/// What running the validators found.
#[derive(Debug, Default)]
pub struct Checked {
    /// The validators, by name.
    pub names: Vec<String>,
    /// Each input a validator refused: the case, the validator, why.
    pub invalid: Vec<String>,
    /// Validators that could not be built or run (a broken package).
    pub broken: Vec<String>,
}

/// A validator ready to run: its shell line, its name, and the exit status of a valid input.
struct Validator {
    name: String,
    line: String,
    valid: i32,
}

fn is_executable_file(path: &Path) -> bool {
    path.metadata()
        .is_ok_and(|metadata| metadata.is_file() && metadata.permissions().mode() & 0o111 != 0)
}

/// The package's validators, built; and the ones that do not build.
fn validators(dir: &Path) -> (Vec<Validator>, Vec<String>) {
    let mut ready = Vec::new();
    let mut broken = Vec::new();
    let Some(folder) = FOLDERS
        .iter()
        .map(|name| dir.join(name))
        .find(|folder| folder.is_dir())
    else {
        return (ready, broken);
    };
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&folder)
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
        // A program as it is (a script, a built binary), else source to build.
        if path.is_file() && Language::of(&path).is_none() && is_executable_file(&path) {
            ready.push(Validator {
                name,
                line: quoted(&path),
                valid: VALID,
            });
            continue;
        }
        if path.is_file() && Language::of(&path).is_none() {
            continue; // a README, a header
        }
        match sources::build(&path, &[]) {
            Ok(built) => ready.push(Validator {
                name,
                line: format!("cd {} && {}", quoted(&built.folder), quoted(&built.program)),
                valid: VALID,
            }),
            Err(failure) => broken.push(format!("input validator {failure}")),
        }
    }
    (ready, broken)
}

/// The last line a validator wrote on stderr, as its reason.
fn reason(stderr_tail: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr_tail);
    text.lines()
        .rev()
        .map(str::trim)
        .find(|line| !line.is_empty())
        .map_or_else(String::new, |line| format!(": {line}"))
}

/// A Polygon package's validators, built; and why not, if they do not build.
fn polygon_validators(dir: &Path) -> (Vec<Validator>, Vec<String>) {
    match polygon::validators(dir) {
        Ok(programs) => (
            programs
                .into_iter()
                .map(|program| Validator {
                    line: quoted(&program.program),
                    name: program.shown,
                    valid: 0,
                })
                .collect(),
            Vec::new(),
        ),
        Err(error) => (Vec::new(), vec![error.to_string()]),
    }
}

/// Runs every validator of the package at `dir` (of `layout`) on every case's input.
pub fn check(dir: &Path, layout: Layout, cases: &[Case]) -> Checked {
    let (ready, broken) = match layout {
        Layout::Polygon => polygon_validators(dir),
        _ => validators(dir),
    };
    let mut checked = Checked {
        names: ready
            .iter()
            .map(|validator| validator.name.clone())
            .collect(),
        broken,
        ..Checked::default()
    };
    let limits = Limits {
        output_bytes: 1 << 20,
        ..Limits::with_cpu(Duration::from_secs(60))
    };
    for validator in &ready {
        for case in cases {
            let program = Program::Shell(validator.line.clone());
            match execute(&program, Some(&case.input), limits, Trust::Helper) {
                Ok(ran) if ran.ended.stopped.is_none() => match ran.ended.termination {
                    Termination::Exited(status) if status == validator.valid => {}
                    other => checked.invalid.push(format!(
                        "{}: refused by {} ({other}){}",
                        case.name,
                        validator.name,
                        reason(&ran.stderr_tail)
                    )),
                },
                Ok(ran) => checked.broken.push(format!(
                    "input validator {} on {}: stopped ({:?})",
                    validator.name,
                    case.name,
                    ran.ended.stopped.unwrap_or(crate::process::Stop::Requested)
                )),
                Err(error) => checked.broken.push(format!(
                    "input validator {}: cannot run: {error}",
                    validator.name
                )),
            }
        }
    }
    checked
}
