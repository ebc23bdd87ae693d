//! cgroup v2, the unified hierarchy of current distributions: a fresh cgroup per run, made
//! beside the judge in its own cgroup, limited by `memory.max` (with `memory.swap.max` 0 and
//! `pids.max`), measured by `cpu.stat`, `memory.peak` and `memory.events`, and emptied with
//! `cgroup.kill`.
//!
//! v2 enables a controller for a cgroup's children only while the cgroup holds no process
//! (the root cgroup aside), so the judge first moves itself into a leaf of its own cgroup
//! (`game-judge-<pid>-judge`) and enables `memory` and `pids` there; the runs' cgroups are that
//! leaf's siblings. Where other processes share its cgroup (a login shell's), root makes them
//! at the top of the hierarchy instead, which may hold processes and controllers together; a
//! user cannot. As a user, the judge's cgroup must be delegated to it (writable, as
//! `systemd-run --user --scope -p Delegate=yes` makes one); a login shell's `session-N.scope`
//! is not, and `find` says so.
//!
//! A run's cgroup is made for it and removed after it (not pooled: `memory.peak` can be reset
//! only from Linux 6.12 on), so every count it reads is the run's alone. The run's first
//! process joins it between fork and exec (`cgroup.procs`): v2 moves whole processes, so the
//! spawning thread cannot step in for the spawn as it does under v1.

use super::keyed;
use std::ffi::CString;
use std::fs;
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::Duration;

/// `EBUSY`: a controller cannot be enabled where processes are.
const BUSY: i32 = 16;

/// The judge's own cgroup, with `memory` (and `pids`, where the kernel has it) enabled for the
/// cgroups made in it.
#[derive(Debug)]
pub struct Tree {
    pub parent: PathBuf,
}

/// The cgroup2 mount of `mountinfo` (`/proc/self/mountinfo`'s text): the path of the hierarchy
/// it shows (its root, `/` unless a part of it is bind-mounted) and where it is mounted.
pub fn cgroup2_mount(mountinfo: &str) -> Option<(String, PathBuf)> {
    mountinfo.lines().find_map(|line| {
        let (mount, filesystem) = line.split_once(" - ")?;
        if filesystem.split(' ').next()? != "cgroup2" {
            return None;
        }
        let mut fields = mount.split(' ');
        let root = unescape(fields.nth(3)?);
        let point = unescape(fields.next()?);
        Some((root, PathBuf::from(point)))
    })
}

/// A path of the mount table with its octal escapes (`\040` for a space) undone.
fn unescape(field: &str) -> String {
    let bytes = field.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        let digits = bytes.get(index + 1..index + 4);
        let octal =
            digits.filter(|digits| digits.iter().all(|digit| (b'0'..=b'7').contains(digit)));
        match (bytes[index], octal) {
            (b'\\', Some(digits)) => {
                out.push(digits.iter().fold(0u8, |value, digit| {
                    value.wrapping_mul(8).wrapping_add(digit - b'0')
                }));
                index += 4;
            }
            (byte, _) => {
                out.push(byte);
                index += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The process's cgroup in the unified hierarchy: the path of `/proc/self/cgroup`'s `0::` line.
pub fn unified_path(proc_cgroup: &str) -> Option<&str> {
    proc_cgroup
        .lines()
        .find_map(|line| line.strip_prefix("0::"))
}

/// The folder of the cgroup at `path` of the hierarchy, mounted at `point` with `root` as its
/// top; `None` if the mount does not show it.
pub fn cgroup_folder(root: &str, point: &Path, path: &str) -> Option<PathBuf> {
    let below = match root {
        "/" => path.strip_prefix('/')?,
        _ => path.strip_prefix(root)?.trim_start_matches('/'),
    };
    (!below.split('/').any(|part| part == "..")).then(|| point.join(below))
}

/// Whether a space-separated list of controllers (`cgroup.controllers`,
/// `cgroup.subtree_control`) names `controller`.
fn lists(text: &str, controller: &str) -> bool {
    text.split_whitespace().any(|name| name == controller)
}

/// The judge's own cgroup made ready for runs' cgroups, or why it cannot be (in words, for the
/// `sandbox:` line).
pub fn find() -> Result<Tree, String> {
    let mountinfo = fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
    let (root, point) = cgroup2_mount(&mountinfo)
        .ok_or("no cgroup v1 memory controller, and no cgroup v2 mounted")?;
    let proc_cgroup = fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let path = unified_path(&proc_cgroup).ok_or("/proc/self/cgroup has no cgroup v2 line")?;
    let own = cgroup_folder(&root, &point, path)
        .filter(|folder| folder.join("cgroup.procs").exists())
        .ok_or_else(|| {
            format!(
                "the judge's cgroup v2 {path} is not under {}",
                point.display()
            )
        })?;
    let controllers = fs::read_to_string(own.join("cgroup.controllers")).unwrap_or_default();
    if !lists(&controllers, "memory") {
        return Err(format!(
            "cgroup v2 without the memory controller in {}",
            own.display()
        ));
    }
    let wanted: Vec<&str> = ["memory", "pids"]
        .into_iter()
        .filter(|controller| lists(&controllers, controller))
        .collect();
    let refused = |error: io::Error| match error.kind() {
        io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem => format!(
            "cgroup v2 {} is not the judge's to manage ({error}), and as a user it needs a \
             delegated one: systemd-run --user --scope -p Delegate=yes judge …",
            own.display()
        ),
        _ => format!("cgroup v2 {}: {error}", own.display()),
    };
    match enable(&own, &wanted) {
        Ok(()) => return Ok(Tree::at(own)),
        Err(error) if error.raw_os_error() != Some(BUSY) => return Err(refused(error)),
        Err(_) => {}
    }
    // Processes are in it (the judge at least): the judge moves to a leaf of its own.
    let leaf = own.join(format!("game-judge-{}-judge", std::process::id()));
    fs::create_dir(&leaf)
        .and_then(|()| fs::write(leaf.join("cgroup.procs"), "0"))
        .map_err(|error| {
            let _ = fs::remove_dir(&leaf);
            refused(error)
        })?;
    let error = match enable(&own, &wanted) {
        Ok(()) => return Ok(Tree::at(own)),
        Err(error) => error,
    };
    let _ = fs::write(own.join("cgroup.procs"), "0");
    let _ = fs::remove_dir(&leaf);
    if error.raw_os_error() != Some(BUSY) {
        return Err(refused(error));
    }
    // Others share its cgroup (a login shell's, say). Root may make the runs' cgroups at the
    // top of the hierarchy instead, where processes and controllers go together (as isolate
    // makes its own under a root of its choosing).
    let root = super::super::sys::namespaces::own_ids().0 == 0;
    if root && own != point && enable(&point, &wanted).is_ok() {
        return Ok(Tree::at(point));
    }
    Err(format!(
        "other processes share the judge's cgroup v2 {}, and controllers are enabled only for \
         a cgroup with no process: run it in a cgroup of its own",
        own.display()
    ))
}

impl Tree {
    /// The runs' cgroups go in `parent`; those that judges now gone left there are removed.
    fn at(parent: PathBuf) -> Tree {
        super::remove_abandoned(&parent);
        Tree { parent }
    }
}

/// Enables `controllers` for the children of the cgroup `folder`, where they are not yet.
fn enable(folder: &Path, controllers: &[&str]) -> io::Result<()> {
    let file = folder.join("cgroup.subtree_control");
    let enabled = fs::read_to_string(&file)?;
    let missing: Vec<String> = controllers
        .iter()
        .filter(|controller| !lists(&enabled, controller))
        .map(|controller| format!("+{controller}"))
        .collect();
    match missing.is_empty() {
        true => Ok(()),
        false => fs::write(&file, missing.join(" ")),
    }
}

/// Run cgroups that could not be removed at the end of their run (a process still going), for
/// `remove_left` to try again.
static LEFT: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// One run's cgroup; killed and removed on drop.
#[derive(Debug)]
pub struct Run {
    folder: PathBuf,
}

impl Run {
    /// A fresh cgroup in `tree` limited to `limit_bytes` and, if given, `max_processes`
    /// processes and threads; `None` where none can be made.
    pub fn make(tree: &Tree, limit_bytes: u64, max_processes: Option<u64>) -> Option<Run> {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let name = format!(
            "game-judge-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let folder = tree.parent.join(name);
        fs::create_dir(&folder).ok()?;
        let run = Run { folder };
        fs::write(run.file("memory.max"), limit_bytes.to_string()).ok()?;
        // Absent where the kernel keeps no swap accounting.
        let _ = fs::write(run.file("memory.swap.max"), "0");
        if let Some(max_processes) = max_processes {
            let _ = fs::write(run.file("pids.max"), max_processes.to_string());
        }
        Some(run)
    }

    fn file(&self, name: &str) -> PathBuf {
        self.folder.join(name)
    }

    /// The `cgroup.procs` file a child writes itself into.
    pub fn procs_file(&self) -> Option<CString> {
        CString::new(self.file("cgroup.procs").as_os_str().as_bytes()).ok()
    }

    /// The processes in the cgroup now.
    pub fn processes(&self) -> Vec<i32> {
        super::procs(&self.file("cgroup.procs"))
    }

    /// What the cgroup's processes are charged now.
    pub fn usage_bytes(&self) -> u64 {
        super::read_number(&self.file("memory.current"))
    }

    /// The most they were charged at once (`memory.peak`, Linux 5.19 on); `None` before.
    pub fn peak_bytes(&self) -> Option<u64> {
        let text = fs::read_to_string(self.file("memory.peak")).ok()?;
        text.trim().parse().ok()
    }

    /// Whether the kernel OOM-killed a process of the run (it went past `memory.max`).
    pub fn oom_killed(&self) -> bool {
        let events = fs::read_to_string(self.file("memory.events")).unwrap_or_default();
        keyed(&events, "oom_kill").is_some_and(|kills| kills > 0)
    }

    /// The CPU time (user + system) of every process that was in the cgroup, reaped or not.
    pub fn cpu_time(&self) -> Option<Duration> {
        let stat = fs::read_to_string(self.file("cpu.stat")).ok()?;
        keyed(&stat, "usage_usec").map(Duration::from_micros)
    }

    /// Kills every process of the cgroup at once (`cgroup.kill`, Linux 5.14 on), else each one
    /// it lists; whether any was left to kill.
    pub fn kill_all(&self) -> bool {
        let left = self.processes();
        if !left.is_empty() && fs::write(self.file("cgroup.kill"), "1").is_err() {
            for pid in &left {
                super::super::sys::kill_now(*pid);
            }
        }
        !left.is_empty()
    }
}

impl Drop for Run {
    /// Kills what is left until the cgroup is empty, then removes it.
    fn drop(&mut self) {
        for round in 0..400 {
            if !self.kill_all() && fs::remove_dir(&self.folder).is_ok() {
                return;
            }
            thread::sleep(Duration::from_millis(if round < 20 { 1 } else { 5 }));
        }
        if let Ok(mut left) = LEFT.lock() {
            left.push(std::mem::take(&mut self.folder));
        }
    }
}

/// Removes the run cgroups that could not be removed at their end (call when no run is left).
pub fn remove_left() {
    let left = match LEFT.lock() {
        Ok(mut left) => std::mem::take(&mut *left),
        Err(_) => return,
    };
    for folder in left {
        let _ = fs::remove_dir(folder);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A mount table of a hybrid machine (v1 controllers, an empty v2 tree beside them) and of
    /// a container whose cgroup2 mount shows a part of the hierarchy.
    #[test]
    fn the_cgroup2_mount_is_found_in_the_mount_table() {
        let hybrid = "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n\
                      35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n\
                      41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";
        assert_eq!(
            cgroup2_mount(hybrid),
            Some(("/".to_string(), PathBuf::from("/sys/fs/cgroup/unified")))
        );
        let container = "600 590 0:26 /docker/abc /sys/fs/cgroup ro,nosuid shared:9 master:1 - \
                         cgroup2 cgroup2 rw,nsdelegate\n";
        assert_eq!(
            cgroup2_mount(container),
            Some(("/docker/abc".to_string(), PathBuf::from("/sys/fs/cgroup")))
        );
        let spaced = "50 31 0:40 / /mnt/my\\040cgroups rw - cgroup2 none rw\n";
        assert_eq!(
            cgroup2_mount(spaced),
            Some(("/".to_string(), PathBuf::from("/mnt/my cgroups")))
        );
        // A v1 mount alone is no cgroup2 mount, nor is a path that names one.
        let v1_only = "35 31 0:32 / /sys/fs/cgroup2 rw,relatime - cgroup cgroup rw,memory\n";
        assert_eq!(cgroup2_mount(v1_only), None);
    }

    /// `/proc/self/cgroup` of a v2-only machine, of a hybrid one, and of a v1-only one.
    #[test]
    fn the_unified_line_of_proc_self_cgroup_gives_the_path() {
        assert_eq!(
            unified_path("0::/user.slice/user-1000.slice/session-2.scope\n"),
            Some("/user.slice/user-1000.slice/session-2.scope")
        );
        assert_eq!(
            unified_path("4:memory:/process_api/1d6a\n1:cpu:/\n0::/\n"),
            Some("/")
        );
        assert_eq!(unified_path("4:memory:/a\n2:cpuacct:/\n"), None);
    }

    #[test]
    fn a_cgroups_folder_is_its_path_below_the_mounts_root() {
        let point = Path::new("/sys/fs/cgroup");
        assert_eq!(
            cgroup_folder("/", point, "/"),
            Some(PathBuf::from("/sys/fs/cgroup/"))
        );
        assert_eq!(
            cgroup_folder("/", point, "/user.slice/x.scope"),
            Some(PathBuf::from("/sys/fs/cgroup/user.slice/x.scope"))
        );
        assert_eq!(
            cgroup_folder("/docker/abc", point, "/docker/abc/inner"),
            Some(PathBuf::from("/sys/fs/cgroup/inner"))
        );
        // Outside the part the mount shows (a cgroup namespace's `/..` paths too): none.
        assert_eq!(cgroup_folder("/docker/abc", point, "/system.slice"), None);
        assert_eq!(cgroup_folder("/", point, "/../x"), None);
    }

    #[test]
    fn keyed_files_give_the_number_after_their_key() {
        let cpu_stat = "usage_usec 1234567\nuser_usec 1000000\nsystem_usec 234567\n\
                        nr_periods 0\n";
        assert_eq!(keyed(cpu_stat, "usage_usec"), Some(1_234_567));
        assert_eq!(keyed(cpu_stat, "system_usec"), Some(234_567));
        let events = "low 0\nhigh 0\nmax 12\noom 1\noom_kill 1\noom_group_kill 0\n";
        assert_eq!(keyed(events, "oom_kill"), Some(1));
        assert_eq!(keyed(events, "oom"), Some(1));
        assert_eq!(keyed(events, "oom_group"), None);
        assert_eq!(keyed("oom_kill x\n", "oom_kill"), None);
    }

    #[test]
    fn controller_lists_name_whole_words() {
        assert!(lists("cpuset cpu io memory hugetlb pids\n", "pids"));
        assert!(!lists("cpuset cpu io memory_x\n", "memory"));
    }
}
