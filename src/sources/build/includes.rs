//! What is put into a source's files before it is built: a Kattis package's include files over
//! a submission's, and a 2025-09 package's constants into their text.

use super::recipe::languages_of;
use super::walk::{files_of, SourceFile};
use super::{Failure, Whose};
use crate::sources::{Constants, Dialect, Language};
use std::path::Path;

/// A submission's files with its package's include files put over them (`dialect.includes`:
/// a Kattis package's `include/default/` and `include/LANGUAGE/` for each language it holds, a
/// file of the same name replaced), as problemtools builds it. A submission with its own
/// `build` or `run` script would leave them out: refused.
pub(super) fn with_includes(
    source: &Path,
    files: Vec<SourceFile>,
    dialect: &Dialect,
) -> Result<Vec<SourceFile>, Failure> {
    let Some(includes) = &dialect.includes else {
        return Ok(files);
    };
    let scripted = files
        .iter()
        .any(|file| [Path::new("build"), Path::new("run")].contains(&file.inside.as_path()));
    if scripted {
        return Err(Failure::Unsupported {
            source: source.display().to_string(),
            why: format!(
                "the package's {} goes over a submission in its language before it is built, and a submission with its own build or run script would leave it out: give its source files alone",
                includes.display()
            ),
        });
    }
    let mut files = files;
    let languages = match dialect.named.as_deref().and_then(Language::of_code) {
        Some(named) => vec![named],
        None => languages_of(&files, dialect.table),
    };
    // The language's folder by any name the formats give it (`cpp/` or `c++/`), each once.
    let folders = std::iter::once("default").chain(
        languages
            .iter()
            .flat_map(|language| language.include_names().iter().copied()),
    );
    for folder in folders {
        let folder = includes.join(folder);
        if !folder.is_dir() {
            continue;
        }
        for mut include in files_of(&folder, Whose::Problem)? {
            include.included = true;
            files.retain(|file| file.inside != include.inside);
            files.push(include);
        }
    }
    files.sort_by(|a, b| a.inside.cmp(&b.inside));
    Ok(files)
}

/// The files with a 2025-09 package's constants put into their text, as the spec says for
/// validators, included files and example submissions; a file that is not UTF-8 text, or a
/// sequence naming no constant, is left as it is. Done before the build is named, so a
/// changed constant is another build.
pub(super) fn with_constants(files: Vec<SourceFile>, constants: &Constants) -> Vec<SourceFile> {
    if constants.is_empty() {
        return files;
    }
    files
        .into_iter()
        .map(|mut file| {
            if let Ok(text) = std::str::from_utf8(&file.bytes) {
                file.bytes = constants.replace_known(text).into_bytes();
            }
            file
        })
        .collect()
}
