//! A Polygon package's checker and validator tests (problem.xml's `<testset>` in `<checker>`
//! and `<validator>`), run as Polygon runs them when the package is built: each validator test
//! is held to its verdict (`valid`: exit 0; `invalid`: testlib's 3), each checker test's
//! output to its own (`ok`, `wrong-answer`, `presentation-error`, `points`, `crashed` or
//! `fail`: testlib's exit 0, 1, 2, 7, 3). One line a program; a test that disagrees is named
//! and fails the check, as an invalid input does.

use crate::cases::layout::polygon::{own_tests, OwnTests};
use crate::cases::polygon_xml::PolygonProblem;
use crate::grade::checker::{ruled_by, Checker};
use crate::grade::exit_status::Ruling;
use crate::limits::{Limits, PastOutputCap};
use crate::process::{execute, Program, Termination, Trust};
use crate::temp_folder::quoted;
use crate::verdict::Verdict;
use std::path::Path;
use std::time::Duration;

/// What the own tests found: the lines to show, how many tests disagreed, and what could not
/// be run (a broken package).
#[derive(Debug, Default)]
pub struct OwnTestFindings {
    pub lines: Vec<String>,
    pub disagreeing: usize,
    pub broken: Vec<String>,
}

/// A verdict of problem.xml as the judge names it: lower case, `-` for `_`.
fn normal(verdict: &str) -> String {
    verdict.trim().to_ascii_lowercase().replace('_', "-")
}

/// The verdict names a checker test may expect, with testlib's ruling.
fn checker_ruling(verdict: &str) -> Option<Ruling> {
    Some(match verdict {
        "ok" => Ruling::Accepted,
        "wrong-answer" => Ruling::Wrong,
        "presentation-error" => Ruling::Presentation,
        "points" => Ruling::Points,
        "crashed" | "fail" => Ruling::Broken,
        _ => return None,
    })
}

/// A ruling by Polygon's name.
fn checker_verdict(ruling: Ruling) -> &'static str {
    match ruling {
        Ruling::Accepted => "ok",
        Ruling::Wrong => "wrong-answer",
        Ruling::Presentation => "presentation-error",
        Ruling::Points => "points",
        Ruling::Broken => "crashed",
    }
}

/// Runs the own tests of the Polygon package at `dir`, whose problem.xml says `problem`.
pub fn run(dir: &Path, problem: &PolygonProblem) -> OwnTestFindings {
    let mut found = OwnTestFindings::default();
    let programs = match own_tests(dir, problem) {
        Ok(programs) => programs,
        Err(error) => {
            found.broken.push(error.to_string());
            return found;
        }
    };
    for own in &programs {
        let what = match own.checker {
            true => "checker tests",
            false => "validator tests",
        };
        let mut disagreeing = Vec::new();
        let mut missing = Vec::new();
        for (index, test) in own.tests.iter().enumerate() {
            let (number, line, expected) = (index + 1, test.line, normal(&test.verdict));
            let files = match &test.files {
                Ok(files) => files,
                Err(absent) => {
                    missing.push(format!(
                        "test {number}: {} is not in the package",
                        absent.strip_prefix(dir).unwrap_or(absent).display()
                    ));
                    continue;
                }
            };
            let got = match own.checker {
                true => checker_test(own, dir, files, &expected, line),
                false => validator_test(own, &files[0], &expected, line),
            };
            match got {
                Ok(None) => {}
                Ok(Some(got)) => disagreeing.push(format!(
                    "test {number} (problem.xml line {line}): expected {expected}, got {got}"
                )),
                Err(broken) => {
                    found.broken.push(broken);
                    return found;
                }
            }
        }
        let run = own.tests.len() - missing.len();
        found.lines.push(format!(
            "{what} ({}): {} of {run} as expected{}",
            own.program.shown,
            run - disagreeing.len(),
            match missing.len() {
                0 => String::new(),
                absent => format!(", {absent} not in the package"),
            }
        ));
        found.disagreeing += disagreeing.len();
        found.lines.extend(
            disagreeing
                .iter()
                .chain(&missing)
                .map(|line| format!("  {line}")),
        );
    }
    found
}

/// A checker test's ruling by Polygon's name, `None` when it is the expected one; an error for
/// a verdict problem.xml should not name or a checker that cannot be run.
fn checker_test(
    own: &OwnTests,
    dir: &Path,
    files: &[std::path::PathBuf],
    expected: &str,
    line: usize,
) -> Result<Option<&'static str>, String> {
    let Some(wanted) = checker_ruling(expected) else {
        return Err(format!(
            "{}: line {line}: a checker test's verdict {expected:?} is none of ok, wrong-answer, presentation-error, points, crashed",
            dir.join("problem.xml").display()
        ));
    };
    let command = quoted(&own.program.program);
    let checker = Checker::testlib(&own.program, &command, dir);
    let [input, output, answer] = files else {
        return Err("a checker test without its three files".to_string());
    };
    match ruled_by(&checker, input, output, answer) {
        Ok((ruling, _)) if ruling == wanted => Ok(None),
        Ok((ruling, _)) => Ok(Some(checker_verdict(ruling))),
        Err(Verdict::JudgeError(why)) => Err(why),
        Err(other) => Err(format!("the checker {}: {other:?}", own.program.shown)),
    }
}

/// A validator test's verdict (`valid`, `invalid`), `None` when it is the expected one.
fn validator_test(
    own: &OwnTests,
    input: &Path,
    expected: &str,
    line: usize,
) -> Result<Option<&'static str>, String> {
    if expected != "valid" && expected != "invalid" {
        return Err(format!(
            "problem.xml line {line}: a validator test's verdict {expected:?} is neither valid nor invalid"
        ));
    }
    // As input validation: a minute of CPU, ten seconds idle.
    let limits = Limits {
        output_bytes: 1 << 20,
        past_output_cap: PastOutputCap::Kill,
        wall: Duration::from_secs(10),
        ..Limits::with_cpu(Duration::from_secs(60))
    };
    let line = format!("{{ {}; }} > /dev/null", quoted(&own.program.program));
    let ran = execute(&Program::Shell(line), Some(input), limits, Trust::Helper)
        .map_err(|error| format!("validator {}: cannot run: {error}", own.program.shown))?;
    let got = match (ran.ended.stopped, ran.ended.termination) {
        (Some(stop), _) => {
            return Err(format!(
                "validator {} on {}: {}",
                own.program.shown,
                input.display(),
                stop.said(&limits)
            ))
        }
        (None, Termination::Exited(0)) => "valid",
        (None, Termination::Exited(3)) => "invalid",
        (None, termination) => {
            return Err(format!(
                "validator {} on {}: {termination}; a testlib validator exits 0 for a valid input and 3 for an invalid one",
                own.program.shown,
                input.display()
            ))
        }
    };
    Ok((got != expected).then_some(got))
}
