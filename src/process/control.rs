//! The kill switch of a run, shared by its monitor, its output reader and its caller.

use super::members;
use super::sys;
use super::Stop;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The kill switch shared by the monitor, the output reader and the caller.
pub(super) struct Control {
    pub(super) first: i32,
    /// How many of the run's first processes are copies of the judge (a box's init, and the
    /// child that made it), spared by a stop: see `stop`.
    pub(super) judge_copies: usize,
    /// Set by the monitor once the first process has ended (before it is reaped): from then on
    /// a stop kills nothing (the pid may be another's).
    pub(super) first_ended: AtomicBool,
    pub(super) stopped: Mutex<Option<Stop>>,
    /// The CPU time of the run so far, in microseconds, as the monitor last measured it.
    pub(super) cpu_micros: AtomicU64,
}

impl Control {
    /// Records the reason (the first one counts) and kills the run's group at once; the monitor
    /// finishes the job for processes outside it. A stop never takes away a status the program
    /// already has: unboxed, the program's first process is the run's, and the kill of a process
    /// that has ended (not yet reaped) leaves its status as it was; in a box, the box's init
    /// (which tells that status) is spared, and only the program's processes are killed, so the
    /// init still tells how the program ended (on its own, or by the judge's kill) and exits.
    pub(super) fn stop(&self, reason: Stop) {
        self.record(reason);
        if self.first_ended.load(Ordering::SeqCst) {
            return;
        }
        let spared =
            self.judge_copies > 0 && members::kill_below_copies(self.first, self.judge_copies);
        if !spared {
            sys::kill_now(-self.first);
        }
    }

    /// Records why the run was (or is being) stopped; the first reason counts.
    pub(super) fn record(&self, reason: Stop) {
        if let Ok(mut stopped) = self.stopped.lock() {
            stopped.get_or_insert(reason);
        }
    }

    pub(super) fn stopped(&self) -> Option<Stop> {
        self.stopped.lock().ok().and_then(|stopped| *stopped)
    }
}

/// Stops a run from anywhere, even after its `Running` was handed to a thread that waits.
#[derive(Clone)]
pub struct Stopper(pub(super) Arc<Control>);

impl Stopper {
    /// Kills the run now, recording `reason` unless it was already stopped for another.
    pub fn stop(&self, reason: Stop) {
        self.0.stop(reason);
    }

    /// The run's CPU time so far, as its monitor last measured it (every few milliseconds).
    pub fn cpu_so_far(&self) -> Duration {
        Duration::from_micros(self.0.cpu_micros.load(Ordering::Relaxed))
    }
}
