//! perfect_play: who wins a tic-tac-toe position when both sides play perfectly from it.
//!
//! Judge: none has this exact problem; it is the game-search reading of AOJ 0066 (the classic
//! memoised depth-first solver); this header is its statement.
//! Input: any number of lines, each a board of 9 characters `o`, `x`, `s` (empty), row by row.
//! `o` always moves first, so `o` is to move when the counts are equal, `x` when `o` has one more.
//! Output: one line per board: `o` (o wins), `x` (x wins) or `d` (draw).
//! A board that cannot arise in a game (bad counts, both players with a line, a line by the side
//! that did not move last) is bad input: `error: line N: …` on stderr, exit 1, nothing on stdout.
//! Exactly 5478 of the 3^9 = 19683 strings are legal positions.
//! Examples: `sssssssss` gives `d` (the empty board is a draw), `ssssossss` `d`, `ssssossxs` `o`
//! (x answered the centre with an edge), `ooosxssxs` `o` (already won).
//! Approach: a memoised minimax fills a table of the outcome of all 3^9 boards (base-3 index) once;
//! each line is then a parse and a lookup, so a million lines cost about as much as reading them.
//! Judge Rust: 1.70 (edition 2021). std only: this file is the submission.

// The shared blocks below also build on AOJ's Rust 1.41, which has no inline format arguments.
#![allow(clippy::uninlined_format_args)]

use std::fmt;
use std::io::{self, Read, Write};
use std::process;
use std::str;

/// The result of a position under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    OWins,
    XWins,
    Draw,
}

impl Outcome {
    /// The answer's character: `o`, `x` or `d`.
    fn symbol(self) -> char {
        match self {
            Outcome::OWins => 'o',
            Outcome::XWins => 'x',
            Outcome::Draw => 'd',
        }
    }

    /// How good the outcome is for `o`: o maximises this, x minimises it.
    fn score_for_o(self) -> i8 {
        match self {
            Outcome::OWins => 1,
            Outcome::Draw => 0,
            Outcome::XWins => -1,
        }
    }
}

/// The number of boards: every cell is empty, o or x.
const BOARDS: usize = 19683;

/// What the table holds for one board.
pub type Entry = Result<Outcome, Illegal>;

impl Board {
    /// The board with the given base-3 number (the inverse of `index`).
    fn from_index(mut index: usize) -> Board {
        let mut board = Board { o: 0, x: 0 };
        for cell in 0..9 {
            match index % 3 {
                1 => board.o |= 1 << cell,
                2 => board.x |= 1 << cell,
                _ => {}
            }
            index /= 3;
        }
        board
    }
}

/// 3^cell: the weight of a cell's digit in the base-3 number of a board.
const POWERS_OF_3: [usize; 9] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561];

/// The perfect-play outcome of a legal board whose children's outcomes are in the table.
fn outcome(board: Board, index: usize, table: &[Entry]) -> Outcome {
    if has_line(board.o) {
        return Outcome::OWins;
    }
    if has_line(board.x) {
        return Outcome::XWins;
    }
    let o_to_move = board.o_to_move();
    let digit = if o_to_move { 1 } else { 2 };
    // A move adds its digit at its cell, so every child has a larger index than its parent.
    let children = (0..9)
        .filter(|&cell| board.free() & 1 << cell != 0)
        .filter_map(|cell| table[index + digit * POWERS_OF_3[cell]].ok());
    let best = if o_to_move {
        children.max_by_key(|child| child.score_for_o())
    } else {
        children.min_by_key(|child| child.score_for_o())
    };
    // No child: the board is full, a draw.
    best.unwrap_or(Outcome::Draw)
}

/// The answer for every one of the 3^9 boards, indexed by `Board::index`: filled from the
/// largest index down, so each board's children are known before it.
pub fn outcome_table() -> Vec<Entry> {
    let mut table = vec![Ok(Outcome::Draw); BOARDS];
    for index in (0..BOARDS).rev() {
        let board = Board::from_index(index);
        table[index] = check_legal(board).map(|()| outcome(board, index, &table));
    }
    table
}

/// The answer character for one input line.
pub fn answer(table: &[Entry], number: usize, line: &str) -> Result<char, InputError> {
    let board = parse_board(line, number)?;
    match table[board.index()] {
        Ok(result) => Ok(result.symbol()),
        Err(illegal) => Err(InputError {
            line: number,
            message: illegal.to_string(),
        }),
    }
}

/// The whole output for the whole input, or the first bad line.
pub fn run(input: &[u8]) -> Result<String, InputError> {
    let table = outcome_table();
    let symbols = symbol_table(&table);
    answer_input(
        input,
        |board| symbols[board.index()],
        |number, line| answer(&table, number, line),
    )
}

/// Each board's answer as a byte, 0 for an illegal one (read the slow way, which says why).
fn symbol_table(table: &[Entry]) -> Vec<u8> {
    table
        .iter()
        .map(|entry| entry.map_or(0, |outcome| outcome.symbol() as u8))
        .collect()
}

fn main() {
    let table = outcome_table();
    let symbols = symbol_table(&table);
    answer_stdin(
        |board| symbols[board.index()],
        |number, line| answer(&table, number, line),
    );
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

// ---- shared: fast_boards (kept identical across solvers by tests/solvers/shared_code.rs) ----
/// Bit i set where byte i of eight has its lowest bit set (the others clear): packed.
fn packed(low_bits: u64) -> u16 {
    (low_bits.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16
}

/// The board of a line's first nine bytes, or `None` if one of them is not `o`, `x` or `s`
/// (`parse_board` then says what is wrong). Eight bytes are read at once: bits 2 and 3 of `o`
/// (0x6f), `x` (0x78) and `s` (0x73) are 11, 10 and 00, which tells the three apart, and the
/// word the marks found would make must be the word read, or a byte was none of them.
fn fast_board(line: &[u8]) -> Option<Board> {
    let ones = 0x0101_0101_0101_0101u64;
    let mut first = [0u8; 8];
    first.copy_from_slice(&line[..8]);
    let word = u64::from_le_bytes(first);
    let codes = word >> 2;
    let o = codes & (codes >> 1) & ones;
    let x = (codes >> 1) & !codes & ones;
    // o is s - 4 and x is s + 5 in every byte: no byte borrows from or carries into the next.
    let made = (0x73 * ones).wrapping_sub(4 * o).wrapping_add(5 * x);
    let last = line[8];
    if made != word || !(last == b'o' || last == b'x' || last == b's') {
        return None;
    }
    Some(Board {
        o: packed(o) | ((last == b'o') as u16) << 8,
        x: packed(x) | ((last == b'x') as u16) << 8,
    })
}

/// Answers the lines of `input` (whole lines), numbered on from `number`, onto `output`; or
/// the first bad line. A line that is nine cells and `\n` (every line of a well-formed file)
/// is answered by `fast`, a lookup; 0 from it (an illegal board), and every other line
/// (blanks, CR, a bad board, the last without `\n`), goes to `slow` with its number, as
/// `content_lines` reads it, so what is accepted and what is said about a bad line are the same
/// as for a line read the slow way.
fn answer_lines<F, S>(
    input: &[u8],
    number: &mut usize,
    output: &mut Vec<u8>,
    fast: &F,
    slow: &mut S,
) -> Result<(), InputError>
where
    F: Fn(Board) -> u8,
    S: FnMut(usize, &str) -> Result<char, InputError>,
{
    let mut position = 0;
    while position < input.len() {
        // The common case in a tight loop, on locals: a line of nine cells and `\n`.
        let mut fast_lines = input[position..].chunks_exact(10);
        let mut answered = 0;
        for line in &mut fast_lines {
            let answer = match line[9] == b'\n' {
                true => fast_board(line).map_or(0, fast),
                false => 0,
            };
            if answer == 0 {
                break;
            }
            output.extend_from_slice(&[answer, b'\n']);
            answered += 1;
        }
        *number += answered;
        position += 10 * answered;
        if position >= input.len() {
            break;
        }
        *number += 1;
        let rest = &input[position..];
        let end = rest
            .iter()
            .position(|&byte| byte == b'\n')
            .map_or(rest.len(), |end| end + 1);
        for line in content_lines(&rest[..end]) {
            let (_, line) = line.map_err(|error| InputError {
                line: *number,
                message: error.message,
            })?;
            let answer = slow(*number, line)?;
            output.extend_from_slice(&[answer as u8, b'\n']);
        }
        position += end;
    }
    Ok(())
}

/// The whole output for the whole input, or the first bad line (see `answer_lines`).
fn answer_input<F, S>(input: &[u8], fast: F, mut slow: S) -> Result<String, InputError>
where
    F: Fn(Board) -> u8,
    S: FnMut(usize, &str) -> Result<char, InputError>,
{
    let mut output = Vec::with_capacity(input.len() / 5 + 2);
    answer_lines(input, &mut 0, &mut output, &fast, &mut slow)?;
    // Answers and line ends only: ASCII, so this cannot fail.
    String::from_utf8(output).map_err(|_| InputError {
        line: 0,
        message: "an answer that is not text".to_string(),
    })
}

/// Answers stdin and writes the answers, or says what is wrong (with nothing on stdout). The
/// input is read in blocks of 64 KiB, each answered as it comes: a block stays in the cache,
/// and no buffer the size of the input is made (a line longer than a block grows it).
fn answer_stdin<F, S>(fast: F, mut slow: S)
where
    F: Fn(Board) -> u8,
    S: FnMut(usize, &str) -> Result<char, InputError>,
{
    let stdin = io::stdin();
    let mut stdin = stdin.lock();
    let mut block = vec![0u8; 1 << 16];
    let (mut filled, mut number) = (0, 0);
    let mut output = Vec::new();
    loop {
        if filled == block.len() {
            let longer = block.len() * 2;
            block.resize(longer, 0);
        }
        let read = match stdin.read(&mut block[filled..]) {
            Ok(read) => read,
            Err(ref error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => fail(&format!("cannot read the input: {}", error)),
        };
        filled += read;
        // The whole lines read so far; at the end, the rest too.
        let whole = match read {
            0 => filled,
            _ => block[..filled]
                .iter()
                .rposition(|&byte| byte == b'\n')
                .map_or(0, |last| last + 1),
        };
        output.reserve(whole / 5 + 2);
        if let Err(error) =
            answer_lines(&block[..whole], &mut number, &mut output, &fast, &mut slow)
        {
            fail(&error.to_string());
        }
        block.copy_within(whole..filled, 0);
        filled -= whole;
        if read == 0 {
            break;
        }
    }
    write_output(&output);
}
// ---- end shared: fast_boards ----

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statement_examples() {
        let input = "sssssssss\nssssossss\nssssossxs\nooosxssxs\n";
        assert_eq!(run(input.as_bytes()), Ok("d\nd\no\no\n".to_string()));
    }

    #[test]
    fn full_board_without_line_is_a_draw() {
        // o x o / o x x / x o o: five o, four x, no line.
        assert_eq!(run(b"oxooxxxoo"), Ok("d\n".to_string()));
    }

    #[test]
    fn counts_the_legal_positions() {
        let legal = outcome_table().iter().filter(|entry| entry.is_ok()).count();
        assert_eq!(legal, 5478);
    }

    #[test]
    fn index_round_trips() {
        for index in 0..BOARDS {
            assert_eq!(Board::from_index(index).index(), index);
        }
    }

    #[test]
    fn illegal_positions_name_their_reason() {
        let table = outcome_table();
        let reason = |line: &str| answer(&table, 4, line).unwrap_err().message;
        assert!(reason("xssssssss").contains("0 o and 1 x"));
        assert!(reason("oosssssss").contains("2 o and 0 x"));
        assert!(reason("oooxxxsss").contains("both o and x"));
        assert!(reason("oooxxsxss").contains("x moved after it"));
        assert!(reason("xxxoososo").contains("o moved after it"));
    }

    #[test]
    fn bad_lines_are_errors_with_their_number() {
        assert_eq!(
            run(b"sssssssss\n\nssss\n"),
            Err(InputError {
                line: 3,
                message: "expected a board of 9 characters (o, x or s), found 4 characters"
                    .to_string()
            })
        );
        assert_eq!(
            run(b"ssssOssss").unwrap_err().message,
            "expected o, x or s, found 'O' at column 5"
        );
    }

    #[test]
    fn tolerates_crlf_blanks_and_no_final_newline() {
        assert_eq!(
            run(b"\r\nsssssssss  \r\n\r\nooosxssxs"),
            Ok("d\no\n".to_string())
        );
        assert_eq!(run(b""), Ok(String::new()));
    }

    #[test]
    fn reports_the_line_where_utf8_breaks() {
        assert_eq!(
            run(b"sssssssss\nss\xffssssss\n").unwrap_err().to_string(),
            "line 2: the input is not UTF-8 text"
        );
    }

    #[test]
    fn the_first_bad_line_is_reported_whatever_is_wrong_with_it() {
        // A bad board on line 1 comes before bytes that are not UTF-8 on line 3.
        assert_eq!(
            run(b"ssss\nsssssssss\nss\xffssssss\n")
                .unwrap_err()
                .to_string(),
            "line 1: expected a board of 9 characters (o, x or s), found 4 characters"
        );
        // And an illegal position on line 2 too.
        assert_eq!(run(b"sssssssss\nxxsssssss\n\xff\n").unwrap_err().line, 2);
    }

    #[test]
    fn a_byte_order_mark_is_named() {
        let message = "line 1: starts with a UTF-8 byte-order mark (save the file without BOM)";
        assert_eq!(
            run(b"\xef\xbb\xbfsssssssss\n").unwrap_err().to_string(),
            message
        );
        // Anywhere a line starts: two files with one joined by `cat`.
        assert_eq!(
            run(b"sssssssss\n\xef\xbb\xbfsssssssss\n").unwrap_err().line,
            2
        );
    }
}
