//! What the judge shows and for whom: the input and visible whitespace under a failure, a huge
//! line quoted in part, float comparison, judging chosen cases (`NAME/CASE`, globs, one `.in`
//! with `--cmd`), and the JSON lines of `--format json`, read back with a small strict JSON
//! parser written here.

use crate::common::{self, judge, SHORT};
use assert_cmd::Command;
use predicates::prelude::*;
use predicates::str::contains;
use std::path::{Path, PathBuf};

fn case_folder(files: &[(&str, &str)]) -> PathBuf {
    common::fresh_folder("formats", "problem", files)
}

pub fn stdout_of(command: &mut Command) -> (String, String, Option<i32>) {
    let output = command.output().unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code(),
    )
}

#[test]
fn a_failure_shows_the_input_and_makes_whitespace_visible() {
    let input: String = (1..=8).map(|n| format!("{n} \n")).collect();
    let dir = case_folder(&[("a.in", &input), ("a.out", "Yes\n")]);
    let (stdout, _, code) = stdout_of(judge().args([
        "--cmd",
        "printf 'Yes \\t\\r'",
        dir.to_str().unwrap(),
        "--compare",
        "exact",
    ]));
    assert_eq!(code, Some(1));
    let under: Vec<&str> = stdout.lines().skip(1).take(9).collect();
    assert_eq!(
        under,
        [
            "    input (8 lines):",
            "      1␠",
            "      2␠",
            "      3␠",
            "      4␠",
            "      5␠",
            "      (3 more lines)",
            "    expected (line 1, column 4): \"Yes\"",
            "    actual   (line 1, column 4): \"Yes␠\\t\\r\" (no newline at end)",
        ],
        "{stdout}"
    );
}

#[test]
fn a_program_cannot_forge_a_verdict_line_through_the_input_or_output() {
    let dir = case_folder(&[("a.in", "x\n\x1b[2Kproblem/b  AC\n"), ("a.out", "1\n")]);
    let (stdout, _, _) = stdout_of(judge().args([
        "--cmd",
        "printf '2\\nproblem/c  AC\\n'",
        dir.to_str().unwrap(),
    ]));
    assert!(!stdout.contains('\x1b'), "{stdout}");
    for line in stdout
        .lines()
        .skip(1)
        .filter(|line| !line.starts_with("1 case"))
    {
        assert!(line.starts_with("    "), "{line:?} in {stdout}");
    }
}

#[test]
fn float_accepts_reals_within_eps_and_names_the_token_that_is_not() {
    let dir = case_folder(&[("a.in", ""), ("a.out", "0.5 Yes\n1000000\n")]);
    let folder = dir.to_str().unwrap();
    judge()
        .args(["--cmd", "echo 0.5000004 Yes 1000000.5", folder])
        .args(["--compare", "float:1e-6"])
        .assert()
        .code(0)
        .stdout(contains("problem/a  AC"));
    judge()
        .args(["--cmd", "echo 0.5 Yes 1000002", folder])
        .args(["--compare", "float:1e-6"])
        .assert()
        .code(1)
        .stdout(contains(
            "    expected (token 3, line 2, column 1): \"1000000\" in \"1000000\"\n    \
             actual   (token 3, line 1, column 9): \"1000002\" in \"0.5 Yes 1000002\"",
        ));
    for bad in ["float:", "float:abc", "float:-1e-6", "float:0"] {
        judge()
            .args(["--cmd", "cat", folder, "--compare", bad])
            .assert()
            .code(2)
            .stdout(predicate::str::is_empty())
            .stderr(contains("error: --compare float:EPS expects EPS"));
    }
}

#[test]
fn name_slash_glob_judges_only_the_matching_cases() {
    let (stdout, _, code) = stdout_of(judge().arg("weighted_tic_tac_toe/sample-*"));
    assert_eq!(code, Some(0), "{stdout}");
    let labels: Vec<&str> = stdout
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    assert_eq!(
        labels,
        [
            "weighted_tic_tac_toe/sample-1",
            "weighted_tic_tac_toe/sample-2",
            "2"
        ]
    );
    assert!(stdout.contains("2 cases: 2 AC;"), "{stdout}");
    judge()
        .args(["perfect_play/sample-1", "board_winner/?mpty-board"])
        .assert()
        .code(0)
        .stdout(contains("2 cases: 2 AC;"));
    judge()
        .arg("weighted_tic_tac_toe/nothing-*")
        .assert()
        .code(2)
        .stderr(contains(
            "error: no case of weighted_tic_tac_toe matches \"nothing-*\" (cases: ",
        ));
}

#[test]
fn a_path_is_judged_with_cmd_and_without_it_the_error_says_how() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let folder = root.join("cases/weighted_tic_tac_toe");
    let sample = folder.join("sample-2.in");
    judge()
        .arg(&folder)
        .assert()
        .code(2)
        .stderr(contains(
            "is a folder: a folder or a .in file is judged with --cmd 'PROGRAM'",
        ))
        .stderr(contains(
            "`judge weighted_tic_tac_toe` judges it with the solver weighted_tic_tac_toe",
        ));
    judge()
        .arg(&sample)
        .assert()
        .code(2)
        .stderr(contains(
            "is a file: a folder or a .in file is judged with --cmd",
        ))
        .stderr(contains("`judge weighted_tic_tac_toe/sample-2` judges it"));
    let (stdout, _, code) = stdout_of(judge().arg("--cmd").arg("echo Aoki").arg(&sample));
    assert_eq!(code, Some(0), "{stdout}");
    assert!(
        stdout.starts_with("weighted_tic_tac_toe/sample-2  AC"),
        "{stdout}"
    );
    assert!(stdout.contains("\n1 case: 1 AC;"), "{stdout}");
}

#[test]
fn json_lines_carry_every_case_in_order_and_a_summary() {
    let dir = case_folder(&[
        ("1-right.in", "a\n"),
        ("1-right.out", "a\n"),
        ("2-wrong.in", "b \"quoted\"\n"),
        ("2-wrong.out", "x\n"),
        ("10-crash.in", "c\n"),
        ("10-crash.out", "c\n"),
    ]);
    let (stdout, stderr, code) = stdout_of(judge().args([
        "--cmd",
        "read line; case $line in c) exit 3;; b*) printf '\\033[32mAC\\n';; *) echo $line;; esac",
        dir.to_str().unwrap(),
        "--format",
        "json",
    ]));
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    // The report for people is on stderr.
    assert!(stderr.contains("\nproblem/2-wrong   WA "), "{stderr}");
    assert!(stderr.contains("3 cases: 1 AC, 1 WA, 1 RE"), "{stderr}");
    let objects: Vec<Json> = stdout
        .lines()
        .map(|line| parse_json(line).unwrap_or_else(|error| panic!("{error}: {line}")))
        .collect();
    assert_eq!(objects.len(), 4, "{stdout}");
    let expected = [
        ("problem/1-right", "AC"),
        ("problem/2-wrong", "WA"),
        ("problem/10-crash", "RE"),
    ];
    for (object, (case, verdict)) in objects.iter().zip(expected) {
        assert_eq!(object.get("type"), Some(&Json::String("case".into())));
        assert_eq!(object.get("case"), Some(&Json::String(case.into())));
        assert_eq!(object.get("verdict"), Some(&Json::String(verdict.into())));
        assert!(matches!(object.get("time_ms"), Some(Json::Number(ms)) if *ms >= 0.0));
        assert!(matches!(object.get("memory_mib"), Some(Json::Number(mib)) if *mib >= 0.0));
        assert!(matches!(object.get("detail"), Some(Json::String(_))));
    }
    let Some(Json::String(detail)) = objects[1].get("detail") else {
        panic!("no detail")
    };
    assert_eq!(
        detail,
        "input (1 line):\n  b \\\"quoted\\\"\nexpected (line 1): \"x\"\nactual   (line 1): \"\\x1b[32mAC\""
    );
    // Each case's place in the run, its memory to the byte.
    for (index, object) in objects[..3].iter().enumerate() {
        assert_eq!(object.get("index"), Some(&Json::Number(index as f64)));
        let (Some(Json::Number(mib)), Some(Json::Number(bytes))) =
            (object.get("memory_mib"), object.get("memory_bytes"))
        else {
            panic!("{object:?}")
        };
        // One decimal, rounded: within half a tenth (and a hair for the float).
        assert!((bytes / 1048576.0 - mib).abs() <= 0.05 + 1e-9, "{object:?}");
    }
    let summary = &objects[3];
    assert_eq!(summary.get("type"), Some(&Json::String("summary".into())));
    assert_eq!(summary.get("schema"), Some(&Json::Number(1.0)));
    assert_eq!(summary.get("shard"), Some(&Json::String("1/1".into())));
    assert_eq!(summary.get("run_cases"), Some(&Json::Number(3.0)));
    assert!(
        matches!(summary.get("run"), Some(Json::String(run)) if run.len() == 32 && run.bytes().all(|b| b.is_ascii_hexdigit())),
        "{summary:?}"
    );
    assert_eq!(summary.get("total"), Some(&Json::Number(3.0)));
    assert_eq!(summary.get("exit_status"), Some(&Json::Number(1.0)));
    let Some(Json::Object(counts)) = summary.get("counts") else {
        panic!("no counts")
    };
    let counts: Vec<(&str, f64)> = counts
        .iter()
        .map(|(code, count)| match count {
            Json::Number(count) => (code.as_str(), *count),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        counts,
        [
            ("AC", 1.0),
            ("WA", 1.0),
            ("RE", 1.0),
            ("TLE", 0.0),
            ("MLE", 0.0),
            ("OLE", 0.0),
            ("JE", 0.0)
        ]
    );
}

/// A JSON value, as the tests need it (object keys in their order). The tests read the judge's
/// JSON with this parser of their own, not the library's reader, so that a fault the two
/// shared could not hide.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(members) => members
                .iter()
                .find(|(name, _)| name == key)
                .map(|(_, value)| value),
            _ => None,
        }
    }
}

/// Parses one complete JSON text strictly (RFC 8259: no trailing commas, no bare control
/// characters in strings, no leading zeros, nothing after the value, no repeated keys).
pub fn parse_json(text: &str) -> Result<Json, String> {
    let mut parser = Parser {
        chars: text.chars().collect(),
        at: 0,
    };
    let value = parser.value()?;
    parser.space();
    if parser.at != parser.chars.len() {
        return Err(format!("trailing text at {}", parser.at));
    }
    Ok(value)
}

struct Parser {
    chars: Vec<char>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn next(&mut self) -> Result<char, String> {
        let c = self.peek().ok_or("unexpected end")?;
        self.at += 1;
        Ok(c)
    }

    fn expect(&mut self, wanted: char) -> Result<(), String> {
        match self.next()? {
            c if c == wanted => Ok(()),
            c => Err(format!(
                "expected {wanted:?}, found {c:?} at {}",
                self.at - 1
            )),
        }
    }

    fn space(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t' | '\n' | '\r')) {
            self.at += 1;
        }
    }

    fn literal(&mut self, word: &str, value: Json) -> Result<Json, String> {
        for c in word.chars() {
            self.expect(c)?;
        }
        Ok(value)
    }

    fn value(&mut self) -> Result<Json, String> {
        self.space();
        match self.peek().ok_or("unexpected end")? {
            '{' => self.object(),
            '[' => self.array(),
            '"' => self.string().map(Json::String),
            't' => self.literal("true", Json::Bool(true)),
            'f' => self.literal("false", Json::Bool(false)),
            'n' => self.literal("null", Json::Null),
            _ => self.number(),
        }
    }

    fn object(&mut self) -> Result<Json, String> {
        self.expect('{')?;
        let mut members: Vec<(String, Json)> = Vec::new();
        self.space();
        if self.peek() == Some('}') {
            self.at += 1;
            return Ok(Json::Object(members));
        }
        loop {
            self.space();
            let key = self.string()?;
            if members.iter().any(|(name, _)| *name == key) {
                return Err(format!("repeated key {key:?}"));
            }
            self.space();
            self.expect(':')?;
            members.push((key, self.value()?));
            self.space();
            match self.next()? {
                ',' => continue,
                '}' => return Ok(Json::Object(members)),
                c => return Err(format!("expected , or }} in an object, found {c:?}")),
            }
        }
    }

    fn array(&mut self) -> Result<Json, String> {
        self.expect('[')?;
        let mut items = Vec::new();
        self.space();
        if self.peek() == Some(']') {
            self.at += 1;
            return Ok(Json::Array(items));
        }
        loop {
            items.push(self.value()?);
            self.space();
            match self.next()? {
                ',' => continue,
                ']' => return Ok(Json::Array(items)),
                c => return Err(format!("expected , or ] in an array, found {c:?}")),
            }
        }
    }

    fn string(&mut self) -> Result<String, String> {
        self.expect('"')?;
        let mut text = String::new();
        loop {
            match self.next()? {
                '"' => return Ok(text),
                '\\' => match self.next()? {
                    '"' => text.push('"'),
                    '\\' => text.push('\\'),
                    '/' => text.push('/'),
                    'b' => text.push('\u{8}'),
                    'f' => text.push('\u{c}'),
                    'n' => text.push('\n'),
                    'r' => text.push('\r'),
                    't' => text.push('\t'),
                    'u' => {
                        let hex: String = (0..4).map(|_| self.next()).collect::<Result<_, _>>()?;
                        let code = u32::from_str_radix(&hex, 16).map_err(|e| e.to_string())?;
                        text.push(char::from_u32(code).ok_or("a lone surrogate")?);
                    }
                    c => return Err(format!("bad escape \\{c}")),
                },
                c if (c as u32) < 0x20 => return Err(format!("bare control {c:?} in a string")),
                c => text.push(c),
            }
        }
    }

    fn number(&mut self) -> Result<Json, String> {
        let start = self.at;
        let digits = |parser: &mut Parser| {
            let from = parser.at;
            while parser.peek().is_some_and(|c| c.is_ascii_digit()) {
                parser.at += 1;
            }
            parser.at - from
        };
        if self.peek() == Some('-') {
            self.at += 1;
        }
        let first = self.peek();
        let whole = digits(self);
        if whole == 0 || (first == Some('0') && whole > 1) {
            return Err(format!("bad number at {start}"));
        }
        if self.peek() == Some('.') {
            self.at += 1;
            if digits(self) == 0 {
                return Err(format!("bad fraction at {start}"));
            }
        }
        if matches!(self.peek(), Some('e' | 'E')) {
            self.at += 1;
            if matches!(self.peek(), Some('+' | '-')) {
                self.at += 1;
            }
            if digits(self) == 0 {
                return Err(format!("bad exponent at {start}"));
            }
        }
        let text: String = self.chars[start..self.at].iter().collect();
        text.parse().map(Json::Number).map_err(|_| text)
    }
}

#[test]
fn the_test_parser_is_strict() {
    assert_eq!(
        parse_json(r#" {"a":[1,-2.5e3,true,null],"b":"\u00e9\n"} "#),
        Ok(Json::Object(vec![
            (
                "a".into(),
                Json::Array(vec![
                    Json::Number(1.0),
                    Json::Number(-2500.0),
                    Json::Bool(true),
                    Json::Null
                ])
            ),
            ("b".into(), Json::String("é\n".into())),
        ]))
    );
    for bad in [
        "{\"a\":1,}",
        "{\"a\":01}",
        "\"a\nb\"",
        "{\"a\":1} x",
        "{\"a\":1,\"a\":2}",
        "[1,]",
        "{'a':1}",
        "1.",
        "",
    ] {
        assert!(parse_json(bad).is_err(), "{bad:?}");
    }
}

/// The judge quotes a short piece too: an interactive case whose opponent file holds a 100 KB
/// line is a judge error whose report stays short.
#[test]
fn the_judge_quotes_a_huge_line_in_part() {
    let root = std::env::temp_dir().join(format!("game-judge-quote-{}", std::process::id()));
    let dir = root.join("problem");
    std::fs::create_dir_all(root.join("problem.judge")).unwrap();
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(root.join("problem.judge/interactive"), "tic-tac-toe\n").unwrap();
    std::fs::write(dir.join("a.in"), format!("{}\n", "x".repeat(100_000))).unwrap();
    let output = Command::cargo_bin("judge")
        .unwrap()
        .env("NO_COLOR", "1")
        .arg("--cmd")
        .arg("cat")
        .arg(&dir)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&root);
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(2), "{report:.300}");
    assert!(report.contains("… (100000 characters)"), "{report:.300}");
    assert!(
        report.len() < SHORT,
        "{} bytes: {report:.300}",
        report.len()
    );
}

/// Runs the judge with `args` from the project root, its stdout a pipe whose reader has
/// already gone (that of `true`, which has ended), and returns its exit status and stderr.
fn with_the_reader_gone(args: &[&str]) -> (Option<i32>, String) {
    use std::process::{Command, Stdio};
    let mut reader = Command::new("true").stdin(Stdio::piped()).spawn().unwrap();
    let write_end = reader.stdin.take().unwrap();
    reader.wait().unwrap();
    let output = Command::new(assert_cmd::cargo::cargo_bin("judge"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::from(write_end))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code(), stderr)
}

/// A report cut short is no pass: with its reader gone, `validate` and `verify` exit 141
/// (SIGPIPE), as judging does, and neither panics (they did, with 101, before the reporter).
#[test]
fn validate_and_verify_exit_141_when_the_report_s_reader_goes_away() {
    for args in [
        &["validate", "weighted_tic_tac_toe"][..],
        &["verify", "tests/fixtures/kattis/echo"][..],
        &["verify", "--format", "json", "tests/fixtures/kattis/echo"][..],
    ] {
        let (code, stderr) = with_the_reader_gone(args);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(code, Some(141), "{args:?}: {stderr}");
    }
}
