//! A memory cgroup (cgroup v1) per run, where the judge may make one: the kernel then holds the
//! run's processes under the memory limit (an allocation past it OOM-kills inside the group),
//! and lists every process of the run, including ones that left its process group.
//!
//! Made beside the judge's own memory cgroup, as `game-judge-<pid>-<n>`, and removed when the
//! run ends. Where cgroup v1's memory controller is absent or not writable (cgroup v2 only, no
//! permission), `Cgroup::create` gives `None` and the run is watched by polling alone. Setting
//! `GAME_JUDGE_CGROUP=off` forces that.

use std::ffi::CString;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Once;
use std::thread;
use std::time::Duration;

/// Where cgroup v1 mounts the memory controller.
const MEMORY_MOUNT: &str = "/sys/fs/cgroup/memory";

/// One run's memory cgroup; removed on drop (after its processes are gone).
#[derive(Debug)]
pub struct Cgroup {
    dir: PathBuf,
}

/// The judge's own memory cgroup, as a folder under the mount.
fn own_memory_cgroup() -> Option<PathBuf> {
    let text = fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = text.lines().find_map(|line| {
        let mut fields = line.splitn(3, ':');
        let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
        controllers
            .split(',')
            .any(|name| name == "memory")
            .then(|| path.to_string())
    })?;
    let dir = PathBuf::from(MEMORY_MOUNT).join(path.trim_start_matches('/'));
    dir.join("cgroup.procs").exists().then_some(dir)
}

/// Removes the empty cgroups of judges that are gone (killed before they could clean up).
fn remove_abandoned(parent: &Path) {
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let owner = name
            .to_str()
            .and_then(|name| name.strip_prefix("game-judge-"))
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<u32>().ok());
        if owner.is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists()) {
            let _ = fs::remove_dir(entry.path()); // fails, harmlessly, unless it is empty
        }
    }
}

impl Cgroup {
    /// A fresh cgroup limited to `limit_bytes`, or `None` where none can be made.
    pub fn create(limit_bytes: u64) -> Option<Cgroup> {
        if std::env::var_os("GAME_JUDGE_CGROUP").is_some_and(|value| value == "off") {
            return None;
        }
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        static SWEPT: Once = Once::new();
        let parent = own_memory_cgroup()?;
        SWEPT.call_once(|| remove_abandoned(&parent));
        let dir = parent.join(format!(
            "game-judge-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        fs::create_dir(&dir).ok()?;
        let cgroup = Cgroup { dir };
        fs::write(
            cgroup.dir.join("memory.limit_in_bytes"),
            limit_bytes.to_string(),
        )
        .ok()?;
        // No swap past the limit either, where swap accounting exists.
        let _ = fs::write(
            cgroup.dir.join("memory.memsw.limit_in_bytes"),
            limit_bytes.to_string(),
        );
        Some(cgroup)
    }

    /// The `cgroup.procs` file a child writes itself into.
    pub fn procs_file(&self) -> Option<CString> {
        CString::new(self.dir.join("cgroup.procs").as_os_str().as_bytes()).ok()
    }

    /// The processes in the cgroup now.
    pub fn pids(&self) -> Vec<i32> {
        fs::read_to_string(self.dir.join("cgroup.procs"))
            .unwrap_or_default()
            .split_whitespace()
            .filter_map(|pid| pid.parse().ok())
            .collect()
    }

    /// The most memory the cgroup's processes were charged at once (since they joined, so not
    /// the judge's pages they shared before exec; page cache they brought in counts too).
    pub fn peak_bytes(&self) -> u64 {
        fs::read_to_string(self.dir.join("memory.max_usage_in_bytes"))
            .ok()
            .and_then(|text| text.trim().parse().ok())
            .unwrap_or(0)
    }

    /// Whether the kernel OOM-killed a process of the cgroup (it went past the limit).
    pub fn oom_killed(&self) -> bool {
        fs::read_to_string(self.dir.join("memory.oom_control"))
            .unwrap_or_default()
            .lines()
            .filter_map(|line| line.strip_prefix("oom_kill "))
            .any(|count| count.trim().parse::<u64>().is_ok_and(|count| count > 0))
    }
}

impl Drop for Cgroup {
    fn drop(&mut self) {
        // rmdir fails while a process is still in it (a killed one may take a moment to go).
        for _ in 0..200 {
            for pid in self.pids() {
                super::sys::kill_now(pid);
            }
            if fs::remove_dir(&self.dir).is_ok() || !self.dir.exists() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
    }
}
