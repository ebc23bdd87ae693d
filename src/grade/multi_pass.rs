//! A multi-pass case (a Kattis package's `type: multi-pass`): the program runs on the case's
//! input, its output validator judges the output, and by writing `nextpass.in` in its feedback
//! folder and exiting 42 asks for another pass, in which the program runs afresh, under the
//! same limits, with that file as its input (the spec's "Multi-pass validation"). The feedback
//! folder is kept across the passes, `nextpass.in` taken out of it before the next; the
//! validator is given each pass's input and the case's answer, as BAPCtools does. The case ends
//! at the first pass that fails or asks for no other; a validator that asks for more passes
//! than `limits.validation_passes`, or leaves a `nextpass.in` without accepting, is a judge
//! error naming the pass. The limits hold for each pass alone, so the case's usage is its most
//! demanding pass's.

use super::{output_validator, Judged, Pass, Settings};
use crate::cases::input_head::InputHead;
use crate::cases::Case;
use crate::process::{execute, Program, Trust, Usage};
use crate::temp_folder::TempFolder;
use crate::verdict::{run_failure, Verdict, Wrong};
use std::fs;
use std::path::{Path, PathBuf};

/// The file in the feedback folder that asks for another pass.
pub const NEXT_PASS: &str = "nextpass.in";

/// The output validator of a multi-pass case, with its arguments and the case's answer.
pub struct Validator<'a> {
    pub program: &'a Path,
    pub args: &'a [String],
    pub answer: &'a Path,
}

/// Judges `program` on a multi-pass case of at most `most` passes.
pub fn judge(
    program: &Program,
    case: &Case,
    validator: &Validator,
    most: usize,
    settings: &Settings,
) -> Judged {
    let work = match TempFolder::new("multipass") {
        Ok(work) => work,
        Err(error) => return Judged::judge_error(format!("cannot make a scratch folder: {error}")),
    };
    let feedback = work.path("feedback");
    if let Err(error) = fs::create_dir(&feedback) {
        return Judged::judge_error(format!("cannot make {}: {error}", feedback.display()));
    }
    let mut passes: Vec<Pass> = Vec::new();
    let mut input: PathBuf = case.input.clone();
    // Whether the last pass's program wrote nothing on stdout.
    let mut wrote_nothing = false;
    let verdict = loop {
        let number = passes.len() + 1;
        let head = match InputHead::read(&input) {
            Ok(head) => head,
            Err(error) => {
                break Verdict::JudgeError(format!(
                    "pass {number}: cannot read its input {}: {error}",
                    input.display()
                ))
            }
        };
        let trust = Trust::contestant(case.files.as_deref());
        let execution = match execute(program, Some(&input), settings.limits, trust) {
            Ok(execution) => execution,
            Err(error) => {
                break Verdict::JudgeError(format!(
                    "pass {number}: cannot run {program} on {}: {error}",
                    input.display()
                ))
            }
        };
        wrote_nothing = execution.stdout.is_empty();
        let failure = run_failure(&execution.ended, &settings.limits, &execution.stderr_tail);
        let verdict = match failure {
            Some(failure) => failure,
            None if execution.stdout_cut => Verdict::OutputLimitExceeded,
            None => output_validator::validate_pass(
                validator.program,
                validator.args,
                &input,
                validator.answer,
                &execution.stdout,
                &work,
            ),
        };
        passes.push(Pass {
            input: head,
            verdict: verdict.clone(),
            usage: Some(execution.ended.usage),
        });
        match after_pass(number, most, verdict, &work) {
            Step::Done(verdict) => break verdict,
            Step::Next(next) => input = next,
        }
    };
    finish(verdict, passes, wrote_nothing, Vec::new(), Vec::new())
}

/// The judging of a multi-pass case that ended with `verdict` after `passes`: its usage is the
/// most demanding pass's, its note how many passes it took (after `notes`).
pub fn finish(
    verdict: Verdict,
    passes: Vec<Pass>,
    wrote_nothing: bool,
    mut notes: Vec<String>,
    transcript: Vec<String>,
) -> Judged {
    notes.push(match passes.len() {
        1 => "1 pass".to_string(),
        count => format!("{count} passes"),
    });
    Judged {
        usage: most_demanding(&passes),
        wrote_nothing,
        verdict,
        notes,
        transcript,
        passes,
    }
}

/// What follows a pass.
pub enum Step {
    /// The case ends with this verdict.
    Done(Verdict),
    /// Another pass, on this input.
    Next(PathBuf),
}

/// What follows pass `number` (of at most `most`) that ended with `verdict`, by whether the
/// validator left `nextpass.in` in `work`'s `feedback` folder; the next pass's input is taken
/// out of it into `work`. Verdicts are named by their pass.
pub fn after_pass(number: usize, most: usize, verdict: Verdict, work: &TempFolder) -> Step {
    let next = work.path("feedback").join(NEXT_PASS);
    let asked = next.symlink_metadata().is_ok();
    Step::Done(match (verdict, asked) {
        (Verdict::Accepted, false) => Verdict::Accepted,
        (Verdict::Accepted, true) if number >= most => Verdict::JudgeError(format!(
            "pass {number}: the output validator asked for pass {} (it wrote {NEXT_PASS} and exited 42), more than the problem's validation_passes of {most}",
            number + 1
        )),
        (Verdict::Accepted, true) => {
            // Taken out of the feedback folder, which the validator keeps.
            let taken = work.path(&format!("pass-{}.in", number + 1));
            match take_regular(&next, &taken) {
                Ok(()) => return Step::Next(taken),
                Err(error) => Verdict::JudgeError(format!(
                    "pass {number}: cannot take the {NEXT_PASS} the output validator wrote: {error}"
                )),
            }
        }
        (Verdict::WrongAnswer(_), true) => Verdict::JudgeError(format!(
            "pass {number}: the output validator wrote {NEXT_PASS} and exited 43 (it asks for another pass by exiting 42 only)"
        )),
        (Verdict::JudgeError(reason), _) => Verdict::JudgeError(format!("pass {number}: {reason}")),
        (Verdict::WrongAnswer(Wrong::Because(reason)), false) => {
            Verdict::WrongAnswer(Wrong::Because(format!("pass {number}: {reason}")))
        }
        // The program's failure (a limit, a crash) is the case's verdict; its pass is in the
        // report.
        (verdict, _) => verdict,
    })
}

/// Moves the regular file at `from` to `to`: a validator's link or FIFO is no input.
fn take_regular(from: &Path, to: &Path) -> std::io::Result<()> {
    if !from.symlink_metadata()?.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::Other,
            "not a regular file",
        ));
    }
    fs::rename(from, to)
}

/// The usage of a case whose limits held for each pass alone: each figure the most any pass
/// used.
fn most_demanding(passes: &[Pass]) -> Option<Usage> {
    passes
        .iter()
        .filter_map(|pass| pass.usage)
        .reduce(|most, usage| Usage {
            cpu: most.cpu.max(usage.cpu),
            wall: most.wall.max(usage.wall),
            cpu_wait: most.cpu_wait.max(usage.cpu_wait),
            idle: most.idle.max(usage.idle),
            peak_memory_bytes: most.peak_memory_bytes.max(usage.peak_memory_bytes),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::TimeKind;
    use std::os::unix::fs::symlink;

    /// A scratch folder with its feedback folder, and `nextpass.in` in it when given.
    fn work(next: Option<&str>) -> TempFolder {
        let work = TempFolder::new("multipass-test").unwrap();
        fs::create_dir(work.path("feedback")).unwrap();
        if let Some(text) = next {
            fs::write(work.path("feedback").join(NEXT_PASS), text).unwrap();
        }
        work
    }

    fn ends(step: Step) -> Verdict {
        match step {
            Step::Done(verdict) => verdict,
            Step::Next(path) => panic!("another pass on {}", path.display()),
        }
    }

    #[test]
    fn what_follows_a_pass() {
        assert_eq!(
            ends(after_pass(1, 2, Verdict::Accepted, &work(None))),
            Verdict::Accepted
        );
        let asked = work(Some("9\n"));
        match after_pass(1, 2, Verdict::Accepted, &asked) {
            Step::Next(path) => {
                assert_eq!(path, asked.path("pass-2.in"));
                assert_eq!(fs::read_to_string(&path).unwrap(), "9\n");
                assert!(!asked.path("feedback").join(NEXT_PASS).exists());
            }
            Step::Done(verdict) => panic!("ended with {verdict:?}"),
        }
        assert_eq!(
            ends(after_pass(2, 2, Verdict::Accepted, &work(Some("19\n")))),
            Verdict::JudgeError("pass 2: the output validator asked for pass 3 (it wrote nextpass.in and exited 42), more than the problem's validation_passes of 2".to_string())
        );
        let wrong = || Verdict::WrongAnswer(Wrong::Because("expected 18".to_string()));
        assert_eq!(
            ends(after_pass(2, 3, wrong(), &work(Some("19\n")))),
            Verdict::JudgeError("pass 2: the output validator wrote nextpass.in and exited 43 (it asks for another pass by exiting 42 only)".to_string())
        );
        assert_eq!(
            ends(after_pass(2, 3, wrong(), &work(None))),
            Verdict::WrongAnswer(Wrong::Because("pass 2: expected 18".to_string()))
        );
        let tle = Verdict::TimeLimitExceeded(TimeKind::Cpu);
        assert_eq!(ends(after_pass(2, 3, tle.clone(), &work(None))), tle);
        // A link is not taken as the next input.
        let linked = work(None);
        symlink("/etc/passwd", linked.path("feedback").join(NEXT_PASS)).unwrap();
        let said = ends(after_pass(1, 2, Verdict::Accepted, &linked));
        assert!(
            matches!(&said, Verdict::JudgeError(reason) if reason.starts_with("pass 1: cannot take the nextpass.in")),
            "{said:?}"
        );
    }
}
