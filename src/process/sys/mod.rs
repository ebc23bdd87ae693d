//! Every call into libc that std does not wrap, in one place: waiting with resource usage,
//! signals, the subreaper flag, resource limits and the few raw syscalls a child makes between
//! fork and exec. libc is linked by std already, so no crate is needed; each `unsafe` block says
//! why it is sound.
//!
//! The syscall numbers, flags and C layouts here are x86-64 Linux's, written out and tested for
//! that target only: another architecture numbers its syscalls (and some flags) otherwise, so
//! the module refuses to build there until its own are written and tested.

#[cfg(not(all(target_os = "linux", target_arch = "x86_64")))]
compile_error!(
    "process::sys is written for x86-64 Linux only: another target needs its own syscall \
     numbers (pivot_root, keyctl, pidfd_open, open_tree, move_mount, fsopen, fsconfig, fsmount, \
     close_range, mount_setattr, fstat, seccomp's filter and AUDIT_ARCH), flags (O_NOFOLLOW, \
     FIONREAD) and C layouts (struct rusage, struct stat) written and tested"
);

pub mod namespaces;
pub mod seccomp;

use std::ffi::CStr;
use std::io;
use std::os::raw::{c_char, c_int, c_long, c_ulong, c_void};

#[repr(C)]
struct TimeVal {
    seconds: c_long,
    microseconds: c_long,
}

/// `struct rusage` as Linux lays it out: two timevals, then fourteen longs.
#[repr(C)]
struct RUsage {
    user: TimeVal,
    system: TimeVal,
    max_rss_kib: c_long,
    rest: [c_long; 13],
}

impl RUsage {
    /// All zero: a place for `wait4` to write.
    const ZERO: RUsage = RUsage {
        user: TimeVal {
            seconds: 0,
            microseconds: 0,
        },
        system: TimeVal {
            seconds: 0,
            microseconds: 0,
        },
        max_rss_kib: 0,
        rest: [0; 13],
    };
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct PollFd {
    pub fd: c_int,
    pub events: i16,
    pub returned: i16,
}

#[repr(C)]
struct RLimit {
    current: u64,
    maximum: u64,
}

extern "C" {
    fn kill(pid: i32, signal: c_int) -> c_int;
    fn wait4(pid: i32, status: *mut c_int, options: c_int, usage: *mut RUsage) -> i32;
    fn getrusage(who: c_int, usage: *mut RUsage) -> c_int;
    fn waitpid(pid: i32, status: *mut c_int, options: c_int) -> i32;
    fn setrlimit(resource: c_int, limit: *const RLimit) -> c_int;
    fn getrlimit(resource: c_int, limit: *mut RLimit) -> c_int;
    fn prlimit(pid: i32, resource: c_int, new: *const RLimit, old: *mut RLimit) -> c_int;
    fn signal(signal: c_int, handler: usize) -> usize;
    fn open(path: *const c_char, flags: c_int, ...) -> c_int;
    fn write(fd: c_int, buffer: *const c_void, count: usize) -> isize;
    fn close(fd: c_int) -> c_int;
    fn sysconf(name: c_int) -> c_long;
    fn syscall(number: c_long, ...) -> c_long;
    fn sched_getaffinity(pid: i32, size: usize, mask: *mut u64) -> c_int;
    fn sched_setaffinity(pid: i32, size: usize, mask: *const u64) -> c_int;
    fn poll(fds: *mut PollFd, count: u64, timeout_ms: c_int) -> c_int;
    fn pipe2(fds: *mut c_int, flags: c_int) -> c_int;
    fn fcntl(fd: c_int, command: c_int, ...) -> c_int;
    fn ioctl(fd: c_int, request: c_ulong, ...) -> c_int;
    fn prctl(
        option: c_int,
        second: c_ulong,
        third: c_ulong,
        fourth: c_ulong,
        fifth: c_ulong,
    ) -> c_int;
}

pub const SIGHUP: i32 = 1;
pub const SIGINT: i32 = 2;
pub const SIGKILL: i32 = 9;
pub const SIGPIPE: i32 = 13;
pub const SIGSEGV: i32 = 11;
/// What the box's system-call filter kills a process with (see `seccomp`).
pub const SIGSYS: i32 = 31;
pub const SIGTERM: i32 = 15;
const WNOHANG: c_int = 1;
const RLIMIT_CPU: c_int = 0;
const RLIMIT_STACK: c_int = 3;
const RLIMIT_CORE: c_int = 4;
const RLIM_INFINITY: u64 = u64::MAX;
const O_WRONLY: c_int = 1;
const O_CLOEXEC: c_int = 0o2000000;
const SC_CLK_TCK: c_int = 2;
const SC_PAGESIZE: c_int = 30;
/// pidfd_open's number (Linux 5.3).
const SYS_PIDFD_OPEN: c_long = 434;
pub const POLLIN: i16 = 1;
pub const POLLOUT: i16 = 4;
pub const POLLERR: i16 = 8;
pub const POLLHUP: i16 = 16;
const F_GETFL: c_int = 3;
const F_SETFL: c_int = 4;
pub const O_NONBLOCK: c_int = 0o4000;
/// Fails (ELOOP) where the last part of the path is a link.
pub const O_NOFOLLOW: c_int = 0o400000;
/// The error of opening a link with `O_NOFOLLOW`.
pub const ELOOP: i32 = 40;
/// The ioctl that tells how many bytes wait in a pipe.
const FIONREAD: c_ulong = 0x541B;

/// How a waited-for process ended, with the kernel's account of it and of its waited-for
/// descendants.
#[derive(Clone, Copy, Debug)]
pub struct Reaped {
    /// The raw wait status.
    pub status: i32,
    pub user_micros: u64,
    pub system_micros: u64,
    pub max_rss_bytes: u64,
}

fn micros(time: &TimeVal) -> u64 {
    (time.seconds.max(0) as u64) * 1_000_000 + time.microseconds.max(0) as u64
}

/// Waits for the child `pid` to end (retrying on EINTR) and returns its status and usage.
pub fn wait_for(pid: i32) -> io::Result<Reaped> {
    loop {
        let mut status: c_int = 0;
        let mut usage = RUsage::ZERO;
        // SAFETY: `status` and `usage` are valid, writable and laid out as wait4 expects.
        let found = unsafe { wait4(pid, &mut status, 0, &mut usage) };
        if found == pid {
            return Ok(Reaped {
                status,
                user_micros: micros(&usage.user),
                system_micros: micros(&usage.system),
                max_rss_bytes: (usage.max_rss_kib.max(0) as u64) * 1024,
            });
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
}

/// `getrusage`'s two ways: this process, and the children it waited for (with theirs).
const RUSAGE_SELF: c_int = 0;
const RUSAGE_CHILDREN: c_int = -1;

/// The largest resident set, in KiB, of this process, and of any one of the children it
/// waited for (and theirs), as the kernel keeps them: a process's counts what it held before
/// it exec'd too. Async-signal-safe (a box's init calls it).
pub fn peak_resident_kib() -> (u64, u64) {
    let peak = |who: c_int| {
        let mut usage = RUsage::ZERO;
        // SAFETY: `usage` is valid, writable and laid out as getrusage expects.
        match unsafe { getrusage(who, &mut usage) } {
            0 => usage.max_rss_kib.max(0) as u64,
            _ => 0,
        }
    };
    (peak(RUSAGE_SELF), peak(RUSAGE_CHILDREN))
}

/// A file descriptor that becomes readable when a process ends (a pidfd), so the monitor can
/// sleep until either the end or its next look, with no thread waiting in `wait4`.
pub struct ExitNotice(std::os::fd::OwnedFd);

impl ExitNotice {
    /// A notice for the child `pid`, or `None` where the kernel has no pidfds (before 5.3, or a
    /// sandbox that forbids them).
    pub fn open(pid: i32) -> Option<ExitNotice> {
        use std::os::fd::FromRawFd;
        // SAFETY: pidfd_open takes two integers and touches no memory of ours.
        let fd = unsafe { syscall(SYS_PIDFD_OPEN, pid as c_long, 0 as c_long) };
        if fd < 0 {
            return None;
        }
        // SAFETY: `fd` is a new descriptor that nothing else owns (pidfds are close-on-exec).
        Some(ExitNotice(unsafe {
            std::os::fd::OwnedFd::from_raw_fd(fd as c_int)
        }))
    }

    /// Waits up to `timeout` for the process to end; true once it has (it is then ready to
    /// be reaped). A signal cuts the wait short, as a timeout does.
    pub fn wait(&self, timeout: std::time::Duration) -> bool {
        use std::os::fd::AsRawFd;
        let mut entry = PollFd {
            fd: self.0.as_raw_fd(),
            events: POLLIN,
            returned: 0,
        };
        let millis = timeout.as_millis().clamp(1, c_int::MAX as u128) as c_int;
        // SAFETY: `entry` is one valid pollfd that poll may write into.
        let ready = unsafe { poll(&mut entry, 1, millis) };
        ready > 0 && entry.returned != 0
    }
}

/// Reaps `pid` if it is a child of ours that has ended; true if it did.
pub fn reap_if_ended(pid: i32) -> bool {
    reap_with_cpu_if_ended(pid).is_some()
}

/// Reaps the child `pid` if it has ended: then the CPU time it and the children it reaped used,
/// in microseconds (`wait4`'s rusage); `None` if it runs on (or is no child of ours).
pub fn reap_with_cpu_if_ended(pid: i32) -> Option<u64> {
    let mut status: c_int = 0;
    let mut usage = RUsage::ZERO;
    // SAFETY: `status` and `usage` are valid, writable and laid out as wait4 expects.
    let found = unsafe { wait4(pid, &mut status, WNOHANG, &mut usage) };
    (found == pid).then(|| micros(&usage.user) + micros(&usage.system))
}

/// Sends SIGKILL to a process (`pid > 0`) or a process group (`pid < 0`); errors (already gone)
/// are ignored.
pub fn kill_now(pid: i32) {
    if pid == 0 || pid == -1 {
        return; // never the judge's own group, never every process
    }
    // SAFETY: kill takes plain integers and touches no memory of ours.
    unsafe {
        kill(pid, SIGKILL);
    }
}

/// Makes this process adopt the orphans of the programs it runs.
pub fn become_subreaper() {
    const PR_SET_CHILD_SUBREAPER: c_int = 36;
    // SAFETY: this prctl option takes integers only and touches no memory of ours.
    unsafe {
        prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
}

/// A system setting from sysconf, or `fallback` where it has none.
fn setting(name: c_int, fallback: u64) -> u64 {
    // SAFETY: sysconf takes an integer and touches no memory of ours.
    let value = unsafe { sysconf(name) };
    if value > 0 {
        value as u64
    } else {
        fallback
    }
}

/// The kernel's clock ticks per second (the unit of CPU times in /proc).
pub fn clock_ticks_per_second() -> u64 {
    setting(SC_CLK_TCK, 100)
}

/// The size of a memory page in bytes (the unit of RSS in /proc).
pub fn page_size() -> u64 {
    setting(SC_PAGESIZE, 4096)
}

/// What a child applies to itself between fork and exec.
pub struct ChildSetup {
    /// RLIMIT_CPU in whole seconds (soft; the hard limit is one more), a backstop for the
    /// judge's own CPU accounting.
    pub cpu_seconds: u64,
    pub stack_bytes: u64,
    /// A cgroup's `cgroup.procs` file to join, as a C string.
    pub join_cgroup: Option<std::ffi::CString>,
    /// The one CPU the run is pinned to, if it is.
    pub cpu: Option<usize>,
}

/// The most CPUs an affinity mask here holds.
const MASK_CPUS: usize = 1024;
type CpuMask = [u64; MASK_CPUS / 64];

/// The CPUs the judge may run on (its affinity), in order; empty if unknown.
pub fn own_cpus() -> Vec<usize> {
    let mut mask: CpuMask = [0; MASK_CPUS / 64];
    // SAFETY: sched_getaffinity writes at most `size_of_val(&mask)` bytes into `mask`.
    if unsafe { sched_getaffinity(0, std::mem::size_of_val(&mask), mask.as_mut_ptr()) } != 0 {
        return Vec::new();
    }
    (0..MASK_CPUS)
        .filter(|cpu| mask[cpu / 64] & (1 << (cpu % 64)) != 0)
        .collect()
}

/// Pins the calling process (its future children too) to `cpu`. Async-signal-safe.
fn pin_to(cpu: usize) -> io::Result<()> {
    let mut mask: CpuMask = [0; MASK_CPUS / 64];
    if cpu >= MASK_CPUS {
        return Err(io::Error::from_raw_os_error(22));
    }
    mask[cpu / 64] = 1 << (cpu % 64);
    // SAFETY: sched_setaffinity reads `size_of_val(&mask)` bytes of `mask`.
    match unsafe { sched_setaffinity(0, std::mem::size_of_val(&mask), mask.as_ptr()) } {
        0 => Ok(()),
        _ => Err(io::Error::last_os_error()),
    }
}

/// Runs in the child after fork: only async-signal-safe syscalls, no allocation.
pub fn apply_in_child(setup: &ChildSetup) -> io::Result<()> {
    let limit = |resource: c_int, current: u64, maximum: u64| {
        let value = RLimit { current, maximum };
        // SAFETY: `value` is a valid rlimit; setrlimit only reads it.
        if unsafe { setrlimit(resource, &value) } == 0 {
            Ok(())
        } else {
            Err(io::Error::last_os_error())
        }
    };
    limit(
        RLIMIT_CPU,
        setup.cpu_seconds,
        setup.cpu_seconds.saturating_add(1),
    )?;
    // A stack limit above what the judge itself may raise to falls back to unlimited.
    if limit(RLIMIT_STACK, setup.stack_bytes, setup.stack_bytes).is_err() {
        let _ = limit(RLIMIT_STACK, RLIM_INFINITY, RLIM_INFINITY);
    }
    let _ = limit(RLIMIT_CORE, 0, 0);
    if let Some(cpu) = setup.cpu {
        pin_to(cpu)?;
    }
    if let Some(procs) = &setup.join_cgroup {
        join(procs)?;
    }
    Ok(())
}

/// Sets the judge's own soft limits that a child spawned without a step between fork and exec
/// inherits: the stack (up to the judge's hard limit) and no core dumps. The hard limits stay,
/// so a later run may get a larger stack; the judge itself, whose threads have stacks of their
/// own size and whose main thread uses little, is not bothered by either.
pub fn limit_what_children_inherit(stack_bytes: u64) {
    let set_soft = |resource: c_int, wanted: u64| {
        let mut value = RLimit {
            current: 0,
            maximum: 0,
        };
        // SAFETY: `value` is a valid rlimit for getrlimit to fill and setrlimit to read.
        unsafe {
            if getrlimit(resource, &mut value) == 0 {
                value.current = wanted.min(value.maximum);
                setrlimit(resource, &value);
            }
        }
    };
    set_soft(RLIMIT_STACK, stack_bytes);
    set_soft(RLIMIT_CORE, 0);
}

/// Sets RLIMIT_CPU of process `pid` (soft `seconds`, hard one more); errors (gone) ignored.
pub fn limit_cpu_of(pid: i32, seconds: u64) {
    let value = RLimit {
        current: seconds,
        maximum: seconds.saturating_add(1),
    };
    // SAFETY: `value` is a valid rlimit that prlimit only reads; no old value is asked for.
    unsafe {
        prlimit(pid, RLIMIT_CPU, &value, std::ptr::null_mut());
    }
}

/// Writes `0` (this process) into a cgroup's `cgroup.procs`.
fn join(procs: &CStr) -> io::Result<()> {
    // SAFETY: `procs` is a NUL-terminated path that outlives the call.
    let fd = unsafe { open(procs.as_ptr(), O_WRONLY | O_CLOEXEC) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: the buffer is one valid byte; `fd` is ours and closed right after.
    let written = unsafe { write(fd, b"0".as_ptr().cast(), 1) };
    let error = io::Error::last_os_error();
    // SAFETY: `fd` was opened above and is closed once.
    unsafe {
        close(fd);
    }
    if written == 1 {
        Ok(())
    } else {
        Err(error)
    }
}

/// Runs `handler` when `number` arrives, instead of the signal's default action. The handler
/// must do only what is async-signal-safe (store into an atomic).
pub fn set_handler(number: c_int, handler: extern "C" fn(c_int)) {
    // SAFETY: installing a handler is safe; what it may do is the caller's promise above.
    unsafe {
        signal(number, handler as usize);
    }
}

/// A pipe (read end, write end), both closed on exec, for the judge's own threads.
pub fn pipe() -> io::Result<(std::fs::File, std::fs::File)> {
    use std::os::fd::FromRawFd;
    let mut fds: [c_int; 2] = [-1, -1];
    // SAFETY: pipe2 writes two descriptors into the array it is given, which this call then
    // owns; each is wrapped once.
    unsafe {
        if pipe2(fds.as_mut_ptr(), O_CLOEXEC) != 0 {
            return Err(io::Error::last_os_error());
        }
        Ok((
            std::fs::File::from_raw_fd(fds[0]),
            std::fs::File::from_raw_fd(fds[1]),
        ))
    }
}

/// Makes reads and writes on `fd` return at once instead of waiting (on this end of a pipe
/// only: the other end is another open file).
pub fn set_nonblocking(fd: c_int) -> io::Result<()> {
    // SAFETY: fcntl with F_GETFL/F_SETFL reads and sets flags of a descriptor the caller owns.
    unsafe {
        let flags = fcntl(fd, F_GETFL);
        if flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// Makes reads on `fd` wait again (undoes `O_NONBLOCK`; the descriptor is the caller's).
pub fn set_blocking(fd: c_int) -> io::Result<()> {
    // SAFETY: fcntl with F_GETFL/F_SETFL reads and sets flags of a descriptor the caller owns.
    unsafe {
        let flags = fcntl(fd, F_GETFL);
        if flags < 0 || fcntl(fd, F_SETFL, flags & !O_NONBLOCK) < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// How many bytes wait in the pipe `fd` (either end) for its reader.
pub fn unread_bytes(fd: c_int) -> io::Result<usize> {
    let mut count: c_int = 0;
    // SAFETY: FIONREAD writes one int, into `count`, which is valid and writable.
    if unsafe { ioctl(fd, FIONREAD, &mut count as *mut c_int) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(count.max(0) as usize)
}

/// Waits until one of `fds` is ready (or `timeout_ms` passes; -1: no timeout); how many are.
pub fn poll_many(fds: &mut [PollFd], timeout_ms: i32) -> io::Result<usize> {
    loop {
        // SAFETY: the slice is valid for its length, and poll writes only `returned`.
        let ready = unsafe { poll(fds.as_mut_ptr(), fds.len() as u64, timeout_ms) };
        if ready >= 0 {
            return Ok(ready as usize);
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
}

/// Makes `command`'s child apply `setup` to itself between fork and exec.
pub fn set_up_child(command: &mut std::process::Command, setup: ChildSetup) {
    use std::os::unix::process::CommandExt;
    // SAFETY: the closure runs in the forked child before exec and makes only async-signal-safe
    // syscalls (setrlimit, open, write, close) on memory prepared before the fork: it allocates
    // nothing and takes no lock.
    unsafe {
        command.pre_exec(move || apply_in_child(&setup));
    }
}
