//! The one reporter: it renders the commands' [`Event`]s as the report for people (on stdout,
//! or on stderr with `--format json`) and, with `--format json`, as JSON lines on stdout. It
//! keeps what a summary needs (the cases' figures, verify's rows and the lines before its
//! table), so a command only emits, and `judge merge` replays the events of its shards.

use crate::outcome::Outcome;
use crate::process::sys::SIGPIPE;
use crate::report::events::{Event, FileValidity, StopPoint};
use crate::report::json::{self, RunPart};
use crate::report::verify_table::{json_row, row_line, skipped_lines, Row, Shared, Status, Widths};
use crate::report::{shown_line, shown_summary, stress, use_colour, Format, Shown};
use crate::text::{count, printable};
use crate::verdict::Code;
use std::io::{self, IsTerminal, Write};

/// Renders events as they come, and remembers what the summaries need.
pub struct Reporter {
    format: Format,
    colour: bool,
    label_width: usize,
    /// The cases reported, without their details: for the summary.
    cases: Vec<Shown>,
    /// Verify's table: its widths, its rows, the lines before it and its time limit's line.
    widths: Option<Widths>,
    rows: Vec<Row>,
    package_lines: Vec<String>,
    time_limit_line: String,
    /// Whether the report's reader went away (`judge verify | head -1`).
    reader_gone: bool,
}

impl Reporter {
    /// A reporter writing in `format`, in colour when the report for people goes to a terminal
    /// and NO_COLOR is not set.
    pub fn new(format: Format) -> Reporter {
        let human_is_terminal = match format {
            Format::Json => io::stderr().is_terminal(),
            Format::Human => io::stdout().is_terminal(),
        };
        let colour = use_colour(human_is_terminal, std::env::var_os("NO_COLOR"));
        Reporter {
            format,
            colour,
            label_width: 0,
            cases: Vec::new(),
            widths: None,
            rows: Vec::new(),
            package_lines: Vec::new(),
            time_limit_line: String::new(),
            reader_gone: false,
        }
    }

    /// The command's outcome, but stopped by SIGPIPE (exit status 141, as the judge's) when
    /// the report's reader went away before its end: a report cut short is no pass.
    pub fn outcome(&self, outcome: Outcome) -> Outcome {
        match self.reader_gone {
            true => Outcome::Stopped(SIGPIPE),
            false => outcome,
        }
    }

    /// Renders one event; an error is the report's reader's (gone away, a full disk), and a
    /// reader gone away is remembered for `outcome`.
    pub fn emit(&mut self, event: Event) -> io::Result<()> {
        let written = self.render(event);
        if written
            .as_ref()
            .is_err_and(|error| error.kind() == io::ErrorKind::BrokenPipe)
        {
            self.reader_gone = true;
        }
        written
    }

    fn render(&mut self, event: Event) -> io::Result<()> {
        match event {
            Event::Listed { label_width } => {
                self.label_width = label_width;
                Ok(())
            }
            Event::CaseJudged { case, index } => self.case_judged(case, index),
            Event::CasesDone { part, exit_status } => self.cases_done(part, exit_status),
            Event::PackageSaid(line) => {
                self.package_lines.push(line.to_string());
                self.human(&printable(line))
            }
            Event::TableHead(widths) => {
                self.widths = Some(widths);
                self.human(&widths.line("submission", "expected", "got", "case", ""))
            }
            Event::SubmissionChecked(row) => self.submission_checked(row),
            Event::TimeLimitSet(line) => {
                line.clone_into(&mut self.time_limit_line);
                self.human(&printable(line))
            }
            Event::TableEnd => {
                let rows: Vec<&Row> = self.rows.iter().collect();
                let lines = skipped_lines(&rows, self.widths());
                lines.iter().try_for_each(|line| self.human(line))
            }
            Event::SubmissionsDone {
                verified,
                part,
                margin,
                time_limit,
            } => {
                self.human(&verified.summary())?;
                let (Format::Json, Some(part)) = (self.format, part) else {
                    return Ok(());
                };
                let shared = Shared {
                    widths: self.widths(),
                    preamble: std::mem::take(&mut self.package_lines),
                    time_limit_line: std::mem::take(&mut self.time_limit_line),
                    margin,
                };
                self.machine(&verified.json_summary(part, &shared, time_limit))
            }
            Event::FileValidated { label, validity } => {
                let label = printable(label);
                let width = self.label_width;
                self.human(&match validity {
                    FileValidity::Valid => format!("{label:width$}  valid"),
                    FileValidity::Invalid(why) => {
                        format!("{label:width$}  invalid: {}", printable(why))
                    }
                    FileValidity::Failed(why) => {
                        format!("{label:width$}  error: {}", printable(why))
                    }
                })
            }
            Event::FilesDone {
                valid,
                invalid,
                errors,
            } => {
                let errors_said = match errors {
                    0 => String::new(),
                    _ => format!(", {}", count(errors, "error")),
                };
                self.human(&format!(
                    "{}: {valid} valid, {invalid} invalid{errors_said}",
                    count(valid + invalid + errors, "file")
                ))
            }
            Event::StressStarted(line) => self.human(&printable(line)),
            Event::NothingFound {
                tried,
                first,
                elapsed,
            } => self.human(&stress::nothing_found(tried, first, elapsed)),
            Event::InputFound {
                seed,
                first,
                verdict,
                elapsed,
                input,
            } => self.human(&stress::found(seed, first, verdict, elapsed, input)),
            Event::InputShrunk(end) => self.human(&stress::shrunk(end)),
            Event::CaseSaved { input, expected } => {
                self.human(&printable(&format!("saved: {input} and {expected}")))
            }
            Event::Stopped { signal, at } => {
                let mut err = io::stderr().lock();
                writeln!(err, "{}", stopped_line(signal, at))
            }
        }
    }

    /// Verify's widths, once its table's head is out.
    fn widths(&self) -> Widths {
        self.widths.unwrap_or_default()
    }

    /// A case's line, and with `--format json` its JSON line.
    fn case_judged(&mut self, case: &Shown, index: usize) -> io::Result<()> {
        self.cases.push(Shown {
            details: Vec::new(),
            passes: Vec::new(),
            ..case.clone()
        });
        self.human(&shown_line(case, self.label_width, self.colour))?;
        match self.format {
            Format::Json => self.machine(&json::case_line(case, index)),
            Format::Human => Ok(()),
        }
    }

    /// The summary of the cases, and with a run's part its JSON summary line.
    fn cases_done(&mut self, part: Option<&RunPart>, exit_status: u8) -> io::Result<()> {
        let human = self.human(&shown_summary(&self.cases));
        let codes: Vec<Code> = self.cases.iter().map(|case| case.code).collect();
        let machine = match (self.format, part) {
            (Format::Json, Some(part)) => {
                self.machine(&json::summary_line(&codes, part, exit_status))
            }
            _ => Ok(()),
        };
        human.and(machine)
    }

    /// A row of verify's table (a skipped one waits for the table's end), and with `--format
    /// json` its JSON line.
    fn submission_checked(&mut self, row: &Row) -> io::Result<()> {
        self.rows.push(row.clone());
        let human = match row.status {
            Status::Skipped => Ok(()),
            _ => self.human(&row_line(row, self.widths())),
        };
        let machine = match self.format {
            Format::Json => self.machine(&json_row(row)),
            Format::Human => Ok(()),
        };
        human.and(machine)
    }

    /// A line of the report for people: on stdout, or on stderr with `--format json`.
    fn human(&self, text: &str) -> io::Result<()> {
        match self.format {
            Format::Json => {
                let mut err = io::stderr().lock();
                writeln!(err, "{text}").and_then(|()| err.flush())
            }
            Format::Human => self.machine(text),
        }
    }

    /// A line on stdout.
    fn machine(&self, text: &str) -> io::Result<()> {
        let mut out = io::stdout().lock();
        writeln!(out, "{text}").and_then(|()| out.flush())
    }
}

/// `error: stopped by signal 2 after 3 of 10 cases; the running ones were killed, ...`.
pub fn stopped_line(signal: i32, at: StopPoint) -> String {
    match at {
        StopPoint::Before { noun } => format!(
            "error: stopped by signal {signal} before any {noun} ran; what was running was killed, with everything it started"
        ),
        StopPoint::After { done, total, noun } => format!(
            "error: stopped by signal {signal} after {done} of {}; the running ones were killed, with everything they started",
            count(total, noun)
        ),
        StopPoint::Searching { tried } => format!(
            "error: stopped by signal {signal} after {}",
            count(tried as usize, "input")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stop_is_said_in_one_shape() {
        assert_eq!(
            stopped_line(2, StopPoint::After { done: 3, total: 10, noun: "case" }),
            "error: stopped by signal 2 after 3 of 10 cases; the running ones were killed, with everything they started"
        );
        assert_eq!(
            stopped_line(15, StopPoint::Before { noun: "submission" }),
            "error: stopped by signal 15 before any submission ran; what was running was killed, with everything it started"
        );
        assert_eq!(
            stopped_line(2, StopPoint::Searching { tried: 1 }),
            "error: stopped by signal 2 after 1 input"
        );
    }
}
