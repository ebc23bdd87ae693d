//! Which CPU a run pinned to one (DOMjudge's rule, see `Limits::one_cpu`) gets: of the CPUs
//! the judge may use, the one with the fewest pinned runs at the moment, so that runs judged
//! side by side (`-j`) get CPUs of their own where there are enough.

use super::sys;
use std::sync::{Mutex, OnceLock};

/// How many pinned runs each of the judge's CPUs has now.
static PINNED: Mutex<Vec<(usize, usize)>> = Mutex::new(Vec::new());

/// A run's CPU, taken until it drops.
#[derive(Debug)]
pub struct Pinned {
    pub cpu: usize,
}

impl Pinned {
    /// The least-used CPU of the judge's, `None` if the judge's CPUs cannot be told.
    pub fn take() -> Option<Pinned> {
        static CPUS: OnceLock<Vec<usize>> = OnceLock::new();
        let cpus = CPUS.get_or_init(sys::own_cpus);
        let mut pinned = PINNED
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if pinned.is_empty() {
            pinned.extend(cpus.iter().map(|&cpu| (cpu, 0)));
        }
        let (cpu, runs) = pinned.iter_mut().min_by_key(|(_, runs)| *runs)?;
        *runs += 1;
        Some(Pinned { cpu: *cpu })
    }
}

impl Drop for Pinned {
    fn drop(&mut self) {
        let mut pinned = PINNED
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((_, runs)) = pinned.iter_mut().find(|(cpu, _)| *cpu == self.cpu) {
            *runs = runs.saturating_sub(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_side_by_side_get_cpus_of_their_own_where_there_are_enough() {
        let count = sys::own_cpus().len();
        assert!(count >= 1);
        let taken: Vec<Pinned> = (0..count).filter_map(|_| Pinned::take()).collect();
        let mut cpus: Vec<usize> = taken.iter().map(|pinned| pinned.cpu).collect();
        cpus.sort();
        cpus.dedup();
        assert_eq!(taken.len(), count);
        assert_eq!(cpus.len(), count, "{cpus:?}");
    }
}
