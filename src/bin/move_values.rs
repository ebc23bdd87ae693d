//! move_values: the value of every move of a tic-tac-toe position, under normal or misère rules.
//!
//! From the classic page that proves by full minimax that every opening is a draw, then flips the
//! rule so that three in a row LOSES (misère) and finds that only the centre opening still draws.
//! Judge: none; this header is its statement, and the format is this project's own.
//! Input: any number of lines `BOARD RULE`: a board of 9 characters `o`, `x`, `s` (empty), row by
//! row, `o` moving first; a space; the rule `normal` (three in a row wins) or `misere` (three in a
//! row loses). Output per line, for the side to move, the value of each of the 9 cells in board
//! order, separated by single spaces: `.` for an occupied cell, else `1` (the mover wins with
//! perfect play after moving there), `0` (draw) or `-1` (loss). A board whose game is over (a
//! line, or a full board) has no moves: its output line is the single word `over`.
//! Illegal boards (as in perfect_play), unknown rules and malformed lines are bad input:
//! `error: line N: …` on stderr, exit status 1, nothing on stdout.
//! The acceptance cases, the classic page's two tables: `sssssssss normal` gives
//! `0 0 0 0 0 0 0 0 0` (every opening draws), `sssssssss misere` gives
//! `-1 -1 -1 -1 0 -1 -1 -1 -1` (only the centre still draws).
//! Approach: negamax over the 3^9 boards, memoised by base-3 index, one memo per rule shared by
//! all lines; a line costs at most nine lookups.
//! Judge Rust: 1.70 (edition 2021). std only: this file is the submission.

// The shared blocks below also build on AOJ's Rust 1.41, which has no inline format arguments.
#![allow(clippy::uninlined_format_args)]

use std::fmt;
use std::io::{self, Read, Write};
use std::process;
use std::str;

/// Whether three in a row wins (normal) or loses (misère).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    Normal,
    Misere,
}

/// The number of boards: every cell is empty, o or x.
const BOARDS: usize = 19683;

/// A memo entry not yet computed (values are -1, 0, 1).
const UNKNOWN: i8 = 2;

/// Negamax values for the side to move, one memo per rule, indexed by `Board::index`.
struct Values {
    normal: Vec<i8>,
    misere: Vec<i8>,
}

impl Values {
    fn new() -> Values {
        Values {
            normal: vec![UNKNOWN; BOARDS],
            misere: vec![UNKNOWN; BOARDS],
        }
    }

    /// The value for the mover of taking the free `cell` of a game that is not over.
    fn of_move(&mut self, board: Board, cell: u32, rule: Rule) -> i8 {
        let by_o = board.o_to_move();
        let after = board.with_move(cell, by_o);
        let mover = if by_o { after.o } else { after.x };
        if has_line(mover) {
            match rule {
                Rule::Normal => 1,
                Rule::Misere => -1,
            }
        } else if after.free() == 0 {
            0
        } else {
            -self.of_position(after, rule)
        }
    }

    /// The value for the side to move of a game that is not over: its best move's value.
    fn of_position(&mut self, board: Board, rule: Rule) -> i8 {
        let index = board.index();
        let known = match rule {
            Rule::Normal => self.normal[index],
            Rule::Misere => self.misere[index],
        };
        if known != UNKNOWN {
            return known;
        }
        let best = (0..9)
            .filter(|&cell| board.free() & 1 << cell != 0)
            .map(|cell| self.of_move(board, cell, rule))
            .max()
            .unwrap_or(0);
        match rule {
            Rule::Normal => self.normal[index] = best,
            Rule::Misere => self.misere[index] = best,
        }
        best
    }
}

impl Board {
    /// The board after `o` (or `x`) takes the free cell.
    fn with_move(self, cell: u32, by_o: bool) -> Board {
        if by_o {
            Board {
                o: self.o | 1 << cell,
                x: self.x,
            }
        } else {
            Board {
                o: self.o,
                x: self.x | 1 << cell,
            }
        }
    }
}

/// Reads one line: a board and a rule, separated by blanks (legality is checked by `run`).
fn parse_line(line: &str, number: usize) -> Result<(Board, Rule), InputError> {
    let error = |message: String| InputError {
        line: number,
        message,
    };
    // Blanks are ASCII, so cutting at them keeps whole characters.
    let blank = |byte: &u8| *byte == b' ' || *byte == b'\t';
    let bytes = line.as_bytes();
    let board_end = bytes.iter().position(blank).unwrap_or(bytes.len());
    let rule_start = bytes[board_end..]
        .iter()
        .position(|byte| !blank(byte))
        .map_or(bytes.len(), |skip| board_end + skip);
    let (board, rule) = (&line[..board_end], &line[rule_start..]);
    if rule.is_empty() || rule.bytes().any(|byte| blank(&byte)) {
        let words = line.split_ascii_whitespace().count();
        return Err(error(format!(
            "expected a board and a rule (normal or misere), found {} word{}",
            words,
            if words == 1 { "" } else { "s" }
        )));
    }
    let board = parse_board(board, number)?;
    let rule = match rule {
        "normal" => Rule::Normal,
        "misere" => Rule::Misere,
        other => {
            return Err(error(format!(
                "expected the rule normal or misere, found {}",
                quote(other)
            )))
        }
    };
    Ok((board, rule))
}

/// Appends the output line for one legal board under one rule.
fn push_move_line(output: &mut String, values: &mut Values, board: Board, rule: Rule) {
    if has_line(board.o) || has_line(board.x) || board.free() == 0 {
        output.push_str("over\n");
        return;
    }
    for cell in 0..9 {
        if cell > 0 {
            output.push(' ');
        }
        output.push_str(if board.free() & 1 << cell == 0 {
            "."
        } else {
            match values.of_move(board, cell, rule) {
                1 => "1",
                0 => "0",
                _ => "-1",
            }
        });
    }
    output.push('\n');
}

/// The whole output for the whole input, or the first bad line.
pub fn run(input: &[u8]) -> Result<String, InputError> {
    let mut values = Values::new();
    // Each (board, rule) answer line is built the first time it is asked for, appended to
    // `built`, and copied from there afterwards: a million lines hold at most 2 x 5478 distinct
    // positions. `spans[board * 2 + rule]` is its (start, end) in `built`; (0, 0) not built yet.
    let mut built = String::new();
    let mut spans = vec![(0u32, 0u32); 2 * BOARDS];
    let mut output = String::with_capacity(input.len() * 2);
    for line in content_lines(input) {
        let (number, line) = line?;
        let (board, rule) = parse_line(line, number)?;
        let slot = board.index() * 2 + rule as usize;
        if spans[slot] == (0, 0) {
            check_legal(board).map_err(|illegal| InputError {
                line: number,
                message: illegal.to_string(),
            })?;
            let start = built.len() as u32;
            push_move_line(&mut built, &mut values, board, rule);
            spans[slot] = (start, built.len() as u32);
        }
        let (start, end) = spans[slot];
        output.push_str(&built[start as usize..end as usize]);
    }
    Ok(output)
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

// ---- shared: board (kept identical across solvers by tests/solvers/shared_code.rs) ----
/// A board as two bitmasks, the cells of `o` and of `x`: small and fast to test lines on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Board {
    o: u16,
    x: u16,
}

/// Reads one board: exactly 9 characters `o`, `x` or `s`, row by row. A line of nine such
/// bytes is the common case and is read as bytes; anything else goes to `board_error`.
fn parse_board(line: &str, number: usize) -> Result<Board, InputError> {
    let mut board = Board { o: 0, x: 0 };
    if line.len() != 9 {
        return Err(board_error(line, number));
    }
    // Without branches per byte: the marks of random boards would defeat branch prediction.
    let mut valid = true;
    for (cell, &byte) in line.as_bytes().iter().enumerate() {
        board.o |= ((byte == b'o') as u16) << cell;
        board.x |= ((byte == b'x') as u16) << cell;
        valid &= (byte == b'o') | (byte == b'x') | (byte == b's');
    }
    if valid {
        Ok(board)
    } else {
        Err(board_error(line, number))
    }
}

/// What is wrong with a line that is not a board, counted in characters, not bytes.
fn board_error(line: &str, number: usize) -> InputError {
    let length = line.chars().count();
    let bad = line
        .chars()
        .enumerate()
        .find(|&(_, found)| found != 'o' && found != 'x' && found != 's');
    let message = match bad {
        Some((cell, found)) if length == 9 => format!(
            "expected o, x or s, found {:?} at column {}",
            found,
            cell + 1
        ),
        _ => format!(
            "expected a board of 9 characters (o, x or s), found {} character{}",
            length,
            if length == 1 { "" } else { "s" }
        ),
    };
    InputError {
        line: number,
        message,
    }
}
// ---- end shared: board ----

// ---- shared: moves (kept identical across solvers by tests/solvers/shared_code.rs) ----
impl Board {
    /// Whether `o` is to move (`o` moves first, so when the counts are equal).
    fn o_to_move(self) -> bool {
        self.o.count_ones() == self.x.count_ones()
    }

    /// The free cells.
    fn free(self) -> u16 {
        !(self.o | self.x) & 0o777
    }

    /// The base-3 number of the board, cell 0 the lowest digit (empty 0, o 1, x 2): a table index.
    fn index(self) -> usize {
        BASE_3[self.o as usize] as usize + 2 * BASE_3[self.x as usize] as usize
    }
}

/// `BASE_3[mask]`: the bits of a 9-bit mask read as base-3 digits (bit i is worth 3^i).
const BASE_3: [u16; 512] = base_3_table();

const fn base_3_table() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut mask = 0;
    while mask < 512 {
        let (mut value, mut cell) = (0u16, 9);
        while cell > 0 {
            cell -= 1;
            value = value * 3 + (mask >> cell & 1) as u16;
        }
        table[mask] = value;
        mask += 1;
    }
    table
}
// ---- end shared: moves ----

// ---- shared: legal (kept identical across solvers by tests/solvers/shared_code.rs) ----
/// Why a board cannot arise in a game where `o` moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    Counts { o: u32, x: u32 },
    BothLines,
    OLineButXMoved,
    XLineButOMoved,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match *self {
            Illegal::Counts { o, x } => write!(
                f,
                "illegal position: {o} o and {x} x (o moves first, so o must have as many as x or one more)"
            ),
            Illegal::BothLines => write!(f, "illegal position: both o and x have three in a row"),
            Illegal::OLineButXMoved => write!(
                f,
                "illegal position: o has three in a row but x moved after it (equal counts)"
            ),
            Illegal::XLineButOMoved => write!(
                f,
                "illegal position: x has three in a row but o moved after it (o has one more)"
            ),
        }
    }
}

/// The legality rules of the statement.
fn check_legal(board: Board) -> Result<(), Illegal> {
    let (o, x) = (board.o.count_ones(), board.x.count_ones());
    let o_to_move = board.o_to_move();
    if !o_to_move && o != x + 1 {
        return Err(Illegal::Counts { o, x });
    }
    match (has_line(board.o), has_line(board.x)) {
        (true, true) => Err(Illegal::BothLines),
        (true, false) if o_to_move => Err(Illegal::OLineButXMoved),
        (false, true) if !o_to_move => Err(Illegal::XLineButOMoved),
        _ => Ok(()),
    }
}
// ---- end shared: legal ----

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
    fn the_classic_tables_for_the_empty_board() {
        let input = "sssssssss normal\nsssssssss misere\n";
        let expected = "0 0 0 0 0 0 0 0 0\n-1 -1 -1 -1 0 -1 -1 -1 -1\n";
        assert_eq!(run(input.as_bytes()), Ok(expected.to_string()));
    }

    #[test]
    fn a_line_wins_under_normal_and_loses_under_misere() {
        // o x o / x o x / . . . with o to move: 6 and 8 complete a diagonal; after 7, x must
        // give o a diagonal (normal) or o must take one (misère).
        assert_eq!(
            run(b"oxoxoxsss normal"),
            Ok(". . . . . . 1 1 1\n".to_string())
        );
        assert_eq!(
            run(b"oxoxoxsss misere"),
            Ok(". . . . . . -1 -1 -1\n".to_string())
        );
    }

    #[test]
    fn finished_games_have_no_moves() {
        assert_eq!(
            run(b"ooosxssxs normal\noxooxxxoo misere"),
            Ok("over\nover\n".to_string())
        );
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let message = |input: &str| run(input.as_bytes()).unwrap_err().to_string();
        assert_eq!(
            message("sssssssss"),
            "line 1: expected a board and a rule (normal or misere), found 1 word"
        );
        assert_eq!(
            message("sssssssss normal x"),
            "line 1: expected a board and a rule (normal or misere), found 3 words"
        );
        assert_eq!(
            message("sssssssss normal\nsssssssss misère"),
            "line 2: expected the rule normal or misere, found \"misère\""
        );
        assert!(message("xxsssssss normal").starts_with("line 1: illegal position: 0 o and 2 x"));
        assert!(message("sssss normal").contains("found 5 characters"));
    }

    #[test]
    fn a_long_rule_is_quoted_only_in_part() {
        let rule = "n".repeat(100_000);
        assert_eq!(
            run(format!("sssssssss {}\n", rule).as_bytes())
                .unwrap_err()
                .to_string(),
            format!(
                "line 1: expected the rule normal or misere, found \"{}\"… (100000 characters)",
                "n".repeat(40)
            )
        );
    }

    #[test]
    fn quotes_cut_at_whole_characters() {
        assert_eq!(quote("normal"), "\"normal\"");
        assert_eq!(quote(&"é".repeat(40)), format!("\"{}\"", "é".repeat(40)));
        assert_eq!(
            quote(&"é".repeat(41)),
            format!("\"{}\"… (41 characters)", "é".repeat(40))
        );
        // Escapes are the quote's, not the cut's: 40 tabs are 80 characters quoted.
        assert_eq!(quote(&"\t".repeat(40)), format!("\"{}\"", "\\t".repeat(40)));
    }

    #[test]
    fn a_byte_order_mark_and_bad_utf8_are_lines_like_any_other() {
        assert_eq!(
            run("\u{feff}sssssssss normal\n".as_bytes())
                .unwrap_err()
                .to_string(),
            "line 1: starts with a UTF-8 byte-order mark (save the file without BOM)"
        );
        assert_eq!(
            run(b"sssssssss losing\n\xff\n").unwrap_err().line,
            1,
            "the bad rule on line 1 comes first"
        );
    }
}
