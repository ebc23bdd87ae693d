//! Validator for the interactive othello_player cases, whose `.in` describes the judge's
//! opponent (see `crate::games::othello::opponent`): whole-line `#` comments and `key value` lines with one
//! space, each once: `opponent random|greedy`, `seed N` (0 to 2^64-1), `games N` (at least 1)
//! and `win-percent P` (0 to 100), all four.

use super::key_values::{read_choice, read_key_values, read_seed};
use super::reader::{Invalid, Reader};

const KEYS: [&str; 4] = ["opponent", "seed", "games", "win-percent"];

pub fn validate(input: &[u8]) -> Result<(), Invalid> {
    let mut reader = Reader::new(input);
    let given = read_key_values(&mut reader, &KEYS, |key, reader| match key {
        "opponent" => read_choice(reader, &["random", "greedy"], "opponent"),
        "seed" => read_seed(reader),
        "games" => Ok(reader
            .read_integer(1, i64::MAX, "the number of games")?
            .to_string()),
        _ => Ok(reader.read_integer(0, 100, "the win percent")?.to_string()),
    })?;
    match KEYS.iter().find(|key| given.get(key).is_none()) {
        Some(missing) => Err(reader.fail(format!(
            "no `{missing}` line: a case gives opponent, seed, games and win-percent"
        ))),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::check_near_misses;
    use super::validate;

    #[test]
    fn one_near_miss_per_rule() {
        check_near_misses(
            validate,
            b"# Greedy moves.\nopponent greedy\nseed 7\ngames 10\nwin-percent 90\n",
            &[
                ("every key", b"opponent greedy\nseed 7\ngames 10\n", "line 4: no `win-percent` line: a case gives opponent, seed, games and win-percent"),
                ("known keys", b"opponent greedy\nlevel 3\n", "line 2: unknown key \"level\" (opponent, seed, games, win-percent)"),
                ("each key once", b"opponent greedy\nopponent random\n", "line 2: opponent is given twice"),
                ("known opponents", b"opponent perfect\n", "line 1: unknown opponent \"perfect\" (random, greedy)"),
                ("a single space", b"games  2\n", "line 1: expected a single space between the key and its value, found two"),
                ("at least one game", b"games 0\n", "line 1: the number of games is 0, out of range [1, 9223372036854775807]"),
                ("a percent", b"win-percent 101\n", "line 1: the win percent is 101, out of range [0, 100]"),
                ("a seed in 64 bits", b"seed 18446744073709551616\n", "line 1: expected the seed, a whole number from 0 to 2^64-1, found \"18446744073709551616\""),
                ("LF, not CRLF", b"seed 1\r\n", "line 1: expected the end of the line, found a CR (line ends must be LF, not CRLF)"),
                ("not empty", b"", "line 1: no `opponent` line: a case gives opponent, seed, games and win-percent"),
            ],
        );
    }
}
