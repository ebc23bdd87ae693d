//! The sandbox a contestant's program runs in, as isolate's box does: new PID, mount, IPC, UTS
//! and network namespaces; an unprivileged user of its own with no capabilities and
//! `no_new_privs`; the system read-only; the test data, the judge's cache and scratch hidden; a
//! private `/tmp`, `/dev/shm` and working folder; no descriptor of the judge's; a process
//! limit. Checkers, interactors and validators (the problem's own code) run outside it.
//!
//! `configure` turns it on for the judge's run (where the kernel allows: here, running as
//! root), with the folders to hide; `Running::start_in` then boxes every run it is asked to
//! confine. `plan` says what the program sees, `child` does it between fork and exec. The
//! "Sandbox" section of docs/SANDBOX.md says what it guarantees and what it does not.

mod build_space;
mod child;
mod identity;
mod network;
mod plan;
mod users;
mod wanted;

pub use wanted::Refused;

use super::case_files::CaseFiles;
use super::program::Program;
use super::sys;
use super::sys::namespaces as ns;
pub use build_space::{BuildSpace, NotTaken};
use plan::Facts;
use std::ffi::{CString, OsString};
use std::fs::File;
use std::io::{self, Read, Seek};
use std::os::fd::AsRawFd;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};
use users::BoxUser;
pub use wanted::folders_named;
pub use wanted::words;

/// Whether programs are boxed in this run of the judge, and why not when they are not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Availability {
    /// Boxed: as root (a box user of its own), or else in a user namespace of its own.
    On { root: bool },
    /// `--no-sandbox`.
    Refused,
    /// The kernel or the judge's privileges do not allow it; the reason.
    Unavailable(String),
}

impl Availability {
    /// The banner line's words: whether programs are boxed, then what measures them (see
    /// `cgroup::in_force`).
    pub fn describe(&self) -> String {
        format!("{}; {}", self.boxing(), super::cgroup::in_force())
    }

    /// Whether programs are boxed, in words.
    fn boxing(&self) -> String {
        match self {
            Availability::On { root: true } => {
                "sandbox: on (own namespaces, an unprivileged user, the test data hidden)"
                    .to_string()
            }
            Availability::On { root: false } => {
                "sandbox: on (own namespaces, a user namespace of its own, the test data hidden)"
                    .to_string()
            }
            Availability::Refused => {
                "sandbox: off (--no-sandbox): programs see the test data and the judge".to_string()
            }
            Availability::Unavailable(reason) => {
                format!("sandbox: off ({reason}): programs run unsandboxed")
            }
        }
    }
}

/// The sandbox's settings for this run of the judge.
struct Settings {
    hidden: Vec<PathBuf>,
    /// The judge's own folders (real paths), covered where a shown folder holds them.
    covered: Vec<PathBuf>,
    /// Whether the judge runs as root (else: a user namespace per box).
    root: bool,
}

static SETTINGS: Mutex<Option<Settings>> = Mutex::new(None);

/// The test data of this run of the judge (real paths), known whether the sandbox is on or off.
static TEST_DATA: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The case files (inputs and answers) of this run, by identity: a hard link or a copy made by
/// a bind mount is the same file.
static CASE_FILES: Mutex<Vec<(u64, u64)>> = Mutex::new(Vec::new());

/// Makes `files` (every case's input and answer) known as test data to `is_test_data`.
pub fn know_case_files(files: &[PathBuf]) {
    let mut known: Vec<(u64, u64)> = files.iter().filter_map(|file| identity::of(file)).collect();
    known.sort_unstable();
    known.dedup();
    *CASE_FILES
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner()) = known;
}

/// Whether `path` is (by whatever path leads to it) one of the folders of this run's test data,
/// or one of its case files (a hard link to one too): what a contestant's folder must not carry
/// into its build.
pub fn is_test_data(path: &Path) -> bool {
    let case_file = identity::of(path).is_some_and(|id| {
        CASE_FILES
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .binary_search(&id)
            .is_ok()
    });
    let test_data = TEST_DATA
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    case_file
        || test_data
            .iter()
            .any(|data| identity::Ancestry::of(data).under(path).as_deref() == Some(path))
}

/// Turns the sandbox on (`wanted`) for the runs to confine, hiding `hidden` folders (the test
/// data) from them and covering the judge's `own` ones (its caches; its scratch too), where the
/// kernel allows; says whether it is on.
pub fn configure(wanted: bool, hidden: Vec<PathBuf>, own: &[PathBuf]) -> Availability {
    *TEST_DATA
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner()) = hidden
        .iter()
        .filter_map(|path| wanted::real_path(path))
        .collect();
    let root = ns::own_ids().0 == 0;
    let availability = if !wanted {
        Availability::Refused
    } else if root {
        Availability::On { root }
    } else {
        match probe_user_namespaces() {
            Ok(()) => Availability::On { root },
            Err(error) => Availability::Unavailable(format!(
                "not root, and no user namespace could be made: {error}"
            )),
        }
    };
    let mut settings = SETTINGS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    *settings = matches!(availability, Availability::On { .. }).then(|| Settings {
        hidden: with_also_hidden(&hidden),
        covered: wanted::judges_own(own),
        root,
    });
    availability
}

/// The real paths of `test_data`, with what goes hidden with it (see `wanted::also_hidden`).
fn with_also_hidden(test_data: &[PathBuf]) -> Vec<PathBuf> {
    let mut hidden: Vec<PathBuf> = test_data
        .iter()
        .filter_map(|path| wanted::real_path(path))
        .collect();
    hidden.extend(wanted::also_hidden(&hidden));
    // The same folders where the mount table shows them again (the source of a bind mount).
    let aliases: Vec<PathBuf> = hidden
        .iter()
        .flat_map(|folder| identity::aliases(folder))
        .collect();
    hidden.extend(aliases);
    hidden.sort();
    hidden.dedup();
    hidden
}

/// The folders `program`'s command names that its box will not show, as they hold (or lie in)
/// test data: for a warning.
pub fn refused_folders(program: &Program) -> Vec<Refused> {
    let settings = SETTINGS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let (Some(settings), Ok(here)) = (settings.as_ref(), std::env::current_dir()) else {
        return Vec::new();
    };
    wanted::refused_folders(program, &here, &settings.hidden)
}

/// The lines of `/proc/self/uid_map` and `gid_map` that map the judge's own user and group to
/// themselves in a box's user namespace (so the program is not root there).
fn own_maps() -> (Vec<u8>, Vec<u8>) {
    let (uid, gid) = ns::own_ids();
    (
        format!("{uid} {uid} 1").into_bytes(),
        format!("{gid} {gid} 1").into_bytes(),
    )
}

/// Whether a child of the judge can make a box's namespaces without privileges: runs
/// `/bin/sh -c 'exit 0'` in them.
fn probe_user_namespaces() -> io::Result<()> {
    let (uid_map, gid_map) = own_maps();
    let mut command = Command::new("/bin/sh");
    command
        .args(["-c", "exit 0"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    // SAFETY: the closure runs in the forked child before exec and makes only the
    // async-signal-safe calls of `sys::namespaces` on the maps, made before the fork.
    unsafe {
        command.pre_exec(move || child::make_user_namespace(&uid_map, &gid_map));
    }
    match command.status()? {
        status if status.success() => Ok(()),
        status => Err(io::Error::new(
            io::ErrorKind::Other,
            format!("a probe in them ended with {status}"),
        )),
    }
}

/// The processes (and threads) a boxed program may have at once.
pub const MAX_PROCESSES: u64 = 256;

/// A box a run is in: its user (free again on drop, after the run's processes are gone) and
/// the pipe on which its init tells how the program ended.
#[derive(Debug)]
pub struct Boxed {
    _user: Option<BoxUser>,
    told: File,
    /// The write end, until the spawn (the init has its own copy).
    tell: Option<File>,
    /// Made as root (else in a user namespace of its own).
    root: bool,
}

impl Boxed {
    /// After the spawn: the judge's copy of the write end is closed, so the read end sees the
    /// end once the init is gone.
    pub fn spawned(mut self) -> Boxed {
        self.tell = None;
        self
    }

    /// Whether the command must be spawned by `in_new_pid_namespace` (as root; without
    /// privileges the judge's child makes the namespaces and forks the init itself).
    pub fn needs_pid_namespace(&self) -> bool {
        self.root
    }

    /// How many of the run's first processes are copies of the judge rather than the
    /// program's: the init, and without root the child that made it.
    pub fn judge_copies(&self) -> usize {
        match self.root {
            true => 1,
            false => 2,
        }
    }

    /// What the init (and the program, before its exec) told; `None` if the init ended (or
    /// was killed) without telling. Read once, after the init is reaped.
    pub fn told(&self) -> Option<Told> {
        let kib = |bytes: &[u8]| u64::from_ne_bytes(bytes.try_into().unwrap_or([0; 8])) * 1024;
        let mut exec_peak_bytes = None;
        // Record by record, up to the init's, the last (no wait for the pipe's end).
        loop {
            let mut kind = [0u8; 1];
            (&self.told).read_exact(&mut kind).ok()?;
            match kind[0] {
                PROGRAM_TELLS => {
                    let mut told = [0u8; PROGRAM_TOLD_BYTES - 1];
                    (&self.told).read_exact(&mut told).ok()?;
                    exec_peak_bytes = Some(kib(&told));
                }
                INIT_TELLS => {
                    let mut told = [0u8; INIT_TOLD_BYTES - 1];
                    (&self.told).read_exact(&mut told).ok()?;
                    return Some(Told {
                        status: i32::from_ne_bytes(told[..4].try_into().unwrap_or([0; 4])),
                        exec_peak_bytes,
                        reaped_peak_bytes: kib(&told[4..]),
                    });
                }
                _ => return None,
            }
        }
    }
}

/// What the program tells down the init's pipe before its exec: this byte, then its peak
/// resident set so far in KiB (8 bytes).
const PROGRAM_TELLS: u8 = b'P';
const PROGRAM_TOLD_BYTES: usize = 9;

/// What the init tells once the program has ended: this byte, the program's wait status (4
/// bytes), then the largest peak resident set of the processes it reaped in KiB (8 bytes). Each
/// is written at once (under `PIPE_BUF`, so whole).
const INIT_TELLS: u8 = b'I';
const INIT_TOLD_BYTES: usize = 13;

/// What a box's init tells the judge once the program has ended and it has reaped every
/// process of the box.
#[derive(Clone, Copy, Debug)]
pub struct Told {
    /// The program's raw wait status.
    pub status: i32,
    /// The program's peak resident set just before its exec, where it got that far: a copy of
    /// the init's memory, which the kernel's count of its peak includes.
    pub exec_peak_bytes: Option<u64>,
    /// The largest peak resident set of any one process of the box (`ru_maxrss` of the init's
    /// children): the program's peak, or the larger of a process it started, where it is
    /// above `exec_peak_bytes`.
    pub reaped_peak_bytes: u64,
}

/// Makes `command` (which runs `program`) start in a box, if the sandbox is on (`None` when it
/// is off), with `build` (a build's folder) shown writable and given to the box user, its
/// working folder writable only if `folder_writable`, and `files` (a case's input files, open
/// until the spawn) copied into that folder. The command must be spawned by
/// `in_new_pid_namespace`.
pub fn confine(
    command: &mut Command,
    program: &Program,
    memory_bytes: u64,
    build: Option<&BuildSpace>,
    folder_writable: bool,
    files: Option<&CaseFiles>,
) -> io::Result<Option<Boxed>> {
    let writable = build.map(BuildSpace::folder);
    let (hidden, covered) = {
        let settings = SETTINGS
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        match settings.as_ref() {
            Some(settings) => (settings.hidden.clone(), settings.covered.clone()),
            None => return Ok(None),
        }
    };
    let here = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
    let view = view_for(program, &here, (&hidden, &covered), memory_bytes, writable);
    // The judge's folder: made fresh, or in a folder of the system, as it is (read-only).
    let working = here.clone();
    // Only into a fresh tmpfs of the box's own: never into a folder of the machine that the box
    // shows there (the judge's folder named by the command, a folder of the system).
    let fresh = view
        .writable
        .iter()
        .any(|path| path.as_bytes() == working.as_os_str().as_bytes());
    let placed = match files {
        Some(files) => placed_files(files, &working, fresh, memory_bytes)?,
        None => Vec::new(),
    };
    let root = settings_root();
    // As root, a box user of its own (without root, the user's own, in its namespace).
    let user = match root {
        true => Some(BoxUser::take()?),
        false => None,
    };
    let who = match &user {
        Some(user) => child::Who::Root {
            uid: user.uid(),
            gid: user.uid(),
            network: network::for_slot(user.slot())?,
        },
        None => {
            let (uid_map, gid_map) = own_maps();
            child::Who::Unprivileged { uid_map, gid_map }
        }
    };
    let mut writable_mounts = view.writable;
    if !folder_writable {
        writable_mounts.retain(|path| path.as_bytes() != here.as_os_str().as_bytes());
    }
    let (told, tell) = sys::pipe()?;
    let mut prepared = child::Prepared {
        mounts: view.steps,
        copies: vec![-1; view.copies],
        writable: writable_mounts,
        stand_in: build.and_then(BuildSpace::stand_in),
        given: writable
            .and_then(wanted::real_path)
            .map(|folder| CString::new(folder.as_os_str().as_bytes()).unwrap_or_default()),
        stage: CString::new(STAGE).unwrap_or_default(),
        stage_proc: CString::new(format!("{STAGE}/proc")).unwrap_or_default(),
        working_folder: CString::new(working.as_os_str().as_bytes()).unwrap_or_default(),
        placed,
        max_processes: MAX_PROCESSES,
        tell: tell.as_raw_fd(),
        who,
    };
    pass_on_environment(command);
    // SAFETY: the closure runs in the forked child before exec; `child::enter` makes only the
    // async-signal-safe calls of `sys::namespaces`, on `prepared`, made before the fork.
    unsafe {
        command.pre_exec(move || child::enter(&mut prepared));
    }
    Ok(Some(Boxed {
        _user: user,
        told,
        tell: Some(tell),
        root,
    }))
}

/// Where each of a case's input files goes in the box (`working`, the box's working folder),
/// with the descriptor it is copied from; an error unless that folder is a `fresh` tmpfs of
/// the box's own (the command names the judge's folder, or that is a folder of the system,
/// which the box shows as it is, read-only).
fn placed_files(
    files: &CaseFiles,
    working: &Path,
    fresh: bool,
    memory_bytes: u64,
) -> io::Result<Vec<child::Placed>> {
    // In the box's memory they would leave no room for the program: the package's fault, not
    // every submission's MLE.
    let total = files.total_bytes();
    if total >= memory_bytes {
        return Err(io::Error::new(
            io::ErrorKind::Other,
            format!(
                "the case's files {} take {} MiB, as much as the memory limit ({} MiB) or more: in the sandbox they are in the program's memory, so no program could pass",
                files.folder.display(),
                (total + (1 << 20) - 1) >> 20,
                memory_bytes >> 20
            ),
        ));
    }
    if !fresh {
        return Err(io::Error::new(
            io::ErrorKind::Other,
            format!(
                "the case's files {} go in the program's working folder, the judge's folder {}, \
                 which the sandbox shows as it is, read-only (the command names it, or it is a \
                 folder of the system): give the program as a file (judge sol.py DIR), or run the \
                 judge from another folder and name its files by their full paths",
                files.folder.display(),
                working.display()
            ),
        ));
    }
    let path = |inside: &Path| {
        CString::new(working.join(inside).as_os_str().as_bytes())
            .map_err(|error| io::Error::new(io::ErrorKind::InvalidInput, error))
    };
    files
        .entries
        .iter()
        .map(|entry| {
            Ok(child::Placed {
                path: path(&entry.inside)?,
                source: entry
                    .file
                    .as_ref()
                    .map(|(file, mode)| (file.as_raw_fd(), *mode)),
            })
        })
        .collect()
}

/// The variables of the judge's environment a boxed program gets (with `LC_*`): not the rest,
/// which may hold the user's secrets (tokens, agent sockets).
const PASSED_ON: &[&str] = &[
    "PATH",
    "HOME",
    "LANG",
    "LANGUAGE",
    "TZ",
    "PYENV_VERSION",
    "PYTHONPATH",
    "CLASSPATH",
    "JAVA_HOME",
    "RUSTUP_HOME",
    "RUSTUP_TOOLCHAIN",
    "CARGO_HOME",
];

/// Clears `command`'s environment but for `PASSED_ON` and what the judge set on it (its run
/// marker).
fn pass_on_environment(command: &mut Command) {
    let set: Vec<(OsString, OsString)> = command
        .get_envs()
        .filter_map(|(name, value)| Some((name.to_owned(), value?.to_owned())))
        .collect();
    let kept: Vec<(OsString, OsString)> = std::env::vars_os()
        .filter(|(name, _)| {
            let name = name.to_string_lossy();
            PASSED_ON.contains(&name.as_ref()) || name.starts_with("LC_")
        })
        .collect();
    command.env_clear().envs(kept).envs(set);
}

/// `EACCES`: what exec says of a file its user may not read or run.
const ACCESS_DENIED: i32 = 13;

/// A boxed program's failure to start, with why where the box is the cause: as root, the box
/// user is not the file's owner, so a program of mode 0700 (or in a folder of mode 0700) is
/// not one it may run.
pub fn explained(error: io::Error) -> io::Error {
    if error.raw_os_error() != Some(ACCESS_DENIED) || !settings_root() {
        return error;
    }
    io::Error::new(
        error.kind(),
        format!(
            "{error}: the sandbox runs it as a user of its own, who may not read or run it; make \
             it, and the folders it is in, readable by others (chmod o+rx), or judge with \
             --no-sandbox"
        ),
    )
}

/// Whether runs to confine are boxed now.
pub fn is_on() -> bool {
    SETTINGS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .is_some()
}

/// The case input for a boxed program's stdin: a sealed copy in memory (still a regular file,
/// which fast readers `mmap` or `fstat`), so that the program, which could open its stdin
/// again through `/proc/self/fd/0`, can neither change the case's file (if its mode would let
/// it) nor learn where it is.
pub fn sealed_input(path: &Path) -> io::Result<File> {
    let mut original = super::regular_file::open_regular(path)?;
    let mut copy = ns::memory_file(c"case-input")?;
    io::copy(&mut original, &mut copy)?;
    ns::seal(&copy)?;
    copy.seek(io::SeekFrom::Start(0))?;
    Ok(copy)
}

/// Whether the sandbox was configured as root.
fn settings_root() -> bool {
    SETTINGS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .as_ref()
        .is_some_and(|settings| settings.root)
}

/// The PID namespace of the judge's threads, opened once (`None` if it cannot be).
static OWN_PID_NAMESPACE: OnceLock<Option<File>> = OnceLock::new();

/// Runs `spawn` with this thread's children born in a new PID namespace (the first one is its
/// PID 1: the box's init), then puts the thread back, so its later children are born where the
/// judge is.
pub fn in_new_pid_namespace<T>(spawn: impl FnOnce() -> T) -> io::Result<T> {
    let own = OWN_PID_NAMESPACE
        .get_or_init(|| ns::own_pid_namespace().ok())
        .as_ref()
        .ok_or_else(|| io::Error::new(io::ErrorKind::Other, "cannot open /proc/self/ns/pid"))?;
    ns::enter_new_namespaces(ns::NEW_PID)?;
    let spawned = spawn();
    ns::join_namespace(own.as_raw_fd(), ns::NEW_PID)?;
    Ok(spawned)
}

/// What a view was planned for: the program, the working folder, the hidden and the covered
/// folders, the memory limit (the private tmpfs's size), the writable folder.
type ViewKey = (Program, PathBuf, [Vec<PathBuf>; 2], u64, Option<PathBuf>);

/// The views planned so far: every case of a folder runs the same program, so its view is
/// worked out once (looking up PATH and folder permissions costs more than the mounts).
static VIEWS: Mutex<Vec<(ViewKey, plan::View)>> = Mutex::new(Vec::new());

/// The view of `program` run from `here`, planned once.
fn view_for(
    program: &Program,
    here: &Path,
    (hidden, covered): (&[PathBuf], &[PathBuf]),
    memory_bytes: u64,
    writable: Option<&Path>,
) -> plan::View {
    let key: ViewKey = (
        program.clone(),
        here.to_path_buf(),
        [hidden.to_vec(), covered.to_vec()],
        memory_bytes,
        writable.map(Path::to_path_buf),
    );
    let mut views = VIEWS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, view)) = views.iter().find(|(known, _)| *known == key) {
        return view.clone();
    }
    let (wanted, links) = wanted::wanted_paths(program, here, hidden, covered, writable);

    let private = format!("size={memory_bytes},nr_inodes=65536,mode=1777");
    let view = plan::plan(
        &wanted,
        &links,
        &RealFiles,
        Path::new(STAGE),
        &private,
        COVER_OPTIONS,
    );
    if views.len() >= 16 {
        views.remove(0);
    }
    views.push((key, view.clone()));
    view
}

/// The folder of the machine's tree the box's root is built on (in the box's own mount
/// namespace, after the copies of what it shows are taken): any folder every machine has.
const STAGE: &str = "/tmp";

/// A covering tmpfs (the box's root, a hidden folder): tiny, for the mount points of what is
/// placed.
const COVER_OPTIONS: &str = "size=1m,nr_inodes=4096,mode=755";

struct RealFiles;

impl Facts for RealFiles {
    fn kind(&self, path: &Path) -> Option<bool> {
        std::fs::metadata(path).ok().map(|meta| meta.is_dir())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// A box whose init's pipe holds `records` (the write end closed after them).
    fn told_after(records: &[&[u8]]) -> Option<Told> {
        let (told, mut tell) = sys::pipe().expect("a pipe");
        for record in records {
            tell.write_all(record).expect("written");
        }
        drop(tell);
        let boxed = Boxed {
            _user: None,
            told,
            tell: None,
            root: false,
        };
        boxed.told()
    }

    /// A record: its kind, then its numbers in native byte order.
    fn record(kind: u8, status: Option<i32>, kib: u64) -> Vec<u8> {
        let mut bytes = vec![kind];
        if let Some(status) = status {
            bytes.extend(status.to_ne_bytes());
        }
        bytes.extend(kib.to_ne_bytes());
        bytes
    }

    #[test]
    fn the_inits_report_is_read_with_or_without_the_programs() {
        // The program told 1040 KiB before its exec; it exited with 3 (status 3 << 8); the
        // largest process the init reaped peaked at 1200 KiB.
        let program = record(PROGRAM_TELLS, None, 1040);
        let init = record(INIT_TELLS, Some(3 << 8), 1200);
        let told = told_after(&[&program, &init]).expect("told");
        assert_eq!(told.status, 3 << 8);
        assert_eq!(told.exec_peak_bytes, Some(1040 * 1024));
        assert_eq!(told.reaped_peak_bytes, 1200 * 1024);
        // The program never got to its exec (the box could not be built): the init's alone.
        let told = told_after(&[&init]).expect("told");
        assert_eq!(told.exec_peak_bytes, None);
        assert_eq!(told.reaped_peak_bytes, 1200 * 1024);
        // The init was killed before it told: nothing, whatever the program said.
        assert!(told_after(&[&program]).is_none());
        assert!(told_after(&[]).is_none());
        // A cut record is no record.
        assert!(told_after(&[&init[..7]]).is_none());
    }
}
