//! A Kattis package's `constants:` (the 2025-09 format) and their substitution: a constant
//! sequence `{{name}}` or `{{name.variant}}` in a program's source, an included file or a test
//! group's settings is replaced by the constant's value (or that variant of it). The sources
//! are substituted as they are copied to be built; `problem.yaml` and the test data never are.

use std::collections::BTreeMap;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// The constants of a package, by name; each with its variants, `value` among them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Constants {
    by_name: BTreeMap<String, BTreeMap<String, String>>,
}

/// Whether `word` is a constant's name (or a variant's): `[a-zA-Z_][a-zA-Z0-9_]*`.
pub fn is_constant_name(word: &str) -> bool {
    let mut characters = word.chars();
    characters
        .next()
        .is_some_and(|first| first.is_ascii_alphabetic() || first == '_')
        && characters.all(|rest| rest.is_ascii_alphanumeric() || rest == '_')
}

impl Constants {
    /// Adds the constant `name` with its `variants` (`value` must be one of them).
    pub fn insert(&mut self, name: &str, variants: BTreeMap<String, String>) -> Result<(), String> {
        if !is_constant_name(name) {
            return Err(format!(
                "the constant {name:?} is not a name ([a-zA-Z_][a-zA-Z0-9_]*)"
            ));
        }
        if let Some(bad) = variants.keys().find(|variant| !is_constant_name(variant)) {
            return Err(format!(
                "the constant {name}'s variant {bad:?} is not a name ([a-zA-Z_][a-zA-Z0-9_]*)"
            ));
        }
        if !variants.contains_key("value") {
            return Err(format!("the constant {name} has no value"));
        }
        self.by_name.insert(name.to_string(), variants);
        Ok(())
    }

    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }

    /// The value of `name`, or of its `variant`.
    pub fn get(&self, name: &str, variant: Option<&str>) -> Option<&str> {
        let variants = self.by_name.get(name)?;
        variants.get(variant.unwrap_or("value")).map(String::as_str)
    }

    /// The names, in order, for a message.
    fn names(&self) -> String {
        match self.by_name.is_empty() {
            true => "problem.yaml defines none".to_string(),
            false => {
                let names: Vec<&str> = self.by_name.keys().map(String::as_str).collect();
                format!("problem.yaml defines {}", names.join(", "))
            }
        }
    }

    /// `text` with every constant sequence of a known constant replaced, and the others left
    /// as they are: the spec's rule for sources, where `{{x}}` may be code (a C++ initializer).
    pub fn replace_known(&self, text: &str) -> String {
        let mut replaced = String::with_capacity(text.len());
        let mut rest = 0;
        for found in sequences(text) {
            if let Some(value) = self.get(found.name, found.variant) {
                replaced.push_str(&text[rest..found.start]);
                replaced.push_str(value);
                rest = found.end;
            }
        }
        replaced.push_str(&text[rest..]);
        replaced
    }
}

/// The program at `path`, run as it is (a script, a checktestdata file), with the known
/// constants put into it: a copy in the build cache with the file's mode, named by its new
/// text; `path` itself where no known constant appears in it, or it is not text.
pub fn program_with_constants(path: &Path, constants: &Constants) -> std::io::Result<PathBuf> {
    if constants.is_empty() {
        return Ok(path.to_path_buf());
    }
    let bytes = fs::read(path)?;
    let Ok(text) = std::str::from_utf8(&bytes) else {
        return Ok(path.to_path_buf());
    };
    let replaced = constants.replace_known(text);
    let Some(name) = path.file_name().filter(|_| replaced != text) else {
        return Ok(path.to_path_buf());
    };
    let folder = super::cache_folder(false).join(format!(
        "constants-{}",
        super::fingerprint(&[name.as_bytes(), replaced.as_bytes()])
    ));
    let copy = folder.join(name);
    if copy.is_file() {
        return Ok(copy);
    }
    // Written beside, then renamed: two judges at once see the whole file or none.
    fs::create_dir_all(&folder)?;
    let part = folder.join(format!(".part-{}", std::process::id()));
    fs::write(&part, replaced)?;
    let mode = fs::metadata(path)?.permissions().mode();
    fs::set_permissions(&part, fs::Permissions::from_mode(mode & 0o755))?;
    fs::rename(&part, &copy)?;
    Ok(copy)
}

/// `text` with every constant sequence replaced by its constant's value; a sequence naming no
/// constant (or no variant of it) is an error naming it and its line. For a test group's or a
/// case's settings, where an unknown name is a mistake.
pub fn substitute(text: &str, constants: &Constants) -> Result<String, String> {
    match unknown_sequences(text, constants).into_iter().next() {
        Some(unknown) => Err(unknown),
        None => Ok(constants.replace_known(text)),
    }
}

/// The constant sequences of `text` that name no constant (or no variant of one), each as
/// `line N: {{name}}: why`.
pub fn unknown_sequences(text: &str, constants: &Constants) -> Vec<String> {
    sequences(text)
        .into_iter()
        .filter(|found| constants.get(found.name, found.variant).is_none())
        .map(|unknown| {
            let line = text[..unknown.start].matches('\n').count() + 1;
            let sequence = &text[unknown.start..unknown.end];
            let what = match (unknown.variant, constants.get(unknown.name, None)) {
                (Some(variant), Some(_)) => {
                    format!("the constant {} has no variant {variant}", unknown.name)
                }
                _ => format!("no constant is named {}", unknown.name),
            };
            format!("line {line}: {sequence}: {what} ({})", constants.names())
        })
        .collect()
}

/// One constant sequence in a text: its byte range and what it names.
struct Sequence<'a> {
    start: usize,
    end: usize,
    name: &'a str,
    variant: Option<&'a str>,
}

/// The constant sequences of `text`, in order: `{{` a name, perhaps `.` a variant, `}}`.
fn sequences(text: &str) -> Vec<Sequence<'_>> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find("{{") {
        let start = from + at;
        let inner_start = start + 2;
        let Some(length) = text[inner_start..].find("}}") else {
            break;
        };
        let inner = &text[inner_start..inner_start + length];
        let (name, variant) = match inner.split_once('.') {
            Some((name, variant)) => (name, Some(variant)),
            None => (inner, None),
        };
        if is_constant_name(name) && variant.map_or(true, is_constant_name) {
            let end = inner_start + length + 2;
            found.push(Sequence {
                start,
                end,
                name,
                variant,
            });
            from = end;
        } else {
            // `{{{k}}}`: the sequence may start one brace later.
            from = start + 1;
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn constants() -> Constants {
        let mut constants = Constants::default();
        let variants = |pairs: &[(&str, &str)]| {
            pairs
                .iter()
                .map(|(key, value)| (key.to_string(), value.to_string()))
                .collect()
        };
        constants
            .insert("max_n", variants(&[("value", "1000"), ("tex", "10^3")]))
            .unwrap();
        constants
            .insert("eps", variants(&[("value", "1e-6")]))
            .unwrap();
        constants
    }

    #[test]
    fn every_sequence_of_a_known_constant_is_replaced() {
        let constants = constants();
        assert_eq!(
            substitute(
                "n <= {{max_n}}, shown as {{max_n.tex}}, {{max_n.value}}\n",
                &constants
            )
            .unwrap(),
            "n <= 1000, shown as 10^3, 1000\n"
        );
        // Three braces: the inner two and the name are the sequence.
        assert_eq!(substitute("{{{eps}}}", &constants).unwrap(), "{1e-6}");
        // Not a sequence: left as it is.
        for text in ["{{ max_n }}", "{{1x}}", "{{max_n", "{max_n}", "{{a.b.c}}"] {
            assert_eq!(substitute(text, &constants).unwrap(), text);
        }
    }

    #[test]
    fn an_unknown_name_is_an_error_where_strict_and_left_in_sources() {
        let constants = constants();
        assert_eq!(
            substitute("a: 1\nb: {{max_m}}\n", &constants).unwrap_err(),
            "line 2: {{max_m}}: no constant is named max_m (problem.yaml defines eps, max_n)"
        );
        assert_eq!(
            substitute("{{max_n.latex}}", &constants).unwrap_err(),
            "line 1: {{max_n.latex}}: the constant max_n has no variant latex (problem.yaml defines eps, max_n)"
        );
        assert_eq!(
            constants.replace_known("int a[1][1] = {{x}}; int n = {{max_n}};"),
            "int a[1][1] = {{x}}; int n = 1000;"
        );
    }

    #[test]
    fn names_and_values_are_checked() {
        let mut constants = Constants::default();
        let value = |text: &str| BTreeMap::from([("value".to_string(), text.to_string())]);
        assert!(constants
            .insert("2n", value("1"))
            .unwrap_err()
            .contains("not a name"));
        assert!(constants
            .insert("n", BTreeMap::from([("tex".to_string(), "1".to_string())]))
            .unwrap_err()
            .contains("has no value"));
        assert!(constants.insert("_n2", value("1")).is_ok());
    }
}
