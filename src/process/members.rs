//! Finding every process a run started, and what they use, from /proc.
//!
//! A process belongs to a run when it is the run's first process, is in the cgroup of the run
//! (where there is one), is in the run's process group, carries the run's marker in its
//! environment (`GAME_JUDGE_RUN=<id>`, which every descendant inherits, also one that called
//! `setsid`), or has a parent that belongs. Once seen, a process belongs for the rest of the
//! run (by pid and start time), so one that later clears its environment is still found.
//!
//! Where to look: the cgroup's list where there is one; else, when the judge adopts orphans
//! (the `judge` command), the processes below it; else (the library in someone else's process)
//! every process in /proc.
//!
//! What they use: CPU time and resident memory from `/proc/PID/stat`, and the scheduler
//! statistics of every thread (`idle`), each kept as last seen once the process is gone.

use super::cgroup::Cgroup;
use super::idle::{self, Sched, Threads};
use super::sys;
use std::collections::HashMap;
use std::fs;
use std::io::Read;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// The environment variable that marks a run's processes.
pub const MARKER_VARIABLE: &str = "GAME_JUDGE_RUN";

/// One process as /proc shows it.
#[derive(Clone, Copy, Debug)]
struct Process {
    pid: i32,
    parent: i32,
    group: i32,
    start_ticks: u64,
    /// User and system time of the process itself, in ticks.
    cpu_ticks: u64,
    /// User and system time of the children it waited for (and theirs), in ticks.
    children_cpu_ticks: u64,
    /// How many threads it has.
    threads: u64,
    /// Whether it (its leader thread) is runnable: state `R`.
    runnable: bool,
    rss_pages: u64,
}

/// The fields of a `/proc/.../stat` line from the third (the state) on: the command name may
/// hold spaces and parentheses, so they start after the last ')'.
fn stat_fields(text: &str) -> Option<Vec<&str>> {
    Some(text.get(text.rfind(')')? + 2..)?.split(' ').collect())
}

/// Field `number` (as proc(5) numbers them, from 1) of a line's `stat_fields`.
fn stat_field<T: std::str::FromStr>(fields: &[&str], number: usize) -> Option<T> {
    fields.get(number - 3)?.parse().ok()
}

/// Reads `/proc/PID/stat`; `None` once the process is gone.
fn read_process(pid: i32) -> Option<Process> {
    let mut buffer = [0u8; 1024];
    let length = fs::File::open(format!("/proc/{pid}/stat"))
        .and_then(|mut file| file.read(&mut buffer))
        .ok()?;
    let fields = stat_fields(std::str::from_utf8(&buffer[..length]).ok()?)?;
    let field = |number: usize| -> Option<u64> { stat_field(&fields, number) };
    let signed = |number: usize| -> Option<i32> { stat_field(&fields, number) };
    let rss_pages = match fields.first() == Some(&"Z") {
        // A zombie leader whose other threads still run (its main thread called
        // `pthread_exit`) is alive: its line still sums the CPU time of every thread, but its
        // memory is on its live threads' lines. A zombie with none uses nothing; its parent
        // (or the judge) reaps it.
        true => live_thread_rss(pid)?,
        false => field(24)?,
    };
    Some(Process {
        pid,
        parent: signed(4)?,
        group: signed(5)?,
        start_ticks: field(22)?,
        cpu_ticks: field(14)? + field(15)?,
        children_cpu_ticks: field(16)? + field(17)?,
        threads: field(20)?,
        runnable: fields.first() == Some(&"R"),
        rss_pages,
    })
}

/// The resident pages of a process whose leader is a zombie, from a thread of it that is not
/// (they share one memory); `None` when every thread has ended.
fn live_thread_rss(pid: i32) -> Option<u64> {
    fs::read_dir(format!("/proc/{pid}/task"))
        .ok()?
        .flatten()
        .find_map(|task| {
            let text = fs::read_to_string(task.path().join("stat")).ok()?;
            let fields = stat_fields(&text)?;
            match fields.first() {
                Some(&"Z") | Some(&"X") | None => None,
                Some(_) => stat_field(&fields, 24),
            }
        })
}

/// The children of a process (of all its threads), where the kernel lists them.
fn children(pid: u32) -> Option<Vec<i32>> {
    let mut found = Vec::new();
    for task in fs::read_dir(format!("/proc/{pid}/task")).ok()?.flatten() {
        let text = fs::read_to_string(task.path().join("children")).ok()?;
        found.extend(
            text.split_whitespace()
                .filter_map(|pid| pid.parse::<i32>().ok()),
        );
    }
    Some(found)
}

/// The processes below `roots`, roots included, as the kernel lists children.
fn subtrees(mut found: Vec<i32>) -> Vec<i32> {
    let mut next = 0;
    while next < found.len() {
        found.extend(children(found[next] as u32).unwrap_or_default());
        next += 1;
    }
    found
}

/// The processes of a box below its judge copies (the init, and without root the child that
/// made it: the first `copies` processes from `first` down), the program and all it started:
/// in a PID namespace every process of the box is below the init, whatever it did (`setsid`, a
/// double fork). `None` where the kernel does not list children.
fn below_copies(first: i32, copies: usize) -> Option<Vec<i32>> {
    let mut level = vec![first];
    for _ in 0..copies {
        let mut next = Vec::new();
        for pid in level {
            next.extend(children(pid as u32)?);
        }
        level = next;
    }
    Some(subtrees(level))
}

/// Kills the program of a box and everything it started, sparing the judge's copies (see
/// `below_copies`): the init then reaps the program, tells how it ended and exits, so a stop
/// the judge asks for never takes away a status the program already had (a program that
/// crashed before the stop is still seen to have crashed). False where the kernel does not
/// list children (the caller kills the whole box).
pub fn kill_below_copies(first: i32, copies: usize) -> bool {
    match below_copies(first, copies) {
        Some(pids) => {
            for pid in pids {
                sys::kill_now(pid);
            }
            true
        }
        None => false,
    }
}

/// The orphans the judge adopted that are still running; the ones that ended are reaped here
/// (never a run's first process: those are children of the worker threads, reaped by their own
/// waiters; the kernel hands orphans to the judge's main thread), their CPU time kept in
/// `REAPED` for their run to claim. `None` where the kernel does not list children.
fn adopted_orphans(first: i32) -> Option<Vec<i32>> {
    let judge = std::process::id();
    let children = fs::read_to_string(format!("/proc/{judge}/task/{judge}/children")).ok()?;
    Some(
        children
            .split_whitespace()
            .filter_map(|pid| pid.parse::<i32>().ok())
            .filter(|&pid| pid == first || !reap_orphan(pid))
            .collect(),
    )
}

/// An orphan the judge reaped: its pid, its process group and the CPU time it (and the
/// children it reaped) used, in microseconds, until a run claims it.
#[derive(Clone, Copy, Debug)]
struct Reaped {
    pid: i32,
    group: i32,
    start_ticks: u64,
    cpu_micros: u64,
}

/// Reaped orphans not yet claimed by their run (a worker that ran and ended between two looks
/// at /proc is seen only here). The oldest go past `REAPED_KEPT`.
static REAPED: Mutex<Vec<Reaped>> = Mutex::new(Vec::new());
const REAPED_KEPT: usize = 10_000;

/// Reaps the adopted orphan `pid` if it has ended, keeping its CPU time for its run; whether it
/// was reaped.
fn reap_orphan(pid: i32) -> bool {
    // Its group and start, read while it is a zombie (its /proc entry goes with the reaping).
    let zombie = zombie_group_and_start(pid);
    let Some(cpu_micros) = sys::reap_with_cpu_if_ended(pid) else {
        return false;
    };
    if let (Some((group, start_ticks)), Ok(mut reaped)) = (zombie, REAPED.lock()) {
        if reaped.len() >= REAPED_KEPT {
            reaped.remove(0);
        }
        reaped.push(Reaped {
            pid,
            group,
            start_ticks,
            cpu_micros,
        });
    }
    true
}

/// The process group and start time of a process that has ended and is not yet reaped.
fn zombie_group_and_start(pid: i32) -> Option<(i32, u64)> {
    let text = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields = stat_fields(&text)?;
    match fields.first() {
        Some(&"Z") => Some((stat_field(&fields, 5)?, stat_field(&fields, 22)?)),
        _ => None,
    }
}

/// Whether the judge adopts the orphans of the programs it runs.
static ADOPTING: AtomicBool = AtomicBool::new(false);

/// How many runs are being watched now. While only one is, every orphan the judge adopted is
/// that run's, whatever its environment and process group.
pub static ACTIVE_RUNS: AtomicUsize = AtomicUsize::new(0);

/// Kills every orphan the judge adopted and everything below it, and reaps them: the judge's
/// last act, so that nothing a run started outlives the judge even where no run could claim it.
pub fn kill_adopted() {
    if !ADOPTING.load(Ordering::SeqCst) {
        return;
    }
    for _ in 0..100 {
        let Some(orphans) = adopted_orphans(0) else {
            return;
        };
        if orphans.is_empty() {
            return;
        }
        for pid in subtrees(orphans) {
            sys::kill_now(pid);
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// Makes this process adopt the orphans of the programs it runs, so that they are found and
/// reaped (no zombies left behind by a killed case). Linux only; elsewhere init adopts them.
pub fn adopt_orphans() {
    sys::become_subreaper();
    ADOPTING.store(true, Ordering::SeqCst);
}

/// Every pid in /proc.
fn all_pids() -> Vec<i32> {
    fs::read_dir("/proc")
        .map(|entries| {
            entries
                .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

/// Whether the process's environment holds `marker` (`NAME=value`) as a whole entry.
fn has_marker(pid: i32, marker: &[u8]) -> bool {
    fs::read(format!("/proc/{pid}/environ"))
        .map(|environment| {
            environment
                .split(|&byte| byte == 0)
                .any(|entry| entry == marker)
        })
        .unwrap_or(false)
}

/// What a run's processes use at one moment.
#[derive(Clone, Copy, Debug, Default)]
pub struct Snapshot {
    pub processes: usize,
    /// CPU time of every process of the run seen so far, alive or not.
    pub cpu_ticks: u64,
    pub rss_bytes: u64,
    /// Of that, the processes that left the run's cgroup (only root can).
    pub rss_outside_cgroup_bytes: u64,
    /// The scheduler statistics of every thread of the run seen so far, summed; `None` where
    /// they cannot be read.
    pub sched: Option<Sched>,
    /// What the readings of the run's threads at this look showed (see `idle::Ledger`).
    pub look: idle::LookSeen,
}

/// The processes of one run, as far as the judge has seen them.
pub struct Members {
    first: i32,
    marker: Vec<u8>,
    first_start: Option<u64>,
    /// pid -> start time of every process seen to belong.
    known: HashMap<i32, u64>,
    /// (pid, start time) -> the CPU time last seen, of every process seen to belong: one that
    /// ended, waited for or not, still counts.
    cpu_seen: HashMap<(i32, u64), u64>,
    /// The CPU time of the run's orphans the judge reaped (`REAPED`), in microseconds, as
    /// `wait4` gave it: each one's own and that of the children it waited for.
    reaped_micros: u64,
    /// (pid, start time) -> parent pid, of every process seen to belong: the ones below an
    /// orphan the judge reaps are in its CPU time already.
    parents: HashMap<(i32, u64), i32>,
    /// (pid, start time) -> the CPU time of the children it waited for that was never seen on
    /// a process of the run (short-lived ones between two looks): its children's time less
    /// `ended_seen`; kept as last seen once it ends.
    unseen_children: HashMap<(i32, u64), u64>,
    /// What the processes of the run that ended were last seen to have used, themselves and
    /// their waited-for children: all that any process's children's time may hold of
    /// processes seen.
    ended_seen: u64,
    /// (pid, start time) -> its own and its children's time, last seen, of the processes now
    /// alive.
    alive: HashMap<(i32, u64), u64>,
    /// The scheduler statistics of every thread seen, alive or not.
    threads: Threads,
    /// Whether some process's statistics could not be read.
    sched_unreadable: bool,
    page_bytes: u64,
    /// How many of the run's first processes are copies of the judge (a box's init, and the
    /// child that made it), whose memory is not the program's: 0 unboxed, 1 or 2 boxed.
    judge_copies: usize,
}

impl Members {
    /// The members of the run whose first process is `first`, marked with `marker_value`.
    pub fn new(first: i32, marker_value: &str, judge_copies: usize) -> Members {
        Members {
            first,
            marker: format!("{MARKER_VARIABLE}={marker_value}").into_bytes(),
            first_start: None,
            known: HashMap::new(),
            cpu_seen: HashMap::new(),
            reaped_micros: 0,
            parents: HashMap::new(),
            unseen_children: HashMap::new(),
            ended_seen: 0,
            alive: HashMap::new(),
            threads: Threads::default(),
            sched_unreadable: !idle::available(),
            page_bytes: sys::page_size(),
            judge_copies,
        }
    }

    /// Looks at the processes now: which belong to the run, and what they use.
    pub fn scan(&mut self, cgroup: Option<&Cgroup>) -> Snapshot {
        self.scan_pids(cgroup).0
    }

    /// `scan`, with the pids of the processes found (alive, not zombies).
    fn scan_pids(&mut self, cgroup: Option<&Cgroup>) -> (Snapshot, Vec<i32>) {
        let adopted = if ADOPTING.load(Ordering::SeqCst) {
            adopted_orphans(self.first)
        } else {
            None
        };
        let listed = cgroup.map(Cgroup::processes).unwrap_or_default();
        let in_cgroup = &listed.all;
        // Below the first process, or below an orphan the judge adopted.
        let below = adopted
            .clone()
            .map(|orphans| subtrees([vec![self.first], orphans].concat()));
        let candidates = match (cgroup, below) {
            // The cgroup holds them all, unless a program running as root moved one out: what
            // is below the first process and the judge's orphans is looked at too.
            (Some(_), below) => {
                let mut pids = in_cgroup.clone();
                pids.extend(self.known.keys().copied());
                pids.push(self.first);
                pids.extend(below.unwrap_or_default());
                pids.sort_unstable();
                pids.dedup();
                pids
            }
            (None, Some(below)) => below,
            (None, None) => all_pids(),
        };
        let processes: Vec<Process> = candidates.into_iter().filter_map(read_process).collect();
        if self.first_start.is_none() {
            self.first_start = processes
                .iter()
                .find(|process| process.pid == self.first)
                .map(|process| process.start_ticks);
        }
        let claimed_orphans = match &adopted {
            Some(orphans) if ACTIVE_RUNS.load(Ordering::SeqCst) == 1 => orphans.clone(),
            _ => Vec::new(),
        };
        // The first process's pid taken by another process (the first was reaped and the pid
        // reused): then neither it nor a group of that id is the run's.
        let reused = processes
            .iter()
            .any(|process| self.is_reused_first(process));
        let members = self.belonging(&processes, in_cgroup, &claimed_orphans, reused);
        for process in members.values() {
            self.known.insert(process.pid, process.start_ticks);
            self.cpu_seen
                .insert((process.pid, process.start_ticks), process.cpu_ticks);
            self.parents
                .insert((process.pid, process.start_ticks), process.parent);
            self.read_sched(process);
        }
        self.count_waited_children(&members);
        self.claim_reaped(reused);
        let first = self.first;
        let judge_copy = |process: &Process| match self.judge_copies {
            0 => false,
            1 => process.pid == first,
            _ => process.pid == first || process.parent == first,
        };
        let rss = |process: &&Process| match judge_copy(process) {
            true => 0,
            false => process.rss_pages * self.page_bytes,
        };
        let snapshot = Snapshot {
            processes: members.len(),
            cpu_ticks: self.cpu_seen.values().sum::<u64>()
                + self.unseen_children.values().sum::<u64>()
                + self.reaped_micros * sys::clock_ticks_per_second() / 1_000_000,
            rss_bytes: members.values().map(|process| rss(&process)).sum(),
            rss_outside_cgroup_bytes: members
                .values()
                .filter(|process| cgroup.is_some() && !listed.memory.contains(&process.pid))
                .map(|process| rss(&process))
                .sum(),
            sched: self.sched(),
            look: self.take_look(),
        };
        (snapshot, members.into_keys().collect())
    }

    /// Which of `processes` belong to the run: the first process (unless its pid was `reused`),
    /// those known, of its group, in its cgroup (`in_cgroup`), its `claimed_orphans`, those
    /// that carry its marker, and the children of all of these.
    fn belonging(
        &self,
        processes: &[Process],
        in_cgroup: &[i32],
        claimed_orphans: &[i32],
        reused: bool,
    ) -> HashMap<i32, Process> {
        let mut members: HashMap<i32, Process> = HashMap::new();
        for process in processes {
            let known = self.known.get(&process.pid) == Some(&process.start_ticks);
            let started_since = self
                .first_start
                .is_some_and(|start| process.start_ticks >= start);
            let started_before = self.first_start.is_some() && !started_since;
            if (process.pid == self.first && !reused)
                || known
                || (process.group == self.first && !reused && !started_before)
                || in_cgroup.contains(&process.pid)
                || claimed_orphans.contains(&process.pid)
                || (started_since && has_marker(process.pid, &self.marker))
            {
                members.insert(process.pid, *process);
            }
        }
        // Children of members belong too (one that cleared its environment, for instance).
        loop {
            let joined: Vec<Process> = processes
                .iter()
                .filter(|process| {
                    !members.contains_key(&process.pid) && members.contains_key(&process.parent)
                })
                .copied()
                .collect();
            if joined.is_empty() {
                break;
            }
            members.extend(joined.into_iter().map(|process| (process.pid, process)));
        }
        members
    }

    /// Takes from `REAPED` the orphans of this run the judge reaped: one seen to belong (its
    /// last CPU time seen is then replaced by its whole), or one that started after the run's
    /// first process and is of the run's process group, or any such while this is the only run
    /// (every orphan is then its).
    fn claim_reaped(&mut self, reused: bool) {
        let Ok(mut reaped) = REAPED.lock() else {
            return;
        };
        let only_run = ACTIVE_RUNS.load(Ordering::SeqCst) == 1;
        let mut index = 0;
        while index < reaped.len() {
            let orphan = reaped[index];
            let known = self
                .known
                .get(&orphan.pid)
                .copied()
                .filter(|&start| start == orphan.start_ticks);
            let started_since = self
                .first_start
                .is_some_and(|start| orphan.start_ticks >= start);
            let ours = known.is_some()
                || (started_since && ((orphan.group == self.first && !reused) || only_run));
            if !ours {
                index += 1;
                continue;
            }
            reaped.swap_remove(index);
            if known.is_some() {
                self.known.remove(&orphan.pid);
                self.forget_below(orphan.pid);
            }
            self.reaped_micros += orphan.cpu_micros;
        }
    }

    /// Counts the CPU time of children the run's processes waited for that were never seen (a
    /// loop of short-lived workers, each waited for): a process's children's time (`cutime`)
    /// less all that the run's ended processes were last seen to have used. Whoever reaped
    /// them (a parent, the box's init, a subreaper, or the kernel for a parent ignoring
    /// SIGCHLD), what is counted of them already is taken off, so this never counts a process
    /// twice: while the run goes on it is below the truth, never above (a TLE it stops is one);
    /// the end's `wait4` brings the rest.
    fn count_waited_children(&mut self, members: &HashMap<i32, Process>) {
        let now: HashMap<(i32, u64), u64> = members
            .values()
            .map(|process| {
                let key = (process.pid, process.start_ticks);
                (key, process.cpu_ticks + process.children_cpu_ticks)
            })
            .collect();
        self.ended_seen += self
            .alive
            .iter()
            .filter(|(key, _)| !now.contains_key(key))
            .map(|(_, &used)| used)
            .sum::<u64>();
        for process in members.values() {
            let key = (process.pid, process.start_ticks);
            let unseen = process.children_cpu_ticks.saturating_sub(self.ended_seen);
            self.unseen_children.insert(key, unseen);
        }
        self.alive = now;
    }

    /// Forgets the CPU time seen of the ended process `pid` and of every process seen below it:
    /// the CPU time its reaping gave counts them (the ones still running are seen again at the
    /// next look; one that became an orphan is the judge's to reap, and counts then).
    fn forget_below(&mut self, pid: i32) {
        let mut gone = vec![pid];
        while let Some(parent) = gone.pop() {
            let below: Vec<(i32, u64)> = self
                .parents
                .iter()
                .filter(|(key, &above)| above == parent || key.0 == parent)
                .map(|(&key, _)| key)
                .collect();
            for key in below {
                self.parents.remove(&key);
                self.cpu_seen.remove(&key);
                self.unseen_children.remove(&key);
                self.alive.remove(&key);
                if key.0 != parent {
                    gone.push(key.0);
                }
            }
        }
    }

    /// The CPU time of the run's orphans the judge reaped, in microseconds: with the first
    /// process's own `wait4` figure, the run's whole by the kernel's rusage (the two reaped
    /// disjoint sets of processes).
    pub fn reaped_micros(&self) -> u64 {
        self.reaped_micros
    }

    /// Whether `process` holds the first process's pid but is not it (started at another
    /// time): the first was reaped and its pid given to a process that is not the run's.
    fn is_reused_first(&self, process: &Process) -> bool {
        process.pid == self.first
            && self
                .first_start
                .is_some_and(|start| process.start_ticks != start)
    }

    /// Reads the scheduler statistics of the threads of a member process.
    fn read_sched(&mut self, process: &Process) {
        self.read_sched_of(
            process.pid,
            process.start_ticks,
            process.threads,
            process.runnable,
        );
    }

    /// Reads the scheduler statistics of the threads of process `pid`, which started at
    /// `start_ticks`, has `threads` threads and whose leader is `runnable` or not.
    fn read_sched_of(&mut self, pid: i32, start_ticks: u64, threads: u64, runnable: bool) {
        if self.sched_unreadable {
            return;
        }
        let store = &mut self.threads;
        let readable = idle::read_threads(pid, threads, runnable, |tid, sched, runnable| {
            store.record((pid, start_ticks, tid), sched, runnable)
        });
        self.sched_unreadable = !readable;
    }

    /// The scheduler statistics of every thread of the run seen so far, summed; `None` where
    /// they cannot be read.
    pub fn sched(&self) -> Option<Sched> {
        (!self.sched_unreadable).then(|| self.threads.total())
    }

    /// What the readings of the run's threads showed since the last call.
    pub fn take_look(&mut self) -> idle::LookSeen {
        self.threads.take_look()
    }

    /// Reads the first process's statistics one last time: called when it has ended but is not
    /// yet reaped (a zombie keeps them; only its main thread is left), so that its last
    /// milliseconds count too.
    pub fn last_look_at_first(&mut self) {
        if let Some(start) = self.first_start {
            self.read_sched_of(self.first, start, 1, false);
        }
    }

    /// Kills every process of the run, again and again until none is left (a process may fork
    /// while its siblings die), reaping those that were the judge's children (orphans it
    /// adopted). Gives up after `rounds` rounds; returns whether none was left.
    pub fn kill_all(&mut self, cgroup: Option<&Cgroup>, rounds: usize) -> bool {
        self.kill(cgroup, rounds, false)
    }

    /// As `kill_all`, sparing a box's judge copies (see `kill_below_copies`), which end by
    /// themselves once the program has: only the program's processes are killed. Returns
    /// whether none of those was left.
    pub fn kill_all_but_copies(&mut self, cgroup: Option<&Cgroup>, rounds: usize) -> bool {
        self.kill(cgroup, rounds, true)
    }

    fn kill(&mut self, cgroup: Option<&Cgroup>, rounds: usize, spare_copies: bool) -> bool {
        let spare_copies = spare_copies && self.judge_copies > 0;
        for round in 0..rounds {
            let copies = match spare_copies {
                true => self.copy_pids(),
                false => Vec::new(),
            };
            if spare_copies {
                // Not the cgroup at once, nor the run's process group: both hold the init.
                kill_below_copies(self.first, self.judge_copies);
            } else {
                // The whole cgroup at once, where the kernel can (a fork bomb cannot outrun
                // it).
                if let Some(cgroup) = cgroup {
                    cgroup.kill_all();
                }
                // The run's process group, unless its id went to a process of another run.
                let reused =
                    read_process(self.first).is_some_and(|first| self.is_reused_first(&first));
                if !reused {
                    sys::kill_now(-self.first);
                }
            }
            let (mut left, pids) = self.scan_pids(cgroup);
            for &pid in pids.iter().filter(|pid| !copies.contains(pid)) {
                sys::kill_now(pid);
            }
            let spared = pids.iter().filter(|pid| copies.contains(pid)).count();
            left.processes = left.processes.saturating_sub(spared);
            self.reap_adopted();
            if left.processes == 0 {
                return true;
            }
            if round > 2 {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        }
        false
    }

    /// The pids of the box's judge copies now: the first process, and without root the init
    /// it made (its child).
    fn copy_pids(&self) -> Vec<i32> {
        let mut copies = vec![self.first];
        if self.judge_copies > 1 {
            copies.extend(children(self.first as u32).unwrap_or_default());
        }
        copies
    }

    /// Reaps the members that ended as children of the judge (orphans it adopted as a
    /// subreaper), so no zombie is left.
    fn reap_adopted(&self) {
        for &pid in self.known.keys() {
            if pid != self.first {
                sys::reap_if_ended(pid);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Once the first process is reaped, its pid may go to a process of another run: a process
    /// at that pid that started at another time is not the run's, and killing the run leaves
    /// it alone (here, a live `sleep` stands for it: the run's first is said to have started
    /// at another time).
    #[test]
    fn a_process_that_took_the_first_ones_pid_is_not_the_runs() {
        let mut other = std::process::Command::new("sleep")
            .arg("30")
            .spawn()
            .expect("sleep runs");
        let pid = other.id() as i32;
        let mut members = Members::new(pid, "first-pid-reused", 0);
        let started = read_process(pid).expect("sleep is there").start_ticks;
        members.first_start = Some(started + 1);
        assert_eq!(members.scan(None).processes, 0);
        assert!(members.kill_all(None, 3));
        assert!(
            other.try_wait().unwrap().is_none(),
            "the other run's process was killed"
        );
        // Said to be the first itself, it is the run's, and killed with it.
        members.first_start = Some(started);
        assert_eq!(members.scan(None).processes, 1);
        assert!(members.kill_all(None, 50));
        let status = other.wait().unwrap();
        assert!(!status.success());
    }
}
