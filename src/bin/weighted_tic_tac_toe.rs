//! weighted_tic_tac_toe: AtCoder ABC349 E "Weighted Tic-Tac-Toe": who wins with perfect play.
//!
//! Judge: AtCoder, https://atcoder.jp/contests/abc349/tasks/abc349_e (2 s, 1024 MB).
//! Input: three lines of three integers A[i][j], |A| <= 10^9, odd sum. Takahashi (red) moves
//! first; a move takes a free cell and scores its number; a line of one's colour wins at once,
//! otherwise the higher score wins when the board is full. Output: `Takahashi` or `Aoki`.
//! Scores reach 9 * 10^9, so they are i64. Bad input (a wrong count of rows or integers, a
//! non-integer, |A| > 10^9, an even sum) gets `error: line N: …` on stderr and exit status 1;
//! empty input prints nothing.
//! Approach: minimax over who owns which cell, memoised by the base-3 number of the colouring:
//! at most 3^9 states, each tried once, instead of the 9! move orders of the plain game tree;
//! lines prune it (take a completing cell, block a single threat, lose to a double one).
//! Judge Rust: 1.70 (edition 2021), and 1.89 (edition 2024) since late 2025; this file builds
//! on both. std only: this file is the submission.

// The shared blocks below also build on AOJ's Rust 1.41, which has no inline format arguments.
#![allow(clippy::uninlined_format_args)]

use std::fmt;
use std::io::{self, Read, Write};
use std::process;
use std::str;

/// The player who wins with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winner {
    Takahashi,
    Aoki,
}

/// The largest |A[i][j]| the statement allows.
const LIMIT: i64 = 1_000_000_000;

/// The number of colourings: every cell is free, red or blue.
const COLOURINGS: usize = 19683;

/// 3^cell: the weight of a cell's digit in the base-3 number of a colouring.
const POWERS_OF_3: [usize; 9] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561];

/// The sum of the numbers on the cells of a bitmask.
fn score(grid: &[i64; 9], cells: u16) -> i64 {
    (0..9)
        .filter(|cell| cells & 1 << cell != 0)
        .map(|cell| grid[cell])
        .sum()
}

/// The free cells where `cells` would complete a line.
fn completing_cells(cells: u16, free: u16) -> u16 {
    (0..9)
        .filter(|&cell| free & 1 << cell != 0 && has_line(cells | 1 << cell))
        .fold(0, |found, cell| found | 1 << cell)
}

/// Whether the player to move wins, given the red and blue cells and their base-3 number
/// (digit 1 red, 2 blue). Memo entries: 0 unknown, 1 the mover loses, 2 the mover wins.
/// Lines prune the search: a mover who can complete a line wins at once; otherwise a mover
/// facing two completing cells of the other side loses (only one can be blocked), and facing
/// one must take it (any other move lets the other side complete its line).
fn mover_wins(grid: &[i64; 9], red: u16, blue: u16, index: usize, memo: &mut [u8]) -> bool {
    if memo[index] != 0 {
        return memo[index] == 2;
    }
    let red_moves = red.count_ones() == blue.count_ones();
    let (mine, theirs, digit) = if red_moves {
        (red, blue, 1)
    } else {
        (blue, red, 2)
    };
    let free = !(red | blue) & 0o777;
    let threats = completing_cells(theirs, free);
    let wins = if completing_cells(mine, free) != 0 {
        true
    } else if threats.count_ones() >= 2 {
        false
    } else {
        let candidates = if threats != 0 { threats } else { free };
        (0..9)
            .filter(|cell| candidates & 1 << cell != 0)
            .any(|cell| {
                let mine = mine | 1 << cell;
                if free == 1 << cell {
                    score(grid, mine) > score(grid, theirs)
                } else {
                    let (red, blue) = if red_moves {
                        (mine, theirs)
                    } else {
                        (theirs, mine)
                    };
                    !mover_wins(grid, red, blue, index + digit * POWERS_OF_3[cell], memo)
                }
            })
    };
    memo[index] = if wins { 2 } else { 1 };
    wins
}

/// The winner of the game on this grid (Takahashi moves first).
pub fn solve(grid: &[i64; 9]) -> Winner {
    let mut memo = [0u8; COLOURINGS];
    if mover_wins(grid, 0, 0, 0, &mut memo) {
        Winner::Takahashi
    } else {
        Winner::Aoki
    }
}

/// Reads one integer within the statement's bound.
fn parse_number(token: &str, number: usize) -> Result<i64, InputError> {
    let error = |message: String| InputError {
        line: number,
        message,
    };
    let digits = token.strip_prefix(['+', '-']).unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(error(format!(
            "expected an integer, found {}",
            quote(token)
        )));
    }
    match token.parse::<i64>() {
        Ok(value) if (-LIMIT..=LIMIT).contains(&value) => Ok(value),
        // Digits are shown as they are, unless there are too many to show whole.
        _ if token.len() <= QUOTE_LIMIT => {
            Err(error(format!("{} is out of range (|A| <= 10^9)", token)))
        }
        _ => Err(error(format!(
            "{} is out of range (|A| <= 10^9)",
            quote(token)
        ))),
    }
}

/// Reads the 3x3 grid; `None` for an input with no rows at all.
fn parse(input: &[u8]) -> Result<Option<[i64; 9]>, InputError> {
    let mut grid = [0i64; 9];
    let mut rows = 0;
    let mut last_line = 0;
    for line in content_lines(input) {
        let (number, line) = line?;
        if rows == 3 {
            return Err(InputError {
                line: number,
                message: format!("expected end of input after 3 rows, found {}", quote(line)),
            });
        }
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.len() != 3 {
            return Err(InputError {
                line: number,
                message: format!(
                    "expected 3 integers, found {} word{}: {}",
                    tokens.len(),
                    if tokens.len() == 1 { "" } else { "s" },
                    quote(line)
                ),
            });
        }
        for (column, token) in tokens.iter().enumerate() {
            grid[rows * 3 + column] = parse_number(token, number)?;
        }
        rows += 1;
        last_line = number;
    }
    if rows == 0 {
        return Ok(None);
    }
    if rows < 3 {
        return Err(InputError {
            line: last_line + 1,
            message: format!(
                "expected 3 rows of 3 integers, found end of input after {}",
                rows
            ),
        });
    }
    let sum: i64 = grid.iter().sum();
    if sum % 2 == 0 {
        return Err(InputError {
            line: last_line,
            message: format!(
                "the sum of the grid is {}, which is even; it must be odd",
                sum
            ),
        });
    }
    Ok(Some(grid))
}

/// The whole output for the whole input, or the first bad line.
pub fn run(input: &[u8]) -> Result<String, InputError> {
    Ok(match parse(input)? {
        None => String::new(),
        Some(grid) => match solve(&grid) {
            Winner::Takahashi => "Takahashi\n".to_string(),
            Winner::Aoki => "Aoki\n".to_string(),
        },
    })
}

// ---- shared: lines (kept identical across solvers by tests/solvers/shared_code.rs) ----
/// The eight lines (three rows, three columns, two diagonals) as bitmasks of cells.
const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

/// Whether the cells of a bitmask (bit i = cell i, row-major) contain a whole line. (All eight
/// are tested, without an early exit: on random boards that is faster than a branch per line.)
fn has_line(cells: u16) -> bool {
    LINES
        .iter()
        .fold(false, |found, &line| found | (line & !cells == 0))
}
// ---- end shared: lines ----

// ---- shared: error (kept identical across solvers by tests/solvers/shared_code.rs) ----
/// A bad input: the 1-based line number and what was wrong there.
#[derive(Debug, PartialEq, Eq)]
pub struct InputError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// The most characters of the input a message quotes.
const QUOTE_LIMIT: usize = 40;

/// A piece of the input as a message shows it: quoted, with escapes, and past `QUOTE_LIMIT`
/// characters cut, followed by `…` and its length, so a huge line is never written back whole.
#[allow(dead_code)] // not every solver quotes its input
fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        Some((cut, _)) => format!("{:?}… ({} characters)", &text[..cut], text.chars().count()),
        None => format!("{:?}", text),
    }
}

/// The line itself, unless it starts with the byte-order mark (U+FEFF) some editors write at
/// the start of a UTF-8 file: that is named, not counted as a character of the line.
fn without_byte_order_mark(line: &str, number: usize) -> Result<&str, InputError> {
    if line.starts_with('\u{feff}') {
        return Err(InputError {
            line: number,
            message: "starts with a UTF-8 byte-order mark (save the file without BOM)".to_string(),
        });
    }
    Ok(line)
}
// ---- end shared: error ----

// ---- shared: batch (kept identical across solvers by tests/solvers/shared_code.rs) ----
/// The lines that hold something, numbered from 1, as text without line ends or the blanks
/// (spaces, tabs, CR) around them. Each line is checked as it comes (UTF-8, no byte-order
/// mark), so whatever is wrong with the first bad line, it is the one reported. Split by hand:
/// lines are short, and a byte loop beats a search call.
fn content_lines(input: &[u8]) -> impl Iterator<Item = Result<(usize, &str), InputError>> {
    // One check of the whole input is faster than one per line; lines are decoded one by one
    // only when it is not all UTF-8.
    let text = str::from_utf8(input).ok();
    let mut position = 0;
    let mut number = 0;
    std::iter::from_fn(move || {
        while position < input.len() {
            number += 1;
            let rest = &input[position..];
            let end = rest
                .iter()
                .position(|&byte| byte == b'\n')
                .unwrap_or(rest.len());
            let blank = |byte: &u8| *byte == b' ' || *byte == b'\t' || *byte == b'\r';
            let start = rest[..end]
                .iter()
                .position(|byte| !blank(byte))
                .unwrap_or(end);
            let stop = rest[..end]
                .iter()
                .rposition(|byte| !blank(byte))
                .map_or(start, |last| last + 1);
            let (from, to) = (position + start, position + stop);
            position += (end + 1).min(rest.len());
            if from < to {
                // Blanks and line ends are ASCII, so these cuts fall between characters.
                let line = match text {
                    Some(text) => Ok(&text[from..to]),
                    None => decode(&input[from..to], number),
                };
                let line = line.and_then(|line| without_byte_order_mark(line, number));
                return Some(line.map(|line| (number, line)));
            }
        }
        None
    })
}

/// One line as text, or the error that it is not.
fn decode(line: &[u8], number: usize) -> Result<&str, InputError> {
    str::from_utf8(line).map_err(|_| InputError {
        line: number,
        message: "the input is not UTF-8 text".to_string(),
    })
}

/// Prints `error: …` on stderr and exits with status 1; stdout stays empty.
fn fail(message: &str) -> ! {
    eprintln!("error: {}", message);
    process::exit(1)
}

/// Writes the answers to stdout, or says why they could not be written.
fn write_output(output: &[u8]) {
    let stdout = io::stdout();
    let mut stdout = stdout.lock();
    if let Err(error) = stdout.write_all(output).and_then(|()| stdout.flush()) {
        fail(&format!("cannot write the output: {}", error));
    }
}
// ---- end shared: batch ----

// ---- shared: main (kept identical across solvers by tests/solvers/shared_code.rs) ----
/// Reads the whole input, answers it with `run`, and writes the answers; or says what is wrong.
fn main() {
    let mut bytes = Vec::new();
    if let Err(error) = io::stdin().read_to_end(&mut bytes) {
        fail(&format!("cannot read the input: {}", error));
    }
    let output = match run(&bytes) {
        Ok(output) => output,
        Err(error) => fail(&error.to_string()),
    };
    write_output(output.as_bytes());
}
// ---- end shared: main ----

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statement_samples() {
        assert_eq!(run(b"0 0 0\n0 1 0\n0 0 0\n"), Ok("Takahashi\n".to_string()));
        assert_eq!(
            run(b"-1 1 0\n-4 -2 -5\n-4 -1 -5\n"),
            Ok("Aoki\n".to_string())
        );
    }

    #[test]
    fn a_line_beats_a_higher_score() {
        // Takahashi takes the centre; whatever Aoki does, Takahashi completes a line through
        // it, even though Aoki could take the huge corner.
        assert_eq!(
            solve(&[1_000_000_000, 0, 0, 0, 1, 0, 0, 0, 0]),
            Winner::Takahashi
        );
    }

    #[test]
    fn equal_cells_decide_by_who_takes_five() {
        // Neither side can force a line in plain tic-tac-toe, so the board fills and Takahashi
        // ends with five cells against four: that wins when cells are worth 1, loses at -1.
        assert_eq!(solve(&[1; 9]), Winner::Takahashi);
        assert_eq!(solve(&[-1; 9]), Winner::Aoki);
    }

    #[test]
    fn largest_values_fit() {
        let input = "1000000000 -1000000000 1000000000\n-1000000000 1000000000 -1000000000\n\
                     1000000000 -1000000000 999999999\n";
        assert!(run(input.as_bytes()).is_ok());
    }

    #[test]
    fn bad_grids_name_the_line() {
        let message = |input: &str| {
            let error = run(input.as_bytes()).unwrap_err();
            format!("{}", error)
        };
        assert_eq!(
            message("0 0 0\n0 1\n0 0 0\n"),
            "line 2: expected 3 integers, found 2 words: \"0 1\""
        );
        assert_eq!(
            message("SSSSSSSSS\n"),
            "line 1: expected 3 integers, found 1 word: \"SSSSSSSSS\""
        );
        assert_eq!(
            message("0 0 0\n0 1 x\n0 0 0\n"),
            "line 2: expected an integer, found \"x\""
        );
        assert_eq!(
            message("0 0 0\n0 1 0\n0 0 -1000000001\n"),
            "line 3: -1000000001 is out of range (|A| <= 10^9)"
        );
        assert_eq!(
            message("0 0 0\n0 1 0\n0 0 99999999999999999999\n"),
            "line 3: 99999999999999999999 is out of range (|A| <= 10^9)"
        );
        // The smallest i64 has no absolute value in i64: out of range, never an overflow.
        assert_eq!(
            message("-9223372036854775808 1 1\n1 1 1\n1 1 0\n"),
            "line 1: -9223372036854775808 is out of range (|A| <= 10^9)"
        );
        assert_eq!(
            message("0 0 0\n0 2 0\n0 0 0\n"),
            "line 3: the sum of the grid is 2, which is even; it must be odd"
        );
        assert_eq!(
            message("0 0 0\n0 1 0\n"),
            "line 3: expected 3 rows of 3 integers, found end of input after 2"
        );
        assert_eq!(
            message("0 0 0\n0 1 0\n0 0 0\n1\n"),
            "line 4: expected end of input after 3 rows, found \"1\""
        );
    }

    #[test]
    fn long_tokens_and_lines_are_quoted_only_in_part() {
        let message = |input: String| run(input.as_bytes()).unwrap_err().to_string();
        let word = "x".repeat(100_000);
        assert_eq!(
            message(format!("0 0 {}\n", word)),
            format!(
                "line 1: expected an integer, found \"{}\"… (100000 characters)",
                "x".repeat(40)
            )
        );
        let digits = "9".repeat(100_000);
        assert_eq!(
            message(format!("0 0 {}\n", digits)),
            format!(
                "line 1: \"{}\"… (100000 characters) is out of range (|A| <= 10^9)",
                "9".repeat(40)
            )
        );
        let many = "0 ".repeat(50_000);
        assert_eq!(
            message(many.clone()),
            format!(
                "line 1: expected 3 integers, found 50000 words: \"{}\"… (99999 characters)",
                &many[..40]
            )
        );
    }

    #[test]
    fn a_byte_order_mark_is_named_before_the_count_of_integers() {
        assert_eq!(
            run("\u{feff}0 0 0\n0 1 0\n0 0 0\n".as_bytes())
                .unwrap_err()
                .to_string(),
            "line 1: starts with a UTF-8 byte-order mark (save the file without BOM)"
        );
    }

    #[test]
    fn tolerates_crlf_blanks_and_no_final_newline() {
        assert_eq!(
            run(b"0 0 0 \r\n\r\n0  1 0\r\n0 0 0"),
            Ok("Takahashi\n".to_string())
        );
        assert_eq!(run(b""), Ok(String::new()));
    }
}
