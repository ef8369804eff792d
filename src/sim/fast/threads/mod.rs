//! Steps in bands of rows on several threads (feature `parallel`).
//!
//! The threads are started once for a whole run of steps (with
//! `std::thread::scope`), not per pass or per step. Each owns a band of
//! rows, its own scratch and **its own pair of buffers** (`Own`), steps
//! its own copy of the spheres (the waves are a pure function of the step
//! count, so every copy has the same bits), and runs the passes. A band
//! starts by recomputing the springs across its top edge from the old
//! positions, the bits the band above computes too. On Linux each band's
//! thread is pinned to a core of its own for the run (`placement`: a new
//! thread can start on its parent's core, and two bands then take turns
//! on it).
//!
//! A pass of a band reads, besides its own rows of the old positions, only
//! the row just beyond each of its edges: the neighbours' edge rows. Each
//! band keeps those in its own buffers too, and the bands hand each other
//! their edge rows through **mailboxes** (`Mailboxes`): after storing an
//! edge row, a band copies it into its mailbox for that edge (one per
//! pass parity) and publishes a count; the neighbour, before it first
//! reads that row in the next pass, waits for the count and copies the
//! row into its own buffer. So the only memory two threads share is the
//! mailboxes and the counts: no cache line of a buffer ever moves between
//! cores, and no band's first spring row waits on a line the other band
//! is writing.
//!
//! **No barrier: each band waits only for its two neighbours, and not for
//! their whole pass.** The bands sweep their rows in opposite directions
//! in pairs (`up`): with two bands the top one goes bottom up and the
//! bottom one top down, so each starts its pass at the edge between them,
//! and stores and posts its edge row first. Each band publishes two counts
//! (`Progress`): passes whose near edge row (the first it sweeps) is
//! posted, and passes done (with the far edge row, the last it sweeps,
//! posted). At each edge, before its first read of the row beyond it in
//! pass `q`, a band waits for the neighbour's count for that edge (`Near`
//! if the neighbour's sweep starts there, `Done` if it ends there) to
//! reach `q`, and copies the neighbour's edge row of pass `q - 1` in. With
//! two bands that wait, at the start of pass `q`, is for the other band's
//! first row of pass `q - 1`, posted about a whole pass before: the bands
//! run side by side with up to a pass of slack. Halfway through a pass a
//! band asks the cache for the neighbour's new copy, if it is posted, so
//! that the next pass's copy finds it near.
//!
//! Exactness: a band's buffers hold exactly what one thread's would on its
//! rows and the rows beyond its edges, because each of those rows is
//! copied in from the pass before before it is read. The mailboxes are
//! safe to share: take an edge between bands `X` and `Y`. `X` writes its
//! copy of pass `q` (parity `q % 2`) after its wait in pass `q` for `Y`'s
//! count to reach `q`; `Y` published that count after copying in `X`'s
//! copy of pass `q - 2` (the same mailbox), which it did in its pass
//! `q - 1` before storing its own edge row. `Y` copies in `X`'s copy of
//! pass `q` only after seeing `X`'s count reach `q + 1`, which `X`
//! published after writing it, and before `Y` publishes its count
//! `q + 2`, which `X` waits for before writing that mailbox again. Every
//! count is a release store and every wait an acquire load. So each band
//! reads exactly the positions of the pass before, bit for bit as on one
//! thread (tested against the plain pass for every band count). No
//! deadlock: every wait in pass `q` is for something a neighbour does in
//! its pass `q - 1`, so by induction every band finishes every pass.
//! `loom_tests` checks this hand-off, every interleaving of two and three
//! bands over a few passes, under the C11 memory model.
//!
//! The designs this replaced and the ones that ran slower are in
//! `docs/performance.md`.

mod buffers;
#[cfg(all(test, loom))]
mod loom_tests;
mod placement;
mod progress;

use super::bands::band_for;
use super::kernel::Sweep;
use super::sphere_set::SphereSet;
use super::workspace::{Own, Workspace};
use crate::sim::InstructionSet;
use crate::sim::{Cloth, Spheres, PASSES};
use buffers::{copy_row, prefetch, Edge, Mailboxes};
use placement::Placement;
use progress::{facing, up, Kind, PoisonOnPanic, Progress};

/// A band's neighbour at one of its edges.
#[derive(Clone, Copy)]
struct Side {
    /// The neighbour's band.
    nb: usize,
    /// The row beyond this band's edge (the neighbour's edge row).
    beyond: usize,
    /// This band's edge there.
    edge: Edge,
    /// The neighbour's count that says its edge row there is posted.
    kind: Kind,
}

/// `count` steps on `bands` threads (the calling thread is one), in row
/// bands of `cloth`; afterwards `cloth` holds the result, as from as many
/// [`crate::sim::Simulation::step`]s.
///
/// # Panics
/// If `cloth` is not `n x n`, `bands` is 0 or more than `n`, or this CPU
/// cannot run `set`; with a band's panic, if a thread panicked.
pub(crate) fn run(
    cloth: &mut Cloth,
    spheres: &mut Spheres,
    count: u64,
    set: InstructionSet,
    workspaces: &mut Vec<Workspace>,
    bands: usize,
) {
    let n = cloth.n();
    assert!(bands >= 1 && bands <= n);
    assert!(cloth.x.len() == n * n && cloth.y.len() == n * n && cloth.z.len() == n * n);
    let band = band_for(set);
    if workspaces.len() < bands {
        workspaces.resize_with(bands, Workspace::default);
    }
    let mut mailboxes = Mailboxes::new(bands, n);
    let mail = mailboxes.share();
    // Each band's thread on a core of its own, for the run (`placement`);
    // where that is not done, as many bands as there are cores to share.
    let placement = Placement::for_bands(bands);
    let cores = if placement.pins() {
        bands
    } else {
        std::thread::available_parallelism().map_or(1, |c| c.get())
    };
    let progress = Progress::new(bands, cores);
    let rows = |b: usize| (b * n / bands, (b + 1) * n / bands);
    let start: &Cloth = cloth;
    let work = |b: usize, ws: &mut Workspace, mut spheres: Spheres| {
        let _guard = PoisonOnPanic(&progress);
        let (j0, j1) = rows(b);
        let up = up(b, bands);
        // The band's rows and the rows beyond its edges, from the start,
        // in the buffers it kept from its last run if it has them.
        let mut own = Own::reuse(ws.own.take(), n);
        let (lo, hi) = (j0.saturating_sub(1), (j1 + 1).min(n));
        for (to, from) in own.values(0).iter_mut().zip([&start.x, &start.y, &start.z]) {
            to[lo * n..hi * n].copy_from_slice(&from[lo * n..hi * n]);
        }
        let grids = own.grids();
        // Each neighbour: its band, the row beyond the edge with it, this
        // band's edge there, and the neighbour's count for that edge.
        let side = |nb: usize, beyond: usize, edge: Edge| Side {
            nb,
            beyond,
            edge,
            kind: facing(nb, b, bands),
        };
        let above = b.checked_sub(1).map(|nb| side(nb, j0 - 1, Edge::Top));
        let below = (b + 1 < bands).then(|| side(b + 1, j1, Edge::Bottom));
        // The neighbour at the edge the sweep starts from, and at the edge
        // it finishes at.
        let (near, far) = if up { (below, above) } else { (above, below) };
        let edge_row = |edge: Edge| if edge == Edge::Top { j0 } else { j1 - 1 };
        let mut passes = 0u64;
        for _ in 0..count {
            spheres.step();
            let sphere_set = SphereSet::from(&spheres);
            for _ in 0..PASSES {
                let parity = (passes % 2) as usize;
                let (src, dst) = (grids[parity], grids[1 - parity]);
                // The neighbour's edge row of the last pass, into the row
                // beyond this band's edge (the start holds the first).
                let fetch = |side: Option<Side>| {
                    if let (Some(s), true) = (side, passes > 0) {
                        progress.wait_for(s.nb, s.kind, passes);
                        let copy = mail.copy_of(s.nb, s.edge.opposite(), 1 - parity);
                        // SAFETY: the neighbour posted this copy in its
                        // last pass (its count, just seen), and writes it
                        // again only after this band's count for this edge
                        // reaches passes + 2 (module docs); row `beyond` of
                        // src is this band's own.
                        unsafe { copy_row(&src, s.beyond, copy, true) };
                    }
                };
                // This band's edge row of this pass, for the neighbour.
                let post = |side: Option<Side>, kind: Kind| {
                    if let Some(s) = side {
                        let copy = mail.copy_of(b, s.edge, parity);
                        // SAFETY: the neighbour copied in this band's copy
                        // of two passes ago before publishing the count
                        // `fetch` waited for this pass; the edge row of dst
                        // is stored, and this band's own.
                        unsafe { copy_row(&dst, edge_row(s.edge), copy, false) };
                    }
                    progress.publish(b, kind, passes + 1);
                };
                fetch(near);
                let far_fetch = || fetch(far);
                let near_stored = || post(near, Kind::Near);
                // The near neighbour's copy of this pass, which the next
                // pass copies in first: asked for now if it is posted.
                let halfway = || {
                    if let Some(s) = near {
                        if progress.count(s.nb, s.kind) > passes {
                            prefetch(mail.copy_of(s.nb, s.edge.opposite(), parity), n);
                        }
                    }
                };
                let sweep = Sweep {
                    up,
                    far: &far_fetch,
                    near_stored: &near_stored,
                    halfway: &halfway,
                };
                // SAFETY: both grids are this thread's own, n x n, and hold
                // the rows the band reads when it reads them (`fetch`); the
                // set is available (checked by `band_for`).
                unsafe { band(&src.to_const(), &dst, j0, j1, &sphere_set, ws, &sweep) };
                post(far, Kind::Done);
                passes += 1;
            }
        }
        (spheres, own)
    };
    let (first, rest) = workspaces.split_at_mut(1);
    let (done, owns) = std::thread::scope(|scope| {
        let others: Vec<_> = rest
            .iter_mut()
            .take(bands - 1)
            .enumerate()
            .map(|(b, ws)| {
                let (work, start, placement) = (&work, spheres.clone(), &placement);
                scope.spawn(move || {
                    placement.pin_band(b + 1);
                    work(b + 1, ws, start)
                })
            })
            .collect();
        let pin = placement.pin_caller();
        let (done, own) = work(0, &mut first[0], spheres.clone());
        drop(pin);
        let mut owns = vec![own];
        for other in others {
            // A band's panic goes on in this thread, as `scope` would.
            owns.push(
                other
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e))
                    .1,
            );
        }
        (done, owns)
    });
    *spheres = done;
    let last = (count * PASSES as u64 % 2) as usize;
    for (b, (mut own, ws)) in owns.into_iter().zip(workspaces.iter_mut()).enumerate() {
        let (j0, j1) = rows(b);
        for (to, from) in [&mut cloth.x, &mut cloth.y, &mut cloth.z]
            .into_iter()
            .zip(own.values(last).iter())
        {
            to[j0 * n..j1 * n].copy_from_slice(&from[j0 * n..j1 * n]);
        }
        ws.own = Some(own);
    }
}
