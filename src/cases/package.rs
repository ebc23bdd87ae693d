//! A problem package, read once: its problem file (`problem.yaml`, `problem.xml`) parsed here
//! and nowhere else, and the format whose rules it is read and judged by, decided once. Every
//! reader of a package's parts takes this value rather than a path to read again: its rules
//! (`layout::kattis::package`, `layout::polygon::package`), its cases (`CaseFolder`, which
//! carries it), its submissions and what each must get (`Package::submissions`), its input
//! validators (`input_validators`), a Polygon package's own tests, and the time-limit rules of
//! `judge verify` (`Package::timing`). A new version of a format is a new parser of its problem
//! file and a new `Format`, not edits across the commands.

use super::kattis_yaml::{parse_problem_yaml, FormatVersion, KattisProblem, Timing};
use super::layout::Layout;
use super::polygon_xml::{parse_problem_xml, PolygonProblem};
use super::submissions::{self, Listed, Rules};
use super::{domjudge, package_file, CaseError};
use std::path::{Path, PathBuf};

/// The rules a package is read and judged by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A Kattis package, by the version of the format its `problem.yaml` names.
    Kattis(FormatVersion),
    /// A package in the Kattis layout that DOMjudge's rules judge (`domjudge::is_domjudge`):
    /// its limits, its results' names, its submissions' tags.
    DomJudge,
    /// A Polygon package with its `problem.xml`.
    Polygon,
}

/// A package's problem file, parsed.
#[derive(Clone, Debug, PartialEq)]
pub enum ProblemFile {
    Kattis(Box<KattisProblem>),
    Polygon(Box<PolygonProblem>),
}

/// A problem package: where it is, its format, and its problem file as read.
#[derive(Clone, Debug, PartialEq)]
pub struct Package {
    pub dir: PathBuf,
    pub format: Format,
    pub problem: ProblemFile,
}

impl Package {
    /// Reads the package at `dir` in `layout`: `None` for a folder of another layout, or a
    /// Polygon layout without its `problem.xml` (a folder of tests). A Kattis package without a
    /// `problem.yaml` is read by the legacy format's defaults, as problemtools reads it.
    pub fn read(dir: &Path, layout: Layout) -> Result<Option<Package>, CaseError> {
        let problem = match layout {
            Layout::Kattis => {
                let path = dir.join("problem.yaml");
                let parsed = match package_file(&path)? {
                    Some(text) => parse_problem_yaml(&text, "problem.yaml")
                        .map_err(|message| CaseError::Invalid { path, message })?,
                    None => KattisProblem::default(),
                };
                ProblemFile::Kattis(Box::new(parsed))
            }
            Layout::Polygon => {
                let path = dir.join("problem.xml");
                let Some(text) = package_file(&path)? else {
                    return Ok(None);
                };
                let parsed = parse_problem_xml(&text, "problem.xml")
                    .map_err(|message| CaseError::Invalid { path, message })?;
                ProblemFile::Polygon(Box::new(parsed))
            }
            Layout::OnlineJudgeTools | Layout::AtCoder => return Ok(None),
        };
        let format = match &problem {
            ProblemFile::Kattis(kattis) if domjudge::is_domjudge(dir, kattis) => Format::DomJudge,
            ProblemFile::Kattis(kattis) => Format::Kattis(kattis.version),
            ProblemFile::Polygon(_) => Format::Polygon,
        };
        Ok(Some(Package {
            dir: dir.to_path_buf(),
            format,
            problem,
        }))
    }

    /// Its `problem.yaml`, for a package in the Kattis layout (DOMjudge's too).
    pub fn kattis(&self) -> Option<&KattisProblem> {
        match &self.problem {
            ProblemFile::Kattis(problem) => Some(problem),
            ProblemFile::Polygon(_) => None,
        }
    }

    /// Its `problem.xml`, for a Polygon package.
    pub fn polygon(&self) -> Option<&PolygonProblem> {
        match &self.problem {
            ProblemFile::Polygon(problem) => Some(problem),
            ProblemFile::Kattis(_) => None,
        }
    }

    /// Whether DOMjudge's rules judge it.
    pub fn is_domjudge(&self) -> bool {
        self.format == Format::DomJudge
    }

    /// How `judge verify` sets its time limit from the accepted submissions: its
    /// `problem.yaml`'s multipliers, else its format's defaults (a Polygon package's are the
    /// legacy Kattis format's: it sets its own limit, and they only judge the margins).
    pub fn timing(&self) -> Timing {
        match &self.problem {
            ProblemFile::Kattis(problem) => problem.timing(),
            ProblemFile::Polygon(_) => KattisProblem::default().timing(),
        }
    }

    /// Its submissions and what each must get, by its format's rules: a Kattis package's
    /// folders (and, where it holds to the 2025-09 rules, its `submissions.yaml`), a DOMjudge
    /// package's tags, a Polygon package's tagged solutions.
    pub fn submissions(&self) -> Result<Listed, CaseError> {
        match &self.problem {
            ProblemFile::Kattis(problem) => {
                submissions::package_submissions(&self.dir, self.is_domjudge(), problem.version)
            }
            ProblemFile::Polygon(problem) => submissions::polygon_submissions(&self.dir, problem)
                .map(|submissions| Listed {
                    submissions,
                    rules: Rules::Polygon,
                    warnings: Vec::new(),
                }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases::kattis_yaml::FormatVersion;
    use crate::cases::submissions::Expected;
    use crate::cases::{input_validators, read_cases};
    use std::fs;

    /// A copy of the test package `tests/fixtures/NAME` in a fresh folder, which the test may
    /// change.
    fn copy_of(fixture: &str) -> PathBuf {
        let from = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(fixture);
        let to = crate::test_folders::folder_with_files("package", &[]);
        let mut folders = vec![PathBuf::new()];
        while let Some(folder) = folders.pop() {
            for entry in fs::read_dir(from.join(&folder)).unwrap() {
                let entry = entry.unwrap();
                let path = folder.join(entry.file_name());
                if entry.file_type().unwrap().is_dir() {
                    fs::create_dir_all(to.join(&path)).unwrap();
                    folders.push(path);
                } else {
                    fs::copy(entry.path(), to.join(&path)).unwrap();
                }
            }
        }
        to
    }

    fn names(listed: &Listed) -> Vec<&str> {
        listed.submissions.iter().map(|s| s.name.as_str()).collect()
    }

    #[test]
    fn a_kattis_package_is_read_once_and_its_parts_need_its_problem_yaml_no_more() {
        // bounded_sum says 2025-09: by the legacy defaults (which a second read of a
        // problem.yaml that is gone would give), its multipliers would be 5 and 2, and its
        // folders would say what its submissions must get without submissions.yaml's rules.
        let dir = copy_of("kattis/bounded_sum");
        let folder = read_cases(&dir).unwrap();
        fs::remove_file(dir.join("problem.yaml")).unwrap();
        let package = folder.package.as_ref().unwrap();
        assert_eq!(package.format, Format::Kattis(FormatVersion::Stable2025));
        assert_eq!(package.timing().ac_to_time_limit, 2.0);
        assert_eq!(package.timing().time_limit_to_tle, 1.5);
        let listed = package.submissions().unwrap();
        assert_eq!(
            names(&listed),
            [
                "accepted/clamped.py",
                "accepted/sum.py",
                "wrong_answer/off_by_one.py"
            ]
        );
        assert!(listed
            .submissions
            .iter()
            .all(|submission| matches!(submission.expected, Expected::Held(_))));
        // Its input validator gets the constant max_n from the value too.
        let checked = input_validators::check(&dir, &folder, &folder.cases);
        assert!(checked.broken.is_empty(), "{:?}", checked.broken);
        assert_eq!(checked.invalid_inputs(), 0);
    }

    #[test]
    fn a_polygon_package_is_read_once_and_its_parts_need_its_problem_xml_no_more() {
        let dir = copy_of("polygon/average");
        let folder = read_cases(&dir).unwrap();
        fs::remove_file(dir.join("problem.xml")).unwrap();
        let package = folder.package.as_ref().unwrap();
        assert_eq!(package.format, Format::Polygon);
        let listed = package.submissions().unwrap();
        assert_eq!(listed.rules, Rules::Polygon);
        assert_eq!(listed.submissions.len(), 4, "{:?}", names(&listed));
        let problem = package.polygon().unwrap();
        let arguments = super::super::layout::polygon::validator_arguments(&dir, problem);
        assert_eq!(arguments["01"], ["--testset", "tests"]);
        let checked = input_validators::check(&dir, &folder, &folder.cases);
        assert!(checked.broken.is_empty(), "{:?}", checked.broken);
        assert_eq!(checked.names.len(), 1, "{:?}", checked.names);
    }

    #[test]
    fn a_package_with_domjudge_files_is_judged_by_domjudge_rules_decided_once() {
        let dir = copy_of("domjudge/add");
        let package = Package::read(&dir, Layout::Kattis).unwrap().unwrap();
        assert_eq!(package.format, Format::DomJudge);
        assert_eq!(package.submissions().unwrap().rules, Rules::DomJudge);
        assert!(Package::read(&dir, Layout::AtCoder).unwrap().is_none());
    }
}
