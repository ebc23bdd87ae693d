//! A Kattis package's validation test data (the 2025-09 format's `data/invalid_input/`,
//! `data/invalid_output/` and `data/valid_output/`): cases that are never judged, but that
//! `judge verify` holds the validators to. An `invalid_input` case is `NAME.in`, which some
//! input validator must refuse; an `invalid_output` or `valid_output` case is `NAME.in`,
//! `NAME.ans` and `NAME.out`, and the output validator must reject, or accept, `NAME.out` as
//! the output for that input and answer. Each folder is read below too; its cases are named by
//! their path below `data/` (`invalid_output/wrong_sum`) and listed in natural order.

use super::files::natural_order;
use super::Case;
use std::fs;
use std::path::{Path, PathBuf};

/// What a validation case must show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Some input validator refuses the input.
    InvalidInput,
    /// The output validator rejects the output.
    InvalidOutput,
    /// The output validator accepts the output.
    ValidOutput,
}

impl Kind {
    /// The three, in the order they are checked.
    pub const ALL: [Kind; 3] = [Kind::InvalidInput, Kind::InvalidOutput, Kind::ValidOutput];

    /// Its folder below `data/`.
    pub fn folder(self) -> &'static str {
        match self {
            Kind::InvalidInput => "invalid_input",
            Kind::InvalidOutput => "invalid_output",
            Kind::ValidOutput => "valid_output",
        }
    }
}

/// One validation case: the case (its name, its `.in`, its `.ans` where its kind has one) and
/// the output to validate (`.out`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidationCase {
    pub kind: Kind,
    pub case: Case,
    pub output: Option<PathBuf>,
}

/// Whether `name` is the folder of a kind of validation data, below `data/`.
pub fn is_validation_folder(name: &str) -> bool {
    Kind::ALL.iter().any(|kind| kind.folder() == name)
}

/// The `.in` files below `folder`, with the folder of each.
fn inputs(folder: &Path, found: &mut Vec<PathBuf>, errors: &mut Vec<String>) {
    let entries = match fs::read_dir(folder) {
        Ok(entries) => entries,
        Err(error) => return errors.push(format!("cannot read {}: {error}", folder.display())),
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        // A link to a folder is not followed: a loop must not read forever.
        let real_folder = entry.file_type().is_ok_and(|kind| kind.is_dir());
        if real_folder {
            inputs(&path, found, errors);
        } else if name.ends_with(".in") && path.is_file() {
            found.push(path);
        }
    }
}

/// The validation cases of the Kattis package at `dir`, or what is wrong with them (an
/// `invalid_output` or `valid_output` case without its `.ans` or `.out`).
pub fn read(dir: &Path) -> Result<Vec<ValidationCase>, Vec<String>> {
    let data = dir.join("data");
    let mut cases = Vec::new();
    let mut errors = Vec::new();
    for kind in Kind::ALL {
        let folder = data.join(kind.folder());
        if !folder.is_dir() {
            continue;
        }
        let mut found = Vec::new();
        inputs(&folder, &mut found, &mut errors);
        let named = |input: &Path| {
            let below = input.strip_prefix(&data).unwrap_or(input);
            below.with_extension("").to_string_lossy().into_owned()
        };
        let mut these: Vec<ValidationCase> = Vec::new();
        for input in found {
            let (expected, output) = match kind {
                Kind::InvalidInput => (None, None),
                Kind::InvalidOutput | Kind::ValidOutput => {
                    let (answer, output) =
                        (input.with_extension("ans"), input.with_extension("out"));
                    let absent: Vec<String> = [&answer, &output]
                        .into_iter()
                        .filter(|path| !path.is_file())
                        .map(|path| path.display().to_string())
                        .collect();
                    if !absent.is_empty() {
                        errors.push(format!(
                            "{}: a case of {} needs its .in, .ans and .out; {} is not there",
                            input.display(),
                            kind.folder(),
                            absent.join(" nor ")
                        ));
                        continue;
                    }
                    (Some(answer), Some(output))
                }
            };
            these.push(ValidationCase {
                kind,
                case: Case {
                    name: named(&input),
                    input,
                    expected,
                    args: Vec::new(),
                    files: None,
                },
                output,
            });
        }
        these.sort_by(|a, b| natural_order(&a.case.name, &b.case.name));
        cases.extend(these);
    }
    match errors.is_empty() {
        true => Ok(cases),
        false => Err(errors),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_is_read_below_its_folder_in_natural_order() {
        let dir = crate::test_folders::folder_with_files(
            "validation-data",
            &[
                "data/invalid_input/10.in",
                "data/invalid_input/2.in",
                "data/invalid_input/deep/x.in",
                "data/invalid_input/notes.txt",
                "data/valid_output/a.in",
                "data/valid_output/a.ans",
                "data/valid_output/a.out",
                "data/secret/1.in",
            ],
        );
        let cases = read(&dir).unwrap();
        let names: Vec<(&str, Kind)> = cases
            .iter()
            .map(|found| (found.case.name.as_str(), found.kind))
            .collect();
        assert_eq!(
            names,
            [
                ("invalid_input/2", Kind::InvalidInput),
                ("invalid_input/10", Kind::InvalidInput),
                ("invalid_input/deep/x", Kind::InvalidInput),
                ("valid_output/a", Kind::ValidOutput),
            ]
        );
        assert_eq!(cases[0].case.expected, None);
        assert_eq!(
            cases[3].output.as_deref(),
            Some(dir.join("data/valid_output/a.out").as_path())
        );
    }

    #[test]
    fn an_output_case_without_its_out_is_an_error_naming_it() {
        let dir = crate::test_folders::folder_with_files(
            "validation-data-missing",
            &["data/invalid_output/w.in", "data/invalid_output/w.ans"],
        );
        let errors = read(&dir).unwrap_err();
        assert_eq!(errors.len(), 1);
        assert!(
            errors[0].contains("w.in: a case of invalid_output needs its .in, .ans and .out")
                && errors[0].ends_with("data/invalid_output/w.out is not there"),
            "{}",
            errors[0]
        );
    }
}
