//! The test data configuration of a Kattis package in the 2025-09 format (and a case's own
//! file in the 2023-07 draft): `test_group.yaml` in `data/sample`, `data/secret`, each group
//! directly under `data/secret` and the validation folders (`data/invalid_input`, ...), and a
//! case's own `NAME.yaml` beside its `NAME.in`. Each gives `args` (the submission's arguments
//! for a case), `input_validator_args` (a list for every validator, or a map from a validator's
//! name to its list) and `output_validator_args`.
//!
//! A case takes each key from its own `.yaml`, else from the nearest `test_group.yaml` above it
//! that gives the key (its group's, then `data/secret`'s). The keys the judge does not use are
//! read or warned by name: scoring keys (each case is judged AC or not), the static validator's
//! and the visualizers' (the judge runs neither); display keys (`description`, `hint`,
//! `full_feedback`) change nothing in judging. A case's `.files` folder (input files the
//! program finds where it runs) is not read for configuration. The legacy
//! format's `testdata.yaml` is read in `kattis_yaml` and `layout::kattis`, by its own nested
//! rule; a `test_group.yaml` in a package of another version is named as not read.
//!
//! What 2025-09 calls an error and the judge can judge past is a violation (`judge verify`
//! fails naming it, judging warns): an unknown key in either file, a string where a sequence
//! is asked for (read as its words, as older tools wrote it), `data/secret` holding both test
//! cases and test data groups (or a folder beside its groups that is none), a group with no
//! case, a case named `test_group`, a folder named as a case beside it, and a case or folder
//! whose name the format's rule for names refuses.

use super::files::{entries, file_name};
use super::kattis_yaml::{substitute, Constants};
use super::yaml::{self, Entry, Node};
use super::{package_file, CaseError};
use crate::text::did_you_mean;
use std::path::{Path, PathBuf};

/// The configuration file of a test data group in the 2025-09 format.
pub const TEST_GROUP_YAML: &str = "test_group.yaml";

/// The folders directly under `data/` that may hold a `test_group.yaml`.
const CONFIGURED: [&str; 5] = [
    "sample",
    "secret",
    "invalid_input",
    "invalid_output",
    "valid_output",
];

/// The keys both files read.
const READ: [&str; 3] = ["args", "input_validator_args", "output_validator_args"];

/// Keys that only describe a case or how it is shown.
const DISPLAY: [&str; 3] = ["full_feedback", "hint", "description"];

/// Keys of programs the judge does not run.
const NOT_RUN: [&str; 3] = [
    "static_validator_args",
    "input_visualizer_args",
    "output_visualizer_args",
];

/// Scoring keys of a `test_group.yaml`.
const SCORING: [&str; 4] = [
    "max_score",
    "score_aggregation",
    "require_pass",
    "static_validation_score",
];

/// What a `test_group.yaml` or a case's `.yaml` gives; `None` where it does not say.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TestSettings {
    /// `args`: the submission's command-line arguments.
    pub args: Option<Vec<String>>,
    pub input_validator_args: Option<ValidatorArgs>,
    pub output_validator_args: Option<Vec<String>>,
}

impl TestSettings {
    /// These settings, with each key they do not give taken from `outer`.
    fn over(self, outer: &TestSettings) -> TestSettings {
        TestSettings {
            args: self.args.or_else(|| outer.args.clone()),
            input_validator_args: self
                .input_validator_args
                .or_else(|| outer.input_validator_args.clone()),
            output_validator_args: self
                .output_validator_args
                .or_else(|| outer.output_validator_args.clone()),
        }
    }

    fn is_empty(&self) -> bool {
        *self == TestSettings::default()
    }
}

/// `input_validator_args`: the same arguments for every input validator, or each named
/// validator's own (a validator the map does not name gets none).
#[derive(Clone, Debug, PartialEq)]
pub enum ValidatorArgs {
    Every(Vec<String>),
    ByName(Vec<(String, Vec<String>)>),
}

impl ValidatorArgs {
    /// The arguments of the input validator `name` (its file or folder name in
    /// `input_validators/`; a map may name it with or without its extension).
    pub fn of(&self, name: &str) -> Vec<String> {
        match self {
            ValidatorArgs::Every(args) => args.clone(),
            ValidatorArgs::ByName(named) => {
                let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
                named
                    .iter()
                    .find(|(key, _)| key == name || key == stem)
                    .map(|(_, args)| args.clone())
                    .unwrap_or_default()
            }
        }
    }
}

/// A package's test data configuration: each folder's `test_group.yaml` and each case's own
/// `.yaml` (by its input file), the ones that say something.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TestConfig {
    /// Whether the package's groups are configured by `test_group.yaml` (2025-09), not by the
    /// legacy `testdata.yaml`.
    pub test_group_yaml: bool,
    pub groups: Vec<(PathBuf, TestSettings)>,
    pub cases: Vec<(PathBuf, TestSettings)>,
    /// What the 2025-09 format calls an error in the test data, one line each naming the file
    /// (and the line): `judge verify` fails on it, judging warns.
    pub violations: Vec<String>,
}

impl TestConfig {
    /// The settings of the case whose input is `input`: its own, then each key from the
    /// deepest group above it that gives it.
    pub fn of(&self, input: &Path) -> TestSettings {
        let own = self
            .cases
            .iter()
            .find(|(case, _)| case == input)
            .map(|(_, settings)| settings.clone())
            .unwrap_or_default();
        let mut groups: Vec<&(PathBuf, TestSettings)> = self
            .groups
            .iter()
            .filter(|(group, _)| input.starts_with(group))
            .collect();
        groups.sort_by_key(|(group, _)| std::cmp::Reverse(group.components().count()));
        groups
            .into_iter()
            .fold(own, |settings, (_, outer)| settings.over(outer))
    }
}

/// A list of strings (`[a, b]` or a block sequence), or one string of words split at
/// whitespace, as packages written for older tools still give it: the format asks for a
/// sequence, so such a string is added to `strings_given` (its line and key).
fn strings(entry: &Entry, strings_given: &mut Vec<(usize, String)>) -> Result<Vec<String>, String> {
    if matches!(&entry.value, Node::Scalar(text) if !text.trim().is_empty()) {
        strings_given.push((entry.line, entry.key.clone()));
    }
    entry.words("a sequence of strings")
}

/// `input_validator_args`: a list, or a map from a validator's name to its list.
fn validator_args(
    entry: &Entry,
    strings_given: &mut Vec<(usize, String)>,
) -> Result<ValidatorArgs, String> {
    match &entry.value {
        Node::Map(named) => named
            .iter()
            .map(|validator| Ok((validator.key.clone(), strings(validator, strings_given)?)))
            .collect::<Result<Vec<_>, String>>()
            .map(ValidatorArgs::ByName),
        _ => strings(entry, strings_given).map(ValidatorArgs::Every),
    }
}

/// Which file is read, for its keys and its messages.
#[derive(Clone, Copy, PartialEq, Eq)]
enum File {
    /// A `test_group.yaml`; `sample` when it is `data/sample`'s.
    Group {
        sample: bool,
    },
    Case,
}

/// What one file says: its settings, a line for each key the judge reads and does not use
/// (`warnings`), and a line for each thing the format calls an error in it (`violations`),
/// each naming the file and the line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Parsed {
    pub settings: TestSettings,
    pub warnings: Vec<String>,
    pub violations: Vec<String>,
}

/// Reads the text of a `test_group.yaml` or of a case's `.yaml`; `from` names it in the
/// warnings and violations. `strict`: the 2025-09 format, where an unknown key or a string
/// given for a sequence is an error (`violations`); the draft's case files only hear of them
/// (`warnings`). An error that leaves nothing to read is `line N: ...`.
fn parse(text: &str, from: &str, file: File, strict: bool) -> Result<Parsed, String> {
    let mut parsed = Parsed::default();
    let mut warnings = Vec::new();
    let mut errors = Vec::new();
    let mut strings_given = Vec::new();
    let settings = &mut parsed.settings;
    for entry in yaml::parse(text)? {
        let line = entry.line;
        match entry.key.as_str() {
            "args" => settings.args = Some(strings(&entry, &mut strings_given)?),
            "input_validator_args" => {
                settings.input_validator_args = Some(validator_args(&entry, &mut strings_given)?)
            }
            "output_validator_args" => {
                settings.output_validator_args = Some(strings(&entry, &mut strings_given)?)
            }
            known if DISPLAY.contains(&known) => {}
            known if NOT_RUN.contains(&known) => warnings.push((
                line,
                format!("{known} not used: the judge runs no static validator or visualizer"),
            )),
            known if SCORING.contains(&known) && file != File::Case => {
                if file == (File::Group { sample: true }) && known != "static_validation_score" {
                    errors.push((line, format!("{known} is not permitted in data/sample")));
                }
                warnings.push((
                    line,
                    format!("{known} not applied: each case is judged AC or not; scores are not computed"),
                ));
            }
            other => {
                let mut known: Vec<&str> = READ
                    .iter()
                    .chain(&DISPLAY)
                    .chain(&NOT_RUN)
                    .copied()
                    .collect();
                if file != File::Case {
                    known.extend(SCORING);
                }
                errors.push((
                    line,
                    format!("unknown key {other:?}{}", did_you_mean(other, &known)),
                ))
            }
        }
    }
    for (line, key) in strings_given {
        errors.push((
            line,
            format!("{key} is a string where the format asks for a sequence of strings (read as its words; write [a, b])"),
        ));
    }
    let at = |(line, message): (usize, String)| format!("{from}: line {line}: {message}");
    parsed.warnings = warnings.into_iter().map(at).collect();
    let errors = errors.into_iter().map(at);
    match strict {
        true => parsed.violations = errors.collect(),
        false => parsed.warnings.extend(errors),
    }
    Ok(parsed)
}

/// Reads the text of a `test_group.yaml` (`{{name}}` constants put in first, as the format
/// says); `sample`: it is `data/sample`'s, where the scoring keys are not permitted.
pub fn parse_test_group(
    text: &str,
    from: &str,
    sample: bool,
    constants: &Constants,
) -> Result<Parsed, String> {
    parse(
        &substitute(text, constants)?,
        from,
        File::Group { sample },
        true,
    )
}

/// Reads the text of a case's own `.yaml` (test data: no constants are put in); `strict`: the
/// package is in the 2025-09 format (see `parse`).
pub fn parse_case_yaml(text: &str, from: &str, strict: bool) -> Result<Parsed, String> {
    parse(text, from, File::Case, strict)
}

/// Reads the test data configuration below a package's `data/`: every `test_group.yaml`
/// (`test_group`: the 2025-09 format; a `test_group.yaml` where the format allows none is an
/// error naming it, and a legacy `testdata.yaml` is warned about, not read) and every case's
/// own `.yaml` beside its `.in`. Warnings are added to `warnings`; in the 2025-09 format what
/// it calls an error in the test data is in the config's `violations`.
pub fn read(
    data: &Path,
    test_group: bool,
    constants: &Constants,
    warnings: &mut Vec<String>,
) -> Result<TestConfig, CaseError> {
    let mut config = TestConfig {
        test_group_yaml: test_group,
        ..TestConfig::default()
    };
    if data.is_dir() {
        walk(data, data, test_group, constants, &mut config, warnings)?;
        if test_group {
            secret_groups(&data.join("secret"), &mut config.violations)?;
        }
    }
    Ok(config)
}

/// Whether a name is one the format's rule for names allows:
/// `^[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,254}$`.
fn allowed_name(name: &str) -> bool {
    let valid = |character: char| character.is_ascii_alphanumeric() || character == '_';
    let mut characters = name.chars();
    characters.next().is_some_and(valid)
        && name.len() <= 255
        && characters.all(|character| valid(character) || character == '.' || character == '-')
}

/// 2025-09's rules for `data/secret`'s test data groups (each folder directly in it that holds
/// a `test_group.yaml`): where there is one, no case directly in `data/secret` and no folder
/// there that is no group; every group holds a case. Each broken rule is a violation naming
/// the folder.
fn secret_groups(secret: &Path, violations: &mut Vec<String>) -> Result<(), CaseError> {
    if !secret.is_dir() {
        return Ok(());
    }
    let mut groups = Vec::new();
    let mut cases = Vec::new();
    let mut others = Vec::new();
    for path in entries(secret)? {
        let name = file_name(&path);
        if name.starts_with('.') {
            continue;
        }
        if path.is_dir() {
            match path.join(TEST_GROUP_YAML).is_file() {
                true => groups.push(path),
                false => others.push(path),
            }
        } else if let Some(stem) = name.strip_suffix(".in") {
            cases.push(stem.to_string());
        }
    }
    if groups.is_empty() {
        return Ok(());
    }
    let names = |paths: &[PathBuf]| {
        paths
            .iter()
            .map(|path| file_name(path))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !cases.is_empty() {
        violations.push(format!(
            "{}: holds test cases ({}) and test data groups ({}); the 2025-09 format allows one or the other, never both: put the cases in a group",
            secret.display(),
            cases.join(", "),
            names(&groups)
        ));
    }
    for other in others {
        // A case's `.files` folder goes with its case, named above.
        let name = file_name(&other);
        let of_a_case = name
            .strip_suffix(".files")
            .is_some_and(|stem| cases.iter().any(|case| case == stem));
        if !of_a_case {
            violations.push(format!(
                "{}: no test data group (it has no {TEST_GROUP_YAML}), beside the groups {}: the 2025-09 format makes every folder of data/secret a group once one is",
                other.display(),
                names(&groups)
            ));
        }
    }
    for group in groups {
        if !holds_a_case(&group)? {
            violations.push(format!(
                "{}: a test data group with no test case (no .in in it); the 2025-09 format asks each group for one at least",
                group.display()
            ));
        }
    }
    Ok(())
}

/// Whether a folder holds a `.in` file, at any depth.
fn holds_a_case(folder: &Path) -> Result<bool, CaseError> {
    for path in entries(folder)? {
        let name = file_name(&path);
        if path.is_dir() {
            if holds_a_case(&path)? {
                return Ok(true);
            }
        } else if name.ends_with(".in") && !name.starts_with('.') {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The violations of 2025-09's rules for the names in a folder of test data: a case named
/// `test_group`, a folder named as a case beside it, a case or folder whose name breaks the
/// format's rule for names (one starting with `.` is an auxiliary file, which it allows).
fn names_in(folder: &Path, paths: &[PathBuf], violations: &mut Vec<String>) {
    for path in paths {
        let name = file_name(path);
        let is_dir = path.is_dir();
        let is_case = !is_dir && name.ends_with(".in");
        if name.starts_with('.') || !(is_dir || is_case) {
            continue;
        }
        let shown = path.display();
        if !allowed_name(&name) {
            violations.push(format!(
                "{shown}: a name the 2025-09 format does not allow (letters, digits, _, . and -, first a letter, a digit or _): tools that follow it skip it, the judge does not; rename it"
            ));
        }
        if name == "test_group.in" {
            violations.push(format!(
                "{shown}: a test case must not be named test_group in the 2025-09 format: its {TEST_GROUP_YAML} would configure both the case and its group"
            ));
        }
        if is_dir && !name.ends_with(".files") && folder.join(format!("{name}.in")).is_file() {
            violations.push(format!(
                "{shown}: a folder named as the test case {name}.in beside it, which the 2025-09 format does not allow"
            ));
        }
    }
}

fn walk(
    data: &Path,
    folder: &Path,
    test_group: bool,
    constants: &Constants,
    config: &mut TestConfig,
    warnings: &mut Vec<String>,
) -> Result<(), CaseError> {
    let invalid = |path: &Path, message: String| CaseError::Invalid {
        path: path.to_path_buf(),
        message,
    };
    let paths = entries(folder)?;
    // The folders of test data the format names: the names in them follow its rules.
    let top = folder
        .strip_prefix(data)
        .ok()
        .and_then(|below| below.components().next())
        .map(|part| part.as_os_str().to_string_lossy().into_owned());
    if test_group && top.is_some_and(|top| CONFIGURED.contains(&top.as_str())) {
        names_in(folder, &paths, &mut config.violations);
    }
    for path in paths {
        let name = path
            .file_name()
            .map_or_else(String::new, |name| name.to_string_lossy().into_owned());
        let metadata = path.symlink_metadata();
        let shown = path.display().to_string();
        if metadata.as_ref().is_ok_and(|metadata| metadata.is_dir()) {
            // A case's `.files` folder is its input files (copied where the program runs), not
            // test data configured of its own.
            match name.strip_suffix(".files") {
                Some(stem) if folder.join(format!("{stem}.in")).exists() => {}
                _ => walk(data, &path, test_group, constants, config, warnings)?,
            }
            continue;
        }
        if name == TEST_GROUP_YAML && test_group {
            let below: Vec<String> = folder
                .strip_prefix(data)
                .unwrap_or(folder)
                .components()
                .map(|part| part.as_os_str().to_string_lossy().into_owned())
                .collect();
            // Where the format puts it, else read as BAPCtools reads it, with a warning.
            match below.as_slice() {
                // BAPCtools reads one at the top of data/ for every case below it; the format
                // has none there, so the package hears of it.
                [] => {
                    warnings.push(format!(
                        "{shown}: read for every case below it, as BAPCtools reads it: the 2025-09 format places test_group.yaml in data/sample, data/secret and the groups directly under data/secret"
                    ));
                }
                [top, ..] if !CONFIGURED.contains(&top.as_str()) => {
                    warnings.push(format!(
                        "{shown}: not read: data/{top} is no folder of the 2025-09 format, and the judge does not judge it"
                    ));
                    continue;
                }
                [_] => {}
                [top, _] if top == "secret" => {}
                // Deeper in the sample or a group: the format allows none, BAPCtools reads it.
                [top, ..] if top == "sample" || top == "secret" => {
                    warnings.push(format!(
                        "{shown}: read for every case below it, as BAPCtools reads it: the 2025-09 format allows no test_group.yaml below data/sample or below a test data group"
                    ));
                }
                // The validation test data: one for the cases of its own folder, at any depth.
                [_, ..] => {}
            }
            let Some(text) = package_file(&path)? else {
                continue;
            };
            let sample = below == ["sample"];
            let parsed = parse_test_group(&text, &shown, sample, constants)
                .map_err(|message| invalid(&path, message))?;
            warnings.extend(parsed.warnings);
            config.violations.extend(parsed.violations);
            if !parsed.settings.is_empty() {
                config.groups.push((folder.to_path_buf(), parsed.settings));
            }
        } else if name == TEST_GROUP_YAML {
            warnings.push(format!(
                "{shown}: not read: test_group.yaml is the 2025-09 format's; this package's version reads testdata.yaml"
            ));
        } else if name == "testdata.yaml" && test_group {
            warnings.push(format!(
                "{shown}: not read: the 2025-09 format reads test_group.yaml (testdata.yaml is the legacy name)"
            ));
        } else if let Some(stem) = name.strip_suffix(".yaml") {
            let input = folder.join(format!("{stem}.in"));
            if stem.is_empty() || !input.exists() {
                continue;
            }
            let Some(text) = package_file(&path)? else {
                continue;
            };
            let parsed = parse_case_yaml(&text, &shown, test_group)
                .map_err(|message| invalid(&path, message))?;
            warnings.extend(parsed.warnings);
            config.violations.extend(parsed.violations);
            if !parsed.settings.is_empty() {
                config.cases.push((input, parsed.settings));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn group(text: &str) -> Parsed {
        parse_test_group(text, "test_group.yaml", false, &Constants::default()).unwrap()
    }

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn a_test_group_gives_args_in_lists_or_a_map_by_validator() {
        let Parsed {
            settings,
            warnings,
            violations,
        } = group("args: [--mode, fast]\noutput_validator_args:\n  - case_sensitive\n  - space_change_sensitive\ninput_validator_args:\n  validate.py: [--max, '10']\n  other: [--small]\nfull_feedback: true\n");
        assert!(warnings.is_empty(), "{warnings:?}");
        assert!(violations.is_empty(), "{violations:?}");
        assert_eq!(settings.args, Some(words("--mode fast")));
        assert_eq!(
            settings.output_validator_args,
            Some(words("case_sensitive space_change_sensitive"))
        );
        let by_name = settings.input_validator_args.unwrap();
        // By its whole name or by its name without the extension; unnamed: none.
        assert_eq!(by_name.of("validate.py"), words("--max 10"));
        assert_eq!(by_name.of("other.cpp"), words("--small"));
        assert_eq!(by_name.of("third"), Vec::<String>::new());
        let every = group("input_validator_args: [--n, '5']\n").settings;
        assert_eq!(
            every.input_validator_args.unwrap().of("anything"),
            words("--n 5")
        );
    }

    #[test]
    fn constants_are_put_into_a_test_group_and_an_unknown_one_is_an_error() {
        let mut constants = Constants::default();
        let value = [("value".to_string(), "100".to_string())];
        constants
            .insert("max_n", value.into_iter().collect())
            .unwrap();
        let text = "input_validator_args: [--max, \"{{max_n}}\"]\n";
        let settings = parse_test_group(text, "t.yaml", false, &constants)
            .unwrap()
            .settings;
        assert_eq!(
            settings.input_validator_args.unwrap().of("v"),
            words("--max 100")
        );
        let error =
            parse_test_group("args: [\"{{max_m}}\"]\n", "t.yaml", false, &constants).unwrap_err();
        assert!(
            error.starts_with("line 1: {{max_m}}: no constant is named max_m"),
            "{error}"
        );
        // A case's file is test data: its sequences stay as written.
        let settings = parse_case_yaml(text, "1.yaml", true).unwrap().settings;
        assert_eq!(
            settings.input_validator_args.unwrap().of("v"),
            vec!["--max".to_string(), "{{max_n}}".to_string()]
        );
    }

    #[test]
    fn keys_the_judge_does_not_use_are_warned_by_name_and_unknown_ones_are_violations() {
        let parsed = group(
            "max_score: 20\nscore_aggregation: min\noutput_visualizer_args: [x]\nargz: [1]\n",
        );
        let all = parsed.warnings.join("\n");
        for said in [
            "test_group.yaml: line 1: max_score not applied: each case is judged AC or not",
            "test_group.yaml: line 2: score_aggregation not applied",
            "test_group.yaml: line 3: output_visualizer_args not used: the judge runs no static validator or visualizer",
        ] {
            assert!(all.contains(said), "{said} not in\n{all}");
        }
        assert_eq!(
            parsed.violations,
            ["test_group.yaml: line 4: unknown key \"argz\"; did you mean \"args\"?"]
        );
        let sample = parse_test_group(
            "require_pass: secret\n",
            "s.yaml",
            true,
            &Constants::default(),
        )
        .unwrap();
        assert_eq!(
            sample.violations,
            ["s.yaml: line 1: require_pass is not permitted in data/sample"]
        );
        // A case's file has no scoring keys; display keys are fine.
        let parsed = parse_case_yaml(
            "description: the largest n\nhint: overflow\nmax_score: 3\n",
            "1.yaml",
            true,
        )
        .unwrap();
        assert!(parsed.settings.is_empty());
        assert!(parsed.warnings.is_empty(), "{parsed:?}");
        assert_eq!(
            parsed.violations,
            ["1.yaml: line 3: unknown key \"max_score\""]
        );
        // The draft's case file only hears of it.
        let draft = parse_case_yaml("max_score: 3\n", "1.yaml", false).unwrap();
        assert!(draft.violations.is_empty());
        assert_eq!(
            draft.warnings,
            ["1.yaml: line 1: unknown key \"max_score\""]
        );
        assert!(parse_case_yaml("args: {a: b}\n", "1.yaml", true)
            .unwrap_err()
            .contains("line 1: args expects a sequence of strings"));
    }

    #[test]
    fn a_string_given_for_a_sequence_is_read_as_its_words_and_is_a_violation() {
        let parsed = group(
            "args: \"1 2\"\ninput_validator_args:\n  v: --max 9\noutput_validator_args: []\n",
        );
        assert_eq!(parsed.settings.args, Some(words("1 2")));
        assert_eq!(
            parsed.settings.input_validator_args.unwrap().of("v"),
            words("--max 9")
        );
        assert_eq!(
            parsed.violations,
            [
                "test_group.yaml: line 1: args is a string where the format asks for a sequence of strings (read as its words; write [a, b])",
                "test_group.yaml: line 3: v is a string where the format asks for a sequence of strings (read as its words; write [a, b])",
            ]
        );
        let case =
            parse_case_yaml("output_validator_args: case_sensitive\n", "1.yaml", true).unwrap();
        assert_eq!(case.violations.len(), 1, "{case:?}");
        assert!(case.violations[0].starts_with("1.yaml: line 1: output_validator_args is a string"));
    }

    #[test]
    fn the_formats_rules_for_groups_and_names_are_violations() {
        let dir = crate::test_folders::folder_with_files(
            "test-group-rules",
            &[
                "data/sample/1.in",
                "data/sample/1.ans",
                "data/sample/test_group.in",
                "data/sample/test_group.ans",
                "data/secret/loose.in",
                "data/secret/loose.ans",
                "data/secret/g1/1.in",
                "data/secret/g1/1.ans",
                "data/secret/g1/big.in",
                "data/secret/g1/big.ans",
                "data/secret/g1/big/x.txt",
                "data/secret/g1/-dash.in",
                "data/secret/g1/-dash.ans",
                "data/secret/g1/.hidden.in",
                "data/secret/plain/1.in",
                "data/secret/plain/1.ans",
                "data/secret/empty/notes.txt",
            ],
        );
        for group in ["g1", "empty"] {
            fs::write(dir.join(format!("data/secret/{group}/test_group.yaml")), "").unwrap();
        }
        let data = dir.join("data");
        let mut warnings = Vec::new();
        let config = read(&data, true, &Constants::default(), &mut warnings).unwrap();
        let at = |path: &str| data.join(path).display().to_string();
        let expected = [
            format!("{}: a test case must not be named test_group in the 2025-09 format: its test_group.yaml would configure both the case and its group", at("sample/test_group.in")),
            format!("{}: a name the 2025-09 format does not allow (letters, digits, _, . and -, first a letter, a digit or _): tools that follow it skip it, the judge does not; rename it", at("secret/g1/-dash.in")),
            format!("{}: a folder named as the test case big.in beside it, which the 2025-09 format does not allow", at("secret/g1/big")),
            format!("{}: holds test cases (loose) and test data groups (empty, g1); the 2025-09 format allows one or the other, never both: put the cases in a group", at("secret")),
            format!("{}: no test data group (it has no test_group.yaml), beside the groups empty, g1: the 2025-09 format makes every folder of data/secret a group once one is", at("secret/plain")),
            format!("{}: a test data group with no test case (no .in in it); the 2025-09 format asks each group for one at least", at("secret/empty")),
        ];
        assert_eq!(config.violations, expected);
        // Without groups, data/secret may hold cases directly and in folders; the draft has
        // none of these rules.
        for group in ["g1", "empty"] {
            fs::remove_file(dir.join(format!("data/secret/{group}/test_group.yaml"))).unwrap();
        }
        let config = read(&data, true, &Constants::default(), &mut warnings).unwrap();
        assert_eq!(config.violations, expected[..3]);
        let config = read(&data, false, &Constants::default(), &mut warnings).unwrap();
        assert!(config.violations.is_empty(), "{:?}", config.violations);
        assert!(allowed_name("a_1.in") && allowed_name("_x") && allowed_name("9-b.c"));
        assert!(
            !allowed_name("-a") && !allowed_name(".a") && !allowed_name("a b") && !allowed_name("")
        );
    }

    #[test]
    fn a_case_takes_its_own_keys_then_the_nearest_group_s() {
        let secret = PathBuf::from("/p/data/secret");
        let config = TestConfig {
            test_group_yaml: true,
            groups: vec![
                (
                    secret.clone(),
                    TestSettings {
                        args: Some(words("--outer")),
                        output_validator_args: Some(words("float_tolerance 0.1")),
                        ..TestSettings::default()
                    },
                ),
                (
                    secret.join("g"),
                    TestSettings {
                        output_validator_args: Some(words("case_sensitive")),
                        ..TestSettings::default()
                    },
                ),
            ],
            cases: vec![(
                secret.join("g/2.in"),
                TestSettings {
                    args: Some(words("--own")),
                    ..TestSettings::default()
                },
            )],
            violations: Vec::new(),
        };
        let first = config.of(&secret.join("g/1.in"));
        assert_eq!(first.args, Some(words("--outer")));
        assert_eq!(first.output_validator_args, Some(words("case_sensitive")));
        let second = config.of(&secret.join("g/2.in"));
        assert_eq!(second.args, Some(words("--own")));
        assert_eq!(second.output_validator_args, Some(words("case_sensitive")));
        let elsewhere = config.of(&secret.join("h/1.in"));
        assert_eq!(
            elsewhere.output_validator_args,
            Some(words("float_tolerance 0.1"))
        );
        assert_eq!(
            config.of(Path::new("/p/data/sample/1.in")),
            TestSettings::default()
        );
    }

    /// BAPCtools' packages put one at the top of data/ (read for every case, with a warning)
    /// and in folders of BAPCtools' own such as data/invalid_answer (not read, with a warning).
    #[test]
    fn one_at_the_top_of_data_is_read_and_one_in_a_folder_of_bapctools_is_not() {
        let dir = crate::test_folders::folder_with_files(
            "test-group-top",
            &[
                "data/secret/1.in",
                "data/secret/1.ans",
                "data/invalid_answer/a/1.in",
            ],
        );
        let write = |file: &str, text: &str| fs::write(dir.join(file), text).unwrap();
        write(
            "data/test_group.yaml",
            "output_validator_args: [float_tolerance, \"1E-6\"]\n",
        );
        write("data/invalid_answer/a/test_group.yaml", "args: [x]\n");
        // In a folder of the validation test data, one is read at any depth.
        fs::create_dir_all(dir.join("data/invalid_input/integers")).unwrap();
        write(
            "data/invalid_input/integers/test_group.yaml",
            "input_validator_args: [--integers]\n",
        );
        let data = dir.join("data");
        let mut warnings = Vec::new();
        let config = read(&data, true, &Constants::default(), &mut warnings).unwrap();
        assert_eq!(
            config.of(&data.join("secret/1.in")).output_validator_args,
            Some(vec!["float_tolerance".to_string(), "1E-6".to_string()])
        );
        assert_eq!(config.groups.len(), 2, "{:?}", config.groups);
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(
            warnings[0].contains(
                "data/test_group.yaml: read for every case below it, as BAPCtools reads it"
            ) || warnings[1].contains(
                "data/test_group.yaml: read for every case below it, as BAPCtools reads it"
            ),
            "{warnings:?}"
        );
        assert!(warnings.iter().any(|warning| warning.contains("invalid_answer/a/test_group.yaml: not read: data/invalid_answer is no folder of the 2025-09 format")), "{warnings:?}");
    }

    #[test]
    fn the_files_are_found_where_the_format_allows_them() {
        let dir = crate::test_folders::folder_with_files(
            "test-group",
            &[
                "data/secret/g/1.in",
                "data/secret/g/1.ans",
                "data/secret/g/1.yaml",
                "data/secret/g/1.files/x.yaml",
                "data/secret/g/notes.yaml",
            ],
        );
        let write = |file: &str, text: &str| fs::write(dir.join(file), text).unwrap();
        write(
            "data/secret/g/test_group.yaml",
            "output_validator_args: [case_sensitive]\n",
        );
        write("data/secret/g/1.yaml", "args: [\"{{n}}\"]\n");
        let mut warnings = Vec::new();
        let data = dir.join("data");
        let config = read(&data, true, &Constants::default(), &mut warnings).unwrap();
        // The .files folder is the case's input files: nothing in it is read, nothing said.
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(config.groups.len(), 1);
        // A case's file is test data: no constants put in.
        assert_eq!(
            config.of(&data.join("secret/g/1.in")).args,
            Some(vec!["{{n}}".to_string()])
        );
        // Deeper than a group directly under data/secret: the format allows none there, and
        // BAPCtools reads it (its divsort): read, with a warning naming the file.
        fs::create_dir_all(dir.join("data/secret/g/deep")).unwrap();
        write("data/secret/g/deep/test_group.yaml", "args: [--deep]\n");
        let mut warnings = Vec::new();
        let config = read(&data, true, &Constants::default(), &mut warnings).unwrap();
        assert_eq!(
            config.of(&data.join("secret/g/deep/1.in")).args,
            Some(vec!["--deep".to_string()])
        );
        assert!(
            warnings.iter().any(|warning| warning
                .contains("deep/test_group.yaml: read for every case below it")
                && warning.contains(
                    "allows no test_group.yaml below data/sample or below a test data group"
                )),
            "{warnings:?}"
        );
        // The draft does not read it, and says so.
        let mut warnings = Vec::new();
        let config = read(&data, false, &Constants::default(), &mut warnings).unwrap();
        assert!(config.groups.is_empty());
        assert!(
            warnings
                .iter()
                .any(|warning| warning.ends_with("g/test_group.yaml: not read: test_group.yaml is the 2025-09 format's; this package's version reads testdata.yaml")),
            "{warnings:?}"
        );
    }
}
