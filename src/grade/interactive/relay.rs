//! The judge between the two sides of an interactive case: one thread copies what each side
//! writes to the other side's input, noting it in the transcript. At the end of a side's output
//! (the side closed it, whether or not it still runs) it closes the other side's input at once,
//! after what was already read from it, so that side sees the end; when a side's input is gone,
//! it stops reading what is written to it (so the writer's next write fails) and keeps what
//! could not be delivered. What one side writes after the other's output ended is kept too,
//! unless the other side reads it (an interactor that ends its output, then reads on to check
//! what follows).
//!
//! A Kattis output validator's exchange ends as problemtools' runner ends it: that runner keeps
//! each pipe's far end open until the side that reads it has exited, so a side that writes after
//! the other has gone is never refused (no SIGPIPE, no error) and its words are dropped. With
//! `AfterTheEnd::Drop` the relay does the same: once a reader is gone it goes on reading the
//! writer's output to its end, and drops it. That runner also holds the write end of the
//! program's output until the program has exited, so the validator sees the end of it only then
//! (a program that closes its output and runs on has not ended); with `Release` the relay holds
//! the end of the program's output back from the validator until the judge says the program has
//! ended (see `Release`).
//!
//! Both directions share one thread that waits on both pipes (non-blocking, so a side that does
//! not read never holds up the other direction), and that keeps looking for a short while after
//! each message instead of sleeping: in a quick exchange the next line comes within
//! microseconds, and a sleeping relay would add a wake-up to every line (`cargo bench -- relay`).

use super::transcript::{Transcript, Writer};
use crate::process::sys::{self, PollFd, POLLERR, POLLIN, POLLOUT};
use crate::process::Activity;
use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// As much as a pipe holds: one read takes whatever is there.
const CHUNK_BYTES: usize = 64 * 1024;
/// How long the relay keeps looking for the next line after one moved, before it sleeps.
const KEEP_LOOKING: Duration = Duration::from_micros(200);
/// The index of the release among the watched descriptors (the directions are 0 and 1).
const RELEASE: usize = usize::MAX;
/// The longest the relay sleeps between looks at whether a reader has read what it was given.
const LOOK_FOR_READING_MS: i32 = 50;

/// What a direction was doing when it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Waiting for the writer (its output ended or failed there).
    Reading,
    /// Handing bytes to the reader (which was gone).
    Writing,
}

/// What the relay does with what a side writes once the other side's input is gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterTheEnd {
    /// Stops reading it, so the writer's next write fails (SIGPIPE, or an error).
    Refuse,
    /// Reads it to the end of the writer's output and drops it, as problemtools' runner does.
    Drop,
}

/// Held by the judge until it has seen the program end (its wait returned): the relay passes
/// the end of the program's output on to the interactor only once this is dropped, or right
/// away without one. So an interactor that decides on that end decides after the program has
/// ended, whatever order a busy machine runs the threads in, as problemtools' runner has it: a
/// program that closes its output and runs on has not ended (it ends at its limit, TLE, not by
/// the judge's stop after a rejection). (A program's status is kept whatever the order: see
/// `process::Control::stop`.)
pub struct Release {
    /// The pipe's write end: nothing is written to it; dropping it closes the pipe.
    _write_end: File,
}

/// A `Release` and the relay's end of it.
pub fn release() -> std::io::Result<(Release, OwnedFd)> {
    let (released, release) = sys::pipe()?;
    Ok((
        Release {
            _write_end: release,
        },
        released.into(),
    ))
}

/// How one direction ended.
#[derive(Clone, Debug)]
pub struct RelayEnd {
    pub phase: Phase,
    /// When the writer's output was found ended, or the reader gone (before the other end is
    /// closed: what the other side does after comes later).
    pub at: Instant,
    /// The start of what the writer wrote after the reader had ended: written when the
    /// reader's own output had already ended and left unread when the reader ended, or refused
    /// because its input was gone.
    pub undelivered: Option<String>,
}

/// How both directions ended.
pub struct RelayEnds {
    pub from_interactor: RelayEnd,
    pub from_program: RelayEnd,
}

/// The first line of some bytes, for a report.
fn first_line(bytes: &[u8]) -> String {
    let line = bytes.split(|&byte| byte == b'\n').next().unwrap_or(bytes);
    crate::text::quote(&String::from_utf8_lossy(line))
}

/// Whether the reader of the pipe `to` has taken everything written to it, waiting while it
/// lives: true once the pipe is empty, false once the reader is gone with bytes unread.
fn all_read(to: &File) -> bool {
    let mut wait_ms = 1;
    loop {
        match sys::unread_bytes(to.as_raw_fd()) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(_) => return false,
        }
        // Waiting for nothing but the reader's end, which poll reports as POLLERR.
        let mut fds = [PollFd {
            fd: to.as_raw_fd(),
            events: 0,
            returned: 0,
        }];
        match sys::poll_many(&mut fds, wait_ms) {
            Ok(_) if fds[0].returned & POLLERR == 0 => {}
            _ => return false,
        }
        wait_ms = (wait_ms * 2).min(LOOK_FOR_READING_MS);
    }
}

/// One direction: a writer's output, a reader's input, and what is read but not yet written.
struct Direction {
    writer: Writer,
    from: Option<File>,
    to: Option<File>,
    pending: Vec<u8>,
    /// The first line read after the reader's own output had ended, until the reader reads it.
    late: Option<String>,
    /// Every byte read from the writer.
    read_bytes: u64,
    end: Option<RelayEnd>,
    after_the_end: AfterTheEnd,
    /// With `AfterTheEnd::Drop`, how the direction ended when its reader went away, while the
    /// writer's output is still read and dropped.
    reader_gone: Option<RelayEnd>,
    /// The end of the writer's output is held back from the reader until released.
    held: bool,
    /// When the writer's output ended, while that end is held back.
    ended_at: Option<Instant>,
}

impl Direction {
    fn new(writer: Writer, from: OwnedFd, to: OwnedFd, after_the_end: AfterTheEnd) -> Direction {
        let (from, to) = (File::from(from), File::from(to));
        // Only this end of each pipe: the sides' own ends stay as they were.
        let _ = sys::set_nonblocking(from.as_raw_fd());
        let _ = sys::set_nonblocking(to.as_raw_fd());
        Direction {
            writer,
            from: Some(from),
            to: Some(to),
            pending: Vec::new(),
            late: None,
            read_bytes: 0,
            end: None,
            after_the_end,
            reader_gone: None,
            held: false,
            ended_at: None,
        }
    }

    /// Passes on the end of the writer's output, held back until now, once what was read
    /// before it is delivered.
    fn release(&mut self) {
        self.held = false;
        self.end_if_released();
    }

    /// Ends the direction if its writer's output ended while held, the end is released and
    /// everything read before it delivered (or its reader is gone).
    fn end_if_released(&mut self) {
        let delivered = self.pending.is_empty() || self.to.is_none();
        if let (false, true, Some(at)) = (self.held, delivered, self.ended_at) {
            self.ended_at = None;
            let gone = self.reader_gone.is_some();
            self.finish(Phase::Reading, None);
            // The direction ended with the writer's output (not when the end was passed on),
            // unless its reader had gone first.
            if let (false, Some(end)) = (gone, self.end.as_mut()) {
                end.at = at;
            }
        }
    }

    /// Ends the direction, closing both ends. At the end of the writer's output, what it wrote
    /// after the reader's own output had ended is written after the end only if the reader
    /// leaves it unread: before the reader's input is closed, the relay waits until the reader
    /// has read everything or is gone (the reader's output has ended, so this direction is the
    /// only one left to serve).
    fn finish(&mut self, phase: Phase, undelivered: Option<String>) {
        if let Some(gone) = self.reader_gone.take() {
            // The writer's output ended after its reader had gone: the direction ended then.
            self.from = None;
            self.end = Some(gone);
            return;
        }
        let at = Instant::now();
        if phase == Phase::Reading && self.late.is_some() && self.to.as_ref().is_some_and(all_read)
        {
            self.late = None;
        }
        self.from = None;
        self.to = None;
        self.end = Some(RelayEnd {
            phase,
            at,
            undelivered: self.late.take().or(undelivered),
        });
    }

    /// What to wait for: input when nothing is pending, else room to write it.
    fn watch(&self) -> Option<PollFd> {
        let (file, events) = match self.pending.is_empty() {
            true => (self.from.as_ref()?, POLLIN),
            false => (self.to.as_ref()?, POLLOUT),
        };
        Some(PollFd {
            fd: file.as_raw_fd(),
            events,
            returned: 0,
        })
    }

    /// Writes what is pending, as much as the reader takes now; false when nothing moved.
    fn flush_pending(&mut self) -> bool {
        let Some(to) = self.to.as_mut() else {
            return false;
        };
        match to.write(&self.pending) {
            Ok(written) => {
                self.pending.drain(..written);
                written > 0
            }
            Err(error) if error.kind() == ErrorKind::WouldBlock => false,
            Err(error) if error.kind() == ErrorKind::Interrupted => false,
            Err(_) => {
                let undelivered = first_line(&self.pending);
                match self.after_the_end {
                    AfterTheEnd::Refuse => self.finish(Phase::Writing, Some(undelivered)),
                    AfterTheEnd::Drop => {
                        self.reader_gone = Some(RelayEnd {
                            phase: Phase::Writing,
                            at: Instant::now(),
                            undelivered: self.late.take().or(Some(undelivered)),
                        });
                        self.to = None;
                        self.pending.clear();
                    }
                }
                true
            }
        }
    }

    /// Reads what the writer has written and passes it on; false when nothing moved.
    /// `reader_done`: the reader's own output has ended (what is read now comes after its end).
    fn pass_on(&mut self, buffer: &mut [u8], transcript: &Transcript, reader_done: bool) -> bool {
        let Some(from) = self.from.as_mut() else {
            return false;
        };
        match from.read(buffer) {
            Ok(0) if self.held && self.to.is_some() => {
                // Held: what was read before the end is still delivered; the reader sees the
                // end once it is released.
                self.from = None;
                self.ended_at = Some(Instant::now());
                true
            }
            Ok(0) => {
                self.finish(Phase::Reading, None);
                true
            }
            Ok(count) => {
                self.read_bytes += count as u64;
                if reader_done && self.late.is_none() {
                    self.late = Some(first_line(&buffer[..count]));
                }
                transcript.record(self.writer, &buffer[..count]);
                // With its reader gone (and `AfterTheEnd::Drop`) it is dropped.
                if self.to.is_some() {
                    self.pending.extend_from_slice(&buffer[..count]);
                    self.flush_pending();
                }
                true
            }
            Err(error) if error.kind() == ErrorKind::WouldBlock => false,
            Err(error) if error.kind() == ErrorKind::Interrupted => false,
            Err(_) => {
                self.finish(Phase::Reading, None);
                true
            }
        }
    }
}

/// The program's output cap, and what to do when it is passed (once).
pub struct OutputCap {
    pub bytes: u64,
    pub passed: Box<dyn Fn() + Send>,
}

/// The relay's ends of one side's pipes: the side's output, and its input.
pub struct Side {
    pub output: OwnedFd,
    pub input: OwnedFd,
}

/// What the relay waits on, each with its index (`RELEASE` for the release): the directions
/// still open, and the release while the program's direction has not ended (nothing is ever
/// written to it, and its closing wakes the relay).
fn watched(directions: &[Direction; 2], released: Option<&File>) -> Vec<(usize, PollFd)> {
    let mut watched: Vec<(usize, PollFd)> = directions
        .iter()
        .enumerate()
        .filter_map(|(index, direction)| Some((index, direction.watch()?)))
        .collect();
    if let (Some(release), None) = (released, &directions[1].end) {
        watched.push((
            RELEASE,
            PollFd {
                fd: release.as_raw_fd(),
                events: POLLIN,
                returned: 0,
            },
        ));
    }
    watched
}

/// Relays between the interactor and the program on a thread of its own until both directions
/// have ended; the receiver gets how. What a side writes once the other's input is gone is
/// refused or dropped, by `after_the_end`. With `released` (the relay's end of a `Release`),
/// the end of the program's output reaches the interactor only once the `Release` is dropped.
/// The thread works for the case: it counts in the case's `activity` (while it runs or waits
/// for a CPU, the two sides waiting for it are not idle).
pub fn start(
    interactor: Side,
    program: Side,
    after_the_end: AfterTheEnd,
    released: Option<OwnedFd>,
    transcript: Arc<Transcript>,
    cap: OutputCap,
    activity: Arc<Activity>,
) -> Receiver<RelayEnds> {
    let (sender, ended) = mpsc::channel();
    let mut released = released.map(File::from);
    let mut directions = [
        Direction::new(
            Writer::Interactor,
            interactor.output,
            program.input,
            after_the_end,
        ),
        Direction::new(
            Writer::Program,
            program.output,
            interactor.input,
            after_the_end,
        ),
    ];
    directions[1].held = released.is_some();
    thread::spawn(move || {
        let helper = activity.count_this_thread();
        let mut buffer = vec![0; CHUNK_BYTES];
        let mut last_moved = Instant::now();
        // When the relay last looked and found nothing, if it has found nothing since.
        let mut looked_in_vain: Option<Instant> = None;
        let mut capped = false;
        loop {
            let watched = watched(&directions, released.as_ref());
            if watched.is_empty() {
                break;
            }
            let mut fds: Vec<PollFd> = watched.iter().map(|(_, fd)| *fd).collect();
            let looking = last_moved.elapsed() < KEEP_LOOKING;
            let look = Instant::now();
            match sys::poll_many(&mut fds, if looking { 0 } else { -1 }) {
                Ok(0) => {
                    // Looking for the next line is the judge's own time, not the case's. What
                    // a pipe holds stays until the relay takes it, so from one look that found
                    // nothing to the next that found nothing there was nothing to do. The time
                    // before a look that finds something is not taken: the line may have come
                    // while the relay waited for a CPU, and the sides waiting on it then are
                    // not idle.
                    if let Some(earlier) = looked_in_vain {
                        helper.looked_in_vain(look - earlier);
                    }
                    looked_in_vain = Some(look);
                    thread::yield_now();
                    continue;
                }
                Ok(_) => looked_in_vain = None,
                Err(_) => {
                    for direction in directions.iter_mut().filter(|d| d.end.is_none()) {
                        direction.finish(Phase::Reading, None);
                    }
                    break;
                }
            }
            for ((index, _), fd) in watched.iter().zip(&fds) {
                if fd.returned == 0 {
                    continue;
                }
                if *index == RELEASE {
                    released = None;
                    directions[1].release();
                    last_moved = Instant::now();
                    continue;
                }
                // Whether the reader of this direction (the writer of the other) has ended its
                // output.
                let reader_done = directions[1 - *index]
                    .end
                    .as_ref()
                    .is_some_and(|end| end.phase == Phase::Reading);
                let direction = &mut directions[*index];
                let moved = match fd.events {
                    POLLIN => direction.pass_on(&mut buffer, &transcript, reader_done),
                    _ => direction.flush_pending(),
                };
                direction.end_if_released();
                if moved {
                    last_moved = Instant::now();
                }
                if !capped && directions[1].read_bytes > cap.bytes {
                    capped = true;
                    (cap.passed)();
                }
            }
        }
        let [from_interactor, from_program] = directions.map(|direction| {
            direction.end.unwrap_or(RelayEnd {
                phase: Phase::Reading,
                at: Instant::now(),
                undelivered: None,
            })
        });
        let _ = sender.send(RelayEnds {
            from_interactor,
            from_program,
        });
    });
    ended
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    /// A relay between two fake sides: (interactor writes, interactor reads, program writes,
    /// program reads) ends, and how it ended.
    fn relay_between() -> (File, File, File, File, Receiver<RelayEnds>, Arc<Transcript>) {
        relay_that(AfterTheEnd::Refuse)
    }

    /// As `relay_between`, with what the relay does after a side's end.
    fn relay_that(
        after_the_end: AfterTheEnd,
    ) -> (File, File, File, File, Receiver<RelayEnds>, Arc<Transcript>) {
        let transcript = Arc::new(Transcript::default());
        let (interactor_output, interactor_writes) = sys::pipe().unwrap();
        let (interactor_reads, interactor_input) = sys::pipe().unwrap();
        let (program_output, program_writes) = sys::pipe().unwrap();
        let (program_reads, program_input) = sys::pipe().unwrap();
        let ended = start(
            Side {
                output: interactor_output.into(),
                input: interactor_input.into(),
            },
            Side {
                output: program_output.into(),
                input: program_input.into(),
            },
            after_the_end,
            None,
            Arc::clone(&transcript),
            OutputCap {
                bytes: u64::MAX,
                passed: Box::new(|| {}),
            },
            Activity::new(),
        );
        (
            interactor_writes,
            interactor_reads,
            program_writes,
            program_reads,
            ended,
            transcript,
        )
    }

    #[test]
    fn lines_go_both_ways_and_an_end_closes_the_other_side() {
        let (mut asks, mut hears, mut answers, mut reads, ended, transcript) = relay_between();
        asks.write_all(b"10\n").unwrap();
        let mut line = [0; 3];
        reads.read_exact(&mut line).unwrap();
        assert_eq!(&line, b"10\n");
        answers.write_all(b"? 5\n").unwrap();
        let mut line = [0; 4];
        hears.read_exact(&mut line).unwrap();
        assert_eq!(&line, b"? 5\n");
        drop(asks);
        let mut rest = Vec::new();
        reads.read_to_end(&mut rest).unwrap();
        assert!(
            rest.is_empty(),
            "the program's input ends with the interactor's output"
        );
        drop(answers);
        let ends = ended.recv().unwrap();
        assert_eq!(ends.from_interactor.phase, Phase::Reading);
        assert_eq!(ends.from_program.phase, Phase::Reading);
        assert!(ends.from_interactor.at < ends.from_program.at);
        assert_eq!(transcript.report_lines()[1..], ["  > 10", "  < ? 5"]);
    }

    #[test]
    fn a_reader_that_is_gone_keeps_what_was_not_delivered_and_closes_the_writer() {
        let (asks, hears, mut answers, reads, ended, _) = relay_between();
        drop((asks, hears));
        answers.write_all(b"extra\nmore\n").unwrap();
        let ends = ended.recv();
        // The interactor's output ended first; then the program's line found no reader.
        drop(reads);
        let ends = ends.unwrap();
        assert_eq!(ends.from_program.phase, Phase::Writing);
        assert_eq!(ends.from_program.undelivered.as_deref(), Some("\"extra\""));
        // The relay no longer reads: the writer's next write fails (Rust ignores SIGPIPE).
        assert!(answers.write_all(b"again\n").is_err());
    }

    /// As problemtools' runner: once the interactor is gone, what the program writes is read and
    /// dropped (its writes never fail), and the direction ends with the program's output, as
    /// having lost its reader first; the same the other way.
    #[test]
    fn a_dropping_relay_reads_on_after_the_reader_is_gone() {
        let (asks, hears, mut answers, reads, ended, _) = relay_that(AfterTheEnd::Drop);
        drop((asks, hears));
        // Far more than a pipe holds: a refusing relay would fail these writes.
        let line = vec![b'x'; 4096];
        for _ in 0..1024 {
            answers.write_all(&line).unwrap();
        }
        drop(answers);
        let ends = ended.recv().unwrap();
        drop(reads);
        assert_eq!(ends.from_interactor.phase, Phase::Reading);
        assert_eq!(ends.from_program.phase, Phase::Writing);
        assert!(ends.from_program.undelivered.is_some());
        assert!(ends.from_interactor.at < ends.from_program.at);

        let (mut asks, hears, answers, reads, ended, _) = relay_that(AfterTheEnd::Drop);
        drop((answers, reads));
        for _ in 0..1024 {
            asks.write_all(&line).unwrap();
        }
        drop((asks, hears));
        let ends = ended.recv().unwrap();
        assert_eq!(ends.from_interactor.phase, Phase::Writing);
        assert_eq!(ends.from_program.phase, Phase::Reading);
    }

    /// A program that writes once the interactor's output has ended wrote after the end when
    /// the interactor ends without reading it, though the relay could hand it over.
    #[test]
    fn what_is_written_after_the_interactors_output_ended_and_left_unread_is_late() {
        let (asks, hears, mut answers, mut reads, ended, _) = relay_between();
        drop(asks);
        let mut rest = Vec::new();
        reads.read_to_end(&mut rest).unwrap(); // the end reached the program
        answers.write_all(b"extra\n").unwrap();
        drop(answers);
        // Handed over, then the interactor ends without reading it.
        while sys::unread_bytes(hears.as_raw_fd()).unwrap() == 0 {
            thread::yield_now();
        }
        drop(hears);
        let ends = ended.recv().unwrap();
        assert_eq!(ends.from_program.phase, Phase::Reading);
        assert_eq!(ends.from_program.undelivered.as_deref(), Some("\"extra\""));
    }

    /// An interactor may end its output and then read the program's to the end: what it reads
    /// is part of the exchange, and the end of the program's output reaches it.
    #[test]
    fn what_the_interactor_reads_after_its_output_ended_is_not_late() {
        let (mut asks, mut hears, mut answers, mut reads, ended, _) = relay_between();
        asks.write_all(b"hello\n").unwrap();
        drop(asks);
        let mut heard = Vec::new();
        reads.read_to_end(&mut heard).unwrap();
        assert_eq!(heard, b"hello\n");
        answers.write_all(b"ok\n").unwrap();
        drop(answers);
        let mut answer = Vec::new();
        hears.read_to_end(&mut answer).unwrap();
        assert_eq!(answer, b"ok\n");
        let ends = ended.recv().unwrap();
        assert_eq!(ends.from_program.phase, Phase::Reading);
        assert_eq!(ends.from_program.undelivered, None);
    }

    /// With a release (a Kattis validator's exchange), the interactor gets everything the
    /// program wrote, but the end of the program's output only once the judge has seen the
    /// program end: a program that closed its output has not ended. The direction still ends
    /// when the program's output did.
    #[test]
    fn the_end_of_the_programs_output_waits_for_the_release() {
        let (release, released) = release().unwrap();
        let transcript = Arc::new(Transcript::default());
        let (interactor_output, asks) = sys::pipe().unwrap();
        let (mut hears, interactor_input) = sys::pipe().unwrap();
        let (program_output, mut answers) = sys::pipe().unwrap();
        let (reads, program_input) = sys::pipe().unwrap();
        let ended = start(
            Side {
                output: interactor_output.into(),
                input: interactor_input.into(),
            },
            Side {
                output: program_output.into(),
                input: program_input.into(),
            },
            AfterTheEnd::Drop,
            Some(released),
            transcript,
            OutputCap {
                bytes: u64::MAX,
                passed: Box::new(|| {}),
            },
            Activity::new(),
        );
        answers.write_all(b"42\n").unwrap();
        drop(answers);
        let mut line = [0; 3];
        hears.read_exact(&mut line).unwrap();
        assert_eq!(&line, b"42\n");
        // Not at the end yet: nothing to read, and the pipe's writer is still there (poll
        // would report POLLHUP at once without it).
        let mut fds = [PollFd {
            fd: hears.as_raw_fd(),
            events: POLLIN,
            returned: 0,
        }];
        assert_eq!(sys::poll_many(&mut fds, 300).unwrap(), 0);
        let held_until = Instant::now();
        drop(release);
        let mut rest = Vec::new();
        hears.read_to_end(&mut rest).unwrap();
        assert!(rest.is_empty());
        drop((asks, reads));
        let ends = ended.recv().unwrap();
        assert_eq!(ends.from_program.phase, Phase::Reading);
        assert!(ends.from_program.at < held_until);
        assert!(ends.from_program.at < ends.from_interactor.at);
    }

    #[test]
    fn a_side_that_does_not_read_does_not_hold_up_the_other_direction() {
        let (mut asks, _hears, mut answers, mut reads, _ended, _) = relay_between();
        // The interactor's side is never read: its pipe and the relay's pending bytes fill up.
        let flood = vec![b'x'; 1 << 20];
        let flooding = thread::spawn(move || {
            let _ = answers.write_all(&flood);
        });
        asks.write_all(b"still here\n").unwrap();
        let mut line = [0; 11];
        reads.read_exact(&mut line).unwrap();
        assert_eq!(&line, b"still here\n");
        drop(flooding);
    }
}
