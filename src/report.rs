//! What the judge prints: one line per case, the details under a failure, and a summary.

use crate::judge::Finished;
use crate::verdict::{Verdict, Wrong};
use std::time::Duration;

/// Whether to colour verdicts: only for a terminal, and never when NO_COLOR is set.
pub fn use_colour(stdout_is_terminal: bool, no_color: Option<std::ffi::OsString>) -> bool {
    stdout_is_terminal && no_color.map_or(true, |value| value.is_empty())
}

fn paint(text: &str, code: &str, colour: bool) -> String {
    if colour {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

fn milliseconds(duration: Duration) -> u128 {
    duration.as_millis()
}

/// The most lines of stderr shown under a runtime error.
const STDERR_LINES: usize = 8;
/// The longest stderr line shown.
const STDERR_LINE_CHARS: usize = 160;

/// The lines under a failed case, each indented.
fn details(verdict: &Verdict, time_limit: Duration) -> Vec<String> {
    match verdict {
        Verdict::Accepted => Vec::new(),
        Verdict::WrongAnswer(Wrong::Because(reason)) => vec![reason.clone()],
        Verdict::WrongAnswer(Wrong::Differs {
            mismatch,
            tokens_match,
        }) => {
            let mut lines: Vec<String> = mismatch.to_string().lines().map(str::to_string).collect();
            if *tokens_match {
                lines.push(
                    "hint: the tokens match, only spacing or line breaks differ (--compare tokens would accept)"
                        .to_string(),
                );
            }
            lines
        }
        Verdict::RuntimeError {
            termination,
            stderr_tail,
        } => {
            let mut lines = vec![termination.to_string()];
            let tail: Vec<&str> = stderr_tail.lines().collect();
            if !tail.is_empty() {
                lines.push("stderr (last lines):".to_string());
                for line in &tail[tail.len().saturating_sub(STDERR_LINES)..] {
                    let shown: String = line.chars().take(STDERR_LINE_CHARS).collect();
                    lines.push(format!("  {shown}"));
                }
            }
            lines
        }
        Verdict::TimeLimitExceeded => vec![format!(
            "killed at the time limit of {} ms, with everything it started",
            milliseconds(time_limit)
        )],
        Verdict::OutputLimitExceeded => vec!["stdout went past the output cap".to_string()],
    }
}

/// The line for a finished case (padded to `width`), with its details under it. An accepted
/// case's note (what was played) goes on its line; a failure's note (where) goes first under it.
pub fn case_report(
    finished: &Finished,
    width: usize,
    time_limit: Duration,
    colour: bool,
) -> String {
    let (code, colour_code, time, mut details) = match &finished.outcome {
        Ok(judged) => {
            let colour_code = match judged.verdict {
                Verdict::Accepted => "32",
                Verdict::TimeLimitExceeded | Verdict::OutputLimitExceeded => "33",
                _ => "31",
            };
            let mut time = format!("{:>5} ms", milliseconds(judged.elapsed));
            let mut details = details(&judged.verdict, time_limit);
            match (&judged.note, judged.verdict.is_accepted()) {
                (Some(note), true) => time.push_str(&format!("  ({note})")),
                (Some(note), false) => details.insert(0, note.clone()),
                (None, _) => {}
            }
            (judged.verdict.code(), colour_code, time, details)
        }
        Err(error) => ("ERROR", "31", String::new(), vec![error.clone()]),
    };
    let padding = " ".repeat(3usize.saturating_sub(code.len()));
    let verdict = paint(code, colour_code, colour);
    let mut text = format!("{:<width$}  {verdict}{padding}  {time}", finished.label);
    text.truncate(text.trim_end().len());
    for line in details.drain(..) {
        text.push_str("\n    ");
        text.push_str(&line);
    }
    text
}

/// `12 cases: 11 AC, 1 WA; slowest 15 ms (weighted_tic_tac_toe/sample-2)`.
pub fn summary(results: &[Finished]) -> String {
    let mut counts: Vec<(&str, usize)> = ["AC", "WA", "RE", "TLE", "OLE", "ERROR"]
        .iter()
        .map(|&code| (code, 0))
        .collect();
    for result in results {
        let code = match &result.outcome {
            Ok(judged) => judged.verdict.code(),
            Err(_) => "ERROR",
        };
        if let Some(count) = counts.iter_mut().find(|count| count.0 == code) {
            count.1 += 1;
        }
    }
    let listed: Vec<String> = counts
        .iter()
        .filter(|count| count.1 > 0)
        .map(|(code, count)| format!("{count} {code}"))
        .collect();
    let plural = if results.len() == 1 { "case" } else { "cases" };
    let mut text = format!("{} {plural}: {}", results.len(), listed.join(", "));
    let slowest = results
        .iter()
        .filter_map(|result| {
            let judged = result.outcome.as_ref().ok()?;
            Some((judged.elapsed, &result.label))
        })
        .max();
    if let Some((time, label)) = slowest {
        text.push_str(&format!("; slowest {} ms ({label})", milliseconds(time)));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::{compare, Mode};
    use crate::execute::Termination;
    use crate::judge::Judged;

    fn finished(label: &str, verdict: Verdict, ms: u64) -> Finished {
        Finished {
            label: label.to_string(),
            outcome: Ok(Judged {
                verdict,
                elapsed: Duration::from_millis(ms),
                note: None,
            }),
        }
    }

    fn wrong() -> Verdict {
        Verdict::WrongAnswer(Wrong::Differs {
            mismatch: compare(Mode::Lines, b"o\nx\n", b"o\nd\n").unwrap_err(),
            tokens_match: false,
        })
    }

    #[test]
    fn summary_counts_verdicts_and_names_the_slowest() {
        let results = vec![
            finished("a/sample-1", Verdict::Accepted, 3),
            finished("b/sample-2", Verdict::Accepted, 15),
            finished("b/edge", wrong(), 4),
        ];
        assert_eq!(
            summary(&results),
            "3 cases: 2 AC, 1 WA; slowest 15 ms (b/sample-2)"
        );
    }

    #[test]
    fn a_wrong_answer_shows_both_sides_with_line_numbers() {
        let text = case_report(
            &finished("p/c", wrong(), 7),
            5,
            Duration::from_secs(2),
            false,
        );
        assert_eq!(
            text,
            "p/c    WA       7 ms\n    expected (line 2): \"x\"\n    actual   (line 2): \"d\""
        );
    }

    #[test]
    fn a_runtime_error_shows_the_status_and_the_end_of_stderr() {
        let verdict = Verdict::RuntimeError {
            termination: Termination::Exited(3),
            stderr_tail: (1..=20).map(|n| format!("line {n}\n")).collect(),
        };
        let text = case_report(
            &finished("p/c", verdict, 1),
            3,
            Duration::from_secs(2),
            false,
        );
        assert!(text.contains("exit status 3"), "{text}");
        assert!(
            text.contains("line 20") && text.contains("line 13") && !text.contains("line 12\n")
        );
    }

    #[test]
    fn colour_only_on_a_terminal_without_no_color() {
        assert!(use_colour(true, None));
        assert!(!use_colour(false, None));
        assert!(!use_colour(true, Some("1".into())));
        assert!(use_colour(true, Some("".into())));
        let text = case_report(
            &finished("p/c", Verdict::Accepted, 1),
            3,
            Duration::from_secs(2),
            true,
        );
        assert!(text.contains("\x1b[32mAC\x1b[0m"));
    }
}
