//! A program the judge talks to line by line (an interactive player, the computer in
//! `judge play`), running under the supervisor: its limits hold for the whole conversation, and
//! when it is killed its output ends, so a wait for its next line never outlives the wall bound.

use crate::process::{Ended, Input, Limits, Outputs, Program, Running, Stop};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// The longest line a player may write; a longer one is garbage, not a move.
const LONGEST_LINE: u64 = 256;

/// What the player said next.
pub enum Said {
    Line(String),
    /// A line longer than `LONGEST_LINE`.
    Garbage(String),
    /// Its output ended (it exited, closed stdout, or was killed at a limit).
    Ended,
}

/// A running player: its input, its output lines as they come.
pub struct Player {
    running: Running,
    lines: Receiver<Result<String, String>>,
    /// When to stop waiting for a line even if the supervisor has not killed the player yet.
    give_up_at: Instant,
}

/// Reads lines from the player's stdout into a channel.
fn read_lines(stdout: impl Read + Send + 'static) -> Receiver<Result<String, String>> {
    let (sender, lines) = mpsc::channel();
    thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        loop {
            let mut line = Vec::new();
            match (&mut reader)
                .take(LONGEST_LINE)
                .read_until(b'\n', &mut line)
            {
                Ok(0) | Err(_) => return,
                Ok(_) if !line.ends_with(b"\n") && line.len() as u64 == LONGEST_LINE => {
                    let _ = sender.send(Err(format!("a line longer than {LONGEST_LINE} bytes")));
                    return;
                }
                Ok(_) => {
                    let text = String::from_utf8_lossy(&line).trim().to_string();
                    if sender.send(Ok(text)).is_err() {
                        return;
                    }
                }
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
            give_up_at: Instant::now() + limits.wall + Duration::from_secs(1),
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
    pub fn receive(&mut self) -> Said {
        let wait = self.give_up_at.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Ok(line)) => Said::Line(line),
            Ok(Err(garbage)) => Said::Garbage(garbage),
            Err(RecvTimeoutError::Disconnected) => Said::Ended,
            Err(RecvTimeoutError::Timeout) => {
                // Only a process the supervisor could not find keeps the output open this long.
                self.running.stop(Stop::WallTime);
                Said::Ended
            }
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
