//! Reading a JSON line back (what `judge merge` reads of the reports `--format json` wrote): a
//! small, strict reader of one JSON value, std only. Numbers are kept as the text they were
//! written as, so a whole number is read back whole.

use std::collections::BTreeMap;

/// A JSON value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    /// A number, as written.
    Number(String),
    String(String),
    Array(Vec<Value>),
    Object(BTreeMap<String, Value>),
}

/// How deep arrays and objects may nest: a report's lines nest two deep.
const MAX_DEPTH: usize = 32;

impl Value {
    /// The value of `key`, when this is an object that has it.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(fields) => fields.get(key),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(text) => Some(text),
            _ => None,
        }
    }

    /// A whole number of at least 0.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Value::Number(text) => text.parse().ok(),
            _ => None,
        }
    }

    /// A whole number of at least 0 that is a count or a place.
    pub fn as_usize(&self) -> Option<usize> {
        self.as_u64()
            .and_then(|number| usize::try_from(number).ok())
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(value) => Some(*value),
            _ => None,
        }
    }
}

/// The field `key` of a line, read by `read`, or what is wrong with it (`"key" is not WHAT`).
pub fn field<'a, T>(
    line: &'a Value,
    key: &str,
    read: impl Fn(&'a Value) -> Option<T>,
    what: &str,
) -> Result<T, String> {
    line.get(key)
        .and_then(read)
        .ok_or_else(|| format!("\"{key}\" is not {what}"))
}

/// `text` as one JSON value (white space around it allowed), or what is wrong and where.
pub fn parse(text: &str) -> Result<Value, String> {
    let mut reader = Reader {
        bytes: text.as_bytes(),
        at: 0,
    };
    let value = reader.value(0)?;
    reader.space();
    match reader.at == reader.bytes.len() {
        true => Ok(value),
        false => Err(reader.wrong("the end of the line")),
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn wrong(&self, expected: &str) -> String {
        match self.bytes.get(self.at) {
            Some(&byte) => format!(
                "column {}: expected {expected}, found {:?}",
                self.at + 1,
                char::from(byte)
            ),
            None => format!("column {}: expected {expected}, found the end", self.at + 1),
        }
    }

    fn space(&mut self) {
        while matches!(self.bytes.get(self.at), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            self.at += 1;
        }
    }

    fn eat(&mut self, byte: u8) -> bool {
        self.space();
        let found = self.bytes.get(self.at) == Some(&byte);
        if found {
            self.at += 1;
        }
        found
    }

    fn word(&mut self, word: &str, value: Value) -> Result<Value, String> {
        match self.bytes[self.at..].starts_with(word.as_bytes()) {
            true => {
                self.at += word.len();
                Ok(value)
            }
            false => Err(self.wrong("a value")),
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err(self.wrong("less nesting"));
        }
        self.space();
        match self.bytes.get(self.at) {
            Some(b'n') => self.word("null", Value::Null),
            Some(b't') => self.word("true", Value::Bool(true)),
            Some(b'f') => self.word("false", Value::Bool(false)),
            Some(b'"') => self.string().map(Value::String),
            Some(b'-' | b'0'..=b'9') => Ok(self.number()),
            Some(b'[') => {
                self.at += 1;
                let mut items = Vec::new();
                if self.eat(b']') {
                    return Ok(Value::Array(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    if self.eat(b']') {
                        return Ok(Value::Array(items));
                    }
                    if !self.eat(b',') {
                        return Err(self.wrong("',' or ']'"));
                    }
                }
            }
            Some(b'{') => {
                self.at += 1;
                let mut fields = BTreeMap::new();
                if self.eat(b'}') {
                    return Ok(Value::Object(fields));
                }
                loop {
                    self.space();
                    if self.bytes.get(self.at) != Some(&b'"') {
                        return Err(self.wrong("a key in quotes"));
                    }
                    let key = self.string()?;
                    if !self.eat(b':') {
                        return Err(self.wrong("':'"));
                    }
                    let value = self.value(depth + 1)?;
                    if fields.insert(key.clone(), value).is_some() {
                        return Err(format!("the key {key:?} is given twice"));
                    }
                    if self.eat(b'}') {
                        return Ok(Value::Object(fields));
                    }
                    if !self.eat(b',') {
                        return Err(self.wrong("',' or '}'"));
                    }
                }
            }
            _ => Err(self.wrong("a value")),
        }
    }

    fn number(&mut self) -> Value {
        let start = self.at;
        while matches!(
            self.bytes.get(self.at),
            Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
        ) {
            self.at += 1;
        }
        Value::Number(String::from_utf8_lossy(&self.bytes[start..self.at]).into_owned())
    }

    /// A string, the reader at its opening quote.
    fn string(&mut self) -> Result<String, String> {
        self.at += 1;
        let mut text = String::new();
        loop {
            let start = self.at;
            while !matches!(self.bytes.get(self.at), None | Some(b'"' | b'\\')) {
                self.at += 1;
            }
            // The line is UTF-8 and quotes and backslashes are ASCII: the run between is too.
            text.push_str(std::str::from_utf8(&self.bytes[start..self.at]).unwrap_or_default());
            match self.bytes.get(self.at) {
                None => return Err(self.wrong("'\"'")),
                Some(b'"') => {
                    self.at += 1;
                    return Ok(text);
                }
                _ => {}
            }
            self.at += 1;
            let escaped = match self.bytes.get(self.at) {
                Some(b'"') => '"',
                Some(b'\\') => '\\',
                Some(b'/') => '/',
                Some(b'n') => '\n',
                Some(b'r') => '\r',
                Some(b't') => '\t',
                Some(b'b') => '\u{8}',
                Some(b'f') => '\u{c}',
                Some(b'u') => {
                    let first = self.hex4()?;
                    let code = match first {
                        0xd800..=0xdbff => {
                            let second = match self.bytes[self.at + 1..].starts_with(b"\\u") {
                                true => {
                                    self.at += 2;
                                    self.hex4()?
                                }
                                false => 0,
                            };
                            if !(0xdc00..=0xdfff).contains(&second) {
                                return Err(self.wrong("the second half of a pair"));
                            }
                            0x10000 + ((first - 0xd800) << 10) + (second - 0xdc00)
                        }
                        code => code,
                    };
                    char::from_u32(code).ok_or_else(|| self.wrong("a character"))?
                }
                _ => return Err(self.wrong("an escape")),
            };
            text.push(escaped);
            self.at += 1;
        }
    }

    /// The four hex digits after `\u`, the reader on the `u`; leaves it on the last digit.
    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self
            .bytes
            .get(self.at + 1..self.at + 5)
            .and_then(|digits| std::str::from_utf8(digits).ok())
            .and_then(|digits| u32::from_str_radix(digits, 16).ok());
        match digits {
            Some(code) => {
                self.at += 4;
                Ok(code)
            }
            None => Err(self.wrong("four hex digits")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::json::string;

    #[test]
    fn what_the_writer_writes_reads_back() {
        for text in [
            "plain",
            "a\"b\\c\nd\re\tf\u{1b}[0m\u{0}\u{7f}\u{2028}é",
            "",
            "😀",
        ] {
            assert_eq!(parse(&string(text)), Ok(Value::String(text.to_string())));
        }
        assert_eq!(
            parse("\"\\ud83d\\ude00\\/\""),
            Ok(Value::String("😀/".to_string()))
        );
    }

    #[test]
    fn objects_arrays_numbers() {
        let value =
            parse(r#" {"a":1, "b":[true,false,null,-2.5e3], "c":{"d":"e"}, "f":[]} "#).unwrap();
        assert_eq!(value.get("a").and_then(Value::as_u64), Some(1));
        assert_eq!(
            value.get("b"),
            Some(&Value::Array(vec![
                Value::Bool(true),
                Value::Bool(false),
                Value::Null,
                Value::Number("-2.5e3".to_string())
            ]))
        );
        assert_eq!(
            value
                .get("c")
                .and_then(|c| c.get("d"))
                .and_then(Value::as_str),
            Some("e")
        );
        assert_eq!(value.get("b").and_then(Value::as_u64), None);
        assert_eq!(value.get("missing"), None);
    }

    #[test]
    fn broken_lines_say_where() {
        assert_eq!(
            parse("{\"a\":1"),
            Err("column 7: expected ',' or '}', found the end".to_string())
        );
        assert_eq!(
            parse("{\"a\":1} x"),
            Err("column 9: expected the end of the line, found 'x'".to_string())
        );
        assert_eq!(
            parse("{\"a\":1,\"a\":2}"),
            Err("the key \"a\" is given twice".to_string())
        );
        assert!(parse("\"abc").is_err());
        assert!(parse("\"\\x\"").is_err());
        assert!(parse("\"\\ud83d\"").is_err());
        assert!(parse(&"[".repeat(100)).is_err());
        assert!(parse("").is_err());
        assert!(parse("nul").is_err());
    }
}
