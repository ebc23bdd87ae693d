//! How long the judge reads a run's pipes once the run has ended.

use super::{stop, Ended};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long the judge still reads a pipe after everything it could find was killed.
const PIPE_GRACE: Duration = Duration::from_millis(200);

/// Until when the judge reads a run's pipes once the run has ended: while it waits for them the
/// case is idle, so until the wall bound of idle time (but at least `PIPE_GRACE`).
pub(super) struct PipeDeadline {
    pub(super) ended_at: Instant,
    pub(super) deadline: Instant,
}

impl PipeDeadline {
    pub(super) fn after(ended: &Ended, wall: Duration) -> PipeDeadline {
        let ended_at = Instant::now();
        let left = wall.saturating_sub(ended.usage.counted_idle());
        PipeDeadline {
            ended_at,
            deadline: ended_at + left.max(PIPE_GRACE),
        }
    }

    /// Waits for what a pipe reader sends until the deadline, or until the judge is told to
    /// stop.
    pub(super) fn receive<T>(&self, receiver: &Receiver<T>) -> Option<T> {
        receive_until(receiver, self.deadline)
    }
}

/// Waits for what a pipe reader sends until `deadline`, or until the judge is told to stop.
fn receive_until<T>(receiver: &Receiver<T>, deadline: Instant) -> Option<T> {
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match receiver.recv_timeout(left.min(Duration::from_millis(50))) {
            Ok(value) => return Some(value),
            Err(RecvTimeoutError::Disconnected) => return None,
            Err(RecvTimeoutError::Timeout)
                if left.is_zero() || stop::received_signal().is_some() =>
            {
                return None
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
    }
}
