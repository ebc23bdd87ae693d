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
    /// Idle time (no thread of the case running or waiting for a CPU) from start to the first
    /// process's end: catches sleepers and deadlocks, not programs starved of CPU. Where idle
    /// time cannot be told, wall time.
    pub wall: Duration,
    /// Peak resident memory of all the run's processes together.
    pub memory_bytes: u64,
    pub stack_bytes: u64,
    /// Stdout past this is OLE.
    pub output_bytes: usize,
    /// What becomes of a program whose stdout passes `output_bytes`.
    pub past_output_cap: PastOutputCap,
    /// Every process of the run on one CPU (DOMjudge's rule: it pins each judging to a core).
    pub one_cpu: bool,
    /// The program may write in its working folder (in the sandbox; DOMjudge's may not).
    pub writable_folder: bool,
}

/// What becomes of a program whose stdout passes the output cap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PastOutputCap {
    /// Killed at once: `OLE` in milliseconds, however long it would have gone on.
    #[default]
    Kill,
    /// DOMjudge's rule: the rest of its output is thrown away and it runs on to its end, so a
    /// time limit or a crash comes first (`TLE`, `RE`), and `OLE` only for a clean exit.
    Discard,
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
            past_output_cap: PastOutputCap::Kill,
            one_cpu: false,
            writable_folder: true,
        }
    }
}

/// The wall bound for a CPU time limit: twice it plus a second.
pub fn default_wall(cpu: Duration) -> Duration {
    cpu * 2 + Duration::from_secs(1)
}

/// How many times the wall bound a run may last in real time, idle or not...
pub const BACKSTOP_FACTOR: u32 = 10;
/// ...and at least this much more than the wall bound.
pub const BACKSTOP_MARGIN: Duration = Duration::from_secs(60);

impl Limits {
    /// The real-time backstop: no run lasts longer, however little of it was idle (a program
    /// starved of CPU for good, or idle time the kernel miscounts): ten times the wall bound,
    /// and at least a minute more than it. Starving stretches a run's real time in proportion
    /// to its CPU time, hence ten times (with the default wall bound, over twenty times the CPU
    /// time limit); but short runs are starved worst (on this 2-core VM, a program of 0.9 s of
    /// CPU beside four busy loops took 16 s, a 6 % share), so a 3 s bound gets 63 s, not 30 s.
    pub fn wall_backstop(&self) -> Duration {
        self.wall
            .saturating_mul(BACKSTOP_FACTOR)
            .max(self.wall.saturating_add(BACKSTOP_MARGIN))
    }
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
    /// `None`: the folder's output limit, or the default cap.
    pub output_mib: Option<u64>,
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
            output_bytes: self.output_mib.map_or(DEFAULT_OUTPUT_CAP, |mib| {
                usize::try_from(mib << 20).unwrap_or(usize::MAX)
            }),
            past_output_cap: PastOutputCap::Kill,
            one_cpu: false,
            writable_folder: true,
        }
    }
}
