//! A Kattis package's own rules: how it is judged, from its `problem.yaml` (read in
//! `kattis_yaml`), its `data/**/testdata.yaml` and its output validator: the program in
//! `output_validators/` (or the newer `output_validator/`) that the judge can run as it is, a
//! `run` script or an executable file, in the folder or in one subfolder of it (problemtools
//! keeps each validator in a folder); a `run` beside a `build` script is built first. Kattis
//! ships validators as source: one that is only source is built by its language (or its
//! `build` script) into the cache (`sources`), and one that does not build is an error before
//! anything runs.
//!
//! An interactive problem's output validator is its interactor (the same `INPUT ANSWER
//! FEEDBACK_DIR` arguments); a problem with no output validator is judged by Kattis's default
//! one, whose flags (`validator_flags`) are read here; a custom validator gets them as extra
//! arguments.

use crate::cases::files::entries;
use crate::cases::folder_limits::FolderLimits;

/// The output limit of a Kattis package that sets none, in MiB: problemtools' default.
const KATTIS_DEFAULT_OUTPUT_MIB: u64 = 8;
use crate::cases::kattis_yaml::{
    parse_problem_yaml, parse_testdata_yaml, DefaultValidator, KattisProblem, Timing, Validation,
};
use crate::cases::{package_file, CaseError, Interactor, Judging};
use crate::process::executable_file;
use crate::sources;
use crate::temp_folder::quoted;
use std::path::{Path, PathBuf};

/// How a Kattis package is judged: its judging, the test groups whose own `testdata.yaml`
/// gives other output validator flags (each group's folder with its judging), its limits and
/// warnings (what it says and the judge does not apply).
pub struct KattisPackage {
    pub judging: Judging,
    pub groups: Vec<(PathBuf, Judging)>,
    pub limits: FolderLimits,
    pub warnings: Vec<String>,
    /// Its `include/` folder, put over every submission before it is built (problemtools'
    /// rule; DOMjudge has none).
    pub includes: Option<PathBuf>,
}

/// Reads the Kattis package at `dir`.
pub fn package(dir: &Path) -> Result<KattisPackage, CaseError> {
    let yaml_path = dir.join("problem.yaml");
    let invalid = |path: &Path, message: String| CaseError::Invalid {
        path: path.to_path_buf(),
        message,
    };
    let mut problem = match package_file(&yaml_path)? {
        Some(text) => parse_problem_yaml(&text, "problem.yaml")
            .map_err(|message| invalid(&yaml_path, message))?,
        None => KattisProblem::default(),
    };
    let mut warnings: Vec<String> = problem
        .warnings
        .iter()
        .map(|warning| format!("{}/{warning}", dir.display()))
        .collect();
    if let Some(said) = problem.limits.set_by_submissions.take() {
        problem.limits.set_by_submissions = Some(format!("{}/{said}", dir.display()));
    }
    crate::cases::domjudge::time_limit(dir, &mut problem.limits, &mut warnings)
        .map_err(|(file, message)| invalid(&dir.join(file), message))?;
    // A DOMjudge package runs by DOMjudge's rules: its output limit, its stack.
    let domjudge = crate::cases::domjudge::is_domjudge(dir);
    if domjudge {
        crate::cases::domjudge::apply_rules(&mut problem.limits)
            .map_err(|message| invalid(dir, message))?;
    } else if problem.limits.output_mib.is_none() {
        // Kattis's own: problemtools' default output limit (its config/problem.yaml).
        problem
            .limits
            .set_output(KATTIS_DEFAULT_OUTPUT_MIB, "Kattis's default")
            .map_err(|message| invalid(dir, message))?;
    }
    let yaml_flags = problem.validator_flags.clone();
    let mut groups = Vec::new();
    testdata_flags(
        &dir.join("data"),
        true,
        &mut problem.validator_flags,
        &mut groups,
        &mut warnings,
    )?;
    let folder = FOLDERS
        .iter()
        .map(|folder| dir.join(folder))
        .find(|folder| folder.is_dir());
    let custom = match problem.validation {
        Some(Validation::Custom) => true,
        Some(Validation::Default) => problem.interactive.is_some(),
        None => problem.interactive.is_some() || output_validator(dir)?.is_some(),
    };
    let program = match custom {
        true => {
            let said = problem.interactive.or(problem.validation_line);
            let Some(program) = output_validator(dir)? else {
                let why = match problem.interactive {
                    Some(_) => "an interactive problem",
                    None => "validation: custom",
                };
                return Err(invalid(
                    &yaml_path,
                    format!(
                        "line {}: {why}, but the package has no output validator program in output_validators/ or output_validator/",
                        said.unwrap_or(1)
                    ),
                ));
            };
            // A script without its executable bit runs all the same, with a warning.
            if let Some(folder) = &folder {
                warnings.extend(sources::scripts_without_exec_bit(folder));
            }
            Some(program)
        }
        false => {
            if let (Some(folder), Some(Validation::Default)) = (folder, problem.validation) {
                warnings.push(format!(
                    "{}: not used: problem.yaml says validation: default (the default output validator judges)",
                    folder.display()
                ));
            }
            None
        }
    };
    let flags_from = match yaml_flags == problem.validator_flags {
        true => yaml_path.clone(),
        false => dir.join("data/testdata.yaml"),
    };
    let judging = judging_with(
        &problem,
        program.as_deref(),
        &problem.validator_flags,
        &flags_from,
    )?;
    let groups = groups
        .into_iter()
        .map(|(group, flags)| {
            let flags: Vec<String> = yaml_flags.iter().cloned().chain(flags).collect();
            let judging = judging_with(
                &problem,
                program.as_deref(),
                &flags,
                &group.join("testdata.yaml"),
            )?;
            Ok((group, judging))
        })
        .collect::<Result<Vec<_>, CaseError>>()?;
    let includes = Some(dir.join("include")).filter(|folder| folder.is_dir() && !domjudge);
    Ok(KattisPackage {
        judging,
        groups,
        limits: problem.limits,
        warnings,
        includes,
    })
}

/// The judging of a package with these output validator flags: its own validator (`program`)
/// given them, as the interactor or after the output, or the default validator following
/// them; `flags_from` names the file they came from in an error.
fn judging_with(
    problem: &KattisProblem,
    program: Option<&Path>,
    flags: &[String],
    flags_from: &Path,
) -> Result<Judging, CaseError> {
    let Some(program) = program else {
        let validator = DefaultValidator::from_flags(flags).map_err(|message| {
            let key = match flags_from.ends_with("problem.yaml") {
                true => "validator_flags",
                false => "output_validator_flags",
            };
            CaseError::Invalid {
                path: flags_from.to_path_buf(),
                message: format!("{key}: {message}"),
            }
        })?;
        return Ok(Judging::KattisDefault(validator));
    };
    Ok(match problem.interactive {
        Some(_) => {
            let name = program.file_name().unwrap_or_default().to_string_lossy();
            let mut command = shell_word(&format!("./{name}"));
            if !flags.is_empty() {
                command.push_str(" {input} {answer} {feedback}");
                for flag in flags {
                    command.push(' ');
                    command.push_str(&shell_word(flag));
                }
            }
            Judging::Interactive(Interactor::Program {
                command,
                dir: program.parent().map(Path::to_path_buf),
                kattis: true,
            })
        }
        None => Judging::Validator {
            program: program.to_path_buf(),
            args: flags.to_vec(),
        },
    })
}

/// How `judge verify` computes the package's time limit from its accepted submissions: the
/// multipliers of its `problem.yaml`, else its format's defaults.
pub fn timing(dir: &Path) -> Result<Timing, CaseError> {
    let path = dir.join("problem.yaml");
    let problem = match package_file(&path)? {
        Some(text) => parse_problem_yaml(&text, "problem.yaml")
            .map_err(|message| CaseError::Invalid { path, message })?,
        None => KattisProblem::default(),
    };
    Ok(problem.timing())
}

/// A word as the shell reads it: as it is when it holds nothing the shell treats specially,
/// else quoted.
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "._-/+=:,@%".contains(c);
    match !word.is_empty() && word.chars().all(plain) && !word.contains('{') {
        true => word.to_string(),
        false => quoted(Path::new(word)),
    }
}

/// Adds the output validator flags of `data/testdata.yaml` to `flags`, and warns about the
/// other keys of every `testdata.yaml` below `data/`. A group whose own `testdata.yaml` gives
/// flags is judged with those instead (after `problem.yaml`'s, as problemtools passes them),
/// and so are the groups below it: each such group goes into `groups` with its flags.
fn testdata_flags(
    folder: &Path,
    top: bool,
    flags: &mut Vec<String>,
    groups: &mut Vec<(PathBuf, Vec<String>)>,
    warnings: &mut Vec<String>,
) -> Result<(), CaseError> {
    if !folder.is_dir() {
        return Ok(());
    }
    let path = folder.join("testdata.yaml");
    if let Some(text) = package_file(&path)? {
        let shown = path.display().to_string();
        let (found, unused) =
            parse_testdata_yaml(&text, &shown).map_err(|message| CaseError::Invalid {
                path: path.clone(),
                message,
            })?;
        match top {
            true => flags.extend(found),
            // Below it, a group without flags of its own is judged with these (the deepest
            // group holding a case decides: `CaseFolder::judging_of`).
            false if !found.is_empty() => groups.push((folder.to_path_buf(), found)),
            false => {}
        }
        warnings.extend(unused);
    }
    for path in entries(folder)? {
        if path
            .symlink_metadata()
            .is_ok_and(|metadata| metadata.is_dir())
        {
            testdata_flags(&path, false, flags, groups, warnings)?;
        }
    }
    Ok(())
}

/// The folders a package may keep its output validator in.
const FOLDERS: [&str; 2] = ["output_validators", "output_validator"];

/// Files next to a validator that are not it.
const NOT_THE_VALIDATOR: [&str; 3] = ["build", "README", "README.md"];

fn name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned())
}

/// The programs a validator folder holds, and every other file in it (its source).
fn programs_and_sources(folder: &Path) -> Result<(Vec<PathBuf>, Vec<PathBuf>), CaseError> {
    let mut programs = Vec::new();
    let mut sources = Vec::new();
    for path in entries(folder)? {
        let file = name(&path);
        if file.starts_with('.') || NOT_THE_VALIDATOR.contains(&file.as_str()) {
            continue;
        }
        if path.is_dir() {
            let (inner_programs, inner_sources) = programs_and_sources(&path)?;
            programs.extend(inner_programs);
            sources.extend(inner_sources);
        } else if executable_file(&path) {
            programs.push(path);
        } else if path.is_file() {
            sources.push(path);
        }
    }
    // A `run` script is the validator, whatever else was built beside it.
    if let Some(run) = programs.iter().find(|path| name(path) == "run") {
        programs = vec![run.clone()];
    }
    Ok((programs, sources))
}

/// The package's output validator, if it has one.
pub fn output_validator(dir: &Path) -> Result<Option<PathBuf>, CaseError> {
    let Some(folder) = FOLDERS
        .iter()
        .map(|folder| dir.join(folder))
        .find(|folder| folder.is_dir())
    else {
        return Ok(None);
    };
    let (programs, sources) = programs_and_sources(&folder)?;
    match programs.as_slice() {
        // A `run` beside a `build` script runs what the build makes: the folder is built
        // first (the build script, then its `run`), as the format says of every program.
        [run] if name(run) == "run" && run.with_file_name("build").is_file() => {
            let source = run.parent().unwrap_or(&folder);
            match sources::build(source, &[]) {
                Ok(built) => Ok(Some(built.program)),
                Err(failure) => Err(CaseError::Invalid {
                    path: folder.clone(),
                    message: format!("the output validator: {failure}"),
                }),
            }
        }
        [program] => Ok(Some(program.clone())),
        [] if sources.is_empty() => Ok(None),
        // Only source, as Kattis ships validators: built by its language (or its `build`
        // script) into the cache. A folder whose sources are in one subfolder (problemtools'
        // `output_validators/NAME/`) is built from there.
        [] => {
            let inner: Vec<PathBuf> = entries(&folder)?
                .into_iter()
                .filter(|path| path.is_dir() && !name(path).starts_with('.'))
                .collect();
            let source = match inner.as_slice() {
                [one] if sources.iter().all(|file| file.starts_with(one)) => one.clone(),
                _ => folder.clone(),
            };
            match sources::build(&source, &[]) {
                Ok(built) => Ok(Some(built.program)),
                Err(failure) => Err(CaseError::Invalid {
                    path: folder.clone(),
                    message: format!("the output validator: {failure}"),
                }),
            }
        }
        several => Err(CaseError::Invalid {
            path: folder.clone(),
            message: format!(
                "holds several executables ({}): keep one, or a `run` script",
                several
                    .iter()
                    .map(|path| name(path))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::os::unix::fs::PermissionsExt;

    /// A fresh package folder under the build's target folder with the given files; `mode`
    /// 0o755 makes a file executable.
    fn package(files: &[(&str, u32)]) -> PathBuf {
        let names: Vec<&str> = files.iter().map(|&(file, _)| file).collect();
        let dir = crate::test_folders::folder_with_files("kattis", &names);
        for (file, mode) in files {
            fs::set_permissions(dir.join(file), fs::Permissions::from_mode(*mode)).unwrap();
        }
        dir
    }

    #[test]
    fn the_run_script_or_the_one_executable_is_the_validator() {
        let dir = package(&[
            ("output_validators/v/run", 0o755),
            ("output_validators/v/validator", 0o755),
            ("output_validators/v/validator.cpp", 0o644),
        ]);
        assert_eq!(
            output_validator(&dir).unwrap(),
            Some(dir.join("output_validators/v/run"))
        );
        let dir = package(&[
            ("output_validator/check.py", 0o755),
            ("output_validator/README", 0o644),
        ]);
        assert_eq!(
            output_validator(&dir).unwrap(),
            Some(dir.join("output_validator/check.py"))
        );
        assert_eq!(
            output_validator(&package(&[("data/x", 0o644)])).unwrap(),
            None
        );
    }

    #[test]
    fn source_that_does_not_build_or_several_executables_are_errors() {
        let dir = package(&[("output_validators/v/validator.cpp", 0o644)]);
        // An empty file: g++ finds no main.
        let message = output_validator(&dir).unwrap_err().to_string();
        assert!(
            message.contains("the output validator") && message.contains("does not build"),
            "{message}"
        );
        assert!(message.contains("g++ -std=gnu++20 -O2"), "{message}");
        let dir = package(&[
            ("output_validators/a", 0o755),
            ("output_validators/b", 0o755),
        ]);
        let message = output_validator(&dir).unwrap_err().to_string();
        assert!(message.contains("several executables (a, b)"), "{message}");
    }
}
