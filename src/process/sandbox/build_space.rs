//! Where a contestant's build writes, as the box shows its build folder. As root, a tmpfs of
//! its own, bounded in bytes and files, holding a copy of the folder's files: a build cannot
//! fill the machine's disk while it runs, whatever it writes. Once the box is gone, the judge
//! copies what the build left back into the folder, no link followed, nothing but files,
//! folders and links, no set-uid bit, bounded again (a hard link or a sparse file takes little
//! room in the tmpfs and much once copied). Without root (or with the sandbox off), the build
//! writes in the folder itself, as the user who runs the judge, and is bounded once it ends.

use super::super::sys::namespaces as ns;
use std::ffi::CString;
use std::fs::{self, OpenOptions};
use std::io;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// A build folder and, as root, its bounded stand-in.
#[derive(Debug)]
pub struct BuildSpace {
    folder: PathBuf,
    /// The folder's own mode before the build (without set-uid bits or write for others).
    mode: u32,
    stand_in: Option<OwnedFd>,
    most_bytes: u64,
    most_entries: usize,
}

/// Why what a build left was not taken back.
#[derive(Debug)]
pub enum NotTaken {
    /// The build's fault: more than the bounds, or a tree that cannot be read back.
    Build(String),
    /// The machine's: the folder cannot be written.
    Machine(io::Error),
}

/// `open`'s flags for a file the build left: never a link, never waiting (on a FIFO).
const O_NOFOLLOW: i32 = 0o400000;
const O_NONBLOCK: i32 = 0o4000;

impl BuildSpace {
    /// The space for a build in `folder` that may leave at most `most_bytes` in
    /// `most_entries` files and folders: a bounded tmpfs with a copy of the folder's files
    /// where the sandbox is on as root, else the folder itself.
    pub fn new(folder: &Path, most_bytes: u64, most_entries: usize) -> io::Result<BuildSpace> {
        let mode = (fs::symlink_metadata(folder)?.permissions().mode() & 0o755) | 0o700;
        let mut space = BuildSpace {
            folder: folder.to_path_buf(),
            mode,
            stand_in: None,
            most_bytes,
            most_entries,
        };
        if super::is_on() && super::settings_root() {
            let size = CString::new(most_bytes.to_string()).unwrap_or_default();
            // One inode more: the root's own.
            let inodes = CString::new((most_entries + 1).to_string()).unwrap_or_default();
            let stand_in = ns::detached_tmpfs(&[
                (c"size", &size),
                (c"nr_inodes", &inodes),
                (c"mode", c"0755"),
            ])?;
            copy_in(folder, &through(&stand_in))?;
            space.stand_in = Some(stand_in);
        }
        Ok(space)
    }

    /// The build folder, at whose path the box shows the space.
    pub fn folder(&self) -> &Path {
        &self.folder
    }

    /// The stand-in's descriptor, for the box's init to place (`None`: the folder is shown).
    pub(super) fn stand_in(&self) -> Option<i32> {
        self.stand_in.as_ref().map(AsRawFd::as_raw_fd)
    }

    /// After the build, its box gone: what it left in the stand-in becomes the folder's
    /// content. Where the build wrote in the folder itself (as the judge's own user), the
    /// folder gets its mode back (the build could change it) and what it left there is bounded
    /// the same way and loses its set-uid bits and open modes.
    pub fn take_back(&self) -> Result<(), NotTaken> {
        let Some(stand_in) = &self.stand_in else {
            fs::set_permissions(&self.folder, fs::Permissions::from_mode(self.mode))
                .map_err(NotTaken::Machine)?;
            let left = list_left(
                &self.folder,
                &self.folder,
                self.most_entries,
                self.most_bytes,
            )?;
            return settle_modes(&left, &self.folder);
        };
        let from = through(stand_in);
        let left = list_left(&from, &self.folder, self.most_entries, self.most_bytes)?;
        // The folder held the judge's copies of the sources: the stand-in's content replaces
        // them.
        for entry in fs::read_dir(&self.folder).map_err(NotTaken::Machine)? {
            let entry = entry.map_err(NotTaken::Machine)?;
            let removed = match entry.file_type().is_ok_and(|kind| kind.is_dir()) {
                true => fs::remove_dir_all(entry.path()),
                false => fs::remove_file(entry.path()),
            };
            removed.map_err(NotTaken::Machine)?;
        }
        copy_out(&left, &from, &self.folder)
    }
}

/// The path of the tree a descriptor holds.
fn through(fd: &OwnedFd) -> PathBuf {
    PathBuf::from(format!("/proc/self/fd/{}", fd.as_raw_fd()))
}

/// Copies the judge's own files in `from` (the sources, copied there by the judge) into `to`,
/// readable by the box's user.
fn copy_in(from: &Path, to: &Path) -> io::Result<()> {
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        let meta = entry.metadata()?;
        let target = to.join(entry.file_name());
        let mode = meta.permissions().mode() & 0o755;
        if meta.is_dir() {
            fs::create_dir(&target)?;
            copy_in(&entry.path(), &target)?;
            fs::set_permissions(&target, fs::Permissions::from_mode(mode | 0o755))?;
        } else if meta.is_file() {
            fs::copy(entry.path(), &target)?;
            fs::set_permissions(&target, fs::Permissions::from_mode(mode | 0o444))?;
        }
    }
    Ok(())
}

/// One thing a build left, to copy back: its path below the stand-in's root, and what it is.
struct Artifact {
    inside: PathBuf,
    kind: Kind,
    mode: u32,
}

enum Kind {
    Folder,
    File { length: u64 },
    Link,
}

/// Lists what a build left in `from` (which nothing changes any more): folders, regular
/// files and links, within `most_entries` and `most_bytes` (a hard-linked or sparse file
/// counts at its full length, as it will be copied), before anything is written. Nothing is
/// followed: every folder gone down was seen to be a folder. Folder by folder, not by
/// recursion: a build may nest folders deeply.
fn list_left(
    from: &Path,
    to: &Path,
    most_entries: usize,
    most_bytes: u64,
) -> Result<Vec<Artifact>, NotTaken> {
    // The longest path the kernel takes (PATH_MAX, with its NUL): every path copied to must fit.
    const LONGEST_PATH: usize = 4095;
    let room = LONGEST_PATH.saturating_sub(to.as_os_str().len() + 1);
    let read = |error: io::Error| NotTaken::Build(format!("what its build left: {error}"));
    let mut left = Vec::new();
    let mut bytes = 0u64;
    let mut folders = vec![PathBuf::new()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(from.join(&folder)).map_err(read)? {
            let entry = entry.map_err(read)?;
            // The entry's own metadata: a link is not followed.
            let meta = entry.metadata().map_err(read)?;
            let inside = folder.join(entry.file_name());
            if inside.as_os_str().len() > room {
                return Err(NotTaken::Build(format!(
                    "its build left a path too long to keep ({} bytes)",
                    inside.as_os_str().len()
                )));
            }
            let kind = if meta.is_dir() {
                folders.push(inside.clone());
                Kind::Folder
            } else if meta.is_file() {
                bytes = bytes.saturating_add(meta.len());
                Kind::File { length: meta.len() }
            } else if meta.is_symlink() {
                Kind::Link
            } else {
                continue;
            };
            left.push(Artifact {
                inside,
                kind,
                mode: meta.permissions().mode() & 0o755,
            });
            if left.len() > most_entries || bytes > most_bytes {
                return Err(NotTaken::Build(format!(
                    "its build left over {most_entries} files or over {} MiB",
                    most_bytes >> 20
                )));
            }
        }
    }
    Ok(left)
}

/// Copies what `list_left` listed from `from` into the folder `to`: links as links, files and
/// folders with no set-uid bit and nothing writable by others; every file opened without
/// following a link.
fn copy_out(left: &[Artifact], from: &Path, to: &Path) -> Result<(), NotTaken> {
    let read = |error: io::Error| NotTaken::Build(format!("what its build left: {error}"));
    for item in left {
        let (source, target) = (from.join(&item.inside), to.join(&item.inside));
        match item.kind {
            Kind::Folder => fs::create_dir(&target).map_err(NotTaken::Machine)?,
            Kind::File { length } => copy_file(&source, &target, length, item.mode)?,
            Kind::Link => {
                let leads_to = fs::read_link(&source).map_err(read)?;
                std::os::unix::fs::symlink(leads_to, &target).map_err(NotTaken::Machine)?;
            }
        }
    }
    // Folders get their own mode once everything in them is made.
    settle_modes(left, to)
}

/// Sets the mode of everything `left` lists in `folder` (but links) to the one it was listed
/// with (no set-uid bit, nothing writable by others), folders open to their owner.
fn settle_modes(left: &[Artifact], folder: &Path) -> Result<(), NotTaken> {
    for item in left {
        let mode = match item.kind {
            Kind::Link => continue,
            Kind::Folder => item.mode | 0o700,
            Kind::File { .. } => item.mode,
        };
        fs::set_permissions(folder.join(&item.inside), fs::Permissions::from_mode(mode))
            .map_err(NotTaken::Machine)?;
    }
    Ok(())
}

/// Copies the regular file `source` (`length` bytes when it was listed) to the new file
/// `target` of mode `mode`.
fn copy_file(source: &Path, target: &Path, length: u64, mode: u32) -> Result<(), NotTaken> {
    let read = |error: io::Error| NotTaken::Build(format!("what its build left: {error}"));
    let mut file = OpenOptions::new()
        .read(true)
        .custom_flags(O_NOFOLLOW | O_NONBLOCK)
        .open(source)
        .map_err(read)?;
    let opened = file.metadata().map_err(read)?;
    if !opened.is_file() || opened.len() != length {
        return Err(NotTaken::Build(
            "what its build left changed while it was read".to_string(),
        ));
    }
    let mut copy = OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(mode)
        .open(target)
        .map_err(NotTaken::Machine)?;
    io::copy(&mut file, &mut copy).map_err(NotTaken::Machine)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::temp_folder::TempFolder;
    use std::os::unix::fs::MetadataExt;

    /// A tree as a build may leave it: a set-uid program, an open folder, a link out, a
    /// FIFO, a hard link.
    fn left_by_a_build(folder: &Path) {
        fs::create_dir(folder.join("open")).unwrap();
        fs::set_permissions(folder.join("open"), fs::Permissions::from_mode(0o777)).unwrap();
        fs::write(folder.join("open/run"), "#!/bin/sh\n").unwrap();
        fs::set_permissions(folder.join("open/run"), fs::Permissions::from_mode(0o4777)).unwrap();
        std::os::unix::fs::symlink("/etc/passwd", folder.join("out")).unwrap();
        fs::hard_link(folder.join("open/run"), folder.join("again")).unwrap();
        let fifo = CString::new(folder.join("fifo").as_os_str().to_str().unwrap()).unwrap();
        extern "C" {
            fn mkfifo(path: *const std::os::raw::c_char, mode: u32) -> i32;
        }
        // SAFETY: mkfifo reads the NUL-terminated path only.
        assert_eq!(unsafe { mkfifo(fifo.as_ptr(), 0o666) }, 0);
    }

    #[test]
    fn what_a_build_left_is_copied_without_links_followed_fifos_or_set_uid_bits() {
        let scratch = TempFolder::new("build-space").unwrap();
        let (from, to) = (scratch.path("from"), scratch.path("to"));
        fs::create_dir(&from).unwrap();
        fs::create_dir(&to).unwrap();
        left_by_a_build(&from);
        let left = list_left(&from, &to, 100, 1 << 20).unwrap();
        copy_out(&left, &from, &to).unwrap();
        let mode = |path: &str| fs::symlink_metadata(to.join(path)).unwrap().mode() & 0o7777;
        assert_eq!(mode("open"), 0o755);
        assert_eq!(mode("open/run"), 0o755);
        assert_eq!(mode("again"), 0o755);
        // Two files now, not one file of two names.
        assert_eq!(fs::metadata(to.join("again")).unwrap().nlink(), 1);
        assert_eq!(
            fs::read_link(to.join("out")).unwrap(),
            Path::new("/etc/passwd")
        );
        assert!(!to.join("fifo").exists());
        let mut names: Vec<String> = fs::read_dir(&to)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["again", "open", "out"]);
    }

    #[test]
    fn a_build_in_its_folder_itself_gives_the_folder_back_with_its_own_mode() {
        // The sandbox is off in unit tests: the build writes in the folder itself.
        let scratch = TempFolder::new("build-space").unwrap();
        let folder = scratch.path("build");
        fs::create_dir(&folder).unwrap();
        fs::set_permissions(&folder, fs::Permissions::from_mode(0o750)).unwrap();
        let space = BuildSpace::new(&folder, 1 << 20, 100).unwrap();
        left_by_a_build(&folder);
        fs::set_permissions(&folder, fs::Permissions::from_mode(0o6777)).unwrap();
        space.take_back().unwrap();
        let mode = |path: &Path| fs::symlink_metadata(path).unwrap().mode() & 0o7777;
        assert_eq!(mode(&folder), 0o750);
        assert_eq!(mode(&folder.join("open")), 0o755);
    }

    #[test]
    fn a_build_that_left_too_much_is_refused_before_anything_is_copied() {
        let scratch = TempFolder::new("build-space").unwrap();
        let from = scratch.path("from");
        fs::create_dir(&from).unwrap();
        left_by_a_build(&from);
        // Four entries (the FIFO is not one), 20 bytes in two names for one file.
        assert!(list_left(&from, &from, 4, 20).is_ok());
        for (entries, bytes) in [(3, 20), (4, 19)] {
            match list_left(&from, &from, entries, bytes) {
                Err(NotTaken::Build(why)) => assert!(why.contains("its build left over"), "{why}"),
                other => panic!("{entries} {bytes}: {:?}", other.map(|left| left.len())),
            }
        }
        // A path that fits where the build wrote but not where it is copied to: the build's
        // fault, not the machine's.
        let far = PathBuf::from(format!("/{}", "d/".repeat(2046)));
        match list_left(&from, &far, 100, 1 << 20) {
            Err(NotTaken::Build(why)) => assert!(why.contains("a path too long to keep"), "{why}"),
            other => panic!("{:?}", other.map(|left| left.len())),
        }
        // In place (the build wrote in the folder itself): the same modes, nothing moved.
        let left = list_left(&from, &from, 100, 1 << 20).unwrap();
        settle_modes(&left, &from).unwrap();
        let mode = |path: &str| fs::symlink_metadata(from.join(path)).unwrap().mode() & 0o7777;
        assert_eq!((mode("open"), mode("open/run")), (0o755, 0o755));
    }
}
