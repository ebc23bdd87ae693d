//! A test that cannot run on this machine (it needs root, a tool, a kernel feature) says so
//! instead of passing in silence: `skip` prints `skipped: ...` and adds a line to
//! `target/skipped-tests.txt`, which `.ci/run` empties before the tests, prints after them and
//! fails on when a test skipped that CI's machine should run. The library's unit tests use it
//! as a module of the crate (unit tests only), the integration tests through `tests/common`.
#![allow(dead_code)] // each test crate uses only some of these

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The file under the build's target folder that lists the tests skipped, a line each:
/// `BINARY TEST: NEED: WHY`.
pub const SKIP_FILE: &str = "skipped-tests.txt";

/// Records that the running test cannot run here; the test then returns. Prints
/// `skipped: NEED: WHY` and appends a line naming the test binary, the test (libtest runs each
/// test on a thread named after it), the need and why to the skip file. `need` is a short tag
/// that the CI script matches, starting with `needs ` (`needs root`, `needs tmux`); `why` says
/// what is missing or what the test would check.
///
/// # Panics
/// If `need` does not start with `needs `, or the skip file cannot be written: a skip nobody
/// can see would be the silent pass this exists to prevent.
pub fn skip(need: &str, why: &str) {
    record(&target_folder().join(SKIP_FILE), need, why);
}

/// `skip`, into the given file.
fn record(file: &Path, need: &str, why: &str) {
    assert!(
        need.starts_with("needs ") && !need.contains(": "),
        "a skip's need is a tag like `needs root`, not {need:?}"
    );
    eprintln!("skipped: {need}: {why}");
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("an unnamed test");
    let line = format!("{} {test}: {need}: {why}\n", test_binary());
    let written = OpenOptions::new()
        .create(true)
        .append(true)
        .open(file)
        .and_then(|mut skips| skips.write_all(line.as_bytes()));
    if let Err(error) = written {
        panic!(
            "skipped ({need}), and cannot say so in {}: {error}",
            file.display()
        );
    }
}

/// The name of the running test executable without cargo's hash (`judge` for
/// `target/debug/deps/judge-0123456789abcdef`).
fn test_binary() -> String {
    let exe = std::env::current_exe().unwrap_or_default();
    binary_name(&exe.file_name().unwrap_or_default().to_string_lossy())
}

/// A test executable's file name without cargo's hash, and without the ` (deleted)` Linux
/// adds to the path of an executable rebuilt while it runs.
fn binary_name(file_name: &str) -> String {
    let name = file_name.strip_suffix(" (deleted)").unwrap_or(file_name);
    match name.rsplit_once('-') {
        Some((binary, hash)) if hash.bytes().all(|byte| byte.is_ascii_hexdigit()) => {
            binary.to_string()
        }
        _ => name.to_string(),
    }
}

/// The build's target folder: `CARGO_TARGET_DIR` when set (a relative one from the package's
/// folder, where cargo runs the tests), else the nearest folder above the test executable that
/// cargo marked with its `CACHEDIR.TAG`, else the folder two above the executable's `deps`
/// (`target/<profile>/deps/NAME-HASH`).
pub fn target_folder() -> PathBuf {
    if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR").filter(|dir| !dir.is_empty()) {
        return Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    }
    let exe = std::env::current_exe().expect("the test executable has a path");
    let tagged = exe
        .ancestors()
        .find(|folder| folder.join("CACHEDIR.TAG").is_file());
    let above_deps = || {
        exe.ancestors()
            .find(|folder| folder.file_name().is_some_and(|name| name == "deps"))
            .and_then(|deps| deps.parent()?.parent())
    };
    tagged
        .or_else(above_deps)
        .unwrap_or_else(|| panic!("no target folder above {}", exe.display()))
        .to_path_buf()
}

#[cfg(test)]
mod tests {
    // No `use`: a bench takes this file through `tests/common` with cfg(test) but no tests.

    #[test]
    fn a_test_binary_is_named_without_its_hash_even_when_deleted() {
        assert_eq!(super::binary_name("judge-0123456789abcdef"), "judge");
        assert_eq!(
            super::binary_name("judge-0123456789abcdef (deleted)"),
            "judge"
        );
        assert_eq!(
            super::binary_name("game_judge-9f0e (deleted)"),
            "game_judge"
        );
        assert_eq!(super::binary_name("readme"), "readme");
    }

    #[test]
    fn the_target_folder_holds_the_running_test() {
        let exe = std::env::current_exe().unwrap().canonicalize().unwrap();
        let target = super::target_folder().canonicalize().unwrap();
        assert!(exe.starts_with(&target), "{exe:?} is not in {target:?}");
    }

    /// The line names the test as libtest does (its path in the crate) and the binary as cargo
    /// does (the crate's name): this file is a module of the library and of the test crates.
    #[test]
    fn a_skip_is_written_down_with_the_test_and_its_need() {
        let file = super::target_folder().join(format!("tmp/skip-test-{}.txt", std::process::id()));
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        let _ = std::fs::remove_file(&file);
        super::record(&file, "needs nothing", "a test of the skip file");
        super::record(&file, "needs a second line", "appended");
        let written = std::fs::read_to_string(&file).unwrap();
        std::fs::remove_file(&file).unwrap();
        let (binary, module) = module_path!().split_once("::").unwrap();
        let test = format!("{module}::a_skip_is_written_down_with_the_test_and_its_need");
        assert_eq!(
            written,
            format!(
                "{binary} {test}: needs nothing: a test of the skip file\n\
                 {binary} {test}: needs a second line: appended\n"
            )
        );
    }

    #[test]
    #[should_panic(expected = "a skip's need is a tag like `needs root`")]
    fn a_need_is_a_tag() {
        super::record(
            std::path::Path::new("/nonexistent/skips"),
            "root",
            "no `needs`",
        );
    }

    #[test]
    #[should_panic(expected = "cannot say so in /nonexistent/skips")]
    fn a_skip_that_cannot_be_written_down_fails() {
        super::record(
            std::path::Path::new("/nonexistent/skips"),
            "needs root",
            "nowhere to write",
        );
    }
}
