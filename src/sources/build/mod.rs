//! One source (a file, or a folder of files) built into the cache: the files are copied into a
//! build folder named by their fingerprint, built there (by the folder's own `build` script, or
//! by the compiler of their language, under a compile time limit; a lone script in no language
//! runs by its `#!` line), and left with a `run`
//! program (the compiled binary, or a one-line script that starts the interpreter). A build is
//! made in a private folder and renamed into place, so two judges building the same source at
//! once do not see each other's half-built files.

mod boxed;
mod compile;
mod fingerprint;
mod includes;
mod java;
mod recipe;
mod walk;

use super::{Constants, Dialect};
use compile::build_in;
use fingerprint::build_folder;
use includes::{with_constants, with_includes};
pub use recipe::installed;
use recipe::recipe;
use std::fmt;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use walk::{files_of, SourceFile};

/// How long a build may take (CPU time), as problemtools' default compile time limit.
pub const COMPILE_TIME_LIMIT: Duration = Duration::from_secs(60);

/// A built source: `program` runs it (an executable file in `folder`, the build folder).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    pub program: PathBuf,
    pub folder: PathBuf,
    /// Built now, rather than taken from the cache.
    pub fresh: bool,
}

/// Why a source is not a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The compiler (or the `build` script) failed: its command and its first lines.
    Compile {
        source: String,
        command: String,
        said: String,
    },
    /// The build ran past the compile time limit.
    CompileTime {
        source: String,
        command: String,
        limit: Duration,
    },
    /// The judge cannot build it here: no language it knows, several languages, or a tool that
    /// is not installed.
    Unsupported { source: String, why: String },
    /// The files could not be read or the build folder made.
    Io(String),
}

impl Failure {
    /// Why, without naming the source (for a line that names it already).
    pub fn reason(&self) -> String {
        match self {
            Failure::Unsupported { why, .. } => why.clone(),
            other => other.to_string(),
        }
    }

    /// Whether the source itself is at fault (it does not compile), rather than the machine.
    pub fn is_compile_error(&self) -> bool {
        matches!(self, Failure::Compile { .. } | Failure::CompileTime { .. })
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Compile {
                source,
                command,
                said,
            } => {
                write!(f, "{source} does not build ({command})")?;
                match said.trim().is_empty() {
                    true => Ok(()),
                    false => write!(f, ":\n{}", said.trim_end()),
                }
            }
            Failure::CompileTime {
                source,
                command,
                limit,
            } => write!(
                f,
                "{source} does not build: {command} was still running at the compile time limit of {} s",
                limit.as_secs()
            ),
            Failure::Unsupported { source, why } => write!(f, "{source} cannot be built: {why}"),
            Failure::Io(why) => f.write_str(why),
        }
    }
}

/// Builds the problem's own `source` (a checker, a validator, a file or a folder) with the
/// default compile time limit, outside the sandbox, as the judge's helper; `includes` are more
/// folders its C or C++ files include from (a Polygon package's `files/`).
pub fn build(source: &Path, includes: &[PathBuf]) -> Result<Built, Failure> {
    build_as(
        source,
        includes,
        COMPILE_TIME_LIMIT,
        &Dialect::default(),
        Whose::Problem,
    )
}

/// As `build`, with a 2025-09 package's `constants` put into the source first (its input and
/// output validators).
pub fn build_problem_program(source: &Path, constants: &Constants) -> Result<Built, Failure> {
    let dialect = Dialect {
        constants: constants.clone(),
        ..Dialect::default()
    };
    build_as(source, &[], COMPILE_TIME_LIMIT, &dialect, Whose::Problem)
}

/// Builds a contestant's `source` (a submission: a file or a folder) within `limit` of CPU
/// time, in the package's `dialect` (Python 3 by PyPy only where `pypy3` is installed): its
/// compiler runs in the sandbox where that is on, as the program will, seeing none of the test
/// data and writing in its build folder only.
pub fn build_submission(
    source: &Path,
    limit: Duration,
    dialect: &Dialect,
) -> Result<Built, Failure> {
    build_as(source, &[], limit, dialect, Whose::Contestant)
}

/// Whose source a build is: it runs as the judge's helper, or boxed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Whose {
    Problem,
    Contestant,
}

/// Builds `source` (a file or a folder) into the cache, or takes the build made before from
/// the same files; a build may take `limit` of CPU time; built in `dialect` (Python 3 by PyPy
/// only where `pypy3` is installed).
fn build_as(
    source: &Path,
    includes: &[PathBuf],
    limit: Duration,
    dialect: &Dialect,
    whose: Whose,
) -> Result<Built, Failure> {
    static BUILDS: AtomicU64 = AtomicU64::new(0);
    let shown = source.display().to_string();
    let io = |error: std::io::Error| Failure::Io(format!("cannot build {shown}: {error}"));
    let files = with_includes(source, files_of(source, whose)?, dialect)?;
    let files = with_constants(files, &dialect.constants);
    let real = fs::canonicalize(source).map_err(io)?;
    let stem = real
        .file_stem()
        .map_or("program".into(), |stem| stem.to_string_lossy().into_owned());
    let folder = build_folder(&real, &stem, &files, includes, dialect, whose);
    let mut built = Built {
        program: folder.join("run"),
        folder: folder.clone(),
        fresh: false,
    };
    if built.program.is_file() {
        return Ok(built);
    }
    built.fresh = true;
    // How to build it is asked only now: a build in the cache needs no compiler.
    let recipe = recipe(&shown, &files, dialect)?;
    let work = folder.with_file_name(format!(
        "{stem}.part-{}-{}",
        std::process::id(),
        BUILDS.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = fs::remove_dir_all(&work);
    fs::create_dir_all(&work).map_err(io)?;
    let made = copy_files(&files, &work)
        .map_err(io)
        .and_then(|()| build_in(&shown, &recipe, &work, &folder, includes, limit, whose));
    if let Err(failure) = made {
        let _ = fs::remove_dir_all(&work);
        return Err(failure);
    }
    // Another judge may have built the same source meanwhile: its build is as good.
    if fs::rename(&work, &folder).is_err() {
        let _ = fs::remove_dir_all(&work);
        if !built.program.is_file() {
            return Err(Failure::Io(format!(
                "cannot put the build of {shown} in {}",
                folder.display()
            )));
        }
    }
    Ok(built)
}

/// Writes `files` into the work folder `work`, each at its place with its mode.
fn copy_files(files: &[SourceFile], work: &Path) -> std::io::Result<()> {
    for file in files {
        let to = work.join(&file.inside);
        if let Some(parent) = to.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::write(&to, &file.bytes)?;
        fs::set_permissions(&to, fs::Permissions::from_mode(file.mode))?;
    }
    Ok(())
}
