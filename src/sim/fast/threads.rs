//! Steps in bands of rows on several threads (feature `parallel`).
//!
//! The threads are started once for a whole run of steps (with
//! `std::thread::scope`), not per pass or per step. Each owns a band of
//! rows and its own scratch, steps its own copy of the spheres (the waves
//! are a pure function of the step count, so every copy has the same
//! bits), and runs the passes. A band starts by recomputing the springs
//! across its top edge from the old positions, the bits the band above
//! computes too.
//!
//! **No barrier: each band waits only for its two neighbours.** Band `b`
//! counts the passes it has finished (`Progress`). A pass reads, besides
//! the band's own rows of the old positions, only the row just above it
//! (the last row of band `b - 1`) and the row just below (the first of
//! band `b + 1`), so band `b` starts pass `q` once band `b - 1` has
//! finished pass `q - 1`, and reads the row below once band `b + 1` has
//! (it waits for that late in the pass, when the kernel reaches its last
//! row: see `kernel::band`'s `below`). A band that finishes
//! early goes on to its next pass at once instead of waiting for every
//! other band, and the bands' speeds even out over a pass or two rather
//! than at every barrier.
//!
//! Exactness: the two buffers alternate, pass `q` reading buffer `q % 2`
//! and writing the other, so the rows a band writes in pass `q` are rows
//! its neighbours read in pass `q - 1`. The same two waits keep those
//! apart: band `b - 1` reads band `b`'s first row at the end of its pass
//! `q - 1`, which band `b` waited for before starting pass `q`; band
//! `b + 1` reads band `b`'s last row at the start of its pass `q - 1`,
//! and band `b` writes that row only after waiting for band `b + 1` to
//! finish pass `q - 1`. Conversely, the rows band `b` reads in pass `q`
//! (its neighbours' edge rows of pass `q - 1`) are next overwritten in
//! their pass `q + 1`, which band `b + 1` starts, and band `b - 1` reaches
//! its last row of, only after band `b` has finished pass `q`; and no band
//! gets two passes ahead of a neighbour. Every write a reader needs is
//! published with a release store of the writer's count and seen with an
//! acquire load, so each band reads exactly the positions of the pass
//! before, bit for bit as on one thread (tested against the plain pass
//! for every band count).
//!
//! (Tried and measured no better: waiting only for the neighbours' edge
//! rows, done first in each pass as one-row bands. An edge band costs
//! about five ordinary rows, since its two rows of springs have nothing to
//! overlap with, which ate what the finer waits saved. A spin barrier
//! after every pass, the design before this one, was 5-15% slower on two
//! threads at 32 x 32, more on a busy machine.)

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::kernel::Grid;
use super::{grid_of_mut, Path, SphereSet, Workspace};
use crate::sim::{Cloth, Spheres, PASSES};

/// Looks at a neighbour's count before a waiting thread starts yielding
/// its core (tens of microseconds): long enough for a band of the demo's
/// grid to finish, short enough not to burn a whole time slice when the
/// other thread has been descheduled on a busy machine. Plain loads, not
/// `pause`: under a hypervisor a run of `pause` can make the host take the
/// core away (pause-loop exiting), which cost more than the wait here.
const SPINS: u32 = 1 << 16;

/// One band's count of finished passes, alone in its cache line (so that
/// one band's store does not disturb the loads of another's count).
#[repr(align(128))]
#[derive(Default)]
struct Count(AtomicU64);

/// How far each band has got: its finished passes over the run, and
/// whether a band's thread panicked (so that the others stop waiting).
struct Progress {
    done: Vec<Count>,
    poisoned: AtomicBool,
}

impl Progress {
    fn new(bands: usize) -> Self {
        Progress {
            done: (0..bands).map(|_| Count::default()).collect(),
            poisoned: AtomicBool::new(false),
        }
    }

    /// Band `b` has finished `passes` passes: everything it wrote before
    /// is visible to whoever sees the count.
    fn publish(&self, b: usize, passes: u64) {
        self.done[b].0.store(passes, Ordering::Release);
    }

    /// Wait until band `b` has finished at least `passes` passes (spinning,
    /// then yielding: a pass of the demo takes microseconds, less than a
    /// futex wake-up).
    ///
    /// # Panics
    /// If another band's thread panicked (rather than wait for it forever).
    fn wait_for(&self, b: usize, passes: u64) {
        let mut spins = 0;
        while self.done[b].0.load(Ordering::Acquire) < passes {
            assert!(
                !self.poisoned.load(Ordering::Relaxed),
                "a band's thread panicked"
            );
            if spins < SPINS {
                spins += 1;
                std::hint::black_box(spins);
            } else {
                std::thread::yield_now();
            }
        }
    }
}

/// Poisons the progress if its thread unwinds, so the others stop waiting.
struct PoisonOnPanic<'a>(&'a Progress);

impl Drop for PoisonOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.poisoned.store(true, Ordering::Relaxed);
        }
    }
}

/// The two buffers' pointers, handed to the threads.
#[derive(Clone, Copy)]
struct Buffers([(Grid<*const f64>, Grid<*mut f64>); 2]);

// SAFETY: the pointers are only used as the module docs say: each thread
// writes its own rows of one buffer while reading the other, and waits
// for its neighbours as the docs prove; both buffers outlive the threads
// (scoped).
unsafe impl Send for Buffers {}
unsafe impl Sync for Buffers {}

/// `count` steps on `bands` threads (the calling thread is one), in row
/// bands of `cloth`, using `back` as the second buffer; afterwards
/// `cloth` holds the result, as from as many [`crate::sim::Simulation::step`]s.
///
/// # Panics
/// If the buffers differ in size or are not `n x n`, `bands` is 0 or more
/// than `n`, or `path` is not supported.
pub(crate) fn run(
    cloth: &mut Cloth,
    back: &mut Cloth,
    spheres: &mut Spheres,
    count: u64,
    path: Path,
    workspaces: &mut Vec<Workspace>,
    bands: usize,
) {
    let n = cloth.n();
    assert!(bands >= 1 && bands <= n && back.n() == n);
    for c in [&*cloth, &*back] {
        assert!(c.x.len() == n * n && c.y.len() == n * n && c.z.len() == n * n);
    }
    let band = path.band();
    if workspaces.len() < bands {
        workspaces.resize_with(bands, Workspace::default);
    }
    // Both buffers' pointers from one mutable borrow each, read through
    // in one pass and written through in the next.
    let (a, b) = (grid_of_mut(cloth), grid_of_mut(back));
    let buffers = Buffers([(a.to_const(), b), (b.to_const(), a)]);
    let progress = Progress::new(bands);
    let rows = |b: usize| (b * n / bands, (b + 1) * n / bands);
    let work = |b: usize, ws: &mut Workspace, mut spheres: Spheres| {
        let _guard = PoisonOnPanic(&progress);
        let (j0, j1) = rows(b);
        let bufs = buffers;
        let mut passes = 0u64;
        for _ in 0..count {
            spheres.step();
            let set = SphereSet::from(&spheres);
            for _ in 0..PASSES {
                let (src, dst) = &bufs.0[(passes % 2) as usize];
                if b > 0 {
                    progress.wait_for(b - 1, passes);
                }
                let below = || {
                    if b + 1 < bands {
                        progress.wait_for(b + 1, passes);
                    }
                };
                // SAFETY: see `Buffers` and the module docs: band b - 1
                // has finished the last pass (row j0 - 1 of src is final,
                // and it no longer reads row j0 of dst), and `below` waits
                // for band b + 1 likewise before row j1 of src is read and
                // row j1 - 1 of dst written; no one else writes these rows
                // of dst. The path is supported (checked by `band()`).
                unsafe { band(src, dst, j0, j1, &set, ws, &below) };
                passes += 1;
                progress.publish(b, passes);
            }
        }
        spheres
    };
    let (first, rest) = workspaces.split_at_mut(1);
    let start = spheres.clone();
    let done = std::thread::scope(|scope| {
        for (b, ws) in rest.iter_mut().take(bands - 1).enumerate() {
            let start = start.clone();
            let work = &work;
            scope.spawn(move || work(b + 1, ws, start));
        }
        work(0, &mut first[0], start)
    });
    *spheres = done;
    if (count * PASSES as u64) % 2 == 1 {
        std::mem::swap(cloth, back);
    }
}
