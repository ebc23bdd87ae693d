//! The cases module: finding the cases of a folder, in whichever layout it has (`layout`), with
//! its judge files from the sibling `D.judge/` (`judge_files`) and its own limits
//! (`folder_limits`), or a Kattis package's own rules (`layout::kattis`, from `kattis_yaml`);
//! how they are judged, as plain data (`Judging`, `Interactor`, `BuiltIn`);
//! for the solvers, one folder `cases/<solver>/` per solver (`solvers`); `NAME/CASE` patterns
//! (`select`); and what can be wrong (`error`).
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

pub mod domjudge;
pub mod error;
pub mod files;
pub mod folder_limits;
pub mod input_head;
pub mod input_validators;
pub mod judge_files;
pub mod kattis_2025;
pub mod kattis_yaml;
pub mod layout;
pub mod package;
pub mod polygon_xml;
pub mod select;
pub mod solvers;
pub mod submissions;
pub mod submissions_yaml;
pub mod test_group;
pub mod validation_data;
pub mod xml;
pub mod yaml;

use crate::process::{sandbox, Program};
pub use error::CaseError;
use files::{entries, natural_order, readable};
use folder_limits::FolderLimits;
use judge_files::JudgeFiles;
pub use kattis_yaml::DefaultValidator;
use layout::{kattis, polygon, Answers, Layout};
use package::{Package, ProblemFile};
use std::fs;
use std::path::{Path, PathBuf};

/// One case: its name (the shared file stem), its input and, unless interactive, its expected
/// output; the arguments the program is run with on it (a 2025-09 package's `args`); and the
/// folder of input files copied into the program's working folder for each run on it (a
/// Kattis case's `NAME.files/`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub name: String,
    pub input: PathBuf,
    pub expected: Option<PathBuf>,
    pub args: Vec<String>,
    pub files: Option<PathBuf>,
}

/// How the cases of a folder are judged.
#[derive(Clone, Debug, PartialEq)]
pub enum Judging {
    /// The program's output is compared with `NAME.out`.
    Compare,
    /// A Kattis package without its own output validator: compared as Kattis's default output
    /// validator does, with the package's flags.
    KattisDefault(DefaultValidator),
    /// The program talks with an interactor.
    Interactive(Interactor),
    /// A checker command decides, given the input, the actual and the expected output;
    /// `dir` is the folder it runs in.
    Checker { command: String, dir: PathBuf },
    /// A Kattis output validator decides: `PROGRAM INPUT ANSWER FEEDBACK_DIR ARGS…` (`args`
    /// are the package's `validator_flags`), the output on its stdin, exit 42 accepted, 43
    /// wrong. `passes`: a multi-pass problem's most passes (the validator may ask for the
    /// program to run again on its `nextpass.in`); `None`, one pass.
    Validator {
        program: PathBuf,
        args: Vec<String>,
        passes: Option<usize>,
    },
    /// A Polygon package's testlib checker: `CHECKER INPUT OUTPUT ANSWER` in the package's
    /// folder `dir`, by testlib's exit statuses (0 OK, 1 WA, 2 PE, 3 FAIL, 7 points).
    Testlib {
        checker: TestlibProgram,
        dir: PathBuf,
    },
}

/// A testlib program of a Polygon package, built from its source: `program` runs it, `shown`
/// names it in messages (its source, or a checker's name such as `std::rcmp4.cpp`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestlibProgram {
    pub program: PathBuf,
    pub shown: String,
}

impl Judging {
    /// The folders of the programs that judge (a checker's, an output validator's, an
    /// interactor's, a testlib program's build), and of the files their commands name (a
    /// checker script kept elsewhere, an interactor given with `--interactor`): what a sandbox
    /// keeps from the judged program.
    pub fn program_folders(&self) -> Vec<PathBuf> {
        let mut folders = Vec::new();
        match self {
            Judging::Checker { command, dir } => {
                folders.push(dir.clone());
                folders.extend(sandbox::folders_named(command, dir));
            }
            Judging::Validator { program, .. } => folders.extend(file_folders(program)),
            Judging::Testlib { checker, dir } => {
                folders.push(dir.clone());
                folders.extend(file_folders(&checker.program));
            }
            Judging::Interactive(Interactor::Program { command, dir, .. }) => {
                folders.extend(dir.clone());
                let here = std::env::current_dir().unwrap_or_default();
                let base = dir.as_deref().unwrap_or(&here);
                folders.extend(sandbox::folders_named(command, base));
            }
            Judging::Interactive(Interactor::Testlib {
                interactor,
                checker,
                dir,
            }) => {
                folders.push(dir.clone());
                for program in std::iter::once(interactor).chain(checker) {
                    folders.extend(file_folders(&program.program));
                }
            }
            Judging::Compare
            | Judging::KattisDefault(_)
            | Judging::Interactive(Interactor::BuiltIn(_)) => {}
        }
        folders
    }
}

/// The folder of a file, and the folder of where it leads when it is a link.
fn file_folders(file: &Path) -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = file.parent().map(Path::to_path_buf).into_iter().collect();
    if let Ok(real) = fs::canonicalize(file) {
        folders.extend(real.parent().map(Path::to_path_buf));
    }
    folders
}

impl Case {
    /// Its input and its answer (if it has one).
    pub fn files(&self) -> Vec<PathBuf> {
        std::iter::once(self.input.clone())
            .chain(self.expected.clone())
            .collect()
    }

    /// The folders of its input and its answer, and of where links to them lead; and its
    /// `.files` folder (test data wherever a link to it leads).
    pub fn folders(&self) -> Vec<PathBuf> {
        let mut folders = file_folders(&self.input);
        if let Some(expected) = &self.expected {
            folders.extend(file_folders(expected));
        }
        folders.extend(self.files.clone());
        folders
    }
}

/// The other side of an interactive folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Interactor {
    /// A command line, run in `dir` (`D.judge/`) or, given on the command line, where the
    /// judge runs.
    Program {
        command: String,
        dir: Option<PathBuf>,
        /// A Kattis output validator: only exit 42 (accepted) and 43 (wrong) are rulings,
        /// anything else is a judge error, as in problemtools. Otherwise 0 and 1 or 2 (testlib)
        /// count too.
        kattis: bool,
        /// A multi-pass problem's most passes: the interactor may ask for another exchange
        /// with a fresh run of the program on its `nextpass.in`; `None`, one pass.
        passes: Option<usize>,
    },
    /// One of the judge's own opponents.
    BuiltIn(BuiltIn),
    /// A Polygon package's testlib interactor, run in the package's folder `dir` as
    /// `INTERACTOR INPUT OUTPUT ANSWER`, talking with the program and writing OUTPUT; then its
    /// checker, if it has one, judges that OUTPUT (`CHECKER INPUT OUTPUT ANSWER`). Both rule by
    /// testlib's exit statuses.
    Testlib {
        interactor: TestlibProgram,
        checker: Option<TestlibProgram>,
        dir: PathBuf,
    },
}

/// A built-in opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuiltIn {
    TicTacToe,
    Othello,
}

impl BuiltIn {
    /// Every built-in, for messages.
    pub const ALL: [BuiltIn; 2] = [BuiltIn::TicTacToe, BuiltIn::Othello];

    /// The built-in an `interactive` file names.
    pub fn named(name: &str) -> Option<BuiltIn> {
        BuiltIn::ALL
            .into_iter()
            .find(|builtin| builtin.name() == name)
    }

    pub fn name(self) -> &'static str {
        match self {
            BuiltIn::TicTacToe => "tic-tac-toe",
            BuiltIn::Othello => "othello",
        }
    }
}

/// The cases of one folder and how to judge them.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseFolder {
    pub judging: Judging,
    /// Test groups and cases judged otherwise (a Kattis group's own output validator flags, a
    /// 2025-09 case's own): each group's folder, or each case's input file, and its judging;
    /// the deepest that holds a case decides.
    pub groups: Vec<(PathBuf, Judging)>,
    pub cases: Vec<Case>,
    pub layout: Layout,
    /// The folder's own limits (its package's, then its `D.judge/limits`).
    pub limits: FolderLimits,
    /// Case-like files that were skipped, one line each.
    pub warnings: Vec<String>,
    /// A Kattis package's `include/` folder, put over a submission before it is built.
    pub includes: Option<PathBuf>,
    /// A Kattis package's test data configuration (its groups' and its cases' arguments).
    pub config: test_group::TestConfig,
    /// A 2025-09 Kattis package's `constants:`, put into a submission's source before it is
    /// built.
    pub constants: kattis_yaml::Constants,
    /// What the package's format calls an error and judging can go past (an unknown key of a
    /// 2025-09 problem.yaml): `judge verify` fails on them, judging warns.
    pub violations: Vec<String>,
    /// The package the folder is, as read once: its format, its problem file, its submissions
    /// (`None` for a folder of cases that is no package).
    pub package: Option<Package>,
}

impl CaseFolder {
    /// Which Python runs a Python 3 program by this folder's rules: PyPy for a Kattis package
    /// (problemtools runs `pypy3`), CPython for a DOMjudge one (a Kattis layout with
    /// DOMjudge's run rules), a Polygon one (`python.3`) and any other folder.
    pub fn python3(&self) -> crate::sources::Python3 {
        match self.layout == Layout::Kattis && self.limits.run_rules.is_none() {
            true => crate::sources::Python3::PyPy,
            false => crate::sources::Python3::CPython,
        }
    }

    /// Whose table of languages tells a submission's language: a Kattis package's (2025-09's
    /// and problemtools'), a DOMjudge one's (a Kattis layout with DOMjudge's run rules), a
    /// Polygon one's, else the judge's own.
    pub fn language_table(&self) -> crate::sources::Table {
        use crate::sources::Table;
        match self.layout {
            Layout::Kattis if self.limits.run_rules.is_some() => Table::DomJudge,
            Layout::Kattis => Table::Kattis,
            Layout::Polygon => Table::Polygon,
            _ => Table::Judge,
        }
    }

    /// How a submission is built by this folder's rules: which Python runs Python 3, and a
    /// Kattis package's include files put over it.
    pub fn dialect(&self) -> crate::sources::Dialect {
        crate::sources::Dialect {
            python3: self.python3(),
            cpp_standard: None,
            includes: self.includes.clone(),
            constants: self.constants.clone(),
            table: self.language_table(),
            named: None,
            entrypoint: None,
        }
    }

    /// How `case` is judged: by its own settings or the deepest group that holds it, else as
    /// the folder is (a case's entry is its input file: deeper than its folder).
    pub fn judging_of(&self, case: &Case) -> &Judging {
        self.groups
            .iter()
            .filter(|(group, _)| case.input.starts_with(group))
            .max_by_key(|(group, _)| group.components().count())
            .map_or(&self.judging, |(_, judging)| judging)
    }
}

/// How a folder is judged: by its judge files, or by its package's own rules (a Kattis
/// package's output validator, interactor or default validator).
fn judging(files: &JudgeFiles, package: Option<Judging>) -> Result<Judging, CaseError> {
    let dir = files.dir.clone();
    let interactor = match (&files.interactor, &files.interactive) {
        (Some(_), Some(_)) => {
            return Err(CaseError::Invalid {
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
            kattis: false,
            passes: None,
        }),
        (None, Some(name)) => match BuiltIn::named(name) {
            Some(builtin) => Some(Interactor::BuiltIn(builtin)),
            None => {
                return Err(CaseError::UnknownProtocol {
                    marker: dir.join(judge_files::INTERACTIVE),
                    found: name.clone(),
                })
            }
        },
        (None, None) => None,
    };
    // A package's default validator gives way to a judge file; its own program does not.
    let package = package.filter(|judging| {
        !matches!(judging, Judging::KattisDefault(_))
            || (interactor.is_none() && files.checker.is_none())
    });
    match (interactor, &files.checker, package) {
        (Some(_), Some(_), _) => Err(CaseError::InteractiveWithChecker { dir }),
        (Some(_), None, Some(package)) | (None, Some(_), Some(package)) => {
            let (file, theirs) = match &package {
                Judging::Interactive(_) => (judge_files::INTERACTOR, "interactor"),
                Judging::Testlib { .. } => (judge_files::CHECKER, "checker"),
                _ => (judge_files::CHECKER, "output validator"),
            };
            let file = match files.checker {
                Some(_) => judge_files::CHECKER,
                None => file,
            };
            Err(CaseError::Invalid {
                path: dir.join(file),
                message: format!(
                    "two judges: this one and the package's {theirs} {}; keep one",
                    package_program(&package)
                ),
            })
        }
        (Some(interactor), None, None) => {
            if let Interactor::Program { command, .. } = &interactor {
                runnable(command, &dir, judge_files::INTERACTOR)?;
            }
            Ok(Judging::Interactive(interactor))
        }
        (None, Some(command), None) => {
            runnable(command, &dir, judge_files::CHECKER)?;
            Ok(Judging::Checker {
                command: command.clone(),
                dir,
            })
        }
        (None, None, Some(package)) => Ok(package),
        (None, None, None) => Ok(Judging::Compare),
    }
}

/// Whether a judge file's command can run in `dir` (`D.judge/`, where it runs): a script or
/// program it names that is not there is the folder's error, said before any case runs, not a
/// verdict on every case (python3 exits 2 for a missing script, which a checker's rules read as
/// a rejection).
fn runnable(command: &str, dir: &Path, file: &str) -> Result<(), CaseError> {
    match Program::Shell(command.to_string()).cannot_run_in(dir) {
        None => Ok(()),
        Some(why) => Err(CaseError::Invalid {
            path: dir.join(file),
            message: format!("`{command}` cannot run in {}: {why}", dir.display()),
        }),
    }
}

/// The program of a package's judging, for messages.
fn package_program(judging: &Judging) -> String {
    match judging {
        Judging::Validator { program, .. } => program.display().to_string(),
        Judging::Interactive(Interactor::Program { command, dir, .. }) => match dir {
            Some(dir) => format!("{command} (in {})", dir.display()),
            None => command.clone(),
        },
        Judging::Testlib { checker, .. } => checker.shown.clone(),
        Judging::Interactive(Interactor::Testlib { interactor, .. }) => interactor.shown.clone(),
        _ => String::new(),
    }
}

/// Whether a folder judged this way has answers.
pub fn answers(judging: &Judging) -> Answers {
    match judging {
        Judging::Interactive(Interactor::BuiltIn(_)) => Answers::Forbidden,
        Judging::Interactive(Interactor::Program { .. } | Interactor::Testlib { .. }) => {
            Answers::Optional
        }
        _ => Answers::Required,
    }
}

/// The text of a package file, `None` when there is none.
fn package_file(path: &Path) -> Result<Option<String>, CaseError> {
    if !path.exists() {
        return Ok(None);
    }
    readable(path, "a problem file")?;
    fs::read_to_string(path)
        .map(Some)
        .map_err(|error| CaseError::Unreadable {
            path: path.to_path_buf(),
            error,
        })
}

/// What a package's rules say of its folder: how it is judged (`None`: by the judge files or
/// the comparison), its groups, limits, warnings and the rest `CaseFolder` carries; and the
/// package itself, as read once (`None` for a folder of cases that is no package).
#[derive(Default)]
struct PackageRules {
    judging: Option<Judging>,
    /// Its test groups judged otherwise (`CaseFolder::groups`).
    groups: Vec<(PathBuf, Judging)>,
    limits: FolderLimits,
    warnings: Vec<String>,
    /// A Kattis package's `include/` folder (`CaseFolder::includes`).
    includes: Option<PathBuf>,
    /// A Kattis package's test data configuration (`CaseFolder::config`).
    config: test_group::TestConfig,
    /// `CaseFolder::constants` and `CaseFolder::violations`.
    constants: kattis_yaml::Constants,
    violations: Vec<String>,
    package: Option<Package>,
}

/// The rules of the folder `dir` in `layout`: a package's own, read once
/// (`package::Package`), by its format's reader (`kattis::package`, `polygon::package`).
fn package_rules(dir: &Path, layout: Layout) -> Result<PackageRules, CaseError> {
    let Some(package) = Package::read(dir, layout)? else {
        return Ok(PackageRules::default());
    };
    match &package.problem {
        ProblemFile::Kattis(problem) => {
            let found = kattis::package(dir, problem, package.is_domjudge())?;
            Ok(PackageRules {
                judging: Some(found.judging),
                groups: found.groups,
                limits: found.limits,
                warnings: found.warnings,
                includes: found.includes,
                config: found.config,
                constants: found.constants,
                violations: found.violations,
                package: Some(package),
            })
        }
        ProblemFile::Polygon(problem) => {
            let found = polygon::package(dir, problem)?;
            Ok(PackageRules {
                judging: found.judging,
                limits: found.limits,
                warnings: found.warnings,
                package: Some(package),
                ..PackageRules::default()
            })
        }
    }
}

/// The cases of one folder in its layout, in natural order of names, with how to judge them and
/// its limits. Every problem found is returned, not just the first.
pub fn read_cases(dir: &Path) -> Result<CaseFolder, Vec<CaseError>> {
    read_cases_with(dir, None)
}

/// As `read_cases`, with `interactor` (given on the command line) judging the folder whatever
/// its judge files say.
pub fn read_cases_with(
    dir: &Path,
    interactor: Option<Interactor>,
) -> Result<CaseFolder, Vec<CaseError>> {
    let one = |error| vec![error];
    entries(dir).map_err(one)?;
    let files = judge_files::read(dir).map_err(one)?;
    let Some(layout) = layout::detect(dir).map_err(one)? else {
        return Err(vec![CaseError::NoCases {
            dir: dir.to_path_buf(),
        }]);
    };
    let package = package_rules(dir, layout).map_err(one)?;
    let own = package.judging.clone();
    let judging = match interactor {
        Some(interactor) => Judging::Interactive(interactor),
        None => judging(&files, package.judging).map_err(one)?,
    };
    // The package's groups hold only while the package's own judging judges.
    let groups = match Some(&judging) == own.as_ref() {
        true => package.groups,
        false => Vec::new(),
    };
    let limits = package.limits.overridden_by(files.limits);
    let polygon = package.package.as_ref().and_then(Package::polygon);
    let mut listing = match polygon {
        Some(problem) => polygon::list(dir, problem, answers(&judging))?,
        None => layout::list(dir, layout, answers(&judging))?,
    };
    listing.warnings.splice(0..0, package.warnings);
    listing.warnings.splice(0..0, files.warnings.clone());
    if listing.cases.is_empty() {
        return Err(vec![CaseError::NoCases {
            dir: dir.to_path_buf(),
        }]);
    }
    listing
        .cases
        .sort_by(|a, b| natural_order(&a.name, &b.name));
    for case in &mut listing.cases {
        case.args = package.config.of(&case.input).args.unwrap_or_default();
    }
    Ok(CaseFolder {
        judging,
        groups,
        cases: listing.cases,
        layout,
        limits,
        warnings: listing.warnings,
        includes: package.includes,
        config: package.config,
        constants: package.constants,
        violations: package.violations,
        package: package.package,
    })
}

/// The package (Kattis or Polygon) whose test data holds `folder`, if any: a case of it, or a
/// pattern of its cases, is judged by the package's own rules (its answers' names, its
/// validator, its limits).
pub fn enclosing_package(folder: &Path) -> Option<PathBuf> {
    let real = folder.canonicalize().ok()?;
    real.ancestors().skip(1).take(4).find_map(|above| {
        // The package's own file too: a project's `tests/` folder is no Polygon package.
        let (data, marked) = match layout::detect(above) {
            Ok(Some(Layout::Kattis)) => ("data", above.join("problem.yaml").is_file()),
            Ok(Some(Layout::Polygon)) => ("tests", above.join("problem.xml").is_file()),
            _ => return None,
        };
        (marked && real.starts_with(above.join(data))).then(|| above.to_path_buf())
    })
}

/// Whether two paths lead to the same folder.
fn same_folder(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The cases `judge --cmd` judges at `path`: a case folder, one case file of a folder, or a
/// pattern of case files (`DIR/sample-*`, matched against each file's name without its
/// extension, or with it); with the name they are reported under (the folder's). A case file,
/// pattern or folder inside a Kattis or Polygon package's test data is judged by the package's
/// rules.
pub fn cases_at(
    path: &Path,
    interactor: Option<&str>,
) -> Result<(String, CaseFolder), Vec<String>> {
    let strings = |errors: Vec<CaseError>| -> Vec<String> {
        errors.iter().map(ToString::to_string).collect()
    };
    let pattern = path
        .file_name()
        .and_then(|name| name.to_str())
        .filter(|name| name.contains(['*', '?']))
        .map(str::to_string);
    let one_case = pattern.is_none() && path.is_file();
    let narrowed = one_case || pattern.is_some();
    let place = match path.parent() {
        Some(parent) if narrowed && parent.as_os_str().is_empty() => Path::new("."),
        Some(parent) if narrowed => parent,
        _ => path,
    };
    // A folder of a package's test data (`PKG/data/secret`, `PKG/data`): its cases, judged by
    // the package's rules (its answers are `.ans`, its validator judges).
    let within = (!narrowed && path.is_dir())
        .then(|| enclosing_package(path))
        .flatten();
    let package = match narrowed {
        true => enclosing_package(place),
        false => within.clone(),
    };
    if one_case && package.is_none() && !path.extension().is_some_and(|extension| extension == "in")
    {
        return Err(vec![format!(
            "{} is not a case: --cmd judges a case folder, one NAME.in file or a pattern of them",
            path.display()
        )]);
    }
    let dir = package.as_deref().unwrap_or(place);
    let interactor = interactor.map(|command| Interactor::Program {
        command: command.to_string(),
        dir: None,
        kattis: false,
        passes: None,
    });
    let mut folder = read_cases_with(dir, interactor).map_err(strings)?;
    if within.is_some() {
        // A case is the group's when its own path lies in the folder, wherever it leads: a
        // case that is a link into another group is this group's case too.
        let real = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        folder.cases.retain(|case| {
            let (Some(parent), Some(name)) = (case.input.parent(), case.input.file_name()) else {
                return false;
            };
            parent
                .canonicalize()
                .is_ok_and(|parent| parent.join(name).starts_with(&real))
        });
        if folder.cases.is_empty() {
            return Err(vec![format!(
                "{} holds no case of the package {}",
                path.display(),
                dir.display()
            )]);
        }
    }
    if narrowed {
        folder.cases.retain(|case| {
            let name = case.input.file_name().unwrap_or_default().to_string_lossy();
            let stem = case.input.file_stem().unwrap_or_default().to_string_lossy();
            let chosen = match &pattern {
                Some(pattern) => select::matches(pattern, &stem) || select::matches(pattern, &name),
                None => Some(name.as_ref()) == path.file_name().and_then(|name| name.to_str()),
            };
            chosen
                && case
                    .input
                    .parent()
                    .is_some_and(|parent| same_folder(parent, place))
        });
        if folder.cases.is_empty() {
            return Err(vec![format!(
                "no case of {} matches {}",
                dir.display(),
                path.display()
            )]);
        }
    }
    let name = dir
        .canonicalize()
        .unwrap_or_else(|_| dir.to_path_buf())
        .file_name()
        .map_or_else(
            || dir.display().to_string(),
            |name| name.to_string_lossy().into_owned(),
        );
    Ok((name, folder))
}

#[cfg(test)]
mod tests {
    use super::solvers::discover;
    use super::*;

    fn folder(files: &[&str]) -> PathBuf {
        crate::test_folders::folder_with_files("cases", files)
    }

    /// Writes a judge file into the folder's sibling `D.judge/`.
    fn judge_file(dir: &Path, name: &str, text: &str) {
        let judge = judge_files::judge_folder(dir);
        fs::create_dir_all(&judge).unwrap();
        fs::write(judge.join(name), text).unwrap();
    }

    /// The checker script `check.sh` in the judge folder of `dir`, executable.
    fn check_script(dir: &Path) {
        use std::os::unix::fs::PermissionsExt;
        judge_file(dir, "check.sh", "#!/bin/sh\nexit 0\n");
        let script = judge_files::judge_folder(dir).join("check.sh");
        fs::set_permissions(script, fs::Permissions::from_mode(0o755)).unwrap();
    }

    fn messages(errors: Vec<CaseError>) -> Vec<String> {
        errors.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn builtin_names_round_trip() {
        for builtin in BuiltIn::ALL {
            assert_eq!(BuiltIn::named(builtin.name()), Some(builtin));
        }
        assert_eq!(BuiltIn::named("chess"), None);
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
        // The script it names must be there, where it runs.
        let errors = messages(read_cases(&dir).unwrap_err());
        assert!(
            errors[0].ends_with("there is no file interact.py for python3 to run"),
            "{errors:?}"
        );
        judge_file(&dir, "interact.py", "");
        let found = read_cases(&dir).unwrap();
        assert_eq!(
            found.judging,
            Judging::Interactive(Interactor::Program {
                command: "python3 interact.py".into(),
                dir: Some(judge_files::judge_folder(&dir)),
                kattis: false,
                passes: None,
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
            kattis: false,
            passes: None,
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
            errors[0].ends_with(
                "a.in is a folder: a case file must be a regular file outside /proc and /sys"
            ),
            "{errors:?}"
        );
    }

    #[test]
    fn a_checker_folder_names_its_command() {
        let dir = folder(&["a.in", "a.out"]);
        judge_file(&dir, "checker", "# how to check\n./check.sh\n");
        let errors = messages(read_cases(&dir).unwrap_err());
        assert!(
            errors[0].ends_with("there is no file ./check.sh"),
            "{errors:?}"
        );
        check_script(&dir);
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

    /// A judge file given an extension (`checker.txt`) is not read; the folder says so instead
    /// of being compared line by line in silence. A script beside the real file is no warning.
    #[test]
    fn a_judge_file_with_an_extension_is_warned_about() {
        let dir = folder(&["a.in", "a.out"]);
        judge_file(&dir, "checker.txt", "./check.sh\n");
        let found = read_cases(&dir).unwrap();
        assert_eq!(found.judging, Judging::Compare);
        assert!(
            found.warnings.len() == 1
                && found.warnings[0].contains("checker.txt: not read: the judge reads")
                && found.warnings[0]
                    .contains("(no extension), a file holding the checker's command line"),
            "{:?}",
            found.warnings
        );
        judge_file(&dir, "checker", "./checker.txt\n");
        fs::set_permissions(
            judge_files::judge_folder(&dir).join("checker.txt"),
            std::os::unix::fs::PermissionsExt::from_mode(0o755),
        )
        .unwrap();
        let found = read_cases(&dir).unwrap();
        assert!(found.warnings.is_empty(), "{:?}", found.warnings);
    }

    #[test]
    fn a_kattis_package_gives_way_to_a_checker_only_with_its_default_validator() {
        let dir = folder(&["problem.yaml", "data/secret/1.in", "data/secret/1.ans"]);
        assert_eq!(
            read_cases(&dir).unwrap().judging,
            Judging::KattisDefault(DefaultValidator::default())
        );
        judge_file(&dir, "checker", "./check.sh\n");
        check_script(&dir);
        assert!(matches!(
            read_cases(&dir).unwrap().judging,
            Judging::Checker { .. }
        ));
        fs::write(dir.join("problem.yaml"), "validation: custom interactive\n").unwrap();
        let validator = dir.join("output_validators/v/run");
        fs::create_dir_all(validator.parent().unwrap()).unwrap();
        fs::write(&validator, "#!/bin/sh\n").unwrap();
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&validator, fs::Permissions::from_mode(0o755)).unwrap();
        let errors = messages(read_cases(&dir).unwrap_err());
        let said = format!(
            "checker: two judges: this one and the package's interactor ./run (in {}); keep one",
            validator.parent().unwrap().display()
        );
        assert!(errors[0].ends_with(&said), "{errors:?}");
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
