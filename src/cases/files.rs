//! Reading a folder's files as the case reader needs them: its entries in order, a case file
//! checked to be a readable regular file outside /proc and /sys, names in the order people
//! count.

use super::CaseError;
use std::cmp::Ordering;
use std::fs;
use std::path::{Path, PathBuf};

/// The entries of a folder, sorted by name.
pub fn entries(dir: &Path) -> Result<Vec<PathBuf>, CaseError> {
    let unreadable = |error| CaseError::Unreadable {
        path: dir.to_path_buf(),
        error,
    };
    let mut paths = fs::read_dir(dir)
        .map_err(unreadable)?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(unreadable)?;
    paths.sort();
    Ok(paths)
}

pub(crate) fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned())
}

pub(crate) fn stem(path: &Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |stem| stem.to_string_lossy().into_owned())
}

/// What a file is when it is not a regular file.
fn odd_kind(file_type: fs::FileType) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt;
    let kinds = [
        (file_type.is_dir(), "a folder"),
        (file_type.is_fifo(), "a FIFO"),
        (file_type.is_char_device(), "a character device"),
        (file_type.is_block_device(), "a block device"),
        (file_type.is_socket(), "a socket"),
    ];
    match file_type.is_file() {
        true => None,
        false => Some(
            kinds
                .iter()
                .find(|(is, _)| *is)
                .map_or("no regular file", |(_, kind)| kind),
        ),
    }
}

/// Whether a path from the root is the kernel's: its files look regular but are not (sizes of
/// 0, endless or changing contents, `/proc/self/mem` the reader's own memory).
fn in_kernel_files(path: &Path) -> bool {
    path.starts_with("/proc") || path.starts_with("/sys")
}

/// Whether `path` is a link whose links lead back to one already passed (or on for longer than
/// the kernel follows them), so that it never reaches a file.
fn in_a_loop(path: &Path) -> bool {
    let mut passed: Vec<PathBuf> = Vec::new();
    let mut current = path.to_path_buf();
    while let Ok(hop) = fs::read_link(&current) {
        let next = current
            .parent()
            .map_or_else(|| hop.clone(), |parent| parent.join(&hop));
        passed.push(current);
        if passed.contains(&next) || passed.len() > MAX_LINKS {
            return true;
        }
        current = next;
    }
    false
}

/// How many links in a row the kernel follows before it gives up (Linux's `MAXSYMLINKS`).
const MAX_LINKS: usize = 40;

/// Whether a file of a case folder is there, as a file or as a link, even one that leads
/// nowhere: such a link is the file's error, not a missing file.
pub fn present(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok()
}

/// What `path` is, for an error: a link and where it leads, and the kind of file found there.
fn what_it_is(path: &Path, target: &Path, kind: Option<&str>) -> String {
    let link = fs::symlink_metadata(path).is_ok_and(|found| found.file_type().is_symlink());
    let first_hop = link.then(|| fs::read_link(path).ok()).flatten();
    match (first_hop, kind) {
        (None, Some(kind)) => kind.to_string(),
        (None, None) => format!("{} after following links", target.display()),
        (Some(hop), Some(kind)) => format!("a link to {}, {kind}", hop.display()),
        (Some(hop), None) if in_kernel_files(&hop) => format!("a link to {}", hop.display()),
        (Some(hop), None) => format!(
            "a link to {}, which leads to {}",
            hop.display(),
            target.display()
        ),
    }
}

/// Checks that a file the judge reads from a case set (`role`: "a case file", "a judge file")
/// is a regular file outside /proc and /sys after following links (a FIFO or a device would
/// hang or never end; `/proc/self/mem` would be the judge's own memory), and can be opened.
/// Looks before it opens, so a FIFO never blocks.
pub fn readable(path: &Path, role: &'static str) -> Result<(), CaseError> {
    let unreadable = |error| CaseError::Unreadable {
        path: path.to_path_buf(),
        error,
    };
    let target = match fs::canonicalize(path) {
        Ok(target) => target,
        Err(_) if in_a_loop(path) => {
            let hop = fs::read_link(path).unwrap_or_default();
            return Err(CaseError::NotRegular {
                path: path.to_path_buf(),
                what: format!(
                    "a link to {}, in a loop of links that never reaches a file",
                    hop.display()
                ),
                role,
            });
        }
        Err(error) => return Err(unreadable(error)),
    };
    let kind = odd_kind(fs::metadata(&target).map_err(unreadable)?.file_type());
    if kind.is_some() || in_kernel_files(&target) {
        return Err(CaseError::NotRegular {
            path: path.to_path_buf(),
            what: what_it_is(path, &target, kind),
            role,
        });
    }
    fs::File::open(&target).map(drop).map_err(unreadable)
}

pub(crate) fn has_extension(path: &Path, extension: &str) -> bool {
    path.extension().is_some_and(|found| found == extension)
}

/// Orders names the way people count: `sample-2` before `sample-10`.
pub fn natural_order(a: &str, b: &str) -> Ordering {
    fn chunks(text: &str) -> Vec<(bool, &str)> {
        let mut chunks = Vec::new();
        let mut start = 0;
        let bytes = text.as_bytes();
        for index in 1..=bytes.len() {
            if index == bytes.len()
                || bytes[index].is_ascii_digit() != bytes[index - 1].is_ascii_digit()
            {
                chunks.push((bytes[start].is_ascii_digit(), &text[start..index]));
                start = index;
            }
        }
        chunks
    }
    let (a_chunks, b_chunks) = (chunks(a), chunks(b));
    for (&(a_digits, a_text), &(b_digits, b_text)) in a_chunks.iter().zip(&b_chunks) {
        let order = if a_digits && b_digits {
            let (a_number, b_number) = (
                a_text.trim_start_matches('0'),
                b_text.trim_start_matches('0'),
            );
            a_number
                .len()
                .cmp(&b_number.len())
                .then_with(|| a_number.cmp(b_number))
        } else {
            a_text.cmp(b_text)
        };
        if order != Ordering::Equal {
            return order;
        }
    }
    a_chunks.len().cmp(&b_chunks.len()).then_with(|| a.cmp(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn refusal(path: &Path) -> String {
        match readable(path, "a case file") {
            Err(error @ CaseError::NotRegular { .. }) => error.to_string(),
            other => panic!("{} not refused: {other:?}", path.display()),
        }
    }

    #[test]
    fn kernel_files_and_devices_are_refused_with_what_they_are() {
        let dir = crate::test_folders::folder_with_files("case-files", &["x.in"]);
        let link = |name: &str, to: &str| {
            let path = dir.join(name);
            symlink(to, &path).unwrap();
            path
        };
        let mem = link("mem.in", "/proc/self/mem");
        assert_eq!(
            refusal(&mem),
            format!(
                "{} is a link to /proc/self/mem: a case file must be a regular file outside /proc and /sys",
                mem.display()
            )
        );
        assert!(refusal(&link("zero.in", "/dev/zero"))
            .ends_with(" is a link to /dev/zero, a character device: a case file must be a regular file outside /proc and /sys"));
        // Two hops: the second one is named.
        assert!(refusal(&link("again.in", "mem.in"))
            .contains("a link to mem.in, which leads to /proc/"));
        assert!(refusal(&link("kernel.out", "/sys")).contains("a link to /sys, a folder"));
        assert!(refusal(&dir)
            .ends_with(" is a folder: a case file must be a regular file outside /proc and /sys"));
        assert!(readable(&dir.join("x.in"), "a case file").is_ok());
        assert!(matches!(
            readable(&link("gone.in", "nowhere"), "a case file"),
            Err(CaseError::Unreadable { .. })
        ));
    }

    #[test]
    fn a_loop_of_links_is_refused_as_one() {
        let dir = crate::test_folders::folder_with_files("case-files", &[]);
        let link = |name: &str, to: &str| {
            let path = dir.join(name);
            symlink(to, &path).unwrap();
            path
        };
        let itself = link("loop.in", "loop.in");
        assert_eq!(
            refusal(&itself),
            format!(
                "{} is a link to loop.in, in a loop of links that never reaches a file: a case file must be a regular file outside /proc and /sys",
                itself.display()
            )
        );
        let (a, b) = (link("a.in", "b.in"), link("b.in", "a.in"));
        assert!(refusal(&a).contains("a link to b.in, in a loop of links"));
        assert!(refusal(&b).contains("a link to a.in, in a loop of links"));
        // A link into the loop is caught too; a link that leads on to a file is not a loop.
        assert!(refusal(&link("into.in", "a.in")).contains("a link to a.in, in a loop"));
        fs::write(dir.join("file.in"), "1\n").unwrap();
        assert!(readable(&link("to_file.in", "file.in"), "a case file").is_ok());
        assert!(!in_a_loop(&link("gone.in", "nowhere")));
    }
}
