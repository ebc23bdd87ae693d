//! What a DOMjudge problem package adds to the Kattis layout: its time limit (`.timelimit`, a
//! number of seconds, or `timelimit = 'SECONDS'` in `domjudge-problem.ini`), and the results its
//! submissions expect (`@EXPECTED_RESULTS@: CORRECT, WRONG-ANSWER` in a source, else the name
//! of the submission's folder), read as DOMjudge's own import reads them. Settings of the ini
//! file the judge does not apply (`special_run`, `special_compare`) are errors that name them.

use super::folder_limits::{FolderLimits, RunRules};
use super::kattis_yaml::KattisProblem;
use crate::limits::PastOutputCap;
use std::path::Path;

/// DOMjudge's output limit unless a package sets one: 8 MiB (its `output_limit` of 8192 kB).
pub const DEFAULT_OUTPUT_MIB: u64 = 8;

/// The tags DOMjudge looks for in a submission's sources.
const TAGS: [&str; 2] = ["@EXPECTED_RESULTS@: ", "@EXPECTED_SCORE@: "];

/// DOMjudge's own names for the result names a package may use (its `PROBLEM_RESULT_REMAP`).
pub const REMAP: [(&str, &str); 7] = [
    ("ACCEPTED", "CORRECT"),
    ("WRONG_ANSWER", "WRONG-ANSWER"),
    ("TIME_LIMIT_EXCEEDED", "TIMELIMIT"),
    ("RUN_TIME_ERROR", "RUN-ERROR"),
    ("COMPILER_ERROR", "COMPILER-ERROR"),
    ("NO_OUTPUT", "NO-OUTPUT"),
    ("OUTPUT_LIMIT", "OUTPUT-LIMIT"),
];

/// A result name as DOMjudge normalises it: upper case, trimmed, `WRONG_ANSWER` as
/// `WRONG-ANSWER`.
pub fn normalise(name: &str) -> String {
    let upper = name.trim().to_uppercase();
    REMAP
        .iter()
        .find(|(from, _)| *from == upper)
        .map_or(upper, |(_, to)| to.to_string())
}

/// The results an `@EXPECTED_RESULTS@:` tag in `text` lists (`Ok(None)` without one), found
/// without regard to case as DOMjudge finds it; `@EXPECTED_SCORE@:` with result names (not a
/// number) counts the same. Two tags in one file are an error, as in DOMjudge.
pub fn expected_results(text: &str) -> Result<Option<Vec<String>>, String> {
    // ASCII lower case keeps every byte where it is: the offsets found hold in `text`.
    let lower = text.to_ascii_lowercase();
    let mut found = None;
    for tag in TAGS {
        let tag = tag.to_ascii_lowercase();
        let Some(start) = lower.find(&tag) else {
            continue;
        };
        if lower[start + tag.len()..].contains(&tag) {
            return Err(format!(
                "it holds two {} tags",
                &text[start..start + tag.len() - 2]
            ));
        }
        let rest = &text[start + tag.len()..];
        let line = rest.lines().next().unwrap_or_default().trim();
        // A score (`@EXPECTED_SCORE@: 40`) is not a result: not read.
        if line.parse::<f64>().is_ok() {
            continue;
        }
        if found.is_some() {
            return Err(
                "it holds both @EXPECTED_RESULTS@ and @EXPECTED_SCORE@ results".to_string(),
            );
        }
        found = Some(line.split(',').map(normalise).collect());
    }
    Ok(found)
}

/// A package's DOMjudge time limit, if it sets one: `domjudge-problem.ini`'s `timelimit`, else
/// `.timelimit` (a warning when it replaces another, a problem.yaml's); an ini setting the judge
/// cannot apply is an error naming it.
pub fn time_limit(
    dir: &Path,
    limits: &mut FolderLimits,
    warnings: &mut Vec<String>,
) -> Result<(), (String, String)> {
    let ini = dir.join("domjudge-problem.ini");
    if let Ok(text) = std::fs::read_to_string(&ini) {
        for (number, line) in text.lines().enumerate() {
            let at = |message: String| {
                (
                    "domjudge-problem.ini".to_string(),
                    format!("line {}: {message}", number + 1),
                )
            };
            let line = line.trim();
            if line.is_empty() || line.starts_with([';', '#']) {
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                return Err(at(format!("expected `key = value`, found {line:?}")));
            };
            let value = value.trim().trim_matches(['\'', '"']);
            match key.trim() {
                "timelimit" => {
                    let seconds: f64 = value
                        .parse()
                        .map_err(|_| at(format!("timelimit expects seconds, found {value:?}")))?;
                    limits
                        .set_time(seconds, "domjudge-problem.ini")
                        .map_err(at)?;
                    return Ok(());
                }
                "special_run" | "special_compare" if !value.is_empty() => {
                    return Err(at(format!(
                        "{} = {value} names a DOMjudge executable, which the judge does not have: judge with the package's output_validators/ instead",
                        key.trim()
                    )))
                }
                _ => {}
            }
        }
    }
    let file = dir.join(".timelimit");
    if let Ok(text) = std::fs::read_to_string(&file) {
        let at = |message: String| (".timelimit".to_string(), message);
        let seconds: f64 = text.trim().parse().map_err(|_| {
            at(format!(
                "expected a number of seconds, found {:?}",
                text.trim()
            ))
        })?;
        let before = limits.time.zip(limits.time_from.clone());
        limits.set_time(seconds, ".timelimit").map_err(at)?;
        if let Some((time, from)) = before.filter(|(time, _)| Some(*time) != limits.time) {
            warnings.push(format!(
                "{}: {seconds} s, used instead of {} s from {from} (DOMjudge reads .timelimit)",
                file.display(),
                time.as_secs_f64()
            ));
        }
    }
    Ok(())
}

/// DOMjudge's rules for a run, where the package does not set its own: its 8 MiB output
/// limit, past which the output is cut off and the program runs on (its runguard truncates the
/// stream; the verdict is TIMELIMIT, then RUN-ERROR, before OUTPUT-LIMIT), no stack limit
/// (runguard sets RLIMIT_STACK unlimited, so a thread's default stack is glibc's 2 MiB), and
/// the time limit in wall-clock time too (here: in idle time, so a starved program is not
/// failed), so a program asleep past it is TIMELIMIT; every process of a run on the one CPU its
/// judgehost is pinned to, and no writing in the folder it runs in (its own example
/// submissions check both).
pub fn apply_rules(limits: &mut FolderLimits) -> Result<(), String> {
    if limits.output_mib.is_none() {
        limits.set_output(DEFAULT_OUTPUT_MIB, "DOMjudge's default")?;
    }
    limits.run_rules = Some(RunRules {
        whose: "DOMjudge's",
        unlimited_stack: true,
        past_output_cap: PastOutputCap::Discard,
        wall_at_time_limit: true,
        one_cpu: true,
        read_only_folder: true,
    });
    Ok(())
}

/// Whether `dir` has DOMjudge's own files: a `.timelimit` or a `domjudge-problem.ini`.
pub fn has_own_files(dir: &Path) -> bool {
    dir.join(".timelimit").is_file() || dir.join("domjudge-problem.ini").is_file()
}

/// Whether `dir` is a DOMjudge package rather than a Kattis one, the one rule that decides
/// which format's rules judge it (its limits, its results' names, its submissions' tags): it
/// has DOMjudge's own files (`domjudge-problem.ini`, `.timelimit`), or a submission carries an
/// `@EXPECTED_RESULTS@` tag and nothing marks the package as Kattis's (`kattis_marked`).
/// `problem`: its `problem.yaml`, as read (`cases::package`).
pub fn is_domjudge(dir: &Path, problem: &KattisProblem) -> bool {
    has_own_files(dir) || (!kattis_marked(dir, problem) && super::submissions::any_tagged(dir))
}

/// Whether the package at `dir` says it is written for Kattis's tools: its `problem.yaml`
/// names a `problem_format_version` (DOMjudge's own packages name none), or it has an
/// `include/` folder (problemtools' and BAPCtools', which DOMjudge does not read).
fn kattis_marked(dir: &Path, problem: &KattisProblem) -> bool {
    problem.version_line.is_some() || dir.join("include").is_dir()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_lists_results_as_domjudge_normalises_them() {
        assert_eq!(
            expected_results("/*\n * @EXPECTED_RESULTS@:   RUN_TIME_ERROR , ACCEPTED   \n */"),
            Ok(Some(vec!["RUN-ERROR".to_string(), "CORRECT".to_string()]))
        );
        assert_eq!(
            expected_results("# @expected_results@: timelimit\n"),
            Ok(Some(vec!["TIMELIMIT".to_string()]))
        );
        assert_eq!(expected_results("int main() {}"), Ok(None));
        assert!(
            expected_results("@EXPECTED_RESULTS@: CORRECT\n@EXPECTED_RESULTS@: CORRECT")
                .unwrap_err()
                .contains("two")
        );
        assert_eq!(normalise("wrong_answer"), "WRONG-ANSWER");
        // Text in other scripts before the tag moves nothing.
        assert_eq!(
            expected_results("# İİİ Türkçe é\n# @EXPECTED_RESULTS@: WRONG-ANSWER\n"),
            Ok(Some(vec!["WRONG-ANSWER".to_string()]))
        );
        assert_eq!(
            expected_results("# İ @EXPECTED_RESULTS@: éCORRECT\n"),
            Ok(Some(vec!["ÉCORRECT".to_string()]))
        );
        assert_eq!(
            expected_results("// @EXPECTED_SCORE@: CORRECT\n"),
            Ok(Some(vec!["CORRECT".to_string()]))
        );
        assert_eq!(expected_results("// @EXPECTED_SCORE@: 40\n"), Ok(None));
        assert_eq!(normalise("mixed-verdicts"), "MIXED-VERDICTS");
    }

    #[test]
    fn the_time_limit_comes_from_the_ini_file_or_timelimit() {
        let dir = crate::test_folders::folder_with_files("domjudge", &[".timelimit"]);
        std::fs::write(dir.join(".timelimit"), "5\n").unwrap();
        let mut limits = FolderLimits::default();
        time_limit(&dir, &mut limits, &mut Vec::new()).unwrap();
        assert_eq!(limits.time, Some(std::time::Duration::from_secs(5)));
        assert_eq!(limits.time_from.as_deref(), Some(".timelimit"));
        // Beside a problem.yaml's other limit, .timelimit wins, and a warning says so.
        let mut limits = FolderLimits::default();
        limits.set_time(3.0, "problem.yaml").unwrap();
        let mut warnings = Vec::new();
        time_limit(&dir, &mut limits, &mut warnings).unwrap();
        assert_eq!(limits.time, Some(std::time::Duration::from_secs(5)));
        assert!(
            warnings.len() == 1 && warnings[0].contains("instead of 3 s from problem.yaml"),
            "{warnings:?}"
        );
        std::fs::write(
            dir.join("domjudge-problem.ini"),
            "name = 'x'\ntimelimit = '2.5'\n",
        )
        .unwrap();
        time_limit(&dir, &mut limits, &mut Vec::new()).unwrap();
        assert_eq!(limits.time, Some(std::time::Duration::from_millis(2500)));
        std::fs::write(
            dir.join("domjudge-problem.ini"),
            "special_compare = 'float'\n",
        )
        .unwrap();
        let (file, message) = time_limit(&dir, &mut limits, &mut Vec::new()).unwrap_err();
        assert_eq!(file, "domjudge-problem.ini");
        assert!(message.contains("special_compare = float"), "{message}");
        std::fs::write(dir.join(".timelimit"), "five").unwrap();
        std::fs::remove_file(dir.join("domjudge-problem.ini")).unwrap();
        assert!(time_limit(&dir, &mut limits, &mut Vec::new())
            .unwrap_err()
            .1
            .contains("\"five\""));
    }
}
