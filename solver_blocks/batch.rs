//! The shared block `batch`: the input's lines that hold something, numbered from 1 and decoded,
//! and the way out: the output written, or the error and exit status 1.
//!
//! This file is its one source. A submission must be a single file, so board_winner.rs,
//! move_values.rs, othello_endgame.rs, perfect_play.rs and weighted_tic_tac_toe.rs carry a copy of
//! it between `// ---- shared: batch` and `// ---- end shared: batch ----`. Edit it here, never in
//! a copy, then write it into them with `BLESS=1 cargo test --test solvers shared_code`; without
//! `BLESS` that test fails while a copy differs from this file.

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
