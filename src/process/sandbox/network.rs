//! An empty network namespace for each box slot (its only interface a loopback that is down),
//! made once and kept as a descriptor: making one costs more than the rest of a box (about
//! 0.6 ms here), and a box's processes are all gone before its slot serves another, so nothing
//! of one case (a socket, an abstract Unix address) is left for the next. Two boxes running at
//! once never share one.

use crate::process::sys::namespaces as ns;
use std::fs::File;
use std::io;
use std::os::fd::{AsRawFd, RawFd};
use std::sync::Mutex;

/// The network namespace of each slot, once made.
static NETWORKS: Mutex<Vec<Option<File>>> = Mutex::new(Vec::new());

/// The descriptor of slot `slot`'s network namespace, made now if it is not yet (by a thread of
/// its own that enters a new one and opens it: the judge's other threads stay where they are).
pub fn for_slot(slot: usize) -> io::Result<RawFd> {
    let mut networks = NETWORKS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if networks.len() <= slot {
        networks.resize_with(slot + 1, || None);
    }
    if let Some(file) = &networks[slot] {
        return Ok(file.as_raw_fd());
    }
    let made = std::thread::spawn(|| {
        ns::enter_new_namespaces(ns::NEW_NET)?;
        File::open("/proc/thread-self/ns/net")
    })
    .join()
    .map_err(|_| io::Error::new(io::ErrorKind::Other, "making a network namespace failed"))??;
    let fd = made.as_raw_fd();
    networks[slot] = Some(made);
    Ok(fd)
}
