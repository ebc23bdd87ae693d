//! Interactive cases: the program talks with an interactor (a program of the problem's, or one
//! of the judge's built-in opponents), and the judge sits between them: it relays every line
//! both ways (keeping the last ones for the report), runs both under the supervisor, stops the
//! program once the interactor has rejected it, and decides the verdict from how both ended
//! (`decide`). A Polygon package's testlib interactor writes an OUTPUT file, which the
//! package's checker then judges, as Polygon does, when the exchange itself was accepted. A
//! Kattis multi-pass interactor plays one exchange per pass, each with a fresh run of the
//! program, keeping its feedback folder across them (`judge_passes`, by `multi_pass`'s rules).

mod decide;
mod interactor;
mod opponents;
mod relay;
mod transcript;

use super::exit_status::Rules;
use super::multi_pass::{self, Step};
use super::{checker, Judged, Pass};
use crate::cases::input_head::InputHead;
use crate::cases::{Case, Interactor};
use crate::limits::Limits;
use crate::process::{
    sys, Activity, Ended, Input, Outputs, Program, Running, Stop, Stopper, Trust,
};
use crate::temp_folder::{quoted, TempFolder};
use crate::verdict::Verdict;
use relay::{Phase, RelayEnd};
use std::io::{self, BufReader};
use std::os::fd::OwnedFd;
use std::path::Path;
use std::sync::mpsc::{self, Sender};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};
use transcript::Transcript;

/// What the interactor decided about the exchange.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Accepted, with a note worth reporting (what was played).
    Accepted(Option<String>),
    /// Rejected, and why.
    Wrong(String),
    /// The program's output or input ended before the exchange was over: where.
    ProgramGone(String),
    /// The interactor itself failed: a judge error.
    Broken(String),
    /// A Kattis output validator stopped at its bound with no ruling, and why: a rejection, as
    /// problemtools' runner takes it, where the program had ended first; where the program was
    /// still running too, its time ran out (see `decide`).
    TimedOut(String),
}

/// How long the judge waits past the backstops (or, for the relays once both sides ended, past
/// the wall bound of idle time) for both sides and the relays to end.
const SLACK: Duration = Duration::from_secs(3);
/// How often the judge looks at the exchange while it runs.
const LOOK_EVERY: Duration = Duration::from_millis(100);
/// How long nothing must move, with the program using no CPU, for a wall TLE to be called a
/// deadlock (not a program starved of CPU, or computing).
const QUIET_ENOUGH: Duration = Duration::from_millis(500);
/// CPU time below this is no work (the monitor's measure moves by clock ticks).
const NO_WORK: Duration = Duration::from_millis(15);

/// When the exchange last moved: a line relayed, or CPU time used by the program.
struct Quiet {
    since: Instant,
    cpu: Duration,
    bytes: u64,
}

impl Quiet {
    fn start() -> Quiet {
        Quiet {
            since: Instant::now(),
            cpu: Duration::ZERO,
            bytes: 0,
        }
    }

    /// Takes a look: anything that moved starts the quiet again.
    fn look(&mut self, cpu: Duration, bytes: u64) {
        if bytes != self.bytes || cpu > self.cpu + NO_WORK {
            *self = Quiet {
                since: Instant::now(),
                cpu,
                bytes,
            };
        }
    }
}

/// What the two waits report.
enum Event {
    Program(io::Result<(Ended, Vec<u8>)>),
    Decided(Decision),
}

/// The interactor's end of the conversation, started.
struct Started {
    /// Its input (what the program writes goes there).
    input: OwnedFd,
    /// Its output (relayed to the program).
    output: OwnedFd,
    stopper: Option<Stopper>,
    /// An interactor program's scratch files (the copy of the answer, the OUTPUT it writes),
    /// kept until the case is decided.
    scratch: Option<(TempFolder, interactor::Paths)>,
}

/// An interactor program to start: its command line (with placeholders, or in Kattis order),
/// how messages name it, the folder it runs in, the rules of its exit status.
struct Command<'a> {
    line: &'a str,
    shown: &'a str,
    dir: Option<&'a Path>,
    rules: Rules,
}

/// Starts an interactor program for `case`, sharing the case's `activity`; its decision goes
/// to `events` once it ends. `pass`: the paths of a multi-pass case's pass, kept by the
/// caller; else fresh ones.
fn start_program(
    command: Command,
    case: &Case,
    limits: &Limits,
    activity: &Arc<Activity>,
    events: Sender<Event>,
    pass: Option<&interactor::Paths>,
) -> Result<Started, String> {
    let (scratch, paths) = match pass {
        Some(paths) => (None, paths.clone()),
        None => {
            let (scratch, paths) = interactor::prepare(&case.input, case.expected.as_deref())?;
            (Some(scratch), paths)
        }
    };
    let line = interactor::command_line(command.line, command.dir, &paths);
    let limits = interactor::limits_for(limits);
    let mut running = interactor::start(line, limits, Arc::clone(activity))
        .map_err(|error| format!("cannot run the interactor {}: {error}", command.shown))?;
    let pipes = running.stdin.take().zip(running.stdout.take());
    let (input, output) = pipes.ok_or("the interactor has no pipes")?;
    let stopper = running.stopper();
    let (feedback, rules) = (paths.feedback.clone(), command.rules);
    thread::spawn(move || {
        let decision = match running.wait() {
            Ok((ended, stderr)) => interactor::decision(&ended, &stderr, &feedback, rules),
            Err(error) => Decision::Broken(format!("cannot watch the interactor: {error}")),
        };
        let _ = events.send(Event::Decided(decision));
    });
    Ok(Started {
        input: input.into(),
        output: output.into(),
        stopper: Some(stopper),
        scratch: scratch.map(|scratch| (scratch, paths)),
    })
}

/// Starts the interactor for `case`, sharing the case's `activity`; its decision goes to
/// `events` once it ends. `pass`: the paths of a multi-pass case's pass.
fn start_interactor(
    interactor: &Interactor,
    case: &Case,
    limits: &Limits,
    activity: &Arc<Activity>,
    events: Sender<Event>,
    pass: Option<&interactor::Paths>,
) -> Result<Started, String> {
    match interactor {
        Interactor::Program {
            command,
            dir,
            kattis,
            ..
        } => {
            let command = Command {
                line: command,
                shown: &format!("`{command}`"),
                dir: dir.as_deref(),
                rules: match kattis {
                    true => Rules::Kattis,
                    false => Rules::Any,
                },
            };
            start_program(command, case, limits, activity, events, pass)
        }
        Interactor::Testlib {
            interactor, dir, ..
        } => {
            let line = format!(
                "{} {{input}} {{output}} {{answer}}",
                quoted(&interactor.program)
            );
            let command = Command {
                line: &line,
                shown: &interactor.shown,
                dir: Some(dir),
                rules: Rules::Testlib,
            };
            start_program(command, case, limits, activity, events, None)
        }
        Interactor::BuiltIn(builtin) => {
            let pipe = || sys::pipe().map_err(|error| format!("cannot make a pipe: {error}"));
            let ((reads, input), (output, writes)) = (pipe()?, pipe()?);
            let (builtin, case_input) = (*builtin, case.input.clone());
            let activity = Arc::clone(activity);
            thread::spawn(move || {
                // The opponent is the other side of the case: its time is the case's.
                activity.count_this_thread();
                let mut reads = BufReader::new(reads);
                let mut writes = writes;
                let decision = opponents::play(builtin, &case_input, &mut reads, &mut writes);
                // Closed before the decision is sent: what the program writes from now on is
                // written after the end.
                drop((reads, writes));
                let _ = events.send(Event::Decided(decision));
            });
            Ok(Started {
                input: input.into(),
                output: output.into(),
                stopper: None,
                scratch: None,
            })
        }
    }
}

/// The verdict once a Polygon package's checker has judged what its interactor wrote, when the
/// exchange itself was accepted; else the verdict as it is.
fn then_checker(
    verdict: Verdict,
    interactor: &Interactor,
    scratch: &Option<(TempFolder, interactor::Paths)>,
) -> Verdict {
    let (
        Interactor::Testlib {
            checker: Some(checker),
            dir,
            ..
        },
        Some((_, paths)),
        true,
    ) = (interactor, scratch, verdict.is_accepted())
    else {
        return verdict;
    };
    let command = quoted(&checker.program);
    checker::check_file(
        &checker::Checker::testlib(checker, &command, dir),
        &paths.input,
        &paths.output,
        &paths.answer,
    )
}

/// Whether the interactor ended before the program, from how the two relays ended: a relay that
/// could not write had lost its reader, which had ended first; else the earlier end of output.
fn interactor_ended_first(from_interactor: &RelayEnd, from_program: &RelayEnd) -> bool {
    match (from_interactor.phase, from_program.phase) {
        (Phase::Reading, Phase::Writing) => true,
        (Phase::Writing, Phase::Reading) => false,
        _ => from_interactor.at < from_program.at,
    }
}

/// How long the relays may take to end once both sides have: what is left of the wall bound of
/// idle time (waiting for them, the case is idle) and the slack, within the deadline.
fn relay_wait(program_end: &Ended, limits: &Limits, deadline: Instant) -> Duration {
    let left = limits.wall.saturating_sub(program_end.usage.counted_idle());
    (left + SLACK).min(deadline.saturating_duration_since(Instant::now()))
}

/// Judges `program` on an interactive case.
pub fn judge(program: &Program, case: &Case, interactor: &Interactor, limits: Limits) -> Judged {
    if let Interactor::Program {
        passes: Some(most), ..
    } = interactor
    {
        return judge_passes(program, case, interactor, *most, limits);
    }
    match converse(program, case, interactor, limits, None) {
        Ok(judged) => judged,
        Err(reason) => Judged::judge_error(reason),
    }
}

/// Judges `program` on a multi-pass interactive case of at most `most` passes: an exchange
/// per pass, the interactor given the pass's input and the feedback folder of the case.
fn judge_passes(
    program: &Program,
    case: &Case,
    interactor: &Interactor,
    most: usize,
    limits: Limits,
) -> Judged {
    let (scratch, mut paths) = match interactor::prepare(&case.input, case.expected.as_deref()) {
        Ok(prepared) => prepared,
        Err(reason) => return Judged::judge_error(reason),
    };
    let mut passes = Vec::new();
    let mut last = None;
    let verdict = loop {
        let number = passes.len() + 1;
        let input = match InputHead::read(&paths.input) {
            Ok(head) => head,
            Err(error) => {
                break Verdict::JudgeError(format!(
                    "pass {number}: cannot read its input {}: {error}",
                    paths.input.display()
                ))
            }
        };
        let judged = match converse(program, case, interactor, limits, Some(&paths)) {
            Ok(judged) => judged,
            Err(reason) => break Verdict::JudgeError(format!("pass {number}: {reason}")),
        };
        passes.push(Pass {
            input,
            verdict: judged.verdict.clone(),
            usage: judged.usage,
        });
        let step = multi_pass::after_pass(number, most, judged.verdict.clone(), &scratch);
        last = Some(judged);
        match step {
            Step::Done(verdict) => break verdict,
            Step::Next(next) => paths.input = next,
        }
    };
    // The last exchange's notes and transcript, as for a case of one.
    let (notes, transcript) = match last {
        Some(judged) if !verdict.is_accepted() => (judged.notes, judged.transcript),
        Some(judged) => (judged.notes, Vec::new()),
        None => (Vec::new(), Vec::new()),
    };
    multi_pass::finish(verdict, passes, false, notes, transcript)
}

/// Runs both sides, relays between them, and decides. Both sides share the case's activity:
/// the wall bound counts the time neither ran nor waited for a CPU, for the program and the
/// interactor alike. `pass`: the paths of a multi-pass case's pass.
fn converse(
    program: &Program,
    case: &Case,
    interactor: &Interactor,
    limits: Limits,
    pass: Option<&interactor::Paths>,
) -> Result<Judged, String> {
    let (events_sender, events) = mpsc::channel();
    let activity = Activity::new();
    let started = start_interactor(
        interactor,
        case,
        &limits,
        &activity,
        events_sender.clone(),
        pass,
    )?;
    let mut running = start_contestant(program, case, limits, &activity, &started)?;
    let program_stopper = running.stopper();
    let pipes = running.stdin.take().zip(running.stdout.take());
    let (to_program, from_program) = pipes.ok_or("the program has no pipes")?;
    let transcript = Arc::new(Transcript::default());
    let capped = program_stopper.clone();
    // A Kattis output validator's exchange ends as problemtools' runner ends it (`decide`).
    let kattis = matches!(interactor, Interactor::Program { kattis: true, .. });
    // The end of the program's output reaches a Kattis validator once the program has ended,
    // as in problemtools' runner (`relay::Release`).
    let (release, released) = match kattis {
        true => {
            let (release, released) =
                relay::release().map_err(|error| format!("cannot make a pipe: {error}"))?;
            (Some(release), Some(released))
        }
        false => (None, None),
    };
    let relay = relay::start(
        relay::Side {
            output: started.output,
            input: started.input,
        },
        relay::Side {
            output: from_program.into(),
            input: to_program.into(),
        },
        match kattis {
            true => relay::AfterTheEnd::Drop,
            false => relay::AfterTheEnd::Refuse,
        },
        released,
        Arc::clone(&transcript),
        relay::OutputCap {
            bytes: limits.output_bytes as u64,
            passed: Box::new(move || capped.stop(Stop::Output)),
        },
        activity,
    );
    thread::spawn(move || {
        let _ = events_sender.send(Event::Program(running.wait()));
    });
    // Each side's monitor stops it by the backstop at the latest (the interactor's is later).
    let deadline = Instant::now() + interactor::limits_for(&limits).wall_backstop() + SLACK;
    let BothEnded {
        program: (program_end, program_stderr),
        decision,
        quiet_at_end,
        decided_first,
    } = wait_for_both(
        program,
        &events,
        deadline,
        &program_stopper,
        started.stopper.as_ref(),
        &transcript,
        release,
    )?;
    let relay::RelayEnds {
        from_interactor,
        from_program,
    } = relay
        .recv_timeout(relay_wait(&program_end, &limits, deadline))
        .map_err(|_| "the relay between the program and the interactor did not end".to_string())?;
    let (verdict, notes) = decide::decide(
        decide::ExchangeEnd {
            program: &program_end,
            program_stderr: &program_stderr,
            decision,
            interactor_first: interactor_ended_first(&from_interactor, &from_program),
            decided_first,
            silent: from_interactor.phase == Phase::Reading
                && from_program.phase == Phase::Reading
                && quiet_at_end >= QUIET_ENOUGH,
            undelivered: from_program.undelivered,
            kattis,
        },
        &limits,
    );
    let verdict = then_checker(verdict, interactor, &started.scratch);
    let transcript = match verdict.is_accepted() {
        true => Vec::new(),
        false => transcript.report_lines(),
    };
    Ok(Judged {
        verdict,
        usage: Some(program_end.usage),
        notes,
        transcript,
        wrote_nothing: false,
        passes: Vec::new(),
    })
}

/// Starts the program of `case` against the interactor `started`, sharing the case's
/// `activity`; the interactor is stopped if the program cannot start.
fn start_contestant(
    program: &Program,
    case: &Case,
    limits: Limits,
    activity: &Arc<Activity>,
    started: &Started,
) -> Result<Running, String> {
    let running = Running::start_in(
        program,
        limits,
        Input::Pipe,
        Outputs::Piped,
        Arc::clone(activity),
        Trust::contestant(case.files.as_deref()),
    );
    match running {
        Ok(running) => Ok(running),
        Err(error) => {
            if let Some(stopper) = &started.stopper {
                stopper.stop(Stop::Requested);
            }
            Err(format!("cannot run {program}: {error}"))
        }
    }
}

/// How the program ended and what the interactor decided, once both are known, with what the
/// decision needs of the time between.
struct BothEnded {
    program: (Ended, Vec<u8>),
    decision: Decision,
    /// Quiet up to the program's end.
    quiet_at_end: Duration,
    /// Whether the interactor had decided before the program ended.
    decided_first: bool,
}

/// Waits for the program's end and the interactor's decision (`events`), until `deadline` at
/// the latest: a decision that the program is wrong or the interactor broken stops the program
/// (`program_stopper`), and the program's end lets go of `release` (the end of its output, for
/// a Kattis validator). Its CPU time and the `transcript` tell how long the exchange was quiet.
fn wait_for_both(
    program: &Program,
    events: &mpsc::Receiver<Event>,
    deadline: Instant,
    program_stopper: &Stopper,
    interactor_stopper: Option<&Stopper>,
    transcript: &Transcript,
    mut release: Option<relay::Release>,
) -> Result<BothEnded, String> {
    let (mut ended, mut decision) = (None, None);
    let mut quiet = Quiet::start();
    // Quiet up to the program's end.
    let mut quiet_at_end = Duration::ZERO;
    // Whether the interactor had decided before the program ended.
    let mut decided_first = false;
    while ended.is_none() || decision.is_none() {
        let left = deadline.saturating_duration_since(Instant::now());
        if ended.is_none() {
            quiet.look(program_stopper.cpu_so_far(), transcript.bytes());
        }
        match events.recv_timeout(left.min(LOOK_EVERY)) {
            Err(mpsc::RecvTimeoutError::Timeout) if !left.is_zero() => continue,
            Ok(Event::Program(result)) => {
                quiet_at_end = quiet.since.elapsed();
                decided_first = decision.is_some();
                ended = Some(result.map_err(|error| format!("cannot watch {program}: {error}"))?);
                drop(release.take());
            }
            Ok(Event::Decided(said)) => {
                // A program already seen to end is not stopped (its pid may be another's now).
                if matches!(said, Decision::Wrong(_) | Decision::Broken(_)) && ended.is_none() {
                    program_stopper.stop(Stop::Requested);
                }
                decision = Some(said);
            }
            Err(_) => {
                program_stopper.stop(Stop::Requested);
                if let Some(stopper) = interactor_stopper {
                    stopper.stop(Stop::Requested);
                }
                return Err(
                    "the program or the interactor did not end after both were stopped".into(),
                );
            }
        }
    }
    let (Some(program), Some(decision)) = (ended, decision) else {
        unreachable!("the loop ends with both");
    };
    Ok(BothEnded {
        program,
        decision,
        quiet_at_end,
        decided_first,
    })
}
