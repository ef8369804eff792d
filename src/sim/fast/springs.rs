//! One vector of a row's springs: the first half of the pipelined pass
//! ([`super::kernel`]), with the masks for the grid's edges and the
//! scalar redo of the rare overflowed spring.

use super::grid::{Grid, TermRow, EAST, SOUTH, SOUTH_EAST, SOUTH_WEST};
use super::lanes::Lanes;
use crate::sim::{far_spring_term, DIST, SPACING, STIFFNESS};

/// Rest length of the springs along the grid lines.
const REST_EDGE: f64 = SPACING * DIST[2][3];
/// Rest length of the diagonal springs.
const REST_DIAGONAL: f64 = SPACING * DIST[3][3];

/// Lane masks for one vector at column `a`: the lanes on the grid, those
/// with an east neighbour, those with a west neighbour; and whether any
/// lane lacks one (an edge vector, whose loads are masked).
#[derive(Clone, Copy)]
pub(super) struct Columns<M> {
    on: M,
    east: M,
    west: M,
    edge: bool,
}

#[inline(always)]
pub(super) fn columns<V: Lanes>(cpu: V::Token, n: usize, a: usize) -> Columns<V::Mask> {
    let on = V::lanes_below(cpu, n - a);
    let east = V::lanes_below(cpu, n - a - 1);
    let west = if a == 0 {
        V::and_not(on, V::lanes_below(cpu, 1))
    } else {
        on
    };
    Columns {
        on,
        east,
        west,
        edge: a == 0 || a + V::W >= n,
    }
}

/// A vector of three coordinates.
pub(super) type Xyz<V> = [V; 3];

/// The coordinates at grid index `k`, all lanes, or (`masked`) only
/// those of `m`. (No closures in the kernel: a closure is compiled without
/// the caller's instruction set, and its intrinsics would not inline.)
#[inline(always)]
pub(super) unsafe fn load3<V: Lanes>(
    cpu: V::Token,
    g: &Grid<*const f64>,
    k: usize,
    m: V::Mask,
    masked: bool,
) -> Xyz<V> {
    // SAFETY: the caller's index is on the grid for the lanes of `m`, and
    // for all lanes when `masked` is false.
    unsafe {
        let [x, y, z] = g.xyz;
        if masked {
            [
                V::load_masked(cpu, x.add(k), m),
                V::load_masked(cpu, y.add(k), m),
                V::load_masked(cpu, z.add(k), m),
            ]
        } else {
            [
                V::load(cpu, x.add(k)),
                V::load(cpu, y.add(k)),
                V::load(cpu, z.add(k)),
            ]
        }
    }
}

/// Store a vector of terms of type `t` at ring index `at`.
#[inline(always)]
fn store3<V: Lanes, const W: usize>(out: TermRow<W>, t: usize, at: usize, v: &Xyz<V>) {
    for (axis, v) in v.iter().enumerate() {
        // SAFETY: inside the term row (`TermRow::at` checks).
        unsafe { v.store(out.at(t, axis, at)) };
    }
}

/// One vector of springs: the term `v * dd` each lane's point gets from
/// its neighbour `b` (`a` the point), zero off `mask` and where `d` is too
/// small, as [`crate::sim::spring_term`]. Adds to `odd` the lanes of
/// `mask` whose `d` is not normal: too small, or overflowed (those terms
/// are redone by the scalar function).
#[inline(always)]
fn spring<V: Lanes>(
    cpu: V::Token,
    a: &Xyz<V>,
    b: &Xyz<V>,
    rest: f64,
    mask: V::Mask,
    (fma_sqrt, fma_div): (bool, bool),
    odd: &mut V::Mask,
) -> Xyz<V> {
    let v = [b[0].sub(a[0]), b[1].sub(a[1]), b[2].sub(a[2])];
    let d = v[0].mul(v[0]).add(v[1].mul(v[1])).add(v[2].mul(v[2]));
    let dd = V::spring_dd(
        d,
        V::splat(cpu, rest),
        V::splat(cpu, STIFFNESS),
        fma_sqrt,
        fma_div,
    );
    // The usual case: `d` a normal number (d >= 0 or NaN, so that is
    // MIN_POSITIVE <= d < infinity). Elsewhere the term is zero here: off
    // the mask `v` is finite (a masked load reads zeros), so a zero `dd`
    // makes it an exact zero; where `d` is too small, zero is its term; an
    // overflowed `d` is flagged in `odd` and gets its real term from the
    // scalar function.
    let ok = d.lt_in(
        V::splat(cpu, f64::INFINITY),
        d.ge_in(V::splat(cpu, f64::MIN_POSITIVE), mask),
    );
    *odd = V::or(*odd, V::and_not(mask, ok));
    let dd = V::zero_unless(ok, dd);
    [v[0].mul(dd), v[1].mul(dd), v[2].mul(dd)]
}

/// Whether spring type `t` takes the FMA square root (bit `t` of `FMA`)
/// and division (bit `t + 4`).
#[inline(always)]
const fn fma<const FMA: u8>(t: u8) -> (bool, bool) {
    (FMA >> t & 1 != 0, FMA >> (t + 4) & 1 != 0)
}

/// The springs of row `r` for the `W` columns from `a`, into `out` at ring
/// index `at`: the row's half of the software pipeline; the east springs
/// only if `east` (a band leaves them out for the row above it, whose
/// points are not its own: its first row needs only the three springs
/// from above, and the east terms are left as they were). Returns the
/// lanes whose `d` is not normal (see [`spring`]).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(super) unsafe fn springs<V: Lanes, const W: usize, const FMA: u8>(
    cpu: V::Token,
    src: &Grid<*const f64>,
    r: usize,
    a: usize,
    cols: &Columns<V::Mask>,
    east: bool,
    out: TermRow<W>,
    at: usize,
) -> V::Mask {
    let n = src.n;
    let k = r * n + a;
    let m = cols.edge;
    let mut odd = V::mask_from_bits(cpu, 0);
    // SAFETY: an edge vector's loads are masked to neighbours on the
    // grid; any other vector's points and neighbours lie inside rows r and
    // r + 1, and the row below the last is not read.
    unsafe {
        let p = load3::<V>(cpu, src, k, cols.on, m);
        if east {
            let b = load3::<V>(cpu, src, k + 1, cols.east, m);
            let e = spring(cpu, &p, &b, REST_EDGE, cols.east, fma::<FMA>(0), &mut odd);
            store3(out, EAST, at, &e);
        }
        if r + 1 < n {
            let b = load3::<V>(cpu, src, k + n, cols.on, m);
            let s = spring(cpu, &p, &b, REST_EDGE, cols.on, fma::<FMA>(1), &mut odd);
            store3(out, SOUTH, at, &s);
            let b = load3::<V>(cpu, src, k + n + 1, cols.east, m);
            let se = spring(
                cpu,
                &p,
                &b,
                REST_DIAGONAL,
                cols.east,
                fma::<FMA>(2),
                &mut odd,
            );
            store3(out, SOUTH_EAST, at, &se);
            let b = load3::<V>(cpu, src, k + n - 1, cols.west, m);
            let sw = spring(
                cpu,
                &p,
                &b,
                REST_DIAGONAL,
                cols.west,
                fma::<FMA>(3),
                &mut odd,
            );
            store3(out, SOUTH_WEST, at, &sw);
        } else {
            let zero = [V::splat(cpu, 0.0); 3];
            for t in [SOUTH, SOUTH_EAST, SOUTH_WEST] {
                store3(out, t, at, &zero);
            }
        }
    }
    odd
}

/// Redo, with the scalar [`far_spring_term`], the springs of row `r`,
/// columns `c0..c1` (ring index `col + W - s0`), whose `d` overflowed (points
/// more than about 1e154 apart: never in the demo).
pub(super) fn fix_far_row<const W: usize>(
    src: &Grid<*const f64>,
    r: usize,
    (c0, c1, s0): (usize, usize, usize),
    out: TermRow<W>,
) {
    let n = src.n;
    // SAFETY: every index is a point on the grid.
    let p = |k: usize| src.xyz.map(|a| unsafe { *a.add(k) });
    for i in c0..c1 {
        let a = p(r * n + i);
        let redo = |t: usize, b: usize, rest: f64| {
            let b = p(b);
            let v = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
            if !(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).is_finite() {
                let term = far_spring_term(a, b, rest);
                for (axis, x) in term.into_iter().enumerate() {
                    // SAFETY: a column of the strip's term row.
                    unsafe { *out.at(t, axis, i + W - s0) = x };
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
