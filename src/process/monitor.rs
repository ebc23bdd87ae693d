//! The monitor of a run: it watches the run's processes until the first one ends, stops the run
//! at a limit, then kills and reaps everything left and counts what the run used.

use super::cgroup::Cgroup;
use super::control::Control;
use super::members::Members;
use super::running::lost;
use super::{idle, sandbox, stop, sys, Ended, Stop, Termination, Usage};
use crate::limits::Limits;
use std::io;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// How the monitor learns that the run's first process ended: a pidfd it can sleep on, or
/// where there is none, a thread blocked in `wait4`.
enum EndOfFirst {
    Notice(i32, sys::ExitNotice),
    Waiter(Receiver<io::Result<sys::Reaped>>),
}

impl EndOfFirst {
    fn watch(first: i32) -> EndOfFirst {
        match sys::ExitNotice::open(first) {
            Some(notice) => EndOfFirst::Notice(first, notice),
            None => {
                let (sender, waited) = mpsc::channel();
                thread::spawn(move || {
                    let _ = sender.send(sys::wait_for(first));
                });
                EndOfFirst::Waiter(waited)
            }
        }
    }

    /// Waits up to `timeout`; the first process's end, reaped, if it came. With a pidfd,
    /// `last_look` runs between its end and its reaping, while /proc still shows it.
    fn wait(&self, timeout: Duration, last_look: impl FnOnce()) -> io::Result<Option<sys::Reaped>> {
        match self {
            EndOfFirst::Notice(first, notice) => match notice.wait(timeout) {
                true => {
                    last_look();
                    sys::wait_for(*first).map(Some)
                }
                false => Ok(None),
            },
            EndOfFirst::Waiter(waited) => match waited.recv_timeout(timeout) {
                Ok(reaped) => reaped.map(Some),
                Err(RecvTimeoutError::Disconnected) => Err(lost("the waiter")),
                Err(RecvTimeoutError::Timeout) => Ok(None),
            },
        }
    }
}

/// The run a monitor watches.
pub(super) struct Watched<'a> {
    pub(super) first: i32,
    pub(super) marker: &'a str,
    pub(super) limits: Limits,
    pub(super) control: &'a Control,
    pub(super) cgroup: Option<&'a Cgroup>,
    pub(super) started: Instant,
    pub(super) judge_peak: u64,
    /// The box it runs in, if it does: its first process is the box's init, a copy of the
    /// judge, which tells how the program ended.
    pub(super) boxed: Option<&'a sandbox::Boxed>,
}

/// How long a stopped box's init is spared (see `Control::stop`): once its program is killed it
/// has only to reap it and tell; one that has not ended by then is killed with the rest.
const INIT_GRACE: Duration = Duration::from_secs(2);

/// What a program's process may touch between telling its peak before exec and the exec itself
/// (the exec's own code and stack), counted as held before the exec.
const EXEC_PAGES_BYTES: u64 = 64 << 10;

/// What a run's threads told at a look: their waits summed, and their run time, or the CPU time
/// if that is more (the cgroup counts workers that ended unseen).
fn look_at(usage: &Usage, sched: Option<idle::Sched>, seen: idle::LookSeen) -> Option<idle::Look> {
    sched.map(|sched| idle::Look {
        run: sched.run.max(usage.cpu),
        wait: sched.wait,
        seen,
    })
}

/// The monitor's loop: polls the run's processes until its first process ends, stopping the run
/// at a limit, then kills and reaps everything left. `part`: the run's share in its case's
/// activity, from which its idle time comes.
pub(super) fn supervise(run: Watched, mut part: idle::Part) -> io::Result<Ended> {
    let end = EndOfFirst::watch(run.first);
    let mut members = Members::new(
        run.first,
        run.marker,
        run.boxed.map_or(0, sandbox::Boxed::judge_copies),
    );
    let (reaped, seen) = watch_until_end(&run, &end, &mut part, &mut members)?;
    run.control.first_ended.store(true, Ordering::SeqCst);
    let wall = run.started.elapsed();
    members.kill_all(run.cgroup, 500);
    let told = run.boxed.and_then(sandbox::Boxed::told);
    // By rusage: the first process and what it reaped (in a box, every process of the box: its
    // init reaps them all), and the orphans the judge reaped.
    let reaped_cpu =
        Duration::from_micros(reaped.user_micros + reaped.system_micros + members.reaped_micros());
    let mut usage = counted_usage(&run, &seen, &reaped, reaped_cpu, told);
    usage.wall = wall;
    let sched = members.sched();
    let idle = part.idle(wall, look_at(&usage, sched, members.take_look()));
    // The waits summed over threads, but never more than the time the case was counted busy
    // and not running (threads waiting side by side for one CPU wait once, as the wall bound
    // counts them).
    usage.cpu_wait = sched.map_or(Duration::ZERO, |sched| {
        let busy = wall.saturating_sub(idle.unwrap_or_default());
        (sched.wait + part.helpers_wait()).min(busy.saturating_sub(usage.cpu))
    });
    usage.idle = idle.max(seen.most_idle).filter(|_| idle.is_some());
    Ok(Ended {
        termination: Termination::from_wait_status(told.map_or(reaped.status, |told| told.status)),
        stopped: run.control.stopped(),
        usage,
    })
}

/// What the monitor saw of a run while it ran.
#[derive(Default)]
struct Seen {
    usage: Usage,
    /// The most idle the case was seen to be: what the bound was checked against (idle time
    /// can fall back a little, when a wait the kernel counts late or the judge's threads' work
    /// at the end comes in).
    most_idle: Option<Duration>,
    /// The most the run's cgroup was charged at a look: its peak where the kernel keeps none.
    most_charged: u64,
}

/// Polls the run's `members` until its first process ends (`end`), stopping the run at a
/// limit; the first process, reaped, and what was seen of the run.
fn watch_until_end(
    run: &Watched,
    end: &EndOfFirst,
    part: &mut idle::Part,
    members: &mut Members,
) -> io::Result<(sys::Reaped, Seen)> {
    let (control, cgroup) = (run.control, run.cgroup);
    let ticks = sys::clock_ticks_per_second();
    let mut seen = Seen::default();
    let mut interval = Duration::from_millis(1);
    // When the monitor first saw the run stopped: a box's init is spared for `INIT_GRACE`
    // from then (see `Control::stop`).
    let mut stopped_at = None;
    let reaped = loop {
        let ended = || {
            control.first_ended.store(true, Ordering::SeqCst);
            members.last_look_at_first();
        };
        if let Some(reaped) = end.wait(interval, ended)? {
            break reaped;
        }
        let now = members.scan(cgroup);
        let usage = &mut seen.usage;
        usage.cpu = usage
            .cpu
            .max(Duration::from_millis(now.cpu_ticks * 1000 / ticks));
        // With a cgroup, the kernel's charge is the measure (and the kernel enforces the limit:
        // resident pages of shared libraries charged elsewhere do not count twice); without one,
        // the resident memory of the run's processes summed.
        let charged = cgroup.map(Cgroup::usage_bytes);
        seen.most_charged = seen.most_charged.max(charged.unwrap_or(0));
        let memory = charged.map_or(now.rss_bytes, |charged| {
            charged + now.rss_outside_cgroup_bytes
        });
        usage.peak_memory_bytes = usage.peak_memory_bytes.max(memory);
        // The cgroup's CPU count includes processes that ended unseen and were reaped by anyone.
        if let Some(cpu) = cgroup.and_then(Cgroup::cpu_time) {
            usage.cpu = usage.cpu.max(cpu);
        }
        control
            .cpu_micros
            .store(usage.cpu.as_micros() as u64, Ordering::Relaxed);
        let elapsed = run.started.elapsed();
        let idle = part.idle(elapsed, look_at(usage, now.sched, now.look));
        seen.most_idle = idle.max(seen.most_idle).filter(|_| idle.is_some());
        if let Some(reason) = past_a_limit(&seen.usage, elapsed, idle, &run.limits) {
            control.stop(reason);
        }
        if control.stopped().is_some() {
            let stopped_at = *stopped_at.get_or_insert_with(Instant::now);
            match run.boxed.is_some() && stopped_at.elapsed() < INIT_GRACE {
                true => members.kill_all_but_copies(cgroup, 1),
                false => members.kill_all(cgroup, 1),
            };
        }
        interval = (interval * 2).min(Duration::from_millis(10));
    };
    Ok((reaped, seen))
}

/// Why the monitor stops a run that has used `usage` and been `idle` (if measured) at `elapsed`
/// under `limits`, if it must: the judge was told to stop, or the run is past a limit.
fn past_a_limit(
    usage: &Usage,
    elapsed: Duration,
    idle: Option<Duration>,
    limits: &Limits,
) -> Option<Stop> {
    if stop::received_signal().is_some() {
        Some(Stop::Interrupted)
    } else if usage.cpu > limits.cpu {
        Some(Stop::CpuTime)
    } else if let Some(out) = idle::time_out(elapsed, idle, limits) {
        Some(out)
    } else if usage.peak_memory_bytes > limits.memory_bytes {
        Some(Stop::Memory)
    } else {
        None
    }
}

/// What the run used, once it has ended and everything it started is reaped: what polling
/// (`seen`) saw only enforced the limits during the run, so the figures come from one source,
/// the best there is. `reaped`: the first process, `reaped_cpu` the CPU time by rusage, `told`
/// what a box's init said.
fn counted_usage(
    run: &Watched,
    seen: &Seen,
    reaped: &sys::Reaped,
    reaped_cpu: Duration,
    told: Option<sandbox::Told>,
) -> Usage {
    let mut usage = seen.usage;
    match (run.cgroup, told) {
        // The cgroup's: the kernel's counts of the run alone.
        (Some(cgroup), _) => {
            usage.cpu = cgroup.cpu_time().unwrap_or(usage.cpu.max(reaped_cpu));
            usage.peak_memory_bytes = cgroup.peak_bytes().unwrap_or(seen.most_charged);
            if cgroup.oom_killed() {
                run.control.record(Stop::Memory);
            }
        }
        // A box without a cgroup: its init's rusage holds every process of the box. Its max
        // RSS is the largest of any one process, and counts what the program held before it
        // exec'd (a copy of the init, its pages mostly shared with the judge): past that (and
        // the few pages the exec itself touches) it is the program's. A run the judge killed
        // may have lost a process's count with its reaper, so polling's counts too.
        (None, Some(told)) => {
            usage.cpu = match run.control.stopped() {
                None => reaped_cpu,
                Some(_) => usage.cpu.max(reaped_cpu),
            };
            let before_exec = told.exec_peak_bytes.unwrap_or(u64::MAX);
            if told.reaped_peak_bytes > before_exec.saturating_add(EXEC_PAGES_BYTES) {
                usage.peak_memory_bytes = usage.peak_memory_bytes.max(told.reaped_peak_bytes);
            }
        }
        // A box whose init did not tell (killed): what polling and rusage saw.
        (None, None) if run.boxed.is_some() => usage.cpu = usage.cpu.max(reaped_cpu),
        // Unboxed, without a cgroup: orphans may have been reaped by anyone, so what polling
        // saw counts too. wait4's max RSS counts the judge's own peak too (the child was a
        // copy of the judge until it exec'd): it speaks for the program only when it is above
        // that.
        (None, None) => {
            usage.cpu = usage.cpu.max(reaped_cpu);
            if reaped.max_rss_bytes > run.judge_peak {
                usage.peak_memory_bytes = usage.peak_memory_bytes.max(reaped.max_rss_bytes);
            }
        }
    }
    usage
}

/// The judge's own peak resident memory (VmHWM), 0 if unknown.
pub(super) fn own_peak_memory() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|value| {
            value
                .trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<u64>()
                .ok()
        })
        .map_or(0, |kib| kib * 1024)
}
