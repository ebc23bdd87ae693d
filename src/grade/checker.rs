//! A checker program: a folder's (run in its judge folder) or a Polygon package's testlib
//! checker (run in the package's folder), as `CHECKER INPUT ACTUAL EXPECTED` (the order of
//! online-judge-tools and testlib). Its exit status rules as `ruling` says by its rules (a
//! folder's: 0 or 42 AC, 1, 2 or 43 WA; testlib's: 0 OK, 1 WA, 2 PE, 7 points, both WA with
//! what they are said), with its first line as the reason of a WA; anything else (testlib's 3
//! FAIL), a crash or a limit is a judge error.

use super::exit_status::{python_crash, ruling, Rules, Ruling};
use crate::cases::{Case, TestlibProgram};
use crate::limits::{Limits, PastOutputCap};
use crate::process::{execute, Execution, Program, Trust};
use crate::temp_folder::{absolute, quoted, TempFolder};
use crate::text::last_line;
use crate::verdict::{run_failure, Verdict, Wrong};
use std::fs;
use std::path::Path;
use std::time::Duration;

/// The limits of a checker run: 10 s of CPU, 1 MiB of output.
fn checker_limits() -> Limits {
    Limits {
        output_bytes: 1 << 20,
        past_output_cap: PastOutputCap::Kill,
        ..Limits::with_cpu(Duration::from_secs(10))
    }
}

/// The most characters of a crashed checker's exception shown.
const CRASH_CHARS: usize = 200;

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

/// Asks a folder's checker about an output.
pub fn check(command: &str, dir: &Path, case: &Case, expected: &Path, actual: &[u8]) -> Verdict {
    let checker = Checker {
        command,
        shown: &format!("`{command}`"),
        rules: Rules::Any,
        dir,
    };
    check_output(&checker, case, expected, actual)
}

/// Asks a package's testlib checker about an output.
pub fn check_testlib(
    checker: &TestlibProgram,
    dir: &Path,
    case: &Case,
    expected: &Path,
    actual: &[u8],
) -> Verdict {
    let command = quoted(&checker.program);
    check_output(
        &Checker::testlib(checker, &command, dir),
        case,
        expected,
        actual,
    )
}

/// Puts the output in a scratch file and asks the checker about it.
fn check_output(checker: &Checker, case: &Case, expected: &Path, actual: &[u8]) -> Verdict {
    let scratch = match TempFolder::new("actual") {
        Ok(scratch) => scratch,
        Err(error) => return Verdict::JudgeError(format!("cannot make a scratch folder: {error}")),
    };
    let actual_path = scratch.path("actual");
    if let Err(error) = fs::write(&actual_path, actual) {
        return Verdict::JudgeError(format!("cannot write {}: {error}", actual_path.display()));
    }
    check_file(checker, &case.input, &actual_path, expected)
}

/// A checker to run: its command line (before the three paths), how messages name it, the
/// rules of its exit status, and the folder it runs in.
pub struct Checker<'a> {
    pub command: &'a str,
    pub shown: &'a str,
    pub rules: Rules,
    pub dir: &'a Path,
}

impl<'a> Checker<'a> {
    /// A package's testlib checker, run in `dir`; `command` is its program, quoted.
    pub fn testlib(checker: &'a TestlibProgram, command: &'a str, dir: &'a Path) -> Checker<'a> {
        Checker {
            command,
            shown: &checker.shown,
            rules: Rules::Testlib,
            dir,
        }
    }
}

/// Asks the checker about the output in the file `actual`.
pub fn check_file(checker: &Checker, input: &Path, actual: &Path, expected: &Path) -> Verdict {
    let (ruled, checked) = match ruled_by(checker, input, actual, expected) {
        Ok(ruled) => ruled,
        Err(broken) => return broken,
    };
    let Checker { shown, rules, .. } = *checker;
    let broken = |what: String| {
        // A traceback's last line is the exception; anything else's first line says why.
        let line = match python_crash(&checked.stderr_tail) {
            true => last_line(&checked.stderr_tail, CRASH_CHARS),
            false => first_line(&checked.stderr_tail),
        };
        let said = line.map_or_else(String::new, |line| format!(": {line}"));
        Verdict::JudgeError(format!("the checker {shown} failed ({what}){said}"))
    };
    match ruled {
        Ruling::Accepted => Verdict::Accepted,
        // A Python checker that crashes exits 1, as one that rejects does: the rejection stands
        // (a lazy `int(...)` rejects garbage so), but the reason is the exception, said to be one.
        Ruling::Wrong if python_crash(&checked.stderr_tail) => {
            let exception = last_line(&checked.stderr_tail, CRASH_CHARS).unwrap_or_default();
            Verdict::WrongAnswer(Wrong::Because(format!(
                "the checker crashed (a Python traceback on its stderr; its exit status rejects): {exception}"
            )))
        }
        Ruling::Wrong | Ruling::Presentation | Ruling::Points => {
            let said = first_line(&checked.stdout)
                .or_else(|| first_line(&checked.stderr_tail))
                .unwrap_or_else(|| "the checker rejected the output".to_string());
            Verdict::WrongAnswer(Wrong::Because(format!("{}{said}", ruled.prefix())))
        }
        Ruling::Broken => match (rules, checked.ended.termination) {
            (Rules::Testlib, crate::process::Termination::Exited(3)) => {
                broken("exit status 3, testlib's FAIL".to_string())
            }
            (Rules::Testlib, termination) => {
                broken(format!("{termination}; testlib checkers exit 0, 1, 2 or 7"))
            }
            (_, termination) => broken(termination.to_string()),
        },
    }
}

/// Runs the checker on `input`, the output in the file `actual` and the answer `expected`: how
/// its exit status rules by its rules, and its run; a judge error where it could not run, or
/// was stopped (a crash is a ruling: `Broken`).
pub fn ruled_by(
    checker: &Checker,
    input: &Path,
    actual: &Path,
    expected: &Path,
) -> Result<(Ruling, Execution), Verdict> {
    let Checker {
        command,
        shown,
        rules,
        dir,
    } = *checker;
    let line = format!(
        "cd {} && {command} {} {} {}",
        quoted(&absolute(dir)),
        quoted(&absolute(input)),
        quoted(&absolute(actual)),
        quoted(&absolute(expected))
    );
    let limits = checker_limits();
    let checked = match execute(&Program::Shell(line), None, limits, Trust::Helper) {
        Ok(checked) => checked,
        Err(error) => {
            return Err(Verdict::JudgeError(format!(
                "cannot run the checker {shown}: {error}"
            )))
        }
    };
    if let Some(failure) = run_failure(&checked.ended, &limits, &[]) {
        if failure.code() != crate::verdict::Code::RE {
            let said = first_line(&checked.stderr_tail)
                .map_or_else(String::new, |line| format!(": {line}"));
            return Err(Verdict::JudgeError(format!(
                "the checker {shown} failed ({}){said}",
                failure.code()
            )));
        }
    }
    Ok((ruling(checked.ended.termination, rules), checked))
}
