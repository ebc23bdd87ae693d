//! The box users: uid (and gid) 60000 and up, one per box running at once on the machine, so
//! that RLIMIT_NPROC, which counts a user's processes wherever they are, is each box's own and
//! no box shares a keyring with another running. A slot is taken by locking its file (`flock`)
//! in a folder every judge of the machine uses, so two judges never take the same one; a judge
//! keeps the slots it took, locked, for its later boxes, until it exits.

use crate::process::sys::namespaces as ns;
use std::fs::{self, File, OpenOptions};
use std::io;
use std::os::unix::fs::OpenOptionsExt;
use std::path::PathBuf;
use std::sync::Mutex;

/// The first uid (and gid) of the box users.
const FIRST_BOX_UID: u32 = 60_000;
/// How many box users there are.
const SLOTS: usize = 1000;

/// The slots this judge holds (locked) whose boxes have ended.
static FREE: Mutex<Vec<(usize, File)>> = Mutex::new(Vec::new());

/// Where the slots' lock files are, made if need be: `/run/game-judge` (root's), else the
/// temporary folder's.
fn lock_folder() -> io::Result<PathBuf> {
    use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
    let run = PathBuf::from("/run/game-judge");
    // Root's alone (0700): a user who could open a lock file could hold its slot for good.
    if fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(&run)
        .is_ok()
    {
        let _ = fs::set_permissions(&run, fs::Permissions::from_mode(0o700));
        return Ok(run);
    }
    let temporary = std::env::temp_dir().join("game-judge-boxes");
    fs::create_dir_all(&temporary)?;
    Ok(temporary)
}

/// A box user, back to this judge's free slots on drop (after the run's processes are gone).
#[derive(Debug)]
pub struct BoxUser {
    slot: usize,
    lock: Option<File>,
}

impl BoxUser {
    /// A slot no running box of any judge holds.
    pub fn take() -> io::Result<BoxUser> {
        if let Some((slot, lock)) = FREE
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .pop()
        {
            return Ok(BoxUser {
                slot,
                lock: Some(lock),
            });
        }
        let folder = lock_folder()?;
        for slot in 0..SLOTS {
            let lock = OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .mode(0o600)
                .open(folder.join(slot.to_string()))?;
            if ns::try_lock(&lock) {
                return Ok(BoxUser {
                    slot,
                    lock: Some(lock),
                });
            }
        }
        Err(io::Error::new(
            io::ErrorKind::Other,
            format!(
                "all {SLOTS} box users are in use (their locks are in {})",
                folder.display()
            ),
        ))
    }

    /// The slot's number (its network namespace's too).
    pub fn slot(&self) -> usize {
        self.slot
    }

    pub fn uid(&self) -> u32 {
        FIRST_BOX_UID + self.slot as u32
    }
}

/// Empties the keyrings of the box user `uid` (its user, user-session and persistent ones),
/// so no key a case left (linked there, readable by others) outlives it: a child of the judge
/// becomes that user and clears them.
fn clear_keyrings(uid: u32) {
    match ns::fork_now() {
        Ok(0) => {
            if ns::become_user(uid, uid).is_ok() {
                ns::fresh_keyrings(true);
            }
            ns::exit_now(0);
        }
        Ok(child) => {
            let _ = ns::wait_child(child);
        }
        Err(_) => {}
    }
}

impl Drop for BoxUser {
    fn drop(&mut self) {
        // After the run's processes are gone: nothing of the box can add a key after this.
        clear_keyrings(self.uid());
        if let Some(lock) = self.lock.take() {
            FREE.lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .push((self.slot, lock));
        }
    }
}
