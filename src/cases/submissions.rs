//! A package's own submissions and the result each is expected to get, by the package format's
//! rules: Kattis's `submissions/<verdict>/` folders (`accepted`, `wrong_answer`,
//! `time_limit_exceeded`, `run_time_error`; `partially_accepted` is a score, not checked), and
//! DOMjudge's, where an `@EXPECTED_RESULTS@:` tag in a source lists the results any of which
//! counts, and the folder's name is the result otherwise; and a Polygon package's solutions,
//! by the tag problem.xml gives each (`main`, `accepted`, `wrong-answer`, …); and the 2025-09
//! format's, where `submissions/submissions.yaml` and the default folders' rules hold each
//! submission to verdict lists per case (`submissions_yaml`). A submission is one file, or a
//! folder of files (several sources built together).

use super::domjudge;
use super::files::{entries, natural_order};
use super::kattis_yaml::FormatVersion;
use super::polygon_xml::PolygonProblem;
use super::submissions_yaml::{is_default_folder, Rule, SubmissionsYaml};
use super::CaseError;
use crate::process::open_regular;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Whose rules name the results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    Kattis,
    DomJudge,
    Polygon,
}

/// A result a submission can get, as a package expects it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ruling {
    Accepted,
    WrongAnswer,
    /// A wrong answer of no output at all (DOMjudge tells it apart).
    NoOutput,
    TimeLimit,
    RunError,
    MemoryLimit,
    OutputLimit,
    CompileError,
}

impl Ruling {
    /// Every ruling, in the order DOMjudge lists its results.
    pub const ALL: [Ruling; 8] = [
        Ruling::Accepted,
        Ruling::WrongAnswer,
        Ruling::NoOutput,
        Ruling::TimeLimit,
        Ruling::RunError,
        Ruling::MemoryLimit,
        Ruling::OutputLimit,
        Ruling::CompileError,
    ];

    /// The name the rules give it (Kattis: AC, WA, TLE, RTE; DOMjudge: CORRECT, …).
    pub fn name(self, rules: Rules) -> &'static str {
        match rules {
            Rules::Kattis => match self {
                Ruling::Accepted => "AC",
                Ruling::WrongAnswer | Ruling::NoOutput => "WA",
                Ruling::TimeLimit => "TLE",
                Ruling::RunError | Ruling::MemoryLimit | Ruling::OutputLimit => "RTE",
                Ruling::CompileError => "CE",
            },
            Rules::Polygon => match self {
                Ruling::Accepted => "OK",
                Ruling::WrongAnswer | Ruling::NoOutput => "WA",
                Ruling::TimeLimit => "TL",
                Ruling::RunError => "RE",
                Ruling::MemoryLimit => "ML",
                Ruling::OutputLimit => "OL",
                Ruling::CompileError => "CE",
            },
            Rules::DomJudge => match self {
                Ruling::Accepted => "CORRECT",
                Ruling::WrongAnswer => "WRONG-ANSWER",
                Ruling::NoOutput => "NO-OUTPUT",
                Ruling::TimeLimit => "TIMELIMIT",
                Ruling::RunError => "RUN-ERROR",
                Ruling::MemoryLimit => "MEMORY-LIMIT",
                Ruling::OutputLimit => "OUTPUT-LIMIT",
                Ruling::CompileError => "COMPILER-ERROR",
            },
        }
    }

    /// Whether a submission that got `self` meets an expectation of `expected`. Kattis counts a
    /// memory or output limit as a run-time error; DOMjudge counts a memory limit as either (a
    /// program that runs out of memory crashes, or is stopped at the limit).
    pub fn meets(self, expected: Ruling, rules: Rules) -> bool {
        match rules {
            Rules::Kattis | Rules::Polygon => self.name(rules) == expected.name(rules),
            Rules::DomJudge => {
                self == expected || (self == Ruling::MemoryLimit && expected == Ruling::RunError)
            }
        }
    }

    /// The ruling a DOMjudge result name stands for.
    fn from_domjudge(name: &str) -> Option<Ruling> {
        Ruling::ALL
            .into_iter()
            .find(|ruling| ruling.name(Rules::DomJudge) == name)
    }
}

/// What a submission is expected to get.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// Any one of these.
    AnyOf(Vec<Ruling>),
    /// Not held to a result, and why (a score; checked by hand).
    NotChecked(String),
    /// What it expects is no result of the package's format (a typo in a tag or a folder's
    /// name, such as `CORECT`): a fault of the package, and why.
    Unknown(String),
    /// The format's judge would not take it in at all, and why: DOMjudge's import refuses a
    /// submission with two tags, tags in two files, or over its 256 kB source size limit.
    Refused(String),
    /// Held to the 2025-09 format's rules, each over the cases it covers (every case's verdict
    /// permitted, one case's required).
    Held(Vec<Rule>),
}

/// One submission of a package.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    /// As shown: its folder and name, `accepted/hello.cc`.
    pub name: String,
    /// The file, or the folder of files.
    pub path: PathBuf,
    pub expected: Expected,
    /// The language and compiler its package names (Polygon's `cpp.g++17`, `python.pypy3`).
    pub kind: Option<String>,
    /// Its language as `submissions.yaml` names it (`python3`), before its files' extensions.
    pub language: Option<String>,
    /// Its entry point as `submissions.yaml` names it (a main file or class).
    pub entrypoint: Option<String>,
}

impl Submission {
    /// Its files: the one file, or the folder's entries (sorted).
    pub fn files(&self) -> Result<Vec<PathBuf>, CaseError> {
        files_of(&self.path)
    }
}

/// A submission's files, at `path`: the one file, or the folder's entries (sorted).
fn files_of(path: &Path) -> Result<Vec<PathBuf>, CaseError> {
    match path.is_dir() {
        true => entries(path),
        false => Ok(vec![path.to_path_buf()]),
    }
}

impl Expected {
    /// What it expects, as the rules name results (`AC`, `CORRECT,WRONG-ANSWER`); `-` when it
    /// is held to none.
    pub fn names(&self, rules: Rules) -> String {
        match self {
            Expected::AnyOf(rulings) => rulings
                .iter()
                .map(|ruling| ruling.name(rules))
                .collect::<Vec<_>>()
                .join(","),
            Expected::Held(rules) => rules
                .iter()
                .map(Rule::short)
                .collect::<Vec<_>>()
                .join(" + "),
            Expected::NotChecked(_) | Expected::Unknown(_) | Expected::Refused(_) => {
                "-".to_string()
            }
        }
    }
}

/// Whether two names are a typo apart: at most two letters added, dropped or changed.
fn close(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, &x) in a.iter().enumerate() {
        let mut row = vec![i + 1];
        for (j, &y) in b.iter().enumerate() {
            let cost = usize::from(x != y);
            row.push(
                (previous[j] + cost)
                    .min(previous[j + 1] + 1)
                    .min(row[j] + 1),
            );
        }
        previous = row;
    }
    previous[b.len()] <= 2
}

/// What a Kattis verdict folder expects.
fn kattis_folder(name: &str) -> Expected {
    match name {
        "accepted" => Expected::AnyOf(vec![Ruling::Accepted]),
        "wrong_answer" => Expected::AnyOf(vec![Ruling::WrongAnswer]),
        "time_limit_exceeded" => Expected::AnyOf(vec![Ruling::TimeLimit]),
        "run_time_error" => Expected::AnyOf(vec![Ruling::RunError]),
        "rejected" => Expected::AnyOf(vec![
            Ruling::WrongAnswer,
            Ruling::TimeLimit,
            Ruling::RunError,
        ]),
        "partially_accepted" => {
            Expected::NotChecked("a score, which the judge does not compute".to_string())
        }
        other => {
            let known = [
                "accepted",
                "wrong_answer",
                "time_limit_exceeded",
                "run_time_error",
                "partially_accepted",
                "rejected",
            ];
            // A typo of a verdict folder fails the check; another folder (problemtools' own
            // example has a `slow_accepted/`) is only not checked, as problemtools skips it.
            match known.iter().find(|name| close(name, other)) {
                Some(name) => Expected::Unknown(format!(
                    "submissions/{other} is not a verdict folder of the Kattis format: {name}?"
                )),
                None => Expected::NotChecked(format!(
                    "submissions/{other} is not a verdict folder of the Kattis format ({})",
                    known.join(", ")
                )),
            }
        }
    }
}

/// What a Polygon solution's tag expects. A presentation error is a wrong answer here (the
/// judge shows testlib's PE as WA, with its message).
fn polygon_tag(tag: &str) -> Expected {
    use Ruling::*;
    Expected::AnyOf(match tag {
        "main" | "accepted" => vec![Accepted],
        "wrong-answer" | "presentation-error" => vec![WrongAnswer],
        "time-limit-exceeded" => vec![TimeLimit],
        "time-limit-exceeded-or-accepted" => vec![TimeLimit, Accepted],
        "time-limit-exceeded-or-memory-limit-exceeded" => vec![TimeLimit, MemoryLimit],
        "memory-limit-exceeded" => vec![MemoryLimit],
        "rejected" => vec![WrongAnswer, TimeLimit, RunError, MemoryLimit, OutputLimit],
        other => {
            return Expected::NotChecked(format!("the tag {other:?} is not one the judge knows"))
        }
    })
}

/// A Polygon package's solutions, as problem.xml tags them, in its order.
/// The solutions of the Polygon package at `dir`, whose problem.xml says `problem`, with what
/// each must get by its tag.
pub fn polygon_submissions(
    dir: &Path,
    problem: &PolygonProblem,
) -> Result<Vec<Submission>, CaseError> {
    let solutions = super::layout::polygon::solutions(dir, problem)?;
    Ok(solutions
        .into_iter()
        .map(|(path, tag, kind)| Submission {
            kind,
            language: None,
            entrypoint: None,
            name: path
                .strip_prefix(dir)
                .unwrap_or(&path)
                .display()
                .to_string(),
            expected: polygon_tag(&tag),
            path,
        })
        .collect())
}

/// What DOMjudge expects of result names: any of them; `CHECK-MANUALLY` (a person checks it)
/// is not checked; a name that is no DOMjudge result is a fault of the package when a tag
/// says it, and only not checked when it is a folder's name (`mixed-verdicts/`, whose files
/// carry tags as a rule).
fn domjudge_results(names: &[String], from_tag: bool) -> Expected {
    if names
        .iter()
        .any(|name| name == "CHECK-MANUALLY" || name == "CHECK_MANUALLY")
    {
        return Expected::NotChecked("expects CHECK-MANUALLY: a person checks it".to_string());
    }
    // A folder a typo away from a result (`ACEPTED`) was meant as one: a fault of the package.
    let meant = |name: &str| -> Option<&'static str> {
        Ruling::ALL
            .map(|ruling| ruling.name(Rules::DomJudge))
            .into_iter()
            .chain(domjudge::REMAP.map(|(folder, _)| folder))
            .find(|known| close(known, name))
    };
    if !from_tag {
        if let [name] = names {
            if let Some(known) = meant(name).filter(|_| Ruling::from_domjudge(name).is_none()) {
                return Expected::Unknown(format!(
                    "its folder's name {name} is no DOMjudge result ({known}?), and it has no @EXPECTED_RESULTS@ tag"
                ));
            }
        }
    }
    if !from_tag
        && names
            .iter()
            .any(|name| Ruling::from_domjudge(name).is_none())
    {
        return Expected::NotChecked(format!(
            "its folder's name {} is no DOMjudge result, and it has no @EXPECTED_RESULTS@ tag",
            names.join(",")
        ));
    }
    let rulings: Option<Vec<Ruling>> = names
        .iter()
        .map(|name| Ruling::from_domjudge(name))
        .collect();
    match rulings {
        Some(rulings) if !rulings.is_empty() => Expected::AnyOf(rulings),
        _ => {
            let unknown: Vec<&str> = names
                .iter()
                .filter(|name| Ruling::from_domjudge(name).is_none())
                .map(String::as_str)
                .collect();
            Expected::Unknown(format!(
                "expects {}: {} no DOMjudge result ({})",
                names.join(","),
                match unknown.as_slice() {
                    [] => "an empty tag names".to_string(),
                    [one] => match meant(one) {
                        Some(known) => format!("{one} ({known}?) is"),
                        None => format!("{one} is"),
                    },
                    several => format!("{} are", several.join(", ")),
                },
                Ruling::ALL
                    .map(|ruling| ruling.name(Rules::DomJudge))
                    .join(", ")
            ))
        }
    }
}

/// DOMjudge's `sourcesize_limit` unless changed: 256 kB of a submission's files in all.
const DOMJUDGE_SOURCE_BYTES: u64 = 256 * 1024;

/// The bytes of a submission's files in all (a file, or a folder's files, in its subfolders
/// too), counted up to just past DOMjudge's limit.
fn size_of(path: &Path) -> u64 {
    let mut bytes = 0;
    let mut paths = vec![path.to_path_buf()];
    while let Some(path) = paths.pop() {
        if bytes > DOMJUDGE_SOURCE_BYTES {
            break;
        }
        let Ok(metadata) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        // A link is not followed (the build refuses it): it leads outside the submission.
        if metadata.is_dir() {
            paths.extend(entries(&path).unwrap_or_default());
        } else if metadata.is_file() {
            bytes += metadata.len();
        }
    }
    bytes
}

/// How many of a submission's files a tag is looked for in.
const TAG_FILES: usize = 100;

/// How much of each file a tag is looked for in.
const TAG_BYTES: u64 = 1 << 20;

/// The tag of a submission's sources, the first file that has one (two in one file, or in two
/// files, is an error as in DOMjudge).
fn tag_of(path: &Path) -> Result<Option<Vec<String>>, String> {
    let files = files_of(path).map_err(|error| error.to_string())?;
    let mut found = None;
    // A folder of a thousand huge files is not read through: a tag is in a source, near its top.
    // Regular files only, no link followed (the build refuses links: they lead outside it).
    let regular =
        |file: &&PathBuf| std::fs::symlink_metadata(file).is_ok_and(|meta| meta.is_file());
    for file in files.iter().filter(regular).take(TAG_FILES) {
        // A regular file outside /proc and /sys only, opened as a case file is (never
        // blocking), and only its start: a tag is near the top.
        let Ok(opened) = open_regular(file) else {
            continue;
        };
        let mut bytes = Vec::new();
        if opened.take(TAG_BYTES).read_to_end(&mut bytes).is_err() {
            continue;
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Some(results) = domjudge::expected_results(&text)? {
            if found.is_some() {
                return Err("two of its files have @EXPECTED_RESULTS@ tags".to_string());
            }
            found = Some(results);
        }
    }
    Ok(found)
}

/// A submission file of the package: its folder's name, its name, its path and its tag (if it
/// has one).
type SubmissionFile = (String, String, PathBuf, Result<Option<Vec<String>>, String>);

/// Whether a submission of the package at `dir` carries an `@EXPECTED_RESULTS@` tag (one that
/// DOMjudge's import would refuse counts too: it was written for DOMjudge).
pub fn any_tagged(dir: &Path) -> bool {
    let Ok(folders) = entries(&dir.join("submissions")) else {
        return false;
    };
    folders
        .iter()
        .filter(|folder| folder.is_dir())
        .flat_map(|folder| entries(folder).unwrap_or_default())
        .any(|path| !matches!(tag_of(&path), Ok(None)))
}

/// A submission that is a link to another file or folder of the package (DOMjudge's examples
/// keep one source under two verdict folders so; BAPCtools' packages link one to a solution
/// kept elsewhere in the package) is that file, as DOMjudge's import (of a zip of the
/// package), problemtools and BAPCtools take it: the real path, where the link leads inside
/// the package whose `submissions/` is `root`, neither into its test data (`data/`) nor to a
/// folder holding it or `root`. Any other link is left as it is, for the build to refuse: one
/// into the test data would give the program the answers, and the format allows no link out
/// of the package.
fn one_of_the_packages(root: &Path, path: PathBuf) -> PathBuf {
    let is_link = std::fs::symlink_metadata(&path).is_ok_and(|meta| meta.file_type().is_symlink());
    if !is_link {
        return path;
    }
    let (Ok(root), Ok(real)) = (std::fs::canonicalize(root), std::fs::canonicalize(&path)) else {
        return path;
    };
    let Some(package) = root.parent() else {
        return path;
    };
    let data = package.join("data");
    let inside = real.starts_with(package)
        && !real.starts_with(&data)
        && !data.starts_with(&real)
        && !root.starts_with(&real);
    match inside {
        true => real,
        false => path,
    }
}

/// A package's submissions, whose rules name their results, and what of its
/// `submissions.yaml` is read but not checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Listed {
    pub submissions: Vec<Submission>,
    pub rules: Rules,
    /// One line each, naming the key.
    pub warnings: Vec<String>,
}

/// Whether the package at `dir`, in `version` of the format, holds its submissions to the
/// 2025-09 format's rules: it is in that version, or it has a `submissions.yaml` (which no
/// earlier version reads).
fn holds_to_2025_09(dir: &Path, version: FormatVersion) -> bool {
    version == FormatVersion::Stable2025 || dir.join("submissions/submissions.yaml").is_file()
}

/// The package's `submissions/submissions.yaml`, read (an empty one where there is none).
fn read_submissions_yaml(dir: &Path) -> Result<SubmissionsYaml, CaseError> {
    let path = dir.join("submissions/submissions.yaml");
    if !path.exists() {
        return Ok(SubmissionsYaml::default());
    }
    let mut text = String::new();
    open_regular(&path)
        .and_then(|file| file.take(TAG_BYTES).read_to_string(&mut text))
        .map_err(|error| CaseError::Unreadable {
            path: path.clone(),
            error,
        })?;
    SubmissionsYaml::parse(&text).map_err(|message| CaseError::Invalid { path, message })
}

/// What a submission in `folder` (the path `path` under `submissions/`) is held to by the 2025-09
/// rules: the rules that match it, else a folder a typo away from a default one is a fault of
/// the package, and another is not checked.
fn by_2025_09(said: Vec<Rule>, folder: &str, path: &str) -> Expected {
    if !said.is_empty() {
        return Expected::Held(said);
    }
    let known = [
        "accepted",
        "rejected",
        "wrong_answer",
        "time_limit_exceeded",
        "run_time_error",
        "brute_force",
    ];
    debug_assert!(known.iter().all(|name| is_default_folder(name)));
    match known.iter().find(|name| close(name, folder)) {
        Some(name) => Expected::Unknown(format!(
            "submissions/{folder} is no default folder of the format ({name}?), and no rule of submissions.yaml matches {path}"
        )),
        None => Expected::NotChecked(format!(
            "no rule of submissions.yaml matches {path}, and submissions/{folder} is no default folder of the format ({})",
            known.join(", ")
        )),
    }
}

/// One line for the submissions named `*.disabled` or `*.template`, which BAPCtools keeps in a
/// package without running them: how many, and the first few by name.
fn set_aside_warning(names: &[String]) -> String {
    let shown = match names.len() {
        0..=3 => names.join(", "),
        more => format!("{} and {} more", names[..3].join(", "), more - 3),
    };
    let count = match names.len() {
        1 => "1 submission".to_string(),
        more => format!("{more} submissions"),
    };
    format!("not run: {count} named *.disabled or *.template, which BAPCtools keeps without running: {shown}")
}

/// The files under a package's `submissions/` folder `root`, each with its verdict folder
/// (empty for a file beside the folders) and its tag, in natural name order within a folder;
/// and the ones BAPCtools keeps without running (`*.disabled`, `*.template`), set aside.
fn submission_files(root: &Path) -> Result<(Vec<SubmissionFile>, Vec<String>), CaseError> {
    let mut found: Vec<SubmissionFile> = Vec::new();
    let mut set_aside: Vec<String> = Vec::new();
    for folder in entries(root)? {
        let folder_name = folder
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        if folder_name.starts_with('.') || folder_name == "submissions.yaml" {
            continue;
        }
        // A file beside the verdict folders is in none: listed, as not checked.
        if !folder.is_dir() {
            found.push((String::new(), folder_name.clone(), folder.clone(), Ok(None)));
            continue;
        }
        let mut inside = entries(&folder)?;
        inside.sort_by(|a, b| natural_order(&a.to_string_lossy(), &b.to_string_lossy()));
        for path in inside {
            let name = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            if name.starts_with('.') {
                continue;
            }
            // BAPCtools' mark for a submission it keeps but does not run.
            if name.ends_with(".disabled") || name.ends_with(".template") {
                set_aside.push(format!("{folder_name}/{name}"));
                continue;
            }
            let path = one_of_the_packages(root, path);
            let tag = tag_of(&path);
            found.push((folder_name.clone(), name, path, tag));
        }
    }
    Ok((found, set_aside))
}

/// The submissions of the package at `dir` in the Kattis layout, in folder then natural name
/// order, and whose rules name their results: DOMjudge's where `domjudge` (`cases::package`
/// decides it once), else Kattis's, where a tag still says what its submission expects; with
/// what its `submissions.yaml` says where the package (in `version` of the format) holds to the
/// 2025-09 rules.
pub fn package_submissions(
    dir: &Path,
    domjudge: bool,
    version: FormatVersion,
) -> Result<Listed, CaseError> {
    let root = dir.join("submissions");
    if !root.is_dir() {
        return Ok(Listed {
            submissions: Vec::new(),
            rules: Rules::Kattis,
            warnings: Vec::new(),
        });
    }
    let (found, set_aside) = submission_files(&root)?;
    // One format's rules for the whole package: a Kattis package's tags say what a submission
    // expects, and its results keep Kattis's names.
    let rules = match domjudge {
        true => Rules::DomJudge,
        false => Rules::Kattis,
    };
    let (format_2025, read) = match rules == Rules::Kattis && holds_to_2025_09(dir, version) {
        true => (true, read_submissions_yaml(dir)?),
        false => (false, SubmissionsYaml::default()),
    };
    let mut submissions: Vec<Submission> = found
        .into_iter()
        .map(|(folder, name, path, tag)| {
            if folder.is_empty() {
                return Submission {
                    kind: None,
                    language: None,
                    entrypoint: None,
                    name: format!("submissions/{name}"),
                    path,
                    expected: Expected::NotChecked(
                        "not in a verdict folder (submissions/<verdict>/NAME)".to_string(),
                    ),
                };
            }
            let bytes = size_of(&path);
            let (mut language, mut entrypoint) = (None, None);
            let expected = match (rules, tag) {
                (Rules::DomJudge, _) if bytes > DOMJUDGE_SOURCE_BYTES => Expected::Refused(format!(
                    "DOMjudge would not import it: its files hold {} kB, over its source size limit of {} kB",
                    (bytes + 1023) / 1024,
                    DOMJUDGE_SOURCE_BYTES / 1024
                )),
                (Rules::DomJudge, Err(why)) => {
                    Expected::Refused(format!("DOMjudge would not import it: {why}"))
                }
                (_, Err(why)) => Expected::Unknown(why),
                (_, Ok(Some(names))) => domjudge_results(&names, true),
                (Rules::DomJudge, Ok(None)) => {
                    domjudge_results(&[domjudge::normalise(&folder)], false)
                }
                (_, Ok(_)) if format_2025 => {
                    let said = read.said_of(&format!("{folder}/{name}"));
                    language = said.language;
                    entrypoint = said.entrypoint;
                    by_2025_09(said.rules, &folder, &format!("{folder}/{name}"))
                }
                (_, Ok(_)) => kattis_folder(&folder),
            };
            Submission {
                kind: None,
                language,
                entrypoint,
                name: format!("{folder}/{name}"),
                path,
                expected,
            }
        })
        .collect();
    submissions.sort_by(|a, b| natural_order(&a.name, &b.name));
    let paths: Vec<String> = submissions.iter().map(|s| s.name.clone()).collect();
    let unmatched = read.unmatched(&paths);
    let mut warnings: Vec<String> = read
        .warnings
        .iter()
        .chain(&unmatched)
        .map(|warning| format!("submissions/submissions.yaml {warning}"))
        .collect();
    if !set_aside.is_empty() {
        warnings.push(set_aside_warning(&set_aside));
    }
    Ok(Listed {
        submissions,
        rules,
        warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases::layout::Layout;
    use crate::cases::package::Package;
    use std::fs;

    /// The package at `dir` in the Kattis layout, read once as every command reads it.
    fn read(dir: &Path) -> Package {
        Package::read(dir, Layout::Kattis).unwrap().unwrap()
    }

    fn package_submissions(dir: &Path) -> Result<Listed, CaseError> {
        read(dir).submissions()
    }

    fn submissions(dir: &Path) -> Result<(Vec<Submission>, Rules), CaseError> {
        package_submissions(dir).map(|listed| (listed.submissions, listed.rules))
    }

    #[test]
    fn a_link_to_a_file_of_the_package_is_it_and_one_to_its_test_data_or_out_of_it_is_left_a_link()
    {
        let dir = crate::test_folders::folder_with_files(
            "submissions",
            &[
                "submissions/accepted/a.py",
                "data/secret/1.ans",
                "solution/sol.py",
            ],
        );
        let root = dir.join("submissions");
        let link = |to: &str, name: &str| {
            let path = root.join(name);
            std::os::unix::fs::symlink(to, &path).unwrap();
            path
        };
        let again = link("../accepted/a.py", "accepted/again.py");
        let out = link("../../data/secret/1.ans", "accepted/out.py");
        let whole = link("..", "accepted/whole");
        let real = fs::canonicalize(root.join("accepted/a.py")).unwrap();
        assert_eq!(one_of_the_packages(&root, again), real);
        assert_eq!(one_of_the_packages(&root, out.clone()), out);
        assert_eq!(one_of_the_packages(&root, whole.clone()), whole);
        let plain = root.join("accepted/a.py");
        assert_eq!(one_of_the_packages(&root, plain.clone()), plain);
        // Elsewhere in the package: followed. The whole package, its data, or a file out of
        // it: left a link.
        let solution = link("../../solution/sol.py", "accepted/sol.py");
        let real = fs::canonicalize(dir.join("solution/sol.py")).unwrap();
        assert_eq!(one_of_the_packages(&root, solution), real);
        let data = link("../../data", "accepted/data");
        assert_eq!(one_of_the_packages(&root, data.clone()), data);
        let package = link("../..", "accepted/package");
        assert_eq!(one_of_the_packages(&root, package.clone()), package);
        let outside = PathBuf::from(format!("{}-outside.py", dir.display()));
        fs::write(&outside, "print(1)\n").unwrap();
        let away = link(&outside.display().to_string(), "accepted/away.py");
        assert_eq!(one_of_the_packages(&root, away.clone()), away);
    }

    #[test]
    fn kattis_folders_and_domjudge_tags_say_what_is_expected() {
        let dir = crate::test_folders::folder_with_files(
            "submissions",
            &[
                "submissions/accepted/a.py",
                "submissions/wrong_answer/w.cc",
                "submissions/partially_accepted/p.py",
                "submissions/multi/m/main.py",
                "submissions/multi/m/lib.py",
                "submissions/stray.cpp",
            ],
        );
        let (found, rules) = submissions(&dir).unwrap();
        assert_eq!(rules, Rules::Kattis);
        let names: Vec<&str> = found.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "accepted/a.py",
                "multi/m",
                "partially_accepted/p.py",
                "submissions/stray.cpp",
                "wrong_answer/w.cc"
            ]
        );
        assert_eq!(found[0].expected, Expected::AnyOf(vec![Ruling::Accepted]));
        assert!(matches!(found[1].expected, Expected::NotChecked(_)));
        assert!(
            matches!(&found[3].expected, Expected::NotChecked(why) if why.contains("verdict folder"))
        );
        assert_eq!(
            found[4].expected,
            Expected::AnyOf(vec![Ruling::WrongAnswer])
        );
        // A tag makes the package DOMjudge's: tags first, else the folder's name.
        fs::write(
            dir.join("submissions/multi/m/lib.py"),
            "# @EXPECTED_RESULTS@: CORRECT, NO-OUTPUT\n",
        )
        .unwrap();
        let (found, rules) = submissions(&dir).unwrap();
        assert_eq!(rules, Rules::DomJudge);
        assert_eq!(
            found[1].expected,
            Expected::AnyOf(vec![Ruling::Accepted, Ruling::NoOutput])
        );
        assert_eq!(
            found[4].expected,
            Expected::AnyOf(vec![Ruling::WrongAnswer])
        );
        assert!(
            matches!(&found[2].expected, Expected::NotChecked(why) if why.contains("PARTIALLY_ACCEPTED"))
        );
        // The same tag in a package that names a Kattis format version: Kattis's rules, the
        // tag still what the submission expects, and a silent program's WA meets NO-OUTPUT.
        fs::write(
            dir.join("problem.yaml"),
            "problem_format_version: 2023-07-draft\n",
        )
        .unwrap();
        let (found, rules) = submissions(&dir).unwrap();
        assert_eq!(rules, Rules::Kattis);
        assert_eq!(
            found[1].expected,
            Expected::AnyOf(vec![Ruling::Accepted, Ruling::NoOutput])
        );
        assert!(Ruling::WrongAnswer.meets(Ruling::NoOutput, rules));
        assert!(!read(&dir).is_domjudge());
        // And in one with DOMjudge's own file beside it, DOMjudge's whatever problem.yaml says.
        fs::write(dir.join("domjudge-problem.ini"), "timelimit = 1\n").unwrap();
        assert_eq!(submissions(&dir).unwrap().1, Rules::DomJudge);
    }

    #[test]
    fn a_2025_09_package_holds_submissions_to_its_rules_and_a_legacy_one_to_its_folders() {
        let dir = crate::test_folders::folder_with_files(
            "submissions",
            &[
                "submissions/brute_force/b.py",
                "submissions/acceptd/typo.py",
                "submissions/slow/s.py",
            ],
        );
        // Legacy: brute_force/ is no verdict folder of it.
        let (found, _) = submissions(&dir).unwrap();
        assert!(matches!(found[1].expected, Expected::NotChecked(_)));
        fs::write(
            dir.join("problem.yaml"),
            "problem_format_version: 2025-09\n",
        )
        .unwrap();
        fs::write(
            dir.join("submissions/submissions.yaml"),
            "slow/s.py:\n  language: python3\n  entrypoint: s.py\n  permitted: [AC, TLE]\n  score: 3\n",
        )
        .unwrap();
        let listed = package_submissions(&dir).unwrap();
        // submissions.yaml itself is no submission.
        let names: Vec<&str> = listed.submissions.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["acceptd/typo.py", "brute_force/b.py", "slow/s.py"]);
        assert!(
            matches!(&listed.submissions[0].expected, Expected::Unknown(why) if why.contains("accepted?"))
        );
        let Expected::Held(rules) = &listed.submissions[1].expected else {
            panic!("{:?}", listed.submissions[1]);
        };
        assert_eq!(rules[0].from, "the default rule of brute_force/");
        let slow = &listed.submissions[2];
        assert_eq!(slow.expected.names(Rules::Kattis), "AC,TLE");
        assert_eq!(slow.language.as_deref(), Some("python3"));
        assert_eq!(slow.entrypoint.as_deref(), Some("s.py"));
        assert_eq!(listed.warnings.len(), 1);
        assert!(listed.warnings[0]
            .starts_with("submissions/submissions.yaml line 5: \"slow/s.py\": score"));
    }

    /// BAPCtools keeps `*.disabled` and `*.template` submissions without running them: they
    /// are no rows, and one warning counts them.
    #[test]
    fn submissions_named_disabled_or_template_are_set_aside_in_one_line() {
        let dir = crate::test_folders::folder_with_files(
            "submissions-set-aside",
            &[
                "submissions/accepted/a.py",
                "submissions/accepted/b.c.disabled",
                "submissions/accepted/c.cpp.template",
                "submissions/wrong_answer/d.rs.disabled",
                "submissions/wrong_answer/e.py.disabled",
            ],
        );
        let listed = package_submissions(&dir).unwrap();
        let names: Vec<&str> = listed.submissions.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["accepted/a.py"]);
        assert_eq!(listed.warnings, ["not run: 4 submissions named *.disabled or *.template, which BAPCtools keeps without running: accepted/b.c.disabled, accepted/c.cpp.template, wrong_answer/d.rs.disabled and 1 more"]);
    }

    #[test]
    fn a_folder_a_typo_away_from_a_verdict_fails_and_another_is_not_checked() {
        assert!(
            matches!(kattis_folder("acepted"), Expected::Unknown(why) if why.ends_with("accepted?"))
        );
        assert!(matches!(
            kattis_folder("wrong_answers"),
            Expected::Unknown(_)
        ));
        assert!(matches!(
            kattis_folder("slow_accepted"),
            Expected::NotChecked(_)
        ));
    }

    #[test]
    fn polygon_tags_say_what_is_expected() {
        assert_eq!(polygon_tag("main"), Expected::AnyOf(vec![Ruling::Accepted]));
        assert_eq!(
            polygon_tag("time-limit-exceeded-or-accepted"),
            Expected::AnyOf(vec![Ruling::TimeLimit, Ruling::Accepted])
        );
        assert!(matches!(polygon_tag("odd"), Expected::NotChecked(why) if why.contains("odd")));
        assert!(Ruling::MemoryLimit.meets(Ruling::MemoryLimit, Rules::Polygon));
        assert!(!Ruling::MemoryLimit.meets(Ruling::RunError, Rules::Polygon));
    }

    #[test]
    fn kattis_counts_limits_as_run_time_errors_and_domjudge_tells_them_apart() {
        assert!(Ruling::MemoryLimit.meets(Ruling::RunError, Rules::Kattis));
        assert!(Ruling::OutputLimit.meets(Ruling::RunError, Rules::Kattis));
        assert!(Ruling::NoOutput.meets(Ruling::WrongAnswer, Rules::Kattis));
        assert!(!Ruling::OutputLimit.meets(Ruling::RunError, Rules::DomJudge));
        assert!(!Ruling::NoOutput.meets(Ruling::WrongAnswer, Rules::DomJudge));
        assert!(Ruling::MemoryLimit.meets(Ruling::RunError, Rules::DomJudge));
        assert!(!Ruling::TimeLimit.meets(Ruling::Accepted, Rules::DomJudge));
    }
}
