//! The supervisor: every program the judge starts (a solution, a checker, an interactive player,
//! the computer in `judge play`) runs through `Running`, the way isolate or DMOJ run one.
//!
//! - It starts in a process group of its own, marked in its environment, in a cgroup of its
//!   own where one can be had (see `cgroup`; then the cgroup's counts are its CPU time and peak
//!   memory), with RLIMIT_STACK set and RLIMIT_CPU as a backstop.
//! - A monitor thread watches it from /proc every few milliseconds: CPU time (user + sys) of all
//!   its processes, memory (the cgroup's charge, else resident memory summed over them), idle
//!   time (wall time less the time its threads ran or waited for a CPU, see `idle`); past a
//!   limit, or past the real-time backstop, it kills the run and records why, so the verdict
//!   follows the reason, not the signal it died of. It sleeps on a pidfd, so it wakes the moment
//!   the run ends.
//! - When its first process ends (reaped with `wait4`, whose rusage gives the kernel's CPU time
//!   and max RSS), everything it started is killed and reaped, including processes that left its
//!   group with `setsid`; no read of its pipes outlives the wall bound (of idle time: the
//!   judge waiting on a pipe after the end is the case being idle).
//! - A stop (at a limit, or one the caller asks for) kills the run at once, but never takes
//!   away a status its program already has: in a box, only the program's processes are killed,
//!   and the box's init, which tells how the program ended, is spared (see `Control::stop`). So
//!   a program that crashed just before the judge decided to stop it is seen to have crashed,
//!   whichever of the judge's threads learns of what first.

pub mod capture;
pub mod case_files;
pub mod cgroup;
mod control;
pub mod conversation;
mod ended;
mod execute;
mod idle;
mod members;
mod monitor;
mod pinning;
mod pipe_deadline;
mod program;
mod regular_file;
mod running;
pub mod sandbox;
mod session;
mod spawn;
pub mod stop;
pub mod sys;

pub use control::Stopper;
pub use ended::{Ended, Stop, Termination, Usage};
pub use execute::{execute, Execution};
pub use idle::Activity;
pub use members::adopt_orphans;
pub use program::{executable_file, in_path, Program};
pub use regular_file::{entry_names, is_link_error, open_entry, open_folder, open_regular};
pub use running::{Input, Outputs, Running, Trust, STDERR_TAIL_BYTES};
pub use session::{finish, Session, Signals};
