//! What `judge stress` prints: the input found, the shrunk one with both outputs and the
//! verdict, or that nothing was found; every shown text escaped as the judge's report is.

use crate::grade::Judged;
use crate::report::detail_lines;
use crate::report::events::{ShrinkEnd, ShrinkStop};
use crate::runner::Finished;
use crate::text::{count, printable};
use crate::verdict::Verdict;
use std::time::Duration;

/// The most lines of an input or output shown.
const SHOWN_LINES: usize = 20;

/// `text`'s lines, indented by six spaces, escaped, at most `SHOWN_LINES` of them.
fn shown_lines(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut shown: Vec<String> = lines
        .iter()
        .take(SHOWN_LINES)
        .map(|line| format!("      {}", printable(line)))
        .collect();
    if lines.len() > SHOWN_LINES {
        shown.push(format!("      ({} more lines)", lines.len() - SHOWN_LINES));
    }
    if lines.is_empty() {
        shown.push("      (empty)".to_string());
    }
    shown.join("\n")
}

/// `what (N lines):` and the lines.
fn block(what: &str, text: &str) -> String {
    format!(
        "    {what} ({}):\n{}",
        count(text.lines().count(), "line"),
        shown_lines(text)
    )
}

fn milliseconds(duration: Duration) -> u128 {
    duration.as_millis()
}

/// The search ended with nothing found, `first` its first seed: the seeds it covered, so
/// that a run with `--time` can be repeated with `--seed` and `--count`.
pub fn nothing_found(tried: u64, first: u64, elapsed: Duration) -> String {
    let last = first.saturating_add(tried.saturating_sub(1));
    format!(
        "no difference on {} (seeds {first} to {last}) in {} ms",
        count(tried as usize, "input"),
        milliseconds(elapsed)
    )
}

/// The input the search found.
pub fn found(seed: u64, first: u64, verdict: &Verdict, elapsed: Duration, input: &str) -> String {
    format!(
        "found: seed {seed} ({} from the first), {} in {} ms\n{}",
        count((seed - first + 1) as usize, "input"),
        verdict.code(),
        milliseconds(elapsed),
        block("input", input)
    )
}

/// `, N inputs the validator refused`, or nothing when it refused none.
fn refused_by_the_validator(refused: usize) -> String {
    match refused {
        0 => String::new(),
        _ => format!(", {} the validator refused", count(refused, "input")),
    }
}

/// The warning when the reference failed on some of the shrinker's candidates: each was a step
/// not taken, so a reference that fails on every one leaves the input unshrunk.
pub fn reference_failures(failures: usize, runs: usize, last: &str) -> String {
    let share = match failures >= runs {
        true => format!("every one of the {}", count(runs, "shrink candidate")),
        false => format!("{failures} of the {}", count(runs, "shrink candidate")),
    };
    format!(
        "warning: the reference failed on {share} (the last: {last}): each was a step not taken, so the input may be larger than it needs to be"
    )
}

/// How the shrinking ended, its first line.
fn shrink_stop_line(end: &ShrinkEnd) -> String {
    match end.stop {
        ShrinkStop::Signal(signal) => format!(
            "stopped by signal {signal} while shrinking, after {} ms: the smallest failing input so far",
            milliseconds(end.elapsed)
        ),
        ShrinkStop::Minimal { runs } => format!(
            "shrunk in {} (of at most {}){}, {} ms: no single step keeps the failure",
            count(runs, "run"),
            end.most_runs,
            refused_by_the_validator(end.refused),
            milliseconds(end.elapsed)
        ),
        ShrinkStop::Bounded { runs } => format!(
            "shrunk in {} ms until the bound of {}{}: smaller inputs may still fail",
            milliseconds(end.elapsed),
            count(runs, "run"),
            refused_by_the_validator(end.refused),
        ),
        ShrinkStop::Irregular => {
            "not shrunk: with its spacing made regular the input no longer fails".to_string()
        }
    }
}

/// The shrunk input, both outputs and the verdict, under the line of how the shrinking ended.
pub fn shrunk(end: &ShrinkEnd) -> String {
    let finished = Finished {
        label: String::new(),
        judged: Judged {
            verdict: end.verdict.clone(),
            usage: None,
            notes: Vec::new(),
            transcript: Vec::new(),
            wrote_nothing: false,
            passes: Vec::new(),
        },
        input: None,
    };
    let mut text = format!(
        "{}\n{}\n{}\n{}\n    verdict: {}",
        shrink_stop_line(end),
        block("input", end.input),
        block(
            "reference output",
            &String::from_utf8_lossy(end.reference_output)
        ),
        block(
            "program output",
            &String::from_utf8_lossy(end.program_output)
        ),
        end.verdict.code()
    );
    for line in detail_lines(&finished, end.limits) {
        text.push_str("\n    ");
        text.push_str(&line);
    }
    text
}
