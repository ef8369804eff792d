//! How far each band has got: the counts the bands publish and wait for,
//! and which way each band sweeps (see the module docs of
//! [`super`]).

#![forbid(unsafe_code)]

// Under `--cfg loom` the counts are loom's, so that the model test
// (`super::loom_tests`) runs this very code through every interleaving.
#[cfg(loom)]
use loom::{
    sync::atomic::{AtomicBool, AtomicU64, Ordering},
    thread::yield_now,
};
#[cfg(not(loom))]
use std::{
    sync::atomic::{AtomicBool, AtomicU64, Ordering},
    thread::yield_now,
};

/// Looks at a neighbour's count before a waiting thread starts yielding
/// its core (tens of microseconds): long enough for a band of the demo's
/// grid to finish, short enough not to burn a whole time slice when the
/// other thread has been descheduled on a busy machine. Plain loads, not
/// `pause`: under a hypervisor a run of `pause` can make the host take the
/// core away (pause-loop exiting), which cost more than the wait here.
/// With more bands than cores, a waiting band yields at once instead:
/// spinning there only keeps the band it waits for off the core.
const SPINS: u32 = 1 << 16;

/// One count, alone in its cache line (so that one band's store does not
/// disturb the loads of another's count).
#[repr(align(128))]
struct Count(AtomicU64);

/// Which of a band's counts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Kind {
    /// Passes whose near edge row (the first row it sweeps) is stored.
    Near,
    /// Passes finished.
    Done,
}

/// How far each band has got in the run, and whether a band's thread
/// panicked (so that the others stop waiting).
pub(super) struct Progress {
    near: Vec<Count>,
    done: Vec<Count>,
    poisoned: AtomicBool,
    /// Looks at a count before yielding: [`SPINS`], or none with more
    /// bands than cores.
    spins: u32,
}

impl Progress {
    /// The counts of `bands` bands, which have `cores` cores between them.
    pub(super) fn new(bands: usize, cores: usize) -> Self {
        let counts = || (0..bands).map(|_| Count(AtomicU64::new(0))).collect();
        Progress {
            near: counts(),
            done: counts(),
            poisoned: AtomicBool::new(false),
            spins: if bands <= cores { SPINS } else { 0 },
        }
    }

    fn counter(&self, b: usize, kind: Kind) -> &AtomicU64 {
        match kind {
            Kind::Near => &self.near[b].0,
            Kind::Done => &self.done[b].0,
        }
    }

    /// Band `b`'s count `kind` as it is now (a hint: nothing the band
    /// wrote is known to be visible).
    pub(super) fn count(&self, b: usize, kind: Kind) -> u64 {
        self.counter(b, kind).load(Ordering::Relaxed)
    }

    /// Band `b`'s count `kind` is now `passes`: everything it wrote
    /// before is visible to whoever sees it.
    pub(super) fn publish(&self, b: usize, kind: Kind, passes: u64) {
        self.counter(b, kind).store(passes, Ordering::Release);
    }

    /// Wait until band `b`'s count `kind` is at least `passes` (spinning,
    /// then yielding: a pass of the demo takes microseconds, less than a
    /// futex wake-up).
    ///
    /// # Panics
    /// If another band's thread panicked (rather than wait for it forever).
    pub(super) fn wait_for(&self, b: usize, kind: Kind, passes: u64) {
        let count = self.counter(b, kind);
        let mut spins = 0;
        while count.load(Ordering::Acquire) < passes {
            assert!(
                !self.poisoned.load(Ordering::Relaxed),
                "a band's thread panicked"
            );
            if spins < self.spins {
                spins += 1;
                std::hint::black_box(spins);
            } else {
                yield_now();
            }
        }
    }
}

/// Whether band `b` of `bands` sweeps its rows bottom up: the even bands
/// that have a band below, so that bands `2k` and `2k + 1` both start at
/// the edge between them. (An edge between an odd band and the next is
/// where both finish, and they wait for each other's whole pass there,
/// late in theirs.)
pub(super) fn up(b: usize, bands: usize) -> bool {
    b.is_multiple_of(2) && b + 1 < bands
}

/// The count of band `nb` that tells its neighbour `b` about the edge
/// between them: `Near` if `nb`'s sweep starts at that edge.
pub(super) fn facing(nb: usize, b: usize, bands: usize) -> Kind {
    let starts_there = if nb < b {
        up(nb, bands)
    } else {
        !up(nb, bands)
    };
    if starts_there {
        Kind::Near
    } else {
        Kind::Done
    }
}

/// Poisons the progress if its thread unwinds, so the others stop waiting.
pub(super) struct PoisonOnPanic<'a>(pub(super) &'a Progress);

impl Drop for PoisonOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.poisoned.store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{facing, up, Kind};

    /// Which way each band sweeps, and which count each waits for at each
    /// of its edges (the neighbour above's, then the one below's).
    #[test]
    fn bands_pair_up_to_start_at_the_edge_between_them() {
        let table = |bands: usize| -> Vec<(bool, Option<Kind>, Option<Kind>)> {
            (0..bands)
                .map(|b| {
                    let above = b.checked_sub(1).map(|nb| facing(nb, b, bands));
                    let below = (b + 1 < bands).then(|| facing(b + 1, b, bands));
                    (up(b, bands), above, below)
                })
                .collect()
        };
        use Kind::{Done, Near};
        // Two bands: both start at the edge between them.
        assert_eq!(
            table(2),
            [(true, None, Some(Near)), (false, Some(Near), None)]
        );
        // Three: the last band goes down, starting where the middle one ends.
        assert_eq!(
            table(3),
            [
                (true, None, Some(Near)),
                (false, Some(Near), Some(Near)),
                (false, Some(Done), None)
            ]
        );
        // Four: two pairs; bands 1 and 2 both end at the edge between them.
        assert_eq!(
            table(4),
            [
                (true, None, Some(Near)),
                (false, Some(Near), Some(Done)),
                (true, Some(Done), Some(Near)),
                (false, Some(Near), None)
            ]
        );
    }
}
