//! A Kattis package's validation test data (`cases::validation_data`), run as the 2025-09 format
//! asks: the input validators on each `invalid_input` case, of which some must refuse it; the
//! output validator (the package's own, or the default one with the package's flags) on each
//! `invalid_output` case, which it must reject, and on each `valid_output` case, which it must
//! accept (and the input of each of those must be valid). One line a kind, with how many went the
//! way they must; each case that went the other way is named under it and fails the check, as an
//! invalid input does. A case's own `.yaml` (its validators' arguments) is not read: each runs with
//! the arguments its folder would give a case there (`testdata.yaml`'s input validator flags, the
//! package's output validator flags).

use crate::cases::validation_data::{self, Kind, ValidationCase};
use crate::cases::{input_validators, Case, CaseFolder, Judging};
use crate::grade::{kattis_mode, output_validator};
use crate::text::count;
use crate::verdict::{compare_verdict, Verdict, Wrong};
use std::fs;
use std::path::Path;

/// What the validation test data found: the lines to show, how many cases went the wrong way,
/// what could not be run (a broken package), and what was not checked (a warning).
#[derive(Debug, Default)]
pub struct ValidationDataFindings {
    pub lines: Vec<String>,
    pub disagreeing: usize,
    pub broken: Vec<String>,
    pub warnings: Vec<String>,
}

impl ValidationDataFindings {
    /// The line of a kind (`checked` of them went the way they must), and the cases that did
    /// not under it.
    fn kind(&mut self, head: String, wrong: Vec<String>) {
        self.lines.push(head);
        self.disagreeing += wrong.len();
        self.lines
            .extend(wrong.into_iter().map(|line| format!("  {line}")));
    }
}

/// Checks the validation test data of the Kattis package at `dir`, whose cases are `folder`.
pub fn run(dir: &Path, folder: &CaseFolder) -> ValidationDataFindings {
    let mut found = ValidationDataFindings::default();
    let cases = match validation_data::read(dir) {
        Ok(cases) => cases,
        Err(errors) => {
            found.broken = errors;
            return found;
        }
    };
    let of = |kind: Kind| -> Vec<&ValidationCase> {
        cases.iter().filter(|found| found.kind == kind).collect()
    };
    invalid_inputs(dir, folder, &of(Kind::InvalidInput), &mut found);
    if !found.broken.is_empty() {
        return found;
    }
    // The input of an output case must be valid.
    let with_outputs: Vec<Case> = [Kind::InvalidOutput, Kind::ValidOutput]
        .into_iter()
        .flat_map(|kind| of(kind).into_iter().map(|found| found.case.clone()))
        .collect();
    let refused = match with_outputs.is_empty() {
        true => Vec::new(),
        false => {
            let checked = input_validators::check(dir, folder, &with_outputs);
            if !checked.broken.is_empty() {
                found.broken = checked.broken;
                return found;
            }
            checked.invalid
        }
    };
    for kind in [Kind::InvalidOutput, Kind::ValidOutput] {
        outputs(kind, folder, &of(kind), &refused, &mut found);
    }
    found
}

/// Runs the input validators on the `invalid_input` cases: each must be refused by one.
fn invalid_inputs(
    dir: &Path,
    folder: &CaseFolder,
    these: &[&ValidationCase],
    found: &mut ValidationDataFindings,
) {
    if these.is_empty() {
        return;
    }
    let cases: Vec<Case> = these.iter().map(|found| found.case.clone()).collect();
    let checked = input_validators::check(dir, folder, &cases);
    if !checked.broken.is_empty() {
        found.broken = checked.broken;
        return;
    }
    if checked.names.is_empty() && !checked.skipped.is_empty() {
        // Why each validator was skipped is said once, by the check of the inputs.
        found.warnings.push(format!(
            "{} not checked: no input validator runs here",
            count(cases.len(), "invalid_input case")
        ));
        return;
    }
    let accepted: Vec<String> = cases
        .iter()
        .filter(|case| {
            !checked
                .invalid
                .iter()
                .any(|refused| refused.case == case.name)
        })
        .map(|case| match checked.names.is_empty() {
            true => format!(
                "{}: no input validator refuses it (the package has none)",
                case.name
            ),
            false => format!("{}: accepted by every input validator", case.name),
        })
        .collect();
    let validators = match checked.names.is_empty() {
        true => "no input validator".to_string(),
        false => checked.names.join(", "),
    };
    found.kind(
        format!(
            "invalid_input ({validators}): {} of {} refused, as they must be",
            cases.len() - accepted.len(),
            count(cases.len(), "input")
        ),
        accepted,
    );
}

/// Why the output validator's verdict on a validation output is not the one it must be, or
/// `None` when it is.
fn wrong_way(kind: Kind, verdict: Verdict) -> Option<String> {
    match (kind, verdict) {
        (Kind::InvalidOutput, Verdict::WrongAnswer(_)) | (Kind::ValidOutput, Verdict::Accepted) => {
            None
        }
        (_, Verdict::Accepted) => Some("accepted by the output validator".to_string()),
        (_, Verdict::WrongAnswer(Wrong::Because(why))) => {
            Some(format!("rejected by the output validator: {why}"))
        }
        (_, Verdict::WrongAnswer(Wrong::Differs { tokens_match, .. })) => {
            Some(match tokens_match {
                true => "rejected by the default output validator: its spacing differs from the answer's".to_string(),
                false => "rejected by the default output validator: it differs from the answer".to_string(),
            })
        }
        (_, Verdict::JudgeError(why)) => Some(format!("the output validator failed: {why}")),
        (_, other) => Some(format!("the output validator gave {}", other.code())),
    }
}

/// Runs the output validator on the `invalid_output` or `valid_output` cases: it must reject,
/// or accept, each; and the input of each must be valid (none `refused`).
fn outputs(
    kind: Kind,
    folder: &CaseFolder,
    these: &[&ValidationCase],
    refused: &[input_validators::Refused],
    found: &mut ValidationDataFindings,
) {
    let Some(first) = these.first() else {
        return;
    };
    let done = match kind {
        Kind::InvalidOutput => "rejected",
        _ => "accepted",
    };
    let validator = match folder.judging_of(&first.case) {
        // A validator built from source runs from the cache: its file's name says nothing.
        Judging::Validator { .. } => "the package's output validator",
        Judging::KattisDefault(_) => "the default output validator",
        Judging::Interactive(_) => {
            found.warnings.push(format!(
                "{} not checked: the problem is interactive, and data/{} is for problems that are not",
                count(these.len(), &format!("{} case", kind.folder())),
                kind.folder()
            ));
            return;
        }
        _ => {
            found.warnings.push(format!(
                "{} not checked: the package has no Kattis output validator",
                count(these.len(), &format!("{} case", kind.folder()))
            ));
            return;
        }
    };
    let mut wrong = Vec::new();
    for found in these {
        let case = &found.case;
        let (Some(answer), Some(output)) = (&case.expected, &found.output) else {
            continue;
        };
        let read = |path: &Path| {
            fs::read(path).map_err(|error| format!("cannot read {}: {error}", path.display()))
        };
        let verdict = match (read(output), folder.judging_of(case)) {
            (Err(why), _) => Verdict::JudgeError(why),
            (Ok(output), Judging::Validator { program, args, .. }) => {
                output_validator::validate(program, args, case, answer, &output)
            }
            (Ok(output), Judging::KattisDefault(default)) => match read(answer) {
                Ok(answer) => compare_verdict(&answer, &output, kattis_mode(default)),
                Err(why) => Verdict::JudgeError(why),
            },
            (Ok(_), other) => Verdict::JudgeError(format!("judged by {other:?}")),
        };
        let input_refused = refused.iter().find(|refused| refused.case == case.name);
        if let Some(refused) = input_refused {
            wrong.push(format!(
                "{}: its input is not valid: {}",
                case.name, refused.why
            ));
        } else if let Some(why) = wrong_way(kind, verdict) {
            wrong.push(format!("{}: {why}", case.name));
        }
    }
    found.kind(
        format!(
            "{} ({validator}): {} of {} {done}, as they must be",
            kind.folder(),
            these.len() - wrong.len(),
            count(these.len(), "output")
        ),
        wrong,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_must_go_its_own_way() {
        let because = || Verdict::WrongAnswer(Wrong::Because("no".into()));
        assert_eq!(wrong_way(Kind::InvalidOutput, because()), None);
        assert_eq!(wrong_way(Kind::ValidOutput, Verdict::Accepted), None);
        assert_eq!(
            wrong_way(Kind::InvalidOutput, Verdict::Accepted).as_deref(),
            Some("accepted by the output validator")
        );
        assert_eq!(
            wrong_way(Kind::ValidOutput, because()).as_deref(),
            Some("rejected by the output validator: no")
        );
        // A broken validator is never what a case must show.
        assert!(wrong_way(Kind::InvalidOutput, Verdict::JudgeError("exit 1".into())).is_some());
    }
}
