//! One build command run under the compile time limit: a contestant's boxed, writing in its
//! build folder only; what it said, or why it failed.

use super::{Failure, Whose};
use crate::limits::{Limits, PastOutputCap};
use crate::process::sandbox::{BuildSpace, NotTaken};
use crate::process::{execute, Program, Stop, Termination, Trust};
use crate::temp_folder::quoted;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// How many of the compiler's lines a failure shows.
const SHOWN_LINES: usize = 12;
/// The most a contestant's build may leave in its folder: bytes, all files together (DOMjudge's
/// `script_filesize_limit`, 2.5 GiB), and entries.
const MOST_BUILD_BYTES: u64 = 2560 << 20;
const MOST_BUILD_ENTRIES: usize = 10_000;

/// Runs a build's shell `line` in `folder` under the compile time limit (a contestant's in the
/// sandbox, writing in `folder` only); `Ok` with what it said (stdout and stderr) when it
/// succeeded, else the failure, with the first lines it said.
pub(super) fn run_build(
    source: &str,
    folder: &Path,
    line: &str,
    limit: Duration,
    whose: Whose,
) -> Result<Vec<u8>, Failure> {
    let limits = Limits {
        memory_bytes: 4 << 30,
        stack_bytes: 1 << 30,
        output_bytes: 1 << 20,
        past_output_cap: PastOutputCap::Kill,
        ..Limits::with_cpu(limit)
    };
    let program = Program::Shell(format!("cd {} && {{ {line}; }} 2>&1", quoted(folder)));
    let io = |error: std::io::Error| Failure::Io(format!("cannot build {source}: {error}"));
    let compile_error = |why: String| Failure::Compile {
        source: source.to_string(),
        command: line.to_string(),
        said: why,
    };
    let space = match whose {
        Whose::Problem => None,
        Whose::Contestant => Some(Arc::new(
            BuildSpace::new(folder, MOST_BUILD_BYTES, MOST_BUILD_ENTRIES).map_err(io)?,
        )),
    };
    let trust = match &space {
        None => Trust::Helper,
        Some(space) => Trust::Build(Arc::clone(space)),
    };
    let ran = execute(&program, None, limits, trust).map_err(io)?;
    if let Some(space) = space {
        space.take_back().map_err(|not_taken| match not_taken {
            NotTaken::Build(why) => compile_error(why),
            NotTaken::Machine(error) => io(error),
        })?;
    }
    let said = String::from_utf8_lossy(&ran.stdout);
    let first: Vec<&str> = said.lines().take(SHOWN_LINES).collect();
    let timed_out = matches!(
        ran.ended.stopped,
        Some(Stop::CpuTime | Stop::WallTime | Stop::Backstop)
    );
    match (timed_out, ran.ended.termination) {
        (true, _) => Err(Failure::CompileTime {
            source: source.to_string(),
            command: line.to_string(),
            limit,
        }),
        (false, Termination::Exited(0)) if ran.ended.stopped.is_none() => Ok(ran.stdout),
        _ => Err(Failure::Compile {
            source: source.to_string(),
            command: line.to_string(),
            said: first.join("\n"),
        }),
    }
}
