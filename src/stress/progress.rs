//! The progress line of `judge stress` on stderr, for the search and the shrinking: drawn only
//! when stderr is a terminal, redrawn in place, and cleared before the report.

use std::io::{self, IsTerminal, Write};

pub struct ProgressLine {
    terminal: bool,
    shown: bool,
}

impl ProgressLine {
    pub fn new() -> ProgressLine {
        ProgressLine {
            terminal: io::stderr().is_terminal(),
            shown: false,
        }
    }

    /// Whether the line is drawn at all.
    pub fn on_terminal(&self) -> bool {
        self.terminal
    }

    /// Draws `text` in place of the line before.
    pub fn draw(&mut self, text: &str) {
        if self.terminal {
            eprint!("\r{text}\x1b[K");
            let _ = io::stderr().flush();
            self.shown = true;
        }
    }

    /// Clears the line, if one was drawn.
    pub fn clear(&self) {
        if self.shown {
            eprint!("\r\x1b[K");
            let _ = io::stderr().flush();
        }
    }
}
