//! One source (a file, or a folder of files) built into the cache: the files are copied into a
//! build folder named by their fingerprint, built there (by the folder's own `build` script, or
//! by the compiler of their language, under a compile time limit; a lone script in no language
//! runs by its `#!` line), and left with a `run`
//! program (the compiled binary, or a one-line script that starts the interpreter). A build is
//! made in a private folder and renamed into place, so two judges building the same source at
//! once do not see each other's half-built files.

use super::{cache_folder, fingerprint, Constants, Dialect, Language, Python3, Table};
use crate::limits::{Limits, PastOutputCap};
use crate::process::sandbox::{self, BuildSpace, NotTaken};
use crate::process::{
    entry_names, execute, in_path, is_link_error, open_entry, open_folder, Program, Stop,
    Termination, Trust,
};
use crate::temp_folder::quoted;
use crate::text::printable;
use std::fmt;
use std::fs::{self, File};
use std::io::Read;
use std::os::fd::AsRawFd;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long a build may take (CPU time), as problemtools' default compile time limit.
pub const COMPILE_TIME_LIMIT: Duration = Duration::from_secs(60);
/// How many of the compiler's lines a failure shows.
const SHOWN_LINES: usize = 12;
/// The most files a source folder may hold.
const MOST_FILES: usize = 1000;
/// The most bytes a source may hold, all its files together.
const MOST_BYTES: u64 = 64 << 20;
/// The most a contestant's build may leave in its folder: bytes, all files together (DOMjudge's
/// `script_filesize_limit`, 2.5 GiB), and entries.
const MOST_BUILD_BYTES: u64 = 2560 << 20;
const MOST_BUILD_ENTRIES: usize = 10_000;
/// Changes whenever a recipe below changes, so that older builds are not reused.
const RECIPE_VERSION: &[u8] = b"game-judge build 8";

/// A built source: `program` runs it (an executable file in `folder`, the build folder).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    pub program: PathBuf,
    pub folder: PathBuf,
    /// Built now, rather than taken from the cache.
    pub fresh: bool,
}

/// Why a source is not a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The compiler (or the `build` script) failed: its command and its first lines.
    Compile {
        source: String,
        command: String,
        said: String,
    },
    /// The build ran past the compile time limit.
    CompileTime {
        source: String,
        command: String,
        limit: Duration,
    },
    /// The judge cannot build it here: no language it knows, several languages, or a tool that
    /// is not installed.
    Unsupported { source: String, why: String },
    /// The files could not be read or the build folder made.
    Io(String),
}

impl Failure {
    /// Why, without naming the source (for a line that names it already).
    pub fn reason(&self) -> String {
        match self {
            Failure::Unsupported { why, .. } => why.clone(),
            other => other.to_string(),
        }
    }

    /// Whether the source itself is at fault (it does not compile), rather than the machine.
    pub fn is_compile_error(&self) -> bool {
        matches!(self, Failure::Compile { .. } | Failure::CompileTime { .. })
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Compile {
                source,
                command,
                said,
            } => {
                write!(f, "{source} does not build ({command})")?;
                match said.trim().is_empty() {
                    true => Ok(()),
                    false => write!(f, ":\n{}", said.trim_end()),
                }
            }
            Failure::CompileTime {
                source,
                command,
                limit,
            } => write!(
                f,
                "{source} does not build: {command} was still running at the compile time limit of {} s",
                limit.as_secs()
            ),
            Failure::Unsupported { source, why } => write!(f, "{source} cannot be built: {why}"),
            Failure::Io(why) => f.write_str(why),
        }
    }
}

/// Builds the problem's own `source` (a checker, a validator, a file or a folder) with the
/// default compile time limit, outside the sandbox, as the judge's helper; `includes` are more
/// folders its C or C++ files include from (a Polygon package's `files/`).
pub fn build(source: &Path, includes: &[PathBuf]) -> Result<Built, Failure> {
    build_as(
        source,
        includes,
        COMPILE_TIME_LIMIT,
        &Dialect::default(),
        Whose::Problem,
    )
}

/// As `build`, with a 2025-09 package's `constants` put into the source first (its input and
/// output validators).
pub fn build_problem_program(source: &Path, constants: &Constants) -> Result<Built, Failure> {
    let dialect = Dialect {
        constants: constants.clone(),
        ..Dialect::default()
    };
    build_as(source, &[], COMPILE_TIME_LIMIT, &dialect, Whose::Problem)
}

/// Builds a contestant's `source` (a submission: a file or a folder) within `limit` of CPU
/// time, in the package's `dialect` (Python 3 by PyPy only where `pypy3` is installed): its
/// compiler runs in the sandbox where that is on, as the program will, seeing none of the test
/// data and writing in its build folder only.
pub fn build_submission(
    source: &Path,
    limit: Duration,
    dialect: &Dialect,
) -> Result<Built, Failure> {
    build_as(source, &[], limit, dialect, Whose::Contestant)
}

/// Whose source a build is: it runs as the judge's helper, or boxed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Whose {
    Problem,
    Contestant,
}

/// The name a file gets inside the build folder: its own, made valid UTF-8 (a compiler is
/// given it as text).
fn inside_name(inside: &Path) -> PathBuf {
    PathBuf::from(inside.to_string_lossy().into_owned())
}

/// One file of a source, read once: its path inside the build folder, its bytes and its mode.
struct SourceFile {
    inside: PathBuf,
    bytes: Vec<u8>,
    mode: u32,
    /// Put over the submission from the package's `include/`, rather than its own.
    included: bool,
}

/// The files of a source, read, sorted by their path inside the build folder: regular files
/// outside /proc and /sys (opened as case files are, never blocking), at most `MOST_FILES` of
/// them and `MOST_BYTES` in all. A contestant's source that is a link, or holds one, is refused,
/// never followed: the judge reads it with its own rights (root, say), outside the sandbox, so
/// a link would copy the answers (or any file) into the build.
fn files_of(source: &Path, whose: Whose) -> Result<Vec<SourceFile>, Failure> {
    let io =
        |error: std::io::Error| Failure::Io(format!("cannot read {}: {error}", source.display()));
    let unsupported = |why: String| Failure::Unsupported {
        source: source.display().to_string(),
        why,
    };
    let refused_if_link = |path: &Path, shown: &Path| -> Result<(), Failure> {
        let link = fs::symlink_metadata(path).is_ok_and(|meta| meta.file_type().is_symlink());
        match link && whose == Whose::Contestant {
            true => Err(link_refusal(source, shown)),
            false => Ok(()),
        }
    };
    // A file in no language the judge builds is not one to build, link or not (DOMjudge's
    // example packages keep a submission in R as a link to another).
    let name = source.file_name().map(Path::new).unwrap_or(source);
    let built_anyway = Language::of(name).is_some()
        || Language::is_header(name)
        || [Path::new("build"), Path::new("run")].contains(&name);
    if !source.is_dir() && !built_anyway {
        return Err(unsupported(no_language(&[name
            .to_string_lossy()
            .into_owned()])));
    }
    refused_if_link(source, source)?;
    // Every file and folder is opened by descriptor, never by a path a link could be swapped
    // into after it was checked (the judge reads with its own rights: root, say).
    let mut walk = Walk {
        source,
        whose,
        files: Vec::new(),
        folders: 0,
        bytes_in_all: 0,
    };
    let follow = whose == Whose::Problem;
    let refused = |error: std::io::Error, shown: &Path| match is_link_error(&error) {
        true => link_refusal(source, shown),
        false => io(error),
    };
    if !source.is_dir() {
        let name = source
            .file_name()
            .ok_or_else(|| Failure::Io(format!("{} is not a file", source.display())))?;
        let parent = match source
            .parent()
            .filter(|parent| !parent.as_os_str().is_empty())
        {
            Some(parent) => parent,
            None => Path::new("."),
        };
        let folder = open_folder(parent, true).map_err(io)?;
        let file = open_entry(&folder, name, follow).map_err(|error| refused(error, source))?;
        walk.take(file, inside_name(Path::new(name)))?;
    } else {
        let folder = open_folder(source, follow).map_err(|error| refused(error, source))?;
        // A folder of the test data itself (the cases' own, an interactor's or a checker's):
        // all of it would go into the build, other cases and the problem's programs with it.
        let opened = PathBuf::from(format!("/proc/self/fd/{}", folder.as_raw_fd()));
        if whose == Whose::Contestant && sandbox::is_test_data(&opened) {
            return Err(unsupported(
                "it is a folder of the test data (the cases', or an interactor's or checker's): its build would carry them to the program; give the program's own files (--cmd main.cpp), or keep them in a folder of their own".to_string(),
            ));
        }
        walk.folder(&folder, Path::new(""))?;
    }
    let mut files = walk.files;
    files.sort_by(|a, b| a.inside.cmp(&b.inside));
    Ok(files)
}

impl SourceFile {
    /// Its language, by its name in the format's `table` (a `.py` whose first line is a
    /// `python2` shebang is Python 2, as problemtools tells them apart; a `.sh` whose first
    /// line asks for `bash` is Bash); `None` for a header or any other file.
    fn language(&self, table: Table) -> Option<Language> {
        let language = Language::of_in(&self.inside, table)?;
        let shebang_names = |name: &[u8]| {
            self.bytes
                .split(|&byte| byte == b'\n')
                .next()
                .is_some_and(|first| {
                    first.starts_with(b"#!") && first.windows(name.len()).any(|word| word == name)
                })
        };
        Some(match language {
            Language::Python if shebang_names(b"python2") => Language::Python2,
            // A `.sh` whose #! line asks for Bash is Bash, in every table.
            Language::Shell if shebang_names(b"bash") => Language::Bash,
            _ => language,
        })
    }
}

/// The languages of a source's files, each once, in the order of the files.
fn languages_of(files: &[SourceFile], table: Table) -> Vec<Language> {
    let mut languages: Vec<Language> = Vec::new();
    for language in files.iter().filter_map(|file| file.language(table)) {
        if !languages.contains(&language) {
            languages.push(language);
        }
    }
    languages
}

/// A submission's files with its package's include files put over them (`dialect.includes`:
/// a Kattis package's `include/default/` and `include/LANGUAGE/` for each language it holds, a
/// file of the same name replaced), as problemtools builds it. A submission with its own
/// `build` or `run` script would leave them out: refused.
fn with_includes(
    source: &Path,
    files: Vec<SourceFile>,
    dialect: &Dialect,
) -> Result<Vec<SourceFile>, Failure> {
    let Some(includes) = &dialect.includes else {
        return Ok(files);
    };
    let scripted = files
        .iter()
        .any(|file| [Path::new("build"), Path::new("run")].contains(&file.inside.as_path()));
    if scripted {
        return Err(Failure::Unsupported {
            source: source.display().to_string(),
            why: format!(
                "the package's {} goes over a submission in its language before it is built, and a submission with its own build or run script would leave it out: give its source files alone",
                includes.display()
            ),
        });
    }
    let mut files = files;
    let languages = match dialect.named.as_deref().and_then(Language::of_code) {
        Some(named) => vec![named],
        None => languages_of(&files, dialect.table),
    };
    // The language's folder by any name the formats give it (`cpp/` or `c++/`), each once.
    let folders = std::iter::once("default").chain(
        languages
            .iter()
            .flat_map(|language| language.include_names().iter().copied()),
    );
    for folder in folders {
        let folder = includes.join(folder);
        if !folder.is_dir() {
            continue;
        }
        for mut include in files_of(&folder, Whose::Problem)? {
            include.included = true;
            files.retain(|file| file.inside != include.inside);
            files.push(include);
        }
    }
    files.sort_by(|a, b| a.inside.cmp(&b.inside));
    Ok(files)
}

/// The files with a 2025-09 package's constants put into their text, as the spec says for
/// validators, included files and example submissions; a file that is not UTF-8 text, or a
/// sequence naming no constant, is left as it is. Done before the build is named, so a
/// changed constant is another build.
fn with_constants(files: Vec<SourceFile>, constants: &Constants) -> Vec<SourceFile> {
    if constants.is_empty() {
        return files;
    }
    files
        .into_iter()
        .map(|mut file| {
            if let Ok(text) = std::str::from_utf8(&file.bytes) {
                file.bytes = constants.replace_known(text).into_bytes();
            }
            file
        })
        .collect()
}

/// A contestant's source that holds a link (or is one): refused, never followed.
fn link_refusal(source: &Path, shown: &Path) -> Failure {
    Failure::Compile {
        source: source.display().to_string(),
        command: "reading its files".to_string(),
        said: format!(
            "{} is a link: a submission is its own files, and the judge follows no link in it (put the file it leads to in its place)",
            shown.display()
        ),
    }
}

/// The files of a source read so far, by descriptor (see `files_of`).
struct Walk<'a> {
    source: &'a Path,
    whose: Whose,
    files: Vec<SourceFile>,
    /// The folders read so far.
    folders: usize,
    bytes_in_all: u64,
}

impl Walk<'_> {
    fn io(&self, error: std::io::Error) -> Failure {
        Failure::Io(format!("cannot read {}: {error}", self.source.display()))
    }

    fn unsupported(&self, why: String) -> Failure {
        Failure::Unsupported {
            source: self.source.display().to_string(),
            why,
        }
    }

    /// Reads the entries of the folder open as `folder`, at `inside` in the build, and below.
    fn folder(&mut self, folder: &File, inside: &Path) -> Result<(), Failure> {
        // Folders count with files: a chain of thousands of them is no source (and would run
        // this recursion out of stack).
        self.folders += 1;
        if self.files.len() + self.folders > MOST_FILES {
            return Err(self.unsupported(format!("it holds over {MOST_FILES} files and folders")));
        }
        let follow = self.whose == Whose::Problem;
        for name in entry_names(folder).map_err(|error| self.io(error))? {
            if name.as_bytes().starts_with(b".") {
                continue;
            }
            let shown = inside.join(&name);
            let entry = match open_entry(folder, &name, follow) {
                Ok(entry) => entry,
                Err(error) if is_link_error(&error) => {
                    return Err(link_refusal(self.source, &shown))
                }
                Err(error) => return Err(self.io(error)),
            };
            // The cases kept beside a program (`judge --cmd . test`, or loose in the folder)
            // are no part of it: a build that carried them would show the answers to the
            // program. Known by the file opened, so a hard link is known too.
            let opened = PathBuf::from(format!("/proc/self/fd/{}", entry.as_raw_fd()));
            if self.whose == Whose::Contestant && sandbox::is_test_data(&opened) {
                eprintln!(
                    "{}",
                    printable(&format!(
                        "note: {} is test data: left out of the build of {}",
                        shown.display(),
                        self.source.display()
                    ))
                );
                continue;
            }
            let metadata = entry.metadata().map_err(|error| self.io(error))?;
            if metadata.is_dir() {
                self.folder(&entry, &shown)?;
            } else if metadata.is_file() {
                self.take(entry, inside_name(&shown))?;
            }
        }
        Ok(())
    }

    /// Reads the regular file open as `file`, to be `inside` in the build.
    fn take(&mut self, file: File, inside: PathBuf) -> Result<(), Failure> {
        if self.files.len() + self.folders >= MOST_FILES {
            return Err(self.unsupported(format!("it holds over {MOST_FILES} files and folders")));
        }
        let metadata = file.metadata().map_err(|error| self.io(error))?;
        let opened = fs::read_link(format!("/proc/self/fd/{}", file.as_raw_fd()))
            .map_err(|error| self.io(error))?;
        if !metadata.is_file() || opened.starts_with("/proc") || opened.starts_with("/sys") {
            return Err(self.unsupported(format!(
                "{}: not a regular file outside /proc and /sys",
                inside.display()
            )));
        }
        self.bytes_in_all += metadata.len();
        if self.bytes_in_all > MOST_BYTES {
            return Err(self.unsupported(format!("its files hold over {} MiB", MOST_BYTES >> 20)));
        }
        let mut bytes = Vec::new();
        file.take(MOST_BYTES)
            .read_to_end(&mut bytes)
            .map_err(|error| self.io(error))?;
        self.files.push(SourceFile {
            inside,
            bytes,
            // Never set-uid, nor writable by others, in the cache.
            mode: metadata.permissions().mode() & 0o755,
            included: false,
        });
        Ok(())
    }
}

/// Whether `tool` is a program on the PATH that runs: `TOOL --version` (or a command that does
/// nothing) succeeds (a pyenv shim for a Python that is not installed is on the PATH, and
/// fails). Asked once per tool.
pub fn installed(tool: &str) -> bool {
    static KNOWN: Mutex<Vec<(String, bool)>> = Mutex::new(Vec::new());
    let Ok(mut known) = KNOWN.lock() else {
        return false;
    };
    if let Some((_, works)) = known.iter().find(|(name, _)| name == tool) {
        return *works;
    }
    let works = in_path(tool)
        && std::process::Command::new(tool)
            .args(Language::probe(tool))
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
    known.push((tool.to_string(), works));
    works
}

/// What a build will do with the files.
enum Recipe {
    /// The folder's own `build` script, then its `run`.
    Script,
    /// The folder's own `run`, as it is.
    Run,
    /// The one file, a script in no language the judge builds, run by its `#!` line (made
    /// executable in the build, as BAPCtools runs a script that lacks the bit).
    Shebang(String),
    /// A compiler (or none) and the main file.
    Language {
        language: Language,
        files: Vec<String>,
        main: String,
        /// The C++ standard, where the package names one.
        cpp_standard: Option<String>,
    },
}

/// The files among `files` named `main` (`main.py`, `main.cpp`).
fn named_main(files: &[(String, String)]) -> Vec<&String> {
    files
        .iter()
        .map(|(name, _)| name)
        .filter(|name| {
            Path::new(name)
                .file_stem()
                .is_some_and(|stem| stem == "main")
        })
        .collect()
}

/// The one file among `files` that is the program: the only one, else the one named `main`,
/// else the only one whose text holds `mark`.
fn main_file(files: &[(String, String)], mark: &str) -> Option<String> {
    if let [(name, _)] = files {
        return Some(name.clone());
    }
    if let [name] = named_main(files).as_slice() {
        return Some((*name).clone());
    }
    let marked: Vec<&String> = files
        .iter()
        .filter(|(_, text)| text.contains(mark))
        .map(|(name, _)| name)
        .collect();
    match marked.as_slice() {
        [name] => Some((*name).clone()),
        _ => None,
    }
}

/// Why a source whose files are `others` (none in a language) is not built.
fn no_language(others: &[String]) -> String {
    format!(
        "no source in a language the judge builds ({}), only {}",
        Language::all_named(),
        kinds_of(others)
    )
}

/// What kinds of file `names` are, by extension (`.cs`, `.hs and .pl`), or by name for those
/// without one.
fn kinds_of(names: &[String]) -> String {
    let mut kinds: Vec<String> = Vec::new();
    for name in names {
        let kind = match Path::new(name).extension() {
            Some(extension) => format!(".{} files", extension.to_string_lossy()),
            None => name.clone(),
        };
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    kinds.join(" and ")
}

/// The one file of a source that is a script (its first line a `#!` line), the others being
/// headers and READMEs, if that is what it holds.
fn shebang_script(files: &[SourceFile]) -> Option<String> {
    let programs: Vec<&SourceFile> = files
        .iter()
        .filter(|file| {
            let name = file.inside.to_string_lossy();
            !Language::is_header(&file.inside) && !name.starts_with("README")
        })
        .collect();
    match programs.as_slice() {
        [one] if one.bytes.starts_with(b"#!") => Some(one.inside.to_string_lossy().into_owned()),
        _ => None,
    }
}

/// How `files` are built, or why they cannot be.
fn recipe(source: &str, files: &[SourceFile], dialect: &Dialect) -> Result<Recipe, Failure> {
    let unsupported = |why: String| Failure::Unsupported {
        source: source.to_string(),
        why,
    };
    let top = |name: &str| files.iter().any(|file| file.inside == Path::new(name));
    if top("build") {
        return Ok(Recipe::Script);
    }
    if top("run") {
        return Ok(Recipe::Run);
    }
    // The language the package names decides; else the files' endings in its format's table.
    let named = match dialect.named.as_deref() {
        Some(code) => Some(Language::of_code(code).ok_or_else(|| {
            unsupported(format!(
                "its package names the language {code}, which the judge does not run"
            ))
        })?),
        None => None,
    };
    let language_of = |file: &SourceFile| match named {
        Some(named) => file
            .language(Table::Judge)
            .or_else(|| file.language(Table::Kattis))
            .map(|_| named),
        None => file.language(dialect.table),
    };
    let languages = match named {
        Some(named) => vec![named],
        None => languages_of(files, dialect.table),
    };
    if let Some(script) = shebang_script(files).filter(|_| languages.is_empty()) {
        return Ok(Recipe::Shebang(script));
    }
    let mut sources: Vec<(String, String)> = Vec::new();
    // The submission's own sources, without the package's included files: the program is
    // one of these where they tell it.
    let mut own: Vec<(String, String)> = Vec::new();
    let mut others: Vec<String> = Vec::new();
    for file in files {
        let name = file.inside.to_string_lossy().into_owned();
        match language_of(file) {
            Some(_) => {
                let source = (name, String::from_utf8_lossy(&file.bytes).into_owned());
                if !file.included {
                    own.push(source.clone());
                }
                sources.push(source);
            }
            None if Language::is_header(&file.inside) => {}
            None => others.push(name),
        }
    }
    let language = match languages.as_slice() {
        [Language::Python] if dialect.python3 == Python3::PyPy && installed("pypy3") => {
            Language::PyPy3
        }
        // Go by the `go` command where gccgo, problemtools' compiler, is not installed.
        [Language::Go] if !installed("gccgo") && installed("go") => Language::GoGc,
        [language] => *language,
        [] => {
            return Err(unsupported(match others.is_empty() {
                true => "it holds no file".to_string(),
                false => no_language(&others),
            }))
        }
        several => {
            let names: Vec<&str> = several.iter().map(|language| language.name()).collect();
            return Err(unsupported(format!(
                "it holds sources in {}: give it a build and a run script",
                names.join(" and ")
            )));
        }
    };
    if !installed(language.tool()) {
        return Err(unsupported(format!(
            "no {} ({}): it is not installed",
            language.name(),
            language.tool()
        )));
    }
    let mark = match language {
        Language::Python | Language::PyPy3 | Language::Python2 => "__main__",
        Language::Rust => "fn main",
        Language::Java | Language::Kotlin => "main(",
        Language::JavaScript => "require.main",
        Language::C | Language::Cpp => "main(",
        Language::Shell | Language::Bash | Language::Perl | Language::Awk => "#!",
        Language::Prolog => "main",
        Language::Go | Language::GoGc => "func main(",
        Language::Haskell => "main =",
        Language::CSharp => "Main(",
        Language::Scala => "def main(",
        Language::OCaml => "let () =",
        // The scripts read their input: the one that reads is the program.
        Language::Ruby => "gets",
        Language::Lua => "io.read",
        Language::Php => "STDIN",
        Language::Lisp => "(read",
    };
    // With the package's included files, the one named `main` is the program (problemtools'
    // rule: a driver `main.py`, say), else the submission's own one.
    let main_of = |sources: &[(String, String)], mark: &str| {
        let included = own.len() < sources.len();
        match named_main(sources).as_slice() {
            [name] if included => Some((*name).clone()),
            _ if included => main_file(&own, mark).or_else(|| main_file(sources, mark)),
            _ => main_file(sources, mark),
        }
    };
    // The entry point a 2025-09 package's submissions.yaml names decides first: a file of the
    // submission (`ac.py`), or its path without the ending (Java's `pkg.Main` as `pkg/Main`).
    let entry = match dialect.entrypoint.as_deref() {
        Some(entry) => {
            let as_path = entry.replace('.', "/");
            let found = sources.iter().map(|(name, _)| name).find(|name| {
                let without = Path::new(name.as_str()).with_extension("");
                name.as_str() == entry
                    || without.to_string_lossy() == entry
                    || without.to_string_lossy() == as_path
            });
            Some(found.cloned().ok_or_else(|| {
                unsupported(format!(
                    "submissions.yaml names the entry point {entry}, and it holds no such file"
                ))
            })?)
        }
        None => None,
    };
    let main = match (entry, language.builds_all_files()) {
        (Some(entry), _) => entry,
        // JavaScript's program is the first file by name unless one is main (DOMjudge's
        // rule: the first file given).
        (None, true) if language == Language::JavaScript => main_of(&sources, mark)
            .or_else(|| sources.iter().map(|(name, _)| name.clone()).min())
            .unwrap_or_default(),
        (None, true) => main_of(&sources, mark).unwrap_or_default(),
        (None, false) => main_of(&sources, mark).ok_or_else(|| {
            unsupported(format!(
                "several {} files and none is main or the only one with `{mark}`",
                language.name()
            ))
        })?,
    };
    let files = match language.builds_all_files() {
        true => sources.into_iter().map(|(name, _)| name).collect(),
        false => vec![main.clone()],
    };
    Ok(Recipe::Language {
        language,
        files,
        main,
        cpp_standard: dialect.cpp_standard.clone(),
    })
}

/// The most bytes of class names given to `javap` at once (a contest submission has a few).
const MOST_JAVAP_BYTES: usize = 64 << 10;

/// The compiled Java classes in `classes`, by their Java names (`pkg.Main`): the one named as
/// the main file first, then the others in name order. Only Java names, and no link followed:
/// what is in `classes` is the build's.
fn java_classes(classes: &Path, main_file: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut folders = vec![PathBuf::new()];
    let java_name = |name: &str| {
        name.chars().next().is_some_and(char::is_alphabetic)
            && name.chars().all(|c| c.is_alphanumeric() || c == '_')
    };
    while let Some(inside) = folders.pop() {
        for entry in fs::read_dir(classes.join(&inside))
            .into_iter()
            .flatten()
            .flatten()
        {
            let name = entry.file_name().to_string_lossy().into_owned();
            let kind = entry.file_type().ok();
            if names.len() + folders.len() > MOST_FILES {
                break;
            }
            if kind.is_some_and(|kind| kind.is_dir()) && java_name(&name) {
                folders.push(inside.join(&name));
            } else if let Some(class) = name
                .strip_suffix(".class")
                .filter(|class| java_name(class) && kind.is_some_and(|kind| kind.is_file()))
            {
                let mut path = inside.join(class).to_string_lossy().into_owned();
                path = path.replace('/', ".");
                names.push(path);
            }
        }
    }
    let stem = Path::new(main_file)
        .file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_default();
    names.sort_by_key(|name| (name.rsplit('.').next() != Some(stem.as_str()), name.clone()));
    let mut bytes = 0;
    names.retain(|name| {
        bytes += name.len() + 1;
        bytes <= MOST_JAVAP_BYTES
    });
    names
}

/// The classes that `javap -public` (its output `said`) shows with a `static void main(String[])`
/// (or `String...`, perhaps `synchronized` too).
fn classes_with_main(said: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut class: Option<String> = None;
    for line in said.lines() {
        if !line.starts_with(' ') && line.trim_end().ends_with('{') {
            // `public final class pkg.Main extends Base implements Runnable {`
            let words: Vec<&str> = line.split_whitespace().collect();
            class = words
                .iter()
                .position(|word| matches!(*word, "class" | "interface" | "enum" | "record"))
                .and_then(|at| words.get(at + 1))
                .map(|name| name.split('<').next().unwrap_or_default().to_string());
        } else if line.contains("static ")
            && (line.contains(" void main(java.lang.String[])")
                || line.contains(" void main(java.lang.String...)"))
        {
            found.extend(class.take());
        }
    }
    found
}

/// The Java class with `public static void main(String[])`, as the compiled classes say: one
/// `javap` over them all, run as the build runs (boxed for a contestant) under the compile time
/// limit, so no number of classes holds the judge; the class named as the main file first,
/// then the others in name order. `Ok(None)` when no class has one.
fn java_class(
    source: &str,
    work: &Path,
    main_file: &str,
    limit: Duration,
    whose: Whose,
) -> Result<Option<String>, Failure> {
    let names = java_classes(&work.join("classes"), main_file);
    if names.is_empty() {
        return Ok(None);
    }
    let line = format!("javap -cp ./classes -public {}", names.join(" "));
    let said = run_build(source, work, &line, limit, whose)?;
    let with_main = classes_with_main(&String::from_utf8_lossy(&said));
    Ok(names.into_iter().find(|name| with_main.contains(name)))
}

/// Runs a build's shell `line` in `folder` under the compile time limit (a contestant's in the
/// sandbox, writing in `folder` only); `Ok` with what it said (stdout and stderr) when it
/// succeeded, else the failure, with the first lines it said.
fn run_build(
    source: &str,
    folder: &Path,
    line: &str,
    limit: Duration,
    whose: Whose,
) -> Result<Vec<u8>, Failure> {
    let limits = Limits {
        memory_bytes: 4 << 30,
        stack_bytes: 1 << 30,
        output_bytes: 1 << 20,
        past_output_cap: PastOutputCap::Kill,
        ..Limits::with_cpu(limit)
    };
    let program = Program::Shell(format!("cd {} && {{ {line}; }} 2>&1", quoted(folder)));
    let io = |error: std::io::Error| Failure::Io(format!("cannot build {source}: {error}"));
    let compile_error = |why: String| Failure::Compile {
        source: source.to_string(),
        command: line.to_string(),
        said: why,
    };
    let space = match whose {
        Whose::Problem => None,
        Whose::Contestant => Some(Arc::new(
            BuildSpace::new(folder, MOST_BUILD_BYTES, MOST_BUILD_ENTRIES).map_err(io)?,
        )),
    };
    let trust = match &space {
        None => Trust::Helper,
        Some(space) => Trust::Build(Arc::clone(space)),
    };
    let ran = execute(&program, None, limits, trust).map_err(io)?;
    if let Some(space) = space {
        space.take_back().map_err(|not_taken| match not_taken {
            NotTaken::Build(why) => compile_error(why),
            NotTaken::Machine(error) => io(error),
        })?;
    }
    let said = String::from_utf8_lossy(&ran.stdout);
    let first: Vec<&str> = said.lines().take(SHOWN_LINES).collect();
    let timed_out = matches!(
        ran.ended.stopped,
        Some(Stop::CpuTime | Stop::WallTime | Stop::Backstop)
    );
    match (timed_out, ran.ended.termination) {
        (true, _) => Err(Failure::CompileTime {
            source: source.to_string(),
            command: line.to_string(),
            limit,
        }),
        (false, Termination::Exited(0)) if ran.ended.stopped.is_none() => Ok(ran.stdout),
        _ => Err(Failure::Compile {
            source: source.to_string(),
            command: line.to_string(),
            said: first.join("\n"),
        }),
    }
}

/// Makes `path` executable. A link is refused, never followed: what a build made is the
/// contestant's, and the judge may run as root.
fn make_executable(path: &Path) -> std::io::Result<()> {
    let meta = fs::symlink_metadata(path)?;
    if !meta.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("{} is not a regular file", path.display()),
        ));
    }
    fs::set_permissions(
        path,
        fs::Permissions::from_mode(meta.permissions().mode() | 0o755),
    )
}

/// Whether a build made `run` as a regular file (not a link, which the judge will not follow).
fn made_run(run: &Path) -> bool {
    fs::symlink_metadata(run).is_ok_and(|meta| meta.is_file())
}

/// Builds the copied files in `work`, whose final place is `folder`.
fn build_in(
    source: &str,
    recipe: &Recipe,
    work: &Path,
    folder: &Path,
    includes: &[PathBuf],
    limit: Duration,
    whose: Whose,
) -> Result<(), Failure> {
    let io = |error: std::io::Error| Failure::Io(format!("cannot build {source}: {error}"));
    let run = work.join("run");
    match recipe {
        Recipe::Script => {
            let script = work.join("build");
            make_executable(&script).map_err(io)?;
            run_build(source, work, "./build", limit, whose)?;
            if !made_run(&run) {
                return Err(Failure::Compile {
                    source: source.to_string(),
                    command: "./build".to_string(),
                    said: "its build script made no `run` program".to_string(),
                });
            }
            make_executable(&run).map_err(io)
        }
        Recipe::Run => make_executable(&run).map_err(io),
        Recipe::Shebang(script) => {
            make_executable(&work.join(script)).map_err(io)?;
            let line = format!("#!/bin/sh\nexec {} \"$@\"\n", quoted(&folder.join(script)));
            fs::write(&run, line).map_err(io)?;
            make_executable(&run).map_err(io)
        }
        Recipe::Language {
            language,
            files,
            main,
            cpp_standard,
        } => {
            let includes: Vec<String> = includes
                .iter()
                .map(|folder| folder.to_string_lossy().into_owned())
                .collect();
            // `./` before each file: a name such as `-v.py` is not taken for an option.
            let files: Vec<String> = files.iter().map(|file| format!("./{file}")).collect();
            let line: Vec<String> = language
                .compile(&files, &includes, cpp_standard.as_deref())
                .iter()
                .map(|word| {
                    match word
                        .contains(|c: char| !c.is_ascii_alphanumeric() && !"-_./=+".contains(c))
                    {
                        true => quoted(Path::new(word)),
                        false => word.clone(),
                    }
                })
                .collect();
            run_build(source, work, &line.join(" "), limit, whose)?;
            let main = match language {
                Language::Java | Language::Scala => java_class(source, work, main, limit, whose)?
                    .ok_or_else(|| Failure::Compile {
                    source: source.to_string(),
                    command: language.tool().to_string(),
                    said: "no class has a `static void main`".to_string(),
                })?,
                _ => main.clone(),
            };
            if let Some(line) = language.run_line(folder, &main) {
                // Whatever the build left at `run` goes first: a link is not written through.
                let _ = fs::remove_file(&run);
                fs::write(&run, format!("#!/bin/sh\nexec {line} \"$@\"\n")).map_err(io)?;
            }
            if !made_run(&run) {
                return Err(Failure::Compile {
                    source: source.to_string(),
                    command: language.tool().to_string(),
                    said: "the compiler made no program".to_string(),
                });
            }
            make_executable(&run).map_err(io)
        }
    }
}

/// Builds `source` (a file or a folder) into the cache, or takes the build made before from
/// the same files; a build may take `limit` of CPU time; built in `dialect` (Python 3 by PyPy
/// only where `pypy3` is installed).
fn build_as(
    source: &Path,
    includes: &[PathBuf],
    limit: Duration,
    dialect: &Dialect,
    whose: Whose,
) -> Result<Built, Failure> {
    static BUILDS: AtomicU64 = AtomicU64::new(0);
    let shown = source.display().to_string();
    let io = |error: std::io::Error| Failure::Io(format!("cannot build {shown}: {error}"));
    let files = with_includes(source, files_of(source, whose)?, dialect)?;
    let files = with_constants(files, &dialect.constants);
    let real = fs::canonicalize(source).map_err(io)?;
    // The name: every file's place and text, the include folders' headers, the recipes.
    let mut headers: Vec<Vec<u8>> = Vec::new();
    for folder in includes {
        headers.push(folder.as_os_str().as_bytes().to_vec());
        for entry in fs::read_dir(folder).into_iter().flatten().flatten() {
            if Language::is_header(&entry.path()) {
                headers.push(entry.file_name().as_bytes().to_vec());
                headers.push(fs::read(entry.path()).unwrap_or_default());
            }
        }
    }
    let mut parts: Vec<&[u8]> = vec![RECIPE_VERSION, real.as_os_str().as_bytes()];
    for file in &files {
        parts.push(file.inside.as_os_str().as_bytes());
        parts.push(&file.bytes);
    }
    parts.extend(headers.iter().map(Vec::as_slice));
    // Python run by PyPy is another program than the same files run by CPython.
    let by_pypy = dialect.python3 == Python3::PyPy
        && files
            .iter()
            .any(|file| Language::of(&file.inside) == Some(Language::Python));
    if by_pypy {
        parts.push(b"pypy3");
    }
    // A file's language may differ from table to table (`.pl`), and a named one decides.
    let table = match (dialect.table, &dialect.named, &dialect.entrypoint) {
        (Table::Judge, None, None) => String::new(),
        (table, named, entry) => format!("{table:?} {named:?} {entry:?}"),
    };
    if !table.is_empty() {
        parts.push(table.as_bytes());
    }
    let standard = dialect.cpp_standard.clone().unwrap_or_default();
    if !standard.is_empty() {
        parts.push(standard.as_bytes());
    }
    let stem = real
        .file_stem()
        .map_or("program".into(), |stem| stem.to_string_lossy().into_owned());
    let folder =
        cache_folder(whose == Whose::Contestant).join(format!("{stem}-{}", fingerprint(&parts)));
    let mut built = Built {
        program: folder.join("run"),
        folder: folder.clone(),
        fresh: false,
    };
    if built.program.is_file() {
        return Ok(built);
    }
    built.fresh = true;
    // How to build it is asked only now: a build in the cache needs no compiler.
    let recipe = recipe(&shown, &files, dialect)?;
    let work = folder.with_file_name(format!(
        "{stem}.part-{}-{}",
        std::process::id(),
        BUILDS.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = fs::remove_dir_all(&work);
    fs::create_dir_all(&work).map_err(io)?;
    let made = (|| {
        for file in &files {
            let to = work.join(&file.inside);
            if let Some(parent) = to.parent() {
                fs::create_dir_all(parent).map_err(io)?;
            }
            fs::write(&to, &file.bytes).map_err(io)?;
            fs::set_permissions(&to, fs::Permissions::from_mode(file.mode)).map_err(io)?;
        }
        build_in(&shown, &recipe, &work, &folder, includes, limit, whose)
    })();
    if let Err(failure) = made {
        let _ = fs::remove_dir_all(&work);
        return Err(failure);
    }
    // Another judge may have built the same source meanwhile: its build is as good.
    if fs::rename(&work, &folder).is_err() {
        let _ = fs::remove_dir_all(&work);
        if !built.program.is_file() {
            return Err(Failure::Io(format!(
                "cannot put the build of {shown} in {}",
                folder.display()
            )));
        }
    }
    Ok(built)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classes_with_main_are_read_from_one_javap_over_them_all() {
        // What javap 17 says of four classes; `Box`'s `main(String)` is not a main.
        let said = "Compiled from \"T.java\"
public final class p.T implements java.lang.Runnable,p.Shape {
  public p.T();
  public void run();
  public static synchronized void main(java.lang.String...);
}
Compiled from \"T.java\"
class p.Box<T extends java.lang.Comparable<T>> implements p.Shape {
  public static void main(java.lang.String);
}
Compiled from \"T.java\"
final class p.Colour extends java.lang.Enum<p.Colour> {
  public static final p.Colour RED;
  public static void main(java.lang.String[]);
}
Compiled from \"T.java\"
interface p.Shape {
}
";
        assert_eq!(classes_with_main(said), ["p.T", "p.Colour"]);
        assert!(classes_with_main("").is_empty());
    }
}
