//! The languages a package's submissions are written in, beyond C, C++, Rust, Python, Java,
//! Kotlin, JavaScript and the scripts: Go, Ruby, Haskell, C#, Lua, PHP, OCaml, Scala and Common
//! Lisp. In a 2025-09 package each adds two numbers (accepted) and subtracts them (wrong
//! answer), judged with the sandbox and without; where a toolchain is not installed, the
//! submissions are skipped by its name and the test records the skip. A toolchain that is on
//! the PATH but does not run is not installed, and DOMjudge's table runs the languages it has.

use crate::common::{self, judge};
use predicates::prelude::*;
use predicates::str::contains;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::Duration;

/// `judge verify DIR` with extra arguments, bounded in time (scalac and ghc are slow to start).
fn verify(dir: &Path, extra: &[&str]) -> assert_cmd::Command {
    let mut command = judge();
    command
        .arg("verify")
        .arg(dir)
        .args(extra)
        .timeout(Duration::from_secs(600));
    command
}

/// One language: its name and tool as the judge says them, the programs it runs besides
/// (`mono` for C#), a file ending, and the sources that add and subtract two numbers.
struct Language {
    name: &'static str,
    tool: &'static str,
    also: &'static [&'static str],
    ending: &'static str,
    add: &'static str,
}

impl Language {
    /// The source that subtracts: the adding one with its `+` made `-` (each adds once, `a +
    /// b` or Lisp's `(+ a b)`).
    fn subtract(&self) -> String {
        let adds = self.add.matches(" + ").count() + self.add.matches("(+ ").count();
        assert_eq!(adds, 1, "{}", self.name);
        self.add.replace(" + ", " - ").replace("(+ ", "(- ")
    }
}

/// Whether `tool` runs here, asked as the judge asks it (`--version`, or the flag the tool
/// knows).
fn installed(tool: &str) -> bool {
    let probe: &[&str] = match tool {
        "lua" | "luac" => &["-v"],
        "go" => &["version"],
        "ocamlopt" | "scalac" | "scala" | "javap" => &["-version"],
        _ => &["--version"],
    };
    std::process::Command::new(tool)
        .args(probe)
        .output()
        .is_ok_and(|output| output.status.success())
}

/// A 2025-09 package with two cases (3 4 -> 7, 10 20 -> 30) and `accepted/add.E` and
/// `wrong_answer/sub.E` in the language (3 - 4 = -1, not 7: WA).
fn package_in(language: &Language) -> std::path::PathBuf {
    let ending = language.ending;
    common::fresh_folder(
        "languages",
        &format!("add-{ending}"),
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\nname: Add\n",
            ),
            ("data/sample/1.in", "3 4\n"),
            ("data/sample/1.ans", "7\n"),
            ("data/secret/1.in", "10 20\n"),
            ("data/secret/1.ans", "30\n"),
            (&format!("submissions/accepted/add.{ending}"), language.add),
            (
                &format!("submissions/wrong_answer/sub.{ending}"),
                &language.subtract(),
            ),
        ],
    )
}

/// A folder holding a `TOOL` for each of `tools` that fails whatever it is asked, and a PATH
/// with that folder first: the tools are on the PATH but not installed.
fn path_without(dir: &Path, tools: &[&str]) -> String {
    let fake = dir.parent().unwrap().join("fake-bin");
    fs::create_dir_all(&fake).unwrap();
    for tool in tools {
        fs::write(fake.join(tool), "#!/bin/sh\nexit 1\n").unwrap();
        fs::set_permissions(fake.join(tool), fs::Permissions::from_mode(0o755)).unwrap();
    }
    format!(
        "{}:{}",
        fake.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

/// Judges the language's two submissions in a 2025-09 package: AC and WA, with the sandbox
/// and without; or, where its tools are not installed, both skipped by name, and the skip
/// recorded.
fn judged(language: &Language) {
    let dir = package_in(language);
    let ending = language.ending;
    let missing: Vec<&str> = std::iter::once(language.tool)
        .chain(language.also.iter().copied())
        .filter(|tool| !installed(tool))
        .collect();
    if let Some(tool) = missing.first() {
        if !installed(language.tool) {
            // A cache of its own: a build of the same files made where the tool was installed
            // would be taken, and no tool asked for.
            let cache = dir.parent().unwrap().join("empty-cache");
            let _ = fs::remove_dir_all(&cache);
            verify(&dir, &[])
                .env("XDG_CACHE_HOME", &cache)
                .assert()
                .stdout(contains(format!(
                    "no {} ({}): it is not installed",
                    language.name, language.tool
                )));
        }
        common::skip(
            &format!("needs {tool}"),
            &format!("{} submissions cannot run without it", language.name),
        );
        return;
    }
    for extra in [&[][..], &["--no-sandbox"]] {
        verify(&dir, extra)
            .assert()
            .code(0)
            .stdout(
                predicate::str::is_match(format!(r"accepted/add\.{ending} +AC +AC .* ok\n"))
                    .unwrap(),
            )
            .stdout(
                predicate::str::is_match(format!(
                    r"wrong_answer/sub\.{ending} .* WA +\d+ ms .* ok\n"
                ))
                .unwrap(),
            )
            .stdout(contains("2 submissions: 2 as expected"));
    }
}

/// Go, as problemtools builds it (gccgo).
const GO: Language = Language {
    name: "Go",
    tool: "gccgo",
    also: &[],
    ending: "go",
    add: "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tvar a, b int64\n\tfmt.Scan(&a, &b)\n\tfmt.Println(a + b)\n}\n",
};

#[test]
fn go_adds_two_numbers() {
    judged(&GO);
}

#[test]
fn go_is_built_by_the_go_command_where_gccgo_is_not_installed() {
    // gccgo on the PATH but failing: the `go` command builds, its cache in the build folder.
    if !installed("go") {
        common::skip("needs go", "no `go` command here");
        return;
    }
    // Its own source, never built by gccgo in an earlier run.
    let by_go = Language {
        add: "// built by the go command\npackage main\n\nimport \"fmt\"\n\nfunc main() {\n\tvar a, b int64\n\tfmt.Scan(&a, &b)\n\tfmt.Println(a + b)\n}\n",
        ..GO
    };
    let dir = package_in(&by_go);
    let path = path_without(&dir, &["gccgo"]);
    for extra in [&[][..], &["--no-sandbox"]] {
        verify(&dir, extra)
            .env("PATH", &path)
            .assert()
            .code(0)
            .stdout(predicate::str::is_match(r"accepted/add\.go +AC +AC .* ok\n").unwrap())
            .stdout(
                predicate::str::is_match(r"wrong_answer/sub\.go .* WA +\d+ ms .* ok\n").unwrap(),
            )
            .stdout(contains("2 submissions: 2 as expected"));
    }
}

#[test]
fn ruby_adds_two_numbers() {
    judged(&Language {
        name: "Ruby",
        tool: "ruby",
        also: &[],
        ending: "rb",
        add: "a, b = gets.split.map(&:to_i)\nputs a + b\n",
    });
}

#[test]
fn haskell_adds_two_numbers() {
    judged(&Language {
        name: "Haskell",
        tool: "ghc",
        also: &[],
        ending: "hs",
        add: "main :: IO ()\nmain = do\n  [a, b] <- fmap (map read . words) getLine :: IO [Integer]\n  print (a + b)\n",
    });
}

#[test]
fn csharp_adds_two_numbers() {
    judged(&Language {
        name: "C#",
        tool: "mcs",
        also: &["mono"],
        ending: "cs",
        add: "using System;\n\npublic class Add {\n    public static void Main() {\n        string[] words = Console.ReadLine().Split(' ');\n        Console.WriteLine(long.Parse(words[0]) + long.Parse(words[1]));\n    }\n}\n",
    });
}

#[test]
fn lua_adds_two_numbers() {
    judged(&Language {
        name: "Lua",
        tool: "lua",
        also: &["luac"],
        ending: "lua",
        add: "local a, b = io.read(\"n\", \"n\")\nprint(string.format(\"%d\", a + b))\n",
    });
}

#[test]
fn php_adds_two_numbers() {
    judged(&Language {
        name: "PHP",
        tool: "php",
        also: &[],
        ending: "php",
        add: "<?php\nfscanf(STDIN, \"%d %d\", $a, $b);\necho $a + $b, \"\\n\";\n",
    });
}

#[test]
fn ocaml_adds_two_numbers() {
    judged(&Language {
        name: "OCaml",
        tool: "ocamlopt",
        also: &[],
        ending: "ml",
        add: "let () = Scanf.scanf \" %d %d\" (fun a b -> Printf.printf \"%d\\n\" (a + b))\n",
    });
}

#[test]
fn scala_adds_two_numbers() {
    judged(&Language {
        name: "Scala",
        tool: "scalac",
        also: &["scala", "javap"],
        ending: "scala",
        add: "object Add {\n  def main(args: Array[String]): Unit = {\n    val Array(a, b) = scala.io.StdIn.readLine().trim.split(\" +\").map(_.toLong)\n    println(a + b)\n  }\n}\n",
    });
}

#[test]
fn common_lisp_adds_two_numbers() {
    judged(&Language {
        name: "Common Lisp",
        tool: "sbcl",
        also: &[],
        ending: "lisp",
        add: "(let ((a (read)) (b (read)))\n  (format t \"~d~%\" (+ a b)))\n",
    });
}

#[test]
fn a_toolchain_that_does_not_run_is_not_installed_and_its_submissions_are_skipped_by_name() {
    // A `gccgo` and a `ruby` first on the PATH that fail when asked their version: the
    // submissions in Go and Ruby are skipped, each named with its tool, and none is judged.
    let dir = common::fresh_folder(
        "languages",
        "without",
        &[
            ("problem.yaml", "problem_format_version: 2025-09\nname: Add\n"),
            ("data/sample/1.in", "3 4\n"),
            ("data/sample/1.ans", "7\n"),
            (
                "submissions/accepted/add.go",
                "package main\n\nimport \"fmt\"\n\n// never built: no gccgo runs\nfunc main() {\n\tvar a, b int\n\tfmt.Scan(&a, &b)\n\tfmt.Println(a + b)\n}\n",
            ),
            (
                "submissions/accepted/add.rb",
                "# never run: no ruby runs\na, b = gets.split.map(&:to_i)\nputs a + b\n",
            ),
            (
                "submissions/accepted/add.py",
                "a, b = map(int, input().split())\nprint(a + b)\n",
            ),
        ],
    );
    // No `go` either: Go is built by the `go` command where gccgo is not installed.
    let path = path_without(&dir, &["gccgo", "go", "ruby"]);
    verify(&dir, &[])
        .env("PATH", path)
        .assert()
        .code(0)
        .stdout(
            predicate::str::is_match(
                r"accepted/add\.go +AC +- .* skipped: no Go \(gccgo\): it is not installed\n",
            )
            .unwrap(),
        )
        .stdout(
            predicate::str::is_match(
                r"accepted/add\.rb +AC +- .* skipped: no Ruby \(ruby\): it is not installed\n",
            )
            .unwrap(),
        )
        .stdout(predicate::str::is_match(r"accepted/add\.py +AC +AC .* ok\n").unwrap())
        .stdout(contains("3 submissions: 1 as expected, 2 skipped"));
}

#[test]
fn a_domjudge_package_runs_the_languages_domjudge_has_and_no_other() {
    // DOMjudge's default languages have Ruby (`.rb`) and Lua (`.lua`), not PHP nor Go: in a
    // DOMjudge package (its @EXPECTED_RESULTS@ tags) `.rb` and `.lua` run, and `.php` is in no
    // language of its table, skipped and named, even where php is installed.
    let tag = "@EXPECTED_RESULTS@: CORRECT";
    let ruby = format!("# {tag}\na, b = gets.split.map(&:to_i)\nputs a + b\n");
    let lua = format!(
        "-- {tag}\nlocal a, b = io.read(\"n\", \"n\")\nprint(string.format(\"%d\", a + b))\n"
    );
    let php =
        format!("<?php\n// {tag}\nfscanf(STDIN, \"%d %d\", $a, $b);\necho $a + $b, \"\\n\";\n");
    let dir = common::fresh_folder(
        "languages",
        "domjudge",
        &[
            ("problem.yaml", "name: Add\n"),
            ("data/sample/1.in", "3 4\n"),
            ("data/sample/1.ans", "7\n"),
            ("submissions/accepted/add.rb", ruby.as_str()),
            ("submissions/accepted/add.lua", lua.as_str()),
            ("submissions/accepted/add.php", php.as_str()),
        ],
    );
    let output = verify(&dir, &[]).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("DOMjudge package"), "{stdout}");
    assert!(
        predicate::str::is_match(r"accepted/add\.php +CORRECT +- .* skipped: no source in a language the judge builds .*only \.php files\n")
            .unwrap()
            .eval(&stdout),
        "{stdout}"
    );
    for (ending, tools) in [("rb", &["ruby"][..]), ("lua", &["lua", "luac"][..])] {
        match tools.iter().find(|tool| !installed(tool)) {
            Some(tool) => common::skip(
                &format!("needs {tool}"),
                &format!("the .{ending} submission cannot run without it"),
            ),
            None => assert!(
                predicate::str::is_match(format!(
                    r"accepted/add\.{ending} +CORRECT +CORRECT .* ok\n"
                ))
                .unwrap()
                .eval(&stdout),
                "{stdout}"
            ),
        }
    }
}
