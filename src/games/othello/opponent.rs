//! What a case of the built-in Othello opponent asks for: a case file (`NAME.in`) holds
//! `key value` lines (`#` starts a comment): `opponent random|greedy`, `seed N` (the opponent's
//! random choices), `games N` and `win-percent P` (the bar: the player must win at least P% of
//! the games).

use crate::games::case_keys::entries;
use crate::text::quote;

/// How the opponent picks its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    Random,
    Greedy,
}

/// What a case asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Match {
    pub strategy: Strategy,
    pub seed: u64,
    pub games: usize,
    pub win_percent: u32,
}

/// Reads a case file; the error names the line.
pub fn parse_match(text: &str) -> Result<Match, String> {
    let (mut strategy, mut seed, mut games, mut win_percent) = (None, None, None, None);
    for entry in entries(text, &["opponent", "seed", "games", "win-percent"])? {
        match entry.key {
            "opponent" => {
                strategy = Some(match entry.value {
                    "random" => Strategy::Random,
                    "greedy" => Strategy::Greedy,
                    _ => {
                        return Err(entry.at(format!(
                            "unknown opponent {} (random or greedy)",
                            quote(entry.value)
                        )))
                    }
                })
            }
            "seed" => seed = Some(entry.number()?),
            "games" => games = Some(entry.number()? as usize),
            _ => win_percent = Some(entry.number()?.min(101) as u32),
        }
    }
    match (strategy, seed, games, win_percent) {
        (Some(strategy), Some(seed), Some(games), Some(win_percent))
            if games > 0 && win_percent <= 100 =>
        {
            Ok(Match {
                strategy,
                seed,
                games,
                win_percent,
            })
        }
        _ => Err(
            "a case needs `opponent random|greedy`, `seed N`, `games N` (N > 0) and `win-percent P` (0 to 100)"
                .to_string(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_case_files() {
        assert_eq!(
            parse_match("# ten games\nopponent greedy\nseed 7\ngames 10\nwin-percent 90\n"),
            Ok(Match {
                strategy: Strategy::Greedy,
                seed: 7,
                games: 10,
                win_percent: 90
            })
        );
        assert!(parse_match("opponent greedy\nseed 7\ngames 10\n")
            .unwrap_err()
            .contains("win-percent"));
        assert!(parse_match("opponent perfect\n")
            .unwrap_err()
            .contains("unknown opponent"));
        assert!(
            parse_match("opponent random\nseed 1\ngames 0\nwin-percent 50\n").is_err(),
            "no games"
        );
        assert!(parse_match("opponent random\nseed 1\ngames 2\nwin-percent 101\n").is_err());
        assert_eq!(
            parse_match("opponent random\nspeed 3").unwrap_err(),
            "line 2: unknown key \"speed\" (opponent, seed, games, win-percent)"
        );
    }
}
