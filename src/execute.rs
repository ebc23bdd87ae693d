//! Running one program on one input file, the way a judge does: stdin from the file, a time
//! limit after which the program and everything it started are killed, stdout kept up to a cap
//! (the rest is read and dropped, so the judge's memory stays bounded) and the tail of stderr.

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// What to run: a built binary, or a command line run through `sh -c`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Program {
    Binary(PathBuf),
    Shell(String),
}

impl fmt::Display for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Program::Binary(path) => write!(f, "{}", path.display()),
            Program::Shell(line) => write!(f, "`{line}`"),
        }
    }
}

/// The words of a command line that a shell would run unchanged: a program given by its path
/// (so no builtin, alias or function) and arguments with no quoting, expansion, redirection or
/// assignment. Such a line runs directly, without paying for a shell's start-up per case.
fn plain_words(line: &str) -> Option<Vec<&str>> {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./,:+@%".contains(c) || c == ' ';
    let words: Vec<&str> = line.split(' ').filter(|word| !word.is_empty()).collect();
    let program = words.first()?;
    (line.chars().all(plain) && program.contains('/')).then_some(words)
}

impl Program {
    pub(crate) fn command(&self) -> Command {
        match self {
            Program::Binary(path) => Command::new(path),
            Program::Shell(line) if plain_words(line).is_some() => {
                let words = plain_words(line).unwrap_or_default();
                let mut command = Command::new(words[0]);
                command.args(&words[1..]);
                command
            }
            Program::Shell(line) => {
                let mut command = Command::new("sh");
                command.arg("-c").arg(line);
                command
            }
        }
    }
}

/// The limits of one run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub time: Duration,
    pub output_bytes: usize,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    Exited(i32),
    Signaled(i32),
    TimedOut,
}

/// Everything a verdict is decided from.
#[derive(Debug)]
pub struct Execution {
    pub termination: Termination,
    /// At most `Limits::output_bytes` of stdout.
    pub stdout: Vec<u8>,
    /// Whether stdout went past the cap.
    pub stdout_overflowed: bool,
    /// The last bytes of stderr.
    pub stderr_tail: Vec<u8>,
    pub elapsed: Duration,
}

/// How much of stderr's end is kept.
pub(crate) const STDERR_TAIL_BYTES: usize = 2048;

/// Reads everything, keeping the first `cap` bytes; also says whether there was more.
fn read_capped(mut source: impl Read, cap: usize) -> (Vec<u8>, bool) {
    let mut kept = Vec::new();
    let mut overflowed = false;
    let mut buffer = vec![0; 64 * 1024];
    loop {
        match source.read(&mut buffer) {
            Ok(0) | Err(_) => return (kept, overflowed),
            Ok(count) => {
                let room = cap - kept.len();
                kept.extend_from_slice(&buffer[..count.min(room)]);
                overflowed |= count > room;
            }
        }
    }
}

/// Reads everything, keeping only the last `keep` bytes.
pub(crate) fn read_tail(mut source: impl Read, keep: usize) -> Vec<u8> {
    let mut tail = Vec::new();
    let mut buffer = vec![0; 8 * 1024];
    loop {
        match source.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(count) => {
                tail.extend_from_slice(&buffer[..count]);
                if tail.len() > 2 * keep {
                    tail.drain(..tail.len() - keep);
                }
            }
        }
    }
    let start = tail.len().saturating_sub(keep);
    tail.split_off(start)
}

/// How a finished process ended.
pub(crate) fn termination(status: ExitStatus) -> Termination {
    match (status.code(), status.signal()) {
        (Some(code), _) => Termination::Exited(code),
        (None, Some(signal)) => Termination::Signaled(signal),
        (None, None) => Termination::Exited(-1),
    }
}

/// Runs `program` with stdin from `input` under `limits`.
pub fn execute(program: &Program, input: &Path, limits: Limits) -> io::Result<Execution> {
    let stdin = File::open(input)?;
    let mut command = program.command();
    command
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let start = Instant::now();
    let mut child = command.spawn()?;
    let group = child.id() as i32;
    let (stdout, stderr) = (child.stdout.take(), child.stderr.take());
    let cap = limits.output_bytes;
    let stdout_reader = thread::spawn(move || stdout.map(|out| read_capped(out, cap)));
    let stderr_reader = thread::spawn(move || stderr.map(|err| read_tail(err, STDERR_TAIL_BYTES)));
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        let status = child.wait();
        let _ = sender.send((status, start.elapsed()));
    });
    let (status, elapsed, timed_out) = match receiver.recv_timeout(limits.time) {
        Ok((status, elapsed)) => (status, elapsed, false),
        Err(RecvTimeoutError::Timeout) => {
            sys::kill_group(group);
            let (status, _) = receiver
                .recv()
                .map_err(|_| io::Error::new(io::ErrorKind::Other, "lost the child"))?;
            (status, limits.time, true)
        }
        Err(RecvTimeoutError::Disconnected) => {
            return Err(io::Error::new(io::ErrorKind::Other, "lost the child"))
        }
    };
    // Whatever the program started is killed and reaped too, so the pipes close and no process
    // outlives its case.
    sys::kill_group(group);
    sys::reap_group(group);
    let status = status?;
    let (stdout, stdout_overflowed) = stdout_reader.join().ok().flatten().unwrap_or_default();
    let stderr_tail = stderr_reader.join().ok().flatten().unwrap_or_default();
    Ok(Execution {
        termination: if timed_out {
            Termination::TimedOut
        } else {
            termination(status)
        },
        stdout,
        stdout_overflowed,
        stderr_tail,
        elapsed,
    })
}

/// Makes this process adopt the orphans of the programs it runs, so that `execute` can reap
/// them (no zombies left behind by a killed case). Linux only; elsewhere init adopts them.
pub fn adopt_orphans() {
    sys::become_subreaper();
}

/// The few libc calls std does not wrap (libc is linked by std already; no crate needed).
pub(crate) mod sys {
    extern "C" {
        fn kill(pid: i32, signal: i32) -> i32;
        fn waitpid(pid: i32, status: *mut i32, options: i32) -> i32;
        #[cfg(target_os = "linux")]
        fn prctl(option: i32, argument: u64, ...) -> i32;
    }

    const SIGKILL: i32 = 9;

    /// Kills every process of the group (a no-op once the group is empty).
    pub(crate) fn kill_group(group: i32) {
        // SAFETY: kill takes plain integers and touches no memory of ours.
        unsafe {
            kill(-group, SIGKILL);
        }
    }

    /// Waits for the group's processes that are our children (orphans we adopted).
    pub(crate) fn reap_group(group: i32) {
        let mut status = 0;
        // SAFETY: `status` is a valid place for waitpid to write; the loop ends when no child
        // of the group is left (waitpid returns -1 with ECHILD).
        while unsafe { waitpid(-group, &mut status, 0) } > 0 {}
    }

    pub fn become_subreaper() {
        #[cfg(target_os = "linux")]
        {
            const PR_SET_CHILD_SUBREAPER: i32 = 36;
            // SAFETY: this prctl option takes one integer and touches no memory of ours.
            unsafe {
                prctl(PR_SET_CHILD_SUBREAPER, 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_paths_skip_the_shell() {
        assert_eq!(plain_words("./a.out"), Some(vec!["./a.out"]));
        assert_eq!(
            plain_words("/usr/bin/python3  x.py -v"),
            Some(vec!["/usr/bin/python3", "x.py", "-v"])
        );
        for line in [
            "python3 x.py",
            "exit 3",
            "./a.out > f",
            "./a $HOME",
            "A=1 ./a",
            "./a 'x'",
            "./a;b",
            "",
        ] {
            assert_eq!(plain_words(line), None, "{line}");
        }
    }

    #[test]
    fn read_capped_keeps_the_start_and_notices_more() {
        let data = vec![7u8; 200_000];
        assert_eq!(read_capped(&data[..], 300_000), (data.clone(), false));
        let (kept, overflowed) = read_capped(&data[..], 1000);
        assert_eq!((kept.len(), overflowed), (1000, true));
    }

    #[test]
    fn read_tail_keeps_the_end() {
        let data: Vec<u8> = (0..50_000u32).map(|n| (n % 251) as u8).collect();
        assert_eq!(read_tail(&data[..], 100), data[data.len() - 100..].to_vec());
        assert_eq!(read_tail(&b"short"[..], 100), b"short".to_vec());
    }
}
