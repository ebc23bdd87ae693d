//! Saving a shrunk counterexample as a new case of a folder, named `stress-SEED` in the
//! folder's layout (a folder with no cases yet gets online-judge-tools' `NAME.in`/`NAME.out`),
//! never over an existing file; and whether a folder is a problem package's or the project's
//! own (`package_folder`), where stress saves only when told to (`--force`).

use crate::cases::judge_files::judge_folder;
use crate::cases::layout::{detect, Layout};
use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// How many folders above the save folder a `problem.yaml` or `problem.xml` is looked for: a
/// package's `data/secret/GROUP` is three below it.
pub const PACKAGE_DEPTH: usize = 3;

/// `dir` made absolute, its links resolved as far as it exists (a folder not made yet is its
/// nearest existing folder's real path, then the rest).
fn resolved(dir: &Path) -> PathBuf {
    let mut rest = Vec::new();
    let mut existing = dir;
    loop {
        let here = match existing.as_os_str().is_empty() {
            true => Path::new("."),
            false => existing,
        };
        if let Ok(real) = fs::canonicalize(here) {
            return rest.iter().rev().fold(real, |path, name| path.join(name));
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                existing = parent;
            }
            _ => return dir.to_path_buf(),
        }
    }
}

/// Why `dir` (made or not yet) is a folder of a problem package or of this project's cases, if
/// it is: a `problem.yaml` or `problem.xml` in it or up to `PACKAGE_DEPTH` folders above; a
/// package's layout (Kattis, Polygon) by `detect`, as judging reads it; its judge files beside
/// it (`DIR.judge/`, found as judging finds them); or a place under the checkout's `cases/`.
pub fn package_folder(dir: &Path, root: Option<&Path>) -> Option<String> {
    let full = resolved(dir);
    for folder in full.ancestors().take(PACKAGE_DEPTH + 1) {
        for file in ["problem.yaml", "problem.xml"] {
            let path = folder.join(file);
            if path.exists() {
                return Some(format!("{} is there", path.display()));
            }
        }
    }
    if dir.is_dir() {
        if let Ok(Some(layout @ (Layout::Kattis | Layout::Polygon))) = detect(dir) {
            return Some(format!("it is a {layout}"));
        }
    }
    let judge = judge_folder(&full);
    if judge.is_dir() {
        return Some(format!(
            "its judge files are beside it in {}",
            judge.display()
        ));
    }
    let cases = fs::canonicalize(root?.join("cases")).ok()?;
    full.starts_with(&cases)
        .then(|| format!("it is in this project's {}", cases.display()))
}

/// Whether `dir` (made or not yet) lies in a Kattis package's `data/` (a `problem.yaml` up to
/// `PACKAGE_DEPTH` folders above, `data` between): its answers are then `.ans`, whatever the
/// folder itself looks like.
fn in_kattis_data(dir: &Path) -> bool {
    let full = resolved(dir);
    full.ancestors()
        .skip(1)
        .take(PACKAGE_DEPTH)
        .any(|above| above.join("problem.yaml").is_file() && full.starts_with(above.join("data")))
}

/// Where the input and the expected output of case `stress-SEED` go in `dir`.
fn paths(dir: &Path, seed: u64) -> Result<(PathBuf, PathBuf), String> {
    let name = format!("stress-{seed}");
    if in_kattis_data(dir) {
        return Ok((
            dir.join(format!("{name}.in")),
            dir.join(format!("{name}.ans")),
        ));
    }
    let layout = match dir.is_dir() {
        true => detect(dir).map_err(|error| error.to_string())?,
        false => None,
    };
    Ok(match layout {
        None | Some(Layout::OnlineJudgeTools) => (
            dir.join(format!("{name}.in")),
            dir.join(format!("{name}.out")),
        ),
        Some(Layout::AtCoder) => (
            dir.join("in").join(format!("{name}.txt")),
            dir.join("out").join(format!("{name}.txt")),
        ),
        Some(Layout::Kattis) => {
            let secret = dir.join("data").join("secret");
            (
                secret.join(format!("{name}.in")),
                secret.join(format!("{name}.ans")),
            )
        }
        Some(Layout::Polygon) => {
            let tests = dir.join("tests");
            let number = (1..)
                .map(|n| format!("{n:02}"))
                .find(|n| !tests.join(n).exists())
                .unwrap_or_default();
            (tests.join(&number), tests.join(format!("{number}.a")))
        }
    })
}

/// Writes a file that must not exist yet.
fn write_new(path: &Path, content: &[u8]) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)
            .map_err(|error| format!("cannot make {}: {error}", parent.display()))?;
    }
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .and_then(|mut file| file.write_all(content))
        .map_err(|error| format!("cannot write {}: {error}", path.display()))
}

/// Saves the case; returns the two paths written.
pub fn save(
    dir: &Path,
    seed: u64,
    input: &str,
    expected: &[u8],
) -> Result<(PathBuf, PathBuf), String> {
    let (input_path, expected_path) = paths(dir, seed)?;
    for path in [&input_path, &expected_path] {
        if path.exists() {
            return Err(format!(
                "{} exists already: not overwritten (the counterexample is above; save it with another --save DIR, or move that file away)",
                path.display()
            ));
        }
    }
    write_new(&input_path, input.as_bytes())?;
    if let Err(error) = write_new(&expected_path, expected) {
        let _ = fs::remove_file(&input_path);
        return Err(error);
    }
    Ok((input_path, expected_path))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_folders::folder_with_files;

    #[test]
    fn a_package_is_found_by_its_files_its_layout_or_its_judge_folder() {
        let found = |dir: &Path| package_folder(dir, None);
        let package = folder_with_files("save", &["p/problem.yaml", "q/problem.xml"]);
        let yaml = found(&package.join("p/data/secret/group")).unwrap();
        assert!(yaml.ends_with("p/problem.yaml is there"), "{yaml}");
        assert!(found(&package.join("q"))
            .unwrap()
            .ends_with("q/problem.xml is there"));
        // Four folders down is no longer the package's (the folders need not exist).
        assert_eq!(found(&package.join("p/a/b/c/d")), None);
        let layouts =
            folder_with_files("save", &["k/data/secret/1.in", "t/tests/01", "plain/x.in"]);
        assert!(found(&layouts.join("k"))
            .unwrap()
            .contains("Kattis package"));
        assert!(found(&layouts.join("t"))
            .unwrap()
            .contains("Polygon package"));
        assert_eq!(found(&layouts.join("plain")), None);
        assert_eq!(found(&layouts.join("new")), None);
        let judged = folder_with_files("save", &["oj/a.in", "oj/a.out", "oj.judge/checker"]);
        assert!(found(&judged.join("oj")).unwrap().contains("oj.judge"));
    }

    #[test]
    fn the_projects_cases_are_a_package_folder() {
        let root = folder_with_files("save", &["cases/solver/a.in", "elsewhere/x"]);
        let relative = root.join("cases/solver/../solver");
        for dir in [
            root.join("cases"),
            root.join("cases/solver"),
            relative,
            root.join("cases/new"),
        ] {
            let why = package_folder(&dir, Some(&root)).expect("refused");
            assert!(why.starts_with("it is in this project's "), "{why}");
        }
        assert_eq!(package_folder(&root.join("elsewhere"), Some(&root)), None);
    }
}
