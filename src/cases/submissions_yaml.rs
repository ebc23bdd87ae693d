//! The 2025-09 format's rules for a package's example submissions: `submissions/submissions.yaml`
//! (its keys are glob patterns over the submissions' paths, each with `permitted` and
//! `required` verdict lists, the same under a test group's name, `language`, `entrypoint`,
//! `use_for_time_limit`, `message`, `score`), over the default folders' rules (`accepted`,
//! `rejected`, `wrong_answer`, `time_limit_exceeded`, `run_time_error`, `brute_force`), which
//! a key naming the folder itself overrides key by key. A submission matched by several
//! patterns is held to all their rules.

use super::submissions::{Rules, Ruling};
use super::yaml::{self, Entry, Node};

/// The verdicts the format's lists name, in its order.
const VERDICTS: [Ruling; 4] = [
    Ruling::Accepted,
    Ruling::WrongAnswer,
    Ruling::TimeLimit,
    Ruling::RunError,
];

/// A default folder's rule: the folder, what is permitted on every case (`None`: anything),
/// what is required on one.
type FolderRule = (
    &'static str,
    Option<&'static [Ruling]>,
    Option<&'static [Ruling]>,
);

/// The default folders and their rules, as the format's table has them.
const DEFAULT_FOLDERS: [FolderRule; 6] = {
    use Ruling::*;
    [
        ("accepted", Some(&[Accepted]), None),
        ("rejected", None, Some(&[RunError, TimeLimit, WrongAnswer])),
        (
            "wrong_answer",
            Some(&[Accepted, WrongAnswer]),
            Some(&[WrongAnswer]),
        ),
        (
            "time_limit_exceeded",
            Some(&[Accepted, TimeLimit]),
            Some(&[TimeLimit]),
        ),
        (
            "run_time_error",
            Some(&[Accepted, RunError]),
            Some(&[RunError]),
        ),
        (
            "brute_force",
            Some(&[Accepted, RunError, TimeLimit]),
            Some(&[RunError, TimeLimit]),
        ),
    ]
};

/// Whether the default folders' rules name the folder.
pub fn is_default_folder(name: &str) -> bool {
    DEFAULT_FOLDERS.iter().any(|(folder, _, _)| *folder == name)
}

/// The keys of a pattern's own map that are not a test group's name.
const SUBMISSION_KEYS: [&str; 9] = [
    "language",
    "entrypoint",
    "authors",
    "model_solution",
    "permitted",
    "required",
    "score",
    "message",
    "use_for_time_limit",
];

/// The keys allowed under a test group's name.
const GROUP_KEYS: [&str; 5] = [
    "permitted",
    "required",
    "score",
    "message",
    "use_for_time_limit",
];

/// How many patterns a pattern's braces may stand for.
const MOST_ALTERNATIVES: usize = 1000;

/// What `use_for_time_limit` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForTimeLimit {
    /// `false`: the rule does not bound the time limit.
    No,
    /// `lower`: as `permitted: [AC, WA, RTE]`, and a lower bound.
    Lower,
    /// `upper`: as `required: [TLE]`, and an upper bound.
    Upper,
}

/// The requirement keys of one map: the whole submission's, or a test group's.
#[derive(Clone, Debug, Default, PartialEq)]
struct Keys {
    permitted: Option<Vec<Ruling>>,
    required: Option<Vec<Ruling>>,
    message: Option<String>,
    for_time_limit: Option<ForTimeLimit>,
}

impl Keys {
    fn is_empty(&self) -> bool {
        *self == Keys::default()
    }

    /// `self`, with the keys `over` gives in their place.
    fn overridden_by(&self, over: &Keys) -> Keys {
        Keys {
            permitted: over.permitted.clone().or_else(|| self.permitted.clone()),
            required: over.required.clone().or_else(|| self.required.clone()),
            message: over.message.clone().or_else(|| self.message.clone()),
            for_time_limit: over.for_time_limit.or(self.for_time_limit),
        }
    }
}

/// One top-level key of the file: a glob pattern over the submissions and what it says.
#[derive(Clone, Debug, PartialEq)]
struct Pattern {
    glob: String,
    language: Option<String>,
    entrypoint: Option<String>,
    /// Over all the cases.
    whole: Keys,
    /// Under a test group's (or a case glob's) name.
    groups: Vec<(String, Keys)>,
}

/// A rule a submission is held to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// Where it is written, to name it: `submissions.yaml "accepted/*.py"`, or `the default
    /// rule of wrong_answer/`.
    pub from: String,
    /// The test groups or cases it applies to (a glob over the paths under `data/`); `None`:
    /// every case.
    pub cases: Option<String>,
    /// Every case's verdict must be one of these.
    pub permitted: Option<Vec<Ruling>>,
    /// One case's verdict at least must be one of these.
    pub required: Option<Vec<Ruling>>,
    /// `use_for_time_limit`, where given.
    pub for_time_limit: Option<ForTimeLimit>,
}

/// A verdict list as the format writes it: `AC,WA`.
pub fn verdict_names(rulings: &[Ruling]) -> String {
    rulings
        .iter()
        .map(|ruling| ruling.name(Rules::Kattis))
        .collect::<Vec<_>>()
        .join(",")
}

impl Rule {
    /// Whether it bounds the time limit from below (its submission sets the time limit): it
    /// permits no TLE, or says `use_for_time_limit: lower`.
    pub fn is_lower_bound(&self) -> bool {
        match self.for_time_limit {
            Some(ForTimeLimit::No | ForTimeLimit::Upper) => false,
            Some(ForTimeLimit::Lower) => true,
            None => self
                .permitted
                .as_ref()
                .is_some_and(|permitted| !permitted.contains(&Ruling::TimeLimit)),
        }
    }

    /// Whether it bounds the time limit from above: it requires a TLE and nothing else, or
    /// says `use_for_time_limit: upper`.
    pub fn is_upper_bound(&self) -> bool {
        match self.for_time_limit {
            Some(ForTimeLimit::No | ForTimeLimit::Lower) => false,
            Some(ForTimeLimit::Upper) => true,
            None => self.required.as_deref() == Some(&[Ruling::TimeLimit]),
        }
    }

    /// Whether it applies to the case named `case` (its path under `data/`, `secret/g1/02`).
    pub fn covers(&self, case: &str) -> bool {
        self.cases
            .as_ref()
            .map_or(true, |glob| matches_itself_or_a_parent(glob, case))
    }

    /// What it asks, short: `AC,WA; 1+ WA`, with its group first (`secret/g1: AC`).
    pub fn short(&self) -> String {
        let mut parts = Vec::new();
        if let Some(permitted) = &self.permitted {
            parts.push(verdict_names(permitted));
        }
        if let Some(required) = &self.required {
            parts.push(format!("1+ {}", verdict_names(required)));
        }
        let asks = parts.join("; ");
        match &self.cases {
            Some(cases) => format!("{cases}: {asks}"),
            None => asks,
        }
    }

    /// The rule named with its key and what it asks.
    pub fn named(&self) -> String {
        let mut name = self.from.clone();
        if let Some(cases) = &self.cases {
            name.push_str(&format!(", {cases}"));
        }
        name
    }
}

/// What the format says of one submission: its rules, and its language and entry point where
/// `submissions.yaml` names them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SubmissionSettings {
    pub rules: Vec<Rule>,
    pub language: Option<String>,
    pub entrypoint: Option<String>,
}

/// A package's `submissions.yaml`, read (an empty one where the package has none).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SubmissionsYaml {
    patterns: Vec<Pattern>,
    /// What is read but not checked, one line each (`score`, `message`).
    pub warnings: Vec<String>,
}

/// A verdict list (`[AC, WA]`, or one verdict alone).
fn verdicts(node: &Node, key: &str, line: usize) -> Result<Vec<Ruling>, String> {
    let names: Vec<&str> = match node {
        Node::List(items) => items
            .iter()
            .map(|item| match item {
                Node::Scalar(name) => Ok(name.as_str()),
                _ => Err(format!("line {line}: {key} is a list of verdicts")),
            })
            .collect::<Result<_, _>>()?,
        Node::Scalar(name) if !name.is_empty() => vec![name.as_str()],
        _ => return Err(format!("line {line}: {key} is a list of verdicts")),
    };
    names
        .into_iter()
        .map(|name| {
            VERDICTS
                .into_iter()
                .find(|ruling| ruling.name(Rules::Kattis) == name)
                .ok_or_else(|| {
                    format!(
                        "line {line}: {key} names {name:?}, which is none of the format's verdicts (AC, WA, TLE, RTE)"
                    )
                })
        })
        .collect()
}

/// A scalar's text, or an error naming the key.
fn scalar(node: &Node, key: &str, line: usize) -> Result<String, String> {
    match node {
        Node::Scalar(value) => Ok(value.clone()),
        _ => Err(format!("line {line}: {key} is a string")),
    }
}

/// Whether a key under a pattern names test groups or cases: its path starts at `sample` or
/// `secret` (in one of its brace alternatives), or at a glob.
fn is_group_key(key: &str) -> bool {
    expand(key).is_ok_and(|alternatives| {
        alternatives.iter().any(|alternative| {
            let first = alternative.split('/').next().unwrap_or_default();
            first == "sample" || first == "secret" || first.contains('*')
        })
    })
}

/// The requirement keys of one map; `allowed` its keys; `warnings` gets what is not checked.
fn keys(
    entries: &[Entry],
    allowed: &[&str],
    at: &str,
    warnings: &mut Vec<String>,
) -> Result<Keys, String> {
    let mut keys = Keys::default();
    for entry in entries {
        let line = entry.line;
        match entry.key.as_str() {
            "permitted" => keys.permitted = Some(verdicts(&entry.value, "permitted", line)?),
            "required" => keys.required = Some(verdicts(&entry.value, "required", line)?),
            "message" => {
                keys.message = Some(scalar(&entry.value, "message", line)?);
                warnings.push(format!(
                    "line {line}: {at} message is not checked: the judge does not keep the validators' judgemessage.txt"
                ));
            }
            "score" => warnings.push(format!(
                "line {line}: {at} score is not checked: the judge gives per-case verdicts only"
            )),
            "use_for_time_limit" => {
                keys.for_time_limit =
                    match scalar(&entry.value, "use_for_time_limit", line)?.as_str() {
                        "false" => Some(ForTimeLimit::No),
                        "true" => None,
                        "lower" => Some(ForTimeLimit::Lower),
                        "upper" => Some(ForTimeLimit::Upper),
                        other => {
                            return Err(format!(
                    "line {line}: use_for_time_limit is false, true, lower or upper, not {other:?}"
                ))
                        }
                    }
            }
            key if allowed.contains(&key) => {}
            key => {
                return Err(format!(
                "line {line}: {at} has the key {key:?}, which the format does not define here ({})",
                allowed.join(", ")
            ))
            }
        }
    }
    Ok(keys)
}

impl SubmissionsYaml {
    /// Reads the text of a `submissions.yaml`; an unknown key is an error naming it.
    pub fn parse(text: &str) -> Result<SubmissionsYaml, String> {
        let mut read = SubmissionsYaml::default();
        for entry in yaml::parse(text)? {
            let glob = entry.key.trim_end_matches('/').to_string();
            expand(&glob).map_err(|why| format!("line {}: {why}", entry.line))?;
            let entries = entry.value.entries().ok_or_else(|| {
                format!(
                    "line {}: {:?} maps to keys (permitted, required, language, …)",
                    entry.line, entry.key
                )
            })?;
            let at = format!("{glob:?}:");
            let mut pattern = Pattern {
                whole: keys(
                    entries
                        .iter()
                        .filter(|inner| !is_group_key(&inner.key))
                        .cloned()
                        .collect::<Vec<_>>()
                        .as_slice(),
                    &SUBMISSION_KEYS,
                    &at,
                    &mut read.warnings,
                )?,
                glob,
                language: None,
                entrypoint: None,
                groups: Vec::new(),
            };
            for inner in entries {
                match inner.key.as_str() {
                    "language" => {
                        pattern.language = Some(scalar(&inner.value, "language", inner.line)?)
                    }
                    "entrypoint" => {
                        pattern.entrypoint = Some(scalar(&inner.value, "entrypoint", inner.line)?)
                    }
                    key if is_group_key(key) => {
                        let group = key.trim_end_matches('/').to_string();
                        let below = inner.value.entries().ok_or_else(|| {
                            format!(
                                "line {}: {key:?} maps to keys (permitted, required, …)",
                                inner.line
                            )
                        })?;
                        let at = format!("{:?}, {group:?}:", pattern.glob);
                        let group_keys = keys(below, &GROUP_KEYS, &at, &mut read.warnings)?;
                        pattern.groups.push((group, group_keys));
                    }
                    _ => {}
                }
            }
            read.patterns.push(pattern);
        }
        Ok(read)
    }

    /// The patterns that match none of `paths` (the submissions' paths under `submissions/`),
    /// one line each: a typo there would hold nothing.
    pub fn unmatched(&self, paths: &[String]) -> Vec<String> {
        self.patterns
            .iter()
            .filter(|pattern| {
                !paths
                    .iter()
                    .any(|path| matches_itself_or_a_parent(&pattern.glob, path))
            })
            .map(|pattern| format!("{:?} matches no submission", pattern.glob))
            .collect()
    }

    /// What the format says of the submission at `path` (relative to `submissions/`,
    /// `accepted/a.py`): the rules of its default folder (overridden key by key by the file's
    /// key naming that folder), then those of every pattern that matches it or its folder.
    pub fn said_of(&self, path: &str) -> SubmissionSettings {
        let mut said = SubmissionSettings::default();
        let folder = path.split('/').next().unwrap_or_default();
        let override_of_folder = self.patterns.iter().find(|pattern| pattern.glob == folder);
        if let Some((_, permitted, required)) =
            DEFAULT_FOLDERS.iter().find(|(name, _, _)| *name == folder)
        {
            let default = Keys {
                permitted: permitted.map(<[Ruling]>::to_vec),
                required: required.map(<[Ruling]>::to_vec),
                ..Keys::default()
            };
            let (keys, from) = match override_of_folder {
                Some(pattern) if !pattern.whole.is_empty() => (
                    default.overridden_by(&pattern.whole),
                    format!("submissions.yaml {folder:?} (over the default rule of {folder}/)"),
                ),
                _ => (default, format!("the default rule of {folder}/")),
            };
            add_rules(&mut said.rules, &from, None, &keys);
        }
        for pattern in &self.patterns {
            if !matches_itself_or_a_parent(&pattern.glob, path) {
                continue;
            }
            if pattern.language.is_some() {
                said.language.clone_from(&pattern.language);
            }
            if pattern.entrypoint.is_some() {
                said.entrypoint.clone_from(&pattern.entrypoint);
            }
            let from = format!("submissions.yaml {:?}", pattern.glob);
            let is_the_folders = pattern.glob == folder && is_default_folder(folder);
            if !is_the_folders {
                add_rules(&mut said.rules, &from, None, &pattern.whole);
            }
            for (group, keys) in &pattern.groups {
                add_rules(&mut said.rules, &from, Some(group), keys);
            }
        }
        said
    }
}

/// The rules one map of keys makes: its `permitted` and `required` as one rule, and what
/// `use_for_time_limit: lower` or `upper` adds (as `permitted: [AC, WA, RTE]`, `required:
/// [TLE]`).
fn add_rules(rules: &mut Vec<Rule>, from: &str, cases: Option<&String>, keys: &Keys) {
    let rule = |permitted, required, for_time_limit| Rule {
        from: from.to_string(),
        cases: cases.cloned(),
        permitted,
        required,
        for_time_limit,
    };
    let bounds = matches!(
        keys.for_time_limit,
        Some(ForTimeLimit::Lower | ForTimeLimit::Upper)
    );
    if keys.permitted.is_some() || keys.required.is_some() {
        // Its own bound is the lower or upper rule below, where one is given.
        let own = match bounds {
            true => Some(ForTimeLimit::No),
            false => keys.for_time_limit,
        };
        rules.push(rule(keys.permitted.clone(), keys.required.clone(), own));
    }
    match keys.for_time_limit {
        Some(ForTimeLimit::Lower) => rules.push(rule(
            Some(vec![
                Ruling::Accepted,
                Ruling::WrongAnswer,
                Ruling::RunError,
            ]),
            None,
            Some(ForTimeLimit::Lower),
        )),
        Some(ForTimeLimit::Upper) => rules.push(rule(
            None,
            Some(vec![Ruling::TimeLimit]),
            Some(ForTimeLimit::Upper),
        )),
        _ => {}
    }
}

/// The patterns a pattern's braces stand for: `{a,b}.py` is `a.py` and `b.py` (braces may
/// nest); an unclosed brace, or more than a thousand patterns, is an error. Spaces around an
/// alternative are no part of it (`{1, 4}` is `1` and `4`), as BAPCtools reads them: the
/// format's names hold no space, so with them it would match nothing.
pub fn expand(pattern: &str) -> Result<Vec<String>, String> {
    let Some(open) = pattern.find('{') else {
        if pattern.contains('}') {
            return Err(format!("{pattern:?} has a }} that no {{ opens"));
        }
        return Ok(vec![pattern.to_string()]);
    };
    let mut depth = 0;
    let mut close = None;
    let mut commas = Vec::new();
    for (at, character) in pattern[open..].char_indices() {
        match character {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(open + at);
                    break;
                }
            }
            ',' if depth == 1 => commas.push(open + at),
            _ => {}
        }
    }
    let close = close.ok_or_else(|| format!("{pattern:?} has a {{ that no }} closes"))?;
    let mut bounds = vec![open];
    bounds.extend(&commas);
    bounds.push(close);
    let (head, tail) = (&pattern[..open], &pattern[close + 1..]);
    let mut all = Vec::new();
    for pair in bounds.windows(2) {
        let alternative = pattern[pair[0] + 1..pair[1]].trim();
        for expanded in expand(&format!("{head}{alternative}{tail}"))? {
            if all.len() == MOST_ALTERNATIVES {
                return Err(format!(
                    "{pattern:?} stands for more than {MOST_ALTERNATIVES} patterns"
                ));
            }
            all.push(expanded);
        }
    }
    Ok(all)
}

/// Whether one name matches one part of a pattern, where `*` is any run of characters.
fn part_matches(pattern: &str, name: &str) -> bool {
    let (pattern, name): (Vec<char>, Vec<char>) =
        (pattern.chars().collect(), name.chars().collect());
    // The classic two-pointer match, going back to the last star on a mismatch.
    let (mut p, mut n) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while n < name.len() {
        if p < pattern.len() && pattern[p] == '*' {
            star = Some((p, n));
            p += 1;
        } else if p < pattern.len() && pattern[p] == name[n] {
            p += 1;
            n += 1;
        } else if let Some((at, from)) = star {
            p = at + 1;
            n = from + 1;
            star = Some((at, from + 1));
        } else {
            return false;
        }
    }
    pattern[p..].iter().all(|&character| character == '*')
}

/// Whether `glob` (with braces and `*`, which never matches a `/`) matches `path` exactly.
pub fn matches(glob: &str, path: &str) -> bool {
    let Ok(alternatives) = expand(glob) else {
        return false;
    };
    alternatives.iter().any(|alternative| {
        let parts: Vec<&str> = alternative.trim_end_matches('/').split('/').collect();
        let names: Vec<&str> = path.split('/').collect();
        parts.len() == names.len()
            && parts
                .iter()
                .zip(&names)
                .all(|(part, name)| part_matches(part, name))
    })
}

/// Whether `glob` matches `path` or one of the folders it is in (`accepted` matches
/// `accepted/a.py`; `secret/g1` matches `secret/g1/02`).
pub fn matches_itself_or_a_parent(glob: &str, path: &str) -> bool {
    let names: Vec<&str> = path.split('/').collect();
    (1..=names.len()).any(|length| matches(glob, &names[..length].join("/")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Ruling::*;

    #[test]
    fn braces_stand_for_each_alternative_and_nest() {
        assert_eq!(
            expand("{simple,complex}.py").unwrap(),
            ["simple.py", "complex.py"]
        );
        assert_eq!(expand("a.{py,c{c,pp}}").unwrap(), ["a.py", "a.cc", "a.cpp"]);
        assert_eq!(expand("plain").unwrap(), ["plain"]);
        // Spaces around an alternative are left out, as BAPCtools leaves them.
        assert_eq!(expand("secret/{ 4 }").unwrap(), ["secret/4"]);
        assert_eq!(expand("{a, b ,c}.py").unwrap(), ["a.py", "b.py", "c.py"]);
        assert!(matches_itself_or_a_parent("secret/{ 4 }", "secret/4/07"));
        assert!(expand("a{b").unwrap_err().contains("no } closes"));
        assert!(expand("a}b").unwrap_err().contains("no { opens"));
        let many = "{a,b,c,d,e,f,g,h,i,j}".repeat(4);
        assert!(expand(&many).unwrap_err().contains("more than 1000"));
    }

    #[test]
    fn a_star_stays_within_a_name_and_a_parent_matches_what_is_inside_it() {
        assert!(matches("accepted/*", "accepted/a.py"));
        assert!(matches("accepted/*.py", "accepted/a.py"));
        assert!(!matches("accepted/*.py", "accepted/a.cc"));
        assert!(!matches("*", "accepted/a.py"));
        assert!(matches("*/a.py", "wrong_answer/a.py"));
        assert!(matches("secret/*-easy", "secret/03-easy"));
        assert!(!matches("secret/*-easy", "secret/03-hard"));
        assert!(matches("a*b*c", "abbbc"));
        assert!(!matches("a*b*c", "abbbcd"));
        assert!(matches("accepted/{x,y}.py", "accepted/y.py"));
        assert!(matches_itself_or_a_parent("accepted", "accepted/a.py"));
        assert!(matches_itself_or_a_parent("secret/g1", "secret/g1/02"));
        assert!(!matches_itself_or_a_parent("secret/g1", "secret/g10/02"));
        assert!(!matches_itself_or_a_parent("accepted/a.py", "accepted"));
    }

    #[test]
    fn the_default_folders_rules_are_the_formats_table() {
        let none = SubmissionsYaml::default();
        let only = |path: &str| {
            let said = none.said_of(path);
            assert_eq!(said.rules.len(), 1, "{path}: {said:?}");
            let rule = said.rules[0].clone();
            assert_eq!(
                rule.from,
                format!("the default rule of {}/", path.split('/').next().unwrap())
            );
            let bounds = (rule.is_lower_bound(), rule.is_upper_bound());
            (rule.permitted, rule.required, bounds.0, bounds.1)
        };
        assert_eq!(
            only("accepted/a.py"),
            (Some(vec![Accepted]), None, true, false)
        );
        assert_eq!(
            only("rejected/a.py"),
            (
                None,
                Some(vec![RunError, TimeLimit, WrongAnswer]),
                false,
                false
            )
        );
        assert_eq!(
            only("wrong_answer/a.py"),
            (
                Some(vec![Accepted, WrongAnswer]),
                Some(vec![WrongAnswer]),
                true,
                false
            )
        );
        assert_eq!(
            only("time_limit_exceeded/a.py"),
            (
                Some(vec![Accepted, TimeLimit]),
                Some(vec![TimeLimit]),
                false,
                true
            )
        );
        assert_eq!(
            only("run_time_error/a"),
            (
                Some(vec![Accepted, RunError]),
                Some(vec![RunError]),
                true,
                false
            )
        );
        assert_eq!(
            only("brute_force/a.py"),
            (
                Some(vec![Accepted, RunError, TimeLimit]),
                Some(vec![RunError, TimeLimit]),
                false,
                false
            )
        );
        assert_eq!(none.said_of("slow/a.py"), SubmissionSettings::default());
    }

    #[test]
    fn patterns_add_rules_a_folders_own_key_overrides_its_default_and_groups_narrow() {
        let text = "\
time_limit_exceeded:
  permitted: [AC, WA, TLE]
time_limit_exceeded/*:
  required: [TLE]
'accepted/{a,b}.py':
  language: python3
  entrypoint: a.py
  use_for_time_limit: false
accepted/a.py:
  secret/g1:
    permitted: [AC]
  sample: {required: [AC]}
mixed:
  permitted: [AC, TLE]
  use_for_time_limit: upper
";
        let read = SubmissionsYaml::parse(text).unwrap();
        assert!(read.warnings.is_empty());
        // The folder's key replaces permitted and keeps the default's required; its glob adds.
        let said = read.said_of("time_limit_exceeded/slow.py");
        assert_eq!(said.rules.len(), 2);
        assert_eq!(
            said.rules[0].permitted,
            Some(vec![Accepted, WrongAnswer, TimeLimit])
        );
        assert_eq!(said.rules[0].required, Some(vec![TimeLimit]));
        assert!(said.rules[0].from.contains("over the default rule"));
        assert_eq!(
            said.rules[1].from,
            "submissions.yaml \"time_limit_exceeded/*\""
        );
        assert_eq!(said.rules[1].permitted, None);
        // The brace glob: its language and entry point, no rule of its own (use_for_time_limit
        // alone asks nothing); the default rule, then the group rules of accepted/a.py.
        let said = read.said_of("accepted/a.py");
        assert_eq!(said.language.as_deref(), Some("python3"));
        assert_eq!(said.entrypoint.as_deref(), Some("a.py"));
        let shown: Vec<String> = said.rules.iter().map(Rule::short).collect();
        assert_eq!(shown, ["AC", "secret/g1: AC", "sample: 1+ AC"]);
        assert!(said.rules[1].covers("secret/g1/02"));
        assert!(!said.rules[1].covers("secret/g2/02"));
        assert_eq!(read.said_of("accepted/c.py").language, None);
        let paths = ["accepted/a.py".to_string(), "mixed/m.cc".to_string()];
        assert_eq!(
            read.unmatched(&paths),
            [
                "\"time_limit_exceeded\" matches no submission",
                "\"time_limit_exceeded/*\" matches no submission"
            ]
        );
        // upper: its own list bounds nothing; the added required TLE bounds from above.
        let said = read.said_of("mixed/m.cc");
        assert_eq!(said.rules.len(), 2);
        assert!(!said.rules[0].is_lower_bound() && !said.rules[0].is_upper_bound());
        assert!(said.rules[1].is_upper_bound());
        assert_eq!(said.rules[1].required, Some(vec![TimeLimit]));
    }

    #[test]
    fn use_for_time_limit_false_keeps_a_rule_from_bounding_the_limit() {
        let read = SubmissionsYaml::parse("wrong_answer:\n  use_for_time_limit: false\n").unwrap();
        let said = read.said_of("wrong_answer/w.py");
        assert_eq!(said.rules.len(), 1);
        assert_eq!(said.rules[0].permitted, Some(vec![Accepted, WrongAnswer]));
        assert!(!said.rules[0].is_lower_bound());
        let read = SubmissionsYaml::parse("slow:\n  use_for_time_limit: lower\n").unwrap();
        let said = read.said_of("slow/s.py");
        assert_eq!(said.rules.len(), 1);
        assert!(said.rules[0].is_lower_bound());
        assert_eq!(
            said.rules[0].permitted,
            Some(vec![Accepted, WrongAnswer, RunError])
        );
    }

    #[test]
    fn unknown_keys_and_verdicts_are_errors_naming_them_and_score_is_warned() {
        let error = |text: &str| SubmissionsYaml::parse(text).unwrap_err();
        assert!(error("accepted:\n  permited: [AC]\n").contains("\"permited\""));
        assert!(error("a.py:\n  secret:\n    language: c\n").contains("\"language\""));
        assert!(error("a.py:\n  permitted: [OK]\n").contains("\"OK\""));
        assert!(error("a.py:\n  use_for_time_limit: maybe\n").contains("use_for_time_limit"));
        assert!(error("'a{.py':\n  permitted: [AC]\n").contains("no } closes"));
        let read = SubmissionsYaml::parse(
            "a.py:\n  score: 50\n  message: too slow\n  authors: [A, B]\n  model_solution: true\n",
        )
        .unwrap();
        assert_eq!(read.warnings.len(), 2);
        assert!(read.warnings[0].starts_with("line 2: \"a.py\": score is not checked"));
        assert!(read.warnings[1].contains("message is not checked"));
    }
}
