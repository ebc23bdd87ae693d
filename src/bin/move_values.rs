//! move_values: the value of every move of a tic-tac-toe position, under normal or misère rules.
//!
//! From the classic page that proves by full minimax that every opening is a draw, then flips the
//! rule so that three in a row LOSES (misère) and finds that only the centre opening still draws.
//! Judge: none; statement `shared/problems/move_values.md` in this project.
//! Input: any number of lines `BOARD RULE`: a board of 9 characters `o`, `x`, `s` (empty), row by
//! row, `o` moving first; a space; the rule `normal` (three in a row wins) or `misere` (three in a
//! row loses). Output per line, for the side to move, the value of each of the 9 cells in board
//! order, separated by single spaces: `.` for an occupied cell, else `1` (the mover wins with
//! perfect play after moving there), `0` (draw) or `-1` (loss). A board whose game is over (a
//! line, or a full board) has no moves: its output line is the single word `over`.
//! Illegal boards (as in perfect_play), unknown rules and malformed lines are bad input:
//! `error: line N: …` on stderr, exit status 1, nothing on stdout.
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

/// Reads one line: a board and a rule.
fn parse_line(line: &str, number: usize) -> Result<(Board, Rule), InputError> {
    let error = |message: String| InputError {
        line: number,
        message,
    };
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.len() != 2 {
        return Err(error(format!(
            "expected a board and a rule (normal or misere), found {} words",
            words.len()
        )));
    }
    let board = parse_board(words[0], number)?;
    let rule = match words[1] {
        "normal" => Rule::Normal,
        "misere" => Rule::Misere,
        other => {
            return Err(error(format!(
                "expected the rule normal or misere, found {:?}",
                other
            )))
        }
    };
    check_legal(board).map_err(|illegal| error(illegal.to_string()))?;
    Ok((board, rule))
}

/// The output line for one legal board under one rule.
fn move_line(values: &mut Values, board: Board, rule: Rule) -> String {
    if has_line(board.o) || has_line(board.x) || board.free() == 0 {
        return "over".to_string();
    }
    let cells: Vec<String> = (0..9)
        .map(|cell| {
            if board.free() & 1 << cell == 0 {
                ".".to_string()
            } else {
                values.of_move(board, cell, rule).to_string()
            }
        })
        .collect();
    cells.join(" ")
}

/// The whole output for the whole input, or the first bad line.
pub fn run(input: &str) -> Result<String, InputError> {
    let mut values = Values::new();
    let mut output = String::new();
    for (number, line) in content_lines(input) {
        let (board, rule) = parse_line(line, number)?;
        output.push_str(&move_line(&mut values, board, rule));
        output.push('\n');
    }
    Ok(output)
}

// ---- shared: lines (kept identical across solvers by tests/shared_code.rs) ----
/// The eight lines (three rows, three columns, two diagonals) as bitmasks of cells.
const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

/// Whether the cells of a bitmask (bit i = cell i, row-major) contain a whole line.
fn has_line(cells: u16) -> bool {
    LINES.iter().any(|&line| line & !cells == 0)
}
// ---- end shared: lines ----

// ---- shared: board (kept identical across solvers by tests/shared_code.rs) ----
/// A board as two bitmasks, the cells of `o` and of `x`: small and fast to test lines on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Board {
    o: u16,
    x: u16,
}

/// Reads one board: exactly 9 characters `o`, `x` or `s`, row by row.
fn parse_board(line: &str, number: usize) -> Result<Board, InputError> {
    let length = line.chars().count();
    if length != 9 {
        return Err(InputError {
            line: number,
            message: format!(
                "expected a board of 9 characters (o, x or s), found {} characters",
                length
            ),
        });
    }
    let mut board = Board { o: 0, x: 0 };
    for (cell, found) in line.chars().enumerate() {
        match found {
            'o' => board.o |= 1 << cell,
            'x' => board.x |= 1 << cell,
            's' => {}
            _ => {
                return Err(InputError {
                    line: number,
                    message: format!(
                        "expected o, x or s, found {:?} at column {}",
                        found,
                        cell + 1
                    ),
                })
            }
        }
    }
    Ok(board)
}
// ---- end shared: board ----

// ---- shared: moves (kept identical across solvers by tests/shared_code.rs) ----
impl Board {
    /// Whether `o` is to move (`o` moves first, so when the counts are equal).
    fn o_to_move(self) -> bool {
        self.o.count_ones() == self.x.count_ones()
    }

    /// The free cells.
    fn free(self) -> u16 {
        !(self.o | self.x) & 0o777
    }

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

    /// The base-3 number of the board, cell 0 the lowest digit (empty 0, o 1, x 2): a table index.
    fn index(self) -> usize {
        (0..9).rev().fold(0, |index, cell| {
            let digit = (self.o >> cell & 1) + 2 * (self.x >> cell & 1);
            index * 3 + digit as usize
        })
    }
}
// ---- end shared: moves ----

// ---- shared: legal (kept identical across solvers by tests/shared_code.rs) ----
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

// ---- shared: error (kept identical across solvers by tests/shared_code.rs) ----
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

// ---- end shared: error ----

// ---- shared: batch (kept identical across solvers by tests/shared_code.rs) ----
/// The lines that hold something, numbered from 1, without line ends or surrounding blanks.
fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n')
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim()))
        .filter(|&(_, line)| !line.is_empty())
}

/// The input as text, or the line on which it stops being UTF-8.
fn decode(bytes: &[u8]) -> Result<&str, InputError> {
    str::from_utf8(bytes).map_err(|error| {
        let before = &bytes[..error.valid_up_to()];
        InputError {
            line: 1 + before.iter().filter(|&&byte| byte == b'\n').count(),
            message: "the input is not UTF-8 text".to_string(),
        }
    })
}

/// Prints `error: …` on stderr and exits with status 1; stdout stays empty.
fn fail(message: &str) -> ! {
    eprintln!("error: {}", message);
    process::exit(1)
}

fn main() {
    let mut bytes = Vec::new();
    if let Err(error) = io::stdin().read_to_end(&mut bytes) {
        fail(&format!("cannot read the input: {}", error));
    }
    let output = match decode(&bytes).and_then(run) {
        Ok(output) => output,
        Err(error) => fail(&error.to_string()),
    };
    let stdout = io::stdout();
    let mut stdout = stdout.lock();
    if let Err(error) = stdout
        .write_all(output.as_bytes())
        .and_then(|()| stdout.flush())
    {
        fail(&format!("cannot write the output: {}", error));
    }
}
// ---- end shared: batch ----

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classic_tables_for_the_empty_board() {
        let input = "sssssssss normal\nsssssssss misere\n";
        let expected = "0 0 0 0 0 0 0 0 0\n-1 -1 -1 -1 0 -1 -1 -1 -1\n";
        assert_eq!(run(input), Ok(expected.to_string()));
    }

    #[test]
    fn a_line_wins_under_normal_and_loses_under_misere() {
        // o x o / x o x / . . . with o to move: 6 and 8 complete a diagonal; after 7, x must
        // give o a diagonal (normal) or o must take one (misère).
        assert_eq!(
            run("oxoxoxsss normal"),
            Ok(". . . . . . 1 1 1\n".to_string())
        );
        assert_eq!(
            run("oxoxoxsss misere"),
            Ok(". . . . . . -1 -1 -1\n".to_string())
        );
    }

    #[test]
    fn finished_games_have_no_moves() {
        assert_eq!(
            run("ooosxssxs normal\noxooxxxoo misere"),
            Ok("over\nover\n".to_string())
        );
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let message = |input: &str| run(input).unwrap_err().to_string();
        assert_eq!(
            message("sssssssss"),
            "line 1: expected a board and a rule (normal or misere), found 1 words"
        );
        assert_eq!(
            message("sssssssss normal\nsssssssss misère"),
            "line 2: expected the rule normal or misere, found \"misère\""
        );
        assert!(message("xxsssssss normal").starts_with("line 1: illegal position: 0 o and 2 x"));
        assert!(message("sssss normal").contains("found 5 characters"));
    }
}
