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
pub mod conversation;
mod idle;
mod members;
mod pinning;
mod program;
mod regular_file;
pub mod sandbox;
mod session;
pub mod stop;
pub mod sys;

use crate::limits::{Limits, PastOutputCap};
use cgroup::Cgroup;
pub use idle::Activity;
pub use members::adopt_orphans;
use members::{Members, ACTIVE_RUNS, MARKER_VARIABLE};
pub use program::{executable_file, in_path, Program};
pub use regular_file::{entry_names, is_link_error, open_entry, open_folder, open_regular};
pub use session::{Session, Signals};
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The judge's last act, once no run is left: kills whatever adopted orphans remain (so nothing
/// a run started outlives the judge) and removes its pooled cgroups.
pub fn finish() {
    members::kill_adopted();
    cgroup::remove_pooled();
}

/// How a run's first process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    Exited(i32),
    Signaled(i32),
}

impl Termination {
    fn from_wait_status(status: i32) -> Termination {
        if status & 0x7f == 0 {
            Termination::Exited((status >> 8) & 0xff)
        } else {
            Termination::Signaled(status & 0x7f)
        }
    }
}

/// Why the judge killed a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    CpuTime,
    /// Idle time past the wall bound (wall time, where idle time is not measured).
    WallTime,
    /// Real time past the backstop (`Limits::wall_backstop`), however busy.
    Backstop,
    Memory,
    Output,
    /// The judge itself was told to stop (a signal, or its output closed).
    Interrupted,
    /// The caller asked (an interactive grader that has seen enough).
    Requested,
}

impl Stop {
    /// Why the judge stopped a helper (a validator) under `limits`, in words: what follows
    /// "the validator".
    pub fn said(self, limits: &Limits) -> String {
        match self {
            Stop::CpuTime => format!(
                "used more than the CPU time limit of {} ms",
                limits.cpu.as_millis()
            ),
            Stop::WallTime => format!(
                "was still running at the wall bound of {} ms (a hang?)",
                limits.wall.as_millis()
            ),
            Stop::Backstop => format!(
                "was still running at the real-time backstop of {} ms, however busy the machine",
                limits.wall_backstop().as_millis()
            ),
            Stop::Memory => format!(
                "went over the memory limit of {} MiB",
                limits.memory_bytes >> 20
            ),
            Stop::Output => format!(
                "wrote more than the output cap of {} bytes",
                limits.output_bytes
            ),
            Stop::Interrupted => "was stopped: the judge was told to stop".to_string(),
            Stop::Requested => "was stopped by the judge".to_string(),
        }
    }
}

/// What a run used, as the kernel counts it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    pub cpu: Duration,
    pub wall: Duration,
    /// How long its threads waited for a CPU (runnable, not running), summed over them and
    /// over the judge's threads that work for its case (a relay, a built-in opponent, a reader
    /// of its output), but at most the time its case was counted busy (see `idle`); zero where
    /// the kernel does not tell.
    pub cpu_wait: Duration,
    /// How long its case was idle: neither running nor waiting for a CPU (see `idle`), the most
    /// it was seen to be; `None` where that is not measured.
    pub idle: Option<Duration>,
    pub peak_memory_bytes: u64,
}

impl Usage {
    /// The time the wall bound counted: idle time, else wall time.
    pub fn counted_idle(&self) -> Duration {
        self.idle.unwrap_or(self.wall)
    }
}

/// How a run ended and what it used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ended {
    pub termination: Termination,
    /// Why the judge killed it, if it did (the first reason).
    pub stopped: Option<Stop>,
    pub usage: Usage,
}

/// Whether a run is the judge's own helper or a contestant's program or build (boxed, where
/// the sandbox is on).
#[derive(Clone, Debug)]
pub enum Trust {
    /// A checker, interactor, validator, generator or reference: the problem's own code.
    Helper,
    /// The program being judged.
    Contestant,
    /// The program being judged, on a case whose input files (this folder: a 2025-09 case's
    /// `NAME.files/`) are copied into its working folder for the run (see `case_files`).
    ContestantWithFiles(PathBuf),
    /// The build of a contestant's source: the compiler runs boxed as the program would, and
    /// may write in its build folder only (see `sandbox::BuildSpace`).
    Build(Arc<sandbox::BuildSpace>),
}

impl Trust {
    /// The program being judged, with the case's input files where it has some.
    pub fn contestant(files: Option<&Path>) -> Trust {
        match files {
            Some(folder) => Trust::ContestantWithFiles(folder.to_path_buf()),
            None => Trust::Contestant,
        }
    }
}

/// Where a run's stdin comes from.
pub enum Input<'a> {
    File(&'a Path),
    Pipe,
    Null,
}

/// What happens to a run's stdout and stderr.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outputs {
    /// Stdout is piped to the caller (`Running::stdout`); stderr's tail is kept.
    Piped,
    /// Stdout is piped to the caller; stderr is dropped.
    PipedQuiet,
    /// Stdout is kept up to the output cap, stderr's tail is kept (`execute`).
    Captured,
}

/// How much of stderr's end is kept.
pub const STDERR_TAIL_BYTES: usize = 2048;

/// The kill switch shared by the monitor, the output reader and the caller.
struct Control {
    first: i32,
    /// How many of the run's first processes are copies of the judge (a box's init, and the
    /// child that made it), spared by a stop: see `stop`.
    judge_copies: usize,
    /// Set by the monitor once the first process has ended (before it is reaped): from then on
    /// a stop kills nothing (the pid may be another's).
    first_ended: AtomicBool,
    stopped: Mutex<Option<Stop>>,
    /// The CPU time of the run so far, in microseconds, as the monitor last measured it.
    cpu_micros: AtomicU64,
}

impl Control {
    /// Records the reason (the first one counts) and kills the run's group at once; the monitor
    /// finishes the job for processes outside it. A stop never takes away a status the program
    /// already has: unboxed, the program's first process is the run's, and the kill of a process
    /// that has ended (not yet reaped) leaves its status as it was; in a box, the box's init
    /// (which tells that status) is spared, and only the program's processes are killed, so the
    /// init still tells how the program ended (on its own, or by the judge's kill) and exits.
    fn stop(&self, reason: Stop) {
        self.record(reason);
        if self.first_ended.load(Ordering::SeqCst) {
            return;
        }
        let spared =
            self.judge_copies > 0 && members::kill_below_copies(self.first, self.judge_copies);
        if !spared {
            sys::kill_now(-self.first);
        }
    }

    /// Records why the run was (or is being) stopped; the first reason counts.
    fn record(&self, reason: Stop) {
        if let Ok(mut stopped) = self.stopped.lock() {
            stopped.get_or_insert(reason);
        }
    }

    fn stopped(&self) -> Option<Stop> {
        self.stopped.lock().ok().and_then(|stopped| *stopped)
    }
}

/// Stops a run from anywhere, even after its `Running` was handed to a thread that waits.
#[derive(Clone)]
pub struct Stopper(Arc<Control>);

impl Stopper {
    /// Kills the run now, recording `reason` unless it was already stopped for another.
    pub fn stop(&self, reason: Stop) {
        self.0.stop(reason);
    }

    /// The run's CPU time so far, as its monitor last measured it (every few milliseconds).
    pub fn cpu_so_far(&self) -> Duration {
        Duration::from_micros(self.0.cpu_micros.load(Ordering::Relaxed))
    }
}

/// A started run.
pub struct Running {
    pub stdin: Option<ChildStdin>,
    pub stdout: Option<ChildStdout>,
    control: Arc<Control>,
    wall: Duration,
    monitor: Receiver<io::Result<Ended>>,
    stderr: Option<Receiver<Vec<u8>>>,
    waited: bool,
}

impl Drop for Running {
    /// A run nobody waited for is killed, and its monitor's clean-up (killing and reaping
    /// every process of the run) is waited for.
    fn drop(&mut self) {
        if !self.waited {
            self.control.stop(Stop::Requested);
            let _ = self.monitor.recv();
        }
    }
}

/// One run counted in `ACTIVE_RUNS` while this lives.
struct RunCount;

impl Drop for RunCount {
    fn drop(&mut self) {
        ACTIVE_RUNS.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A unique marker for each run of this judge.
fn next_marker() -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    format!(
        "{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

/// What a run's child does for itself between fork and exec: join a cgroup, enter a box (set
/// up by the sandbox), be pinned to a CPU.
struct ChildSteps<'a> {
    join: Option<&'a Cgroup>,
    boxed: bool,
    cpu: Option<usize>,
}

/// Sets up a command as every run is set up. The resource limits reach the child one of two
/// ways: where its child has steps of its own (see `ChildSteps`), it sets them
/// between fork and exec; else it is spawned without that step (a vfork-like spawn, far cheaper
/// than forking the judge) and inherits them, see `spawn`.
fn prepare(
    mut command: Command,
    stdin: Stdio,
    outputs: Outputs,
    marker: &str,
    limits: &Limits,
    steps: ChildSteps,
) -> Command {
    let ChildSteps { join, boxed, cpu } = steps;
    use std::os::unix::process::CommandExt;
    let stderr = match outputs {
        Outputs::PipedQuiet => Stdio::null(),
        Outputs::Piped | Outputs::Captured => Stdio::piped(),
    };
    command
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(stderr)
        .env(MARKER_VARIABLE, marker)
        .process_group(0);
    if join.is_some() || boxed || cpu.is_some() {
        sys::set_up_child(
            &mut command,
            sys::ChildSetup {
                cpu_seconds: cpu_backstop_seconds(limits),
                stack_bytes: limits.stack_bytes,
                join_cgroup: join.and_then(Cgroup::procs_file),
                cpu,
            },
        );
    }
    command
}

/// RLIMIT_CPU, a backstop: whole seconds past the limit, since the monitor stops a run first.
fn cpu_backstop_seconds(limits: &Limits) -> u64 {
    limits.cpu.as_secs() + 2
}

/// Spawns a prepared command. Without a step between fork and exec, the child inherits the
/// judge's own soft stack limit and core-dump limit, so those are set on the judge for the
/// spawn (one spawn at a time, as they are the judge's), and RLIMIT_CPU is set on the child
/// right after.
fn spawn(command: &mut Command, limits: &Limits, joins_by_itself: bool) -> io::Result<Child> {
    if joins_by_itself {
        return command.spawn();
    }
    static SPAWNING: Mutex<()> = Mutex::new(());
    let child = {
        let _one_at_a_time = SPAWNING
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        sys::limit_what_children_inherit(limits.stack_bytes);
        command.spawn()?
    };
    sys::limit_cpu_of(child.id() as i32, cpu_backstop_seconds(limits));
    Ok(child)
}

/// The run's stdin; a boxed run's input file is a sealed copy (see `sandbox::sealed_input`).
fn stdin_for(input: &Input, boxed: bool) -> io::Result<Stdio> {
    Ok(match input {
        Input::File(path) if boxed => Stdio::from(sandbox::sealed_input(path)?),
        Input::File(path) => Stdio::from(open_regular(path)?),
        Input::Pipe => Stdio::piped(),
        Input::Null => Stdio::null(),
    })
}

/// `ENOEXEC`: the kernel does not know how to run the file (a script without `#!`).
const EXEC_FORMAT_ERROR: i32 = 8;

impl Running {
    /// Starts `program` under `limits`, a case of its own, outside the sandbox (a helper the
    /// judge trusts, or a program the user plays against).
    pub fn start(
        program: &Program,
        limits: Limits,
        input: Input,
        outputs: Outputs,
    ) -> io::Result<Running> {
        Running::start_in(
            program,
            limits,
            input,
            outputs,
            Activity::new(),
            Trust::Helper,
        )
    }

    /// Starts `program` under `limits` as one of the runs of a case that share `activity` (an
    /// interactive program and its interactor): the case is idle only while none of them runs
    /// or waits for a CPU. A contestant's program runs in the sandbox, where it is on.
    pub fn start_in(
        program: &Program,
        limits: Limits,
        input: Input,
        outputs: Outputs,
        activity: Arc<Activity>,
        trust: Trust,
    ) -> io::Result<Running> {
        let marker = next_marker();
        let contestant = !matches!(trust, Trust::Helper);
        // A contestant's processes are bounded as its box bounds them (under cgroup v2).
        let cgroup = Cgroup::acquire(
            limits.memory_bytes,
            contestant.then_some(sandbox::MAX_PROCESSES),
        );
        // Counted from before the spawn until the monitor has cleaned up (or the spawn failed).
        ACTIVE_RUNS.fetch_add(1, Ordering::SeqCst);
        let counted = RunCount;
        let build = match &trust {
            Trust::Build(space) => Some(space.as_ref()),
            _ => None,
        };
        let boxed_input = contestant && sandbox::is_on();
        let stdin = stdin_for(&input, boxed_input)?;
        // A case's input files: copied into the box's working folder, or else into a fresh
        // folder of the run's own, where the program then runs (removed after the run).
        let case_files = match &trust {
            Trust::ContestantWithFiles(folder) => Some(case_files::CaseFiles::read(folder)?),
            _ => None,
        };
        let own_folder = match &case_files {
            Some(files) if !boxed_input => {
                let folder = crate::temp_folder::TempFolder::new("files")?;
                files.copy_into(&folder.dir).map_err(|error| {
                    io::Error::new(
                        error.kind(),
                        format!(
                            "cannot copy {} for the run: {error}",
                            files.folder.display()
                        ),
                    )
                })?;
                Some(folder)
            }
            _ => None,
        };
        // In a folder of its own, a program named by a relative path is named from the
        // judge's folder still; a command line's relative words are read from there, and one
        // that names no file there is said at once, not left to fail as the program's error.
        let absolute;
        let program = match (program, &own_folder) {
            (Program::Binary(path), Some(_)) if path.is_relative() => {
                absolute = Program::Binary(std::env::current_dir()?.join(path));
                &absolute
            }
            (Program::Shell(line), Some(folder)) => match clash(line, case_files.as_ref())
                .or_else(|| program.cannot_run_in(&folder.dir))
            {
                Some(why) => {
                    return Err(io::Error::new(
                        io::ErrorKind::NotFound,
                        format!(
                            "without the sandbox, a case with input files runs in a fresh \
                             folder of its own, where {why}: name the program's files by their \
                             full paths"
                        ),
                    ))
                }
                None => program,
            },
            _ => program,
        };
        // Spawned from inside the cgroup, so the child is born there; else it joins by itself.
        let entered = cgroup.as_ref().and_then(Cgroup::enter);
        let join = cgroup.as_ref().filter(|_| entered.is_none());
        let pinned = match limits.one_cpu {
            true => pinning::Pinned::take(),
            false => None,
        };
        let cpu = pinned.as_ref().map(|pinned| pinned.cpu);
        let by_itself = join.is_some() || contestant || cpu.is_some();
        let started = Instant::now();
        // Prepares and spawns one command; a contestant's in a box where the sandbox is on.
        let attempt = |command: Command, stdin: Stdio| {
            let mut command = prepare(
                command,
                stdin,
                outputs,
                &marker,
                &limits,
                ChildSteps {
                    join,
                    boxed: contestant,
                    cpu,
                },
            );
            if let Some(folder) = &own_folder {
                command.current_dir(&folder.dir);
            }
            let boxed = match contestant {
                true => sandbox::confine(
                    &mut command,
                    program,
                    limits.memory_bytes,
                    build,
                    limits.writable_folder,
                    case_files.as_ref(),
                )?,
                false => None,
            };
            let child = match &boxed {
                Some(boxed) if boxed.needs_pid_namespace() => {
                    sandbox::in_new_pid_namespace(|| spawn(&mut command, &limits, by_itself))?
                }
                _ => spawn(&mut command, &limits, by_itself),
            }?;
            io::Result::Ok((child, boxed.map(sandbox::Boxed::spawned)))
        };
        let spawned = match attempt(program.command(), stdin) {
            Err(error) if error.raw_os_error() == Some(EXEC_FORMAT_ERROR) => {
                match program.command_as_script() {
                    Some(script) => attempt(script, stdin_for(&input, boxed_input)?),
                    None => Err(error),
                }
            }
            other => other,
        };
        drop(entered);
        let (mut child, boxed) = spawned.map_err(|error| match contestant {
            true => sandbox::explained(error),
            false => error,
        })?;
        let first = child.id() as i32;
        // Needed only to read wait4's max RSS of an unboxed run, which a cgroup's count
        // replaces.
        let judge_peak = match (&cgroup, &boxed) {
            (None, None) => own_peak_memory(),
            _ => 0,
        };
        let control = Arc::new(Control {
            first,
            judge_copies: boxed.as_ref().map_or(0, sandbox::Boxed::judge_copies),
            first_ended: AtomicBool::new(false),
            stopped: Mutex::new(None),
            cpu_micros: AtomicU64::new(0),
        });
        let stderr = child.stderr.take().map(|stderr| {
            let (sender, receiver) = mpsc::channel();
            let reader_activity = Arc::clone(&activity);
            thread::spawn(move || {
                reader_activity.count_this_reader();
                let _ = sender.send(capture::read_tail(stderr, STDERR_TAIL_BYTES));
            });
            receiver
        });
        let (sender, monitor) = mpsc::channel();
        let watched = Arc::clone(&control);
        thread::spawn(move || {
            let ended = supervise(
                Watched {
                    first,
                    marker: &marker,
                    limits,
                    control: &watched,
                    cgroup: cgroup.as_ref(),
                    started,
                    judge_peak,
                    boxed: boxed.as_ref(),
                },
                idle::Part::new(activity, started),
            );
            drop(counted);
            // The run's own folder goes before the result is told: the judge may exit as soon
            // as it knows, and must leave nothing in the temporary folder.
            drop(own_folder);
            let _ = sender.send(ended);
            // The run is over and its processes are gone: the cgroup goes back to the pool
            // while the judge goes on, and the box is free for another run.
            drop(cgroup);
            drop(boxed);
            drop(pinned);
        });
        // `child` is dropped without a wait: the monitor reaps the first process by pid.
        Ok(Running {
            stdin: child.stdin.take(),
            stdout: child.stdout.take(),
            control,
            wall: limits.wall,
            monitor,
            stderr,
            waited: false,
        })
    }

    /// Kills the run now, recording `reason` unless it was already stopped for another.
    pub fn stop(&self, reason: Stop) {
        self.control.stop(reason);
    }

    /// A handle that can stop the run from another thread.
    pub fn stopper(&self) -> Stopper {
        Stopper(Arc::clone(&self.control))
    }

    /// Closes the run's stdin and waits for it to end (the monitor enforces the limits; the wait
    /// is bounded by the backstop), then for its stderr to close. Returns how it ended and the
    /// tail of its stderr.
    pub fn wait(self) -> io::Result<(Ended, Vec<u8>)> {
        self.finish()
            .map(|(ended, stderr_tail, _)| (ended, stderr_tail))
    }

    /// `wait`, with the deadline of reading the run's pipes.
    fn finish(mut self) -> io::Result<(Ended, Vec<u8>, PipeDeadline)> {
        self.stdin = None;
        self.waited = true;
        let ended = self.monitor.recv().map_err(|_| lost("the monitor"))??;
        let deadline = PipeDeadline::after(&ended, self.wall);
        let stderr_tail = match &self.stderr {
            None => Vec::new(),
            Some(receiver) => deadline.receive(receiver).unwrap_or_default(),
        };
        Ok((ended, stderr_tail, deadline))
    }
}

/// How long the judge still reads a pipe after everything it could find was killed.
const PIPE_GRACE: Duration = Duration::from_millis(200);

/// Until when the judge reads a run's pipes once the run has ended: while it waits for them the
/// case is idle, so until the wall bound of idle time (but at least `PIPE_GRACE`).
struct PipeDeadline {
    ended_at: Instant,
    deadline: Instant,
}

impl PipeDeadline {
    fn after(ended: &Ended, wall: Duration) -> PipeDeadline {
        let ended_at = Instant::now();
        let left = wall.saturating_sub(ended.usage.counted_idle());
        PipeDeadline {
            ended_at,
            deadline: ended_at + left.max(PIPE_GRACE),
        }
    }

    /// Waits for what a pipe reader sends until the deadline, or until the judge is told to
    /// stop.
    fn receive<T>(&self, receiver: &Receiver<T>) -> Option<T> {
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

fn lost(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::Other, format!("lost {what} of a run"))
}

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
struct Watched<'a> {
    first: i32,
    marker: &'a str,
    limits: Limits,
    control: &'a Control,
    cgroup: Option<&'a Cgroup>,
    started: Instant,
    judge_peak: u64,
    /// The box it runs in, if it does: its first process is the box's init, a copy of the
    /// judge, which tells how the program ended.
    boxed: Option<&'a sandbox::Boxed>,
}

/// Where a word of the command line `line` names a file or folder the case's files hold too
/// (`python3 sol.py` with a `sol.py` among them): why the run cannot go on. Without the sandbox
/// the run's folder holds the case's copy, which would silently run instead of the user's.
fn clash(line: &str, files: Option<&case_files::CaseFiles>) -> Option<String> {
    let names = files?.top_names();
    sandbox::words(line).into_iter().find_map(|word| {
        let name = word.strip_prefix("./").unwrap_or(&word);
        names.iter().any(|held| held == name).then(|| {
            format!(
                "the case's files hold {name}, which the command names too, and the case's copy would run instead"
            )
        })
    })
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
fn supervise(run: Watched, mut part: idle::Part) -> io::Result<Ended> {
    let Watched {
        first,
        marker,
        limits,
        control,
        cgroup,
        started,
        judge_peak,
        boxed,
    } = run;
    let end = EndOfFirst::watch(first);
    let mut members = Members::new(first, marker, boxed.map_or(0, sandbox::Boxed::judge_copies));
    let ticks = sys::clock_ticks_per_second();
    let mut usage = Usage::default();
    let mut interval = Duration::from_millis(1);
    // The most idle the case was seen to be: what the bound was checked against (idle time can
    // fall back a little, when a wait the kernel counts late or the judge's threads' work at
    // the end comes in).
    let mut most_idle = None;
    // The most the run's cgroup was charged at a look: its peak where the kernel keeps none.
    let mut most_charged = 0;
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
        usage.cpu = usage
            .cpu
            .max(Duration::from_millis(now.cpu_ticks * 1000 / ticks));
        // With a cgroup, the kernel's charge is the measure (and the kernel enforces the limit:
        // resident pages of shared libraries charged elsewhere do not count twice); without one,
        // the resident memory of the run's processes summed.
        let charged = cgroup.map(Cgroup::usage_bytes);
        most_charged = most_charged.max(charged.unwrap_or(0));
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
        let elapsed = started.elapsed();
        let idle = part.idle(elapsed, look_at(&usage, now.sched, now.look));
        most_idle = idle.max(most_idle).filter(|_| idle.is_some());
        let reason = if stop::received_signal().is_some() {
            Some(Stop::Interrupted)
        } else if usage.cpu > limits.cpu {
            Some(Stop::CpuTime)
        } else if let Some(out) = idle::time_out(elapsed, idle, &limits) {
            Some(out)
        } else if usage.peak_memory_bytes > limits.memory_bytes {
            Some(Stop::Memory)
        } else {
            None
        };
        if let Some(reason) = reason {
            control.stop(reason);
        }
        if control.stopped().is_some() {
            let stopped_at = *stopped_at.get_or_insert_with(Instant::now);
            match boxed.is_some() && stopped_at.elapsed() < INIT_GRACE {
                true => members.kill_all_but_copies(cgroup, 1),
                false => members.kill_all(cgroup, 1),
            };
        }
        interval = (interval * 2).min(Duration::from_millis(10));
    };
    control.first_ended.store(true, Ordering::SeqCst);
    let wall = started.elapsed();
    members.kill_all(cgroup, 500);
    usage.wall = wall;
    let told = boxed.and_then(sandbox::Boxed::told);
    // By rusage: the first process and what it reaped (in a box, every process of the box: its
    // init reaps them all), and the orphans the judge reaped.
    let reaped_cpu =
        Duration::from_micros(reaped.user_micros + reaped.system_micros + members.reaped_micros());
    // What polling saw only enforced the limits during the run: the figures come from one
    // source, the best there is.
    match (cgroup, told) {
        // The cgroup's: the kernel's counts of the run alone.
        (Some(cgroup), _) => {
            usage.cpu = cgroup.cpu_time().unwrap_or(usage.cpu.max(reaped_cpu));
            usage.peak_memory_bytes = cgroup.peak_bytes().unwrap_or(most_charged);
            if cgroup.oom_killed() {
                control.record(Stop::Memory);
            }
        }
        // A box without a cgroup: its init's rusage holds every process of the box. Its max
        // RSS is the largest of any one process, and counts what the program held before it
        // exec'd (a copy of the init, its pages mostly shared with the judge): past that (and
        // the few pages the exec itself touches) it is the program's. A run the judge killed
        // may have lost a process's count with its reaper, so polling's counts too.
        (None, Some(told)) => {
            usage.cpu = match control.stopped() {
                None => reaped_cpu,
                Some(_) => usage.cpu.max(reaped_cpu),
            };
            let before_exec = told.exec_peak_bytes.unwrap_or(u64::MAX);
            if told.reaped_peak_bytes > before_exec.saturating_add(EXEC_PAGES_BYTES) {
                usage.peak_memory_bytes = usage.peak_memory_bytes.max(told.reaped_peak_bytes);
            }
        }
        // A box whose init did not tell (killed): what polling and rusage saw.
        (None, None) if boxed.is_some() => usage.cpu = usage.cpu.max(reaped_cpu),
        // Unboxed, without a cgroup: orphans may have been reaped by anyone, so what polling
        // saw counts too. wait4's max RSS counts the judge's own peak too (the child was a
        // copy of the judge until it exec'd): it speaks for the program only when it is above
        // that.
        (None, None) => {
            usage.cpu = usage.cpu.max(reaped_cpu);
            if reaped.max_rss_bytes > judge_peak {
                usage.peak_memory_bytes = usage.peak_memory_bytes.max(reaped.max_rss_bytes);
            }
        }
    }
    let sched = members.sched();
    let idle = part.idle(wall, look_at(&usage, sched, members.take_look()));
    // The waits summed over threads, but never more than the time the case was counted busy
    // and not running (threads waiting side by side for one CPU wait once, as the wall bound
    // counts them).
    usage.cpu_wait = sched.map_or(Duration::ZERO, |sched| {
        let busy = wall.saturating_sub(idle.unwrap_or_default());
        (sched.wait + part.helpers_wait()).min(busy.saturating_sub(usage.cpu))
    });
    usage.idle = idle.max(most_idle).filter(|_| idle.is_some());
    Ok(Ended {
        termination: Termination::from_wait_status(told.map_or(reaped.status, |told| told.status)),
        stopped: control.stopped(),
        usage,
    })
}

/// A finished run with its output kept.
#[derive(Debug)]
pub struct Execution {
    pub ended: Ended,
    /// At most `Limits::output_bytes` of stdout.
    pub stdout: Vec<u8>,
    /// Whether it wrote more than that (and was killed for it, or had the rest thrown away).
    pub stdout_cut: bool,
    /// The last bytes of stderr.
    pub stderr_tail: Vec<u8>,
}

/// Runs `program` with stdin from `input` (or empty) under `limits`, keeping its stdout up to
/// the cap (past it the program is killed, or its output thrown away as `limits` says) and the
/// tail of its stderr. `trust` says whether it is boxed.
pub fn execute(
    program: &Program,
    input: Option<&Path>,
    limits: Limits,
    trust: Trust,
) -> io::Result<Execution> {
    let input = input.map_or(Input::Null, Input::File);
    let activity = Activity::new();
    let reader_activity = Arc::clone(&activity);
    let mut running =
        Running::start_in(program, limits, input, Outputs::Captured, activity, trust)?;
    let stdout = running.stdout.take().ok_or_else(|| lost("stdout"))?;
    let stop = running.stopper();
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        reader_activity.count_this_reader();
        let discard = limits.past_output_cap == PastOutputCap::Discard;
        let _ = sender.send(capture::read_capped(
            stdout,
            limits.output_bytes,
            discard,
            || {
                if !discard {
                    stop.stop(Stop::Output)
                }
            },
        ));
    });
    let control = Arc::clone(&running.control);
    let (mut ended, stderr_tail, deadline) = running.finish()?;
    let (stdout, stdout_cut) = match deadline.receive(&receiver) {
        Some(read) => read,
        None => {
            // A process the judge could not find holds stdout open past the wall bound: the
            // case was idle while the judge waited.
            control.stop(Stop::WallTime);
            let waited = deadline.ended_at.elapsed();
            ended.usage.idle = ended.usage.idle.map(|idle| idle + waited);
            (Vec::new(), false)
        }
    };
    ended.stopped = ended.stopped.or(control.stopped());
    Ok(Execution {
        ended,
        stdout,
        stdout_cut,
        stderr_tail,
    })
}

/// The judge's own peak resident memory (VmHWM), 0 if unknown.
fn own_peak_memory() -> u64 {
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
