//! Reading a folder's files as the case reader needs them: its entries in order, a case file
//! checked to be a readable regular file, names in the order people count.

use super::CaseError;
use std::cmp::Ordering;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The entries of a folder, sorted by name.
pub fn entries(dir: &Path) -> Result<Vec<PathBuf>, CaseError> {
    let unreadable = |error| CaseError::Unreadable {
        path: dir.to_path_buf(),
        error,
    };
    let mut paths = fs::read_dir(dir)
        .map_err(unreadable)?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(unreadable)?;
    paths.sort();
    Ok(paths)
}

pub(crate) fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned())
}

pub(crate) fn stem(path: &Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |stem| stem.to_string_lossy().into_owned())
}

/// Checks that a case file is a regular file (after following links: a FIFO or a device would
/// hang or never end) and can be opened. Looks before it opens, so a FIFO never blocks.
pub fn readable(path: &Path) -> Result<(), CaseError> {
    let unreadable = |error| CaseError::Unreadable {
        path: path.to_path_buf(),
        error,
    };
    let metadata = fs::metadata(path).map_err(unreadable)?;
    if !metadata.is_file() {
        return Err(unreadable(io::Error::new(
            io::ErrorKind::Other,
            "not a regular file",
        )));
    }
    fs::File::open(path).map(drop).map_err(unreadable)
}

pub(crate) fn has_extension(path: &Path, extension: &str) -> bool {
    path.extension().is_some_and(|found| found == extension)
}

/// Orders names the way people count: `sample-2` before `sample-10`.
pub fn natural_order(a: &str, b: &str) -> Ordering {
    fn chunks(text: &str) -> Vec<(bool, &str)> {
        let mut chunks = Vec::new();
        let mut start = 0;
        let bytes = text.as_bytes();
        for index in 1..=bytes.len() {
            if index == bytes.len()
                || bytes[index].is_ascii_digit() != bytes[index - 1].is_ascii_digit()
            {
                chunks.push((bytes[start].is_ascii_digit(), &text[start..index]));
                start = index;
            }
        }
        chunks
    }
    let (a_chunks, b_chunks) = (chunks(a), chunks(b));
    for (&(a_digits, a_text), &(b_digits, b_text)) in a_chunks.iter().zip(&b_chunks) {
        let order = if a_digits && b_digits {
            let (a_number, b_number) = (
                a_text.trim_start_matches('0'),
                b_text.trim_start_matches('0'),
            );
            a_number
                .len()
                .cmp(&b_number.len())
                .then_with(|| a_number.cmp(b_number))
        } else {
            a_text.cmp(b_text)
        };
        if order != Ordering::Equal {
            return order;
        }
    }
    a_chunks.len().cmp(&b_chunks.len()).then_with(|| a.cmp(b))
}
