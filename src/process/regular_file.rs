//! Opening a case's file for a run at the moment it is used, safely: without blocking (a FIFO
//! put in its place after the start-up check would hang the judge), and only if what was opened
//! is a regular file outside /proc and /sys (a device or `/proc/self/mem` swapped in would feed
//! a run, or the judge, without end). And a folder's entries opened by the folder's descriptor,
//! never through a link swapped in after they were listed (`open_entry`).

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

/// Opens the entry `name` of the folder open as `folder` (a name read from it, no `/`), never
/// blocking, and never through a link unless `follow`: the entry opened is the one the folder
/// holds now, whatever was swapped in since it was listed, and whatever its path led to (the
/// folder is reached by its descriptor, not by its path). A link, when not followed, is an
/// error of kind `ELOOP` (see `is_link_error`). Blocking reads are restored for a regular file.
pub fn open_entry(folder: &File, name: &std::ffi::OsStr, follow: bool) -> io::Result<File> {
    let mut path = std::ffi::OsString::from(format!("/proc/self/fd/{}/", folder.as_raw_fd()));
    path.push(name);
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(never_blocking(follow))
        .open(Path::new(&path))?;
    if file.metadata()?.is_file() {
        super::sys::set_blocking(file.as_raw_fd())?;
    }
    Ok(file)
}

/// The flags of an open that never blocks, and follows a link in its last part only if
/// `follow`.
fn never_blocking(follow: bool) -> i32 {
    match follow {
        true => super::sys::O_NONBLOCK,
        false => super::sys::O_NONBLOCK | super::sys::O_NOFOLLOW,
    }
}

/// Whether an error of `open_entry` means that the entry is a link.
pub fn is_link_error(error: &io::Error) -> bool {
    error.raw_os_error() == Some(super::sys::ELOOP)
}

/// Opens the folder at `path` to list and open its entries by descriptor (`open_entry`),
/// never through a link in its last part unless `follow`.
pub fn open_folder(path: &Path, follow: bool) -> io::Result<File> {
    let folder = OpenOptions::new()
        .read(true)
        .custom_flags(never_blocking(follow))
        .open(path)?;
    match folder.metadata()?.is_dir() {
        true => Ok(folder),
        false => Err(io::Error::new(io::ErrorKind::InvalidInput, "not a folder")),
    }
}

/// The entries' names of the folder open as `folder`.
pub fn entry_names(folder: &File) -> io::Result<Vec<std::ffi::OsString>> {
    std::fs::read_dir(format!("/proc/self/fd/{}", folder.as_raw_fd()))?
        .map(|entry| entry.map(|entry| entry.file_name()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_opened_by_its_folders_descriptor_and_a_link_is_refused() {
        let scratch = crate::temp_folder::TempFolder::new("open-entry").unwrap();
        let folder_path = scratch.path("folder");
        std::fs::create_dir_all(&folder_path).unwrap();
        std::fs::write(folder_path.join("file"), "text").unwrap();
        std::os::unix::fs::symlink(folder_path.join("file"), folder_path.join("link")).unwrap();
        let folder = open_folder(&folder_path, false).unwrap();
        let mut names = entry_names(&folder).unwrap();
        names.sort();
        assert_eq!(names, ["file", "link"]);
        let mut text = String::new();
        std::io::Read::read_to_string(
            &mut open_entry(&folder, "file".as_ref(), false).unwrap(),
            &mut text,
        )
        .unwrap();
        assert_eq!(text, "text");
        let refused = open_entry(&folder, "link".as_ref(), false).unwrap_err();
        assert!(is_link_error(&refused), "{refused}");
        assert!(open_entry(&folder, "link".as_ref(), true).is_ok());
        // The folder itself, given as a link, is refused too unless followed.
        let link_to_folder = scratch.path("to-folder");
        std::os::unix::fs::symlink(&folder_path, &link_to_folder).unwrap();
        assert!(open_folder(&link_to_folder, false).is_err_and(|error| is_link_error(&error)));
        assert!(open_folder(&link_to_folder, true).is_ok());
    }

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
