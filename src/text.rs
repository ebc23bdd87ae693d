//! How text from a program, a case or a user appears in the judge's messages and report: quoted
//! and cut for a message, with control characters escaped, or byte by byte with whitespace made
//! visible (trailing spaces as `␠`, tabs as `\t`, CR as `\r`), so that no byte can forge a line;
//! and a count of things with its noun (`1 file`, `2 files`).

/// How many characters of a user's text a message quotes.
pub const QUOTE_CHARS: usize = 40;

/// `text` quoted for a message, cut to `QUOTE_CHARS` characters with `…` and its length when it
/// is longer, so a 10 MB line is never written back whole.
pub fn quote(text: &str) -> String {
    let count = text.chars().count();
    if count <= QUOTE_CHARS {
        return format!("{text:?}");
    }
    let start: String = text.chars().take(QUOTE_CHARS).collect();
    format!("{start:?}… ({count} characters)")
}

/// `number` and `what`, in the plural unless `number` is 1: `1 file`, `0 files`, `2 files`
/// (`what` is a noun whose plural takes an `s`).
pub fn count(number: usize, what: &str) -> String {
    let plural = if number == 1 { "" } else { "s" };
    format!("{number} {what}{plural}")
}

/// Text as it may appear on the judge's report: control characters (newlines, terminal
/// escapes), line separators and bidirectional overrides are written as escapes.
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if breaks_or_reorders(c) {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// The last line of a program's output that is not blank, trimmed, and of it only its last
/// `most_chars` characters (a Python traceback's last line is the exception).
pub fn last_line(output: &[u8], most_chars: usize) -> Option<String> {
    let text = String::from_utf8_lossy(output);
    let line = text.lines().map(str::trim).rfind(|line| !line.is_empty())?;
    let skipped = line.chars().count().saturating_sub(most_chars);
    Some(line.chars().skip(skipped).collect())
}

/// A message as the judge writes an error on stderr: `error: ` before its first line, its later
/// lines (a compiler's) indented below, every line printable.
pub fn error_lines(message: &str) -> String {
    let mut lines = message.lines();
    let mut text = format!("error: {}", printable(lines.next().unwrap_or_default()));
    for line in lines {
        text.push_str(&format!("\n  {}", printable(line)));
    }
    text
}

/// How a trailing space is shown.
pub const VISIBLE_SPACE: char = '␠';

/// The start of the valid UTF-8 character `position` is inside, else `position` itself.
pub fn character_start(text: &[u8], position: usize) -> usize {
    (1..=3)
        .filter_map(|back| position.checked_sub(back))
        .find(|&start| {
            text.get(start..)
                .and_then(utf8_character_at)
                .is_some_and(|(_, length)| start + length > position)
        })
        .unwrap_or(position)
}

/// The valid non-ASCII UTF-8 character `bytes` starts with, and its length in bytes.
fn utf8_character_at(bytes: &[u8]) -> Option<(char, usize)> {
    let length = match bytes.first()? {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return None,
    };
    let encoded = bytes.get(..length)?;
    let character = std::str::from_utf8(encoded).ok()?.chars().next()?;
    Some((character, length))
}

/// Where the line's trailing whitespace (spaces, tabs, CR) starts.
fn trailing_start(line: &[u8]) -> usize {
    line.iter()
        .rposition(|byte| !matches!(byte, b' ' | b'\t' | b'\r'))
        .map_or(0, |last| last + 1)
}

/// `line` (without its `\n`) from `start`, escaped, up to `limit` or the end of the last whole
/// character before it; with the offset where the escaped part ends. Printable ASCII is shown
/// as is with `"` and `\` escaped; a space in the line's trailing whitespace as `␠`; `\r` and
/// `\t` as such; valid non-ASCII UTF-8 characters as they are, except the control characters,
/// bidirectional overrides and the `␠` mark itself (`\u{…}`); any other byte as `\xNN`.
pub fn escape(line: &[u8], start: usize, limit: usize) -> (String, usize) {
    let trailing = trailing_start(line);
    let mut text = String::new();
    let mut position = start;
    while position < limit {
        let (shown, length) = shown_prefix(line.get(position..).unwrap_or_default());
        if position + length > limit {
            break;
        }
        if position >= trailing && line.get(position) == Some(&b' ') {
            text.push(VISIBLE_SPACE);
        } else {
            text.push_str(&shown);
        }
        position += length;
    }
    (text, position)
}

/// Whether a character would break a report's line or reorder what follows it on a terminal:
/// controls, the Unicode line and paragraph separators, bidirectional overrides and isolates.
fn breaks_or_reorders(character: char) -> bool {
    character.is_control()
        || ('\u{2028}'..='\u{202e}').contains(&character)
        || ('\u{2066}'..='\u{2069}').contains(&character)
}

/// Whether a valid non-ASCII character is shown escaped: what breaks or reorders a line, and
/// the visible-space mark.
fn hidden(character: char) -> bool {
    breaks_or_reorders(character) || character == VISIBLE_SPACE
}

/// How the first character (or, if it is not valid UTF-8, the first byte) of `bytes` is shown,
/// and how many bytes that covers.
fn shown_prefix(bytes: &[u8]) -> (String, usize) {
    match utf8_character_at(bytes) {
        Some((character, length)) if character.is_control() => (
            bytes.iter().take(length).map(escaped_byte).collect(),
            length,
        ),
        Some((character, length)) if hidden(character) => {
            (character.escape_unicode().to_string(), length)
        }
        Some((character, length)) => (character.to_string(), length),
        None => (bytes.first().map(escaped_byte).unwrap_or_default(), 1),
    }
}

/// One byte as shown in an excerpt.
fn escaped_byte(&byte: &u8) -> String {
    match byte {
        b'"' => "\\\"".to_string(),
        b'\\' => "\\\\".to_string(),
        b'\r' => "\\r".to_string(),
        b'\t' => "\\t".to_string(),
        b' '..=b'~' => char::from(byte).to_string(),
        _ => format!("\\x{byte:02x}"),
    }
}

/// `; did you mean "KNOWN"?` for the one of `known` closest to a misspelt `word` (at most two
/// letters added, removed, changed or two swapped), else nothing: for an unknown key's warning.
pub fn did_you_mean(word: &str, known: &[&str]) -> String {
    let best = known
        .iter()
        .map(|candidate| (edit_distance(word, candidate), *candidate))
        .filter(|(distance, _)| *distance <= 2 && *distance < word.chars().count())
        .min_by_key(|(distance, _)| *distance);
    match best {
        Some((_, candidate)) => format!("; did you mean {candidate:?}?"),
        None => String::new(),
    }
}

/// The edits (a letter added, removed or changed, two neighbours swapped) from `a` to `b`.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // rows[i][j]: the edits from a[..i] to b[..j].
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let change = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + change);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_of_several_lines_indents_the_later_ones() {
        assert_eq!(
            error_lines("x.cpp does not build:\n1 | oops\x1b"),
            "error: x.cpp does not build:\n  1 | oops\\u{1b}"
        );
        assert_eq!(error_lines("one"), "error: one");
    }

    #[test]
    fn the_last_line_is_the_last_that_is_not_blank_and_its_end_only() {
        assert_eq!(
            last_line(b"Traceback\n  line 3\nValueError: x\n\n", 100),
            Some("ValueError: x".to_string())
        );
        assert_eq!(last_line("abcdé".as_bytes(), 2), Some("dé".to_string()));
        assert_eq!(last_line(b"\n \n", 10), None);
    }

    #[test]
    fn a_count_takes_the_plural_unless_it_is_one() {
        assert_eq!(count(0, "file"), "0 files");
        assert_eq!(count(1, "file"), "1 file");
        assert_eq!(count(2, "case"), "2 cases");
    }

    #[test]
    fn quotes_are_cut_to_forty_characters() {
        assert_eq!(quote("short"), "\"short\"");
        let long = "x".repeat(100_000);
        assert_eq!(
            quote(&long),
            format!("\"{}\"… (100000 characters)", "x".repeat(40))
        );
    }

    fn whole(line: &[u8]) -> String {
        escape(line, 0, line.len()).0
    }

    #[test]
    fn trailing_spaces_tabs_and_cr_are_visible() {
        assert_eq!(whole(b"a b  \t \r"), "a b␠␠\\t␠\\r");
        assert_eq!(whole(b"  a"), "  a");
        assert_eq!(whole(b"   "), "␠␠␠");
    }

    #[test]
    fn the_marks_themselves_and_bidi_overrides_are_escaped() {
        assert_eq!(whole("x␠".as_bytes()), "x\\u{2420}");
        assert_eq!(whole("\u{202e}a".as_bytes()), "\\u{202e}a");
        assert_eq!(whole("a\u{2028}b".as_bytes()), "a\\u{2028}b");
        assert_eq!(printable("a\u{2028}b\u{2029}"), "a\\u{2028}b\\u{2029}");
        assert_eq!(whole(b"\x1b[32mAC\n"), "\\x1b[32mAC\\x0a");
    }

    #[test]
    fn a_misspelt_key_gets_the_closest_known_one() {
        let known = ["memory", "time_limit", "output"];
        assert_eq!(
            did_you_mean("memmory", &known),
            "; did you mean \"memory\"?"
        );
        assert_eq!(
            did_you_mean("tiem_limit", &known),
            "; did you mean \"time_limit\"?"
        );
        assert_eq!(did_you_mean("colour", &known), "");
        assert_eq!(did_you_mean("x", &["y"]), "");
    }
}
