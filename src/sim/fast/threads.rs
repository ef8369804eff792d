//! Steps in bands of rows on several threads (feature `parallel`).
//!
//! The threads are started once for a whole run of steps (with
//! `std::thread::scope`), not per pass or per step. Each owns a band of
//! rows and its own scratch, steps its own copy of the spheres (the waves
//! are a pure function of the step count, so every copy has the same
//! bits), and runs the passes; a spin barrier after each pass keeps any
//! thread from reading the positions of a pass until all bands have
//! written them. A band starts by recomputing the springs across its top
//! edge from the old positions, the bits the band above computes too.
//!
//! Exactness: a thread writes only its rows of the new buffer and reads
//! only the old one, which no one writes during that pass; the barrier
//! orders every write of pass `p` before every read of pass `p + 1`.
//!
//! (Tried and measured no better: waiting only for the neighbours' edge
//! rows, done first in each pass as one-row bands. An edge band costs
//! about five ordinary rows, since its two rows of springs have nothing to
//! overlap with, which ate what the finer waits saved.)

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::kernel::Grid;
use super::{grid_of_mut, Path, SphereSet, Workspace};
use crate::sim::{Cloth, Spheres, PASSES};

/// Looks at the barrier before a waiting thread starts yielding its core
/// (tens of microseconds): long enough for a band of the demo's grid to
/// finish, short enough not to burn a whole time slice when the other
/// thread has been descheduled on a busy machine. Plain loads, not
/// `pause`: under a hypervisor a run of `pause` can make the host take the
/// core away (pause-loop exiting), which cost more than the wait here.
const SPINS: u32 = 1 << 16;

/// A reusable barrier for a fixed number of threads that spins (then
/// yields) instead of sleeping: a pass of the demo takes microseconds,
/// less than a futex wake-up.
struct SpinBarrier {
    parties: usize,
    arrived: AtomicUsize,
    generation: AtomicUsize,
    poisoned: AtomicBool,
}

impl SpinBarrier {
    fn new(parties: usize) -> Self {
        SpinBarrier {
            parties,
            arrived: AtomicUsize::new(0),
            generation: AtomicUsize::new(0),
            poisoned: AtomicBool::new(false),
        }
    }

    /// Wait until every thread has called `wait` this round. Everything a
    /// thread wrote before its call is visible to all after it.
    ///
    /// # Panics
    /// If another thread panicked (rather than wait for it forever).
    fn wait(&self) {
        let generation = self.generation.load(Ordering::Acquire);
        if self.arrived.fetch_add(1, Ordering::AcqRel) + 1 == self.parties {
            self.arrived.store(0, Ordering::Relaxed);
            self.generation
                .store(generation.wrapping_add(1), Ordering::Release);
            return;
        }
        let mut spins = 0;
        while self.generation.load(Ordering::Acquire) == generation {
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

/// Poisons the barrier if its thread unwinds, so the others stop waiting.
struct PoisonOnPanic<'a>(&'a SpinBarrier);

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
// writes its own rows of one buffer while all read the other, with a
// barrier between passes; both buffers outlive the threads (scoped).
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
    let barrier = SpinBarrier::new(bands);
    let rows = |b: usize| (b * n / bands, (b + 1) * n / bands);
    let work = |b: usize, ws: &mut Workspace, mut spheres: Spheres| {
        let _guard = PoisonOnPanic(&barrier);
        let (j0, j1) = rows(b);
        let bufs = buffers;
        let mut parity = 0;
        for _ in 0..count {
            spheres.step();
            let set = SphereSet::from(&spheres);
            for _ in 0..PASSES {
                let (src, dst) = &bufs.0[parity];
                // SAFETY: see `Buffers`: rows j0..j1 of dst are this
                // thread's alone in this pass, src is read-only until the
                // barrier; the path is supported (checked by `band()`).
                unsafe { band(src, dst, j0, j1, &set, ws) };
                barrier.wait();
                parity ^= 1;
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
