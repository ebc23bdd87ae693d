//! What can be wrong with a case folder, each error naming the file or folder at fault.

use super::BuiltIn;
use std::fmt;
use std::io;
use std::path::PathBuf;

/// Something wrong with a case set; each names the file or folder at fault.
#[derive(Debug)]
pub enum CaseError {
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
    /// A file the judge would read that is not a regular file, or is the kernel's (under /proc
    /// or /sys), after following links: `what` it is, in the `role` it has.
    NotRegular {
        path: PathBuf,
        what: String,
        role: &'static str,
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
    /// A file of the folder or its package says something the judge cannot take.
    Invalid {
        path: PathBuf,
        message: String,
    },
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseError::MissingExpected { input, expected } => write!(
                f,
                "{} has no expected output {}",
                input.display(),
                expected.display()
            ),
            CaseError::MissingInput { expected, input } => write!(
                f,
                "{} has no input {}",
                expected.display(),
                input.display()
            ),
            CaseError::NoCases { dir } => write!(
                f,
                "{} holds no cases (NAME.in + NAME.out, in/ + out/, a Kattis data/ or a Polygon tests/)",
                dir.display()
            ),
            CaseError::Ambiguous { dir, first, second } => write!(
                f,
                "{} holds two layouts at once, {first} and {second}: keep one",
                dir.display()
            ),
            CaseError::Moved { found, goes_to } => write!(
                f,
                "{}: judge files go beside the cases now, not among them: move it to {}",
                found.display(),
                goes_to.display()
            ),
            CaseError::Invalid { path, message } => write!(f, "{}: {message}", path.display()),
            CaseError::NoSolver { dir, solver } => write!(
                f,
                "{} has no solver: expected {}",
                dir.display(),
                solver.display()
            ),
            CaseError::NoCaseFolder { solver, dir } => write!(
                f,
                "{} has no cases: expected a folder {}",
                solver.display(),
                dir.display()
            ),
            CaseError::Unreadable { path, error } => {
                write!(f, "cannot read {}: {error}", path.display())
            }
            CaseError::NotRegular { path, what, role } => write!(
                f,
                "{} is {what}: {role} must be a regular file outside /proc and /sys",
                path.display()
            ),
            CaseError::UnknownProtocol { marker, found } => write!(
                f,
                "{} names the built-in opponent {found:?}; the judge has {} (or put an interactor's command line in an `interactor` file)",
                marker.display(),
                BuiltIn::ALL.map(BuiltIn::name).join(", ")
            ),
            CaseError::EmptyChecker { marker } => {
                write!(f, "{} holds no checker command", marker.display())
            }
            CaseError::InteractiveWithChecker { dir } => write!(
                f,
                "{} has an interactor (or an interactive file) and a checker; an interactive folder needs no checker",
                dir.display()
            ),
            CaseError::ExpectedInInteractive { expected } => write!(
                f,
                "{}: an interactive folder has no expected outputs (the judge plays the opponent)",
                expected.display()
            ),
        }
    }
}

impl std::error::Error for CaseError {}
