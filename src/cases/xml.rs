//! The little XML a Polygon `problem.xml` is written in, read by hand and strictly: elements
//! with quoted attributes, text, the five named entities and numeric ones, comments, CDATA, the
//! `<?xml …?>` declaration and a `<!DOCTYPE …>` line. A tag that is not closed, a closing tag
//! that does not match, an attribute without quotes or an unknown entity is an error with its
//! line number, never a guess. What the elements mean is `polygon_xml`'s.

use std::cell::Cell;

/// One element: its name, attributes in order, child elements, text (entities decoded, the
/// children's own text left out) and the line its tag starts on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Element {
    pub name: String,
    pub attributes: Vec<(String, String)>,
    pub children: Vec<Element>,
    pub text: String,
    pub line: usize,
}

impl Element {
    /// The value of an attribute, if given.
    pub fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    /// Every child element named `name`, in order.
    pub fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> + 'a {
        self.children.iter().filter(move |child| child.name == name)
    }

    /// The one child named `name`, if there is one; two are an error naming the second's line.
    pub fn one(&self, name: &str) -> Result<Option<&Element>, String> {
        let mut found = self.children.iter().filter(|child| child.name == name);
        let first = found.next();
        match found.next() {
            Some(second) => Err(format!(
                "line {}: a second <{name}> in <{}> (line {})",
                second.line, self.name, self.line
            )),
            None => Ok(first),
        }
    }
}

/// Where the reader is in the text.
struct Reader<'a> {
    text: &'a str,
    at: usize,
    /// The last place a line was asked for, and its line: lines are counted on from there.
    counted: Cell<(usize, usize)>,
}

impl Reader<'_> {
    /// The 1-based line of the reader's place.
    fn line(&self) -> usize {
        let (from, line) = match self.counted.get() {
            (from, line) if from <= self.at => (from, line),
            _ => (0, 1),
        };
        let newlines = self.text.as_bytes()[from..self.at]
            .iter()
            .filter(|&&byte| byte == b'\n')
            .count();
        self.counted.set((self.at, line + newlines));
        line + newlines
    }

    fn rest(&self) -> &str {
        &self.text[self.at..]
    }

    /// Skips past `end`, or fails with `what` is never closed.
    fn skip_past(&mut self, end: &str, what: &str) -> Result<(), String> {
        let line = self.line();
        match self.rest().find(end) {
            Some(found) => {
                self.at += found + end.len();
                Ok(())
            }
            None => Err(format!("line {line}: {what} is never closed")),
        }
    }
}

/// Text with its entities decoded.
fn decode(raw: &str, line: usize) -> Result<String, String> {
    let mut decoded = String::new();
    let mut rest = raw;
    while let Some(amp) = rest.find('&') {
        decoded.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        let semicolon = after
            .find(';')
            .filter(|&end| end <= 10)
            .ok_or_else(|| format!("line {line}: a bare & (write &amp;)"))?;
        let name = &after[..semicolon];
        let character = match name {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => match name.strip_prefix("#x").or_else(|| name.strip_prefix("#X")) {
                Some(hex) => u32::from_str_radix(hex, 16).ok().and_then(char::from_u32),
                None => name
                    .strip_prefix('#')
                    .and_then(|decimal| decimal.parse().ok())
                    .and_then(char::from_u32),
            },
        };
        decoded.push(character.ok_or_else(|| format!("line {line}: unknown entity &{name};"))?);
        rest = &after[semicolon + 1..];
    }
    decoded.push_str(rest);
    Ok(decoded)
}

fn is_name_char(character: char) -> bool {
    character.is_alphanumeric() || "-_.:".contains(character)
}

/// Reads a start tag's name and attributes from just after its `<`; whether it closes itself.
fn start_tag(reader: &mut Reader) -> Result<(Element, bool), String> {
    let line = reader.line();
    let name: String = reader
        .rest()
        .chars()
        .take_while(|&c| is_name_char(c))
        .collect();
    if name.is_empty() {
        return Err(format!(
            "line {line}: a `<` that starts no tag (write &lt;)"
        ));
    }
    reader.at += name.len();
    let mut element = Element {
        name,
        line,
        ..Element::default()
    };
    loop {
        let rest = reader.rest();
        let trimmed = rest.trim_start();
        reader.at += rest.len() - trimmed.len();
        let rest = reader.rest();
        if let Some(after) = rest.strip_prefix("/>") {
            reader.at = reader.text.len() - after.len();
            return Ok((element, true));
        }
        if rest.starts_with('>') {
            reader.at += 1;
            return Ok((element, false));
        }
        let line = reader.line();
        let key: String = rest.chars().take_while(|&c| is_name_char(c)).collect();
        let unclosed = || format!("line {line}: the tag <{}> is never closed", element.name);
        if key.is_empty() {
            return Err(match rest.is_empty() {
                true => unclosed(),
                false => format!(
                    "line {line}: unexpected {:?} in the tag <{}>",
                    &rest[..rest.chars().next().map_or(0, char::len_utf8)],
                    element.name
                ),
            });
        }
        let after_key = rest[key.len()..].trim_start();
        let Some(after_equals) = after_key.strip_prefix('=') else {
            return Err(format!(
                "line {line}: the attribute {key} of <{}> has no value",
                element.name
            ));
        };
        let after_equals = after_equals.trim_start();
        let quote = match after_equals.chars().next() {
            Some(quote @ ('"' | '\'')) => quote,
            _ => {
                return Err(format!(
                    "line {line}: the value of {key} in <{}> is not in quotes",
                    element.name
                ))
            }
        };
        let value_and_rest = &after_equals[1..];
        let end = value_and_rest.find(quote).ok_or_else(unclosed)?;
        let value = decode(&value_and_rest[..end], line)?;
        if element.attribute(&key).is_some() {
            return Err(format!("line {line}: <{}> has {key} twice", element.name));
        }
        element.attributes.push((key, value));
        reader.at = reader.text.len() - value_and_rest.len() + end + 1;
    }
}

/// Reads a whole document: its one root element.
pub fn parse(text: &str) -> Result<Element, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = Reader {
        text,
        at: 0,
        counted: Cell::new((0, 1)),
    };
    // The open elements, innermost last; the root once closed.
    let mut open: Vec<Element> = Vec::new();
    let mut root: Option<Element> = None;
    loop {
        let rest = reader.rest();
        let next = rest.find('<').unwrap_or(rest.len());
        let raw = &rest[..next];
        let line = reader.line();
        match open.last_mut() {
            Some(element) => element.text.push_str(&decode(raw, line)?),
            None if raw.trim().is_empty() => {}
            None => return Err(format!("line {line}: text outside the root element")),
        }
        reader.at += next;
        if reader.at == text.len() {
            break;
        }
        let rest = reader.rest();
        let line = reader.line();
        if rest.starts_with("<!--") {
            reader.skip_past("-->", "a comment")?;
        } else if let Some(cdata) = rest.strip_prefix("<![CDATA[") {
            let end = cdata
                .find("]]>")
                .ok_or(format!("line {line}: a CDATA section is never closed"))?;
            match open.last_mut() {
                Some(element) => element.text.push_str(&cdata[..end]),
                None => return Err(format!("line {line}: text outside the root element")),
            }
            reader.at += "<![CDATA[".len() + end + "]]>".len();
        } else if rest.starts_with("<?") {
            reader.skip_past("?>", "a <? declaration")?;
        } else if rest.starts_with("<!") {
            reader.skip_past(">", "a <! declaration")?;
        } else if let Some(closing) = rest.strip_prefix("</") {
            let end = closing
                .find('>')
                .ok_or(format!("line {line}: a closing tag is never closed"))?;
            let name = closing[..end].trim();
            let Some(element) = open.pop() else {
                return Err(format!("line {line}: </{name}> closes nothing"));
            };
            if element.name != name {
                return Err(format!(
                    "line {line}: </{name}> closes <{}> of line {}",
                    element.name, element.line
                ));
            }
            reader.at += 2 + end + 1;
            match open.last_mut() {
                Some(parent) => parent.children.push(element),
                None if root.is_some() => {
                    return Err(format!("line {line}: a second root element"))
                }
                None => root = Some(element),
            }
        } else {
            reader.at += 1;
            let (element, closed) = start_tag(&mut reader)?;
            if open.is_empty() && root.is_some() {
                return Err(format!("line {line}: a second root element"));
            }
            match (closed, open.last_mut()) {
                (false, _) => open.push(element),
                (true, Some(parent)) => parent.children.push(element),
                (true, None) => root = Some(element),
            }
        }
    }
    if let Some(element) = open.last() {
        return Err(format!(
            "line {}: <{}> is never closed",
            element.line, element.name
        ));
    }
    root.ok_or_else(|| "no element at all".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_elements_attributes_text_and_lines() {
        let root = parse(
            "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n<problem revision='3'>\n  <!-- a <comment> -->\n  <name value=\"A &amp; B &#65;\"/>\n  <script><![CDATA[gen 1 > $]]></script>\n  <n>12</n>\n</problem>\n",
        )
        .unwrap();
        assert_eq!(root.name, "problem");
        assert_eq!(root.attribute("revision"), Some("3"));
        assert_eq!(root.children.len(), 3);
        let name = root.one("name").unwrap().unwrap();
        assert_eq!((name.attribute("value"), name.line), (Some("A & B A"), 4));
        assert_eq!(root.one("script").unwrap().unwrap().text, "gen 1 > $");
        assert_eq!(root.one("n").unwrap().unwrap().text, "12");
        assert_eq!(root.one("nothing").unwrap(), None);
    }

    /// Every prefix of a document (cut anywhere, in a tag, an entity or a character of two
    /// bytes) is read or refused, never a panic.
    #[test]
    fn a_document_cut_anywhere_is_no_panic() {
        let document = "<?xml version=\"1.0\"?>\n<problem a='é'>\n  <!-- ü -->\n  <t x=\"&amp;&#233;\">é &lt; <![CDATA[<>]]></t>\n  <u/>\n</problem>\n";
        for (at, _) in document.char_indices() {
            let _ = parse(&document[..at]);
        }
        assert!(parse(document).is_ok());
        for odd in [
            "<",
            "<a",
            "<a b",
            "<a b=",
            "<a b=\"",
            "</",
            "<a></b",
            "&",
            "<a>&#xZZ;</a>",
            "<a>&#99999999;</a>",
            "<>",
            "<a =\"1\"/>",
        ] {
            assert!(parse(odd).is_err(), "{odd:?}");
        }
    }

    #[test]
    fn a_shape_it_does_not_know_is_an_error_with_its_line() {
        let error = |text: &str| parse(text).unwrap_err();
        assert_eq!(
            error("<a>\n<b>\n</a>\n"),
            "line 3: </a> closes <b> of line 2"
        );
        assert_eq!(
            error("<a>\n  <b x=1/>\n</a>"),
            "line 2: the value of x in <b> is not in quotes"
        );
        assert_eq!(error("<a>\n<b>\n"), "line 2: <b> is never closed");
        assert_eq!(error("<a>x &nbsp; y</a>"), "line 1: unknown entity &nbsp;");
        assert_eq!(error("<a/>\n<b/>"), "line 2: a second root element");
        assert_eq!(
            error("<a>\n<!-- open\n</a>"),
            "line 2: a comment is never closed"
        );
        assert_eq!(error("<a x=\"1\" x=\"2\"/>"), "line 1: <a> has x twice");
        assert!(parse("<a><b><c/></b><b/></a>")
            .unwrap()
            .one("b")
            .unwrap_err()
            .contains("a second <b> in <a>"));
    }
}
