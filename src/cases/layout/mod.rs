//! Test-data layouts: which shape of downloaded test data a case folder has, and its cases.
//!
//! online-judge-tools (`NAME.in` + `NAME.out` in the folder, or `NAME.ans` where there is no
//! `NAME.out`, as Codeforces and Kattis name answers), AtCoder's released data
//! (`in/NAME` + `out/NAME`, the same file name), a Kattis package (`data/sample/` and
//! `data/secret/`, searched below, `NAME.in` + `NAME.ans`) and a Polygon package (`tests/NN` +
//! `tests/NN.a`). Two layouts at once is an error. Extensions are case-sensitive, and a file
//! that looks like a case but is skipped (`x.IN`, `.x.in`, one in a folder the layout does not
//! read) is named in a warning, never dropped silently.

pub mod kattis;
pub mod polygon;

use crate::cases::files::{entries, present, readable};
use crate::cases::{Case, CaseError};
use std::fmt;
use std::path::{Path, PathBuf};

/// A layout of test data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    OnlineJudgeTools,
    AtCoder,
    Kattis,
    Polygon,
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Layout::OnlineJudgeTools => "online-judge-tools (NAME.in + NAME.out)",
            Layout::AtCoder => "AtCoder test data (in/NAME + out/NAME)",
            Layout::Kattis => "Kattis package (data/sample, data/secret)",
            Layout::Polygon => "Polygon package (tests/NN + tests/NN.a)",
        })
    }
}

impl Layout {
    /// The layout as the report names it, for a folder whose `cases` have `answers` so: in
    /// online-judge-tools' layout, which answers were judged against where some are `NAME.ans`.
    pub fn describe(self, answers: Answers, cases: &[Case]) -> String {
        let answered = cases.iter().filter_map(|case| case.expected.as_deref());
        let (mut ans, mut out) = (0, 0);
        for answer in answered {
            match file_name(answer).ends_with(".ans") {
                true => ans += 1,
                false => out += 1,
            }
        }
        let names = match (ans, out) {
            (0, _) => "NAME.out".to_string(),
            (_, 0) => "NAME.ans".to_string(),
            (ans, _) => format!(
                "NAME.out, or NAME.ans for {}",
                crate::text::count(ans, "case")
            ),
        };
        match (self, answers) {
            (Layout::OnlineJudgeTools, Answers::Required) => {
                format!("online-judge-tools (NAME.in + {names})")
            }
            (Layout::OnlineJudgeTools, Answers::Optional) => {
                let names = match (ans, out) {
                    (0, _) | (_, 0) => names,
                    _ => "NAME.out or NAME.ans".to_string(),
                };
                format!("online-judge-tools (NAME.in, and {names} where there is one)")
            }
            (Layout::OnlineJudgeTools, Answers::Forbidden) => {
                "online-judge-tools (NAME.in)".to_string()
            }
            _ => self.to_string(),
        }
    }
}

/// The cases a layout found, and the case-like files it skipped (one warning each).
#[derive(Debug, Default)]
pub struct Listing {
    pub cases: Vec<Case>,
    pub warnings: Vec<String>,
}

/// Which layout `dir` has: the one whose marks it holds (`*.in`/`*.out` files, `in/` or `out/`,
/// `data/`, `tests/`). None is `Ok(None)`; two or more is an error naming them.
pub fn detect(dir: &Path) -> Result<Option<Layout>, CaseError> {
    let paths = entries(dir)?;
    let has_case_file = paths
        .iter()
        .any(|path| !path.is_dir() && (suffixed(path, ".in") || suffixed(path, ".out")));
    let has_dir = |name: &str| dir.join(name).is_dir();
    let found: Vec<Layout> = [
        (has_case_file, Layout::OnlineJudgeTools),
        (has_dir("in") || has_dir("out"), Layout::AtCoder),
        (has_dir("data"), Layout::Kattis),
        (has_dir("tests"), Layout::Polygon),
    ]
    .into_iter()
    .filter_map(|(present, layout)| present.then_some(layout))
    .collect();
    match found.as_slice() {
        [] => Ok(None),
        [layout] => Ok(Some(*layout)),
        [first, second, ..] => Err(CaseError::Ambiguous {
            dir: dir.to_path_buf(),
            first: first.to_string(),
            second: second.to_string(),
        }),
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned())
}

/// A folder, and not through a link (a link could lead back up: no endless search).
fn real_dir(path: &Path) -> bool {
    path.symlink_metadata()
        .is_ok_and(|metadata| metadata.is_dir())
}

fn suffixed(path: &Path, suffix: &str) -> bool {
    let name = file_name(path);
    name.len() > suffix.len() && name.ends_with(suffix)
}

/// How one layout names its files.
struct Shape {
    /// The case name an input file gives, if the file is an input.
    input: fn(&str) -> Option<&str>,
    /// The answer file of an input file.
    answer: fn(&str) -> String,
    /// The input file of an answer file, if the file is an answer.
    answer_of: fn(&str) -> Option<String>,
    /// The case-file suffixes, compared without case, of files that look like cases.
    look_alike: &'static [&'static str],
    /// The suffix of files that show a case without being one (a Kattis sample's
    /// `.interaction`): each is named in a warning.
    shown_only: Option<&'static str>,
    /// Suffixes of files and folders beside `NAME.in` that belong to its case and are not
    /// judged (a 2025-09 case's `.out`, shown instead of its `.ans`, and its `.files` folder):
    /// neither a case of their own nor a warning.
    companions: &'static [&'static str],
    /// The suffix of a second name an answer may have beside `NAME.in` (a plain folder's
    /// `NAME.ans`): the answer where the layout's own is not there; where both are, the
    /// layout's own, with a warning if they differ.
    second_answer: Option<&'static str>,
}

const OJ: Shape = Shape {
    input: |name| name.strip_suffix(".in"),
    answer: |name| format!("{}.out", name.strip_suffix(".in").unwrap_or(name)),
    answer_of: |name| name.strip_suffix(".out").map(|stem| format!("{stem}.in")),
    look_alike: &[".in", ".out", ".ans"],
    shown_only: None,
    companions: &[],
    second_answer: Some(".ans"),
};

const KATTIS: Shape = Shape {
    input: |name| name.strip_suffix(".in"),
    answer: |name| format!("{}.ans", name.strip_suffix(".in").unwrap_or(name)),
    answer_of: |name| name.strip_suffix(".ans").map(|stem| format!("{stem}.in")),
    look_alike: &[".in", ".ans", ".out"],
    shown_only: Some(".interaction"),
    companions: &[".out", ".files"],
    second_answer: None,
};

const POLYGON: Shape = Shape {
    input: |name| (!name.contains('.')).then_some(name),
    answer: |name| format!("{name}.a"),
    answer_of: |name| name.strip_suffix(".a").map(str::to_string),
    look_alike: &[".a", ".in", ".out", ".ans"],
    shown_only: None,
    companions: &[],
    second_answer: None,
};

/// AtCoder: every file of `in/` is an input (named without its extension), answered by the
/// file of the same name in `out/`.
const ATCODER: Shape = Shape {
    input: |name| Some(name.rsplit_once('.').map_or(name, |(stem, _)| stem)),
    answer: |name| name.to_string(),
    answer_of: |_| None,
    look_alike: &[""],
    shown_only: None,
    companions: &[],
    second_answer: None,
};

/// Whether a file name looks like a case file of a shape.
fn looks_alike(shape: &Shape, name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    (shape.input)(name).is_some()
        || shape
            .look_alike
            .iter()
            .any(|suffix| lower.ends_with(suffix))
}

/// Whether the cases of a folder have answers (expected outputs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answers {
    /// Every input has one (compared, or handed to a checker).
    Required,
    /// An interactor program may be given one; an input without one is fine.
    Optional,
    /// A built-in opponent: an input describes the games, there is nothing to expect.
    Forbidden,
}

/// What scanning collects: cases, warnings and errors.
struct Scan<'a> {
    shape: &'a Shape,
    answers: Answers,
    listing: Listing,
    errors: Vec<CaseError>,
}

impl Scan<'_> {
    /// Warns about every case-like file under a folder the layout does not read.
    fn unread_folder(&mut self, folder: &Path, why: &str) {
        let Ok(paths) = entries(folder) else { return };
        for path in paths {
            if real_dir(&path) {
                self.unread_folder(&path, why);
            } else if !path.is_dir()
                && looks_alike(self.shape, file_name(&path).trim_start_matches('.'))
            {
                self.listing
                    .warnings
                    .push(format!("skipped {}: {why}", path.display()));
            }
        }
    }

    /// Reads the cases of `inputs` (answers in `answers`), and below it when `recursive`;
    /// case names start with `prefix`.
    fn folder(&mut self, inputs: &Path, answers: &Path, prefix: &str, recursive: bool) {
        let paths = match entries(inputs) {
            Ok(paths) => paths,
            Err(error) => return self.errors.push(error),
        };
        for path in paths {
            let name = file_name(&path);
            let companion = self.shape.companions.iter().any(|suffix| {
                name.strip_suffix(suffix).is_some_and(|stem| {
                    !stem.is_empty() && present(&inputs.join(format!("{stem}.in")))
                })
            });
            if companion {
                continue;
            }
            let input_name = (self.shape.input)(&name).filter(|stem| !stem.is_empty());
            let answer = answers.join((self.shape.answer)(&name));
            if path.is_dir() && input_name.is_some() && answer.exists() {
                // A folder (or a link to one) named as an input: an error, not a case.
                self.case(&path, answer, prefix, input_name.unwrap_or_default());
            } else if path.is_dir() {
                if recursive && real_dir(&path) {
                    let below = format!("{prefix}{name}/");
                    self.folder(&path, &answers.join(&name), &below, true);
                } else {
                    self.unread_folder(&path, "the layout reads no subfolders here");
                }
            } else if let Some(hidden) = name.strip_prefix('.') {
                if looks_alike(self.shape, hidden) {
                    self.listing
                        .warnings
                        .push(format!("skipped {}: a hidden file", path.display()));
                }
            } else if let Some(stem) = (self.shape.input)(&name).filter(|stem| !stem.is_empty()) {
                let answer = self.answer_of_input(&path, answers, &name, stem);
                self.case(&path, answer, prefix, stem);
            } else if let Some(input) = (self.shape.answer_of)(&name).or_else(|| {
                let suffix = self.shape.second_answer?;
                let stem = name.strip_suffix(suffix).filter(|stem| !stem.is_empty())?;
                Some(format!("{stem}.in"))
            }) {
                if self.answers == Answers::Forbidden {
                    self.errors
                        .push(CaseError::ExpectedInInteractive { expected: path });
                } else if !present(&inputs.join(&input)) {
                    self.errors.push(CaseError::MissingInput {
                        input: inputs.join(input),
                        expected: path,
                    });
                }
            } else if self
                .shape
                .shown_only
                .is_some_and(|suffix| name.ends_with(suffix))
            {
                self.listing.warnings.push(format!(
                    "not judged: {}: a sample interaction, shown in the statement only",
                    path.display()
                ));
            } else if looks_alike(self.shape, &name) {
                self.listing.warnings.push(format!(
                    "skipped {}: not a case file of this layout (extensions are case-sensitive)",
                    path.display()
                ));
            }
        }
    }

    /// The answer of the input `input` (named `name`, its case `stem`) in `answers`: the
    /// layout's own; where the shape has a second name (a plain folder's `NAME.ans`) and only
    /// that is there, the second. Where both are there and differ, the layout's own, with a
    /// warning naming it.
    fn answer_of_input(&mut self, input: &Path, answers: &Path, name: &str, stem: &str) -> PathBuf {
        let own = answers.join((self.shape.answer)(name));
        let Some(suffix) = self.shape.second_answer else {
            return own;
        };
        let second = answers.join(format!("{stem}{suffix}"));
        match (present(&own), present(&second)) {
            (false, true) => second,
            (true, true) if differ(&own, &second) => {
                self.listing.warnings.push(format!(
                    "{}: {} and {} differ; judging against {}",
                    input.with_file_name(stem).display(),
                    file_name(&second),
                    file_name(&own),
                    file_name(&own)
                ));
                own
            }
            _ => own,
        }
    }

    fn case(&mut self, input: &Path, answer: PathBuf, prefix: &str, stem: &str) {
        // A link that leads nowhere (or in a loop) is there: its error is the link's.
        let expected = match (self.answers, present(&answer)) {
            (Answers::Forbidden | Answers::Optional, false) => None,
            (Answers::Forbidden, true) => {
                return self
                    .errors
                    .push(CaseError::ExpectedInInteractive { expected: answer })
            }
            (Answers::Required | Answers::Optional, true) => Some(answer),
            (Answers::Required, false) => {
                return self.errors.push(CaseError::MissingExpected {
                    input: input.to_path_buf(),
                    expected: answer,
                })
            }
        };
        let case_file = |path: &Path| readable(path, "a case file");
        // A Kattis case's `NAME.files/` beside its input: files its program finds where it runs.
        let files = input.with_file_name(format!("{stem}.files"));
        let files = (self.shape.companions.contains(&".files") && files.is_dir()).then_some(files);
        match case_file(input).and_then(|()| expected.as_deref().map_or(Ok(()), case_file)) {
            Ok(()) => self.listing.cases.push(Case {
                name: format!("{prefix}{stem}"),
                input: input.to_path_buf(),
                expected,
                args: Vec::new(),
                files,
            }),
            Err(error) => self.errors.push(error),
        }
    }
}

/// Whether two answer files differ in their bytes. Either one that is no readable regular
/// file (a FIFO is never opened) is not compared: its error, if it is the one judged against,
/// is the case's.
fn differ(a: &Path, b: &Path) -> bool {
    use std::io::Read;
    let open = |path: &Path| {
        readable(path, "a case file")
            .ok()
            .and_then(|()| std::fs::File::open(path).ok())
    };
    let sizes = |path: &Path| std::fs::metadata(path).map(|found| found.len()).ok();
    let (Some(a_size), Some(b_size)) = (sizes(a), sizes(b)) else {
        return false;
    };
    let (Some(mut a), Some(mut b)) = (open(a), open(b)) else {
        return false;
    };
    if a_size != b_size {
        return true;
    }
    // Block by block, so two large answers cost two blocks of memory, not their size.
    let (mut a_block, mut b_block) = (vec![0; 1 << 16], vec![0; 1 << 16]);
    loop {
        let (Ok(a_read), Ok(b_read)) = (
            read_full(&mut a, &mut a_block),
            read_full(&mut b, &mut b_block),
        ) else {
            return false;
        };
        if a_block[..a_read] != b_block[..b_read] {
            return true;
        }
        if a_read == 0 {
            return false;
        }
    }

    /// Reads until `block` is full or the file ends: how many bytes were read.
    fn read_full(file: &mut std::fs::File, block: &mut [u8]) -> std::io::Result<usize> {
        let mut filled = 0;
        while filled < block.len() {
            match file.read(&mut block[filled..])? {
                0 => break,
                read => filled += read,
            }
        }
        Ok(filled)
    }
}

/// The cases of `dir` in `layout` (unsorted), or every problem found.
pub fn list(dir: &Path, layout: Layout, answers: Answers) -> Result<Listing, Vec<CaseError>> {
    let shape = match layout {
        Layout::OnlineJudgeTools => &OJ,
        Layout::AtCoder => &ATCODER,
        Layout::Kattis => &KATTIS,
        Layout::Polygon => &POLYGON,
    };
    let mut scan = Scan {
        shape,
        answers,
        listing: Listing::default(),
        errors: Vec::new(),
    };
    match layout {
        Layout::OnlineJudgeTools => scan.folder(dir, dir, "", false),
        Layout::Polygon => scan.folder(&dir.join("tests"), &dir.join("tests"), "", false),
        Layout::AtCoder => atcoder(&mut scan, dir),
        Layout::Kattis => kattis(&mut scan, &dir.join("data")),
    }
    if scan.errors.is_empty() {
        Ok(scan.listing)
    } else {
        Err(scan.errors)
    }
}

/// AtCoder: `in/` read against `out/`, then every answer of `out/` without its input.
fn atcoder(scan: &mut Scan, dir: &Path) {
    let (inputs, answers) = (dir.join("in"), dir.join("out"));
    for folder in [&inputs, &answers] {
        if !folder.is_dir() {
            return scan.errors.push(CaseError::Invalid {
                path: folder.clone(),
                message: "missing: AtCoder test data has both in/ and out/".into(),
            });
        }
    }
    scan.folder(&inputs, &answers, "", false);
    // A case-like file beside in/ and out/ (a sample saved by hand) is read by nothing: said.
    for path in entries(dir).unwrap_or_default() {
        let lower = file_name(&path).to_ascii_lowercase();
        let case_like = [".in", ".out", ".ans", ".txt"]
            .iter()
            .any(|suffix| lower.ends_with(suffix));
        if case_like && path.is_file() {
            scan.listing.warnings.push(format!(
                "skipped {}: AtCoder's cases are the files of in/ and out/",
                path.display()
            ));
        }
    }
    if scan.answers == Answers::Forbidden {
        return;
    }
    if let Ok(paths) = entries(&answers) {
        for path in paths.into_iter().filter(|path| path.is_file()) {
            let input = inputs.join(file_name(&path));
            if !file_name(&path).starts_with('.') && !present(&input) {
                scan.errors.push(CaseError::MissingInput {
                    expected: path,
                    input,
                });
            }
        }
    }
}

/// Kattis: `data/sample/` and `data/secret/`, each searched below; case-like files anywhere
/// else under `data/` are warned about.
fn kattis(scan: &mut Scan, data: &Path) {
    let paths = match entries(data) {
        Ok(paths) => paths,
        Err(error) => return scan.errors.push(error),
    };
    for path in paths {
        let name = file_name(&path);
        if path.is_dir() && (name == "sample" || name == "secret") {
            scan.folder(&path, &path, &format!("{name}/"), true);
        } else if path.is_dir() && crate::cases::validation_data::is_validation_folder(&name) {
            scan.listing.warnings.push(format!(
                "not judged: {}: validation test data, which judge verify holds the validators to",
                path.display()
            ));
        } else if path.is_dir() && (name == "invalid_answer" || name == "valid_answer") {
            scan.listing.warnings.push(format!(
                "not judged: {}: test data of BAPCtools' answer validators, which the format does not have and the judge does not run",
                path.display()
            ));
        } else if path.is_dir() {
            scan.unread_folder(
                &path,
                "a Kattis package's cases are in data/sample and data/secret",
            );
        } else if looks_alike(scan.shape, name.trim_start_matches('.')) {
            scan.listing.warnings.push(format!(
                "skipped {}: a Kattis package's cases are in data/sample and data/secret",
                path.display()
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(files: &[&str]) -> PathBuf {
        crate::test_folders::folder_with_files("layout", files)
    }

    fn names(listing: &Listing) -> Vec<&str> {
        listing
            .cases
            .iter()
            .map(|case| case.name.as_str())
            .collect()
    }

    #[test]
    fn each_layout_is_found_by_its_marks() {
        let detected = |files: &[&str]| detect(&folder(files)).unwrap();
        assert_eq!(detected(&["a.in", "a.out"]), Some(Layout::OnlineJudgeTools));
        assert_eq!(detected(&["in/a.txt", "out/a.txt"]), Some(Layout::AtCoder));
        assert_eq!(detected(&["data/sample/1.in"]), Some(Layout::Kattis));
        assert_eq!(detected(&["tests/01"]), Some(Layout::Polygon));
        assert_eq!(detected(&["notes.md"]), None);
        let error = detect(&folder(&["in/a", "data/secret/1.in"])).unwrap_err();
        assert!(
            error.to_string().contains("two layouts at once, AtCoder"),
            "{error}"
        );
    }

    #[test]
    fn kattis_cases_are_named_by_their_path_below_data() {
        let dir = folder(&[
            "data/sample/1.in",
            "data/sample/1.ans",
            "data/secret/g1/03.in",
            "data/secret/g1/03.ans",
            "data/secret/g1/03.png",
            "data/extra/9.in",
            "data/sample/2.interaction",
            "data/invalid_answer/a.in",
            "data/invalid_answer/a.ans",
            "data/invalid_answer/b.in",
            "data/invalid_answer/b.ans",
        ]);
        let listing = list(&dir, Layout::Kattis, Answers::Required).unwrap();
        assert_eq!(names(&listing), ["sample/1", "secret/g1/03"]);
        assert_eq!(listing.warnings.len(), 3, "{:?}", listing.warnings);
        // BAPCtools' answer validators' test data: one line for the folder, not one a file.
        assert!(listing.warnings.iter().any(|warning| warning.starts_with("not judged: ")
            && warning.ends_with("invalid_answer: test data of BAPCtools' answer validators, which the format does not have and the judge does not run")));
        assert!(listing
            .warnings
            .iter()
            .any(|warning| warning.contains("extra/9.in")));
        assert!(listing
            .warnings
            .iter()
            .any(|warning| warning.starts_with("not judged: ")
                && warning.ends_with(
                    "2.interaction: a sample interaction, shown in the statement only"
                )));
    }

    /// A 2025-09 case's `.out` (shown instead of its `.ans`), `.files/` folder, case `.yaml`
    /// and illustration belong to it: neither cases nor warnings. A `.out` with no `.in`
    /// is still named.
    #[test]
    fn a_kattis_case_s_companions_are_neither_cases_nor_warnings() {
        let dir = folder(&[
            "data/sample/1.in",
            "data/sample/1.ans",
            "data/sample/1.out",
            "data/sample/1.yaml",
            "data/sample/1.files/data.in",
            "data/sample/1.files/data.ans",
            "data/secret/2.in",
            "data/secret/2.ans",
            "data/secret/2.jpg",
            "data/secret/3.out",
        ]);
        let listing = list(&dir, Layout::Kattis, Answers::Required).unwrap();
        assert_eq!(names(&listing), ["sample/1", "secret/2"]);
        assert_eq!(
            listing.cases[0].expected,
            Some(dir.join("data/sample/1.ans"))
        );
        // The case carries its .files folder, and a case without one carries none.
        assert_eq!(
            listing.cases[0].files,
            Some(dir.join("data/sample/1.files"))
        );
        assert_eq!(listing.cases[1].files, None);
        assert_eq!(listing.warnings.len(), 1, "{:?}", listing.warnings);
        assert!(
            listing.warnings[0].contains("3.out"),
            "{:?}",
            listing.warnings
        );
    }

    /// A case file that is a link in a loop is one error naming it, not also "has no input"
    /// for its answer (nor "has no expected output" when the answer is the loop).
    #[test]
    fn a_loop_of_links_is_one_error_naming_the_file() {
        use std::os::unix::fs::symlink;
        let messages = |dir: &Path, layout| -> Vec<String> {
            let errors = list(dir, layout, Answers::Required).unwrap_err();
            errors.iter().map(ToString::to_string).collect()
        };
        let dir = folder(&["loop.out", "ok.in", "ok.out"]);
        symlink("loop.in", dir.join("loop.in")).unwrap();
        let errors = messages(&dir, Layout::OnlineJudgeTools);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].contains("loop.in is a link to loop.in, in a loop of links"),
            "{errors:?}"
        );
        let dir = folder(&["a.in", "b.out"]);
        symlink("b.in", dir.join("a.out")).unwrap();
        symlink("a.out", dir.join("b.in")).unwrap();
        let errors = messages(&dir, Layout::OnlineJudgeTools);
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors
            .iter()
            .all(|error| error.contains("in a loop of links")));
        let dir = folder(&["out/a.txt"]);
        std::fs::create_dir(dir.join("in")).unwrap();
        symlink("a.txt", dir.join("in/a.txt")).unwrap();
        let errors = messages(&dir, Layout::AtCoder);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].contains("in a loop of links"), "{errors:?}");
    }

    /// A plain folder's `NAME.ans` answers its `NAME.in` where there is no `NAME.out`, in a
    /// folder that mixes both kinds too; an `.ans` without its input is an error, as an `.out`
    /// is.
    #[test]
    fn a_plain_folder_s_ans_is_the_answer_where_there_is_no_out() {
        let dir = folder(&["a.in", "a.ans", "b.in", "b.out", "notes.txt"]);
        let listing = list(&dir, Layout::OnlineJudgeTools, Answers::Required).unwrap();
        let answers: Vec<Option<PathBuf>> = listing
            .cases
            .iter()
            .map(|case| case.expected.clone())
            .collect();
        assert_eq!(answers, [Some(dir.join("a.ans")), Some(dir.join("b.out"))]);
        assert!(listing.warnings.is_empty(), "{:?}", listing.warnings);
        let dir = folder(&["a.in", "a.ans", "c.ans"]);
        let errors = list(&dir, Layout::OnlineJudgeTools, Answers::Required).unwrap_err();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(
            errors[0].to_string(),
            format!(
                "{} has no input {}",
                dir.join("c.ans").display(),
                dir.join("c.in").display()
            )
        );
        // A built-in opponent's folder has no answers, of either name.
        let dir = folder(&["a.in", "a.ans"]);
        let errors = list(&dir, Layout::OnlineJudgeTools, Answers::Forbidden).unwrap_err();
        assert!(
            errors.iter().all(|error| {
                error.to_string().ends_with(
            "a.ans: an interactive folder has no expected outputs (the judge plays the opponent)"
        )
            }),
            "{errors:?}"
        );
    }

    /// Where a case has both, its `.out` is judged against (oj's name); a warning says so when
    /// they differ, and nothing is said when they are the same bytes.
    #[test]
    fn differing_ans_and_out_are_warned_about_and_out_is_judged_against() {
        let dir = folder(&["same.in", "other.in"]);
        for (name, text) in [
            ("same.ans", "7\n"),
            ("same.out", "7\n"),
            ("other.ans", "7\n"),
            ("other.out", "8\n"),
        ] {
            std::fs::write(dir.join(name), text).unwrap();
        }
        let listing = list(&dir, Layout::OnlineJudgeTools, Answers::Required).unwrap();
        assert_eq!(names(&listing), ["other", "same"]);
        assert_eq!(listing.cases[0].expected, Some(dir.join("other.out")));
        assert_eq!(listing.cases[1].expected, Some(dir.join("same.out")));
        assert_eq!(
            listing.warnings,
            [format!(
                "{}: other.ans and other.out differ; judging against other.out",
                dir.join("other").display()
            )]
        );
        // The same length, other bytes: still a difference.
        std::fs::write(dir.join("same.ans"), "9\n").unwrap();
        let listing = list(&dir, Layout::OnlineJudgeTools, Answers::Required).unwrap();
        assert_eq!(listing.warnings.len(), 2, "{:?}", listing.warnings);
    }

    /// The folder line names the answers judged against where some are `.ans`.
    #[test]
    fn the_layout_names_the_answers_it_used() {
        let case = |answer: Option<&str>| Case {
            name: "x".into(),
            input: PathBuf::from("t/x.in"),
            expected: answer.map(PathBuf::from),
            args: Vec::new(),
            files: None,
        };
        let oj = Layout::OnlineJudgeTools;
        let outs = [case(Some("t/x.out")), case(Some("t/y.out"))];
        assert_eq!(
            oj.describe(Answers::Required, &outs),
            "online-judge-tools (NAME.in + NAME.out)"
        );
        let anss = [case(Some("t/x.ans")), case(Some("t/y.ans"))];
        assert_eq!(
            oj.describe(Answers::Required, &anss),
            "online-judge-tools (NAME.in + NAME.ans)"
        );
        let mixed = [
            case(Some("t/x.out")),
            case(Some("t/y.ans")),
            case(Some("t/z.ans")),
        ];
        assert_eq!(
            oj.describe(Answers::Required, &mixed),
            "online-judge-tools (NAME.in + NAME.out, or NAME.ans for 2 cases)"
        );
        assert_eq!(
            oj.describe(Answers::Optional, &[case(None), case(Some("t/y.ans"))]),
            "online-judge-tools (NAME.in, and NAME.ans where there is one)"
        );
        assert_eq!(
            oj.describe(Answers::Optional, &mixed),
            "online-judge-tools (NAME.in, and NAME.out or NAME.ans where there is one)"
        );
        assert_eq!(
            Layout::Kattis.describe(Answers::Required, &anss),
            "Kattis package (data/sample, data/secret)"
        );
    }

    #[test]
    fn polygon_and_atcoder_pair_their_own_way() {
        let dir = folder(&["tests/01", "tests/01.a", "tests/02", "tests/02.A"]);
        let errors = list(&dir, Layout::Polygon, Answers::Required).unwrap_err();
        assert_eq!(errors.len(), 1);
        assert!(errors[0].to_string().ends_with("02.a"), "{}", errors[0]);
        let dir = folder(&[
            "in/s1.txt",
            "out/s1.txt",
            "in/.DS_Store",
            "X.IN",
            "notes.md",
        ]);
        let listing = list(&dir, Layout::AtCoder, Answers::Required).unwrap();
        assert_eq!(names(&listing), ["s1"]);
        assert!(
            listing.warnings[0].contains(".DS_Store"),
            "{:?}",
            listing.warnings
        );
        assert_eq!(listing.warnings.len(), 2, "{:?}", listing.warnings);
        assert!(
            listing.warnings[1].ends_with("X.IN: AtCoder's cases are the files of in/ and out/"),
            "{:?}",
            listing.warnings
        );
    }
}
