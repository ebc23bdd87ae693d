//! The computer's tic-tac-toe strategies in `judge play`, under normal or misère rules: random
//! legal moves, perfect play (minimax) and Monte Carlo (random playouts after each candidate).
//!
//! Randomness: every choice among equally good moves (perfect play's best moves, Monte Carlo's
//! best scores) and every random move is drawn from one `Random` seeded once per session
//! (`--seed`), so a session replays exactly with the same seed and the same moves by the
//! person. The judged `tic_tac_toe_player` solver is not involved: it stays deterministic.

use crate::games::tic_tac_toe::{Board, Minimax, Rules};
use crate::random::Random;
use crate::text::count;

/// How the computer chooses a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// A free cell, uniformly.
    Random,
    /// One of the minimax-best moves, uniformly: it never loses a game that can be held.
    Perfect,
    /// For each free cell, `playouts` games played on at random to the end; the cell with the
    /// best total (win +1, loss -1, draw 0) is taken, ties uniformly.
    MonteCarlo { playouts: u32 },
}

/// Playouts per candidate move when `--playouts` is not given.
pub const DEFAULT_PLAYOUTS: u32 = 200;

impl Strategy {
    /// Reads `random`, `perfect` or `montecarlo` (with `playouts`).
    pub fn from_name(name: &str, playouts: u32) -> Option<Strategy> {
        match name {
            "random" => Some(Strategy::Random),
            "perfect" => Some(Strategy::Perfect),
            "montecarlo" => Some(Strategy::MonteCarlo { playouts }),
            _ => None,
        }
    }

    /// How the strategy is named to the person: `perfect`, `montecarlo (200 playouts)`.
    pub fn describe(self) -> String {
        match self {
            Strategy::Random => "random".to_string(),
            Strategy::Perfect => "perfect".to_string(),
            Strategy::MonteCarlo { playouts } => {
                format!(
                    "montecarlo ({} per candidate move)",
                    count(playouts as usize, "playout")
                )
            }
        }
    }
}

/// A strategy with the state it needs: the rules, a minimax table, the session's `Random`.
pub struct Computer {
    strategy: Strategy,
    rules: Rules,
    minimax: Minimax,
    random: Random,
}

impl Computer {
    pub fn new(strategy: Strategy, rules: Rules, seed: u64) -> Computer {
        Computer {
            strategy,
            rules,
            minimax: Minimax::new(rules),
            random: Random(seed),
        }
    }

    /// The computer's move on a board that is not over, where it is to move.
    pub fn choose(&mut self, board: Board) -> usize {
        let options = match self.strategy {
            Strategy::Random => board.free_cells(),
            Strategy::Perfect => self.minimax.best_moves(board),
            Strategy::MonteCarlo { playouts } => {
                let scores = monte_carlo_scores(board, self.rules, playouts, &mut self.random);
                let best = scores.iter().map(|&(_, score)| score).max().unwrap_or(0);
                scores
                    .into_iter()
                    .filter(|&(_, score)| score == best)
                    .map(|(cell, _)| cell)
                    .collect()
            }
        };
        options[self.random.below(options.len())]
    }
}

/// Each free cell with its Monte Carlo total for the side to move: `playouts` random games
/// after taking it, +1 per win, -1 per loss.
pub fn monte_carlo_scores(
    board: Board,
    rules: Rules,
    playouts: u32,
    random: &mut Random,
) -> Vec<(usize, i64)> {
    let me = board.to_move();
    board
        .free_cells()
        .into_iter()
        .map(|cell| {
            let score = (0..playouts)
                .map(|_| {
                    let mut game = board.play(cell);
                    while !game.is_over() {
                        let free = game.free_cells();
                        game = game.play(free[random.below(free.len())]);
                    }
                    match rules.winner(game) {
                        Some(winner) if winner == me => 1,
                        Some(_) => -1,
                        None => 0,
                    }
                })
                .sum();
            (cell, score)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tic_tac_toe::Mark;

    #[test]
    fn names() {
        assert_eq!(Strategy::from_name("random", 5), Some(Strategy::Random));
        assert_eq!(
            Strategy::from_name("montecarlo", 7),
            Some(Strategy::MonteCarlo { playouts: 7 })
        );
        assert_eq!(Strategy::from_name("solver", 7), None);
    }

    #[test]
    fn perfect_opens_anywhere_by_normal_rules_and_only_centre_by_misere() {
        // Every opening draws by normal rules, so over many seeds every cell gets opened; by
        // misère only the centre holds the draw.
        let mut opened = [false; 9];
        for seed in 0..200 {
            opened
                [Computer::new(Strategy::Perfect, Rules::Normal, seed).choose(Board::default())] =
                true;
            let misere = Computer::new(Strategy::Perfect, Rules::Misere, seed);
            assert_eq!({ misere }.choose(Board::default()), 4);
        }
        assert_eq!(opened, [true; 9]);
    }

    #[test]
    fn the_same_seed_gives_the_same_moves() {
        for strategy in [
            Strategy::Random,
            Strategy::Perfect,
            Strategy::MonteCarlo { playouts: 20 },
        ] {
            let game = |seed| {
                let mut computer = Computer::new(strategy, Rules::Normal, seed);
                let mut board = Board::default();
                let mut moves = Vec::new();
                while !board.is_over() {
                    let cell = computer.choose(board);
                    moves.push(cell);
                    board = board.play(cell);
                }
                moves
            };
            assert_eq!(game(11), game(11), "{strategy:?}");
        }
    }

    #[test]
    fn monte_carlo_takes_a_win_and_avoids_a_misere_line() {
        // o (to move) on 0 and 1, x on 3 and 4: 2 wins at once, so all its playouts win.
        let position = Board::after(&[0, 3, 1, 4]);
        assert_eq!(position.to_move(), Mark::O);
        let scores = monte_carlo_scores(position, Rules::Normal, 100, &mut Random(1));
        assert!(scores.contains(&(2, 100)));
        let mut computer = Computer::new(Strategy::MonteCarlo { playouts: 100 }, Rules::Normal, 3);
        assert_eq!(computer.choose(position), 2);
        // Under misère, taking 2 makes o's line and loses at once.
        let scores = monte_carlo_scores(position, Rules::Misere, 100, &mut Random(1));
        assert!(scores.contains(&(2, -100)));
        let mut computer = Computer::new(Strategy::MonteCarlo { playouts: 100 }, Rules::Misere, 3);
        assert_ne!(computer.choose(position), 2);
    }

    #[test]
    fn random_takes_only_free_cells() {
        let mut computer = Computer::new(Strategy::Random, Rules::Normal, 5);
        let position = Board::after(&[4, 0, 8]);
        for _ in 0..100 {
            assert!(position.is_free(computer.choose(position)));
        }
    }
}
