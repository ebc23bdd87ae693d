//! Building the solvers before they are judged, so a solver edited since the last build is never
//! judged stale: cargo rebuilds what changed (and does nothing when all is fresh).

use std::env;
use std::ffi::OsString;
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
    let target = target_folder(
        root,
        own,
        beside_judge,
        profile,
        env::var_os("CARGO_TARGET_DIR"),
    );
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

/// The target folder the solvers of the checkout at `root` are built into, and their binaries
/// taken from (under `profile`): the judge's own (wherever it is, CARGO_TARGET_DIR set or not)
/// when the checkout is its `own` and it runs from `<target>/<profile>`; else where cargo
/// builds the checkout by default, `cargo_target_dir` or `root/target`. An installed judge
/// (`~/.cargo/bin`) so never takes its stale neighbours for the solvers it just built.
fn target_folder(
    root: &Path,
    own: bool,
    beside_judge: &Path,
    profile: &str,
    cargo_target_dir: Option<OsString>,
) -> PathBuf {
    match beside_judge.parent() {
        Some(target) if own && beside_judge.ends_with(profile) => target.to_path_buf(),
        _ => cargo_target_dir
            .filter(|dir| !dir.is_empty())
            .map_or_else(|| root.join("target"), PathBuf::from),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_judges_own_target_only_for_its_own_checkout_run_from_there() {
        let root = Path::new("/src/clone");
        let built = Path::new("/build/target/debug");
        let installed = Path::new("/home/me/.cargo/bin");
        let set = || Some(OsString::from("/elsewhere"));
        assert_eq!(
            target_folder(root, true, built, "debug", set()),
            Path::new("/build/target")
        );
        // Another profile's folder is not the judge's build of this profile.
        assert_eq!(
            target_folder(root, true, built, "release", None),
            Path::new("/src/clone/target")
        );
        assert_eq!(
            target_folder(root, false, built, "debug", None),
            Path::new("/src/clone/target")
        );
        assert_eq!(
            target_folder(root, true, installed, "release", None),
            Path::new("/src/clone/target")
        );
        assert_eq!(
            target_folder(root, true, installed, "release", set()),
            Path::new("/elsewhere")
        );
        assert_eq!(
            target_folder(root, false, built, "debug", Some(OsString::new())),
            Path::new("/src/clone/target")
        );
    }
}
