//! Judging an interactive tic-tac-toe player: the judge plays the opponent through the protocol
//! (`shared/problems/tic_tac_toe_player.md`), game after game, in one run of the player.
//!
//! Verdicts: a lost game or a move that is not a free cell's number is WA (which game, which
//! move); no move within the time limit is TLE (the limit is per move); output closed or the
//! process gone before the games are over, or a non-zero exit at the end, is RE. AC: no game lost
//! and a clean exit once the input is closed.

use crate::execute::{read_tail, sys, termination, Program, Termination, STDERR_TAIL_BYTES};
use crate::judge::Judged;
use crate::opponents::{parse_opponent, Schedule};
use crate::tic_tac_toe::Board;
use crate::verdict::{Verdict, Wrong};
use std::fs;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{ChildStdin, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// The longest line a player may write; a longer one is garbage, not a move.
const LONGEST_LINE: u64 = 256;

/// Why the games stopped early.
enum Stop {
    Wrong(String),
    Silent(String),
    Gone(String),
}

/// A running player: its input, its output lines as they come, its exit status when it exits.
pub struct Player {
    group: i32,
    stdin: Option<ChildStdin>,
    lines: Receiver<Result<String, String>>,
    status: Receiver<io::Result<ExitStatus>>,
    stderr: Option<JoinHandle<Vec<u8>>>,
    time_limit: Duration,
}

impl Player {
    /// Starts the program with piped stdin and stdout, in its own process group. With
    /// `keep_stderr` the tail of its stderr is kept for the report; else stderr is dropped.
    pub fn start(program: &Program, time_limit: Duration, keep_stderr: bool) -> io::Result<Player> {
        let mut command = program.command();
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if keep_stderr {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .process_group(0);
        let mut child = command.spawn()?;
        let group = child.id() as i32;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let stderr = child
            .stderr
            .take()
            .map(|stderr| thread::spawn(move || read_tail(stderr, STDERR_TAIL_BYTES)));
        let (line_sender, lines) = mpsc::channel();
        thread::spawn(move || {
            let Some(stdout) = stdout else { return };
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = Vec::new();
                match (&mut reader)
                    .take(LONGEST_LINE)
                    .read_until(b'\n', &mut line)
                {
                    Ok(0) | Err(_) => return,
                    Ok(_) if !line.ends_with(b"\n") && line.len() as u64 == LONGEST_LINE => {
                        let _ = line_sender
                            .send(Err(format!("a line longer than {LONGEST_LINE} bytes")));
                        return;
                    }
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&line).trim().to_string();
                        if line_sender.send(Ok(text)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let (status_sender, status) = mpsc::channel();
        thread::spawn(move || {
            let _ = status_sender.send(child.wait());
        });
        Ok(Player {
            group,
            stdin,
            lines,
            status,
            stderr,
            time_limit,
        })
    }

    /// Writes one line to the player.
    pub fn send(&mut self, text: &str) -> Result<(), String> {
        let stdin = self.stdin.as_mut().ok_or("the player's input is closed")?;
        writeln!(stdin, "{text}")
            .and_then(|()| stdin.flush())
            .map_err(|error| format!("cannot write to the player: {error}"))
    }

    /// The player's next line: `Ok(None)` when its output has ended, `Err` on timeout.
    pub fn receive(&mut self) -> Result<Option<Result<String, String>>, Duration> {
        match self.lines.recv_timeout(self.time_limit) {
            Ok(line) => Ok(Some(line)),
            Err(RecvTimeoutError::Disconnected) => Ok(None),
            Err(RecvTimeoutError::Timeout) => Err(self.time_limit),
        }
    }

    /// Closes the player's input and waits up to the time limit for it to exit; `None` if it
    /// did not.
    pub fn finish(&mut self) -> Option<Termination> {
        self.stdin = None;
        let status = self.status.recv_timeout(self.time_limit).ok()?;
        Some(status.map_or(Termination::Exited(-1), termination))
    }

    /// The end of what the player wrote on stderr (after it is gone).
    fn stderr_tail(&mut self) -> String {
        let tail = self
            .stderr
            .take()
            .and_then(|reader| reader.join().ok())
            .unwrap_or_default();
        String::from_utf8_lossy(&tail).into_owned()
    }
}

impl Drop for Player {
    /// Kills whatever is left of the player and reaps it: no process outlives its case.
    fn drop(&mut self) {
        self.stdin = None;
        sys::kill_group(self.group);
        let _ = self.status.recv();
        sys::reap_group(self.group);
    }
}

/// Counts of finished games, from the player's side.
#[derive(Default)]
struct Tally {
    games: usize,
    won: usize,
    drawn: usize,
}

/// Plays the schedule's games; the player's failures stop it.
fn play_games(player: &mut Player, schedule: &mut Schedule, tally: &mut Tally) -> Result<(), Stop> {
    while let Some(me) = schedule.next_game() {
        tally.games += 1;
        let game = tally.games;
        let at = |moves: &[usize]| {
            format!(
                "game {game} (player {}), move {}",
                me.symbol(),
                moves.len() + 1
            )
        };
        player
            .send(&me.symbol().to_string())
            .map_err(|error| Stop::Gone(format!("{}: {error}", at(&[]))))?;
        let mut board = Board::default();
        let mut moves = Vec::new();
        while !board.is_over() {
            let cell = if board.to_move() == me {
                let line = match player.receive() {
                    Err(limit) => {
                        return Err(Stop::Silent(format!(
                            "{}: no move within {} ms",
                            at(&moves),
                            limit.as_millis()
                        )))
                    }
                    Ok(None) => {
                        return Err(Stop::Gone(format!(
                            "{}: the player's output ended before the games were over",
                            at(&moves)
                        )))
                    }
                    Ok(Some(Err(garbage))) => {
                        return Err(Stop::Wrong(format!(
                            "{}: the player wrote {garbage}",
                            at(&moves)
                        )))
                    }
                    Ok(Some(Ok(line))) => line,
                };
                match line.parse::<usize>() {
                    Ok(cell) if board.is_free(cell) => cell,
                    Ok(cell) if cell < 9 => {
                        return Err(Stop::Wrong(format!(
                        "{}: the player took cell {cell}, which is taken (moves so far: {moves:?})",
                        at(&moves)
                    )))
                    }
                    _ => {
                        return Err(Stop::Wrong(format!(
                            "{}: the player wrote {line:?}, not a cell number 0-8",
                            at(&moves)
                        )))
                    }
                }
            } else {
                let cell = schedule.choose(board);
                player
                    .send(&cell.to_string())
                    .map_err(|error| Stop::Gone(format!("{}: {error}", at(&moves))))?;
                cell
            };
            moves.push(cell);
            board = board.play(cell);
        }
        match board.winner() {
            Some(winner) if winner == me => tally.won += 1,
            Some(_) => {
                return Err(Stop::Wrong(format!(
                    "game {game} (player {}): the player lost; the moves were {moves:?}",
                    me.symbol()
                )))
            }
            None => tally.drawn += 1,
        }
    }
    Ok(())
}

/// Judges a tic-tac-toe player against the opponent that `case_input` describes.
pub fn judge_tic_tac_toe(
    program: &Program,
    case_input: &Path,
    time_limit: Duration,
) -> Result<Judged, String> {
    let text = fs::read_to_string(case_input)
        .map_err(|error| format!("cannot read {}: {error}", case_input.display()))?;
    let opponent =
        parse_opponent(&text).map_err(|error| format!("{}: {error}", case_input.display()))?;
    let mut schedule = Schedule::new(opponent);
    let start = Instant::now();
    let mut player = Player::start(program, time_limit, true)
        .map_err(|error| format!("cannot run {program}: {error}"))?;
    let mut tally = Tally::default();
    let stopped = play_games(&mut player, &mut schedule, &mut tally);
    let (verdict, note) = match stopped {
        Err(Stop::Wrong(reason)) => (Verdict::WrongAnswer(Wrong::Because(reason)), None),
        Err(Stop::Silent(where_)) => (Verdict::TimeLimitExceeded, Some(where_)),
        Err(Stop::Gone(where_)) => {
            let termination = player.finish().unwrap_or(Termination::TimedOut);
            let stderr_tail = player.stderr_tail();
            (
                Verdict::RuntimeError {
                    termination,
                    stderr_tail,
                },
                Some(where_),
            )
        }
        Ok(()) => {
            let summary = format!(
                "{} games: {} won, {} drawn, 0 lost",
                tally.games, tally.won, tally.drawn
            );
            match player.finish() {
                Some(Termination::Exited(0)) => (Verdict::Accepted, Some(summary)),
                None => (
                    Verdict::TimeLimitExceeded,
                    Some(format!(
                        "{summary}; then no exit within {} ms of the input closing",
                        time_limit.as_millis()
                    )),
                ),
                Some(termination) => (
                    Verdict::RuntimeError {
                        termination,
                        stderr_tail: player.stderr_tail(),
                    },
                    Some(format!("{summary}; then a bad exit after the input closed")),
                ),
            }
        }
    };
    let elapsed = start.elapsed();
    drop(player);
    Ok(Judged {
        verdict,
        elapsed,
        note,
    })
}
