//! What a box must show, keep private and hide, from the program's command line and the
//! folders the judge hides: the input of `plan`. Nothing else of the machine is in the box.
//!
//! - Shown: the system's folders (`SHOWN_SYSTEM`: programs, libraries, `/etc`; the top-level
//!   ones that are links made again as links) and a few devices (`SHOWN_DEVICES`); what each word of the command names
//!   (relative ones from the judge's folder), and for a named file its whole folder unless that
//!   folder holds test data or the box user may not go through it (mode 0700); a bare word `W` with a `W.class` beside it (Java) shows the folder
//!   too; programs found on PATH, and PATH's folders, outside the system's folders: the folder
//!   they were installed in (`~/.pyenv`, a virtual environment). Never a folder that holds or
//!   lies in test data.
//! - Private: `/tmp`, `/dev/shm`, and the working folder (the judge's own folder, made fresh),
//!   unless that is in a shown folder of the system.
//! - Hidden (covered where it lies in something shown, and never shown whole): the test data
//!   (the judge's list, each folder's git repository's `.git` too) and `/run`.
//! - Covered where it lies in something shown, at each path a shown folder leads to it by: the
//!   judge's own folders (its cache, its scratch). A folder holding one is still shown (a
//!   program in the home that holds the cache), and a folder named in one too (a build).

use super::identity::{self, Ancestry};
use super::plan::Want;
use crate::process::program::Program;
use crate::process::sys::namespaces as ns;
use std::path::{Component, Path, PathBuf};

/// The folders of the system: never covered by a working folder, nor shown whole because a
/// file in them is named.
const SYSTEM_FOLDERS: &[&str] = &[
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/proc", "/sys",
    "/dev", "/run", "/boot", "/opt", "/var", "/snap", "/nix",
];

/// The folders of the system a box shows, read-only, where they are: what programs,
/// interpreters and their libraries need (isolate's box shows `/bin`, `/lib` and `/usr`; `/etc`
/// holds the links of Debian's alternatives, `/opt` and `/nix` installed tools).
const SHOWN_SYSTEM: &[&str] = &[
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/nix",
];

/// The folders of the system a build's box shows besides, read-only, where they are: the data
/// a compiler keeps outside the system's folders (Debian's GHC keeps its package database in
/// `/var/lib/ghc`, where `/usr/lib/ghc/package.conf.d` links to). A program's box has none.
const SHOWN_TO_BUILDS: &[&str] = &["/var/lib/ghc"];

/// The devices a box shows (as isolate's `/dev`): none of the machine's terminals, disks or
/// message queues.
const SHOWN_DEVICES: &[&str] = &[
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
];

/// The links of a box's `/dev`, to its own process's descriptors.
const DEVICE_LINKS: &[(&str, &str)] = &[
    ("/dev/fd", "/proc/self/fd"),
    ("/dev/stdin", "/proc/self/fd/0"),
    ("/dev/stdout", "/proc/self/fd/1"),
    ("/dev/stderr", "/proc/self/fd/2"),
];

/// The folders every user and program of the machine shares (other judges' scratch, other
/// users' files): private in a box, and never shown whole, even where a command names them or
/// a file in them.
const SHARED_FOLDERS: &[&str] = &["/tmp", "/var/tmp", "/dev/shm"];

/// Whether `folder` is one of the machine's shared folders (`SHARED_FOLDERS`), links resolved.
fn is_shared(folder: &Path) -> bool {
    let real = real_path(folder);
    SHARED_FOLDERS.iter().any(|shared| {
        folder == Path::new(shared) || real.as_deref() == real_path(Path::new(shared)).as_deref()
    })
}

/// Whether `here` is a folder of the system (or `/`).
pub fn is_system_folder(here: &Path) -> bool {
    here.parent().is_none() || SYSTEM_FOLDERS.iter().any(|folder| here.starts_with(folder))
}

/// Whether `path` is in the box as it is, read-only: `/` or under a shown folder of the system.
fn in_system_view(path: &Path) -> bool {
    path.parent().is_none() || SHOWN_SYSTEM.iter().any(|folder| path.starts_with(folder))
}

/// Links to make in the box: each path, and where it leads.
pub type Links = Vec<(PathBuf, PathBuf)>;

/// The shown folders and devices of the system that are there, and the links of the box's
/// root (a merged `/usr`'s `/bin` to `usr/bin`) and `/dev` with where they lead.
fn system_view() -> (Vec<PathBuf>, Links) {
    let mut shown = Vec::new();
    let mut links = Vec::new();
    for folder in SHOWN_SYSTEM.iter().map(PathBuf::from) {
        match std::fs::read_link(&folder) {
            Ok(target) => links.push((folder, target)),
            Err(_) if folder.is_dir() => shown.push(folder),
            Err(_) => {}
        }
    }
    shown.extend(
        SHOWN_DEVICES
            .iter()
            .map(PathBuf::from)
            .filter(|device| device.exists()),
    );
    links.extend(
        DEVICE_LINKS
            .iter()
            .map(|(path, target)| (PathBuf::from(path), PathBuf::from(target))),
    );
    (shown, links)
}

/// A folder's real path (links resolved): a mount covers the folder itself, whichever path
/// leads to it.
pub fn real_path(path: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(path).ok()
}

/// The path at which a command finds what it names: absolute (from the judge's folder) but with
/// its links kept, since the path must be made again in the box's root. Only a path with `..`
/// is resolved (the kernel would follow its links before going up).
fn as_named(path: &Path, here: &Path) -> Option<PathBuf> {
    let absolute = here.join(path);
    if absolute
        .components()
        .any(|component| component == Component::ParentDir)
    {
        return std::fs::canonicalize(&absolute).ok();
    }
    let kept: PathBuf = absolute
        .components()
        .filter(|component| *component != Component::CurDir)
        .collect();
    kept.exists().then_some(kept)
}

/// The homes a tool may be installed in: the judge's `HOME`, `/root` and every `/home/NAME`.
fn is_home(folder: &Path) -> bool {
    let own = std::env::var_os("HOME").map(PathBuf::from);
    folder == Path::new("/root")
        || folder.parent() == Some(Path::new("/home"))
        || own.is_some_and(|home| home == folder)
}

/// The folder a program (or a folder of PATH) outside the system's folders was installed in,
/// whole, as an interpreter needs its libraries: in a home, the folder just below it
/// (`~/.pyenv` for `~/.pyenv/shims/python3`); elsewhere, the folder above a `bin` folder (a
/// virtual environment's, with its `pyvenv.cfg` and packages).
fn install_folder(path: &Path) -> Option<PathBuf> {
    if in_system_view(path) {
        return None;
    }
    if let Some(home) = path.ancestors().skip(1).find(|folder| is_home(folder)) {
        let below = path.strip_prefix(home).ok()?.components().next()?;
        return Some(home.join(below));
    }
    let folder = match path.is_dir() {
        true => path,
        false => path.parent()?,
    };
    match folder.file_name().and_then(|name| name.to_str()) {
        Some("bin" | "sbin" | "shims") => folder.parent().map(Path::to_path_buf),
        _ => Some(folder.to_path_buf()),
    }
}

/// What a tool's install folder needs beside it: rustup's proxies in `~/.cargo/bin` run the
/// toolchains of `$RUSTUP_HOME` (`~/.rustup`).
fn companions(install: &Path) -> Option<PathBuf> {
    if install.file_name()? != ".cargo" {
        return None;
    }
    let rustup = std::env::var_os("RUSTUP_HOME")
        .map(PathBuf::from)
        .filter(|home| home.is_absolute())
        .unwrap_or_else(|| install.with_file_name(".rustup"));
    rustup.is_dir().then_some(rustup)
}

/// The words of a command line as a shell splits them: at blanks and operators, with quotes
/// ('…', "…") and backslashes honoured and removed (a reading enough to find paths).
pub fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut characters = line.chars();
    let finish = |word: &mut String, words: &mut Vec<String>| {
        if !word.is_empty() {
            words.push(std::mem::take(word));
        }
    };
    while let Some(c) = characters.next() {
        match (quote, c) {
            (Some(open), c) if c == open => quote = None,
            (Some('"'), '\\') => word.extend(characters.next()),
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => quote = Some(c),
            (None, '\\') => word.extend(characters.next()),
            (None, c) if c.is_whitespace() || ";&|<>()`".contains(c) => {
                finish(&mut word, &mut words)
            }
            (None, c) => word.push(c),
        }
    }
    finish(&mut word, &mut words);
    words
}

/// The words of a command line and, for a word that is itself a command line (`sh -c '…'`),
/// its words too.
fn words_within(line: &str) -> Vec<String> {
    let mut all = Vec::new();
    let mut lines = vec![line.to_string()];
    while let Some(line) = lines.pop() {
        for word in words(&line) {
            if word.contains(|c: char| c.is_whitespace() || ";&|<>()`'\"".contains(c)) {
                lines.push(word.clone());
            }
            all.push(word);
        }
        if all.len() > 10_000 {
            break; // a line nobody types; what was read is enough
        }
    }
    all
}

/// `name` looked up in `PATH`, as a shell would.
fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|folder| folder.join(name))
        .find(|candidate| candidate.is_file())
}

/// The git folders of the repository holding `folder`: every `.git` above it (a submodule's
/// superprojects too), and where a `.git` file (a worktree, a submodule) leads: its `gitdir`
/// and that one's `commondir`.
fn git_folders(folder: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for git in folder.ancestors().map(|above| above.join(".git")) {
        if git.is_dir() {
            found.extend(real_path(&git));
        } else if let Ok(text) = std::fs::read_to_string(&git) {
            let Some(gitdir) = text.trim().strip_prefix("gitdir:") else {
                continue;
            };
            let gitdir = git.parent().unwrap_or(Path::new("/")).join(gitdir.trim());
            if let Ok(common) = std::fs::read_to_string(gitdir.join("commondir")) {
                found.extend(real_path(&gitdir.join(common.trim())));
            }
            found.extend(real_path(&gitdir));
        }
    }
    found
}

/// The folders to hide besides the test data itself: its git repository's (whose history holds
/// the answers a project commits), the machine's sockets.
pub fn also_hidden(test_data: &[PathBuf]) -> Vec<PathBuf> {
    let mut more: Vec<PathBuf> = test_data
        .iter()
        .flat_map(|folder| git_folders(folder))
        .collect();
    more.extend(real_path(Path::new("/run")));
    more.sort();
    more.dedup();
    more
}

/// The folders of the files a helper's command line (a checker's, an interactor's, stress's
/// reference or generator) names, from `base`: hidden with the test data, since what the
/// problem's own code reads is the problem's (not the system's folders, nor PATH's programs).
pub fn folders_named(command: &str, base: &Path) -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = words_within(command)
        .iter()
        .map(|word| base.join(word))
        .filter(|path| path.is_file())
        .filter_map(|path| real_path(&path)?.parent().map(Path::to_path_buf))
        .filter(|folder| !is_system_folder(folder))
        .collect();
    folders.sort();
    folders.dedup();
    folders
}

/// Whether the folder `folder` holds, or lies in, a hidden one, by whatever path (a link, a
/// bind mount).
fn touches_hidden(folder: &Path, hidden: &[PathBuf]) -> bool {
    if real_path(folder).is_none() {
        return true;
    }
    hidden.iter().any(|hidden| {
        let ancestry = Ancestry::of(hidden);
        ancestry.under(folder).is_some() || ancestry.holds(folder)
    }) || identity::shows_part_of(folder, hidden)
}

/// Whether the folder `folder` is a hidden one itself, by any path.
fn is_hidden(folder: &Path, hidden: &[PathBuf]) -> bool {
    let id = identity::of(folder);
    id.is_some() && hidden.iter().any(|hidden| identity::of(hidden) == id)
}

/// Whether the folder `folder` holds a hidden one (and does not lie in one).
fn holds_hidden(folder: &Path, hidden: &[PathBuf]) -> bool {
    if real_path(folder).is_none() {
        return false;
    }
    let ancestries: Vec<Ancestry> = hidden.iter().map(|hidden| Ancestry::of(hidden)).collect();
    !ancestries.iter().any(|ancestry| ancestry.holds(folder))
        && (ancestries
            .iter()
            .any(|ancestry| ancestry.under(folder).is_some())
            || identity::shows_part_of(folder, hidden))
}

/// A folder the command names, or that holds a file it names, that the box does not show whole
/// as it holds test data, or as it is private (mode 0700: the box's user, as root, may not go
/// through it).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Refused {
    pub folder: PathBuf,
    /// Named itself (`java -cp .`): the program may need it whole. Else only a named file's
    /// folder, the file shown alone.
    pub named: bool,
    /// Not shown whole as it is private, not as it holds test data.
    pub private: bool,
}

/// What the command names: (paths to show, folders not shown whole as they hold test data).
fn named(program: &Program, here: &Path, hidden: &[PathBuf]) -> (Vec<PathBuf>, Vec<Refused>) {
    let mut shown = Vec::new();
    let mut refused = Vec::new();
    let show_folder = |folder: PathBuf, shown: &mut Vec<PathBuf>, refused: &mut Vec<Refused>| {
        // A folder of the system the box does not show (`/dev`, `/sys`, `/var`): named or not,
        // the box keeps its own (its `/dev`) or none.
        if is_system_folder(&folder) && !in_system_view(&folder) {
            return;
        }
        match (is_shared(&folder), touches_hidden(&folder, hidden)) {
            // Its named files are shown, one by one.
            (true, _) => {}
            (false, true) => refused.push(Refused {
                folder,
                named: true,
                private: false,
            }),
            (false, false) => shown.push(folder),
        }
    };
    let words = match program {
        Program::Binary(path) => vec![path.to_string_lossy().into_owned()],
        Program::Shell(line) => words_within(line),
    };
    for word in words {
        if let Some(path) = as_named(Path::new(&word), here) {
            match path.is_dir() {
                true => show_folder(path, &mut shown, &mut refused),
                false => {
                    // The file, and its folder whole where that holds no test data (a script's
                    // modules and data files beside it).
                    // One that holds test data (a script beside its cases folder) is not, and
                    // the user is told; so is one that is the test data's folder itself (a
                    // script among its cases, `-d .`); one deeper inside test data (a
                    // package's submission) is not shown either, silently: its neighbours are
                    // other submissions.
                    if let Some(folder) = path
                        .parent()
                        .filter(|folder| !is_system_folder(folder) && !is_shared(folder))
                    {
                        match touches_hidden(folder, hidden) {
                            // A folder the box user may not go through (mode 0700, as
                            // `mktemp -d` makes it): the file alone, in a folder the box
                            // makes (mode 0755).
                            false if !box_user_may_enter(folder) => refused.push(Refused {
                                folder: folder.to_path_buf(),
                                named: false,
                                private: true,
                            }),
                            false => shown.push(folder.to_path_buf()),
                            true if holds_hidden(folder, hidden) || is_hidden(folder, hidden) => {
                                refused.push(Refused {
                                    folder: folder.to_path_buf(),
                                    named: false,
                                    private: false,
                                })
                            }
                            true => {}
                        }
                    }
                    // A program in a `bin` folder (a virtual environment's python): the
                    // folder above too, which holds what it reads (`pyvenv.cfg`, packages).
                    if let Some(prefix) = path
                        .parent()
                        .filter(|folder| {
                            folder.file_name().is_some_and(|name| name == "bin")
                                && !touches_hidden(folder, hidden)
                        })
                        .and_then(Path::parent)
                        .filter(|prefix| {
                            !is_system_folder(prefix)
                                && !is_home(prefix)
                                && !touches_hidden(prefix, hidden)
                        })
                    {
                        shown.push(prefix.to_path_buf());
                    }
                    // A link, and the file it leads to.
                    if path.symlink_metadata().is_ok_and(|meta| meta.is_symlink()) {
                        shown.extend(real_path(&path));
                    }
                    shown.push(path);
                }
            }
        }
        if !word.contains('/') && here.join(format!("{word}.class")).is_file() {
            match is_shared(here) || touches_hidden(here, hidden) || !box_user_may_enter(here) {
                // Beside the cases, or in a folder the box user may not go through: the class
                // and its inner classes, alone.
                true => shown.extend(class_files(here, &word)),
                false => show_folder(here.to_path_buf(), &mut shown, &mut refused),
            }
        }
        // A program found on PATH outside the system's folders: the folder it was installed
        // in, whole (an interpreter needs its libraries), and that of the file a link leads to.
        if !word.contains('/') {
            if let Some(found) = on_path(&word).and_then(|found| as_named(&found, here)) {
                shown.extend(install_folder(&found));
                shown.extend(real_path(&found).and_then(|real| install_folder(&real)));
            }
        }
    }
    // The interpreter version a pyenv user pinned for this folder.
    let pinned = here.join(".python-version");
    if pinned.is_file() {
        shown.push(pinned);
    }
    refused.sort();
    refused.dedup();
    (shown, refused)
}

/// Whether the box's user may go through `folder` where the box shows it whole (a copy keeps
/// its owner and mode): as root, the box user is neither its owner nor in its group, so it
/// needs the others' search bit; without root, the box user is the judge's own.
fn box_user_may_enter(folder: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    ns::own_ids().0 != 0
        || std::fs::metadata(folder).is_ok_and(|meta| meta.permissions().mode() & 0o001 != 0)
}

/// The class files of the Java class `class` in `folder`: `class.class` and its inner
/// classes' `class$….class`.
fn class_files(folder: &Path, class: &str) -> Vec<PathBuf> {
    let inner = format!("{class}$");
    std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| {
            name.strip_suffix(".class")
                .is_some_and(|stem| stem == class || stem.starts_with(&inner))
        })
        .map(|name| folder.join(name))
        .collect()
}

/// The folders a command names that the box does not show, as they hold (or lie in) test data:
/// what a user should be told.
pub fn refused_folders(program: &Program, here: &Path, hidden: &[PathBuf]) -> Vec<Refused> {
    named(program, here, hidden).1
}

/// The judge's own folders to cover (real paths): `own` (its cache) and its scratch (an
/// interactor's answer, a case's output), unless that is the machine's /tmp itself, which is
/// private in every box and never shown whole.
pub fn judges_own(own: &[PathBuf]) -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = own.iter().filter_map(|folder| real_path(folder)).collect();
    folders.extend(real_path(&std::env::temp_dir()).filter(|folder| !is_shared(folder)));
    // The same folders where the mount table shows them again (the source of a bind mount).
    let aliases: Vec<PathBuf> = folders
        .iter()
        .flat_map(|folder| identity::aliases(folder))
        .collect();
    folders.extend(aliases);
    folders.sort();
    folders.dedup();
    folders
}

/// Each of `folders` (real paths) at every path by which the box reaches it: its own, and below
/// a shown folder (or a mount point in one) that is it or a folder above it by another path (a
/// link, a bind mount of a home).
fn reached_at(folders: &[PathBuf], shown: &[PathBuf]) -> Vec<PathBuf> {
    let mut ways: Vec<PathBuf> = shown.iter().filter(|path| path.is_dir()).cloned().collect();
    let mounted = identity::mount_points_below(&ways);
    ways.extend(mounted);
    let mut paths = folders.to_vec();
    for folder in folders {
        let ancestry = Ancestry::of(folder);
        paths.extend(
            ways.iter()
                .filter_map(|way| ancestry.under(way))
                .filter(|path| path != folder),
        );
    }
    paths
}

/// Everything the plan needs: what to show, what is private, what to hide or cover (`hidden`,
/// `covered`: real paths), and the links the box's root and `/dev` hold. `writable`: a folder
/// the program may write in (a build's own).
pub fn wanted_paths(
    program: &Program,
    here: &Path,
    hidden: &[PathBuf],
    covered: &[PathBuf],
    writable: Option<&Path>,
) -> (Vec<(PathBuf, Want)>, Links) {
    let mut wanted: Vec<(PathBuf, Want)> = Vec::new();
    let (system, links) = system_view();
    wanted.extend(system.iter().map(|folder| (folder.clone(), Want::Shown)));
    for private in ["/tmp", "/dev/shm"] {
        wanted.push((PathBuf::from(private), Want::Private));
    }
    if !in_system_view(here) {
        wanted.push((here.to_path_buf(), Want::Private));
    }
    // A build's line is the judge's own (`cd BUILD && g++ … ./main.cpp`), its words named from
    // the build folder, not from the judge's: nothing but that folder is shown for it.
    let mut shown = match writable {
        Some(_) => Vec::new(),
        None => named(program, here, hidden).0,
    };
    // PATH's own folders outside the system's: each with the folder it was installed in (a
    // shim calls the rest of its tool).
    if let Some(path) = std::env::var_os("PATH") {
        for folder in std::env::split_paths(&path) {
            if folder.is_absolute() {
                shown.extend(as_named(&folder, here).and_then(|folder| install_folder(&folder)));
            }
        }
    }
    let more: Vec<PathBuf> = shown.iter().filter_map(|path| companions(path)).collect();
    shown.extend(more);
    if writable.is_some() {
        shown.extend(
            SHOWN_TO_BUILDS
                .iter()
                .map(PathBuf::from)
                .filter(|folder| folder.is_dir()),
        );
    }
    // A shared folder (`/tmp`) is never shown whole, whatever led to it (a PATH folder's).
    shown.retain(|path| !is_shared(path));
    let every_shown: Vec<PathBuf> = system.iter().chain(&shown).cloned().collect();
    for (folders, want) in [(hidden, Want::Hidden), (covered, Want::Covered)] {
        wanted.extend(
            reached_at(folders, &every_shown)
                .into_iter()
                .map(|path| (path, want)),
        );
    }
    wanted.extend(shown.into_iter().map(|path| (path, Want::Shown)));
    wanted.extend(
        writable
            .and_then(real_path)
            .map(|folder| (folder, Want::Writable)),
    );
    (wanted, links)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_split_as_a_shell_splits_them() {
        assert_eq!(
            words("python3 'my sol.py' < in.txt && ./a\\ b \"x y\"|wc"),
            ["python3", "my sol.py", "in.txt", "./a b", "x y", "wc"]
        );
        assert_eq!(words("  "), Vec::<String>::new());
        let within = words_within("sh -c 'exec python3 \"/a b/c.py\" x'");
        for word in ["sh", "-c", "exec", "python3", "/a b/c.py", "x"] {
            assert!(
                within.iter().any(|found| found == word),
                "{word}: {within:?}"
            );
        }
    }

    #[test]
    fn a_folder_that_holds_or_lies_in_test_data_is_not_shown() {
        let here = std::env::temp_dir();
        let data = real_path(&here).unwrap().join("some-cases");
        assert!(touches_hidden(&here, std::slice::from_ref(&data)));
        let outside = real_path(Path::new("/usr")).unwrap();
        assert!(!touches_hidden(&outside, &[data]));
    }

    #[test]
    fn a_builds_box_shows_ghcs_package_database_and_a_programs_does_not() {
        let shows = |writable: Option<&Path>| {
            let program = Program::Shell("true".to_string());
            let (wanted, _) = wanted_paths(&program, Path::new("/"), &[], &[], writable);
            wanted.contains(&(PathBuf::from("/var/lib/ghc"), Want::Shown))
        };
        let build = std::env::temp_dir();
        // Where GHC is not installed there is no folder to show, to either.
        assert_eq!(shows(Some(&build)), Path::new("/var/lib/ghc").is_dir());
        assert!(!shows(None));
    }
}
