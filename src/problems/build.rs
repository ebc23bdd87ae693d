//! Building the solvers before they are judged, so a solver edited since the last build is never
//! judged stale: cargo rebuilds what changed (and does nothing when all is fresh).

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Builds the named solvers of the project at `root` with the profile this judge was built with,
/// and returns their binaries (in the same folder as the judge's own binary).
pub fn build_solvers(root: &Path, names: &[String]) -> Result<Vec<PathBuf>, String> {
    let exe = env::current_exe()
        .map_err(|error| format!("cannot find the judge's own binary: {error}"))?;
    let dir = exe.parent().unwrap_or(Path::new("."));
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
    // Into the target folder the judge itself was built in, wherever cargo would build by
    // default (CARGO_TARGET_DIR set or not), since the binaries are taken from there.
    if let Some(target) = dir.parent().filter(|_| dir.ends_with(profile)) {
        command.arg("--target-dir").arg(target);
    }
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
