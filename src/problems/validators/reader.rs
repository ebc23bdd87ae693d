//! A strict reader for input validators, in the manner of testlib's: every byte is accounted for
//! (single spaces, LF line ends, a final newline, nothing after the last line), and every
//! failure names its line.

use crate::text::{quote, QUOTE_CHARS};
use std::fmt;

/// Why an input is not one the problem's judge can give, and on which line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for Invalid {}

/// What a byte is, for a message: `'x'`, `a space`, `a CR (CRLF line ends are not allowed)`.
fn describe(byte: Option<u8>) -> String {
    match byte {
        None => "end of input".to_string(),
        Some(b' ') => "a space".to_string(),
        Some(b'\n') => "the end of the line".to_string(),
        Some(b'\r') => "a CR (line ends must be LF, not CRLF)".to_string(),
        Some(b'\t') => "a tab".to_string(),
        Some(byte) if byte.is_ascii_graphic() => format!("'{}'", byte as char),
        Some(byte) => format!("the byte \\x{byte:02x}"),
    }
}

/// A cursor over the input's bytes that knows its line.
pub struct Reader<'a> {
    bytes: &'a [u8],
    position: usize,
    line: usize,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader {
            bytes,
            position: 0,
            line: 1,
        }
    }

    /// The line the cursor is on, counted from 1.
    pub fn line(&self) -> usize {
        self.line
    }

    /// An error on the current line.
    pub fn fail(&self, message: impl Into<String>) -> Invalid {
        self.fail_at(self.line, message)
    }

    /// An error on a given line.
    pub fn fail_at(&self, line: usize, message: impl Into<String>) -> Invalid {
        Invalid {
            line,
            message: message.into(),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.position).copied()
    }

    /// The unread bytes of the current line, without its line end.
    fn rest_of_line(&self) -> &'a [u8] {
        let rest = &self.bytes[self.position..];
        let end = rest
            .iter()
            .position(|&byte| byte == b'\n' || byte == b'\r')
            .unwrap_or(rest.len());
        &rest[..end]
    }

    /// One or more lines to the end of the input, each read by `read_line` and then ended by
    /// LF: the shape of every input that is a list of lines.
    pub fn read_lines(
        &mut self,
        mut read_line: impl FnMut(&mut Reader<'a>) -> Result<(), Invalid>,
    ) -> Result<(), Invalid> {
        loop {
            read_line(self)?;
            self.read_line_end()?;
            if self.at_end() {
                return Ok(());
            }
        }
    }

    /// Whether every byte has been read.
    pub fn at_end(&self) -> bool {
        self.position == self.bytes.len()
    }

    /// Exactly one space between two items.
    pub fn read_space(&mut self, between: &str) -> Result<(), Invalid> {
        match self.peek() {
            Some(b' ') => {
                self.position += 1;
                if self.peek() == Some(b' ') {
                    return Err(self.fail(format!(
                        "expected a single space between {between}, found two"
                    )));
                }
                Ok(())
            }
            other => Err(self.fail(format!(
                "expected a space between {between}, found {}",
                describe(other)
            ))),
        }
    }

    /// The end of the line: one LF, not CRLF, not a trailing space, not the end of input.
    pub fn read_line_end(&mut self) -> Result<(), Invalid> {
        match self.peek() {
            Some(b'\n') => {
                self.position += 1;
                self.line += 1;
                Ok(())
            }
            None => Err(self.fail("expected a newline at the end of the line, found end of input")),
            Some(b' ') if self.rest_of_line().iter().all(|&byte| byte == b' ') => {
                Err(self.fail("expected the end of the line, found a trailing space"))
            }
            Some(b' ') => Err(self.fail(format!(
                "expected the end of the line, found more: {}",
                quote(&String::from_utf8_lossy(self.rest_of_line()))
            ))),
            other => Err(self.fail(format!(
                "expected the end of the line, found {}",
                describe(other)
            ))),
        }
    }

    /// Nothing after the last line.
    pub fn read_end(&self) -> Result<(), Invalid> {
        match self.peek() {
            None => Ok(()),
            Some(b'\n') => Err(self.fail("expected end of input, found an empty line")),
            other => Err(self.fail(format!("expected end of input, found {}", describe(other)))),
        }
    }

    /// One byte, which must be among `allowed`; `what` names it in the message.
    pub fn read_byte_of(&mut self, allowed: &[u8], what: &str) -> Result<u8, Invalid> {
        match self.peek() {
            Some(byte) if allowed.contains(&byte) => {
                self.position += 1;
                Ok(byte)
            }
            other => Err(self.fail(format!("expected {what}, found {}", describe(other)))),
        }
    }

    /// The next byte, if it is `byte` (then it is read).
    pub fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        if found {
            self.position += 1;
        }
        found
    }

    /// A non-empty run of printable ASCII (up to a space, a line end or any other byte); `what`
    /// names it.
    pub fn read_word(&mut self, what: &str) -> Result<&'a str, Invalid> {
        let start = self.position;
        while let Some(byte) = self.peek() {
            if !byte.is_ascii_graphic() {
                break;
            }
            self.position += 1;
        }
        if start == self.position {
            return Err(self.fail(format!("expected {what}, found {}", describe(self.peek()))));
        }
        // A byte that is neither printable nor white space (a NUL, a non-ASCII one) is named
        // where it is, not taken for the word's end.
        if let Some(byte) = self
            .peek()
            .filter(|byte| !matches!(byte, b' ' | b'\n' | b'\r' | b'\t'))
        {
            let word = String::from_utf8_lossy(&self.bytes[start..self.position]);
            return Err(self.fail(format!(
                "expected {what}, found {} after '{word}'",
                describe(Some(byte))
            )));
        }
        // Whatever ends the word (a space, a CR, a tab) is for the next read to judge.
        // Only ASCII bytes were read.
        Ok(std::str::from_utf8(&self.bytes[start..self.position]).unwrap_or_default())
    }

    /// The rest of the line up to its LF (not read): printable ASCII and spaces only.
    pub fn read_rest_of_line(&mut self, what: &str) -> Result<&'a str, Invalid> {
        let start = self.position;
        while let Some(byte) = self.peek() {
            match byte {
                b'\n' => break,
                b' ' => {}
                _ if byte.is_ascii_graphic() => {}
                _ => {
                    return Err(self.fail(format!(
                        "expected printable ASCII in {what}, found {}",
                        describe(Some(byte))
                    )))
                }
            }
            self.position += 1;
        }
        Ok(std::str::from_utf8(&self.bytes[start..self.position]).unwrap_or_default())
    }

    /// An integer in `low..=high` written as testlib writes one: an optional `-`, digits, no
    /// leading zeros, no `-0`, no `+`.
    pub fn read_integer(&mut self, low: i64, high: i64, what: &str) -> Result<i64, Invalid> {
        let word = self.read_word(what)?;
        let digits = word.strip_prefix('-').unwrap_or(word);
        let wellformed = !digits.is_empty()
            && digits.bytes().all(|byte| byte.is_ascii_digit())
            && (digits == "0" || !digits.starts_with('0'))
            && word != "-0";
        if !wellformed {
            return Err(self.fail(format!(
                "expected {what} as an integer, found {}",
                quote(word)
            )));
        }
        match word.parse::<i64>() {
            Ok(value) if (low..=high).contains(&value) => Ok(value),
            _ => Err(self.fail(format!(
                "{what} is {}, out of range [{low}, {high}]",
                match word.len() <= QUOTE_CHARS {
                    true => word.to_string(),
                    false => quote(word),
                }
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(result: Result<impl fmt::Debug, Invalid>) -> String {
        result.unwrap_err().to_string()
    }

    #[test]
    fn spaces_line_ends_and_the_end() {
        let mut reader = Reader::new(b"a  b");
        reader.read_word("a word").unwrap();
        assert_eq!(
            message(reader.read_space("words")),
            "line 1: expected a single space between words, found two"
        );
        let mut reader = Reader::new(b"a\r\n");
        reader.read_word("a word").unwrap();
        assert!(message(reader.read_line_end()).contains("CRLF"));
        let mut reader = Reader::new(b"a\n\n");
        reader.read_word("a word").unwrap();
        reader.read_line_end().unwrap();
        assert_eq!(
            message(reader.read_end()),
            "line 2: expected end of input, found an empty line"
        );
        assert!(message(Reader::new(b"a").read_line_end()).contains("found 'a'"));
    }

    #[test]
    fn integers_as_testlib_writes_them() {
        let read = |text: &[u8]| Reader::new(text).read_integer(-100, 100, "A");
        assert_eq!(read(b"-100"), Ok(-100));
        assert_eq!(read(b"0"), Ok(0));
        for bad in [&b"+1"[..], b"01", b"-0", b"1.0", b"-", b"1e2"] {
            assert!(message(read(bad)).contains("as an integer"), "{bad:?}");
        }
        assert_eq!(
            message(read(b"101")),
            "line 1: A is 101, out of range [-100, 100]"
        );
        assert!(message(read(b"99999999999999999999")).contains("out of range"));
    }
}
