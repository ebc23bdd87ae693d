//! Saving a shrunk counterexample as a new case of a folder, named `stress-SEED` in the
//! folder's layout (a folder with no cases yet gets online-judge-tools' `NAME.in`/`NAME.out`),
//! never over an existing file.

use crate::cases::layout::{detect, Layout};
use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Where the input and the expected output of case `stress-SEED` go in `dir`.
fn paths(dir: &Path, seed: u64) -> Result<(PathBuf, PathBuf), String> {
    let layout = match dir.is_dir() {
        true => detect(dir).map_err(|error| error.to_string())?,
        false => None,
    };
    let name = format!("stress-{seed}");
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
