//! A Kattis output validator as the grader: run as `VALIDATOR INPUT ANSWER FEEDBACK_DIR/ ARGS…`
//! (ARGS: the package's `validator_flags`) in its own folder with the program's output on its stdin, in a fresh, empty feedback folder per
//! case. Exit 42 is AC, 43 is WA (with the start of `judgemessage.txt` as the reason); anything
//! else, a crash or a limit is a judge error, never the program's verdict. A multi-pass case
//! asks it about each pass's output, with that pass's input and one feedback folder kept
//! across its passes (`validate_pass`).

use crate::cases::Case;
use crate::limits::{Limits, PastOutputCap};
use crate::process::{execute, Program, Termination, Trust};
use crate::temp_folder::{absolute, quoted, TempFolder};
use crate::text::last_line;
use crate::verdict::{run_failure, Code, Verdict, Wrong};
use std::fs;
use std::io::Read;
use std::path::Path;
use std::time::Duration;

/// Kattis's exit status for an accepted output.
const ACCEPTED: i32 = 42;
/// Kattis's exit status for a wrong answer.
const WRONG: i32 = 43;
/// How much of `judgemessage.txt` a WA shows.
const MESSAGE_CHARS: usize = 200;
/// How much of `judgemessage.txt` is read.
const MESSAGE_BYTES: u64 = 4096;

/// The first lines of a Kattis grader's message (`judgemessage.txt` in its feedback folder),
/// short, on one line.
pub fn judge_message(feedback: &Path) -> Option<String> {
    // Only a regular file, and only its start: a grader may leave a FIFO or a link to
    // /dev/zero there.
    let path = feedback.join("judgemessage.txt");
    if !fs::metadata(&path).ok()?.is_file() {
        return None;
    }
    let mut text = Vec::new();
    fs::File::open(&path)
        .ok()?
        .take(MESSAGE_BYTES)
        .read_to_end(&mut text)
        .ok()?;
    let text = String::from_utf8_lossy(&text);
    let joined = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join("; ");
    if joined.is_empty() {
        return None;
    }
    let short: String = joined.chars().take(MESSAGE_CHARS).collect();
    Some(if short.len() < joined.len() {
        format!("{short}…")
    } else {
        short
    })
}

/// Asks the validator about an output.
pub fn validate(
    program: &Path,
    args: &[String],
    case: &Case,
    answer: &Path,
    actual: &[u8],
) -> Verdict {
    let work = match TempFolder::new("kattis") {
        Ok(work) => work,
        Err(error) => return Verdict::JudgeError(format!("cannot make a scratch folder: {error}")),
    };
    if let Err(error) = fs::create_dir_all(work.path("feedback")) {
        return Verdict::JudgeError(format!("cannot prepare {}: {error}", work.dir.display()));
    }
    validate_pass(program, args, &case.input, answer, actual, &work)
}

/// Asks the validator about the output of one pass, whose input was `input`: the output is
/// written to `work`'s `output`, and `work`'s `feedback` folder (which must exist) is the
/// validator's feedback folder, kept as the validator leaves it.
pub fn validate_pass(
    program: &Path,
    args: &[String],
    input: &Path,
    answer: &Path,
    actual: &[u8],
    work: &TempFolder,
) -> Verdict {
    let (feedback, output) = (work.path("feedback"), work.path("output"));
    if let Err(error) = fs::write(&output, actual) {
        return Verdict::JudgeError(format!("cannot prepare {}: {error}", work.dir.display()));
    }
    let program = absolute(program);
    let folder = program.parent().unwrap_or(Path::new("/"));
    let mut line = format!(
        "cd {} && {} {} {} {}/",
        quoted(folder),
        quoted(&program),
        quoted(&absolute(input)),
        quoted(&absolute(answer)),
        quoted(&feedback)
    );
    for arg in args {
        line.push(' ');
        line.push_str(&quoted(Path::new(arg)));
    }
    let limits = Limits {
        output_bytes: 1 << 20,
        past_output_cap: PastOutputCap::Kill,
        ..Limits::with_cpu(Duration::from_secs(10))
    };
    let checked = execute(&Program::Shell(line), Some(&output), limits, Trust::Helper);
    let message = judge_message(&feedback);
    let checked = match checked {
        Ok(checked) => checked,
        Err(error) => {
            return Verdict::JudgeError(format!(
                "cannot run the output validator {}: {error}",
                program.display()
            ))
        }
    };
    // Its message, else the last line of its stderr (a traceback's is the exception).
    let said = message
        .clone()
        .or_else(|| last_line(&checked.stderr_tail, MESSAGE_CHARS));
    let broken = |what: String| {
        Verdict::JudgeError(format!(
            "the output validator {} failed ({what}; Kattis validators exit 42 or 43){}",
            program.display(),
            said.as_ref()
                .map_or_else(String::new, |said| format!(": {said}"))
        ))
    };
    if let Some(failure) = run_failure(&checked.ended, &limits, &[]) {
        if failure.code() != Code::RE {
            return broken(failure.code().to_string());
        }
    }
    match checked.ended.termination {
        Termination::Exited(ACCEPTED) => Verdict::Accepted,
        Termination::Exited(WRONG) => Verdict::WrongAnswer(Wrong::Because(
            message.unwrap_or_else(|| "the output validator rejected the output".to_string()),
        )),
        other => broken(other.to_string()),
    }
}
