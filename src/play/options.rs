//! What `judge play` is asked to play: the game, who moves first, the rules, the computer (a
//! library strategy, the project's solver, or any command speaking the solver's protocol) and
//! the seed; read from the flags the command line parser hands over.

use crate::games::tic_tac_toe::strategies::{Strategy, DEFAULT_PLAYOUTS};
use crate::games::tic_tac_toe::Rules;

/// The game to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    TicTacToe,
    Othello,
}

/// Who the computer is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ComputerChoice {
    /// A tic-tac-toe strategy of the library (`--strategy random|perfect|montecarlo`).
    Strategy(Strategy),
    /// The project's solver for the game (`tic_tac_toe_player`, `othello_player`), built first
    /// and run under the supervisor.
    Solver,
    /// `--computer 'COMMAND'`: any program speaking the solver's protocol, under the supervisor.
    Command(String),
}

/// Everything `judge play` needs to know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayOptions {
    pub game: Game,
    pub computer_first: bool,
    pub rules: Rules,
    pub computer: ComputerChoice,
    /// `None`: a seed from the clock, shown so the session can be replayed.
    pub seed: Option<u64>,
}

/// The play flags as given, before they are checked against each other.
#[derive(Clone, Debug, Default)]
pub struct PlayFlags {
    pub computer_first: bool,
    pub misere: bool,
    pub strategy: Option<String>,
    pub playouts: Option<u32>,
    pub seed: Option<u64>,
    pub computer: Option<String>,
}

impl PlayFlags {
    /// The options for `judge play WORDS` (the words after `play`), or why they do not fit.
    pub fn into_options(self, words: &[String]) -> Result<PlayOptions, String> {
        let game = match words {
            [] => Game::TicTacToe,
            [word] if word == "tic-tac-toe" => Game::TicTacToe,
            [word] if word == "othello" => Game::Othello,
            [word] => {
                return Err(format!(
                    "play knows tic-tac-toe and othello, found {word:?}"
                ))
            }
            _ => {
                return Err(format!(
                    "play takes one game (tic-tac-toe or othello), found {}",
                    words.join(" ")
                ))
            }
        };
        if self.playouts.is_some() && self.strategy.as_deref() != Some("montecarlo") {
            return Err("--playouts goes with --strategy montecarlo".into());
        }
        let computer = match (self.computer, self.strategy.as_deref(), game) {
            (Some(_), Some(_), _) => {
                return Err("--computer and --strategy both name the computer: give one".into())
            }
            (Some(command), None, _) if command.trim().is_empty() => {
                return Err("--computer needs a command to run, found an empty one".into())
            }
            (Some(command), None, _) => ComputerChoice::Command(command),
            (None, Some(_), Game::Othello) => {
                return Err("--strategy goes with tic-tac-toe (othello plays othello_player)".into())
            }
            (None, Some("solver"), Game::TicTacToe) => ComputerChoice::Solver,
            (None, Some(name), Game::TicTacToe) => ComputerChoice::Strategy(
                Strategy::from_name(name, self.playouts.unwrap_or(DEFAULT_PLAYOUTS)).ok_or_else(
                    || {
                        format!(
                            "--strategy expects random, perfect, montecarlo or solver, found {name:?}"
                        )
                    },
                )?,
            ),
            (None, None, Game::TicTacToe) => ComputerChoice::Strategy(Strategy::Perfect),
            (None, None, Game::Othello) => ComputerChoice::Solver,
        };
        if self.misere {
            if game == Game::Othello {
                return Err("--misere goes with tic-tac-toe".into());
            }
            if !matches!(computer, ComputerChoice::Strategy(_)) {
                return Err(
                    "--misere needs a library strategy (random, perfect, montecarlo): the programs play by normal rules"
                        .into(),
                );
            }
        }
        if self.seed.is_some() && !matches!(computer, ComputerChoice::Strategy(_)) {
            return Err(
                "--seed goes with a library strategy (random, perfect, montecarlo): a program makes its own choices"
                    .into(),
            );
        }
        Ok(PlayOptions {
            game,
            computer_first: self.computer_first,
            rules: if self.misere {
                Rules::Misere
            } else {
                Rules::Normal
            },
            computer,
            seed: self.seed,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(flags: PlayFlags, words: &[&str]) -> Result<PlayOptions, String> {
        let words: Vec<String> = words.iter().map(|word| word.to_string()).collect();
        flags.into_options(&words)
    }

    #[test]
    fn defaults_per_game() {
        let tic = options(PlayFlags::default(), &[]).unwrap();
        assert_eq!(tic.game, Game::TicTacToe);
        assert_eq!(tic.computer, ComputerChoice::Strategy(Strategy::Perfect));
        assert_eq!(
            (tic.rules, tic.seed, tic.computer_first),
            (Rules::Normal, None, false)
        );
        let othello = options(PlayFlags::default(), &["othello"]).unwrap();
        assert_eq!(othello.game, Game::Othello);
        assert_eq!(othello.computer, ComputerChoice::Solver);
        assert_eq!(
            options(PlayFlags::default(), &["tic-tac-toe"])
                .unwrap()
                .game,
            Game::TicTacToe
        );
    }

    #[test]
    fn strategies_and_their_flags() {
        let monte = PlayFlags {
            strategy: Some("montecarlo".into()),
            playouts: Some(50),
            misere: true,
            seed: Some(3),
            ..PlayFlags::default()
        };
        let monte = options(monte, &[]).unwrap();
        assert_eq!(
            monte.computer,
            ComputerChoice::Strategy(Strategy::MonteCarlo { playouts: 50 })
        );
        assert_eq!((monte.rules, monte.seed), (Rules::Misere, Some(3)));
        let solver = PlayFlags {
            strategy: Some("solver".into()),
            ..PlayFlags::default()
        };
        assert_eq!(
            options(solver, &[]).unwrap().computer,
            ComputerChoice::Solver
        );
    }

    #[test]
    fn flags_that_do_not_fit_say_why() {
        let error = |flags: PlayFlags, words: &[&str]| options(flags, words).unwrap_err();
        assert!(error(PlayFlags::default(), &["chess"]).contains("tic-tac-toe and othello"));
        assert!(error(PlayFlags::default(), &["othello", "x"]).contains("one game"));
        let playouts = PlayFlags {
            playouts: Some(5),
            ..PlayFlags::default()
        };
        assert!(error(playouts, &[]).contains("--playouts goes with --strategy montecarlo"));
        let misere_othello = PlayFlags {
            misere: true,
            ..PlayFlags::default()
        };
        assert!(error(misere_othello.clone(), &["othello"]).contains("--misere goes with"));
        let misere_solver = PlayFlags {
            strategy: Some("solver".into()),
            ..misere_othello
        };
        assert!(error(misere_solver, &[]).contains("normal rules"));
        let unknown = PlayFlags {
            strategy: Some("clever".into()),
            ..PlayFlags::default()
        };
        assert!(error(unknown, &[]).contains("found \"clever\""));
        let both = PlayFlags {
            strategy: Some("random".into()),
            computer: Some("./a.out".into()),
            ..PlayFlags::default()
        };
        assert!(error(both, &[]).contains("give one"));
        let seeded_program = PlayFlags {
            seed: Some(1),
            ..PlayFlags::default()
        };
        assert!(error(seeded_program, &["othello"]).contains("--seed goes with"));
        let strategy_othello = PlayFlags {
            strategy: Some("random".into()),
            ..PlayFlags::default()
        };
        assert!(error(strategy_othello, &["othello"]).contains("--strategy goes with"));
    }
}
