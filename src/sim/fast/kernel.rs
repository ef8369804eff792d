//! The pass over a band of rows, one kernel for every path: generic over
//! the SIMD lanes ([`super::lanes`]), and over which springs take the FMA square root and
//! division ([`super::exact`]) instead of the divider.
//!
//! **Rows are software-pipelined.** While the sums and collisions of row
//! `j` are worked out, the springs of row `j + 1` are, in the same loop,
//! one vector of each per iteration. The two halves share no data, so the
//! divider (busy with row `j + 1`'s square roots and divisions) and the
//! other units (row `j`'s sums, floor and spheres) work at once.
//!
//! **Column strips.** The band is done in strips of up to 512 columns
//! (grids up to 512 wide are one strip), top to bottom through the band's
//! rows. Each row's spring terms go to a ring of three term rows (rows
//! `j - 1`, `j`, `j + 1`) of one strip, at most about 150 KB (and a row of
//! zeros, the terms from above the grid, 50 KB more), which stays
//! in the second-level cache, and every term sits at a fixed offset from
//! its row's start. A strip computes the springs one column beyond each
//! side (the neighbours' terms its edge points need), from the same old
//! positions, so a term is the same bits whichever strip computes it.
//! (Narrow strips of 64 columns, a ring in the first-level cache, were
//! measured slower on large grids: 7.2 against 5.8 ns a point-pass at
//! 512 x 512, with or without software prefetching; whole rows are long
//! runs the hardware prefetchers follow.)

use super::lanes::Lanes;
use super::springs::{columns, fix_far_row, springs, Xyz};
use super::SphereSet;
use crate::sim::{FLOOR_Y, GRAVITY, SPHERE_COUNT};

/// Columns per strip (a multiple of every lane width).
pub(crate) const STRIP: usize = 512;

/// Spring types a row computes: to the east, south, south-east and
/// south-west neighbour. The other four a point needs are these, negated,
/// from its west neighbour and the row above.
pub(super) const EAST: usize = 0;
pub(super) const SOUTH: usize = 1;
pub(super) const SOUTH_EAST: usize = 2;
pub(super) const SOUTH_WEST: usize = 3;

/// The three coordinate arrays of a cloth, as raw pointers: the pass
/// reads one buffer while the threads write disjoint rows of the other.
#[derive(Clone, Copy)]
pub(crate) struct Grid<P> {
    pub(crate) xyz: [P; 3],
    /// Points along each side.
    pub(crate) n: usize,
}

#[cfg(feature = "parallel")]
impl Grid<*mut f64> {
    /// The same grid, for reading.
    pub(crate) fn to_const(self) -> Grid<*const f64> {
        Grid {
            xyz: self.xyz.map(<*mut f64>::cast_const),
            n: self.n,
        }
    }
}

/// Values in one term row: a strip, a vector of slack before it (column
/// `s0 - 1` and the zero before the grid's first column), and two after
/// (the last spring vector can reach past the strip).
const fn stride(w: usize) -> usize {
    STRIP + 3 * w
}

/// Scratch for one band: the ring of spring terms, kept between passes,
/// and a term row of zeros, the terms from the row above the grid.
#[derive(Clone, Debug, Default)]
pub(crate) struct Workspace {
    terms: Vec<f64>,
}

/// One term row: the terms of each spring type and axis for the columns
/// of a strip, column `col` at `col - s0 + w` of `(t * 3 + axis)`'s part.
#[derive(Clone, Copy)]
pub(super) struct TermRow<const W: usize>(*mut f64);

impl<const W: usize> TermRow<W> {
    /// Where type `t`, axis `a`, ring index `at` lives.
    #[inline(always)]
    pub(super) fn at(self, t: usize, a: usize, at: usize) -> *mut f64 {
        debug_assert!(t < 4 && a < 3 && at + W <= stride(W));
        // SAFETY: inside the row, by the assertion.
        unsafe { self.0.add((t * 3 + a) * stride(W) + at) }
    }
}

impl Workspace {
    /// The ring's three term rows for lanes of width `W`, and the row of
    /// zeros: a fourth row, zeroed when the scratch is laid out for this
    /// width and never written. (It replaces zeroing a ring row for the
    /// row above the grid in every pass, which was 5% of the demo's step.)
    #[inline(always)]
    fn ring<const W: usize>(&mut self) -> ([TermRow<W>; 3], TermRow<W>) {
        let row = 12 * stride(W);
        // A scratch laid out for another width is laid out afresh, so that
        // the row of zeros is never a row another width has written.
        if self.terms.len() != 4 * row {
            self.terms = vec![0.0; 4 * row];
        }
        let base = self.terms.as_mut_ptr();
        // SAFETY: four rows of `row` values, allocated above.
        let [r0, r1, r2, zeros] = std::array::from_fn(|s| TermRow(unsafe { base.add(s * row) }));
        ([r0, r1, r2], zeros)
    }
}

/// Row `j`, the `W` columns from `a` (ring index `at`): each point's eight
/// terms summed in the original's order, the move, the floor and the
/// spheres, stored into `dst`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
unsafe fn finish<V: Lanes, const W: usize>(
    src: &Grid<*const f64>,
    dst: &Grid<*mut f64>,
    j: usize,
    a: usize,
    on: V::Mask,
    partial: bool,
    (above, this, at): (TermRow<W>, TermRow<W>, usize),
    spheres: &SphereSet,
) {
    let k = j * src.n + a;
    let mut p = [V::splat(0.0); 3];
    for (axis, p) in p.iter_mut().enumerate() {
        // SAFETY: ring indices at - 1 ..= at + 1 hold this strip's columns
        // a - 1 .. a + W + 1 (zeros off the grid); positions as in
        // `springs`, masked in a partial vector.
        unsafe {
            let nw = V::load(above.at(SOUTH_EAST, axis, at - 1));
            let north = V::load(above.at(SOUTH, axis, at));
            let ne = V::load(above.at(SOUTH_WEST, axis, at + 1));
            let west = V::load(this.at(EAST, axis, at - 1));
            let east = V::load(this.at(EAST, axis, at));
            let sw = V::load(this.at(SOUTH_WEST, axis, at));
            let south = V::load(this.at(SOUTH, axis, at));
            let se = V::load(this.at(SOUTH_EAST, axis, at));
            let m0 = V::splat(if axis == 1 { -GRAVITY } else { 0.0 });
            let m = m0.sub(nw).sub(north).sub(ne).sub(west);
            let m = m.add(east).add(sw).add(south).add(se);
            let pos = if partial {
                V::load_masked(src.xyz[axis].add(k), on)
            } else {
                V::load(src.xyz[axis].add(k))
            };
            *p = pos.add(m);
        }
    }
    // The floor: `if y < FLOOR_Y { y = FLOOR_Y }` is `y > FLOOR_Y ? y :
    // FLOOR_Y` for every number (y is never NaN), one `maxpd`.
    p[1] = p[1].max(V::splat(FLOOR_Y));
    for s in 0..SPHERE_COUNT {
        collide_sphere(&mut p, spheres, s, on);
    }
    for (axis, p) in p.iter().enumerate() {
        // SAFETY: row j of dst, lanes on the grid.
        unsafe {
            let q = dst.xyz[axis].add(k);
            if partial {
                p.store_masked(q, on)
            } else {
                p.store(q)
            }
        }
    }
}

/// Sphere `s`, as [`crate::sim::collide`]: a point inside is pushed out
/// along the radius, one exactly at the centre goes out through the top.
#[inline(always)]
fn collide_sphere<V: Lanes>(p: &mut Xyz<V>, spheres: &SphereSet, s: usize, on: V::Mask) {
    let (c, r) = (spheres.c[s], spheres.r[s]);
    // A first look along z, the axis a row's points share most, then y:
    // two compares each against the sphere's slab (`SphereSet::slab`, a
    // little wider than the sphere), which no point that passes the test
    // `d < r * r` below lies outside. The points outside are skipped,
    // which changes nothing.
    let [lo, hi] = spheres.slab[s];
    let near = p[2].lt_in(V::splat(hi[1]), V::splat(lo[1]).lt_in(p[2], on));
    if !V::any(near) {
        return;
    }
    if !V::any(p[1].lt_in(V::splat(hi[0]), V::splat(lo[0]).lt_in(p[1], near))) {
        return;
    }
    let c = [V::splat(c[0]), V::splat(c[1]), V::splat(c[2])];
    let (dy, dz) = (p[1].sub(c[1]), p[2].sub(c[2]));
    let v = [p[0].sub(c[0]), dy, dz];
    let d = v[0].mul(v[0]).add(v[1].mul(v[1])).add(v[2].mul(v[2]));
    let inside = V::and(d.lt(V::splat(r * r)), on);
    if !V::any(inside) {
        return;
    }
    let r = V::splat(r);
    let centre = V::and(inside, d.eq(V::splat(0.0)));
    let push = V::and_not(inside, centre);
    let s = V::push_scale(r, d, push);
    for a in 0..3 {
        p[a] = V::select(push, v[a].mul(s).add(c[a]), p[a]);
    }
    p[1] = V::select(centre, c[1].add(r), p[1]);
}

/// Ask the cache for the cache lines of row `r` of each coordinate array
/// (a hint: nothing changes but timing; no-op where the architecture has no
/// prefetch instruction in stable Rust).
///
/// # Safety
/// Row `r` is on the grid.
#[inline(always)]
unsafe fn prefetch_row(g: &Grid<*const f64>, r: usize) {
    #[cfg(target_arch = "x86_64")]
    for axis in g.xyz {
        // SAFETY: the caller's; every offset lies in the row (64-byte
        // steps, then its last value, so that a row not aligned to a line
        // has its last line too).
        unsafe {
            let row = axis.add(r * g.n);
            for o in (0..g.n).step_by(8).chain([g.n - 1]) {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch::<_MM_HINT_T0>(row.add(o).cast::<i8>());
            }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (g, r);
}

/// Rows `j0..j1` of one pass, from `src` into the same rows of `dst`.
/// `W` is `V::W` (a parameter so the ring's offsets are constants).
/// `below` is called once, just before the band first reads row `j1` of
/// `src` (if `j1 < n`): the springs of its last row, late in the band
/// unless the band is a single row. Rows `j0 - 1 ..= j1` are all `src`
/// rows the band reads; it writes rows `j0..j1` of `dst`, the last of them
/// after `below` returns.
///
/// # Safety
/// `src` and `dst` are `n x n` grids; while the band runs no one writes
/// rows `j0 - 1 .. j1` of `src` (nor row `j1` once `below` has returned),
/// and no one else reads or writes rows `j0 .. j1 - 1` of `dst` (nor row
/// `j1 - 1` once `below` has returned); the path's instruction set is
/// enabled.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn band<V: Lanes, const W: usize, const FMA: u8>(
    src: &Grid<*const f64>,
    dst: &Grid<*mut f64>,
    j0: usize,
    j1: usize,
    spheres: &SphereSet,
    ws: &mut Workspace,
    below: &dyn Fn(),
) {
    assert_eq!(W, V::W);
    let n = src.n;
    debug_assert!(j0 < j1 && j1 <= n && dst.n == n);
    // Whether row j1 may be read yet (there is none below the grid).
    let mut below_ready = j1 == n;
    macro_rules! before_row_below {
        () => {
            if !below_ready {
                below();
                below_ready = true;
            }
        };
    }
    let (ring, zeros) = ws.ring::<W>();
    // The rows just outside the band, which the band reads and the bands
    // beside it wrote in the last pass (their cache lines are in another
    // core's cache): asked for now, the transfer of the row below overlaps
    // the band's work instead of stalling its last rows (two threads at
    // 32 x 32: the top band 5 us a step faster, the step 5-7%).
    for r in [j0.wrapping_sub(1), j1] {
        if r < n {
            // SAFETY: row r is on the grid.
            unsafe { prefetch_row(src, r) };
        }
    }
    // Ring slots: row j0 - 1 in slot 0 (unless j0 is 0: the row above the
    // grid is `zeros`), j0 in 1, j0 + 1 in 2, j0 + 2 in 0...
    macro_rules! slot {
        ($r:expr) => {
            ring[($r + 1 - j0) % 3]
        };
    }
    for s0 in (0..n).step_by(STRIP) {
        let s1 = (s0 + STRIP).min(n);
        // Springs on columns c0..c1, output on s0..s1; column `col` of the
        // strip at ring index `col + W - s0` (`c0 + W - s0` is `W - 1` or
        // `W`).
        let (c0, c1) = (s0.saturating_sub(1), (s1 + 1).min(n));
        let spring_vectors = (c1 - c0).div_ceil(W);
        let out_vectors = (s1 - s0).div_ceil(W);
        // Zeros the sums read off the grid: column -1 of the east and
        // south-east terms, column n of the south-west ones (the row above
        // the grid is `zeros`). Nothing in this strip writes them.
        for row in ring {
            for a in 0..3 {
                // SAFETY: ring indices inside a term row.
                unsafe {
                    if s0 == 0 {
                        *row.at(EAST, a, W - 1) = 0.0;
                        *row.at(SOUTH_EAST, a, W - 1) = 0.0;
                    }
                    if s1 == n {
                        *row.at(SOUTH_WEST, a, n + W - s0) = 0.0;
                    }
                }
            }
        }
        // The springs of row r, vector k of this strip, into its ring slot.
        macro_rules! row_springs {
            ($r:expr, $k:expr, $far:expr) => {{
                let a = c0 + $k * W;
                let cols = columns::<V>(n, a);
                // SAFETY: row r is on the grid; the ring index is inside.
                $far = V::or($far, unsafe {
                    springs::<V, W, FMA>(src, $r, a, &cols, slot!($r), a + W - s0)
                });
            }};
        }
        for r in j0.saturating_sub(1)..=j0 {
            if r + 1 == j1 {
                before_row_below!();
            }
            let mut far = V::mask_from_bits(0);
            for k in 0..spring_vectors {
                row_springs!(r, k, far);
            }
            if V::any(far) {
                fix_far_row::<W>(src, r, (c0, c1, s0), slot!(r));
            }
        }
        for j in j0..j1 {
            let above = if j == 0 { zeros } else { ring[(j - j0) % 3] };
            let this = slot!(j);
            if j + 2 == j1 {
                // Row j + 1's springs read row j1.
                before_row_below!();
            }
            let mut far = V::mask_from_bits(0);
            for k in 0..spring_vectors {
                if j + 1 < j1 {
                    row_springs!(j + 1, k, far);
                }
                if k < out_vectors {
                    let a = s0 + k * W;
                    let partial = a + W > n;
                    let on = V::lanes_below(n - a);
                    // SAFETY: row j is the band's; the ring holds rows j - 1
                    // and j of this strip.
                    unsafe {
                        finish::<V, W>(
                            src,
                            dst,
                            j,
                            a,
                            on,
                            partial,
                            (above, this, a + W - s0),
                            spheres,
                        )
                    };
                }
            }
            if V::any(far) {
                fix_far_row::<W>(src, j + 1, (c0, c1, s0), slot!(j + 1));
            }
        }
    }
}
