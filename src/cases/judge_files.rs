//! A case folder's judge files, kept beside its cases in the sibling folder `D.judge/`, so a tool
//! that reads D (`oj test -d D`) sees only cases: `checker` and `interactor` (command lines, run
//! in `D.judge/`), `interactive` (a built-in opponent the judge plays) and `limits` (time and
//! memory). The rule is the
//! same for every layout. A judge file left inside D is an error that says where it goes now.

use crate::cases::files::readable;
use crate::cases::folder_limits::{parse_limits_file, FolderLimits};
use crate::cases::CaseError;
use std::fs;
use std::path::{Path, PathBuf};

/// The name of the file whose text is the protocol of an interactive folder.
pub const INTERACTIVE: &str = "interactive";
/// The name of the file that holds a folder's interactor command.
pub const INTERACTOR: &str = "interactor";
/// The name of the file that holds a folder's checker command.
pub const CHECKER: &str = "checker";
/// The name of the file that holds a folder's limits.
pub const LIMITS: &str = "limits";

/// What `D.judge/` says about D.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct JudgeFiles {
    /// The folder itself, where a checker runs.
    pub dir: PathBuf,
    /// The checker's command line.
    pub checker: Option<String>,
    /// The interactor's command line.
    pub interactor: Option<String>,
    /// The built-in opponent named by `interactive`.
    pub interactive: Option<String>,
    pub limits: FolderLimits,
    /// Files that look like judge files but are not read as such (`checker.txt`), one line each.
    pub warnings: Vec<String>,
}

/// The judge-file folder of a case folder: its sibling `D.judge`.
pub fn judge_folder(dir: &Path) -> PathBuf {
    let named = match dir.file_name() {
        Some(_) => dir.to_path_buf(),
        // `.`, `..` or `/`: name the folder by where it really is.
        None => fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf()),
    };
    let name = named
        .file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned());
    named.with_file_name(format!("{name}.judge"))
}

fn text_of(path: &Path) -> Result<String, CaseError> {
    readable(path, "a judge file")?;
    fs::read_to_string(path).map_err(|error| CaseError::Unreadable {
        path: path.to_path_buf(),
        error,
    })
}

/// The first line of a judge file that is not blank or a `#` comment.
fn first_line(path: &Path) -> Result<String, CaseError> {
    Ok(text_of(path)?
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'))
        .unwrap_or("")
        .to_string())
}

/// The files of `D.judge/` named like a judge file with an extension (`checker.txt`,
/// `limits.yaml`) where the judge file itself is not there: the judge reads only the exact name,
/// so such a file is ignored, and a folder meant to have a checker is compared line by line.
fn misnamed(judge: &Path) -> Vec<String> {
    let mut warnings = Vec::new();
    let Ok(entries) = fs::read_dir(judge) else {
        return warnings;
    };
    let mut names: Vec<String> = entries
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    for name in &names {
        let Some((stem, _)) = name.split_once('.') else {
            continue;
        };
        let meant = [CHECKER, INTERACTOR, INTERACTIVE, LIMITS]
            .into_iter()
            .find(|file| *file == stem);
        if let Some(file) = meant.filter(|file| !judge.join(file).exists()) {
            warnings.push(format!(
                "{}: not read: the judge reads {} (no extension), a file holding {}",
                judge.join(name).display(),
                judge.join(file).display(),
                match file {
                    CHECKER => "the checker's command line (python3 checker.py)",
                    INTERACTOR => "the interactor's command line (python3 interactor.py)",
                    INTERACTIVE => "the name of a built-in opponent",
                    _ => "the folder's limits",
                }
            ));
        }
    }
    warnings
}

/// Reads `D.judge/` for the case folder `dir` (nothing there is no judge files), after making
/// sure no judge file was left inside `dir` itself.
pub fn read(dir: &Path) -> Result<JudgeFiles, CaseError> {
    let judge = judge_folder(dir);
    for file in [CHECKER, INTERACTOR, INTERACTIVE, LIMITS] {
        let left = dir.join(file);
        if left.is_file() {
            return Err(CaseError::Moved {
                found: left,
                goes_to: judge.join(file),
            });
        }
    }
    let mut files = JudgeFiles {
        dir: judge.clone(),
        ..JudgeFiles::default()
    };
    if !judge.is_dir() {
        return Ok(files);
    }
    files.warnings = misnamed(&judge);
    let checker = judge.join(CHECKER);
    if checker.exists() {
        let command = first_line(&checker)?;
        if command.is_empty() {
            return Err(CaseError::EmptyChecker { marker: checker });
        }
        files.checker = Some(command);
    }
    let interactor = judge.join(INTERACTOR);
    if interactor.exists() {
        let command = first_line(&interactor)?;
        if command.is_empty() {
            return Err(CaseError::Invalid {
                path: interactor,
                message: "holds no interactor command".into(),
            });
        }
        files.interactor = Some(command);
    }
    let interactive = judge.join(INTERACTIVE);
    if interactive.exists() {
        files.interactive = Some(first_line(&interactive)?);
    }
    let limits = judge.join(LIMITS);
    if limits.exists() {
        // Named beside the case folder, as the report's line for the folder names it.
        let from = format!(
            "{}/{LIMITS}",
            judge.file_name().unwrap_or_default().to_string_lossy()
        );
        files.limits =
            parse_limits_file(&text_of(&limits)?, &from).map_err(|message| CaseError::Invalid {
                path: limits.clone(),
                message,
            })?;
    }
    Ok(files)
}
