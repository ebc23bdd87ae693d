//! Finding the cases of a folder, in whichever layout it has (see `layout`), with its judge
//! files from the sibling `D.judge/` (see `judge_files`) and its own limits (see
//! `folder_limits`); and, for the solvers, one folder `cases/<solver>/` per solver.
//!
//! An `interactor` judge file (a command line) makes a folder interactive: the program talks with
//! that interactor, and answers are optional (the interactor gets a copy). An `interactive` judge
//! file names one of the judge's built-in opponents instead: each input describes the games, and
//! there are no answers. A `checker`, or a Kattis package's output validator, judges the outputs
//! instead of a comparison.
//!
//! Anything wrong with a case set is an error, never a silent pass: an input without its answer
//! (or the reverse), a folder with no cases, two layouts at once, a folder with no solver, a
//! solver with no folder, a file that cannot be read, an unknown protocol, a judge file left
//! among the cases.

use std::cmp::Ordering;
use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::folder_limits::{parse_problem_xml, parse_problem_yaml, FolderLimits};
use crate::grade::interactive::{BuiltIn, Interactor};
use crate::judge_files::{self, JudgeFiles};
use crate::layout::{self, kattis, Answers, Layout};

/// One case: its name (the shared file stem), its input and, unless interactive, its expected
/// output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub name: String,
    pub input: PathBuf,
    pub expected: Option<PathBuf>,
}

/// How the cases of a folder are judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judging {
    /// The program's output is compared with `NAME.out`.
    Compare,
    /// The program talks with an interactor.
    Interactive(Interactor),
    /// A checker command decides, given the input, the actual and the expected output;
    /// `dir` is the folder it runs in.
    Checker { command: String, dir: PathBuf },
    /// A Kattis output validator decides: `PROGRAM INPUT ANSWER FEEDBACK_DIR`, the output on
    /// its stdin, exit 42 accepted, 43 wrong.
    Validator { program: PathBuf },
}

/// The cases of one folder and how to judge them.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseFolder {
    pub judging: Judging,
    pub cases: Vec<Case>,
    pub layout: Layout,
    /// The folder's own limits (its package's, then its `D.judge/limits`).
    pub limits: FolderLimits,
    /// Case-like files that were skipped, one line each.
    pub warnings: Vec<String>,
}

/// A solver and the cases of its folder.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    pub name: String,
    pub folder: CaseFolder,
}

/// Something wrong with a case set; each names the file or folder at fault.
#[derive(Debug)]
pub enum CaseSetError {
    MissingExpected {
        input: PathBuf,
        expected: PathBuf,
    },
    MissingInput {
        expected: PathBuf,
        input: PathBuf,
    },
    NoCases {
        dir: PathBuf,
    },
    NoSolver {
        dir: PathBuf,
        solver: PathBuf,
    },
    NoCaseFolder {
        solver: PathBuf,
        dir: PathBuf,
    },
    Unreadable {
        path: PathBuf,
        error: io::Error,
    },
    UnknownProtocol {
        marker: PathBuf,
        found: String,
    },
    ExpectedInInteractive {
        expected: PathBuf,
    },
    EmptyChecker {
        marker: PathBuf,
    },
    InteractiveWithChecker {
        dir: PathBuf,
    },
    Ambiguous {
        dir: PathBuf,
        first: String,
        second: String,
    },
    Moved {
        found: PathBuf,
        goes_to: PathBuf,
    },
    Problem {
        path: PathBuf,
        message: String,
    },
}

impl fmt::Display for CaseSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseSetError::MissingExpected { input, expected } => write!(
                f,
                "{} has no expected output {}",
                input.display(),
                expected.display()
            ),
            CaseSetError::MissingInput { expected, input } => write!(
                f,
                "{} has no input {}",
                expected.display(),
                input.display()
            ),
            CaseSetError::NoCases { dir } => write!(
                f,
                "{} holds no cases (NAME.in + NAME.out, in/ + out/, a Kattis data/ or a Polygon tests/)",
                dir.display()
            ),
            CaseSetError::Ambiguous { dir, first, second } => write!(
                f,
                "{} holds two layouts at once, {first} and {second}: keep one",
                dir.display()
            ),
            CaseSetError::Moved { found, goes_to } => write!(
                f,
                "{}: judge files go beside the cases now, not among them: move it to {}",
                found.display(),
                goes_to.display()
            ),
            CaseSetError::Problem { path, message } => write!(f, "{}: {message}", path.display()),
            CaseSetError::NoSolver { dir, solver } => write!(
                f,
                "{} has no solver: expected {}",
                dir.display(),
                solver.display()
            ),
            CaseSetError::NoCaseFolder { solver, dir } => write!(
                f,
                "{} has no cases: expected a folder {}",
                solver.display(),
                dir.display()
            ),
            CaseSetError::Unreadable { path, error } => {
                write!(f, "cannot read {}: {error}", path.display())
            }
            CaseSetError::UnknownProtocol { marker, found } => write!(
                f,
                "{} names the built-in opponent {found:?}; the judge has {} (or put an interactor's command line in an `interactor` file)",
                marker.display(),
                BuiltIn::ALL.map(BuiltIn::name).join(", ")
            ),
            CaseSetError::EmptyChecker { marker } => {
                write!(f, "{} holds no checker command", marker.display())
            }
            CaseSetError::InteractiveWithChecker { dir } => write!(
                f,
                "{} has an interactor (or an interactive file) and a checker; an interactive folder needs no checker",
                dir.display()
            ),
            CaseSetError::ExpectedInInteractive { expected } => write!(
                f,
                "{}: an interactive folder has no expected outputs (the judge plays the opponent)",
                expected.display()
            ),
        }
    }
}

impl std::error::Error for CaseSetError {}

/// The entries of a folder, sorted by name.
pub fn entries(dir: &Path) -> Result<Vec<PathBuf>, CaseSetError> {
    let unreadable = |error| CaseSetError::Unreadable {
        path: dir.to_path_buf(),
        error,
    };
    let mut paths = fs::read_dir(dir)
        .map_err(unreadable)?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(unreadable)?;
    paths.sort();
    Ok(paths)
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned())
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |stem| stem.to_string_lossy().into_owned())
}

/// Checks that a case file is a regular file (after following links: a FIFO or a device would
/// hang or never end) and can be opened. Looks before it opens, so a FIFO never blocks.
pub fn readable(path: &Path) -> Result<(), CaseSetError> {
    let unreadable = |error| CaseSetError::Unreadable {
        path: path.to_path_buf(),
        error,
    };
    let metadata = fs::metadata(path).map_err(unreadable)?;
    if !metadata.is_file() {
        return Err(unreadable(io::Error::new(
            io::ErrorKind::Other,
            "not a regular file",
        )));
    }
    fs::File::open(path).map(drop).map_err(unreadable)
}

fn has_extension(path: &Path, extension: &str) -> bool {
    path.extension().is_some_and(|found| found == extension)
}

/// Orders names the way people count: `sample-2` before `sample-10`.
pub fn natural_order(a: &str, b: &str) -> Ordering {
    fn chunks(text: &str) -> Vec<(bool, &str)> {
        let mut chunks = Vec::new();
        let mut start = 0;
        let bytes = text.as_bytes();
        for index in 1..=bytes.len() {
            if index == bytes.len()
                || bytes[index].is_ascii_digit() != bytes[index - 1].is_ascii_digit()
            {
                chunks.push((bytes[start].is_ascii_digit(), &text[start..index]));
                start = index;
            }
        }
        chunks
    }
    let (a_chunks, b_chunks) = (chunks(a), chunks(b));
    for (&(a_digits, a_text), &(b_digits, b_text)) in a_chunks.iter().zip(&b_chunks) {
        let order = if a_digits && b_digits {
            let (a_number, b_number) = (
                a_text.trim_start_matches('0'),
                b_text.trim_start_matches('0'),
            );
            a_number
                .len()
                .cmp(&b_number.len())
                .then_with(|| a_number.cmp(b_number))
        } else {
            a_text.cmp(b_text)
        };
        if order != Ordering::Equal {
            return order;
        }
    }
    a_chunks.len().cmp(&b_chunks.len()).then_with(|| a.cmp(b))
}

/// How a folder is judged: by its judge files, or by its Kattis output validator.
fn judging(files: &JudgeFiles, validator: Option<PathBuf>) -> Result<Judging, CaseSetError> {
    let dir = files.dir.clone();
    let interactor = match (&files.interactor, &files.interactive) {
        (Some(_), Some(_)) => {
            return Err(CaseSetError::Problem {
                path: dir.join(judge_files::INTERACTIVE),
                message: format!(
                    "both this and an interactor in {}; keep one",
                    dir.join(judge_files::INTERACTOR).display()
                ),
            })
        }
        (Some(command), None) => Some(Interactor::Program {
            command: command.clone(),
            dir: Some(dir.clone()),
        }),
        (None, Some(name)) => match BuiltIn::named(name) {
            Some(builtin) => Some(Interactor::BuiltIn(builtin)),
            None => {
                return Err(CaseSetError::UnknownProtocol {
                    marker: dir.join(judge_files::INTERACTIVE),
                    found: name.clone(),
                })
            }
        },
        (None, None) => None,
    };
    match (interactor, &files.checker, validator) {
        (Some(_), Some(_), _) => Err(CaseSetError::InteractiveWithChecker { dir }),
        (Some(interactor), None, _) => Ok(Judging::Interactive(interactor)),
        (None, Some(_), Some(program)) => Err(CaseSetError::Problem {
            path: dir.join(judge_files::CHECKER),
            message: format!(
                "two checkers: this one and the package's output validator {}; keep one",
                program.display()
            ),
        }),
        (None, Some(command), None) => Ok(Judging::Checker {
            command: command.clone(),
            dir,
        }),
        (None, None, Some(program)) => Ok(Judging::Validator { program }),
        (None, None, None) => Ok(Judging::Compare),
    }
}

/// Whether a folder judged this way has answers.
pub fn answers(judging: &Judging) -> Answers {
    match judging {
        Judging::Interactive(Interactor::BuiltIn(_)) => Answers::Forbidden,
        Judging::Interactive(Interactor::Program { .. }) => Answers::Optional,
        _ => Answers::Required,
    }
}

/// The limits a package states in its own file: Kattis `problem.yaml`, Polygon `problem.xml`.
fn package_limits(dir: &Path, layout: Layout) -> Result<FolderLimits, CaseSetError> {
    type Parser = fn(&str, &str) -> Result<FolderLimits, String>;
    let (file, parse): (&str, Parser) = match layout {
        Layout::Kattis => ("problem.yaml", parse_problem_yaml),
        Layout::Polygon => ("problem.xml", parse_problem_xml),
        _ => return Ok(FolderLimits::default()),
    };
    let path = dir.join(file);
    if !path.exists() {
        return Ok(FolderLimits::default());
    }
    readable(&path)?;
    let text = fs::read_to_string(&path).map_err(|error| CaseSetError::Unreadable {
        path: path.clone(),
        error,
    })?;
    parse(&text, file).map_err(|message| CaseSetError::Problem { path, message })
}

/// The cases of one folder in its layout, in natural order of names, with how to judge them and
/// its limits. Every problem found is returned, not just the first.
pub fn read_cases(dir: &Path) -> Result<CaseFolder, Vec<CaseSetError>> {
    read_cases_with(dir, None)
}

/// As `read_cases`, with `interactor` (given on the command line) judging the folder whatever
/// its judge files say.
pub fn read_cases_with(
    dir: &Path,
    interactor: Option<Interactor>,
) -> Result<CaseFolder, Vec<CaseSetError>> {
    let one = |error| vec![error];
    entries(dir).map_err(one)?;
    let files = judge_files::read(dir).map_err(one)?;
    let Some(layout) = layout::detect(dir).map_err(one)? else {
        return Err(vec![CaseSetError::NoCases {
            dir: dir.to_path_buf(),
        }]);
    };
    let validator = match layout {
        Layout::Kattis => kattis::output_validator(dir).map_err(one)?,
        _ => None,
    };
    let judging = match interactor {
        Some(interactor) => Judging::Interactive(interactor),
        None => judging(&files, validator).map_err(one)?,
    };
    let limits = package_limits(dir, layout)
        .map_err(one)?
        .overridden_by(files.limits);
    let mut listing = layout::list(dir, layout, answers(&judging))?;
    if listing.cases.is_empty() {
        return Err(vec![CaseSetError::NoCases {
            dir: dir.to_path_buf(),
        }]);
    }
    listing
        .cases
        .sort_by(|a, b| natural_order(&a.name, &b.name));
    Ok(CaseFolder {
        judging,
        cases: listing.cases,
        layout,
        limits,
        warnings: listing.warnings,
    })
}

/// The solver names: the stem of every `.rs` file in `bin_dir`.
pub fn solver_names(bin_dir: &Path) -> Result<Vec<String>, CaseSetError> {
    Ok(entries(bin_dir)?
        .iter()
        .filter(|path| has_extension(path, "rs"))
        .map(|path| stem(path))
        .collect())
}

/// Every solver in `bin_dir` with the cases of its folder under `cases_root`, sorted by name.
/// Fails with every problem found: folders without a solver, solvers without a folder, and
/// whatever is wrong inside each folder.
pub fn discover(cases_root: &Path, bin_dir: &Path) -> Result<Vec<Problem>, Vec<CaseSetError>> {
    let solvers = solver_names(bin_dir).map_err(|error| vec![error])?;
    let folders = entries(cases_root).map_err(|error| vec![error])?;
    let mut errors = Vec::new();
    for folder in folders.iter().filter(|path| path.is_dir()) {
        let name = file_name(folder);
        if let Some(case_folder) = name.strip_suffix(".judge") {
            if !cases_root.join(case_folder).is_dir() {
                errors.push(CaseSetError::Problem {
                    path: folder.clone(),
                    message: format!(
                        "judge files for a case folder {case_folder} that is not there"
                    ),
                });
            }
            continue;
        }
        if !solvers.contains(&name) {
            errors.push(CaseSetError::NoSolver {
                dir: folder.clone(),
                solver: bin_dir.join(format!("{name}.rs")),
            });
        }
    }
    let mut problems = Vec::new();
    for name in solvers {
        let dir = cases_root.join(&name);
        if !dir.is_dir() {
            errors.push(CaseSetError::NoCaseFolder {
                solver: bin_dir.join(format!("{name}.rs")),
                dir,
            });
            continue;
        }
        match read_cases(&dir) {
            Ok(folder) => problems.push(Problem { name, folder }),
            Err(found) => errors.extend(found),
        }
    }
    if errors.is_empty() {
        Ok(problems)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(files: &[&str]) -> PathBuf {
        crate::scratch::folder_with_files("case-set", files)
    }

    /// Writes a judge file into the folder's sibling `D.judge/`.
    fn judge_file(dir: &Path, name: &str, text: &str) {
        let judge = judge_files::judge_folder(dir);
        fs::create_dir_all(&judge).unwrap();
        fs::write(judge.join(name), text).unwrap();
    }

    fn messages(errors: Vec<CaseSetError>) -> Vec<String> {
        errors.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn natural_order_counts_numbers() {
        let mut names = vec!["sample-10", "sample-2", "edge", "sample-1", "sample-02x"];
        names.sort_by(|a, b| natural_order(a, b));
        assert_eq!(
            names,
            ["edge", "sample-1", "sample-2", "sample-02x", "sample-10"]
        );
    }

    #[test]
    fn pairs_cases_by_stem_in_natural_order() {
        let dir = folder(&[
            "sample-10.in",
            "sample-10.out",
            "sample-2.in",
            "sample-2.out",
            "notes.md",
        ]);
        let names: Vec<String> = read_cases(&dir)
            .unwrap()
            .cases
            .into_iter()
            .map(|case| case.name)
            .collect();
        assert_eq!(names, ["sample-2", "sample-10"]);
    }

    #[test]
    fn orphans_and_empty_folders_are_errors() {
        let dir = folder(&["a.in", "b.out", "c.in", "c.out"]);
        let errors = messages(read_cases(&dir).unwrap_err());
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].contains("a.in has no expected output") && errors[0].ends_with("a.out"));
        assert!(errors[1].contains("b.out has no input") && errors[1].ends_with("b.in"));
        let empty = messages(read_cases(&folder(&[])).unwrap_err());
        assert!(
            empty[0].contains("holds no cases (NAME.in + NAME.out, in/ + out/"),
            "{empty:?}"
        );
    }

    #[test]
    fn solvers_and_folders_must_match() {
        let root = folder(&[
            "bin/alpha.rs",
            "bin/beta.rs",
            "cases/alpha/s.in",
            "cases/alpha/s.out",
            "cases/gamma/s.in",
            "cases/gamma/s.out",
        ]);
        let errors = messages(discover(&root.join("cases"), &root.join("bin")).unwrap_err());
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors
            .iter()
            .any(|e| e.contains("gamma has no solver") && e.ends_with("gamma.rs")));
        assert!(errors.iter().any(|e| e.contains("beta.rs has no cases")));
    }

    #[test]
    fn discovers_every_solver_with_its_cases() {
        let root = folder(&["bin/alpha.rs", "cases/alpha/s.in", "cases/alpha/s.out"]);
        let problems = discover(&root.join("cases"), &root.join("bin")).unwrap();
        assert_eq!(problems.len(), 1);
        assert_eq!(
            (problems[0].name.as_str(), problems[0].folder.cases.len()),
            ("alpha", 1)
        );
        assert_eq!(problems[0].folder.judging, Judging::Compare);
    }

    #[test]
    fn an_interactive_folder_has_inputs_only() {
        let dir = folder(&["random.in", "every-line.in"]);
        judge_file(&dir, "interactive", "# the protocol\ntic-tac-toe\n");
        let found = read_cases(&dir).unwrap();
        assert_eq!(
            found.judging,
            Judging::Interactive(Interactor::BuiltIn(BuiltIn::TicTacToe))
        );
        assert_eq!(found.cases.len(), 2);
        assert!(found.cases.iter().all(|case| case.expected.is_none()));
        fs::write(dir.join("random.out"), "").unwrap();
        let errors = messages(read_cases(&dir).unwrap_err());
        assert!(errors[0].ends_with("random.out: an interactive folder has no expected outputs (the judge plays the opponent)"), "{errors:?}");
        judge_file(&dir, "interactive", "# a comment\nchess\n");
        let errors = messages(read_cases(&dir).unwrap_err());
        assert!(
            errors[0].contains("names the built-in opponent \"chess\"; the judge has tic-tac-toe"),
            "{errors:?}"
        );
    }

    #[test]
    fn an_interactor_folder_may_have_answers_or_not() {
        let dir = folder(&["guess-1.in", "guess-1.out", "guess-2.in"]);
        judge_file(
            &dir,
            "interactor",
            "# Kattis order
python3 interact.py
",
        );
        let found = read_cases(&dir).unwrap();
        assert_eq!(
            found.judging,
            Judging::Interactive(Interactor::Program {
                command: "python3 interact.py".into(),
                dir: Some(judge_files::judge_folder(&dir)),
            })
        );
        let answers: Vec<bool> = found
            .cases
            .iter()
            .map(|case| case.expected.is_some())
            .collect();
        assert_eq!(answers, [true, false]);
        // An answer without its input is still an error.
        fs::write(dir.join("guess-3.out"), "").unwrap();
        let errors = messages(read_cases(&dir).unwrap_err());
        assert!(errors[0].contains("guess-3"), "{errors:?}");
        fs::remove_file(dir.join("guess-3.out")).unwrap();
        judge_file(&dir, "interactive", "tic-tac-toe\n");
        let errors = messages(read_cases(&dir).unwrap_err());
        assert!(errors[0].contains("keep one"), "{errors:?}");
    }

    #[test]
    fn an_interactor_on_the_command_line_judges_any_folder() {
        let dir = folder(&["a.in"]);
        assert!(
            read_cases(&dir).is_err(),
            "no answer: not a case without an interactor"
        );
        let interactor = Interactor::Program {
            command: "./i".into(),
            dir: None,
        };
        let found = read_cases_with(&dir, Some(interactor.clone())).unwrap();
        assert_eq!(found.judging, Judging::Interactive(interactor));
        assert_eq!(found.cases.len(), 1);
    }

    #[test]
    fn a_case_file_that_cannot_be_read_is_an_error() {
        let dir = folder(&["a.out", "b.in", "b.out"]);
        fs::create_dir(dir.join("a.in")).unwrap();
        let errors = messages(read_cases(&dir).unwrap_err());
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].starts_with("cannot read ")
                && errors[0].ends_with("a.in: not a regular file")
        );
    }

    #[test]
    fn a_checker_folder_names_its_command() {
        let dir = folder(&["a.in", "a.out"]);
        judge_file(&dir, "checker", "# how to check\n./check.sh\n");
        let found = read_cases(&dir).unwrap();
        assert_eq!(
            found.judging,
            Judging::Checker {
                command: "./check.sh".to_string(),
                dir: judge_files::judge_folder(&dir)
            }
        );
        judge_file(&dir, "checker", "# nothing\n");
        let errors = messages(read_cases(&dir).unwrap_err());
        assert!(
            errors[0].ends_with("holds no checker command"),
            "{errors:?}"
        );
        judge_file(&dir, "checker", "./check.sh\n");
        judge_file(&dir, "interactive", "tic-tac-toe\n");
        let errors = messages(read_cases(&dir).unwrap_err());
        assert!(
            errors[0].contains("has an interactor (or an interactive file) and a checker"),
            "{errors:?}"
        );
    }

    #[test]
    fn a_missing_folder_is_an_unreadable_error() {
        let root = folder(&[]);
        let errors = messages(read_cases(&root.join("nowhere")).unwrap_err());
        assert!(
            errors[0].starts_with("cannot read ") && errors[0].contains("nowhere"),
            "{errors:?}"
        );
    }
}
