//! A program the judge talks to line by line (an interactive player, the computer in
//! `judge play`), running under the supervisor: its limits hold for the whole conversation, and
//! when it is killed its output ends, so a wait for its next line never outlives the real-time
//! backstop (a player starved of CPU may answer after the wall bound's worth of real time).

use crate::limits::Limits;
use crate::process::{Ended, Input, Outputs, Program, Running, Stop};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// The longest line a player may write; a longer one is garbage, not a move.
const LONGEST_LINE: u64 = 256;

/// What the player said next.
pub enum Reply {
    Line(String),
    /// A line longer than `LONGEST_LINE`.
    Garbage(String),
    /// Its output ended (it exited, closed stdout, or was killed at a limit).
    Ended,
}

/// A running player: its input, its output lines as they come.
pub struct Player {
    running: Running,
    lines: Receiver<Reply>,
    /// When to stop waiting for a line even if the supervisor has not killed the player yet.
    give_up_at: Instant,
}

/// Reads the next line a player wrote: at most `LONGEST_LINE` bytes, ASCII white space trimmed
/// (not Unicode's: a no-break space is no part of a move's syntax).
pub fn read_reply(reader: &mut (impl BufRead + ?Sized)) -> Reply {
    let mut line = Vec::new();
    match Read::take(&mut *reader, LONGEST_LINE).read_until(b'\n', &mut line) {
        Ok(0) | Err(_) => Reply::Ended,
        Ok(_) if !line.ends_with(b"\n") && line.len() as u64 == LONGEST_LINE => {
            Reply::Garbage(format!("a line longer than {LONGEST_LINE} bytes"))
        }
        Ok(_) => Reply::Line(
            String::from_utf8_lossy(&line)
                .trim_matches(|c: char| c.is_ascii_whitespace())
                .to_string(),
        ),
    }
}

/// Reads lines from the player's stdout into a channel, until its end or garbage.
fn read_lines(stdout: impl Read + Send + 'static) -> Receiver<Reply> {
    let (sender, lines) = mpsc::channel();
    thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        loop {
            let reply = read_reply(&mut reader);
            let last = !matches!(reply, Reply::Line(_));
            if matches!(reply, Reply::Ended) || sender.send(reply).is_err() || last {
                return;
            }
        }
    });
    lines
}

impl Player {
    /// Starts the program with piped stdin and stdout under `limits`. With `keep_stderr` the
    /// tail of its stderr is kept for the report; else stderr is dropped.
    pub fn start(program: &Program, limits: Limits, keep_stderr: bool) -> io::Result<Player> {
        let outputs = if keep_stderr {
            Outputs::Piped
        } else {
            Outputs::PipedQuiet
        };
        let mut running = Running::start(program, limits, Input::Pipe, outputs)?;
        let stdout = running
            .stdout
            .take()
            .ok_or_else(|| io::Error::new(io::ErrorKind::Other, "no stdout"))?;
        Ok(Player {
            running,
            lines: read_lines(stdout),
            give_up_at: Instant::now() + limits.wall_backstop() + Duration::from_secs(1),
        })
    }

    /// Writes one line to the player.
    pub fn send(&mut self, text: &str) -> Result<(), String> {
        let stdin = self
            .running
            .stdin
            .as_mut()
            .ok_or("the player's input is closed")?;
        writeln!(stdin, "{text}")
            .and_then(|()| stdin.flush())
            .map_err(|error| format!("cannot write to the player: {error}"))
    }

    /// The player's next line.
    pub fn receive(&mut self) -> Reply {
        let wait = self.give_up_at.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(reply) => reply,
            Err(RecvTimeoutError::Disconnected) => Reply::Ended,
            Err(RecvTimeoutError::Timeout) => {
                // Only a process the supervisor could not find keeps the output open this long.
                self.running.stop(Stop::WallTime);
                Reply::Ended
            }
        }
    }

    /// The player's next line if it comes within `wait` of real time; `None` if it has not
    /// (the player runs on: the caller decides).
    pub fn receive_within(&mut self, wait: Duration) -> Option<Reply> {
        if self.give_up_at <= Instant::now() + wait {
            return Some(self.receive());
        }
        match self.lines.recv_timeout(wait) {
            Ok(reply) => Some(reply),
            Err(RecvTimeoutError::Disconnected) => Some(Reply::Ended),
            Err(RecvTimeoutError::Timeout) => None,
        }
    }

    /// Kills the player now (the grader has decided), recording `reason`.
    pub fn stop(&self, reason: Stop) {
        self.running.stop(reason);
    }

    /// Closes the player's input and waits for it to end (within its limits): how it ended and
    /// the tail of its stderr.
    pub fn finish(self) -> io::Result<(Ended, Vec<u8>)> {
        self.running.wait()
    }
}
