//! Source code built by its language, as a contest judge builds it, into a cache outside the
//! package and rebuilt when a source (or the compiler's command) changes: a submission
//! (`judge --cmd sol.cpp DIR`, `judge verify`'s submissions) and a package's own programs (a
//! Kattis output validator or input validator, a checker) given as source. A source is one file
//! or a folder; `build` says how one becomes a program (`language`: which compiler, with which
//! flags; `constants`: a 2025-09 package's constants put into its files first).

mod build;
mod constants;
mod language;
mod sha256;

pub use build::{
    build, build_problem_program, build_submission, installed, Built, Failure, COMPILE_TIME_LIMIT,
};
pub use constants::{
    is_constant_name, program_with_constants, substitute, unknown_sequences, Constants,
};
pub use language::{Dialect, Language, Python3, Table};

use crate::process::Program;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// The judge's cache: `$XDG_CACHE_HOME/game-judge`, else `~/.cache/…`, else the temporary
/// folder's. Builds go in its `builds/`; a Polygon package's generated tests in its `polygon/`.
/// Chosen once a run.
pub fn cache_root() -> PathBuf {
    static ROOT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    ROOT.get_or_init(chosen_cache_root).clone()
}

/// The cache's folder, made if missing (mode 0700). One that someone else could change (the
/// judge runs what it finds there: a checker's build, as root say) is not used: this run gets a
/// private one in the temporary folder, and a warning says why.
fn chosen_cache_root() -> PathBuf {
    use std::os::unix::fs::DirBuilderExt;
    // A relative XDG_CACHE_HOME is ignored, as the XDG spec says.
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|path| path.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cache")));
    let Some(base) = base else {
        return private_temporary_cache();
    };
    let named = base.join("game-judge");
    let _ = std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(&named);
    // Its real path, checked and then used for the whole run: a link on the way (another
    // user's) cannot lead elsewhere once checked.
    let root = std::fs::canonicalize(&named).unwrap_or(named);
    match not_the_judges_own(&root) {
        None => {
            // Private (0700): only now that it is known to be a real folder of the judge's
            // own user, never through a link, nor someone else's.
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(&root, std::fs::Permissions::from_mode(0o700));
            note_cache_used(&root);
            root
        }
        Some(why) => {
            let fresh = private_temporary_cache();
            eprintln!(
                "{}",
                crate::text::printable(&format!(
                    "warning: the cache {} is not the judge's own ({why}): this run uses {}",
                    root.display(),
                    fresh.display()
                ))
            );
            fresh
        }
    }
}

/// Why someone other than the judge's user (or root) could change the folder `root`: it is a
/// link or someone else's, or a folder above it is someone else's or may be written by others
/// (a sticky one, as `/tmp`, aside). `None` when it is the judge's own.
fn not_the_judges_own(root: &Path) -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let uid = crate::process::sys::namespaces::own_ids().0;
    let Ok(meta) = std::fs::symlink_metadata(root) else {
        return Some("it cannot be made".to_string());
    };
    if !meta.is_dir() {
        return Some("it is a link, or not a folder".to_string());
    }
    if meta.uid() != uid {
        return Some(format!("it belongs to user {}", meta.uid()));
    }
    for above in root.ancestors().skip(1) {
        let Ok(meta) = std::fs::metadata(above) else {
            continue;
        };
        if meta.uid() != uid && meta.uid() != 0 {
            return Some(format!(
                "{} belongs to user {}",
                above.display(),
                meta.uid()
            ));
        }
        if meta.mode() & 0o022 != 0 && meta.mode() & 0o1000 == 0 {
            return Some(format!("others may write in {}", above.display()));
        }
    }
    None
}

/// The judge's caches, for the sandbox to cover: this run's (made private by `cache_root`, mode
/// 0700: a box's user, who is not its owner, cannot go in by any path, a bind mount the sandbox
/// does not know of included), the ones other runs keep in each home (`~/.cache/game-judge`),
/// and the ones this user's runs had elsewhere (another `XDG_CACHE_HOME`: see
/// `CACHES_ELSEWHERE`), which a folder shown to a program may hold.
pub fn caches_to_cover() -> Vec<PathBuf> {
    // Made, private and the judge's own by `cache_root`.
    let own = cache_root();
    let homes = std::fs::read_dir("/home")
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .chain(std::env::var_os("HOME").map(PathBuf::from))
        .chain([PathBuf::from("/root")]);
    let mut caches = vec![own];
    caches.extend(
        homes
            .map(|home| home.join(".cache/game-judge"))
            .filter(|cache| cache.is_dir()),
    );
    caches.extend(caches_used_elsewhere());
    caches.sort();
    caches.dedup();
    caches
}

/// The list, in the home's cache (`~/.cache/game-judge`), of the caches this user's runs of the
/// judge had elsewhere (with another `XDG_CACHE_HOME`): their real paths, each ended by a NUL
/// (a path holds any byte but that one). Without root, a box's user is the judge's own, whom
/// a cache's mode (0700) does not keep out: the sandbox covers each of them, wherever a folder
/// it shows holds one.
const CACHES_ELSEWHERE: &str = "caches-elsewhere";

/// The most caches the list keeps: the latest, of those still there.
const MOST_CACHES_ELSEWHERE: usize = 100;

/// The list of the caches used elsewhere, where the home's cache is the judge's own (made if
/// missing, mode 0700); `None` without a home or where it is not.
fn caches_elsewhere_list() -> Option<PathBuf> {
    use std::os::unix::fs::DirBuilderExt;
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .filter(|home| home.is_absolute())?;
    let named = home.join(".cache/game-judge");
    let _ = std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(&named);
    let real = std::fs::canonicalize(&named).ok()?;
    not_the_judges_own(&real)
        .is_none()
        .then(|| real.join(CACHES_ELSEWHERE))
}

/// The caches the list names, and the list's path.
fn read_caches_elsewhere() -> Option<(Vec<PathBuf>, PathBuf)> {
    use std::os::unix::ffi::OsStrExt;
    let list = caches_elsewhere_list()?;
    let text = std::fs::read(&list).unwrap_or_default();
    let caches = text
        .split(|&byte| byte == 0)
        .filter(|path| !path.is_empty())
        .map(|path| PathBuf::from(std::ffi::OsStr::from_bytes(path)))
        .collect();
    Some((caches, list))
}

/// Adds the cache `root` (a real path) to the list of the caches used elsewhere, unless it is
/// the home's own or listed already.
fn note_cache_used(root: &Path) {
    use std::io::Write;
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::OpenOptionsExt;
    let Some((listed, list)) = read_caches_elsewhere() else {
        return;
    };
    if list.parent() == Some(root) || listed.iter().any(|cache| cache == root) {
        return;
    }
    let mut line = root.as_os_str().as_bytes().to_vec();
    line.push(0);
    // One write in append mode: runs of the judge at once each add their own line whole.
    let _ = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .mode(0o600)
        .open(&list)
        .and_then(|mut file| file.write_all(&line));
}

/// The caches used elsewhere that are still there (the list is written again without the
/// others once it holds more than `MOST_CACHES_ELSEWHERE`, the latest kept).
fn caches_used_elsewhere() -> Vec<PathBuf> {
    use std::os::unix::ffi::OsStrExt;
    let Some((listed, list)) = read_caches_elsewhere() else {
        return Vec::new();
    };
    let mut there: Vec<PathBuf> = listed
        .iter()
        .filter(|cache| cache.is_dir())
        .cloned()
        .collect();
    if listed.len() > MOST_CACHES_ELSEWHERE {
        there.drain(..there.len().saturating_sub(MOST_CACHES_ELSEWHERE));
        let mut text = Vec::new();
        for cache in &there {
            text.extend_from_slice(cache.as_os_str().as_bytes());
            text.push(0);
        }
        // Written beside, then moved over the list: a run reading it sees one or the other.
        let fresh = list.with_extension(format!("{}", std::process::id()));
        if std::fs::write(&fresh, &text).is_ok() && std::fs::rename(&fresh, &list).is_err() {
            let _ = std::fs::remove_file(&fresh);
        }
    }
    there
}

/// Without a home: a cache in the temporary folder that is the judge's own (its user's, mode
/// 0700, not a link), for another user could have made one there first and put programs in it
/// that the judge would run (a checker, as root). One found that is not the judge's own is
/// passed over for a fresh one, used by this run alone.
fn private_temporary_cache() -> PathBuf {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt};
    let uid = crate::process::sys::namespaces::own_ids().0;
    let own = |path: &Path| {
        std::fs::symlink_metadata(path)
            .is_ok_and(|meta| meta.is_dir() && meta.uid() == uid && meta.mode() & 0o077 == 0)
    };
    let shared = std::env::temp_dir().join(format!("game-judge-{uid}"));
    let _ = std::fs::DirBuilder::new().mode(0o700).create(&shared);
    if own(&shared) {
        return shared;
    }
    // Made new (a name already there is passed over): the judge's own.
    let mut attempt = 0u32;
    loop {
        let fresh =
            std::env::temp_dir().join(format!("game-judge-{uid}-{}-{attempt}", std::process::id()));
        if std::fs::DirBuilder::new()
            .mode(0o700)
            .create(&fresh)
            .is_ok()
            || attempt >= 1000
        {
            return fresh;
        }
        attempt += 1;
    }
}

/// The cache's folder of a Polygon package's generated tests (inputs and answers).
pub const GENERATED_TESTS: &str = "polygon";

/// The folder builds go in: `builds/` in the cache for the problem's own programs,
/// `submissions/` for contestants' (a contestant's build, whatever its name, never takes the
/// place of a checker's, which runs outside the sandbox).
fn cache_folder(contestant: bool) -> PathBuf {
    cache_root().join(match contestant {
        true => "submissions",
        false => "builds",
    })
}

/// A build's name in the cache, from what it was built of: the first 128 bits of the SHA-256 of
/// the parts, in hex (no two sources may share a name, however they were made).
pub fn fingerprint(parts: &[&[u8]]) -> String {
    let mut sha = sha256::Sha256::new();
    for part in parts {
        // Each part preceded by its length: no two lists of parts give the same bytes.
        sha.update(&(part.len() as u64).to_le_bytes());
        sha.update(part);
    }
    sha.finish()[..16]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// The source `command` names when it is one source file of a known language, or a folder of
/// sources (as a package keeps a submission of several files): what `program_for` builds. A
/// script (`./solution.sh`) runs as it is.
pub fn source_in(command: &str) -> Option<&Path> {
    let word = command.trim();
    let path = Path::new(word);
    let built = Language::of(path).is_some_and(|language| !language.is_script());
    let source = (path.is_file() && built) || path.is_dir();
    (!word.contains(char::is_whitespace) && source).then_some(path)
}

/// The files beside the one source file `path` that it includes (C, C++: `#include "x.h"`) or
/// imports (Python: `import x`, `from x import y`): a judge builds a submission alone, so they
/// are not there. One warning each, saying what to do.
pub fn beside_warnings(path: &Path) -> Vec<String> {
    let (Some(language), Some(folder)) = (Language::of(path), path.parent()) else {
        return Vec::new();
    };
    // Opened as a case file is (never blocking, a regular file only) and read within the
    // sources' size limit: the path may have changed since it was checked.
    let mut bytes = Vec::new();
    let read = crate::process::open_regular(path).and_then(|file| {
        std::io::Read::read_to_end(&mut std::io::Read::take(file, 64 << 20), &mut bytes)
    });
    let (Ok(_), Ok(text)) = (read, String::from_utf8(bytes)) else {
        return Vec::new();
    };
    let mut beside: Vec<String> = Vec::new();
    for line in text.lines().map(str::trim) {
        let named: Vec<String> = match language {
            Language::C | Language::Cpp => line
                .strip_prefix("#include")
                .map(str::trim_start)
                .and_then(|rest| rest.strip_prefix('"'))
                .and_then(|rest| rest.split('"').next())
                .filter(|name| folder.join(name).is_file())
                .map(str::to_string)
                .into_iter()
                .collect(),
            Language::Python | Language::PyPy3 | Language::Python2 => {
                let modules = match (line.strip_prefix("import "), line.strip_prefix("from ")) {
                    (Some(list), _) => list.split(',').map(str::to_string).collect(),
                    (_, Some(rest)) => rest
                        .split_whitespace()
                        .take(1)
                        .map(str::to_string)
                        .collect(),
                    _ => Vec::new(),
                };
                modules
                    .iter()
                    .filter_map(|module| module.split_whitespace().next())
                    .filter_map(|module| module.split('.').next())
                    .filter(|module| !module.is_empty())
                    .map(|module| format!("{module}.py"))
                    .filter(|file| folder.join(file).is_file())
                    .collect()
            }
            _ => Vec::new(),
        };
        for name in named {
            if !beside.contains(&name) {
                beside.push(name);
            }
        }
    }
    let shown = path.display();
    let folder_shown = match folder.as_os_str().is_empty() {
        true => ".".to_string(),
        false => folder.display().to_string(),
    };
    beside
        .iter()
        .map(|name| {
            format!(
                "warning: {shown} uses {name}, which is beside it: a judge builds a submission alone, so {name} is not there; paste it into {shown}, or judge the folder (--cmd {folder_shown}) to build it with the files beside it"
            )
        })
        .collect()
}

/// The scripts of a package's program (a file, or a folder and the folders in it) that lack
/// the executable bit the format asks of them: a `build` or `run` script, or a file whose first
/// line is a `#!` line and that is no source the judge builds (a `.py` file is Python's). The
/// judge runs them anyway (a
/// build script and a run script made executable in the build, a lone script by its `#!`
/// line, as BAPCtools does); each gets a warning line naming it.
pub fn scripts_without_exec_bit(path: &Path) -> Vec<String> {
    use std::os::unix::fs::PermissionsExt;
    let mut found = Vec::new();
    let mut pending = vec![(path.to_path_buf(), 0)];
    while let Some((path, depth)) = pending.pop() {
        let Ok(meta) = std::fs::metadata(&path) else {
            continue;
        };
        if meta.is_dir() && depth < 4 {
            let mut inside: Vec<PathBuf> = std::fs::read_dir(&path)
                .into_iter()
                .flatten()
                .flatten()
                .map(|entry| entry.path())
                .filter(|path| {
                    !path
                        .file_name()
                        .is_some_and(|name| name.as_bytes().starts_with(b"."))
                })
                .collect();
            inside.sort();
            pending.extend(inside.into_iter().rev().map(|inner| (inner, depth + 1)));
            continue;
        }
        if !meta.is_file() || meta.permissions().mode() & 0o111 != 0 {
            continue;
        }
        let named = path
            .file_name()
            .is_some_and(|name| name == "build" || name == "run");
        let script = crate::process::open_regular(&path).is_ok_and(|file| {
            let mut start = Vec::new();
            std::io::Read::read_to_end(&mut std::io::Read::take(file, 2), &mut start).is_ok()
                && start == b"#!"
        });
        // A source of a language the judge builds (`validate.py`, even with a `#!` line) asks
        // no executable bit; a shell, Perl or awk script does.
        let known = Language::of(&path).is_some_and(|language| !language.is_script());
        if named || (script && !known) {
            found.push(format!(
                "{}: not executable, though the package format asks it of a program's scripts: the judge runs it all the same",
                path.display()
            ));
        }
    }
    found
}

/// The program of the source `path` (see `source_in`), built now in `dialect` (a contestant's
/// build: in the sandbox where that is on) or taken from the cache; why not, with the
/// compiler's first lines, when the source does not build.
pub fn program_for(path: &Path, dialect: &Dialect) -> Result<Program, String> {
    match build_submission(path, COMPILE_TIME_LIMIT, dialect) {
        Ok(built) => {
            if built.fresh {
                // An interpreted language's source is checked and put in place, not compiled.
                let done = match Language::of(path) {
                    Some(Language::Python | Language::PyPy3 | Language::Python2) => "checked",
                    Some(Language::JavaScript) => "checked",
                    _ => "built",
                };
                eprintln!(
                    "{}",
                    crate::text::printable(&format!(
                        "{done} {} into {}",
                        path.display(),
                        built.folder.display()
                    ))
                );
            }
            Ok(Program::Binary(built.program))
        }
        Err(failure) => Err(failure.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The format asks the executable bit of `build`, `run` and a script run by its `#!` line,
    /// not of a Python source (problemtools' and BAPCtools' validate.py are often 0644).
    #[test]
    fn a_python_source_needs_no_executable_bit_and_a_shell_script_does() {
        let dir = crate::test_folders::folder_with_files(
            "exec-bit",
            &["v/validate.py", "v/check.sh", "v/run"],
        );
        std::fs::write(dir.join("v/validate.py"), "#!/usr/bin/env python3\n").unwrap();
        std::fs::write(dir.join("v/check.sh"), "#!/bin/sh\n").unwrap();
        let found = scripts_without_exec_bit(&dir.join("v"));
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(
            found
                .iter()
                .any(|line| line.contains("check.sh: not executable")),
            "{found:?}"
        );
        assert!(
            found
                .iter()
                .any(|line| line.contains("v/run: not executable")),
            "{found:?}"
        );
    }

    #[test]
    fn a_cache_without_a_home_is_the_judges_own() {
        use std::os::unix::fs::MetadataExt;
        let uid = crate::process::sys::namespaces::own_ids().0;
        let shared = std::env::temp_dir().join(format!("game-judge-{uid}"));
        let was_there = std::fs::symlink_metadata(&shared).is_ok();
        let cache = private_temporary_cache();
        let meta = std::fs::symlink_metadata(&cache).unwrap();
        // The test's own making goes (a cache a judge run made stays); empty, it is removed.
        if !was_there || cache != shared {
            let _ = std::fs::remove_dir(&cache);
        }
        assert!(meta.is_dir());
        assert_eq!(meta.uid(), uid);
        assert_eq!(meta.mode() & 0o077, 0, "{:o}", meta.mode());
    }

    #[test]
    fn a_fingerprint_changes_with_any_part() {
        let base = fingerprint(&[b"a", b"b"]);
        assert_eq!(base, fingerprint(&[b"a", b"b"]));
        assert_ne!(base, fingerprint(&[b"a", b"c"]));
        assert_ne!(base, fingerprint(&[b"ab", b""]));
        // A separator inside a part cannot pose as the end of one.
        assert_ne!(
            fingerprint(&[b"a.c", b"X", b"b.c", b"Y"]),
            fingerprint(&[b"a.c", b"X\xffb.c\xffY"])
        );
    }

    #[test]
    fn what_a_source_includes_or_imports_from_beside_it_is_named() {
        let dir = crate::test_folders::folder_with_files("beside", &["lib.hpp", "util.py"]);
        let cpp = dir.join("sol.cpp");
        std::fs::write(
            &cpp,
            "#include <vector>\n#include \"lib.hpp\"\n#include \"gone.h\"\n",
        )
        .unwrap();
        let warnings = beside_warnings(&cpp);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(
            warnings[0].contains("uses lib.hpp, which is beside it"),
            "{warnings:?}"
        );
        let py = dir.join("main.py");
        std::fs::write(
            &py,
            "import sys, util\nfrom util import add\nimport os.path\n",
        )
        .unwrap();
        let warnings = beside_warnings(&py);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].contains("uses util.py"), "{warnings:?}");
        assert!(
            warnings[0].contains(&format!("--cmd {}", dir.display())),
            "{warnings:?}"
        );
    }

    #[test]
    fn a_command_that_is_not_one_source_file_is_left_alone() {
        assert_eq!(source_in("python3 x.py"), None);
        assert_eq!(source_in("no-such-file.cpp"), None);
        assert_eq!(source_in("src"), Some(Path::new("src")));
    }
}
