//! What `judge verify` is asked to check: one problem package's folder.

use std::path::PathBuf;

/// `judge verify DIR`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyOptions {
    /// The package's folder (with `problem.yaml`, `data/`, `submissions/`).
    pub dir: PathBuf,
}

impl VerifyOptions {
    /// The options from the command's words: exactly one folder.
    pub fn new(words: Vec<String>) -> Result<VerifyOptions, String> {
        match words.as_slice() {
            [dir] => Ok(VerifyOptions {
                dir: PathBuf::from(dir),
            }),
            [] => Err("verify needs a package folder: judge verify DIR".to_string()),
            _ => Err(format!(
                "verify takes one package folder, found {}: {}",
                words.len(),
                words.join(" ")
            )),
        }
    }
}
