//! How a run's command is set up and spawned: its stdin, its process group and marker, and the
//! limits and steps its child takes between fork and exec.

use super::cgroup::Cgroup;
use super::members::MARKER_VARIABLE;
use super::{open_regular, sandbox, sys, Input, Outputs};
use crate::limits::Limits;
use std::io;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;

/// What a run's child does for itself between fork and exec: join a cgroup, enter a box (set
/// up by the sandbox), be pinned to a CPU.
pub(super) struct ChildSteps<'a> {
    pub(super) join: Option<&'a Cgroup>,
    pub(super) boxed: bool,
    pub(super) cpu: Option<usize>,
}

/// Sets up a command as every run is set up. The resource limits reach the child one of two
/// ways: where its child has steps of its own (see `ChildSteps`), it sets them
/// between fork and exec; else it is spawned without that step (a vfork-like spawn, far cheaper
/// than forking the judge) and inherits them, see `spawn`.
pub(super) fn prepare(
    mut command: Command,
    stdin: Stdio,
    outputs: Outputs,
    marker: &str,
    limits: &Limits,
    steps: ChildSteps,
) -> Command {
    let ChildSteps { join, boxed, cpu } = steps;
    use std::os::unix::process::CommandExt;
    let stderr = match outputs {
        Outputs::PipedQuiet => Stdio::null(),
        Outputs::Piped | Outputs::Captured => Stdio::piped(),
    };
    command
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(stderr)
        .env(MARKER_VARIABLE, marker)
        .process_group(0);
    if join.is_some() || boxed || cpu.is_some() {
        sys::set_up_child(
            &mut command,
            sys::ChildSetup {
                cpu_seconds: cpu_backstop_seconds(limits),
                stack_bytes: limits.stack_bytes,
                join_cgroup: join.and_then(Cgroup::procs_file),
                cpu,
            },
        );
    }
    command
}

/// RLIMIT_CPU, a backstop: whole seconds past the limit, since the monitor stops a run first.
fn cpu_backstop_seconds(limits: &Limits) -> u64 {
    limits.cpu.as_secs() + 2
}

/// Spawns a prepared command. Without a step between fork and exec, the child inherits the
/// judge's own soft stack limit and core-dump limit, so those are set on the judge for the
/// spawn (one spawn at a time, as they are the judge's), and RLIMIT_CPU is set on the child
/// right after.
pub(super) fn spawn(
    command: &mut Command,
    limits: &Limits,
    joins_by_itself: bool,
) -> io::Result<Child> {
    if joins_by_itself {
        return command.spawn();
    }
    static SPAWNING: Mutex<()> = Mutex::new(());
    let child = {
        let _one_at_a_time = SPAWNING
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        sys::limit_what_children_inherit(limits.stack_bytes);
        command.spawn()?
    };
    sys::limit_cpu_of(child.id() as i32, cpu_backstop_seconds(limits));
    Ok(child)
}

/// The run's stdin; a boxed run's input file is a sealed copy (see `sandbox::sealed_input`).
pub(super) fn stdin_for(input: &Input, boxed: bool) -> io::Result<Stdio> {
    Ok(match input {
        Input::File(path) if boxed => Stdio::from(sandbox::sealed_input(path)?),
        Input::File(path) => Stdio::from(open_regular(path)?),
        Input::Pipe => Stdio::piped(),
        Input::Null => Stdio::null(),
    })
}
