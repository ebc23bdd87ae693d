//! What happens between fork and exec when a program runs in the sandbox: three processes,
//! each running only the async-signal-safe calls of `sys::namespaces` on a `Prepared` made
//! before the fork.
//!
//! - The **keeper** (the child the judge forks, which the judge waits for) makes the new
//!   namespaces and forks the init; then it waits, and ends as the program ended (the same exit
//!   code, or the same signal), so the judge's verdict reads as without a sandbox.
//! - The **init** (PID 1 of the new PID namespace) builds the file system view, forks the
//!   program and reaps every process of the box until the program has ended; it tells the
//!   keeper how, and exits, which ends whatever is left in the box.
//! - The **program** (PID 2) becomes the unprivileged box user, and std execs it.

use super::plan::MountStep;
use crate::process::sys::namespaces as ns;
use std::ffi::CString;
use std::io;
use std::os::raw::c_int;

/// Everything the three processes need, made before the fork (no allocation after it).
pub struct Prepared {
    pub mounts: Vec<MountStep>,
    /// One slot per copied tree, filled in the child.
    pub copies: Vec<c_int>,
    /// The tmpfs mounts left writable once everything else is made read-only.
    pub writable: Vec<CString>,
    pub working_folder: CString,
    pub uid: u32,
    pub gid: u32,
    pub max_processes: u64,
}

/// The namespaces every box gets: mount, PID, IPC, UTS and network (no interface but a
/// loopback that is down).
const NAMESPACES: c_int = ns::NEW_MOUNT | ns::NEW_PID | ns::NEW_IPC | ns::NEW_UTS | ns::NEW_NET;

/// Runs in the keeper; returns (in the program only) when std may exec the program.
pub fn enter(prepared: &mut Prepared) -> io::Result<()> {
    ns::enter_new_namespaces(NAMESPACES)?;
    let (told_read, told_write) = ns::raw_pipe()?;
    let init = ns::fork_now()?;
    if init > 0 {
        keep(init, told_read);
    }
    let built = build_view(prepared);
    match ns::fork_now() {
        Ok(0) => {
            built?;
            become_contestant(prepared)
        }
        Ok(program) => run_init(program, told_write),
        Err(_) => ns::exit_now(INIT_FAILED),
    }
}

/// The keeper's exit code when the init could not say how the program ended.
const INIT_FAILED: i32 = 125;

/// The keeper: holds nothing of the judge's, waits for the init's word and ends the same way.
fn keep(init: i32, told: c_int) -> ! {
    ns::close_all_but(told);
    let mut status = [0u8; 4];
    let heard = ns::read_exact_raw(told, &mut status);
    let _ = ns::wait_child(init);
    if heard {
        ns::end_like(i32::from_ne_bytes(status));
    }
    ns::exit_now(INIT_FAILED)
}

/// The init: reaps every process of the box until the program ends, then reports and exits.
fn run_init(program: i32, tell: c_int) -> ! {
    ns::close_all_but(tell);
    loop {
        match ns::wait_child(-1) {
            Ok((pid, status)) if pid == program => {
                ns::write_raw(tell, &status.to_ne_bytes());
                ns::exit_now(0);
            }
            Ok(_) => {}
            Err(_) => ns::exit_now(INIT_FAILED),
        }
    }
}

/// The init, as root of its mount namespace: the file system view of `plan::view`, then the
/// whole tree read-only but the private tmpfs mounts, a proc of the box's own PIDs, a host
/// name.
fn build_view(prepared: &mut Prepared) -> io::Result<()> {
    ns::make_mounts_private()?;
    let mut next_copy = 0;
    for step in &prepared.mounts {
        match step {
            MountStep::Copy(path) => {
                prepared.copies[next_copy] = ns::copy_tree(path)?;
                next_copy += 1;
            }
            MountStep::Tmpfs { path, options } => ns::mount_tmpfs(path, options)?,
            MountStep::Folder(path) => ns::make_folder(path)?,
            MountStep::File(path) => ns::make_file(path)?,
            MountStep::Place { copy, path } => ns::place_tree(prepared.copies[*copy], path)?,
        }
    }
    ns::set_read_only(c"/", true, true)?;
    for path in &prepared.writable {
        ns::set_read_only(path, false, false)?;
    }
    ns::mount_proc(c"/proc")?;
    ns::set_host_name(b"box")
}

/// The program, before std execs it: the box user with no capabilities and no way back, a
/// process limit, the working folder, no descriptor of the judge's.
fn become_contestant(prepared: &Prepared) -> io::Result<()> {
    ns::change_folder(&prepared.working_folder)?;
    ns::limit_processes(prepared.max_processes)?;
    ns::become_user(prepared.uid, prepared.gid)?;
    ns::forbid_new_privileges()?;
    ns::close_on_exec_from_3()
}
