//! Where the project's own solvers come from, decided in one place: the game-judge checkout the
//! judge runs in (the current folder or one above it), else the checkout it was built from (or
//! the one `GAME_JUDGE_ROOT` names) while it is still there, else the solver binaries installed
//! beside the judge's own executable, where `cargo install --path .` puts them. A checkout has
//! the solvers' sources, built by cargo before they run, and their case folders `cases/NAME/`;
//! installed binaries come without cases. Where the solvers come from is said on stderr when it
//! is not the checkout the judge runs in, and where none is found the error says where it
//! looked and what to do.

use super::build::build_solvers;
use super::PROBLEMS;
use crate::cases::solvers::solver_names;
use std::cell::Cell;
use std::fs;
use std::path::{Path, PathBuf};

/// The environment variable naming the checkout to take the solvers from when the judge runs
/// in none, in place of the one it was built from.
pub const ROOT_VARIABLE: &str = "GAME_JUDGE_ROOT";

/// What to do when the solvers a command needs are not found.
const WHAT_TO_DO: &str = "run the judge inside a game-judge checkout, install the solvers with `cargo install --path .` from one, or judge a program of yours: judge -c 'PROGRAM' -d DIR";

/// How a checkout was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckoutOrigin {
    /// The current folder or one above it.
    Here,
    /// The folder the judge was built from.
    BuiltFrom,
    /// The folder `GAME_JUDGE_ROOT` names.
    Named,
}

/// Where the solvers come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolverSource {
    /// A game-judge checkout: `src/bin/NAME.rs`, built by cargo, and `cases/NAME/`.
    Checkout {
        root: PathBuf,
        origin: CheckoutOrigin,
    },
    /// Solver binaries in the folder of the judge's own executable, with no cases.
    Installed { dir: PathBuf },
}

/// The project's solvers as one command finds them, and every place looked at.
#[derive(Debug)]
pub struct Project {
    found: Option<SolverSource>,
    /// Each place looked at, as a phrase for the error: `in /x (no checkout)`.
    looked: Vec<String>,
    /// The checkout above the current folder that was not used, as it belongs to another user:
    /// its phrase among `looked`, for a warning.
    foreign: Option<String>,
    /// Whether the note of where the solvers come from was said.
    said: Cell<bool>,
    /// The checkout the judge was built from, whose solvers it builds into its own target
    /// folder.
    built_from: PathBuf,
}

/// Whether `folder` is a game-judge checkout: a `Cargo.toml` whose `[package]` is named
/// `game-judge`, and a `src/bin/` folder.
pub fn is_checkout(folder: &Path) -> bool {
    if !folder.join("src/bin").is_dir() {
        return false;
    }
    let Ok(manifest) = fs::read_to_string(folder.join("Cargo.toml")) else {
        return false;
    };
    let mut in_package = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if in_package {
            if let Some((key, value)) = line.split_once('=') {
                if key.trim() == "name" {
                    return value.trim().trim_matches(|c| c == '"' || c == '\'') == "game-judge";
                }
            }
        }
    }
    false
}

/// The user a checkout found above the current folder belongs to, when it is neither the
/// judge's own user nor root: such a checkout is not used, as its build script would run as
/// this user (git refuses a repository of another user for the same reason).
fn foreign_owner(folder: &Path) -> Option<u32> {
    use std::os::unix::fs::MetadataExt;
    let (own, _) = crate::process::sys::namespaces::own_ids();
    [folder.to_path_buf(), folder.join("Cargo.toml")]
        .iter()
        .filter_map(|path| fs::symlink_metadata(path).ok())
        .map(|meta| meta.uid())
        .find(|&owner| owner != own && owner != 0)
}

/// The solvers of the judge's table that are installed in `dir`: executable files by their
/// names.
fn installed_in(dir: &Path) -> Vec<String> {
    use std::os::unix::fs::PermissionsExt;
    PROBLEMS
        .iter()
        .map(|problem| problem.name)
        .filter(|name| {
            dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX))
                .metadata()
                .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
        })
        .map(str::to_string)
        .collect()
}

impl Project {
    /// Looks for the solvers from the current folder, with `built_from` the checkout the judge
    /// was built from (or the one `GAME_JUDGE_ROOT` names, when it is set and not empty).
    pub fn locate(built_from: &Path) -> Project {
        let here = std::env::current_dir().ok();
        let named = std::env::var_os(ROOT_VARIABLE)
            .filter(|value| !value.is_empty())
            .map(PathBuf::from);
        let exe = std::env::current_exe().ok();
        let beside = exe.as_deref().and_then(Path::parent);
        let mut project = match &named {
            Some(named) => {
                Project::locate_from(here.as_deref(), named, CheckoutOrigin::Named, beside)
            }
            None => Project::locate_from(
                here.as_deref(),
                built_from,
                CheckoutOrigin::BuiltFrom,
                beside,
            ),
        };
        project.built_from = built_from.to_path_buf();
        if let Some(foreign) = &project.foreign {
            eprintln!("warning: a checkout above this folder is not used: {foreign}");
        }
        project
    }

    /// Looks for the solvers in this order: a checkout at `here` or above it, the checkout at
    /// `checkout` (found as `origin`), the solvers installed in `beside`.
    pub fn locate_from(
        here: Option<&Path>,
        checkout: &Path,
        origin: CheckoutOrigin,
        beside: Option<&Path>,
    ) -> Project {
        let above = here.and_then(|here| here.ancestors().find(|up| is_checkout(up)));
        let owner = above.and_then(foreign_owner);
        let foreign = above.zip(owner).map(|(root, owner)| format!(
            "in {} (a game-judge checkout of user {owner}, not yours nor root's: not used, as its build would run as you)",
            root.display()
        ));
        let project = |found, looked| Project {
            found,
            looked,
            foreign: foreign.clone(),
            said: Cell::new(false),
            built_from: PathBuf::new(),
        };
        if let (Some(root), None) = (above, owner) {
            let root = root.to_path_buf();
            let origin = CheckoutOrigin::Here;
            return project(Some(SolverSource::Checkout { root, origin }), Vec::new());
        }
        let mut looked = vec![foreign.clone().unwrap_or_else(|| match here {
            Some(here) => format!(
                "in {} and the folders above it (no game-judge checkout)",
                here.display()
            ),
            None => "in the current folder (which cannot be read)".to_string(),
        })];
        if is_checkout(checkout) {
            let root = checkout.to_path_buf();
            return project(Some(SolverSource::Checkout { root, origin }), Vec::new());
        }
        looked.push(format!(
            "in {}, {} ({})",
            checkout.display(),
            match origin {
                CheckoutOrigin::Named => format!("which {ROOT_VARIABLE} names"),
                _ => "where the judge was built".to_string(),
            },
            match (checkout.exists(), origin) {
                (true, _) => "no game-judge checkout".to_string(),
                (false, CheckoutOrigin::Named) => "not there".to_string(),
                (false, _) =>
                    format!("not there any more: if the clone moved, set {ROOT_VARIABLE} to it"),
            }
        ));
        match beside {
            // Where a checkout was looked for is kept, for the error of a command that needs
            // case folders.
            Some(dir) if !installed_in(dir).is_empty() => {
                let dir = dir.to_path_buf();
                return project(Some(SolverSource::Installed { dir }), looked);
            }
            Some(dir) => looked.push(format!("beside the judge in {} (no solver)", dir.display())),
            None => looked.push("beside the judge (whose folder is unknown)".to_string()),
        }
        project(None, looked)
    }

    /// Where the solvers come from, if found.
    pub fn found(&self) -> Option<&SolverSource> {
        self.found.as_ref()
    }

    /// The checkout the judge runs in (the current folder or one above it), if any.
    pub fn here(&self) -> Option<&Path> {
        match &self.found {
            Some(SolverSource::Checkout {
                root,
                origin: CheckoutOrigin::Here,
            }) => Some(root),
            _ => None,
        }
    }

    /// The checkout the solvers come from, if they come from one.
    pub fn checkout(&self) -> Option<&Path> {
        match &self.found {
            Some(SolverSource::Checkout { root, .. }) => Some(root),
            _ => None,
        }
    }

    /// The error when no solver is found: where the judge looked, and what to do.
    pub fn not_found(&self) -> String {
        format!(
            "the project's solvers are not found: looked {}; {WHAT_TO_DO}",
            self.looked.join(", ")
        )
    }

    /// Says on stderr, once, where the solvers come from when it is not the checkout the
    /// judge runs in.
    fn say(&self) {
        if self.said.replace(true) {
            return;
        }
        match &self.found {
            Some(SolverSource::Checkout { root, origin }) if *origin != CheckoutOrigin::Here => {
                eprintln!(
                    "note: the solvers of the game-judge checkout {} ({})",
                    root.display(),
                    match origin {
                        CheckoutOrigin::Named => format!("which {ROOT_VARIABLE} names"),
                        _ => "where the judge was built".to_string(),
                    }
                )
            }
            Some(SolverSource::Installed { dir }) => eprintln!(
                "note: the solvers installed beside the judge, in {}",
                dir.display()
            ),
            _ => {}
        }
    }

    /// The names of the solvers: a checkout's `src/bin/NAME.rs`, or those of the judge's table
    /// installed beside it.
    pub fn solver_names(&self) -> Result<Vec<String>, String> {
        match &self.found {
            Some(SolverSource::Checkout { root, .. }) => {
                solver_names(&root.join("src/bin")).map_err(|error| error.to_string())
            }
            Some(SolverSource::Installed { dir }) => Ok(installed_in(dir)),
            None => Err(self.not_found()),
        }
    }

    /// The binaries of the named solvers, ready to run: built by cargo in a checkout (so none
    /// is stale), else the installed ones. Says where they come from when it is not the
    /// checkout the judge runs in.
    pub fn binaries(&self, names: &[String]) -> Result<Vec<PathBuf>, String> {
        match &self.found {
            Some(SolverSource::Checkout { root, .. }) => {
                self.say();
                let real = |path: &Path| fs::canonicalize(path).ok();
                let own = real(root).is_some() && real(root) == real(&self.built_from);
                build_solvers(root, own, names)
            }
            Some(SolverSource::Installed { dir }) => {
                self.say();
                let installed = installed_in(dir);
                names
                    .iter()
                    .map(|name| match installed.contains(name) {
                        true => Ok(dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX))),
                        false => Err(format!(
                            "no solver named {name:?} is installed beside the judge in {} (installed: {})",
                            dir.display(),
                            installed.join(", ")
                        )),
                    })
                    .collect()
            }
            None => Err(self.not_found()),
        }
    }

    /// The checkout whose `cases/` folder `what` needs (`judging othello_player`), or the error
    /// saying that case folders come only with a checkout and what to do: `instead`, else judge
    /// the installed solver `what` names (else the first one) on a folder of the user's.
    pub fn cases(&self, what: &str, instead: Option<&str>) -> Result<&Path, String> {
        match &self.found {
            Some(SolverSource::Checkout { root, .. }) => {
                self.say();
                Ok(root)
            }
            Some(SolverSource::Installed { dir }) => {
                let installed = installed_in(dir);
                let words: Vec<&str> = what
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .collect();
                let instead = instead.map_or_else(
                    || {
                        let solver = installed
                            .iter()
                            .find(|name| words.contains(&name.as_str()))
                            .or(installed.first())
                            .map_or("PROGRAM".to_string(), |name| {
                                dir.join(name).display().to_string()
                            });
                        format!("judge an installed solver on a folder of yours: judge -c '{solver}' -d DIR")
                    },
                    str::to_string,
                );
                Err(format!(
                "{what} needs the project's case folders (cases/NAME/), which come only with a game-judge checkout, and the judge found only the solvers installed in {} (it looked {}): run it inside the checkout (or set {ROOT_VARIABLE} to it), or {instead}",
                dir.display(),
                self.looked.join(", "),
            ))
            }
            None => Err(self.not_found()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::temp_folder::TempFolder;
    use std::os::unix::fs::PermissionsExt;

    /// The manifest of a game-judge checkout.
    const MANIFEST: &str = "[package]\nname = \"game-judge\"\nversion = \"0.1.0\"\n";

    /// A folder under the system's temporary folder (never inside this checkout, which every
    /// folder under `target/` is), holding `files` (path, text).
    fn scratch(files: &[(&str, &str)]) -> TempFolder {
        let scratch = TempFolder::new("project-test").unwrap();
        for (path, text) in files {
            let path = scratch.dir.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        scratch
    }

    #[test]
    fn a_checkout_is_known_by_its_package_name_and_src_bin() {
        let root = scratch(&[("Cargo.toml", MANIFEST), ("src/bin/x.rs", "")]);
        let root = root.dir.as_path();
        assert!(is_checkout(root));
        fs::write(
            root.join("Cargo.toml"),
            "[dependencies]\nname = \"game-judge\"\n[package]\nname = \"other\"\n",
        )
        .unwrap();
        assert!(!is_checkout(root));
        fs::write(root.join("Cargo.toml"), "[package]\nname = 'game-judge'\n").unwrap();
        assert!(is_checkout(root));
        fs::remove_dir_all(root.join("src")).unwrap();
        assert!(!is_checkout(root));
    }

    /// A checkout above the current folder that belongs to another user (not root) is not
    /// used, and the error says so; one of the judge's own user or of root is.
    #[test]
    fn a_checkout_of_another_user_is_not_used() {
        if crate::process::sys::namespaces::own_ids().0 != 0 {
            println!("skipped: giving a folder to another user needs root");
            return;
        }
        let here = scratch(&[
            ("Cargo.toml", MANIFEST),
            ("src/bin/x.rs", ""),
            ("deep/file", ""),
        ]);
        let deep = here.dir.join("deep");
        let empty = scratch(&[]);
        let gone = empty.dir.join("gone");
        let found = Project::locate_from(Some(&deep), &gone, CheckoutOrigin::Named, None);
        assert_eq!(found.here(), Some(here.dir.as_path()));
        std::os::unix::fs::chown(&here.dir, Some(4242), None).unwrap();
        let refused = Project::locate_from(Some(&deep), &gone, CheckoutOrigin::Named, None);
        assert_eq!(refused.found(), None);
        // Skipped with a warning, whether another place gives the solvers or none does.
        let other = scratch(&[("Cargo.toml", MANIFEST), ("src/bin/x.rs", "")]);
        let elsewhere = Project::locate_from(Some(&deep), &other.dir, CheckoutOrigin::Named, None);
        assert_eq!(elsewhere.checkout(), Some(other.dir.as_path()));
        assert_eq!(elsewhere.foreign, refused.foreign);
        assert!(refused
            .foreign
            .as_ref()
            .is_some_and(|said| said.contains("user 4242")));
        assert!(
            refused.not_found().contains(&format!(
                "looked in {} (a game-judge checkout of user 4242, not yours nor root's: not used, as its build would run as you)",
                here.dir.display()
            )),
            "{}",
            refused.not_found()
        );
        std::os::unix::fs::chown(&here.dir, Some(0), None).unwrap();
        std::os::unix::fs::chown(here.dir.join("Cargo.toml"), Some(4242), None).unwrap();
        let refused = Project::locate_from(Some(&deep), &gone, CheckoutOrigin::Named, None);
        assert_eq!(refused.found(), None);
    }

    #[test]
    fn the_checkout_here_comes_first_then_the_built_one_then_the_installed_solvers() {
        let here = scratch(&[
            ("Cargo.toml", MANIFEST),
            ("src/bin/x.rs", ""),
            ("deep/down/file", ""),
        ]);
        let built = scratch(&[("Cargo.toml", MANIFEST), ("src/bin/x.rs", "")]);
        let beside = scratch(&[("judge", ""), ("othello_player", "#!/bin/sh\n")]);
        let solver = beside.dir.join("othello_player");
        fs::set_permissions(&solver, fs::Permissions::from_mode(0o755)).unwrap();
        let empty = scratch(&[]);
        let gone = empty.dir.join("gone");
        let (beside, empty) = (beside.dir.as_path(), empty.dir.as_path());

        let below = here.dir.join("deep/down");
        let project = Project::locate_from(
            Some(&below),
            &built.dir,
            CheckoutOrigin::BuiltFrom,
            Some(beside),
        );
        assert_eq!(project.here(), Some(here.dir.as_path()));

        let project = Project::locate_from(
            Some(empty),
            &built.dir,
            CheckoutOrigin::BuiltFrom,
            Some(beside),
        );
        assert_eq!(project.here(), None);
        assert_eq!(project.checkout(), Some(built.dir.as_path()));

        let project =
            Project::locate_from(Some(empty), &gone, CheckoutOrigin::BuiltFrom, Some(beside));
        let installed = SolverSource::Installed {
            dir: beside.to_path_buf(),
        };
        assert_eq!(project.found(), Some(&installed));
        assert_eq!(project.solver_names().unwrap(), ["othello_player"]);
        assert_eq!(
            project.binaries(&["othello_player".to_string()]).unwrap(),
            std::slice::from_ref(&solver)
        );
        let error = project.cases("judging othello_player", None).unwrap_err();
        assert!(error.starts_with("judging othello_player needs the project's case folders"));
        assert!(error.contains(&format!("judge -c '{}' -d DIR", solver.display())));
        assert!(
            error.contains("(not there any more: if the clone moved, set GAME_JUDGE_ROOT to it)")
        );
        let error = project.binaries(&["board_winner".to_string()]).unwrap_err();
        assert!(error.contains("no solver named \"board_winner\" is installed"));
    }

    #[test]
    fn where_nothing_is_found_the_error_says_where_it_looked_and_what_to_do() {
        let empty = scratch(&[]);
        let beside = scratch(&[("judge", "")]);
        let (empty, beside) = (empty.dir.as_path(), beside.dir.as_path());
        let project = Project::locate_from(Some(empty), empty, CheckoutOrigin::Named, Some(beside));
        assert_eq!(project.found(), None);
        let error = project
            .cases("validating the cases of board_winner", Some("x"))
            .unwrap_err();
        assert_eq!(error, project.not_found());
        assert_eq!(
            error,
            format!(
                "the project's solvers are not found: looked in {0} and the folders above it (no game-judge checkout), in {0}, which GAME_JUDGE_ROOT names (no game-judge checkout), beside the judge in {1} (no solver); {WHAT_TO_DO}",
                empty.display(),
                beside.display()
            )
        );
    }
}
