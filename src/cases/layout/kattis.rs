//! A Kattis package's own rules: how it is judged, from its `problem.yaml` (read in
//! `kattis_yaml`), its `data/**/testdata.yaml` (the 2025-09 format's `test_group.yaml` and a
//! case's own `.yaml`, read in `test_group`) and its output validator: the program in
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
    parse_testdata_yaml, Constants, DefaultValidator, FormatVersion, KattisProblem, Validation,
};
use crate::cases::test_group::{self, TestConfig};
use crate::cases::{package_file, CaseError, Interactor, Judging};
use crate::process::executable_file;
use crate::sources;
use crate::temp_folder::quoted;
use std::path::{Path, PathBuf};

/// How a Kattis package is judged: its judging, the test groups whose own `testdata.yaml` (or
/// `test_group.yaml`) gives other output validator flags, and the cases whose own `.yaml` does
/// (each group's folder, or each case's input file, with its judging), its limits and warnings
/// (what it says and the judge does not apply).
pub struct KattisPackage {
    pub judging: Judging,
    pub groups: Vec<(PathBuf, Judging)>,
    pub limits: FolderLimits,
    pub warnings: Vec<String>,
    /// Its `include/` folder, put over every submission before it is built (problemtools'
    /// rule; DOMjudge has none).
    pub includes: Option<PathBuf>,
    /// Its test data configuration: 2025-09's `test_group.yaml`, a case's own `.yaml`.
    pub config: TestConfig,
    /// Its `constants:` (2025-09), put into a submission's source before it is built.
    pub constants: Constants,
    /// What its format calls an error and judging goes past (`KattisProblem::violations`).
    pub violations: Vec<String>,
}

/// The rules of the Kattis package at `dir`, whose `problem.yaml` says `problem` (read once, in
/// `cases::package`); `domjudge`: DOMjudge's rules judge it (`cases::package::Format`).
pub fn package(
    dir: &Path,
    problem: &KattisProblem,
    domjudge: bool,
) -> Result<KattisPackage, CaseError> {
    let yaml_path = dir.join("problem.yaml");
    let mut problem = problem.clone();
    let has_test_group_yaml = problem.version.has_test_group_yaml();
    let has_case_yaml = problem.version.has_case_yaml();
    let mut warnings: Vec<String> = problem
        .warnings
        .iter()
        .map(|warning| format!("{}/{warning}", dir.display()))
        .collect();
    if problem.version == FormatVersion::Stable2025 {
        not_supported(dir, &mut warnings)?;
        if !problem.constants.is_empty() {
            unknown_constants(dir, &problem.constants, &mut warnings)?;
        }
    }
    package_limits(dir, domjudge, &mut problem, &mut warnings)?;
    let yaml_flags = problem.validator_flags.clone();
    let mut groups = Vec::new();
    // The 2025-09 format's test_group.yaml and a case's own .yaml (the draft's too); the
    // legacy format and the draft keep testdata.yaml and its nested rule.
    let config = match has_case_yaml {
        true => test_group::read(
            &dir.join("data"),
            has_test_group_yaml,
            &problem.constants,
            &mut warnings,
        )?,
        false => TestConfig::default(),
    };
    if !has_test_group_yaml {
        testdata_flags(
            &dir.join("data"),
            true,
            &mut problem.validator_flags,
            &mut groups,
            &mut warnings,
        )?;
    }
    // A group's and then a case's output validator arguments: after problem.yaml's
    // validator_flags, as problemtools passes them; the deepest that gives some decides.
    let configured = config.groups.iter().chain(&config.cases);
    for (place, settings) in configured {
        if let Some(args) = &settings.output_validator_args {
            groups.push((place.clone(), args.clone()));
        }
    }
    let folder = FOLDERS
        .iter()
        .map(|folder| dir.join(folder))
        .find(|folder| folder.is_dir());
    // An interactive or a multi-pass problem needs its own validator.
    let needs_own = problem.interactive.is_some() || problem.multi_pass.is_some();
    let custom = match problem.validation {
        Some(Validation::Custom) => true,
        Some(Validation::Default) => needs_own,
        None => needs_own || output_validator(dir, &problem.constants)?.is_some(),
    };
    let program = validator_program(dir, &problem, custom, folder, &mut warnings)?;
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
            // Where the flags came from, for an error: a group's file, or a case's.
            let from = match group.extension().is_some_and(|extension| extension == "in") {
                true => group.with_extension("yaml"),
                false if has_test_group_yaml => group.join(test_group::TEST_GROUP_YAML),
                false => group.join("testdata.yaml"),
            };
            let judging = judging_with(&problem, program.as_deref(), &flags, &from)?;
            Ok((group, judging))
        })
        .collect::<Result<Vec<_>, CaseError>>()?;
    let includes = Some(dir.join("include")).filter(|folder| folder.is_dir() && !domjudge);
    let violations = problem
        .violations
        .iter()
        .map(|violation| format!("{}/{violation}", dir.display()))
        .chain(config.violations.iter().cloned())
        .collect();
    Ok(KattisPackage {
        judging,
        groups,
        limits: problem.limits,
        warnings,
        includes,
        config,
        constants: problem.constants,
        violations,
    })
}

/// The package's limits as its format's rules settle them: where the submissions set them
/// (named from `dir`), a DOMjudge `.timelimit`, then DOMjudge's rules (`domjudge`) or
/// Kattis's default output limit.
fn package_limits(
    dir: &Path,
    domjudge: bool,
    problem: &mut KattisProblem,
    warnings: &mut Vec<String>,
) -> Result<(), CaseError> {
    let invalid = |path: &Path, message: String| CaseError::Invalid {
        path: path.to_path_buf(),
        message,
    };
    if let Some(said) = problem.limits.set_by_submissions.take() {
        problem.limits.set_by_submissions = Some(format!("{}/{said}", dir.display()));
    }
    crate::cases::domjudge::time_limit(dir, &mut problem.limits, warnings)
        .map_err(|(file, message)| invalid(&dir.join(file), message))?;
    // A DOMjudge package runs by DOMjudge's rules: its output limit, its stack.
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
    Ok(())
}

/// The package's output validator program, where it is judged by one of its own (`custom`),
/// else `None`; an error if it must have one and has none. `folder`: the validator's folder,
/// where there is one (a script in it without its executable bit, or one the package does not
/// use, is warned of).
fn validator_program(
    dir: &Path,
    problem: &KattisProblem,
    custom: bool,
    folder: Option<PathBuf>,
    warnings: &mut Vec<String>,
) -> Result<Option<PathBuf>, CaseError> {
    Ok(match custom {
        true => {
            let said = problem
                .interactive
                .or(problem.multi_pass)
                .or(problem.validation_line);
            let Some(program) = output_validator(dir, &problem.constants)? else {
                let why = match (problem.interactive, problem.multi_pass) {
                    (Some(_), _) => "an interactive problem",
                    (None, Some(_)) => "a multi-pass problem",
                    (None, None) => "validation: custom",
                };
                return Err(CaseError::Invalid {
                    path: dir.join("problem.yaml"),
                    message: format!(
                        "line {}: {why}, but the package has no output validator program in output_validators/ or output_validator/",
                        said.unwrap_or(1)
                    ),
                });
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
    })
}

/// What a 2025-09 package may hold and the judge does not do: a static validator, which judges
/// a submission's source, is refused (its verdicts would be missed); the visualizers, which
/// change no verdict, are warned of. Each by its folder's name.
fn not_supported(dir: &Path, warnings: &mut Vec<String>) -> Result<(), CaseError> {
    let folder = dir.join("static_validator");
    if folder.exists() {
        return Err(CaseError::Invalid {
            path: folder,
            message: "a static validator is not supported: the judge does not judge a submission's source, so its verdicts would be missed".to_string(),
        });
    }
    for visualizer in ["input_visualizer", "output_visualizer"] {
        let folder = dir.join(visualizer);
        if folder.exists() {
            warnings.push(format!(
                "{}: not run: the judge draws no pictures, and a visualizer changes no verdict",
                folder.display()
            ));
        }
    }
    Ok(())
}

/// The folders whose files get a 2025-09 package's constants.
const WITH_CONSTANTS: [&str; 5] = [
    "input_validators",
    "output_validator",
    "output_validators",
    "include",
    "submissions",
];

/// The most bytes of a file searched for constants: a program's source is smaller.
const MOST_SEARCHED: u64 = 1 << 20;

/// Warns of every constant sequence in the files that get the constants (`WITH_CONSTANTS`)
/// that names none of them: the format leaves it as it is (it may be code), but a misspelt
/// name would otherwise show only as a program that fails.
fn unknown_constants(
    dir: &Path,
    constants: &Constants,
    warnings: &mut Vec<String>,
) -> Result<(), CaseError> {
    let mut folders: Vec<PathBuf> = WITH_CONSTANTS.iter().map(|name| dir.join(name)).collect();
    while let Some(folder) = folders.pop() {
        if !folder.is_dir() {
            continue;
        }
        for path in entries(&folder)? {
            let Ok(metadata) = path.symlink_metadata() else {
                continue;
            };
            if metadata.is_dir() {
                folders.push(path);
            } else if metadata.is_file() && metadata.len() <= MOST_SEARCHED {
                let Ok(text) = std::fs::read_to_string(&path) else {
                    continue;
                };
                for unknown in sources::unknown_sequences(&text, constants) {
                    warnings.push(format!("{}: {unknown}, left as it is", path.display()));
                }
            }
        }
    }
    Ok(())
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
    let passes = problem.multi_pass.map(|_| problem.validation_passes);
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
                passes,
            })
        }
        None => Judging::Validator {
            program: program.to_path_buf(),
            args: flags.to_vec(),
            passes,
        },
    })
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

/// The package's output validator, if it has one; one built from source gets the package's
/// `constants` put into it.
pub fn output_validator(dir: &Path, constants: &Constants) -> Result<Option<PathBuf>, CaseError> {
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
            match sources::build_problem_program(source, constants) {
                Ok(built) => Ok(Some(built.program)),
                Err(failure) => Err(CaseError::Invalid {
                    path: folder.clone(),
                    message: format!("the output validator: {failure}"),
                }),
            }
        }
        // A `run` script runs among its folder's files, as it is; a single script gets the
        // constants in a copy.
        [program] if name(program) == "run" => Ok(Some(program.clone())),
        [program] => sources::program_with_constants(program, constants)
            .map(Some)
            .map_err(|error| CaseError::Invalid {
                path: program.clone(),
                message: format!("its constants cannot be put in: {error}"),
            }),
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
            match sources::build_problem_program(&source, constants) {
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
    use crate::cases::layout::Layout;
    use crate::cases::package::Package;
    use std::fs;
    use std::os::unix::fs::PermissionsExt;

    /// The rules of the package at `dir`, read as every command reads them.
    fn package_of(dir: &Path) -> Result<KattisPackage, CaseError> {
        let package = Package::read(dir, Layout::Kattis)?.unwrap();
        super::package(dir, package.kattis().unwrap(), package.is_domjudge())
    }

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
            output_validator(&dir, &Constants::default()).unwrap(),
            Some(dir.join("output_validators/v/run"))
        );
        let dir = package(&[
            ("output_validator/check.py", 0o755),
            ("output_validator/README", 0o644),
        ]);
        assert_eq!(
            output_validator(&dir, &Constants::default()).unwrap(),
            Some(dir.join("output_validator/check.py"))
        );
        assert_eq!(
            output_validator(&package(&[("data/x", 0o644)]), &Constants::default()).unwrap(),
            None
        );
    }

    #[test]
    fn a_static_validator_is_refused_and_a_visualizer_named_in_2025_09() {
        let yaml = "problem_format_version: 2025-09\nname: x\nuuid: y\n";
        let dir = package(&[
            ("problem.yaml", 0o644),
            ("static_validator/check.py", 0o644),
            ("data/secret/1.in", 0o644),
        ]);
        fs::write(dir.join("problem.yaml"), yaml).unwrap();
        let message = package_of(&dir).err().unwrap().to_string();
        assert!(
            message.contains("static_validator")
                && message.contains("a static validator is not supported"),
            "{message}"
        );
        let dir = package(&[
            ("problem.yaml", 0o644),
            ("output_visualizer/draw.py", 0o644),
            ("input_visualizer/README", 0o644),
            ("data/secret/1.in", 0o644),
        ]);
        fs::write(dir.join("problem.yaml"), yaml).unwrap();
        let warnings = package_of(&dir).ok().unwrap().warnings.join("\n");
        for folder in ["input_visualizer", "output_visualizer"] {
            assert!(
                warnings.contains(&format!("{folder}: not run: the judge draws no pictures")),
                "{warnings}"
            );
        }
        // A sequence naming no constant is left, and named.
        fs::write(
            dir.join("problem.yaml"),
            format!("{yaml}constants:\n  max_n: 5\n"),
        )
        .unwrap();
        fs::write(
            dir.join("output_visualizer/draw.py"),
            "n = {{max_n}}\nm = {{max_m}}\n",
        )
        .unwrap();
        fs::create_dir_all(dir.join("submissions/accepted")).unwrap();
        fs::write(
            dir.join("submissions/accepted/a.cpp"),
            "int a[1][1] = {{x}};\n",
        )
        .unwrap();
        let warnings = package_of(&dir).ok().unwrap().warnings.join("\n");
        assert!(
            warnings.contains(&format!(
                "{}: line 1: {{{{x}}}}: no constant is named x (problem.yaml defines max_n), left as it is",
                dir.join("submissions/accepted/a.cpp").display()
            )),
            "{warnings}"
        );
        // A visualizer is not run: not searched.
        assert!(!warnings.contains("max_m"), "{warnings}");
        // The older versions leave them to the tools, as before.
        fs::write(dir.join("problem.yaml"), "name: x\n").unwrap();
        assert!(package_of(&dir).ok().unwrap().warnings.is_empty());
    }

    #[test]
    fn source_that_does_not_build_or_several_executables_are_errors() {
        let dir = package(&[("output_validators/v/validator.cpp", 0o644)]);
        // An empty file: g++ finds no main.
        let message = output_validator(&dir, &Constants::default())
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("the output validator") && message.contains("does not build"),
            "{message}"
        );
        assert!(message.contains("g++ -std=gnu++20 -O2"), "{message}");
        let dir = package(&[
            ("output_validators/a", 0o755),
            ("output_validators/b", 0o755),
        ]);
        let message = output_validator(&dir, &Constants::default())
            .unwrap_err()
            .to_string();
        assert!(message.contains("several executables (a, b)"), "{message}");
    }
}
