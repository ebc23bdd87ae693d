//! The project's own pairing: one folder `cases/<solver>/` per solver `src/bin/<solver>.rs`,
//! every folder with its solver and every solver with its folder.

use super::files::{entries, file_name, has_extension, stem};
use super::select;
use super::{read_cases, CaseError, CaseFolder};
use std::path::Path;

/// A solver and the cases of its folder.
#[derive(Clone, Debug, PartialEq)]
pub struct SolverCases {
    pub name: String,
    pub folder: CaseFolder,
}

/// The solver names: the stem of every `.rs` file in `bin_dir`.
pub fn solver_names(bin_dir: &Path) -> Result<Vec<String>, CaseError> {
    Ok(entries(bin_dir)?
        .iter()
        .filter(|path| has_extension(path, "rs"))
        .map(|path| stem(path))
        .collect())
}

/// Every solver in `bin_dir` with the cases of its folder under `cases_root`, sorted by name.
/// Fails with every problem found: folders without a solver, solvers without a folder, and
/// whatever is wrong inside each folder.
pub fn discover(cases_root: &Path, bin_dir: &Path) -> Result<Vec<SolverCases>, Vec<CaseError>> {
    let solvers = solver_names(bin_dir).map_err(|error| vec![error])?;
    let folders = entries(cases_root).map_err(|error| vec![error])?;
    let mut errors = Vec::new();
    for folder in folders.iter().filter(|path| path.is_dir()) {
        let name = file_name(folder);
        if let Some(case_folder) = name.strip_suffix(".judge") {
            if !cases_root.join(case_folder).is_dir() {
                errors.push(CaseError::Invalid {
                    path: folder.clone(),
                    message: format!(
                        "judge files for a case folder {case_folder} that is not there"
                    ),
                });
            }
            continue;
        }
        if !solvers.contains(&name) {
            errors.push(CaseError::NoSolver {
                dir: folder.clone(),
                solver: bin_dir.join(format!("{name}.rs")),
            });
        }
    }
    let mut problems = Vec::new();
    for name in solvers {
        let dir = cases_root.join(&name);
        if !dir.is_dir() {
            errors.push(CaseError::NoCaseFolder {
                solver: bin_dir.join(format!("{name}.rs")),
                dir,
            });
            continue;
        }
        match read_cases(&dir) {
            Ok(folder) => problems.push(SolverCases { name, folder }),
            Err(found) => errors.extend(found),
        }
    }
    if errors.is_empty() {
        Ok(problems)
    } else {
        Err(errors)
    }
}

/// A command-line name that is not a solver: why, and what to type instead. A path (a case
/// folder or a case file) is judged with `--cmd`, or with the solver its folder is named after.
fn not_a_solver(name: &str, known: &[String], bin: &Path) -> String {
    let path = Path::new(name);
    if path.is_file() && crate::sources::Language::of(path).is_some() {
        return format!(
            "{name} is a source file, and a program is judged on a case folder: judge {name} DIR (or judge --cmd {name} DIR)"
        );
    }
    if is_program(path) {
        let program = match name.contains('/') {
            true => name.to_string(),
            false => format!("./{name}"),
        };
        return format!(
            "{name} is a program, and a program is judged on a case folder: judge --cmd {program} DIR"
        );
    }
    // A path (it holds a `/`) that is not there: misspelt, not a solver's name.
    if name.contains('/') && path.symlink_metadata().is_err() {
        return format!("there is no file or folder {name}{}", near_path(path));
    }
    let kind = if path.is_dir() {
        "a folder"
    } else if path.is_file() {
        "a file"
    } else {
        let command = match name {
            "play" | "validate" | "stress" | "verify" | "merge" | "help" => {
                format!("; {name} is a command, and a command comes first: judge {name} …")
            }
            _ => String::new(),
        };
        let known: Vec<&str> = known.iter().map(String::as_str).collect();
        return format!(
            "no solver named {name:?} in {} (solvers: {}){command}{}",
            bin.display(),
            known.join(", "),
            match command.is_empty() {
                true => crate::text::did_you_mean(name, &known),
                false => String::new(),
            }
        );
    };
    let mut message = format!(
        "{name} is {kind}: a folder or a .in file is judged with --cmd 'PROGRAM' (judge --cmd 'PROGRAM' {name})"
    );
    let (folder, case) = if path.is_dir() {
        (path.file_name(), None)
    } else {
        (
            path.parent().and_then(Path::file_name),
            path.file_stem()
                .filter(|_| path.extension().is_some_and(|e| e == "in")),
        )
    };
    if let Some(solver) = folder
        .and_then(|folder| folder.to_str())
        .filter(|folder| known.iter().any(|known| known == folder))
    {
        let target = match case {
            Some(case) => format!("{solver}/{}", case.to_string_lossy()),
            None => solver.to_string(),
        };
        message.push_str(&format!(
            "; `judge {target}` judges it with the solver {solver}"
        ));
    }
    message
}

/// `; did you mean "PATH"?` for the entry of `path`'s folder whose name is closest to its last
/// part (`cases/othelo_endgame`: `cases/othello_endgame`), else nothing.
fn near_path(path: &Path) -> String {
    let (Some(folder), Some(name)) = (path.parent(), path.file_name()) else {
        return String::new();
    };
    let listed = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    let Ok(found) = entries(listed) else {
        return String::new();
    };
    let names: Vec<String> = found.iter().map(|entry| file_name(entry)).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let near = crate::text::did_you_mean(&name.to_string_lossy(), &names);
    match near.is_empty() {
        true => near,
        // The folder as it was given, before the name found.
        false => near.replacen(
            "did you mean \"",
            &format!("did you mean \"{}/", folder.display()),
            1,
        ),
    }
}

/// Whether the names that look like paths (they hold a `/` and no solver's `NAME/CASE`, or are
/// a file or folder that is there) are no solvers' names: the error for each, saying what the
/// path is and what to type instead. Checked before the solvers are looked for, so that a
/// misspelt path is told so wherever the judge runs.
pub fn paths_given_as_solvers(names: &[String], known: &[String], bin: &Path) -> Vec<String> {
    names
        .iter()
        .filter(|name| !known.contains(name))
        .filter(|name| {
            let solver_and_case = name
                .split_once('/')
                .is_some_and(|(solver, _)| known.iter().any(|known| known == solver));
            (name.contains('/') && !solver_and_case) || Path::new(name).exists()
        })
        .map(|name| not_a_solver(name, known, bin))
        .collect()
}

/// Whether `path` is a file that may be run (an execute bit set), and no case file.
fn is_program(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.extension().map_or(true, |extension| extension != "in")
        && path
            .metadata()
            .is_ok_and(|metadata| metadata.is_file() && metadata.permissions().mode() & 0o111 != 0)
}

/// The named solvers, in order and each once, with the case patterns given for each (`NAME/CASE`;
/// none: every case), or an error for each name that is not a solver.
fn requested(
    names: &[String],
    known: &[String],
    bin: &Path,
) -> Result<Vec<(String, Vec<String>)>, Vec<String>> {
    let mut requested: Vec<(String, Vec<String>)> = Vec::new();
    let mut errors = Vec::new();
    for name in names {
        let (solver, pattern) = match name.split_once('/') {
            Some((solver, pattern)) if known.iter().any(|known| known == solver) => {
                (solver, Some(pattern))
            }
            _ if known.contains(name) => (name.as_str(), None),
            _ => {
                errors.push(not_a_solver(name, known, bin));
                continue;
            }
        };
        let index = match requested.iter().position(|(known, _)| known == solver) {
            Some(index) => index,
            None => {
                requested.push((solver.to_string(), Vec::new()));
                requested.len() - 1
            }
        };
        let patterns = &mut requested[index].1;
        match pattern {
            // The whole folder: no pattern list, or an empty one, means every case.
            None => patterns.push("*".to_string()),
            Some(pattern) => patterns.push(pattern.to_string()),
        }
    }
    if errors.is_empty() {
        Ok(requested)
    } else {
        Err(errors)
    }
}

/// The problems to judge: the named solvers (or all) with their case folders, only the named
/// cases where `NAME/CASE` was given.
pub fn named_solver_cases(root: &Path, names: &[String]) -> Result<Vec<SolverCases>, Vec<String>> {
    let (cases, bin) = (root.join("cases"), root.join("src/bin"));
    let strings = |errors: Vec<CaseError>| errors.iter().map(ToString::to_string).collect();
    if names.is_empty() {
        return discover(&cases, &bin).map_err(strings);
    }
    let known = solver_names(&bin).map_err(|error| vec![error.to_string()])?;
    let mut problems = Vec::new();
    let mut errors = Vec::new();
    for (name, patterns) in requested(names, &known, &bin)? {
        match read_cases(&cases.join(&name)) {
            Ok(folder) => {
                let mut problem = SolverCases { name, folder };
                match select::select_cases(&mut problem, &patterns) {
                    Ok(()) => problems.push(problem),
                    Err(found) => errors.extend(found),
                }
            }
            Err(found) => errors.extend(strings(found)),
        }
    }
    if errors.is_empty() {
        Ok(problems)
    } else {
        Err(errors)
    }
}
