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

use super::files::entries;
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
/// whitespace, as packages written for older tools still give it.
fn strings(entry: &Entry) -> Result<Vec<String>, String> {
    let wrong = || {
        format!(
            "line {}: {} expects a sequence of strings",
            entry.line, entry.key
        )
    };
    match &entry.value {
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

/// `input_validator_args`: a list, or a map from a validator's name to its list.
fn validator_args(entry: &Entry) -> Result<ValidatorArgs, String> {
    match &entry.value {
        Node::Map(named) => named
            .iter()
            .map(|validator| Ok((validator.key.clone(), strings(validator)?)))
            .collect::<Result<Vec<_>, String>>()
            .map(ValidatorArgs::ByName),
        _ => strings(entry).map(ValidatorArgs::Every),
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

/// Reads the text of a `test_group.yaml` or of a case's `.yaml`; `from` names it in the
/// warnings (one line per key the judge does not use). An error is `line N: ...`.
fn parse(text: &str, from: &str, file: File) -> Result<(TestSettings, Vec<String>), String> {
    let mut settings = TestSettings::default();
    let mut warnings = Vec::new();
    let mut warn =
        |line: usize, message: String| warnings.push(format!("{from}: line {line}: {message}"));
    for entry in yaml::parse(text)? {
        match entry.key.as_str() {
            "args" => settings.args = Some(strings(&entry)?),
            "input_validator_args" => settings.input_validator_args = Some(validator_args(&entry)?),
            "output_validator_args" => settings.output_validator_args = Some(strings(&entry)?),
            known if DISPLAY.contains(&known) => {}
            known if NOT_RUN.contains(&known) => warn(
                entry.line,
                format!("{known} not used: the judge runs no static validator or visualizer"),
            ),
            known if SCORING.contains(&known) && file != File::Case => {
                if file == (File::Group { sample: true }) && known != "static_validation_score" {
                    warn(
                        entry.line,
                        format!("{known} is not permitted in data/sample"),
                    );
                }
                warn(
                    entry.line,
                    format!("{known} not applied: each case is judged AC or not; scores are not computed"),
                );
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
                warn(
                    entry.line,
                    format!(
                        "unknown key {other:?}, not read{}",
                        did_you_mean(other, &known)
                    ),
                )
            }
        }
    }
    Ok((settings, warnings))
}

/// Reads the text of a `test_group.yaml` (`{{name}}` constants put in first, as the format
/// says); `sample`: it is `data/sample`'s, where the scoring keys are not permitted.
pub fn parse_test_group(
    text: &str,
    from: &str,
    sample: bool,
    constants: &Constants,
) -> Result<(TestSettings, Vec<String>), String> {
    parse(&substitute(text, constants)?, from, File::Group { sample })
}

/// Reads the text of a case's own `.yaml` (test data: no constants are put in).
pub fn parse_case_yaml(text: &str, from: &str) -> Result<(TestSettings, Vec<String>), String> {
    parse(text, from, File::Case)
}

/// Reads the test data configuration below a package's `data/`: every `test_group.yaml`
/// (`test_group`: the 2025-09 format; a `test_group.yaml` where the format allows none is an
/// error naming it, and a legacy `testdata.yaml` is warned about, not read) and every case's
/// own `.yaml` beside its `.in`. Warnings are added to `warnings`.
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
    }
    Ok(config)
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
    for path in entries(folder)? {
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
            let (settings, said) = parse_test_group(&text, &shown, sample, constants)
                .map_err(|message| invalid(&path, message))?;
            warnings.extend(said);
            if !settings.is_empty() {
                config.groups.push((folder.to_path_buf(), settings));
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
            let (settings, said) =
                parse_case_yaml(&text, &shown).map_err(|message| invalid(&path, message))?;
            warnings.extend(said);
            if !settings.is_empty() {
                config.cases.push((input, settings));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn group(text: &str) -> (TestSettings, Vec<String>) {
        parse_test_group(text, "test_group.yaml", false, &Constants::default()).unwrap()
    }

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn a_test_group_gives_args_in_lists_or_a_map_by_validator() {
        let (settings, warnings) = group("args: [--mode, fast]\noutput_validator_args:\n  - case_sensitive\n  - space_change_sensitive\ninput_validator_args:\n  validate.py: [--max, '10']\n  other: [--small]\nfull_feedback: true\n");
        assert!(warnings.is_empty(), "{warnings:?}");
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
        let (every, _) = group("input_validator_args: [--n, '5']\n");
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
        let (settings, _) = parse_test_group(text, "t.yaml", false, &constants).unwrap();
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
        let (settings, _) = parse_case_yaml(text, "1.yaml").unwrap();
        assert_eq!(
            settings.input_validator_args.unwrap().of("v"),
            vec!["--max".to_string(), "{{max_n}}".to_string()]
        );
    }

    #[test]
    fn keys_the_judge_does_not_use_are_warned_by_name() {
        let (_, warnings) = group(
            "max_score: 20\nscore_aggregation: min\noutput_visualizer_args: [x]\nargz: [1]\n",
        );
        let all = warnings.join("\n");
        for said in [
            "test_group.yaml: line 1: max_score not applied: each case is judged AC or not",
            "test_group.yaml: line 2: score_aggregation not applied",
            "test_group.yaml: line 3: output_visualizer_args not used: the judge runs no static validator or visualizer",
            "test_group.yaml: line 4: unknown key \"argz\", not read; did you mean \"args\"?",
        ] {
            assert!(all.contains(said), "{said} not in\n{all}");
        }
        let (_, sample) = parse_test_group(
            "require_pass: secret\n",
            "s.yaml",
            true,
            &Constants::default(),
        )
        .unwrap();
        assert!(
            sample[0].ends_with("require_pass is not permitted in data/sample"),
            "{sample:?}"
        );
        // A case's file has no scoring keys; display keys are fine.
        let (settings, warnings) = parse_case_yaml(
            "description: the largest n\nhint: overflow\nmax_score: 3\n",
            "1.yaml",
        )
        .unwrap();
        assert!(settings.is_empty());
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(
            warnings[0].contains("unknown key \"max_score\""),
            "{warnings:?}"
        );
        assert!(parse_case_yaml("args: {a: b}\n", "1.yaml")
            .unwrap_err()
            .contains("line 1: args expects a sequence of strings"));
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
