//! What the judge prints: one line per case (verdict, CPU time, peak memory), the details under
//! a failure, and a summary. Everything a program or a case name can put on the screen is
//! escaped first, so no output can forge a verdict line.

pub mod events;
pub mod json;
pub mod json_value;
pub mod reporter;
pub mod shard;
pub mod stress;
pub mod verify_table;

use crate::cases::input_head::InputHead;
use crate::grade::Pass;
use crate::limits::{Limits, PastOutputCap};
use crate::outcome::Outcome;
use crate::process::sys::{SIGSEGV, SIGSYS};
use crate::process::{Termination, Usage};
use crate::runner::Finished;
use crate::text::{count, printable};
use crate::verdict::{Code, TimeKind, Verdict, Wrong};
use std::time::Duration;

/// How the results are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The report for people, on stdout.
    Human,
    /// JSON lines on stdout, the report for people on stderr.
    Json,
}

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

pub fn mebibytes(bytes: u64) -> f64 {
    bytes as f64 / (1u64 << 20) as f64
}

/// The most lines of stderr shown under a runtime error.
const STDERR_LINES: usize = 8;
/// The longest stderr line shown.
const STDERR_LINE_CHARS: usize = 160;

/// A duration in seconds with one decimal: `1.2 s`.
fn seconds(duration: Duration) -> String {
    format!("{:.1} s", duration.as_secs_f64())
}

/// A case waited for a CPU long enough to be worth saying when it waited over this...
const WAIT_WORTH_SAYING: Duration = Duration::from_millis(100);
/// ...and over this share of its wall time (1 in 5).
const WAIT_SHARE_WORTH_SAYING: u32 = 5;

/// Which notes of a case's wait for a CPU the report shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaitNotes {
    /// Only under a verdict the wait may have decided (see [`says_wait`]): the default.
    WhereTheyMatter,
    /// Under every accepted case and every TLE that waited long (`--verbose`).
    All,
}

/// Whether a long wait for a CPU is said under a case judged `verdict`. The time limit counts
/// CPU time, which leaves the wait out: it cannot make a TLE for CPU time, nor an AC. The wall
/// bound counts idle time, wall time less the time the case ran or waited, and the kernel tells
/// of a wait only once the thread gets a CPU: a wait still going on when the bound was checked
/// counted as idle (and where idle time is not measured, the bound counted wall time). So a TLE
/// at the wall bound is the one verdict the wait may explain. A TLE at the backstop names its
/// wait in its details, as the reason.
pub fn says_wait(verdict: &Verdict, notes: WaitNotes) -> bool {
    matches!(
        (verdict, notes),
        (Verdict::TimeLimitExceeded(TimeKind::Wall), _)
            | (
                Verdict::Accepted | Verdict::TimeLimitExceeded(TimeKind::Cpu),
                WaitNotes::All
            )
    )
}

/// `waited 1.2 s for a CPU`, when a case waited long for a CPU (the machine was busy): its
/// wall time then says little about the program.
fn wait_note(usage: &Usage) -> Option<String> {
    let worth_saying =
        usage.cpu_wait > WAIT_WORTH_SAYING && usage.cpu_wait * WAIT_SHARE_WORTH_SAYING > usage.wall;
    worth_saying.then(|| format!("waited {} for a CPU", seconds(usage.cpu_wait)))
}

/// The lines under a failed case.
fn details(verdict: &Verdict, usage: Option<&Usage>, limits: &Limits) -> Vec<String> {
    match verdict {
        Verdict::Accepted => Vec::new(),
        Verdict::WrongAnswer(Wrong::Because(reason)) => vec![reason.clone()],
        Verdict::WrongAnswer(Wrong::Differs {
            mismatch,
            tokens_match,
            spacing_required,
        }) => {
            let mut lines: Vec<String> = mismatch.to_string().lines().map(str::to_string).collect();
            if *spacing_required {
                lines.push(
                    "hint: the tokens match, only the whitespace differs, and the package's validator_flags say space_change_sensitive"
                        .to_string(),
                );
            }
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
            // A stack smaller than the memory is a limit a deep recursion meets first.
            if *termination == Termination::Signaled(SIGSEGV)
                && limits.stack_bytes < limits.memory_bytes
            {
                lines.push(format!(
                    "hint: SIGSEGV is often a stack overflow (deep recursion): the stack limit is {} MiB",
                    limits.stack_bytes >> 20
                ));
            }
            if *termination == Termination::Signaled(SIGSYS) {
                lines.push(
                    "hint: SIGSYS is how the sandbox's system-call filter ends a program that \
                     calls the kernel through another ABI (int 0x80, the i386 one)"
                        .to_string(),
                );
            }
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
        Verdict::TimeLimitExceeded(TimeKind::Cpu) => vec![format!(
            "CPU time over the limit of {} ms: killed, with everything it started",
            milliseconds(limits.cpu)
        )],
        Verdict::TimeLimitExceeded(TimeKind::Wall) => match usage.and_then(|usage| usage.idle) {
            Some(idle) if idle >= limits.wall => vec![format!(
                "idle (sleeping or waiting on input) for {}, over the bound of {} ms: killed, with everything it started",
                seconds(idle),
                milliseconds(limits.wall)
            )],
            // Idle time not measured (or an output held open by a process the judge could not
            // find): wall time.
            _ => vec![format!(
                "wall time over the bound of {} ms (sleeping, or waiting on input?): killed, with everything it started",
                milliseconds(limits.wall)
            )],
        },
        Verdict::TimeLimitExceeded(TimeKind::Backstop) => {
            let usage = usage.copied().unwrap_or_default();
            vec![format!(
                "real time over the backstop of {} ms, though idle for only {} (it waited {} for a CPU): killed, with everything it started",
                milliseconds(limits.wall_backstop()),
                seconds(usage.counted_idle()),
                seconds(usage.cpu_wait)
            )]
        }
        Verdict::MemoryLimitExceeded => vec![format!(
            "memory over the limit of {} MiB: killed, with everything it started",
            limits.memory_bytes >> 20
        )],
        Verdict::OutputLimitExceeded => vec![format!(
            "stdout went past the output cap of {} MiB: {}",
            limits.output_bytes >> 20,
            match limits.past_output_cap {
                PastOutputCap::Kill => "killed at the cap",
                PastOutputCap::Discard => "the rest thrown away, and it ran on to a clean end",
            }
        )],
        Verdict::JudgeError(reason) => vec![reason.clone()],
    }
}

fn colour_of(code: Code) -> &'static str {
    match code {
        Code::AC => "32",
        Code::TLE | Code::MLE | Code::OLE => "33",
        Code::WA | Code::RE => "31",
        Code::JE => "35",
    }
}

/// A multi-pass case's passes, each with its verdict, its CPU time and the start of its input:
/// `pass 2: WA, 3 ms`, then `  input (1 line):` and its lines.
fn pass_lines(passes: &[Pass]) -> Vec<String> {
    let mut lines = Vec::new();
    for (index, pass) in passes.iter().enumerate() {
        let time = pass.usage.map_or_else(String::new, |usage| {
            format!(", {} ms", milliseconds(usage.cpu))
        });
        let then = match index + 1 < passes.len() {
            true => ", then another pass",
            false => "",
        };
        lines.push(format!(
            "pass {}: {}{time}{then}",
            index + 1,
            pass.verdict.code()
        ));
        let input = pass.input.report_lines();
        lines.extend(input.into_iter().map(|line| format!("  {line}")));
    }
    lines
}

/// What is said about a finished case besides its verdict and figures, escaped: for an accepted
/// case its note (what was played), if any; under a failure the start of its input, then its
/// note (where), then the details, then the transcript. A TLE at the wall bound that waited
/// long for a CPU says so too, after the details: the wait may be why (see [`says_wait`]). A
/// TLE at the backstop says it in its details.
pub fn detail_lines(finished: &Finished, limits: &Limits) -> Vec<String> {
    detail_lines_noting(finished, limits, WaitNotes::WhereTheyMatter)
}

/// [`detail_lines`], with the notes of a long wait for a CPU that `waits` asks for: with
/// `WaitNotes::All`, an accepted case (after its notes) and a TLE for CPU time say it too.
pub fn detail_lines_noting(finished: &Finished, limits: &Limits, waits: WaitNotes) -> Vec<String> {
    let judged = &finished.judged;
    let usage = judged.usage.as_ref();
    let wait = match says_wait(&judged.verdict, waits) {
        true => usage.and_then(wait_note),
        false => None,
    };
    if judged.verdict.is_accepted() {
        let notes = judged.notes.iter().cloned().chain(wait);
        return notes.map(|note| printable(&note)).collect();
    }
    let mut lines = finished
        .input
        .as_ref()
        .map_or_else(Vec::new, InputHead::report_lines);
    lines.extend(judged.notes.iter().cloned());
    lines.extend(details(&judged.verdict, usage, limits));
    lines.extend(wait);
    lines.extend(pass_lines(&judged.passes));
    lines.extend(judged.transcript.iter().cloned());
    lines.iter().map(|line| printable(line)).collect()
}

/// A case as the report shows it, whether it was just judged or read back from a JSON report
/// (`judge merge`): its label, verdict, CPU time and peak memory (when it ran) and
/// [`detail_lines`].
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    pub label: String,
    pub code: Code,
    /// Milliseconds of CPU and bytes of peak memory.
    pub figures: Option<(u128, u64)>,
    pub details: Vec<String>,
    /// A multi-pass case's passes; empty for a case of one run.
    pub passes: Vec<ShownPass>,
}

/// A pass of a multi-pass case as the report shows it: its verdict, its figures (milliseconds
/// of CPU and bytes of peak memory), its input's count of lines and first lines (escaped).
#[derive(Clone, Debug, PartialEq)]
pub struct ShownPass {
    pub code: Code,
    pub figures: Option<(u128, u64)>,
    pub input_lines: usize,
    pub input_head: Vec<String>,
}

impl Shown {
    /// The case as shown, with the notes of a wait for a CPU where they matter.
    pub fn of(finished: &Finished, limits: &Limits) -> Shown {
        Shown::noting(finished, limits, WaitNotes::WhereTheyMatter)
    }

    /// The case as shown, with the notes of a wait for a CPU that `waits` asks for.
    pub fn noting(finished: &Finished, limits: &Limits, waits: WaitNotes) -> Shown {
        let passes = finished.judged.passes.iter().map(|pass| ShownPass {
            code: pass.verdict.code(),
            figures: pass
                .usage
                .map(|usage| (milliseconds(usage.cpu), usage.peak_memory_bytes)),
            input_lines: pass.input.total_lines,
            input_head: pass
                .input
                .shown
                .iter()
                .map(|line| printable(line))
                .collect(),
        });
        Shown {
            label: finished.label.clone(),
            code: finished.judged.verdict.code(),
            figures: figures(finished),
            details: detail_lines_noting(finished, limits, waits),
            passes: passes.collect(),
        }
    }
}

/// A finished case's milliseconds of CPU and bytes of peak memory, when it ran.
fn figures(finished: &Finished) -> Option<(u128, u64)> {
    let usage = finished.judged.usage?;
    Some((milliseconds(usage.cpu), usage.peak_memory_bytes))
}

/// The line for a finished case (label padded to `width`): verdict, CPU time and peak memory,
/// with an accepted case's note on it, or a failure's [`detail_lines`] under it.
pub fn case_report(finished: &Finished, width: usize, limits: &Limits, colour: bool) -> String {
    shown_line(&Shown::of(finished, limits), width, colour)
}

/// The line for a case as shown: see [`case_report`].
pub fn shown_line(shown: &Shown, width: usize, colour: bool) -> String {
    let code = shown.code;
    let accepted = code == Code::AC;
    let mut figures = match shown.figures {
        Some((cpu_ms, memory_bytes)) => {
            format!("{cpu_ms:>6} ms  {:>7.1} MiB", mebibytes(memory_bytes))
        }
        None => String::new(),
    };
    if accepted {
        for note in &shown.details {
            figures.push_str(&format!("  ({note})"));
        }
    }
    let label = printable(&shown.label);
    let padding = " ".repeat(3usize.saturating_sub(code.name().len()));
    let verdict = paint(code.name(), colour_of(code), colour);
    let width = width.max(label.chars().count());
    let mut text = format!("{label:<width$}  {verdict}{padding}  {figures}");
    text.truncate(text.trim_end().len());
    if !accepted {
        for line in &shown.details {
            text.push_str("\n    ");
            text.push_str(line);
        }
    }
    text
}

/// The width of the widest label as printed.
pub fn label_width<'a>(labels: impl Iterator<Item = &'a str>) -> usize {
    labels
        .map(|label| printable(label).chars().count())
        .max()
        .unwrap_or(0)
}

/// How many cases have each verdict, for every verdict in `Code::ALL` order (zeros included).
pub fn verdict_counts(codes: &[Code]) -> impl Iterator<Item = (Code, usize)> + '_ {
    Code::ALL.iter().map(|&code| {
        let count = codes.iter().filter(|&&other| other == code).count();
        (code, count)
    })
}

/// What judging cases that got `codes` comes to: an error for any JE, failed for any other case
/// not AC, passed when all are AC (or there are none: an empty shard).
pub fn outcome_of(codes: &[Code]) -> Outcome {
    if codes.contains(&Code::JE) {
        Outcome::Error
    } else if codes.iter().all(|&code| code == Code::AC) {
        Outcome::Passed
    } else {
        Outcome::Failed
    }
}

/// `12 cases: 11 AC, 1 WA; slowest 15 ms (p/sample-2); largest 3.4 MiB (p/sample-1)`.
pub fn summary(results: &[Finished]) -> String {
    let shown: Vec<Shown> = results
        .iter()
        .map(|finished| Shown {
            label: finished.label.clone(),
            code: finished.judged.verdict.code(),
            figures: figures(finished),
            details: Vec::new(),
            passes: Vec::new(),
        })
        .collect();
    shown_summary(&shown)
}

/// The summary of cases as shown: see [`summary`]. The slowest is the last of those with the
/// most milliseconds, the largest the last of those with the most bytes.
pub fn shown_summary(cases: &[Shown]) -> String {
    let codes: Vec<Code> = cases.iter().map(|case| case.code).collect();
    let listed: Vec<String> = verdict_counts(&codes)
        .filter(|&(_, count)| count > 0)
        .map(|(code, count)| format!("{count} {code}"))
        .collect();
    let mut text = count(cases.len(), "case");
    if !listed.is_empty() {
        text.push_str(&format!(": {}", listed.join(", ")));
    }
    let measured = || {
        cases
            .iter()
            .filter_map(|case| Some((case.figures?, printable(&case.label))))
    };
    if let Some(((cpu_ms, _), label)) = measured().max_by_key(|((cpu_ms, _), _)| *cpu_ms) {
        text.push_str(&format!("; slowest {cpu_ms} ms ({label})"));
    }
    if let Some(((_, bytes), label)) = measured().max_by_key(|((_, bytes), _)| *bytes) {
        text.push_str(&format!("; largest {:.1} MiB ({label})", mebibytes(bytes)));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::{compare, Mode};
    use crate::grade::Judged;
    use crate::process::Termination;

    fn finished(label: &str, verdict: Verdict, ms: u64, mib: u64) -> Finished {
        Finished {
            label: label.to_string(),
            judged: Judged {
                verdict,
                usage: Some(Usage {
                    cpu: Duration::from_millis(ms),
                    wall: Duration::from_millis(ms),
                    peak_memory_bytes: mib << 20,
                    ..Usage::default()
                }),
                notes: Vec::new(),
                transcript: Vec::new(),
                wrote_nothing: false,
                passes: Vec::new(),
            },
            input: None,
        }
    }

    fn limits() -> Limits {
        Limits::with_cpu(Duration::from_secs(2))
    }

    fn wrong() -> Verdict {
        Verdict::WrongAnswer(Wrong::Differs {
            mismatch: compare(Mode::Lines, b"o\nx\n", b"o\nd\n").unwrap_err(),
            tokens_match: false,
            spacing_required: false,
        })
    }

    #[test]
    fn summary_counts_verdicts_and_names_the_slowest_and_the_largest() {
        let results = vec![
            finished("a/sample-1", Verdict::Accepted, 3, 40),
            finished("b/sample-2", Verdict::Accepted, 15, 2),
            finished("b/edge", wrong(), 4, 1),
            finished("b/big", Verdict::MemoryLimitExceeded, 4, 1),
        ];
        assert_eq!(
            summary(&results),
            "4 cases: 2 AC, 1 WA, 1 MLE; slowest 15 ms (b/sample-2); largest 40.0 MiB (a/sample-1)"
        );
    }

    #[test]
    fn an_empty_summary_has_no_dangling_colon() {
        assert_eq!(summary(&[]), "0 cases");
    }

    #[test]
    fn a_line_shows_verdict_time_and_memory() {
        let text = case_report(
            &finished("p/c", Verdict::Accepted, 12, 3),
            5,
            &limits(),
            false,
        );
        assert_eq!(text, "p/c    AC       12 ms      3.0 MiB");
    }

    #[test]
    fn a_wrong_answer_shows_both_sides_with_line_numbers() {
        let text = case_report(&finished("p/c", wrong(), 7, 1), 5, &limits(), false);
        assert_eq!(
            text,
            "p/c    WA        7 ms      1.0 MiB\n    expected (line 2): \"x\"\n    actual   (line 2): \"d\""
        );
    }

    #[test]
    fn a_failure_shows_the_start_of_its_input_first() {
        let mut failed = finished("p/c", wrong(), 7, 1);
        failed.input = Some(InputHead {
            shown: vec!["sssssssss".to_string()],
            total_lines: 1,
            no_newline_at_end: false,
        });
        assert_eq!(
            case_report(&failed, 5, &limits(), false),
            "p/c    WA        7 ms      1.0 MiB\n    input (1 line):\n      sssssssss\n    expected (line 2): \"x\"\n    actual   (line 2): \"d\""
        );
    }

    #[test]
    fn a_runtime_error_shows_the_status_and_the_end_of_stderr() {
        let verdict = Verdict::RuntimeError {
            termination: Termination::Exited(3),
            stderr_tail: (1..=20).map(|n| format!("line {n}\n")).collect(),
        };
        let text = case_report(&finished("p/c", verdict, 1, 1), 3, &limits(), false);
        assert!(text.contains("exit status 3"), "{text}");
        assert!(
            text.contains("line 20") && text.contains("line 13") && !text.contains("line 12\n")
        );
    }

    /// A SIGSEGV under a stack limit below the memory limit (`--stack-limit 8`) hints at a
    /// stack overflow; with the stack as large as the memory (the default) it does not.
    #[test]
    fn a_sigsys_hints_at_the_system_call_filter() {
        let verdict = Verdict::RuntimeError {
            termination: Termination::Signaled(SIGSYS),
            stderr_tail: String::new(),
        };
        let text = case_report(&finished("p/c", verdict, 1, 1), 3, &limits(), false);
        assert!(text.contains("killed by signal 31 (SIGSYS)"), "{text}");
        assert!(
            text.contains("hint: SIGSYS is how the sandbox's system-call filter ends a program"),
            "{text}"
        );
    }

    #[test]
    fn a_segfault_under_a_small_stack_hints_at_the_stack() {
        let segfault = || Verdict::RuntimeError {
            termination: Termination::Signaled(SIGSEGV),
            stderr_tail: String::new(),
        };
        let mut small = limits();
        small.stack_bytes = 8 << 20;
        let text = case_report(&finished("p/c", segfault(), 1, 1), 3, &small, false);
        assert!(
            text.contains("hint: SIGSEGV is often a stack overflow (deep recursion): the stack limit is 8 MiB"),
            "{text}"
        );
        let mut whole = limits();
        whole.stack_bytes = whole.memory_bytes;
        let text = case_report(&finished("p/c", segfault(), 1, 1), 3, &whole, false);
        assert!(!text.contains("hint"), "{text}");
    }

    #[test]
    fn names_and_program_output_cannot_forge_a_line() {
        let verdict = Verdict::RuntimeError {
            termination: Termination::Exited(1),
            stderr_tail: "x\u{1b}[2K\rp/c  AC\n".to_string(),
        };
        let text = case_report(
            &finished("p/a\nb\u{1b}[32m", verdict, 1, 1),
            3,
            &limits(),
            false,
        );
        assert!(!text.contains('\u{1b}') && !text.contains('\r'), "{text:?}");
        assert!(text.starts_with("p/a\\nb\\u{1b}[32m  RE"), "{text:?}");
        assert!(
            text.lines().skip(1).all(|line| line.starts_with("    ")),
            "{text:?}"
        );
        assert_eq!(label_width(["p/a\nb"].into_iter()), 6);
    }

    #[test]
    fn limits_are_named_under_their_verdicts() {
        let line = |verdict| case_report(&finished("p/c", verdict, 1, 1), 3, &limits(), false);
        assert!(line(Verdict::TimeLimitExceeded(TimeKind::Cpu))
            .contains("CPU time over the limit of 2000 ms"));
        assert!(line(Verdict::TimeLimitExceeded(TimeKind::Wall))
            .contains("wall time over the bound of 5000 ms"));
        assert!(line(Verdict::MemoryLimitExceeded).contains("memory over the limit of 1024 MiB"));
        assert!(line(Verdict::OutputLimitExceeded).contains("output cap of 64 MiB"));
        assert!(line(Verdict::JudgeError("cannot read x".into())).contains("JE"));
    }

    /// A case that ran `wall_ms`, was idle `idle_ms` (`None`: not measured) and waited
    /// `wait_ms` for a CPU.
    fn timed(verdict: Verdict, wall_ms: u64, idle_ms: Option<u64>, wait_ms: u64) -> Finished {
        let mut finished = finished("p/c", verdict, 900, 1);
        finished.judged.usage = finished.judged.usage.map(|usage| Usage {
            wall: Duration::from_millis(wall_ms),
            idle: idle_ms.map(Duration::from_millis),
            cpu_wait: Duration::from_millis(wait_ms),
            ..usage
        });
        finished
    }

    #[test]
    fn a_wall_tle_says_how_long_the_case_was_idle() {
        let wall = Verdict::TimeLimitExceeded(TimeKind::Wall);
        let text = case_report(
            &timed(wall.clone(), 5300, Some(5200), 0),
            3,
            &limits(),
            false,
        );
        assert!(
            text.contains("    idle (sleeping or waiting on input) for 5.2 s, over the bound of 5000 ms: killed, with everything it started"),
            "{text}"
        );
        // Where idle time is not measured, the bound counted wall time, and the line says so.
        let text = case_report(&timed(wall, 5300, None, 0), 3, &limits(), false);
        assert!(
            text.contains(
                "    wall time over the bound of 5000 ms (sleeping, or waiting on input?)"
            ),
            "{text}"
        );
    }

    #[test]
    fn a_case_stopped_at_the_backstop_says_it_was_busy_and_how_long_it_waited() {
        let backstop = Verdict::TimeLimitExceeded(TimeKind::Backstop);
        let text = case_report(
            &timed(backstop, 65_000, Some(400), 63_700),
            3,
            &limits(),
            false,
        );
        assert!(
            text.contains("    real time over the backstop of 65000 ms, though idle for only 0.4 s (it waited 63.7 s for a CPU): killed"),
            "{text}"
        );
        assert_eq!(text.matches("for a CPU").count(), 1, "{text}");
    }

    /// The line of a case as `--verbose` shows it.
    fn verbose_report(finished: &Finished) -> String {
        shown_line(
            &Shown::noting(finished, &limits(), WaitNotes::All),
            3,
            false,
        )
    }

    #[test]
    fn a_long_wait_for_a_cpu_is_noted_and_a_short_one_is_not() {
        let starved = timed(Verdict::Accepted, 4000, Some(30), 3070);
        assert_eq!(
            verbose_report(&starved),
            "p/c  AC      900 ms      1.0 MiB  (waited 3.1 s for a CPU)"
        );
        // Under a TLE, as a line of its own; under a verdict that time does not decide, not.
        let cpu = Verdict::TimeLimitExceeded(TimeKind::Cpu);
        let tle = verbose_report(&timed(cpu, 4000, Some(30), 3070));
        assert!(tle.ends_with("\n    waited 3.1 s for a CPU"), "{tle}");
        let wrong = verbose_report(&timed(wrong(), 4000, Some(30), 3070));
        assert!(!wrong.contains("for a CPU"), "{wrong}");
        // Not worth saying: under 100 ms, or under a fifth of the wall time.
        for (wall, wait) in [(120, 90), (2000, 390)] {
            let text = verbose_report(&timed(Verdict::Accepted, wall, Some(0), wait));
            assert!(!text.contains("for a CPU"), "{text}");
        }
    }

    /// By default a wait is said only under a TLE at the wall bound, the one verdict it may
    /// have decided: not under an AC or a TLE for CPU time (CPU time leaves the wait out).
    #[test]
    fn by_default_a_wait_is_said_only_where_it_may_have_decided_the_verdict() {
        let starved = timed(Verdict::Accepted, 4000, Some(30), 3070);
        assert_eq!(
            case_report(&starved, 3, &limits(), false),
            "p/c  AC      900 ms      1.0 MiB"
        );
        let cpu = Verdict::TimeLimitExceeded(TimeKind::Cpu);
        let text = case_report(&timed(cpu, 4000, Some(30), 3070), 3, &limits(), false);
        assert!(!text.contains("for a CPU"), "{text}");
        let wall = Verdict::TimeLimitExceeded(TimeKind::Wall);
        let text = case_report(&timed(wall, 9000, Some(5200), 3070), 3, &limits(), false);
        assert!(text.ends_with("\n    waited 3.1 s for a CPU"), "{text}");
        // The decision alone, for every verdict.
        let quiet = WaitNotes::WhereTheyMatter;
        for (verdict, said) in [
            (Verdict::Accepted, false),
            (Verdict::TimeLimitExceeded(TimeKind::Cpu), false),
            (Verdict::TimeLimitExceeded(TimeKind::Wall), true),
            (Verdict::TimeLimitExceeded(TimeKind::Backstop), false),
            (Verdict::MemoryLimitExceeded, false),
            (wrong(), false),
        ] {
            assert_eq!(says_wait(&verdict, quiet), said, "{verdict:?}");
        }
        assert!(says_wait(&Verdict::Accepted, WaitNotes::All));
        assert!(!says_wait(
            &Verdict::TimeLimitExceeded(TimeKind::Backstop),
            WaitNotes::All
        ));
    }

    #[test]
    fn colour_only_on_a_terminal_without_no_color() {
        assert!(use_colour(true, None));
        assert!(!use_colour(false, None));
        assert!(!use_colour(true, Some("1".into())));
        assert!(use_colour(true, Some("".into())));
        let text = case_report(
            &finished("p/c", Verdict::Accepted, 1, 1),
            3,
            &limits(),
            true,
        );
        assert!(text.contains("\x1b[32mAC\x1b[0m"));
    }
}
