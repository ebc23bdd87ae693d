//! The shared block `fast_boards`: the fast path for many boards: a board line read as one 64-bit
//! word, boards answered a group at a time, and the answers held until they are written.
//!
//! This file is its one source. A submission must be a single file, so board_winner.rs and
//! perfect_play.rs carry a copy of it between `// ---- shared: fast_boards` and
//! `// ---- end shared: fast_boards ----`. Edit it here, never in a copy, then write it into them
//! with `BLESS=1 cargo test --test solvers shared_code`; without `BLESS` that test fails while a
//! copy differs from this file.

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
