//! othello_player: an interactive Othello player that beats random and greedy opponents.
//!
//! Judge: none has this exact problem (this project's `judge` plays the opponent); it is the
//! classic console Othello in which a person plays the computer, searched with alpha-beta.
//! Protocol, one line each, every write flushed:
//! 1. Each game starts with the judge writing the player's colour: `X` (black: the player moves
//!    first) or `O` (white: the judge moves first); read in either case.
//! 2. The start position: d4 and e5 white, d5 and e4 black (a1 is a corner, columns a-h, rows
//!    1-8).
//! 3. The sides alternate from `X`. A move is a square, column letter then row number (`d3`),
//!    written in lower case and read in either case; `PS` when the side to move has no legal
//!    move. Both sides write their own passes.
//! 4. A game ends when neither side can move, with no message; the next game, if any, starts
//!    again with step 1.
//! 5. When the judge closes the input instead of starting another game, the player exits with
//!    status 0.
//!
//! Verdicts: an illegal move, an unreadable line or a `PS` with a legal move available is a
//! wrong answer; so is winning too few games (the case folder sets the bar).
//! Stdout carries only moves. Stderr shows each move, and the board and result of each game,
//! for a person watching. Bad input from the judge (not a colour, not a square, an illegal move,
//! a `PS` with a move available, input ending mid-game) gets `error: line N: …` on stderr and
//! exit status 1.
//! Approach: the bitboards, move generation and exact endgame search of `othello_endgame` (the
//! modules `board`, `moves` and `search`, kept word for word identical by
//! tests/solvers/shared_code.rs).
//! With more than `ENDGAME_EMPTIES` empty squares, a fixed-depth alpha-beta (`midgame`) over an
//! evaluation of mobility, corners, the squares next to empty corners, stable edge discs and
//! frontier discs; from there on, the exact solve: a move with the best final score. No clock
//! and no randomness: the same opponent moves give the same game. Each game gets a fresh
//! solver, so a game does not depend on the ones before it.
//! Measured (release build, 300 games against random moves and 300 against a greedy player,
//! half as X, half as O): every game won, about 0.04 s of CPU per game, at most 0.3 s.
//! Judge Rust: 1.70 (edition 2021). std only: this file is the submission.

// The shared blocks below also build on AOJ's Rust 1.41, which has no inline format arguments.
#![allow(clippy::uninlined_format_args)]

use std::fmt;
use std::io::{self, BufRead, Write};
use std::process;

use board::final_score;
use moves::{after_move, flips, moves};
use search::{Play, Solver};

/// At most this many empty squares: the exact endgame search picks the move.
const ENDGAME_EMPTIES: u32 = 16;

/// The midgame: a fixed-depth alpha-beta search over a static evaluation.
mod midgame {
    use super::board::{
        beside_corners, corner_stability, diagonal_to_corners, final_score, neighbours, CORNERS,
    };
    use super::moves::{after_move, flips, moves};

    /// How many moves ahead the midgame search looks (passes count as moves).
    pub const DEPTH: u32 = 6;

    /// Evaluation weights, per unit of difference between the side to move and the other side:
    /// a legal move…
    const MOBILITY_WEIGHT: i32 = 10;
    /// …a corner disc…
    const CORNER_WEIGHT: i32 = 100;
    /// …a disc on an edge next to an own corner (it can never be flipped)…
    const STABLE_WEIGHT: i32 = 20;
    /// …a disc diagonally next to an empty corner (it often gives the corner away)…
    const X_SQUARE_WEIGHT: i32 = -50;
    /// …a disc next to an empty corner along an edge…
    const C_SQUARE_WEIGHT: i32 = -15;
    /// …and a frontier disc (next to an empty square: it gives the other side moves).
    const FRONTIER_WEIGHT: i32 = -4;
    /// A finished game is worth its final score times this: more than any evaluation.
    const FINISHED_WEIGHT: i32 = 10_000;

    /// The position's value for `me`, to move against `other`: higher is better.
    pub fn evaluate(me: u64, other: u64) -> i32 {
        let empty = !(me | other);
        let difference =
            |weight: i32, mine: u32, theirs: u32| weight * (mine as i32 - theirs as i32);
        let empty_corners = empty & CORNERS;
        let x_squares = diagonal_to_corners(empty_corners);
        let c_squares = beside_corners(empty_corners);
        let frontier = neighbours(empty);
        let count = |discs: u64| discs.count_ones();
        difference(
            MOBILITY_WEIGHT,
            count(moves(me, other)),
            count(moves(other, me)),
        ) + difference(CORNER_WEIGHT, count(me & CORNERS), count(other & CORNERS))
            + difference(STABLE_WEIGHT, corner_stability(me), corner_stability(other))
            + difference(
                X_SQUARE_WEIGHT,
                count(me & x_squares),
                count(other & x_squares),
            )
            + difference(
                C_SQUARE_WEIGHT,
                count(me & c_squares),
                count(other & c_squares),
            )
            + difference(
                FRONTIER_WEIGHT,
                count(me & frontier),
                count(other & frontier),
            )
    }

    /// The legal moves `legal` of `me`, the ones that leave `other` the fewest replies first
    /// (alpha-beta cuts most when good moves come early); ties in square order.
    fn ordered(me: u64, other: u64, legal: u64) -> Vec<(u32, u64)> {
        let mut list = Vec::with_capacity(legal.count_ones() as usize);
        let mut remaining = legal;
        while remaining != 0 {
            let square = remaining.trailing_zeros();
            remaining &= remaining - 1;
            let flipped = flips(me, other, square);
            let (next_me, next_other) = after_move(me, other, square, flipped);
            let replies = moves(next_me, next_other).count_ones();
            list.push((replies, square, flipped));
        }
        list.sort_by_key(|&(replies, square, _)| (replies, square));
        list.into_iter()
            .map(|(_, square, flipped)| (square, flipped))
            .collect()
    }

    /// Negamax with alpha-beta, fail-soft: the value for `me` to move, `depth` moves ahead.
    fn negamax(me: u64, other: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        let legal = moves(me, other);
        if legal == 0 {
            if moves(other, me) == 0 {
                return FINISHED_WEIGHT * final_score(me, other);
            }
            if depth == 0 {
                return evaluate(me, other);
            }
            // A pass: the other side moves again.
            return -negamax(other, me, depth - 1, -beta, -alpha);
        }
        if depth == 0 {
            return evaluate(me, other);
        }
        let mut best = i32::MIN + 1;
        for (square, flipped) in ordered(me, other, legal) {
            let (next_me, next_other) = after_move(me, other, square, flipped);
            let score = -negamax(next_me, next_other, depth - 1, -beta, -alpha);
            if score > best {
                best = score;
                if score >= beta {
                    break;
                }
                alpha = alpha.max(score);
            }
        }
        best
    }

    /// The best of the legal moves `legal` (not empty) of `me` by a search `depth` moves ahead;
    /// among equals, the first in the search order.
    pub fn best_move(me: u64, other: u64, legal: u64, depth: u32) -> u32 {
        let mut best = (i32::MIN + 1, 64);
        for (square, flipped) in ordered(me, other, legal) {
            let (next_me, next_other) = after_move(me, other, square, flipped);
            let score = -negamax(next_me, next_other, depth - 1, -i32::MAX, -best.0);
            if score > best.0 || best.1 == 64 {
                best = (score, square);
            }
        }
        best.1
    }
}

/// The player's move for `me` to move against `other` with the legal moves `legal` (not
/// empty): the exact endgame search near the end, the midgame search before.
fn choose_move(solver: &mut Solver, me: u64, other: u64, legal: u64) -> u32 {
    let empties = 64 - (me | other).count_ones();
    if empties <= ENDGAME_EMPTIES {
        let solution = solver.solve(me, other);
        if let Play::Move(square) = solution.play {
            eprintln!("exact: {:+} with best play", solution.score);
            return square;
        }
    }
    midgame::best_move(me, other, legal, midgame::DEPTH)
}

/// A square's name: column letter and row number, in lower case (`d3`).
fn square_name(square: u32) -> String {
    format!("{}{}", (b'a' + (square % 8) as u8) as char, square / 8 + 1)
}

/// A play as a line: the square's name, or `PS` for a pass.
fn play_name(play: Option<u32>) -> String {
    play.map_or_else(|| "PS".to_string(), square_name)
}

/// The names of the squares of `squares`, separated by spaces.
fn square_names(squares: u64) -> String {
    (0..64)
        .filter(|square| squares >> square & 1 != 0)
        .map(square_name)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A square from its name in either case (`d3`, `D3`), if it is one.
fn parse_square(text: &str) -> Option<u32> {
    match text.as_bytes() {
        [column, row] => {
            let file = column.to_ascii_lowercase().wrapping_sub(b'a');
            let rank = row.wrapping_sub(b'1');
            if file < 8 && rank < 8 {
                Some(rank as u32 * 8 + file as u32)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// A game in progress: the discs of each colour and whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Game {
    black: u64,
    white: u64,
    black_to_move: bool,
}

impl Game {
    /// The start position: d4 and e5 white, d5 and e4 black; black to move.
    fn start() -> Self {
        Game {
            black: 1 << 35 | 1 << 28,
            white: 1 << 27 | 1 << 36,
            black_to_move: true,
        }
    }

    /// (the discs of the side to move, the other side's discs).
    fn mover_view(&self) -> (u64, u64) {
        if self.black_to_move {
            (self.black, self.white)
        } else {
            (self.white, self.black)
        }
    }

    /// The colour to move: `X` or `O`.
    fn mover(&self) -> char {
        if self.black_to_move {
            'X'
        } else {
            'O'
        }
    }

    /// The game after the side to move plays `square` (a legal move) or passes (`None`).
    fn after(&self, play: Option<u32>) -> Game {
        let (me, other) = self.mover_view();
        let (me, other) = match play {
            Some(square) => {
                let (next_other, next_me) = after_move(me, other, square, flips(me, other, square));
                (next_me, next_other)
            }
            None => (me, other),
        };
        let (black, white) = if self.black_to_move {
            (me, other)
        } else {
            (other, me)
        };
        Game {
            black,
            white,
            black_to_move: !self.black_to_move,
        }
    }
}

/// The board for a person, on stderr: `X`, `O` and `-`, rank 8 at the top.
fn draw(game: &Game) -> String {
    let mut text = String::from("  a b c d e f g h\n");
    for rank in (0..8).rev() {
        text.push_str(&(rank + 1).to_string());
        for file in 0..8 {
            let bit = 1u64 << (rank * 8 + file);
            let disc = if game.black & bit != 0 {
                'X'
            } else if game.white & bit != 0 {
                'O'
            } else {
                '-'
            };
            text.push(' ');
            text.push(disc);
        }
        text.push('\n');
    }
    text
}

/// Plays games until the judge closes the input.
fn play(judge: &mut Judge<impl BufRead>, out: &mut impl Write) -> Result<(), InputError> {
    while let Some((number, line)) = judge.next_line()? {
        let i_am_black = match line.as_str() {
            "X" | "x" => true,
            "O" | "o" => false,
            _ => {
                return Err(InputError {
                    line: number,
                    message: format!(
                        "expected the player's colour X or O, found {}",
                        quote(&line)
                    ),
                })
            }
        };
        eprintln!("new game, I play {}", if i_am_black { 'X' } else { 'O' });
        play_game(judge, out, i_am_black, Game::start())?;
    }
    Ok(())
}

/// Plays one game from `game` until neither side can move; returns the final position.
fn play_game(
    judge: &mut Judge<impl BufRead>,
    out: &mut impl Write,
    i_am_black: bool,
    mut game: Game,
) -> Result<Game, InputError> {
    let mut solver = Solver::default();
    loop {
        let (me, other) = game.mover_view();
        let legal = moves(me, other);
        if legal == 0 && moves(other, me) == 0 {
            break;
        }
        let play = if game.black_to_move == i_am_black {
            let play = if legal == 0 {
                None
            } else {
                Some(choose_move(&mut solver, me, other, legal))
            };
            let line = play_name(play);
            writeln!(out, "{}", line)
                .and_then(|()| out.flush())
                .map_err(|error| InputError {
                    line: judge.number,
                    message: format!("cannot write the move: {}", error),
                })?;
            play
        } else {
            read_move(judge, &game)?
        };
        eprintln!("{} {}", game.mover(), play_name(play));
        game = game.after(play);
    }
    let (black, white) = (game.black.count_ones(), game.white.count_ones());
    let mine = if i_am_black {
        final_score(game.black, game.white)
    } else {
        final_score(game.white, game.black)
    };
    let result = match mine {
        score if score > 0 => "I win",
        0 => "draw",
        _ => "I lose",
    };
    eprintln!(
        "{}game over: X {}, O {}: {}\n",
        draw(&game),
        black,
        white,
        result
    );
    Ok(game)
}

/// The judge's move in `game`: a legal square (`Some`), or `PS` (`None`) when it has no move.
fn read_move(judge: &mut Judge<impl BufRead>, game: &Game) -> Result<Option<u32>, InputError> {
    let colour = game.mover();
    let (number, line) = judge.next_line()?.ok_or_else(|| InputError {
        line: judge.number + 1,
        message: format!(
            "expected the judge's move for {}, found the end of input in the middle of a game",
            colour
        ),
    })?;
    let (me, other) = game.mover_view();
    let legal = moves(me, other);
    let error = |message: String| InputError {
        line: number,
        message,
    };
    if line.eq_ignore_ascii_case("PS") {
        if legal != 0 {
            return Err(error(format!(
                "PS, but {} has a legal move ({})",
                colour,
                square_names(legal)
            )));
        }
        return Ok(None);
    }
    let square = parse_square(&line).ok_or_else(|| {
        error(format!(
            "expected a square a1-h8 or PS, found {}",
            quote(&line)
        ))
    })?;
    if legal == 0 {
        return Err(error(format!(
            "{} has no legal move and must pass (PS), found {}",
            colour,
            quote(&line)
        )));
    }
    if legal >> square & 1 == 0 {
        return Err(error(format!(
            "{} is not a legal move for {} (legal: {})",
            square_name(square),
            colour,
            square_names(legal)
        )));
    }
    Ok(Some(square))
}

fn main() {
    let stdin = io::stdin();
    let mut judge = Judge {
        lines: stdin.lock().lines(),
        number: 0,
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if let Err(error) = play(&mut judge, &mut out) {
        eprintln!("error: {}", error);
        process::exit(1);
    }
}

// ---- shared: judge_lines (kept identical across solvers by tests/solvers/shared_code.rs) ----
/// The judge's side of the conversation: its next non-blank line, numbered from 1.
struct Judge<R> {
    lines: io::Lines<R>,
    number: usize,
}

impl<R: BufRead> Judge<R> {
    fn next_line(&mut self) -> Result<Option<(usize, String)>, InputError> {
        for line in self.lines.by_ref() {
            self.number += 1;
            let line = line.map_err(|error| InputError {
                line: self.number,
                message: format!("cannot read the judge's line: {}", error),
            })?;
            let line = without_byte_order_mark(line.trim(), self.number)?;
            if !line.is_empty() {
                return Ok(Some((self.number, line.to_string())));
            }
        }
        Ok(None)
    }
}
// ---- end shared: judge_lines ----

// ---- shared: othello_board (kept identical across solvers by tests/solvers/shared_code.rs) ----
/// The board as two bitboards, one per side, bit = a1 + file + 8 * rank (a1 = 0, h1 = 7,
/// a8 = 56): its lines, its named squares, the final score and the discs that can never flip.
mod board {
    /// (file step, rank step) of the eight directions: the first four raise the bit index.
    pub const DIRECTIONS: [(i32, i32); 8] = [
        (1, 0),
        (0, 1),
        (1, 1),
        (-1, 1),
        (-1, 0),
        (0, -1),
        (-1, -1),
        (1, -1),
    ];

    /// `RAYS[d][square]`: the squares from `square` (excluded) to the edge in direction `d`.
    pub const RAYS: [[u64; 64]; 8] = rays();

    const fn rays() -> [[u64; 64]; 8] {
        let mut rays = [[0u64; 64]; 8];
        let mut direction = 0;
        while direction < 8 {
            let (file_step, rank_step) = DIRECTIONS[direction];
            let mut square = 0;
            while square < 64 {
                let mut file = (square % 8) as i32 + file_step;
                let mut rank = (square / 8) as i32 + rank_step;
                let mut ray = 0u64;
                while file >= 0 && file < 8 && rank >= 0 && rank < 8 {
                    ray |= 1 << (rank * 8 + file);
                    file += file_step;
                    rank += rank_step;
                }
                rays[direction][square] = ray;
                square += 1;
            }
            direction += 1;
        }
        rays
    }

    /// `ADJACENT[square]`: the squares next to `square`. A move must touch an opposing disc.
    pub const ADJACENT: [u64; 64] = adjacent();

    const fn adjacent() -> [u64; 64] {
        let mut table = [0u64; 64];
        let mut square = 0;
        while square < 64 {
            let mut direction = 0;
            while direction < 8 {
                // The first square of each ray is a neighbour.
                let ray = RAYS[direction][square];
                let first = if direction < 4 {
                    ray & ray.wrapping_neg()
                } else if ray == 0 {
                    0
                } else {
                    1 << (63 - ray.leading_zeros())
                };
                table[square] |= first;
                direction += 1;
            }
            square += 1;
        }
        table
    }

    pub const FILE_A: u64 = 0x0101_0101_0101_0101;
    pub const FILE_H: u64 = 0x8080_8080_8080_8080;
    pub const RANK_1: u64 = 0xFF;
    pub const RANK_8: u64 = 0xFF << 56;
    pub const EDGES: u64 = FILE_A | FILE_H | RANK_1 | RANK_8;
    pub const CORNERS: u64 = 0x8100_0000_0000_0081;
    /// b2, g2, b7 and g7: a move there often gives the other side the corner.
    pub const X_SQUARES: u64 = 0x0042_0000_0000_4200;

    /// The best and the worst final score: every square owned by one side.
    pub const MAX_SCORE: i32 = 64;

    /// The final score for `me` when the game ends here: disc difference, empties to the winner.
    #[inline(always)]
    pub fn final_score(me: u64, other: u64) -> i32 {
        let (mine, theirs) = (me.count_ones() as i32, other.count_ones() as i32);
        let empties = 64 - mine - theirs;
        let difference = mine - theirs;
        if difference > 0 {
            difference + empties
        } else if difference < 0 {
            difference - empties
        } else {
            0
        }
    }

    /// The squares next to a disc of `discs`, in any direction.
    #[inline(always)]
    pub fn neighbours(discs: u64) -> u64 {
        let east = discs << 1 & !FILE_A;
        let west = discs >> 1 & !FILE_H;
        let sideways = discs | east | west;
        sideways << 8 | sideways >> 8 | east | west
    }

    /// The squares on full lines in each of the four orientations (horizontal, vertical, and the
    /// diagonals along +9 and +7).
    fn full_lines(occupied: u64) -> [u64; 4] {
        let mut full = [0u64; 4];
        for rank in 0..8 {
            let row = RANK_1 << (8 * rank);
            if occupied & row == row {
                full[0] |= row;
            }
        }
        for file in 0..8 {
            let column = FILE_A << file;
            if occupied & column == column {
                full[1] |= column;
            }
        }
        // Every diagonal is the ray from an edge square of file a or rank 1 plus that square.
        for start in [0, 1, 2, 3, 4, 5, 6, 8, 16, 24, 32, 40, 48] {
            let line = RAYS[2][start] | 1 << start;
            if occupied & line == line {
                full[2] |= line;
            }
        }
        for start in [1, 2, 3, 4, 5, 6, 7, 15, 23, 31, 39, 47, 55] {
            let line = RAYS[3][start] | 1 << start;
            if occupied & line == line {
                full[3] |= line;
            }
        }
        full
    }

    /// Discs of `me` that can never be flipped: in each orientation the line is full, or a
    /// neighbour along it is the edge or a stable disc of `me`. Grown from the edges to a
    /// fixpoint.
    pub fn stable_discs(me: u64, other: u64) -> u64 {
        let [horizontal, vertical, rising, falling] = full_lines(me | other);
        let mut stable = 0;
        loop {
            let east_west =
                horizontal | FILE_A | FILE_H | (stable << 1 & !FILE_A) | (stable >> 1 & !FILE_H);
            let north_south = vertical | RANK_1 | RANK_8 | stable << 8 | stable >> 8;
            let along_9 = rising | EDGES | (stable << 9 & !FILE_A) | (stable >> 9 & !FILE_H);
            let along_7 = falling | EDGES | (stable << 7 & !FILE_H) | (stable >> 7 & !FILE_A);
            let grown = me & east_west & north_south & along_9 & along_7;
            if grown == stable {
                return stable;
            }
            stable = grown;
        }
    }

    /// The squares next to the corners in `corners` along an edge (b1 and a2 for a1, and so on).
    #[inline(always)]
    pub fn beside_corners(corners: u64) -> u64 {
        (corners & 0x0100_0000_0000_0001) << 1
            | (corners & 0x8000_0000_0000_0080) >> 1
            | (corners & 0x0000_0000_0000_0081) << 8
            | (corners & 0x8100_0000_0000_0000) >> 8
    }

    /// The squares diagonally next to the corners in `corners` (b2 for a1, and so on).
    #[inline(always)]
    pub fn diagonal_to_corners(corners: u64) -> u64 {
        (corners & 1) << 9
            | (corners & 1 << 7) << 7
            | (corners & 1 << 56) >> 7
            | (corners & 1 << 63) >> 9
    }

    /// The discs of `me` on a corner, or next to a corner of `me` along an edge: they can never
    /// be flipped. A cheap part of the stable discs.
    #[inline(always)]
    pub fn corner_stability(me: u64) -> u32 {
        ((beside_corners(me & CORNERS) | CORNERS) & me).count_ones()
    }
}
// ---- end shared: othello_board ----

// ---- shared: othello_moves (kept identical across solvers by tests/solvers/shared_code.rs) ----
/// Move generation: the legal moves of a side, the discs a move flips, and the position after it.
mod moves {
    use super::board::{FILE_A, RAYS};

    /// The discs a move on `SQUARE` flips for the player `me` against `other` (none: not a legal
    /// move). One copy per square: the rays are constants, and rays too short to hold a flip
    /// (fewer than two squares) cost nothing.
    #[inline(always)]
    fn flips_at<const SQUARE: usize>(me: u64, other: u64) -> u64 {
        let mut flipped = 0;
        // Rising rays: adding the ray's first bit to (other | outside the ray) carries through
        // the run of `other` discs and stops on the first square that is not; it must be `me`.
        for rays in &RAYS[..4] {
            let ray = rays[SQUARE];
            if ray.count_ones() >= 2 {
                let first = ray & ray.wrapping_neg();
                let outflank = (other | !ray).wrapping_add(first) & ray & me;
                flipped |= outflank.wrapping_sub((outflank != 0) as u64) & ray;
            }
        }
        // Falling rays: the nearest square that is not `other` is the highest such bit (bit 0
        // stands in when there is none: it is then either off the ray or `other`, so never an
        // outflank).
        for rays in &RAYS[4..] {
            let ray = rays[SQUARE];
            if ray.count_ones() >= 2 {
                let nearest = 1u64 << (63 - ((ray & !other) | 1).leading_zeros());
                let outflank = nearest & ray & me;
                flipped |= (outflank << 1).wrapping_neg() & ray;
            }
        }
        flipped
    }

    /// `LINE_FLIPS[position][mine]`: on a full line of eight squares whose discs of `me` are the
    /// bits of `mine`, how many discs a move at `position` flips: on each side, the other side's
    /// discs before the first disc of `me`, if there is one.
    const LINE_FLIPS: [[u8; 256]; 8] = line_flips();

    const fn line_flips() -> [[u8; 256]; 8] {
        let mut table = [[0u8; 256]; 8];
        let mut position = 0;
        while position < 8 {
            let mut mine = 0;
            while mine < 256 {
                let mut count = 0;
                // Down the line, then up it.
                let mut at = position as i32 - 1;
                while at >= 0 && mine & 1 << at == 0 {
                    at -= 1;
                }
                if at >= 0 {
                    count += position as i32 - 1 - at;
                }
                let mut at = position + 1;
                while at < 8 && mine & 1 << at == 0 {
                    at += 1;
                }
                if at < 8 {
                    count += (at - position - 1) as i32;
                }
                table[position][mine] = count as u8;
                mine += 1;
            }
            position += 1;
        }
        table
    }

    /// On a board full but for `SQUARE`, how many discs a move there by `me` flips: each line
    /// through it holds only discs of `me` and of the other side, so the discs of `me` on a
    /// line, gathered into a byte, say how many it flips. A diagonal's squares lie on different
    /// files and a column's on different ranks, so a multiplication gathers them without
    /// carries; squares off a short diagonal read as the other side's but lie beyond its ends,
    /// where nothing flips.
    #[inline(always)]
    fn last_flip_count_at<const SQUARE: usize>(me: u64) -> u32 {
        let (file, rank) = (SQUARE % 8, SQUARE / 8);
        let row = (me >> (8 * rank)) as u8;
        let column = ((me >> file) & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        let mut count = LINE_FLIPS[file][row as usize] as u32;
        count += LINE_FLIPS[rank][column as usize] as u32;
        for (up, down) in [(2, 6), (3, 7)] {
            let line = RAYS[up][SQUARE] | RAYS[down][SQUARE];
            // A diagonal of two squares or fewer flips nothing.
            if line.count_ones() >= 2 {
                let files = (me & line).wrapping_mul(FILE_A) >> 56;
                count += LINE_FLIPS[file][files as usize] as u32;
            }
        }
        count
    }

    /// One entry per square of a function made for that square.
    macro_rules! per_square {
        ($function:ident, $type:ty) => {
            per_square!(@ $function, $type; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20
                21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47
                48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63)
        };
        (@ $function:ident, $type:ty; $($square:literal)*) => {
            [$($function::<$square> as $type),*]
        };
    }

    const FLIPS: [fn(u64, u64) -> u64; 64] = per_square!(flips_at, fn(u64, u64) -> u64);
    const LAST_FLIP_COUNTS: [fn(u64) -> u32; 64] = per_square!(last_flip_count_at, fn(u64) -> u32);

    /// The discs `square` flips for the player `me` against `other` (none: not a legal move).
    #[inline(always)]
    pub fn flips(me: u64, other: u64, square: u32) -> u64 {
        FLIPS[square as usize](me, other)
    }

    /// On a board full but for `square`, how many discs a move there by `me` flips.
    #[inline(always)]
    pub fn last_flip_count(me: u64, square: u32) -> u32 {
        LAST_FLIP_COUNTS[square as usize](me)
    }

    /// The position after `me` plays `square`, flipping `flipped`, from the view of the other
    /// side, who moves next: (its discs, the discs of `me`).
    #[inline(always)]
    pub fn after_move(me: u64, other: u64, square: u32, flipped: u64) -> (u64, u64) {
        (other ^ flipped, me | flipped | 1 << square)
    }

    /// The squares where `me` can move against `other`.
    #[inline(always)]
    pub fn moves(me: u64, other: u64) -> u64 {
        let empty = !(me | other);
        // Horizontal and diagonal runs must not wrap from file h to file a.
        let inner = other & 0x7E7E_7E7E_7E7E_7E7E;
        let mut found = 0;
        for &(shift, run) in &[(1, inner), (8, other), (7, inner), (9, inner)] {
            // Kogge-Stone: runs of up to 6 discs in 4 steps each way (1 + 1 + 2 + 2).
            let pair_up = run & (run << shift);
            let pair_down = run & (run >> shift);
            let mut up = run & (me << shift);
            let mut down = run & (me >> shift);
            up |= run & (up << shift);
            down |= run & (down >> shift);
            up |= pair_up & (up << (2 * shift));
            down |= pair_down & (down >> (2 * shift));
            up |= pair_up & (up << (2 * shift));
            down |= pair_down & (down >> (2 * shift));
            found |= empty & ((up << shift) | (down >> shift));
        }
        found
    }
}
// ---- end shared: othello_moves ----

// ---- shared: othello_search (kept identical across solvers by tests/solvers/shared_code.rs) ----
/// The exact search: the final score under perfect play from any position, and a best play.
mod search {
    use super::board::{
        beside_corners, corner_stability, diagonal_to_corners, final_score, neighbours,
        stable_discs, ADJACENT, CORNERS, MAX_SCORE, X_SQUARES,
    };
    use super::moves::{after_move, flips, last_flip_count, moves};

    /// The best play from a position: the exact score and the move that gets it.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Solution {
        pub score: i32,
        pub play: Play,
    }

    /// What the side to move does.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Play {
        Move(u32),
        Pass,
        GameOver,
    }

    /// Below every score: the best score of a node before any move is searched. Still this after
    /// the moves: there was no legal move.
    const NO_MOVE_YET: i32 = -MAX_SCORE - 1;
    /// Not a square: a table entry or a node without a best move.
    const NO_SQUARE: u8 = 64;

    /// At most this many empties: search square by square (no move generation, no table).
    /// Seven, as in Edax: the same time as six on FFO #1-#19 and #40-#44 (the table and the
    /// ordering cost about what they save there), with cheaper nodes.
    const SHALLOW: u32 = 7;
    /// From this many empties, children are looked up in the table before any is searched. (A
    /// look up mostly misses the processor's caches: at 8 and 9 empties the nodes it saves cost
    /// less than the look ups.)
    const ETC_EMPTIES: u32 = 10;
    /// From this many empties, a node is looked up in the table and stored in it; at 8, searched
    /// with ordering but without the table, for the same reason.
    const TABLE_EMPTIES: u32 = 9;
    /// log2 of the transposition table's largest entry count (2^21 entries of 24 bytes: 48 MiB).
    /// A position with fewer empties gets a smaller table (filling one costs time too).
    const TABLE_BITS: u32 = 21;
    /// log2 of the smallest table.
    const MIN_TABLE_BITS: u32 = 10;
    /// The stability cutoff is tried only when alpha is at least this (below it, the other side
    /// would need more stable discs than endgames have) and with at least this many empties
    /// (below, the test costs more than the few nodes it saves).
    const STABILITY_ALPHA: i32 = 8;
    const STABILITY_EMPTIES: u32 = 10;
    /// Potential replies are counted in ordering only with at least this many empties.
    const POTENTIAL_EMPTIES: u32 = 10;
    /// Ordering (the weights were chosen by node counts on FFO endgames): each reply left to the
    /// other side weighs `REPLY_WEIGHT`, and a corner reply counts `1 + CORNER_REPLIES` times…
    const REPLY_WEIGHT: u32 = 16;
    const CORNER_REPLIES: u32 = 1;
    /// …each empty square next to a disc of the mover (a potential reply) this much…
    const POTENTIAL_WEIGHT: u32 = 4;
    /// …each stable disc of the mover on a corner or next to one along an edge this much in the
    /// move's favour…
    const CORNER_STABILITY_WEIGHT: u32 = 4;
    /// …and a move diagonally next to an empty corner this much against it, one next to an
    /// empty corner along an edge this much.
    const X_SQUARE_WEIGHT: u32 = 40;
    const C_SQUARE_WEIGHT: u32 = 8;
    /// From this many empties, the moves are ordered by a look ahead instead: a search two
    /// moves deep (four from `DEEP_LOOK_AHEAD_EMPTIES`) of a rough score (`rough_score`), plus
    /// half the key of the order above (which alone would order a wipe-out badly: FFO #59 took
    /// 111 s instead of 0.1 s). Near the root a better first move saves far more than the look
    /// ahead costs: on FFO #49 (26 empties) it cut the nodes from 3.3 to 1.0 billion.
    const LOOK_AHEAD_EMPTIES: u32 = 16;
    const DEEP_LOOK_AHEAD_EMPTIES: u32 = 18;
    /// A move whose look ahead is worse than the best so far by more than this (one reply's
    /// weight) is only bounded, not scored: a lower bound keeps it behind the best, and its
    /// search cuts far sooner. FFO #56 took 68 s instead of 83, #53 163 instead of 178.
    const LOOK_AHEAD_MARGIN: i32 = MOBILITY_WEIGHT;
    /// The rough score's weights: per move more than the other side has, per corner move more,
    /// per corner held more; a finished game scores its disc difference times `FINAL_WEIGHT`,
    /// above anything mobility can make (and within an `i16` key).
    const MOBILITY_WEIGHT: i32 = 16;
    const CORNER_MOVE_WEIGHT: i32 = 16;
    const CORNER_WEIGHT: i32 = 32;
    const FINAL_WEIGHT: i32 = 256;

    /// A rough score of a position for `me`, who has the moves `legal`, to order moves by (not
    /// a disc count): more moves than the other side and more corners, taken or to take; for a
    /// finished game its disc difference times `FINAL_WEIGHT`.
    fn rough_score(me: u64, other: u64, legal: u64) -> i32 {
        let theirs = moves(other, me);
        if legal | theirs == 0 {
            return FINAL_WEIGHT * final_score(me, other);
        }
        let difference =
            |mine: u64, theirs: u64| mine.count_ones() as i32 - theirs.count_ones() as i32;
        MOBILITY_WEIGHT * difference(legal, theirs)
            + CORNER_MOVE_WEIGHT * difference(legal & CORNERS, theirs & CORNERS)
            + CORNER_WEIGHT * difference(me & CORNERS, other & CORNERS)
    }

    /// The four quadrants (a1-d4, e1-h4, a5-d8, e5-h8): near the end, moves in a quadrant with
    /// an odd number of empties come first (parity: the last move in a region is worth having).
    pub const QUADRANTS: [u64; 4] = [
        0x0000_0000_0F0F_0F0F,
        0x0000_0000_F0F0_F0F0,
        0x0F0F_0F0F_0000_0000,
        0xF0F0_F0F0_0000_0000,
    ];

    /// The quadrant (0-3) of a square.
    #[inline(always)]
    fn quadrant(square: u32) -> u32 {
        (square >> 2 & 1) | (square >> 4 & 2)
    }

    /// Parity as four bits, one per quadrant holding an odd number of empties.
    pub fn parity(empty: u64) -> u32 {
        // Fold each quadrant onto its first square by xor: ranks 1-4 onto rank 1 and 5-8 onto
        // rank 5, then files a-d onto file a and e-h onto file e. Bits 0, 4, 32 and 36 remain.
        let mut folded = empty ^ empty >> 8;
        folded ^= folded >> 16;
        folded ^= folded >> 1;
        folded ^= folded >> 2;
        (folded & 1 | folded >> 3 & 2 | folded >> 30 & 4 | folded >> 33 & 8) as u32
    }

    /// `PARITY_SQUARES[parity]`: the squares of the quadrants whose parity bit is set.
    const PARITY_SQUARES: [u64; 16] = parity_squares();

    const fn parity_squares() -> [u64; 16] {
        let mut table = [0u64; 16];
        let mut parity = 0;
        while parity < 16 {
            let mut index = 0;
            while index < 4 {
                if parity & 1 << index != 0 {
                    table[parity] |= QUADRANTS[index];
                }
                index += 1;
            }
            parity += 1;
        }
        table
    }

    /// From this many empties, a search beside others (`Memory::SHARED`) tells them which
    /// moves it is searching, and puts off a move another is searching.
    const DEFER_EMPTIES: u32 = 12;

    /// One remembered position: its exact score lies in [lower, upper]; `best` was its best
    /// move.
    #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
    pub struct Entry {
        pub me: u64,
        pub other: u64,
        pub lower: i8,
        pub upper: i8,
        pub best: u8,
        pub empties: u8,
    }

    impl Entry {
        /// What a search in (alpha, beta) that found `best` proves: a lower bound when it failed
        /// high, the exact score inside the window, an upper bound when it failed low.
        fn proven(me: u64, other: u64, empties: u32, window: (i32, i32), best: (i32, u8)) -> Self {
            let (alpha, beta) = window;
            let (score, square) = best;
            let (lower, upper) = if score >= beta {
                (score, MAX_SCORE)
            } else if score > alpha {
                (score, score)
            } else {
                (-MAX_SCORE, score)
            };
            Entry {
                me,
                other,
                lower: lower as i8,
                upper: upper as i8,
                best: square,
                empties: empties as u8,
            }
        }

        /// The bound that settles a search in (alpha, beta) without searching, if there is one.
        fn cutoff(&self, alpha: i32, beta: i32) -> Option<i32> {
            let (lower, upper) = (self.lower as i32, self.upper as i32);
            if lower >= beta {
                Some(lower)
            } else if upper <= alpha {
                Some(upper)
            } else {
                None
            }
        }
    }

    /// A move being ordered: its sort key, square, the discs it flips and the replies it leaves.
    #[derive(Clone, Copy, Default)]
    struct Child {
        flipped: u64,
        replies: u64,
        key: i16,
        square: u8,
    }

    impl Child {
        /// The position after this move, from the view of the side that replies.
        #[inline(always)]
        fn position(&self, me: u64, other: u64) -> (u64, u64) {
            after_move(me, other, self.square as u32, self.flipped)
        }
    }

    /// log2 of the entry count of a table that suits a position with this many empties: an
    /// entry for every eighth of 2^empties, up to the largest. A fresh table's pages cost time
    /// as they are first written: at 20 empties 3 MiB instead of 48 MiB made FFO #40 5% faster
    /// for 0.2% more nodes.
    pub fn table_bits(empties: u32) -> u32 {
        empties.saturating_sub(3).clamp(MIN_TABLE_BITS, TABLE_BITS)
    }

    /// The first of the two entries a position may sit in, in a table of 2^`bits` entries.
    #[inline(always)]
    pub fn bucket(me: u64, other: u64, bits: u32) -> usize {
        let mixed = (me ^ other.rotate_left(23)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed >> (64 - bits)) as usize & !1
    }

    /// Where a search keeps what it proved, and what it hears of searches beside it: `Table`
    /// for a search alone; othello_endgame's table shared by threads for `--threads`.
    pub trait Memory {
        /// Whether other threads search the same position with the same memory.
        const SHARED: bool;
        /// Makes room for a position with this many empties.
        fn fit(&mut self, empties: u32);
        fn probe(&self, me: u64, other: u64) -> Option<Entry>;
        fn store(&mut self, entry: Entry);
        /// Whether this thread's search below some node is no longer wanted (another thread
        /// finished the pass, or cut a node this thread is in): it then unwinds at once to that
        /// node (`cut_here` is asked first), storing nothing, and what it returns on the way
        /// means nothing.
        fn stopped(&self) -> bool {
            false
        }
        /// This thread starts searching the moves of a node in a window below `beta`.
        fn enter(&mut self, _me: u64, _other: u64, _beta: i32) {}
        /// …and is done with the node it entered last.
        fn leave(&mut self) {}
        /// Whether another thread has meanwhile cut a node this thread is in (the table holds
        /// a bound at least its beta): if so, this thread unwinds to it (`stopped`)…
        fn cut_above(&mut self) -> bool {
            false
        }
        /// …where this gives the bound and the move that cut it.
        fn cut_here(&mut self) -> Option<(i32, u8)> {
            None
        }
        /// Whether another thread is searching this position now.
        fn busy(&self, _me: u64, _other: u64) -> bool {
            false
        }
        /// This thread starts (`searching`) or ends searching this position.
        fn mark(&self, _me: u64, _other: u64, _searching: bool) {}
        /// What a pass of the root search found, as the threads agree on it (the first to
        /// finish the pass says; `found` is `None` when this one was stopped).
        fn agree(&mut self, found: Option<(i32, u8)>) -> Option<(i32, u8)> {
            found
        }
    }

    /// The transposition table of a search alone: allocated when a position first needs it,
    /// grown for a larger one, kept between positions since exact bounds stay true.
    #[derive(Default)]
    pub struct Table {
        entries: Vec<Entry>,
        bits: u32,
    }

    impl Memory for Table {
        const SHARED: bool = false;

        /// Grows the table (once, to stay) to suit a position with this many empties.
        fn fit(&mut self, empties: u32) {
            let bits = table_bits(empties);
            if bits > self.bits {
                self.entries = vec![Entry::default(); 1 << bits];
                self.bits = bits;
            }
        }

        fn probe(&self, me: u64, other: u64) -> Option<Entry> {
            let bucket = bucket(me, other, self.bits);
            self.entries[bucket..bucket + 2]
                .iter()
                .find(|entry| entry.me == me && entry.other == other)
                .copied()
        }

        /// Stores an entry over the same position, else over the shallower of the two.
        fn store(&mut self, entry: Entry) {
            let bucket = bucket(entry.me, entry.other, self.bits);
            let pair = &mut self.entries[bucket..bucket + 2];
            let same = pair
                .iter()
                .position(|old| old.me == entry.me && old.other == entry.other);
            let at = same.unwrap_or(if pair[0].empties <= pair[1].empties {
                0
            } else {
                1
            });
            pair[at] = entry;
        }
    }

    /// The search: what it remembers (`Memory`) and its node count.
    #[derive(Default)]
    pub struct Searcher<M> {
        memory: M,
        pub nodes: u64,
    }

    /// The search of one thread, with a table of its own.
    pub type Solver = Searcher<Table>;

    impl<M: Memory> Searcher<M> {
        /// A search that keeps what it proves in `memory`.
        #[allow(dead_code)] // othello_player searches alone
        pub fn with_memory(memory: M) -> Self {
            Searcher { memory, nodes: 0 }
        }

        /// Whether this search is to unwind (only ever beside other threads).
        #[inline(always)]
        fn stopped(&self) -> bool {
            M::SHARED && self.memory.stopped()
        }

        /// The exact score with one empty square left, `me` to move.
        #[inline(always)]
        fn last_one(&mut self, me: u64, other: u64, square: u32) -> i32 {
            self.nodes += 1;
            // With no empty square left the score is the disc difference: 2 * mine - 64.
            let flipped = last_flip_count(me, square);
            if flipped != 0 {
                return 2 * (me.count_ones() + flipped) as i32 + 2 - 64;
            }
            let flipped = last_flip_count(other, square);
            if flipped != 0 {
                return 64 - 2 * (other.count_ones() + flipped) as i32 - 2;
            }
            final_score(me, other)
        }

        /// The exact score with two empty squares left, `me` to move.
        fn last_two(
            &mut self,
            me: u64,
            other: u64,
            mut alpha: i32,
            beta: i32,
            passed: bool,
        ) -> i32 {
            self.nodes += 1;
            let empty = !(me | other);
            let first = empty.trailing_zeros();
            let second = (empty & (empty - 1)).trailing_zeros();
            let mut best = NO_MOVE_YET;
            for (square, last) in [(first, second), (second, first)] {
                if ADJACENT[square as usize] & other == 0 {
                    continue;
                }
                let flipped = flips(me, other, square);
                if flipped == 0 {
                    continue;
                }
                let (next_me, next_other) = after_move(me, other, square, flipped);
                let score = -self.last_one(next_me, next_other, last);
                if score > best {
                    best = score;
                    if score >= beta {
                        return score;
                    }
                    alpha = alpha.max(score);
                }
            }
            if best == NO_MOVE_YET {
                if passed {
                    return final_score(me, other);
                }
                return -self.last_two(other, me, -beta, -alpha, true);
            }
            best
        }

        /// Near the end: every empty square is tried, those of odd quadrants first (`parity` has
        /// a bit per quadrant with an odd number of empties) and in each the squares diagonally
        /// next to a corner last; no table, no sorting.
        #[allow(clippy::too_many_arguments)]
        fn shallow(
            &mut self,
            me: u64,
            other: u64,
            mut alpha: i32,
            beta: i32,
            empties: u32,
            parity: u32,
            passed: bool,
        ) -> i32 {
            if empties == 2 {
                return self.last_two(me, other, alpha, beta, passed);
            }
            let empty = !(me | other);
            self.nodes += 1;
            let odd = PARITY_SQUARES[parity as usize];
            let mut best = NO_MOVE_YET;
            for mut squares in [
                empty & odd & !X_SQUARES,
                empty & odd & X_SQUARES,
                empty & !odd & !X_SQUARES,
                empty & !odd & X_SQUARES,
            ] {
                while squares != 0 {
                    let square = squares.trailing_zeros();
                    squares &= squares - 1;
                    if ADJACENT[square as usize] & other == 0 {
                        continue;
                    }
                    let flipped = flips(me, other, square);
                    if flipped == 0 {
                        continue;
                    }
                    let (next_me, next_other) = after_move(me, other, square, flipped);
                    let next_parity = parity ^ 1 << quadrant(square);
                    let score = -self.shallow(
                        next_me,
                        next_other,
                        -beta,
                        -alpha,
                        empties - 1,
                        next_parity,
                        false,
                    );
                    if score > best {
                        best = score;
                        if score >= beta {
                            return score;
                        }
                        alpha = alpha.max(score);
                    }
                }
            }
            if best == NO_MOVE_YET {
                // No move: pass, or the game is over.
                if passed {
                    return final_score(me, other);
                }
                return -self.shallow(other, me, -beta, -alpha, empties, parity, true);
            }
            best
        }

        /// The rough score (`rough_score`) of a position `depth` moves ahead, `me` to move with
        /// the moves `legal`, by alpha-beta in (alpha, beta), fail-soft; no table. Each position
        /// counts as a node. Above the last move, the moves are searched fewest replies first:
        /// the score is the same in any order, but alpha-beta cuts sooner (on FFO #53, 11% fewer
        /// nodes in all; the look ahead had taken a quarter of the time on #52).
        fn look_ahead(
            &mut self,
            me: u64,
            other: u64,
            legal: u64,
            depth: u32,
            mut alpha: i32,
            beta: i32,
        ) -> i32 {
            self.nodes += 1;
            if depth == 0 {
                return rough_score(me, other, legal);
            }
            if legal == 0 {
                let replies = moves(other, me);
                if replies == 0 {
                    return FINAL_WEIGHT * final_score(me, other);
                }
                return -self.look_ahead(other, me, replies, depth - 1, -beta, -alpha);
            }
            let mut order = [(0u8, 0u8); 64]; // (replies, square)
            let mut count = 0;
            let mut rest = legal;
            while rest != 0 {
                let square = rest.trailing_zeros();
                rest &= rest - 1;
                let replies = if depth >= 2 {
                    let (next_me, next_other) =
                        after_move(me, other, square, flips(me, other, square));
                    moves(next_me, next_other).count_ones() as u8
                } else {
                    0
                };
                let mut at = count;
                while at > 0 && order[at - 1].0 > replies {
                    order[at] = order[at - 1];
                    at -= 1;
                }
                order[at] = (replies, square as u8);
                count += 1;
            }
            let mut best = i32::MIN;
            for &(_, square) in &order[..count] {
                let square = square as u32;
                let (next_me, next_other) = after_move(me, other, square, flips(me, other, square));
                let replies = moves(next_me, next_other);
                let score =
                    -self.look_ahead(next_me, next_other, replies, depth - 1, -beta, -alpha);
                if score > best {
                    best = score;
                    if score >= beta {
                        return score;
                    }
                    alpha = alpha.max(score);
                }
            }
            best
        }

        /// With at least `LOOK_AHEAD_EMPTIES` empties, the moves of `list` (keyed and ordered
        /// by `ordered_moves`) ordered again by a look ahead from each (a bound for those worse
        /// than the best before them by `LOOK_AHEAD_MARGIN`) plus half their key, best for `me`
        /// first; the order they had breaks ties.
        fn order_by_look_ahead(&mut self, me: u64, other: u64, list: &mut [Child], empties: u32) {
            if empties < LOOK_AHEAD_EMPTIES {
                return;
            }
            let depth = if empties >= DEEP_LOOK_AHEAD_EMPTIES {
                4
            } else {
                2
            };
            let limit = FINAL_WEIGHT * MAX_SCORE + 1;
            // The best (lowest) score so far, and so the window for the next move.
            let mut best = limit - LOOK_AHEAD_MARGIN;
            for child in list.iter_mut() {
                let (next_me, next_other) = child.position(me, other);
                // The score for the side that replies: the lower, the better the move.
                let ceiling = best + LOOK_AHEAD_MARGIN;
                let score =
                    self.look_ahead(next_me, next_other, child.replies, depth, -limit, ceiling);
                best = best.min(score);
                child.key = (score + child.key as i32 / 2) as i16;
            }
            list.sort_by_key(|child| child.key); // stable: ties keep their order
        }

        /// The moves of `me`, best first: the fewest replies for `other` (corners count more),
        /// fewest potential replies, most stable corner discs, and not next to an empty corner.
        /// Each comes with the discs it flips and the replies it leaves.
        fn ordered_moves(me: u64, other: u64, legal: u64, list: &mut [Child; 64]) -> usize {
            let empties = 64 - (me | other).count_ones();
            // Moves next to an empty corner can open it to the other side.
            let empty_corners = !(me | other) & CORNERS;
            let (risky_x, risky_c) = (
                diagonal_to_corners(empty_corners),
                beside_corners(empty_corners),
            );
            let mut count = 0;
            let mut remaining = legal;
            while remaining != 0 {
                let square = remaining.trailing_zeros();
                remaining &= remaining - 1;
                let flipped = flips(me, other, square);
                let (next_me, next_other) = after_move(me, other, square, flipped);
                let replies = moves(next_me, next_other);
                let key = {
                    let mine = next_other;
                    let potential = if empties >= POTENTIAL_EMPTIES {
                        (neighbours(mine) & !(mine | other)).count_ones()
                    } else {
                        0
                    };
                    (REPLY_WEIGHT
                        * (replies.count_ones()
                            + CORNER_REPLIES * (replies & CORNERS).count_ones())
                        + POTENTIAL_WEIGHT * potential) as i32
                        - (CORNER_STABILITY_WEIGHT * corner_stability(mine)) as i32
                        + (X_SQUARE_WEIGHT * (risky_x >> square & 1) as u32) as i32
                        + (C_SQUARE_WEIGHT * (risky_c >> square & 1) as u32) as i32
                };
                let child = Child {
                    flipped,
                    replies,
                    key: key as i16,
                    square: square as u8,
                };
                // Insertion sort: the lists are short.
                let mut at = count;
                while at > 0 && list[at - 1].key > key as i16 {
                    list[at] = list[at - 1];
                    at -= 1;
                }
                list[at] = child;
                count += 1;
            }
            count
        }

        /// A move's score in (alpha, beta) by principal variation search: the first move of a
        /// node gets the whole window; a later one a null window at alpha first, which proves it
        /// no better, else it is searched again in the window above what it proved.
        #[inline(always)]
        fn child_score(
            &mut self,
            (next_me, next_other): (u64, u64),
            replies: u64,
            (alpha, beta): (i32, i32),
            first: bool,
        ) -> i32 {
            if first {
                return -self.search(next_me, next_other, replies, -beta, -alpha, false);
            }
            let score = -self.search(next_me, next_other, replies, -alpha - 1, -alpha, false);
            if score > alpha && score < beta && !self.stopped() {
                return -self.search(next_me, next_other, replies, -beta, -score, false);
            }
            score
        }

        /// `child_score`, with the threads beside this one told that this thread searches the
        /// move, at a node with `empties` empties.
        #[inline(always)]
        fn marked_child_score(
            &mut self,
            next: (u64, u64),
            replies: u64,
            window: (i32, i32),
            first: bool,
            empties: u32,
        ) -> i32 {
            let mark = M::SHARED && empties >= DEFER_EMPTIES;
            if mark {
                self.memory.mark(next.0, next.1, true);
            }
            let score = self.child_score(next, replies, window, first);
            if mark {
                self.memory.mark(next.0, next.1, false);
            }
            score
        }

        /// The moves of `list`, in order, in (alpha, beta) after the best found so far (`best`
        /// is `NO_MOVE_YET` before any): the best score and its square, or `None` if the search
        /// was stopped. Beside other threads, a move (after the first) that another thread is
        /// searching is put off until the others are done, when the table may hold its score
        /// (simplified ABDADA): so the threads spread over the moves of a node.
        fn search_list(
            &mut self,
            (me, other): (u64, u64),
            list: &[Child],
            (mut alpha, beta): (i32, i32),
            (mut best, mut best_square): (i32, u8),
            empties: u32,
        ) -> Option<(i32, u8)> {
            let mut waiting: u64 = (1 << list.len()) - 1;
            for may_put_off in [M::SHARED && empties >= DEFER_EMPTIES, false] {
                let mut left = waiting;
                while left != 0 {
                    let index = left.trailing_zeros() as usize;
                    left &= left - 1;
                    let child = &list[index];
                    let next = child.position(me, other);
                    let first = best == NO_MOVE_YET;
                    if may_put_off && !first {
                        if self.memory.cut_above() {
                            return self.memory.cut_here(); // here, or unwinding to it
                        }
                        if self.memory.busy(next.0, next.1) {
                            continue;
                        }
                    }
                    waiting &= !(1 << index);
                    let window = (alpha, beta);
                    let score =
                        self.marked_child_score(next, child.replies, window, first, empties);
                    if let Some(cut) = self.memory.cut_here() {
                        return Some(cut);
                    }
                    if self.stopped() {
                        return None;
                    }
                    if score > best {
                        best = score;
                        best_square = child.square;
                        if score >= beta {
                            return Some((best, best_square));
                        }
                        alpha = alpha.max(score);
                    }
                }
            }
            Some((best, best_square))
        }

        /// Exact negamax in (alpha, beta), fail-soft, `me` to move with the moves `legal`.
        fn search(
            &mut self,
            me: u64,
            other: u64,
            legal: u64,
            mut alpha: i32,
            mut beta: i32,
            passed: bool,
        ) -> i32 {
            let empties = 64 - (me | other).count_ones();
            if empties <= SHALLOW {
                let parity = parity(!(me | other));
                return self.shallow(me, other, alpha, beta, empties, parity, passed);
            }
            self.nodes += 1;
            if legal == 0 {
                if passed {
                    return final_score(me, other);
                }
                let replies = moves(other, me);
                return -self.search(other, me, replies, -beta, -alpha, true);
            }
            // Stability: the other side's stable discs cap this side's score.
            if alpha >= STABILITY_ALPHA && empties >= STABILITY_EMPTIES {
                let ceiling = MAX_SCORE - 2 * stable_discs(other, me).count_ones() as i32;
                if ceiling <= alpha {
                    return ceiling;
                }
                beta = beta.min(ceiling);
            }
            if self.stopped() {
                return 0;
            }
            let mut hint = NO_SQUARE;
            if empties < TABLE_EMPTIES {
                return self.search_moves(me, other, legal, hint, (alpha, beta), empties);
            }
            if let Some(entry) = self.memory.probe(me, other) {
                if let Some(bound) = entry.cutoff(alpha, beta) {
                    return bound;
                }
                alpha = alpha.max(entry.lower as i32);
                beta = beta.min(entry.upper as i32);
                hint = entry.best;
            }
            self.search_moves(me, other, legal, hint, (alpha, beta), empties)
        }

        /// The moves of a node in (alpha, beta), the table's move `hint` first; stores what the
        /// search proves. Beside other threads, they are told of the node (`Memory::enter`).
        fn search_moves(
            &mut self,
            me: u64,
            other: u64,
            legal: u64,
            hint: u8,
            window: (i32, i32),
            empties: u32,
        ) -> i32 {
            if !(M::SHARED && empties >= DEFER_EMPTIES) {
                return self.search_node(me, other, legal, hint, window, empties);
            }
            self.memory.enter(me, other, window.1);
            let score = self.search_node(me, other, legal, hint, window, empties);
            self.memory.leave();
            score
        }

        /// `search_moves` itself.
        fn search_node(
            &mut self,
            me: u64,
            other: u64,
            legal: u64,
            hint: u8,
            (mut alpha, beta): (i32, i32),
            empties: u32,
        ) -> i32 {
            let window = (alpha, beta);
            let (mut best, mut best_square) = (NO_MOVE_YET, NO_SQUARE);
            let mut rest = legal;
            // The table's move first, before the others are generated and sorted: at a node that
            // fails high it is often the only move ever searched.
            if hint != NO_SQUARE && legal & 1 << hint != 0 {
                rest &= !(1 << hint);
                let next = after_move(me, other, hint as u32, flips(me, other, hint as u32));
                let replies = moves(next.0, next.1);
                best = self.marked_child_score(next, replies, (alpha, beta), true, empties);
                if let Some((cut, _)) = self.memory.cut_here() {
                    return cut;
                }
                if self.stopped() {
                    return 0;
                }
                best_square = hint;
                alpha = alpha.max(best);
            }
            if best < beta && rest != 0 {
                let mut list = [Child::default(); 64]; // a position can have more than 32 moves
                let count = Self::ordered_moves(me, other, rest, &mut list);
                // Before the look ahead, which a known refutation makes needless.
                if empties >= ETC_EMPTIES {
                    if let Some(bound) = self.known_refutation(me, other, &list[..count], beta) {
                        return bound;
                    }
                }
                self.order_by_look_ahead(me, other, &mut list[..count], empties);
                let found = (best, best_square);
                match self.search_list((me, other), &list[..count], (alpha, beta), found, empties) {
                    Some(found) => (best, best_square) = found,
                    None => return 0,
                }
            }
            if empties >= TABLE_EMPTIES {
                let entry = Entry::proven(me, other, empties, window, (best, best_square));
                self.memory.store(entry);
            }
            best
        }

        /// Enhanced transposition cutoff: a child the table already knows to be bad enough for
        /// the other side (its score for `me` at least `beta`) ends the search before any more
        /// is searched.
        fn known_refutation(&self, me: u64, other: u64, list: &[Child], beta: i32) -> Option<i32> {
            for child in list {
                let (next_me, next_other) = child.position(me, other);
                if let Some(entry) = self.memory.probe(next_me, next_other) {
                    if -(entry.upper as i32) >= beta {
                        return Some(-(entry.upper as i32));
                    }
                }
            }
            None
        }

        /// The exact score and a best play for `me` to move.
        pub fn solve(&mut self, me: u64, other: u64) -> Solution {
            self.memory.fit(64 - (me | other).count_ones());
            let legal = moves(me, other);
            if legal != 0 {
                let (score, square) = self.best_move(me, other, legal);
                return Solution {
                    score,
                    play: Play::Move(square as u32),
                };
            }
            let replies = moves(other, me);
            if replies == 0 {
                return Solution {
                    score: final_score(me, other),
                    play: Play::GameOver,
                };
            }
            let (score, _) = self.best_move(other, me, replies);
            Solution {
                score: -score,
                play: Play::Pass,
            }
        }

        /// The exact score and a best move of `me`, who has the moves `legal`. MTD(f): windows
        /// two wide around a guess, each proving a bound that moves the guess, until one holds
        /// the score. Narrow windows cut far more than one full window costs, and the table
        /// keeps what each pass learned for the next.
        fn best_move(&mut self, me: u64, other: u64, legal: u64) -> (i32, u8) {
            let mut list = [Child::default(); 64]; // a position can have more than 32 moves
            let count = Self::ordered_moves(me, other, legal, &mut list);
            let empties = 64 - (me | other).count_ones();
            self.order_by_look_ahead(me, other, &mut list[..count], empties);
            let mut guess = 0;
            loop {
                let window = (guess - 1, guess + 1);
                let found = self.root(me, other, &mut list[..count], window);
                let (score, square) = self.memory.agree(found).unwrap_or((guess, NO_SQUARE));
                if score == guess {
                    return (score, square);
                }
                guess = score;
            }
        }

        /// PVS over the root moves in (alpha, beta), fail-soft: a score in the window is exact,
        /// one outside it a bound (`None` if stopped). The best move goes to the front of `list`
        /// for the next pass.
        fn root(
            &mut self,
            me: u64,
            other: u64,
            list: &mut [Child],
            window: (i32, i32),
        ) -> Option<(i32, u8)> {
            let empties = 64 - (me | other).count_ones();
            let nothing = (NO_MOVE_YET, NO_SQUARE);
            let told = M::SHARED && empties >= DEFER_EMPTIES;
            if told {
                self.memory.enter(me, other, window.1);
            }
            let found = self.search_list((me, other), list, window, nothing, empties);
            if told {
                self.memory.leave();
            }
            let (best, square) = found?;
            let best_index = list.iter().position(|child| child.square == square);
            list[..=best_index.unwrap_or(0)].rotate_right(1);
            Some((best, list[0].square))
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn a_position_with_34_moves_lists_them_all_and_the_look_ahead_keeps_them() {
            // Not from a game (a search for many moves made it): X has 34 moves, 34 empties.
            let line = "-X--OX---OOX--OX--X--OX--OX-X-X---OOOXO---OXOXO-O---O-O-XO------";
            let (mut me, mut other) = (0u64, 0u64);
            for (square, mark) in line.bytes().enumerate() {
                match mark {
                    b'X' => me |= 1 << square,
                    b'O' => other |= 1 << square,
                    _ => {}
                }
            }
            let legal = moves(me, other);
            assert_eq!(legal.count_ones(), 34);
            let mut list = [Child::default(); 64];
            let count = Solver::ordered_moves(me, other, legal, &mut list);
            let squares = |list: &[Child]| list.iter().fold(0u64, |set, c| set | 1 << c.square);
            assert_eq!((count, squares(&list[..count])), (34, legal));
            let before: Vec<u8> = list[..count].iter().map(|child| child.square).collect();
            let mut solver = Solver::default();
            // Below its threshold the look ahead leaves the order alone.
            solver.order_by_look_ahead(me, other, &mut list[..count], LOOK_AHEAD_EMPTIES - 1);
            let after: Vec<u8> = list[..count].iter().map(|child| child.square).collect();
            assert_eq!(after, before);
            solver.order_by_look_ahead(me, other, &mut list[..count], 34);
            assert_eq!(squares(&list[..count]), legal);
            assert!(list[..count]
                .windows(2)
                .all(|pair| pair[0].key <= pair[1].key));
            assert!(
                solver.nodes > 34,
                "each move looked ahead: {}",
                solver.nodes
            );
        }
    }
}
// ---- end shared: othello_search ----

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

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(input: &str) -> Judge<&[u8]> {
        Judge {
            lines: input.as_bytes().lines(),
            number: 0,
        }
    }

    /// Plays from the input alone: the result and the player's output.
    fn run(input: &str) -> (Result<(), InputError>, String) {
        let mut out = Vec::new();
        let result = play(&mut judge(input), &mut out);
        (result, String::from_utf8(out).unwrap())
    }

    fn error(input: &str) -> String {
        run(input).0.unwrap_err().to_string()
    }

    /// A board from 64 characters a1 b1 … h8 (`X`, `O`, `-`).
    fn board(squares: &str, black_to_move: bool) -> Game {
        let bits = |wanted: char| {
            squares
                .chars()
                .enumerate()
                .filter(|&(_, found)| found == wanted)
                .fold(0u64, |set, (square, _)| set | 1 << square)
        };
        Game {
            black: bits('X'),
            white: bits('O'),
            black_to_move,
        }
    }

    #[test]
    fn squares_are_read_in_either_case_and_written_in_lower_case() {
        assert_eq!(parse_square("a1"), Some(0));
        assert_eq!(parse_square("H8"), Some(63));
        assert_eq!(parse_square("d3"), Some(19));
        assert_eq!(parse_square("D3"), Some(19));
        for bad in ["i1", "a9", "a0", "a", "a10", "", "é1", "3d"] {
            assert_eq!(parse_square(bad), None, "{:?}", bad);
        }
        assert_eq!(square_name(19), "d3");
        assert_eq!(square_name(63), "h8");
    }

    #[test]
    fn the_start_position_and_the_first_moves() {
        let start = Game::start();
        // d4 (27) and e5 (36) white, d5 (35) and e4 (28) black.
        assert_eq!(
            start,
            board(
                &format!("{}OX{}XO{}", "-".repeat(27), "-".repeat(6), "-".repeat(27)),
                true
            )
        );
        // As X (read in either case) the player opens, with one of black's four moves (d3 c4 f5
        // e6); then the input ends.
        assert_eq!(run("x\n").1, run("X\n").1);
        let (result, out) = run("X\n");
        assert!(
            ["d3\n", "c4\n", "f5\n", "e6\n"].contains(&out.as_str()),
            "{:?}",
            out
        );
        assert_eq!(
            result.unwrap_err().to_string(),
            "line 2: expected the judge's move for O, found the end of input in the middle of a game"
        );
        // As O, after f5 (flipping e5), white's moves are d6, f4 and f6; F5 is read as f5, and
        // line ends, blanks around a move and blank lines do not matter.
        for input in ["O\nf5\n", "o\nF5\n", "O\r\n\n f5 \r\n"] {
            let out = run(input).1;
            assert!(
                ["d6\n", "f4\n", "f6\n"].contains(&out.as_str()),
                "{:?}",
                out
            );
        }
    }

    #[test]
    fn the_judges_pass_and_the_players_pass() {
        // a1 empty, b1 white, every other square black: white cannot move, black takes a1.
        let position = format!("-O{}", "X".repeat(62));
        // The player is white and must pass; the judge plays A1 (upper case) and the game ends.
        let mut out = Vec::new();
        let end = play_game(&mut judge("A1\n"), &mut out, false, board(&position, false));
        assert_eq!(String::from_utf8(out).unwrap(), "PS\n");
        assert_eq!(end.unwrap().black, !0, "a1 flips b1: all black");
        // The player is black; the judge passes (in either case) and the player takes a1.
        for pass in ["PS\n", "ps\n"] {
            let mut out = Vec::new();
            let end = play_game(&mut judge(pass), &mut out, true, board(&position, false));
            assert_eq!(String::from_utf8(out).unwrap(), "a1\n");
            assert_eq!(end.unwrap().white, 0);
        }
        // The judge moves when it must pass.
        let mut out = Vec::new();
        let end = play_game(&mut judge("a1\n"), &mut out, true, board(&position, false));
        assert_eq!(
            end.unwrap_err().to_string(),
            "line 1: O has no legal move and must pass (PS), found \"a1\""
        );
    }

    #[test]
    fn the_next_game_starts_after_a_finished_one() {
        // From the position above the game ends after the judge's a1; the next line is a colour.
        let position = board(&format!("-O{}", "X".repeat(62)), false);
        let mut judge = judge("a1\nQ\n");
        let mut out = Vec::new();
        play_game(&mut judge, &mut out, false, position).unwrap();
        assert_eq!(
            play(&mut judge, &mut out).unwrap_err().to_string(),
            "line 2: expected the player's colour X or O, found \"Q\""
        );
        // No game at all: a clean end.
        assert_eq!(run("").0, Ok(()));
        assert_eq!(run("\n  \n").0, Ok(()));
    }

    #[test]
    fn bad_judge_lines_are_named() {
        assert_eq!(
            error("Y\n"),
            "line 1: expected the player's colour X or O, found \"Y\""
        );
        assert_eq!(
            error("O\nz9\n"),
            "line 2: expected a square a1-h8 or PS, found \"z9\""
        );
        assert_eq!(
            error("O\nd4\n"),
            "line 2: d4 is not a legal move for X (legal: d3 c4 f5 e6)"
        );
        assert_eq!(
            error("O\n\nPS\n"),
            "line 3: PS, but X has a legal move (d3 c4 f5 e6)"
        );
        assert_eq!(
            error("O\n"),
            "line 2: expected the judge's move for X, found the end of input in the middle of a game"
        );
        assert_eq!(
            error(&format!("O\n{}\n", "d".repeat(1000))),
            format!(
                "line 2: expected a square a1-h8 or PS, found \"{}\"… (1000 characters)",
                "d".repeat(40)
            )
        );
        assert_eq!(
            error("\u{feff}X\n"),
            "line 1: starts with a UTF-8 byte-order mark (save the file without BOM)"
        );
    }

    #[test]
    fn near_the_end_the_move_is_the_exact_best() {
        // FFO #1, 14 empties, black to move: G8 gives +18, the next best H1 +12.
        let ffo_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--";
        let game = board(ffo_1, true);
        let (me, other) = game.mover_view();
        let square = choose_move(&mut Solver::default(), me, other, moves(me, other));
        assert_eq!(square_name(square), "g8");
    }

    #[test]
    fn the_midgame_search_takes_a_corner_both_sides_can_take() {
        // Black (c1 a2 c5 d4 d5 e5) to move against white (b1 a3 e4 f4 c6 d6 e6 f6): both can
        // take a1 (black through b1, white through a2); black has twelve moves and should take
        // the corner before white does.
        let squares = "-OX-----X-------O----------XOO----XXX-----OOOO------------------";
        let game = board(squares, true);
        let (me, other) = game.mover_view();
        let legal = moves(me, other);
        assert_eq!((legal.count_ones(), moves(other, me) & 1), (12, 1));
        assert_eq!(midgame::best_move(me, other, legal, midgame::DEPTH), 0);
    }
}
