//! The fast pass's entry points: one pass, and a run of steps on one
//! thread or in bands on several.

use super::bands::band_for;
use super::grid::{grid_of, grid_of_mut};
use super::kernel::Sweep;
use super::sphere_set::SphereSet;
#[cfg(feature = "parallel")]
use super::threads;
use super::workspace::Workspace;
use crate::sim::{Cloth, InstructionSet, Spheres, PASSES};

/// One pass of the original model on the cloth, on the fastest
/// instruction set this CPU has: every point's new position from the old
/// ones, then all replaced together. `spheres` are the collision spheres
/// for this step. The same bits as [`reference::pass`](crate::sim::reference::pass) into a
/// second buffer; [`Simulation::step`](crate::sim::Simulation::step) keeps its buffers between
/// passes, where this makes a fresh one.
pub fn pass(cloth: &mut Cloth, spheres: &Spheres) {
    let mut next = cloth.clone();
    pass_into(
        cloth,
        &mut next,
        &SphereSet::from(spheres),
        InstructionSet::best(),
        &mut Workspace::default(),
    );
    *cloth = next;
}

/// One pass from `src` into `dst` (same grid size) on this thread: every
/// point moved and collided from the old positions. The same bits as
/// [`reference::pass`](crate::sim::reference::pass) with the spheres `spheres` was made from
/// (made once a step by the caller).
///
/// # Panics
/// If the sizes differ, or this CPU cannot run `set`.
pub(crate) fn pass_into(
    src: &Cloth,
    dst: &mut Cloth,
    spheres: &SphereSet,
    set: InstructionSet,
    ws: &mut Workspace,
) {
    let n = src.n();
    assert_eq!(dst.n(), n, "pass: buffers of different sizes");
    assert!(src.x.len() == n * n && src.y.len() == n * n && src.z.len() == n * n);
    assert!(dst.x.len() == n * n && dst.y.len() == n * n && dst.z.len() == n * n);
    let band = band_for(set);
    // SAFETY: both grids are n x n (checked above), `dst` is borrowed
    // mutably and `src` shared, so no one else touches them; the set is
    // available (checked in `band_for`).
    unsafe {
        band(
            &grid_of(src),
            &grid_of_mut(dst),
            0,
            n,
            spheres,
            ws,
            &Sweep::ALONE,
        );
    }
}

/// Runs of the fast pass's steps on any grid, with the article's
/// constants as they are (rest lengths 0.1, gravity 0.001, 15 passes),
/// keeping its buffers between runs: the oracle tests' and benchmarks'
/// way to the fast pass on grids other than the demo's. A
/// [`Simulation`](crate::sim::Simulation) runs the fast pass only on the
/// demo's 32 x 32, where these are its steps, bit for bit; at another
/// grid it runs the article's law scaled to it
/// ([`GridLaw`](crate::sim::general::GridLaw)), which this is not. The
/// same bits as [`reference::run`](crate::sim::reference::run) on every
/// grid, instruction set and thread count.
#[derive(Clone, Debug, Default)]
pub struct Stepper {
    /// The buffers.
    scratch: Scratch,
}

impl Stepper {
    /// `count` steps (the spheres stepped, then 15 passes) on the
    /// instruction set `set`, in `threads` bands of rows (at least 1, at
    /// most one a row; one without the `parallel` feature).
    ///
    /// # Panics
    /// If this CPU cannot run `set`.
    pub fn run(
        &mut self,
        cloth: &mut Cloth,
        spheres: &mut Spheres,
        count: u64,
        set: InstructionSet,
        threads: usize,
    ) {
        if let Err(e) = set.check() {
            panic!("{e}");
        }
        let bands = threads.clamp(1, cloth.n());
        run(cloth, spheres, count, set, &mut self.scratch, bands);
    }
}

/// What the fast pass keeps between runs so that a step allocates
/// nothing: the second buffer of a pass on one thread, and each band's
/// scratch. A clone is fresh scratch.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    /// The pass's second buffer on one thread, swapped with the cloth
    /// after each pass; made the cloth's size when it is not.
    back: Option<Cloth>,
    /// One per band.
    workspaces: Vec<Workspace>,
}

/// `count` steps: the spheres stepped, then the passes, on `bands` threads
/// of row bands (one without the `parallel` feature). The one place a
/// [`Simulation`](crate::sim::Simulation) runs the fast pass.
pub(crate) fn run(
    cloth: &mut Cloth,
    spheres: &mut Spheres,
    count: u64,
    set: InstructionSet,
    scratch: &mut Scratch,
    bands: usize,
) {
    #[cfg(feature = "parallel")]
    if bands > 1 {
        return threads::run(cloth, spheres, count, set, &mut scratch.workspaces, bands);
    }
    let _ = bands;
    if scratch.workspaces.is_empty() {
        scratch.workspaces.push(Workspace::default());
    }
    let back = match &mut scratch.back {
        Some(back) if back.n() == cloth.n() => back,
        slot => slot.insert(cloth.clone()),
    };
    for _ in 0..count {
        spheres.step();
        let spheres_now = SphereSet::from(&*spheres);
        for _ in 0..PASSES {
            pass_into(cloth, back, &spheres_now, set, &mut scratch.workspaces[0]);
            std::mem::swap(cloth, back);
        }
    }
}
