//! What a boxed program sees of the file system, worked out before the fork as a list of mount
//! steps for its init (`child`). The box's root is a fresh tmpfs, made read-only, into which
//! the init moves with pivot_root, letting the machine's own root go: nothing of the machine is
//! there but what is placed, each at its own path:
//!
//! - **shown** paths (the system's folders, the program's files as its command names them): a
//!   copy of the original tree, read-only; the system's top-level links (`/bin` to `usr/bin`)
//!   are made again as links;
//! - a **writable** folder (a contestant's build folder, as its compiler writes there): the
//!   judge's bounded stand-in for it (see `BuildSpace`), or a copy of the original tree, left
//!   writable;
//! - **private** folders (`/tmp`, `/dev/shm`, the working folder): a fresh writable tmpfs, gone
//!   with the box;
//! - **hidden** folders (the test data) that lie inside a shown one: an empty tmpfs over them.
//!   Under a hidden folder, only a named file is shown (a program kept beside its cases), never
//!   a folder;
//! - **covered** folders (the judge's own: its cache of builds and generated tests, its
//!   scratch) that lie inside a shown one: an empty tmpfs over them too, but a folder named
//!   under one is shown (a contestant's build, run from the cache).
//!
//! The folders between the root and what is placed are made in the root's tmpfs (mode 0755);
//! in a private folder, in a read-only cover over the first of them, as a folder the init makes
//! is its user's, which without root is the program's own.
//! Steps go from the shallowest path down, so a folder hidden inside a shown one is covered
//! after the copy is placed. The copies are taken first, from the untouched tree, before the
//! new root is mounted (on the stage folder, an existing folder of the machine's tree).

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// One step of the init's mount work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MountStep {
    /// Copies the tree at a path into the next copy slot.
    Copy(CString),
    /// Fills the next copy slot with the stand-in the judge made for a writable folder (a
    /// build's bounded tmpfs), or else a copy of the tree at the path.
    Writable(CString),
    Tmpfs {
        path: CString,
        options: CString,
    },
    Folder(CString),
    File(CString),
    Link {
        target: CString,
        path: CString,
    },
    Place {
        copy: usize,
        path: CString,
    },
}

/// What is wanted at a path; a later variant wins over an earlier one at the same path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Want {
    /// A fresh writable tmpfs.
    Private,
    /// The original, visible (read-only) at its path.
    Shown,
    /// The original, visible and writable at its path.
    Writable,
    /// An empty tmpfs: nothing below it is seen but what is shown or writable there.
    Covered,
    /// An empty tmpfs: nothing below it is seen but a shown file.
    Hidden,
}

/// What the planner needs to know of the real file system.
pub trait Facts {
    /// `Some(true)` for a folder, `Some(false)` for anything else, `None` if nothing is there
    /// (links followed).
    fn kind(&self, path: &Path) -> Option<bool>;
}

/// The mount steps (their paths inside the stage, but a copy's), how many copies they take,
/// and the tmpfs mounts to leave writable (their paths in the box).
#[derive(Clone, Debug, Default)]
pub struct View {
    pub steps: Vec<MountStep>,
    pub copies: usize,
    pub writable: Vec<CString>,
}

/// What a path of the box's tree was made as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Made {
    /// A read-only tmpfs (the root, a hidden or covered folder): what lies below is made in it.
    Cover,
    /// A private, writable tmpfs: what is placed below it through folders is placed in a
    /// read-only cover over the first of them, as the folders the box makes are its init's,
    /// and so, without root, the program's own user's to write in.
    Private,
    /// A copy of the original tree: what lies below is there already.
    Copy,
    /// A link: what lies below is reached through it.
    Link,
}

fn c_path(path: &Path) -> CString {
    CString::new(path.as_os_str().as_bytes()).unwrap_or_default()
}

/// The box's tree, as the init builds it: paths inside the stage folder.
struct Staged<'a> {
    stage: &'a Path,
}

impl Staged<'_> {
    fn path(&self, path: &Path) -> CString {
        c_path(&self.stage.join(path.strip_prefix("/").unwrap_or(path)))
    }
}

/// Plans the view for `wanted` (absolute, normalised paths) and the root's `links` (a path of
/// the root and where it leads), built on `stage`. `private_options` and `cover_options` are
/// the tmpfs options of private mounts and of the root and hidden folders.
pub fn plan(
    wanted: &[(PathBuf, Want)],
    links: &[(PathBuf, PathBuf)],
    facts: &impl Facts,
    stage: &Path,
    private_options: &str,
    cover_options: &str,
) -> View {
    let staged = Staged { stage };
    // A hidden folder that is also to be private is the working folder: it must be there.
    let working: Vec<&PathBuf> = wanted
        .iter()
        .filter(|(_, want)| *want == Want::Private)
        .map(|(path, _)| path)
        .collect();
    let chosen = chosen_paths(wanted, facts);
    let cover = |options: &str| CString::new(options).unwrap_or_default();
    let mut copies = Vec::new();
    let mut steps = vec![MountStep::Tmpfs {
        path: c_path(stage),
        options: cover(cover_options),
    }];
    let mut writable = Vec::new();
    // What has been made so far: the root, a cover over everything.
    let mut made: Vec<(PathBuf, Made)> = vec![(PathBuf::from("/"), Made::Cover)];
    make_links(links, &staged, &mut steps, &mut made);
    for (path, want) in chosen {
        if made.iter().any(|(other, _)| *other == path) {
            continue;
        }
        let Some((under, kind)) = made_under(&made, &path) else {
            continue;
        };
        let options = match want {
            Want::Private => private_options,
            _ => cover_options,
        };
        match (kind, want) {
            (Made::Link, _) => {}
            // In a copy of the original tree: there already.
            (Made::Copy, Want::Shown) => {}
            // A copy placed: in a cover, at a path made for it; a writable folder (a folder
            // only) wherever it is, so that its own mount can be left writable.
            (Made::Cover | Made::Private, Want::Shown) | (_, Want::Writable) => {
                let Some(is_folder) = facts.kind(&path) else {
                    continue;
                };
                if want == Want::Writable && !is_folder {
                    continue;
                }
                let under = cover_if_private(
                    kind,
                    under,
                    &path,
                    &staged,
                    cover_options,
                    &mut made,
                    &mut steps,
                );
                if matches!(kind, Made::Cover | Made::Private) {
                    make_folders_between(&under, &path, &staged, &mut steps);
                }
                let copy = CopyKind {
                    is_folder,
                    writable: want == Want::Writable,
                };
                place_copy(&path, copy, &staged, &mut steps, &mut copies, &mut writable);
                made.push((path, Made::Copy));
            }
            // In a copy of the original tree: cover what is a folder.
            (Made::Copy, _) => {
                if facts.kind(&path) == Some(true) {
                    let made_as = cover_in_copy(&path, want, options, &staged, &mut steps);
                    if made_as == Made::Private {
                        writable.push(c_path(&path));
                    }
                    made.push((path, made_as));
                }
            }
            // In a cover, the path is not there: nothing to hide, nothing made (its name not
            // shown), but for the working folder.
            (Made::Cover | Made::Private, Want::Hidden | Want::Covered)
                if !working.contains(&&path) => {}
            // A private folder, and the working folder even where it is or holds test data: a
            // fresh tmpfs of the box's own, empty (where a case's files are put).
            (Made::Cover | Made::Private, _) => {
                let under = cover_if_private(
                    kind,
                    under,
                    &path,
                    &staged,
                    cover_options,
                    &mut made,
                    &mut steps,
                );
                make_folders_between(&under, &path, &staged, &mut steps);
                steps.push(MountStep::Folder(staged.path(&path)));
                steps.push(MountStep::Tmpfs {
                    path: staged.path(&path),
                    options: cover(private_options),
                });
                writable.push(c_path(&path));
                made.push((path, Made::Private));
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

/// Covers the folder `path`, in a copy of the original tree, with a tmpfs of `options`: what
/// it is made as, private (writable) where `want` is, else a cover.
fn cover_in_copy(
    path: &Path,
    want: Want,
    options: &str,
    staged: &Staged,
    steps: &mut Vec<MountStep>,
) -> Made {
    steps.push(MountStep::Tmpfs {
        path: staged.path(path),
        options: CString::new(options).unwrap_or_default(),
    });
    match want {
        Want::Private => Made::Private,
        _ => Made::Cover,
    }
}

/// The paths of `wanted` to make, each once with the strongest want it has, in the order they
/// are made (by depth, then by name), but the root (made first, a cover).
fn chosen_paths(wanted: &[(PathBuf, Want)], facts: &impl Facts) -> Vec<(PathBuf, Want)> {
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
    // cases), never a folder.
    chosen.retain(|(path, want)| {
        let under_hidden = hidden
            .iter()
            .any(|folder| path.starts_with(folder) && path != folder);
        match want {
            Want::Hidden | Want::Covered | Want::Private | Want::Writable => true,
            Want::Shown => !under_hidden || facts.kind(path) == Some(false),
        }
    });
    chosen.retain(|(path, _)| path.parent().is_some());
    chosen.sort_by(|a, b| {
        let depth = |path: &Path| path.components().count();
        depth(&a.0).cmp(&depth(&b.0)).then_with(|| a.0.cmp(&b.0))
    });
    chosen
}

/// The steps that make the root's `links` (a path of the root and where it leads), each
/// recorded in `made`.
fn make_links(
    links: &[(PathBuf, PathBuf)],
    staged: &Staged,
    steps: &mut Vec<MountStep>,
    made: &mut Vec<(PathBuf, Made)>,
) {
    for (path, target) in links {
        make_folders_between(Path::new("/"), path, staged, steps);
        steps.push(MountStep::Link {
            target: c_path(target),
            path: staged.path(path),
        });
        made.push((path.clone(), Made::Link));
    }
}

/// The deepest path made so far (`made`) that holds `path`, and what it was made as.
fn made_under(made: &[(PathBuf, Made)], path: &Path) -> Option<(PathBuf, Made)> {
    made.iter()
        .filter(|(folder, _)| path.starts_with(folder))
        .max_by_key(|(folder, _)| folder.components().count())
        .map(|(folder, kind)| (folder.clone(), *kind))
}

/// What a copy of a path of the original tree is: a folder or a file, left writable or not.
#[derive(Clone, Copy)]
struct CopyKind {
    is_folder: bool,
    writable: bool,
}

/// The steps that place a `copy` of the original `path` at its path in the box (made for it
/// first): the copy is taken among `copies`, and a writable one is noted in `writable`.
fn place_copy(
    path: &Path,
    copy: CopyKind,
    staged: &Staged,
    steps: &mut Vec<MountStep>,
    copies: &mut Vec<MountStep>,
    writable: &mut Vec<CString>,
) {
    steps.push(match copy.is_folder {
        true => MountStep::Folder(staged.path(path)),
        false => MountStep::File(staged.path(path)),
    });
    steps.push(MountStep::Place {
        copy: copies.len(),
        path: staged.path(path),
    });
    if copy.writable {
        copies.push(MountStep::Writable(c_path(path)));
        writable.push(c_path(path));
    } else {
        copies.push(MountStep::Copy(c_path(path)));
    }
}

/// The folder below which `path` is made: `under` itself, or where `under` is a private
/// folder (`kind`) and `path` lies below a folder of it, a read-only cover over the first
/// folder on the way, recorded in `made` so that every later path on that way is made in it
/// rather than under a second cover that would hide the first (a working folder and a build
/// folder both under `/tmp`).
fn cover_if_private(
    kind: Made,
    under: PathBuf,
    path: &Path,
    staged: &Staged,
    cover_options: &str,
    made: &mut Vec<(PathBuf, Made)>,
    steps: &mut Vec<MountStep>,
) -> PathBuf {
    if kind != Made::Private {
        return under;
    }
    let options = CString::new(cover_options).unwrap_or_default();
    match cover_on_the_way(&under, path, staged, options, steps) {
        Some(first) => {
            made.push((first.clone(), Made::Cover));
            first
        }
        None => under,
    }
}

/// Where `path` lies in the private folder `private` below a folder of it (not in it
/// directly): the steps of a cover (a tmpfs of `options`, left read-only) over the first
/// folder below `private` on the way, which is returned. `None` when `path` is right in it.
fn cover_on_the_way(
    private: &Path,
    path: &Path,
    staged: &Staged,
    options: CString,
    steps: &mut Vec<MountStep>,
) -> Option<PathBuf> {
    let below = path.parent()?.strip_prefix(private).ok()?;
    let first = private.join(below.components().next()?);
    steps.push(MountStep::Folder(staged.path(&first)));
    steps.push(MountStep::Tmpfs {
        path: staged.path(&first),
        options,
    });
    Some(first)
}

/// Folder steps for every folder strictly between `cover` and `path`.
fn make_folders_between(cover: &Path, path: &Path, staged: &Staged, steps: &mut Vec<MountStep>) {
    let Some(parent) = path.parent() else {
        return;
    };
    let Ok(below) = parent.strip_prefix(cover) else {
        return;
    };
    let mut folder = cover.to_path_buf();
    for component in below.components() {
        folder.push(component);
        steps.push(MountStep::Folder(staged.path(&folder)));
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

    fn planned(wanted: &[(&str, Want)], links: &[(&str, &str)], facts: &Fake) -> View {
        let links: Vec<(PathBuf, PathBuf)> = links
            .iter()
            .map(|(path, target)| (PathBuf::from(path), PathBuf::from(target)))
            .collect();
        plan(&wants(wanted), &links, facts, Path::new("/s"), "rw", "ro")
    }

    fn shown(steps: &[MountStep]) -> Vec<String> {
        let text = |path: &CString| path.to_str().unwrap().to_string();
        steps
            .iter()
            .map(|step| match step {
                MountStep::Copy(path) => format!("copy {}", text(path)),
                MountStep::Writable(path) => format!("copy or stand-in {}", text(path)),
                MountStep::Tmpfs { path, options } => {
                    format!("tmpfs {} {}", text(path), text(options))
                }
                MountStep::Folder(path) => format!("mkdir {}", text(path)),
                MountStep::File(path) => format!("touch {}", text(path)),
                MountStep::Link { target, path } => {
                    format!("link {} -> {}", text(path), text(target))
                }
                MountStep::Place { copy, path } => format!("place {copy} {}", text(path)),
            })
            .collect()
    }

    #[test]
    fn only_what_is_shown_or_private_is_in_the_new_root() {
        let facts = fake(&[
            ("/usr", true),
            ("/home/u/w", true),
            ("/home/u/w/sol", false),
            ("/tmp", true),
        ]);
        let view = planned(
            &[
                ("/usr", Want::Shown),
                ("/tmp", Want::Private),
                ("/home/u/w", Want::Private),
                ("/home/u/w/sol", Want::Shown),
            ],
            &[("/bin", "usr/bin")],
            &facts,
        );
        assert_eq!(
            shown(&view.steps),
            [
                "copy /usr",
                "copy /home/u/w/sol",
                "tmpfs /s ro",
                "link /s/bin -> usr/bin",
                "mkdir /s/tmp",
                "tmpfs /s/tmp rw",
                "mkdir /s/usr",
                "place 0 /s/usr",
                "mkdir /s/home",
                "mkdir /s/home/u",
                "mkdir /s/home/u/w",
                "tmpfs /s/home/u/w rw",
                "touch /s/home/u/w/sol",
                "place 1 /s/home/u/w/sol",
            ]
        );
        assert_eq!(view.copies, 2);
        let writable: Vec<&str> = view.writable.iter().map(|p| p.to_str().unwrap()).collect();
        assert_eq!(writable, ["/tmp", "/home/u/w"]);
    }

    #[test]
    fn folders_on_the_way_to_a_file_in_the_working_folder_are_in_a_read_only_cover() {
        let facts = fake(&[
            ("/w", true),
            ("/w/sol", false),
            ("/w/t/p/a.sh", false),
            ("/w/t/p/b.sh", false),
        ]);
        let view = planned(
            &[
                ("/w", Want::Private),
                ("/w/sol", Want::Shown),
                ("/w/t/p/a.sh", Want::Shown),
                ("/w/t/p/b.sh", Want::Shown),
            ],
            &[],
            &facts,
        );
        assert_eq!(
            shown(&view.steps),
            [
                "copy /w/sol",
                "copy /w/t/p/a.sh",
                "copy /w/t/p/b.sh",
                "tmpfs /s ro",
                "mkdir /s/w",
                "tmpfs /s/w rw",
                "touch /s/w/sol",
                "place 0 /s/w/sol",
                "mkdir /s/w/t",
                "tmpfs /s/w/t ro",
                "mkdir /s/w/t/p",
                "touch /s/w/t/p/a.sh",
                "place 1 /s/w/t/p/a.sh",
                "mkdir /s/w/t/p",
                "touch /s/w/t/p/b.sh",
                "place 2 /s/w/t/p/b.sh",
            ]
        );
        // The working folder alone is left writable, not the cover on the way.
        let writable: Vec<&str> = view.writable.iter().map(|p| p.to_str().unwrap()).collect();
        assert_eq!(writable, ["/w"]);
    }

    #[test]
    fn under_a_hidden_folder_a_named_file_is_shown_but_never_a_folder() {
        let facts = fake(&[
            ("/p/data", true),
            ("/p/data/sol.py", false),
            ("/p/data/sub", true),
            ("/p", true),
        ]);
        let view = planned(
            &[
                ("/p/data", Want::Hidden),
                ("/p/data/sol.py", Want::Shown),
                ("/p/data/sub", Want::Shown),
                ("/p", Want::Shown),
            ],
            &[],
            &facts,
        );
        assert_eq!(
            shown(&view.steps),
            [
                "copy /p",
                "copy /p/data/sol.py",
                "tmpfs /s ro",
                "mkdir /s/p",
                "place 0 /s/p",
                "tmpfs /s/p/data ro",
                "touch /s/p/data/sol.py",
                "place 1 /s/p/data/sol.py"
            ]
        );
        assert!(view.writable.is_empty());
    }

    #[test]
    fn a_covered_folder_in_a_shown_one_is_covered_and_a_build_named_in_it_shown() {
        let facts = fake(&[
            ("/home/u", true),
            ("/home/u/.cache/gj", true),
            ("/home/u/.cache/gj/submissions/a", true),
        ]);
        let view = planned(
            &[
                ("/home/u", Want::Shown),
                ("/home/u/.cache/gj", Want::Covered),
                ("/home/u/.cache/gj/submissions/a", Want::Shown),
            ],
            &[],
            &facts,
        );
        assert_eq!(
            shown(&view.steps),
            [
                "copy /home/u",
                "copy /home/u/.cache/gj/submissions/a",
                "tmpfs /s ro",
                "mkdir /s/home",
                "mkdir /s/home/u",
                "place 0 /s/home/u",
                "tmpfs /s/home/u/.cache/gj ro",
                "mkdir /s/home/u/.cache/gj/submissions",
                "mkdir /s/home/u/.cache/gj/submissions/a",
                "place 1 /s/home/u/.cache/gj/submissions/a",
            ]
        );
        // Hidden, the same folder keeps the build's folder out.
        let view = planned(
            &[
                ("/home/u", Want::Shown),
                ("/home/u/.cache/gj", Want::Hidden),
                ("/home/u/.cache/gj/submissions/a", Want::Shown),
            ],
            &[],
            &facts,
        );
        assert!(!shown(&view.steps).iter().any(|step| step.contains("/a")));
    }

    #[test]
    fn hidden_folders_outside_what_is_shown_need_no_cover() {
        let facts = fake(&[("/work/cases", true), ("/usr", true)]);
        let view = planned(
            &[("/work/cases", Want::Hidden), ("/usr", Want::Shown)],
            &[],
            &facts,
        );
        assert_eq!(
            shown(&view.steps),
            ["copy /usr", "tmpfs /s ro", "mkdir /s/usr", "place 0 /s/usr"]
        );
    }

    #[test]
    fn a_hidden_working_folder_is_there_empty_and_fresh() {
        let facts = fake(&[("/tmp", true), ("/tmp/c", true)]);
        let view = planned(
            &[
                ("/tmp", Want::Private),
                ("/tmp/c", Want::Private),
                ("/tmp/c", Want::Hidden),
            ],
            &[],
            &facts,
        );
        assert_eq!(
            shown(&view.steps),
            [
                "tmpfs /s ro",
                "mkdir /s/tmp",
                "tmpfs /s/tmp rw",
                "mkdir /s/tmp/c",
                "tmpfs /s/tmp/c rw"
            ]
        );
        let writable: Vec<&str> = view.writable.iter().map(|p| p.to_str().unwrap()).collect();
        assert_eq!(writable, ["/tmp", "/tmp/c"]);
    }

    #[test]
    fn a_hidden_folder_inside_a_placed_copy_is_covered_after_it() {
        let facts = fake(&[("/home/u/w", true), ("/home/u/w/cases", true)]);
        let view = planned(
            &[
                ("/home/u/w/cases", Want::Hidden),
                ("/home/u/w", Want::Shown),
            ],
            &[],
            &facts,
        );
        assert_eq!(
            shown(&view.steps),
            [
                "copy /home/u/w",
                "tmpfs /s ro",
                "mkdir /s/home",
                "mkdir /s/home/u",
                "mkdir /s/home/u/w",
                "place 0 /s/home/u/w",
                "tmpfs /s/home/u/w/cases ro",
            ]
        );
    }

    #[test]
    fn a_private_folder_inside_a_system_copy_is_a_fresh_tmpfs() {
        let facts = fake(&[("/dev", true), ("/dev/shm", true)]);
        let view = planned(
            &[("/dev/shm", Want::Private), ("/dev", Want::Shown)],
            &[],
            &facts,
        );
        assert_eq!(
            shown(&view.steps),
            [
                "copy /dev",
                "tmpfs /s ro",
                "mkdir /s/dev",
                "place 0 /s/dev",
                "tmpfs /s/dev/shm rw",
            ]
        );
    }

    #[test]
    fn a_build_folder_is_placed_and_left_writable_even_inside_a_copy() {
        let facts = fake(&[("/home/u", true), ("/home/u/.cache/b/x-1", true)]);
        let view = planned(
            &[
                ("/home/u", Want::Shown),
                ("/home/u/.cache/b/x-1", Want::Shown),
                ("/home/u/.cache/b/x-1", Want::Writable),
            ],
            &[],
            &facts,
        );
        assert_eq!(
            shown(&view.steps),
            [
                "copy /home/u",
                "copy or stand-in /home/u/.cache/b/x-1",
                "tmpfs /s ro",
                "mkdir /s/home",
                "mkdir /s/home/u",
                "place 0 /s/home/u",
                "mkdir /s/home/u/.cache/b/x-1",
                "place 1 /s/home/u/.cache/b/x-1",
            ]
        );
        let writable: Vec<&str> = view.writable.iter().map(|p| p.to_str().unwrap()).collect();
        assert_eq!(writable, ["/home/u/.cache/b/x-1"]);
    }

    #[test]
    fn paths_through_a_root_link_are_reached_through_it() {
        let facts = fake(&[("/usr", true), ("/bin/python3", false)]);
        let view = planned(
            &[("/usr", Want::Shown), ("/bin/python3", Want::Shown)],
            &[("/bin", "usr/bin")],
            &facts,
        );
        assert_eq!(
            shown(&view.steps),
            [
                "copy /usr",
                "tmpfs /s ro",
                "link /s/bin -> usr/bin",
                "mkdir /s/usr",
                "place 0 /s/usr"
            ]
        );
    }

    #[test]
    fn the_strongest_want_at_a_path_wins_and_missing_paths_are_skipped() {
        let facts = fake(&[("/w", true)]);
        let view = planned(
            &[
                ("/w", Want::Private),
                ("/w", Want::Shown),
                ("/gone", Want::Shown),
                ("/", Want::Shown),
            ],
            &[],
            &facts,
        );
        assert_eq!(
            shown(&view.steps),
            ["copy /w", "tmpfs /s ro", "mkdir /s/w", "place 0 /s/w"]
        );
        assert!(view.writable.is_empty());
    }

    #[test]
    fn two_folders_below_a_private_one_share_the_cover_on_their_way() {
        // The judge run from a folder under /tmp (a clone made by `mktemp -d`), its build
        // folder in a cache there too: the second must not be covered over the first.
        let facts = fake(&[("/tmp", true), ("/tmp/c/w", true), ("/tmp/c/cache/b", true)]);
        let view = planned(
            &[
                ("/tmp", Want::Private),
                ("/tmp/c/w", Want::Private),
                ("/tmp/c/cache/b", Want::Writable),
            ],
            &[],
            &facts,
        );
        assert_eq!(
            shown(&view.steps),
            [
                "copy or stand-in /tmp/c/cache/b",
                "tmpfs /s ro",
                "mkdir /s/tmp",
                "tmpfs /s/tmp rw",
                "mkdir /s/tmp/c",
                "tmpfs /s/tmp/c ro",
                "mkdir /s/tmp/c/w",
                "tmpfs /s/tmp/c/w rw",
                "mkdir /s/tmp/c/cache",
                "mkdir /s/tmp/c/cache/b",
                "place 0 /s/tmp/c/cache/b",
            ]
        );
        let writable: Vec<&str> = view.writable.iter().map(|p| p.to_str().unwrap()).collect();
        assert_eq!(writable, ["/tmp", "/tmp/c/w", "/tmp/c/cache/b"]);
    }
}
