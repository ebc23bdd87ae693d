//! What to run: a built binary or a command line, and the `Command` that starts it. A command
//! line whose last command runs a program has the shell `exec` it (`exec_last`), so that no
//! shell waits beside the program holding copies of its pipes.

use crate::temp_folder::quoted;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What to run: a built binary, or a command line run through `sh -c`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Program {
    Binary(PathBuf),
    Shell(String),
}

impl fmt::Display for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Program::Binary(path) => write!(f, "{}", path.display()),
            Program::Shell(line) => write!(f, "`{line}`"),
        }
    }
}

/// The words of a command line that a shell would run unchanged: a program given by its path
/// (so no builtin, alias or function) and arguments with no quoting, expansion, redirection or
/// assignment. Such a line runs directly, without paying for a shell's start-up per case.
fn plain_words(line: &str) -> Option<Vec<&str>> {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./,:+@%".contains(c) || c == ' ';
    let words: Vec<&str> = line.split(' ').filter(|word| !word.is_empty()).collect();
    let program = words.first()?;
    (line.chars().all(plain) && program.contains('/')).then_some(words)
}

/// The words a POSIX shell runs itself (builtins and keywords): never looked up as programs.
const SHELL_OWN_WORDS: &[&str] = &[
    ".", ":", "[", "!", "{", "alias", "bg", "break", "case", "cd", "command", "continue", "echo",
    "eval", "exec", "exit", "export", "false", "fg", "for", "getopts", "hash", "if", "jobs",
    "kill", "local", "printf", "pwd", "read", "readonly", "return", "set", "shift", "test",
    "times", "trap", "true", "type", "ulimit", "umask", "unalias", "unset", "until", "wait",
    "while",
];

/// The words that open a compound command (in sh, or in bash where it is `sh`) or change how
/// later words are read (an alias, a trap, a sourced file, `eval`): a line with one of them at
/// the start of a command is run as written.
const SHELL_GRAMMAR_WORDS: &[&str] = &[
    "!", "{", "}", "case", "do", "done", "elif", "else", "esac", "fi", "for", "function", "if",
    "in", "then", "until", "while", "time", "select", "coproc", ".", "source", "eval", "alias",
    "trap",
];

/// Whether `path` is a file the judge could execute (any execute bit: as root, that is
/// enough; otherwise the run itself says why not).
pub fn executable_file(path: &std::path::Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path)
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

/// Whether a program named `name` (no `/`) is in a folder of `PATH`.
pub fn in_path(name: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|dir| executable_file(&dir.join(name)))
    })
}

/// The commands of a line that is simple commands joined by `&&`, `||` or `;`, each as its
/// byte range; `None` for anything else (a pipe, a background job, a subshell, a substitution,
/// `${`, a comment, a here-document, a line break, open quotes). Redirections may stay.
fn simple_commands(line: &str) -> Option<Vec<(usize, usize)>> {
    let bytes = line.as_bytes();
    let mut commands = Vec::new();
    let mut start = 0;
    let (mut single, mut double) = (false, false);
    // The byte before, when it was neither quoted nor escaped.
    let mut last: Option<u8> = None;
    let mut index = 0;
    while index < bytes.len() {
        let byte = bytes[index];
        let next = bytes.get(index + 1).copied();
        if single {
            single = byte != b'\'';
            index += 1;
            continue;
        }
        let word_start = index == 0 || matches!(last, Some(b' ' | b'\t' | b';' | b'&' | b'|'));
        match byte {
            b'\n' | b'\r' | b'`' => return None,
            b'$' if matches!(next, Some(b'(' | b'{')) => return None,
            b'\\' => {
                index += 2;
                last = None;
                continue;
            }
            b'"' => {
                double = !double;
                last = None;
                index += 1;
                continue;
            }
            _ if double => {}
            b'\'' => {
                single = true;
                last = None;
                index += 1;
                continue;
            }
            b'#' if word_start => return None,
            b'(' | b')' => return None,
            b'<' if next == Some(b'<') => return None,
            b';' => {
                commands.push((start, index));
                start = index + 1;
            }
            b'&' | b'|' if next == Some(byte) => {
                commands.push((start, index));
                start = index + 2;
                last = Some(byte);
                index += 2;
                continue;
            }
            // `2>&1`, `<&3`: a redirection, not a background job.
            b'&' if matches!(last, Some(b'<' | b'>')) => {}
            b'&' | b'|' => return None,
            _ => {}
        }
        last = match double {
            true => None,
            false => Some(byte),
        };
        index += 1;
    }
    if single || double {
        return None;
    }
    commands.push((start, bytes.len()));
    Some(commands)
}

/// `line` with `exec` put before its last command, when the line is simple commands (see
/// `simple_commands`) and the last one runs a program: its first word is a path or a program in
/// `PATH`, not a word the shell runs itself. The shell then becomes that program instead of
/// waiting for it while holding copies of its stdin and stdout: when the program closes its
/// output, the end reaches the judge at once (an interactor that ends its output and reads on),
/// and a signal it dies of reaches the judge as a signal, not as a shell's status 128 + N.
/// `None`: the line runs as written.
fn exec_last(line: &str) -> Option<String> {
    let commands = simple_commands(line)?;
    let first_word = |&(start, end): &(usize, usize)| line[start..end].split_whitespace().next();
    for command in &commands {
        if SHELL_GRAMMAR_WORDS.contains(&first_word(command)?) {
            return None;
        }
    }
    let last = commands.last()?;
    let program = first_word(last)?;
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./+".contains(c);
    let runs_a_program = program.chars().all(plain)
        && !SHELL_OWN_WORDS.contains(&program)
        && (program.contains('/') || in_path(program));
    if !runs_a_program {
        return None;
    }
    let at = last.0 + line[last.0..].len() - line[last.0..].trim_start().len();
    Some(format!("{}exec {}", &line[..at], &line[at..]))
}

/// Whether `file` is a source of a compiled language, by its extension.
fn is_source(file: &str) -> bool {
    let extension = file.rsplit_once('.').map_or("", |(_, extension)| extension);
    matches!(
        extension,
        "c" | "cc" | "cpp" | "cxx" | "c++" | "rs" | "java" | "kt" | "go" | "hs"
    )
}

/// For an interpreter's plain line (`python3 sol.py`, `node a.js`), the script it names, when
/// that file is not there (a relative name from `base`, where the line runs): said before any
/// case runs, not once per case by the interpreter.
fn script_missing(line: &str, base: &Path) -> Option<String> {
    let mut words = line.split_ascii_whitespace();
    let interpreter = words.next()?;
    let interpreters = [
        "python", "python3", "python2", "pypy3", "pypy", "node", "ruby", "perl",
    ];
    if !interpreters.contains(&interpreter) {
        return None;
    }
    let script = words.find(|word| !word.starts_with('-'))?;
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./+".contains(c);
    let scripts = [".py", ".js", ".rb", ".pl"];
    let named = script.chars().all(plain) && scripts.iter().any(|end| script.ends_with(end));
    match named && !base.join(script).is_file() {
        true => Some(format!(
            "there is no file {script} for {interpreter} to run"
        )),
        false => None,
    }
}

/// What to do with a file named as a program that is not executable.
fn how_to_run(file: &str) -> String {
    match is_source(file) {
        true => format!(
            "build it first and name what the build made (judge --cmd {file} DIR builds it, as a judge would)"
        ),
        false => format!("chmod +x {file}, or run it with its interpreter (python3 {file})"),
    }
}

impl Program {
    /// This program with `args` after its own arguments (a case's `args`), each quoted for the
    /// shell; itself when there are none.
    pub fn with_args(&self, args: &[String]) -> Program {
        if args.is_empty() {
            return self.clone();
        }
        let mut line = match self {
            Program::Binary(path) => quoted(path),
            Program::Shell(line) => line.clone(),
        };
        for arg in args {
            line.push(' ');
            line.push_str(&quoted(Path::new(arg)));
        }
        Program::Shell(line)
    }

    /// Why the first word of a command line cannot be run, when it names a program that does
    /// not exist (not a file at its path, or in no folder of `PATH`) or a file that is not
    /// executable. `None` when it can be, or when the shell would run something else first (a
    /// builtin, an assignment, quoting, expansion), so a mistyped `--cmd 'pyhton3 a.py'` is a
    /// usage error before anything runs, not 127 on every case.
    pub fn cannot_run(&self) -> Option<String> {
        self.cannot_run_in(Path::new("."))
    }

    /// As `cannot_run`, for a line that runs in the folder `base` (a checker's, an
    /// interactor's): the files it names are looked for there.
    pub fn cannot_run_in(&self, base: &Path) -> Option<String> {
        let line = match self {
            Program::Shell(line) => line,
            Program::Binary(_) => return None,
        };
        let first = line.split_ascii_whitespace().next()?;
        let plain = |c: char| c.is_ascii_alphanumeric() || "_-./+".contains(c);
        if !first.chars().all(plain) || SHELL_OWN_WORDS.contains(&first) {
            return None;
        }
        let path = &base.join(first);
        if first.contains('/') {
            return match (path.is_file(), executable_file(path)) {
                (false, _) => Some(format!("there is no file {first}")),
                (true, false) => Some(format!("{first} is not executable: {}", how_to_run(first))),
                (true, true) => None,
            };
        }
        match (in_path(first), path.is_file()) {
            (true, _) => script_missing(line, base),
            (false, true) if is_source(first) => Some(format!(
                "there is no program {first} in PATH, and the file {first} here is a source: {}",
                how_to_run(first)
            )),
            (false, true) => Some(format!(
                "there is no program {first} in PATH; the file {first} here runs as ./{first} (or with its interpreter: python3 {first})"
            )),
            (false, false) => Some(format!("there is no program {first} (not in PATH)")),
        }
    }

    /// The program and its arguments when it runs without a shell.
    fn direct(&self) -> Option<(PathBuf, Vec<String>)> {
        match self {
            Program::Binary(path) => Some((path.clone(), Vec::new())),
            Program::Shell(line) => {
                let words = plain_words(line)?;
                let arguments = words[1..].iter().map(|word| word.to_string()).collect();
                Some((PathBuf::from(words[0]), arguments))
            }
        }
    }

    /// The command that starts the program.
    pub(crate) fn command(&self) -> Command {
        match (self.direct(), self) {
            (Some((path, arguments)), _) => {
                let mut command = Command::new(path);
                command.args(arguments);
                command
            }
            (None, Program::Shell(line)) => {
                let mut command = Command::new("sh");
                command
                    .arg("-c")
                    .arg(exec_last(line).unwrap_or_else(|| line.clone()));
                command
            }
            (None, Program::Binary(path)) => Command::new(path),
        }
    }

    /// The command for a program file the kernel would not execute (no `#!` line): run it with
    /// `sh`, as a shell and `execvp` do. `None` when the program already runs through a shell.
    pub(crate) fn command_as_script(&self) -> Option<Command> {
        let (path, arguments) = self.direct()?;
        let mut command = Command::new("sh");
        command.arg(path).args(arguments);
        Some(command)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_s_arguments_follow_the_program_s_own() {
        let args = ["--n".to_string(), "two words".to_string()];
        assert_eq!(
            Program::Binary(PathBuf::from("/b/sol")).with_args(&args),
            Program::Shell("'/b/sol' '--n' 'two words'".to_string())
        );
        assert_eq!(
            Program::Shell("python3 a.py".to_string()).with_args(&args[..1]),
            Program::Shell("python3 a.py '--n'".to_string())
        );
        let alone = Program::Binary(PathBuf::from("/b/sol"));
        assert_eq!(alone.with_args(&[]), alone);
    }

    #[test]
    fn only_plain_paths_skip_the_shell() {
        assert_eq!(plain_words("./a.out"), Some(vec!["./a.out"]));
        assert_eq!(
            plain_words("/usr/bin/python3  x.py -v"),
            Some(vec!["/usr/bin/python3", "x.py", "-v"])
        );
        for line in [
            "python3 x.py",
            "exit 3",
            "./a.out > f",
            "./a $HOME",
            "A=1 ./a",
            "./a 'x'",
            "./a;b",
            "",
        ] {
            assert_eq!(plain_words(line), None, "{line}");
        }
    }

    #[test]
    fn the_shell_becomes_the_last_command_when_it_runs_a_program() {
        for (line, run) in [
            (
                "python3 -c 'print(1)' tag",
                "exec python3 -c 'print(1)' tag",
            ),
            (
                "cd '/t/it'\\''s' && ./interact '/t/in' 2>&1",
                "cd '/t/it'\\''s' && exec ./interact '/t/in' 2>&1",
            ),
            ("read n;  sh -c 'exit 1'", "read n;  exec sh -c 'exit 1'"),
            (
                "true || ./b \"a;b\" $HOME",
                "true || exec ./b \"a;b\" $HOME",
            ),
        ] {
            assert_eq!(exec_last(line).as_deref(), Some(run), "{line}");
        }
        for line in [
            // The last command is the shell's own, or no program.
            "exec >&-; sleep 3; : tag",
            "echo hi",
            "read n",
            "A=1 ./a",
            "$X y",
            "no-such-program-anywhere x",
            // Not simple commands, or words that change how the rest is read.
            "./a | ./b",
            "./a &",
            "(./a)",
            "./a $(./b)",
            "./a `./b`",
            "./a \"$(./b)\"",
            "./a ${X}",
            "./a # note",
            "./a <<end",
            "./a\n./b",
            "if true; then ./a; fi",
            "{ ./a; }",
            "trap 'echo bye' EXIT; ./a",
            "time ./a",
            "alias a=./b; a",
            ". ./env; ./a",
            "./a 'open",
            "./a;",
            "",
        ] {
            assert_eq!(exec_last(line), None, "{line}");
        }
    }

    #[test]
    fn a_program_that_cannot_run_is_named() {
        let why = |line: &str| Program::Shell(line.to_string()).cannot_run();
        assert_eq!(
            why("pyhton3 a.py"),
            Some("there is no program pyhton3 (not in PATH)".to_string())
        );
        assert_eq!(
            why("./no-such-file x"),
            Some("there is no file ./no-such-file".to_string())
        );
        assert_eq!(
            why("python3 -u no_such_script.py"),
            Some("there is no file no_such_script.py for python3 to run".to_string())
        );
        assert_eq!(why("python3 -c 'print(1)'"), None);
        assert_eq!(why("python3 tests/fixtures/always_takahashi.py"), None);
        assert!(why("Cargo.toml").is_some_and(|why| why.contains("runs as ./Cargo.toml")));
        assert!(why("./Cargo.toml").is_some_and(|why| why.contains("is not executable")));
        // A source is built, not run with python3.
        let source = why("./src/main.rs").unwrap();
        assert!(source.contains("build it first"), "{source}");
        assert!(!source.contains("python3"), "{source}");
        assert!(is_source("sol.cpp") && is_source("a.rs") && !is_source("sol.py"));
        for line in [
            "sh -c 'exit 0'",
            "read n; exec sh",
            "A=1 sh",
            "$X y",
            "'sh' x",
            "cd /",
        ] {
            assert_eq!(why(line), None, "{line}");
        }
    }

    #[test]
    fn a_script_without_a_shebang_runs_with_sh() {
        let program = Program::Shell("./script.sh one".to_string());
        let command = program.command_as_script().unwrap();
        assert_eq!(command.get_program(), "sh");
        let arguments: Vec<_> = command.get_args().collect();
        assert_eq!(arguments, ["./script.sh", "one"]);
        assert!(Program::Shell("echo hi".into())
            .command_as_script()
            .is_none());
    }
}
