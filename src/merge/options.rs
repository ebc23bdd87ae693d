//! What `judge merge` is asked to join: the JSON reports of a run's shards.

use std::path::PathBuf;

/// `judge merge REPORT...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeOptions {
    /// The reports, each written by `judge --shard K/N --format json`.
    pub reports: Vec<PathBuf>,
}

impl MergeOptions {
    /// The options from the command's words: one report or more.
    pub fn new(words: Vec<String>) -> Result<MergeOptions, String> {
        match words.is_empty() {
            true => Err(
                "merge needs the JSON reports of a run's shards: judge merge REPORT...".to_string(),
            ),
            false => Ok(MergeOptions {
                reports: words.into_iter().map(PathBuf::from).collect(),
            }),
        }
    }
}
