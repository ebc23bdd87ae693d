//! A case's input files (a 2025-09 Kattis case's `NAME.files/` folder), put in the working
//! folder of each run of the program on that case, as the format says: the program may read
//! them there, beside nothing else of the test data.
//!
//! The judge opens every file of the folder before the run (`CaseFiles::read`). In the
//! sandbox, the box's init copies them from those descriptors into the box's private working
//! folder before the program starts (see `sandbox::child`), so the box never shows the test
//! data itself. Without the sandbox, the run gets a fresh folder of its own holding the copies
//! (`copy_into`), removed once the run is over, so the judge's own folder stays as it was.

use super::regular_file::open_regular;
use std::fs::{self, File};
use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// The most files and folders a case's `.files` folder may hold: each file is held open from
/// before the run until its copy is made, and runs at once share the judge's descriptors
/// (commonly 1024).
const MOST_ENTRIES: usize = 200;

/// The deepest a file may lie below a case's `.files` folder (links to folders are followed).
const DEEPEST: usize = 32;

/// The files and folders of a case's `.files` folder, each file open for reading.
#[derive(Debug)]
pub struct CaseFiles {
    /// The folder they were read from, for messages.
    pub folder: PathBuf,
    /// Every entry, a folder before what it holds.
    pub entries: Vec<Entry>,
}

/// One file or folder of a case's `.files` folder.
#[derive(Debug)]
pub struct Entry {
    /// Its path below the `.files` folder.
    pub inside: PathBuf,
    /// An open file and the mode of its copy; `None`, a folder.
    pub file: Option<(File, u32)>,
}

impl CaseFiles {
    /// The files of `folder`, each opened now (a regular file: not a FIFO, a device or
    /// /proc's). A copy is mode 0755 where the file may be executed, else 0644.
    /// A link is followed only where it leads inside the folder: one that leads out of it (to
    /// another case's answer, to the machine's files) is refused, as the judge reads the files
    /// with its own rights.
    pub fn read(folder: &Path) -> io::Result<CaseFiles> {
        let mut entries = Vec::new();
        let root = fs::canonicalize(folder)?;
        walk(&root, folder, Path::new(""), 0, &mut entries).map_err(|error| {
            io::Error::new(
                error.kind(),
                format!("cannot read the case's files {}: {error}", folder.display()),
            )
        })?;
        Ok(CaseFiles {
            folder: folder.to_path_buf(),
            entries,
        })
    }

    /// Copies every file and folder into `target` (an existing, empty folder).
    pub fn copy_into(&self, target: &Path) -> io::Result<()> {
        for entry in &self.entries {
            let path = target.join(&entry.inside);
            match &entry.file {
                None => fs::create_dir(&path)?,
                Some((file, mode)) => {
                    let mut copy = File::create(&path)?;
                    io::copy(&mut &*file, &mut copy)?;
                    copy.set_permissions(fs::Permissions::from_mode(*mode))?;
                }
            }
        }
        Ok(())
    }

    /// The bytes of all the files together.
    pub fn total_bytes(&self) -> u64 {
        self.entries
            .iter()
            .filter_map(|entry| entry.file.as_ref())
            .filter_map(|(file, _)| file.metadata().ok())
            .map(|meta| meta.len())
            .sum()
    }

    /// The top-level names of the files and folders (`greeting.txt`, `sub`).
    pub fn top_names(&self) -> Vec<String> {
        self.entries
            .iter()
            .filter(|entry| entry.inside.components().count() == 1)
            .map(|entry| entry.inside.to_string_lossy().into_owned())
            .collect()
    }
}

/// Adds the entries of `folder` (at `inside` below the `.files` folder, whose real path is
/// `root`) to `entries`, in name order.
fn walk(
    root: &Path,
    folder: &Path,
    inside: &Path,
    depth: usize,
    entries: &mut Vec<Entry>,
) -> io::Result<()> {
    if depth > DEEPEST {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{}: more than {DEEPEST} folders deep", folder.display()),
        ));
    }
    let mut names: Vec<_> = fs::read_dir(folder)?
        .map(|entry| entry.map(|entry| entry.file_name()))
        .collect::<io::Result<_>>()?;
    names.sort();
    for name in names {
        if entries.len() >= MOST_ENTRIES {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("more than {MOST_ENTRIES} files and folders"),
            ));
        }
        let path = folder.join(&name);
        let below = inside.join(&name);
        let leads_out = fs::symlink_metadata(&path)?.is_symlink()
            && !fs::canonicalize(&path).is_ok_and(|real| real.starts_with(root) && real != root);
        if leads_out {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{} is a link that leads out of the case's files folder: the judge follows none (it could lead to the test data)",
                    path.display()
                ),
            ));
        }
        if fs::metadata(&path)?.is_dir() {
            entries.push(Entry {
                inside: below.clone(),
                file: None,
            });
            walk(root, &path, &below, depth + 1, entries)?;
        } else {
            let file = open_regular(&path).map_err(|error| {
                io::Error::new(error.kind(), format!("{}: {error}", path.display()))
            })?;
            let executable = file.metadata()?.permissions().mode() & 0o111 != 0;
            let mode = if executable { 0o755 } else { 0o644 };
            entries.push(Entry {
                inside: below,
                file: Some((file, mode)),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_files_are_copied_with_their_folders() {
        let dir = crate::test_folders::folder_with_files(
            "case-files",
            &["1.files/a.txt", "1.files/sub/b.txt", "1.files/tool"],
        );
        let files = dir.join("1.files");
        fs::write(files.join("a.txt"), "alpha\n").unwrap();
        fs::write(files.join("sub/b.txt"), "beta\n").unwrap();
        fs::set_permissions(files.join("tool"), fs::Permissions::from_mode(0o700)).unwrap();
        let read = CaseFiles::read(&files).unwrap();
        let inside: Vec<&Path> = read.entries.iter().map(|e| e.inside.as_path()).collect();
        assert_eq!(
            inside,
            [
                Path::new("a.txt"),
                Path::new("sub"),
                Path::new("sub/b.txt"),
                Path::new("tool")
            ]
        );
        let target = dir.join("work");
        fs::create_dir(&target).unwrap();
        read.copy_into(&target).unwrap();
        assert_eq!(fs::read_to_string(target.join("a.txt")).unwrap(), "alpha\n");
        assert_eq!(
            fs::read_to_string(target.join("sub/b.txt")).unwrap(),
            "beta\n"
        );
        let mode = |name: &str| {
            fs::metadata(target.join(name))
                .unwrap()
                .permissions()
                .mode()
        };
        assert_eq!(mode("tool") & 0o777, 0o755);
        assert_eq!(mode("a.txt") & 0o777, 0o644);
    }

    #[test]
    fn a_link_out_of_the_folder_is_refused_and_one_inside_it_followed() {
        let dir = crate::test_folders::folder_with_files(
            "case-files",
            &["1.files/a.txt", "1.ans", "2.files/b.txt"],
        );
        fs::write(dir.join("1.files/a.txt"), "alpha\n").unwrap();
        let files = dir.join("1.files");
        std::os::unix::fs::symlink("a.txt", files.join("same.txt")).unwrap();
        let read = CaseFiles::read(&files).unwrap();
        assert_eq!(read.top_names(), ["a.txt", "same.txt"]);
        for (name, target) in [
            ("answer", "../1.ans"),
            ("other", "../2.files"),
            ("shadow", "/etc/shadow"),
            ("itself", "."),
        ] {
            std::os::unix::fs::symlink(target, files.join(name)).unwrap();
            let error = CaseFiles::read(&files).unwrap_err().to_string();
            assert!(
                error.contains(&format!("{name} is a link that leads out of")),
                "{name}: {error}"
            );
            fs::remove_file(files.join(name)).unwrap();
        }
    }

    #[test]
    fn more_files_than_the_judge_holds_open_are_refused() {
        let dir = crate::test_folders::folder_with_files("case-files", &["1.files/0"]);
        for n in 1..=MOST_ENTRIES {
            fs::write(dir.join(format!("1.files/{n}")), "").unwrap();
        }
        let error = CaseFiles::read(&dir.join("1.files")).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("more than 200 files and folders"),
            "{error}"
        );
    }

    #[test]
    fn a_fifo_among_them_is_refused_not_waited_on() {
        let dir = crate::test_folders::folder_with_files("case-files", &["1.files/a.txt"]);
        let fifo = dir.join("1.files/pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|status| status.success()) {
            return crate::test_skips::skip("needs mkfifo", "it could not make a FIFO");
        }
        let error = CaseFiles::read(&dir.join("1.files")).unwrap_err();
        assert!(error.to_string().contains("pipe"), "{error}");
        assert!(error.to_string().contains("not a regular file"), "{error}");
    }
}
