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
//! **No barrier: each band waits only for its two neighbours, and not
//! for their whole pass.** A pass of a band reads, besides its own rows of
//! the old positions, only the row just beyond each of its ends (the
//! neighbours' edge rows), and it reads each of them before it stores its
//! own edge row at that end (the springs of the edge row come before its
//! sums). The bands sweep their rows in opposite directions in pairs (see
//! `up`): with two bands, the top one goes bottom up and the bottom one
//! top down, so each starts its pass at the edge between them and stores
//! its edge row first. Each band publishes two counts (`Progress`): passes
//! whose near edge row (the first it sweeps) is stored, and passes done.
//! At each end, before its first read of the neighbour's row in pass `q`,
//! a band waits for that neighbour's count for the same edge (`near` if
//! the neighbour's sweep starts there, `done` if it ends there) to reach
//! `q`: it has stored its edge row of pass `q - 1` and finished reading
//! this band's.
//!
//! With two bands the wait at the start of pass `q` is for the other
//! band's first row of pass `q - 1`, stored about a whole pass before: the
//! bands run side by side with up to a pass of slack, and neither waits
//! for the other to finish. (The design before this one swept every band
//! top down, so the bottom band waited at each start for the top band's
//! last row, just written. Asking the cache for the other band's new edge
//! row halfway through a pass, ahead of the next, was measured slower and
//! is not done.) The threads work on their own copy of the buffers, laid
//! on cache lines (`Lined`), so that no line holds rows of two bands.
//!
//! Exactness: the two buffers alternate, pass `q` reading buffer `q % 2`
//! and writing the other, so the edge row a band writes in pass `q` is the
//! one it wrote in pass `q - 2`, which its neighbour read in pass `q - 1`.
//! Take an edge between bands `X` and `Y`. In pass `q`, `X` reads `Y`'s
//! edge row (written in `Y`'s pass `q - 1`) only after seeing `Y`'s count
//! reach `q`, which `Y` published after storing it; and `X` overwrites its
//! own edge row only after the same wait, so after `Y` has finished
//! reading it in pass `q - 1`. `Y` overwrites the row `X` reads in pass
//! `q` only in its pass `q + 1`, after waiting for `X`'s count to reach
//! `q + 1`, which `X` publishes after its last read of that row in pass
//! `q`. Every count is a release store and every wait an acquire load, so
//! each band reads exactly the positions of the pass before, bit for bit
//! as on one thread (tested against the plain pass for every band count).
//! No deadlock: every wait in pass `q` is for something a neighbour does
//! in its pass `q - 1`, so by induction every band finishes every pass.
//!
//! (Tried and measured no better: waiting only for the neighbours' edge
//! rows, done first in each pass as one-row bands. An edge band costs
//! about five ordinary rows, since its two rows of springs have nothing to
//! overlap with, which ate what the finer waits saved. A spin barrier
//! after every pass, two designs back, was 5-15% slower on two threads at
//! 32 x 32, more on a busy machine.)

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::kernel::{Grid, Sweep};
use super::{Path, SphereSet, Workspace};
use crate::sim::{Cloth, Spheres, PASSES};

/// Looks at a neighbour's count before a waiting thread starts yielding
/// its core (tens of microseconds): long enough for a band of the demo's
/// grid to finish, short enough not to burn a whole time slice when the
/// other thread has been descheduled on a busy machine. Plain loads, not
/// `pause`: under a hypervisor a run of `pause` can make the host take the
/// core away (pause-loop exiting), which cost more than the wait here.
const SPINS: u32 = 1 << 16;

/// One count, alone in its cache line (so that one band's store does not
/// disturb the loads of another's count).
#[repr(align(128))]
#[derive(Default)]
struct Count(AtomicU64);

/// Which of a band's counts.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    /// Passes whose near edge row (the first row it sweeps) is stored.
    Near,
    /// Passes finished.
    Done,
}

/// How far each band has got in the run, and whether a band's thread
/// panicked (so that the others stop waiting).
struct Progress {
    near: Vec<Count>,
    done: Vec<Count>,
    poisoned: AtomicBool,
}

impl Progress {
    fn new(bands: usize) -> Self {
        let counts = || (0..bands).map(|_| Count::default()).collect();
        Progress {
            near: counts(),
            done: counts(),
            poisoned: AtomicBool::new(false),
        }
    }

    fn count(&self, b: usize, kind: Kind) -> &AtomicU64 {
        match kind {
            Kind::Near => &self.near[b].0,
            Kind::Done => &self.done[b].0,
        }
    }

    /// Band `b`'s count `kind` is now `passes`: everything it wrote
    /// before is visible to whoever sees it.
    fn publish(&self, b: usize, kind: Kind, passes: u64) {
        self.count(b, kind).store(passes, Ordering::Release);
    }

    /// Wait until band `b`'s count `kind` is at least `passes` (spinning,
    /// then yielding: a pass of the demo takes microseconds, less than a
    /// futex wake-up).
    ///
    /// # Panics
    /// If another band's thread panicked (rather than wait for it forever).
    fn wait_for(&self, b: usize, kind: Kind, passes: u64) {
        let count = self.count(b, kind);
        let mut spins = 0;
        while count.load(Ordering::Acquire) < passes {
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

/// Whether band `b` of `bands` sweeps its rows bottom up: the even bands
/// that have a band below, so that bands `2k` and `2k + 1` both start at
/// the edge between them. (An edge between an odd band and the next is
/// where both finish, and they wait for each other's whole pass there,
/// late in theirs.)
fn up(b: usize, bands: usize) -> bool {
    b.is_multiple_of(2) && b + 1 < bands
}

/// The count of band `nb` that tells its neighbour `b` about the edge
/// between them: `Near` if `nb`'s sweep starts at that edge.
fn facing(nb: usize, b: usize, bands: usize) -> Kind {
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
struct PoisonOnPanic<'a>(&'a Progress);

impl Drop for PoisonOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.poisoned.store(true, Ordering::Relaxed);
        }
    }
}

/// A cache line of coordinates.
#[repr(C, align(64))]
#[derive(Clone, Copy)]
struct Line([f64; 8]);

/// The threads' copy of a grid's coordinates, each array starting on a
/// cache line. (A `Vec<f64>` starts where the allocator puts it, often 16
/// or 48 bytes into a line, and then one line holds the end of a band's
/// edge row and the start of the next band's, which both bands write early
/// in the same pass: false sharing, about 5% of the demo's step on two
/// threads.) On lines, the rows of a grid whose side is a multiple of 8
/// fill whole lines.
struct Lined {
    xyz: [Vec<Line>; 3],
    n: usize,
}

impl Lined {
    fn new(n: usize) -> Self {
        let lines = (n * n).div_ceil(8);
        Lined {
            xyz: std::array::from_fn(|_| vec![Line([0.0; 8]); lines]),
            n,
        }
    }

    /// Coordinate array `axis`, as `n * n` values.
    fn values(&mut self, axis: usize) -> &mut [f64] {
        let v = &mut self.xyz[axis];
        // SAFETY: a `Line` is 8 `f64`s and nothing else (`repr(C)`, 64
        // bytes), so the lines are `8 * len` contiguous values, at least
        // `n * n`.
        unsafe { std::slice::from_raw_parts_mut(v.as_mut_ptr().cast::<f64>(), self.n * self.n) }
    }

    fn grid(&mut self) -> Grid<*mut f64> {
        Grid {
            xyz: [0, 1, 2].map(|a| self.values(a).as_mut_ptr()),
            n: self.n,
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
/// bands of `cloth` (copied for the run into two buffers on cache lines);
/// afterwards `cloth` holds the result, as from as many
/// [`crate::sim::Simulation::step`]s.
///
/// # Panics
/// If `cloth` is not `n x n`, `bands` is 0 or more than `n`, or `path` is
/// not supported.
pub(crate) fn run(
    cloth: &mut Cloth,
    spheres: &mut Spheres,
    count: u64,
    path: Path,
    workspaces: &mut Vec<Workspace>,
    bands: usize,
) {
    let n = cloth.n();
    assert!(bands >= 1 && bands <= n);
    assert!(cloth.x.len() == n * n && cloth.y.len() == n * n && cloth.z.len() == n * n);
    let band = path.band();
    if workspaces.len() < bands {
        workspaces.resize_with(bands, Workspace::default);
    }
    let mut lined = [Lined::new(n), Lined::new(n)];
    for (axis, from) in [&cloth.x, &cloth.y, &cloth.z].into_iter().enumerate() {
        lined[0].values(axis).copy_from_slice(from);
    }
    // Both buffers' pointers from one mutable borrow each, read through
    // in one pass and written through in the next.
    let (a, b) = (lined[0].grid(), lined[1].grid());
    let buffers = Buffers([(a.to_const(), b), (b.to_const(), a)]);
    let progress = Progress::new(bands);
    let rows = |b: usize| (b * n / bands, (b + 1) * n / bands);
    let work = |b: usize, ws: &mut Workspace, mut spheres: Spheres| {
        let _guard = PoisonOnPanic(&progress);
        let (j0, j1) = rows(b);
        let bufs = buffers;
        let up = up(b, bands);
        // The bands beside this one at the end its sweep starts from and
        // the end it finishes at.
        let above = b.checked_sub(1);
        let below = (b + 1 < bands).then_some(b + 1);
        let (near, far) = if up { (below, above) } else { (above, below) };
        let mut passes = 0u64;
        for _ in 0..count {
            spheres.step();
            let set = SphereSet::from(&spheres);
            for _ in 0..PASSES {
                let (src, dst) = &bufs.0[(passes % 2) as usize];
                if let Some(nb) = near {
                    progress.wait_for(nb, facing(nb, b, bands), passes);
                }
                let far = || {
                    if let Some(nb) = far {
                        progress.wait_for(nb, facing(nb, b, bands), passes);
                    }
                };
                let near_stored = || progress.publish(b, Kind::Near, passes + 1);
                let sweep = Sweep {
                    up,
                    far: &far,
                    near_stored: &near_stored,
                };
                // SAFETY: see `Buffers` and the module docs: the near
                // neighbour has stored its edge row of the last pass and
                // read this band's, and `far` waits likewise for the far
                // one before the band reads its row; a neighbour
                // overwrites its edge row only after this band publishes
                // its count for that edge, after its last read of the
                // row; no one else writes this band's rows of dst. The path
                // is supported (checked by `band()`).
                unsafe { band(src, dst, j0, j1, &set, ws, &sweep) };
                passes += 1;
                progress.publish(b, Kind::Done, passes);
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
    let last = &mut lined[(count * PASSES as u64 % 2) as usize];
    for (axis, to) in [&mut cloth.x, &mut cloth.y, &mut cloth.z]
        .into_iter()
        .enumerate()
    {
        to.copy_from_slice(last.values(axis));
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
