//! Validator for the interactive tic_tac_toe_player cases, whose `.in` describes the judge's
//! opponent (see `crate::games::tic_tac_toe::opponent`): whole-line `#` comments and `key value` lines with one
//! space; `opponent random|perfect|every-line` once; `seed N` (0 to 2^64-1) and `games N`
//! (at least 1) once each, with `random` and only with it.

use super::key_values::{read_choice, read_key_values, read_seed};
use super::reader::{Invalid, Reader};

pub fn validate(input: &[u8]) -> Result<(), Invalid> {
    let mut reader = Reader::new(input);
    let given = read_key_values(
        &mut reader,
        &["opponent", "seed", "games"],
        |key, reader| match key {
            "opponent" => read_choice(reader, &["random", "perfect", "every-line"], "opponent"),
            "seed" => read_seed(reader),
            _ => Ok(reader
                .read_integer(1, i64::MAX, "the number of games")?
                .to_string()),
        },
    )?;
    let Some((opponent_line, kind)) = given.get("opponent") else {
        return Err(reader.fail("expected an `opponent` line, found end of input"));
    };
    let (seed, games) = (given.get("seed"), given.get("games"));
    if kind == "random" {
        if seed.is_none() || games.is_none() {
            return Err(reader.fail_at(
                opponent_line,
                "opponent random needs `seed N` and `games N`",
            ));
        }
    } else if let Some((line, _)) = seed.or(games) {
        return Err(reader.fail_at(
            line,
            format!("seed and games go only with opponent random, not {kind}"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::check_near_misses;
    use super::validate;

    #[test]
    fn one_near_miss_per_rule() {
        check_near_misses(validate, b"opponent perfect\n", &[]);
        check_near_misses(validate, b"opponent every-line\n", &[]);
        check_near_misses(
            validate,
            b"# Random legal moves.\nopponent random\nseed 0\ngames 2000\n",
            &[
                ("an opponent", b"# nothing else\n", "line 2: expected an `opponent` line, found end of input"),
                ("known keys", b"opponent random\nseed 1\ngames 2\nlevel 3\n", "line 4: unknown key \"level\" (opponent, seed, games)"),
                ("each key once", b"opponent random\nseed 1\nseed 2\ngames 2\n", "line 3: seed is given twice"),
                ("a single space", b"opponent  perfect\n", "line 1: expected a single space between the key and its value, found two"),
                ("known opponents", b"opponent greedy\n", "line 1: unknown opponent \"greedy\" (random, perfect, every-line)"),
                ("random needs a seed", b"opponent random\ngames 2\n", "line 1: opponent random needs `seed N` and `games N`"),
                ("random needs games", b"opponent random\nseed 2\n", "line 1: opponent random needs `seed N` and `games N`"),
                ("at least one game", b"opponent random\nseed 1\ngames 0\n", "line 3: the number of games is 0, out of range [1, 9223372036854775807]"),
                ("a seed in 64 bits", b"opponent random\nseed 18446744073709551616\ngames 1\n", "line 2: expected the seed, a whole number from 0 to 2^64-1, found \"18446744073709551616\""),
                ("a seed without a sign", b"opponent random\nseed -1\ngames 1\n", "line 2: expected the seed, a whole number from 0 to 2^64-1, found \"-1\""),
                ("seed only with random", b"opponent perfect\nseed 1\n", "line 2: seed and games go only with opponent random, not perfect"),
                ("whole-line comments only", b"opponent perfect # best\n", "line 1: expected the end of the line, found more: \" # best\""),
                ("no blank line", b"opponent perfect\n\n", "line 2: expected a `key value` line or a # comment, found the end of the line"),
                ("LF, not CRLF", b"opponent perfect\r\n", "line 1: expected the end of the line, found a CR (line ends must be LF, not CRLF)"),
                ("a final newline", b"opponent perfect", "line 1: expected a newline at the end of the line, found end of input"),
                ("not empty", b"", "line 1: expected an `opponent` line, found end of input"),
            ],
        );
    }
}
