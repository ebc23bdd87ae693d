//! The little YAML a problem package is written in, read by hand and strictly: block mappings
//! and sequences by indentation, plain and quoted scalars, one-line flow sequences and mappings
//! (`[a, b]`, `{k: v}`, one inside another), `|` and `>` block scalars, `#` comments. Anchors,
//! aliases, tags, a flow collection over several lines, a tab in the indentation or a duplicate
//! key is an error with its line number, never a guess. A byte order mark at the start (editors on Windows
//! write one) is read as YAML reads it: as nothing.

/// A value: a scalar (its text, quotes removed), a sequence or a mapping.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// A scalar; an empty plain scalar (`key:` and nothing below) is YAML's null.
    Scalar(String),
    List(Vec<Node>),
    Map(Vec<Entry>),
}

/// One `key: value` of a mapping, with the 1-based line of its key.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub key: String,
    pub line: usize,
    pub value: Node,
}

impl Node {
    /// The entries of a mapping; a null is an empty mapping; anything else is `None`.
    pub fn entries(&self) -> Option<&[Entry]> {
        match self {
            Node::Map(entries) => Some(entries),
            Node::Scalar(text) if text.is_empty() => Some(&[]),
            _ => None,
        }
    }
}

impl Entry {
    /// The value's text where it is a scalar; else an error naming the key and its line.
    pub fn scalar(&self) -> Result<&str, String> {
        match &self.value {
            Node::Scalar(text) => Ok(text),
            _ => Err(format!(
                "line {}: {} expects a single value",
                self.line, self.key
            )),
        }
    }

    /// The value as words: a scalar's, split at whitespace, or a sequence of scalars; else an
    /// error naming the key and its line, and what it `expects`.
    pub fn words(&self, expects: &str) -> Result<Vec<String>, String> {
        let wrong = || format!("line {}: {} expects {expects}", self.line, self.key);
        match &self.value {
            Node::Scalar(text) => Ok(text.split_whitespace().map(str::to_string).collect()),
            Node::List(items) => items
                .iter()
                .map(|item| match item {
                    Node::Scalar(text) => Ok(text.clone()),
                    _ => Err(wrong()),
                })
                .collect(),
            Node::Map(_) => Err(wrong()),
        }
    }
}

/// One line of the text: its number, indentation, and content without a comment.
struct Line<'a> {
    number: usize,
    indent: usize,
    content: String,
    raw: &'a str,
}

/// `text` without a `#` comment (one at the start or after a space, outside quotes).
fn without_comment(text: &str) -> &str {
    let mut quote: Option<char> = None;
    let mut previous = ' ';
    for (at, character) in text.char_indices() {
        match quote {
            Some(open) if character == open => quote = None,
            Some(_) => {}
            None if character == '#' && (previous == ' ' || previous == '\t') => {
                return &text[..at]
            }
            None if (character == '"' || character == '\'')
                && (previous == ' ' || previous == '[' || previous == '{' || previous == ',') =>
            {
                quote = Some(character)
            }
            None => {}
        }
        previous = character;
    }
    text
}

/// The deepest indentation read, in spaces.
const MAX_INDENT: usize = 1000;

/// Reads a YAML document; its top level must be a mapping (or empty).
pub fn parse(text: &str) -> Result<Vec<Entry>, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let trimmed = raw.trim_start_matches(' ');
        if trimmed.starts_with('\t') && !trimmed.trim().is_empty() {
            return Err(format!("line {number}: a tab in the indentation"));
        }
        let content = without_comment(trimmed).trim_end();
        if content.is_empty() || (raw.starts_with("---") && content == "---") {
            continue;
        }
        // The reader recurses once per level of indentation: a bound keeps a hostile file from
        // overflowing the stack.
        if raw.len() - trimmed.len() > MAX_INDENT {
            return Err(format!(
                "line {number}: indented more than {MAX_INDENT} spaces: nested too deeply to read"
            ));
        }
        if content == "..." || content.starts_with("%") {
            return Err(format!(
                "line {number}: directives and several documents are not read"
            ));
        }
        lines.push(Line {
            number,
            indent: raw.len() - trimmed.len(),
            content: content.to_string(),
            raw,
        });
    }
    let mut reader = Reader { lines, next: 0 };
    if reader.lines.is_empty() {
        return Ok(Vec::new());
    }
    let first = reader.lines[0].indent;
    let node = reader.block(first)?;
    if let Some(line) = reader.lines.get(reader.next) {
        return Err(format!("line {}: unexpected indentation", line.number));
    }
    match node {
        Node::Map(entries) => Ok(entries),
        _ => Err(format!(
            "line {}: the file must be a mapping of `key: value` lines",
            reader.lines[0].number
        )),
    }
}

struct Reader<'a> {
    lines: Vec<Line<'a>>,
    next: usize,
}

/// Where the `:` that ends a mapping key is in `text` (outside quotes, followed by a space or
/// the end), if there is one.
fn key_end(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut quote = None;
    for (at, &byte) in bytes.iter().enumerate() {
        match quote {
            Some(open) if byte == open => quote = None,
            Some(_) => {}
            None if at == 0 && (byte == b'"' || byte == b'\'') => quote = Some(byte),
            None if byte == b':' && matches!(bytes.get(at + 1), None | Some(b' ')) => {
                return Some(at)
            }
            None => {}
        }
    }
    None
}

fn is_item(content: &str) -> bool {
    content == "-" || content.starts_with("- ")
}

impl Reader<'_> {
    fn peek(&self) -> Option<&Line<'_>> {
        self.lines.get(self.next)
    }

    /// A block (mapping or sequence) whose lines are indented by `indent`.
    fn block(&mut self, indent: usize) -> Result<Node, String> {
        match self.peek() {
            Some(line) if is_item(&line.content) => self.sequence(indent),
            _ => self.mapping(indent),
        }
    }

    fn sequence(&mut self, indent: usize) -> Result<Node, String> {
        let mut items = Vec::new();
        while let Some(line) = self.peek() {
            if line.indent != indent || !is_item(&line.content) {
                break;
            }
            let number = line.number;
            let rest = line.content[1..].trim_start().to_string();
            let offset = line.content.len() - rest.len();
            if rest.is_empty() {
                self.next += 1;
                match self.peek() {
                    Some(below) if below.indent > indent => {
                        let below = below.indent;
                        items.push(self.block(below)?)
                    }
                    _ => items.push(Node::Scalar(String::new())),
                }
            } else if key_end(&rest).is_some() || is_item(&rest) {
                // `- key: value` starts a mapping (or `- - x` a sequence) at the item's column.
                let line = &mut self.lines[self.next];
                line.indent = indent + offset;
                line.content = rest;
                let inner = indent + offset;
                items.push(self.block(inner)?);
            } else {
                self.next += 1;
                items.push(self.inline_value(&rest, number, indent)?);
            }
        }
        Ok(Node::List(items))
    }

    fn mapping(&mut self, indent: usize) -> Result<Node, String> {
        let mut entries: Vec<Entry> = Vec::new();
        while let Some(line) = self.peek() {
            if line.indent < indent {
                break;
            }
            let number = line.number;
            if line.indent > indent {
                return Err(format!("line {number}: unexpected indentation"));
            }
            if is_item(&line.content) {
                return Err(format!(
                    "line {number}: a list item where `key: value` lines are"
                ));
            }
            let content = line.content.clone();
            let end = key_end(&content).ok_or_else(|| {
                format!("line {number}: expected `key: value`, found {content:?}")
            })?;
            let key = unquote(content[..end].trim(), number)?;
            let rest = content[end + 1..].trim();
            if entries.iter().any(|entry| entry.key == key) {
                return Err(format!("line {number}: {key} appears twice"));
            }
            self.next += 1;
            let value = if rest.is_empty() {
                match self.peek() {
                    Some(below) if below.indent > indent => {
                        let below = below.indent;
                        self.block(below)?
                    }
                    // A sequence may sit at its key's own indentation.
                    Some(below) if below.indent == indent && is_item(&below.content) => {
                        self.sequence(indent)?
                    }
                    _ => Node::Scalar(String::new()),
                }
            } else {
                self.inline_value(rest, number, indent)?
            };
            entries.push(Entry {
                key,
                line: number,
                value,
            });
        }
        Ok(Node::Map(entries))
    }

    /// The value written after `key:` or `- ` on line `number` (whose block is at `indent`),
    /// with the lines that continue it.
    fn inline_value(&mut self, text: &str, number: usize, indent: usize) -> Result<Node, String> {
        if let Some(style) = text.chars().next().filter(|c| *c == '|' || *c == '>') {
            return Ok(Node::Scalar(self.block_scalar(style, indent)));
        }
        match text.chars().next() {
            Some('&' | '*' | '!') => {
                return Err(format!(
                    "line {number}: anchors, aliases and tags are not read"
                ))
            }
            Some('[') | Some('{') => return flow(text, number),
            _ => {}
        }
        let mut value = unquote(text, number)?;
        // A plain scalar may go on over more indented lines, joined by spaces.
        while let Some(line) = self.peek() {
            if line.indent <= indent
                || text.starts_with(['"', '\''])
                || key_end(&line.content).is_some()
                || is_item(&line.content)
            {
                break;
            }
            value.push(' ');
            value.push_str(line.content.trim());
            self.next += 1;
        }
        Ok(Node::Scalar(value))
    }

    /// The more indented lines after a `|` or `>`: kept as lines, or folded into one.
    fn block_scalar(&mut self, style: char, indent: usize) -> String {
        let mut lines = Vec::new();
        let mut below = None;
        while let Some(line) = self.peek() {
            if line.indent <= indent {
                break;
            }
            let cut = *below.get_or_insert(line.indent);
            lines.push(line.raw.get(cut..).unwrap_or(line.raw.trim()).to_string());
            self.next += 1;
        }
        lines.join(if style == '|' { "\n" } else { " " })
    }
}

/// A scalar without its quotes: `'…'` (`''` is a quote) or `"…"` (backslash escapes).
fn unquote(text: &str, number: usize) -> Result<String, String> {
    let unclosed = || format!("line {number}: a quoted value that is not closed: {text}");
    if let Some(inner) = text.strip_prefix('\'') {
        let inner = inner.strip_suffix('\'').ok_or_else(unclosed)?;
        return Ok(inner.replace("''", "'"));
    }
    if let Some(inner) = text.strip_prefix('"') {
        let inner = inner.strip_suffix('"').ok_or_else(unclosed)?;
        let mut value = String::new();
        let mut characters = inner.chars();
        while let Some(character) = characters.next() {
            if character != '\\' {
                value.push(character);
                continue;
            }
            value.push(match characters.next() {
                Some('n') => '\n',
                Some('t') => '\t',
                Some(other @ ('"' | '\\' | '/' | ' ')) => other,
                other => {
                    return Err(format!(
                        "line {number}: the escape \\{} is not read",
                        other.map_or_else(String::new, String::from)
                    ))
                }
            });
        }
        return Ok(value);
    }
    Ok(text.to_string())
}

/// How deep flow collections may nest (`[[[…]]]`) before the reader refuses the line.
const MAX_FLOW_DEPTH: usize = 64;

/// A reader of one line's flow collection, nested ones too.
struct Flow<'a> {
    text: &'a str,
    at: usize,
    number: usize,
}

impl Flow<'_> {
    fn skip_spaces(&mut self) {
        while self.text[self.at..].starts_with([' ', '\t']) {
            self.at += 1;
        }
    }

    fn next_char(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn unclosed(&self, open: char) -> String {
        let close = if open == '[' { ']' } else { '}' };
        format!(
            "line {}: a {open}…{close} that does not close on its line is not read",
            self.number
        )
    }

    /// A value: a nested collection, a quoted scalar, or a plain one up to `,` or the close.
    fn value(&mut self, depth: usize) -> Result<Node, String> {
        self.skip_spaces();
        match self.next_char() {
            Some(open @ ('[' | '{')) => {
                if depth == MAX_FLOW_DEPTH {
                    return Err(format!(
                        "line {}: flow collections nested more than {MAX_FLOW_DEPTH} deep are not read",
                        self.number
                    ));
                }
                self.at += 1;
                match open {
                    '[' => self.sequence(depth + 1),
                    _ => self.mapping(depth + 1),
                }
            }
            _ => Ok(Node::Scalar(self.scalar(false)?)),
        }
    }

    /// A scalar: quoted, or plain up to `,`, `]`, `}` (or, for a key, a `:` then a space).
    fn scalar(&mut self, key: bool) -> Result<String, String> {
        let rest = &self.text[self.at..];
        if let Some(quote) = rest.chars().next().filter(|c| *c == '"' || *c == '\'') {
            // The closing quote: the next one not escaped (`''` in single quotes is a quote).
            let bytes = rest.as_bytes();
            let mut end = 1;
            loop {
                match bytes.get(end) {
                    None => {
                        return Err(format!(
                            "line {}: a quoted value that is not closed: {rest}",
                            self.number
                        ))
                    }
                    Some(b'\\') if quote == '"' => end += 2,
                    Some(&byte) if byte == quote as u8 => {
                        if quote == '\'' && bytes.get(end + 1) == Some(&b'\'') {
                            end += 2;
                        } else {
                            break;
                        }
                    }
                    Some(_) => end += 1,
                }
            }
            self.at += end + 1;
            return unquote(&rest[..=end], self.number);
        }
        let bytes = rest.as_bytes();
        let mut end = 0;
        while let Some(&byte) = bytes.get(end) {
            let ends_key = key
                && byte == b':'
                && matches!(bytes.get(end + 1), None | Some(b' ' | b',' | b'}'));
            if matches!(byte, b',' | b']' | b'}') || ends_key {
                break;
            }
            end += 1;
        }
        self.at += end;
        Ok(rest[..end].trim().to_string())
    }

    fn sequence(&mut self, depth: usize) -> Result<Node, String> {
        let mut items = Vec::new();
        loop {
            self.skip_spaces();
            match self.next_char() {
                None => return Err(self.unclosed('[')),
                Some(']') => {
                    self.at += 1;
                    return Ok(Node::List(items));
                }
                Some(',') => self.at += 1,
                Some('}') => return Err(self.unclosed('[')),
                Some(first) => {
                    let quoted = first == '"' || first == '\'';
                    let item = self.value(depth)?;
                    // An empty plain item (`[a, , b]`) is none, as before; a quoted one (`""`,
                    // an empty argument) is an item.
                    if quoted || item != Node::Scalar(String::new()) {
                        items.push(item);
                    }
                }
            }
        }
    }

    fn mapping(&mut self, depth: usize) -> Result<Node, String> {
        let mut entries: Vec<Entry> = Vec::new();
        loop {
            self.skip_spaces();
            match self.next_char() {
                None => return Err(self.unclosed('{')),
                Some('}') => {
                    self.at += 1;
                    return Ok(Node::Map(entries));
                }
                Some(',') => self.at += 1,
                Some(']') => return Err(self.unclosed('{')),
                Some(_) => {
                    let key = self.scalar(true)?;
                    self.skip_spaces();
                    if self.next_char() != Some(':') {
                        return Err(format!(
                            "line {}: expected `key: value` in {}",
                            self.number, self.text
                        ));
                    }
                    self.at += 1;
                    let value = self.value(depth)?;
                    if entries.iter().any(|entry| entry.key == key) {
                        return Err(format!("line {}: {key} appears twice", self.number));
                    }
                    entries.push(Entry {
                        key,
                        line: self.number,
                        value,
                    });
                }
            }
        }
    }
}

/// A one-line flow sequence `[a, b]` or mapping `{k: v, …}`, which may hold others
/// (`{permitted: [AC, WA]}`).
fn flow(text: &str, number: usize) -> Result<Node, String> {
    let mut reader = Flow {
        text,
        at: 0,
        number,
    };
    let node = reader.value(0)?;
    reader.skip_spaces();
    if reader.at != text.len() {
        return Err(format!(
            "line {number}: {:?} after the end of a flow collection",
            &text[reader.at..]
        ));
    }
    Ok(node)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scalar(text: &str) -> Node {
        Node::Scalar(text.to_string())
    }

    fn find<'a>(entries: &'a [Entry], key: &str) -> &'a Node {
        &entries.iter().find(|entry| entry.key == key).unwrap().value
    }

    #[test]
    fn mappings_sequences_and_scalars_by_indentation() {
        let text = "---\n# a comment\nname: Hello: World # not the name\nlimits:\n  memory: 512\n  time_multipliers:\n    ac_to_time_limit: 2.0\ntype: [interactive, 'scoring']\nkeywords:\n- a\n- \"b # c\"\ncredits:\n  authors:\n    - name: Ann\n      email: a@b\nempty:\n";
        let entries = parse(text).unwrap();
        assert_eq!(find(&entries, "name"), &scalar("Hello: World"));
        assert_eq!(entries[0].line, 3);
        let limits = find(&entries, "limits").entries().unwrap();
        assert_eq!(find(limits, "memory"), &scalar("512"));
        assert_eq!(
            find(
                find(limits, "time_multipliers").entries().unwrap(),
                "ac_to_time_limit"
            ),
            &scalar("2.0")
        );
        assert_eq!(
            find(&entries, "type"),
            &Node::List(vec![scalar("interactive"), scalar("scoring")])
        );
        assert_eq!(
            find(&entries, "keywords"),
            &Node::List(vec![scalar("a"), scalar("b # c")])
        );
        let authors = find(find(&entries, "credits").entries().unwrap(), "authors");
        let Node::List(authors) = authors else {
            panic!("{authors:?}")
        };
        assert_eq!(find(authors[0].entries().unwrap(), "email"), &scalar("a@b"));
        assert_eq!(find(&entries, "empty"), &scalar(""));
    }

    #[test]
    fn flow_mappings_block_scalars_and_continued_lines() {
        let entries =
            parse("limits: {memory: 64, output: '8'}\nnote: |\n  one\n  two\nlong: a\n  b\n")
                .unwrap();
        let limits = find(&entries, "limits").entries().unwrap();
        assert_eq!(find(limits, "output"), &scalar("8"));
        assert_eq!(find(&entries, "note"), &scalar("one\ntwo"));
        assert_eq!(find(&entries, "long"), &scalar("a b"));
        assert_eq!(parse("# nothing\n").unwrap(), Vec::new());
    }

    #[test]
    fn a_bracket_in_quotes_is_text_and_one_that_opens_an_item_is_nesting() {
        let entries = parse("args: [\"{{n}}\", '[x]', a]\n").unwrap();
        assert_eq!(
            find(&entries, "args"),
            &Node::List(vec![scalar("{{n}}"), scalar("[x]"), scalar("a")])
        );
        // A bracket that opens an item is a collection inside this one.
        let nested = parse("a: [[1, 2], x]\n").unwrap();
        assert_eq!(
            find(&nested, "a"),
            &Node::List(vec![
                Node::List(vec![scalar("1"), scalar("2")]),
                scalar("x")
            ])
        );
    }

    #[test]
    fn an_empty_quoted_item_is_an_item() {
        // BAPCtools writes an empty argument so: `["", "stdout.py {seed}"]`.
        let entries = parse("args: [\"\", 'b', \"c {d}\"]\nmore: ['', x]\n").unwrap();
        assert_eq!(
            find(&entries, "args"),
            &Node::List(vec![scalar(""), scalar("b"), scalar("c {d}")])
        );
        assert_eq!(
            find(&entries, "more"),
            &Node::List(vec![scalar(""), scalar("x")])
        );
    }

    #[test]
    fn a_file_nested_past_the_bound_is_an_error_not_a_stack_overflow() {
        let mut text = String::from("a:\n");
        for depth in 1..=30_000 {
            text.push_str(&format!("{}b:\n", " ".repeat(depth)));
        }
        let error = parse(&text).unwrap_err();
        assert!(
            error.starts_with("line 1002: indented more than 1000 spaces"),
            "{error}"
        );
    }

    #[test]
    fn shapes_it_does_not_read_are_errors_with_their_line() {
        let error = |text| parse(text).unwrap_err();
        assert_eq!(error("a: 1\n\tb: 2\n"), "line 2: a tab in the indentation");
        assert_eq!(error("a: 1\na: 2\n"), "line 2: a appears twice");
        assert_eq!(error("a: 1\n  b: 2\n"), "line 2: unexpected indentation");
        assert!(error("a: &x 1\n").starts_with("line 1: anchors"));
        assert!(error("a: [1,\n  2]\n").contains("does not close on its line"));
        assert!(error("a: 'open\n").contains("not closed"));
        assert!(error("just words\n").contains("expected `key: value`"));
        assert!(error("- a\n").contains("must be a mapping"));
        assert!(error("a: {b: [1, 2}\n").contains("does not close"));
        assert!(error("a: [1] x\n").contains("after the end"));
        assert!(error("a: {b: 1, b: 2}\n").contains("b appears twice"));
        let deep = format!("a: {}{}\n", "[".repeat(65), "]".repeat(65));
        assert!(error(&deep).contains("nested more than 64 deep"));
    }

    #[test]
    fn flow_collections_nest_and_quoted_keys_keep_their_stars_and_braces() {
        let entries = parse(
            "'accepted/*.py': {permitted: [AC, WA], 'secret/{a,b}': {required: [\"T,LE\", 'it''s']}}\n\"*\": []\nx: [a, , b,]\n",
        )
        .unwrap();
        assert_eq!(entries[0].key, "accepted/*.py");
        let inner = entries[0].value.entries().unwrap();
        assert_eq!(
            find(inner, "permitted"),
            &Node::List(vec![scalar("AC"), scalar("WA")])
        );
        assert_eq!(
            find(find(inner, "secret/{a,b}").entries().unwrap(), "required"),
            &Node::List(vec![scalar("T,LE"), scalar("it's")])
        );
        assert_eq!(find(&entries, "*"), &Node::List(Vec::new()));
        assert_eq!(
            find(&entries, "x"),
            &Node::List(vec![scalar("a"), scalar("b")])
        );
    }
}
