//! Othello's rules on the judge's side: the board, legal moves, flips, passes, the end and the
//! score, reading and naming squares, why a typed move is refused, a drawing for a person, and
//! the two weak opponents (random and greedy) that take a seeded `Random`.
//!
//! Squares are numbered a1 = 0, b1 = 1 … h1 = 7, a2 = 8 … h8 = 63 (column letter, row number;
//! row 1 is drawn at the top, as in Othello notation). A board is two bitboards (bit i = square
//! i), one per colour, and the side to move: `Copy`, 17 bytes of state.

pub mod opponent;

use crate::random::Random;
use std::fmt;

/// A side. Black is `X` in the protocol and moves first; white is `O`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Black,
    White,
}

impl Color {
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The protocol's letter: `X` for black, `O` for white.
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }

    /// Reads the protocol's `X` or `O` (either case).
    pub fn from_letter(text: &str) -> Option<Color> {
        match text.trim() {
            "X" | "x" => Some(Color::Black),
            "O" | "o" => Some(Color::White),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

/// A move: a square (0..64) or a pass (`PS` in the protocol).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Square(u8),
    Pass,
}

/// Writes `d3` or `PS`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Square(square) => write!(f, "{}", square_name(square)),
            Move::Pass => write!(f, "PS"),
        }
    }
}

/// Why a typed move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not `a1`..`h8` nor `PS`; holds the text as typed (trimmed).
    NotASquare(String),
    Occupied(u8),
    FlipsNothing(u8),
    /// A square was named, but the side to move has no legal move.
    MustPass,
    /// `PS` was given, but the side to move has a legal move.
    CannotPass,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotASquare(text) => write!(
                f,
                "{text:?} is not a square: a column a-h then a row 1-8, like d3"
            ),
            Refusal::Occupied(square) => write!(f, "{} is occupied", square_name(*square)),
            Refusal::FlipsNothing(square) => write!(
                f,
                "{} flips nothing: a move must outflank at least one disc",
                square_name(*square)
            ),
            Refusal::MustPass => write!(f, "no legal move: you must pass (PS)"),
            Refusal::CannotPass => write!(f, "you cannot pass while you have a legal move"),
        }
    }
}

/// Reads `a1`..`h8` (either case, surrounding spaces ignored) as a square number.
pub fn parse_square(text: &str) -> Option<u8> {
    let bytes = text.trim().as_bytes();
    let [column, row] = bytes else {
        return None;
    };
    let column = column.to_ascii_lowercase();
    if !(b'a'..=b'h').contains(&column) || !(b'1'..=b'8').contains(row) {
        return None;
    }
    Some((row - b'1') * 8 + (column - b'a'))
}

/// Reads a square or `PS` (either case).
pub fn parse_move(text: &str) -> Result<Move, Refusal> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("ps") {
        return Ok(Move::Pass);
    }
    parse_square(text)
        .map(Move::Square)
        .ok_or_else(|| Refusal::NotASquare(text.to_string()))
}

/// `d3` for square 19.
pub fn square_name(square: u8) -> String {
    let column = (b'a' + square % 8) as char;
    let row = (b'1' + square / 8) as char;
    format!("{column}{row}")
}

/// The squares of a bitboard, in ascending order.
pub fn squares(bits: u64) -> Vec<u8> {
    (0..64).filter(|&square| bits >> square & 1 == 1).collect()
}

const NOT_COLUMN_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_COLUMN_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The eight directions as (bit shift, mask of squares a shifted disc may land on): a step
/// east (+1 column) may not land in column a, or it wrapped round from column h.
const DIRECTIONS: [(i8, u64); 8] = [
    (1, NOT_COLUMN_A),
    (-1, NOT_COLUMN_H),
    (8, u64::MAX),
    (-8, u64::MAX),
    (9, NOT_COLUMN_A),
    (7, NOT_COLUMN_H),
    (-7, NOT_COLUMN_A),
    (-9, NOT_COLUMN_H),
];

fn shift(bits: u64, (step, mask): (i8, u64)) -> u64 {
    let moved = if step > 0 {
        bits << step
    } else {
        bits >> -step
    };
    moved & mask
}

/// A position: the discs of each colour and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    black: u64,
    white: u64,
    to_move: Color,
}

impl Default for Board {
    fn default() -> Board {
        Board::start()
    }
}

impl Board {
    /// The usual start: d4 and e5 white, d5 and e4 black, black to move.
    pub fn start() -> Board {
        let bit = |name| 1u64 << parse_square(name).unwrap_or(0);
        Board {
            black: bit("d5") | bit("e4"),
            white: bit("d4") | bit("e5"),
            to_move: Color::Black,
        }
    }

    /// A position from its discs; `None` when a square holds both colours.
    pub fn from_discs(black: u64, white: u64, to_move: Color) -> Option<Board> {
        (black & white == 0).then_some(Board {
            black,
            white,
            to_move,
        })
    }

    /// A position from a picture: 64 cells, row 1 first, each `X` (black), `O` (white) or `.`/`-`
    /// (empty), anything else (spaces, newlines) ignored. `None` unless exactly 64 cells.
    pub fn from_picture(picture: &str, to_move: Color) -> Option<Board> {
        let cells: Vec<char> = picture
            .chars()
            .filter(|c| matches!(c, 'X' | 'x' | 'O' | 'o' | '.' | '-'))
            .collect();
        if cells.len() != 64 {
            return None;
        }
        let (mut black, mut white) = (0, 0);
        for (square, cell) in cells.iter().enumerate() {
            match cell {
                'X' | 'x' => black |= 1 << square,
                'O' | 'o' => white |= 1 << square,
                _ => {}
            }
        }
        Board::from_discs(black, white, to_move)
    }

    pub fn to_move(self) -> Color {
        self.to_move
    }

    /// The discs of a colour as a bitboard.
    pub fn discs(self, color: Color) -> u64 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// A position from an input line of othello_endgame (an .obf line): 64 cells a1 b1 … h8,
    /// each `X`, `O` or `-`, a space and the side to move; anything after that is ignored.
    pub fn from_line(line: &str) -> Option<Board> {
        let mut words = line.split_whitespace();
        let cells = words.next()?;
        let to_move = match words.next()? {
            "X" => Color::Black,
            "O" => Color::White,
            _ => return None,
        };
        let known = cells.bytes().all(|cell| matches!(cell, b'X' | b'O' | b'-'));
        (cells.len() == 64 && known)
            .then(|| Board::from_picture(cells, to_move))
            .flatten()
    }

    /// The position as such a line: `BOARD SIDE`.
    pub fn line(self) -> String {
        let cells: String = (0..64)
            .map(|square| match self.at(square) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '-',
            })
            .collect();
        format!("{cells} {}", self.to_move.letter())
    }

    /// How many squares are empty.
    pub fn empties(self) -> u32 {
        64 - (self.black | self.white).count_ones()
    }

    pub fn count(self, color: Color) -> u32 {
        self.discs(color).count_ones()
    }

    pub fn at(self, square: u8) -> Option<Color> {
        if self.black >> square & 1 == 1 {
            Some(Color::Black)
        } else if self.white >> square & 1 == 1 {
            Some(Color::White)
        } else {
            None
        }
    }

    fn empty(self) -> u64 {
        !(self.black | self.white)
    }

    /// The legal squares of the side to move, as a bitboard.
    pub fn legal_moves(self) -> u64 {
        let own = self.discs(self.to_move);
        let opponent = self.discs(self.to_move.other());
        let mut moves = 0;
        for direction in DIRECTIONS {
            let mut run = shift(own, direction) & opponent;
            for _ in 0..5 {
                run |= shift(run, direction) & opponent;
            }
            moves |= shift(run, direction);
        }
        moves & self.empty()
    }

    /// The discs a move at `square` by the side to move would flip (0 if it is not legal).
    pub fn flips(self, square: u8) -> u64 {
        if square >= 64 || self.empty() >> square & 1 == 0 {
            return 0;
        }
        let own = self.discs(self.to_move);
        let opponent = self.discs(self.to_move.other());
        let mut flipped = 0;
        for direction in DIRECTIONS {
            let mut run = 0;
            let mut at = shift(1 << square, direction);
            while at & opponent != 0 {
                run |= at;
                at = shift(at, direction);
            }
            if at & own != 0 {
                flipped |= run;
            }
        }
        flipped
    }

    /// True when the side to move has no legal move (and so must pass).
    pub fn must_pass(self) -> bool {
        self.legal_moves() == 0
    }

    /// True when neither side can move.
    pub fn is_over(self) -> bool {
        self.must_pass() && self.pass().must_pass()
    }

    /// The side with more discs; `None` for a draw (or a game not over: ask `is_over` first).
    pub fn winner(self) -> Option<Color> {
        let (black, white) = (self.count(Color::Black), self.count(Color::White));
        match black.cmp(&white) {
            std::cmp::Ordering::Greater => Some(Color::Black),
            std::cmp::Ordering::Less => Some(Color::White),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The same discs with the other side to move.
    pub fn pass(self) -> Board {
        Board {
            to_move: self.to_move.other(),
            ..self
        }
    }

    /// Checks a move for the side to move, and plays it.
    pub fn try_move(self, chosen: Move) -> Result<Board, Refusal> {
        match chosen {
            Move::Pass if self.must_pass() => Ok(self.pass()),
            Move::Pass => Err(Refusal::CannotPass),
            Move::Square(_) if self.must_pass() => Err(Refusal::MustPass),
            Move::Square(square) if self.at(square).is_some() => Err(Refusal::Occupied(square)),
            Move::Square(square) => {
                let flipped = self.flips(square);
                if flipped == 0 {
                    return Err(Refusal::FlipsNothing(square));
                }
                let placed = flipped | 1 << square;
                let (black, white) = match self.to_move {
                    Color::Black => (self.black | placed, self.white & !flipped),
                    Color::White => (self.black & !flipped, self.white | placed),
                };
                Ok(Board {
                    black,
                    white,
                    to_move: self.to_move.other(),
                })
            }
        }
    }

    /// Reads a typed move and plays it, or says why not.
    pub fn try_typed(self, text: &str) -> Result<(Move, Board), Refusal> {
        let chosen = parse_move(text)?;
        Ok((chosen, self.try_move(chosen)?))
    }

    /// The legal moves of the side to move as a list: the squares, or `[Pass]`.
    pub fn moves(self) -> Vec<Move> {
        let legal = self.legal_moves();
        if legal == 0 {
            return vec![Move::Pass];
        }
        squares(legal).into_iter().map(Move::Square).collect()
    }

    /// The board drawn for a person: coordinates on all sides, `X` black, `O` white, `*` on the
    /// legal moves of the side to move when `show_legal`, `.` elsewhere; the disc count below.
    pub fn render(self, show_legal: bool) -> String {
        let legal = if show_legal { self.legal_moves() } else { 0 };
        let mut text = String::from("  a b c d e f g h\n");
        for row in 0..8u8 {
            text.push((b'1' + row) as char);
            for column in 0..8u8 {
                let square = row * 8 + column;
                let cell = match self.at(square) {
                    Some(color) => color.letter(),
                    None if legal >> square & 1 == 1 => '*',
                    None => '.',
                };
                text.push(' ');
                text.push(cell);
            }
            text.push(' ');
            text.push((b'1' + row) as char);
            text.push('\n');
        }
        text.push_str("  a b c d e f g h\n");
        text.push_str(&format!(
            "X (black) {}, O (white) {}\n",
            self.count(Color::Black),
            self.count(Color::White)
        ));
        text
    }
}

/// A legal move of the side to move chosen uniformly by `random`; `Pass` when there is none.
pub fn random_move(board: Board, random: &mut Random) -> Move {
    let moves = board.moves();
    moves[random.below(moves.len())]
}

/// The legal move that flips the most discs; ties are broken uniformly by `random` among the
/// squares that flip the most. `Pass` when there is no legal move.
pub fn greedy_move(board: Board, random: &mut Random) -> Move {
    let moves = board.moves();
    let flipped = |chosen: &Move| match chosen {
        Move::Square(square) => board.flips(*square).count_ones(),
        Move::Pass => 0,
    };
    let most = moves.iter().map(flipped).max().unwrap_or(0);
    let best: Vec<Move> = moves.into_iter().filter(|m| flipped(m) == most).collect();
    best[random.below(best.len())]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> u8 {
        parse_square(name).unwrap()
    }

    fn names(bits: u64) -> Vec<String> {
        squares(bits).into_iter().map(square_name).collect()
    }

    #[test]
    fn squares_read_and_named_in_either_case() {
        assert_eq!(parse_square("a1"), Some(0));
        assert_eq!(parse_square("H1"), Some(7));
        assert_eq!(parse_square("a2"), Some(8));
        assert_eq!(parse_square(" h8 "), Some(63));
        assert_eq!(parse_square("D3"), Some(19));
        for bad in ["", "z9", "a0", "a9", "i1", "d", "d33", "3d", "ps"] {
            assert_eq!(parse_square(bad), None, "{bad:?}");
        }
        assert_eq!(square_name(19), "d3");
        assert_eq!(square_name(63), "h8");
        for s in 0..64 {
            assert_eq!(parse_square(&square_name(s)), Some(s));
        }
        assert_eq!(parse_move("ps"), Ok(Move::Pass));
        assert_eq!(parse_move("PS"), Ok(Move::Pass));
        assert_eq!(parse_move("z9"), Err(Refusal::NotASquare("z9".to_string())));
        assert_eq!(Move::Pass.to_string(), "PS");
        assert_eq!(Move::Square(19).to_string(), "d3");
    }

    #[test]
    fn start_position_has_the_four_known_moves() {
        let board = Board::start();
        assert_eq!(board.to_move(), Color::Black);
        assert_eq!(
            (board.count(Color::Black), board.count(Color::White)),
            (2, 2)
        );
        assert_eq!(board.at(square("d4")), Some(Color::White));
        assert_eq!(board.at(square("e4")), Some(Color::Black));
        assert_eq!(names(board.legal_moves()), ["d3", "c4", "f5", "e6"]);
        // d3 flips d4 only.
        assert_eq!(names(board.flips(square("d3"))), ["d4"]);
        let after = board.try_move(Move::Square(square("d3"))).unwrap();
        assert_eq!(
            (after.count(Color::Black), after.count(Color::White)),
            (4, 1)
        );
        assert_eq!(after.to_move(), Color::White);
        // White's replies after d3 (by hand): c3 (flips d4), e3 (flips e4), c5 (flips d5).
        assert_eq!(names(after.legal_moves()), ["c3", "e3", "c5"]);
    }

    #[test]
    fn refusals_say_why() {
        let board = Board::start();
        assert_eq!(
            board.try_typed("z9"),
            Err(Refusal::NotASquare("z9".to_string()))
        );
        assert_eq!(board.try_typed("d4"), Err(Refusal::Occupied(27)));
        assert_eq!(board.try_typed("a1"), Err(Refusal::FlipsNothing(0)));
        assert_eq!(board.try_typed("PS"), Err(Refusal::CannotPass));
        assert!(board.try_typed("D3").is_ok());
        assert_eq!(
            Refusal::FlipsNothing(0).to_string(),
            "a1 flips nothing: a move must outflank at least one disc"
        );
        assert_eq!(Refusal::Occupied(27).to_string(), "d4 is occupied");
    }

    #[test]
    fn flips_in_all_eight_directions() {
        // Black plays d3, ringed by white discs with a black disc beyond each ray.
        let board = Board::from_picture(
            "
            . X . X . X . .
            . . O O O . . .
            X O O . O O X .
            . . O O O . . .
            . X . X . X . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .",
            Color::Black,
        )
        .unwrap();
        // Each neighbour of d3 is white, with black beyond: b1, d1, f1, a3 (past b3 c3), g3
        // (past e3 f3), b5, d5, f5.
        let flipped = board.flips(square("d3"));
        assert_eq!(
            names(flipped),
            ["c2", "d2", "e2", "b3", "c3", "e3", "f3", "c4", "d4", "e4"]
        );
        let after = board.try_move(Move::Square(square("d3"))).unwrap();
        assert_eq!(after.count(Color::White), 0);
        assert_eq!(after.count(Color::Black), board.count(Color::Black) + 11);
    }

    #[test]
    fn no_flip_wraps_round_an_edge() {
        // Black on a2, white on h1: in bit order h1 (7) sits just before a2 (8), so a move at
        // g1 must not treat a2 as the end of an eastward run through h1; likewise a column-h
        // disc next to a column-a disc of the next row.
        let board = Board::from_picture(
            "
            . . . . . . . O
            X . . . . . . .
            . . . . . . . .
            . . . . . . . O
            X . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .",
            Color::Black,
        )
        .unwrap();
        assert_eq!(board.flips(square("g1")), 0);
        assert_eq!(board.flips(square("g4")), 0);
        assert_eq!(board.legal_moves(), 0);
        // Westward: white on a3 with black on h2 before it in bit order.
        let west = Board::from_picture(
            "
            . . . . . . . .
            . . . . . . . X
            O . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .",
            Color::Black,
        )
        .unwrap();
        assert_eq!(west.flips(square("b3")), 0);
        assert_eq!(west.legal_moves(), 0);
    }

    #[test]
    fn a_run_of_six_across_the_board_is_outflanked() {
        let board = Board::from_picture(
            &format!("X O O O O O O .{}", " . . . . . . . .".repeat(7)),
            Color::Black,
        )
        .unwrap();
        assert_eq!(names(board.legal_moves()), ["h1"]);
        assert_eq!(board.flips(square("h1")).count_ones(), 6);
    }

    #[test]
    fn a_side_without_moves_must_pass_and_the_other_plays_on() {
        // White's only disc is on corner a1, which no black move can outflank: black must pass,
        // while white has moves.
        let board = Board::from_picture(
            "
            O X X . . . . .
            X X . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .",
            Color::White,
        )
        .unwrap();
        // White (by hand): d1 outflanks c1 b1 back to a1, a3 outflanks a2, c3 outflanks b2.
        assert_eq!(names(board.legal_moves()), ["d1", "a3", "c3"]);
        let black = board.pass();
        assert!(black.must_pass());
        assert!(!black.is_over());
        assert_eq!(black.try_typed("d1"), Err(Refusal::MustPass));
        assert_eq!(black.moves(), [Move::Pass]);
        let (chosen, after) = black.try_typed("ps").unwrap();
        assert_eq!(chosen, Move::Pass);
        assert_eq!(after, board);
    }

    #[test]
    fn game_over_when_neither_side_can_move() {
        // A full board is over; so is one with a single colour left.
        let full = Board::from_discs(!0xff, 0xff, Color::Black).unwrap();
        assert!(full.is_over());
        assert_eq!(full.winner(), Some(Color::Black));
        let wiped = Board::from_picture(
            &format!("X X . . . . . .{}", " . . . . . . . .".repeat(7)),
            Color::White,
        )
        .unwrap();
        assert!(wiped.is_over());
        assert_eq!(wiped.winner(), Some(Color::Black));
        let even = Board::from_discs(0xffff_ffff, 0xffff_ffff << 32, Color::White).unwrap();
        assert!(even.is_over());
        assert_eq!(even.winner(), None);
        assert!(!Board::start().is_over());
    }

    #[test]
    fn random_and_greedy_choose_legal_moves_and_greedy_flips_most() {
        let mut random = Random(1);
        let mut board = Board::start();
        let mut turn = 0;
        while !board.is_over() {
            let chosen = if turn % 2 == 0 {
                random_move(board, &mut random)
            } else {
                greedy_move(board, &mut random)
            };
            let by_flips = (0..64).filter(|&s| board.flips(s) != 0);
            assert_eq!(squares(board.legal_moves()), by_flips.collect::<Vec<u8>>());
            if let Move::Square(square) = chosen {
                if turn % 2 == 1 {
                    let most = squares(board.legal_moves())
                        .into_iter()
                        .map(|s| board.flips(s).count_ones())
                        .max();
                    assert_eq!(Some(board.flips(square).count_ones()), most);
                }
            }
            board = board.try_move(chosen).unwrap();
            turn += 1;
        }
        assert!(board.count(Color::Black) + board.count(Color::White) <= 64);
        // The same seed gives the same choice.
        let start = Board::start();
        assert_eq!(
            greedy_move(start, &mut Random(9)),
            greedy_move(start, &mut Random(9))
        );
    }

    #[test]
    fn render_marks_legal_moves_and_counts() {
        let text = Board::start().render(true);
        let expected = "  a b c d e f g h
1 . . . . . . . . 1
2 . . . . . . . . 2
3 . . . * . . . . 3
4 . . * O X . . . 4
5 . . . X O * . . 5
6 . . . . * . . . 6
7 . . . . . . . . 7
8 . . . . . . . . 8
  a b c d e f g h
X (black) 2, O (white) 2
";
        assert_eq!(text, expected);
    }

    #[test]
    fn input_lines_read_and_written() {
        let after = Board::start().try_move(Move::Square(square("d3"))).unwrap();
        let line = after.line();
        // Rows 1 to 8: d3 played, d4 flipped, e4 and d5 black, e5 white; white to move.
        let rows = ["--------", "--------", "---X----", "---XX---", "---XO---"];
        assert_eq!(line, format!("{}{} O", rows.concat(), "-".repeat(24)));
        assert_eq!(Board::from_line(&line), Some(after));
        assert_eq!(after.empties(), 59);
        assert_eq!(
            Board::from_line(&format!("{line} ; a comment")),
            Some(after)
        );
        assert_eq!(Board::from_line("XO O"), None);
        assert_eq!(Board::from_line(&line.replace(" O", " Z")), None);
    }
}
