//! What happens between fork and exec when a program runs in the sandbox: two processes, each
//! running only the async-signal-safe calls of `sys::namespaces` on a `Prepared` made before
//! the fork.
//!
//! - The **init** is the child the judge forks, born PID 1 of a new PID namespace (the
//!   spawning thread asked for one, see `in_new_pid_namespace`; without root, the child makes
//!   a user namespace and the rest, and forks the init, see `Who`). It enters the box's other
//!   namespaces, builds the file system view, forks the program, and reaps every process of
//!   the box until the program has ended; then it writes the program's wait status down a pipe
//!   to the judge (PID 1 cannot end by a signal it sends itself, so it cannot end as the
//!   program did) and exits, which ends whatever is left in the box.
//! - The **program** (PID 2) becomes the unprivileged box user, puts itself under the seccomp
//!   filter (`sys::seccomp`), and std execs it.

use super::plan::MountStep;
use crate::process::sys;
use crate::process::sys::namespaces as ns;
use crate::process::sys::seccomp;
use std::ffi::CString;
use std::io;
use std::os::raw::c_int;

/// Everything the two processes need, made before the fork (no allocation after it).
pub struct Prepared {
    pub mounts: Vec<MountStep>,
    /// One slot per copied tree, filled in the child.
    pub copies: Vec<c_int>,
    /// The tmpfs mounts left writable once everything else is made read-only (their paths in
    /// the box).
    pub writable: Vec<CString>,
    /// A folder the program writes in (a build's), given to the box user.
    pub given: Option<CString>,
    /// The bounded tmpfs the judge made to stand in for that folder (see `BuildSpace`); without
    /// one, the folder itself is shown.
    pub stand_in: Option<c_int>,
    /// The folder of the machine's tree on which the box's root is built, and its `proc`.
    pub stage: CString,
    pub stage_proc: CString,
    pub working_folder: CString,
    /// A case's input files, copied into the working folder (see `process::case_files`).
    pub placed: Vec<Placed>,
    pub max_processes: u64,
    /// The pipe's write end on which the init tells the judge how the program ended.
    pub tell: c_int,
    pub who: Who,
}

/// One of a case's input files or folders, at its path in the box: a file is copied from the
/// judge's open descriptor (with the copy's mode), a folder (`source` `None`) is made.
pub struct Placed {
    pub path: CString,
    pub source: Option<(c_int, u32)>,
}

/// How the box gets its own user: from root, or in a user namespace of its own.
pub enum Who {
    /// The judge runs as root: the program becomes `uid`/`gid`, and the box enters its slot's
    /// network namespace.
    Root { uid: u32, gid: u32, network: c_int },
    /// The judge does not: the judge's child makes a user namespace with every other one
    /// (the user mapped to itself, so the program is not root in it and loses every
    /// capability at exec), and forks the init, as the spawning thread cannot ask for a new
    /// PID namespace without privileges.
    Unprivileged { uid_map: Vec<u8>, gid_map: Vec<u8> },
}

/// The namespaces the init makes for the box: mount, IPC and UTS. (The PID namespace it is born
/// in; the network namespace, whose making costs more than the rest of the box, is its slot's,
/// made once: see `network`.)
const NAMESPACES: c_int = ns::NEW_MOUNT | ns::NEW_IPC | ns::NEW_UTS;

/// Every namespace, the user's first: what the judge's child makes without privileges.
const UNPRIVILEGED_NAMESPACES: c_int = ns::NEW_USER | ns::NEW_PID | ns::NEW_NET | NAMESPACES;

/// Runs in the judge's child; returns (in the program only) when std may exec the program.
pub fn enter(prepared: &mut Prepared) -> io::Result<()> {
    ns::die_with_parent()?;
    match &prepared.who {
        Who::Root { network, .. } => {
            ns::join_namespace(*network, ns::NEW_NET)?;
            ns::enter_new_namespaces(NAMESPACES)?;
        }
        Who::Unprivileged { uid_map, gid_map } => {
            make_user_namespace(uid_map, gid_map)?;
            let init = ns::fork_now()?;
            if init > 0 {
                wait_for_init(init);
            }
            ns::die_with_parent()?;
        }
    }
    // The init is a copy of the judge, with its memory (a case's answer, read before the run):
    // not for the program to read. (Only now: a process not dumpable may not write its own
    // uid_map.)
    ns::keep_from_tracing()?;
    let built = build_view(prepared);
    match ns::fork_now()? {
        0 => {
            built?;
            become_contestant(prepared)
        }
        program => run_init(program, prepared.tell),
    }
}

/// Without privileges: a user namespace with its maps, and every other namespace of the box.
/// Also the probe (in a child between fork and exec) of whether that can be done here.
pub fn make_user_namespace(uid_map: &[u8], gid_map: &[u8]) -> io::Result<()> {
    ns::enter_new_namespaces(UNPRIVILEGED_NAMESPACES)?;
    ns::write_file(c"/proc/self/setgroups", b"deny")?;
    ns::write_file(c"/proc/self/uid_map", uid_map)?;
    ns::write_file(c"/proc/self/gid_map", gid_map)
}

/// Without privileges, the judge's child waits for the init it forked, holding nothing of
/// the judge's (the init tells the judge how the program ended).
fn wait_for_init(init: i32) -> ! {
    ns::close_all_but(-1);
    let _ = ns::wait_child(init);
    ns::exit_now(0)
}

/// The largest file a boxed build may write (an executable, a jar; DOMjudge's own examples
/// build one of 512 MiB, a static array, and expect it to run).
const BUILD_FILE_BYTES: u64 = 1 << 30;

/// The init's exit code when it could not wait for the program.
const INIT_FAILED: i32 = 125;

/// The init: holds nothing of the judge's but the pipe, reaps every process of the box until
/// the program ends, then kills and reaps what is left, tells the program's wait status and
/// the largest peak resident set of the processes it reaped (see `Told`), and exits.
fn run_init(program: i32, tell: c_int) -> ! {
    ns::close_all_but(tell);
    loop {
        match ns::wait_child(-1) {
            Ok((pid, status)) if pid == program => {
                reap_the_rest();
                let (_, reaped_kib) = sys::peak_resident_kib();
                let mut told = [0u8; super::INIT_TOLD_BYTES];
                told[0] = super::INIT_TELLS;
                told[1..5].copy_from_slice(&status.to_ne_bytes());
                told[5..].copy_from_slice(&reaped_kib.to_ne_bytes());
                ns::write_raw(tell, &told);
                ns::exit_now(0);
            }
            Ok(_) => {}
            Err(_) => ns::exit_now(INIT_FAILED),
        }
    }
}

/// Kills every process left in the box and reaps it, by the init: their CPU time, and that of
/// the children they reaped, then reaches the judge in the init's own (`wait4`'s rusage; a
/// worker that waited for short-lived children holds theirs). Left to the kernel at the init's
/// end, it would be nobody's. Each round kills the init's children (a process whose parent
/// died became one) and reaps one, until none is left.
fn reap_the_rest() {
    loop {
        ns::kill_init_children();
        if ns::wait_child(-1).is_err() {
            return;
        }
    }
}

/// The init, as root of its mount namespace: the file system view of `plan::plan` built on
/// the stage with a proc of the box's own PIDs, moved into as the root (the machine's let go),
/// then made read-only but the private tmpfs mounts and proc; a host name.
fn build_view(prepared: &mut Prepared) -> io::Result<()> {
    ns::make_mounts_private()?;
    let mut next_copy = 0;
    for step in &prepared.mounts {
        match step {
            MountStep::Copy(path) => {
                prepared.copies[next_copy] = ns::copy_tree(path)?;
                next_copy += 1;
            }
            MountStep::Writable(path) => {
                prepared.copies[next_copy] = match prepared.stand_in {
                    Some(stand_in) => stand_in,
                    None => ns::copy_tree(path)?,
                };
                next_copy += 1;
            }
            MountStep::Tmpfs { path, options } => ns::mount_tmpfs(path, options)?,
            MountStep::Folder(path) => ns::make_folder(path)?,
            MountStep::File(path) => ns::make_file(path)?,
            MountStep::Link { target, path } => ns::make_link(target, path)?,
            MountStep::Place { copy, path } => ns::place_tree(prepared.copies[*copy], path)?,
        }
    }
    // Made before the machine's proc is let go: without privileges, the kernel mounts a proc
    // only where one is already fully seen.
    ns::make_folder(&prepared.stage_proc)?;
    ns::mount_proc(&prepared.stage_proc)?;
    ns::enter_root(&prepared.stage)?;
    // A case's input files, copied into the fresh working folder while it may be written, and
    // given to the box user (a copy of its own, as the format says).
    for placed in &prepared.placed {
        match placed.source {
            Some((source, mode)) => ns::copy_file(source, &placed.path, mode)?,
            None => ns::make_new_folder(&placed.path)?,
        }
        if let Who::Root { uid, gid, .. } = &prepared.who {
            ns::give_to(&placed.path, *uid, *gid)?;
        }
    }
    ns::set_read_only(c"/", true, true)?;
    for path in &prepared.writable {
        ns::set_read_only(path, false, false)?;
    }
    ns::set_read_only(c"/proc", false, false)?;
    if let (Some(folder), Who::Root { uid, gid, .. }) = (&prepared.given, &prepared.who) {
        ns::give_to(folder, *uid, *gid)?;
    }
    ns::set_host_name(b"box")
}

/// The descriptors a boxed program may have open at once (RLIMIT_NOFILE), as isolate allows.
const OPEN_FILES: u64 = 1024;

/// The program, before std execs it: a session of its own (no terminal), the working folder,
/// limits on processes, open files and locked memory (none), the box user with no
/// capabilities, no way back and fresh keyrings, no descriptor of the judge's, and last the
/// seccomp filter (`sys::seccomp`).
fn become_contestant(prepared: &Prepared) -> io::Result<()> {
    ns::leave_terminal()?;
    ns::change_folder(&prepared.working_folder)?;
    ns::limit_processes(prepared.max_processes)?;
    ns::limit_open_files(OPEN_FILES)?;
    ns::forbid_locked_memory()?;
    // No file of a build past this size (where the judge is not root, a build writes on the
    // machine's disk, in its build folder itself).
    if prepared.given.is_some() {
        ns::limit_file_size(BUILD_FILE_BYTES)?;
    }
    match prepared.who {
        Who::Root { uid, gid, .. } => {
            ns::give_pipes_to(uid, gid);
            ns::become_user(uid, gid)?;
            ns::fresh_keyrings(true);
        }
        // The judge's own user: a keyring of the box's own, the user's left as they are.
        Who::Unprivileged { .. } => ns::fresh_keyrings(false),
    }
    ns::forbid_new_privileges()?;
    // The largest resident set this copy of the init had: the program's count starts from it
    // (see `Told`). Told before the init tells the end, which waits for this process.
    let mut told = [0u8; super::PROGRAM_TOLD_BYTES];
    told[0] = super::PROGRAM_TELLS;
    told[1..].copy_from_slice(&sys::peak_resident_kib().0.to_ne_bytes());
    ns::write_raw(prepared.tell, &told);
    ns::close_on_exec_from_3()?;
    seccomp::install_filter()
}
