//! The keys of a `problem.yaml` in the 2025-09 format that differ from the older ones, read
//! by that version's own rules (the spec's "Problem metadata"): `type` as a string or a list
//! of compatible types, every `limits:` key with its type and bounds, `constants:`, and its
//! own set of metadata keys. What the format calls an error but the judge can judge past (an
//! unknown key, a multiplier below 1, a time limit off the resolution) is a violation:
//! `judge verify` fails naming it, judging warns. What the judge does not apply is a warning
//! naming it.

use super::folder_limits::FolderLimits;
use super::kattis_yaml::{KattisProblem, VerifyLimits};
use super::yaml::{Entry, Node};
use crate::sources::{is_constant_name, Constants};
use crate::text::did_you_mean;
use std::collections::BTreeMap;

/// The version's name in `problem_format_version`.
pub const VERSION: &str = "2025-09";

/// The top-level keys of 2025-09's `problem.yaml`.
pub const KEYS: [&str; 15] = [
    "problem_format_version",
    "type",
    "name",
    "uuid",
    "version",
    "credits",
    "source",
    "license",
    "rights_owner",
    "embargo_until",
    "limits",
    "keywords",
    "languages",
    "allow_file_writing",
    "constants",
];

/// The `limits:` keys of 2025-09.
const LIMITS: [&str; 13] = [
    "time_multipliers",
    "time_limit",
    "time_resolution",
    "memory",
    "output",
    "code",
    "compilation_time",
    "compilation_memory",
    "validation_time",
    "validation_memory",
    "validation_output",
    "validation_passes",
    // Not a key of the spec's tables, but BAPCtools writes it; read and not applied.
    "validation_time_multiplier",
];

/// The types, each with those it must not be listed with (the spec's "Type" table).
const TYPES: [(&str, &[&str]); 5] = [
    ("pass-fail", &["scoring"]),
    ("scoring", &["pass-fail"]),
    ("multi-pass", &["submit-answer"]),
    ("interactive", &["submit-answer"]),
    ("submit-answer", &["multi-pass", "interactive"]),
];

/// Checks `type:` by 2025-09's rules: a string or a non-empty list, each type once, none with
/// one it is incompatible with. What each type means is read with the older versions'.
pub fn check_type(entry: &Entry) -> Result<(), String> {
    let at = |message: String| format!("line {}: {message}", entry.line);
    let kinds: Vec<&str> = match &entry.value {
        Node::Scalar(text) => vec![text.as_str()],
        Node::List(items) => items
            .iter()
            .map(|item| match item {
                Node::Scalar(text) => Ok(text.as_str()),
                _ => Err(at("type expects a type or a list of types".to_string())),
            })
            .collect::<Result<_, _>>()?,
        Node::Map(_) => return Err(at("type expects a type or a list of types".to_string())),
    };
    if kinds.is_empty() || kinds == [""] {
        return Err(at(
            "type is empty: give pass-fail, scoring, interactive, multi-pass or submit-answer, or a list of them".to_string(),
        ));
    }
    for (index, kind) in kinds.iter().enumerate() {
        if kinds[..index].contains(kind) {
            return Err(at(format!("type lists {kind} twice")));
        }
        let incompatible = TYPES
            .iter()
            .find(|(name, _)| name == kind)
            .map_or(&[][..], |(_, others)| *others);
        if let Some(other) = kinds.iter().find(|other| incompatible.contains(other)) {
            return Err(at(format!(
                "type lists {kind} with {other}, which the format does not allow together"
            )));
        }
    }
    Ok(())
}

/// What reading one key found, besides the problem's fields.
pub struct Findings<'a> {
    /// Where it came from (`problem.yaml`), for the limits' source.
    pub from: &'a str,
    pub warnings: Vec<(usize, String)>,
    pub violations: Vec<(usize, String)>,
}

/// Reads one top-level key other than `type` into `problem`.
pub fn read_key(
    entry: &Entry,
    problem: &mut KattisProblem,
    findings: &mut Findings,
) -> Result<(), String> {
    match entry.key.as_str() {
        "limits" => read_limits(entry, problem, findings),
        "constants" => {
            problem.constants = read_constants(entry)?;
            Ok(())
        }
        "languages" => {
            let all = matches!(&entry.value, Node::Scalar(text) if text == "all");
            if !all {
                findings.warnings.push((
                    entry.line,
                    "languages: the judge builds and runs a submission in any language it knows, not only these".to_string(),
                ));
            }
            Ok(())
        }
        "allow_file_writing" => {
            match &entry.value {
                Node::Scalar(text) if text == "false" => {}
                Node::Scalar(text) if text == "true" => findings.warnings.push((
                    entry.line,
                    "allow_file_writing: true: a submission may write in its folder only where the sandbox lets it".to_string(),
                )),
                _ => {
                    return Err(format!(
                        "line {}: allow_file_writing expects true or false",
                        entry.line
                    ))
                }
            }
            Ok(())
        }
        known if KEYS.contains(&known) => Ok(()),
        other => {
            findings.violations.push((
                entry.line,
                format!(
                    "unknown key {other:?} in a {VERSION} problem.yaml{}",
                    did_you_mean(other, &KEYS)
                ),
            ));
            Ok(())
        }
    }
}

/// The checks made once every key is read: the keys the format requires.
pub fn finish(entries: &[Entry], problem: &KattisProblem, findings: &mut Findings) {
    for required in ["name", "uuid"] {
        if !entries.iter().any(|entry| entry.key == required) {
            findings
                .warnings
                .push((1, format!("{required} is required by the {VERSION} format")));
        }
    }
    // "It is an error if `time_limit` is not an integer multiple of `time_resolution`."
    if let (Some(limit), Some(line)) = (problem.limits.time, said_time_limit_line(entries)) {
        let resolution = problem.timing().time_resolution;
        let steps = limit.as_secs_f64() / resolution;
        if (steps - steps.round()).abs() > 1e-6 {
            findings.violations.push((
                line,
                format!(
                    "limits.time_limit {} is not a whole multiple of limits.time_resolution {resolution}",
                    limit.as_secs_f64()
                ),
            ));
        }
    }
}

fn said_time_limit_line(entries: &[Entry]) -> Option<usize> {
    let limits = entries.iter().find(|entry| entry.key == "limits")?;
    let keys = limits.value.entries()?;
    keys.iter()
        .find(|key| key.key == "time_limit")
        .map(|key| key.line)
}

/// A number: a float where `whole` is false, else an integer; at least `least` (`above`: more
/// than it).
fn number(entry: &Entry, whole: bool, least: f64, above: bool) -> Result<f64, String> {
    let text = entry.scalar()?;
    let value = match whole {
        true => text.parse::<u64>().ok().map(|value| value as f64),
        false => text.parse::<f64>().ok().filter(|value| value.is_finite()),
    };
    let kind = match whole {
        true => "an integer",
        false => "a number",
    };
    let bound = match above {
        true => format!("above {least}"),
        false => format!("of at least {least}"),
    };
    match value {
        Some(value) if value > least || (!above && value == least) => Ok(value),
        _ => Err(format!(
            "line {}: limits.{} expects {kind} {bound}, found {text:?}",
            entry.line, entry.key
        )),
    }
}

/// `limits.time_multipliers` by 2025-09's rules: its two keys into `verify`, an unknown key
/// or a multiplier below 1 a violation.
fn read_time_multipliers(
    limit: &Entry,
    verify: &mut VerifyLimits,
    findings: &mut Findings,
) -> Result<(), String> {
    let Some(inner) = limit.value.entries() else {
        return Err(format!(
            "line {}: time_multipliers must be a mapping",
            limit.line
        ));
    };
    for multiplier in inner {
        let key = multiplier.key.as_str();
        let value = match key {
            "ac_to_time_limit" | "time_limit_to_tle" => number(multiplier, false, 0.0, true)?,
            other => {
                findings.violations.push((
                    multiplier.line,
                    format!(
                        "unknown key limits.time_multipliers.{other}{}",
                        did_you_mean(other, &["ac_to_time_limit", "time_limit_to_tle"])
                    ),
                ));
                continue;
            }
        };
        // The spec's bound: at least 1. Below it, read as given all the same.
        if value < 1.0 {
            findings.violations.push((
                multiplier.line,
                format!("limits.time_multipliers.{key} must be at least 1, found {value}"),
            ));
        }
        match key {
            "ac_to_time_limit" => verify.ac_to_time_limit = Some(value),
            _ => verify.time_limit_to_tle = Some(value),
        }
    }
    Ok(())
}

/// `limits:` by 2025-09's rules.
fn read_limits(
    entry: &Entry,
    problem: &mut KattisProblem,
    findings: &mut Findings,
) -> Result<(), String> {
    let Some(keys) = entry.value.entries() else {
        return Err(format!(
            "line {}: limits must be a mapping of `key: value` lines",
            entry.line
        ));
    };
    let from = findings.from;
    let limits: &mut FolderLimits = &mut problem.limits;
    let verify: &mut VerifyLimits = &mut problem.verify_limits;
    let mut from_submissions = Vec::new();
    let mut not_applied = Vec::new();
    for limit in keys {
        let at = |message: String| format!("line {}: {message}", limit.line);
        match limit.key.as_str() {
            "time_limit" => limits
                .set_time(number(limit, false, 0.0, true)?, from)
                .map_err(at)?,
            "memory" => limits
                .set_memory(number(limit, true, 0.0, true)? as u64, from)
                .map_err(at)?,
            "output" => limits
                .set_output(number(limit, true, 0.0, true)? as u64, from)
                .map_err(at)?,
            "time_resolution" => {
                verify.time_resolution = Some(number(limit, false, 0.0, true)?);
                from_submissions.push(limit);
            }
            "time_multipliers" => {
                read_time_multipliers(limit, verify, findings)?;
                from_submissions.push(limit);
            }
            "compilation_time" => {
                verify.compilation_time = Some(number(limit, true, 0.0, true)?);
            }
            "validation_passes" => {
                // The most passes of a multi-pass case, used with `type: multi-pass`.
                problem.validation_passes = number(limit, true, 2.0, false)? as usize;
            }
            "code" | "compilation_memory" | "validation_time" | "validation_memory"
            | "validation_output" => {
                number(limit, true, 0.0, true)?;
                not_applied.push(limit);
            }
            "validation_time_multiplier" => {
                number(limit, false, 0.0, true)?;
                not_applied.push(limit);
            }
            other => findings.violations.push((
                limit.line,
                format!(
                    "unknown key limits.{other} in a {VERSION} problem.yaml{}",
                    did_you_mean(other, &LIMITS)
                ),
            )),
        }
    }
    let names = |found: &[&Entry]| {
        let names: Vec<&str> = found.iter().map(|entry| entry.key.as_str()).collect();
        names.join(", ")
    };
    if let Some(first) = from_submissions.first() {
        limits.set_by_submissions = Some(format!(
            "{from}: line {}: limits {} set the time limit from the accepted submissions' times, as `judge verify` does; judging one program, the time limit is limits.time_limit if given, else -t, else the default",
            first.line,
            names(&from_submissions)
        ));
    }
    if let Some(first) = not_applied.first() {
        findings.warnings.push((
            first.line,
            format!(
                "limits {} are not applied (the judge checks no code size, gives its own limits to compilers and validators, and runs a program once per case)",
                names(&not_applied)
            ),
        ));
    }
    Ok(())
}

/// `constants:`: each name with a scalar (its value) or a mapping of variants with `value`.
fn read_constants(entry: &Entry) -> Result<Constants, String> {
    let Some(keys) = entry.value.entries() else {
        return Err(format!(
            "line {}: constants must be a mapping of names to values",
            entry.line
        ));
    };
    let mut constants = Constants::default();
    for constant in keys {
        let at = |message: String| format!("line {}: {message}", constant.line);
        if !is_constant_name(&constant.key) {
            return Err(at(format!(
                "the constant {:?} is not a name ([a-zA-Z_][a-zA-Z0-9_]*)",
                constant.key
            )));
        }
        let variants: BTreeMap<String, String> = match &constant.value {
            Node::Scalar(text) if !text.is_empty() => {
                BTreeMap::from([("value".to_string(), text.clone())])
            }
            Node::Map(variants) => variants
                .iter()
                .map(|variant| match &variant.value {
                    Node::Scalar(text) => Ok((variant.key.clone(), text.clone())),
                    _ => Err(format!(
                        "line {}: the constant {}'s {} expects a single value",
                        variant.line, constant.key, variant.key
                    )),
                })
                .collect::<Result<_, _>>()?,
            _ => {
                return Err(at(format!(
                    "the constant {} expects a value, or a mapping with a value and its variants",
                    constant.key
                )))
            }
        };
        constants.insert(&constant.key, variants).map_err(at)?;
    }
    Ok(constants)
}

#[cfg(test)]
mod tests {
    use crate::cases::kattis_yaml::{parse_problem_yaml, FormatVersion, KattisProblem};
    use std::time::Duration;

    const HEAD: &str = "problem_format_version: 2025-09\nname: Sum\nuuid: 0b1e\n";

    /// The problem of HEAD followed by `rest` (its lines start at line 4).
    fn read(rest: &str) -> KattisProblem {
        parse_problem_yaml(&format!("{HEAD}{rest}"), "problem.yaml").unwrap()
    }

    fn error(rest: &str) -> String {
        parse_problem_yaml(&format!("{HEAD}{rest}"), "problem.yaml").unwrap_err()
    }

    #[test]
    fn the_version_is_its_own_and_an_unknown_one_is_refused() {
        let problem = read("");
        assert_eq!(problem.version, FormatVersion::Stable2025);
        assert!(problem.warnings.is_empty(), "{:?}", problem.warnings);
        assert!(problem.violations.is_empty(), "{:?}", problem.violations);
        // 2025-09's defaults: 2 and 1.5, in steps of a second.
        let timing = problem.timing();
        assert_eq!(
            (
                timing.ac_to_time_limit,
                timing.time_limit_to_tle,
                timing.time_resolution
            ),
            (2.0, 1.5, 1.0)
        );
        for version in ["2024-01", "draft", "2025-9", "2025-09-draft"] {
            let said = parse_problem_yaml(
                &format!("name: x\nproblem_format_version: {version}\n"),
                "problem.yaml",
            )
            .unwrap_err();
            assert_eq!(
                said,
                format!("line 2: problem_format_version \"{version}\" is not one the judge knows (legacy, legacy-icpc, 2023-07-draft, 2025-09)")
            );
        }
        let icpc = parse_problem_yaml("problem_format_version: legacy-icpc\n", "p").unwrap();
        assert_eq!(icpc.version, FormatVersion::Legacy);
    }

    #[test]
    fn a_type_is_a_string_or_a_list_of_types_that_go_together() {
        assert_eq!(read("type: interactive\n").interactive, Some(4));
        assert_eq!(
            read("type: [pass-fail, interactive]\n").interactive,
            Some(4)
        );
        let listed = read("type:\n  - interactive\n");
        assert_eq!(listed.interactive, Some(4));
        // A multi-pass type in a list reaches the same place as one alone.
        assert_eq!(read("type: [pass-fail, multi-pass]\n").multi_pass, Some(4));
        assert_eq!(read("type: multi-pass\n").multi_pass, Some(4));
        assert!(read("type: scoring\n").warnings[0]
            .contains("line 4: type scoring: each case is judged AC or not"));
        for (types, said) in [
            (
                "[pass-fail, scoring]",
                "type lists pass-fail with scoring, which the format does not allow together",
            ),
            (
                "[interactive, submit-answer]",
                "type lists interactive with submit-answer",
            ),
            ("[interactive, interactive]", "type lists interactive twice"),
            ("[]", "type is empty"),
            ("{a: b}", "type expects a type or a list of types"),
            ("[pass-fail, quiz]", "\"quiz\" is not one of"),
            ("submit-answer", "type submit-answer is not supported"),
        ] {
            let message = error(&format!("type: {types}\n"));
            assert!(
                message.starts_with("line 4: ") && message.contains(said),
                "{types}: {message}"
            );
        }
    }

    #[test]
    fn every_limit_is_read_by_its_type_and_used_or_named() {
        let problem = read("limits:\n  time_limit: 2\n  time_resolution: 0.5\n  time_multipliers:\n    ac_to_time_limit: 3\n    time_limit_to_tle: 1.25\n  memory: 512\n  output: 16\n  code: 64\n  compilation_time: 30\n  compilation_memory: 1024\n  validation_time: 60\n  validation_memory: 1024\n  validation_output: 8\n  validation_passes: 3\n");
        assert_eq!(problem.limits.time, Some(Duration::from_secs(2)));
        assert_eq!(problem.limits.memory_mib, Some(512));
        assert_eq!(problem.limits.output_mib, Some(16));
        let timing = problem.timing();
        assert_eq!(
            (
                timing.ac_to_time_limit,
                timing.time_limit_to_tle,
                timing.time_resolution,
                timing.compilation_time
            ),
            (3.0, 1.25, 0.5, 30.0)
        );
        assert!(problem.violations.is_empty(), "{:?}", problem.violations);
        assert_eq!(
            problem.warnings,
            ["problem.yaml: line 12: limits code, compilation_memory, validation_time, validation_memory, validation_output are not applied (the judge checks no code size, gives its own limits to compilers and validators, and runs a program once per case)"]
        );
        let said = problem.limits.set_by_submissions.unwrap_or_default();
        assert!(
            said.starts_with(
                "problem.yaml: line 6: limits time_resolution, time_multipliers set the time limit"
            ),
            "{said}"
        );
        // The types: integers where the spec says int, bounds where it gives them.
        for (limit, said) in [
            (
                "memory: 1.5",
                "line 5: limits.memory expects an integer above 0, found \"1.5\"",
            ),
            (
                "compilation_time: 0.5",
                "limits.compilation_time expects an integer above 0",
            ),
            (
                "validation_passes: 1",
                "limits.validation_passes expects an integer of at least 2, found \"1\"",
            ),
            (
                "time_resolution: 0",
                "limits.time_resolution expects a number above 0",
            ),
            (
                "time_limit: -1",
                "limits.time_limit expects a number above 0",
            ),
        ] {
            let message = error(&format!("limits:\n  {limit}\n"));
            assert!(message.contains(said), "{limit}: {message}");
        }
    }

    #[test]
    fn what_the_format_calls_an_error_is_a_violation_naming_it() {
        let problem = read("limits:\n  time_multiplier: 5\n  time_multipliers:\n    ac_to_time_limt: 2\n    time_limit_to_tle: 0.5\n  time_limit: 1.5\nvalidation: custom\nvalidator_flags: case_sensitive\nkeywrods: [graphs]\n");
        assert_eq!(
            problem.violations,
            [
                "problem.yaml: line 5: unknown key limits.time_multiplier in a 2025-09 problem.yaml; did you mean \"time_multipliers\"?",
                "problem.yaml: line 7: unknown key limits.time_multipliers.ac_to_time_limt; did you mean \"ac_to_time_limit\"?",
                "problem.yaml: line 8: limits.time_multipliers.time_limit_to_tle must be at least 1, found 0.5",
                "problem.yaml: line 10: unknown key \"validation\" in a 2025-09 problem.yaml",
                "problem.yaml: line 11: unknown key \"validator_flags\" in a 2025-09 problem.yaml",
                "problem.yaml: line 12: unknown key \"keywrods\" in a 2025-09 problem.yaml; did you mean \"keywords\"?",
                // Off the default resolution of a second.
                "problem.yaml: line 9: limits.time_limit 1.5 is not a whole multiple of limits.time_resolution 1",
            ]
        );
        // The legacy keys are not read in 2025-09: the default validator, no flags.
        assert_eq!(
            (problem.validation, problem.validator_flags.len()),
            (None, 0)
        );
        // Read as given all the same.
        assert_eq!(problem.timing().time_limit_to_tle, 0.5);
        assert!(read("limits:\n  time_limit: 1.5\n  time_resolution: 0.5\n")
            .violations
            .is_empty());
    }

    #[test]
    fn metadata_is_accepted_and_what_could_change_a_verdict_is_warned_of() {
        let problem = read("version: 1.0\ncredits:\n  authors: A <a@b.example>\nsource: NWERC 2024\nlicense: cc by-sa\nrights_owner: NWERC\nembargo_until: 2026-01-01\nkeywords: [sums]\n");
        assert!(problem.warnings.is_empty(), "{:?}", problem.warnings);
        assert!(problem.violations.is_empty(), "{:?}", problem.violations);
        let problem = read("languages: [cpp, python3]\nallow_file_writing: true\n");
        assert!(problem.warnings[0]
            .contains("line 4: languages: the judge builds and runs a submission in any language"));
        assert!(problem.warnings[1].contains("line 5: allow_file_writing: true"));
        assert!(read("languages: all\nallow_file_writing: false\n")
            .warnings
            .is_empty());
        let missing =
            parse_problem_yaml("problem_format_version: 2025-09\n", "problem.yaml").unwrap();
        assert_eq!(
            missing.warnings,
            [
                "problem.yaml: line 1: name is required by the 2025-09 format",
                "problem.yaml: line 1: uuid is required by the 2025-09 format",
            ]
        );
    }

    #[test]
    fn constants_are_read_as_values_or_variants() {
        let problem = read("constants:\n  max_n: 1000\n  k:\n    value: 5000000\n    tex: 5,000,000\n  name: \"a b\"\n");
        assert_eq!(problem.constants.get("max_n", None), Some("1000"));
        assert_eq!(problem.constants.get("k", Some("tex")), Some("5,000,000"));
        assert_eq!(problem.constants.get("k", None), Some("5000000"));
        assert_eq!(problem.constants.get("name", None), Some("a b"));
        assert_eq!(
            crate::cases::kattis_yaml::substitute("n <= {{max_n}}", &problem.constants).unwrap(),
            "n <= 1000"
        );
        for (constants, said) in [
            ("constants: 3\n", "line 4: constants must be a mapping"),
            (
                "constants:\n  2k: 1\n",
                "line 5: the constant \"2k\" is not a name",
            ),
            (
                "constants:\n  k:\n    tex: 1\n",
                "line 5: the constant k has no value",
            ),
            (
                "constants:\n  k: [1, 2]\n",
                "line 5: the constant k expects a value",
            ),
            (
                "constants:\n  k:\n",
                "line 5: the constant k expects a value",
            ),
        ] {
            let message = error(constants);
            assert!(message.starts_with(said), "{constants}: {message}");
        }
        // Older versions have no constants: read as metadata, nothing substituted.
        let draft = parse_problem_yaml(
            "problem_format_version: 2023-07-draft\nconstants:\n  k: 1\n",
            "p",
        )
        .unwrap();
        assert!(draft.constants.is_empty());
    }
}
