//! One direction of an interactive case: a thread that copies what one side writes to the
//! other side's input, noting it in the transcript. At the end of the writer's output it closes
//! the reader's input (so the reader sees the end); when the reader is gone, it stops reading
//! (so the writer's next write fails) and keeps what could not be delivered.

use super::transcript::{Transcript, Writer};
use std::io::{ErrorKind, Read, Write};
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;
use std::thread;
use std::time::Instant;

/// As much as a pipe holds: one read takes whatever is there.
const CHUNK_BYTES: usize = 64 * 1024;

/// What a relay was doing when it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Waiting for the writer (its output ended or failed there).
    Reading,
    /// Handing bytes to the reader (which was gone).
    Writing,
}

/// How a relay ended.
#[derive(Clone, Debug)]
pub struct RelayEnd {
    pub phase: Phase,
    /// When the writer's output was found ended (before the reader's input is closed: what the
    /// reader does after comes later).
    pub at: Instant,
    /// The start of what the writer wrote after the reader was gone.
    pub undelivered: Option<String>,
}

/// The first line of some bytes, for a report.
fn first_line(bytes: &[u8]) -> String {
    let line = bytes.split(|&byte| byte == b'\n').next().unwrap_or(bytes);
    crate::report::quote(&String::from_utf8_lossy(line))
}

/// Copies `from` to `to` on a thread of its own until `from` ends; the receiver gets how it
/// ended, once both ends are closed.
pub fn start(
    mut from: impl Read + Send + 'static,
    mut to: impl Write + Send + 'static,
    writer: Writer,
    transcript: Arc<Transcript>,
) -> Receiver<RelayEnd> {
    let (sender, ended) = mpsc::channel();
    thread::spawn(move || {
        let mut buffer = vec![0; CHUNK_BYTES];
        let end = loop {
            let count = match from.read(&mut buffer) {
                Ok(0) => break RelayEnd::at(Phase::Reading),
                Ok(count) => count,
                Err(error) if error.kind() == ErrorKind::Interrupted => continue,
                Err(_) => break RelayEnd::at(Phase::Reading),
            };
            let bytes = &buffer[..count];
            transcript.record(writer, bytes);
            if to.write_all(bytes).and_then(|()| to.flush()).is_err() {
                break RelayEnd {
                    phase: Phase::Writing,
                    at: Instant::now(),
                    undelivered: Some(first_line(bytes)),
                };
            }
        };
        // Both ends close here: the reader sees the end of its input, the writer's next write
        // fails.
        drop(to);
        drop(from);
        let _ = sender.send(end);
    });
    ended
}

impl RelayEnd {
    fn at(phase: Phase) -> RelayEnd {
        RelayEnd {
            phase,
            at: Instant::now(),
            undelivered: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::sys;
    use std::io::Read;

    #[test]
    fn bytes_go_through_and_the_end_closes_the_reader() {
        let transcript = Arc::new(Transcript::default());
        let (from_read, mut from_write) = sys::pipe().unwrap();
        let (mut to_read, to_write) = sys::pipe().unwrap();
        let ended = start(
            from_read,
            to_write,
            Writer::Program,
            Arc::clone(&transcript),
        );
        from_write.write_all(b"1 2\n3\n").unwrap();
        drop(from_write);
        let mut delivered = String::new();
        to_read.read_to_string(&mut delivered).unwrap();
        assert_eq!(delivered, "1 2\n3\n");
        let end = ended.recv().unwrap();
        assert_eq!(end.phase, Phase::Reading);
        assert!(end.undelivered.is_none());
        assert_eq!(transcript.report_lines()[1..], ["  < 1 2", "  < 3"]);
    }

    #[test]
    fn a_reader_that_is_gone_keeps_what_was_not_delivered_and_closes_the_writer() {
        let (from_read, mut from_write) = sys::pipe().unwrap();
        let (to_read, to_write) = sys::pipe().unwrap();
        drop(to_read);
        let ended = start(
            from_read,
            to_write,
            Writer::Program,
            Arc::new(Transcript::default()),
        );
        from_write.write_all(b"extra\nmore\n").unwrap();
        let end = ended.recv().unwrap();
        assert_eq!(end.phase, Phase::Writing);
        assert_eq!(end.undelivered.as_deref(), Some("\"extra\""));
        // The relay no longer reads: the writer's next write fails (Rust ignores SIGPIPE).
        assert!(from_write.write_all(b"again\n").is_err());
    }
}
