//! A folder's checker program: it runs in the case folder as `COMMAND INPUT ACTUAL EXPECTED`
//! (the order of online-judge-tools and testlib); its exit status rules as `ruling` says (0 or
//! 42 AC, 1, 2 or 43 WA with its first line as the reason); anything else, a crash or a limit
//! is a judge error.

use super::exit_status::{ruling, Ruling};
use crate::cases::Case;
use crate::limits::Limits;
use crate::process::{execute, Program, Trust};
use crate::temp_folder::{absolute, quoted, TempFolder};
use crate::verdict::{run_failure, Verdict, Wrong};
use std::fs;
use std::path::Path;
use std::time::Duration;

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
    let scratch = match TempFolder::new("actual") {
        Ok(scratch) => scratch,
        Err(error) => return Verdict::JudgeError(format!("cannot make a scratch folder: {error}")),
    };
    let actual_path = scratch.path("actual");
    if let Err(error) = fs::write(&actual_path, actual) {
        return Verdict::JudgeError(format!("cannot write {}: {error}", actual_path.display()));
    }
    let line = format!(
        "cd {} && {command} {} {} {}",
        quoted(&absolute(dir)),
        quoted(&absolute(&case.input)),
        quoted(&actual_path),
        quoted(&absolute(expected))
    );
    let limits = checker_limits();
    let checked = execute(&Program::Shell(line), None, limits, Trust::Helper);
    drop(scratch);
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
    match ruling(checked.ended.termination) {
        Ruling::Accepted => Verdict::Accepted,
        Ruling::Wrong => Verdict::WrongAnswer(Wrong::Because(
            first_line(&checked.stdout)
                .or_else(|| first_line(&checked.stderr_tail))
                .unwrap_or_else(|| "the checker rejected the output".to_string()),
        )),
        Ruling::Broken => broken(checked.ended.termination.to_string()),
    }
}
