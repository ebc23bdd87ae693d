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
//! Approach: a memoised minimax from the empty board fills a table of the answer of all 3^9
//! boards (base-3 index) once, in a fraction of a millisecond (the boards no game reaches stay
//! 0: illegal); each line is then a parse and a lookup, so a million lines cost about as much
//! as reading them (eight lines checked at once, then read eight bytes at a time; the answers
//! held two bits each until the whole input is read, so a bad line leaves nothing on stdout).
//! Judge Rust: 1.70 (edition 2021). std only: this file is the submission.

// The shared blocks below also build on AOJ's Rust 1.41, which has no inline format arguments.
#![allow(clippy::uninlined_format_args)]

use std::fmt;
use std::io::{self, Read, Write};
use std::process;
use std::str;

/// The number of boards: every cell is empty, o or x.
const BOARDS: usize = 19683;

/// 3^cell: the weight of a cell's digit in the base-3 number of a board.
const POWERS_OF_3: [usize; 9] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561];

/// The answer byte (`o`, `x`, `d`) of `board`, whose base-3 number is `index` and which is not
/// in `table` yet (0 there), under perfect play; on the way, the answer of every board
/// reachable from it goes into `table`. `line_in[cells]`: whether a set of cells holds a line.
fn search(board: Board, index: usize, line_in: &[bool; 512], table: &mut [u8]) -> u8 {
    let o_to_move = board.o_to_move();
    // Only the side that moved last can have a line: a board with one is not searched on.
    let (moved_last, to_move) = match o_to_move {
        true => (board.x, board.o),
        false => (board.o, board.x),
    };
    let (win, loss, digit) = match o_to_move {
        true => (b'o', b'x', 1),
        false => (b'x', b'o', 2),
    };
    let answer = if line_in[moved_last as usize] {
        loss
    } else if board.free() == 0 {
        b'd'
    } else {
        let mut best = loss;
        let mut free = board.free();
        while free != 0 {
            let cell = free.trailing_zeros() as usize;
            free &= free - 1;
            let child = match o_to_move {
                true => Board {
                    o: to_move | 1 << cell,
                    x: board.x,
                },
                false => Board {
                    o: board.o,
                    x: to_move | 1 << cell,
                },
            };
            let child_index = index + digit * POWERS_OF_3[cell];
            let outcome = match table[child_index] {
                0 => search(child, child_index, line_in, table),
                known => known,
            };
            if outcome == win || (outcome == b'd' && best == loss) {
                best = outcome;
            }
        }
        best
    };
    table[index] = answer;
    answer
}

/// The answer byte of every one of the 3^9 boards, indexed by `Board::index`: a memoised
/// minimax from the empty board fills every board a game can reach; the others, the illegal
/// ones, stay 0 (the slow path, `answer`, says why). That the boards a game reaches are exactly
/// the boards `check_legal` accepts is tested.
pub fn outcome_table() -> Vec<u8> {
    let mut line_in = [false; 512];
    for (cells, holds) in line_in.iter_mut().enumerate() {
        *holds = has_line(cells as u16);
    }
    let mut table = vec![0; BOARDS];
    search(Board { o: 0, x: 0 }, 0, &line_in, &mut table);
    table
}

/// The answer character for one input line.
pub fn answer(table: &[u8], number: usize, line: &str) -> Result<char, InputError> {
    let board = parse_board(line, number)?;
    check_legal(board).map_err(|illegal| InputError {
        line: number,
        message: illegal.to_string(),
    })?;
    Ok(table[board.index()] as char)
}

/// The whole output for the whole input, or the first bad line.
pub fn run(input: &[u8]) -> Result<String, InputError> {
    let table = outcome_table();
    answer_input(
        input,
        |board| table[board.index()],
        |number, line| answer(&table, number, line),
    )
}

fn main() {
    let table = outcome_table();
    answer_stdin(
        |board| table[board.index()],
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

/// The marks of a word of eight cells, each `o`, `x` or `s`: bit 0 of each byte set where it
/// is `o`, and where it is `x`. Bits 2 and 3 of `o` (0x6f), `x` (0x78) and `s` (0x73) are 11,
/// 10 and 00, which tells the three apart.
fn marks(word: u64) -> (u64, u64) {
    let ones = 0x0101_0101_0101_0101u64;
    let codes = word >> 2;
    (codes & (codes >> 1) & ones, (codes >> 1) & !codes & ones)
}

/// The first eight bytes of a line as a word.
fn first_word(line: &[u8]) -> u64 {
    let mut first = [0u8; 8];
    first.copy_from_slice(&line[..8]);
    u64::from_le_bytes(first)
}

/// The board of the marks of the first eight cells (`marks`) and the ninth cell, `last`.
fn board_of_marks((o, x): (u64, u64), last: u8) -> Board {
    Board {
        o: packed(o) | ((last == b'o') as u16) << 8,
        x: packed(x) | ((last == b'x') as u16) << 8,
    }
}

/// The board of a line whose first nine bytes are each `o`, `x` or `s` (unchecked).
fn board_of_cells(line: &[u8]) -> Board {
    board_of_marks(marks(first_word(line)), line[8])
}

/// The board of a line's first nine bytes, or `None` if one of them is not `o`, `x` or `s`
/// (`parse_board` then says what is wrong). Eight bytes are read at once, and the word the
/// marks found would make must be the word read, or a byte was none of them.
fn fast_board(line: &[u8]) -> Option<Board> {
    let ones = 0x0101_0101_0101_0101u64;
    let word = first_word(line);
    let (o, x) = marks(word);
    // o is s - 4 and x is s + 5 in every byte: no byte borrows from or carries into the next.
    let made = (0x73 * ones).wrapping_sub(4 * o).wrapping_add(5 * x);
    let last = line[8];
    if made != word || !(last == b'o' || last == b'x' || last == b's') {
        return None;
    }
    Some(board_of_marks((o, x), last))
}

/// How many lines a group holds: eight lines of ten bytes, five 16-byte vectors.
const GROUP_LINES: usize = 8;

/// What a group's bytes are XORed with: `\n` ^ `s` where a line ends (which turns a line end
/// there into `s`, and any cell into a byte that is not one), 0 on the cells.
#[rustfmt::skip]
const GROUP_ENDS: [u8; 10 * GROUP_LINES] = [
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0x79,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0x79,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0x79,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0x79,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0x79,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0x79,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0x79,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0x79,
];

/// Whether a group of 80 bytes is eight lines of nine cells and `\n`: once the line ends are
/// turned into `s` (`GROUP_ENDS`), every byte must be a cell, and `s` where a line ends (the
/// XOR turns two other bytes into `o` and `x` there). Every byte is classed the same way,
/// without a branch, so the compiler checks sixteen at a time.
fn is_group_of_boards(group: &[u8]) -> bool {
    let wrong = group
        .iter()
        .zip(GROUP_ENDS.iter())
        .fold(0, |wrong, (&byte, &end)| {
            let at_end = (end != 0) as u8;
            let byte = byte ^ end;
            let cell = (byte == b'o') as u8 | (byte == b'x') as u8 | (byte == b's') as u8;
            wrong | (1 ^ cell) | (at_end & (byte != b's') as u8)
        });
    wrong == 0
}

/// Answers the lines at the start of `input` that are nine cells and `\n` (every line of a
/// well-formed file) by `fast`, a lookup, onto `answers`, up to the first that
/// is not or whose answer is 0 (an illegal board); returns how many it answered. Eight lines at
/// a time are checked in one go, then read unchecked; the rest one by one.
fn answer_boards<F>(input: &[u8], answers: &mut HeldAnswers, fast: &F) -> usize
where
    F: Fn(Board) -> u8,
{
    answers.words.reserve(input.len() / 320 + 1);
    let mut answered = 0;
    for group in input.chunks_exact(10 * GROUP_LINES) {
        if !is_group_of_boards(group) {
            break;
        }
        // The eight answers as the bytes of a word, built in a register (bytes stored one by
        // one and read back as a word would wait for the stores).
        let mut group_answers = 0u64;
        let mut illegal = false;
        for (line, place) in group.chunks_exact(10).zip(0..GROUP_LINES) {
            let answer = fast(board_of_cells(line));
            group_answers |= u64::from(answer) << (8 * place);
            illegal |= answer == 0;
        }
        if illegal {
            let answer_at = |place: usize| (group_answers >> (8 * place)) as u8;
            let legal = (0..GROUP_LINES)
                .take_while(|&place| answer_at(place) != 0)
                .count();
            for place in 0..legal {
                answers.push(answer_at(place));
            }
            return answered + legal;
        }
        answers.push_eight(group_answers);
        answered += GROUP_LINES;
    }
    for line in input[10 * answered..].chunks_exact(10) {
        let answer = match line[9] == b'\n' {
            true => fast_board(line).map_or(0, fast),
            false => 0,
        };
        if answer == 0 {
            break;
        }
        answers.push(answer);
        answered += 1;
    }
    answered
}

/// Answers the lines of `input` (whole lines), numbered on from `number`, onto `answers`; or
/// the first bad line. A line that is nine cells and `\n` is answered by `answer_boards`; one
/// that `fast` gives 0 (an illegal board), and every other line (blanks, CR, a bad board, the
/// last without `\n`), goes to `slow` with its number, as `content_lines` reads it, so what is
/// accepted and what is said about a bad line are the same as for a line read the slow way.
fn answer_lines<F, S>(
    input: &[u8],
    number: &mut usize,
    answers: &mut HeldAnswers,
    fast: &F,
    slow: &mut S,
) -> Result<(), InputError>
where
    F: Fn(Board) -> u8,
    S: FnMut(usize, &str) -> Result<char, InputError>,
{
    let mut position = 0;
    while position < input.len() {
        let answered = answer_boards(&input[position..], answers, fast);
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
            answers.push(slow(*number, line)? as u8);
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
    let mut answers = HeldAnswers::default();
    answer_lines(input, &mut 0, &mut answers, &fast, &mut slow)?;
    let mut output = String::with_capacity(2 * answers.count);
    write_answers(&answers, |lines| {
        output.extend(lines.iter().map(|&byte| char::from(byte)))
    });
    Ok(output)
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
    let mut answers = HeldAnswers::default();
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
        // The whole lines read so far; at the end, the rest too. What was left of the last
        // block holds no line end, so only the bytes just read are searched (a line longer
        // than a block is not searched again and again).
        let (before, after) = (filled, filled + read);
        filled = after;
        let whole = match read {
            0 => filled,
            _ => block[before..after]
                .iter()
                .rposition(|&byte| byte == b'\n')
                .map_or(0, |last| before + last + 1),
        };
        if let Err(error) =
            answer_lines(&block[..whole], &mut number, &mut answers, &fast, &mut slow)
        {
            fail(&error.to_string());
        }
        block.copy_within(whole..filled, 0);
        filled -= whole;
        if read == 0 {
            break;
        }
    }
    write_answers(&answers, write_output);
}

/// Writes the answers, each on a line of its own, to `write` a block at a time: each byte of
/// held answers (four) becomes its eight bytes of output in one look up.
fn write_answers<W: FnMut(&[u8])>(answers: &HeldAnswers, mut write: W) {
    let mut lines_of_byte = [0u64; 256];
    for (byte, lines) in lines_of_byte.iter_mut().enumerate() {
        for place in 0..4 {
            let answer = ANSWER_OF_CODE[byte >> (2 * place) & 3];
            *lines |= (u64::from(answer) | u64::from(b'\n') << 8) << (16 * place);
        }
    }
    let mut block = vec![0u8; 1 << 16];
    let block_words = block.len() / 64;
    for (index, words) in answers.words.chunks(block_words).enumerate() {
        for (lines, &word) in block.chunks_exact_mut(64).zip(words) {
            for (eight, &byte) in lines.chunks_exact_mut(8).zip(word.to_le_bytes().iter()) {
                eight.copy_from_slice(&lines_of_byte[byte as usize].to_le_bytes());
            }
        }
        let count = (answers.count - 32 * block_words * index).min(32 * block_words);
        write(&block[..2 * count]);
    }
}

/// The answers held until the whole input has been read (so that a bad line leaves nothing on
/// stdout), two bits each, 32 to a word: a quarter of the memory of a byte each, so that a
/// million of them stay in the processor's cache and fewer fresh pages are written. An
/// answer's code is bits 2 and 3 of its byte: 3 for `o` (0x6f), 2 for `x` (0x78), 1 for `d`
/// (0x64).
#[derive(Default)]
struct HeldAnswers {
    words: Vec<u64>,
    count: usize,
}

/// The answer byte of each code.
const ANSWER_OF_CODE: [u8; 4] = [0, b'd', b'x', b'o'];

impl HeldAnswers {
    /// Adds `count` answers (at most 32) whose codes are bits 2i and 2i + 1 of `codes`.
    fn add_codes(&mut self, codes: u64, count: usize) {
        let shift = 2 * (self.count % 32);
        if shift == 0 {
            self.words.push(codes);
        } else {
            let last = self.words.len() - 1;
            self.words[last] |= codes << shift;
            if shift + 2 * count > 64 {
                self.words.push(codes >> (64 - shift));
            }
        }
        self.count += count;
    }

    /// Adds one answer (`o`, `x` or `d`).
    fn push(&mut self, answer: u8) {
        self.add_codes(u64::from(answer >> 2 & 3), 1);
    }

    /// Adds eight answers, the bytes of `answers` from the lowest: their codes are gathered
    /// into 16 bits in three folds (two codes a 16-bit lane, four a 32-bit lane, then eight).
    fn push_eight(&mut self, answers: u64) {
        let codes = answers >> 2 & 0x0303_0303_0303_0303;
        let codes = (codes | codes >> 6) & 0x000f_000f_000f_000f;
        let codes = (codes | codes >> 12) & 0x0000_00ff_0000_00ff;
        self.add_codes((codes | codes >> 24) & 0xffff, 8);
    }
}

/// For the tests: with every byte value at every place of 17 lines drawn from `boards`, and on
/// inputs of random lines from them (straddling the groups of eight) with now and then a byte
/// changed, dropped or added (a CR, a blank line, a line end dropped or doubled), the answers
/// and the error with `fast` are those of every line read the slow way.
#[cfg(test)]
fn check_fast_path_against_slow<F, S>(boards: &[[u8; 9]], fast: F, slow: S)
where
    F: Fn(Board) -> u8,
    S: Fn(usize, &str) -> Result<char, InputError>,
{
    // The answers with `fast`, and with every line read the slow way (a `fast` that answers
    // nothing).
    let both_ways = |input: &[u8]| {
        let slow_way = |number: usize, line: &str| slow(number, line);
        let found = answer_input(input, &fast, slow_way);
        (found, answer_input(input, |_| 0, slow_way))
    };
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut random = move |below: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % below as u64) as usize
    };
    // Every byte value at every place of two groups of eight lines and a line after them.
    let lines: Vec<u8> = (0..17)
        .flat_map(|line| {
            let mut bytes = boards[line * 7 % boards.len()].to_vec();
            bytes.push(b'\n');
            bytes
        })
        .collect();
    for place in 0..lines.len() {
        for value in 0..=255u8 {
            let mut input = lines.clone();
            input[place] = value;
            let (found, expected) = both_ways(&input);
            assert_eq!(found, expected, "byte {:#04x} at {}", value, place);
        }
    }
    let odd_bytes = b"oxs\nO\r \t\0\x01\x16\x6e\x70\x72\x74\x77\x79\x0b\xef\x2f\x33\x38\xf8";
    for _ in 0..3000 {
        let mut input = Vec::new();
        for _ in 0..random(40) {
            input.extend_from_slice(&boards[random(boards.len())]);
            input.push(b'\n');
        }
        for _ in 0..random(3) {
            let at = random(input.len() + 1);
            match random(4) {
                0 if at < input.len() => input[at] = odd_bytes[random(odd_bytes.len())],
                1 if at < input.len() => {
                    input.remove(at);
                }
                _ => input.insert(at, odd_bytes[random(odd_bytes.len())]),
            }
        }
        let (found, expected) = both_ways(&input);
        assert_eq!(found, expected, "{:?}", String::from_utf8_lossy(&input));
    }
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

    /// The board with the given base-3 number (the inverse of `index`).
    fn board_of(mut index: usize) -> Board {
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

    #[test]
    fn counts_the_legal_positions() {
        let legal = outcome_table()
            .iter()
            .filter(|&&answer| answer != 0)
            .count();
        assert_eq!(legal, 5478);
    }

    #[test]
    fn the_boards_a_game_reaches_are_the_legal_ones() {
        // The table leaves 0 (read the slow way, an error) on every board the search from the
        // empty board does not reach: that must be exactly the boards `check_legal` refuses.
        let table = outcome_table();
        for (index, &answer) in table.iter().enumerate() {
            let board = board_of(index);
            assert_eq!(answer != 0, check_legal(board).is_ok(), "{:?}", board);
            assert!(b"\0oxd".contains(&answer), "{:?}: {}", board, answer);
        }
    }

    #[test]
    fn the_fast_path_answers_as_the_slow_one() {
        // Legal boards; the changed bytes make illegal ones and lines that are no board.
        let table = outcome_table();
        let boards: Vec<[u8; 9]> = (0..BOARDS)
            .filter(|&index| table[index] != 0)
            .map(|index| {
                let board = board_of(index);
                let mut cells = [b's'; 9];
                for (cell, mark) in cells.iter_mut().enumerate() {
                    if board.o >> cell & 1 == 1 {
                        *mark = b'o';
                    } else if board.x >> cell & 1 == 1 {
                        *mark = b'x';
                    }
                }
                cells
            })
            .collect();
        check_fast_path_against_slow(
            &boards,
            |board| table[board.index()],
            |number, line| answer(&table, number, line),
        );
    }

    #[test]
    fn index_round_trips() {
        for index in 0..BOARDS {
            assert_eq!(board_of(index).index(), index);
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
