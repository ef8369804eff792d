//! Steps in bands of rows on several threads (feature `parallel`).
//!
//! The threads are started once for a whole run of steps (with
//! `std::thread::scope`), not per pass or per step. Each owns a band of
//! rows and its own scratch, and steps its own copy of the spheres (the
//! waves are a pure function of the step count, so every copy has the
//! same bits).
//!
//! **No barrier between passes, only neighbours.** A band's rows depend,
//! from one pass to the next, only on the band's own rows and on the one
//! row next to each edge, which the neighbouring band computes. So each
//! thread does its edge rows first in every pass (a one-row band each,
//! which recomputes the springs it needs from the old positions), says so
//! on a flag, and then does its inner rows; before a pass it waits only
//! for its neighbours' edge rows of the pass before. Those were done first
//! thing, so the wait is almost always already over, and a thread that
//! falls behind (descheduled on a busy machine) holds up its neighbours by
//! at most a pass instead of stopping every thread at each pass.
//!
//! Exactness: in every pass a thread writes only its own rows of the new
//! buffer, and reads only the old one. The old buffer's rows next to a
//! band's edges are its neighbours': written by their edge bands of the
//! pass before (the neighbour's flag says they are done), and read by the
//! neighbours' edge bands of the pass before, the only reads of them,
//! which the same flag says are over before the thread overwrites the
//! buffer in this pass. A row's inner springs come from the same old
//! positions whichever band computes them, so every point gets the bits
//! of a single-threaded pass.

use std::hint::spin_loop;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::kernel::Grid;
use super::{grid_of_mut, Path, SphereSet, Workspace};
use crate::sim::{Cloth, Spheres, PASSES};

/// Spins before a waiting thread starts yielding its core (tens of
/// microseconds): long enough for a band of the demo's grid to finish,
/// short enough not to burn a time slice when the neighbour has been
/// descheduled on a busy machine.
const SPINS: u32 = 1 << 10;

/// One band's progress: the passes whose top and bottom edge rows it has
/// finished. On a cache line of its own, so that a thread's writes do not
/// disturb its other neighbour's reads.
#[repr(align(128))]
#[derive(Default)]
struct Edges {
    top: AtomicU64,
    bottom: AtomicU64,
}

/// Every band's [`Edges`], and whether a thread has panicked (so that the
/// others stop waiting for it).
struct Progress {
    bands: Vec<Edges>,
    poisoned: AtomicBool,
}

impl Progress {
    /// Wait until `flag` reaches `pass`. Everything its thread wrote
    /// before it set the flag is visible after this returns.
    ///
    /// # Panics
    /// If another thread panicked (rather than wait for it forever).
    fn wait(&self, flag: &AtomicU64, pass: u64) {
        let mut spins = 0;
        while flag.load(Ordering::Acquire) < pass {
            assert!(
                !self.poisoned.load(Ordering::Relaxed),
                "a band's thread panicked"
            );
            if spins < SPINS {
                spins += 1;
                spin_loop();
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
// writes its own rows of one buffer while all read the other, ordered by
// the neighbours' flags; both buffers outlive the threads (scoped).
unsafe impl Send for Buffers {}
unsafe impl Sync for Buffers {}

/// `count` steps on `bands` threads (the calling thread is one), in row
/// bands of `cloth`, using `back` as the second buffer; afterwards `cloth`
/// holds the result, as from as many [`crate::sim::Simulation::step`]s.
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
    let progress = Progress {
        bands: (0..bands).map(|_| Edges::default()).collect(),
        poisoned: AtomicBool::new(false),
    };
    let rows = |b: usize| (b * n / bands, (b + 1) * n / bands);
    let work = |b: usize, ws: &mut Workspace, mut spheres: Spheres| {
        let _guard = PoisonOnPanic(&progress);
        let (j0, j1) = rows(b);
        let (above, below) = (b > 0, b + 1 < bands);
        let me = &progress.bands[b];
        let bufs = buffers;
        let mut pass = 0u64;
        let mut set = SphereSet::from(&spheres);
        while pass < count * PASSES as u64 {
            if pass.is_multiple_of(PASSES as u64) {
                spheres.step();
                set = SphereSet::from(&spheres);
            }
            let (src, dst) = &bufs.0[(pass % 2) as usize];
            // SAFETY (each band below): see the module docs. Rows j0..j1
            // of dst are this thread's alone; the rows next to them in
            // src are final (the flags waited for), and no one reads the
            // rows of dst this thread writes; the path is supported
            // (checked by `band()`).
            if j1 - j0 == 1 {
                // One row: both edges at once.
                if above {
                    progress.wait(&progress.bands[b - 1].bottom, pass);
                }
                if below {
                    progress.wait(&progress.bands[b + 1].top, pass);
                }
                unsafe { band(src, dst, j0, j1, &set, ws) };
                me.top.store(pass + 1, Ordering::Release);
                me.bottom.store(pass + 1, Ordering::Release);
            } else {
                let mut inner = (j0, j1);
                if above {
                    progress.wait(&progress.bands[b - 1].bottom, pass);
                    unsafe { band(src, dst, j0, j0 + 1, &set, ws) };
                    me.top.store(pass + 1, Ordering::Release);
                    inner.0 += 1;
                }
                if below {
                    progress.wait(&progress.bands[b + 1].top, pass);
                    unsafe { band(src, dst, j1 - 1, j1, &set, ws) };
                    me.bottom.store(pass + 1, Ordering::Release);
                    inner.1 -= 1;
                }
                if inner.0 < inner.1 {
                    unsafe { band(src, dst, inner.0, inner.1, &set, ws) };
                }
            }
            pass += 1;
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
