//! The system calls that build the sandbox (see `process::sandbox`): namespaces, mounts, the
//! switch to an unprivileged user, and the few process calls its tiny init makes. Each runs in a
//! child between fork and exec, so each is async-signal-safe: a raw call on memory prepared
//! before the fork, no allocation, no lock. Errors are the kernel's `errno`, as `io::Error`
//! (which wraps a number without allocating).

use super::{close, fcntl, kill, open, prctl, syscall, waitpid, write};
use std::ffi::CStr;
use std::io;
use std::os::raw::{c_char, c_int, c_long, c_uint, c_ulong, c_void};

extern "C" {
    fn read(fd: c_int, buffer: *mut c_void, count: usize) -> isize;
    fn pread(fd: c_int, buffer: *mut c_void, count: usize, offset: i64) -> isize;
    fn unshare(flags: c_int) -> c_int;
    fn setns(fd: c_int, kind: c_int) -> c_int;
    fn fork() -> i32;
    fn _exit(status: c_int) -> !;
    fn geteuid() -> u32;
    fn getegid() -> u32;
    fn setsid() -> i32;
    fn fchown(fd: c_int, uid: u32, gid: u32) -> c_int;
    fn chown(path: *const c_char, uid: u32, gid: u32) -> c_int;
    fn memfd_create(name: *const c_char, flags: c_uint) -> c_int;
    fn flock(fd: c_int, operation: c_int) -> c_int;
    fn mount(
        source: *const c_char,
        target: *const c_char,
        kind: *const c_char,
        flags: c_ulong,
        data: *const c_void,
    ) -> c_int;
    fn mkdir(path: *const c_char, mode: c_uint) -> c_int;
    fn chdir(path: *const c_char) -> c_int;
    fn symlink(target: *const c_char, path: *const c_char) -> c_int;
    fn umount2(target: *const c_char, flags: c_int) -> c_int;
    fn sethostname(name: *const c_char, length: usize) -> c_int;
    fn setgroups(count: usize, groups: *const u32) -> c_int;
    fn setresgid(real: u32, effective: u32, saved: u32) -> c_int;
    fn setresuid(real: u32, effective: u32, saved: u32) -> c_int;
}

pub const NEW_MOUNT: c_int = 0x0002_0000;
pub const NEW_UTS: c_int = 0x0400_0000;
pub const NEW_IPC: c_int = 0x0800_0000;
pub const NEW_PID: c_int = 0x2000_0000;
pub const NEW_NET: c_int = 0x4000_0000;
pub const NEW_USER: c_int = 0x1000_0000;

const MS_NOSUID: c_ulong = 2;
const MS_NODEV: c_ulong = 4;
const MS_NOEXEC: c_ulong = 8;
const MS_REC: c_ulong = 0x4000;
const MS_PRIVATE: c_ulong = 1 << 18;
const MNT_DETACH: c_int = 2;
const O_RDONLY: c_int = 0;
const O_WRONLY: c_int = 1;
const O_CREAT: c_int = 0o100;
const O_EXCL: c_int = 0o200;
const O_CLOEXEC: c_int = 0o2000000;
const EEXIST: i32 = 17;
const EINTR: i32 = 4;
const RLIMIT_NPROC: c_int = 6;
const RLIMIT_FSIZE: c_int = 1;
const RLIMIT_NOFILE: c_int = 7;
const RLIMIT_MEMLOCK: c_int = 8;
const PR_SET_NO_NEW_PRIVS: c_int = 38;
const PR_SET_PDEATHSIG: c_int = 1;
const PR_SET_DUMPABLE: c_int = 4;
const SIGKILL: c_ulong = 9;
// x86-64's syscall numbers (see the module `sys` on other targets).
const SYS_FSTAT: c_long = 5;
const SYS_KEYCTL: c_long = 250;
const SYS_PIVOT_ROOT: c_long = 155;
const KEYCTL_JOIN_SESSION_KEYRING: c_long = 1;
const KEYCTL_CLEAR: c_long = 7;
const KEYCTL_GET_PERSISTENT: c_long = 22;
const KEY_SPEC_SESSION_KEYRING: c_long = -3;
const KEY_SPEC_USER_KEYRING: c_long = -4;
const KEY_SPEC_USER_SESSION_KEYRING: c_long = -5;

// The numbers of newer syscalls (Linux's common table since 5.1).
const SYS_OPEN_TREE: c_long = 428;
const SYS_MOVE_MOUNT: c_long = 429;
const SYS_FSOPEN: c_long = 430;
const SYS_FSCONFIG: c_long = 431;
const SYS_FSMOUNT: c_long = 432;
const SYS_CLOSE_RANGE: c_long = 436;
const SYS_MOUNT_SETATTR: c_long = 442;
const OPEN_TREE_CLONE: c_uint = 1;
const OPEN_TREE_CLOEXEC: c_uint = 0o2000000;
const AT_FDCWD: c_int = -100;
const AT_RECURSIVE: c_uint = 0x8000;
const MOVE_MOUNT_F_EMPTY_PATH: c_uint = 4;
const MOUNT_ATTR_RDONLY: u64 = 1;
const MOUNT_ATTR_NOSUID: u64 = 2;
const CLOSE_RANGE_CLOEXEC: c_uint = 4;

/// `struct mount_attr` of mount_setattr(2).
#[repr(C)]
struct MountAttr {
    set: u64,
    clear: u64,
    propagation: u64,
    userns_fd: u64,
}

/// `Ok(())` when a call returned 0, else the error it left in `errno`.
fn check(result: c_int) -> io::Result<()> {
    if result == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// The judge's effective user and group ids (0: root).
pub fn own_ids() -> (u32, u32) {
    // SAFETY: geteuid and getegid take nothing and cannot fail.
    unsafe { (geteuid(), getegid()) }
}

/// Moves this process into new namespaces of the kinds in `flags` (its children, for PID).
pub fn enter_new_namespaces(flags: c_int) -> io::Result<()> {
    // SAFETY: unshare takes one integer and touches no memory of ours.
    check(unsafe { unshare(flags) })
}

/// Moves this process into the existing namespace `fd` (of the kind `kind`, one `NEW_*`).
pub fn join_namespace(fd: c_int, kind: c_int) -> io::Result<()> {
    // SAFETY: setns takes two integers and touches no memory of ours.
    check(unsafe { setns(fd, kind) })
}

/// The PID namespace this process's threads run in, to come back to (`/proc/self/ns/pid`).
pub fn own_pid_namespace() -> io::Result<std::fs::File> {
    std::fs::File::open("/proc/self/ns/pid")
}

/// Forks; the child's pid to the parent, 0 to the child.
pub fn fork_now() -> io::Result<i32> {
    // SAFETY: called in a child of the judge that has one thread; the copy it makes runs only
    // the async-signal-safe calls of this file before it execs or exits.
    let pid = unsafe { fork() };
    if pid < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(pid)
    }
}

/// Waits for a child (`pid`, or any child for -1): its pid and raw wait status.
pub fn wait_child(pid: i32) -> io::Result<(i32, i32)> {
    loop {
        let mut status: c_int = 0;
        // SAFETY: `status` is a valid place for waitpid to write.
        let found = unsafe { waitpid(pid, &mut status, 0) };
        if found > 0 {
            return Ok((found, status));
        }
        let error = io::Error::last_os_error();
        if error.raw_os_error() != Some(EINTR) {
            return Err(error);
        }
    }
}

/// Ends this process at once with `code`, running nothing of the judge's.
pub fn exit_now(code: i32) -> ! {
    // SAFETY: _exit ends the process; it never returns and touches no memory of ours.
    unsafe { _exit(code) }
}

/// Makes every mount of this (new) mount namespace private, so nothing done here reaches the
/// judge's namespace.
pub fn make_mounts_private() -> io::Result<()> {
    let root = c"/";
    // SAFETY: the paths are NUL-terminated strings that outlive the call; no data is passed.
    check(unsafe {
        mount(
            std::ptr::null(),
            root.as_ptr(),
            std::ptr::null(),
            MS_REC | MS_PRIVATE,
            std::ptr::null(),
        )
    })
}

/// Mounts a new tmpfs at `path` with `options` (`size=…,mode=…`), no set-uid, no devices.
pub fn mount_tmpfs(path: &CStr, options: &CStr) -> io::Result<()> {
    let tmpfs = c"tmpfs";
    // SAFETY: every pointer is a NUL-terminated string that outlives the call.
    check(unsafe {
        mount(
            tmpfs.as_ptr(),
            path.as_ptr(),
            tmpfs.as_ptr(),
            MS_NOSUID | MS_NODEV,
            options.as_ptr().cast(),
        )
    })
}

/// Mounts the proc file system of this process's PID namespace at `path`.
pub fn mount_proc(path: &CStr) -> io::Result<()> {
    let proc = c"proc";
    // SAFETY: every pointer is a NUL-terminated string that outlives the call.
    check(unsafe {
        mount(
            proc.as_ptr(),
            path.as_ptr(),
            proc.as_ptr(),
            MS_NOSUID | MS_NODEV | MS_NOEXEC,
            std::ptr::null(),
        )
    })
}

/// A detached copy of the mount tree at `path` (a folder or a file, links followed), as a
/// descriptor to place elsewhere with `place_tree`.
pub fn copy_tree(path: &CStr) -> io::Result<c_int> {
    // SAFETY: open_tree reads the NUL-terminated path and returns a new descriptor.
    let fd = unsafe {
        syscall(
            SYS_OPEN_TREE,
            AT_FDCWD as c_long,
            path.as_ptr(),
            (OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_RECURSIVE) as c_long,
        )
    };
    if fd < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(fd as c_int)
    }
}

/// Mounts the tree `fd` (from `copy_tree`) at `path`, and closes `fd`.
pub fn place_tree(fd: c_int, path: &CStr) -> io::Result<()> {
    let empty = c"";
    // SAFETY: move_mount reads two NUL-terminated paths; `fd` is ours and closed once.
    let result = unsafe {
        syscall(
            SYS_MOVE_MOUNT,
            fd as c_long,
            empty.as_ptr(),
            AT_FDCWD as c_long,
            path.as_ptr(),
            MOVE_MOUNT_F_EMPTY_PATH as c_long,
        )
    };
    let error = io::Error::last_os_error();
    // SAFETY: `fd` came from copy_tree and is closed once, here.
    unsafe {
        close(fd);
    }
    if result == 0 {
        Ok(())
    } else {
        Err(error)
    }
}

/// Sets (or clears) read-only and sets no-set-uid on the mount at `path`, and on every mount
/// below it when `recursive`.
pub fn set_read_only(path: &CStr, read_only: bool, recursive: bool) -> io::Result<()> {
    let attributes = MountAttr {
        set: MOUNT_ATTR_NOSUID | if read_only { MOUNT_ATTR_RDONLY } else { 0 },
        clear: if read_only { 0 } else { MOUNT_ATTR_RDONLY },
        propagation: 0,
        userns_fd: 0,
    };
    let flags = if recursive { AT_RECURSIVE } else { 0 };
    // SAFETY: mount_setattr reads the path and `attributes` (whose size is passed) only.
    let result = unsafe {
        syscall(
            SYS_MOUNT_SETATTR,
            AT_FDCWD as c_long,
            path.as_ptr(),
            flags as c_long,
            &attributes as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        )
    };
    check(result as c_int)
}

/// Makes the folder `path` (mode 0755); one already there is fine.
pub fn make_folder(path: &CStr) -> io::Result<()> {
    // SAFETY: mkdir reads the NUL-terminated path only.
    match check(unsafe { mkdir(path.as_ptr(), 0o755) }) {
        Err(error) if error.raw_os_error() == Some(EEXIST) => Ok(()),
        other => other,
    }
}

/// Makes the folder `path` (mode 0755), new: one already there (a mount point) is an error.
pub fn make_new_folder(path: &CStr) -> io::Result<()> {
    // SAFETY: mkdir reads the NUL-terminated path only.
    check(unsafe { mkdir(path.as_ptr(), 0o755) })
}

/// Makes a link at `path` that leads to `target`; one already there is fine.
pub fn make_link(target: &CStr, path: &CStr) -> io::Result<()> {
    // SAFETY: symlink reads two NUL-terminated paths only.
    match check(unsafe { symlink(target.as_ptr(), path.as_ptr()) }) {
        Err(error) if error.raw_os_error() == Some(EEXIST) => Ok(()),
        other => other,
    }
}

/// Makes the mount at `folder` this process's root (and its working folder), and lets the
/// machine's root go, with every mount below it: nothing outside `folder` is reachable after.
pub fn enter_root(folder: &CStr) -> io::Result<()> {
    let here = c".";
    change_folder(folder)?;
    // SAFETY: pivot_root reads two NUL-terminated paths; "." twice stacks the old root on the
    // new one (pivot_root(2)), which umount2 then detaches.
    let pivoted = unsafe { syscall(SYS_PIVOT_ROOT, here.as_ptr(), here.as_ptr()) };
    if pivoted != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: umount2 reads the NUL-terminated path only.
    check(unsafe { umount2(here.as_ptr(), MNT_DETACH) })?;
    change_folder(c"/")
}

/// Gives the file or folder `path` to the user `uid` and group `gid`.
pub fn give_to(path: &CStr, uid: u32, gid: u32) -> io::Result<()> {
    // SAFETY: chown reads the NUL-terminated path only.
    check(unsafe { chown(path.as_ptr(), uid, gid) })
}

/// Makes an empty file at `path` (a mount point for a file); one already there is fine.
pub fn make_file(path: &CStr) -> io::Result<()> {
    // SAFETY: open reads the NUL-terminated path; the descriptor is closed at once.
    unsafe {
        let fd = open(
            path.as_ptr(),
            O_WRONLY | O_CREAT | O_CLOEXEC,
            0o644 as c_uint,
        );
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        close(fd);
    }
    Ok(())
}

/// Makes the file `path`, new (never through what is already there: a mount point, a link),
/// with `mode`, and copies into it everything the open file `source` holds, read from its start
/// (`pread`: the offset the judge's copy of the descriptor shares is left alone). With a
/// buffer on the stack only, as between fork and exec.
pub fn copy_file(source: c_int, path: &CStr, mode: u32) -> io::Result<()> {
    let mut buffer = [0u8; 16 * 1024];
    // SAFETY: open reads the NUL-terminated path; pread writes at most `buffer.len()` bytes
    // into `buffer`; write reads the `done..read` bytes of it just read; the new descriptor is
    // closed once.
    unsafe {
        let fd = open(
            path.as_ptr(),
            O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
            mode as c_uint,
        );
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        let mut offset: i64 = 0;
        let copied = 'copy: loop {
            let read = pread(source, buffer.as_mut_ptr().cast(), buffer.len(), offset);
            if read < 0 {
                let error = io::Error::last_os_error();
                match error.raw_os_error() == Some(EINTR) {
                    true => continue,
                    false => break Err(error),
                }
            }
            if read == 0 {
                break Ok(());
            }
            let mut done = 0;
            while done < read {
                let written = write(
                    fd,
                    buffer.as_ptr().add(done as usize).cast(),
                    (read - done) as usize,
                );
                if written < 0 {
                    let error = io::Error::last_os_error();
                    match error.raw_os_error() == Some(EINTR) {
                        true => continue,
                        false => break 'copy Err(error),
                    }
                }
                done += written;
            }
            offset += read as i64;
        };
        close(fd);
        copied
    }
}

/// Writes `bytes` into the existing file `path` (a `/proc/self/uid_map`, say) in one write.
pub fn write_file(path: &CStr, bytes: &[u8]) -> io::Result<()> {
    // SAFETY: open reads the NUL-terminated path; write reads `bytes.len()` bytes of `bytes`;
    // the descriptor is closed once.
    unsafe {
        let fd = open(path.as_ptr(), O_WRONLY | O_CLOEXEC);
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        let written = write(fd, bytes.as_ptr().cast(), bytes.len());
        let error = io::Error::last_os_error();
        close(fd);
        if written == bytes.len() as isize {
            Ok(())
        } else {
            Err(error)
        }
    }
}

/// Sends SIGKILL, by pid, to every child of the box's init (PID 1 of the box, reading the
/// box's own proc): every process of the box whose parent has ended is the init's child. With
/// a buffer on the stack only, as between fork and exec. Never a signal to -1 or 0.
pub fn kill_init_children() {
    // SAFETY: open reads the NUL-terminated path; read writes at most `buffer.len()` bytes into
    // `buffer`; kill takes integers; the descriptor is closed once.
    unsafe {
        let fd = open(c"/proc/1/task/1/children".as_ptr(), O_RDONLY | O_CLOEXEC);
        if fd < 0 {
            return;
        }
        let mut buffer = [0u8; 1024];
        let mut pid: i32 = 0;
        loop {
            let length = read(fd, buffer.as_mut_ptr().cast(), buffer.len());
            if length <= 0 {
                break;
            }
            for &byte in &buffer[..length as usize] {
                match byte {
                    b'0'..=b'9' => {
                        pid = pid.saturating_mul(10).saturating_add((byte - b'0') as i32)
                    }
                    _ => {
                        if pid > 1 {
                            kill(pid, SIGKILL as c_int);
                        }
                        pid = 0;
                    }
                }
            }
        }
        if pid > 1 {
            kill(pid, SIGKILL as c_int);
        }
        close(fd);
    }
}

/// Sets the host name of this (new) UTS namespace.
pub fn set_host_name(name: &[u8]) -> io::Result<()> {
    // SAFETY: sethostname reads `name.len()` bytes of `name`.
    check(unsafe { sethostname(name.as_ptr().cast(), name.len()) })
}

/// Closes every descriptor but `keep` (-1: none).
pub fn close_all_but(keep: c_int) {
    let range = |first: c_int, last: c_uint| {
        // SAFETY: close_range takes integers only; the descriptors it closes are this
        // process's own, which nothing in it uses after this.
        unsafe {
            syscall(
                SYS_CLOSE_RANGE,
                first as c_long,
                last as c_long,
                0 as c_long,
            );
        }
    };
    if keep < 0 {
        range(0, c_uint::MAX);
    } else {
        if keep > 0 {
            range(0, (keep - 1) as c_uint);
        }
        range(keep + 1, c_uint::MAX);
    }
}

/// Marks every descriptor from 3 up close-on-exec: the program starts with 0, 1 and 2 only,
/// while the pipe std reports a failed exec through still works until the exec.
pub fn close_on_exec_from_3() -> io::Result<()> {
    // SAFETY: close_range takes integers only.
    let result = unsafe {
        syscall(
            SYS_CLOSE_RANGE,
            3 as c_long,
            c_uint::MAX as c_long,
            CLOSE_RANGE_CLOEXEC as c_long,
        )
    };
    check(result as c_int)
}

/// Writes all of `bytes` to `fd` (errors ignored: the reader may be gone).
pub fn write_raw(fd: c_int, bytes: &[u8]) {
    // SAFETY: write reads `bytes.len()` bytes of `bytes`.
    unsafe {
        write(fd, bytes.as_ptr().cast(), bytes.len());
    }
}

/// Becomes `uid`/`gid` with no supplementary groups: a process that was root loses every
/// capability with it, and cannot get them back.
pub fn become_user(uid: u32, gid: u32) -> io::Result<()> {
    // SAFETY: setgroups with a count of 0 reads no memory; the others take integers.
    unsafe {
        check(setgroups(0, std::ptr::null()))?;
        check(setresgid(gid, gid, gid))?;
        check(setresuid(uid, uid, uid))
    }
}

/// `struct stat` as x86-64 Linux lays it out (144 bytes): only the mode is read.
#[repr(C)]
struct Stat {
    device: u64,
    inode: u64,
    links: u64,
    mode: u32,
    uid: u32,
    gid: u32,
    padding: i32,
    rest: [i64; 13],
}

/// The file type bits of a mode, and a pipe's.
const S_IFMT: u32 = 0o170000;
const S_IFIFO: u32 = 0o010000;

/// Whether the descriptor `fd` is a pipe: one raw fstat on a buffer on the stack.
fn is_pipe(fd: c_int) -> bool {
    let mut stat = Stat {
        device: 0,
        inode: 0,
        links: 0,
        mode: 0,
        uid: 0,
        gid: 0,
        padding: 0,
        rest: [0; 13],
    };
    // SAFETY: fstat writes one `struct stat`, laid out as `Stat` is, into `stat`.
    let result = unsafe { syscall(SYS_FSTAT, fd as c_long, &mut stat as *mut Stat) };
    result == 0 && stat.mode & S_IFMT == S_IFIFO
}

/// Gives the pipes among descriptors 0, 1 and 2 to `uid`/`gid` (the judge made them as root,
/// mode 0600), so the program can open them again as `/dev/stdout` or `/dev/stderr`.
pub fn give_pipes_to(uid: u32, gid: u32) {
    for fd in 0..3 {
        if is_pipe(fd) {
            // SAFETY: fchown takes integers only; the pipe is this process's own descriptor.
            unsafe {
                fchown(fd, uid, gid);
            }
        }
    }
}

/// An anonymous in-memory file (a memfd) that can be sealed, named `name` in /proc.
pub fn memory_file(name: &CStr) -> io::Result<std::fs::File> {
    use std::os::fd::FromRawFd;
    const MFD_CLOEXEC: c_uint = 1;
    const MFD_ALLOW_SEALING: c_uint = 2;
    // SAFETY: memfd_create reads the NUL-terminated name and returns a new descriptor.
    let fd = unsafe { memfd_create(name.as_ptr(), MFD_CLOEXEC | MFD_ALLOW_SEALING) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `fd` is a new descriptor that nothing else owns.
    Ok(unsafe { std::fs::File::from_raw_fd(fd) })
}

/// A new tmpfs with `options` (`size`, `nr_inodes`, `mode`: each a name and a value), mounted
/// nowhere yet, no set-uid and no device files: a descriptor of its root, to read through
/// (`/proc/self/fd/N`) and to place in a box with `place_tree`. Called by the judge itself, not
/// between fork and exec; needs root.
pub fn detached_tmpfs(options: &[(&CStr, &CStr)]) -> io::Result<std::os::fd::OwnedFd> {
    use std::os::fd::{FromRawFd, OwnedFd};
    const FSOPEN_CLOEXEC: c_long = 1;
    const FSCONFIG_SET_STRING: c_long = 1;
    const FSCONFIG_CMD_CREATE: c_long = 6;
    const FSMOUNT_CLOEXEC: c_long = 1;
    const MOUNT_ATTR_NODEV: c_long = 4;
    let tmpfs = c"tmpfs";
    // SAFETY: fsopen reads the NUL-terminated name and returns a new descriptor.
    let context = unsafe { syscall(SYS_FSOPEN, tmpfs.as_ptr(), FSOPEN_CLOEXEC) };
    if context < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `context` is a new descriptor that nothing else owns.
    let context = unsafe { OwnedFd::from_raw_fd(context as c_int) };
    let raw = std::os::fd::AsRawFd::as_raw_fd(&context) as c_long;
    for (name, value) in options {
        // SAFETY: fsconfig reads two NUL-terminated strings that outlive the call.
        let set = unsafe {
            syscall(
                SYS_FSCONFIG,
                raw,
                FSCONFIG_SET_STRING,
                name.as_ptr(),
                value.as_ptr(),
                0 as c_long,
            )
        };
        if set < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    let null = std::ptr::null::<c_char>();
    // SAFETY: fsconfig with CMD_CREATE takes no pointer (null ones are passed).
    if unsafe {
        syscall(
            SYS_FSCONFIG,
            raw,
            FSCONFIG_CMD_CREATE,
            null,
            null,
            0 as c_long,
        )
    } < 0
    {
        return Err(io::Error::last_os_error());
    }
    let attributes = MOUNT_ATTR_NOSUID as c_long | MOUNT_ATTR_NODEV;
    // SAFETY: fsmount takes integers and returns a new descriptor.
    let mounted = unsafe { syscall(SYS_FSMOUNT, raw, FSMOUNT_CLOEXEC, attributes) };
    if mounted < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `mounted` is a new descriptor that nothing else owns.
    Ok(unsafe { OwnedFd::from_raw_fd(mounted as c_int) })
}

/// Seals a memfd for good: its size and bytes can no longer change, by anyone.
pub fn seal(file: &std::fs::File) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    const F_ADD_SEALS: c_int = 1033;
    const ALL_SEALS: c_int = 1 | 2 | 4 | 8; // SEAL, SHRINK, GROW, WRITE
                                            // SAFETY: fcntl with F_ADD_SEALS takes integers; the descriptor is the caller's.
    check(unsafe { fcntl(file.as_raw_fd(), F_ADD_SEALS, ALL_SEALS) })
}

/// Takes an exclusive lock on `file` without waiting; false if another process holds one.
pub fn try_lock(file: &std::fs::File) -> bool {
    use std::os::fd::AsRawFd;
    const LOCK_EX: c_int = 2;
    const LOCK_NB: c_int = 4;
    // SAFETY: flock takes integers only; the descriptor is the caller's.
    unsafe { flock(file.as_raw_fd(), LOCK_EX | LOCK_NB) == 0 }
}

/// Starts a session of its own: no controlling terminal (the judge's stays out of reach).
pub fn leave_terminal() -> io::Result<()> {
    // SAFETY: setsid takes nothing and touches no memory of ours.
    match unsafe { setsid() } {
        -1 => Err(io::Error::last_os_error()),
        _ => Ok(()),
    }
}

/// Asks for SIGKILL when the parent (the thread that forked this process) ends, so a box does
/// not outlive a judge that was killed outright.
pub fn die_with_parent() -> io::Result<()> {
    // SAFETY: this prctl option takes integers only.
    check(unsafe {
        prctl(
            PR_SET_PDEATHSIG,
            SIGKILL,
            0 as c_ulong,
            0 as c_ulong,
            0 as c_ulong,
        )
    })
}

/// Makes this process not dumpable: its `/proc/PID` files (its memory, a copy of the judge's,
/// its environment) are root's, and no process without privileges may trace it. An exec
/// undoes it (the program's own process is dumpable again).
pub fn keep_from_tracing() -> io::Result<()> {
    // SAFETY: this prctl option takes integers only.
    check(unsafe {
        prctl(
            PR_SET_DUMPABLE,
            0 as c_ulong,
            0 as c_ulong,
            0 as c_ulong,
            0 as c_ulong,
        )
    })
}

/// Gives this process a new, empty session keyring; with `own_user` (a box user of its own),
/// also empties that user's keyrings (user, user-session and persistent), so nothing a program
/// of an earlier box of the same user stored there is left. Errors are ignored: a kernel
/// without keyrings has nothing to leave.
pub fn fresh_keyrings(own_user: bool) {
    // SAFETY: keyctl with these operations takes integers and a null name only.
    unsafe {
        syscall(
            SYS_KEYCTL,
            KEYCTL_JOIN_SESSION_KEYRING,
            std::ptr::null::<c_char>(),
        );
        if own_user {
            syscall(SYS_KEYCTL, KEYCTL_CLEAR, KEY_SPEC_USER_KEYRING);
            syscall(SYS_KEYCTL, KEYCTL_CLEAR, KEY_SPEC_USER_SESSION_KEYRING);
            let persistent = syscall(
                SYS_KEYCTL,
                KEYCTL_GET_PERSISTENT,
                -1 as c_long,
                KEY_SPEC_SESSION_KEYRING,
            );
            if persistent > 0 {
                syscall(SYS_KEYCTL, KEYCTL_CLEAR, persistent);
            }
        }
    }
}

/// Sets `no_new_privs`: no exec (of a set-uid file, say) can grant privileges again.
pub fn forbid_new_privileges() -> io::Result<()> {
    // SAFETY: this prctl option takes integers only.
    check(unsafe {
        prctl(
            PR_SET_NO_NEW_PRIVS,
            1,
            0 as c_ulong,
            0 as c_ulong,
            0 as c_ulong,
        )
    })
}

/// Sets the soft and hard limit of `resource` to `value`.
fn limit(resource: c_int, value: u64) -> io::Result<()> {
    let value = super::RLimit {
        current: value,
        maximum: value,
    };
    // SAFETY: `value` is a valid rlimit; setrlimit only reads it.
    check(unsafe { super::setrlimit(resource, &value) })
}

/// Sets RLIMIT_NPROC (processes and threads of this process's user) to `count`.
pub fn limit_processes(count: u64) -> io::Result<()> {
    limit(RLIMIT_NPROC, count)
}

/// Sets RLIMIT_FSIZE (the largest file this process may write) to `bytes`.
pub fn limit_file_size(bytes: u64) -> io::Result<()> {
    limit(RLIMIT_FSIZE, bytes)
}

/// Sets RLIMIT_NOFILE (the highest descriptor number this process may open, plus one) to
/// `count`, or to the hard limit it has where that is lower (without privileges it cannot be
/// raised).
pub fn limit_open_files(count: u64) -> io::Result<()> {
    let mut value = super::RLimit {
        current: 0,
        maximum: 0,
    };
    // SAFETY: `value` is a valid rlimit for getrlimit to fill.
    check(unsafe { super::getrlimit(RLIMIT_NOFILE, &mut value) })?;
    limit(RLIMIT_NOFILE, count.min(value.maximum))
}

/// Sets RLIMIT_MEMLOCK to 0: no memory locked in RAM (mlock, a locked mapping), which the
/// memory limit's reclaim could not take back.
pub fn forbid_locked_memory() -> io::Result<()> {
    limit(RLIMIT_MEMLOCK, 0)
}

/// Changes the working folder to `path`.
pub fn change_folder(path: &CStr) -> io::Result<()> {
    // SAFETY: chdir reads the NUL-terminated path only.
    check(unsafe { chdir(path.as_ptr()) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::AsRawFd;

    #[test]
    fn a_pipe_is_told_from_a_file_by_a_raw_fstat() {
        // x86-64's `struct stat` is 144 bytes: a smaller buffer would be written past.
        assert_eq!(std::mem::size_of::<Stat>(), 144);
        let (read, write) = super::super::pipe().unwrap();
        assert!(is_pipe(read.as_raw_fd()));
        assert!(is_pipe(write.as_raw_fd()));
        let file = std::fs::File::open("Cargo.toml").unwrap();
        assert!(!is_pipe(file.as_raw_fd()));
        assert!(!is_pipe(-1));
    }
}
