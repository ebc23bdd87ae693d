//! The limits of a run (CPU time, wall time, memory, stack, output), their defaults and the
//! largest values the judge accepts from a flag or a package: plain data, no process in sight.

use std::time::Duration;

const MIB: u64 = 1 << 20;

/// The CPU time limit when neither `-t` nor the folder sets one.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(2);
/// The longest time limit accepted: a day, far beyond any judge, but no overflow.
pub const MAX_SECONDS: f64 = 86_400.0;
/// The largest memory limit accepted: 1 TiB.
pub const MAX_MIB: u64 = 1 << 20;

/// The limits of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + system) of all the run's processes together.
    pub cpu: Duration,
    /// Wall time from start to the first process's end: catches sleepers and deadlocks.
    pub wall: Duration,
    /// Peak resident memory of all the run's processes together.
    pub memory_bytes: u64,
    pub stack_bytes: u64,
    /// Stdout past this is OLE, and the program is killed at once.
    pub output_bytes: usize,
}

/// The output cap a judge applies unless told otherwise: 64 MiB.
pub const DEFAULT_OUTPUT_CAP: usize = 64 << 20;
/// The memory limit unless told otherwise: 1024 MiB, AtCoder's.
pub const DEFAULT_MEMORY_MIB: u64 = 1024;

impl Limits {
    /// A CPU time limit with the defaults for the rest: a wall bound of twice the limit plus a
    /// second, 1024 MiB of memory, a stack as large as the memory, 64 MiB of output.
    pub fn with_cpu(cpu: Duration) -> Limits {
        Limits {
            cpu,
            wall: default_wall(cpu),
            memory_bytes: DEFAULT_MEMORY_MIB * MIB,
            stack_bytes: DEFAULT_MEMORY_MIB * MIB,
            output_bytes: DEFAULT_OUTPUT_CAP,
        }
    }
}

/// The wall bound for a CPU time limit: twice it plus a second.
pub fn default_wall(cpu: Duration) -> Duration {
    cpu * 2 + Duration::from_secs(1)
}

/// The limits the command line gives, each `None` when not given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LimitFlags {
    /// `None`: the folder's limit, or the default.
    pub time: Option<Duration>,
    /// `None`: twice the time limit plus a second.
    pub wall: Option<Duration>,
    /// `None`: the folder's limit, or the default.
    pub memory_mib: Option<u64>,
    /// `None`: as large as the memory limit.
    pub stack_mib: Option<u64>,
}

impl LimitFlags {
    /// The limits of each run when no folder sets any: the flags, or the defaults.
    pub fn limits(&self) -> Limits {
        self.limits_with(
            self.time.unwrap_or(DEFAULT_TIME_LIMIT),
            self.memory_mib.unwrap_or(DEFAULT_MEMORY_MIB),
        )
    }

    /// The limits of each run with this CPU time and memory (a folder's, unless flags were
    /// given), and the other flags.
    pub fn limits_with(&self, time: Duration, memory_mib: u64) -> Limits {
        Limits {
            cpu: time,
            wall: self.wall.unwrap_or(default_wall(time)),
            memory_bytes: memory_mib << 20,
            stack_bytes: self.stack_mib.unwrap_or(memory_mib) << 20,
            output_bytes: DEFAULT_OUTPUT_CAP,
        }
    }
}
