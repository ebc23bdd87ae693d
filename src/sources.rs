//! A source file as the program to judge (`judge --cmd sol.cpp DIR`): built by its language, as
//! a judge builds a submission, into a cache outside the case folder, and rebuilt when the
//! source (or the compiler's command) changes. C and C++ with gcc and g++, Rust with rustc;
//! Python runs with python3 and Java (one file) with `java FILE.java`, unbuilt.

use crate::process::Program;
use crate::temp_folder::quoted;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// How a source file becomes a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Language {
    C,
    Cpp,
    Rust,
    Python,
    Java,
}

impl Language {
    /// The language of a file, by its extension.
    fn of(path: &Path) -> Option<Language> {
        let extension = path.extension()?.to_str()?;
        Some(match extension {
            "c" => Language::C,
            "cpp" | "cc" | "cxx" | "C" => Language::Cpp,
            "rs" => Language::Rust,
            "py" => Language::Python,
            "java" => Language::Java,
            _ => return None,
        })
    }

    /// The compiler's command for `source` into `binary`, as contest judges build (None for a
    /// language that runs unbuilt).
    fn build(self, source: &Path, binary: &Path) -> Option<Vec<String>> {
        let (source, binary) = (
            source.to_string_lossy().into_owned(),
            binary.to_string_lossy().into_owned(),
        );
        let words: &[&str] = match self {
            Language::C => &["gcc", "-std=gnu17", "-O2", "-o", &binary, &source, "-lm"],
            Language::Cpp => &["g++", "-std=gnu++20", "-O2", "-o", &binary, &source],
            Language::Rust => &["rustc", "-O", "--edition", "2021", "-o", &binary, &source],
            Language::Python | Language::Java => return None,
        };
        Some(words.iter().map(|word| word.to_string()).collect())
    }
}

/// The folder builds go in: `$XDG_CACHE_HOME/game-judge/builds`, else `~/.cache/…`, else the
/// temporary folder's.
fn cache_folder() -> PathBuf {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    base.join("game-judge").join("builds")
}

/// FNV-1a over some bytes: a build's name in the cache, from what it was built of.
fn fingerprint(parts: &[&[u8]]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &byte in *part {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
        hash = (hash ^ 0xff).wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// The program for `command` when it is one source file of a known language (built now, or
/// taken from the cache); `Ok(None)` for any other command; the compiler's first lines when
/// the source does not build.
pub fn program_for(command: &str) -> Result<Option<Program>, String> {
    let word = command.trim();
    let path = Path::new(word);
    if word.contains(char::is_whitespace) || !path.is_file() {
        return Ok(None);
    }
    let Some(language) = Language::of(path) else {
        return Ok(None);
    };
    let source = fs::canonicalize(path).map_err(|error| format!("cannot read {word}: {error}"))?;
    match language {
        Language::Python => {
            return Ok(Some(Program::Shell(format!("python3 {}", quoted(&source)))))
        }
        Language::Java => return Ok(Some(Program::Shell(format!("java {}", quoted(&source))))),
        _ => {}
    }
    let text = fs::read(&source).map_err(|error| format!("cannot read {word}: {error}"))?;
    let stem = source
        .file_stem()
        .map_or("program".into(), |stem| stem.to_string_lossy().into_owned());
    // The command without the output path, so the fingerprint does not depend on it.
    let build_words = language
        .build(&source, Path::new("OUT"))
        .unwrap_or_default();
    let name = fingerprint(&[
        source.as_os_str().as_bytes(),
        &text,
        build_words.join(" ").as_bytes(),
    ]);
    let folder = cache_folder().join(format!("{stem}-{name:016x}"));
    let binary = folder.join(&stem);
    if binary.is_file() {
        return Ok(Some(Program::Binary(binary)));
    }
    fs::create_dir_all(&folder)
        .map_err(|error| format!("cannot make {}: {error}", folder.display()))?;
    let words = language.build(&source, &binary).unwrap_or_default();
    let (compiler, arguments) = words.split_first().ok_or("no compiler")?;
    eprintln!("building {word}: {}", words.join(" "));
    let output = Command::new(compiler)
        .args(arguments)
        .output()
        .map_err(|error| format!("cannot run {compiler} to build {word}: {error}"))?;
    if !output.status.success() || !binary.is_file() {
        let _ = fs::remove_dir_all(&folder);
        let said = String::from_utf8_lossy(&output.stderr);
        let first: Vec<&str> = said.lines().take(12).collect();
        return Err(format!(
            "{word} does not build ({}):\n{}",
            words.join(" "),
            first.join("\n")
        ));
    }
    Ok(Some(Program::Binary(binary)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_are_told_by_their_extension() {
        assert_eq!(Language::of(Path::new("a.cpp")), Some(Language::Cpp));
        assert_eq!(Language::of(Path::new("a.rs")), Some(Language::Rust));
        assert_eq!(Language::of(Path::new("a.py")), Some(Language::Python));
        assert_eq!(Language::of(Path::new("a.out")), None);
        assert_eq!(Language::of(Path::new("Makefile")), None);
    }

    #[test]
    fn a_fingerprint_changes_with_any_part() {
        let base = fingerprint(&[b"a", b"b"]);
        assert_eq!(base, fingerprint(&[b"a", b"b"]));
        assert_ne!(base, fingerprint(&[b"a", b"c"]));
        assert_ne!(base, fingerprint(&[b"ab", b""]));
    }

    #[test]
    fn a_command_that_is_not_one_source_file_is_left_alone() {
        assert_eq!(program_for("python3 x.py"), Ok(None));
        assert_eq!(program_for("no-such-file.cpp"), Ok(None));
    }
}
