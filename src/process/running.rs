//! A started run (`Running`): its start, with the case's files, a box and a cgroup where it
//! has them, and the wait for its end.

use super::case_files;
use super::cgroup::Cgroup;
use super::control::{Control, Stopper};
use super::idle::{self, Activity};
use super::members::ACTIVE_RUNS;
use super::monitor::{own_peak_memory, supervise, Watched};
use super::pinning;
use super::pipe_deadline::PipeDeadline;
use super::sandbox;
use super::spawn::{prepare, spawn, stdin_for, ChildSteps};
use super::{capture, Ended, Program, Stop};
use crate::limits::Limits;
use crate::temp_folder::TempFolder;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{ChildStderr, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

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

/// A started run.
pub struct Running {
    pub stdin: Option<ChildStdin>,
    pub stdout: Option<ChildStdout>,
    pub(super) control: Arc<Control>,
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
            Some(files) if !boxed_input => Some(own_folder_with(files)?),
            _ => None,
        };
        let named_from_here = match &own_folder {
            Some(folder) => program_in_own_folder(program, folder, case_files.as_ref())?,
            None => None,
        };
        let program = named_from_here.as_ref().unwrap_or(program);
        // Spawned from inside the cgroup, so the child is born there; else it joins by itself.
        let entered = cgroup.as_ref().and_then(Cgroup::enter);
        let join = cgroup.as_ref().filter(|_| entered.is_none());
        let pinned = match limits.one_cpu {
            true => pinning::Pinned::take(),
            false => None,
        };
        let cpu = pinned.as_ref().map(|pinned| pinned.cpu);
        let started = Instant::now();
        let launch = Launch {
            program,
            outputs,
            marker: &marker,
            limits: &limits,
            join,
            contestant,
            cpu,
            own_folder: own_folder.as_ref(),
            build,
            case_files: case_files.as_ref(),
        };
        let spawned = match launch.spawn(program.command(), stdin) {
            Err(error) if error.raw_os_error() == Some(EXEC_FORMAT_ERROR) => {
                match program.command_as_script() {
                    Some(script) => launch.spawn(script, stdin_for(&input, boxed_input)?),
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
        let stderr = child
            .stderr
            .take()
            .map(|stderr| read_stderr_tail(stderr, Arc::clone(&activity)));
        let held = Held {
            counted,
            own_folder,
            cgroup,
            boxed,
            pinned,
        };
        let monitor = start_monitor(
            held, marker, limits, &control, started, judge_peak, activity,
        );
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
    pub(super) fn finish(mut self) -> io::Result<(Ended, Vec<u8>, PipeDeadline)> {
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

/// A fresh folder of the run's own with a copy of the case's input `files` in it, where the
/// run goes when it is not boxed.
fn own_folder_with(files: &case_files::CaseFiles) -> io::Result<TempFolder> {
    let folder = TempFolder::new("files")?;
    files.copy_into(&folder.dir).map_err(|error| {
        io::Error::new(
            error.kind(),
            format!(
                "cannot copy {} for the run: {error}",
                files.folder.display()
            ),
        )
    })?;
    Ok(folder)
}

/// `program` as it is named from the run's own `folder` (`None`: as it is). In a folder of its
/// own, a program named by a relative path is named from the judge's folder still; a command
/// line's relative words are read from there, and one that names no file there is said at once,
/// not left to fail as the program's error.
fn program_in_own_folder(
    program: &Program,
    folder: &TempFolder,
    case_files: Option<&case_files::CaseFiles>,
) -> io::Result<Option<Program>> {
    match program {
        Program::Binary(path) if path.is_relative() => {
            Ok(Some(Program::Binary(std::env::current_dir()?.join(path))))
        }
        Program::Shell(line) => {
            match clash(line, case_files).or_else(|| program.cannot_run_in(&folder.dir)) {
                Some(why) => Err(io::Error::new(
                    io::ErrorKind::NotFound,
                    format!(
                        "without the sandbox, a case with input files runs in a fresh \
                     folder of its own, where {why}: name the program's files by their \
                     full paths"
                    ),
                )),
                None => Ok(None),
            }
        }
        _ => Ok(None),
    }
}

/// What a run's command is spawned with (see `Launch::spawn`).
struct Launch<'a> {
    program: &'a Program,
    outputs: Outputs,
    marker: &'a str,
    limits: &'a Limits,
    /// The cgroup the child joins by itself (where the judge could not spawn it from inside).
    join: Option<&'a Cgroup>,
    /// Whether it is a contestant's, boxed where the sandbox is on.
    contestant: bool,
    cpu: Option<usize>,
    own_folder: Option<&'a TempFolder>,
    build: Option<&'a sandbox::BuildSpace>,
    case_files: Option<&'a case_files::CaseFiles>,
}

impl Launch<'_> {
    /// Prepares and spawns one command; a contestant's in a box where the sandbox is on.
    fn spawn(
        &self,
        command: Command,
        stdin: Stdio,
    ) -> io::Result<(std::process::Child, Option<sandbox::Boxed>)> {
        let by_itself = self.join.is_some() || self.contestant || self.cpu.is_some();
        let mut command = prepare(
            command,
            stdin,
            self.outputs,
            self.marker,
            self.limits,
            ChildSteps {
                join: self.join,
                boxed: self.contestant,
                cpu: self.cpu,
            },
        );
        if let Some(folder) = self.own_folder {
            command.current_dir(&folder.dir);
        }
        let boxed = match self.contestant {
            true => sandbox::confine(
                &mut command,
                self.program,
                self.limits.memory_bytes,
                self.build,
                self.limits.writable_folder,
                self.case_files,
            )?,
            false => None,
        };
        let child = match &boxed {
            Some(boxed) if boxed.needs_pid_namespace() => {
                sandbox::in_new_pid_namespace(|| spawn(&mut command, self.limits, by_itself))?
            }
            _ => spawn(&mut command, self.limits, by_itself),
        }?;
        Ok((child, boxed.map(sandbox::Boxed::spawned)))
    }
}

/// Reads the tail of a run's `stderr` in a thread of its own, which works for the run's case
/// (`activity`); the tail comes on the returned channel.
fn read_stderr_tail(stderr: ChildStderr, activity: Arc<Activity>) -> Receiver<Vec<u8>> {
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        activity.count_this_reader();
        let _ = sender.send(capture::read_tail(stderr, STDERR_TAIL_BYTES));
    });
    receiver
}

/// What a run holds until its monitor has cleaned up (see `start_monitor`).
struct Held {
    counted: RunCount,
    own_folder: Option<TempFolder>,
    cgroup: Option<Cgroup>,
    boxed: Option<sandbox::Boxed>,
    pinned: Option<pinning::Pinned>,
}

/// Starts the monitor of the run whose first process is `control.first` (see `supervise`), in a
/// thread of its own that keeps what the run holds until it has cleaned up; how the run ended
/// comes on the returned channel.
fn start_monitor(
    held: Held,
    marker: String,
    limits: Limits,
    control: &Arc<Control>,
    started: Instant,
    judge_peak: u64,
    activity: Arc<Activity>,
) -> Receiver<io::Result<Ended>> {
    let (sender, monitor) = mpsc::channel();
    let first = control.first;
    let watched = Arc::clone(control);
    thread::spawn(move || {
        let Held {
            counted,
            own_folder,
            cgroup,
            boxed,
            pinned,
        } = held;
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
    monitor
}

pub(super) fn lost(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::Other, format!("lost {what} of a run"))
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
