//! The sandbox a contestant's program runs in, as isolate's box does: new PID, mount, IPC, UTS
//! and network namespaces; an unprivileged user of its own with no capabilities and
//! `no_new_privs`; the system read-only; the test data and the judge's scratch hidden; a
//! private `/tmp`, `/dev/shm` and working folder; no descriptor of the judge's; a process
//! limit. Checkers, interactors and validators (the problem's own code) run outside it.
//!
//! `configure` turns it on for the judge's run (where the kernel allows: here, running as
//! root), with the folders to hide; `Running::start_in` then boxes every run it is asked to
//! confine. `plan` says what the program sees, `child` does it between fork and exec. The
//! guide's "Sandbox" section (docs/GUIDE.md) says what it guarantees and what it does not.

mod child;
mod network;
mod plan;

use super::program::Program;
use super::sys;
use super::sys::namespaces as ns;
use plan::{Facts, Want};
use std::ffi::CString;
use std::fs::File;
use std::io::{self, Read};
use std::os::fd::AsRawFd;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};

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
    /// The banner line's words.
    pub fn describe(&self) -> String {
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
    /// Whether the judge runs as root (else: a user namespace per box).
    root: bool,
}

static SETTINGS: Mutex<Option<Settings>> = Mutex::new(None);

/// Turns the sandbox on (`wanted`) for the runs to confine, hiding `hidden` folders (and the
/// judge's scratch) from them, where the kernel allows; says whether it is on.
pub fn configure(wanted: bool, hidden: Vec<PathBuf>) -> Availability {
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
        hidden: hidden.iter().filter_map(|path| real_folder(path)).collect(),
        root,
    });
    availability
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
        command.pre_exec(move || child::probe(&uid_map, &gid_map));
    }
    match command.status()? {
        status if status.success() => Ok(()),
        status => Err(io::Error::new(
            io::ErrorKind::Other,
            format!("a probe in them ended with {status}"),
        )),
    }
}

/// Adds folders to hide (a case folder found after `configure`).
pub fn hide(folders: &[PathBuf]) {
    let mut settings = SETTINGS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(settings) = settings.as_mut() {
        settings
            .hidden
            .extend(folders.iter().filter_map(|path| real_folder(path)));
    }
}

/// The processes (and threads) a boxed program may have at once.
pub const MAX_PROCESSES: u64 = 256;

/// The first uid (and gid) of the box users; a box takes one of the next `SLOTS`.
const FIRST_BOX_UID: u32 = 60_000;
const SLOTS: usize = 1000;

/// The box users in use, so two boxes running at once never share one (RLIMIT_NPROC counts a
/// user's processes, whichever box they are in).
static IN_USE: Mutex<Vec<bool>> = Mutex::new(Vec::new());

/// A box user, free again on drop (after the run's processes are gone).
#[derive(Debug)]
pub struct BoxUser(usize);

impl BoxUser {
    fn take() -> BoxUser {
        let mut in_use = IN_USE
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if in_use.is_empty() {
            in_use.resize(SLOTS, false);
        }
        let slot = in_use.iter().position(|used| !used).unwrap_or(SLOTS - 1);
        in_use[slot] = true;
        BoxUser(slot)
    }

    fn uid(&self) -> u32 {
        FIRST_BOX_UID + self.0 as u32
    }
}

impl Drop for BoxUser {
    fn drop(&mut self) {
        let mut in_use = IN_USE
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(used) = in_use.get_mut(self.0) {
            *used = false;
        }
    }
}

/// A box a run is in: its user (free again on drop, after the run's processes are gone) and
/// the pipe on which its init tells how the program ended.
#[derive(Debug)]
pub struct Boxed {
    _user: BoxUser,
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

    /// The program's raw wait status, as its init told it; `None` if the init ended (or was
    /// killed) without telling. Read once the init is reaped.
    pub fn program_status(&self) -> Option<i32> {
        let mut status = [0u8; 4];
        (&self.told).read_exact(&mut status).ok()?;
        Some(i32::from_ne_bytes(status))
    }
}

/// Makes `command` (which runs `program`) start in a box, if the sandbox is on (`None` when it
/// is off). The command must be spawned by `in_new_pid_namespace`.
pub fn confine(
    command: &mut Command,
    program: &Program,
    memory_bytes: u64,
) -> io::Result<Option<Boxed>> {
    let hidden = {
        let settings = SETTINGS
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        match settings.as_ref() {
            Some(settings) => settings.hidden.clone(),
            None => return Ok(None),
        }
    };
    let user = BoxUser::take();
    let here = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
    let view = view_for(program, &here, &hidden, memory_bytes);
    let working = match working_folder(&here) {
        Some(folder) => folder,
        None => PathBuf::from("/tmp"),
    };
    let root = settings_root();
    let who = match root {
        true => child::Who::Root {
            uid: user.uid(),
            gid: user.uid(),
            network: network::for_slot(user.0)?,
        },
        false => {
            let (uid_map, gid_map) = own_maps();
            child::Who::Unprivileged { uid_map, gid_map }
        }
    };
    let (told, tell) = sys::pipe()?;
    let mut prepared = child::Prepared {
        mounts: view.steps,
        copies: vec![-1; view.copies],
        writable: view.writable,
        working_folder: CString::new(working.as_os_str().as_bytes()).unwrap_or_default(),
        max_processes: MAX_PROCESSES,
        tell: tell.as_raw_fd(),
        who,
    };
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

/// What a view was planned for: the program, the working folder, the hidden folders, the
/// memory limit (the private tmpfs's size).
type ViewKey = (Program, PathBuf, Vec<PathBuf>, u64);

/// The views planned so far: every case of a folder runs the same program, so its view is
/// worked out once (looking up PATH and folder permissions costs more than the mounts).
static VIEWS: Mutex<Vec<(ViewKey, plan::View)>> = Mutex::new(Vec::new());

/// The view of `program` run from `here`, planned once.
fn view_for(program: &Program, here: &Path, hidden: &[PathBuf], memory_bytes: u64) -> plan::View {
    let key: ViewKey = (
        program.clone(),
        here.to_path_buf(),
        hidden.to_vec(),
        memory_bytes,
    );
    let mut views = VIEWS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, view)) = views.iter().find(|(known, _)| *known == key) {
        return view.clone();
    }
    let wanted = wanted_paths(program, here, hidden);
    let private = format!("size={memory_bytes},nr_inodes=65536,mode=1777");
    let view = plan::plan(&wanted, &RealFiles, &private, COVER_OPTIONS);
    if views.len() >= 16 {
        views.remove(0);
    }
    views.push((key, view.clone()));
    view
}

/// A covering tmpfs: tiny, for the mount points of what is placed back.
const COVER_OPTIONS: &str = "size=1m,nr_inodes=4096,mode=755";

struct RealFiles;

impl Facts for RealFiles {
    fn kind(&self, path: &Path) -> Option<bool> {
        std::fs::metadata(path).ok().map(|meta| meta.is_dir())
    }
}

/// The folders of the system: never covered by a working folder.
const SYSTEM_FOLDERS: &[&str] = &[
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/proc", "/sys",
    "/dev", "/run", "/boot", "/opt", "/var", "/snap", "/nix",
];

/// The program's working folder: the judge's own, at the same path (so relative paths in its
/// command work) but a fresh tmpfs in which only what the command names is shown; none where
/// that would cover the system.
fn working_folder(here: &Path) -> Option<PathBuf> {
    let system =
        here.parent().is_none() || SYSTEM_FOLDERS.iter().any(|folder| here.starts_with(folder));
    (!system).then(|| here.to_path_buf())
}

/// A folder's real path (links resolved): a mount covers the folder itself, whichever path
/// leads to it.
fn real_folder(path: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(path).ok()
}

/// The path at which a command finds what it names: absolute (from the judge's folder) but with
/// its links kept, since a link inside a folder the box covers is not there in the box, and the
/// path must be made again inside the cover. Only a path with `..` is resolved (the kernel would
/// follow its links before going up).
fn as_named(path: &Path, here: &Path) -> Option<PathBuf> {
    use std::path::Component;
    let absolute = here.join(path);
    if absolute
        .components()
        .any(|component| component == Component::ParentDir)
    {
        return std::fs::canonicalize(&absolute).ok();
    }
    let kept: PathBuf = absolute
        .components()
        .filter(|component| *component != Component::CurDir)
        .collect();
    kept.exists().then_some(kept)
}

/// Whether the box user may pass through `folder` (the search bit for others).
fn passable(folder: &Path) -> bool {
    std::fs::metadata(folder).is_ok_and(|meta| meta.permissions().mode() & 0o001 != 0)
}

/// The folders above `path` that the box user cannot pass through, from the top.
fn closed_above(path: &Path) -> Vec<PathBuf> {
    path.ancestors()
        .skip(1)
        .filter(|folder| folder.parent().is_some() && !passable(folder))
        .map(Path::to_path_buf)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect()
}

/// The words of a command line that may name files: split at blanks and shell operators,
/// quotes dropped (a rough reading, enough to find paths).
fn words(line: &str) -> Vec<String> {
    line.split(|c: char| c.is_whitespace() || ";&|<>()`".contains(c))
        .map(|word| word.replace(['\'', '"'], ""))
        .filter(|word| !word.is_empty())
        .collect()
}

/// `name` looked up in `PATH`, as a shell would.
fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|folder| folder.join(name))
        .find(|candidate| candidate.is_file())
}

/// Everything the plan needs: what to hide, what is private, what the command names.
fn wanted_paths(program: &Program, here: &Path, hidden: &[PathBuf]) -> Vec<(PathBuf, Want)> {
    let mut wanted: Vec<(PathBuf, Want)> = hidden
        .iter()
        .map(|folder| (folder.clone(), Want::Hidden))
        .collect();
    for private in ["/tmp", "/dev/shm"] {
        wanted.push((PathBuf::from(private), Want::Private));
    }
    let scratch = std::env::temp_dir();
    if let Some(scratch) = real_folder(&scratch).filter(|folder| !folder.starts_with("/tmp")) {
        wanted.push((scratch, Want::Hidden));
    }
    if let Some(folder) = working_folder(here) {
        wanted.push((folder, Want::Private));
    }
    let mut shown: Vec<PathBuf> = Vec::new();
    match program {
        Program::Binary(path) => shown.extend(as_named(path, here)),
        Program::Shell(line) => {
            for word in words(line) {
                shown.extend(as_named(Path::new(&word), here));
                // A program found on PATH under a folder the box user cannot pass through: the
                // folder it was installed in, whole (an interpreter needs its libraries).
                if !word.contains('/') {
                    if let Some(found) = on_path(&word).and_then(|found| as_named(&found, here)) {
                        shown.extend(install_folder(&found));
                    }
                }
            }
        }
    }
    // PATH's own folders, where the box user could not reach them: each with the folder it
    // was installed in (a shim calls the rest of its tool).
    if let Some(path) = std::env::var_os("PATH") {
        for folder in std::env::split_paths(&path) {
            shown.extend(as_named(&folder, here).and_then(|folder| install_folder(&folder)));
        }
    }
    for path in &shown {
        let closed = closed_above(path);
        wanted.extend(closed.into_iter().map(|folder| (folder, Want::Unreachable)));
    }
    for folder in working_folder(here).iter() {
        wanted.extend(
            closed_above(folder)
                .into_iter()
                .map(|folder| (folder, Want::Unreachable)),
        );
    }
    wanted.extend(shown.into_iter().map(|path| (path, Want::Shown)));
    wanted
}

/// For a program under a folder the box user cannot pass through, the folder just below the
/// highest such one on its path (`/root/.pyenv` for `/root/.pyenv/shims/python3`).
fn install_folder(program: &Path) -> Option<PathBuf> {
    let top = closed_above(program).into_iter().next()?;
    let below = program.strip_prefix(&top).ok()?.components().next()?;
    Some(top.join(below))
}
