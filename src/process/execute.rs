//! `execute`: a run with its stdout kept up to the output cap, and its stderr's tail.

use super::running::lost;
use super::{capture, Activity, Ended, Input, Outputs, Program, Running, Stop, Trust};
use crate::limits::{Limits, PastOutputCap};
use std::io;
use std::path::Path;
use std::sync::mpsc;
use std::sync::Arc;
use std::thread;

/// A finished run with its output kept.
#[derive(Debug)]
pub struct Execution {
    pub ended: Ended,
    /// At most `Limits::output_bytes` of stdout.
    pub stdout: Vec<u8>,
    /// Whether it wrote more than that (and was killed for it, or had the rest thrown away).
    pub stdout_cut: bool,
    /// The last bytes of stderr.
    pub stderr_tail: Vec<u8>,
}

/// Runs `program` with stdin from `input` (or empty) under `limits`, keeping its stdout up to
/// the cap (past it the program is killed, or its output thrown away as `limits` says) and the
/// tail of its stderr. `trust` says whether it is boxed.
pub fn execute(
    program: &Program,
    input: Option<&Path>,
    limits: Limits,
    trust: Trust,
) -> io::Result<Execution> {
    let input = input.map_or(Input::Null, Input::File);
    let activity = Activity::new();
    let reader_activity = Arc::clone(&activity);
    let mut running =
        Running::start_in(program, limits, input, Outputs::Captured, activity, trust)?;
    let stdout = running.stdout.take().ok_or_else(|| lost("stdout"))?;
    let stop = running.stopper();
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        reader_activity.count_this_reader();
        let discard = limits.past_output_cap == PastOutputCap::Discard;
        let _ = sender.send(capture::read_capped(
            stdout,
            limits.output_bytes,
            discard,
            || {
                if !discard {
                    stop.stop(Stop::Output)
                }
            },
        ));
    });
    let control = Arc::clone(&running.control);
    let (mut ended, stderr_tail, deadline) = running.finish()?;
    let (stdout, stdout_cut) = match deadline.receive(&receiver) {
        Some(read) => read,
        None => {
            // A process the judge could not find holds stdout open past the wall bound: the
            // case was idle while the judge waited.
            control.stop(Stop::WallTime);
            let waited = deadline.ended_at.elapsed();
            ended.usage.idle = ended.usage.idle.map(|idle| idle + waited);
            (Vec::new(), false)
        }
    };
    ended.stopped = ended.stopped.or(control.stopped());
    Ok(Execution {
        ended,
        stdout,
        stdout_cut,
        stderr_tail,
    })
}
