//! othello_player's midgame against the one before it, by self-play, opt-in:
//! `cargo bench --bench speed -- othello-selfplay` (`--plies N` for openings of another length
//! than `PLIES`; 6 gives 1773). Every distinct position after that many plies
//! (a position and its mirror images counted once) is played out twice, the new midgame black
//! in one game and white in the other, in-process on one thread. Both sides solve exactly from
//! `ENDGAME_EMPTIES` empty squares on, each with a fresh solver per game, as the player does;
//! before that each side's midgame picks the move. Every move is checked against legal moves
//! found square by square here. The table gives the new side's wins, draws and losses, its disc
//! difference in all, and each side's CPU time per game and per midgame move.

use crate::measure::thread_cpu;
use crate::othello_player::{
    after_move, flips, images, midgame, moves, Play, Solver, Weights, ENDGAME_EMPTIES,
};
use std::collections::BTreeSet;
use std::time::Duration;

/// How many plies each opening is unless `--plies` says (322 distinct positions after 5).
const PLIES: usize = 5;
/// The start position: (black, white).
const START: (u64, u64) = (1 << 35 | 1 << 28, 1 << 27 | 1 << 36);

/// The two midgames.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    New,
    Current,
}

/// One side's CPU time in a game: in all, and per midgame move.
#[derive(Default)]
struct Times {
    game: Duration,
    midgame_moves: Vec<Duration>,
}

/// A finished game: the new side's final disc difference and both sides' times.
struct Game {
    new_score: i32,
    new: Times,
    current: Times,
}

pub fn bench(arguments: &[String]) {
    let plies = (arguments.iter())
        .position(|argument| argument == "--plies")
        .map_or(PLIES, |at| {
            let count = arguments.get(at + 1).and_then(|count| count.parse().ok());
            count.expect("--plies takes a number of plies")
        });
    let openings = openings(plies);
    let mut games = Vec::with_capacity(2 * openings.len());
    for (number, &opening) in openings.iter().enumerate() {
        for new_is_black in [true, false] {
            // No side can pass in the first plies: black moves after an even number of them.
            games.push(play(opening, plies % 2 == 0, new_is_black));
        }
        if (number + 1) % 50 == 0 {
            eprintln!(
                "othello-selfplay: {} of {} openings",
                number + 1,
                openings.len()
            );
        }
    }
    let won = games.iter().filter(|game| game.new_score > 0).count();
    let drawn = games.iter().filter(|game| game.new_score == 0).count();
    let lost = games.len() - won - drawn;
    let difference: i32 = games.iter().map(|game| game.new_score).sum();
    println!(
        "\n### othello_player's midgame, new against current: {} openings ({plies} plies, mirror \
         images once), each played with either colour\n",
        openings.len()
    );
    println!("| games | new won | drawn | new lost | disc difference in all (per game) |");
    println!("|---|---|---|---|---|");
    println!(
        "| {} | {won} | {drawn} | {lost} | {difference:+} ({:+.2}) |",
        games.len(),
        difference as f64 / games.len() as f64
    );
    println!();
    println!("| side | CPU ms per game: median | max | per midgame move: median | max | moves |");
    println!("|---|---|---|---|---|---|");
    for (name, times) in [
        (
            "new",
            games.iter().map(|game| &game.new).collect::<Vec<_>>(),
        ),
        ("current", games.iter().map(|game| &game.current).collect()),
    ] {
        let per_game = sorted(times.iter().map(|times| times.game).collect());
        let per_move = sorted(
            (times.iter())
                .flat_map(|times| times.midgame_moves.iter().copied())
                .collect(),
        );
        println!(
            "| {name} | {:.1} | {:.1} | {:.2} | {:.2} | {} |",
            ms(per_game[per_game.len() / 2]),
            ms(per_game[per_game.len() - 1]),
            ms(per_move[per_move.len() / 2]),
            ms(per_move[per_move.len() - 1]),
            per_move.len()
        );
    }
}

fn sorted(mut times: Vec<Duration>) -> Vec<Duration> {
    times.sort();
    times
}

fn ms(time: Duration) -> f64 {
    time.as_secs_f64() * 1000.0
}

/// Plays a game from `opening` (the side to move, the other side) to its end.
fn play(opening: (u64, u64), mut black_to_move: bool, new_is_black: bool) -> Game {
    let (mut me, mut other) = opening;
    let mut solvers = [Solver::default(), Solver::default()];
    let (mut new, mut current) = (Times::default(), Times::default());
    // The new side decodes its weights once a game, as the player does, on its clock.
    let start = thread_cpu();
    let weights = Weights::default();
    new.game += thread_cpu() - start;
    loop {
        let legal = moves(me, other);
        assert_eq!(legal, legal_by_walking(me, other), "{me:#x} {other:#x}");
        if legal == 0 {
            if moves(other, me) == 0 {
                break;
            }
            (me, other, black_to_move) = (other, me, !black_to_move);
            continue;
        }
        let side = if black_to_move == new_is_black {
            Side::New
        } else {
            Side::Current
        };
        let start = thread_cpu();
        let empties = 64 - (me | other).count_ones();
        let square = if empties <= ENDGAME_EMPTIES {
            match solvers[side as usize].solve(me, other).play {
                Play::Move(square) => square,
                play => panic!("the exact search passes with a move: {play:?}"),
            }
        } else if side == Side::New {
            midgame::best_move(&weights, me, other, legal)
        } else {
            current::best_move(me, other, legal, current::DEPTH)
        };
        let time = thread_cpu() - start;
        let times = if side == Side::New {
            &mut new
        } else {
            &mut current
        };
        times.game += time;
        if empties > ENDGAME_EMPTIES {
            times.midgame_moves.push(time);
        }
        assert!(legal >> square & 1 != 0, "{square} is not legal");
        (me, other) = after_move(me, other, square, flips(me, other, square));
        black_to_move = !black_to_move;
    }
    let (black, white) = if black_to_move {
        (me, other)
    } else {
        (other, me)
    };
    let black_lead = black.count_ones() as i32 - white.count_ones() as i32;
    Game {
        new_score: if new_is_black {
            black_lead
        } else {
            -black_lead
        },
        new,
        current,
    }
}

/// The legal moves of `me`, found square by square and direction by direction, without the
/// player's bitboard shifts.
fn legal_by_walking(me: u64, other: u64) -> u64 {
    let mut legal = 0;
    for square in 0..64i32 {
        if (me | other) >> square & 1 != 0 {
            continue;
        }
        for (file_step, rank_step) in [(1, 0), (1, 1), (0, 1), (-1, 1)] {
            for sign in [1, -1] {
                let (mut file, mut rank) = (square % 8, square / 8);
                let mut between = 0;
                loop {
                    file += sign * file_step;
                    rank += sign * rank_step;
                    if !(0..8).contains(&file) || !(0..8).contains(&rank) {
                        break;
                    }
                    let at = rank * 8 + file;
                    if other >> at & 1 != 0 {
                        between += 1;
                    } else {
                        if me >> at & 1 != 0 && between > 0 {
                            legal |= 1 << square;
                        }
                        break;
                    }
                }
            }
        }
    }
    legal
}

/// Every position after `plies` moves from the start, a position and its images in a mirror or
/// turned counted once (the first found, moves tried in square order): as (the side to move,
/// the other side).
fn openings(plies: usize) -> Vec<(u64, u64)> {
    let mut level = vec![START];
    for _ in 0..plies {
        let mut next = Vec::new();
        for &(me, other) in &level {
            let mut legal = moves(me, other);
            assert_ne!(legal, 0, "a pass in the first {plies} plies");
            while legal != 0 {
                let square = legal.trailing_zeros();
                legal &= legal - 1;
                next.push(after_move(me, other, square, flips(me, other, square)));
            }
        }
        level = next;
    }
    let mut seen = BTreeSet::new();
    level
        .into_iter()
        .filter(|&(me, other)| {
            let least = (images(me).into_iter())
                .zip(images(other))
                .min()
                .expect("eight images");
            seen.insert(least)
        })
        .collect()
}

/// The midgame as it was before the fitted evaluation (src/bin/othello_player.rs at 07d32e0):
/// a fixed-depth alpha-beta over a handwritten evaluation. The reference the new one plays.
mod current {
    use crate::othello_player::{
        after_move, beside_corners, corner_stability, diagonal_to_corners, final_score, flips,
        moves, neighbours, CORNERS,
    };

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
