//! The languages the judge builds, told by a file's extension, and how each becomes a program:
//! its compiler's command with contest flags (C `gcc -std=gnu17 -O2`, C++ `g++ -std=gnu++20
//! -O2`, Rust `rustc -O --edition 2021`, Java `javac`, Kotlin `kotlinc`), and the line that runs
//! it (Python with python3, JavaScript with node, Java and Kotlin with java; shell, Bash, Perl
//! and awk by their interpreters, Prolog compiled by swipl). A file's ending names its language
//! by its package format's table (`Table`): `.pl` is Prolog to Kattis and Perl to DOMjudge.

use crate::temp_folder::quoted;
use std::path::Path;

/// A language the judge can build or run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    C,
    Cpp,
    Rust,
    Python,
    /// Python 3 run by PyPy, as problemtools runs it (see `Python3`).
    PyPy3,
    /// A `.py` file whose first line is a `python2` shebang, as problemtools tells them apart.
    Python2,
    Java,
    Kotlin,
    JavaScript,
    /// A POSIX shell script, run by `sh` (DOMjudge's `sh`).
    Shell,
    Bash,
    Perl,
    Awk,
    /// Prolog, compiled by SWI-Prolog's `swipl` with `main` as its goal, as problemtools does.
    Prolog,
}

/// Whose table of languages tells a source's language by its file ending, where the formats
/// differ: the Kattis format's (2025-09's languages appendix, and problemtools' for the legacy
/// format: `.pl` is Prolog, `.pm` Perl, `.sh` Bash), DOMjudge's (`.pl` Perl, `.plg` Prolog,
/// `.sh` sh, `.bash` Bash, `.awk` awk), Polygon's (`.pl` Perl), and the judge's own for any
/// other folder (DOMjudge's). Endings no format disputes mean the same in every table. A
/// script named on the command line is no source, whatever its ending (`Language::is_script`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Table {
    #[default]
    Judge,
    Kattis,
    DomJudge,
    Polygon,
}

/// Which Python runs a Python 3 source: CPython's `python3` (the judge's own choice, and
/// DOMjudge's), or PyPy's `pypy3` where it is installed (problemtools' and Kattis's choice).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Python3 {
    #[default]
    CPython,
    PyPy,
}

/// How a package says a source is built, beyond its language: which Python runs a Python 3
/// source, which C++ standard a C++ one is compiled to (the judge's own: `gnu++20`), and the
/// constants put into its files.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dialect {
    pub python3: Python3,
    /// `gnu++17`, say.
    pub cpp_standard: Option<String>,
    /// A Kattis package's `include/` folder: the files of its `default/` and of the
    /// submission's language's folder (`cpp/`, `python3/`, …) are put over the submission's
    /// own before it is built, as problemtools does (a driver with `main`, say).
    pub includes: Option<std::path::PathBuf>,
    /// A 2025-09 Kattis package's `constants:`, put into the source and its include files
    /// before it is built.
    pub constants: super::Constants,
    /// The package format's table of languages.
    pub table: Table,
    /// The language the package names for this submission (a language code of the Kattis
    /// format, as `submissions.yaml`'s `language:` gives it), which decides before any file
    /// ending.
    pub named: Option<String>,
    /// The entry point `submissions.yaml` names (a main file or class), where it names one.
    pub entrypoint: Option<String>,
}

impl Python3 {
    /// The report's line on which Python runs a Kattis package's Python 3 (problemtools runs
    /// PyPy): `None` for CPython, the judge's own choice.
    pub fn runs_line(self) -> Option<String> {
        match self {
            Python3::CPython => None,
            Python3::PyPy => Some(match super::installed("pypy3") {
                true => "runs: Python 3 with pypy3, as problemtools runs it".to_string(),
                false => "runs: Python 3 with python3 (problemtools runs pypy3, which is not installed here: times differ)".to_string(),
            }),
        }
    }
}

impl Dialect {
    /// The dialect a Polygon `<source type="…">` names (`cpp.g++17`, `cpp.gcc13-64-winlibs-g++20`:
    /// that standard, GNU's; `python.pypy3`: PyPy; `python.3`: CPython), else `python3`'s.
    pub fn of_polygon_type(kind: &str, python3: Python3) -> Dialect {
        let cpp_standard = kind
            .strip_prefix("cpp.")
            .and_then(|rest| rest.rsplit_once("++"))
            .map(|(_, version)| version)
            .filter(|version| version.len() == 2 && version.bytes().all(|b| b.is_ascii_digit()))
            .map(|version| format!("gnu++{version}"));
        let python3 = match kind {
            _ if kind.starts_with("python.pypy3") => Python3::PyPy,
            _ if kind.starts_with("python.3") => Python3::CPython,
            _ => python3,
        };
        Dialect {
            python3,
            cpp_standard,
            includes: None,
            constants: super::Constants::default(),
            table: Table::Polygon,
            named: None,
            entrypoint: None,
        }
    }
}

impl Language {
    /// Every language, as the judge names them to a user.
    pub const ALL: [Language; 14] = [
        Language::C,
        Language::Cpp,
        Language::Rust,
        Language::Python,
        Language::PyPy3,
        Language::Python2,
        Language::Java,
        Language::Kotlin,
        Language::JavaScript,
        Language::Shell,
        Language::Bash,
        Language::Perl,
        Language::Awk,
        Language::Prolog,
    ];

    /// The names of every language, `C, C++, …`.
    pub fn all_named() -> String {
        let named: Vec<&str> = Language::ALL
            .into_iter()
            .filter(|language| *language != Language::PyPy3)
            .map(Language::name)
            .collect();
        named.join(", ")
    }

    /// The language of a file, by its extension, in the judge's own table.
    pub fn of(path: &Path) -> Option<Language> {
        Language::of_in(path, Table::Judge)
    }

    /// The language of a file, by its extension, in a format's table.
    pub fn of_in(path: &Path, table: Table) -> Option<Language> {
        let extension = path.extension()?.to_str()?;
        Some(match (table, extension) {
            (_, "c") => Language::C,
            (_, "cpp" | "cc" | "cxx" | "c++" | "C") => Language::Cpp,
            (_, "rs") => Language::Rust,
            (_, "py" | "py3") => Language::Python,
            (_, "py2") => Language::Python2,
            (_, "java") => Language::Java,
            (_, "kt") => Language::Kotlin,
            (_, "js" | "mjs") => Language::JavaScript,
            (Table::Kattis, "pl") => Language::Prolog,
            (_, "pl" | "pm") => Language::Perl,
            (_, "plg") => Language::Prolog,
            (Table::Kattis, "sh") => Language::Bash,
            (_, "sh") => Language::Shell,
            (_, "bash") => Language::Bash,
            (_, "awk") => Language::Awk,
            _ => return None,
        })
    }

    /// The language a Kattis format's language code names (`cpp`, `python3`, `perl`, …), as
    /// `submissions.yaml`'s `language:` gives it.
    pub fn of_code(code: &str) -> Option<Language> {
        Language::ALL
            .into_iter()
            .filter(|language| *language != Language::PyPy3)
            .find(|language| language.include_names().first() == Some(&code))
    }

    /// A language whose files run by their interpreter as they are (shell, Bash, Perl, awk): a
    /// contestant's `./solution.sh` named on the command line runs as it is, by its `#!` line,
    /// not copied into a build; in a package it is a submission of its language.
    pub fn is_script(self) -> bool {
        matches!(
            self,
            Language::Shell | Language::Bash | Language::Perl | Language::Awk
        )
    }

    /// Files of this language that are not built on their own (headers), by extension.
    pub fn is_header(path: &Path) -> bool {
        path.extension()
            .and_then(|extension| extension.to_str())
            .is_some_and(|extension| ["h", "hpp", "hh", "hxx"].contains(&extension))
    }

    pub fn name(self) -> &'static str {
        match self {
            Language::C => "C",
            Language::Cpp => "C++",
            Language::Rust => "Rust",
            Language::Python => "Python 3",
            Language::PyPy3 => "Python 3 (PyPy)",
            Language::Python2 => "Python 2",
            Language::Java => "Java",
            Language::Kotlin => "Kotlin",
            Language::JavaScript => "JavaScript",
            Language::Shell => "shell",
            Language::Bash => "Bash",
            Language::Perl => "Perl",
            Language::Awk => "awk",
            Language::Prolog => "Prolog",
        }
    }

    /// The names of the language's folder in a package's `include/`, the format's language
    /// code first (the 2025-09 languages appendix, problemtools' ids), then the other names
    /// packages give it (`c++`, `python`, `js`, DOMjudge's `sh`).
    pub fn include_names(self) -> &'static [&'static str] {
        match self {
            Language::C => &["c"],
            Language::Cpp => &["cpp", "c++", "cc"],
            Language::Rust => &["rust", "rs"],
            Language::Python | Language::PyPy3 => &["python3", "python", "py3", "py"],
            Language::Python2 => &["python2", "py2"],
            Language::Java => &["java"],
            Language::Kotlin => &["kotlin", "kt"],
            Language::JavaScript => &["javascript", "js"],
            Language::Shell => &["sh"],
            Language::Bash => &["bash"],
            Language::Perl => &["perl", "pl"],
            Language::Awk => &["awk"],
            Language::Prolog => &["prolog"],
        }
    }

    /// The program this language needs on the machine.
    pub fn tool(self) -> &'static str {
        match self {
            Language::C => "gcc",
            Language::Cpp => "g++",
            Language::Rust => "rustc",
            Language::Python => "python3",
            Language::PyPy3 => "pypy3",
            Language::Python2 => "python2",
            Language::Java => "javac",
            Language::Kotlin => "kotlinc",
            Language::JavaScript => "node",
            Language::Shell => "sh",
            Language::Bash => "bash",
            Language::Perl => "perl",
            Language::Awk => "awk",
            Language::Prolog => "swipl",
        }
    }

    /// Whether every file of this language goes to the compiler (C, C++, Java, Kotlin; and
    /// JavaScript, each file checked as DOMjudge checks them), rather than only the one that
    /// is the program (Rust and Python: the one named `main`, or the only one).
    pub fn builds_all_files(self) -> bool {
        matches!(
            self,
            Language::C
                | Language::Cpp
                | Language::Java
                | Language::Kotlin
                | Language::JavaScript
                | Language::Prolog
        )
    }

    /// The compiler's command (as words) that builds `files` (named from the build folder) into
    /// the build folder, with `includes` as include folders (Python's only checks them), C++ to
    /// `cpp_standard` where given.
    pub fn compile(
        self,
        files: &[String],
        includes: &[String],
        cpp_standard: Option<&str>,
    ) -> Vec<String> {
        let words =
            |fixed: &[&str]| -> Vec<String> { fixed.iter().map(|word| word.to_string()).collect() };
        let include_flags = includes.iter().map(|folder| format!("-I{folder}"));
        let mut command = match self {
            Language::C => words(&["gcc", "-std=gnu17", "-O2", "-o", "run"]),
            Language::Cpp => {
                let standard = format!("-std={}", cpp_standard.unwrap_or("gnu++20"));
                words(&["g++", &standard, "-O2", "-o", "run"])
            }
            Language::Rust => words(&["rustc", "-O", "--edition", "2021", "-o", "run"]),
            // No annotation processing: javac would run processors the submission brings.
            Language::Java => {
                words(&["javac", "-encoding", "UTF-8", "-proc:none", "-d", "classes"])
            }
            Language::Kotlin => words(&["kotlinc", "-include-runtime", "-d", "program.jar"]),
            // Compiled to find syntax errors before any case, as problemtools and DOMjudge do.
            // Isolated (-I): a submission's own `py_compile.py` is not the one imported.
            Language::Python => words(&["python3", "-I", "-m", "py_compile"]),
            Language::PyPy3 => words(&["pypy3", "-I", "-m", "py_compile"]),
            // Python 2 has no -I: no environment (-E), no user site (-s), and the working
            // folder (the submission's) off the path before py_compile is imported.
            Language::Python2 => words(&[
                "python2",
                "-E",
                "-s",
                "-c",
                "import sys; del sys.path[0]; import py_compile; sys.exit(py_compile.main())",
            ]),
            // `node --check` takes one file: each is checked in turn.
            Language::JavaScript => words(&[
                "sh",
                "-c",
                "for file do node --check \"$file\" || exit; done",
                "sh",
            ]),
            // Scripts are checked for their syntax only, as DOMjudge checks them.
            Language::Shell => words(&["sh", "-n"]),
            Language::Bash => words(&["bash", "-n"]),
            Language::Perl => words(&["perl", "-c"]),
            // awk has no check that does not run the program: nothing to do.
            Language::Awk => words(&["sh", "-c", ":", "sh"]),
            Language::Prolog => words(&[
                "swipl", "-O", "-q", "-g", "main", "-t", "halt", "-o", "run", "-c",
            ]),
        };
        if matches!(self, Language::C | Language::Cpp) {
            command.extend(include_flags);
        }
        command.extend(files.iter().cloned());
        if self == Language::C {
            command.push("-lm".to_string());
        }
        command
    }

    /// The shell line that runs the built program from the build folder `folder`, where it is
    /// not the compiled `run` itself; `main` is the main file (Python) or class (Java).
    pub fn run_line(self, folder: &Path, main: &str) -> Option<String> {
        let at = |name: &str| quoted(&folder.join(name));
        match self {
            Language::C | Language::Cpp | Language::Rust | Language::Prolog => None,
            Language::Python => Some(format!("python3 {}", at(main))),
            Language::PyPy3 => Some(format!("pypy3 {}", at(main))),
            Language::Python2 => Some(format!("python2 {}", at(main))),
            Language::Java => Some(format!("java -Xss64m -cp {} {main}", at("classes"))),
            Language::Kotlin => Some(format!("java -Xss64m -jar {}", at("program.jar"))),
            Language::JavaScript => Some(format!("node {}", at(main))),
            Language::Shell => Some(format!("sh {}", at(main))),
            Language::Bash => Some(format!("bash {}", at(main))),
            Language::Perl => Some(format!("perl {}", at(main))),
            Language::Awk => Some(format!("awk -f {}", at(main))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_are_told_by_their_extension() {
        assert_eq!(Language::of(Path::new("a.cpp")), Some(Language::Cpp));
        assert_eq!(Language::of(Path::new("a.cc")), Some(Language::Cpp));
        assert_eq!(Language::of(Path::new("a.rs")), Some(Language::Rust));
        assert_eq!(Language::of(Path::new("a.py")), Some(Language::Python));
        assert_eq!(Language::of(Path::new("a.js")), Some(Language::JavaScript));
        assert_eq!(Language::of(Path::new("a.out")), None);
        assert_eq!(Language::of(Path::new("Makefile")), None);
        assert!(Language::is_header(Path::new("testlib.h")));
    }

    #[test]
    fn each_format_has_its_table_and_a_named_language_is_a_kattis_code() {
        let of = |name: &str, table| Language::of_in(Path::new(name), table);
        assert_eq!(of("a.pl", Table::Kattis), Some(Language::Prolog));
        assert_eq!(of("a.pm", Table::Kattis), Some(Language::Perl));
        assert_eq!(of("a.sh", Table::Kattis), Some(Language::Bash));
        assert_eq!(of("a.pl", Table::DomJudge), Some(Language::Perl));
        assert_eq!(of("a.plg", Table::DomJudge), Some(Language::Prolog));
        assert_eq!(of("a.sh", Table::DomJudge), Some(Language::Shell));
        assert_eq!(of("a.bash", Table::DomJudge), Some(Language::Bash));
        assert_eq!(of("a.awk", Table::DomJudge), Some(Language::Awk));
        assert_eq!(of("a.pl", Table::Polygon), Some(Language::Perl));
        assert_eq!(of("a.pl", Table::Judge), Some(Language::Perl));
        assert!(Language::Shell.is_script() && !Language::Python.is_script());
        assert_eq!(of("a.py2", Table::Kattis), Some(Language::Python2));
        assert_eq!(Language::of_code("prolog"), Some(Language::Prolog));
        assert_eq!(Language::of_code("python3"), Some(Language::Python));
        assert_eq!(Language::of_code("cpp"), Some(Language::Cpp));
        assert_eq!(Language::of_code("bash"), Some(Language::Bash));
        assert_eq!(Language::of_code("cobol"), None);
    }

    #[test]
    fn c_links_the_maths_library_and_cpp_gets_include_folders() {
        let files = ["a.c".to_string()];
        let c = Language::C.compile(&files, &[], None);
        assert_eq!(c.last().map(String::as_str), Some("-lm"));
        let cpp = Language::Cpp.compile(
            &["check.cpp".to_string()],
            &["/pkg/files".to_string()],
            None,
        );
        assert!(cpp.contains(&"-I/pkg/files".to_string()), "{cpp:?}");
        assert!(cpp.contains(&"-std=gnu++20".to_string()), "{cpp:?}");
        let old = Language::Cpp.compile(&["a.cpp".to_string()], &[], Some("gnu++11"));
        assert!(old.contains(&"-std=gnu++11".to_string()), "{old:?}");
        // No annotation processor a submission brings runs in its build.
        let java = Language::Java.compile(&["Main.java".to_string()], &[], None);
        assert!(java.contains(&"-proc:none".to_string()), "{java:?}");
        let python = Language::Python.compile(&["a.py".to_string()], &[], None);
        assert_eq!(python, ["python3", "-I", "-m", "py_compile", "a.py"]);
        let python2 = Language::Python2.compile(&["a.py".to_string()], &[], None);
        assert!(python2.contains(&"-E".to_string()), "{python2:?}");
        assert!(python2
            .iter()
            .any(|word| word.starts_with("import sys; del sys.path[0];")));
    }

    #[test]
    fn a_polygon_type_names_its_cpp_standard_and_its_python() {
        let of = |kind: &str| Dialect::of_polygon_type(kind, Python3::CPython);
        assert_eq!(of("cpp.g++11").cpp_standard.as_deref(), Some("gnu++11"));
        assert_eq!(of("cpp.g++17").cpp_standard.as_deref(), Some("gnu++17"));
        let winlibs = of("cpp.gcc13-64-winlibs-g++20");
        assert_eq!(winlibs.cpp_standard.as_deref(), Some("gnu++20"));
        assert_eq!(of("cpp.g++").cpp_standard, None);
        assert_eq!(of("cpp.ms2017").cpp_standard, None);
        assert_eq!(of("c.gcc").cpp_standard, None);
        assert_eq!(of("python.pypy3").python3, Python3::PyPy);
        assert_eq!(of("python.pypy3-64").python3, Python3::PyPy);
        assert_eq!(of("python.3").python3, Python3::CPython);
        let kattis = Dialect::of_polygon_type("java11", Python3::PyPy);
        assert_eq!(
            kattis,
            Dialect {
                python3: Python3::PyPy,
                cpp_standard: None,
                includes: None,
                constants: crate::sources::Constants::default(),
                table: Table::Polygon,
                named: None,
                entrypoint: None,
            }
        );
    }
}
