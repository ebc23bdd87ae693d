//! An interactor program as the other side of a case: run under the supervisor as
//! `COMMAND INPUT ANSWER FEEDBACK_DIR/` (Kattis, problemtools, DOMjudge), or with the paths put
//! where the command line names `{input}`, `{answer}`, `{output}` or `{feedback}` (a testlib
//! interactor: `interactor {input} {output} {answer}`). ANSWER is a copy of the case's expected
//! output (empty when there is none), so the case's own file is never handed out; FEEDBACK_DIR
//! is a fresh empty folder; `{output}` a file the interactor may write. Its exit status rules
//! (`ruling`); its reason is `judgemessage.txt` in the feedback folder, else its stderr's last
//! lines.

use super::decide::SHELL_SIGPIPE;
use super::Decision;
use crate::grade::exit_status::{python_crash, ruling, Rules, Ruling};
use crate::grade::output_validator::judge_message;
use crate::limits::{Limits, DEFAULT_MEMORY_MIB};
use crate::process::{
    open_regular, sys, Activity, Ended, Input, Outputs, Program, Running, Stop, Termination, Trust,
};
use crate::temp_folder::{absolute, quoted, TempFolder};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// How long an interactor may go on after the program's wall bound.
const GRACE: std::time::Duration = std::time::Duration::from_secs(1);
/// How many of the last lines of its stderr are its reason.
const REASON_LINES: usize = 3;
/// How long a reason may be.
const REASON_CHARS: usize = 200;
/// The placeholders a command line may name.
const PLACEHOLDERS: [&str; 4] = ["{input}", "{answer}", "{output}", "{feedback}"];

/// The paths an interactor is given for one case (for one pass of a multi-pass case).
#[derive(Clone)]
pub struct Paths {
    pub input: PathBuf,
    pub answer: PathBuf,
    pub output: PathBuf,
    pub feedback: PathBuf,
}

/// The most of an answer file handed to an interactor: far beyond any real answer, but a
/// bound on the judge's memory.
const ANSWER_CAP: u64 = 1 << 30;

/// Makes the scratch files for one case: the copy of the answer, the feedback folder.
pub fn prepare(input: &Path, expected: Option<&Path>) -> Result<(TempFolder, Paths), String> {
    let scratch = TempFolder::new("interactor")
        .map_err(|error| format!("cannot make a scratch folder: {error}"))?;
    let paths = Paths {
        input: absolute(input),
        answer: scratch.path("answer"),
        output: scratch.path("output"),
        feedback: scratch.path("feedback"),
    };
    let answer = match expected {
        Some(expected) => {
            let mut answer = Vec::new();
            open_regular(expected)
                .and_then(|file| file.take(ANSWER_CAP).read_to_end(&mut answer))
                .map_err(|error| format!("cannot read {}: {error}", expected.display()))?;
            answer
        }
        None => Vec::new(),
    };
    fs::write(&paths.answer, answer)
        .and_then(|()| fs::create_dir(&paths.feedback))
        .map_err(|error| format!("cannot prepare {}: {error}", scratch.dir.display()))?;
    Ok((scratch, paths))
}

/// The shell line that runs `command` (in `dir`, if given) on one case's paths.
pub fn command_line(command: &str, dir: Option<&Path>, paths: &Paths) -> String {
    let feedback = format!("{}/", paths.feedback.display());
    let words = [
        quoted(&paths.input),
        quoted(&paths.answer),
        quoted(&paths.output),
        quoted(Path::new(&feedback)),
    ];
    let line = if PLACEHOLDERS.iter().any(|name| command.contains(name)) {
        // One pass over the command, so that a path put in is never searched again.
        let mut line = String::new();
        let mut rest = command;
        while !rest.is_empty() {
            match PLACEHOLDERS.iter().position(|name| rest.starts_with(name)) {
                Some(index) => {
                    line.push_str(&words[index]);
                    rest = &rest[PLACEHOLDERS[index].len()..];
                }
                None => {
                    let next = rest.chars().next().map_or(1, char::len_utf8);
                    line.push_str(&rest[..next]);
                    rest = &rest[next..];
                }
            }
        }
        line
    } else {
        format!("{command} {} {} {}", words[0], words[1], words[3])
    };
    match dir {
        Some(dir) => format!("cd {} && {line}", quoted(&absolute(dir))),
        None => line,
    }
}

/// An interactor's limits: the program's wall bound and a grace, as CPU time too (only a
/// runaway interactor meets them); at least the default memory. Its idle time is the case's,
/// so it is not idle while the program computes or waits for a CPU.
pub fn limits_for(program: &Limits) -> Limits {
    let bound = program.wall + GRACE;
    Limits {
        cpu: bound,
        wall: bound,
        memory_bytes: program.memory_bytes.max(DEFAULT_MEMORY_MIB << 20),
        ..*program
    }
}

/// Starts the interactor, one of the runs of a case that share `activity`.
pub fn start(line: String, limits: Limits, activity: Arc<Activity>) -> std::io::Result<Running> {
    Running::start_in(
        &Program::Shell(line),
        limits,
        Input::Pipe,
        Outputs::Piped,
        activity,
        Trust::Helper,
    )
}

/// The last lines of the interactor's stderr, on one line.
fn stderr_reason(stderr_tail: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(stderr_tail);
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect();
    if lines.is_empty() {
        return None;
    }
    let joined = lines[lines.len().saturating_sub(REASON_LINES)..].join("; ");
    let short: String = joined.chars().take(REASON_CHARS).collect();
    Some(match short.len() < joined.len() {
        true => format!("{short}…"),
        false => short,
    })
}

/// What the interactor's end says about the case, by the `rules` of its exit status (a Kattis
/// output validator's only 42 and 43, a Polygon package's testlib's).
pub fn decision(ended: &Ended, stderr_tail: &[u8], feedback: &Path, rules: Rules) -> Decision {
    let reason = judge_message(feedback).or_else(|| stderr_reason(stderr_tail));
    let said = |default: String| reason.clone().unwrap_or(default);
    if let Some(stop) = ended.stopped {
        let at_the_bound = matches!(stop, Stop::WallTime | Stop::Backstop | Stop::CpuTime);
        let why = match stop {
            Stop::WallTime | Stop::Backstop | Stop::CpuTime => format!(
                "the interactor was still running at the wall bound (the program's, and {} ms more)",
                GRACE.as_millis()
            ),
            Stop::Memory => "the interactor went over its memory limit".to_string(),
            Stop::Output | Stop::Interrupted | Stop::Requested => {
                "the interactor was stopped".to_string()
            }
        };
        // problemtools' runner kills a validator still running at its wall time limit and,
        // with no status from it, takes it as a rejection (43): the program's own failure then
        // counts, else WA.
        if at_the_bound && rules == Rules::Kattis {
            return Decision::TimedOut(why);
        }
        return Decision::Broken(why);
    }
    let ruled = ruling(ended.termination, rules);
    let statuses = match rules {
        Rules::Kattis => "a Kattis output validator exits 42 to accept, 43 to reject",
        Rules::Any => "interactors exit 0 or 42 to accept, 1, 2 or 43 to reject",
        Rules::Testlib => "a testlib interactor exits 0 to accept, 1 or 2 to reject; 3 is its FAIL",
    };
    match (ruled, ended.termination) {
        (Ruling::Accepted, _) => Decision::Accepted(None),
        (Ruling::Wrong | Ruling::Presentation | Ruling::Points, Termination::Exited(status)) => {
            // A Python interactor that crashes exits 1, as one that rejects may: the rejection
            // stands (a lazy `int(input())` rejects garbage so), but the report says which.
            let crashed = match python_crash(stderr_tail) {
                true => format!(
                    "the interactor crashed (a Python traceback on its stderr; its exit status {status} rejects): "
                ),
                false => String::new(),
            };
            Decision::Wrong(format!(
                "{}{crashed}{}",
                ruled.prefix(),
                said(format!(
                    "the interactor rejected the exchange (exit status {status})"
                ))
            ))
        }
        // Killed by SIGPIPE, itself or through the shell its command line runs in. Not a Kattis
        // output validator: the relay never refuses its words (as problemtools' runner, which
        // calls any signal a judge error), so a SIGPIPE is its own.
        (_, Termination::Signaled(sys::SIGPIPE) | Termination::Exited(SHELL_SIGPIPE))
            if rules != Rules::Kattis =>
        {
            Decision::ProgramGone(
                "the interactor died of SIGPIPE: the program no longer read its input".to_string(),
            )
        }
        (_, termination) => Decision::Broken(format!(
            "the interactor failed ({termination}; {statuses}){}",
            reason.map_or_else(String::new, |reason| format!(": {reason}"))
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths() -> Paths {
        Paths {
            input: "/t/in".into(),
            answer: "/t/answer".into(),
            output: "/t/output".into(),
            feedback: "/t/feedback".into(),
        }
    }

    #[test]
    fn kattis_order_unless_the_command_names_the_paths() {
        assert_eq!(
            command_line("./interact", None, &paths()),
            "./interact '/t/in' '/t/answer' '/t/feedback/'"
        );
        assert_eq!(
            command_line("./interactor {input} {output} {answer}", None, &paths()),
            "./interactor '/t/in' '/t/output' '/t/answer'"
        );
        assert_eq!(
            command_line("python3 i.py {feedback}", None, &paths()),
            "python3 i.py '/t/feedback/'"
        );
        // A path that holds a placeholder's name is put in as it is, never searched again.
        let odd = Paths {
            input: "/t/a {answer} b".into(),
            ..paths()
        };
        assert_eq!(
            command_line("./i {input} {answer}", None, &odd),
            "./i '/t/a {answer} b' '/t/answer'"
        );
    }

    #[test]
    fn a_python_traceback_is_called_a_crash_and_still_rejects() {
        let ended = Ended {
            termination: Termination::Exited(1),
            stopped: None,
            usage: Default::default(),
        };
        let traceback = b"Traceback (most recent call last):\n  File \"i.py\", line 3, in <module>\n    n = int(input())\nValueError: invalid literal for int() with base 10: 'x'\n";
        let feedback = Path::new("/nonexistent-feedback");
        let Decision::Wrong(reason) = decision(&ended, traceback, feedback, Rules::Testlib) else {
            panic!("a rejection");
        };
        assert!(
            reason.starts_with("the interactor crashed (a Python traceback on its stderr; its exit status 1 rejects): "),
            "{reason}"
        );
        assert!(
            reason.ends_with("ValueError: invalid literal for int() with base 10: 'x'"),
            "{reason}"
        );
        let Decision::Wrong(reason) =
            decision(&ended, b"guess 7 is wrong\n", feedback, Rules::Testlib)
        else {
            panic!("a rejection");
        };
        assert_eq!(reason, "guess 7 is wrong");
    }

    #[test]
    fn the_reason_is_the_last_lines_of_stderr() {
        assert_eq!(
            stderr_reason(b"reading\n\nguess 7 is wrong\nsecret was 5\nbye\n").as_deref(),
            Some("guess 7 is wrong; secret was 5; bye")
        );
        assert_eq!(stderr_reason(b"\n  \n"), None);
    }
}
