//! Measuring: runs of a closure or a whole process, their median/min/max, and the table rows.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// How many times each measurement runs.
pub const RUNS: usize = 7;

/// Median, min and max of the runs of one measurement.
pub struct Stats {
    pub median: Duration,
    pub min: Duration,
    pub max: Duration,
}

/// Median, min and max of some measured times.
pub fn stats(mut times: Vec<Duration>) -> Stats {
    times.sort();
    Stats {
        median: times[times.len() / 2],
        min: times[0],
        max: times[times.len() - 1],
    }
}

fn timed(run: &mut impl FnMut()) -> Duration {
    let start = Instant::now();
    run();
    start.elapsed()
}

/// Times `RUNS` runs of `run`.
pub fn measure(mut run: impl FnMut()) -> Stats {
    stats((0..RUNS).map(|_| timed(&mut run)).collect())
}

/// Times `RUNS` runs each of a baseline and a contender, alternating, so that the machine's
/// drift during the bench weighs on both alike.
pub fn measure_pair(mut baseline: impl FnMut(), mut contender: impl FnMut()) -> (Stats, Stats) {
    let (mut base, mut other) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        base.push(timed(&mut baseline));
        other.push(timed(&mut contender));
    }
    (stats(base), stats(other))
}

/// This thread's CPU time so far, to the nanosecond (`/proc/thread-self/schedstat` is only
/// brought up to date at the scheduler's ticks, 4 ms here).
pub fn thread_cpu() -> Duration {
    /// `struct timespec` on 64-bit Linux.
    #[repr(C)]
    struct Timespec {
        seconds: i64,
        nanoseconds: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    /// Linux's `CLOCK_THREAD_CPUTIME_ID`.
    const THREAD_CPU_TIME: i32 = 3;
    let mut time = Timespec {
        seconds: 0,
        nanoseconds: 0,
    };
    // SAFETY: `time` is valid, writable and laid out as clock_gettime expects.
    let status = unsafe { clock_gettime(THREAD_CPU_TIME, &mut time) };
    assert_eq!(status, 0, "clock_gettime failed");
    Duration::new(time.seconds as u64, time.nanoseconds as u32)
}

pub fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

/// Prints a section's heading and the table header.
pub fn header(title: &str) {
    println!("\n### {title}\n");
    println!("| measurement | median ms | min ms | max ms | ratio to baseline |");
    println!("|---|---|---|---|---|");
}

/// Prints a row; the ratio is this median over the baseline's median.
pub fn row(name: &str, stats: &Stats, baseline: Option<&Stats>) {
    let ratio = baseline.map_or_else(
        || "baseline".to_string(),
        |base| {
            format!(
                "{:.2}x",
                stats.median.as_secs_f64() / base.median.as_secs_f64()
            )
        },
    );
    println!(
        "| {name} | {:.2} | {:.2} | {:.2} | {ratio} |",
        ms(stats.median),
        ms(stats.min),
        ms(stats.max)
    );
}

/// Runs a command and insists that it succeeds (a failing run would measure nothing useful).
pub fn run_ok(command: &mut Command) {
    let output = command
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{command:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Runs `program` with `input` written to its stdin through a pipe and its stdout read through
/// a pipe, as a judge would; returns the output's length (checked by the caller).
/// Runs `program` as a shell runs `program < file > /dev/null`: stdin the file itself, stdout
/// the null device.
pub fn from_file_to_null(program: &Path, file: &Path) {
    let status = Command::new(program)
        .stdin(std::fs::File::open(file).unwrap())
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .status()
        .unwrap();
    assert!(status.success(), "{} failed", program.display());
}

pub fn through_pipes(program: &Path, input: &[u8]) -> usize {
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let length = thread::scope(|scope| {
        scope.spawn(move || stdin.write_all(input).unwrap());
        let mut output = Vec::with_capacity(input.len() * 2);
        stdout.read_to_end(&mut output).unwrap();
        output.len()
    });
    assert!(
        child.wait().unwrap().success(),
        "{} failed",
        program.display()
    );
    length
}

/// Compiles a tiny Rust program (a floor to compare with) with the same rustc and `-O`.
pub fn compile_floor(name: &str, source: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bench-floors");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.rs"));
    std::fs::write(&file, source).unwrap();
    let binary = dir.join(name);
    let status = Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&binary)
        .arg(&file)
        .status()
        .unwrap();
    assert!(status.success(), "cannot compile the floor {name}");
    binary
}
