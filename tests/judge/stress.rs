//! `judge stress`: buggy programs of two problems are caught within the default count, the
//! case saved fails the buggy program and passes the solver, and the shrunk input is small and
//! locally minimal (every single step of the shrinker, applied to it, loses the failure: checked
//! by running the buggy fixture and comparing with a brute force written here); a right
//! program finds nothing and saves nothing; a broken generator or reference is exit 2; three
//! programs without a validator are warned about, and saving into a package's folder needs
//! `--force` and never overwrites.
// Without `slow-tests` the slow tests below are left out, and helpers only they use unused.
#![cfg_attr(not(feature = "slow-tests"), allow(dead_code, unused_imports))]

use crate::common::{
    self, has_three, int32_scores_show, judge, ninth_move_bug_inputs, ninth_move_bug_shows,
    takahashi_wins, takahashi_wins_memo,
};
use game_judge::problems::validator;
use game_judge::stress::shrink::{neighbours, Tokens};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const NINTH_MOVE_BUG: &str = "python3 tests/fixtures/ninth_move_bug.py";
const MISSING_DIAGONAL: &str = "python3 tests/fixtures/missing_diagonal.py";

/// A fresh, not yet existing folder to save cases into.
fn save_folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("stress-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

/// `judge stress ARGUMENTS` (with `--save DIR` when given): its exit status and stdout, the
/// status checked to be `status`.
fn stress(arguments: &[&str], save: Option<&Path>, status: i32) -> String {
    let mut command = judge();
    command.arg("stress").args(arguments);
    if let Some(dir) = save {
        command.arg("--save").arg(dir);
    }
    let output = command.output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(status), "{stdout}{stderr}");
    stdout
}

/// The exit status of `judge --cmd COMMAND DIR`.
fn judged(command: &str, dir: &Path) -> Option<i32> {
    judge()
        .arg("--cmd")
        .arg(command)
        .arg(dir)
        .output()
        .unwrap()
        .status
        .code()
}

/// What a python fixture prints for `input`.
fn fixture_output(fixture: &str, input: &str) -> String {
    let mut child = Command::new("python3")
        .arg(fixture)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    String::from_utf8(output.stdout).unwrap()
}

/// The only case saved in `dir`: its input and expected output.
fn saved_case(dir: &Path) -> (String, String) {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(
        names[0].starts_with("stress-") && names[0].ends_with(".in"),
        "{names:?}"
    );
    assert_eq!(names[1], names[0].replace(".in", ".out"));
    let read = |name: &str| fs::read_to_string(dir.join(name)).unwrap();
    (read(&names[0]), read(&names[1]))
}

/// The grid of a weighted input.
fn grid(input: &str) -> [i64; 9] {
    let values: Vec<i64> = input
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    values.try_into().unwrap()
}

fn winner(grid: &[i64; 9]) -> &'static str {
    if takahashi_wins(grid) {
        "Takahashi\n"
    } else {
        "Aoki\n"
    }
}

/// Checks a shrunk weighted case: the expected output is right, the buggy fixture fails on it,
/// its numbers are single digits, and no valid neighbour keeps the failure.
fn check_weighted_case(input: &str, expected: &str) {
    let right = winner(&grid(input));
    assert_eq!(expected, right, "{input}");
    assert_ne!(
        fixture_output("tests/fixtures/ninth_move_bug.py", input),
        right,
        "{input}"
    );
    assert!(grid(input).iter().all(|v| v.abs() <= 9), "{input}");
    let validate = validator("weighted_tic_tac_toe").unwrap();
    let mut checked = 0;
    for neighbour in neighbours(&Tokens::parse(input)) {
        let text = neighbour.to_string();
        if validate(text.as_bytes()).is_err() {
            continue;
        }
        checked += 1;
        let right = winner(&grid(&text));
        assert_eq!(
            fixture_output("tests/fixtures/ninth_move_bug.py", &text),
            right,
            "{input} is not locally minimal: {text} still fails"
        );
    }
    assert!(checked > 0, "{input}: no valid neighbour to check");
}

/// A source file as the candidate is built as judging builds one: a C++ program that answers
/// `d` for every board is found wrong; one that does not build fails (exit 1) with the
/// compiler's lines.
#[test]
fn a_source_file_candidate_is_built_then_stressed() {
    let folder = save_folder("source");
    fs::create_dir_all(&folder).unwrap();
    let wrong = folder.join("always_d.cpp");
    fs::write(
        &wrong,
        "#include <cstdio>\nint main() { char b[16]; while (std::scanf(\"%15s\", b) == 1) std::puts(\"d\"); }\n",
    )
    .unwrap();
    let out = stress(
        &[
            "board_winner",
            "--cmd",
            wrong.to_str().unwrap(),
            "--count",
            "20",
        ],
        None,
        1,
    );
    assert!(out.contains("found: seed"), "{out}");
    let broken = folder.join("broken.cpp");
    fs::write(&broken, "int main( {\n").unwrap();
    let output = judge()
        .args(["stress", "board_winner", "--cmd", broken.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("broken.cpp does not build"));
}

#[test]
#[cfg(feature = "slow-tests")]
fn the_ninth_move_bug_is_found_shrunk_and_saved() {
    let dir = save_folder("ninth");
    // The count pinned: the default's minute would make the search depend on the machine.
    let arguments = [
        "weighted_tic_tac_toe",
        "--cmd",
        NINTH_MOVE_BUG,
        "--count",
        "1000",
    ];
    let stdout = stress(&arguments, Some(&dir), 1);
    assert!(
        stdout.contains("no single step keeps the failure"),
        "{stdout}"
    );
    assert!(stdout.contains("verdict: WA"), "{stdout}");
    let (input, expected) = saved_case(&dir);
    check_weighted_case(&input, &expected);
    // The saved case, judged: the solver passes it, the buggy program fails it.
    assert_eq!(
        judged(env!("CARGO_BIN_EXE_weighted_tic_tac_toe"), &dir),
        Some(0)
    );
    assert_eq!(judged(NINTH_MOVE_BUG, &dir), Some(1));
}

#[test]
#[cfg(feature = "slow-tests")]
fn a_ten_digit_grid_comes_out_with_single_digits() {
    let dir = save_folder("ten-digit");
    let arguments = [
        "weighted_tic_tac_toe",
        "--cmd",
        NINTH_MOVE_BUG,
        "--gen",
        "python3 tests/fixtures/ten_digit_grid.py",
        "--count",
        "1",
    ];
    let stdout = stress(&arguments, Some(&dir), 1);
    assert!(
        stdout.contains("-730921046 -786856045 -319061785"),
        "{stdout}"
    );
    let (input, expected) = saved_case(&dir);
    check_weighted_case(&input, &expected);
}

#[test]
#[cfg(feature = "slow-tests")]
fn any_three_programs_with_a_validator_command() {
    // Nine numbers with an odd sum: without it the empty input would do (the reference
    // prints nothing for it, the buggy program crashes).
    let validator =
        "awk '{ n += NF; for (i = 1; i <= NF; i++) s += $i } END { exit !(n == 9 && s % 2) }'";
    let arguments = [
        "--cmd",
        NINTH_MOVE_BUG,
        "--ref",
        env!("CARGO_BIN_EXE_weighted_tic_tac_toe"),
        "--gen",
        "python3 tests/fixtures/ten_digit_grid.py",
        "--validator",
        validator,
        "--seed",
        "2",
        "--count",
        "1",
    ];
    let stdout = stress(&arguments, None, 1);
    assert!(stdout.contains("-9 -5 -1"), "{stdout}");
    let shrunk = stdout
        .split("no single step keeps the failure")
        .nth(1)
        .expect(&stdout);
    let lines: Vec<&str> = shrunk.lines().skip(2).take(3).map(str::trim).collect();
    let input = format!("{}\n", lines.join("\n"));
    assert!(grid(&input).iter().all(|v| v.abs() <= 9), "{stdout}");
    let right = winner(&grid(&input));
    assert_ne!(
        fixture_output("tests/fixtures/ninth_move_bug.py", &input),
        right,
        "{stdout}"
    );
}

#[test]
#[cfg(feature = "slow-tests")]
fn the_missing_diagonal_is_found_and_shrunk_to_one_board() {
    let dir = save_folder("diagonal");
    let arguments = ["board_winner", "--cmd", MISSING_DIAGONAL, "--count", "1000"];
    stress(&arguments, Some(&dir), 1);
    let (input, expected) = saved_case(&dir);
    let answer = |text: &str| -> String {
        text.lines()
            .map(|line| {
                let board: [u8; 9] = line.as_bytes().try_into().unwrap();
                match (has_three(&board, b'o'), has_three(&board, b'x')) {
                    (true, _) => "o\n",
                    (_, true) => "x\n",
                    _ => "d\n",
                }
            })
            .collect()
    };
    assert_eq!(expected, answer(&input));
    assert_eq!(input.lines().count(), 1, "{input}");
    assert_ne!(
        fixture_output("tests/fixtures/missing_diagonal.py", &input),
        expected
    );
    let validate = validator("board_winner").unwrap();
    for neighbour in neighbours(&Tokens::parse(&input)) {
        let text = neighbour.to_string();
        if validate(text.as_bytes()).is_ok() {
            assert_eq!(
                fixture_output("tests/fixtures/missing_diagonal.py", &text),
                answer(&text)
            );
        }
    }
    assert_eq!(judged(env!("CARGO_BIN_EXE_board_winner"), &dir), Some(0));
    assert_eq!(judged(MISSING_DIAGONAL, &dir), Some(1));
}

#[test]
#[cfg(feature = "slow-tests")]
fn a_right_program_finds_nothing_and_saves_nothing() {
    let dir = save_folder("right");
    let weighted = env!("CARGO_BIN_EXE_weighted_tic_tac_toe");
    let arguments = ["weighted_tic_tac_toe", "--cmd", weighted, "--count", "60"];
    let stdout = stress(&arguments, Some(&dir), 0);
    assert!(stdout.contains("no difference on 60 inputs"), "{stdout}");
    assert!(!dir.exists());
    // othello_endgame through its checker: the solver agrees with itself.
    let othello = env!("CARGO_BIN_EXE_othello_endgame");
    let stdout = stress(
        &["othello_endgame", "--cmd", othello, "--count", "20"],
        None,
        0,
    );
    assert!(stdout.contains("no difference on 20 inputs"), "{stdout}");
}

/// `judge stress ARGUMENTS`' stderr, the exit status checked to be 2.
fn broken(arguments: &[&str]) -> String {
    let output = judge().arg("stress").args(arguments).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    stderr
}

#[test]
#[cfg(feature = "slow-tests")]
fn a_broken_generator_or_reference_is_not_the_programs_fault() {
    let bin = env!("CARGO_BIN_EXE_weighted_tic_tac_toe");
    let grids = "python3 tests/fixtures/ten_digit_grid.py";
    let failing = "python3 tests/fixtures/ten_digit_grid.py fail #";
    let stderr = broken(&["--cmd", bin, "--ref", bin, "--gen", failing]);
    assert!(
        stderr.contains("the generator failed on seed 1"),
        "{stderr}"
    );
    assert!(stderr.contains("no grids today"), "{stderr}");
    // A generator that prints nothing would leave every input empty: broken, not "no
    // difference".
    let stderr = broken(&["--cmd", bin, "--ref", bin, "--gen", "true"]);
    assert!(
        stderr.contains("the generator printed nothing on seed 1: `true 1` must print one input"),
        "{stderr}"
    );
    let stderr = broken(&["--cmd", bin, "--ref", "sh -c 'exit 3'", "--gen", grids]);
    assert!(
        stderr.contains("the reference failed on the input of seed 1"),
        "{stderr}"
    );
    // A generated input the problem's validator rejects is the generator's fault.
    let stderr = broken(&["board_winner", "--cmd", bin, "--gen", grids]);
    assert!(stderr.contains("is not valid"), "{stderr}");
    let stderr = broken(&["tic_tac_toe_player", "--cmd", bin]);
    assert!(stderr.contains("interactive"), "{stderr}");
}

/// Stopped while shrinking (SIGINT, as Ctrl-C), stress still reports and saves the smallest
/// failing input found so far, which fails the buggy program, and exits 130.
#[test]
#[cfg(feature = "slow-tests")]
fn an_interrupt_while_shrinking_keeps_the_smallest_failing_input() {
    use std::io::{BufRead, BufReader};
    let dir = save_folder("interrupted");
    let judge_binary = assert_cmd::cargo::cargo_bin("judge");
    // The ten-digit grid of seed 10 takes hundreds of runs to shrink: the interrupt lands
    // in the middle of it.
    let mut child = Command::new(judge_binary)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "stress",
            "weighted_tic_tac_toe",
            "--cmd",
            NINTH_MOVE_BUG,
            "--seed",
            "10",
        ])
        .arg("--save")
        .arg(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut text = String::new();
    // The report of the input found ends with its three lines.
    while !text.contains("found:") || text.lines().count() < 5 {
        let mut line = String::new();
        assert_ne!(stdout.read_line(&mut line).unwrap(), 0, "{text}");
        text.push_str(&line);
    }
    let _ = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{text}{rest}");
    assert!(
        rest.contains("stopped by signal 2 while shrinking") && rest.contains("saved: "),
        "{rest}"
    );
    assert_eq!(
        judged(NINTH_MOVE_BUG, &dir),
        Some(1),
        "the saved case fails the program"
    );
}

/// The predicate `judge stress` asks of a weighted_tic_tac_toe candidate, in-process: refused
/// when the problem's validator says invalid, kept while `shows` (the bug) holds.
fn weighted_predicate(
    shows: fn(&str) -> bool,
) -> impl Fn(&Tokens) -> game_judge::stress::shrink::Attempt + Sync + Copy {
    use game_judge::stress::shrink::Attempt;
    let validate = validator("weighted_tic_tac_toe").unwrap();
    move |candidate: &Tokens| {
        let text = candidate.to_string();
        if validate(text.as_bytes()).is_err() {
            Attempt::Refused
        } else if shows(&text) {
            Attempt::Kept
        } else {
            Attempt::Lost
        }
    }
}

/// The shrinker on every input the ninth-move bug can be found on, with the same predicate as
/// `judge stress` (refused when the validator says invalid, kept while the bug shows): at most
/// 150 runs each (the goal; the single steps alone took 388-417 on the ten-digit grids),
/// and each result is locally minimal with single digits.
#[test]
#[cfg(feature = "slow-tests")]
fn the_ninth_move_bug_shrinks_in_at_most_150_runs_from_any_found_input() {
    use game_judge::stress::shrink::{shrink, Attempt};
    let check = weighted_predicate(ninth_move_bug_shows);
    let inputs = ninth_move_bug_inputs();
    assert!(inputs.len() >= 15, "{} inputs", inputs.len());
    let mut most = 0;
    for input in &inputs {
        let start = grid(input);
        assert_eq!(
            takahashi_wins_memo(&start, false),
            takahashi_wins(&start),
            "{input}"
        );
        let shrunk = shrink(Tokens::parse(input), 2000, 1, check);
        // Four candidates at a time give the same input in the same runs.
        assert_eq!(
            shrink(Tokens::parse(input), 2000, 4, check),
            shrunk,
            "{input}"
        );
        let text = shrunk.input.to_string();
        assert!(shrunk.minimal, "{input}");
        assert!(shrunk.runs <= 150, "{input} took {} runs", shrunk.runs);
        assert!(
            grid(&text).iter().all(|v| v.abs() <= 9),
            "{input} -> {text}"
        );
        for neighbour in neighbours(&shrunk.input) {
            assert_ne!(
                check(&neighbour),
                Attempt::Kept,
                "{text} is not minimal: {neighbour} fails"
            );
        }
        most = most.max(shrunk.runs);
    }
    println!("{} inputs, at most {most} runs", inputs.len());
}

/// `judge stress ARGUMENTS`: its exit status, stdout and stderr.
/// `judge stress ARGUMENTS`: its exit status, stdout, and stderr without the sandbox's banner
/// line (checked in sandbox.rs).
fn stress_run(arguments: &[&str]) -> (Option<i32>, String, String) {
    let output = judge().arg("stress").args(arguments).output().unwrap();
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    let stderr: String = text(&output.stderr)
        .lines()
        .filter(|line| !line.starts_with("sandbox: "))
        .map(|line| format!("{line}\n"))
        .collect();
    (output.status.code(), text(&output.stdout), stderr)
}

/// Three programs of the user's without `--validator`: one warning line at the start, on
/// stderr, that shrinking keeps the input's shape, that shrunk inputs may still leave the
/// constraints, and how to give a validator; none with
/// a validator or a solver name.
#[test]
#[cfg(feature = "slow-tests")]
fn three_programs_without_a_validator_are_warned_about_once() {
    let weighted = env!("CARGO_BIN_EXE_weighted_tic_tac_toe");
    let three = [
        "--cmd",
        weighted,
        "--ref",
        weighted,
        "--gen",
        "python3 tests/fixtures/ten_digit_grid.py",
        "--count",
        "3",
    ];
    let (status, stdout, stderr) = stress_run(&three);
    assert_eq!(status, Some(0), "{stdout}{stderr}");
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|line| line.contains("warning"))
        .collect();
    assert_eq!(warnings.len(), 1, "{stderr}");
    assert!(
        stderr.starts_with("warning: no --validator: ")
            && warnings[0].contains("shrinking keeps the input's shape")
            && warnings[0].contains("may still leave the problem's constraints")
            && warnings[0].contains("give --validator 'COMMAND'"),
        "{stderr}"
    );
    let with_validator = [&three[..], &["--validator", "true"]].concat();
    let (status, _, stderr) = stress_run(&with_validator);
    assert_eq!((status, stderr.as_str()), (Some(0), ""));
    let named = ["weighted_tic_tac_toe", "--cmd", weighted, "--count", "3"];
    let (status, _, stderr) = stress_run(&named);
    assert_eq!(status, Some(0), "{stderr}");
    assert!(!stderr.contains("warning"), "{stderr}");
}

/// Without any validator, shrinking keeps the input's shape: a reference that reads leniently
/// (a contestant's solution given nine zeros after the input, so missing numbers are 0)
/// accepts a grid with a token gone, and the program, which needs nine, crashes on it; the
/// shrunk input must still be three lines of three numbers, as the found one was.
#[test]
#[cfg(feature = "slow-tests")]
fn without_a_validator_shrinking_keeps_the_lines_and_their_tokens() {
    let (status, stdout, _) = stress_run(&[
        "--cmd",
        "python3 tests/fixtures/ninth_move_bug.py",
        "--ref",
        "(cat; echo 0 0 0 0 0 0 0 0 0) | python3 tests/contestants/weighted_tic_tac_toe.py",
        "--gen",
        "python3 tests/fixtures/ten_digit_grid.py",
        "--count",
        "1",
    ]);
    assert_eq!(status, Some(1), "{stdout}");
    let shrunk = stdout
        .split("shrunk in ")
        .nth(1)
        .and_then(|after| after.split("    reference output").next())
        .unwrap_or_else(|| panic!("no shrunk input in {stdout}"));
    let rows: Vec<usize> = shrunk
        .lines()
        .skip(2)
        .map(|line| line.split_whitespace().count())
        .collect();
    assert_eq!(rows, [3, 3, 3], "{stdout}");
}

/// A reference that fails on every candidate but the input found (it knows that one answer
/// only) leaves the input unshrunk, and a warning says why, rather than the report's "no
/// single step keeps the failure" alone.
#[test]
#[cfg(feature = "slow-tests")]
fn a_reference_failing_while_shrinking_is_warned_about() {
    let (status, stdout, stderr) = stress_run(&[
        "--cmd",
        "python3 tests/fixtures/ninth_move_bug.py",
        "--ref",
        "python3 tests/fixtures/one_answer_reference.py",
        "--gen",
        "python3 tests/fixtures/ten_digit_grid.py",
        "--validator",
        "true",
        "--count",
        "1",
    ]);
    assert_eq!(status, Some(1), "{stdout}{stderr}");
    assert!(
        stdout.contains("no single step keeps the failure"),
        "{stdout}"
    );
    assert!(
        stderr.contains("warning: the reference failed on every one of the ")
            && stderr.contains(
                " shrink candidates (the last: exit status 3): each was a step not taken"
            ),
        "{stderr}"
    );
}

/// `--save` into a folder of a problem package (a problem.yaml up to three folders above, judge
/// files beside it, this project's cases/) is refused before anything runs, exit 2, nothing
/// written; with `--force` it saves there, yet never over an existing file.
#[test]
#[cfg(feature = "slow-tests")]
fn saving_into_a_package_needs_force_and_never_overwrites() {
    let weighted = env!("CARGO_BIN_EXE_weighted_tic_tac_toe");
    // Right programs: whatever the refusal, nothing is ever found, so nothing is saved.
    let right = [
        "--cmd",
        weighted,
        "--ref",
        weighted,
        "--gen",
        "python3 tests/fixtures/ten_digit_grid.py",
        "--validator",
        "true",
        "--count",
        "1",
    ];
    let package = common::fresh_folder(
        "stress-save",
        "package",
        &[
            ("problem.yaml", "name: Weighted\n"),
            ("data/secret/a.in", "0 0 0\n0 1 0\n0 0 0\n"),
            ("data/secret/a.ans", "Takahashi\n"),
        ],
    );
    let oj = common::fresh_folder("stress-save", "oj", &[("a.in", "1\n"), ("a.out", "1\n")]);
    common::judge_file(&oj, "checker", "python3 check.py\n");
    let project_cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/weighted_tic_tac_toe");
    for (dir, why) in [
        (package.clone(), "problem.yaml is there"),
        (package.join("data/secret"), "problem.yaml is there"),
        (
            package.join("data/secret/new-group"),
            "problem.yaml is there",
        ),
        (oj.clone(), "its judge files are beside it in"),
        (project_cases, "it is in this project's "),
    ] {
        let files_before = fs::read_dir(dir.parent().unwrap()).unwrap().count();
        let arguments = [&right[..], &["--save", dir.to_str().unwrap()]].concat();
        let (status, stdout, stderr) = stress_run(&arguments);
        assert_eq!(status, Some(2), "{}: {stdout}{stderr}", dir.display());
        assert!(
            stderr.starts_with(&format!("error: --save {}: ", dir.display()))
                && stderr.contains(why)
                && stderr.contains("give --force to save there"),
            "{stderr}"
        );
        assert_eq!(stdout, "", "refused before anything runs");
        let files_after = fs::read_dir(dir.parent().unwrap()).unwrap().count();
        assert_eq!(files_before, files_after, "{}", dir.display());
    }
    assert!(!package.join("data/secret/new-group").exists());
    // --force: the ninth-move bug's case (seed 2) is saved in the package's own layout.
    let buggy = [
        "--cmd",
        NINTH_MOVE_BUG,
        "--ref",
        weighted,
        "--gen",
        "python3 tests/fixtures/ten_digit_grid.py",
        "--validator",
        "awk '{ n += NF; for (i = 1; i <= NF; i++) s += $i } END { exit !(n == 9 && s % 2) }'",
        "--seed",
        "2",
        "--count",
        "1",
        "--save",
        package.to_str().unwrap(),
        "--force",
    ];
    let (status, stdout, stderr) = stress_run(&buggy);
    assert_eq!(status, Some(1), "{stdout}{stderr}");
    let (input, answer) = (
        package.join("data/secret/stress-2.in"),
        package.join("data/secret/stress-2.ans"),
    );
    assert!(stdout.contains("saved: "), "{stdout}");
    let expected = fs::read_to_string(&answer).unwrap();
    assert_eq!(
        expected,
        winner(&grid(&fs::read_to_string(&input).unwrap()))
    );
    // Again, with the answer edited by hand: refused, the file kept as it is; the run still
    // found a failing input (exit 1, the case printed), the refusal is an error line.
    fs::write(&answer, "kept\n").unwrap();
    let (status, stdout, stderr) = stress_run(&buggy);
    assert_eq!(status, Some(1), "{stdout}{stderr}");
    assert!(stdout.contains("shrunk in "), "{stdout}");
    assert!(
        stderr.contains("exists already: not overwritten"),
        "{stderr}"
    );
    assert_eq!(fs::read_to_string(&answer).unwrap(), "kept\n");
    // Into a test-data group of the package: the answer is named as Kattis reads it (.ans), not
    // as the folder alone would suggest (a folder of .in files looks like online-judge-tools').
    let group = package.join("data/secret/group");
    let into_group: Vec<&str> = buggy
        .iter()
        .map(|argument| match *argument == package.to_str().unwrap() {
            true => group.to_str().unwrap(),
            false => argument,
        })
        .collect();
    let (status, stdout, stderr) = stress_run(&into_group);
    assert_eq!(status, Some(1), "{stdout}{stderr}");
    assert!(group.join("stress-2.ans").is_file(), "{stdout}{stderr}");
    assert!(!group.join("stress-2.out").exists());
}

/// The shrinker on the inputs of the built-in generator's first 1000 seeds that
/// tests/fixtures/int32_scores.py (each player's points added up in a 32-bit integer) answers
/// wrong, with the predicate `judge stress` asks (refused when the validator says invalid,
/// kept while the overflow shows): at most 300 runs each, and each result locally minimal.
#[test]
#[cfg(feature = "slow-tests")]
fn an_int32_overflow_shrinks_in_at_most_300_runs_from_any_found_input() {
    use game_judge::stress::shrink::{shrink, Attempt};
    let check = weighted_predicate(int32_scores_show);
    let inputs: Vec<String> = (1..=1000)
        .map(game_judge::problems::generators::weighted_tic_tac_toe)
        .filter(|text| int32_scores_show(text))
        .collect();
    assert!(inputs.len() >= 20, "{} inputs", inputs.len());
    let mut most = 0;
    for input in &inputs {
        let shrunk = shrink(Tokens::parse(input), 2000, 1, check);
        let text = shrunk.input.to_string();
        assert!(shrunk.minimal, "{input}");
        assert!(shrunk.runs <= 300, "{input} took {} runs", shrunk.runs);
        for neighbour in neighbours(&shrunk.input) {
            assert_ne!(
                check(&neighbour),
                Attempt::Kept,
                "{text} is not minimal: {neighbour} fails"
            );
        }
        most = most.max(shrunk.runs);
    }
    println!("{} inputs, at most {most} runs", inputs.len());
}

/// The runs a `judge stress` report says the shrinking took.
fn shrink_runs(stdout: &str) -> usize {
    let after = stdout.split("shrunk in ").nth(1).expect(stdout);
    after
        .split(' ')
        .next()
        .and_then(|runs| runs.parse().ok())
        .expect(stdout)
}

/// The generic form (`--ref --gen --validator`) takes the same steps as the built-in one when
/// its validator says what the problem's does: an input the validator refuses is no run. On
/// the ten-digit grid of tests/fixtures/ten_digit_grid.py both shrink in the same runs, at most
/// 150 (the generic form took 375 when each refused input counted).
#[test]
#[cfg(feature = "slow-tests")]
fn the_generic_form_shrinks_in_the_runs_of_the_built_in_one() {
    let generator = "python3 tests/fixtures/ten_digit_grid.py";
    let built_in = stress(
        &[
            "weighted_tic_tac_toe",
            "--cmd",
            NINTH_MOVE_BUG,
            "--gen",
            generator,
            "--count",
            "1",
        ],
        None,
        1,
    );
    // The problem's rules: three lines of three numbers, their sum odd (each |number| at most
    // 10^9, which shrinking toward 0 cannot break).
    let validator = "awk 'NF != 3 { bad = 1 } { for (i = 1; i <= NF; i++) s += $i } END { exit !(NR == 3 && !bad && s % 2) }'";
    let generic = stress(
        &[
            "--cmd",
            NINTH_MOVE_BUG,
            "--ref",
            env!("CARGO_BIN_EXE_weighted_tic_tac_toe"),
            "--gen",
            generator,
            "--validator",
            validator,
            "--count",
            "1",
        ],
        None,
        1,
    );
    let runs = shrink_runs(&built_in);
    assert!(runs <= 150, "{built_in}");
    assert_eq!(shrink_runs(&generic), runs, "{generic}\n{built_in}");
    assert!(generic.contains("the validator refused"), "{generic}");
    let shrunk = |stdout: &str| {
        stdout
            .split("shrunk in")
            .nth(1)
            .map(|rest| rest.lines().skip(1).take(4).collect::<Vec<_>>().join("\n"))
    };
    assert_eq!(shrunk(&generic), shrunk(&built_in));
}

/// `--time` alone tries new inputs until the time is spent and says which seeds it covered,
/// from the first with no gap, so that the run can be repeated with `--seed` and `--count`.
#[test]
fn a_time_budget_ends_and_says_the_seeds_it_covered() {
    let weighted = env!("CARGO_BIN_EXE_weighted_tic_tac_toe");
    let output = judge()
        .args(["stress", "weighted_tic_tac_toe", "--cmd", weighted])
        .args(["--seed", "7", "--time", "0.5", "-j", "2"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains(", seeds from 7 for 0.5 s\n"), "{stdout}");
    let line = stdout
        .lines()
        .find(|line| line.starts_with("no difference on "))
        .expect(&stdout);
    let words: Vec<&str> = line.split(' ').collect();
    // no difference on N inputs (seeds 7 to LAST) in T ms
    let tried: u64 = words[3].parse().expect(line);
    assert!(tried >= 1, "{line}");
    assert_eq!(
        words[5..9],
        ["(seeds", "7", "to", &format!("{})", 7 + tried - 1)],
        "{line}"
    );
}

/// tests/fixtures/int32_scores.py through `judge stress`, from the input the default seeds
/// find first (seed 101): shrunk in at most 300 runs (it spent the whole 2000 before) to an
/// input the fixture fails, its expected output right, and no valid neighbour failing (by the
/// fixture's mirror in tests/common, which the fixture agrees with on the saved input).
#[test]
#[cfg(feature = "slow-tests")]
fn an_int32_overflow_is_shrunk_to_a_local_minimum_in_at_most_300_runs() {
    let dir = save_folder("int32");
    let arguments = [
        "weighted_tic_tac_toe",
        "--cmd",
        "python3 tests/fixtures/int32_scores.py",
        "--seed",
        "101",
        "--count",
        "1",
        "-j",
        "2",
    ];
    let stdout = stress(&arguments, Some(&dir), 1);
    assert!(stdout.contains("found: seed 101"), "{stdout}");
    assert!(
        stdout.contains("no single step keeps the failure"),
        "{stdout}"
    );
    assert!(shrink_runs(&stdout) <= 300, "{stdout}");
    let (input, expected) = saved_case(&dir);
    assert_eq!(expected, winner(&grid(&input)), "{input}");
    assert_ne!(
        fixture_output("tests/fixtures/int32_scores.py", &input),
        expected,
        "{input}"
    );
    assert!(int32_scores_show(&input), "{input}");
    let validate = validator("weighted_tic_tac_toe").unwrap();
    for neighbour in neighbours(&Tokens::parse(&input)) {
        let text = neighbour.to_string();
        if validate(text.as_bytes()).is_ok() {
            assert!(
                !int32_scores_show(&text),
                "{input} is not minimal: {text} fails"
            );
        }
    }
}
