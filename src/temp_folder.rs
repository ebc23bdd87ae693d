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
            let dir = std::env::temp_dir().join(format!(
                "game-judge-{purpose}-{}-{}",
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
    fn a_name_someone_else_took_is_passed_over_and_the_folder_is_private() {
        use std::os::unix::fs::PermissionsExt;
        // The next name, made beforehand (as another user could, full of links).
        let probe = TempFolder::new("taken").unwrap();
        let number: usize = probe
            .dir
            .to_string_lossy()
            .rsplit('-')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let taken = probe.dir.with_file_name(format!(
            "game-judge-taken-{}-{}",
            std::process::id(),
            number + 1
        ));
        fs::create_dir(&taken).unwrap();
        let folder = TempFolder::new("taken").unwrap();
        assert_ne!(folder.dir, taken);
        let mode = fs::metadata(&folder.dir).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
        fs::remove_dir(&taken).unwrap();
    }

    #[test]
    fn quotes_survive_the_shell() {
        assert_eq!(quoted(Path::new("/a b/it's")), "'/a b/it'\\''s'");
    }
}
