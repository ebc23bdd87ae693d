//! Idle time, what the wall bound counts: the time a case was neither running nor waiting for a
//! CPU, so that a program the machine starved is judged by its CPU time alone while a sleeper
//! or a deadlock is still stopped.
//!
//! The kernel keeps, per thread, the time it ran and the time it waited on a run queue
//! (`/proc/PID/schedstat`, in ns). A case's busy time comes from the sum of both over every
//! thread of every process of the case seen so far, each thread's last reading kept once it is
//! gone (a reaped process's statistics go with it). Summed over threads, it can outgrow the
//! wall time: threads that wait for one CPU side by side each count their wait (250 threads
//! that wake together and spin 20 µs wait 0.6 s between them, for 5 ms of CPU time). So the
//! case's time is handed out look by look (a [`Ledger`]): between two looks, the case is busy
//! for at most the time that passed, and idle for what its busy time leaves of it.
//!
//! The kernel adds a wait to a thread's count only when the thread gets a CPU, so a wait that
//! spans a look is reported late, all at once. Reported busy time beyond the time since the
//! last look may therefore claim back the idle time of earlier looks, but only as far back as
//! the run's own previous look less the longest wait a single thread reported (a wait reported
//! now ended after that look, so it began at most its own length before it): a starved
//! program is not idle, and the 250 threads above win back a few milliseconds a wake-up, not
//! seconds. A case is never stopped earlier than by wall time; where the statistics cannot be
//! read, idle time is not measured and the wall bound counts wall time. Threads that run side
//! by side are busy together, not twice: their CPU time limit bounds what they do, the
//! real-time backstop (`Limits::wall_backstop`) the rest.
//!
//! The runs of one case (an interactive program and its interactor) share an [`Activity`]: the
//! case is busy while either side is, so neither is idle while the other computes. The judge's
//! own threads that work for a case (the relay between the two sides, a built-in opponent, the
//! readers of a run's output) count as the case's threads too: a program waiting for its next
//! line while the judge's relay waits for a CPU is not idle.

use super::Stop;
use crate::limits::Limits;
use std::collections::HashMap;
use std::fs::File;
use std::io::{self, Read};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// One thread's scheduler statistics, or their sum over threads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sched {
    /// Time on a CPU.
    pub run: Duration,
    /// Time runnable but waiting on a run queue for a CPU.
    pub wait: Duration,
}

impl Sched {
    /// Reads a `schedstat` line: `RUN_NS WAIT_NS TIMESLICES`; `None` if it is not one.
    pub fn parse(text: &str) -> Option<Sched> {
        let mut fields = text.split_whitespace().map(str::parse::<u64>);
        let run = fields.next()?.ok()?;
        let wait = fields.next()?.ok()?;
        fields.next()?.ok()?;
        Some(Sched {
            run: Duration::from_nanos(run),
            wait: Duration::from_nanos(wait),
        })
    }
}

/// Whether this kernel keeps per-thread scheduler statistics (CONFIG_SCHED_INFO; without it
/// `/proc/PID/schedstat` is missing, or reads `0 0 0`), asked once: the judge reads its own,
/// and it has surely run at least one timeslice.
pub fn available() -> bool {
    static AVAILABLE: OnceLock<bool> = OnceLock::new();
    *AVAILABLE.get_or_init(|| {
        std::fs::read_to_string("/proc/self/schedstat").is_ok_and(|text| {
            text.split_whitespace()
                .nth(2)
                .and_then(|slices| slices.parse::<u64>().ok())
                .is_some_and(|slices| slices > 0)
        })
    })
}

/// What reading one `schedstat` file gave.
#[derive(Debug)]
enum Reading {
    Stats(Sched),
    /// The thread or process ended (its statistics went with it).
    Gone,
    /// It is there but cannot be read (permissions, an odd kernel).
    Unreadable,
}

fn read_file(path: &str) -> Reading {
    let mut buffer = [0u8; 128];
    let read = File::open(path).and_then(|mut file| file.read(&mut buffer));
    match read {
        Ok(length) => std::str::from_utf8(&buffer[..length])
            .ok()
            .and_then(Sched::parse)
            .map_or(Reading::Unreadable, Reading::Stats),
        Err(error) if gone(&error) => Reading::Gone,
        Err(_) => Reading::Unreadable,
    }
}

/// Whether an error reading /proc says that the process or thread is gone.
fn gone(error: &io::Error) -> bool {
    const NO_SUCH_PROCESS: i32 = 3; // ESRCH
    error.kind() == io::ErrorKind::NotFound || error.raw_os_error() == Some(NO_SUCH_PROCESS)
}

/// Reads the statistics of every thread of process `pid`, which has `threads` threads (from its
/// `stat`), handing each to `found` with its thread id and whether it is runnable now (running
/// or on a run queue: state `R`; `leader_runnable`, from the process's own `stat`, for a
/// process of one thread). A process of one thread is read from `/proc/PID/schedstat` (its only
/// thread is its leader, whose id is its pid), one of more from `/proc/PID/task/*/schedstat` and
/// `stat`. Returns false if something there could not be read; threads and processes that ended
/// meanwhile are no failure.
pub fn read_threads(
    pid: i32,
    threads: u64,
    leader_runnable: bool,
    mut found: impl FnMut(i32, Sched, bool),
) -> bool {
    if threads <= 1 {
        return match read_file(&format!("/proc/{pid}/schedstat")) {
            Reading::Stats(sched) => {
                found(pid, sched, leader_runnable);
                true
            }
            Reading::Gone => true,
            Reading::Unreadable => false,
        };
    }
    let tasks = match std::fs::read_dir(format!("/proc/{pid}/task")) {
        Ok(tasks) => tasks,
        Err(error) => return gone(&error),
    };
    let mut readable = true;
    for task in tasks.flatten() {
        let Some(tid) = task.file_name().to_str().and_then(|tid| tid.parse().ok()) else {
            continue;
        };
        match read_file(&format!("/proc/{pid}/task/{tid}/schedstat")) {
            Reading::Stats(sched) => found(
                tid,
                sched,
                runnable(&format!("/proc/{pid}/task/{tid}/stat")),
            ),
            Reading::Gone => {}
            Reading::Unreadable => readable = false,
        }
    }
    readable
}

/// Whether the thread whose `stat` file is at `path` is runnable now (state `R`: on a CPU or
/// waiting for one); false if it cannot be read.
pub fn runnable(path: &str) -> bool {
    let mut buffer = [0u8; 512];
    let Ok(length) = File::open(path).and_then(|mut file| file.read(&mut buffer)) else {
        return false;
    };
    let line = &buffer[..length];
    // The state follows the command name, which may hold parentheses: after the last `) `.
    line.iter()
        .rposition(|&byte| byte == b')')
        .and_then(|close| line.get(close + 2))
        .is_some_and(|&state| state == b'R')
}

/// A thread of a run: its process (pid and start time, so a reused pid is another process) and
/// its thread id.
pub type ThreadKey = (i32, u64, i32);

/// The last statistics seen of every thread of a run, alive or not.
#[derive(Debug, Default)]
pub struct Threads {
    last: HashMap<ThreadKey, Sched>,
    /// What the readings since `take_look` was last called showed.
    look: LookSeen,
}

/// What the readings of a run's threads at one look showed, beyond their sums.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LookSeen {
    /// The longest wait one thread reported since the look before.
    pub longest_wait: Duration,
    /// Whether a thread was runnable (on a CPU or waiting for one) when it was read.
    pub runnable: bool,
}

impl Threads {
    /// Keeps the newest reading of a thread (its counts only grow), noting how much its wait
    /// grew since the one before and whether it is runnable now.
    pub fn record(&mut self, thread: ThreadKey, sched: Sched, runnable: bool) {
        let before = self.last.insert(thread, sched).unwrap_or_default();
        self.look.longest_wait = self
            .look
            .longest_wait
            .max(sched.wait.saturating_sub(before.wait));
        self.look.runnable |= runnable;
    }

    /// The sum over every thread seen.
    pub fn total(&self) -> Sched {
        self.last
            .values()
            .fold(Sched::default(), |sum, sched| Sched {
                run: sum.run + sched.run,
                wait: sum.wait + sched.wait,
            })
    }

    /// What the readings since the last call showed (see [`Ledger`]).
    pub fn take_look(&mut self) -> LookSeen {
        std::mem::take(&mut self.look)
    }
}

/// What a run's threads told at one look: their run and wait times summed (as they only grow,
/// so far), and what the readings showed.
#[derive(Clone, Copy, Debug, Default)]
pub struct Look {
    pub run: Duration,
    pub wait: Duration,
    pub seen: LookSeen,
}

impl Look {
    /// The busy time these threads are counted since the look before, given that they ran
    /// `run` and waited `wait` more meanwhile: their waits summed where one of them (or of the
    /// other threads the case is counted with) is runnable now, else the longest wait of one
    /// thread alone. Threads that wait side by side for one CPU wait together; where none is
    /// runnable at a look, the case was seen idle there, and the odds that a look finds it so
    /// are the share of the time it was idle.
    fn busy(run: Duration, wait: Duration, seen: LookSeen) -> Duration {
        run + match seen.runnable {
            true => wait,
            false => wait.min(seen.longest_wait),
        }
    }
}

/// How many of the latest intervals between looks keep their idle time open to a late wait
/// (at a look every 10 ms, more than 20 s of them; an older one is settled).
const RECENT_KEPT: usize = 2048;

/// A case's time handed out look by look: each interval between two looks is busy for at most
/// its length, idle for the rest; busy time reported beyond an interval's length (a wait the
/// kernel reported late) claims back the idle time of recent intervals, newest first, but none
/// that ended at or before `reach` (see the module's notes).
#[derive(Debug, Default)]
struct Ledger {
    /// The case's time up to which it was handed out; `None` before the first look.
    until: Option<Duration>,
    /// The latest intervals, oldest first: (where each ended, its idle time).
    recent: std::collections::VecDeque<(Duration, Duration)>,
    /// The idle time of every interval, the settled ones and the latest.
    idle: Duration,
}

impl Ledger {
    /// Hands out the case's time from the last look (or `from`, at the first) to `now`, in
    /// which `busy` more was reported: late busy time may claim idle time back as far as
    /// `reach`.
    fn advance(&mut self, from: Duration, now: Duration, busy: Duration, reach: Duration) {
        let until = *self.until.get_or_insert(from);
        let span = now.saturating_sub(until);
        let late = busy.saturating_sub(span);
        if !span.is_zero() {
            self.push(now, span - busy.min(span));
        }
        let mut late = late;
        for (end, idle) in self.recent.iter_mut().rev() {
            if late.is_zero() || *end <= reach {
                break;
            }
            let back = late.min(*idle);
            *idle -= back;
            self.idle -= back;
            late -= back;
        }
        self.until = Some(until.max(now));
    }

    fn push(&mut self, end: Duration, idle: Duration) {
        self.recent.push_back((end, idle));
        self.idle += idle;
        if self.recent.len() > RECENT_KEPT {
            self.recent.pop_front();
        }
    }
}

/// The case's account of busy and idle time, shared by its runs and the judge's threads that
/// work for it. A run whose statistics cannot be read makes the whole case unmeasured.
#[derive(Debug)]
pub struct Activity {
    /// When the account was opened: the case's times count from here.
    origin: Instant,
    ledger: Mutex<Ledger>,
    unmeasured: AtomicBool,
    /// The judge's threads that work for the case, by thread id, with their last reading (kept
    /// once the thread is gone).
    helpers: Mutex<HashMap<i32, Helper>>,
    /// What the judge's threads were counted to have run and waited so far (less what they
    /// looked in vain): the sides of the case, then the readers of output.
    helpers_counted: Mutex<[Sched; 2]>,
}

/// One of the judge's threads that works for a case.
#[derive(Debug, Default)]
struct Helper {
    /// A reader of a run's output, rather than a side of the case the program waits on.
    reader: bool,
    /// Its last reading.
    last: Sched,
    /// The time it spent looking for more to do and finding none (ns), told by the thread.
    in_vain: Arc<AtomicU64>,
}

/// What a thread of the judge that works for a case tells of its time: see
/// [`Activity::count_this_thread`].
#[derive(Clone, Debug, Default)]
pub struct HelperTime {
    in_vain: Arc<AtomicU64>,
}

impl HelperTime {
    /// Notes that the thread spent `looked` looking for more to do and found none (the relay
    /// polls a moment before it sleeps): the judge's choice, not the case's work, so not busy.
    /// A program that writes a byte now and then would otherwise keep a looking relay, and so
    /// its case, from ever being idle.
    pub fn looked_in_vain(&self, looked: Duration) {
        let nanos = u64::try_from(looked.as_nanos()).unwrap_or(u64::MAX);
        self.in_vain.fetch_add(nanos, Ordering::Relaxed);
    }
}

impl Activity {
    /// A fresh account, for the runs of one case.
    pub fn new() -> Arc<Activity> {
        Arc::new(Activity {
            origin: Instant::now(),
            ledger: Mutex::new(Ledger::default()),
            unmeasured: AtomicBool::new(false),
            helpers: Mutex::new(HashMap::new()),
            helpers_counted: Mutex::new([Sched::default(); 2]),
        })
    }

    /// Counts the calling thread of the judge (a relay, a built-in opponent) as one of the
    /// case's threads: while it runs or waits for a CPU, the case is not idle. Where the
    /// thread's id cannot be told, it is not counted. The thread tells through what this returns
    /// how long it looked for work in vain.
    pub fn count_this_thread(&self) -> HelperTime {
        self.count_helper(false)
    }

    /// Counts the calling thread of the judge, a reader of a run's output, as one of the case's
    /// threads, but for no more than the runs' own CPU time meanwhile: a program whose output
    /// waits for a starved reader is not idle, yet a program that floods a pipe while it sleeps
    /// (`vmsplice` of a megabyte costs it less than the reader's copy) buys no more busy time
    /// than it spends.
    pub fn count_this_reader(&self) {
        self.count_helper(true);
    }

    fn count_helper(&self, reader: bool) -> HelperTime {
        let Some(tid) = super::cgroup::thread_id().and_then(|id| id.parse().ok()) else {
            return HelperTime::default();
        };
        let Ok(mut helpers) = self.helpers.lock() else {
            return HelperTime::default();
        };
        let helper = helpers.entry(tid).or_default();
        helper.reader = reader;
        HelperTime {
            in_vain: Arc::clone(&helper.in_vain),
        }
    }

    /// What the judge's threads that work for the case ran and waited since the last call, read
    /// now, less the time they looked in vain, and what the readings showed. The time looked in
    /// vain is taken from the clock and a thread's wait reaches its statistics only when it gets
    /// a CPU, so it can run ahead of them: it is taken off that thread's own time only, never
    /// off another's (a built-in opponent starved on a busy machine stays busy); what was
    /// counted before it was told stays counted, and the thread's next time makes up for it.
    fn helpers_more(&self) -> [Look; 2] {
        let Ok(mut helpers) = self.helpers.lock() else {
            return [Look::default(); 2];
        };
        // The sides of the case (a relay, an opponent), then the readers of output.
        let mut total = [Sched::default(); 2];
        let mut seen = [LookSeen::default(); 2];
        for (tid, helper) in helpers.iter_mut() {
            let kind = usize::from(helper.reader);
            if let Reading::Stats(sched) = read_file(&format!("/proc/self/task/{tid}/schedstat")) {
                seen[kind].longest_wait = seen[kind]
                    .longest_wait
                    .max(sched.wait.saturating_sub(helper.last.wait));
                seen[kind].runnable |= runnable(&format!("/proc/self/task/{tid}/stat"));
                helper.last = sched;
            }
            // What it looked in vain comes off its run time first (it spun), then its wait.
            let in_vain = Duration::from_nanos(helper.in_vain.load(Ordering::Relaxed));
            let run = helper.last.run.saturating_sub(in_vain);
            let wait = helper
                .last
                .wait
                .saturating_sub(in_vain.saturating_sub(helper.last.run));
            total[kind].run += run;
            total[kind].wait += wait;
        }
        let Ok(mut counted) = self.helpers_counted.lock() else {
            return [Look::default(); 2];
        };
        std::array::from_fn(|kind| {
            let more = Look {
                run: total[kind].run.saturating_sub(counted[kind].run),
                wait: total[kind].wait.saturating_sub(counted[kind].wait),
                seen: seen[kind],
            };
            counted[kind].run = counted[kind].run.max(total[kind].run);
            counted[kind].wait = counted[kind].wait.max(total[kind].wait);
            more
        })
    }
}

impl Activity {
    /// How long the judge's threads that work for the case waited for a CPU, as last read.
    fn helpers_wait(&self) -> Duration {
        let Ok(helpers) = self.helpers.lock() else {
            return Duration::ZERO;
        };
        helpers.values().map(|helper| helper.last.wait).sum()
    }
}

/// One run's part in an [`Activity`].
pub struct Part {
    activity: Arc<Activity>,
    /// When the run started, in the case's time.
    start: Duration,
    /// The run's run and wait times handed to the case so far.
    added: Sched,
    /// The case's time at the run's previous look.
    last_look: Option<Duration>,
}

impl Part {
    /// The part of a run that started at `started`.
    pub fn new(activity: Arc<Activity>, started: Instant) -> Part {
        let start = started.saturating_duration_since(activity.origin);
        Part::starting_at(activity, start)
    }

    fn starting_at(activity: Arc<Activity>, start: Duration) -> Part {
        Part {
            activity,
            start,
            added: Sched::default(),
            last_look: None,
        }
    }

    /// Hands what the run's threads told at a look (`None`: they cannot be measured) to the case
    /// at `elapsed` of this run, and returns the case's idle time, `None` if not measured.
    pub fn idle(&mut self, elapsed: Duration, look: Option<Look>) -> Option<Duration> {
        let Some(look) = look else {
            self.activity.unmeasured.store(true, Ordering::Relaxed);
            return None;
        };
        if self.activity.unmeasured.load(Ordering::Relaxed) {
            return None;
        }
        let more_run = look.run.saturating_sub(self.added.run);
        let more_wait = look.wait.saturating_sub(self.added.wait);
        self.added.run = self.added.run.max(look.run);
        self.added.wait = self.added.wait.max(look.wait);
        let [helpers, readers] = self.activity.helpers_more();
        // A runnable thread of the run or of the judge's for the case: the case is busy now.
        let runnable = look.seen.runnable || helpers.seen.runnable || readers.seen.runnable;
        let seen = |own: LookSeen| LookSeen { runnable, ..own };
        // A reader of output is busy for the case no longer than the run's own CPU time.
        let reading = Look::busy(readers.run, readers.wait, seen(readers.seen)).min(more_run);
        let busy = Look::busy(more_run, more_wait, seen(look.seen))
            + Look::busy(helpers.run, helpers.wait, seen(helpers.seen))
            + reading;
        let longest_wait = look
            .seen
            .longest_wait
            .max(helpers.seen.longest_wait)
            .max(readers.seen.longest_wait);
        let now = self.start + elapsed;
        let mut ledger = self.activity.ledger.lock().ok()?;
        let looked = self
            .last_look
            .unwrap_or(self.start)
            .min(ledger.until.unwrap_or(self.start));
        let reach = looked.saturating_sub(longest_wait);
        ledger.advance(self.start, now, busy, reach);
        self.last_look = Some(now);
        Some(ledger.idle)
    }

    /// How long the judge's threads that work for the case (a relay, a built-in opponent)
    /// waited for a CPU, as last read by [`Part::idle`]: a side waiting on them waited for a
    /// CPU too.
    pub fn helpers_wait(&self) -> Duration {
        self.activity.helpers_wait()
    }
}

/// Whether time has run out for a run that has lasted `elapsed` and was idle for `idle`: idle
/// time past the wall bound (wall time, where idle time is not measured) is `WallTime`; real
/// time past the backstop, however busy, is `Backstop`.
pub fn time_out(elapsed: Duration, idle: Option<Duration>, limits: &Limits) -> Option<Stop> {
    match idle {
        None if elapsed > limits.wall => Some(Stop::WallTime),
        Some(idle) if idle > limits.wall => Some(Stop::WallTime),
        Some(_) if elapsed > limits.wall_backstop() => Some(Stop::Backstop),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(millis: u64) -> Duration {
        Duration::from_millis(millis)
    }

    #[test]
    fn schedstat_lines_are_read_and_anything_else_is_not() {
        assert_eq!(
            Sched::parse("1500000000 250000000 42\n"),
            Some(Sched {
                run: ms(1500),
                wait: ms(250)
            })
        );
        for bad in ["", "1 2", "1 x 3", "-1 2 3"] {
            assert_eq!(Sched::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_threads_of_a_live_process_are_read_and_a_gone_one_is_no_failure() {
        if !available() {
            // Nothing to read on this kernel: every run is unmeasured.
            crate::test_skips::skip("needs schedstat", "no per-thread scheduler statistics");
            return;
        }
        let pid = std::process::id() as i32;
        let own: i32 = crate::process::cgroup::thread_id()
            .unwrap()
            .parse()
            .unwrap();
        let mut found = Vec::new();
        let every = |tid, sched, runnable| found.push((tid, sched, runnable));
        assert!(read_threads(pid, 2, false, every));
        assert!(
            found
                .iter()
                .any(|&(tid, sched, _)| tid == pid && sched.run > Duration::ZERO),
            "{found:?}"
        );
        // This thread, reading, is on a CPU: runnable.
        assert!(
            found
                .iter()
                .any(|&(tid, _, runnable)| tid == own && runnable),
            "{found:?}"
        );
        let mut leader = Vec::new();
        assert!(read_threads(pid, 1, true, |tid, _, runnable| leader
            .push((tid, runnable))));
        assert_eq!(leader, [(pid, true)]);
        // No process has this pid (above any pid_max).
        assert!(read_threads(i32::MAX, 1, false, |_, _, _| panic!("read")));
        assert!(read_threads(i32::MAX, 3, false, |_, _, _| panic!("read")));
    }

    /// A run's part in a fresh case, started when the case did.
    fn fresh_part() -> (Arc<Activity>, Part) {
        let activity = Activity::new();
        let part = Part::starting_at(Arc::clone(&activity), Duration::ZERO);
        (activity, part)
    }

    /// A look at `at` ms into the run whose threads' readings are `threads`.
    fn look(part: &mut Part, at: u64, threads: &mut Threads) -> Option<Duration> {
        let total = threads.total();
        part.idle(
            ms(at),
            Some(Look {
                run: total.run,
                wait: total.wait,
                seen: threads.take_look(),
            }),
        )
    }

    /// What a run whose threads ran `run` and waited `wait` so far tells at a look.
    fn told(run: Duration, wait: Duration, longest_wait: Duration, runnable: bool) -> Option<Look> {
        Some(Look {
            run,
            wait,
            seen: LookSeen {
                longest_wait,
                runnable,
            },
        })
    }

    /// A run that ran `run` so far and never waited.
    fn ran(run: Duration) -> Option<Look> {
        told(run, Duration::ZERO, Duration::ZERO, false)
    }

    /// Two readings of a run's threads, one second and three seconds in: a starved program
    /// (most of its time waiting for a CPU) is hardly idle, a sleeper is idle nearly all the
    /// time, and a thread that ended between the readings still counts with its last reading.
    #[test]
    fn idle_time_from_two_readings() {
        let reading = |line: &str| Sched::parse(line).unwrap();
        // A starved program: 0.3 s run and 0.6 s waited after 1 s; 0.9 s and 1.9 s after 3 s.
        let (_, mut part) = fresh_part();
        let mut starved = Threads::default();
        starved.record((100, 7, 100), reading("300000000 600000000 40"), true);
        assert_eq!(look(&mut part, 1000, &mut starved), Some(ms(100)));
        starved.record((100, 7, 100), reading("900000000 1900000000 120"), true);
        assert_eq!(look(&mut part, 3000, &mut starved), Some(ms(200)));
        assert_eq!(starved.total().wait, ms(1900));
        // A sleeper: 20 ms of run time and 1 ms waited, then nothing.
        let (_, mut part) = fresh_part();
        let mut sleeper = Threads::default();
        sleeper.record((200, 9, 200), reading("20000000 1000000 3"), false);
        assert_eq!(look(&mut part, 1000, &mut sleeper), Some(ms(979)));
        sleeper.record((200, 9, 200), reading("20000000 1000000 3"), false);
        assert_eq!(look(&mut part, 3000, &mut sleeper), Some(ms(2979)));
        // Two threads; the second ends after the first reading and is not read again.
        let (_, mut part) = fresh_part();
        let mut threads = Threads::default();
        threads.record((300, 5, 300), reading("100000000 0 1"), false);
        threads.record((300, 5, 301), reading("800000000 100000000 9"), false);
        assert_eq!(look(&mut part, 1000, &mut threads), Some(ms(0)));
        threads.record((300, 5, 300), reading("200000000 0 2"), false);
        assert_eq!(look(&mut part, 3000, &mut threads), Some(ms(1900)));
    }

    /// The sleeper of issue 46: it sleeps while 250 helpers, pinned to one CPU, wake together
    /// every 0.5 s and spin 20 µs each: 5 ms of run time, and 625 ms of waits between them (the
    /// last one 5 ms), more busy time than wall time. Looked at every 10 ms, a wake-up where no
    /// helper is runnable at the look counts its run and the longest single wait: 490 ms of
    /// every 500 are idle, so after 15 s the case was idle 14.7 s, where the sum said 0.
    /// Caught at every wake-up while its helpers still queue, each wins back only the interval
    /// before it (the waits reach 5 ms behind the previous look): 14.4 s.
    #[test]
    fn threads_that_wait_side_by_side_do_not_outgrow_the_wall_time() {
        for (caught, expected) in [(false, 14_700), (true, 14_400)] {
            let (_, mut part) = fresh_part();
            let (mut run, mut wait) = (Duration::ZERO, Duration::ZERO);
            let mut idle = None;
            for look in 1..=1500u64 {
                let wakes = look % 50 == 0;
                if wakes {
                    run += ms(5);
                    wait += ms(625);
                }
                let longest_wait = if wakes { ms(5) } else { Duration::ZERO };
                idle = part.idle(
                    ms(look * 10),
                    told(run, wait, longest_wait, wakes && caught),
                );
            }
            assert_eq!(idle, Some(ms(expected)), "caught: {caught}");
            assert!(run + wait > ms(15_000), "the sum would have hidden it");
        }
    }

    /// The attack the trials found: 50 threads on one CPU wake at every look (every 10 ms) and
    /// spin 3 µs each: 0.15 ms of run time and, summed, 12 ms of waits a look (the longest
    /// 0.3 ms), more than the look's 10 ms. Seen runnable at one look in ten (the wave is that
    /// short), the case counts 0.45 ms busy at nine looks, and at the tenth 12.15 ms, winning
    /// back 2.15 ms of the look before: 83.8 ms idle of every 100, 8.38 s after 10 s.
    #[test]
    fn waves_at_every_look_count_only_while_a_thread_is_seen_runnable() {
        let (_, mut part) = fresh_part();
        let (mut run, mut wait) = (Duration::ZERO, Duration::ZERO);
        let mut idle = None;
        for look in 1..=1000u64 {
            run += Duration::from_micros(150);
            wait += ms(12);
            let longest_wait = Duration::from_micros(300);
            idle = part.idle(ms(look * 10), told(run, wait, longest_wait, look % 10 == 0));
        }
        assert_eq!(idle, Some(ms(8380)));
    }

    /// A program starved of CPU: it waits 50 ms on the run queue, then runs 10 ms, again and
    /// again. The kernel tells each wait only when it ends (at the look that also sees the run),
    /// so five looks in a row see nothing but a runnable thread; the wait, 50 ms long, reaches
    /// back over them and wins their idle time back: the program is never idle (runnable or
    /// not at the look that tells it: a thread's own wait counts whole).
    #[test]
    fn a_wait_told_late_wins_back_the_time_it_spanned() {
        let (_, mut part) = fresh_part();
        let (mut run, mut wait) = (Duration::ZERO, Duration::ZERO);
        for look in 1..=600u64 {
            let tells = look % 6 == 0;
            if tells {
                run += ms(10);
                wait += ms(50);
            }
            let longest_wait = if tells { ms(50) } else { Duration::ZERO };
            let idle = part
                .idle(ms(look * 10), told(run, wait, longest_wait, !tells))
                .unwrap();
            match tells {
                true => assert_eq!(idle, Duration::ZERO, "at look {look}"),
                false => assert_eq!(idle, ms(10 * (look % 6)), "at look {look}"),
            }
        }
    }

    #[test]
    fn idle_time_is_shared_by_the_runs_of_a_case() {
        let activity = Activity::new();
        let mut program = Part::starting_at(Arc::clone(&activity), Duration::ZERO);
        let mut interactor = Part::starting_at(Arc::clone(&activity), Duration::ZERO);
        // The program computes for 2 s while the interactor waits for it.
        assert_eq!(program.idle(ms(2000), ran(ms(2000))), Some(ms(0)));
        assert_eq!(interactor.idle(ms(2000), ran(ms(0))), Some(ms(0)));
        // Then both wait for each other for 1.5 s.
        assert_eq!(program.idle(ms(3500), ran(ms(2000))), Some(ms(1500)));
        assert_eq!(interactor.idle(ms(3500), ran(ms(0))), Some(ms(1500)));
        // A run that cannot be measured makes the case unmeasured, for both.
        assert_eq!(interactor.idle(ms(3600), None), None);
        assert_eq!(program.idle(ms(3600), ran(ms(2100))), None);
    }

    /// Two runs looked at in turn, 5 ms apart: the program computes all the time, its
    /// interactor waits. A look by the interactor hands out 5 ms that the program's busy time,
    /// told at its own next look, wins back: the case is never idle for more than the 5 ms
    /// between two looks.
    #[test]
    fn busy_time_told_at_a_runs_own_look_counts_for_the_time_since_it() {
        let activity = Activity::new();
        let mut program = Part::starting_at(Arc::clone(&activity), Duration::ZERO);
        let mut interactor = Part::starting_at(Arc::clone(&activity), Duration::ZERO);
        for look in 1..=200u64 {
            let waiting = interactor.idle(ms(look * 10 - 5), ran(ms(0)));
            assert_eq!(waiting, Some(ms(5)), "at look {look}");
            let computing = program.idle(ms(look * 10), ran(ms(look * 10)));
            assert_eq!(computing, Some(ms(0)), "at look {look}");
        }
    }

    #[test]
    fn a_thread_of_the_judge_that_works_for_the_case_is_not_idle() {
        if !available() {
            // Nothing to read on this kernel.
            crate::test_skips::skip("needs schedstat", "no per-thread scheduler statistics");
            return;
        }
        let activity = Activity::new();
        let mut program = Part::starting_at(Arc::clone(&activity), Duration::ZERO);
        // The program has waited 1 s for its next line, while a thread of the judge computed
        // for 300 ms (and then waits to be let go).
        let helper = Arc::clone(&activity);
        let (computed, computing) = std::sync::mpsc::channel();
        let (let_go, go) = std::sync::mpsc::channel::<()>();
        let thread = std::thread::spawn(move || {
            helper.count_this_thread();
            let start = std::time::Instant::now();
            while start.elapsed() < ms(300) {}
            computed.send(()).unwrap();
            let _ = go.recv();
        });
        computing.recv().unwrap();
        let idle = program.idle(ms(1000), ran(ms(0))).unwrap();
        drop(let_go);
        thread.join().unwrap();
        // It ran (or waited for a CPU) for its 300 ms (a reading can lag by a clock tick).
        assert!(idle <= ms(800), "idle {idle:?}");
        // Let go, it ran a little more on its way out (more on a busy machine), and the kernel
        // may drop it a moment after the join: once it is gone, its last reading stays, so two
        // readings agree, and the case is no more idle than before.
        let start = std::time::Instant::now();
        let mut before = program.idle(ms(1000), ran(ms(0)));
        loop {
            std::thread::sleep(ms(20));
            let now = program.idle(ms(1000), ran(ms(0)));
            if now == before || start.elapsed() > ms(2000) {
                assert_eq!(now, before, "a gone thread's reading moved");
                break;
            }
            before = now;
        }
        assert!(before.unwrap() <= idle, "{before:?} after {idle:?}");
    }

    /// A reader of a run's output is busy for the case no longer than the run's own CPU time:
    /// one that copied for 300 ms while the program (sleeping, its pipe filled by `vmsplice`)
    /// ran for nothing leaves the case idle, where a relay that computed would not.
    #[test]
    fn a_reader_of_output_counts_no_longer_than_the_program_ran() {
        if !available() {
            crate::test_skips::skip("needs schedstat", "no per-thread scheduler statistics");
            return;
        }
        for (reader, ran_ms, most_idle_ms) in [(true, 0, 1000), (true, 250, 500), (false, 0, 750)] {
            let activity = Activity::new();
            let mut program = Part::starting_at(Arc::clone(&activity), Duration::ZERO);
            let (computed, computing) = std::sync::mpsc::channel();
            let (let_go, go) = std::sync::mpsc::channel::<()>();
            let helper = Arc::clone(&activity);
            let thread = std::thread::spawn(move || {
                match reader {
                    true => helper.count_this_reader(),
                    false => drop(helper.count_this_thread()),
                }
                let start = std::time::Instant::now();
                while start.elapsed() < ms(300) {}
                computed.send(()).unwrap();
                let _ = go.recv();
            });
            computing.recv().unwrap();
            let idle = program.idle(ms(1000), ran(ms(ran_ms))).unwrap();
            drop(let_go);
            thread.join().unwrap();
            // A reader's 300 ms count up to what the program ran (250 ms: 500 ms busy of 1000);
            // a relay's count whole (a reading can lag by a clock tick, so "at most").
            assert!(idle <= ms(most_idle_ms), "reader {reader}: idle {idle:?}");
            if reader {
                assert!(idle >= ms(most_idle_ms - 50), "reader: idle {idle:?}");
            }
        }
    }

    /// Time a thread of the judge says it looked in vain is taken off its own busy time only:
    /// told more than it has (the clock runs ahead of the statistics), it leaves the case's
    /// other helper, which computed, busy.
    #[test]
    fn time_looked_in_vain_is_taken_off_the_thread_that_looked_only() {
        if !available() {
            // Nothing to read on this kernel.
            crate::test_skips::skip("needs schedstat", "no per-thread scheduler statistics");
            return;
        }
        let activity = Activity::new();
        let mut program = Part::starting_at(Arc::clone(&activity), Duration::ZERO);
        let (computed, computing) = std::sync::mpsc::channel();
        let (let_looker_go, looker_go) = std::sync::mpsc::channel::<()>();
        let (let_worker_go, worker_go) = std::sync::mpsc::channel::<()>();
        let looker = Arc::clone(&activity);
        let looking = std::thread::spawn(move || {
            // It says it looked in vain for an hour, far more than it ran.
            looker.count_this_thread().looked_in_vain(ms(3_600_000));
            let _ = looker_go.recv();
        });
        let worker = Arc::clone(&activity);
        let working = std::thread::spawn(move || {
            worker.count_this_thread();
            let start = std::time::Instant::now();
            while start.elapsed() < ms(300) {}
            computed.send(()).unwrap();
            let _ = worker_go.recv();
        });
        computing.recv().unwrap();
        let idle = program.idle(ms(1000), ran(ms(0))).unwrap();
        drop(let_looker_go);
        drop(let_worker_go);
        looking.join().unwrap();
        working.join().unwrap();
        // The worker's 300 ms stay (a reading can lag by a clock tick).
        assert!(idle <= ms(800), "idle {idle:?}");
        // And the looker's own time is all gone, not below nothing.
        let looker_only = Activity::new();
        let mut alone = Part::starting_at(Arc::clone(&looker_only), Duration::ZERO);
        looker_only
            .count_this_thread()
            .looked_in_vain(ms(3_600_000));
        assert_eq!(alone.idle(ms(1000), ran(ms(0))), Some(ms(1000)));
    }

    #[test]
    fn the_wall_bound_counts_idle_time_and_the_backstop_real_time() {
        let limits = Limits::with_cpu(ms(1000)); // wall bound 3 s, backstop 63 s
        assert_eq!(limits.wall_backstop(), ms(63_000));
        let long = Limits::with_cpu(ms(10_000)); // wall bound 21 s, backstop 210 s
        assert_eq!(long.wall_backstop(), ms(210_000));
        // Starved: 60 s of real time, 0.5 s idle: it runs on.
        assert_eq!(time_out(ms(60_000), Some(ms(500)), &limits), None);
        // A sleeper: idle past the bound.
        assert_eq!(
            time_out(ms(3100), Some(ms(3050)), &limits),
            Some(Stop::WallTime)
        );
        // Starved for good: stopped at the backstop.
        assert_eq!(
            time_out(ms(63_100), Some(ms(500)), &limits),
            Some(Stop::Backstop)
        );
        // Not measured: wall time, as before.
        assert_eq!(time_out(ms(2900), None, &limits), None);
        assert_eq!(time_out(ms(3100), None, &limits), Some(Stop::WallTime));
    }
}
