//! A source's files read by descriptor (never through a link a contestant could swap in), each
//! once, with the limits on how many and how large.

use super::recipe::no_language;
use super::{Failure, Whose};
use crate::process::sandbox;
use crate::process::{entry_names, is_link_error, open_entry, open_folder};
use crate::sources::Language;
use crate::text::printable;
use std::fs::{self, File};
use std::io::Read;
use std::os::fd::AsRawFd;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// The most files a source folder may hold.
pub(super) const MOST_FILES: usize = 1000;
/// The most bytes a source may hold, all its files together.
const MOST_BYTES: u64 = 64 << 20;

/// The name a file gets inside the build folder: its own, made valid UTF-8 (a compiler is
/// given it as text).
fn inside_name(inside: &Path) -> PathBuf {
    PathBuf::from(inside.to_string_lossy().into_owned())
}

/// One file of a source, read once: its path inside the build folder, its bytes and its mode.
pub(super) struct SourceFile {
    pub(super) inside: PathBuf,
    pub(super) bytes: Vec<u8>,
    pub(super) mode: u32,
    /// Put over the submission from the package's `include/`, rather than its own.
    pub(super) included: bool,
}

/// The files of a source, read, sorted by their path inside the build folder: regular files
/// outside /proc and /sys (opened as case files are, never blocking), at most `MOST_FILES` of
/// them and `MOST_BYTES` in all. A contestant's source that is a link, or holds one, is refused,
/// never followed: the judge reads it with its own rights (root, say), outside the sandbox, so
/// a link would copy the answers (or any file) into the build.
pub(super) fn files_of(source: &Path, whose: Whose) -> Result<Vec<SourceFile>, Failure> {
    let io =
        |error: std::io::Error| Failure::Io(format!("cannot read {}: {error}", source.display()));
    let unsupported = |why: String| Failure::Unsupported {
        source: source.display().to_string(),
        why,
    };
    let refused_if_link = |path: &Path, shown: &Path| -> Result<(), Failure> {
        let link = fs::symlink_metadata(path).is_ok_and(|meta| meta.file_type().is_symlink());
        match link && whose == Whose::Contestant {
            true => Err(link_refusal(source, shown)),
            false => Ok(()),
        }
    };
    // A file in no language the judge builds is not one to build, link or not (DOMjudge's
    // example packages keep a submission in R as a link to another).
    let name = source.file_name().map(Path::new).unwrap_or(source);
    let built_anyway = Language::of(name).is_some()
        || Language::is_header(name)
        || [Path::new("build"), Path::new("run")].contains(&name);
    if !source.is_dir() && !built_anyway {
        return Err(unsupported(no_language(&[name
            .to_string_lossy()
            .into_owned()])));
    }
    refused_if_link(source, source)?;
    // Every file and folder is opened by descriptor, never by a path a link could be swapped
    // into after it was checked (the judge reads with its own rights: root, say).
    let mut walk = Walk {
        source,
        whose,
        files: Vec::new(),
        folders: 0,
        bytes_in_all: 0,
    };
    let follow = whose == Whose::Problem;
    let refused = |error: std::io::Error, shown: &Path| match is_link_error(&error) {
        true => link_refusal(source, shown),
        false => io(error),
    };
    if !source.is_dir() {
        let name = source
            .file_name()
            .ok_or_else(|| Failure::Io(format!("{} is not a file", source.display())))?;
        let parent = match source
            .parent()
            .filter(|parent| !parent.as_os_str().is_empty())
        {
            Some(parent) => parent,
            None => Path::new("."),
        };
        let folder = open_folder(parent, true).map_err(io)?;
        let file = open_entry(&folder, name, follow).map_err(|error| refused(error, source))?;
        walk.take(file, inside_name(Path::new(name)))?;
    } else {
        let folder = open_folder(source, follow).map_err(|error| refused(error, source))?;
        // A folder of the test data itself (the cases' own, an interactor's or a checker's):
        // all of it would go into the build, other cases and the problem's programs with it.
        let opened = PathBuf::from(format!("/proc/self/fd/{}", folder.as_raw_fd()));
        if whose == Whose::Contestant && sandbox::is_test_data(&opened) {
            return Err(unsupported(
                "it is a folder of the test data (the cases', or an interactor's or checker's): its build would carry them to the program; give the program's own files (--cmd main.cpp), or keep them in a folder of their own".to_string(),
            ));
        }
        walk.folder(&folder, Path::new(""))?;
    }
    let mut files = walk.files;
    files.sort_by(|a, b| a.inside.cmp(&b.inside));
    Ok(files)
}

/// A contestant's source that holds a link (or is one): refused, never followed.
pub(super) fn link_refusal(source: &Path, shown: &Path) -> Failure {
    Failure::Compile {
        source: source.display().to_string(),
        command: "reading its files".to_string(),
        said: format!(
            "{} is a link: a submission is its own files, and the judge follows no link in it (put the file it leads to in its place)",
            shown.display()
        ),
    }
}

/// The files of a source read so far, by descriptor (see `files_of`).
struct Walk<'a> {
    source: &'a Path,
    whose: Whose,
    files: Vec<SourceFile>,
    /// The folders read so far.
    folders: usize,
    bytes_in_all: u64,
}

impl Walk<'_> {
    fn io(&self, error: std::io::Error) -> Failure {
        Failure::Io(format!("cannot read {}: {error}", self.source.display()))
    }

    fn unsupported(&self, why: String) -> Failure {
        Failure::Unsupported {
            source: self.source.display().to_string(),
            why,
        }
    }

    /// Reads the entries of the folder open as `folder`, at `inside` in the build, and below.
    fn folder(&mut self, folder: &File, inside: &Path) -> Result<(), Failure> {
        // Folders count with files: a chain of thousands of them is no source (and would run
        // this recursion out of stack).
        self.folders += 1;
        if self.files.len() + self.folders > MOST_FILES {
            return Err(self.unsupported(format!("it holds over {MOST_FILES} files and folders")));
        }
        let follow = self.whose == Whose::Problem;
        for name in entry_names(folder).map_err(|error| self.io(error))? {
            if name.as_bytes().starts_with(b".") {
                continue;
            }
            let shown = inside.join(&name);
            let entry = match open_entry(folder, &name, follow) {
                Ok(entry) => entry,
                Err(error) if is_link_error(&error) => {
                    return Err(link_refusal(self.source, &shown))
                }
                Err(error) => return Err(self.io(error)),
            };
            // The cases kept beside a program (`judge --cmd . test`, or loose in the folder)
            // are no part of it: a build that carried them would show the answers to the
            // program. Known by the file opened, so a hard link is known too.
            let opened = PathBuf::from(format!("/proc/self/fd/{}", entry.as_raw_fd()));
            if self.whose == Whose::Contestant && sandbox::is_test_data(&opened) {
                eprintln!(
                    "{}",
                    printable(&format!(
                        "note: {} is test data: left out of the build of {}",
                        shown.display(),
                        self.source.display()
                    ))
                );
                continue;
            }
            let metadata = entry.metadata().map_err(|error| self.io(error))?;
            if metadata.is_dir() {
                self.folder(&entry, &shown)?;
            } else if metadata.is_file() {
                self.take(entry, inside_name(&shown))?;
            }
        }
        Ok(())
    }

    /// Reads the regular file open as `file`, to be `inside` in the build.
    fn take(&mut self, file: File, inside: PathBuf) -> Result<(), Failure> {
        if self.files.len() + self.folders >= MOST_FILES {
            return Err(self.unsupported(format!("it holds over {MOST_FILES} files and folders")));
        }
        let metadata = file.metadata().map_err(|error| self.io(error))?;
        let opened = fs::read_link(format!("/proc/self/fd/{}", file.as_raw_fd()))
            .map_err(|error| self.io(error))?;
        if !metadata.is_file() || opened.starts_with("/proc") || opened.starts_with("/sys") {
            return Err(self.unsupported(format!(
                "{}: not a regular file outside /proc and /sys",
                inside.display()
            )));
        }
        self.bytes_in_all += metadata.len();
        if self.bytes_in_all > MOST_BYTES {
            return Err(self.unsupported(format!("its files hold over {} MiB", MOST_BYTES >> 20)));
        }
        let mut bytes = Vec::new();
        file.take(MOST_BYTES)
            .read_to_end(&mut bytes)
            .map_err(|error| self.io(error))?;
        self.files.push(SourceFile {
            inside,
            bytes,
            // Never set-uid, nor writable by others, in the cache.
            mode: metadata.permissions().mode() & 0o755,
            included: false,
        });
        Ok(())
    }
}
