//! Building the solvers before they are judged, so a solver edited since the last build is never
//! judged stale: cargo rebuilds what changed (and does nothing when all is fresh).

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Builds the named solvers of the checkout at `root` with the profile this judge was built with,
/// and returns their binaries. Into the target folder the judge itself was built in when `root`
/// is the checkout it was built from (`own`) and the judge runs from there, so its binaries sit
/// beside the judge's; otherwise (an installed judge, another checkout) into the checkout's own,
/// `$CARGO_TARGET_DIR` or `root/target`, as cargo builds there by default.
pub fn build_solvers(root: &Path, own: bool, names: &[String]) -> Result<Vec<PathBuf>, String> {
    let exe = env::current_exe()
        .map_err(|error| format!("cannot find the judge's own binary: {error}"))?;
    let beside_judge = exe.parent().unwrap_or(Path::new("."));
    let profile = if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    };
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(&cargo);
    command
        .arg("build")
        .arg("--quiet")
        .arg("--manifest-path")
        .arg(root.join("Cargo.toml"));
    if profile == "release" {
        command.arg("--release");
    }
    // The judge's own target folder (wherever it is, CARGO_TARGET_DIR set or not), else where
    // cargo builds the checkout by default; the binaries are taken from there.
    let target = match beside_judge.parent() {
        Some(target) if own && beside_judge.ends_with(profile) => target.to_path_buf(),
        _ => env::var_os("CARGO_TARGET_DIR")
            .filter(|dir| !dir.is_empty())
            .map_or_else(|| root.join("target"), PathBuf::from),
    };
    command.arg("--target-dir").arg(&target);
    let dir = target.join(profile);
    for name in names {
        command.arg("--bin").arg(name);
    }
    let status = command
        .status()
        .map_err(|error| format!("cannot run {}: {error}", cargo.to_string_lossy()))?;
    if !status.success() {
        return Err(format!("building the solvers failed ({status})"));
    }
    names
        .iter()
        .map(|name| {
            let binary = dir.join(format!("{name}{}", env::consts::EXE_SUFFIX));
            if binary.is_file() {
                Ok(binary)
            } else {
                Err(format!(
                    "built {name}, but its binary is not at {}",
                    binary.display()
                ))
            }
        })
        .collect()
}
