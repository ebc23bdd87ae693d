//! Batch judging (an input and an expected output per case) end to end: each verdict, with small
//! fake solvers (shell commands) that time out, crash, print too much or answer wrong; checkers;
//! broken case sets; usage errors; parallel jobs; the real cases.
// Without `slow-tests` the slow tests below are left out, and helpers only they use unused.
#![cfg_attr(not(feature = "slow-tests"), allow(dead_code, unused_imports))]

use crate::common::{self, judge, judge_cmd};
use predicates::prelude::*;
use predicates::str::contains;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::thread;
use std::time::{Duration, Instant};

/// A fresh case folder named `problem` holding the given files (name, content).
fn case_folder(files: &[(impl AsRef<str>, impl AsRef<str>)]) -> PathBuf {
    common::fresh_folder("judge", "problem", files)
}

fn one_case(expected: &str) -> PathBuf {
    case_folder(&[("sample-1.in", "question\n"), ("sample-1.out", expected)])
}

#[test]
fn a_right_answer_is_ac_and_exits_0() {
    let dir = one_case("right\n");
    judge_cmd("echo right", &dir, &[])
        .assert()
        .code(0)
        .stdout(contains("problem/sample-1  AC"))
        .stdout(contains("1 case: 1 AC; slowest"));
}

#[test]
fn a_wrong_answer_is_wa_with_the_first_differing_line() {
    let dir = one_case("o\nx\nd\n");
    judge_cmd("printf 'o\\nd\\nd\\n'", &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("problem/sample-1  WA"))
        .stdout(contains(
            "    expected (line 2): \"x\"\n    actual   (line 2): \"d\"",
        ))
        .stdout(contains("1 case: 1 WA"));
}

#[test]
fn crlf_and_trailing_spaces_pass_lines_but_not_exact() {
    let dir = one_case("o\nx\n");
    let answer = "printf 'o  \\r\\nx\\r\\n\\r\\n'";
    judge_cmd(answer, &dir, &[])
        .assert()
        .code(0)
        .stdout(contains("AC"));
    judge_cmd(answer, &dir, &["--compare", "exact"])
        .assert()
        .code(1)
        .stdout(contains("WA"))
        .stdout(contains("expected (line 1, column 2): \"o\""));
}

#[test]
fn spacing_differences_get_a_hint_and_pass_as_tokens() {
    let dir = one_case("1\n2\n");
    judge_cmd("echo 1 2", &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("hint: the tokens match"));
    judge_cmd("echo 1 2", &dir, &["--compare=tokens"])
        .assert()
        .code(0);
}

#[test]
fn a_nonzero_exit_is_re_with_the_code_and_stderr() {
    let dir = one_case("right\n");
    judge_cmd("echo right; echo 'it broke here' >&2; exit 3", &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("problem/sample-1  RE"))
        .stdout(contains("exit status 3"))
        .stdout(contains("it broke here"));
}

#[test]
fn a_signal_is_re_with_the_signal() {
    let dir = one_case("right\n");
    judge_cmd("kill -SEGV $$", &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("RE"))
        .stdout(contains("killed by signal 11 (SIGSEGV)"));
}

fn process_is_gone(pid: u32) -> bool {
    !Path::new(&format!("/proc/{pid}")).exists()
}

/// A sleeper uses no CPU time: the wall bound (2 x 0.5 s + 1 s of idle time) stops it, and what
/// it started in the background dies with it.
#[test]
#[cfg(feature = "slow-tests")]
fn a_sleeper_is_tle_at_the_wall_bound_and_leaves_no_process_behind() {
    let dir = one_case("right\n");
    let pids = dir.join("pids");
    let sleeper = format!(
        "echo $$ > {0}; sleep 1000 & echo $! >> {0}; wait",
        pids.display()
    );
    let start = Instant::now();
    // Outside the sandbox, so the pids it writes are the judge's own view (a boxed program has
    // pids of its namespace, and cannot write beside its cases): sandbox.rs checks the boxed
    // programs' leftovers by their tags.
    judge_cmd(&sleeper, &dir, &["-t", "0.5", "--no-sandbox"])
        .assert()
        .code(1)
        .stdout(contains("problem/sample-1  TLE"))
        .stdout(contains("idle (sleeping or waiting on input) for "))
        .stdout(contains(" s, over the bound of 2000 ms"));
    let elapsed = start.elapsed();
    assert!(elapsed < Duration::from_secs(60), "took {elapsed:?}");
    let pids: Vec<u32> = fs::read_to_string(&pids)
        .unwrap()
        .lines()
        .map(|pid| pid.parse().unwrap())
        .collect();
    assert_eq!(pids.len(), 2, "the shell and its background sleep");
    for pid in pids {
        assert!(
            process_is_gone(pid),
            "process {pid} is still there (running or a zombie)"
        );
    }
}

#[test]
fn two_hundred_mib_of_output_is_ole_and_the_judge_stays_small() {
    let dir = one_case("right\n");
    let judge = assert_cmd::cargo::cargo_bin("judge");
    let mut child = std::process::Command::new(judge)
        .args([
            "--cmd",
            "head -c 209715200 /dev/zero",
            dir.to_str().unwrap(),
        ])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak_kib = 0u64;
    while child.try_wait().unwrap().is_none() {
        if let Ok(status) = fs::read_to_string(&status_file) {
            for line in status.lines().filter(|line| line.starts_with("VmHWM:")) {
                let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
                peak_kib = peak_kib.max(kib);
            }
        }
        thread::sleep(Duration::from_millis(5));
    }
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("problem/sample-1  OLE"), "{stdout}");
    assert!(peak_kib > 0, "the judge's memory was sampled");
    assert!(
        peak_kib < 100 * 1024,
        "the judge peaked at {peak_kib} KiB for 200 MiB of output (cap: 64 MiB)"
    );
}

/// Past the output cap the program is killed at once: OLE, not the crash it would have had
/// later (precedence between a crash and OLE is in the verdict's unit tests).
#[test]
fn output_past_the_cap_is_ole_before_the_program_can_crash() {
    let dir = one_case("right\n");
    judge_cmd("head -c 70000000 /dev/zero; exit 4", &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("problem/sample-1  OLE"))
        .stdout(contains("killed at the cap"));
}

#[test]
#[cfg(feature = "slow-tests")]
fn a_python_solution_can_be_judged_on_the_real_cases() {
    let dir = case_folder(&[(
        "solution.py",
        "import sys\n\
         L = [(0,1,2),(3,4,5),(6,7,8),(0,3,6),(1,4,7),(2,5,8),(0,4,8),(2,4,6)]\n\
         for b in sys.stdin.read().split():\n\
         \x20   w = [p for p in 'ox' if any(all(b[i] == p for i in l) for l in L)]\n\
         \x20   print(w[0] if w else 'd')\n",
    )]);
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/board_winner");
    let command = format!("python3 {}", dir.join("solution.py").display());
    judge_cmd(&command, &cases, &[])
        .assert()
        .code(0)
        .stdout(contains("board_winner/sample-1").and(contains("AC")))
        .stdout(contains("WA").not());
}

#[test]
fn broken_case_sets_are_errors_naming_the_file() {
    let orphan_in = case_folder(&[("a.in", ""), ("b.in", ""), ("b.out", "")]);
    judge_cmd("cat", &orphan_in, &[])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(contains("a.in has no expected output").and(contains("a.out")));
    let orphan_out = case_folder(&[("a.out", "")]);
    judge_cmd("cat", &orphan_out, &[])
        .assert()
        .code(2)
        .stderr(contains("a.out has no input"));
    let empty = case_folder(&[("README", "notes")]);
    judge_cmd("cat", &empty, &[])
        .assert()
        .code(2)
        .stderr(contains("holds no cases"));
    let unreadable = case_folder(&[("a.out", "")]);
    fs::create_dir(unreadable.join("a.in")).unwrap();
    judge_cmd("cat", &unreadable, &[])
        .assert()
        .code(2)
        .stderr(contains(
            "a.in is a folder: a case file must be a regular file",
        ));
    judge_cmd("cat", &unreadable.join("missing"), &[])
        .assert()
        .code(2)
        .stderr(contains("cannot read").and(contains("missing")));
}

/// A case folder judged by a checker: the real othello one (accepts any best move, needs the
/// exact score) on FFO #43, where G3 and C7 are both best.
fn othello_checker_folder() -> PathBuf {
    let real = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/othello_endgame.judge");
    let dir = case_folder(&[
        (
            "ffo-43.in",
            "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O\n",
        ),
        (
            "ffo-43.out",
            "G3:-12; C7:-12; H4:-22; G7:-28; G2:-30; B1:-36;\n",
        ),
    ]);
    let judge = dir.with_file_name("problem.judge");
    fs::create_dir_all(&judge).unwrap();
    for file in ["checker", "check_best_move.sh"] {
        fs::copy(real.join(file), judge.join(file)).unwrap();
    }
    dir
}

#[test]
#[cfg(feature = "slow-tests")]
fn a_checker_accepts_any_best_move_and_needs_the_exact_score() {
    let dir = othello_checker_folder();
    judge_cmd("echo -12 G3", &dir, &[])
        .assert()
        .code(0)
        .stdout(contains("AC"));
    judge_cmd("echo -12 C7", &dir, &[])
        .assert()
        .code(0)
        .stdout(contains("AC"));
    judge_cmd("echo -12 H4", &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("problem/ffo-43  WA"))
        .stdout(contains("line 1: H4 reaches -22, not the best -12"));
    judge_cmd("echo -10 G3", &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("line 1: score -10, but the exact score is -12"));
    judge_cmd("echo -12 g3", &dir, &[])
        .assert()
        .code(1)
        .stdout(contains(
            "line 1: moves are written in capitals: G3, not g3",
        ));
    judge_cmd("true", &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("expected 1 answer, found 0"));
    // A crash is RE before any checker is asked.
    judge_cmd("exit 3", &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("RE").and(contains("exit status 3")));
}

#[test]
fn a_broken_checker_is_an_error_not_a_verdict() {
    let dir = case_folder(&[("a.in", "1\n"), ("a.out", "1\n")]);
    common::judge_file(&dir, "checker", "exit 7\n");
    judge_cmd("cat", &dir, &[])
        .assert()
        .code(2)
        .stdout(contains("problem/a  JE"))
        .stdout(contains("the checker `exit 7` failed (exit status 7)"));
}

/// A Python checker that crashes on an output (exit 1, a traceback) rejects it, and the reason
/// says it crashed and what the exception was; under a checker's WA the report shows the
/// output's first lines as it shows the input's, since the checker's reason alone does not show
/// what it rejected.
#[test]
#[cfg(feature = "slow-tests")]
fn a_crashing_checker_rejects_with_its_exception_and_the_output_is_shown() {
    let dir = case_folder(&[("a.in", "1 2\n"), ("a.out", "3\n")]);
    common::judge_file(
        &dir,
        "chk.py",
        "import sys\nn = int(open(sys.argv[2]).read())\nsys.exit(0 if n == 3 else 1)\n",
    );
    common::judge_file(&dir, "checker", "python3 chk.py\n");
    judge_cmd("seq 3 9", &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("problem/a  WA"))
        .stdout(contains(
            "the checker crashed (a Python traceback on its stderr; its exit status rejects): ValueError: invalid literal for int()",
        ))
        .stdout(contains(
            "    output (7 lines):\n      3\n      4\n      5\n      6\n      7\n      (2 more lines)\n",
        ));
    judge_cmd("echo 4", &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("output (1 line):\n      4\n"));
    judge_cmd("true", &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("output: (empty)"));
    judge_cmd("echo 3", &dir, &[]).assert().code(0);
}

/// A checker or interactor whose script is not there is the folder's error before any case runs
/// (exit 2), not a WA: python3 exits 2 for a missing script, which a checker's rules read as a
/// rejection. A checker's script is looked for in `D.judge/`, where it runs; an
/// `--interactor`'s where the judge runs.
#[test]
fn a_checker_or_interactor_that_cannot_run_is_an_error_not_a_wa() {
    let dir = case_folder(&[("a.in", "1\n"), ("a.out", "1\n")]);
    common::judge_file(&dir, "checker", "python3 chek.py\n");
    judge_cmd("cat", &dir, &[])
        .assert()
        .code(2)
        .stdout(contains("WA").not())
        .stderr(
            contains("`python3 chek.py` cannot run in")
                .and(contains("there is no file chek.py for python3 to run")),
        );
    // The script beside the checker file runs.
    common::judge_file(&dir, "chek.py", "import sys; sys.exit(0)\n");
    judge_cmd("cat", &dir, &[]).assert().code(0);
    let dir = case_folder(&[("a.in", "1\n")]);
    judge_cmd("cat", &dir, &["--interactor", "python3 no-such-interactor.py"])
        .assert()
        .code(2)
        .stderr(contains(
            "--interactor 'python3 no-such-interactor.py': there is no file no-such-interactor.py for python3 to run",
        ));
}

#[test]
fn usage_errors_exit_2() {
    judge()
        .arg("--frobnicate")
        .assert()
        .code(2)
        .stderr(contains("error: unknown option \"--frobnicate\""));
    judge()
        .args(["-t", "soon"])
        .assert()
        .code(2)
        .stderr(contains("--time-limit"));
    judge()
        .arg("no_such_solver")
        .assert()
        .code(2)
        .stderr(contains("no solver named \"no_such_solver\""));
    judge()
        .arg("--help")
        .assert()
        .code(0)
        .stdout(contains("judge --cmd 'COMMAND' DIR"));
    judge()
        .arg("--version")
        .assert()
        .code(0)
        .stdout(format!("judge {}\n", env!("CARGO_PKG_VERSION")));
}

/// `-h` is a short help, `--help` (or `judge help`) the whole page, `judge COMMAND --help` (or
/// `judge help COMMAND`) that command's only.
#[test]
fn help_comes_short_long_and_per_command() {
    let stdout = |arguments: &[&str]| {
        let output = judge().args(arguments).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{arguments:?}");
        assert!(output.stderr.is_empty(), "{arguments:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let short = stdout(&["-h"]);
    assert!(short.lines().count() <= 20, "{short}");
    assert!(short.contains("\n  stress    ") && short.contains("-t, --time-limit"));
    assert!(short.ends_with(
        "judge --help shows every form and option; judge COMMAND --help, one command's\n"
    ));
    let long = stdout(&["--help"]);
    assert!(long.lines().count() > 100 && long.contains("--playouts") && long.contains("--ref"));
    for command in ["play", "validate", "stress", "verify", "merge"] {
        for flag in ["-h", "--help"] {
            let help = stdout(&[command, flag]);
            assert!(
                help.starts_with(&format!("judge {command}: ")),
                "{command} {flag}"
            );
            assert!(
                help.contains(&format!("  judge {command} ")),
                "{command} {flag}"
            );
            assert!(
                help.lines().count() < long.lines().count() / 2,
                "{command} {flag}"
            );
        }
    }
    let stress = stdout(&["stress", "--help"]);
    assert!(stress.contains("--ref 'REFERENCE'") && stress.contains("--count N"));
    assert!(!stress.contains("--playouts") && !stress.contains("judge verify PKG"));
    // `judge help [COMMAND]`, as git and cargo have it: the same pages.
    assert_eq!(stdout(&["help"]), long);
    for command in ["play", "validate", "stress", "verify", "merge"] {
        assert_eq!(
            stdout(&["help", command]),
            stdout(&[command, "--help"]),
            "help {command}"
        );
    }
    judge()
        .args(["help", "nonsense"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains("error: unknown command \"nonsense\": judge help takes play, validate, stress, verify or merge"));
    judge()
        .args(["help", "valdate"])
        .assert()
        .code(2)
        .stderr(contains(
            "error: unknown command \"valdate\"; did you mean \"validate\"?",
        ));
}

/// online-judge-tools' habits: `judge ./a.out test`, `-c`, `-d`, in a contest folder holding a
/// program (a script that prints "right") and `test/` with one case it passes and one it fails.
#[test]
fn online_judge_tools_forms_judge_the_program() {
    use std::os::unix::fs::PermissionsExt;
    let folder = common::fresh_folder(
        "oj-forms",
        "contest",
        &[
            ("a.out", "#!/bin/sh\necho right\n"),
            ("test/sample-1.in", "1\n"),
            ("test/sample-1.out", "right\n"),
            ("test/sample-2.in", "2\n"),
            ("test/sample-2.out", "wrong\n"),
        ],
    );
    fs::set_permissions(folder.join("a.out"), fs::Permissions::from_mode(0o755)).unwrap();
    let verdicts = || contains("test/sample-1  AC").and(contains("test/sample-2  WA"));
    judge()
        .current_dir(&folder)
        .args(["./a.out", "test"])
        .assert()
        .code(1)
        .stdout(verdicts())
        .stderr(contains(
            "note: judging the program ./a.out on test, as judge --cmd ./a.out test",
        ));
    judge()
        .current_dir(&folder)
        .args(["-c", "./a.out", "-d", "test"])
        .assert()
        .code(1)
        .stdout(verdicts())
        .stderr(contains("note: judging").not());
    judge()
        .current_dir(&folder)
        .args(["-d", "test"])
        .assert()
        .code(1)
        .stdout(verdicts())
        .stderr(contains(
            "note: judging ./a.out, online-judge-tools' default program",
        ));
    // `-c` alone judges on test/, oj's default folder, and says so.
    judge()
        .current_dir(&folder)
        .args(["-c", "./a.out"])
        .assert()
        .code(1)
        .stdout(verdicts())
        .stderr(contains(
            "note: judging on test/, online-judge-tools' default folder (-d DIR names another)",
        ));
    // Bare judge in a contest folder judges ./a.out on test/, as oj t does, not the project.
    judge()
        .current_dir(&folder)
        .assert()
        .code(1)
        .stdout(verdicts().and(contains("board_winner").not()))
        .stderr(contains(
            "note: judging ./a.out on test/, as online-judge-tools' oj t does (judge --cmd ./a.out test)",
        ));
    let no_program = common::fresh_folder("oj-forms", "contest", &[("test/sample-1.in", "1\n")]);
    judge()
        .current_dir(no_program.join("test"))
        .args(["-c", "./a.out"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains(
            "error: --cmd needs a case folder, and there is no test/ here (online-judge-tools' default): judge --cmd 'COMMAND' DIR",
        ));
    judge()
        .current_dir(&no_program)
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains(
            "error: this folder holds test/, online-judge-tools' cases, and no ./a.out to judge on them: judge -c 'PROGRAM' -d test",
        ));
    // A bare name may be a solver's: not guessed, and the advice is the right command.
    judge()
        .current_dir(&folder)
        .args(["a.out", "test"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains("to judge the program, judge --cmd ./a.out test"));
    // A program alone needs cases; it is never advised to be judged as cases.
    judge()
        .current_dir(&folder)
        .arg("./a.out")
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            contains("./a.out is a program, and a program is judged on a case folder: judge --cmd ./a.out DIR")
                .and(contains("--cmd 'PROGRAM' ./a.out").not()),
        );
}

/// A misspelt command or flag, a command not quoted and a time limit meant as milliseconds are
/// usage errors (exit 2, nothing run) that say what was meant.
#[test]
fn common_slips_get_what_was_meant() {
    let dir = one_case("right\n");
    let folder = dir.display().to_string();
    let slips: [(&[&str], &str); 4] = [
        (
            &["valdate", "weighted_tic_tac_toe"],
            "error: unknown command \"valdate\"; did you mean \"validate\"?\n",
        ),
        (
            &["--cmmd", "./a.out", &folder],
            "error: unknown option \"--cmmd\"; did you mean \"--cmd\"?\n",
        ),
        (
            &["--cmd", "python3", "sol.py", &folder],
            &format!("(a command of several words is one argument: quote it, judge --cmd 'python3 sol.py' {folder})\n"),
        ),
        (
            &["-t", "2000", "--cmd", "echo right", &folder],
            "error: a time limit of 2000 s is 33 minutes; did you mean -t 2 (seconds) or -t 2000ms? (for 2000 seconds: -t 2000s)\n",
        ),
    ];
    for (arguments, error) in slips {
        judge()
            .args(arguments)
            .assert()
            .code(2)
            .stdout("")
            .stderr(contains(error));
    }
    // With its unit, a time limit is taken as it says.
    for limit in ["2000ms", "61s"] {
        judge_cmd("echo right", &dir, &["-t", limit])
            .assert()
            .code(0)
            .stdout(contains("problem/sample-1  AC"));
    }
    judge_cmd("echo right", &dir, &["-t", "2000ms"])
        .assert()
        .stderr(contains("limits 2 s (-t)"));
}

#[test]
fn a_mistyped_program_is_a_usage_error_before_anything_runs() {
    let dir = one_case("right\n");
    for (command, why) in [
        (
            "pyhton3 main.py",
            "there is no program pyhton3 (not in PATH)",
        ),
        ("./no-such-a.out", "there is no file ./no-such-a.out"),
    ] {
        judge_cmd(command, &dir, &[])
            .assert()
            .code(2)
            .stdout("")
            .stderr(contains(why));
    }
}

#[test]
fn a_wall_bound_below_the_time_limit_is_warned_about() {
    let dir = one_case("right\n");
    judge_cmd("echo right", &dir, &["-t", "2", "--wall-limit", "1.5"])
        .assert()
        .code(0)
        .stderr(contains(
            "warning: --wall-limit 1.5 s is below the CPU time limit of 2 s",
        ));
    judge_cmd("echo right", &dir, &["-t", "2", "--wall-limit", "2"])
        .assert()
        .code(0)
        .stderr(contains("warning").not());
}

#[test]
#[cfg(feature = "slow-tests")]
fn cases_run_in_parallel_up_to_jobs() {
    let dir = case_folder(&common::numbered_cases("s", 4, |_| "".into(), ""));
    // Four cases of 0.4 s each: about 0.4 s with four jobs, at least 1.6 s with one.
    let start = Instant::now();
    judge_cmd("sleep 0.4", &dir, &["-j", "4"]).assert().code(0);
    let parallel = start.elapsed();
    let start = Instant::now();
    judge_cmd("sleep 0.4", &dir, &["-j", "1"]).assert().code(0);
    let serial = start.elapsed();
    assert!(serial >= Duration::from_millis(1600), "serial {serial:?}");
    assert!(
        parallel < serial / 2,
        "parallel {parallel:?} vs serial {serial:?}"
    );
}

#[test]
#[cfg(feature = "slow-tests")]
fn judging_the_real_cases_passes() {
    let output = judge().output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    // A case a user added that fails is named with its details, not buried in the whole report.
    let mut failing = Vec::new();
    let mut in_failing = false;
    for line in stdout.lines() {
        if !line.starts_with(' ') {
            let case = line
                .split_whitespace()
                .next()
                .is_some_and(|first| first.contains('/'));
            in_failing = case && line.split_whitespace().nth(1) != Some("AC");
        }
        if in_failing {
            failing.push(line);
        }
    }
    assert!(
        output.status.code() == Some(0) && failing.is_empty(),
        "judge exited {:?}; the cases that are not AC:\n{}\nstderr:\n{}",
        output.status.code(),
        failing[..failing.len().min(80)].join("\n"),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("perfect_play/sample-1") && stdout.contains(" AC "));
    assert!(stdout.contains("weighted_tic_tac_toe/sample-2"));
}

/// A new user's slips get a fix, not only a fault: a solver's name where its folder goes, a
/// flag before the command word.
#[test]
fn a_solver_name_for_a_folder_and_a_command_word_after_a_flag_get_a_fix() {
    judge()
        .args(["--cmd", "true", "board_winner"])
        .assert()
        .code(2)
        .stderr(contains(
            "there is no folder board_winner: the cases of the solver board_winner are in cases/board_winner (judge --cmd 'true' cases/board_winner)",
        ));
    judge().args(["-j2", "play"]).assert().code(2).stderr(
        contains("no solver named \"play\"").and(contains(
            "play is a command, and a command comes first: judge play",
        )),
    );
    // `help` comes first, as git's and cargo's does; after a flag it is a solver's name.
    judge().args(["-j2", "help"]).assert().code(2).stderr(
        contains("no solver named \"help\"").and(contains(
            "help is a command, and a command comes first: judge help",
        )),
    );
    // A source file alone: it needs the cases to be judged on.
    let folder = common::fresh_folder("usage-source", "solution", &[("ok.cpp", "int main() {}\n")]);
    judge()
        .current_dir(&folder)
        .arg("ok.cpp")
        .assert()
        .code(2)
        .stderr(contains(
            "ok.cpp is a source file, and a program is judged on a case folder: judge ok.cpp DIR",
        ));
}

/// `--output-limit MIB` sets the output cap: 2 MiB of output is OLE under 1 and not under the
/// default 64; the folder line says where the limit came from.
#[test]
fn output_limit_sets_the_output_cap() {
    let dir = one_case("right\n");
    let flood = "head -c 2097152 /dev/zero";
    judge_cmd(flood, &dir, &["--output-limit", "1"])
        .assert()
        .code(1)
        .stdout(contains("problem/sample-1  OLE"))
        .stderr(contains("output 1 MiB (--output-limit)"));
    judge_cmd(flood, &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("problem/sample-1  WA"));
    judge_cmd(flood, &dir, &["--output-limit", "0"])
        .assert()
        .code(2);
}

/// Judged from another folder (one that is not above the project), the solvers' case folders
/// are named by a path that leads to them from there (the full path), not `cases/NAME`.
#[test]
fn from_another_folder_the_case_folders_are_named_by_their_full_path() {
    let elsewhere = common::fresh_folder("elsewhere", "here", &[] as &[(&str, &str)]);
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases/board_winner");
    judge()
        .arg("board_winner")
        .current_dir(&elsewhere)
        .assert()
        .success()
        .stderr(contains(format!("{}: online-judge-tools", cases.display())));
}

/// A source file as the program: built by its language into a cache (XDG_CACHE_HOME), reused
/// while the source is the same, rebuilt when it changes; one that does not build is a failure
/// (exit 1) with the compiler's lines; a Python file runs with python3.
#[test]
#[cfg(feature = "slow-tests")]
fn a_source_file_is_built_cached_and_rebuilt_when_it_changes() {
    let dir = one_case("right\n");
    let folder = common::fresh_folder(
        "sources",
        "solution",
        &[
            (
                "sol.cpp",
                "#include <cstdio>\nint main() { std::puts(\"right\"); }\n",
            ),
            ("sol.py", "print('right')\n"),
        ],
    );
    let cache = folder.join("cache");
    let run = |source: &str| {
        let output = common::judge()
            .env("XDG_CACHE_HOME", &cache)
            .arg("--cmd")
            .arg(folder.join(source))
            .arg(&dir)
            .timeout(Duration::from_secs(120))
            .output()
            .unwrap();
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let (code, out, err) = run("sol.cpp");
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.contains("problem/sample-1  AC") && err.contains("built "),
        "{out}{err}"
    );
    let (_, out, err) = run("sol.cpp");
    assert!(
        out.contains("AC") && !err.contains("built "),
        "cached: {err}"
    );
    fs::write(
        folder.join("sol.cpp"),
        "#include <cstdio>\nint main() { std::puts(\"wrong\"); }\n",
    )
    .unwrap();
    let (code, out, err) = run("sol.cpp");
    assert_eq!(code, Some(1));
    assert!(
        out.contains("problem/sample-1  WA") && err.contains("built "),
        "{out}{err}"
    );
    fs::write(folder.join("sol.cpp"), "int main() { oops }\n").unwrap();
    let (code, out, err) = run("sol.cpp");
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(
        err.contains("sol.cpp does not build") && err.contains("oops"),
        "{err}"
    );
    assert_eq!(out, "", "nothing judged");
    let (code, out, err) = run("sol.py");
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        err.contains("checked ") && err.contains("sol.py into"),
        "{err}"
    );
    // A name with a terminal escape in it is shown escaped, never sent to the terminal.
    fs::copy(folder.join("sol.py"), folder.join("t\x1b]0;x\x07.py")).unwrap();
    let (code, out, err) = run("t\x1b]0;x\x07.py");
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(err.contains("checked ") && !err.contains('\x1b'), "{err:?}");
    // `judge sol.py DIR`, without --cmd, is the same; a name that is no file is a solver's.
    common::judge()
        .arg(folder.join("sol.py"))
        .arg(&dir)
        .assert()
        .code(0)
        .stdout(predicates::str::contains("problem/sample-1  AC"));
    common::judge()
        .arg("no_such_solver.py")
        .arg(&dir)
        .assert()
        .code(2);
}
