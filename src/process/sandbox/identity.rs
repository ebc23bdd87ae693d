//! Which folder is which, whatever path leads to it: a folder is known by its device and inode,
//! so a link to it or a bind mount of it (a home mounted at a second place) is the same folder.
//! The sandbox asks this of the folders it shows and the ones it hides or covers: a folder shown
//! by any path that holds test data, or the judge's cache, is known to hold it.

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// A folder's device and inode (links followed).
type Id = (u64, u64);

fn identity(path: &Path) -> Option<Id> {
    std::fs::metadata(path)
        .ok()
        .map(|meta| (meta.dev(), meta.ino()))
}

/// A folder and every folder above it, each by its identity with the path from it down to the
/// folder.
pub struct Ancestry {
    above: Vec<(Id, PathBuf)>,
}

impl Ancestry {
    /// The ancestry of `folder` (a real path).
    pub fn of(folder: &Path) -> Ancestry {
        let above = folder
            .ancestors()
            .filter_map(|above| {
                let below = folder.strip_prefix(above).ok()?.to_path_buf();
                Some((identity(above)?, below))
            })
            .collect();
        Ancestry { above }
    }

    /// Where the folder lies under `shown`, by `shown`'s path: `shown` itself, or a place below
    /// it, when `shown` is the folder or a folder above it, whatever path leads there.
    pub fn under(&self, shown: &Path) -> Option<PathBuf> {
        let id = identity(shown)?;
        self.above
            .iter()
            .find(|(above, _)| *above == id)
            .map(|(_, below)| match below.as_os_str().is_empty() {
                true => shown.to_path_buf(),
                false => shown.join(below),
            })
    }

    /// Whether `path` lies in the folder (or is it), by any path: a folder above `path` (or
    /// `path` itself, or where its links lead) is the folder.
    pub fn holds(&self, path: &Path) -> bool {
        let Some(id) = self.above.first().map(|(id, _)| *id) else {
            return false;
        };
        let real = std::fs::canonicalize(path).ok();
        path.ancestors()
            .chain(real.iter().flat_map(|real| real.ancestors()))
            .any(|above| identity(above) == Some(id))
    }
}

/// The mount points that lie below one of `shown` (the box shows what is mounted there as well:
/// a bind mount of another folder), from this process's mount table.
pub fn mount_points_below(shown: &[PathBuf]) -> Vec<PathBuf> {
    let table = std::fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
    table
        .lines()
        .filter_map(|line| line.split(' ').nth(4))
        .map(|point| PathBuf::from(unescape(point)))
        .filter(|point| {
            shown
                .iter()
                .any(|folder| point.starts_with(folder) && point != folder)
        })
        .collect()
}

/// A mount point as the mount table writes it: space, tab, newline and backslash as `\ooo`.
fn unescape(field: &str) -> String {
    let bytes = field.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let octal = bytes.get(i + 1..i + 4).filter(|digits| {
            bytes[i] == b'\\' && digits.iter().all(|digit| (b'0'..=b'7').contains(digit))
        });
        match octal {
            Some(digits) => {
                let value = digits
                    .iter()
                    .fold(0u32, |value, digit| value * 8 + u32::from(digit - b'0'));
                out.push(value as u8);
                i += 4;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::temp_folder::TempFolder;

    #[test]
    fn a_folder_is_known_through_a_link_to_a_folder_above_it() {
        let scratch = TempFolder::new("identity").unwrap();
        let home = scratch.path("home");
        let cache = home.join(".cache/gj");
        std::fs::create_dir_all(&cache).unwrap();
        let link = scratch.path("link");
        std::os::unix::fs::symlink(&home, &link).unwrap();
        let ancestry = Ancestry::of(&std::fs::canonicalize(&cache).unwrap());
        assert_eq!(ancestry.under(&link), Some(link.join(".cache/gj")));
        assert_eq!(
            ancestry.under(&link.join(".cache/gj")),
            Some(link.join(".cache/gj"))
        );
        assert_eq!(
            ancestry.under(&scratch.path("")),
            Some(scratch.path("").join("home/.cache/gj"))
        );
        let elsewhere = scratch.path("elsewhere");
        std::fs::create_dir_all(&elsewhere).unwrap();
        assert_eq!(ancestry.under(&elsewhere), None);
        assert!(ancestry.holds(&link.join(".cache/gj")));
        assert!(!ancestry.holds(&link));
    }

    #[test]
    fn mount_points_are_read_with_their_escapes() {
        assert_eq!(unescape("/a\\040b\\134c"), "/a b\\c");
        assert_eq!(unescape("/plain"), "/plain");
        assert_eq!(unescape("/end\\04"), "/end\\04");
    }
}
