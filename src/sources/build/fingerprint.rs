//! The name of a source's build in the cache: its fingerprint, made of every file's place and
//! text, the include folders' headers, the dialect it is built in and the recipes' version.

use super::walk::SourceFile;
use super::Whose;
use crate::sources::{cache_folder, fingerprint, Dialect, Language, Python3, Table};
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// Changes whenever a recipe below changes, so that older builds are not reused.
const RECIPE_VERSION: &[u8] = b"game-judge build 8";

/// The build folder in the cache of the source at `real` (named `stem`), whose files are
/// `files`, built with the headers of `includes` in `dialect`: `STEM-FINGERPRINT`.
pub(super) fn build_folder(
    real: &Path,
    stem: &str,
    files: &[SourceFile],
    includes: &[PathBuf],
    dialect: &Dialect,
    whose: Whose,
) -> PathBuf {
    // The name: every file's place and text, the include folders' headers, the recipes.
    let mut headers: Vec<Vec<u8>> = Vec::new();
    for folder in includes {
        headers.push(folder.as_os_str().as_bytes().to_vec());
        for entry in fs::read_dir(folder).into_iter().flatten().flatten() {
            if Language::is_header(&entry.path()) {
                headers.push(entry.file_name().as_bytes().to_vec());
                headers.push(fs::read(entry.path()).unwrap_or_default());
            }
        }
    }
    let mut parts: Vec<&[u8]> = vec![RECIPE_VERSION, real.as_os_str().as_bytes()];
    for file in files {
        parts.push(file.inside.as_os_str().as_bytes());
        parts.push(&file.bytes);
    }
    parts.extend(headers.iter().map(Vec::as_slice));
    // Python run by PyPy is another program than the same files run by CPython.
    let by_pypy = dialect.python3 == Python3::PyPy
        && files
            .iter()
            .any(|file| Language::of(&file.inside) == Some(Language::Python));
    if by_pypy {
        parts.push(b"pypy3");
    }
    // A file's language may differ from table to table (`.pl`), and a named one decides.
    let table = match (dialect.table, &dialect.named, &dialect.entrypoint) {
        (Table::Judge, None, None) => String::new(),
        (table, named, entry) => format!("{table:?} {named:?} {entry:?}"),
    };
    if !table.is_empty() {
        parts.push(table.as_bytes());
    }
    let standard = dialect.cpp_standard.clone().unwrap_or_default();
    if !standard.is_empty() {
        parts.push(standard.as_bytes());
    }
    cache_folder(whose == Whose::Contestant).join(format!("{stem}-{}", fingerprint(&parts)))
}
