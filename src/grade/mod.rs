//! Grading one case: run the program under the supervisor, then let the folder's grader decide.
//! The graders: comparison with the expected output, a checker program (a folder's, or a
//! Polygon package's testlib checker), a Kattis output validator, and an interactor (a program,
//! a Polygon package's testlib interactor and then its checker, or one of the judge's built-in
//! opponents) for an interactive folder. The runner never looks inside them. A multi-pass case
//! (`multi_pass`) runs the program once per pass, its output validator judging each.

pub mod checker;
pub mod exit_status;
pub mod interactive;
mod multi_pass;
pub mod output_validator;

use crate::cases::input_head::InputHead;
use crate::cases::{Case, DefaultValidator, Judging};
use crate::compare::Mode;
use crate::limits::Limits;
use crate::process::{execute, open_regular, Program, Trust, Usage};
use crate::verdict::{compare_verdict, run_failure, Verdict};
use std::io::Read;
use std::path::Path;

/// How every case is judged.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub limits: Limits,
    pub compare: Mode,
    pub jobs: usize,
    /// Whether the program is boxed in the sandbox (where it can be).
    pub sandbox: bool,
}

/// The verdict of a case, what the run used (when it ran), and lines worth reporting (where it
/// failed, what was played, what the interactor said).
#[derive(Clone, Debug)]
pub struct Judged {
    pub verdict: Verdict,
    pub usage: Option<Usage>,
    pub notes: Vec<String>,
    /// Lines shown after the details of a failure: the last lines of an interactive case's
    /// exchange, or the first lines of an output a checker rejected.
    pub transcript: Vec<String>,
    /// The program wrote nothing on stdout (a wrong answer DOMjudge calls NO-OUTPUT).
    pub wrote_nothing: bool,
    /// A multi-pass case's passes, in order; empty for a case of one run.
    pub passes: Vec<Pass>,
}

/// One pass of a multi-pass case: the start of its input, its verdict (accepted, for a pass
/// after which the validator asked for another) and what the program's run used.
#[derive(Clone, Debug)]
pub struct Pass {
    pub input: InputHead,
    pub verdict: Verdict,
    pub usage: Option<Usage>,
}

impl Judged {
    /// A judge error: the case could not be judged.
    pub fn judge_error(reason: String) -> Judged {
        Judged {
            verdict: Verdict::JudgeError(reason),
            usage: None,
            notes: Vec::new(),
            transcript: Vec::new(),
            wrote_nothing: false,
            passes: Vec::new(),
        }
    }
}

/// Reads an expected output, refusing one more than twice the output cap, and anything but a
/// regular file (checked on the opened file: it may have been swapped since the start).
fn read_expected(path: &Path, output_cap: usize) -> Result<Vec<u8>, String> {
    let cannot = |error: std::io::Error| format!("cannot read {}: {error}", path.display());
    let file = open_regular(path).map_err(cannot)?;
    let size = file.metadata().map_err(cannot)?.len();
    if size > 2 * output_cap as u64 {
        return Err(format!(
            "{} holds {size} bytes, more than twice the output cap of {output_cap}: no output could match it",
            path.display()
        ));
    }
    let mut text = Vec::new();
    file.take(2 * output_cap as u64 + 1)
        .read_to_end(&mut text)
        .map_err(cannot)?;
    Ok(text)
}

/// The comparison that Kattis's default output validator with these flags makes.
pub fn kattis_mode(validator: &DefaultValidator) -> Mode {
    Mode::Kattis {
        case_sensitive: validator.case_sensitive,
        space_change_sensitive: validator.space_change_sensitive,
        float_absolute: validator.float_absolute,
        float_relative: validator.float_relative,
    }
}

/// Runs `program` on one case and decides the verdict.
pub fn judge_case(
    program: &Program,
    case: &Case,
    judging: &Judging,
    settings: &Settings,
) -> Judged {
    // The case's own arguments (a 2025-09 package's `args`) follow the program's.
    let program = &program.with_args(&case.args);
    let expected = match (judging, &case.expected) {
        (Judging::Interactive(interactor), _) => {
            return interactive::judge(program, case, interactor, settings.limits)
        }
        (_, None) => {
            return Judged::judge_error(format!("{}: no expected output", case.input.display()))
        }
        (
            Judging::Validator {
                program: validator,
                args,
                passes: Some(passes),
            },
            Some(expected),
        ) => {
            let validator = multi_pass::Validator {
                program: validator,
                args,
                answer: expected,
            };
            return multi_pass::judge(program, case, &validator, *passes, settings);
        }
        (_, Some(expected)) => expected,
    };
    // The expected output is read before the program runs, so a program cannot rewrite it; one
    // far larger than the output cap could never be matched, and is not read into memory.
    let expected_text = match judging {
        Judging::Checker { .. } | Judging::Validator { .. } | Judging::Testlib { .. } => Vec::new(),
        _ => match read_expected(expected, settings.limits.output_bytes) {
            Ok(text) => text,
            Err(reason) => return Judged::judge_error(reason),
        },
    };
    let execution = match execute(
        program,
        Some(&case.input),
        settings.limits,
        Trust::contestant(case.files.as_deref()),
    ) {
        Ok(execution) => execution,
        Err(error) => {
            return Judged::judge_error(format!(
                "cannot run {program} on {}: {error}",
                case.input.display()
            ))
        }
    };
    let usage = Some(execution.ended.usage);
    let verdict = match run_failure(&execution.ended, &settings.limits, &execution.stderr_tail) {
        Some(failure) => failure,
        // Its output was cut at the cap and it ran on (DOMjudge's rule) to a clean end.
        None if execution.stdout_cut => Verdict::OutputLimitExceeded,
        None => match judging {
            Judging::Checker { command, dir } => {
                checker::check(command, dir, case, expected, &execution.stdout)
            }
            Judging::Testlib { checker, dir } => {
                checker::check_testlib(checker, dir, case, expected, &execution.stdout)
            }
            Judging::Validator { program, args, .. } => {
                output_validator::validate(program, args, case, expected, &execution.stdout)
            }
            Judging::KattisDefault(validator) => {
                compare_verdict(&expected_text, &execution.stdout, kattis_mode(validator))
            }
            _ => compare_verdict(&expected_text, &execution.stdout, settings.compare),
        },
    };
    // A checker's reason alone does not show what it rejected: the output's first lines do.
    let rejected_by_a_program = matches!(
        judging,
        Judging::Checker { .. } | Judging::Testlib { .. } | Judging::Validator { .. }
    ) && matches!(verdict, Verdict::WrongAnswer(_));
    let transcript = match rejected_by_a_program {
        true => InputHead::of_text(&execution.stdout).report_lines_named("output"),
        false => Vec::new(),
    };
    Judged {
        verdict,
        usage,
        notes: Vec::new(),
        transcript,
        wrote_nothing: execution.stdout.is_empty(),
        passes: Vec::new(),
    }
}
