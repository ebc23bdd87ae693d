//! Interactor programs end to end, on the guess-the-number example of
//! `tests/fixtures/interactive/` (the interactor in `guess.judge/`, players right and broken in
//! `guess_player.py`): each player's verdict, the interactor's reason and the transcript under a
//! failure, broken interactors as judge errors, Kattis and testlib conventions, a program that
//! runs on after the exchange (`after_the_end.py`), and nothing left running. The `ending_…`
//! tests are the rows of the guide's table of how a Kattis output validator's exchange ends
//! (as problemtools' runner decides), one row each, on a scratch package whose validator is
//! `endings_validator.py` and whose program is `endings_program.py`.
// Without `slow-tests` the slow tests below are left out, and helpers only they use unused.
#![cfg_attr(not(feature = "slow-tests"), allow(dead_code, unused_imports))]

use crate::common::{self, Tag};
use assert_cmd::Command;
use predicates::prelude::*;
use predicates::str::contains;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Longer than any of these runs should take: a hang fails the test instead of stalling it.
const NEVER_HANG: Duration = Duration::from_secs(60);

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/interactive")
}

/// The example's folder: three cases, its interactor in `guess.judge/interactor`.
fn guess() -> PathBuf {
    fixtures().join("guess")
}

/// The player in `mode`, tagged so that a test can look for what is left of it.
fn player(mode: &str, tag: &Tag) -> String {
    format!(
        "python3 {} {mode} {tag}",
        fixtures().join("guess_player.py").display()
    )
}

fn judge(command: &str, dir: &Path, extra: &[&str]) -> Command {
    let mut judge = common::judge_cmd(command, dir, extra);
    judge.timeout(NEVER_HANG);
    judge
}

/// `--interactor` with the example's interactor, given by its full path.
fn interactor(arguments: &str) -> String {
    format!(
        "python3 {} {arguments}",
        fixtures().join("guess.judge/interactor.py").display()
    )
}

#[test]
fn a_right_player_is_accepted_and_leaves_nothing_running() {
    let tag = Tag::new("guess-right");
    judge(&player("right", &tag), &guess(), &[])
        .assert()
        .code(0)
        .stdout(contains("guess/million  AC"))
        .stdout(contains("3 cases: 3 AC"))
        .stderr(contains("interactor `python3 interactor.py`"));
    tag.assert_none_left();
}

#[test]
#[cfg(feature = "slow-tests")]
fn a_wrong_answer_shows_the_interactors_reason_and_the_last_exchanges() {
    let tag = Tag::new("guess-wrong");
    judge(&player("wrong", &tag), &guess(), &[])
        .assert()
        .code(1)
        .stdout(contains("guess/ten      WA"))
        .stdout(contains("    answered 8, but the number was 7\n"))
        .stdout(contains(
            "    transcript (> to the program, < from it):\n      > 10\n      < ? 5\n      > >\n",
        ))
        .stdout(contains("      < ! 8\n"))
        .stdout(contains("transcript, last 8 of 40 lines"));
    tag.assert_none_left();
}

#[test]
#[cfg(feature = "slow-tests")]
fn a_crash_is_re_with_the_interactors_reason_as_a_note() {
    let tag = Tag::new("guess-crash");
    judge(&player("crash", &tag), &guess(), &[])
        .assert()
        .code(1)
        .stdout(contains("guess/ten      RE"))
        .stdout(contains(
            "the interactor said: the program's output ended before it answered",
        ))
        .stdout(contains("RuntimeError: the player broke down"));
    tag.assert_none_left();
}

#[test]
#[cfg(feature = "slow-tests")]
fn a_player_that_never_flushes_is_a_deadlock_tle_at_the_wall_bound() {
    let tag = Tag::new("guess-no-flush");
    judge(&player("no-flush", &tag), &guess(), &["-t", "0.5"])
        .assert()
        .code(1)
        .stdout(contains("guess/ten      TLE"))
        .stdout(contains(
            "before the wall bound neither side wrote and the program used no CPU: each waited for the other (a missing flush?), or the program slept",
        ))
        .stdout(contains("      > 10\n"));
    tag.assert_none_left();
}

/// A program that writes a byte now and then (a space, which a `scanf` reader skips) is idle
/// between the bytes: the relay's looking for the next one is the judge's time, not the
/// case's, so the wall bound stops it (before, the looking relay kept the case busy until its
/// CPU time ran out or the backstop, 21 times the limit). On a busy machine the relay waits for
/// a CPU with a byte in hand, and the interactor waiting on it is not idle: then the case is
/// stopped by its CPU time, and its line says (with `--verbose`) how long it waited for a CPU.
#[test]
#[cfg(feature = "slow-tests")]
fn a_program_that_trickles_bytes_is_stopped_at_the_wall_bound() {
    let tag = Tag::new("trickle");
    let dir = folder_with_interactor("trickle", "python3 skip_spaces.py");
    common::judge_file(
        &dir,
        "skip_spaces.py",
        "import sys\nprint('go', flush=True)\nwhile sys.stdin.read(1) == ' ':\n    pass\nsys.exit(43)\n",
    );
    let program = common::fresh_folder(
        "interactors",
        "trickler",
        &[(
            "trickle.py",
            "import os, time\ninput()\nwhile True:\n    os.write(1, b' ')\n    time.sleep(0.0002)\n",
        )],
    );
    let trickle = format!("python3 {} {tag}", program.join("trickle.py").display());
    let ran = judge(&trickle, &dir, &["-t", "1", "-j", "1", "--verbose"])
        .assert()
        .code(1);
    let stdout = String::from_utf8_lossy(&ran.get_output().stdout).into_owned();
    assert!(stdout.contains("trickle/ten  TLE"), "{stdout}");
    let idle = stdout.contains("idle (sleeping or waiting on input) for");
    let starved = stdout.contains("CPU time over the limit") && stdout.contains(" for a CPU");
    assert!(idle || starved, "neither idle nor starved: {stdout}");
    tag.assert_none_left();
}

/// A program that computes past the wall bound is not stopped by it (the bound counts idle
/// time), nor called a deadlock, though neither side writes: its CPU time limit stops it.
#[test]
#[cfg(feature = "slow-tests")]
fn a_program_still_computing_at_the_wall_bound_is_not_called_a_deadlock() {
    let tag = Tag::new("guess-spin");
    let spinner = format!("sh -c 'read n; while :; do :; done' {tag}");
    judge(
        &spinner,
        &guess(),
        &["-t", "2", "--wall-limit", "1", "-j", "1"],
    )
    .assert()
    .code(1)
    .stdout(contains("guess/ten      TLE"))
    .stdout(contains("CPU time over the limit of 2000 ms"))
    .stdout(contains("neither side wrote").not());
    tag.assert_none_left();
}

/// The interactor accepts and exits; the program then sleeps (to the wall bound, 3 s) or spins
/// (to the CPU limit, 1 s): TLE, and the note says the exchange was over and the program ran on,
/// not that both sides waited for each other.
#[test]
#[cfg(feature = "slow-tests")]
fn a_program_that_runs_on_after_the_interactor_accepted_is_tle_not_a_deadlock() {
    let tag = Tag::new("after-the-end");
    let fixture = fixtures().join("after_the_end.py");
    let dir = common::fresh_folder(
        "interactors",
        "after",
        &[("sleep.in", "sleep\n"), ("spin.in", "spin\n")],
    );
    let run_on = "the interactor had accepted and ended, and the program went on running past the limit instead of exiting: the exchange was over";
    judge(
        &format!("python3 {} program {tag}", fixture.display()),
        &dir,
        &[
            "-t",
            "1",
            "--interactor",
            &format!("python3 {} interactor {tag}", fixture.display()),
        ],
    )
    .assert()
    .code(1)
    .stdout(contains("after/sleep  TLE"))
    .stdout(contains("idle (sleeping or waiting on input) for"))
    .stdout(contains("after/spin   TLE"))
    .stdout(contains("CPU time over the limit of 1000 ms"))
    .stdout(contains(format!("      spin\n    {run_on}\n")))
    .stdout(contains(format!("      sleep\n    {run_on}\n")))
    .stdout(contains("waited for the other").not());
    tag.assert_none_left();
}

/// The interactor shares the case's idle time: while the program computes (here 2.5 s of CPU
/// before its first question), the interactor waiting for it is not idle, so its wall bound
/// (the program's, 1 s, and a second) does not stop it, and the case is AC.
#[test]
#[cfg(feature = "slow-tests")]
fn an_interactor_waiting_for_a_program_that_computes_is_not_idle() {
    let tag = Tag::new("guess-think");
    let dir = folder_with_interactor("think", &interactor(""));
    judge(
        &player("think", &tag),
        &dir,
        &["-t", "4", "--wall-limit", "1"],
    )
    .assert()
    .code(0)
    .stdout(contains("think/ten  AC"));
    tag.assert_none_left();
}

/// Kattis's convention: a program that stops early is judged by the interactor, which says WA.
#[test]
#[cfg(feature = "slow-tests")]
fn a_player_that_exits_early_is_wa_by_the_interactor() {
    let tag = Tag::new("guess-early");
    judge(&player("early", &tag), &guess(), &[])
        .assert()
        .code(1)
        .stdout(contains("guess/ten      WA"))
        .stdout(contains("the program's output ended before it answered"));
    tag.assert_none_left();
}

#[test]
#[cfg(feature = "slow-tests")]
fn writing_after_the_interactor_ended_is_wa() {
    let tag = Tag::new("guess-late");
    judge(&player("late", &tag), &guess(), &[])
        .assert()
        .code(1)
        .stdout(contains("guess/one      WA"))
        .stdout(contains(
            "the program wrote after the interactor had ended: \"extra\"",
        ));
    tag.assert_none_left();
}

/// The interactor rejects the answer and ends; the player goes on writing and dies of SIGPIPE:
/// WA, the interactor's verdict, not RE.
#[test]
#[cfg(feature = "slow-tests")]
fn sigpipe_after_the_interactor_said_wa_is_wa() {
    let tag = Tag::new("guess-sigpipe");
    judge(&player("sigpipe", &tag), &guess(), &[])
        .assert()
        .code(1)
        .stdout(contains("3 cases: 3 WA"))
        .stdout(contains("answered 11, but the number was 7"));
    tag.assert_none_left();
}

#[test]
#[cfg(feature = "slow-tests")]
fn a_testlib_interactor_gets_its_paths_where_it_names_them() {
    let tag = Tag::new("guess-testlib");
    let testlib = interactor("--testlib {input} {output} {answer}");
    judge(
        &player("right", &tag),
        &guess(),
        &["--interactor", &testlib],
    )
    .assert()
    .code(0)
    .stdout(contains("3 cases: 3 AC"))
    .stderr(contains("interactor `python3 "));
    // testlib's WA is exit 1, its reason on stderr.
    judge(
        &player("wrong", &tag),
        &guess(),
        &["--interactor", &testlib],
    )
    .assert()
    .code(1)
    .stdout(contains("guess/ten      WA"))
    .stdout(contains("answered 8, but the number was 7"));
    tag.assert_none_left();
}

/// A folder with the given interactor command in its `D.judge/interactor`, and one case.
fn folder_with_interactor(name: &str, command: &str) -> PathBuf {
    let dir = common::fresh_folder("interactors", name, &[("ten.in", "10 7\n")]);
    common::judge_file(&dir, "interactor", &format!("{command}\n"));
    dir
}

#[test]
fn an_interactor_that_crashes_or_exits_otherwise_is_a_judge_error() {
    let tag = Tag::new("guess-broken-interactor");
    for (name, command, said) in [
        (
            "exit3",
            "sh -c 'echo cannot read the input >&2; exit 3'",
            "exit status 3",
        ),
        // The shell the command line runs in becomes the command (`exec`), so the signal
        // reaches the judge as a signal, not as the shell's status 128 + 11.
        (
            "segv",
            "sh -c 'kill -SEGV $$'",
            "killed by signal 11 (SIGSEGV)",
        ),
    ] {
        let dir = folder_with_interactor(name, command);
        judge(&player("right", &tag), &dir, &[])
            .assert()
            .code(2)
            .stdout(contains(format!("{name}/ten  JE")))
            .stdout(contains("the interactor failed").and(contains(said)));
    }
    let dir = folder_with_interactor("reason", "sh -c 'echo cannot read the input >&2; exit 3'");
    judge(&player("right", &tag), &dir, &[])
        .assert()
        .stdout(contains("cannot read the input"));
    tag.assert_none_left();
}

#[test]
#[cfg(feature = "slow-tests")]
fn an_interactor_still_running_after_the_program_ended_is_a_judge_error() {
    let tag = Tag::new("guess-sleepy-interactor");
    let sleepy = format!("sh -c 'echo 10; sleep 30' {tag}");
    let dir = folder_with_interactor("sleepy", &sleepy);
    judge(&player("early", &tag), &dir, &["-t", "0.5"])
        .assert()
        .code(2)
        .stdout(contains("sleepy/ten  JE"))
        .stdout(contains(
            "the interactor was still running at the wall bound",
        ));
    tag.assert_none_left();
}

#[test]
#[cfg(feature = "slow-tests")]
fn kattis_statuses_and_the_feedback_folder() {
    let tag = Tag::new("guess-kattis");
    // 43 with a judgemessage.txt: WA with the message; the answer file is a copy, never the
    // case's own file, and is empty when the case has none.
    let check = "sh -c 'test -f \"$2\" && test ! -s \"$2\" && test -d \"$3\" || exit 3; echo 10; read question; echo \"nope from kattis\" > \"$3/judgemessage.txt\"; exit 43' kattis";
    let dir = folder_with_interactor("kattis", check);
    judge(&player("right", &tag), &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("kattis/ten  WA"))
        .stdout(contains("nope from kattis"));
    let accept = "sh -c 'echo 10; read question; echo =; read answer; exit 42' kattis";
    let dir = folder_with_interactor("accept", accept);
    judge(&player("right", &tag), &dir, &[])
        .assert()
        .code(0)
        .stdout(contains("accept/ten  AC"));
    tag.assert_none_left();
}

#[test]
fn the_answer_is_a_copy_of_the_expected_output() {
    let tag = Tag::new("guess-answer");
    let dir = common::fresh_folder(
        "interactors",
        "answered",
        &[("ten.in", "10 7\n"), ("ten.out", "7\n")],
    );
    // Accepts only when ANSWER holds the expected output and is not the case's own file.
    let case_file = dir.join("ten.out");
    let command = format!(
        "sh -c 'test \"$(cat \"$2\")\" = 7 && test \"$2\" != \"{}\" || exit 43; echo 1; read answer; exit 42' answer",
        case_file.display()
    );
    common::judge_file(&dir, "interactor", &format!("{command}\n"));
    judge("sh -c 'read n; echo ! 1'", &dir, &[])
        .assert()
        .code(0)
        .stdout(contains("answered/ten  AC"));
    tag.assert_none_left();
}

#[test]
fn interactor_files_are_checked() {
    let dir = folder_with_interactor("empty", "# nothing here");
    judge("true", &dir, &[])
        .assert()
        .code(2)
        .stderr(contains("holds no interactor command"));
    let dir = folder_with_interactor("both", "./interact");
    common::judge_file(&dir, "checker", "./check\n");
    judge("true", &dir, &[])
        .assert()
        .code(2)
        .stderr(contains("an interactive folder needs no checker"));
}

#[test]
fn usage_errors_for_the_interactor_flag() {
    common::judge()
        .args(["--interactor", "./i", "dir"])
        .assert()
        .code(2)
        .stderr(contains("--interactor goes with --cmd"));
}

/// From a hostile review: a program that closes its output and sleeps is killed by the judge
/// once the interactor rejects; that kill is not the program's RE.
#[test]
fn a_program_killed_by_the_judge_after_a_rejection_is_wa() {
    let tag = Tag::new("guess-closed-output");
    let dir = folder_with_interactor("closed", "sh -c 'echo 1; read answer || exit 43; exit 42'");
    // Run by the judge's own shell, which holds no copy of the output after `exec >&-`.
    let closes = format!("exec >&-; sleep 3; : {tag}");
    judge(&closes, &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("closed/ten  WA"));
    tag.assert_none_left();
}

/// How many times a row decided by a race is judged: the race is lost now and then, not every
/// time, so once would prove little.
const RACE_RUNS: usize = 20;

/// A program that exits 3 right after writing its only answer, to an interactor that wants two:
/// the interactor finds the end of the program's output and rejects, after the program had
/// ended, so the program's failure counts (RE, by the table's row), every time. Before, a
/// rejection that reached the judge before it had seen the program end made it stop the
/// program's box, and the exit status went with the box's init: WA, now and then.
#[test]
#[cfg(feature = "slow-tests")]
fn a_crash_right_after_the_last_answer_is_re_with_a_judge_file_interactor() {
    let tag = Tag::new("crash-after-answer");
    let wants_two = "sh -c 'echo 10; read a || exit 3; read b || exit 43; exit 42'";
    let dir = folder_with_interactor("crashafter", wants_two);
    let program = format!("read n; echo 5; exit 3; : {tag}");
    for _ in 0..RACE_RUNS {
        judge(&program, &dir, &[])
            .assert()
            .code(1)
            .stdout(contains("crashafter/ten  RE"))
            .stdout(contains("exit status 3"));
    }
    // The same with the interactor given by `--interactor`.
    for _ in 0..RACE_RUNS {
        judge(&program, &dir, &["--interactor", wants_two])
            .assert()
            .code(1)
            .stdout(contains("crashafter/ten  RE"));
    }
    tag.assert_none_left();
}

/// A C-like program (default SIGPIPE) writing several lines after the end dies of SIGPIPE for
/// it: still WA for writing after the end, never RE.
#[test]
#[cfg(feature = "slow-tests")]
fn sigpipe_after_writing_past_the_end_is_wa() {
    let tag = Tag::new("guess-late-sigpipe");
    let dir = folder_with_interactor("late", "sh -c 'echo hi; read x; exit 42'");
    let late = format!(
        "python3 -c 'import signal,sys; signal.signal(signal.SIGPIPE, signal.SIG_DFL); sys.stdin.readline(); print(1, flush=True); sys.stdin.read(); [print(\"extra\", flush=True) for _ in range(100000)]' {tag}"
    );
    for _ in 0..3 {
        judge(&late, &dir, &[])
            .assert()
            .code(1)
            .stdout(contains("late/ten  WA"))
            .stdout(contains("the program wrote after the interactor had ended"));
    }
    tag.assert_none_left();
}

/// A feedback file that is a FIFO or a link to /dev/zero is not read (no hang, no flood of
/// memory); the reason falls back to the interactor's stderr.
#[test]
fn a_feedback_file_that_is_not_a_regular_file_is_not_read() {
    for (name, make) in [
        ("fifo", "mkfifo \"$3/judgemessage.txt\""),
        ("zero", "ln -s /dev/zero \"$3/judgemessage.txt\""),
    ] {
        let command = format!("sh -c '{make}; echo rejected on stderr >&2; exit 43' {name}");
        let dir = folder_with_interactor(name, &command);
        judge("true", &dir, &[])
            .assert()
            .code(1)
            .stdout(contains(format!("{name}/ten  WA")))
            .stdout(contains("rejected on stderr"));
    }
}

/// Issue 21: an interactor that writes its last line, closes its output and reads the
/// program's to the end (to check what follows) is no deadlock: the end of its output is the
/// end of the program's input though it still runs, and what it then reads is no late write.
#[test]
fn an_interactor_that_ends_its_output_and_reads_on_lets_the_program_finish() {
    let tag = Tag::new("ends-output-reads-on");
    let ends_early = format!(
        "python3 -c 'import os,sys; print(\"hello\", flush=True); os.close(1); sys.exit(0 if sys.stdin.read().strip() == \"ok\" else 1)' {tag}"
    );
    let dir = folder_with_interactor("reads-on", &ends_early);
    let reads_to_the_end =
        format!("python3 -c 'import sys; sys.stdin.read(); print(\"ok\")' {tag}");
    // A roomy wall bound: only a deadlock (the bug) reaches it, never a slow start.
    judge(&reads_to_the_end, &dir, &["--wall-limit", "20"])
        .assert()
        .code(0)
        .stdout(contains("reads-on/ten  AC"));
    tag.assert_none_left();
}

/// Issue 21, the other way: a program that closes its output and runs on has ended its output;
/// the interactor's input ends at once, and its ruling on that end is the verdict.
#[test]
fn a_program_that_closes_its_output_and_runs_on_ends_the_interactors_input() {
    let tag = Tag::new("program-closes-output");
    let wants_an_answer = format!(
        "python3 -c 'import sys; print(\"hello\", flush=True); sys.exit(0 if sys.stdin.read() else \"no answer before the end of the output\")' {tag}"
    );
    let dir = folder_with_interactor("closes", &wants_an_answer);
    let closes = format!(
        "python3 -c 'import os,sys,time; sys.stdin.readline(); os.close(1); time.sleep(30)' {tag}"
    );
    // A roomy wall bound: the program sleeps past it only if the interactor never saw the end.
    judge(&closes, &dir, &["--wall-limit", "20"])
        .assert()
        .code(1)
        .stdout(contains("closes/ten  WA"))
        .stdout(contains("no answer before the end of the output"));
    tag.assert_none_left();
}

/// The output cap holds in an interactive case too.
#[test]
fn an_interactive_program_past_the_output_cap_is_ole() {
    let dir = folder_with_interactor("flood", "sh -c 'cat >/dev/null; exit 42'");
    judge("head -c 100000000 /dev/zero", &dir, &[])
        .assert()
        .code(1)
        .stdout(contains("flood/ten  OLE"));
}

/// A Kattis package (legacy, `validation: custom interactive`) whose output validator is
/// `endings_validator.py`, with one case, `secret/row`, whose input is `ending program` (how
/// the validator and the program end, see the fixture).
fn endings_package(ending: &str, program: &str) -> PathBuf {
    let validator = fs::read_to_string(fixtures().join("endings_validator.py")).unwrap();
    let dir = common::fresh_folder(
        "interactors",
        "ends",
        &[
            (
                "problem.yaml",
                "name: Endings\nvalidation: custom interactive\n".to_string(),
            ),
            ("output_validators/ends/validate.py", validator),
            ("data/secret/row.in", format!("{ending} {program}\n")),
            ("data/secret/row.ans", String::new()),
        ],
    );
    let path = dir.join("output_validators/ends/validate.py");
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

/// One row of the guide's table of interactive endings: the validator ends by `ending`, the
/// program by `program`, and the case gets `verdict` (the judge's exit status `status`), as
/// problemtools' runner decides; nothing is left running.
fn ending_row(ending: &str, program: &str, verdict: &str, status: i32) {
    let tag = Tag::new(&format!("ending-{ending}-{program}"));
    let command = format!(
        "python3 {} {tag}",
        fixtures().join("endings_program.py").display()
    );
    judge(&command, &endings_package(ending, program), &["-t", "1"])
        .assert()
        .code(status)
        .stdout(contains(format!("ends/secret/row  {verdict}")));
    tag.assert_none_left();
}

#[test]
#[cfg(feature = "slow-tests")]
fn ending_validator_accepts_first_program_exits_0_is_ac() {
    ending_row("first-accept", "after-exit0", "AC", 0);
}

#[test]
#[cfg(feature = "slow-tests")]
fn ending_validator_accepts_first_program_crashes_is_re() {
    ending_row("first-accept", "after-crash", "RE", 1);
}

#[test]
#[cfg(feature = "slow-tests")]
fn ending_validator_accepts_first_program_runs_past_its_limit_is_tle() {
    ending_row("first-accept", "after-tle", "TLE", 1);
}

/// Before, WA ("the program wrote after the interactor had ended"), or a SIGPIPE: problemtools'
/// runner keeps the pipe open, so the words after the end are never read, nor refused.
#[test]
#[cfg(feature = "slow-tests")]
fn ending_validator_accepts_first_program_writes_after_the_end_is_ac() {
    ending_row("first-accept", "after-writes", "AC", 0);
}

#[test]
#[cfg(feature = "slow-tests")]
fn ending_validator_accepts_first_program_fails_reading_after_the_end_is_re() {
    ending_row("first-accept", "after-reads", "RE", 1);
}

#[test]
#[cfg(feature = "slow-tests")]
fn ending_validator_rejects_first_program_exits_0_is_wa() {
    ending_row("first-reject", "after-exit0", "WA", 1);
}

#[test]
#[cfg(feature = "slow-tests")]
fn ending_validator_rejects_first_program_crashes_is_wa() {
    ending_row("first-reject", "after-crash", "WA", 1);
}

#[test]
#[cfg(feature = "slow-tests")]
fn ending_validator_rejects_first_program_runs_on_is_wa() {
    ending_row("first-reject", "after-tle", "WA", 1);
}

#[test]
#[cfg(feature = "slow-tests")]
fn ending_validator_rejects_first_program_writes_after_the_end_is_wa() {
    ending_row("first-reject", "after-writes", "WA", 1);
}

#[test]
#[cfg(feature = "slow-tests")]
fn ending_validator_crashes_first_is_je() {
    ending_row("first-crash", "after-exit0", "JE", 2);
}

#[test]
#[cfg(feature = "slow-tests")]
fn ending_program_exits_0_first_validator_accepts_is_ac() {
    ending_row("last-accept", "now-exit0", "AC", 0);
}

#[test]
#[cfg(feature = "slow-tests")]
fn ending_program_exits_0_first_validator_rejects_is_wa() {
    ending_row("last-reject", "now-exit0", "WA", 1);
}

#[test]
#[cfg(feature = "slow-tests")]
fn ending_program_crashes_first_validator_accepts_is_re() {
    ending_row("last-accept", "now-crash", "RE", 1);
}

#[test]
#[cfg(feature = "slow-tests")]
fn ending_program_crashes_first_validator_rejects_is_re() {
    ending_row("last-reject", "now-crash", "RE", 1);
}

#[test]
#[cfg(feature = "slow-tests")]
fn ending_program_past_its_limit_first_validator_rejects_is_tle() {
    ending_row("last-reject", "now-tle", "TLE", 1);
}

/// As BAPCtools' `guess_bad_exit.py`: before, the judge could stop the program once the
/// validator had rejected, and its exit status was lost.
#[test]
#[cfg(feature = "slow-tests")]
fn ending_program_exits_1_first_validator_rejects_is_re() {
    ending_row("last-reject", "now-exit1", "RE", 1);
}

/// A program that closes its output has not ended: the validator sees the end of it once the
/// program has exited (problemtools' runner and BAPCtools hold it back too), here after the
/// program crashed. Before, the validator saw the end at once, rejected, and the judge stopped
/// the sleeping program: WA.
#[test]
#[cfg(feature = "slow-tests")]
fn ending_program_closes_its_output_then_crashes_validator_rejects_is_re() {
    ending_row("last-reject", "now-closecrash", "RE", 1);
}

/// As BAPCtools' `run_time_error/guess_close_stdout_2.cpp`.
#[test]
#[cfg(feature = "slow-tests")]
fn ending_program_closes_its_output_then_exits_1_validator_rejects_is_re() {
    ending_row("last-reject", "now-closeexit1", "RE", 1);
}

/// As BAPCtools' `time_limit_exceeded/guess_close_stdout_1.cpp`: the validator waits for the
/// end, which comes when the judge stops the program at its wall limit.
#[test]
#[cfg(feature = "slow-tests")]
fn ending_program_closes_its_output_then_sleeps_past_its_limit_is_tle() {
    ending_row("last-reject", "now-closesleep", "TLE", 1);
}

#[test]
#[cfg(feature = "slow-tests")]
fn ending_program_exits_0_first_validator_crashes_is_je() {
    ending_row("last-crash", "now-exit0", "JE", 2);
}

/// problemtools' runner kills a validator still running at its wall time limit and, with no
/// status from it, takes it as a rejection (43): the program ended first, so its own failure
/// counts, else WA. Before, JE. The validator is gone after the case.
#[test]
#[cfg(feature = "slow-tests")]
fn ending_program_exits_0_first_validator_still_running_at_the_bound_is_wa() {
    ending_row("last-hang", "now-exit0", "WA", 1);
    assert_no_hanging_validator();
}

#[test]
#[cfg(feature = "slow-tests")]
fn ending_program_crashes_first_validator_still_running_at_the_bound_is_re() {
    ending_row("last-hang", "now-crash", "RE", 1);
    assert_no_hanging_validator();
}

/// No `endings_validator.py` of these tests' scratch packages is still running.
fn assert_no_hanging_validator() {
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("interactors-");
    let pattern = format!("{}[0-9]+/ends/output_validators", scratch.display());
    let found = std::process::Command::new("pgrep")
        .args(["-f", &pattern])
        .output()
        .unwrap();
    assert!(
        found.stdout.is_empty(),
        "a validator is left running: {}",
        String::from_utf8_lossy(&found.stdout)
    );
}
