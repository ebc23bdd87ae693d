//! Files the judge hands to a program it runs (a checker, an output validator, an interactor,
//! the runs of `judge stress`): a fresh folder under the system's temporary folder, removed with
//! everything in it when done, and paths written as shell words.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A path as one shell word.
pub fn quoted(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', "'\\''"))
}

/// A path from the root, so that it holds in another working folder.
pub fn absolute(path: &Path) -> PathBuf {
    fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// A fresh, empty folder for one grading step or one stress run; removed with everything in it when dropped.
pub struct TempFolder {
    pub dir: PathBuf,
}

impl TempFolder {
    /// Makes `game-judge-PURPOSE-PID-N` in the temporary folder, new (a folder of that name
    /// already there, which another user of the machine may have made and filled with links,
    /// is passed over for the next N) and the judge's user's alone (mode 0700).
    pub fn new(purpose: &str) -> io::Result<TempFolder> {
        use std::os::unix::fs::DirBuilderExt;
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let mut last = io::Error::new(io::ErrorKind::AlreadyExists, "no fresh name");
        for _ in 0..1000 {
            // A part no other user can guess: names they made first cannot all be taken.
            let unguessable = {
                use std::hash::{BuildHasher, Hasher};
                std::collections::hash_map::RandomState::new()
                    .build_hasher()
                    .finish()
            };
            let dir = std::env::temp_dir().join(format!(
                "game-judge-{purpose}-{}-{}-{unguessable:016x}",
                std::process::id(),
                NEXT.fetch_add(1, Ordering::Relaxed)
            ));
            match fs::DirBuilder::new().mode(0o700).create(&dir) {
                Ok(()) => return Ok(TempFolder { dir }),
                Err(error) if error.kind() == io::ErrorKind::AlreadyExists => last = error,
                Err(error) => return Err(error),
            }
        }
        Err(last)
    }

    /// A path inside the folder.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

impl Drop for TempFolder {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_temp_folder_is_fresh_and_goes_away() {
        let folder = TempFolder::new("test").unwrap();
        let other = TempFolder::new("test").unwrap();
        assert_ne!(folder.dir, other.dir);
        fs::write(folder.path("file"), "x").unwrap();
        let dir = folder.dir.clone();
        drop(folder);
        assert!(!dir.exists());
    }

    #[test]
    fn names_cannot_be_guessed_and_the_folder_is_private() {
        use std::os::unix::fs::PermissionsExt;
        // Another user who made the next names first (full of links) cannot know them: each
        // ends in 64 bits no one else can predict, so taken names are passed over, never used.
        let (first, second) = (
            TempFolder::new("taken").unwrap(),
            TempFolder::new("taken").unwrap(),
        );
        let last_part = |folder: &TempFolder| {
            let name = folder.dir.to_string_lossy().into_owned();
            name.rsplit('-').next().unwrap().to_string()
        };
        assert_eq!(last_part(&first).len(), 16);
        assert!(last_part(&first).chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(last_part(&first), last_part(&second));
        let mode = fs::metadata(&first.dir).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
    }

    #[test]
    fn quotes_survive_the_shell() {
        assert_eq!(quoted(Path::new("/a b/it's")), "'/a b/it'\\''s'");
    }
}
