//! Where the bands' threads run: on Linux, each on a core of its own for
//! the length of a run; elsewhere wherever the system puts them.
//!
//! The bands wait for each other by spinning (`super::progress`), so two
//! bands on one core take turns, a time slice each. A new thread can
//! start on its parent's core and share it until the kernel's load
//! balancer moves one of them, tens of milliseconds later, which is many
//! steps of the demo; so each band's thread is pinned to a core of its
//! own for the run (`docs/performance.md` has the figures).
//!
//! A run pins its caller too (to the core it is on), and puts the caller's
//! own set of allowed cores back when the run ends (`CallerPin`), panic
//! or not: an embedding program's threads keep the affinity they had. The
//! band threads are the run's own, and end with it. Where the allowed
//! cores are fewer than the bands, or a call fails, nothing is pinned: the
//! bands are then only slower, never wrong. (The price: while a run lasts
//! the system cannot move a band off a core that other busy work shares;
//! a program that keeps its cores busy otherwise runs on one thread.)

/// The core each band's thread is pinned to for a run (band 0, the
/// caller's, first), or none.
pub(super) struct Placement {
    cores: Vec<usize>,
    /// The caller's allowed cores as they were, read once, to put back.
    caller_set: Option<os::CoreSet>,
}

/// The cores for `bands` bands: the caller's `current` core for band 0,
/// then the `allowed` cores after it, in order and round to the first;
/// none if there are too few. (Starting after the caller's core, two runs
/// at once from callers on cores apart take cores apart too.)
fn plan(allowed: &[usize], current: usize, bands: usize) -> Vec<usize> {
    let Some(at) = allowed.iter().position(|&c| c == current) else {
        return Vec::new();
    };
    if bands < 2 || allowed.len() < bands {
        return Vec::new();
    }
    allowed
        .iter()
        .cycle()
        .skip(at)
        .take(bands)
        .copied()
        .collect()
}

impl Placement {
    /// The placement for a run of `bands` bands started from the calling
    /// thread.
    pub(super) fn for_bands(bands: usize) -> Self {
        let caller_set = os::allowed_set();
        let cores = match (&caller_set, os::current()) {
            (Some(set), Some(current)) => plan(&os::cores_in(set), current, bands),
            _ => Vec::new(),
        };
        Placement { cores, caller_set }
    }

    /// Whether the bands' threads are pinned, each to a core of its own.
    pub(super) fn pins(&self) -> bool {
        !self.cores.is_empty()
    }

    /// Pins the calling thread, band `b`'s (1 or more), to its core.
    pub(super) fn pin_band(&self, b: usize) {
        if let Some(&core) = self.cores.get(b) {
            os::pin(core);
        }
    }

    /// Pins the caller (band 0) to its core until the guard drops.
    pub(super) fn pin_caller(&self) -> CallerPin {
        let restore = match self.cores.first() {
            Some(&core) => self.caller_set.filter(|_| os::pin(core)),
            None => None,
        };
        CallerPin { restore }
    }
}

/// Puts back the caller's allowed cores when dropped.
pub(super) struct CallerPin {
    restore: Option<os::CoreSet>,
}

impl Drop for CallerPin {
    fn drop(&mut self) {
        if let Some(set) = &self.restore {
            os::set_allowed(set);
        }
    }
}

#[cfg(target_os = "linux")]
mod os {
    use std::mem::{size_of, zeroed};

    /// The calling thread's allowed cores, as the kernel keeps them.
    pub(super) type CoreSet = libc::cpu_set_t;

    pub(super) fn allowed_set() -> Option<CoreSet> {
        // SAFETY: a zeroed `cpu_set_t` is a valid empty set, and the call
        // writes at most its size.
        unsafe {
            let mut set: CoreSet = zeroed();
            (libc::sched_getaffinity(0, size_of::<CoreSet>(), &mut set) == 0).then_some(set)
        }
    }

    /// The cores in `set`, in order.
    pub(super) fn cores_in(set: &CoreSet) -> Vec<usize> {
        let cores = 0..libc::CPU_SETSIZE as usize;
        // SAFETY: every index is below CPU_SETSIZE.
        cores
            .filter(|&c| unsafe { libc::CPU_ISSET(c, set) })
            .collect()
    }

    pub(super) fn current() -> Option<usize> {
        // SAFETY: no arguments; -1 on failure.
        usize::try_from(unsafe { libc::sched_getcpu() }).ok()
    }

    pub(super) fn set_allowed(set: &CoreSet) -> bool {
        // SAFETY: `set` is a whole `cpu_set_t`.
        unsafe { libc::sched_setaffinity(0, size_of::<CoreSet>(), set) == 0 }
    }

    /// Pins the calling thread to `core`; the kernel moves it there before
    /// returning.
    pub(super) fn pin(core: usize) -> bool {
        if core >= libc::CPU_SETSIZE as usize {
            return false;
        }
        // SAFETY: a zeroed set is empty; `core` is below CPU_SETSIZE.
        let set = unsafe {
            let mut set: CoreSet = zeroed();
            libc::CPU_SET(core, &mut set);
            set
        };
        set_allowed(&set)
    }
}

#[cfg(not(target_os = "linux"))]
mod os {
    pub(super) type CoreSet = ();
    pub(super) fn allowed_set() -> Option<CoreSet> {
        None
    }
    pub(super) fn cores_in(_: &CoreSet) -> Vec<usize> {
        Vec::new()
    }
    pub(super) fn current() -> Option<usize> {
        None
    }
    pub(super) fn set_allowed(_: &CoreSet) -> bool {
        false
    }
    pub(super) fn pin(_: usize) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::plan;

    #[test]
    fn the_caller_keeps_its_core_and_each_band_gets_the_next() {
        assert_eq!(plan(&[0, 1], 1, 2), [1, 0]);
        assert_eq!(plan(&[0, 1, 2, 3], 2, 3), [2, 3, 0]);
        assert_eq!(plan(&[0, 1, 2, 3], 0, 2), [0, 1]);
        assert_eq!(plan(&[4, 6, 9], 9, 3), [9, 4, 6]);
        // Too few cores, one band, or a caller outside its own set: none.
        assert!(plan(&[0, 1], 0, 3).is_empty());
        assert!(plan(&[0, 1], 0, 1).is_empty());
        assert!(plan(&[0, 1], 5, 2).is_empty());
    }

    /// On Linux the pins take effect and the caller's set comes back.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_pinned_thread_runs_on_its_core_and_the_caller_gets_its_set_back() {
        use super::{os, Placement};
        let before = os::cores_in(&os::allowed_set().unwrap());
        if before.len() < 2 {
            return; // nothing to place on one core
        }
        let placement = Placement::for_bands(2);
        let core = placement.cores[1];
        std::thread::spawn(move || {
            placement.pin_band(1);
            assert_eq!(os::current(), Some(core));
            assert_eq!(os::cores_in(&os::allowed_set().unwrap()), [core]);
        })
        .join()
        .unwrap();
        let placement = Placement::for_bands(2);
        {
            let _pin = placement.pin_caller();
            assert_eq!(
                os::cores_in(&os::allowed_set().unwrap()),
                [placement.cores[0]]
            );
            assert_eq!(os::current(), Some(placement.cores[0]));
        }
        assert_eq!(os::cores_in(&os::allowed_set().unwrap()), before);
    }
}
