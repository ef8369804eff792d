//! The pass over a band of rows, one kernel for every path: generic over
//! the SIMD [`Lanes`], and over which springs take the FMA square root and
//! division ([`super::exact`]) instead of the divider.
//!
//! Rows are software-pipelined: while the sums and collisions of row `j`
//! are worked out, the springs of row `j + 1` are, in the same loop, one
//! vector of each per iteration. The two halves share no data, so the
//! divider (busy with row `j + 1`'s square roots and divisions) and the
//! other units (row `j`'s sums, floor and spheres) work at once.
//!
//! Each row's spring terms go to a ring of three row buffers (rows
//! `j - 1`, `j`, `j + 1`), a few kilobytes that stay in the first-level
//! cache whatever the grid size.

use super::lanes::Lanes;
use super::{SphereSet, REST_DIAGONAL, REST_EDGE};
use crate::sim::{far_spring_term, FLOOR_Y, GRAVITY, SPHERE_COUNT, STIFFNESS};

/// Spring types a row computes: to the east, south, south-east and
/// south-west neighbour. The other four a point needs are these, negated,
/// from its west neighbour and the row above.
const EAST: usize = 0;
const SOUTH: usize = 1;
const SOUTH_EAST: usize = 2;
const SOUTH_WEST: usize = 3;

/// The three coordinate arrays of a cloth, as raw pointers: the pass
/// reads one buffer while the threads write disjoint rows of the other.
#[derive(Clone, Copy)]
pub(crate) struct Grid<P> {
    pub(crate) xyz: [P; 3],
    /// Points along each side.
    pub(crate) n: usize,
}

impl Grid<*mut f64> {
    /// The same grid, for reading.
    pub(crate) fn to_const(self) -> Grid<*const f64> {
        Grid {
            xyz: self.xyz.map(<*mut f64>::cast_const),
            n: self.n,
        }
    }
}

/// Scratch for one band: the ring of spring terms, kept between passes.
#[derive(Clone, Debug, Default)]
pub(crate) struct Workspace {
    terms: Vec<f64>,
    /// Values per term row: the padded width.
    len: usize,
}

impl Workspace {
    /// Room for rows of `n` points with vectors of `w` lanes. A row's
    /// terms for column `i` sit at `w + i`; the slots before and after the
    /// row are zero (the neighbours off the grid) and stay so.
    fn fit(&mut self, n: usize, w: usize) {
        let len = n.div_ceil(w) * w + 2 * w;
        if self.len != len {
            self.len = len;
            self.terms = vec![0.0; 3 * 4 * 3 * len];
        }
    }

    /// Start of the terms of spring type `t`, axis `a`, ring slot `slot`.
    #[inline(always)]
    fn at(&mut self, slot: usize, t: usize, a: usize) -> *mut f64 {
        debug_assert!(slot < 3 && t < 4 && a < 3);
        // SAFETY: in bounds, by the asserted ranges and the size in `fit`.
        unsafe {
            self.terms
                .as_mut_ptr()
                .add(((slot * 4 + t) * 3 + a) * self.len)
        }
    }
}

/// Lane masks for one vector of a row: the lanes on the grid, those with
/// an east neighbour, those with a west neighbour.
#[derive(Clone, Copy)]
struct Columns<M> {
    on: M,
    east: M,
    west: M,
    /// The row's last vector: loads there are masked.
    last: bool,
}

fn columns<V: Lanes>(n: usize, c: usize) -> Columns<V::Mask> {
    let w = V::W;
    let bits =
        |f: &dyn Fn(usize) -> bool| (0..w).filter(|&l| f(c * w + l)).fold(0, |b, l| b | 1 << l);
    Columns {
        on: V::mask_from_bits(bits(&|i| i < n)),
        east: V::mask_from_bits(bits(&|i| i + 1 < n)),
        west: V::mask_from_bits(bits(&|i| i >= 1 && i < n)),
        last: (c + 1) * w >= n,
    }
}

/// A vector of three coordinates.
type Xyz<V> = [V; 3];

#[inline(always)]
unsafe fn load3<V: Lanes>(g: &Grid<*const f64>, k: usize, m: V::Mask, masked: bool) -> Xyz<V> {
    // SAFETY: the caller's index is on the grid for the lanes of `m`, and
    // for all lanes when `masked` is false.
    g.xyz.map(|p| unsafe {
        if masked {
            V::load_masked(p.add(k), m)
        } else {
            V::load(p.add(k))
        }
    })
}

/// One vector of springs: the term `v * dd` each lane's point gets from
/// its neighbour `b` (`a` the point), zero off `mask` and where `d` is too
/// small, as [`crate::sim::spring_term`]. Sets `far` where `d` overflowed
/// (those terms are redone by the scalar function).
#[inline(always)]
fn spring<V: Lanes>(
    a: &Xyz<V>,
    b: &Xyz<V>,
    rest: V,
    mask: V::Mask,
    fma: bool,
    far: &mut bool,
) -> Xyz<V> {
    let v = [b[0].sub(a[0]), b[1].sub(a[1]), b[2].sub(a[2])];
    let d = v[0].mul(v[0]).add(v[1].mul(v[1])).add(v[2].mul(v[2]));
    let dd = V::spring_dd(d, rest, V::splat(STIFFNESS), fma);
    let overflow = V::and(d.not_finite(), mask);
    *far |= V::any(overflow);
    // Off the mask, `v` is finite (a masked load reads zeros), so a zero
    // `dd` makes the term an exact zero; an overflowed `d` gets zero here
    // and its real term from the scalar function.
    let ok = V::and_not(V::and(d.ge(V::splat(f64::MIN_POSITIVE)), mask), overflow);
    let dd = V::zero_unless(ok, dd);
    [v[0].mul(dd), v[1].mul(dd), v[2].mul(dd)]
}

/// The springs of row `r`, vector `c`, into ring slot `slot`: the row's
/// part of the software pipeline. Returns whether a `d` overflowed.
#[inline(always)]
unsafe fn springs_row<V: Lanes, const FMA: u8>(
    src: &Grid<*const f64>,
    r: usize,
    c: usize,
    cols: &Columns<V::Mask>,
    ws: &mut Workspace,
    slot: usize,
) -> bool {
    let (n, w) = (src.n, V::W);
    let i = c * w;
    let k = r * n + i;
    let mut far = false;
    // SAFETY: the last vector's loads are masked to the grid's columns;
    // every other vector of a row lies inside that row and the next, and
    // rows below the last are not read.
    unsafe {
        let a = load3::<V>(src, k, cols.on, cols.last);
        let b = load3::<V>(src, k + 1, cols.east, cols.last);
        let e = spring(
            &a,
            &b,
            V::splat(REST_EDGE),
            cols.east,
            FMA & 1 != 0,
            &mut far,
        );
        let store = |ws: &mut Workspace, t: usize, v: &Xyz<V>| {
            for (axis, v) in v.iter().enumerate() {
                v.store(ws.at(slot, t, axis).add(w + i));
            }
        };
        store(ws, EAST, &e);
        if r + 1 < n {
            let b = load3::<V>(src, k + n, cols.on, cols.last);
            let s = spring(&a, &b, V::splat(REST_EDGE), cols.on, FMA & 2 != 0, &mut far);
            store(ws, SOUTH, &s);
            let b = load3::<V>(src, k + n + 1, cols.east, cols.last);
            let se = spring(
                &a,
                &b,
                V::splat(REST_DIAGONAL),
                cols.east,
                FMA & 4 != 0,
                &mut far,
            );
            store(ws, SOUTH_EAST, &se);
            // Masked in the first vector too, so that lane 0 (no west
            // neighbour) reads zeros rather than the previous row's end.
            let b = load3::<V>(src, k + n - 1, cols.west, cols.last || c == 0);
            let sw = spring(
                &a,
                &b,
                V::splat(REST_DIAGONAL),
                cols.west,
                FMA & 8 != 0,
                &mut far,
            );
            store(ws, SOUTH_WEST, &sw);
        } else {
            let zero = [V::splat(0.0); 3];
            for t in [SOUTH, SOUTH_EAST, SOUTH_WEST] {
                store(ws, t, &zero);
            }
        }
    }
    far
}

/// Redo, with the scalar [`far_spring_term`], the springs of row `r` whose
/// `d` overflowed (points more than about 1e154 apart: never in the demo).
fn fix_far_row(src: &Grid<*const f64>, r: usize, w: usize, ws: &mut Workspace, slot: usize) {
    let n = src.n;
    // SAFETY: every index is a point on the grid.
    let p = |k: usize| src.xyz.map(|a| unsafe { *a.add(k) });
    for i in 0..n {
        let a = p(r * n + i);
        let mut redo = |t: usize, b: usize, rest: f64| {
            let b = p(b);
            let v = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
            if !(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).is_finite() {
                let term = far_spring_term(a, b, rest);
                for (axis, x) in term.into_iter().enumerate() {
                    // SAFETY: column i of a term row.
                    unsafe { *ws.at(slot, t, axis).add(w + i) = x };
                }
            }
        };
        if i + 1 < n {
            redo(EAST, r * n + i + 1, REST_EDGE);
        }
        if r + 1 < n {
            redo(SOUTH, (r + 1) * n + i, REST_EDGE);
            if i + 1 < n {
                redo(SOUTH_EAST, (r + 1) * n + i + 1, REST_DIAGONAL);
            }
            if i >= 1 {
                redo(SOUTH_WEST, (r + 1) * n + i - 1, REST_DIAGONAL);
            }
        }
    }
}

/// Row `j`, vector `c`: each point's eight terms summed in the original's
/// order, the move, the floor and the spheres, stored into `dst`.
#[inline(always)]
unsafe fn finish_row<V: Lanes>(
    src: &Grid<*const f64>,
    dst: &Grid<*mut f64>,
    j: usize,
    c: usize,
    cols: &Columns<V::Mask>,
    ws: &mut Workspace,
    (above, this): (usize, usize),
    spheres: &SphereSet,
) {
    let (n, w) = (src.n, V::W);
    let i = c * w;
    let k = j * n + i;
    let mut p = [V::splat(0.0); 3];
    for axis in 0..3 {
        // SAFETY: term rows have a zero slot on each side of the row, and
        // room for whole vectors; positions as in `springs_row`.
        unsafe {
            let t =
                |ws: &mut Workspace, slot, ty, off: usize| V::load(ws.at(slot, ty, axis).add(off));
            let nw = t(ws, above, SOUTH_EAST, w + i - 1);
            let north = t(ws, above, SOUTH, w + i);
            let ne = t(ws, above, SOUTH_WEST, w + i + 1);
            let west = t(ws, this, EAST, w + i - 1);
            let east = t(ws, this, EAST, w + i);
            let sw = t(ws, this, SOUTH_WEST, w + i);
            let south = t(ws, this, SOUTH, w + i);
            let se = t(ws, this, SOUTH_EAST, w + i);
            let m0 = V::splat(if axis == 1 { -GRAVITY } else { 0.0 });
            let m = m0.sub(nw).sub(north).sub(ne).sub(west);
            let m = m.add(east).add(sw).add(south).add(se);
            let pos = if cols.last {
                V::load_masked(src.xyz[axis].add(k), cols.on)
            } else {
                V::load(src.xyz[axis].add(k))
            };
            p[axis] = pos.add(m);
        }
    }
    let floor = V::splat(FLOOR_Y);
    p[1] = V::select(p[1].lt(floor), floor, p[1]);
    for s in 0..SPHERE_COUNT {
        collide_sphere(&mut p, spheres.c[s], spheres.r[s], cols.on);
    }
    for axis in 0..3 {
        // SAFETY: row j of dst, lanes on the grid.
        unsafe {
            let q = dst.xyz[axis].add(k);
            if cols.last {
                p[axis].store_masked(q, cols.on)
            } else {
                p[axis].store(q)
            }
        }
    }
}

/// One sphere, as [`crate::sim::collide`]: a point inside is pushed out
/// along the radius, one exactly at the centre goes out through the top.
#[inline(always)]
fn collide_sphere<V: Lanes>(p: &mut Xyz<V>, c: [f64; 3], r: f64, on: V::Mask) {
    let c = c.map(V::splat);
    let v = [p[0].sub(c[0]), p[1].sub(c[1]), p[2].sub(c[2])];
    let d = v[0].mul(v[0]).add(v[1].mul(v[1])).add(v[2].mul(v[2]));
    let inside = V::and(d.lt(V::splat(r * r)), on);
    if !V::any(inside) {
        return;
    }
    let r = V::splat(r);
    let centre = V::and(inside, d.eq(V::splat(0.0)));
    let push = V::and_not(inside, centre);
    let s = r.div(d.sqrt());
    for a in 0..3 {
        p[a] = V::select(push, v[a].mul(s).add(c[a]), p[a]);
    }
    p[1] = V::select(centre, c[1].add(r), p[1]);
}

/// Rows `j0..j1` of one pass, from `src` into the same rows of `dst`.
///
/// # Safety
/// `src` and `dst` are `n x n` grids; no one writes `src` or those rows of
/// `dst` meanwhile, and the path's instruction set is enabled.
#[inline(always)]
pub(crate) unsafe fn band<V: Lanes, const FMA: u8>(
    src: &Grid<*const f64>,
    dst: &Grid<*mut f64>,
    j0: usize,
    j1: usize,
    spheres: &SphereSet,
    ws: &mut Workspace,
) {
    let (n, w) = (src.n, V::W);
    debug_assert!(j0 < j1 && j1 <= n && dst.n == n);
    ws.fit(n, w);
    let nv = n.div_ceil(w);
    // Ring slots: row j0 - 1 in slot 0, j0 in 1, j0 + 1 in 2, j0 + 2 in 0...
    let slot = |r: usize| (r + 1 - j0) % 3;
    // The row above the band: its downward springs, or zeros off the grid.
    if j0 == 0 {
        for t in [SOUTH, SOUTH_EAST, SOUTH_WEST] {
            for a in 0..3 {
                // SAFETY: a whole term row, slot 0 (row -1).
                unsafe { std::ptr::write_bytes(ws.at(0, t, a), 0, ws.len) };
            }
        }
    }
    for r in j0.saturating_sub(1)..=j0 {
        let mut far = false;
        for c in 0..nv {
            // SAFETY: row r is on the grid.
            far |= unsafe { springs_row::<V, FMA>(src, r, c, &columns::<V>(n, c), ws, slot(r)) };
        }
        if far {
            fix_far_row(src, r, w, ws, slot(r));
        }
    }
    for j in j0..j1 {
        let (above, this, next) = ((j - j0) % 3, slot(j), slot(j + 1));
        let mut far = false;
        for c in 0..nv {
            let cols = columns::<V>(n, c);
            // SAFETY: rows j + 1 and j are on the grid, the band's own.
            unsafe {
                if j + 1 < j1 {
                    far |= springs_row::<V, FMA>(src, j + 1, c, &cols, ws, next);
                }
                finish_row::<V>(src, dst, j, c, &cols, ws, (above, this), spheres);
            }
        }
        if far {
            fix_far_row(src, j + 1, w, ws, next);
        }
    }
}
