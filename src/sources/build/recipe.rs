//! How a source's files are built: by its own `build` or `run` script, by its `#!` line, or by
//! the compiler of its one language, with the main file chosen among its files.

use super::walk::SourceFile;
use super::Failure;
use crate::process::in_path;
use crate::sources::{Dialect, Language, Python3, Table};
use std::path::Path;
use std::sync::Mutex;

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
pub(super) fn languages_of(files: &[SourceFile], table: Table) -> Vec<Language> {
    let mut languages: Vec<Language> = Vec::new();
    for language in files.iter().filter_map(|file| file.language(table)) {
        if !languages.contains(&language) {
            languages.push(language);
        }
    }
    languages
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
pub(super) enum Recipe {
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
pub(super) fn no_language(others: &[String]) -> String {
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
pub(super) fn recipe(
    source: &str,
    files: &[SourceFile],
    dialect: &Dialect,
) -> Result<Recipe, Failure> {
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
    let named = named_language(dialect).map_err(unsupported)?;
    let languages = match named {
        Some(named) => vec![named],
        None => languages_of(files, dialect.table),
    };
    if let Some(script) = shebang_script(files).filter(|_| languages.is_empty()) {
        return Ok(Recipe::Shebang(script));
    }
    let sources = Sources::of(files, named, dialect.table);
    let language = chosen_language(&languages, &sources.others, dialect).map_err(unsupported)?;
    let mark = main_mark(language);
    let entry = entry_point(dialect, &sources.all).map_err(unsupported)?;
    let main = match (entry, language.builds_all_files()) {
        (Some(entry), _) => entry,
        // JavaScript's program is the first file by name unless one is main (DOMjudge's
        // rule: the first file given).
        (None, true) if language == Language::JavaScript => sources
            .main(mark)
            .or_else(|| sources.all.iter().map(|(name, _)| name.clone()).min())
            .unwrap_or_default(),
        (None, true) => sources.main(mark).unwrap_or_default(),
        (None, false) => sources.main(mark).ok_or_else(|| {
            unsupported(format!(
                "several {} files and none is main or the only one with `{mark}`",
                language.name()
            ))
        })?,
    };
    let files = match language.builds_all_files() {
        true => sources.all.into_iter().map(|(name, _)| name).collect(),
        false => vec![main.clone()],
    };
    Ok(Recipe::Language {
        language,
        files,
        main,
        cpp_standard: dialect.cpp_standard.clone(),
    })
}

/// The language the package names (`dialect.named`), if it names one; why not, if the judge
/// does not run it.
fn named_language(dialect: &Dialect) -> Result<Option<Language>, String> {
    match dialect.named.as_deref() {
        Some(code) => Some(Language::of_code(code).ok_or_else(|| {
            format!("its package names the language {code}, which the judge does not run")
        }))
        .transpose(),
        None => Ok(None),
    }
}

/// A source's files sorted for its recipe: those in its language, by name with their text,
/// and the others by name (headers aside).
struct Sources {
    all: Vec<(String, String)>,
    /// The submission's own sources, without the package's included files: the program is
    /// one of these where they tell it.
    own: Vec<(String, String)>,
    others: Vec<String>,
}

impl Sources {
    /// The sources among `files`: in the language `named` (the package's) where it names one,
    /// else in a language by their endings in `table`.
    fn of(files: &[SourceFile], named: Option<Language>, table: Table) -> Sources {
        let language_of = |file: &SourceFile| match named {
            Some(named) => file
                .language(Table::Judge)
                .or_else(|| file.language(Table::Kattis))
                .map(|_| named),
            None => file.language(table),
        };
        let mut sources = Sources {
            all: Vec::new(),
            own: Vec::new(),
            others: Vec::new(),
        };
        for file in files {
            let name = file.inside.to_string_lossy().into_owned();
            match language_of(file) {
                Some(_) => {
                    let source = (name, String::from_utf8_lossy(&file.bytes).into_owned());
                    if !file.included {
                        sources.own.push(source.clone());
                    }
                    sources.all.push(source);
                }
                None if Language::is_header(&file.inside) => {}
                None => sources.others.push(name),
            }
        }
        sources
    }

    /// The program among them, by its name or by `mark` in its text. With the package's
    /// included files, the one named `main` is the program (problemtools' rule: a driver
    /// `main.py`, say), else the submission's own one.
    fn main(&self, mark: &str) -> Option<String> {
        let included = self.own.len() < self.all.len();
        match named_main(&self.all).as_slice() {
            [name] if included => Some((*name).clone()),
            _ if included => main_file(&self.own, mark).or_else(|| main_file(&self.all, mark)),
            _ => main_file(&self.all, mark),
        }
    }
}

/// The one language of a source's `languages` that the judge builds it in (PyPy for Python 3
/// where the dialect asks and it is installed, Go's own compiler where gccgo is not); why
/// not, when there is none (`others`: the files in no language), several, or its compiler is
/// not installed.
fn chosen_language(
    languages: &[Language],
    others: &[String],
    dialect: &Dialect,
) -> Result<Language, String> {
    let language = match languages {
        [Language::Python] if dialect.python3 == Python3::PyPy && installed("pypy3") => {
            Language::PyPy3
        }
        // Go by the `go` command where gccgo, problemtools' compiler, is not installed.
        [Language::Go] if !installed("gccgo") && installed("go") => Language::GoGc,
        [language] => *language,
        [] => {
            return Err(match others.is_empty() {
                true => "it holds no file".to_string(),
                false => no_language(others),
            })
        }
        several => {
            let names: Vec<&str> = several.iter().map(|language| language.name()).collect();
            return Err(format!(
                "it holds sources in {}: give it a build and a run script",
                names.join(" and ")
            ));
        }
    };
    if !installed(language.tool()) {
        return Err(format!(
            "no {} ({}): it is not installed",
            language.name(),
            language.tool()
        ));
    }
    Ok(language)
}

/// A word the main file of a program in `language` holds, and its other files most likely
/// do not: how the main file is known among several.
fn main_mark(language: Language) -> &'static str {
    match language {
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
    }
}

/// The entry point a 2025-09 package's submissions.yaml names (`dialect.entrypoint`), which
/// decides first: a file among `sources` (`ac.py`), or its path without the ending (Java's
/// `pkg.Main` as `pkg/Main`); why not, if it names none of them.
fn entry_point(dialect: &Dialect, sources: &[(String, String)]) -> Result<Option<String>, String> {
    let Some(entry) = dialect.entrypoint.as_deref() else {
        return Ok(None);
    };
    let as_path = entry.replace('.', "/");
    let found = sources.iter().map(|(name, _)| name).find(|name| {
        let without = Path::new(name.as_str()).with_extension("");
        name.as_str() == entry
            || without.to_string_lossy() == entry
            || without.to_string_lossy() == as_path
    });
    match found {
        Some(found) => Ok(Some(found.clone())),
        None => Err(format!(
            "submissions.yaml names the entry point {entry}, and it holds no such file"
        )),
    }
}
