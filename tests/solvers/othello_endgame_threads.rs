//! `othello_endgame --threads N` through the real binary: every shipped case judged as the
//! one-thread solver is (its checker accepts any best move), and the command line's errors
//! (exit status 2, the usage line, nothing on stdout) and `--help`.

use super::shipped_cases::all_accepted;
use assert_cmd::cargo::cargo_bin;
use assert_cmd::Command;
use game_judge::cases::solvers::discover;
use game_judge::limits::Limits;
use game_judge::process::Program;
use game_judge::runner::Task;
use predicates::prelude::*;
use std::path::Path;
use std::time::Duration;

#[test]
fn every_case_passes_with_two_and_three_threads() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let problems = discover(&root.join("cases"), &root.join("src/bin")).expect("the case set");
    let problem = problems
        .iter()
        .find(|problem| problem.name == "othello_endgame")
        .expect("cases/othello_endgame");
    let binary = cargo_bin("othello_endgame");
    // Generous limits: debug builds on a busy machine; speed is measured by `cargo bench`.
    let limits = Limits::with_cpu(Duration::from_secs(40));
    let tasks: Vec<Task> = [2, 3]
        .iter()
        .flat_map(|threads| {
            let command = format!("{} --threads {threads}", binary.display());
            problem.folder.cases.iter().map(move |case| Task {
                label: format!("othello_endgame --threads {threads}/{}", case.name),
                program: Program::Shell(command.clone()),
                case: case.clone(),
                judging: problem.folder.judging.clone(),
                limits,
            })
        })
        .collect();
    assert!(tasks.len() >= 40, "the FFO cases and more, twice");
    all_accepted(&tasks, limits, 1);
}

/// FFO #1, which takes no time.
const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X\n";

#[test]
fn a_bad_command_line_is_a_usage_error() {
    let usage = "usage: othello_endgame [--threads N] < POSITIONS (--help for more)";
    for (arguments, message) in [
        (
            &["--threads", "0"][..],
            "--threads takes a whole number from 1 to 256, not \"0\"",
        ),
        (
            &["--threads=many"],
            "--threads takes a whole number from 1 to 256, not \"many\"",
        ),
        (&["--threads"], "--threads needs a number of threads"),
        (&["--thread", "2"], "unknown argument \"--thread\""),
    ] {
        Command::cargo_bin("othello_endgame")
            .unwrap()
            .args(arguments)
            .write_stdin(FFO_1)
            .assert()
            .code(2)
            .stdout(predicate::str::is_empty())
            .stderr(predicate::eq(format!("error: {message}\n{usage}\n")));
    }
}

#[test]
fn help_and_threads_on_the_command_line() {
    Command::cargo_bin("othello_endgame")
        .unwrap()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "usage: othello_endgame [--threads N]",
        ))
        .stdout(predicate::str::contains(
            "--threads N, --threads=N\n               search each position with N threads",
        ));
    Command::cargo_bin("othello_endgame")
        .unwrap()
        .args(["--threads", "2"])
        .write_stdin(FFO_1)
        .assert()
        .success()
        .stdout("+18 G8\n");
}

/// othello_endgame with `--threads threads`, run under an address-space limit (`ulimit -v`).
fn under_memory_limit(limit_kib: u32, threads: usize) -> Command {
    let binary = cargo_bin("othello_endgame");
    let mut command = Command::new("sh");
    command.arg("-c").arg(format!(
        "ulimit -v {limit_kib} && exec '{}' --threads {threads}",
        binary.display()
    ));
    command
}

#[test]
fn threads_the_system_will_not_start_are_named_and_the_answer_stays() {
    // Under a memory limit of 120 to 480 MB, 256 threads cannot all be had: the threads that
    // start solve it, and a note says how many of how many. A thread that started with too
    // little room left (std's signal stack for it failing) would abort the whole program, which
    // happened at some limits and not others, so several are tried; two threads failing so at
    // once could also hang it in std's panic path, hence the bound on each run.
    for limit_kib in (120_000..=480_000).step_by(40_000) {
        under_memory_limit(limit_kib, 256)
            .write_stdin(FFO_1)
            .timeout(Duration::from_secs(120))
            .assert()
            .success()
            .stdout("+18 G8\n")
            .stderr(
                predicate::str::is_match(
                    r"^note: line 1: only [0-9]+ of 256 threads could be started \(.+\); the answers are the same, only slower\n$",
                )
                .unwrap(),
            );
    }
}

#[test]
fn threads_started_for_one_position_start_again_for_the_next() {
    // Under 180-200 MB, three threads start for the first position. What they took to start
    // (stacks, glibc's arenas) is kept for the threads of the next positions, so these start
    // too: no note. (Counting it as taken, the room test refused them from some line on in
    // about two runs of three at each of these limits.)
    for limit_kib in [180_000, 190_000, 200_000] {
        under_memory_limit(limit_kib, 3)
            .write_stdin(FFO_1.repeat(20))
            .timeout(Duration::from_secs(120))
            .assert()
            .success()
            .stdout("+18 G8\n".repeat(20))
            .stderr("");
    }
}
