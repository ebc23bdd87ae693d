//! What a boxed program sees of the file system, worked out before the fork as a list of mount
//! steps for its init (`child`). Everything stays where it is, read-only, except:
//!
//! - **hidden** folders (the test data, the judge's scratch): an empty tmpfs over each;
//! - **private** folders (`/tmp`, `/dev/shm`, the working folder): a fresh writable tmpfs, gone
//!   with the box;
//! - folders the box user could not pass through (a home of mode 0700, say): an empty tmpfs,
//!   through which the program's own files and the interpreters it names are shown again;
//! - **shown** paths (the program's files, as its command names them) under any of these: a
//!   copy of the original tree placed at the same path. Under a hidden folder, only a named
//!   file is shown (a program kept beside its cases), never a folder.
//!
//! Steps go from the shallowest path down, so a folder hidden inside a shown one is hidden
//! after it is placed. The copies are taken first, from the untouched tree.

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// One step of the init's mount work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MountStep {
    /// Copies the tree at a path into the next copy slot.
    Copy(CString),
    Tmpfs {
        path: CString,
        options: CString,
    },
    Folder(CString),
    File(CString),
    Place {
        copy: usize,
        path: CString,
    },
}

/// What is wanted at a path; a later variant wins over an earlier one at the same path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Want {
    /// A folder the box user cannot pass through: covered, its shown parts placed back.
    Unreachable,
    /// A fresh writable tmpfs.
    Private,
    /// The original, visible (read-only) at its path.
    Shown,
    /// An empty tmpfs: nothing below it is seen.
    Hidden,
}

/// What the planner needs to know of the real file system.
pub trait Facts {
    /// `Some(true)` for a folder, `Some(false)` for anything else, `None` if nothing is there
    /// (links followed).
    fn kind(&self, path: &Path) -> Option<bool>;
}

/// The mount steps, how many copies they take, and the tmpfs mounts to leave writable.
#[derive(Clone, Debug, Default)]
pub struct View {
    pub steps: Vec<MountStep>,
    pub copies: usize,
    pub writable: Vec<CString>,
}

fn c_path(path: &Path) -> CString {
    CString::new(path.as_os_str().as_bytes()).unwrap_or_default()
}

/// Plans the view for `wanted` (absolute, normalised paths). `private_options` and
/// `cover_options` are the tmpfs options of private and covering mounts.
pub fn plan(
    wanted: &[(PathBuf, Want)],
    facts: &impl Facts,
    private_options: &str,
    cover_options: &str,
) -> View {
    let mut chosen: Vec<(PathBuf, Want)> = Vec::new();
    for (path, want) in wanted {
        match chosen.iter_mut().find(|(other, _)| other == path) {
            Some(entry) => entry.1 = entry.1.max(*want),
            None => chosen.push((path.clone(), *want)),
        }
    }
    let hidden: Vec<PathBuf> = chosen
        .iter()
        .filter(|(_, want)| *want == Want::Hidden)
        .map(|(path, _)| path.clone())
        .collect();
    // Under a hidden folder, only a file the command names is shown (a program beside its
    // cases), never a folder; nothing there needs a way through.
    chosen.retain(|(path, want)| {
        let under_hidden = hidden
            .iter()
            .any(|folder| path.starts_with(folder) && path != folder);
        match want {
            Want::Hidden | Want::Private => true,
            Want::Shown => !under_hidden || facts.kind(path) == Some(false),
            Want::Unreachable => !under_hidden,
        }
    });
    chosen.retain(|(path, _)| path.parent().is_some());
    chosen.sort_by(|a, b| {
        let depth = |path: &Path| path.components().count();
        depth(&a.0).cmp(&depth(&b.0)).then_with(|| a.0.cmp(&b.0))
    });
    let mut copies = Vec::new();
    let mut steps = Vec::new();
    let mut writable = Vec::new();
    // The mounts made so far: their paths and what they are.
    let mut placed: Vec<(PathBuf, Want)> = Vec::new();
    for (path, want) in chosen {
        let under = placed
            .iter()
            .filter(|(folder, _)| path.starts_with(folder) && *folder != path)
            .max_by_key(|(folder, _)| folder.components().count())
            .map(|(folder, kind)| (folder.clone(), *kind));
        let covered_by = under.filter(|(_, kind)| *kind != Want::Shown);
        let options = match want {
            Want::Private => private_options,
            _ => cover_options,
        };
        match (covered_by, want) {
            // In the original tree (or a copy of it): cover what is a folder.
            (None, Want::Shown) => {}
            (None, _) => {
                if facts.kind(&path) == Some(true) {
                    steps.push(MountStep::Tmpfs {
                        path: c_path(&path),
                        options: CString::new(options).unwrap_or_default(),
                    });
                    if want == Want::Private {
                        writable.push(c_path(&path));
                    }
                    placed.push((path, want));
                }
            }
            // Under a cover, the path is not there: nothing to hide or pass through. A hidden
            // folder is made there empty all the same: it may be the working folder.
            (Some((cover, _)), Want::Hidden) => {
                make_folders_between(&cover, &path, &mut steps);
                steps.push(MountStep::Folder(c_path(&path)));
            }
            (Some(_), Want::Unreachable) => {}
            (Some((cover, _)), Want::Private) => {
                make_folders_between(&cover, &path, &mut steps);
                steps.push(MountStep::Folder(c_path(&path)));
                steps.push(MountStep::Tmpfs {
                    path: c_path(&path),
                    options: CString::new(options).unwrap_or_default(),
                });
                writable.push(c_path(&path));
                placed.push((path, want));
            }
            (Some((cover, _)), Want::Shown) => {
                let Some(is_folder) = facts.kind(&path) else {
                    continue;
                };
                make_folders_between(&cover, &path, &mut steps);
                steps.push(match is_folder {
                    true => MountStep::Folder(c_path(&path)),
                    false => MountStep::File(c_path(&path)),
                });
                steps.push(MountStep::Place {
                    copy: copies.len(),
                    path: c_path(&path),
                });
                copies.push(MountStep::Copy(c_path(&path)));
                placed.push((path, want));
            }
        }
    }
    let count = copies.len();
    copies.extend(steps);
    View {
        steps: copies,
        copies: count,
        writable,
    }
}

/// Folder steps for every folder strictly between `cover` and `path`.
fn make_folders_between(cover: &Path, path: &Path, steps: &mut Vec<MountStep>) {
    let Some(parent) = path.parent() else {
        return;
    };
    let Ok(below) = parent.strip_prefix(cover) else {
        return;
    };
    let mut folder = cover.to_path_buf();
    for component in below.components() {
        folder.push(component);
        steps.push(MountStep::Folder(c_path(&folder)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// A made-up file system: path -> is a folder.
    struct Fake(HashMap<PathBuf, bool>);

    impl Facts for Fake {
        fn kind(&self, path: &Path) -> Option<bool> {
            self.0.get(path).copied()
        }
    }

    fn fake(entries: &[(&str, bool)]) -> Fake {
        Fake(
            entries
                .iter()
                .map(|(path, folder)| (PathBuf::from(path), *folder))
                .collect(),
        )
    }

    fn wants(entries: &[(&str, Want)]) -> Vec<(PathBuf, Want)> {
        entries
            .iter()
            .map(|(path, want)| (PathBuf::from(path), *want))
            .collect()
    }

    fn shown(steps: &[MountStep]) -> Vec<String> {
        steps
            .iter()
            .map(|step| match step {
                MountStep::Copy(path) => format!("copy {}", path.to_str().unwrap()),
                MountStep::Tmpfs { path, options } => {
                    format!(
                        "tmpfs {} {}",
                        path.to_str().unwrap(),
                        options.to_str().unwrap()
                    )
                }
                MountStep::Folder(path) => format!("mkdir {}", path.to_str().unwrap()),
                MountStep::File(path) => format!("touch {}", path.to_str().unwrap()),
                MountStep::Place { copy, path } => {
                    format!("place {copy} {}", path.to_str().unwrap())
                }
            })
            .collect()
    }

    #[test]
    fn a_program_in_the_working_folder_is_placed_back_into_its_fresh_tmpfs() {
        let facts = fake(&[
            ("/work", true),
            ("/work/target/release/solver", false),
            ("/tmp", true),
        ]);
        let view = plan(
            &wants(&[
                ("/work", Want::Private),
                ("/tmp", Want::Private),
                ("/work/target/release/solver", Want::Shown),
            ]),
            &facts,
            "rw",
            "ro",
        );
        assert_eq!(
            shown(&view.steps),
            [
                "copy /work/target/release/solver",
                "tmpfs /tmp rw",
                "tmpfs /work rw",
                "mkdir /work/target",
                "mkdir /work/target/release",
                "touch /work/target/release/solver",
                "place 0 /work/target/release/solver",
            ]
        );
        assert_eq!(view.copies, 1);
        assert_eq!(view.writable.len(), 2);
    }

    #[test]
    fn under_a_hidden_folder_a_named_file_is_shown_but_never_a_folder() {
        let facts = fake(&[
            ("/p/data", true),
            ("/p/data/sol.py", false),
            ("/p/data/sub", true),
            ("/p", true),
        ]);
        let view = plan(
            &wants(&[
                ("/p/data", Want::Hidden),
                ("/p/data/sol.py", Want::Shown),
                ("/p/data/sub", Want::Shown),
                ("/p", Want::Shown),
            ]),
            &facts,
            "rw",
            "ro",
        );
        assert_eq!(
            shown(&view.steps),
            [
                "copy /p/data/sol.py",
                "tmpfs /p/data ro",
                "touch /p/data/sol.py",
                "place 0 /p/data/sol.py"
            ]
        );
        assert!(view.writable.is_empty());
    }

    #[test]
    fn a_private_home_is_covered_and_the_interpreter_placed_back() {
        let facts = fake(&[("/root", true), ("/root/.pyenv", true), ("/root/c", true)]);
        let view = plan(
            &wants(&[
                ("/root", Want::Unreachable),
                ("/root/.pyenv", Want::Shown),
                ("/root/c", Want::Private),
                ("/root/c/cases", Want::Hidden),
            ]),
            &facts,
            "rw",
            "ro",
        );
        assert_eq!(
            shown(&view.steps),
            [
                "copy /root/.pyenv",
                "tmpfs /root ro",
                "mkdir /root/.pyenv",
                "place 0 /root/.pyenv",
                "mkdir /root/c",
                "tmpfs /root/c rw",
                "mkdir /root/c/cases",
            ]
        );
    }

    #[test]
    fn a_hidden_folder_inside_a_placed_copy_is_covered_after_it() {
        let facts = fake(&[
            ("/home/u", true),
            ("/home/u/w", true),
            ("/home/u/w/cases", true),
        ]);
        let view = plan(
            &wants(&[
                ("/home/u/w/cases", Want::Hidden),
                ("/home/u", Want::Unreachable),
                ("/home/u/w", Want::Shown),
            ]),
            &facts,
            "rw",
            "ro",
        );
        assert_eq!(
            shown(&view.steps),
            [
                "copy /home/u/w",
                "tmpfs /home/u ro",
                "mkdir /home/u/w",
                "place 0 /home/u/w",
                "tmpfs /home/u/w/cases ro",
            ]
        );
    }

    #[test]
    fn a_hidden_working_folder_under_a_cover_is_there_empty() {
        let facts = fake(&[("/tmp", true), ("/tmp/c", true)]);
        let view = plan(
            &wants(&[
                ("/tmp", Want::Private),
                ("/tmp/c", Want::Private),
                ("/tmp/c", Want::Hidden),
            ]),
            &facts,
            "rw",
            "ro",
        );
        assert_eq!(shown(&view.steps), ["tmpfs /tmp rw", "mkdir /tmp/c"]);
    }

    #[test]
    fn the_strongest_want_at_a_path_wins_and_missing_paths_are_skipped() {
        let facts = fake(&[("/w", true)]);
        let view = plan(
            &wants(&[
                ("/w", Want::Private),
                ("/w", Want::Shown),
                ("/gone", Want::Hidden),
                ("/", Want::Shown),
            ]),
            &facts,
            "rw",
            "ro",
        );
        assert!(view.steps.is_empty(), "{:?}", shown(&view.steps));
    }
}
