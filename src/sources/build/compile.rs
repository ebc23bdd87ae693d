//! The copied files built in their work folder by their recipe, and left with a `run` program.

use super::boxed::run_build;
use super::java::java_class;
use super::recipe::Recipe;
use super::{Failure, Whose};
use crate::sources::Language;
use crate::temp_folder::quoted;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Makes `path` executable. A link is refused, never followed: what a build made is the
/// contestant's, and the judge may run as root.
fn make_executable(path: &Path) -> std::io::Result<()> {
    let meta = fs::symlink_metadata(path)?;
    if !meta.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("{} is not a regular file", path.display()),
        ));
    }
    fs::set_permissions(
        path,
        fs::Permissions::from_mode(meta.permissions().mode() | 0o755),
    )
}

/// Whether a build made `run` as a regular file (not a link, which the judge will not follow).
fn made_run(run: &Path) -> bool {
    fs::symlink_metadata(run).is_ok_and(|meta| meta.is_file())
}

/// Builds the copied files in `work`, whose final place is `folder`.
pub(super) fn build_in(
    source: &str,
    recipe: &Recipe,
    work: &Path,
    folder: &Path,
    includes: &[PathBuf],
    limit: Duration,
    whose: Whose,
) -> Result<(), Failure> {
    let io = |error: std::io::Error| Failure::Io(format!("cannot build {source}: {error}"));
    let run = work.join("run");
    match recipe {
        Recipe::Script => {
            let script = work.join("build");
            make_executable(&script).map_err(io)?;
            run_build(source, work, "./build", limit, whose)?;
            if !made_run(&run) {
                return Err(Failure::Compile {
                    source: source.to_string(),
                    command: "./build".to_string(),
                    said: "its build script made no `run` program".to_string(),
                });
            }
            make_executable(&run).map_err(io)
        }
        Recipe::Run => make_executable(&run).map_err(io),
        Recipe::Shebang(script) => {
            make_executable(&work.join(script)).map_err(io)?;
            let line = format!("#!/bin/sh\nexec {} \"$@\"\n", quoted(&folder.join(script)));
            fs::write(&run, line).map_err(io)?;
            make_executable(&run).map_err(io)
        }
        Recipe::Language {
            language,
            files,
            main,
            cpp_standard,
        } => {
            let includes: Vec<String> = includes
                .iter()
                .map(|folder| folder.to_string_lossy().into_owned())
                .collect();
            // `./` before each file: a name such as `-v.py` is not taken for an option.
            let files: Vec<String> = files.iter().map(|file| format!("./{file}")).collect();
            let line: Vec<String> = language
                .compile(&files, &includes, cpp_standard.as_deref())
                .iter()
                .map(|word| {
                    match word
                        .contains(|c: char| !c.is_ascii_alphanumeric() && !"-_./=+".contains(c))
                    {
                        true => quoted(Path::new(word)),
                        false => word.clone(),
                    }
                })
                .collect();
            run_build(source, work, &line.join(" "), limit, whose)?;
            let main = match language {
                Language::Java | Language::Scala => java_class(source, work, main, limit, whose)?
                    .ok_or_else(|| Failure::Compile {
                    source: source.to_string(),
                    command: language.tool().to_string(),
                    said: "no class has a `static void main`".to_string(),
                })?,
                _ => main.clone(),
            };
            if let Some(line) = language.run_line(folder, &main) {
                // Whatever the build left at `run` goes first: a link is not written through.
                let _ = fs::remove_file(&run);
                fs::write(&run, format!("#!/bin/sh\nexec {line} \"$@\"\n")).map_err(io)?;
            }
            if !made_run(&run) {
                return Err(Failure::Compile {
                    source: source.to_string(),
                    command: language.tool().to_string(),
                    said: "the compiler made no program".to_string(),
                });
            }
            make_executable(&run).map_err(io)
        }
    }
}
