//! How a command ended, and the one mapping from that to the exit status: 0 all passed, 1 what
//! was checked failed, 2 a usage, I/O or judge error, 128 + N when stopped by signal N.

/// How a command ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// All AC, every file valid, no difference found, the person stopped playing.
    Passed,
    /// A case not AC, a file invalid, a counterexample found, a computer that broke the protocol.
    Failed,
    /// A usage or I/O error, a judge error (JE), a broken generator or reference.
    Error,
    /// Stopped by this signal (SIGINT, SIGTERM, SIGHUP; SIGPIPE when the report's reader left).
    Stopped(i32),
}

impl Outcome {
    /// The exit status.
    pub fn code(self) -> u8 {
        match self {
            Outcome::Passed => 0,
            Outcome::Failed => 1,
            Outcome::Error => 2,
            Outcome::Stopped(signal) => 128u8.saturating_add(signal.clamp(0, 127) as u8),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes() {
        assert_eq!(Outcome::Passed.code(), 0);
        assert_eq!(Outcome::Failed.code(), 1);
        assert_eq!(Outcome::Error.code(), 2);
        assert_eq!(Outcome::Stopped(2).code(), 130);
        assert_eq!(Outcome::Stopped(15).code(), 143);
    }
}
