//! The fast pass: exactly the arithmetic of [`super::reference`],
//! reorganised so that it runs many times faster and gives the same bits.
//!
//! Every reorganisation, and why it is exact:
//!
//! - **Each spring is computed once.** The spring from point `a` to `b`
//!   gives `a` the term `v * dd` with `v = b - a`. Seen from `b`,
//!   `v' = a - b = -v` exactly (IEEE subtraction is antisymmetric), `d` is
//!   the same sum of the same squares, so `dd` is the same, and `b`'s term
//!   is exactly `-(v * dd)`. So each row computes its springs to the east,
//!   south, south-east and south-west neighbours once, and each point takes
//!   the other four (north-west, north, north-east, west) negated from the
//!   row above and its west neighbour. `m - t` is the IEEE operation
//!   `m + (-t)`, so subtracting the stored term is adding the neighbour's.
//! - **Each point still sums its eight terms in the original's order**
//!   (north-west, north, north-east, west, east, south-west, south,
//!   south-east), starting from `(0, -0.001, 0)`: addition is not
//!   associative, so the order is part of the result.
//! - **Edges are zeros, not branches.** A spring to a neighbour off the grid
//!   contributes an exact zero term (lane masks, and zero slots beside each
//!   row). Adding zero is exact here: `m` starts at `+0` or `-0.001` and a
//!   round-to-nearest sum is `-0` only when both operands are, so `m` is
//!   never `-0`, and `m + (+-0) == m` for every other value. The same holds
//!   for a spring the reference skips (`d` below the smallest normal).
//! - **SIMD across points** of a row (8 lanes with AVX-512, 4 with AVX2 or
//!   the baseline): each lane does one point's operations in the scalar
//!   order, and `+ - * / sqrt` round the same in every lane width.
//! - **Rows are software-pipelined** ([`kernel`]): the springs of row
//!   `j + 1` are computed in the same loop as the sums and collisions of
//!   row `j`, so the divider and the other units work at once. Order within
//!   a point is unchanged; rows are independent within a pass (double
//!   buffering), so interleaving them changes nothing.
//! - **Square roots and divisions off the divider** (the `avx512-fma`
//!   path): some springs' `sqrt(d)` and `/ d` are computed on the FMA units
//!   by a routine proven to round correctly ([`exact`]), which by definition
//!   gives the divider's bits. FMA is used only inside that routine; every
//!   operation of the physics is still one rounded IEEE operation.
//! - **Collisions sphere by sphere, vector by vector**: a lane's test
//!   against sphere `k` reads where sphere `k - 1` left it, as in the
//!   original; a vector with no point inside a sphere skips its push.
//! - **Bands of rows on threads** ([`threads`], feature `parallel`): a band
//!   recomputes the springs across its top edge from the same old
//!   positions, which gives the bits the band above would. Each band works
//!   in its own buffers and takes its neighbours' edge rows of the
//!   previous pass from their mailboxes once they have posted them (no
//!   barrier), so every thread reads only finished positions. Bands sweep
//!   their rows top down or bottom up; rows are independent within a
//!   pass, so the order changes nothing.
//!
//! # Instruction sets
//!
//! The instruction set is picked at run time, so one binary runs on any
//! x86-64 (and the baseline on any other CPU), with the same bits on each:
//! see [`InstructionSet`]. The tests run every set the CPU has.

pub mod exact;
mod finish;
pub mod kernel;
pub mod lanes;
mod sphere_set;
mod springs;
#[cfg(test)]
mod sweep_tests;
#[cfg(feature = "parallel")]
pub mod threads;

use super::{Cloth, InstructionSet, Spheres, DIST, SPACING};
pub(crate) use kernel::Workspace;
use kernel::{Grid, Sweep};
pub(crate) use sphere_set::SphereSet;

/// Rest length of the springs along the grid lines.
const REST_EDGE: f64 = SPACING * DIST[2][3];
/// Rest length of the diagonal springs.
const REST_DIAGONAL: f64 = SPACING * DIST[3][3];

/// Which springs of a row the `avx512-fma` path sends to the FMA square
/// root (bit `t`) and division (bit `t + 4`), for spring type `t` (0 east,
/// 1 south, 2 south-east, 3 south-west); the others take the divider.
/// Chosen by measurement (README, Performance): the south-east springs'
/// square roots. Sending more made the step slower here: the FMA routine
/// takes about 30 vector operations where the divider takes one, and the
/// vector ports are nearly as busy as the divider.
#[cfg(target_arch = "x86_64")]
const FMA_SPLIT: u8 = 0b0000_0100;

/// A band of one pass: rows `j0..j1` of `dst` from `src`, in the order
/// and with the calls the [`kernel::Sweep`] gives (see [`kernel::band`]).
type BandFn =
    unsafe fn(&Grid<*const f64>, &Grid<*mut f64>, usize, usize, &SphereSet, &mut Workspace, &Sweep);

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn band_avx512_fma(
    s: &Grid<*const f64>,
    d: &Grid<*mut f64>,
    j0: usize,
    j1: usize,
    sp: &SphereSet,
    ws: &mut Workspace,
    sweep: &Sweep,
) {
    // SAFETY: the caller's, and AVX-512F is enabled here.
    unsafe { kernel::band::<lanes::Avx512, 8, FMA_SPLIT>(s, d, j0, j1, sp, ws, sweep) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn band_avx512(
    s: &Grid<*const f64>,
    d: &Grid<*mut f64>,
    j0: usize,
    j1: usize,
    sp: &SphereSet,
    ws: &mut Workspace,
    sweep: &Sweep,
) {
    // SAFETY: the caller's, and AVX-512F is enabled here.
    unsafe { kernel::band::<lanes::Avx512, 8, 0>(s, d, j0, j1, sp, ws, sweep) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn band_avx2(
    s: &Grid<*const f64>,
    d: &Grid<*mut f64>,
    j0: usize,
    j1: usize,
    sp: &SphereSet,
    ws: &mut Workspace,
    sweep: &Sweep,
) {
    // SAFETY: the caller's, and AVX2 is enabled here.
    unsafe { kernel::band::<lanes::Avx2, 4, 0>(s, d, j0, j1, sp, ws, sweep) }
}

unsafe fn band_baseline(
    s: &Grid<*const f64>,
    d: &Grid<*mut f64>,
    j0: usize,
    j1: usize,
    sp: &SphereSet,
    ws: &mut Workspace,
    sweep: &Sweep,
) {
    // SAFETY: the caller's.
    unsafe { kernel::band::<lanes::Portable, 4, 0>(s, d, j0, j1, sp, ws, sweep) }
}

/// The band function for `set`.
///
/// # Panics
/// If this CPU cannot run `set`.
fn band_for(set: InstructionSet) -> BandFn {
    assert!(set.is_available(), "this CPU cannot run {set}");
    match set {
        #[cfg(target_arch = "x86_64")]
        InstructionSet::Avx512Fma => band_avx512_fma,
        #[cfg(target_arch = "x86_64")]
        InstructionSet::Avx512 => band_avx512,
        #[cfg(target_arch = "x86_64")]
        InstructionSet::Avx2 => band_avx2,
        _ => band_baseline,
    }
}

fn grid_of(c: &Cloth) -> Grid<*const f64> {
    Grid {
        xyz: [c.x.as_ptr(), c.y.as_ptr(), c.z.as_ptr()],
        n: c.n(),
    }
}

fn grid_of_mut(c: &mut Cloth) -> Grid<*mut f64> {
    Grid {
        xyz: [c.x.as_mut_ptr(), c.y.as_mut_ptr(), c.z.as_mut_ptr()],
        n: c.n(),
    }
}

/// One pass of the original model on the cloth, on the fastest
/// instruction set this CPU has: every point's new position from the old
/// ones, then all replaced together. `spheres` are the collision spheres
/// for this step. The same bits as [`super::reference::pass`] into a
/// second buffer; [`super::Simulation::step`] keeps its buffers between
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
/// [`super::reference::pass`] with the spheres `spheres` was made from
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
/// [`super::Simulation`] runs the fast pass.
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
        for _ in 0..super::PASSES {
            pass_into(cloth, back, &spheres_now, set, &mut scratch.workspaces[0]);
            std::mem::swap(cloth, back);
        }
    }
}

/// For the tests: `out[k] = sqrt(x[k])` and `quot[k] = num[k] / x[k]`
/// through the FMA routines of [`exact`] (AVX-512). Returns `false`, and
/// writes nothing, where the CPU has no AVX-512.
///
/// # Panics
/// If the slices are not all the same length.
#[doc(hidden)]
pub fn exact_sqrt_div(x: &[f64], num: &[f64], out: &mut [f64], quot: &mut [f64]) -> bool {
    #[cfg(target_arch = "x86_64")]
    return exact::sqrt_div_slices(x, num, out, quot);
    #[cfg(not(target_arch = "x86_64"))]
    {
        assert!(x.len() == num.len() && x.len() == out.len() && x.len() == quot.len());
        false
    }
}
