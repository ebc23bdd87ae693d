//! `cargo bench --bench speed -- othello-fit [--positions N]`: fits the weights of the Othello
//! solvers' evaluation (the `evaluation` module of othello_endgame and othello_player, which orders
//! moves) and prints them as that module's constants, with how well they and the weights in the
//! file now predict positions kept out of the fit. Deterministic: the same N and the same weights
//! in the file give the same weights. About 20 minutes on two cores for the default 60,000
//! positions.
//!
//! Positions: up to four per game, at 17-19 empty squares and every second move after down to 12
//! (where the side to move has a move), each solved exactly by the solver, on two threads, with
//! fixed seeds. Each stretch of a game (from the start to the first position, and between two) is
//! played one of two ways: a third of them a random move one time in four, else the fewest
//! replies with a little noise; two thirds, closer to real games, a random move one time in
//! eight, else the move to the position the file's weights score best, with up to 3 discs of
//! noise. So the positions, and so the fitted weights, depend on the weights in the file. Fit: least squares of the exact score (in discs) on a weight per
//! pattern class (a pattern and its mirror share one), per move of mobility and for the move,
//! damped (ridge, `DAMPING`) so that rare patterns stay near zero, by conjugate gradients
//! (CGLS). Every tenth position is kept out, to measure the fit on (with another N than the
//! default, some of those may be among the positions the file's weights were fitted to, which
//! flatters their row).

use crate::othello_endgame::{
    after_move, corner_mirror, decode_weights, edge_mirror, flips, moves, patterns, Solver,
    Weights, CORNER_PATTERNS, EDGE_PATTERNS, PER_DISC,
};
use std::thread;

/// Positions unless `--positions N` says otherwise.
const POSITIONS: usize = 60_000;
/// The ridge: the fit minimises the squared errors plus `DAMPING^2` times the squared weights
/// (3 predicted held-out positions best among 1, 3 and 10 on 60,000 positions).
const DAMPING: f64 = 3.0;
/// Conjugate gradient steps at most (the fit settles in far fewer).
const STEPS: usize = 1_000;
/// The first seed; each thread adds its number.
const SEED: u64 = 0x005E_ED0F_0E11_0000;
/// The start position: d5 and e4 black (to move), d4 and e5 white.
const START: (u64, u64) = (0x0000_0008_1000_0000, 0x0000_0010_0800_0000);
/// Every this many positions one is kept out of the fit.
const HELD_OUT: usize = 10;

/// A solved position: the side to move's discs, the other's, and the exact final score.
struct Solved {
    me: u64,
    other: u64,
    score: i32,
}

pub fn bench(arguments: &[String]) {
    let positions = match arguments.iter().position(|a| a == "--positions") {
        Some(at) => {
            let given = arguments.get(at + 1);
            match given.and_then(|count| count.parse().ok()) {
                Some(count) if count >= 2 * HELD_OUT => count,
                _ => {
                    let given = given.map_or("nothing".to_string(), |g| format!("{g:?}"));
                    eprintln!("error: --positions takes a count of at least 20, found {given}");
                    std::process::exit(2);
                }
            }
        }
        None => POSITIONS,
    };
    eprintln!("othello-fit: solving {positions} positions on two threads");
    let solved = solve_positions(positions);
    let held_out: Vec<&Solved> = solved.iter().step_by(HELD_OUT).collect();
    let fitted: Vec<&Solved> = (solved.iter().enumerate())
        .filter(|(at, _)| at % HELD_OUT != 0)
        .map(|(_, solved)| solved)
        .collect();
    let classes = Classes::new();
    let weights = fit(&classes, &fitted);
    let rounded = weights.in_units(&classes);
    let now = Weights::default();
    println!(
        "# Held-out error (root mean square, discs) on {} positions",
        held_out.len()
    );
    println!("| evaluation | error |");
    println!("|---|---|");
    let error = |predict: &dyn Fn(&Solved) -> f64| root_mean_square(&held_out, predict);
    let mobility = fit_mobility_only(&fitted);
    println!(
        "| mobility and the move only | {:.2} |",
        error(&|s| mobility.0 * mobility_of(s.me, s.other) as f64 + mobility.1)
    );
    println!(
        "| the weights in the file now | {:.2} |",
        error(&|s| evaluate_with(&now, s) as f64 / PER_DISC as f64)
    );
    println!(
        "| these weights | {:.2} |",
        error(&|s| rounded.evaluate(s) as f64 / PER_DISC as f64)
    );
    println!();
    println!("{}", rounded.constants(&classes));
}

/// The solved positions, made on two threads (the first half by one, the second by the other).
fn solve_positions(count: usize) -> Vec<Solved> {
    let halves = [count / 2, count - count / 2];
    thread::scope(|scope| {
        let workers: Vec<_> = halves
            .iter()
            .enumerate()
            .map(|(thread, &count)| scope.spawn(move || solve_games(SEED + thread as u64, count)))
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("a fitting thread panicked"))
            .collect()
    })
}

/// `count` positions from games played with `seed`, each solved exactly (a game's positions one
/// after another, so that the table holds much of the next one's search).
fn solve_games(seed: u64, count: usize) -> Vec<Solved> {
    let mut random = Random(seed);
    let weights = Weights::default();
    let mut solver = Solver::default();
    let mut solved = Vec::with_capacity(count);
    while solved.len() < count {
        let first = 17 + random.below(3) as u32;
        let mut position = START;
        for empties in (MIN_EMPTIES..=first).rev().step_by(2) {
            let style = Style::pick(&mut random);
            let Some((me, other)) = play_until(&mut random, &weights, style, position, empties)
            else {
                break;
            };
            position = (me, other);
            if moves(me, other) == 0 || solved.len() == count {
                continue;
            }
            let score = solver.solve(me, other).score;
            solved.push(Solved { me, other, score });
            if solved.len() % 5_000 == 0 {
                eprintln!("othello-fit: seed {seed:#x}: {} solved", solved.len());
            }
        }
    }
    solved
}

/// The fewest empty squares of a position fitted to.
const MIN_EMPTIES: u32 = 12;

/// How the moves of a stretch of a game are chosen.
#[derive(Clone, Copy)]
enum Style {
    /// A random move one time in four, else `greedy_move`.
    Greedy,
    /// A random move one time in eight, else `guided_move`.
    Guided,
}

impl Style {
    fn pick(random: &mut Random) -> Self {
        if random.below(3) == 0 {
            Style::Greedy
        } else {
            Style::Guided
        }
    }
}

/// A game from `position` (`me` to move) on to `empties` empty squares, the side then to move
/// first (`None` if the game ends before).
fn play_until(
    random: &mut Random,
    weights: &Weights,
    style: Style,
    (mut me, mut other): (u64, u64),
    empties: u32,
) -> Option<(u64, u64)> {
    while 64 - (me | other).count_ones() > empties {
        let legal = moves(me, other);
        if legal == 0 {
            if moves(other, me) == 0 {
                return None;
            }
            (me, other) = (other, me);
            continue;
        }
        let random_one_in = match style {
            Style::Greedy => 4,
            Style::Guided => 8,
        };
        let square = if random.below(random_one_in) == 0 {
            nth_square(legal, random.below(legal.count_ones() as u64) as u32)
        } else {
            match style {
                Style::Greedy => greedy_move(random, me, other, legal),
                Style::Guided => guided_move(random, weights, me, other, legal),
            }
        };
        (me, other) = after_move(me, other, square, flips(me, other, square));
    }
    Some((me, other))
}

/// The move to the position the evaluation scores best for `me`, with noise of up to 3 discs.
fn guided_move(random: &mut Random, weights: &Weights, me: u64, other: u64, legal: u64) -> u32 {
    best_move_by(me, other, legal, |next_me, next_other| {
        let (replies, theirs) = (moves(next_me, next_other), moves(next_other, next_me));
        -weights.evaluate(next_me, next_other, replies, theirs) as i64
            + random.below(3 * PER_DISC as u64) as i64
    })
}

/// The move leaving the other side the fewest replies (a corner counting four), with noise.
fn greedy_move(random: &mut Random, me: u64, other: u64, legal: u64) -> u32 {
    const CORNERS: u64 = 0x8100_0000_0000_0081;
    best_move_by(me, other, legal, |next_me, next_other| {
        let replies = moves(next_me, next_other);
        -(4 * (replies.count_ones() + 3 * (replies & CORNERS).count_ones()) as i64
            + random.below(10) as i64)
    })
}

/// The first of the moves `legal` of `me` whose position (from the side that replies) `value`
/// scores highest, each move's position valued once, in square order.
fn best_move_by(me: u64, other: u64, legal: u64, mut value: impl FnMut(u64, u64) -> i64) -> u32 {
    let mut best = (i64::MIN, 0);
    let mut rest = legal;
    while rest != 0 {
        let square = rest.trailing_zeros();
        rest &= rest - 1;
        let (next_me, next_other) = after_move(me, other, square, flips(me, other, square));
        let score = value(next_me, next_other);
        if score > best.0 {
            best = (score, square);
        }
    }
    best.1
}

/// The square of the `n`th set bit of `squares` (from 0).
fn nth_square(mut squares: u64, n: u32) -> u32 {
    for _ in 0..n {
        squares &= squares - 1;
    }
    squares.trailing_zeros()
}

/// xorshift64: a small fixed-seed generator.
struct Random(u64);

impl Random {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % bound
    }
}

/// The side to move's moves less the other side's.
fn mobility_of(me: u64, other: u64) -> i32 {
    moves(me, other).count_ones() as i32 - moves(other, me).count_ones() as i32
}

fn evaluate_with(weights: &Weights, solved: &Solved) -> i32 {
    let (me, other) = (solved.me, solved.other);
    weights.evaluate(me, other, moves(me, other), moves(other, me))
}

fn root_mean_square(positions: &[&Solved], predict: &dyn Fn(&Solved) -> f64) -> f64 {
    let squares: f64 = positions
        .iter()
        .map(|solved| (predict(solved) - solved.score as f64).powi(2))
        .sum();
    (squares / positions.len() as f64).sqrt()
}

/// The least-squares fit of the score on mobility and a constant alone: (per move, constant).
fn fit_mobility_only(positions: &[&Solved]) -> (f64, f64) {
    let n = positions.len() as f64;
    let (mut sx, mut sy, mut sxx, mut sxy) = (0.0, 0.0, 0.0, 0.0);
    for solved in positions {
        let (x, y) = (
            mobility_of(solved.me, solved.other) as f64,
            solved.score as f64,
        );
        (sx, sy, sxx, sxy) = (sx + x, sy + y, sxx + x * x, sxy + x * y);
    }
    let slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
    (slope, (sy - slope * sx) / n)
}

/// Each pattern's class (a pattern and its mirror share one): the corners' classes first, then
/// the edges', numbered in the order of their smaller pattern, as the file's hex lists them.
struct Classes {
    corner: Vec<usize>,
    edge: Vec<usize>,
    corner_count: usize,
    count: usize,
}

impl Classes {
    fn new() -> Self {
        let number = |patterns: usize, mirror: fn(usize) -> usize, first: usize| {
            let mut class = Vec::with_capacity(patterns);
            let mut next = first;
            for pattern in 0..patterns {
                let mirrored = mirror(pattern);
                if mirrored < pattern {
                    class.push(class[mirrored]);
                } else {
                    class.push(next);
                    next += 1;
                }
            }
            (class, next)
        };
        let (corner, corner_count) = number(CORNER_PATTERNS, corner_mirror, 0);
        let (edge, count) = number(EDGE_PATTERNS, edge_mirror, corner_count);
        Classes {
            corner,
            edge,
            corner_count,
            count,
        }
    }

    /// A position's row of the fit: its eight pattern classes and its mobility.
    fn row(&self, solved: &Solved) -> ([usize; 8], f64) {
        let (corners, edges) = patterns(solved.me, solved.other);
        let mut columns = [0; 8];
        for at in 0..4 {
            columns[at] = self.corner[corners[at]];
            columns[4 + at] = self.edge[edges[at]];
        }
        (columns, mobility_of(solved.me, solved.other) as f64)
    }
}

/// Fitted weights in discs: one per class, then mobility's, then the move's.
struct Fitted(Vec<f64>);

/// The least-squares fit, damped: CGLS on the rows of `positions` (eight class columns with 1,
/// mobility, a constant 1), from all weights zero.
fn fit(classes: &Classes, positions: &[&Solved]) -> Fitted {
    let columns = classes.count + 2;
    let rows: Vec<([usize; 8], f64)> = positions.iter().map(|s| classes.row(s)).collect();
    let scores: Vec<f64> = positions.iter().map(|s| s.score as f64).collect();
    let times = |weights: &[f64]| -> Vec<f64> {
        rows.iter()
            .map(|(patterns, mobility)| {
                patterns.iter().map(|&c| weights[c]).sum::<f64>()
                    + mobility * weights[columns - 2]
                    + weights[columns - 1]
            })
            .collect()
    };
    let transposed_times = |residuals: &[f64]| -> Vec<f64> {
        let mut sums = vec![0.0; columns];
        for ((patterns, mobility), residual) in rows.iter().zip(residuals) {
            for &c in patterns {
                sums[c] += residual;
            }
            sums[columns - 2] += mobility * residual;
            sums[columns - 1] += residual;
        }
        sums
    };
    let dot = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
    let damping = DAMPING * DAMPING;
    let mut weights = vec![0.0; columns];
    let mut residuals = scores;
    let mut gradient = transposed_times(&residuals);
    let mut direction = gradient.clone();
    let mut gamma = dot(&gradient, &gradient);
    let first_gamma = gamma;
    for _ in 0..STEPS {
        let image = times(&direction);
        let delta = dot(&image, &image) + damping * dot(&direction, &direction);
        let step = gamma / delta;
        for (weight, d) in weights.iter_mut().zip(&direction) {
            *weight += step * d;
        }
        for (residual, q) in residuals.iter_mut().zip(&image) {
            *residual -= step * q;
        }
        gradient = transposed_times(&residuals);
        for (g, weight) in gradient.iter_mut().zip(&weights) {
            *g -= damping * weight;
        }
        let next_gamma = dot(&gradient, &gradient);
        if next_gamma <= first_gamma * 1e-12 {
            break;
        }
        for (d, g) in direction.iter_mut().zip(&gradient) {
            *d = g + next_gamma / gamma * *d;
        }
        gamma = next_gamma;
    }
    Fitted(weights)
}

/// Weights in the evaluation's units (`PER_DISC` per disc), as the file holds them.
struct Rounded {
    classes: Vec<i8>,
    corner: Vec<usize>,
    edge: Vec<usize>,
    mobility: i32,
    tempo: i32,
}

impl Fitted {
    fn in_units(&self, classes: &Classes) -> Rounded {
        let unit = |weight: f64| (weight * PER_DISC as f64).round();
        let count = self.0.len() - 2;
        Rounded {
            classes: self.0[..count]
                .iter()
                .map(|&w| unit(w).clamp(-127.0, 127.0) as i8)
                .collect(),
            corner: classes.corner.clone(),
            edge: classes.edge.clone(),
            mobility: unit(self.0[count]) as i32,
            tempo: unit(self.0[count + 1]) as i32,
        }
    }
}

impl Rounded {
    /// As the solver's evaluation would score the position with these weights (unclamped).
    fn evaluate(&self, solved: &Solved) -> i32 {
        let (corners, edges) = patterns(solved.me, solved.other);
        let patterns: i32 = corners
            .iter()
            .map(|&p| self.classes[self.corner[p]] as i32)
            .chain(edges.iter().map(|&p| self.classes[self.edge[p]] as i32))
            .sum();
        patterns + self.mobility * mobility_of(solved.me, solved.other) + self.tempo
    }

    /// The module's constants, to paste over those in both solver files; checked by decoding.
    fn constants(&self, classes: &Classes) -> String {
        let hex = |weights: &[i8]| -> String {
            let digits: String = weights
                .iter()
                .map(|&w| format!("{:02x}", w as u8))
                .collect();
            let lines: Vec<&str> = digits
                .as_bytes()
                .chunks(96)
                .map(|line| std::str::from_utf8(line).unwrap())
                .collect();
            lines.join("\\\n")
        };
        let (corners, edges) = self.classes.split_at(classes.corner_count);
        for (text, patterns, mirror, class) in [
            (
                hex(corners),
                CORNER_PATTERNS,
                corner_mirror as fn(usize) -> usize,
                &self.corner,
            ),
            (hex(edges), EDGE_PATTERNS, edge_mirror, &self.edge),
        ] {
            let decoded = decode_weights(&text.replace("\\\n", ""), patterns, mirror)
                .expect("the hex decodes to a weight per pattern");
            assert!(
                (0..patterns).all(|p| decoded[p] == self.classes[class[p]]),
                "the solver decodes every pattern's weight as fitted"
            );
        }
        format!(
            "    pub const MOBILITY: i32 = {};\n    pub const TEMPO: i32 = {};\n    \
             const CORNER_WEIGHTS: &str = \"\\\n{}\";\n    const EDGE_WEIGHTS: &str = \"\\\n{}\";",
            self.mobility,
            self.tempo,
            hex(corners),
            hex(edges)
        )
    }
}
