//! The person's side of `judge play`: what the terminal shows and what is typed back, with `q`
//! (or `quit`) quitting at any prompt and the end of input (Ctrl-D) ending the session. When
//! the input is not a terminal (a script), each answer is echoed after its prompt, so the
//! output reads as the screen of the same session typed by hand.

use std::io::{BufRead, Write};

/// What the person answered.
#[derive(Debug, PartialEq, Eq)]
pub enum Answer {
    /// A line, trimmed.
    Line(String),
    /// `q` or `quit`, in either case.
    Quit,
    /// The input ended (Ctrl-D, or a script's end).
    Ended,
}

/// A terminal: lines in, text out (every write flushed, so prompts show before input is read).
pub struct Person<R, W> {
    input: R,
    output: W,
    echo: bool,
}

impl<R: BufRead, W: Write> Person<R, W> {
    /// With `echo`, answers are written after their prompts (for input that is not typed).
    pub fn new(input: R, output: W, echo: bool) -> Person<R, W> {
        Person {
            input,
            output,
            echo,
        }
    }

    /// Shows text; a closed terminal is not an error worth stopping for (the next read ends).
    pub fn say(&mut self, text: &str) {
        let _ = write!(self.output, "{text}");
        let _ = self.output.flush();
    }

    /// Shows the prompt and reads one answer. Bytes that are not UTF-8 are replaced, not fatal.
    pub fn ask(&mut self, prompt: &str) -> Answer {
        self.say(prompt);
        let mut line = Vec::new();
        match self.input.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => {
                // Under a script the prompt is not followed by a typed newline: end the line.
                self.say("\n");
                Answer::Ended
            }
            Ok(_) => {
                let text = String::from_utf8_lossy(&line).trim().to_string();
                if self.echo {
                    self.say(&format!("{text}\n"));
                }
                if text.eq_ignore_ascii_case("q") || text.eq_ignore_ascii_case("quit") {
                    Answer::Quit
                } else {
                    Answer::Line(text)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_quit_and_end() {
        let mut output = Vec::new();
        let mut person = Person::new(&b" d3 \nQ\nquit\n\xff\n"[..], &mut output, false);
        assert_eq!(person.ask("move? "), Answer::Line("d3".into()));
        assert_eq!(person.ask("move? "), Answer::Quit);
        assert_eq!(person.ask("move? "), Answer::Quit);
        assert_eq!(person.ask("move? "), Answer::Line("\u{fffd}".into()));
        assert_eq!(person.ask("again? "), Answer::Ended);
        assert_eq!(
            String::from_utf8(output).unwrap(),
            "move? move? move? move? again? \n"
        );
    }

    #[test]
    fn echoes_answers_when_asked() {
        let mut output = Vec::new();
        let mut person = Person::new(&b"4\r\nq\n"[..], &mut output, true);
        assert_eq!(person.ask("move? "), Answer::Line("4".into()));
        assert_eq!(person.ask("move? "), Answer::Quit);
        assert_eq!(String::from_utf8(output).unwrap(), "move? 4\nmove? q\n");
    }
}
