//! The fast pass: exactly the arithmetic of [`super::reference`], reorganised
//! so that it runs several times faster and gives the same bits.
//!
//! What changes, and why each change is exact:
//!
//! - **Each spring is computed once.** The spring from point `a` to `b`
//!   gives `a` the term `v * dd` with `v = b - a`. Seen from `b`,
//!   `v' = a - b = -v` exactly (IEEE subtraction is antisymmetric), `d` is
//!   the same sum of the same squares, so `dd` is the same, and `b`'s term
//!   is exactly `-(v * dd)`. So each row computes its springs to the east,
//!   south, south-east and south-west neighbours once, and each point takes
//!   the other four (north-west, north, north-east, west) negated from the
//!   rows and points that computed them. `m - t` is the IEEE operation
//!   `m + (-t)`, so subtracting the stored term is adding the neighbour's.
//! - **Each point still sums its eight terms in the original's order**
//!   (north-west, north, north-east, west, east, south-west, south,
//!   south-east), starting from `(0, -0.001, 0)`: addition is not
//!   associative, so the order is part of the result.
//! - **Rows are processed with a rolling buffer** of two rows of
//!   downward springs (structure of arrays), so the working set stays in
//!   cache whatever the grid size.
//! - **Edges are padding, not branches.** A missing neighbour (off the
//!   grid) contributes an exact zero term, so every point of every row is
//!   summed by the same branch-free loop, which the compiler vectorises
//!   (SIMD across points; `sqrt` and division round exactly in SIMD too).
//!   Adding zero is exact here: `m` starts at `+0` or `-0.001` and a
//!   round-to-nearest sum is `-0` only when both operands are, so `m` is
//!   never `-0`, and `m + 0 == m` for every other value.
//! - **SIMD width is picked at run time** (AVX-512, AVX2, or the baseline
//!   SSE2 on x86-64; the baseline elsewhere), so one binary runs on any
//!   machine. No fused multiply-add is enabled and Rust never contracts or
//!   reassociates floating point, so every operation rounds as C's does.
//! - **Large grids are split into bands of rows** run on all cores. A band
//!   recomputes the springs across its top edge from the same old positions,
//!   which gives the same bits as the band above would.

use rayon::prelude::*;

use super::{Cloth, Spheres, DIST, FLOOR_Y, GRAVITY, SPACING, SPHERE_COUNT, STIFFNESS};

/// Rest length of the springs along the grid lines.
const REST_EDGE: f64 = SPACING * DIST[2][3];
/// Rest length of the diagonal springs.
const REST_DIAGONAL: f64 = SPACING * DIST[3][3];

/// Grids with at least this many points a side are split into bands and
/// run on all cores; smaller ones stay on one thread, where a hand-off
/// costs more than it saves.
pub const PARALLEL_MIN_GRID: usize = 128;

/// Rows per band at the least, so each thread has enough work.
const MIN_BAND_ROWS: usize = 16;

/// One value per point of a row plus one of padding at each end, `(x, y,
/// z)` as three arrays of `n + 2`: point `i` at index `i + 1`. Used both
/// for a row's points (padded with copies of the end points) and for the
/// spring terms starting at each point (padded, and zero where the
/// neighbour is off the grid).
#[derive(Clone, Debug, Default)]
struct Padded {
    x: Vec<f64>,
    y: Vec<f64>,
    z: Vec<f64>,
}

impl Padded {
    fn resize(&mut self, n: usize) {
        for v in [&mut self.x, &mut self.y, &mut self.z] {
            v.resize(n + 2, 0.0);
        }
    }

    fn zero(&mut self) {
        for v in [&mut self.x, &mut self.y, &mut self.z] {
            v.fill(0.0);
        }
    }

    /// Set the term of point `i` to zero (its neighbour is off the grid).
    fn zero_at(&mut self, i: usize) {
        self.x[i + 1] = 0.0;
        self.y[i + 1] = 0.0;
        self.z[i + 1] = 0.0;
    }

    /// Copy row `j` of `src` in, padded with copies of its end points.
    fn load_row(&mut self, src: &Cloth, j: usize) {
        let n = src.n();
        let r = j * n..(j + 1) * n;
        for (o, v) in [
            (&mut self.x, &src.x),
            (&mut self.y, &src.y),
            (&mut self.z, &src.z),
        ] {
            let row = &v[r.clone()];
            o[1..n + 1].copy_from_slice(row);
            o[0] = row[0];
            o[n + 1] = row[n - 1];
        }
    }

    /// The x (0), y (1) or z (2) array.
    #[inline(always)]
    fn axis(&self, axis: usize) -> &[f64] {
        match axis {
            0 => &self.x,
            1 => &self.y,
            _ => &self.z,
        }
    }
}

/// The springs from one row down to the next, by the point they start
/// from: to the south (`s`), south-east (`se`) and south-west (`sw`)
/// neighbour.
#[derive(Clone, Debug, Default)]
struct Down {
    s: Padded,
    se: Padded,
    sw: Padded,
}

impl Down {
    fn zero(&mut self) {
        self.s.zero();
        self.se.zero();
        self.sw.zero();
    }
}

/// Scratch rows for one band: the springs from the row above down into
/// this one, this row's east springs, this row's springs down, and this
/// row's and the next row's points.
#[derive(Clone, Debug, Default)]
pub(crate) struct Workspace {
    up: Down,
    east: Padded,
    down: Down,
    cur: Padded,
    next: Padded,
}

impl Workspace {
    fn resize(&mut self, n: usize) {
        for t in [
            &mut self.up.s,
            &mut self.up.se,
            &mut self.up.sw,
            &mut self.east,
            &mut self.down.s,
            &mut self.down.se,
            &mut self.down.sw,
            &mut self.cur,
            &mut self.next,
        ] {
            t.resize(n);
        }
    }
}

/// The term `v * dd` that the spring from `a` to `b` with rest length
/// `rest` gives `a`, and whether `d` overflowed. The operations of
/// [`super::spring_term`], written so they vectorise: the too-close case is
/// a select, and an overflowed `d` (its term here is NaN) is flagged for
/// the caller to redo with the scalar function.
#[inline(always)]
fn term(a: [f64; 3], b: [f64; 3], rest: f64) -> ([f64; 3], bool) {
    let vx = b[0] - a[0];
    let vy = b[1] - a[1];
    let vz = b[2] - a[2];
    let d = vx * vx + vy * vy + vz * vz;
    let dd = (STIFFNESS * (d.sqrt() - rest)) / d;
    let dd = if d >= f64::MIN_POSITIVE { dd } else { 0.0 };
    ([vx * dd, vy * dd, vz * dd], !d.is_finite())
}

/// Terms `a[k + ka] -> b[k + kb]` for `k in 0..n` into `out[k + 1]`, where
/// `a`, `b` are padded rows and `ka`, `kb` in `0..=2` pick the neighbour.
#[inline(always)]
fn springs(a: &Padded, ka: usize, b: &Padded, kb: usize, n: usize, rest: f64, out: &mut Padded) {
    let (ax, ay, az) = (&a.x[ka..ka + n], &a.y[ka..ka + n], &a.z[ka..ka + n]);
    let (bx, by, bz) = (&b.x[kb..kb + n], &b.y[kb..kb + n], &b.z[kb..kb + n]);
    let (ox, oy, oz) = (
        &mut out.x[1..n + 1],
        &mut out.y[1..n + 1],
        &mut out.z[1..n + 1],
    );
    let mut far = false;
    for k in 0..n {
        let (t, overflow) = term([ax[k], ay[k], az[k]], [bx[k], by[k], bz[k]], rest);
        ox[k] = t[0];
        oy[k] = t[1];
        oz[k] = t[2];
        far |= overflow;
    }
    if far {
        // Points so far apart that `d` overflowed: rare, and redone apart.
        for k in 0..n {
            let (a, b) = ([ax[k], ay[k], az[k]], [bx[k], by[k], bz[k]]);
            if term(a, b, rest).1 {
                let t = super::far_spring_term(a, b, rest);
                ox[k] = t[0];
                oy[k] = t[1];
                oz[k] = t[2];
            }
        }
    }
}

/// The east springs of the padded row `row`; the last point's is zero.
#[inline(always)]
fn east_springs(row: &Padded, n: usize, out: &mut Padded) {
    springs(row, 1, row, 2, n, REST_EDGE, out);
    out.zero_at(n - 1);
}

/// The springs from padded row `a` down to padded row `b`; the first
/// point's south-west and the last point's south-east are zero.
#[inline(always)]
fn down_springs(a: &Padded, b: &Padded, n: usize, out: &mut Down) {
    springs(a, 1, b, 1, n, REST_EDGE, &mut out.s);
    springs(a, 1, b, 2, n, REST_DIAGONAL, &mut out.se);
    springs(a, 1, b, 0, n, REST_DIAGONAL, &mut out.sw);
    out.se.zero_at(n - 1);
    out.sw.zero_at(0);
}

/// Sphere centres and radii, copied out for the inner loop.
#[derive(Clone, Copy)]
struct SphereSet {
    c: [[f64; 3]; SPHERE_COUNT],
    r: [f64; SPHERE_COUNT],
}

/// Collisions for one row of moved points, in place: the floor clamp, then
/// each sphere in order, the operations of [`super::collide`].
///
/// Sphere by sphere over the whole row gives each point the same sequence
/// of operations as point by point, since a point's check against sphere
/// `k` only reads where sphere `k - 1` left it. The inside test runs as a
/// vectorised count over the row; only a row with a point inside takes the
/// scalar push, with its square root and division.
#[inline(always)]
fn collide_row(x: &mut [f64], y: &mut [f64], z: &mut [f64], s: &SphereSet) {
    let n = x.len();
    let (y, z) = (&mut y[..n], &mut z[..n]);
    for v in y.iter_mut() {
        *v = if *v < FLOOR_Y { FLOOR_Y } else { *v };
    }
    for k in 0..SPHERE_COUNT {
        let [sx, sy, sz] = s.c[k];
        let r = s.r[k];
        let rr = r * r;
        let dist2 = |i: usize, x: &[f64], y: &[f64], z: &[f64]| {
            (x[i] - sx) * (x[i] - sx) + (y[i] - sy) * (y[i] - sy) + (z[i] - sz) * (z[i] - sz)
        };
        let mut inside = 0usize;
        for i in 0..n {
            inside += (dist2(i, x, y, z) < rr) as usize;
        }
        if inside == 0 {
            continue;
        }
        for i in 0..n {
            let d = dist2(i, x, y, z);
            if d < rr {
                if d == 0.0 {
                    // At the centre there is no way out; out through the top.
                    y[i] = sy + r;
                    continue;
                }
                let scale = r / d.sqrt();
                x[i] = (x[i] - sx) * scale + sx;
                y[i] = (y[i] - sy) * scale + sy;
                z[i] = (z[i] - sz) * scale + sz;
            }
        }
    }
}

/// One axis of a row's moves: `out[i] = p[i] + m`, with `m` from `m0`
/// (gravity or 0) plus point `i`'s eight terms in the original's order:
/// north-west, north, north-east and west negated from the points that
/// computed them, then east, south-west, south, south-east. Every slice is
/// `out.len()` long, so the loop has no bounds checks and vectorises.
#[inline(always)]
fn sum_axis(
    m0: f64,
    p: &[f64],
    [nw, north, ne, west]: [&[f64]; 4],
    [east, sw, south, se]: [&[f64]; 4],
    out: &mut [f64],
) {
    let len = out.len();
    let (p, nw, north, ne, west) = (
        &p[..len],
        &nw[..len],
        &north[..len],
        &ne[..len],
        &west[..len],
    );
    let (east, sw, south, se) = (&east[..len], &sw[..len], &south[..len], &se[..len]);
    for i in 0..len {
        let mut m = m0;
        m -= nw[i];
        m -= north[i];
        m -= ne[i];
        m -= west[i];
        m += east[i];
        m += sw[i];
        m += south[i];
        m += se[i];
        out[i] = p[i] + m;
    }
}

/// One band of a pass: rows `j0..j0 + rows` of `dst` from `src`.
#[inline(always)]
fn band(src: &Cloth, j0: usize, dst: [&mut [f64]; 3], spheres: &SphereSet, ws: &mut Workspace) {
    let n = src.n();
    let [dx, dy, dz] = dst;
    let rows = dx.len() / n;
    ws.resize(n);
    ws.cur.load_row(src, j0);
    if j0 > 0 {
        ws.next.load_row(src, j0 - 1);
        down_springs(&ws.next, &ws.cur, n, &mut ws.up);
    } else {
        ws.up.zero();
    }
    for j in j0..j0 + rows {
        east_springs(&ws.cur, n, &mut ws.east);
        if j + 1 < n {
            ws.next.load_row(src, j + 1);
            down_springs(&ws.cur, &ws.next, n, &mut ws.down);
        } else {
            ws.down.zero();
        }
        let r = (j - j0) * n..(j - j0 + 1) * n;
        let out = [&mut dx[r.clone()], &mut dy[r.clone()], &mut dz[r]];
        // Point i's terms, by where they are stored: the term starting at
        // point k sits at index k + 1.
        let (up, down, east) = (&ws.up, &ws.down, &ws.east);
        for (axis, (o, m0)) in out.into_iter().zip([0.0, -GRAVITY, 0.0]).enumerate() {
            sum_axis(
                m0,
                &ws.cur.axis(axis)[1..n + 1],
                [
                    &up.se.axis(axis)[..n],      // from (j-1, i-1)
                    &up.s.axis(axis)[1..n + 1],  // from (j-1, i)
                    &up.sw.axis(axis)[2..n + 2], // from (j-1, i+1)
                    &east.axis(axis)[..n],       // from (j, i-1)
                ],
                [
                    &east.axis(axis)[1..n + 1],
                    &down.sw.axis(axis)[1..n + 1],
                    &down.s.axis(axis)[1..n + 1],
                    &down.se.axis(axis)[1..n + 1],
                ],
                o,
            );
        }
        let r = (j - j0) * n..(j - j0 + 1) * n;
        collide_row(&mut dx[r.clone()], &mut dy[r.clone()], &mut dz[r], spheres);
        std::mem::swap(&mut ws.up, &mut ws.down);
        std::mem::swap(&mut ws.cur, &mut ws.next);
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn band_avx512(src: &Cloth, j0: usize, dst: [&mut [f64]; 3], s: &SphereSet, ws: &mut Workspace) {
    band(src, j0, dst, s, ws)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn band_avx2(src: &Cloth, j0: usize, dst: [&mut [f64]; 3], s: &SphereSet, ws: &mut Workspace) {
    band(src, j0, dst, s, ws)
}

/// [`band`], compiled for the widest SIMD this CPU has.
fn band_dispatch(src: &Cloth, j0: usize, dst: [&mut [f64]; 3], s: &SphereSet, ws: &mut Workspace) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f") {
            // SAFETY: the CPU has AVX-512F, checked just above.
            return unsafe { band_avx512(src, j0, dst, s, ws) };
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, checked just above.
            return unsafe { band_avx2(src, j0, dst, s, ws) };
        }
    }
    band(src, j0, dst, s, ws)
}

/// One pass from `src` into `dst` (same grid size): every point moved and
/// collided from the old positions. The same bits as
/// [`super::reference::pass`]. `workspaces` is scratch kept between calls.
pub(crate) fn pass(
    src: &Cloth,
    dst: &mut Cloth,
    spheres: &Spheres,
    workspaces: &mut Vec<Workspace>,
) {
    let n = src.n();
    debug_assert_eq!(dst.n(), n);
    let set = SphereSet {
        c: spheres.centres,
        r: spheres.radii,
    };
    let threads = if n >= PARALLEL_MIN_GRID {
        rayon::current_num_threads().min(n / MIN_BAND_ROWS).max(1)
    } else {
        1
    };
    if workspaces.len() < threads {
        workspaces.resize_with(threads, Workspace::default);
    }
    if threads == 1 {
        band_dispatch(
            src,
            0,
            [&mut dst.x, &mut dst.y, &mut dst.z],
            &set,
            &mut workspaces[0],
        );
        return;
    }
    let band_rows = n.div_ceil(threads);
    let chunk = band_rows * n;
    dst.x
        .par_chunks_mut(chunk)
        .zip(dst.y.par_chunks_mut(chunk))
        .zip(dst.z.par_chunks_mut(chunk))
        .zip(workspaces.par_iter_mut())
        .enumerate()
        .for_each(|(b, (((x, y), z), ws))| {
            band_dispatch(src, b * band_rows, [x, y, z], &set, ws);
        });
}
