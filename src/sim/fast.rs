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
//!   cache whatever the grid size. Points away from the left and right
//!   edges are summed in a branch-free loop the compiler vectorises
//!   (SIMD across points; `sqrt` and division are exactly rounded in SIMD
//!   too); the two edge columns are done apart.
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

/// One spring term per point of a row, `(x, y, z)` as three arrays.
#[derive(Clone, Debug, Default)]
struct Terms {
    x: Vec<f64>,
    y: Vec<f64>,
    z: Vec<f64>,
}

impl Terms {
    /// The x (0), y (1) or z (2) array.
    #[inline(always)]
    fn axis(&self, axis: usize) -> &[f64] {
        match axis {
            0 => &self.x,
            1 => &self.y,
            _ => &self.z,
        }
    }

    fn resize(&mut self, n: usize) {
        self.x.resize(n, 0.0);
        self.y.resize(n, 0.0);
        self.z.resize(n, 0.0);
    }
}

/// The springs from one row down to the next: to the south neighbour
/// (`s[i]`, `i` to `i`), south-east (`se[i]`, `i` to `i + 1`) and
/// south-west (`sw[i]`, `i` to `i - 1`; `sw[0]` unused).
#[derive(Clone, Debug, Default)]
struct Down {
    s: Terms,
    se: Terms,
    sw: Terms,
}

/// Scratch rows for one band: the springs from the row above down into
/// this one, this row's east springs, and this row's springs down; and
/// padded copies of this row's and the next row's points.
#[derive(Clone, Debug, Default)]
pub(crate) struct Workspace {
    up: Down,
    east: Terms,
    down: Down,
    /// This row's points, padded (see [`pad_row`]).
    cur: Terms,
    /// The next row's points, padded.
    next: Terms,
}

impl Workspace {
    fn resize(&mut self, n: usize) {
        self.cur.resize(n + 2);
        self.next.resize(n + 2);
        for t in [
            &mut self.up.s,
            &mut self.up.se,
            &mut self.up.sw,
            &mut self.east,
            &mut self.down.s,
            &mut self.down.se,
            &mut self.down.sw,
        ] {
            t.resize(n);
        }
    }
}

/// The term `v * dd` that the spring from `a` to `b` with rest length
/// `rest` gives `a`, and whether `d` overflowed. The operations of
/// [`super::spring_term`], written so they vectorise: the too-close case is
/// a select, and an overflowed `d` (its term here is NaN) is flagged for
/// [`springs`] to redo with the scalar function.
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

/// Read-only view of one row of points.
#[derive(Clone, Copy)]
struct Row<'a> {
    x: &'a [f64],
    y: &'a [f64],
    z: &'a [f64],
}

impl<'a> Row<'a> {
    fn of(cloth: &'a Cloth, j: usize) -> Self {
        let n = cloth.n();
        let r = j * n..(j + 1) * n;
        Row {
            x: &cloth.x[r.clone()],
            y: &cloth.y[r.clone()],
            z: &cloth.z[r],
        }
    }

    #[inline(always)]
    fn at(&self, i: usize) -> [f64; 3] {
        [self.x[i], self.y[i], self.z[i]]
    }
}

/// Write the spring terms `a[ia + k] -> b[ib + k]` for `k in 0..len` into
/// `out[io + k]`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn springs(
    a: Row,
    ia: usize,
    b: Row,
    ib: usize,
    len: usize,
    rest: f64,
    out: &mut Terms,
    io: usize,
) {
    let (ax, ay, az) = (&a.x[ia..ia + len], &a.y[ia..ia + len], &a.z[ia..ia + len]);
    let (bx, by, bz) = (&b.x[ib..ib + len], &b.y[ib..ib + len], &b.z[ib..ib + len]);
    let ox = &mut out.x[io..io + len];
    let oy = &mut out.y[io..io + len];
    let oz = &mut out.z[io..io + len];
    let mut far = false;
    for k in 0..len {
        let (t, overflow) = term([ax[k], ay[k], az[k]], [bx[k], by[k], bz[k]], rest);
        ox[k] = t[0];
        oy[k] = t[1];
        oz[k] = t[2];
        far |= overflow;
    }
    if far {
        // Points so far apart that `d` overflowed: rare, and redone apart.
        for k in 0..len {
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

/// Copy row `j` of `src` into `out` with one point of padding at each end,
/// a copy of the end point: `out[i + 1]` is point `i`. The spring loops
/// then run over all `n` points in whole SIMD vectors (no scalar tail with
/// its square roots and divisions); the padded springs come out zero
/// (coincident points) and are never read.
#[inline(always)]
fn pad_row(src: &Cloth, j: usize, out: &mut Terms) {
    let n = src.n();
    let row = Row::of(src, j);
    for (o, r) in [
        (&mut out.x, row.x),
        (&mut out.y, row.y),
        (&mut out.z, row.z),
    ] {
        o[1..n + 1].copy_from_slice(r);
        o[0] = r[0];
        o[n + 1] = r[n - 1];
    }
}

/// The padded row `t` as a row of points (point `i` at index `i + 1`).
#[inline(always)]
fn padded(t: &Terms) -> Row<'_> {
    Row {
        x: &t.x,
        y: &t.y,
        z: &t.z,
    }
}

/// The east springs of a padded row: `out[i]` is `i -> i + 1`
/// (`out[n - 1]` is padding).
#[inline(always)]
fn east_springs(row: &Terms, n: usize, out: &mut Terms) {
    springs(padded(row), 1, padded(row), 2, n, REST_EDGE, out, 0);
}

/// The springs from padded row `a` down to padded row `b`: `s[i]` is
/// `i -> i`, `se[i]` is `i -> i + 1` (`se[n - 1]` padding), `sw[i]` is
/// `i -> i - 1` (`sw[0]` padding).
#[inline(always)]
fn down_springs(a: &Terms, b: &Terms, n: usize, out: &mut Down) {
    let (a, b) = (padded(a), padded(b));
    springs(a, 1, b, 1, n, REST_EDGE, &mut out.s, 0);
    springs(a, 1, b, 2, n, REST_DIAGONAL, &mut out.se, 0);
    springs(a, 1, b, 0, n, REST_DIAGONAL, &mut out.sw, 0);
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
fn collide_row(out: &mut RowMut, s: &SphereSet) {
    let (x, y, z) = (&mut *out.x, &mut *out.y, &mut *out.z);
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

/// One axis of the interior points' moves: `out[k] = p[k] + m`, with `m`
/// from `m0` (gravity or 0) plus the eight terms in the original's order,
/// the four computed by other points negated. Every slice is the same
/// length, so the loop has no bounds checks and vectorises.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn interior_axis<const UP: bool, const DOWN: bool>(
    m0: f64,
    p: &[f64],
    [nw, north, ne]: [&[f64]; 3],
    [west, east]: [&[f64]; 2],
    [sw, south, se]: [&[f64]; 3],
    out: &mut [f64],
) {
    let len = out.len();
    let (p, nw, north, ne) = (&p[..len], &nw[..len], &north[..len], &ne[..len]);
    let (west, east) = (&west[..len], &east[..len]);
    let (sw, south, se) = (&sw[..len], &south[..len], &se[..len]);
    for k in 0..len {
        let mut m = m0;
        if UP {
            m -= nw[k];
            m -= north[k];
            m -= ne[k];
        }
        m -= west[k];
        m += east[k];
        if DOWN {
            m += sw[k];
            m += south[k];
            m += se[k];
        }
        out[k] = p[k] + m;
    }
}

/// Sum point `i`'s eight terms in the original's order and add them to it:
/// `UP`/`DOWN` say whether the rows above/below exist, `LEFT`/`RIGHT`
/// whether the columns do.
#[inline(always)]
fn moved<const UP: bool, const DOWN: bool, const LEFT: bool, const RIGHT: bool>(
    p: [f64; 3],
    i: usize,
    ws: &Workspace,
) -> [f64; 3] {
    let (mut mx, mut my, mut mz) = (0.0, -GRAVITY, 0.0);
    if UP {
        if LEFT {
            mx -= ws.up.se.x[i - 1];
            my -= ws.up.se.y[i - 1];
            mz -= ws.up.se.z[i - 1];
        }
        mx -= ws.up.s.x[i];
        my -= ws.up.s.y[i];
        mz -= ws.up.s.z[i];
        if RIGHT {
            mx -= ws.up.sw.x[i + 1];
            my -= ws.up.sw.y[i + 1];
            mz -= ws.up.sw.z[i + 1];
        }
    }
    if LEFT {
        mx -= ws.east.x[i - 1];
        my -= ws.east.y[i - 1];
        mz -= ws.east.z[i - 1];
    }
    if RIGHT {
        mx += ws.east.x[i];
        my += ws.east.y[i];
        mz += ws.east.z[i];
    }
    if DOWN {
        if LEFT {
            mx += ws.down.sw.x[i];
            my += ws.down.sw.y[i];
            mz += ws.down.sw.z[i];
        }
        mx += ws.down.s.x[i];
        my += ws.down.s.y[i];
        mz += ws.down.s.z[i];
        if RIGHT {
            mx += ws.down.se.x[i];
            my += ws.down.se.y[i];
            mz += ws.down.se.z[i];
        }
    }
    [p[0] + mx, p[1] + my, p[2] + mz]
}

/// Mutable view of one row of the new positions.
struct RowMut<'a> {
    x: &'a mut [f64],
    y: &'a mut [f64],
    z: &'a mut [f64],
}

impl RowMut<'_> {
    #[inline(always)]
    fn set(&mut self, i: usize, p: [f64; 3]) {
        self.x[i] = p[0];
        self.y[i] = p[1];
        self.z[i] = p[2];
    }
}

/// New positions of one row from its springs (already in `ws`): every
/// point moved (the interior a vectorised loop per axis, the two end points
/// apart), then the row collided.
#[inline(always)]
fn finish_row<const UP: bool, const DOWN: bool>(
    row: Row,
    n: usize,
    ws: &Workspace,
    spheres: &SphereSet,
    out: &mut RowMut,
) {
    // Interior point i = k + 1 for k in 0..n-2; each neighbour's term is a
    // slice starting where that neighbour's index is for k = 0.
    let m = n - 2;
    for (axis, m0) in [(0, 0.0), (1, -GRAVITY), (2, 0.0)] {
        let p = [row.x, row.y, row.z][axis];
        let o: &mut [f64] = match axis {
            0 => &mut out.x[1..n - 1],
            1 => &mut out.y[1..n - 1],
            _ => &mut out.z[1..n - 1],
        };
        interior_axis::<UP, DOWN>(
            m0,
            &p[1..n - 1],
            [
                &ws.up.se.axis(axis)[..m],
                &ws.up.s.axis(axis)[1..n - 1],
                &ws.up.sw.axis(axis)[2..n],
            ],
            [&ws.east.axis(axis)[..m], &ws.east.axis(axis)[1..n - 1]],
            [
                &ws.down.sw.axis(axis)[1..n - 1],
                &ws.down.s.axis(axis)[1..n - 1],
                &ws.down.se.axis(axis)[1..n - 1],
            ],
            o,
        );
    }
    out.set(0, moved::<UP, DOWN, false, true>(row.at(0), 0, ws));
    out.set(
        n - 1,
        moved::<UP, DOWN, true, false>(row.at(n - 1), n - 1, ws),
    );
    collide_row(out, spheres);
}

/// One band of a pass: rows `j0..j0 + rows` of `dst` from `src`.
#[inline(always)]
fn band(src: &Cloth, j0: usize, dst: [&mut [f64]; 3], spheres: &SphereSet, ws: &mut Workspace) {
    let n = src.n();
    let [dx, dy, dz] = dst;
    let rows = dx.len() / n;
    ws.resize(n);
    pad_row(src, j0, &mut ws.cur);
    if j0 > 0 {
        pad_row(src, j0 - 1, &mut ws.next);
        down_springs(&ws.next, &ws.cur, n, &mut ws.up);
    }
    for j in j0..j0 + rows {
        let row = Row::of(src, j);
        east_springs(&ws.cur, n, &mut ws.east);
        let below = j + 1 < n;
        if below {
            pad_row(src, j + 1, &mut ws.next);
            down_springs(&ws.cur, &ws.next, n, &mut ws.down);
        }
        let r = (j - j0) * n..(j - j0 + 1) * n;
        let mut out = RowMut {
            x: &mut dx[r.clone()],
            y: &mut dy[r.clone()],
            z: &mut dz[r],
        };
        match (j > 0, below) {
            (true, true) => finish_row::<true, true>(row, n, ws, spheres, &mut out),
            (false, true) => finish_row::<false, true>(row, n, ws, spheres, &mut out),
            (true, false) => finish_row::<true, false>(row, n, ws, spheres, &mut out),
            (false, false) => finish_row::<false, false>(row, n, ws, spheres, &mut out),
        }
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
