//! The languages the judge builds, told by a file's extension, and how each becomes a program:
//! its compiler's command with contest flags (C `gcc -std=gnu17 -O2`, C++ `g++ -std=gnu++20
//! -O2`, Rust `rustc -O --edition 2021`, Java `javac`, Kotlin `kotlinc`), and the line that runs
//! it (Python with python3, JavaScript with node, Java and Kotlin with java; shell, Bash, Perl
//! and awk by their interpreters, Prolog compiled by swipl); Go, Ruby, Haskell, C#, Lua, PHP,
//! OCaml, Scala and Common Lisp as problemtools builds and runs them (`gccgo`, or `go build`
//! where it is not installed, `ruby`, `ghc`, `mcs` and `mono`, `lua`, `php`, `ocamlopt`,
//! `scalac` and `scala`, `sbcl`). A file's ending
//! names its language by its package format's table (`Table`): `.pl` is Prolog to Kattis and
//! Perl to DOMjudge, `.php` is PHP to Kattis and nothing to DOMjudge.

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
    /// Go, compiled by `gccgo`, as problemtools compiles it.
    Go,
    /// Go built by the `go` command (the gc toolchain), where gccgo is not installed.
    GoGc,
    Ruby,
    /// Haskell, compiled by GHC's `ghc`.
    Haskell,
    /// C#, compiled by Mono's `mcs` and run by `mono`.
    CSharp,
    Lua,
    Php,
    /// OCaml, compiled to native code by `ocamlopt`.
    OCaml,
    /// Scala, compiled by `scalac` and run by `scala`, its class with `main` as Java's is.
    Scala,
    /// Common Lisp, compiled and run by SBCL's `sbcl`.
    Lisp,
}

/// Whose table of languages tells a source's language by its file ending, where the formats
/// differ: the Kattis format's (its languages appendix, which the legacy format and 2025-09
/// share: `.pl` is Prolog, `.pm` Perl, `.sh` Bash; Go, Ruby, Haskell, C#, Lua, PHP, OCaml,
/// Scala and Common Lisp each by its ending), DOMjudge's (its default languages: `.pl` Perl,
/// `.plg` Prolog, `.sh` sh, `.bash` Bash, `.awk` awk, `.hs` and `.lhs` Haskell, `.cs` and
/// `.csharp` C#, `.lua`, `.rb`, `.scala`; no Go, PHP, OCaml nor Lisp), Polygon's (`.pl` Perl;
/// Go, Ruby, Haskell, C#, PHP, OCaml and Scala, as Codeforces has them; no Lua nor Lisp), and
/// the judge's own for any other folder (DOMjudge's where they differ, every ending any table
/// has). Endings no format disputes mean the same in every table that has them. A script
/// named on the command line is no source, whatever its ending (`Language::is_script`).
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
    pub const ALL: [Language; 24] = [
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
        Language::Go,
        Language::GoGc,
        Language::Ruby,
        Language::Haskell,
        Language::CSharp,
        Language::Lua,
        Language::Php,
        Language::OCaml,
        Language::Scala,
        Language::Lisp,
    ];

    /// Whether this is a language run by another tool than its own (PyPy for Python 3, the
    /// `go` command for Go), named by that language.
    fn is_other_tool(self) -> bool {
        matches!(self, Language::PyPy3 | Language::GoGc)
    }

    /// The names of every language, `C, C++, …`.
    pub fn all_named() -> String {
        let named: Vec<&str> = Language::ALL
            .into_iter()
            .filter(|language| !language.is_other_tool())
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
            (Table::Judge | Table::Kattis | Table::Polygon, "go") => Language::Go,
            (_, "rb") => Language::Ruby,
            (_, "hs") => Language::Haskell,
            (Table::Judge | Table::DomJudge, "lhs") => Language::Haskell,
            (_, "cs") => Language::CSharp,
            (Table::Judge | Table::DomJudge, "csharp") => Language::CSharp,
            (Table::Judge | Table::Kattis | Table::DomJudge, "lua") => Language::Lua,
            (Table::Judge | Table::Kattis | Table::Polygon, "php") => Language::Php,
            (Table::Judge | Table::Kattis | Table::Polygon, "ml") => Language::OCaml,
            (_, "scala") => Language::Scala,
            (Table::Judge | Table::Kattis, "lisp" | "cl") => Language::Lisp,
            _ => return None,
        })
    }

    /// The language a Kattis format's language code names (`cpp`, `python3`, `perl`, …), as
    /// `submissions.yaml`'s `language:` gives it.
    pub fn of_code(code: &str) -> Option<Language> {
        Language::ALL
            .into_iter()
            .filter(|language| !language.is_other_tool())
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
            Language::Go => "Go",
            Language::GoGc => "Go (go build)",
            Language::Ruby => "Ruby",
            Language::Haskell => "Haskell",
            Language::CSharp => "C#",
            Language::Lua => "Lua",
            Language::Php => "PHP",
            Language::OCaml => "OCaml",
            Language::Scala => "Scala",
            Language::Lisp => "Common Lisp",
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
            Language::Go | Language::GoGc => &["go"],
            Language::Ruby => &["ruby", "rb"],
            Language::Haskell => &["haskell", "hs"],
            Language::CSharp => &["csharp", "cs"],
            Language::Lua => &["lua"],
            Language::Php => &["php"],
            Language::OCaml => &["ocaml", "ml"],
            Language::Scala => &["scala"],
            Language::Lisp => &["lisp", "cl"],
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
            Language::Go => "gccgo",
            Language::GoGc => "go",
            Language::Ruby => "ruby",
            Language::Haskell => "ghc",
            Language::CSharp => "mcs",
            Language::Lua => "lua",
            Language::Php => "php",
            Language::OCaml => "ocamlopt",
            Language::Scala => "scalac",
            Language::Lisp => "sbcl",
        }
    }

    /// Whether every file of this language goes to the compiler (C, C++, Java, Kotlin, Go,
    /// Haskell, C#, OCaml, Scala; and JavaScript and Lua, each file checked), rather than only
    /// the one that is the program (Rust, Python, Ruby, PHP and Lisp: the one named `main`, or
    /// the only one, as problemtools checks them).
    pub fn builds_all_files(self) -> bool {
        matches!(
            self,
            Language::C
                | Language::Cpp
                | Language::Java
                | Language::Kotlin
                | Language::JavaScript
                | Language::Prolog
                | Language::Go
                | Language::GoGc
                | Language::Haskell
                | Language::CSharp
                | Language::Lua
                | Language::OCaml
                | Language::Scala
        )
    }

    /// The arguments that ask `tool` whether it runs, doing nothing else: `--version`, but for
    /// the tools that know no such option (dash, mawk, Lua, OCaml's and Scala's compilers).
    pub fn probe(tool: &str) -> &'static [&'static str] {
        match tool {
            "sh" => &["-c", ":"],
            "awk" => &["BEGIN { }"],
            "lua" | "luac" => &["-v"],
            "go" => &["version"],
            "ocamlopt" | "scalac" | "scala" | "javap" => &["-version"],
            _ => &["--version"],
        }
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
        let include_flags = includes.iter().map(|folder| format!("-I{folder}"));
        let mut command = match self {
            // The main file compiled to `program.fasl`; none made (a reader error) fails the
            // build, as problemtools' `compile-file` check does. The file is in the form.
            Language::Lisp => {
                let main = files.first().map(String::as_str).unwrap_or_default();
                return lisp_compile(main);
            }
            _ => self
                .compiler(cpp_standard)
                .or_else(|| self.syntax_check())
                .unwrap_or_default(),
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

    /// The compiler's words (before the files) of a language that is compiled; `None` for one
    /// whose files are only checked (see `syntax_check`), or Lisp (see `lisp_compile`).
    fn compiler(self, cpp_standard: Option<&str>) -> Option<Vec<String>> {
        Some(match self {
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
            Language::Prolog => words(&[
                "swipl", "-O", "-q", "-g", "main", "-t", "halt", "-o", "run", "-c",
            ]),
            Language::Go => words(&["gccgo", "-g", "-static-libgcc", "-o", "run"]),
            // Its cache in the build folder (the box's home is not the judge's), in GOPATH
            // mode: the files are the program, with no module to fetch nor toolchain to load.
            Language::GoGc => words(&[
                "sh",
                "-c",
                "GOCACHE=\"$PWD/.gocache\" GOPATH=\"$PWD/.gopath\" GOENV=off GO111MODULE=off GOTOOLCHAIN=local GOFLAGS= exec go build -o run \"$@\"",
                "sh",
            ]),
            Language::Haskell => words(&[
                "ghc",
                "-O2",
                "-ferror-spans",
                "-threaded",
                "-rtsopts",
                "-tmpdir",
                ".",
                "-o",
                "run",
            ]),
            Language::CSharp => words(&[
                "mcs",
                "-out:program.exe",
                "-optimize+",
                "-r:System.Numerics",
            ]),
            Language::OCaml => words(&["ocamlopt", "-o", "run", "unix.cmxa", "str.cmxa"]),
            // scalac writes into its `classes` folder only if it is there already.
            Language::Scala => words(&[
                "sh",
                "-c",
                "mkdir -p classes && exec scalac -encoding UTF-8 -d classes \"$@\"",
                "sh",
            ]),
            Language::Python
            | Language::PyPy3
            | Language::Python2
            | Language::JavaScript
            | Language::Shell
            | Language::Bash
            | Language::Perl
            | Language::Awk
            | Language::Ruby
            | Language::Lua
            | Language::Php
            | Language::Lisp => return None,
        })
    }

    /// The words (before the files) of the check of a language whose files are not compiled
    /// but checked before any case; `None` for a compiled one (see `compiler`).
    fn syntax_check(self) -> Option<Vec<String>> {
        Some(match self {
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
            // `ruby -c` checks one file: the main one.
            Language::Ruby => words(&["ruby", "-c"]),
            Language::Lua => words(&["luac", "-p"]),
            Language::Php => words(&[
                "php",
                "-n",
                "-d",
                "display_errors=stderr",
                "-d",
                "html_errors=0",
                "-l",
            ]),
            Language::C
            | Language::Cpp
            | Language::Rust
            | Language::Java
            | Language::Kotlin
            | Language::Prolog
            | Language::Go
            | Language::GoGc
            | Language::Haskell
            | Language::CSharp
            | Language::OCaml
            | Language::Scala
            | Language::Lisp => return None,
        })
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
            Language::Go | Language::GoGc | Language::Haskell | Language::OCaml => None,
            Language::Ruby => Some(format!("ruby {}", at(main))),
            Language::CSharp => Some(format!("mono {}", at("program.exe"))),
            Language::Lua => Some(format!("lua {}", at(main))),
            // Memory is the judge's to bound: PHP's own limit (128 MiB) is lifted.
            Language::Php => Some(format!(
                "php -n -d display_errors=stderr -d html_errors=0 -d memory_limit=-1 -f {}",
                at(main)
            )),
            Language::Scala => Some(format!(
                "scala -J-Xss64m -classpath {} {main}",
                at("classes")
            )),
            Language::Lisp => Some(format!("sbcl --script {}", at("program.fasl"))),
        }
    }
}

/// Fixed words as a command's.
fn words(fixed: &[&str]) -> Vec<String> {
    fixed.iter().map(|word| word.to_string()).collect()
}

/// SBCL's command that compiles the Lisp file `main` to `program.fasl`, and fails when it
/// makes none.
fn lisp_compile(main: &str) -> Vec<String> {
    let lisp_string = main.replace('\\', "\\\\").replace('"', "\\\"");
    vec![
        "sbcl".to_string(),
        "--noinform".to_string(),
        "--non-interactive".to_string(),
        "--no-sysinit".to_string(),
        "--no-userinit".to_string(),
        "--eval".to_string(),
        format!(
            "(sb-ext:exit :code (if (compile-file \"{lisp_string}\" :output-file \"program.fasl\") 0 43))"
        ),
    ]
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
    fn each_format_has_the_languages_its_table_lists_and_no_other() {
        // Endings by hand from each table: the Kattis format's languages appendix (legacy and
        // 2025-09 alike), DOMjudge's default languages, Polygon's (Codeforces') list; the
        // judge's own has every one.
        let of = |name: &str, table| Language::of_in(Path::new(name), table);
        let everywhere = [
            ("a.rb", Language::Ruby),
            ("a.hs", Language::Haskell),
            ("a.cs", Language::CSharp),
            ("a.scala", Language::Scala),
        ];
        let tables = [Table::Judge, Table::Kattis, Table::DomJudge, Table::Polygon];
        for (name, language) in everywhere {
            for table in tables {
                assert_eq!(of(name, table), Some(language), "{name} in {table:?}");
            }
        }
        // (ending, language, [Judge, Kattis, DOMjudge, Polygon] has it)
        let some = [
            ("a.go", Language::Go, [true, true, false, true]),
            ("a.lua", Language::Lua, [true, true, true, false]),
            ("a.php", Language::Php, [true, true, false, true]),
            ("a.ml", Language::OCaml, [true, true, false, true]),
            ("a.lisp", Language::Lisp, [true, true, false, false]),
            ("a.cl", Language::Lisp, [true, true, false, false]),
            ("a.lhs", Language::Haskell, [true, false, true, false]),
            ("a.csharp", Language::CSharp, [true, false, true, false]),
        ];
        for (name, language, has) in some {
            for (table, has) in tables.into_iter().zip(has) {
                let expected = has.then_some(language);
                assert_eq!(of(name, table), expected, "{name} in {table:?}");
            }
        }
        // Scala's `.sc` is problemtools' only, not the format's: no table has it.
        for table in tables {
            assert_eq!(of("a.sc", table), None);
        }
        for (code, language) in [
            ("go", Language::Go),
            ("ruby", Language::Ruby),
            ("haskell", Language::Haskell),
            ("csharp", Language::CSharp),
            ("lua", Language::Lua),
            ("php", Language::Php),
            ("ocaml", Language::OCaml),
            ("scala", Language::Scala),
            ("lisp", Language::Lisp),
        ] {
            assert_eq!(Language::of_code(code), Some(language), "{code}");
        }
    }

    #[test]
    fn the_new_languages_build_and_run_as_problemtools_does() {
        let files =
            |names: &[&str]| -> Vec<String> { names.iter().map(|name| name.to_string()).collect() };
        assert_eq!(
            Language::Go.compile(&files(&["./a.go"]), &[], None),
            ["gccgo", "-g", "-static-libgcc", "-o", "run", "./a.go"]
        );
        assert_eq!(
            Language::CSharp.compile(&files(&["./a.cs", "./b.cs"]), &[], None),
            [
                "mcs",
                "-out:program.exe",
                "-optimize+",
                "-r:System.Numerics",
                "./a.cs",
                "./b.cs"
            ]
        );
        let haskell = Language::Haskell.compile(&files(&["./a.hs"]), &[], None);
        assert_eq!(haskell[..2], ["ghc", "-O2"]);
        assert_eq!(haskell.last().map(String::as_str), Some("./a.hs"));
        // Lisp's file is in the form it evaluates, its quote and backslash escaped.
        let lisp = Language::Lisp.compile(&files(&["./a\\\"b.lisp"]), &[], None);
        assert_eq!(
            lisp.last().map(String::as_str),
            Some("(sb-ext:exit :code (if (compile-file \"./a\\\\\\\"b.lisp\" :output-file \"program.fasl\") 0 43))")
        );
        let folder = Path::new("/cache/add");
        assert_eq!(Language::Go.run_line(folder, "a.go"), None);
        assert_eq!(
            Language::Ruby.run_line(folder, "a.rb").as_deref(),
            Some("ruby '/cache/add/a.rb'")
        );
        assert_eq!(
            Language::CSharp.run_line(folder, "a.cs").as_deref(),
            Some("mono '/cache/add/program.exe'")
        );
        assert_eq!(
            Language::Scala.run_line(folder, "Add").as_deref(),
            Some("scala -J-Xss64m -classpath '/cache/add/classes' Add")
        );
        let php = Language::Php.run_line(folder, "a.php").unwrap_or_default();
        assert!(php.contains("-d memory_limit=-1"), "{php}");
        assert_eq!(Language::probe("lua"), ["-v"]);
        assert_eq!(Language::probe("go"), ["version"]);
        // The `go` command builds Go where gccgo is not installed, and is named as Go.
        assert_eq!(
            Language::GoGc.compile(&files(&["./a.go"]), &[], None)[0],
            "sh"
        );
        assert_eq!(Language::of_code("go"), Some(Language::Go));
        assert!(!Language::all_named().contains("go build"));
        assert_eq!(Language::probe("ghc"), ["--version"]);
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
