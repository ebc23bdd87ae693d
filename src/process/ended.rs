//! How a run ended and what it used: the result record the monitor makes of a run.

use crate::limits::Limits;
use std::time::Duration;

/// How a run's first process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    Exited(i32),
    Signaled(i32),
}

impl Termination {
    pub(super) fn from_wait_status(status: i32) -> Termination {
        if status & 0x7f == 0 {
            Termination::Exited((status >> 8) & 0xff)
        } else {
            Termination::Signaled(status & 0x7f)
        }
    }
}

/// Why the judge killed a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    CpuTime,
    /// Idle time past the wall bound (wall time, where idle time is not measured).
    WallTime,
    /// Real time past the backstop (`Limits::wall_backstop`), however busy.
    Backstop,
    Memory,
    Output,
    /// The judge itself was told to stop (a signal, or its output closed).
    Interrupted,
    /// The caller asked (an interactive grader that has seen enough).
    Requested,
}

impl Stop {
    /// Why the judge stopped a helper (a validator) under `limits`, in words: what follows
    /// "the validator".
    pub fn said(self, limits: &Limits) -> String {
        match self {
            Stop::CpuTime => format!(
                "used more than the CPU time limit of {} ms",
                limits.cpu.as_millis()
            ),
            Stop::WallTime => format!(
                "was still running at the wall bound of {} ms (a hang?)",
                limits.wall.as_millis()
            ),
            Stop::Backstop => format!(
                "was still running at the real-time backstop of {} ms, however busy the machine",
                limits.wall_backstop().as_millis()
            ),
            Stop::Memory => format!(
                "went over the memory limit of {} MiB",
                limits.memory_bytes >> 20
            ),
            Stop::Output => format!(
                "wrote more than the output cap of {} bytes",
                limits.output_bytes
            ),
            Stop::Interrupted => "was stopped: the judge was told to stop".to_string(),
            Stop::Requested => "was stopped by the judge".to_string(),
        }
    }
}

/// What a run used, as the kernel counts it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    pub cpu: Duration,
    pub wall: Duration,
    /// How long its threads waited for a CPU (runnable, not running), summed over them and
    /// over the judge's threads that work for its case (a relay, a built-in opponent, a reader
    /// of its output), but at most the time its case was counted busy (see `idle`); zero where
    /// the kernel does not tell.
    pub cpu_wait: Duration,
    /// How long its case was idle: neither running nor waiting for a CPU (see `idle`), the most
    /// it was seen to be; `None` where that is not measured.
    pub idle: Option<Duration>,
    pub peak_memory_bytes: u64,
}

impl Usage {
    /// The time the wall bound counted: idle time, else wall time.
    pub fn counted_idle(&self) -> Duration {
        self.idle.unwrap_or(self.wall)
    }
}

/// How a run ended and what it used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ended {
    pub termination: Termination,
    /// Why the judge killed it, if it did (the first reason).
    pub stopped: Option<Stop>,
    pub usage: Usage,
}
