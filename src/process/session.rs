//! The set-up around a command that runs programs, in one guard: while it lives, the judge
//! adopts every orphan a run leaves (so none outlives it) and, if asked, notes termination
//! signals instead of dying of them; when it drops, whatever is left is killed and the pooled
//! cgroups removed.

use super::{cgroup, members, stop};

/// The judge's last act, once no run is left: kills whatever adopted orphans remain (so nothing
/// a run started outlives the judge) and removes its pooled cgroups.
pub fn finish() {
    members::kill_adopted();
    cgroup::remove_pooled();
}

/// What the judge does with SIGINT, SIGTERM and SIGHUP during the session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signals {
    /// Noted (see `stop::received_signal`): the judge kills what it started, reports, and exits
    /// with 128 + the signal.
    Noted,
    /// Left as they are: the judge dies of them (a person at a prompt presses Ctrl-C).
    Default,
}

/// The session guard.
pub struct Session(());

impl Session {
    pub fn start(signals: Signals) -> Session {
        super::adopt_orphans();
        if signals == Signals::Noted {
            stop::note_termination_signals();
        }
        Session(())
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        finish();
    }
}
