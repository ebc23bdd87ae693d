//! Fresh folders for the library's own unit tests, under the build's target folder so that
//! nothing is left in the system's temp folder.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A new folder named after `kind`, unique in this test run, holding empty files at the given
/// relative paths (their folders made as needed).
pub fn folder_with_files(kind: &str, files: &[&str]) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!(
        "target/tmp/{kind}-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    for file in files {
        let path = dir.join(file);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, "").unwrap();
    }
    dir
}
