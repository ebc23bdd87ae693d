//! Opening a case's file for a run at the moment it is used, safely: without blocking (a FIFO
//! put in its place after the start-up check would hang the judge), and only if what was opened
//! is a regular file outside /proc and /sys (a device or `/proc/self/mem` swapped in would feed
//! a run, or the judge, without end).

use std::fs::{File, OpenOptions};
use std::io;
use std::os::fd::AsRawFd;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// `path` opened for reading if it is a regular file outside /proc and /sys, else an error
/// saying what it is.
pub fn open_regular(path: &Path) -> io::Result<File> {
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(super::sys::O_NONBLOCK)
        .open(path)?;
    let refuse = |what: String| {
        Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{what}: a case file must be a regular file outside /proc and /sys"),
        ))
    };
    if !file.metadata()?.is_file() {
        return refuse("not a regular file".to_string());
    }
    let opened = std::fs::read_link(format!("/proc/self/fd/{}", file.as_raw_fd()))?;
    if opened.starts_with("/proc") || opened.starts_with("/sys") {
        return refuse(format!("it is {}", opened.display()));
    }
    super::sys::set_blocking(file.as_raw_fd())?;
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_kernel_files_and_fifos_are_refused_without_blocking() {
        for path in [
            "/dev/zero",
            "/proc/self/mem",
            "/proc/self/status",
            "/dev/null",
        ] {
            let error = open_regular(Path::new(path)).unwrap_err();
            assert_eq!(error.kind(), io::ErrorKind::InvalidInput, "{path}: {error}");
        }
        let dir = crate::test_folders::folder_with_files("regular-file", &["a.in"]);
        assert!(open_regular(&dir.join("a.in")).is_ok());
        let fifo = dir.join("fifo");
        let status = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(status.success());
        assert!(
            open_regular(&fifo).is_err(),
            "a FIFO is refused, and at once"
        );
    }
}
