//! The judge's stop flag: the termination signal it received (SIGINT, SIGTERM, SIGHUP), or the
//! stop it decided on itself (its output closed), read by every loop that must end early.

use super::sys::{self, SIGHUP, SIGINT, SIGTERM};
use std::ffi::c_int;
use std::sync::atomic::{AtomicI32, Ordering};

/// The last of SIGINT, SIGTERM or SIGHUP the judge received, or 0.
static RECEIVED: AtomicI32 = AtomicI32::new(0);

extern "C" fn note_signal(signal: c_int) {
    RECEIVED.store(signal, Ordering::SeqCst);
}

/// From now on SIGINT, SIGTERM and SIGHUP are noted (see `received_signal`) instead of
/// killing the judge, so that it can kill what it started first.
pub fn note_termination_signals() {
    for number in [SIGINT, SIGTERM, SIGHUP] {
        // The handler only stores into an atomic, which is async-signal-safe.
        sys::set_handler(number, note_signal);
    }
}

/// The termination signal received, if any.
pub fn received_signal() -> Option<i32> {
    match RECEIVED.load(Ordering::SeqCst) {
        0 => None,
        signal => Some(signal),
    }
}

/// Acts as if `signal` had been received (the judge stops on its own, e.g. its output closed).
pub fn note_stop(signal: i32) {
    RECEIVED.store(signal, Ordering::SeqCst);
}
