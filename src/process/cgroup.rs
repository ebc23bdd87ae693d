//! A cgroup per run, where the judge may make one: the kernel then holds the run's processes
//! under the memory limit (an allocation past it OOM-kills inside the group), lists every
//! process of the run, including ones that left its process group, and counts its CPU time and
//! peak memory, the run's figures. `in_force` says which kind the judge uses, once for its whole
//! run: cgroup v1 where its memory controller is mounted (below), else cgroup v2 (`v2`), else
//! none, and why (the `sandbox:` line says it).
//!
//! Under v1, a memory cgroup is made beside the judge's own, as `game-judge-<pid>-<n>`, with a
//! cpuacct companion of the same name. A cgroup whose run has
//! ended goes back to a pool and serves a later run (its peak reset, its OOM count and what is
//! still charged to it noted, so the next run's figures are its own), since making and removing
//! one costs about as much as running a small program; it is put back by the monitor after the
//! run's result is sent, off the judge's path. `remove_pooled` removes them when the judge is
//! done, and a judge that starts removes those of judges that are gone.
//!
//! The run's first process is born in its cgroup: under v1 the thread that spawns it moves
//! itself into the cgroup's `tasks` for the spawn and back right after. That costs far less than
//! the child joining `cgroup.procs` itself (which waits for the whole thread group's lock); the
//! child joins that way only where the thread cannot move, and always under v2.
//!
//! Where no cgroup can be had (no permission, no memory controller, a v2 cgroup that is not
//! the judge's to manage), `Cgroup::acquire` gives `None` and the run is watched by polling
//! alone. Setting `GAME_JUDGE_CGROUP=off` forces that.

use std::ffi::CString;
use std::fs;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, Once, OnceLock};
use std::thread;
use std::time::Duration;

mod v2;

/// Where cgroup v1 mounts the memory controller.
const MEMORY_MOUNT: &str = "/sys/fs/cgroup/memory";

/// A cgroup going back to the pool with more than this still charged to it (page cache of the
/// files its run read) is emptied first; below it, emptying costs more than it is worth, and
/// the next run's figures are counted from what is left (`Ready::charged_bytes`).
const EMPTY_PAST_BYTES: u64 = 16 << 20;

/// Cgroups whose runs have ended, ready for another.
static POOL: Mutex<Vec<Ready>> = Mutex::new(Vec::new());

/// A cgroup with no process in it and its peak reset: what `acquire` hands out.
#[derive(Debug)]
struct Ready {
    dir: PathBuf,
    /// Its companion in the cpuacct hierarchy (same name), where one could be made: the
    /// kernel's count of the CPU time of every process that was ever in it, reaped or not.
    cpu_dir: Option<PathBuf>,
    /// What is still charged to it (left by earlier runs).
    charged_bytes: u64,
    /// The OOM kills it has counted so far.
    oom_kills: u64,
}

/// One run's memory cgroup under v1; back to the pool on drop (after its processes are gone).
#[derive(Debug)]
pub struct V1 {
    ready: Ready,
    parent: &'static Path,
    cpu_parent: Option<&'static Path>,
    /// Whether the run's first process was born in the cpuacct companion too (then its count
    /// is the run's CPU time).
    cpu_entered: AtomicBool,
}

/// Where cgroup v1 mounts the cpuacct controller.
const CPU_MOUNT: &str = "/sys/fs/cgroup/cpuacct";

/// The judge's own cgroup of `controller`, as a folder under `mount`.
fn own_cgroup(controller: &str, mount: &str) -> Option<PathBuf> {
    let text = fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = text.lines().find_map(|line| {
        let mut fields = line.splitn(3, ':');
        let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
        controllers
            .split(',')
            .any(|name| name == controller)
            .then(|| path.to_string())
    })?;
    let dir = PathBuf::from(mount).join(path.trim_start_matches('/'));
    dir.join("cgroup.procs").exists().then_some(dir)
}

/// The judge's own memory cgroup (looked up once).
fn own_memory_cgroup() -> Option<&'static Path> {
    static OWN: OnceLock<Option<PathBuf>> = OnceLock::new();
    OWN.get_or_init(|| own_cgroup("memory", MEMORY_MOUNT))
        .as_deref()
}

/// The judge's own cpuacct cgroup (looked up once).
fn own_cpu_cgroup() -> Option<&'static Path> {
    static OWN: OnceLock<Option<PathBuf>> = OnceLock::new();
    OWN.get_or_init(|| own_cgroup("cpuacct", CPU_MOUNT))
        .as_deref()
}

/// The pid that made a `game-judge-<pid>-<n>` cgroup, if `name` is one.
fn owner(name: &str) -> Option<u32> {
    name.strip_prefix("game-judge-")?
        .split('-')
        .next()?
        .parse()
        .ok()
}

/// Removes the empty cgroups of judges that are gone (killed before they could clean up).
fn remove_abandoned(parent: &Path) {
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let gone = entry
            .file_name()
            .to_str()
            .and_then(owner)
            .is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists());
        if gone {
            let _ = fs::remove_dir(entry.path()); // fails, harmlessly, unless it is empty
        }
    }
}

/// Cgroups acquired and not yet back in the pool (or removed).
static OUTSTANDING: AtomicUsize = AtomicUsize::new(0);

/// Removes this judge's pooled cgroups (call when no run is left; waits a little for those
/// still being emptied).
pub fn remove_pooled() {
    for _ in 0..1000 {
        if OUTSTANDING.load(Ordering::SeqCst) == 0 {
            break;
        }
        thread::sleep(Duration::from_millis(1));
    }
    let pooled = match POOL.lock() {
        Ok(mut pool) => std::mem::take(&mut *pool),
        Err(_) => return,
    };
    for ready in pooled {
        let _ = fs::remove_dir(ready.dir);
        if let Some(cpu_dir) = ready.cpu_dir {
            let _ = fs::remove_dir(cpu_dir);
        }
    }
    v2::remove_left();
}

/// The processes a `cgroup.procs` file lists, but the judge.
fn procs(file: &Path) -> Vec<i32> {
    let judge = std::process::id() as i32;
    fs::read_to_string(file)
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|pid| pid.parse().ok())
        .filter(|&pid| pid != judge)
        .collect()
}

/// What `Cgroup::processes` found.
#[derive(Debug, Default)]
pub struct CgroupProcesses {
    pub memory: Vec<i32>,
    pub all: Vec<i32>,
}

/// The number after `key` in a flat keyed file (`cpu.stat`, `memory.events`, v1's
/// `memory.stat` and `memory.oom_control`: `key value` lines).
fn keyed(text: &str, key: &str) -> Option<u64> {
    text.lines().find_map(|line| {
        let (name, value) = line.split_once(' ')?;
        (name == key).then(|| value.trim().parse().ok())?
    })
}

/// Reads a number from a cgroup file, 0 if unreadable.
fn read_number(path: &Path) -> u64 {
    fs::read_to_string(path)
        .ok()
        .and_then(|text| text.trim().parse().ok())
        .unwrap_or(0)
}

/// The calling thread's id, as the `tasks` file wants it.
pub(super) fn thread_id() -> Option<String> {
    thread_local!(static ID: Option<String> = fs::read_link("/proc/thread-self")
        .ok()
        .and_then(|link| Some(link.file_name()?.to_str()?.to_string())));
    ID.with(Clone::clone)
}

impl V1 {
    /// A cgroup limited to `limit_bytes` with no process in it, or `None` where none can be
    /// made.
    fn acquire(limit_bytes: u64) -> Option<V1> {
        static SWEPT: Once = Once::new();
        let parent = own_memory_cgroup()?;
        let cpu_parent = own_cpu_cgroup();
        SWEPT.call_once(|| {
            remove_abandoned(parent);
            if let Some(cpu_parent) = cpu_parent {
                remove_abandoned(cpu_parent);
            }
        });
        let pooled = POOL.lock().ok().and_then(|mut pool| pool.pop());
        let ready = match pooled {
            Some(ready) => ready,
            None => {
                static NEXT: AtomicUsize = AtomicUsize::new(0);
                let name = format!(
                    "game-judge-{}-{}",
                    std::process::id(),
                    NEXT.fetch_add(1, Ordering::Relaxed)
                );
                let dir = parent.join(&name);
                fs::create_dir(&dir).ok()?;
                let cpu_dir = cpu_parent
                    .map(|cpu_parent| cpu_parent.join(&name))
                    .filter(|cpu_dir| fs::create_dir(cpu_dir).is_ok());
                Ready {
                    dir,
                    cpu_dir,
                    charged_bytes: 0,
                    oom_kills: 0,
                }
            }
        };
        OUTSTANDING.fetch_add(1, Ordering::SeqCst);
        let cgroup = V1 {
            ready,
            parent,
            cpu_parent,
            cpu_entered: AtomicBool::new(false),
        };
        // Every setting is written again: a run as root may have changed its cgroup's (a lower
        // limit, the OOM killer off), and the next run must not inherit that.
        cgroup.set_limit(limit_bytes)?;
        let _ = fs::write(cgroup.file("memory.oom_control"), "0");
        Some(cgroup)
    }

    fn file(&self, name: &str) -> PathBuf {
        self.ready.dir.join(name)
    }

    /// Sets the limit, with no swap past it either where swap accounting exists. The
    /// memory+swap limit may never be below the memory limit, so it is lifted first.
    fn set_limit(&self, limit_bytes: u64) -> Option<()> {
        let swap = self.file("memory.memsw.limit_in_bytes");
        let _ = fs::write(&swap, "-1");
        fs::write(self.file("memory.limit_in_bytes"), limit_bytes.to_string()).ok()?;
        let _ = fs::write(&swap, limit_bytes.to_string());
        Some(())
    }

    /// Moves the calling thread into the cgroup until the guard is dropped, so that a process
    /// it spawns meanwhile is born there. `None` when the thread cannot move (then the child
    /// must join by itself: see `procs_file`).
    fn enter(&self) -> Option<Entered<'_>> {
        let thread = thread_id()?;
        fs::write(self.file("tasks"), &thread).ok()?;
        let entered = Entered {
            cgroup: self,
            thread,
        };
        if let Some(cpu_dir) = &self.ready.cpu_dir {
            // Without it the run's CPU time is counted from /proc and rusage.
            let joined = fs::write(cpu_dir.join("tasks"), &entered.thread).is_ok();
            self.cpu_entered.store(joined, Ordering::SeqCst);
        }
        Some(entered)
    }

    /// The CPU time (user + system) of every process that was in the cgroup during this run,
    /// including the ones that ended and were reaped by anyone; `None` without a cpuacct
    /// companion the run's first process was born in.
    fn cpu_time(&self) -> Option<Duration> {
        if !self.cpu_entered.load(Ordering::SeqCst) {
            return None;
        }
        let cpu_dir = self.ready.cpu_dir.as_ref()?;
        fs::read_to_string(cpu_dir.join("cpuacct.usage"))
            .ok()
            .and_then(|text| text.trim().parse().ok())
            .map(Duration::from_nanos)
    }

    /// The `cgroup.procs` file a child writes itself into.
    fn procs_file(&self) -> Option<CString> {
        CString::new(self.file("cgroup.procs").as_os_str().as_bytes()).ok()
    }

    /// The processes in the cgroup now, never the judge itself (should a thread of it be
    /// there): `memory`, the ones whose memory the cgroup counts, and `all`, those with the ones
    /// only in the cpuacct companion (a process run as root may leave one and not the other).
    fn processes(&self) -> CgroupProcesses {
        let memory = procs(&self.file("cgroup.procs"));
        let mut all = memory.clone();
        if let Some(cpu_dir) = &self.ready.cpu_dir {
            all.extend(procs(&cpu_dir.join("cgroup.procs")));
            all.sort_unstable();
            all.dedup();
        }
        CgroupProcesses { memory, all }
    }

    /// The most memory the cgroup's processes were charged at once during this run (not the
    /// judge's pages they shared before exec, nor what earlier runs left charged; page cache
    /// they brought in counts too).
    fn peak_bytes(&self) -> u64 {
        read_number(&self.file("memory.max_usage_in_bytes"))
            .saturating_sub(self.ready.charged_bytes)
    }

    /// What is charged to the cgroup for files in tmpfs (and shared memory).
    fn shmem_bytes(&self) -> u64 {
        let stat = fs::read_to_string(self.file("memory.stat")).unwrap_or_default();
        keyed(&stat, "shmem").unwrap_or(0)
    }

    /// What the cgroup's processes are charged now (counted as `peak_bytes` is).
    fn usage_bytes(&self) -> u64 {
        read_number(&self.file("memory.usage_in_bytes")).saturating_sub(self.ready.charged_bytes)
    }

    /// The OOM kills in the cgroup so far, over all the runs it served.
    fn oom_kills(&self) -> u64 {
        let control = fs::read_to_string(self.file("memory.oom_control")).unwrap_or_default();
        keyed(&control, "oom_kill").unwrap_or(0)
    }

    /// Whether the kernel OOM-killed a process of this run (it went past the limit).
    fn oom_killed(&self) -> bool {
        self.oom_kills() > self.ready.oom_kills
    }
}

/// The spawning thread's stay in a run's cgroup; it moves back to the judge's cgroup on drop.
pub struct Entered<'a> {
    cgroup: &'a V1,
    thread: String,
}

impl Drop for Entered<'_> {
    fn drop(&mut self) {
        if let Some(cpu_parent) = self.cgroup.cpu_parent {
            let _ = fs::write(cpu_parent.join("tasks"), &self.thread);
        }
        let tasks = self.cgroup.parent.join("tasks");
        for _ in 0..100 {
            if fs::write(&tasks, &self.thread).is_ok() {
                return;
            }
            thread::sleep(Duration::from_millis(1));
        }
    }
}

impl V1 {
    /// Back to the pool once no process is left in it (a killed one may take a moment to go),
    /// emptied of what the run left charged if that is much, its peak reset, its counts taken
    /// for the next run; else removed, if it can be.
    fn release(&mut self) {
        for _ in 0..200 {
            let pids = self.processes().all;
            let threads = fs::read_to_string(self.file("tasks")).unwrap_or_default();
            if pids.is_empty() && threads.trim().is_empty() {
                if read_number(&self.file("memory.usage_in_bytes")) > EMPTY_PAST_BYTES {
                    let _ = fs::write(self.file("memory.force_empty"), "0");
                }
                let charged = read_number(&self.file("memory.usage_in_bytes"));
                let cpu_reset = match &self.ready.cpu_dir {
                    Some(cpu_dir) => fs::write(cpu_dir.join("cpuacct.usage"), "0").is_ok(),
                    None => true,
                };
                // Still much charged after emptying, or any file in a tmpfs (a build's
                // stand-in, still being copied back, whose charge goes when it is dropped and
                // would make the next run's figures low): retired, not reused.
                if charged > EMPTY_PAST_BYTES
                    || self.shmem_bytes() > 0
                    || !cpu_reset
                    || fs::write(self.file("memory.max_usage_in_bytes"), "0").is_err()
                {
                    break;
                }
                self.ready.charged_bytes = read_number(&self.file("memory.usage_in_bytes"));
                self.ready.oom_kills = self.oom_kills();
                if let Ok(mut pool) = POOL.lock() {
                    pool.push(Ready {
                        dir: std::mem::take(&mut self.ready.dir),
                        cpu_dir: self.ready.cpu_dir.take(),
                        ..self.ready
                    });
                    return;
                }
                break;
            }
            for pid in pids {
                super::sys::kill_now(pid);
            }
            thread::sleep(Duration::from_millis(5));
        }
        let _ = fs::remove_dir(&self.ready.dir);
        if let Some(cpu_dir) = &self.ready.cpu_dir {
            let _ = fs::remove_dir(cpu_dir);
        }
    }
}

impl Drop for V1 {
    fn drop(&mut self) {
        self.release();
        OUTSTANDING.fetch_sub(1, Ordering::SeqCst);
    }
}

/// How runs are measured in this run of the judge.
#[derive(Debug)]
enum Measure {
    V1,
    V2(v2::Tree),
    /// No cgroup, and why.
    Polling(String),
}

/// The kind of cgroup the judge uses, found (and made ready: under v2 the judge moves itself
/// into a leaf of its cgroup) once.
fn measure() -> &'static Measure {
    static MEASURE: OnceLock<Measure> = OnceLock::new();
    MEASURE.get_or_init(|| {
        if std::env::var_os("GAME_JUDGE_CGROUP").is_some_and(|value| value == "off") {
            return Measure::Polling("GAME_JUDGE_CGROUP=off".to_string());
        }
        if let Some(parent) = own_memory_cgroup() {
            // A first cgroup, made to see that it can be; it goes to the pool for a run.
            return match V1::acquire(u64::MAX >> 2) {
                Some(_) => Measure::V1,
                None => Measure::Polling(format!(
                    "cgroup v1: no memory cgroup could be made in {}{}",
                    parent.display(),
                    match super::sys::namespaces::own_ids().0 {
                        0 => "",
                        _ => ": cgroup v1's controllers are root's; run the judge as root for one",
                    }
                )),
            };
        }
        match v2::find() {
            Ok(tree) => Measure::V2(tree),
            Err(reason) => Measure::Polling(reason),
        }
    })
}

/// What measures runs, in words for the `sandbox:` line: `cgroup v2`, `cgroup v1`, or
/// `no cgroup: memory limit by polling (why)`.
pub fn in_force() -> String {
    match measure() {
        Measure::V1 => "cgroup v1".to_string(),
        Measure::V2(_) => "cgroup v2".to_string(),
        Measure::Polling(reason) => format!("no cgroup: memory limit by polling ({reason})"),
    }
}

/// One run's cgroup, of the kind in force.
#[derive(Debug)]
pub enum Cgroup {
    V1(V1),
    V2(v2::Run),
}

impl Cgroup {
    /// A cgroup limited to `limit_bytes` (and under v2 to `max_processes` processes and
    /// threads, if given) with no process in it, or `None` where none can be had.
    pub fn acquire(limit_bytes: u64, max_processes: Option<u64>) -> Option<Cgroup> {
        match measure() {
            Measure::V1 => V1::acquire(limit_bytes).map(Cgroup::V1),
            Measure::V2(tree) => v2::Run::make(tree, limit_bytes, max_processes).map(Cgroup::V2),
            Measure::Polling(_) => None,
        }
    }

    /// Moves the calling thread into the cgroup until the guard is dropped, so that a process
    /// it spawns meanwhile is born there. `None` when the thread cannot move (always under v2,
    /// which moves whole processes): then the child must join by itself (`procs_file`).
    pub fn enter(&self) -> Option<Entered<'_>> {
        match self {
            Cgroup::V1(v1) => v1.enter(),
            Cgroup::V2(_) => None,
        }
    }

    /// The `cgroup.procs` file a child writes itself into.
    pub fn procs_file(&self) -> Option<CString> {
        match self {
            Cgroup::V1(v1) => v1.procs_file(),
            Cgroup::V2(run) => run.procs_file(),
        }
    }

    /// The processes in the cgroup now, never the judge itself (see `V1::processes`).
    pub fn processes(&self) -> CgroupProcesses {
        match self {
            Cgroup::V1(v1) => v1.processes(),
            Cgroup::V2(run) => {
                let all = run.processes();
                CgroupProcesses {
                    memory: all.clone(),
                    all,
                }
            }
        }
    }

    /// The CPU time (user + system) of every process that was in the cgroup during this run,
    /// including the ones that ended and were reaped by anyone: the run's CPU time. `None`
    /// where the cgroup does not count it (v1 without a cpuacct companion the run was born in).
    pub fn cpu_time(&self) -> Option<Duration> {
        match self {
            Cgroup::V1(v1) => v1.cpu_time(),
            Cgroup::V2(run) => run.cpu_time(),
        }
    }

    /// What the cgroup's processes are charged now (under v1, less what earlier runs left).
    pub fn usage_bytes(&self) -> u64 {
        match self {
            Cgroup::V1(v1) => v1.usage_bytes(),
            Cgroup::V2(run) => run.usage_bytes(),
        }
    }

    /// The most memory the cgroup's processes were charged at once during this run, as the
    /// kernel counts it: the run's peak memory. `None` where the kernel keeps no peak (v2
    /// before Linux 5.19: then the highest `usage_bytes` seen is the figure).
    pub fn peak_bytes(&self) -> Option<u64> {
        match self {
            Cgroup::V1(v1) => Some(v1.peak_bytes()),
            Cgroup::V2(run) => run.peak_bytes(),
        }
    }

    /// Whether the kernel OOM-killed a process of this run (it went past the limit).
    pub fn oom_killed(&self) -> bool {
        match self {
            Cgroup::V1(v1) => v1.oom_killed(),
            Cgroup::V2(run) => run.oom_killed(),
        }
    }

    /// Kills every process of the cgroup at once where the kernel can (`cgroup.kill` of v2);
    /// else the caller kills them one by one (`processes`).
    pub fn kill_all(&self) {
        if let Cgroup::V2(run) = self {
            run.kill_all();
        }
    }
}
