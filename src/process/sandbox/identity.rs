//! Which folder is which, whatever path leads to it: a folder is known by its device and inode,
//! so a link to it or a bind mount of it (a home mounted at a second place) is the same folder.
//! The sandbox asks this of the folders it shows and the ones it hides or covers: a folder shown
//! by any path that holds test data, or the judge's cache, is known to hold it.

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// A folder's device and inode (links followed).
type Id = (u64, u64);

/// A file's or folder's identity (links followed).
pub fn of(path: &Path) -> Option<Id> {
    identity(path)
}

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

/// One line of this process's mount table: the file system's device, the folder of it that is
/// mounted, and where.
struct Mount {
    device: String,
    root: PathBuf,
    point: PathBuf,
}

/// This process's mount table.
fn mounts() -> Vec<Mount> {
    let table = std::fs::read("/proc/self/mountinfo").unwrap_or_default();
    table
        .split(|&byte| byte == b'\n')
        .filter_map(|line| {
            let fields: Vec<&[u8]> = line.split(|&byte| byte == b' ').collect();
            Some(Mount {
                device: String::from_utf8_lossy(fields.get(2)?).into_owned(),
                root: unescape(fields.get(3)?),
                point: unescape(fields.get(4)?),
            })
        })
        .collect()
}

/// The mount points that lie below one of `shown` (the box shows what is mounted there as well:
/// a bind mount of another folder), each at the path below the shown folder as named (a folder
/// named through a link reaches the mounts below where the link leads).
pub fn mount_points_below(shown: &[PathBuf]) -> Vec<PathBuf> {
    let mounts = mounts();
    let mut below = Vec::new();
    for folder in shown {
        let real = std::fs::canonicalize(folder).unwrap_or_else(|_| folder.clone());
        for mount in &mounts {
            if let Ok(rest) = mount.point.strip_prefix(&real) {
                if !rest.as_os_str().is_empty() {
                    below.push(folder.join(rest));
                }
            }
        }
    }
    below
}

/// The other paths at which the mount table shows the folder `path` (a real path): where the
/// file system it lies on is mounted again, whole or in part (the source of a bind mount that
/// `path` is in, or another bind of it).
pub fn aliases(path: &Path) -> Vec<PathBuf> {
    let mounts = mounts();
    let Some((on, in_file_system)) = place_in_file_system(&mounts, path) else {
        return Vec::new();
    };
    mounts
        .iter()
        .filter(|mount| mount.device == on.device)
        .filter_map(|mount| {
            let rest = in_file_system.strip_prefix(&mount.root).ok()?;
            let alias = mount.point.join(rest);
            (alias != path).then_some(alias)
        })
        .collect()
}

/// The mount `path` (a real path) is seen through, and where it lies in that mount's file
/// system. The table lists mounts in the order they were made, so of the mounts whose point
/// holds the path the last one is on top: a mount made over a shallower folder later hides the
/// deeper ones made before it.
fn place_in_file_system<'a>(mounts: &'a [Mount], path: &Path) -> Option<(&'a Mount, PathBuf)> {
    let on = mounts
        .iter()
        .rev()
        .find(|mount| path.starts_with(&mount.point))?;
    let rest = path.strip_prefix(&on.point).ok()?;
    Some((on, on.root.join(rest)))
}

/// Whether a mount below the folder `folder` shows a part of one of `hidden` (real paths): a
/// bind mount of a folder or file inside the test data, placed in a folder the box would show.
pub fn shows_part_of(folder: &Path, hidden: &[PathBuf]) -> bool {
    let Ok(real) = std::fs::canonicalize(folder) else {
        return false;
    };
    let mounts = mounts();
    let hidden_places: Vec<(&str, PathBuf)> = hidden
        .iter()
        .filter_map(|path| place_in_file_system(&mounts, path))
        .map(|(on, place)| (on.device.as_str(), place))
        .collect();
    mounts
        .iter()
        .filter(|mount| mount.point.starts_with(&real) && mount.point != real)
        .any(|mount| {
            hidden_places
                .iter()
                .any(|(device, place)| mount.device == *device && mount.root.starts_with(place))
        })
}

/// A path as the mount table writes it: space, tab, newline and backslash as `\ooo`; any other
/// byte as it is (a name need not be UTF-8).
fn unescape(field: &[u8]) -> PathBuf {
    use std::os::unix::ffi::OsStringExt;
    let mut out = Vec::with_capacity(field.len());
    let mut i = 0;
    while i < field.len() {
        let octal = field.get(i + 1..i + 4).filter(|digits| {
            field[i] == b'\\' && digits.iter().all(|digit| (b'0'..=b'7').contains(digit))
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
                out.push(field[i]);
                i += 1;
            }
        }
    }
    PathBuf::from(std::ffi::OsString::from_vec(out))
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
        assert_eq!(unescape(b"/a\\040b\\134c"), PathBuf::from("/a b\\c"));
        assert_eq!(unescape(b"/plain"), PathBuf::from("/plain"));
        assert_eq!(unescape(b"/end\\04"), PathBuf::from("/end\\04"));
        use std::os::unix::ffi::OsStrExt;
        assert_eq!(
            unescape(b"/bad\xffbyte").as_os_str().as_bytes(),
            b"/bad\xffbyte"
        );
    }

    #[test]
    fn the_root_of_the_machine_has_no_alias_but_itself_elsewhere() {
        // `/` is mounted once in this process's table (a container may mount more): whatever
        // its aliases, none is `/` itself.
        assert!(!aliases(Path::new("/")).contains(&PathBuf::from("/")));
    }
}
