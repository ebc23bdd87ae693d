//! The shape of the interactive problems' case files, checked strictly: whole-line `#` comments
//! and `key value` lines with a single space, each key from a known list and given once. The
//! values are read by the caller, which knows what each key holds.

use super::reader::{Invalid, Reader};
use crate::text::quote;

/// The keys given, each with the line it was on and its value as read.
pub struct KeyValues<'k> {
    pub values: Vec<(&'k str, usize, String)>,
}

impl KeyValues<'_> {
    /// The line and value of `key`, if it was given.
    pub fn get(&self, key: &str) -> Option<(usize, &str)> {
        self.values
            .iter()
            .find(|(given, _, _)| *given == key)
            .map(|(_, line, value)| (*line, value.as_str()))
    }
}

/// Reads every line; `read_value` reads the value of a known key (the reader is after its
/// space) and returns it as text.
pub fn read_key_values<'k>(
    reader: &mut Reader,
    keys: &[&'k str],
    mut read_value: impl FnMut(&str, &mut Reader) -> Result<String, Invalid>,
) -> Result<KeyValues<'k>, Invalid> {
    let mut given = KeyValues { values: Vec::new() };
    while !reader.at_end() {
        let line = reader.line();
        if reader.eat(b'#') {
            reader.read_rest_of_line("a comment")?;
            reader.read_line_end()?;
            continue;
        }
        let word = reader.read_word("a `key value` line or a # comment")?;
        let Some(&key) = keys.iter().find(|&&key| key == word) else {
            return Err(reader.fail(format!("unknown key {} ({})", quote(word), keys.join(", "))));
        };
        if given.get(key).is_some() {
            return Err(reader.fail(format!("{key} is given twice")));
        }
        reader.read_space("the key and its value")?;
        let value = read_value(key, reader)?;
        given.values.push((key, line, value));
        reader.read_line_end()?;
    }
    Ok(given)
}

/// A seed: a whole number that fits in 64 bits, without leading zeros.
pub fn read_seed(reader: &mut Reader) -> Result<String, Invalid> {
    let word = reader.read_word("the seed")?;
    let wellformed =
        word.bytes().all(|byte| byte.is_ascii_digit()) && (word == "0" || !word.starts_with('0'));
    match word.parse::<u64>() {
        Ok(_) if wellformed => Ok(word.to_string()),
        _ => Err(reader.fail(format!(
            "expected the seed, a whole number from 0 to 2^64-1, found {}",
            quote(word)
        ))),
    }
}

/// One of `choices`, named `what` in the message.
pub fn read_choice(reader: &mut Reader, choices: &[&str], what: &str) -> Result<String, Invalid> {
    let word = reader.read_word(what)?;
    if !choices.contains(&word) {
        return Err(reader.fail(format!(
            "unknown {what} {} ({})",
            quote(word),
            choices.join(", ")
        )));
    }
    Ok(word.to_string())
}
