//! Reading a program's output: stdout kept up to a cap, the tail of stderr.

use std::io::Read;

/// Reads everything, keeping the first `cap` bytes; the flag says whether there was more. At
/// the first byte past the cap it calls `past_cap`, then stops reading (the program is being
/// killed) or, with `discard`, reads on to the end and throws the rest away (DOMjudge's rule:
/// the program runs on).
pub fn read_capped(
    mut source: impl Read,
    cap: usize,
    discard: bool,
    past_cap: impl FnOnce(),
) -> (Vec<u8>, bool) {
    let mut kept = Vec::new();
    let mut buffer = vec![0; 64 * 1024];
    let mut past_cap = Some(past_cap);
    loop {
        match source.read(&mut buffer) {
            Ok(0) | Err(_) => return (kept, past_cap.is_none()),
            Ok(count) => {
                let room = cap - kept.len();
                kept.extend_from_slice(&buffer[..count.min(room)]);
                if count > room {
                    if let Some(call) = past_cap.take() {
                        call();
                    }
                    if !discard {
                        return (kept, true);
                    }
                }
            }
        }
    }
}

/// Reads everything, keeping only the last `keep` bytes.
pub fn read_tail(mut source: impl Read, keep: usize) -> Vec<u8> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_capped_keeps_the_start_and_stops_past_the_cap() {
        let data = vec![7u8; 200_000];
        assert_eq!(
            read_capped(&data[..], 300_000, false, || ()),
            (data.clone(), false)
        );
        let mut called = false;
        let (kept, overflowed) = read_capped(&data[..], 1000, false, || called = true);
        assert_eq!((kept.len(), overflowed, called), (1000, true, true));
    }

    #[test]
    fn read_capped_discarding_reads_to_the_end_and_keeps_the_start() {
        // A reader that counts what was taken from it: discarding takes all of it.
        struct Counted<'a>(&'a [u8], usize);
        impl Read for Counted<'_> {
            fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
                let count = self.0.len().min(buffer.len()).min(1000);
                buffer[..count].copy_from_slice(&self.0[..count]);
                self.0 = &self.0[count..];
                self.1 += count;
                Ok(count)
            }
        }
        let data: Vec<u8> = (0..200_000u32).map(|n| (n % 251) as u8).collect();
        let mut calls = 0;
        let mut source = Counted(&data, 0);
        let (kept, overflowed) = read_capped(&mut source, 1500, true, || calls += 1);
        assert_eq!(
            (kept, overflowed, calls, source.1),
            (data[..1500].to_vec(), true, 1, 200_000)
        );
        let mut source = Counted(&data, 0);
        let (_, overflowed) = read_capped(&mut source, 1500, false, || ());
        assert!(overflowed && source.1 < 200_000);
    }

    #[test]
    fn read_tail_keeps_the_end() {
        let data: Vec<u8> = (0..50_000u32).map(|n| (n % 251) as u8).collect();
        assert_eq!(read_tail(&data[..], 100), data[data.len() - 100..].to_vec());
        assert_eq!(read_tail(&b"short"[..], 100), b"short".to_vec());
    }
}
