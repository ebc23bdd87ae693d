//! The AOJ 0066 board shared by the tic-tac-toe validators: 9 characters `o`, `x`, `s`, and
//! what makes a board a position of a real game (o moves first).

use super::reader::{Invalid, Reader};
use crate::text::count;

/// The eight lines (rows, columns, diagonals) as cell numbers 0-8, row-major.
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Whether `mark` fills a whole line.
pub fn has_line(board: &[u8; 9], mark: u8) -> bool {
    LINES
        .iter()
        .any(|line| line.iter().all(|&cell| board[cell] == mark))
}

/// Reads one board: exactly 9 characters, each `o`, `x` or `s`.
pub fn read_board(reader: &mut Reader) -> Result<[u8; 9], Invalid> {
    let word = reader.read_word("a board of 9 characters (o, x or s)")?;
    if let Some((column, found)) = word
        .char_indices()
        .find(|&(_, found)| !"oxs".contains(found))
    {
        return Err(reader.fail(format!(
            "expected o, x or s, found '{found}' at column {}",
            column + 1
        )));
    }
    <[u8; 9]>::try_from(word.as_bytes()).map_err(|_| {
        reader.fail(format!(
            "expected a board of 9 characters, found {}",
            count(word.len(), "character")
        ))
    })
}

/// Checks that a board can arise in a game where o moves first and play stops at a line: the
/// counts, not both lines, and the winner made the last move.
pub fn check_reachable(board: &[u8; 9], line: usize) -> Result<(), Invalid> {
    let count = |mark: u8| board.iter().filter(|&&cell| cell == mark).count();
    let (o, x) = (count(b'o'), count(b'x'));
    let (o_line, x_line) = (has_line(board, b'o'), has_line(board, b'x'));
    let reason = if o != x && o != x + 1 {
        format!("{o} o and {x} x: o moves first, so o has as many as x or one more")
    } else if o_line && x_line {
        "both o and x have three in a row".to_string()
    } else if o_line && o == x {
        "o has three in a row but x moved after it (equal counts)".to_string()
    } else if x_line && o == x + 1 {
        "x has three in a row but o moved after it (o has one more)".to_string()
    } else {
        return Ok(());
    };
    Err(Invalid {
        line,
        message: format!("not a position of a game: {reason}"),
    })
}
