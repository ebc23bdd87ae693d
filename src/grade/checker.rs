//! A folder's checker program: it runs in the case folder as `COMMAND INPUT ACTUAL EXPECTED`
//! (the order of online-judge-tools and testlib); exit 0 is AC, exit 1 is WA with its first line
//! as the reason, anything else (or a crash, or a limit) is a judge error.

use crate::case_set::Case;
use crate::process::{execute, Limits, Program, Termination};
use crate::verdict::{run_failure, Verdict, Wrong};
use std::fs;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// A path as one shell word.
fn quoted(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', "'\\''"))
}

/// The limits of a checker run: 10 s of CPU, 1 MiB of output.
fn checker_limits() -> Limits {
    Limits {
        output_bytes: 1 << 20,
        ..Limits::with_cpu(Duration::from_secs(10))
    }
}

/// The first line with text in some output.
fn first_line(bytes: &[u8]) -> Option<String> {
    const SHOWN_CHARS: usize = 200;
    String::from_utf8_lossy(bytes)
        .lines()
        .find(|line| !line.trim().is_empty())
        .map(|line| match line.chars().nth(SHOWN_CHARS) {
            None => line.to_string(),
            Some(_) => format!("{}…", line.chars().take(SHOWN_CHARS).collect::<String>()),
        })
}

/// Asks the checker about an output.
pub fn check(command: &str, dir: &Path, case: &Case, expected: &Path, actual: &[u8]) -> Verdict {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let actual_path = std::env::temp_dir().join(format!(
        "game-judge-actual-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    if let Err(error) = fs::write(&actual_path, actual) {
        return Verdict::JudgeError(format!("cannot write {}: {error}", actual_path.display()));
    }
    let absolute = |path: &Path| fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let line = format!(
        "cd {} && {command} {} {} {}",
        quoted(&absolute(dir)),
        quoted(&absolute(&case.input)),
        quoted(&actual_path),
        quoted(&absolute(expected))
    );
    let limits = checker_limits();
    let checked = execute(&Program::Shell(line), None, limits);
    let _ = fs::remove_file(&actual_path);
    let checked = match checked {
        Ok(checked) => checked,
        Err(error) => {
            return Verdict::JudgeError(format!("cannot run the checker `{command}`: {error}"))
        }
    };
    let broken = |what: String| {
        let said =
            first_line(&checked.stderr_tail).map_or_else(String::new, |line| format!(": {line}"));
        Verdict::JudgeError(format!("the checker `{command}` failed ({what}){said}"))
    };
    if let Some(failure) = run_failure(&checked.ended, &limits, &[]) {
        if failure.code() != crate::verdict::Code::RE {
            return broken(format!("{}", failure.code()));
        }
    }
    match checked.ended.termination {
        Termination::Exited(0) => Verdict::Accepted,
        Termination::Exited(1) => Verdict::WrongAnswer(Wrong::Because(
            first_line(&checked.stdout)
                .or_else(|| first_line(&checked.stderr_tail))
                .unwrap_or_else(|| "the checker rejected the output".to_string()),
        )),
        other => broken(other.to_string()),
    }
}
