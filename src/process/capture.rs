//! Reading a program's output: stdout kept up to a cap, the tail of stderr.

use std::io::Read;

/// Reads everything, keeping the first `cap` bytes. At the first byte past the cap it calls
/// `past_cap` (which kills the program) and stops reading; the flag says that happened.
pub fn read_capped(mut source: impl Read, cap: usize, past_cap: impl FnOnce()) -> (Vec<u8>, bool) {
    let mut kept = Vec::new();
    let mut buffer = vec![0; 64 * 1024];
    loop {
        match source.read(&mut buffer) {
            Ok(0) | Err(_) => return (kept, false),
            Ok(count) => {
                let room = cap - kept.len();
                kept.extend_from_slice(&buffer[..count.min(room)]);
                if count > room {
                    past_cap();
                    return (kept, true);
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
            read_capped(&data[..], 300_000, || ()),
            (data.clone(), false)
        );
        let mut called = false;
        let (kept, overflowed) = read_capped(&data[..], 1000, || called = true);
        assert_eq!((kept.len(), overflowed, called), (1000, true, true));
    }

    #[test]
    fn read_tail_keeps_the_end() {
        let data: Vec<u8> = (0..50_000u32).map(|n| (n % 251) as u8).collect();
        assert_eq!(read_tail(&data[..], 100), data[data.len() - 100..].to_vec());
        assert_eq!(read_tail(&b"short"[..], 100), b"short".to_vec());
    }
}
