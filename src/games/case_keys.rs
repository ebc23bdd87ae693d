//! The case files of the judge's built-in opponents, read as the grader reads them: `key value`
//! lines, blank lines and `#` comments skipped, each key one of a known list. (What a real
//! case may hold, strictly, is `validate`'s to say.)

use crate::text::quote;

/// One `key value` line.
pub struct Entry<'a> {
    /// Counted from 1.
    pub line: usize,
    pub key: &'a str,
    pub value: &'a str,
}

impl Entry<'_> {
    /// A message about this line.
    pub fn at(&self, message: impl std::fmt::Display) -> String {
        format!("line {}: {message}", self.line)
    }

    /// The value as a whole number.
    pub fn number(&self) -> Result<u64, String> {
        self.value.parse::<u64>().map_err(|_| {
            self.at(format!(
                "{} expects a whole number, found {}",
                self.key,
                quote(self.value)
            ))
        })
    }
}

/// Every `key value` line of `text`, each key one of `keys`; the error names the line.
pub fn entries<'a>(text: &'a str, keys: &[&str]) -> Result<Vec<Entry<'a>>, String> {
    let mut found = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = |message: String| format!("line {}: {message}", index + 1);
        let (key, value) = line
            .split_once(char::is_whitespace)
            .map(|(key, value)| (key, value.trim()))
            .ok_or_else(|| at(format!("expected `key value`, found {}", quote(line))))?;
        if !keys.contains(&key) {
            return Err(at(format!(
                "unknown key {} ({})",
                quote(key),
                keys.join(", ")
            )));
        }
        found.push(Entry {
            line: index + 1,
            key,
            value,
        });
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_keys_and_numbers() {
        let text = "# a case\n\nopponent  greedy  # the weak one\ngames 12\n";
        let found = entries(text, &["opponent", "games"]).unwrap();
        let pairs: Vec<(usize, &str, &str)> =
            found.iter().map(|e| (e.line, e.key, e.value)).collect();
        assert_eq!(pairs, [(3, "opponent", "greedy"), (4, "games", "12")]);
        assert_eq!(found[1].number(), Ok(12));
        assert_eq!(
            found[0].number().unwrap_err(),
            "line 3: opponent expects a whole number, found \"greedy\""
        );
        assert_eq!(
            entries("speed 3\n", &["games"]).err().unwrap(),
            "line 1: unknown key \"speed\" (games)"
        );
        assert_eq!(
            entries("lonely\n", &["games"]).err().unwrap(),
            "line 1: expected `key value`, found \"lonely\""
        );
    }
}
