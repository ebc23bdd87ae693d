//! What the judge takes from a Kattis `problem.yaml`, in the legacy format, the 2023-07 draft
//! and 2025-09 (whose own keys are read by `kattis_2025`; a version the judge does not know is
//! refused): the problem's type (`type:`, and the legacy `validation:`), the flags of its output
//! validator (`validator_flags`), its limits (`time_limit`, `memory`, `output`); and from a
//! `testdata.yaml`, the output validator flags. A multi-pass problem (`type: multi-pass`,
//! DOMjudge's `validation: custom multi-pass`) is read with its `limits.validation_passes`.
//! What it cannot do (a submit-answer problem) is an error; what it does not use (scores,
//! limits set from the accepted submissions' times, an unknown key) is a warning naming it,
//! never a silent skip.

use super::folder_limits::FolderLimits;
use super::kattis_2025;
use super::yaml::{self, Entry};
pub use crate::sources::{substitute, Constants};
use crate::text::did_you_mean;

/// The version of the package format, from `problem_format_version`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatVersion {
    Legacy,
    Draft2023,
    /// `2025-09`, the format's first stable version.
    Stable2025,
}

impl FormatVersion {
    /// Whether a test data group is configured by `test_group.yaml` (2025-09), not by the
    /// legacy `testdata.yaml` and its nested rule.
    pub fn has_test_group_yaml(self) -> bool {
        self == FormatVersion::Stable2025
    }

    /// Whether a case may have its own `NAME.yaml` (2025-09 and the 2023-07 draft).
    pub fn has_case_yaml(self) -> bool {
        self != FormatVersion::Legacy
    }
}

/// How outputs are judged, as `problem.yaml` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Validation {
    /// The default output validator (Kattis's token comparison).
    Default,
    /// The package's own output validator.
    Custom,
}

/// What a `problem.yaml` says that the judge uses; the default is a package without one.
#[derive(Clone, Debug, PartialEq)]
pub struct KattisProblem {
    pub version: FormatVersion,
    /// The line of `problem_format_version`, where it names one (DOMjudge's own packages name
    /// none).
    pub version_line: Option<usize>,
    /// The output validator is the interactor (`type: interactive`, legacy
    /// `validation: custom interactive`); the line that says so.
    pub interactive: Option<usize>,
    /// The program runs again on the input its output validator writes (`type: multi-pass`,
    /// DOMjudge's `validation: custom multi-pass`); the line that says so.
    pub multi_pass: Option<usize>,
    /// `limits.validation_passes`: the most passes a multi-pass case may take (the spec's
    /// default, 2, where not given).
    pub validation_passes: usize,
    /// `None`: not said (the 2023-07 draft has no `validation:`): custom when the package has
    /// an output validator.
    pub validation: Option<Validation>,
    /// The line of `validation:`.
    pub validation_line: Option<usize>,
    /// `validator_flags`, split at whitespace: the default validator's flags, or extra
    /// arguments of a custom one.
    pub validator_flags: Vec<String>,
    pub limits: FolderLimits,
    /// How `judge verify` sets the time limit from the accepted submissions and how long a
    /// submission's build may take, as said.
    pub verify_limits: VerifyLimits,
    /// What is read but not applied, and unknown keys, one line each.
    pub warnings: Vec<String>,
    /// What the format calls an error and the judge can judge past (a 2025-09 package's
    /// unknown key, say), one line each: `judge verify` fails on them, judging warns.
    pub violations: Vec<String>,
    /// A 2025-09 package's `constants:`, put into its programs' sources and its test groups'
    /// settings (`substitute`).
    pub constants: Constants,
}

/// `limits:` keys that `judge verify` applies, where given: those that set a time limit from
/// the accepted submissions' times, and the compile time limit.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct VerifyLimits {
    /// `compilation_time`: seconds a submission's build may take.
    pub compilation_time: Option<f64>,
    /// The slowest accepted submission's time, times this, is the time limit (legacy
    /// `time_multiplier`, draft `time_multipliers.ac_to_time_limit`).
    pub ac_to_time_limit: Option<f64>,
    /// The time limit times this is the margin a time-limit-exceeded submission must stay TLE
    /// under (legacy `time_safety_margin`, draft `time_multipliers.time_limit_to_tle`).
    pub time_limit_to_tle: Option<f64>,
    /// The computed time limit is rounded up to a whole number of this (`time_resolution`).
    pub time_resolution: Option<f64>,
}

/// The time multipliers in force: as given, else problemtools' defaults for the package's
/// format (legacy 5 and 2, the 2023-07 draft and 2025-09 2 and 1.5; a resolution of 1 s).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    pub ac_to_time_limit: f64,
    pub time_limit_to_tle: f64,
    pub time_resolution: f64,
    /// A submission's build may take this long (problemtools' default: 60 s).
    pub compilation_time: f64,
}

impl KattisProblem {
    pub fn timing(&self) -> Timing {
        let (ac, tle) = match self.version {
            FormatVersion::Legacy => (5.0, 2.0),
            FormatVersion::Draft2023 | FormatVersion::Stable2025 => (2.0, 1.5),
        };
        Timing {
            ac_to_time_limit: self.verify_limits.ac_to_time_limit.unwrap_or(ac),
            time_limit_to_tle: self.verify_limits.time_limit_to_tle.unwrap_or(tle),
            time_resolution: self.verify_limits.time_resolution.unwrap_or(1.0),
            compilation_time: self.verify_limits.compilation_time.unwrap_or(60.0),
        }
    }
}

impl Default for KattisProblem {
    fn default() -> KattisProblem {
        KattisProblem {
            version: FormatVersion::Legacy,
            version_line: None,
            interactive: None,
            multi_pass: None,
            validation_passes: DEFAULT_VALIDATION_PASSES,
            validation: None,
            validation_line: None,
            validator_flags: Vec::new(),
            limits: FolderLimits::default(),
            verify_limits: VerifyLimits::default(),
            warnings: Vec::new(),
            violations: Vec::new(),
            constants: Constants::default(),
        }
    }
}

/// The most passes of a multi-pass case where `limits.validation_passes` does not say.
pub const DEFAULT_VALIDATION_PASSES: usize = 2;

/// The default output validator's flags (problemtools' `default_validator`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DefaultValidator {
    /// `case_sensitive`: letters compared with their case.
    pub case_sensitive: bool,
    /// `space_change_sensitive`: whitespace must match byte for byte.
    pub space_change_sensitive: bool,
    /// `float_absolute_tolerance EPS` (or `float_tolerance EPS`).
    pub float_absolute: Option<f64>,
    /// `float_relative_tolerance EPS` (or `float_tolerance EPS`).
    pub float_relative: Option<f64>,
}

impl DefaultValidator {
    /// Reads the default validator's flags, strictly: an unknown flag, or a tolerance that is
    /// missing or not a number of at least 0, is an error.
    pub fn from_flags(flags: &[String]) -> Result<DefaultValidator, String> {
        let mut validator = DefaultValidator::default();
        let mut words = flags.iter();
        while let Some(flag) = words.next() {
            let mut tolerance = || -> Result<f64, String> {
                let value = words
                    .next()
                    .ok_or_else(|| format!("{flag} needs a number"))?;
                match value.parse::<f64>() {
                    Ok(eps) if eps.is_finite() && eps >= 0.0 => Ok(eps),
                    _ => Err(format!(
                        "{flag} expects a number of at least 0, found {value:?}"
                    )),
                }
            };
            match flag.as_str() {
                "case_sensitive" => validator.case_sensitive = true,
                "space_change_sensitive" => validator.space_change_sensitive = true,
                "float_absolute_tolerance" => validator.float_absolute = Some(tolerance()?),
                "float_relative_tolerance" => validator.float_relative = Some(tolerance()?),
                "float_tolerance" => {
                    let eps = tolerance()?;
                    validator.float_absolute = Some(eps);
                    validator.float_relative = Some(eps);
                }
                other => {
                    return Err(format!(
                        "the default output validator has no flag {other:?} (case_sensitive, space_change_sensitive, float_tolerance EPS, float_absolute_tolerance EPS, float_relative_tolerance EPS)"
                    ))
                }
            }
        }
        Ok(validator)
    }

    /// The flags as problem.yaml would write them, for the report.
    pub fn describe(&self) -> String {
        let mut words = Vec::new();
        if self.case_sensitive {
            words.push("case_sensitive".to_string());
        }
        if self.space_change_sensitive {
            words.push("space_change_sensitive".to_string());
        }
        match (self.float_absolute, self.float_relative) {
            (Some(absolute), Some(relative)) if absolute == relative => {
                words.push(format!("float_tolerance {absolute}"))
            }
            (absolute, relative) => {
                if let Some(eps) = absolute {
                    words.push(format!("float_absolute_tolerance {eps}"));
                }
                if let Some(eps) = relative {
                    words.push(format!("float_relative_tolerance {eps}"));
                }
            }
        }
        words.join(" ")
    }
}

/// Top-level keys that describe the problem and change nothing in judging.
const METADATA: [&str; 15] = [
    "name",
    "uuid",
    "version",
    "author",
    "credits",
    "source",
    "source_url",
    "license",
    "rights_owner",
    "embargo_until",
    "keywords",
    "languages",
    "allow_file_writing",
    "constants",
    "problem_format_version",
];

/// The top-level keys read (besides `METADATA`).
const TOP_LEVEL: [&str; 5] = ["type", "validation", "validator_flags", "limits", "grading"];

/// The `limits:` keys applied when one program is judged.
const LIMITS: [&str; 5] = [
    "time_limit",
    "memory",
    "output",
    "compilation_time",
    "validation_passes",
];

/// `limits:` keys that set the time limit from the accepted submissions' times.
const TIME_FROM_SUBMISSIONS: [&str; 4] = [
    "time_multiplier",
    "time_safety_margin",
    "time_multipliers",
    "time_resolution",
];

/// `limits:` keys about compiling and validating, which the judge does not do with them.
const NOT_APPLIED: [&str; 5] = [
    "code",
    "compilation_memory",
    "validation_time",
    "validation_memory",
    "validation_output",
];

fn number(entry: &Entry, unit: &str) -> Result<f64, String> {
    let text = entry.scalar()?;
    text.parse::<f64>()
        .ok()
        .filter(|value| value.is_finite())
        .ok_or_else(|| {
            format!(
                "line {}: {} expects {unit}, found {text:?}",
                entry.line, entry.key
            )
        })
}

/// A number above 0.
fn positive(entry: &Entry) -> Result<f64, String> {
    let value = number(entry, "a number above 0")?;
    match value > 0.0 {
        true => Ok(value),
        false => Err(format!(
            "line {}: {} expects a number above 0, found {value}",
            entry.line, entry.key
        )),
    }
}

fn whole(entry: &Entry, unit: &str) -> Result<u64, String> {
    let text = entry.scalar()?;
    text.parse::<u64>().map_err(|_| {
        format!(
            "line {}: {} expects whole {unit}, found {text:?}",
            entry.line, entry.key
        )
    })
}

/// Reads `problem.yaml`'s text; `from` names it in the limits' source and the warnings. An
/// error is `line N: …`.
pub fn parse_problem_yaml(text: &str, from: &str) -> Result<KattisProblem, String> {
    let entries = yaml::parse(text)?;
    let mut problem = KattisProblem::default();
    let mut warnings = Vec::new();
    let mut warn =
        |line: usize, message: String| warnings.push(format!("{from}: line {line}: {message}"));
    read_version(&entries, &mut problem)?;
    let stable = problem.version == FormatVersion::Stable2025;
    let mut findings = kattis_2025::Findings {
        from,
        warnings: Vec::new(),
        violations: Vec::new(),
    };
    // `limits.validation_passes` and its line, applied once the type is known.
    let mut passes = None;
    for entry in &entries {
        match entry.key.as_str() {
            "type" => read_type(entry, stable, &mut problem, &mut warn)?,
            // 2025-09's other keys, by its own reader.
            _ if stable => kattis_2025::read_key(entry, &mut problem, &mut findings)?,
            "validation" => read_validation(entry, &mut problem, &mut warn)?,
            "validator_flags" => {
                problem.validator_flags = entry.words("words or a list of words")?
            }
            "limits" => read_limits(
                entry,
                from,
                &mut problem.limits,
                &mut problem.verify_limits,
                &mut passes,
                &mut warn,
            )?,
            "grading" => warn(entry.line, scoring_warning("grading")),
            known if METADATA.contains(&known) => {}
            other => {
                let known: Vec<&str> = TOP_LEVEL.iter().chain(&METADATA).copied().collect();
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
    if stable {
        kattis_2025::finish(&entries, &problem, &mut findings);
    }
    for (line, message) in findings.warnings {
        warn(line, message);
    }
    match (passes, problem.multi_pass) {
        (Some((value, _)), Some(_)) => problem.validation_passes = value,
        (Some((_, line)), None) => warn(
            line,
            "limits.validation_passes is for a multi-pass problem only: not read".to_string(),
        ),
        (None, _) => {}
    }
    problem.warnings = warnings;
    problem.violations = findings
        .violations
        .into_iter()
        .map(|(line, message)| format!("{from}: line {line}: {message}"))
        .collect();
    Ok(problem)
}

/// Reads `problem_format_version` among `entries` into `problem` (left as it is where the key
/// is not given); an error for a version the judge does not know.
fn read_version(entries: &[Entry], problem: &mut KattisProblem) -> Result<(), String> {
    let Some(entry) = entries
        .iter()
        .find(|entry| entry.key == "problem_format_version")
    else {
        return Ok(());
    };
    problem.version_line = Some(entry.line);
    problem.version = match entry.scalar()? {
        "legacy" | "legacy-icpc" => FormatVersion::Legacy,
        "2023-07-draft" | "2023-07" => FormatVersion::Draft2023,
        kattis_2025::VERSION => FormatVersion::Stable2025,
        other => {
            return Err(format!(
                "line {}: problem_format_version {other:?} is not one the judge knows (legacy, legacy-icpc, 2023-07-draft, {})",
                entry.line,
                kattis_2025::VERSION
            ))
        }
    };
    Ok(())
}

/// Reads the `type` key (`stable`: by 2025-09's rules too) into `problem`: interactive or
/// multi-pass; scoring is warned of, submit-answer refused.
fn read_type(
    entry: &Entry,
    stable: bool,
    problem: &mut KattisProblem,
    warn: &mut impl FnMut(usize, String),
) -> Result<(), String> {
    if stable {
        kattis_2025::check_type(entry)?;
    }
    for kind in entry.words("words or a list of words")? {
        match kind.as_str() {
            "pass-fail" => {}
            "interactive" => problem.interactive = Some(entry.line),
            "scoring" => warn(entry.line, scoring_warning("type scoring")),
            "multi-pass" => problem.multi_pass = Some(entry.line),
            "submit-answer" => {
                return Err(format!(
                    "line {}: type {kind} is not supported: the judge runs a program once per case, with the case's input",
                    entry.line
                ))
            }
            other => {
                return Err(format!(
                    "line {}: type {other:?} is not one of pass-fail, scoring, interactive, multi-pass, submit-answer",
                    entry.line
                ))
            }
        }
    }
    Ok(())
}

/// Reads the legacy `validation` key into `problem`: default, or custom with its options
/// (interactive, multi-pass; score is warned of).
fn read_validation(
    entry: &Entry,
    problem: &mut KattisProblem,
    warn: &mut impl FnMut(usize, String),
) -> Result<(), String> {
    problem.validation_line = Some(entry.line);
    let said = entry.words("words or a list of words")?;
    match said.first().map(String::as_str) {
        Some("default") if said.len() == 1 => {
            problem.validation = Some(Validation::Default)
        }
        Some("custom") => {
            problem.validation = Some(Validation::Custom);
            for option in &said[1..] {
                match option.as_str() {
                    "interactive" => problem.interactive = Some(entry.line),
                    "score" => warn(entry.line, scoring_warning("validation: custom score")),
                    "multi-pass" => problem.multi_pass = Some(entry.line),
                    other => {
                        return Err(format!(
                            "line {}: validation: custom takes interactive, multi-pass or score, found {other:?}",
                            entry.line
                        ))
                    }
                }
            }
        }
        _ => {
            return Err(format!(
                "line {}: validation expects default, custom, custom interactive, custom multi-pass or custom score, found {:?}",
                entry.line,
                said.join(" ")
            ))
        }
    }
    Ok(())
}

fn scoring_warning(what: &str) -> String {
    format!("{what}: each case is judged AC or not; scores are not computed")
}

/// The `limits:` mapping.
fn read_limits(
    entry: &Entry,
    from: &str,
    limits: &mut FolderLimits,
    verify_limits: &mut VerifyLimits,
    passes: &mut Option<(usize, usize)>,
    warn: &mut impl FnMut(usize, String),
) -> Result<(), String> {
    let Some(keys) = entry.value.entries() else {
        return Err(format!(
            "line {}: limits must be a mapping of `key: value` lines",
            entry.line
        ));
    };
    let mut from_submissions = Vec::new();
    let mut not_applied = Vec::new();
    for limit in keys {
        let at = |message: String| format!("line {}: {message}", limit.line);
        match limit.key.as_str() {
            "time_limit" => limits
                .set_time(number(limit, "seconds")?, from)
                .map_err(at)?,
            "memory" => limits.set_memory(whole(limit, "MiB")?, from).map_err(at)?,
            "output" => limits.set_output(whole(limit, "MiB")?, from).map_err(at)?,
            "time_multipliers" => {
                let Some(inner) = limit.value.entries() else {
                    return Err(at("time_multipliers must be a mapping".to_string()));
                };
                for multiplier in inner {
                    match multiplier.key.as_str() {
                        "ac_to_time_limit" => {
                            verify_limits.ac_to_time_limit = Some(positive(multiplier)?);
                        }
                        "time_limit_to_tle" => {
                            verify_limits.time_limit_to_tle = Some(positive(multiplier)?);
                        }
                        other => warn(
                            multiplier.line,
                            format!(
                                "unknown key limits.time_multipliers.{other}, not read{}",
                                did_you_mean(other, &["ac_to_time_limit", "time_limit_to_tle"])
                            ),
                        ),
                    }
                }
                from_submissions.push((limit.key.as_str(), limit.line));
            }
            known if TIME_FROM_SUBMISSIONS.contains(&known) => {
                let value = Some(positive(limit)?);
                match known {
                    "time_multiplier" => verify_limits.ac_to_time_limit = value,
                    "time_safety_margin" => verify_limits.time_limit_to_tle = value,
                    _ => verify_limits.time_resolution = value,
                }
                from_submissions.push((known, limit.line));
            }
            "compilation_time" => {
                verify_limits.compilation_time = Some(positive(limit)?);
            }
            "validation_passes" => match whole(limit, "passes")? {
                value @ 2.. => *passes = Some((value as usize, limit.line)),
                value => {
                    return Err(at(format!(
                        "validation_passes expects at least 2 passes, found {value}"
                    )))
                }
            },
            known if NOT_APPLIED.contains(&known) => {
                number(limit, "a number")?;
                not_applied.push((known, limit.line));
            }
            other => {
                let known: Vec<&str> = LIMITS
                    .iter()
                    .chain(&TIME_FROM_SUBMISSIONS)
                    .chain(&NOT_APPLIED)
                    .copied()
                    .collect();
                warn(
                    limit.line,
                    format!(
                        "unknown key limits.{other}, not read{}",
                        did_you_mean(other, &known)
                    ),
                )
            }
        }
    }
    // Each warning points at the first key it names.
    let keys = |found: &[(&str, usize)]| {
        let names: Vec<&str> = found.iter().map(|(key, _)| *key).collect();
        names.join(", ")
    };
    if let Some((_, line)) = from_submissions.first() {
        limits.set_by_submissions = Some(format!(
            "{from}: line {line}: limits {} set the time limit from the accepted submissions' times, as `judge verify` does; judging one program, the time limit is limits.time_limit if given, else -t, else the default",
            keys(&from_submissions)
        ));
    }
    if let Some((_, line)) = not_applied.first() {
        warn(
            *line,
            format!(
                "limits {} are not applied (the judge compiles nothing, and gives validators its own limits)",
                keys(&not_applied)
            ),
        );
    }
    Ok(())
}

/// What a `testdata.yaml` says: its output validator flags (`output_validator_flags`, or the
/// draft's `output_validator_args`), and a warning for every other key (grading, scores, input
/// validator flags), which judging does not use.
pub fn parse_testdata_yaml(text: &str, from: &str) -> Result<(Vec<String>, Vec<String>), String> {
    let entries = yaml::parse(text)?;
    let mut flags = Vec::new();
    let mut unused = Vec::new();
    for entry in &entries {
        match entry.key.as_str() {
            "output_validator_flags" | "output_validator_args" => {
                flags.extend(entry.words("words or a list of words")?)
            }
            // Read by `judge verify`'s input validators (`input_validator_flags`).
            "input_validator_flags" | "input_validator_args" => {
                entry.words("words or a list of words")?;
            }
            other => unused.push(other.to_string()),
        }
    }
    let warnings = match unused.as_slice() {
        [] => Vec::new(),
        keys => vec![format!(
            "{from}: {} not applied (each case is judged on its own, AC or not)",
            keys.join(", ")
        )],
    };
    Ok((flags, warnings))
}

/// The input validator flags of a `testdata.yaml`'s text (`input_validator_flags`, the draft's
/// `input_validator_args`), `None` where it gives none.
pub fn input_validator_flags(text: &str) -> Result<Option<Vec<String>>, String> {
    let entries = yaml::parse(text)?;
    let mut found = None;
    for entry in &entries {
        if matches!(
            entry.key.as_str(),
            "input_validator_flags" | "input_validator_args"
        ) {
            found = Some(entry.words("words or a list of words")?);
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn read(text: &str) -> KattisProblem {
        parse_problem_yaml(text, "problem.yaml").unwrap()
    }

    fn error(text: &str) -> String {
        parse_problem_yaml(text, "problem.yaml").unwrap_err()
    }

    #[test]
    fn legacy_validation_says_custom_interactive_and_flags() {
        let problem = read("name: Guess\nvalidation: custom interactive\nvalidator_flags: float_tolerance 1e-6\nlimits:\n  memory: 512\n  output: 8\n");
        assert_eq!(problem.version, FormatVersion::Legacy);
        assert_eq!(problem.interactive, Some(2));
        assert_eq!(problem.validation, Some(Validation::Custom));
        assert_eq!(problem.validator_flags, ["float_tolerance", "1e-6"]);
        assert_eq!(problem.limits.memory_mib, Some(512));
        assert_eq!(problem.limits.output_mib, Some(8));
        assert!(problem.warnings.is_empty(), "{:?}", problem.warnings);
        let plain = read("validation: default\n");
        assert_eq!(
            (plain.validation, plain.interactive),
            (Some(Validation::Default), None)
        );
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_not_read() {
        let problem = read("\u{feff}problem_format_version: 2023-07-draft\ntype: interactive\nlimits:\n  time_limit: 2.5\n");
        assert_eq!(problem.version, FormatVersion::Draft2023);
        assert_eq!(problem.interactive, Some(2));
        assert_eq!(problem.limits.time, Some(Duration::from_millis(2500)));
        assert!(problem.warnings.is_empty(), "{:?}", problem.warnings);
        let (flags, warnings) = parse_testdata_yaml(
            "\u{feff}output_validator_flags: case_sensitive\n",
            "testdata.yaml",
        )
        .unwrap();
        assert_eq!(
            (flags, warnings),
            (vec!["case_sensitive".to_string()], vec![])
        );
        // Only at the start: anywhere else it is a character of the key.
        assert!(!read("name: x\n\u{feff}limits:\n  memory: 8\n")
            .warnings
            .is_empty());
    }

    #[test]
    fn the_2023_draft_says_interactive_in_its_type() {
        let problem = read("problem_format_version: 2023-07-draft\ntype: interactive\nname:\n  en: Guess the Number\n  sv: Gissa talet\nlimits:\n  time_limit: 1.5\n  time_multipliers:\n    time_limit_to_tle: 4\n");
        assert_eq!(problem.version, FormatVersion::Draft2023);
        assert_eq!(problem.interactive, Some(2));
        assert_eq!(problem.validation, None);
        assert_eq!(problem.limits.time, Some(Duration::from_millis(1500)));
        assert!(problem.warnings.is_empty(), "{:?}", problem.warnings);
        let said = problem.limits.set_by_submissions.unwrap_or_default();
        assert!(said.starts_with("problem.yaml: line 8: limits time_multipliers set the time limit from the accepted submissions' times"), "{said}");
        let listed = read("type: [pass-fail, interactive]\n");
        assert_eq!(listed.interactive, Some(1));
    }

    #[test]
    fn what_the_judge_cannot_do_is_an_error_naming_it() {
        assert!(error("type: submit-answer\n").contains("not supported"));
        assert!(error("type: quiz\n").contains("\"quiz\" is not one of"));
        assert!(error("validation: custom fuzzy\n").contains("found \"fuzzy\""));
        assert!(error("validation: strict\n").contains("validation expects default, custom"));
        assert!(error("limits:\n  memory: 1.5\n").starts_with("line 2: memory expects whole MiB"));
        assert!(
            error("limits:\n  time_limit: two\n").starts_with("line 2: time_limit expects seconds")
        );
        assert!(error("limits:\n  time_limit: 0\n").contains("at least a millisecond"));
        assert!(error("limits: 3\n").contains("limits must be a mapping"));
    }

    #[test]
    fn a_multi_pass_problem_is_read_with_its_pass_limit() {
        let problem = read("problem_format_version: 2023-07-draft\ntype: multi-pass\nlimits:\n  validation_passes: 5\n");
        assert_eq!((problem.multi_pass, problem.interactive), (Some(2), None));
        assert_eq!(problem.validation_passes, 5);
        assert!(problem.warnings.is_empty(), "{:?}", problem.warnings);
        let both = read("type: [multi-pass, interactive]\n");
        assert_eq!((both.multi_pass, both.interactive), (Some(1), Some(1)));
        assert_eq!(both.validation_passes, 2, "the spec's default");
        let domjudge = read("validation: custom multi-pass\n");
        assert_eq!(domjudge.multi_pass, Some(1));
        assert_eq!(domjudge.validation, Some(Validation::Custom));
        assert_eq!(read("validation: custom\n").multi_pass, None);
        assert_eq!(
            error("type: multi-pass\nlimits:\n  validation_passes: 1\n"),
            "line 3: validation_passes expects at least 2 passes, found 1"
        );
        assert!(
            error("type: multi-pass\nlimits:\n  validation_passes: 2.5\n")
                .starts_with("line 3: validation_passes expects whole passes")
        );
        let single = read("limits:\n  validation_passes: 3\n");
        assert_eq!(single.validation_passes, 2);
        assert_eq!(
            single.warnings,
            ["problem.yaml: line 2: limits.validation_passes is for a multi-pass problem only: not read"]
        );
    }

    #[test]
    fn what_it_does_not_use_is_a_warning_naming_it() {
        let problem = read("validation: custom score\ntype: scoring\nlimits:\n  time_multiplier: 5\n  time_safety_margin: 4\n  memroy: 2\n  validation_time: 60\nfancy: yes\n");
        // (What judging one program cannot apply is said by the judge, from the limits.)
        let set_by_submissions = problem.limits.set_by_submissions.iter();
        let warnings = problem
            .warnings
            .iter()
            .chain(set_by_submissions)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n");
        for said in [
            "problem.yaml: line 1: validation: custom score: each case is judged AC or not; scores are not computed",
            "problem.yaml: line 2: type scoring: each case",
            "problem.yaml: line 6: unknown key limits.memroy, not read; did you mean \"memory\"?",
            // Each at the first key it names, not at `limits:`.
            "problem.yaml: line 4: limits time_multiplier, time_safety_margin set the time limit",
            "problem.yaml: line 7: limits validation_time are not applied",
            "problem.yaml: line 8: unknown key \"fancy\", not read",
        ] {
            assert!(warnings.contains(said), "{said} not in\n{warnings}");
        }
    }

    #[test]
    fn default_validator_flags_are_read_strictly() {
        let flags = |text: &str| {
            let words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
            DefaultValidator::from_flags(&words)
        };
        assert_eq!(
            flags("case_sensitive float_tolerance 1e-6").unwrap(),
            DefaultValidator {
                case_sensitive: true,
                space_change_sensitive: false,
                float_absolute: Some(1e-6),
                float_relative: Some(1e-6),
            }
        );
        let split = flags("space_change_sensitive float_relative_tolerance 0.01").unwrap();
        assert_eq!(
            (split.float_absolute, split.float_relative),
            (None, Some(0.01))
        );
        assert_eq!(
            split.describe(),
            "space_change_sensitive float_relative_tolerance 0.01"
        );
        assert!(flags("float_tolerance")
            .unwrap_err()
            .contains("needs a number"));
        assert!(flags("float_tolerance x")
            .unwrap_err()
            .contains("found \"x\""));
        assert!(flags("ignore_case")
            .unwrap_err()
            .contains("no flag \"ignore_case\""));
    }

    #[test]
    fn testdata_yaml_gives_output_validator_flags_and_warns_of_the_rest() {
        let (flags, warnings) = parse_testdata_yaml(
            "output_validator_flags: case_sensitive\non_reject: continue\nrange: 0 100\n",
            "data/testdata.yaml",
        )
        .unwrap();
        assert_eq!(flags, ["case_sensitive"]);
        assert_eq!(
            warnings,
            ["data/testdata.yaml: on_reject, range not applied (each case is judged on its own, AC or not)"]
        );
    }
}
