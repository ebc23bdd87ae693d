//! The judge's opponents for a tic-tac-toe player: what an interactive case file asks for, and
//! the games that follow from it.
//!
//! A case file (`NAME.in` in an interactive folder) holds `key value` lines (`#` starts a
//! comment): `opponent random|perfect|every-line`, and for `random` also `seed N` and `games N`.
//! - `random`: `games` games, the player's side alternating (o first), random legal moves.
//! - `perfect`: every game a perfect opponent can play, all its equally good moves tried, with
//!   the player on each side.
//! - `every-line`: every sequence of opponent moves, with the player on each side: if the player
//!   wins or draws them all, it cannot be beaten.

use crate::games::case_keys::entries;
use crate::games::tic_tac_toe::{Board, Mark, Minimax};
use crate::random::Random;
use crate::text::quote;

/// What an interactive case asks the judge to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    Random { seed: u64, games: usize },
    Perfect,
    EveryLine,
}

/// Reads a case file's text; the error names the line.
pub fn parse_opponent(text: &str) -> Result<Opponent, String> {
    let (mut kind, mut seed, mut games) = (None, None, None);
    for entry in entries(text, &["opponent", "seed", "games"])? {
        match entry.key {
            "opponent" => kind = Some(entry.value.to_string()),
            "seed" => seed = Some(entry.number()?),
            _ => games = Some(entry.number()? as usize),
        }
    }
    match kind.as_deref() {
        Some("random") => match (seed, games) {
            (Some(seed), Some(games)) if games > 0 => Ok(Opponent::Random { seed, games }),
            _ => Err("opponent random needs `seed N` and `games N` (N > 0)".to_string()),
        },
        Some("perfect") => Ok(Opponent::Perfect),
        Some("every-line") => Ok(Opponent::EveryLine),
        Some(other) => Err(format!(
            "unknown opponent {} (random, perfect or every-line)",
            quote(other)
        )),
        None => Err("no `opponent` line (random, perfect or every-line)".to_string()),
    }
}

/// A depth-first walk over the opponent's choices, one game at a time: each game follows the
/// choices of the path, then the next game takes the next choice at the deepest turn that has
/// one left (an odometer over the game tree).
#[derive(Debug, Default)]
struct TreeWalk {
    /// Per opponent turn in the current game: (choice taken, choices there were).
    path: Vec<(usize, usize)>,
    /// The opponent turns played so far in the current game.
    depth: usize,
}

impl TreeWalk {
    fn choose(&mut self, options: &[usize]) -> usize {
        let index = match self.path.get_mut(self.depth) {
            Some(step) => {
                // A player that answers differently from before changes the options; stay in range.
                step.1 = options.len();
                step.0 = step.0.min(options.len() - 1);
                step.0
            }
            None => {
                self.path.push((0, options.len()));
                0
            }
        };
        self.depth += 1;
        options[index]
    }

    /// Moves to the next game; false when every choice has been tried.
    fn advance(&mut self) -> bool {
        self.path.truncate(self.depth);
        self.depth = 0;
        while let Some(step) = self.path.last_mut() {
            if step.0 + 1 < step.1 {
                step.0 += 1;
                return true;
            }
            self.path.pop();
        }
        false
    }
}

/// The sequence of games and the opponent's moves in them.
pub struct Schedule {
    opponent: Opponent,
    minimax: Minimax,
    random: Random,
    walk: TreeWalk,
    /// Games started so far.
    started: usize,
    /// The player's mark in the current game.
    player: Mark,
}

impl Schedule {
    pub fn new(opponent: Opponent) -> Schedule {
        let seed = match opponent {
            Opponent::Random { seed, .. } => seed,
            _ => 0,
        };
        Schedule {
            opponent,
            minimax: Minimax::default(),
            random: Random(seed),
            walk: TreeWalk::default(),
            started: 0,
            player: Mark::O,
        }
    }

    /// The player's mark in the next game, or `None` when the schedule is over.
    pub fn next_game(&mut self) -> Option<Mark> {
        let first = self.started == 0;
        self.started += 1;
        match self.opponent {
            Opponent::Random { games, .. } => {
                self.player = if self.started % 2 == 1 {
                    Mark::O
                } else {
                    Mark::X
                };
                (self.started <= games).then_some(self.player)
            }
            Opponent::Perfect | Opponent::EveryLine => {
                if first || self.walk.advance() {
                    return Some(self.player);
                }
                if self.player == Mark::O {
                    self.player = Mark::X;
                    self.walk = TreeWalk::default();
                    return Some(self.player);
                }
                None
            }
        }
    }

    /// The opponent's move on a board where it is to move.
    pub fn choose(&mut self, board: Board) -> usize {
        match self.opponent {
            Opponent::Random { .. } => {
                let free = board.free_cells();
                free[self.random.below(free.len())]
            }
            Opponent::Perfect => {
                let best = self.minimax.best_moves(board);
                self.walk.choose(&best)
            }
            Opponent::EveryLine => self.walk.choose(&board.free_cells()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_case_files() {
        assert_eq!(
            parse_opponent("# many games\nopponent random\nseed 7\ngames 100\n"),
            Ok(Opponent::Random {
                seed: 7,
                games: 100
            })
        );
        assert_eq!(
            parse_opponent("opponent every-line\n"),
            Ok(Opponent::EveryLine)
        );
        assert_eq!(
            parse_opponent("opponent  perfect  # ties too"),
            Ok(Opponent::Perfect)
        );
        assert!(parse_opponent("opponent random\nseed 1\n")
            .unwrap_err()
            .contains("games"));
        assert!(parse_opponent("opponent sneaky")
            .unwrap_err()
            .contains("unknown opponent"));
        assert_eq!(
            parse_opponent("opponent perfect\nspeed 3").unwrap_err(),
            "line 2: unknown key \"speed\" (opponent, seed, games)"
        );
        assert!(parse_opponent("")
            .unwrap_err()
            .contains("no `opponent` line"));
    }

    /// Plays the schedule against a player that always takes the lowest free cell, and returns
    /// every game's moves.
    fn games_against_lowest_cell(opponent: Opponent) -> Vec<(Mark, Vec<usize>)> {
        let mut schedule = Schedule::new(opponent);
        let mut games = Vec::new();
        while let Some(player) = schedule.next_game() {
            let mut board = Board::default();
            let mut moves = Vec::new();
            while !board.is_over() {
                let cell = if board.to_move() == player {
                    board.free_cells()[0]
                } else {
                    schedule.choose(board)
                };
                moves.push(cell);
                board = board.play(cell);
            }
            games.push((player, moves));
        }
        games
    }

    #[test]
    fn every_line_tries_every_opponent_sequence_exactly_once() {
        let games = games_against_lowest_cell(Opponent::EveryLine);
        let mut distinct = games.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), games.len(), "no game repeats");
        // Count the leaves of the tree of opponent choices independently, by recursion.
        fn leaves(board: Board, player: Mark) -> usize {
            if board.is_over() {
                1
            } else if board.to_move() == player {
                leaves(board.play(board.free_cells()[0]), player)
            } else {
                board
                    .free_cells()
                    .into_iter()
                    .map(|cell| leaves(board.play(cell), player))
                    .sum()
            }
        }
        let expected = leaves(Board::default(), Mark::O) + leaves(Board::default(), Mark::X);
        assert_eq!(games.len(), expected);
        assert!(
            games.iter().any(|game| game.0 == Mark::O)
                && games.iter().any(|game| game.0 == Mark::X)
        );
    }

    #[test]
    fn perfect_only_plays_best_moves_and_beats_a_weak_player() {
        let mut minimax = Minimax::default();
        let games = games_against_lowest_cell(Opponent::Perfect);
        for (player, moves) in &games {
            let mut board = Board::default();
            for &cell in moves {
                if board.to_move() != *player {
                    assert!(minimax.best_moves(board).contains(&cell));
                }
                board = board.play(cell);
            }
            assert_ne!(
                board.winner(),
                Some(*player),
                "a perfect opponent never loses"
            );
        }
        assert!(games
            .iter()
            .any(|(player, moves)| { Board::after(moves).winner() == Some(player.other()) }));
    }

    #[test]
    fn random_plays_the_asked_number_of_games_alternating_sides() {
        let games = games_against_lowest_cell(Opponent::Random { seed: 3, games: 10 });
        assert_eq!(games.len(), 10);
        assert_eq!(games[0].0, Mark::O);
        assert_eq!(games[1].0, Mark::X);
        let again = games_against_lowest_cell(Opponent::Random { seed: 3, games: 10 });
        assert_eq!(games, again, "seeded");
    }
}
