//! The search: seeds first, first + 1, … through the generator, `jobs` at a time, until an
//! input the program fails, a broken generator or reference, the count or the time. The result
//! is the one of the lowest seed, whatever `jobs` is: a seed is tried only while no lower seed
//! has ended the search, and every lower seed is finished before the search ends. Ended by the
//! count or the time, the seeds tried are the first ones, with no gap: a run can be repeated.

use super::progress::ProgressLine;
use super::trial::{how_it_failed, Failure, Outcome, Setup};
use crate::process::stop;
use crate::process::{execute, Program, Trust};
use crate::text;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

/// Where inputs come from.
#[derive(Clone, Debug)]
pub enum Source {
    BuiltIn(crate::problems::generators::Generator),
    /// A command, run as `COMMAND SEED`.
    Command(String),
}

impl Source {
    /// The input for `seed`, or why the generator failed.
    fn generate(&self, seed: u64, setup: &Setup) -> Result<String, String> {
        match self {
            Source::BuiltIn(generate) => Ok(generate(seed)),
            Source::Command(command) => {
                let program = Program::Shell(format!("{command} {seed}"));
                let run = execute(&program, None, setup.limits, Trust::Helper)
                    .map_err(|error| format!("cannot run the generator: {error}"))?;
                if let Some(how) = how_it_failed(&run, &setup.limits) {
                    return Err(format!("the generator failed on seed {seed} ({how})"));
                }
                let input = String::from_utf8(run.stdout).map_err(|_| {
                    format!("the generator printed bytes that are not UTF-8 on seed {seed}")
                })?;
                // Every input empty would pass as "no difference": a generator's slip.
                match input.trim().is_empty() {
                    true => Err(format!(
                        "the generator printed nothing on seed {seed}: `{command} {seed}` must print one input"
                    )),
                    false => Ok(input),
                }
            }
        }
    }
}

/// Why the search ended early.
#[derive(Clone, Debug)]
pub enum Ending {
    /// The program fails on this input.
    Found {
        input: String,
        failure: Box<Failure>,
    },
    /// The generator, the reference or the validator failed: not the program's fault.
    Broken(String),
}

/// What the search found.
#[derive(Clone, Debug)]
pub struct Searched {
    /// The seed that ended the search, and how.
    pub ending: Option<(u64, Ending)>,
    /// Inputs tried in all.
    pub tried: u64,
    pub elapsed: Duration,
}

/// Runs the search.
pub fn search(
    setup: &Setup,
    source: &Source,
    first: u64,
    count: u64,
    time: Option<Duration>,
    jobs: usize,
) -> Searched {
    let started = Instant::now();
    // The next seed offset to try: handed out under the lock, and none once the time is
    // spent, so the seeds tried are the first ones, with no gap, whatever `jobs` is.
    let next = Mutex::new(0u64);
    let tried = AtomicU64::new(0);
    // The lowest seed offset that ended the search, and how.
    let ending: Mutex<Option<(u64, Ending)>> = Mutex::new(None);
    let ended_below = |offset: u64| {
        ending.lock().map_or(true, |ending| {
            ending.as_ref().is_some_and(|(at, _)| *at < offset)
        })
    };
    let out_of_time = || time.is_some_and(|time| started.elapsed() >= time);
    let hand_out = || {
        let mut next = next.lock().ok()?;
        if *next >= count || out_of_time() {
            return None;
        }
        *next += 1;
        Some(*next - 1)
    };
    let workers_done = AtomicU64::new(0);
    let jobs = jobs.clamp(1, count.min(64) as usize);
    thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                while let Some(offset) = hand_out() {
                    if ended_below(offset) {
                        break;
                    }
                    if stop::received_signal().is_some() {
                        break;
                    }
                    let seed = first.wrapping_add(offset);
                    let result = match source.generate(seed, setup) {
                        Err(why) => Some(Ending::Broken(why)),
                        Ok(input) => match setup.attempt(&input) {
                            Outcome::Passed => None,
                            Outcome::Failed(failure) => Some(Ending::Found { input, failure }),
                            Outcome::Invalid(why) => Some(Ending::Broken(format!(
                                "the generator's input for seed {seed} is not valid: {why}"
                            ))),
                            Outcome::ReferenceFailed(how) => Some(Ending::Broken(format!(
                                "the reference failed on the input of seed {seed} ({how})"
                            ))),
                            Outcome::JudgeError(why) => Some(Ending::Broken(why)),
                        },
                    };
                    tried.fetch_add(1, Ordering::SeqCst);
                    if let Some(result) = result {
                        if let Ok(mut ending) = ending.lock() {
                            if ending.as_ref().map_or(true, |(at, _)| offset < *at) {
                                *ending = Some((offset, result));
                            }
                        }
                    }
                }
                workers_done.fetch_add(1, Ordering::SeqCst);
            });
        }
        let mut progress = ProgressLine::new();
        if progress.on_terminal() {
            while workers_done.load(Ordering::SeqCst) < jobs as u64 {
                thread::sleep(Duration::from_millis(200));
                let tried = tried.load(Ordering::SeqCst);
                let seconds = started.elapsed().as_secs_f64();
                let rate = tried as f64 / seconds.max(1e-9);
                progress.draw(&format!(
                    "stress: {}, {rate:.0}/s, {seconds:.1} s",
                    text::count(tried as usize, "input")
                ));
            }
        }
        progress.clear();
    });
    Searched {
        ending: ending
            .into_inner()
            .ok()
            .flatten()
            .map(|(offset, ending)| (first.wrapping_add(offset), ending)),
        tried: tried.load(Ordering::SeqCst),
        elapsed: started.elapsed(),
    }
}
