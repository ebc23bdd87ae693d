//! The judge against hostile programs, end to end: the behaviour of a trusted judge (isolate,
//! DMOJ) written down before the process core that gives it. Memory limits, CPU time, daemons
//! that escape the process group, signals to the judge itself, endless output, odd case files
//! and odd case names.
//!
//! Each test says which row of the specification it checks. Every test whose programs could
//! outlive their case tags them (a unique word in their command line, found with `pgrep -f`),
//! checks that none is left once the judge has exited, and kills any left by pid when it fails.
// Without `slow-tests` the slow tests below are left out, and helpers only they use unused.
#![cfg_attr(not(feature = "slow-tests"), allow(dead_code, unused_imports))]

use crate::common::{self, Tag};
use assert_cmd::Command;
use predicates::prelude::*;
use predicates::str::contains;
use std::fs;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, ExitStatus, Stdio};
use std::sync::{mpsc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

/// A fresh case folder named `problem` holding the given files (name, content).
fn case_folder(files: &[(impl AsRef<str>, impl AsRef<str>)]) -> PathBuf {
    common::fresh_folder("hostile", "problem", files)
}

/// A folder of one case, `sample-1`, whose expected output is `right`.
fn one_case() -> PathBuf {
    case_folder(&[("sample-1.in", "question\n"), ("sample-1.out", "right\n")])
}

/// `judge --cmd COMMAND DIR` plus extra arguments, killed (and the test failed) after `timeout`.
fn judge_cmd(command: &str, dir: &Path, extra: &[&str], timeout: Duration) -> Command {
    let mut judge = common::judge_cmd(command, dir, extra);
    judge.timeout(timeout);
    judge
}

/// A judge started in the background; dropping it kills it (by its pid) if it is still running,
/// so a test that fails midway leaves no judge behind.
struct Running(Child);

impl Running {
    /// `judge --cmd COMMAND DIR` plus extra arguments, with stdout and stderr piped.
    fn spawn(command: &str, dir: &Path, extra: &[&str]) -> Running {
        let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("judge"))
            .env("NO_COLOR", "1")
            .arg("--cmd")
            .arg(command)
            .arg(dir)
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        Running(child)
    }

    fn pid(&self) -> u32 {
        self.0.id()
    }

    /// Waits for the judge at most `limit`; past it, fails (and the drop kills it).
    fn wait_bounded(&mut self, limit: Duration) -> ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.0.try_wait().unwrap() {
                return status;
            }
            assert!(
                start.elapsed() < limit,
                "the judge was still running after {limit:?}"
            );
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// Everything left on the judge's stderr (read once it has exited).
    fn stderr(&mut self) -> String {
        let mut stderr = String::new();
        if let Some(mut pipe) = self.0.stderr.take() {
            let _ = pipe.read_to_string(&mut stderr);
        }
        stderr
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Ok(None) = self.0.try_wait() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

/// Held by the tests that load the CPUs on purpose or count on getting some: they take turns,
/// so that the busy loops of one do not starve another's program past its bounds.
static CPU_HEAVY: Mutex<()> = Mutex::new(());

fn cpu_heavy() -> MutexGuard<'static, ()> {
    CPU_HEAVY
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Busy loops (`hostile.py busy`, each bounded to two minutes by itself) running beside the
/// judge, tagged; dropping this kills them by pid, also when the test panics.
struct BusyLoops {
    loops: Vec<Child>,
    tag: Tag,
}

impl BusyLoops {
    fn start(count: usize) -> BusyLoops {
        let tag = Tag::new("busy-loops");
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hostile.py");
        let loops = (0..count)
            .map(|_| {
                std::process::Command::new("python3")
                    .arg(&fixture)
                    .args(["busy", "120", &tag.to_string()])
                    .stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .spawn()
                    .unwrap()
            })
            .collect();
        BusyLoops { loops, tag }
    }

    /// Kills the loops and checks that none is left.
    fn stop(mut self) {
        self.kill();
        self.tag.assert_none_left();
    }

    fn kill(&mut self) {
        for busy in &mut self.loops {
            let _ = busy.kill();
            let _ = busy.wait();
        }
    }
}

impl Drop for BusyLoops {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A path as one shell word.
fn quoted(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', "'\\''"))
}

/// A command line running the fixture `tests/fixtures/hostile.py` with `arguments` (its modes
/// are described there). `exec` so that the tagged python process is the case's program itself.
fn hostile(arguments: &str) -> String {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hostile.py");
    format!("exec python3 {} {arguments}", quoted(&fixture))
}

/// What a judge run gave: its exit code (`None`: killed, which is how a timeout ends), stdout
/// and stderr.
struct Ran {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl std::fmt::Display for Ran {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.code {
            Some(code) => writeln!(f, "exit {code}")?,
            None => writeln!(f, "killed (timed out)")?,
        }
        write!(f, "stdout:\n{}stderr:\n{}", self.stdout, self.stderr)
    }
}

/// Runs `judge` (already given its arguments and timeout).
fn run(judge: &mut Command) -> Ran {
    let output = judge.output().unwrap();
    Ran {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// The report line of the case labelled `label` (`problem/sample-1`).
fn case_line<'a>(ran: &'a Ran, label: &str) -> &'a str {
    ran.stdout
        .lines()
        .find(|line| line.starts_with(&format!("{label}  ")))
        .unwrap_or_else(|| panic!("no line for {label}:\n{ran}"))
}

/// The memory figure of a report line: the number before ` MiB`.
fn memory_mib(line: &str) -> f64 {
    let before = &line[..line
        .find(" MiB")
        .unwrap_or_else(|| panic!("no memory figure in {line:?}"))];
    let number = before.split_whitespace().last().unwrap_or_default();
    number
        .parse()
        .unwrap_or_else(|_| panic!("{number:?} is not a number of MiB in {line:?}"))
}

/// The judge on one case running `hostile.py MODE_AND_ARGUMENTS TAG` with `flags`.
fn judge_hostile(mode_and_arguments: &str, tag: &Tag, flags: &[&str]) -> Ran {
    run(&mut judge_cmd(
        &hostile(&format!("{mode_and_arguments} {tag}")),
        &one_case(),
        flags,
        Duration::from_secs(30),
    ))
}

/// The judge on the one case running `command` with `flags`, with cgroups `on` or `off`
/// (`GAME_JUDGE_CGROUP`), killed (and the test failed) after two minutes.
fn judge_one_case_with_cgroup(command: &str, flags: &[&str], cgroup: &str) -> Ran {
    run(
        judge_cmd(command, &one_case(), flags, Duration::from_secs(120))
            .env("GAME_JUDGE_CGROUP", cgroup),
    )
}

/// Row 1: a program that really touches 300 MiB, with `-m 64`, is MLE (even though it would
/// print the right answer).
#[test]
fn three_hundred_mib_under_a_64_mib_limit_is_mle() {
    let tag = Tag::new("alloc-300");
    let ran = judge_hostile("alloc 300", &tag, &["-m", "64"]);
    assert!(ran.stdout.contains("problem/sample-1  MLE"), "{ran}");
    assert_eq!(ran.code, Some(1), "{ran}");
    tag.assert_none_left();
}

/// Row 1: touching 100 MiB under `-m 512` is AC, and the case line shows the peak, at least
/// 100 MiB.
#[test]
fn a_hundred_mib_under_a_512_mib_limit_is_ac_and_shows_its_peak() {
    let tag = Tag::new("alloc-100");
    let ran = judge_hostile("alloc 100", &tag, &["-m", "512"]);
    assert_eq!(ran.code, Some(0), "{ran}");
    let line = case_line(&ran, "problem/sample-1");
    assert!(line.contains("problem/sample-1  AC"), "{ran}");
    let peak = memory_mib(line);
    assert!(peak >= 100.0, "peak {peak} MiB for 100 MiB touched: {line}");
    tag.assert_none_left();
}

/// Row 1 (the other side): address space only reserved, never touched (what Go and Java
/// runtimes do), is not memory used: 4 GiB mapped under `-m 64` is AC.
#[test]
#[cfg(feature = "slow-tests")]
fn reserved_but_untouched_address_space_is_not_mle() {
    let tag = Tag::new("reserve");
    let ran = judge_hostile("reserve 4096", &tag, &["-m", "64"]);
    assert_eq!(ran.code, Some(0), "{ran}");
    assert!(ran.stdout.contains("problem/sample-1  AC"), "{ran}");
    assert!(
        memory_mib(case_line(&ran, "problem/sample-1")) < 64.0,
        "{ran}"
    );
    tag.assert_none_left();
}

/// Row 1 (the rule behind it): a program that keeps allocating (8 MiB at a time, up to
/// 512 MiB) is killed near the limit of `-m 64`: MLE, with a peak far below what it asked for.
#[test]
fn a_program_that_keeps_allocating_is_killed_near_the_limit() {
    let tag = Tag::new("grow");
    let ran = judge_hostile("grow 512", &tag, &["-m", "64"]);
    assert_eq!(ran.code, Some(1), "{ran}");
    let line = case_line(&ran, "problem/sample-1");
    assert!(line.contains("problem/sample-1  MLE"), "{ran}");
    let peak = memory_mib(line);
    assert!(peak < 256.0, "peak {peak} MiB under a 64 MiB limit: {line}");
    tag.assert_none_left();
}

/// Row 1, case after case: an MLE does not carry over to later cases (the judge reuses memory
/// cgroups from case to case where it has them): with `-j 1`, 300 MiB then 20 MiB three times
/// under `-m 64` are MLE then AC, each small case with a peak of its own.
#[test]
#[cfg(feature = "slow-tests")]
fn cases_after_an_mle_get_their_own_verdicts_and_peaks() {
    let tag = Tag::new("alloc-in-turn");
    let mut files = vec![("a-large.in", "300\n"), ("a-large.out", "right\n")];
    for name in ["b-small", "c-small", "d-small"] {
        files.push((name, "20\n"));
    }
    let files: Vec<(String, &str)> = files
        .into_iter()
        .flat_map(|(name, content)| match name.strip_suffix("-small") {
            Some(_) => vec![
                (format!("{name}.in"), content),
                (format!("{name}.out"), "right\n"),
            ],
            None => vec![(name.to_string(), content)],
        })
        .collect();
    let dir = case_folder(&files);
    let command = format!("read mib; {}", hostile(&format!("alloc $mib {tag}")));
    let ran = run(&mut judge_cmd(
        &command,
        &dir,
        &["-m", "64", "-j", "1"],
        Duration::from_secs(30),
    ));
    assert!(ran.stdout.contains("problem/a-large  MLE"), "{ran}");
    for name in ["b-small", "c-small", "d-small"] {
        let line = case_line(&ran, &format!("problem/{name}"));
        assert!(line.contains(&format!("problem/{name}  AC")), "{ran}");
        let peak = memory_mib(line);
        assert!(
            (20.0..64.0).contains(&peak),
            "peak {peak} MiB for 20 MiB: {ran}"
        );
    }
    tag.assert_none_left();
}

/// Row 1 (the stack): `--stack-limit 300` gives the program a stack limit of 300 MiB
/// (307200 KiB, as `ulimit -s` shows it).
#[test]
fn the_stack_limit_reaches_the_program() {
    let dir = case_folder(&[("sample-1.in", "\n"), ("sample-1.out", "307200\n")]);
    let ran = run(&mut judge_cmd(
        "ulimit -s",
        &dir,
        &["--stack-limit", "300"],
        Duration::from_secs(30),
    ));
    assert!(ran.stdout.contains("problem/sample-1  AC"), "{ran}");
}

/// `ps`'s listing of the children of `parent` if one of them is a zombie.
fn zombie_children(parent: u32) -> Option<String> {
    let children = std::process::Command::new("ps")
        .args(["-o", "pid=,stat=,cmd=", "--ppid", &parent.to_string()])
        .output()
        .unwrap();
    let listing = String::from_utf8_lossy(&children.stdout).into_owned();
    let zombie = listing.lines().any(|line| {
        line.split_whitespace()
            .nth(1)
            .is_some_and(|stat| stat.starts_with('Z'))
    });
    zombie.then_some(listing)
}

/// Row 4 (zombies): processes that ended unwaited-for and were handed to the judge are reaped
/// when their case ends, not left as zombies while the judge goes on with the next case.
#[test]
#[cfg(feature = "slow-tests")]
fn zombies_handed_to_the_judge_are_reaped_with_their_case() {
    let tag = Tag::new("zombies");
    let dir = case_folder(&[
        ("a-zombies.in", "zombies 20\n"),
        ("a-zombies.out", "right\n"),
        ("b-sleeps.in", "sleep 3\n"),
        ("b-sleeps.out", "right\n"),
    ]);
    let command = format!(
        "read mode count; {}",
        hostile(&format!("$mode $count {tag}"))
    );
    let mut judge = Running::spawn(&command, &dir, &["-j", "1"]);
    let mut lines = BufReader::new(judge.0.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    assert!(first.starts_with("problem/a-zombies  AC"), "{first}");
    // Case b is running now (for 3 s); the judge's children are it, and no zombie. Looked at
    // up to ten times in a second: case a's zombies, were they left, would be in every look;
    // a process of the judge's own that has just ended may be seen once before it is reaped
    // (CI saw a `[judge] <defunct>` child once, beside the whole suite).
    let mut zombies = zombie_children(judge.pid());
    for _ in 1..10 {
        if zombies.is_none() {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
        zombies = zombie_children(judge.pid());
    }
    if let Some(listing) = zombies {
        panic!("zombies of the judge:\n{listing}");
    }
    assert!(judge.wait_bounded(Duration::from_secs(30)).success());
    tag.assert_none_left();
}

/// Row 2 (CPU time nobody waits for): workers reaped by the kernel itself (SIGCHLD ignored)
/// leave no trace in /proc or in anyone's rusage; the cgroup's CPU count (cpuacct) still has
/// them: 3 s of their CPU under `-t 1` is TLE. Polling alone cannot see them (docs/SANDBOX.md says
/// so), so this test asks for cgroups even when the rest of the file runs without.
#[test]
#[cfg(feature = "slow-tests")]
fn cpu_time_of_workers_the_kernel_reaps_counts_with_a_cgroup() {
    let tag = Tag::new("chunks");
    let ran = run(judge_cmd(
        &hostile(&format!("chunks 3 {tag}")),
        &one_case(),
        &["-t", "1", "--wall-limit", "20"],
        Duration::from_secs(60),
    )
    .env("GAME_JUDGE_CGROUP", "on"));
    tag.assert_none_left();
    if ran.stderr.contains("; no cgroup: ") {
        return common::skip(
            "needs a cgroup",
            "the judge could have none here (not root?)",
        );
    }
    assert!(ran.stdout.contains("problem/sample-1  TLE"), "{ran}");
}

/// Row 1 without a cgroup (the mode of a judge that is not root): a child whose main thread
/// has ended (`pthread_exit`: /proc shows its leader as a zombie) while its other thread works
/// is still counted: 300 MiB under `-m 128` is MLE, 3 s of CPU under `-t 1` is TLE (both were
/// AC, with a peak of 1 MiB and 0 ms, when a zombie leader was taken for a process that ended).
#[test]
#[cfg(feature = "slow-tests")]
fn a_process_whose_main_thread_ended_is_still_measured_without_a_cgroup() {
    for (work, flags, verdict) in [
        ("300 0", ["-m", "128"], "MLE"),
        ("10 3", ["-t", "1"], "TLE"),
    ] {
        let tag = Tag::new("hidden");
        let ran = run(judge_cmd(
            &hostile(&format!("hidden {work} {tag}")),
            &one_case(),
            &[&flags[..], &["--wall-limit", "20"]].concat(),
            Duration::from_secs(60),
        )
        .env("GAME_JUDGE_CGROUP", "off"));
        assert!(
            ran.stdout
                .contains(&format!("problem/sample-1  {verdict} ")),
            "hidden {work}: expected {verdict}: {ran}"
        );
        tag.assert_none_left();
    }
}

/// Row 1 without a cgroup, in the sandbox: a program that ends within a few milliseconds
/// (`cat` of one line), between two looks at /proc, still shows its peak memory, from what the
/// box's init reaped (it showed 0.0 MiB when only polling counted). Any program that ran has
/// resident pages (its code, its stack, libc's), so the figure is above zero.
#[test]
fn a_short_program_shows_its_peak_memory_without_a_cgroup() {
    let ran = judge_one_case_with_cgroup("cat", &[], "off");
    if !ran.stderr.contains("sandbox: on") {
        eprintln!("skipped: the sandbox is off here: {}", ran.stderr);
        return;
    }
    let line = case_line(&ran, "problem/sample-1");
    assert!(memory_mib(line) > 0.0, "{ran}");
}

/// The `sandbox:` line ends with what measures the runs: the cgroup kind in force, or that
/// there is none and why (here, the variable that forces it).
#[test]
fn the_sandbox_line_says_what_measures_the_runs() {
    let ran = judge_one_case_with_cgroup("cat", &[], "off");
    assert!(
        ran.stderr.lines().any(|line| line.starts_with("sandbox: ")
            && line.ends_with("; no cgroup: memory limit by polling (GAME_JUDGE_CGROUP=off)")),
        "{ran}"
    );
    let ran = judge_one_case_with_cgroup("cat", &[], "on");
    let banner = ran
        .stderr
        .lines()
        .find(|line| line.starts_with("sandbox: "))
        .unwrap_or_else(|| panic!("no sandbox: line: {ran}"));
    let measure = ["; cgroup v", "; no cgroup: "]
        .iter()
        .find_map(|start| banner.find(start))
        .map_or("", |at| &banner[at + 2..]);
    assert!(
        ["cgroup v1", "cgroup v2"].contains(&measure)
            || (measure.starts_with("no cgroup: memory limit by polling (")
                && measure.ends_with(')')),
        "{ran}"
    );
}

/// Row 2 without a cgroup or a sandbox (the judge itself then reaps the orphans, as a
/// subreaper): 400 workers of 5 ms of CPU each, orphans that end between two looks at /proc, are
/// counted from what reaping them gave: 2 s of their CPU under `-t 2`, with the forking, is TLE
/// (they were lost: AC at about 1 s).
#[test]
#[cfg(feature = "slow-tests")]
fn orphans_the_judge_reaps_count_without_a_cgroup() {
    let _turn = cpu_heavy();
    let tag = Tag::new("orphans");
    let ran = judge_one_case_with_cgroup(
        &hostile(&format!("orphans 400 5 {tag}")),
        &["-t", "2", "--wall-limit", "60", "--no-sandbox"],
        "off",
    );
    assert!(ran.stdout.contains("problem/sample-1  TLE "), "{ran}");
    tag.assert_none_left();
}

/// Row 2 in the sandbox without a cgroup: a worker that does its work in short children it
/// waits for holds their CPU time (its children's rusage), and is left running when the program
/// ends; the box's init kills and reaps it then, so that time reaches the judge: 2.5 s of it
/// under `-t 1` is TLE (it was nobody's: AC at 0.2 s). Without a sandbox the judge reaps it,
/// as an orphan, with the same result.
#[test]
#[cfg(feature = "slow-tests")]
fn a_worker_left_in_the_box_brings_its_childrens_cpu_time() {
    let _turn = cpu_heavy();
    let tag = Tag::new("waited");
    let ran = judge_one_case_with_cgroup(
        &hostile(&format!("waited 2.5 {tag}")),
        &["-t", "1", "--wall-limit", "60"],
        "off",
    );
    assert!(ran.stdout.contains("problem/sample-1  TLE "), "{ran}");
    tag.assert_none_left();
}

/// Row 2 without a cgroup, during the run: the CPU time of short children a worker waits for,
/// none of them seen alive, counts as it grows (the worker's children's time, less what was
/// seen of them), so a loop of them that never ends is stopped at `-t 1` for its CPU time,
/// not at the wall bound of 4 s as idle (`idle (sleeping or waiting on input) for 4.0 s`: the
/// children's CPU time was neither counted nor busy).
#[test]
#[cfg(feature = "slow-tests")]
fn short_children_waited_for_are_stopped_at_the_cpu_limit_without_a_cgroup() {
    let _turn = cpu_heavy();
    let tag = Tag::new("waited-endless");
    let ran = judge_one_case_with_cgroup(
        &hostile(&format!("waited 20 {tag}")),
        &["-t", "1", "--wall-limit", "4"],
        "off",
    );
    assert!(ran.stdout.contains("problem/sample-1  TLE "), "{ran}");
    assert!(
        ran.stdout.contains("CPU time over the limit of 1000 ms"),
        "{ran}"
    );
    tag.assert_none_left();
}

/// Row 2, never counted twice: a program kills its own session of three workers (0.25 s of
/// CPU each) once they are done, and the box's init reaps them, not their parent: about 1 s in
/// all, AC under `-t 1.6` with a cgroup and without (their time was counted once as seen and
/// again in the init's children's time: TLE).
#[test]
#[cfg(feature = "slow-tests")]
fn workers_reaped_by_another_than_their_parent_count_once() {
    let _turn = cpu_heavy();
    for cgroup in ["on", "off"] {
        let tag = Tag::new("killed-workers");
        let ran = judge_one_case_with_cgroup(
            &hostile(&format!("killed-workers 0.25 {tag}")),
            &["-t", "1.6", "--wall-limit", "60"],
            cgroup,
        );
        assert!(
            ran.stdout.contains("problem/sample-1  AC "),
            "cgroup {cgroup}: {ran}"
        );
        tag.assert_none_left();
    }
}

/// Row 2, never counted twice: a worker (0.6 s of CPU) whose parent ends without waiting for
/// it after it ended, an ordinary shell pattern (`( worker & sleep 1 )`), is reaped by the box's
/// init: about 0.65 s in all, AC under `-t 1` with a cgroup and without (it was counted once as
/// seen and again in the init's children's time: TLE at 1.2 s).
#[test]
#[cfg(feature = "slow-tests")]
fn a_worker_its_parent_never_waited_for_counts_once() {
    let _turn = cpu_heavy();
    for cgroup in ["on", "off"] {
        let tag = Tag::new("unwaited");
        let command = format!(
            "( {} > /dev/null & sleep 1 ); sleep 0.3; echo right",
            hostile(&format!("burn 0.6 {tag}"))
        );
        let ran = judge_one_case_with_cgroup(&command, &["-t", "1", "--wall-limit", "60"], cgroup);
        assert!(
            ran.stdout.contains("problem/sample-1  AC "),
            "cgroup {cgroup}: {ran}"
        );
        tag.assert_none_left();
    }
}

/// Row 1, case after case, against a program running as root that changes its own memory
/// cgroup (a lower limit, the OOM killer off): the cases after it, which may get the same
/// cgroup, are judged under the judge's settings: 50 MiB under `-m 100` is AC, 300 MiB is MLE
/// (not a wall-bound TLE with the OOM killer off).
#[test]
#[cfg(feature = "slow-tests")]
fn a_program_that_changes_its_cgroup_does_not_change_the_next_cases() {
    let tag = Tag::new("tamper");
    let mut files = vec![("a-tamper.in".to_string(), "tamper\n")];
    for (index, what) in ["alloc 50", "alloc 300", "alloc 50", "alloc 300"]
        .iter()
        .enumerate()
    {
        files.push((format!("b{index}-{}.in", what.replace(' ', "-")), what));
    }
    let with_answers: Vec<(String, &str)> = files
        .into_iter()
        .flat_map(|(name, content)| {
            let out = name.replace(".in", ".out");
            [(name, content), (out, "right\n")]
        })
        .collect();
    let dir = case_folder(&with_answers);
    let command = format!("read mode mib; {}", hostile(&format!("$mode $mib {tag}")));
    let ran = run(&mut judge_cmd(
        &command,
        &dir,
        &["-m", "100", "-j", "1"],
        Duration::from_secs(60),
    ));
    for (name, verdict) in [
        ("b0-alloc-50", "AC"),
        ("b1-alloc-300", "MLE"),
        ("b2-alloc-50", "AC"),
        ("b3-alloc-300", "MLE"),
    ] {
        assert!(
            case_line(&ran, &format!("problem/{name}")).contains(&format!("  {verdict} ")),
            "{name} should be {verdict}: {ran}"
        );
    }
    tag.assert_none_left();
}

/// Row 1 against root: a child that moves itself out of the case's cgroups (to the root
/// ones) and then touches 400 MiB under `-m 100` is still the case's: MLE, and not left
/// running. (Without a cgroup the write fails and the child is counted as any other.)
#[test]
#[cfg(feature = "slow-tests")]
fn a_child_that_leaves_the_cgroup_still_counts() {
    let tag = Tag::new("leave-cgroup");
    let command = format!(
        "sh -c 'for c in memory cpuacct; do echo $$ > /sys/fs/cgroup/$c/cgroup.procs; done 2>/dev/null; {}' & wait",
        hostile(&format!("alloc 400 {tag}"))
    );
    let ran = run(&mut judge_cmd(
        &command,
        &one_case(),
        &["-m", "100"],
        Duration::from_secs(30),
    ));
    assert!(ran.stdout.contains("problem/sample-1  MLE"), "{ran}");
    tag.assert_none_left();
}

/// Row 2: the time limit is CPU time. Six cases of 0.8 s of CPU each, four at once on a 2-core
/// machine, take well over 1 s of wall time each, yet all are AC under `-t 1`. (`--wall-limit`
/// is set far above so that a loaded machine cannot turn them into TLE by wall time; a judge
/// that applied `-t` to wall time still fails.)
#[test]
#[cfg(feature = "slow-tests")]
fn the_time_limit_counts_cpu_time_not_waiting_for_a_core() {
    let _turn = cpu_heavy();
    let tag = Tag::new("burn");
    let dir = case_folder(&common::numbered_cases("c", 6, |_| "".into(), "right\n"));
    let ran = run(&mut judge_cmd(
        &hostile(&format!("burn 0.8 {tag}")),
        &dir,
        &["-t", "1", "-j", "4", "--wall-limit", "30"],
        Duration::from_secs(120),
    ));
    assert!(ran.stdout.contains("6 cases: 6 AC"), "{ran}");
    assert_eq!(ran.code, Some(0), "{ran}");
    tag.assert_none_left();
}

/// Row 2 (issue 21): starved is not slow. Six programs of 0.6 s of CPU, `-t 1 -j 4`, with four
/// busy loops beside the judge on this 2-core machine, wait for a CPU far longer than the wall
/// bound of 3 s (it was TLE for most of them); the wall bound counts idle time only, so they are
/// judged by their CPU time: all AC, and with `--verbose` a case line says how long it waited for
/// a CPU.
#[test]
#[cfg(feature = "slow-tests")]
fn programs_starved_of_cpu_by_busy_loops_are_judged_by_their_cpu_time() {
    let _turn = cpu_heavy();
    let tag = Tag::new("starved");
    let dir = case_folder(&common::numbered_cases("c", 6, |_| "".into(), "right\n"));
    let busy = BusyLoops::start(4);
    let ran = run(&mut judge_cmd(
        &hostile(&format!("burn 0.6 {tag}")),
        &dir,
        &["-t", "1", "-j", "4", "--verbose"],
        Duration::from_secs(300),
    ));
    busy.stop();
    assert!(ran.stdout.contains("6 cases: 6 AC"), "{ran}");
    assert!(ran.stdout.contains(" for a CPU)\n"), "no wait noted: {ran}");
    assert_eq!(ran.code, Some(0), "{ran}");
    tag.assert_none_left();
}

/// Row 2 (issue 21), interactive: a player against the judge's built-in opponent waits for
/// every move on the judge's own threads (the opponent, the relay), which the busy loops starve
/// too. Those threads work for the case, so the player is not idle while they wait for a CPU:
/// 3000 games under `--wall-limit 1` beside four busy loops are AC (it was TLE, idle past 1 s).
#[test]
#[cfg(feature = "slow-tests")]
fn a_player_waiting_on_the_judges_starved_threads_is_not_idle() {
    let _turn = cpu_heavy();
    let tag = Tag::new("starved-player");
    let dir = common::fresh_folder(
        "hostile",
        "player",
        &[("random.in", "opponent random\nseed 7\ngames 3000\n")],
    );
    common::judge_file(&dir, "interactive", "tic-tac-toe\n");
    let player = assert_cmd::cargo::cargo_bin("tic_tac_toe_player");
    let busy = BusyLoops::start(4);
    let ran = run(&mut judge_cmd(
        &format!("{}; : {tag}", quoted(&player)),
        &dir,
        &["--wall-limit", "1"],
        Duration::from_secs(300),
    ));
    busy.stop();
    assert!(ran.stdout.contains("player/random  AC"), "{ran}");
    assert_eq!(ran.code, Some(0), "{ran}");
    tag.assert_none_left();
}

/// Row 2 (issue 21): a sleeper is still stopped at the wall bound (`-t 0.5`: 2 s of idle
/// time), and the line says it was idle.
#[test]
#[cfg(feature = "slow-tests")]
fn a_sleeper_is_stopped_at_the_wall_bound_of_idle_time() {
    let tag = Tag::new("sleep-30");
    let ran = judge_hostile("sleep 30", &tag, &["-t", "0.5"]);
    assert!(ran.stdout.contains("problem/sample-1  TLE"), "{ran}");
    assert!(
        ran.stdout
            .contains("    idle (sleeping or waiting on input) for ")
            && ran.stdout.contains(" s, over the bound of 2000 ms: killed"),
        "{ran}"
    );
    assert_eq!(ran.code, Some(1), "{ran}");
    tag.assert_none_left();
}

/// Row 2 (issue 46): a sleeper whose 60 children, pinned to one CPU, wake together every 0.5 s
/// and spin 0.2 ms each: they wait for that CPU side by side, and their waits, summed, hid 12 s
/// of sleep (AC after 12 s, "waited 52.9 s for a CPU"). Threads that wait side by side are busy
/// once, not sixty times: TLE at the wall bound of 5 s (`-t 2`) as idle, and the wait the line
/// notes is at most the time the case was busy (under the 6 s it ran here).
#[test]
#[cfg(feature = "slow-tests")]
fn children_waiting_side_by_side_do_not_hide_a_sleeper() {
    let _turn = cpu_heavy();
    let tag = Tag::new("side-by-side");
    let ran = judge_hostile("side-by-side 12 60 0.2", &tag, &["-t", "2"]);
    assert!(ran.stdout.contains("problem/sample-1  TLE"), "{ran}");
    assert!(
        ran.stdout
            .contains("    idle (sleeping or waiting on input) for ")
            && ran.stdout.contains(" s, over the bound of 5000 ms: killed"),
        "{ran}"
    );
    let waited = ran
        .stdout
        .split("waited ")
        .nth(1)
        .and_then(|rest| rest.split(" s for a CPU").next())
        .map(|seconds| seconds.parse::<f64>().expect("a number of seconds"));
    assert!(waited.unwrap_or(0.0) < 6.0, "waited {waited:?} s: {ran}");
    assert_eq!(ran.code, Some(1), "{ran}");
    tag.assert_none_left();
}

/// Row 2: a program that burns CPU forever is TLE under `-t 1`.
#[test]
#[cfg(feature = "slow-tests")]
fn burning_cpu_forever_is_tle() {
    let _turn = cpu_heavy();
    let tag = Tag::new("spin");
    let start = Instant::now();
    let ran = run(&mut judge_cmd(
        &hostile(&format!("spin {tag}")),
        &one_case(),
        &["-t", "1"],
        Duration::from_secs(30),
    ));
    assert!(ran.stdout.contains("problem/sample-1  TLE"), "{ran}");
    assert_eq!(ran.code, Some(1), "{ran}");
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    tag.assert_none_left();
}

/// Row 3: a program that answers, then double-forks a `setsid` daemon holding its stdout open
/// for 40 s and exits: the judge is done in well under 40 s (`--wall-limit 3`), gives the case
/// a verdict (AC or TLE), and leaves no process of the daemon behind.
#[test]
#[cfg(feature = "slow-tests")]
fn a_daemon_holding_stdout_neither_stalls_the_judge_nor_outlives_it() {
    let tag = Tag::new("daemon");
    let start = Instant::now();
    let ran = run(&mut judge_cmd(
        &hostile(&format!("daemon {tag}")),
        &one_case(),
        &["--wall-limit", "3"],
        Duration::from_secs(20),
    ));
    let elapsed = start.elapsed();
    assert!(elapsed < Duration::from_secs(20), "took {elapsed:?}");
    assert!(
        ran.stdout.contains("problem/sample-1  AC") || ran.stdout.contains("problem/sample-1  TLE"),
        "{ran}"
    );
    assert!(matches!(ran.code, Some(0 | 1)), "{ran}");
    tag.assert_none_left();
}

/// Row 4: the same daemon with stdin, stdout and stderr on /dev/null no longer holds the pipe:
/// the case is AC, and the daemon still does not outlive the judge.
#[test]
fn a_detached_daemon_does_not_outlive_the_judge() {
    let tag = Tag::new("daemon-quiet");
    let ran = run(&mut judge_cmd(
        &hostile(&format!("daemon-quiet {tag}")),
        &one_case(),
        &[],
        Duration::from_secs(30),
    ));
    assert!(ran.stdout.contains("problem/sample-1  AC"), "{ran}");
    assert_eq!(ran.code, Some(0), "{ran}");
    tag.assert_none_left();
}

/// Row 4, the hard way: the daemon also clears its environment (so it carries no run marker)
/// and its parent is gone at once, so only the judge's adoption of orphans can tie it to the
/// run: still killed with the case, with a cgroup or without (CI runs this file both ways).
#[test]
fn a_daemon_without_the_run_marker_does_not_outlive_the_judge() {
    let tag = Tag::new("escape");
    let ran = judge_hostile("escape", &tag, &[]);
    assert_eq!(ran.code, Some(0), "{ran}");
    assert!(ran.stdout.contains("problem/sample-1  AC"), "{ran}");
    tag.assert_none_left();
}

/// Row 5: `signal` to the judge while cases run (one quick case already reported AC, two
/// tagged programs sleeping): it kills every program it started, prints the summary of what
/// finished and exits with `expected_code`.
fn a_signal_while_judging(signal: &str, expected_code: i32) {
    let tag = Tag::new(&format!("signal-{signal}"));
    let dir = case_folder(&[
        ("a-0.in", "quick\n"),
        ("a-0.out", "right\n"),
        ("b-1.in", "slow\n"),
        ("b-1.out", "right\n"),
        ("b-2.in", "slow\n"),
        ("b-2.out", "right\n"),
    ]);
    let mut judge = Running::spawn(&hostile(&format!("sleep 30 {tag}")), &dir, &["-j", "3"]);
    let (sender, lines) = mpsc::channel();
    let stdout = judge.0.stdout.take().unwrap();
    thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if sender.send(line.unwrap_or_default()).is_err() {
                return;
            }
        }
    });
    let mut seen = Vec::new();
    // The quick case is reported first...
    let deadline = Instant::now() + Duration::from_secs(20);
    while !seen
        .iter()
        .any(|line: &String| line.contains("problem/a-0"))
    {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) => seen.push(line),
            Err(_) => panic!("no line for a-0 within 20 s: {seen:?}"),
        }
    }
    // ...and the two slow ones are sleeping (the judge's own command line holds the tag too).
    let deadline = Instant::now() + Duration::from_secs(20);
    while tag.pids().iter().filter(|&&pid| pid != judge.pid()).count() < 2 {
        assert!(Instant::now() < deadline, "the sleepers never showed up");
        thread::sleep(Duration::from_millis(20));
    }
    let sent = std::process::Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(judge.pid().to_string())
        .status()
        .unwrap();
    assert!(sent.success(), "kill -{signal} {}", judge.pid());
    let status = judge.wait_bounded(Duration::from_secs(20));
    while let Ok(line) = lines.recv_timeout(Duration::from_secs(5)) {
        seen.push(line);
    }
    let stderr = judge.stderr();
    let report = format!(
        "{status:?}\nstdout:\n{}\nstderr:\n{stderr}",
        seen.join("\n")
    );
    assert_eq!(status.code(), Some(expected_code), "{report}");
    let summary = seen.last().map_or("", String::as_str);
    assert!(
        is_summary(summary) && summary.contains("1 AC"),
        "the last line is not a summary naming the AC case: {report}"
    );
    assert!(
        stderr.contains("error: stopped by signal"),
        "stderr does not say the run was stopped: {report}"
    );
    tag.assert_none_left();
}

/// Row 5: SIGTERM to the judge: its programs are killed, exit 143.
#[test]
fn sigterm_to_the_judge_kills_its_programs_and_exits_143() {
    a_signal_while_judging("TERM", 143);
}

/// Row 5: SIGINT to the judge: its programs are killed, exit 130.
#[test]
fn sigint_to_the_judge_kills_its_programs_and_exits_130() {
    a_signal_while_judging("INT", 130);
}

/// Row 5: SIGHUP to the judge: its programs are killed, exit 129.
#[test]
fn sighup_to_the_judge_kills_its_programs_and_exits_129() {
    a_signal_while_judging("HUP", 129);
}

/// Row 6: `yes` forever is OLE, found as soon as the output passes the cap, not after the time
/// limit (`-t 60`: a judge that waits for it takes a minute and fails the 30 s bound).
#[test]
fn endless_output_is_ole_without_waiting_for_the_time_limit() {
    let tag = Tag::new("yes");
    let ran = run(&mut judge_cmd(
        &format!("yes {tag}"),
        &one_case(),
        &["-t", "60"],
        Duration::from_secs(30),
    ));
    assert!(ran.stdout.contains("problem/sample-1  OLE"), "{ran}");
    assert_eq!(ran.code, Some(1), "{ran}");
    tag.assert_none_left();
}

/// Row 7: `--compare exact` compares bytes, not text: `\xfe\n` for an expected `\xff\n` is WA
/// (both are invalid UTF-8, so a lossy decoding would make them equal).
#[test]
fn exact_comparison_is_byte_for_byte_even_outside_utf8() {
    let dir = case_folder(&[("x.in", "")]);
    fs::write(dir.join("x.out"), b"\xff\n").unwrap();
    judge_cmd(
        "printf '\\376\\n'",
        &dir,
        &["--compare", "exact"],
        Duration::from_secs(30),
    )
    .assert()
    .code(1)
    .stdout(contains("problem/x  WA"));
}

/// Row 8: two cases of 60 MiB of output each, judged two at once, are both AC, and the judge's
/// own peak memory (VmHWM) stays under 400 MiB.
#[test]
#[cfg(feature = "slow-tests")]
fn sixty_mib_outputs_are_compared_without_the_judge_growing_large() {
    let tag = Tag::new("big");
    let dir = case_folder(&[] as &[(&str, &str)]);
    let line = format!("{}\n", "x".repeat(63));
    fs::write(dir.join("big.txt"), line.repeat(60 << 14)).unwrap(); // 60 MiB
    for case in ["a-1", "a-2"] {
        for extension in ["in", "out"] {
            fs::hard_link(dir.join("big.txt"), dir.join(format!("{case}.{extension}"))).unwrap();
        }
    }
    let mut judge = Running::spawn(&format!("cat; : {tag}"), &dir, &["-j", "2"]);
    let status_file = format!("/proc/{}/status", judge.pid());
    let start = Instant::now();
    let mut peak_kib = 0u64;
    while judge.0.try_wait().unwrap().is_none() {
        if let Ok(status) = fs::read_to_string(&status_file) {
            for line in status.lines().filter(|line| line.starts_with("VmHWM:")) {
                let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
                peak_kib = peak_kib.max(kib);
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the judge took over 60 s on two 60 MiB cases"
        );
        thread::sleep(Duration::from_millis(5));
    }
    let mut stdout = String::new();
    judge
        .0
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    let ran = Ran {
        code: judge.wait_bounded(Duration::from_secs(1)).code(),
        stdout,
        stderr: judge.stderr(),
    };
    assert!(ran.stdout.contains("2 cases: 2 AC"), "{ran}");
    assert_eq!(ran.code, Some(0), "{ran}");
    assert!(peak_kib > 0, "the judge's memory was sampled");
    assert!(
        peak_kib < 400 * 1024,
        "the judge peaked at {peak_kib} KiB for 2 x 60 MiB compared"
    );
    tag.assert_none_left();
}

/// Row 9: a FIFO `x.in` is an error naming it (exit 2, nothing judged), found without opening
/// it (which would wait for a writer forever); a symlink `y.in` to a folder is an error too.
#[test]
fn a_fifo_or_a_symlink_to_a_folder_as_input_is_an_error_not_a_hang() {
    let dir = case_folder(&[("x.out", "right\n")]);
    let made = std::process::Command::new("mkfifo")
        .arg(dir.join("x.in"))
        .status()
        .unwrap();
    assert!(made.success(), "mkfifo");
    judge_cmd("echo right", &dir, &[], Duration::from_secs(20))
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(contains("x.in"));
    let dir = case_folder(&[("y.out", "right\n")]);
    std::os::unix::fs::symlink(dir.parent().unwrap(), dir.join("y.in")).unwrap();
    judge_cmd("echo right", &dir, &[], Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(contains("y.in"));
}

/// Issue 21: a case file that leads into /proc or /sys, or to a device, is refused before
/// anything runs (exit 2, nothing judged), the error naming the file and where it leads: a
/// link to /proc/self/mem would hand the program the judge's own memory, /dev/zero never ends.
#[test]
fn a_case_file_linked_to_proc_self_mem_or_a_device_is_refused() {
    let tag = Tag::new("kernel-case-files");
    let program = format!("cat >/dev/null; echo right; : {tag}");
    for (file, target, said) in [
        (
            "x.in",
            "/proc/self/mem",
            "x.in is a link to /proc/self/mem: ",
        ),
        (
            "x.in",
            "/dev/zero",
            "x.in is a link to /dev/zero, a character device: ",
        ),
        (
            "x.out",
            "/proc/self/mem",
            "x.out is a link to /proc/self/mem: ",
        ),
    ] {
        let other = if file == "x.in" { "x.out" } else { "x.in" };
        let dir = case_folder(&[(other, "right\n")]);
        std::os::unix::fs::symlink(target, dir.join(file)).unwrap();
        judge_cmd(&program, &dir, &[], Duration::from_secs(20))
            .assert()
            .code(2)
            .stdout(predicate::str::is_empty())
            .stderr(contains(said))
            .stderr(contains(
                "a case file must be a regular file outside /proc and /sys",
            ));
    }
    tag.assert_none_left();
}

/// Row 10: `--cmd ./script.sh` where the script has no `#!` line runs as a shell would run it
/// (sh executes it): AC.
#[test]
fn a_script_without_a_shebang_runs_as_a_shell_would_run_it() {
    let dir = case_folder(&[
        ("x.in", ""),
        ("x.out", "right\n"),
        ("script.sh", "echo right\n"),
    ]);
    let script = dir.join("script.sh");
    let mut permissions = fs::metadata(&script).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    fs::set_permissions(&script, permissions).unwrap();
    judge_cmd("./script.sh", &dir, &[], Duration::from_secs(30))
        .current_dir(&dir)
        .assert()
        .code(0)
        .stdout(contains("problem/x  AC"));
}

/// Row 11: `judge | head -1`: the reader goes away after the first line while cases are still
/// being judged; the judge exits without a panic.
#[test]
fn a_reader_that_goes_away_does_not_make_the_judge_panic() {
    let tag = Tag::new("pipe");
    let dir = case_folder(&common::numbered_cases("c", 50, |_| "".into(), "right\n"));
    let mut judge = Running::spawn(
        &format!("sleep 0.1; echo right; : {tag}"),
        &dir,
        &["-j", "2"],
    );
    let mut reader = BufReader::new(judge.0.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    assert!(first.starts_with("problem/c-"), "{first:?}");
    drop(reader);
    let status = judge.wait_bounded(Duration::from_secs(60));
    let stderr = judge.stderr();
    assert!(!stderr.contains("panicked"), "{status:?}\n{stderr}");
    assert_ne!(status.code(), Some(101), "{stderr}");
    tag.assert_none_left();
}

/// Whether a report line is the summary: `N case(s): ...`.
fn is_summary(line: &str) -> bool {
    let (count, rest) = line.split_once(' ').unwrap_or_default();
    count.parse::<usize>().is_ok() && (rest.starts_with("case: ") || rest.starts_with("cases: "))
}

/// Row 12: case names holding a newline or a terminal escape are shown escaped: no raw ESC
/// byte in the report, and every line is a case line, an indented detail or the summary.
#[test]
fn case_names_with_newlines_or_escapes_are_shown_escaped() {
    let dir = case_folder(&[
        ("a\nb.in", ""),
        ("a\nb.out", "right\n"),
        ("\x1b[32mAC\x1b[0m.in", ""),
        ("\x1b[32mAC\x1b[0m.out", "right\n"),
    ]);
    let output = judge_cmd("echo right", &dir, &[], Duration::from_secs(30))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(
        !output.stdout.contains(&0x1b),
        "a raw ESC byte in the report:\n{stdout:?}"
    );
    let mut case_lines = 0;
    for line in stdout.lines() {
        if line.starts_with("problem/") {
            assert!(line.contains("  AC"), "{line:?} in\n{stdout:?}");
            case_lines += 1;
        } else {
            assert!(
                line.starts_with(' ') || is_summary(line),
                "{line:?} is neither a case line, a detail nor the summary:\n{stdout:?}"
            );
        }
    }
    assert_eq!(case_lines, 2, "{stdout:?}");
    assert!(stdout.lines().last().is_some_and(is_summary), "{stdout:?}");
}

/// Row 13: with `-j 2`, case lines come in case order even when the first case is the slowest.
#[test]
fn case_lines_come_in_case_order_with_parallel_jobs() {
    let tag = Tag::new("order");
    let input = |n: usize| if n == 1 { "slow\n" } else { "fast\n" }.to_string();
    let dir = case_folder(&common::numbered_cases("c", 6, input, "right\n"));
    let command = format!("read x; if [ \"$x\" = slow ]; then sleep 1; fi; echo right; : {tag}");
    let ran = run(&mut judge_cmd(
        &command,
        &dir,
        &["-j", "2"],
        Duration::from_secs(30),
    ));
    assert_eq!(ran.code, Some(0), "{ran}");
    let order: Vec<&str> = ran
        .stdout
        .lines()
        .filter_map(|line| line.strip_prefix("problem/"))
        .filter_map(|rest| rest.split_whitespace().next())
        .collect();
    assert_eq!(order, ["c-1", "c-2", "c-3", "c-4", "c-5", "c-6"], "{ran}");
    tag.assert_none_left();
}

/// Row 14: `--cmd ''` is a usage error: exit 2, an error on stderr, nothing judged.
#[test]
fn an_empty_command_is_a_usage_error() {
    judge_cmd("", &one_case(), &[], Duration::from_secs(30))
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(contains("error").and(contains("--cmd")));
}

/// From a hostile review: a program that swaps a later case's answer for a FIFO or a link to
/// /dev/zero after the start-up check neither hangs the judge nor makes it read without end:
/// the file is checked again as it is opened, and that case is a judge error.
#[test]
fn an_answer_swapped_for_a_fifo_or_a_device_during_the_run_is_a_judge_error() {
    let tag = Tag::new("swapped-answer");
    for swap in ["mkfifo b.out", "ln -s /dev/zero b.out"] {
        let dir = case_folder(&[
            ("a.in", "5\n"),
            ("a.out", "5\n"),
            ("b.in", "5\n"),
            ("b.out", "5\n"),
        ]);
        let program = format!(
            "cd {} && rm -f b.out && {swap}; cat; : {tag}",
            dir.display()
        );
        // Outside the sandbox: in it, the program cannot see the case folder at all (see
        // sandbox.rs); this is the judge's own check, for when it runs without one.
        judge_cmd(
            &program,
            &dir,
            &["-j", "1", "--no-sandbox"],
            Duration::from_secs(60),
        )
        .assert()
        .code(2)
        .stdout(contains("/b  JE"))
        .stdout(contains(
            "a case file must be a regular file outside /proc and /sys",
        ));
        tag.assert_none_left();
    }
}
