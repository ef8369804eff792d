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
//! - **Blocks of rows, structure of arrays.** The grid is done in blocks
//!   of a few thousand points, so the working set stays in cache whatever
//!   the grid size, and every loop runs over a whole block in the grid's
//!   own row-major order.
//! - **Edges are zeros, not branches.** A spring to a neighbour off the
//!   grid contributes an exact zero term. In row-major order, reading one
//!   point left of a row's start lands on the previous row's last point,
//!   and so on; every such wrapped-around read is one of those zeros. So
//!   every point is summed by the same branch-free loop, which the compiler
//!   vectorises (SIMD across points; `sqrt` and division round exactly in
//!   SIMD too).
//!   Adding zero is exact here: `m` starts at `+0` or `-0.001` and a
//!   round-to-nearest sum is `-0` only when both operands are, so `m` is
//!   never `-0`, and `m + 0 == m` for every other value.
//! - **SIMD width is picked at run time** (AVX-512, AVX2, or the baseline
//!   SSE2 on x86-64; the baseline elsewhere), so one binary runs on any
//!   machine. No fused multiply-add is enabled and Rust never contracts or
//!   reassociates floating point, so every operation rounds as C's does.
//! - **Large grids are split into bands of rows** run on all cores (with
//!   the `parallel` feature, on by default). A band recomputes the springs
//!   across its top edge from the same old positions, which gives the same
//!   bits as the band above would.

#[cfg(feature = "parallel")]
use rayon::prelude::*;

use super::{Cloth, Spheres, DIST, FLOOR_Y, GRAVITY, SPACING, SPHERE_COUNT, STIFFNESS};

/// Rest length of the springs along the grid lines.
const REST_EDGE: f64 = SPACING * DIST[2][3];
/// Rest length of the diagonal springs.
const REST_DIAGONAL: f64 = SPACING * DIST[3][3];

/// Grids with at least this many points a side are split into bands and
/// run on all cores (feature `parallel`); smaller ones stay on one thread,
/// where a hand-off costs more than it saves.
pub const PARALLEL_MIN_GRID: usize = 128;

/// Rows per band at the least, so each thread has enough work.
#[cfg(feature = "parallel")]
const MIN_BAND_ROWS: usize = 16;

/// Points per block the grid is processed in, about: enough for long
/// vector loops, few enough that a block's arrays stay in cache.
const BLOCK_POINTS: usize = 4096;

/// One array per axis.
type Xyz = [Vec<f64>; 3];

/// Spring terms for a block of rows `jb..je`: the term each point's spring
/// to its east (`e`), south (`s`), south-east (`se`) and south-west (`sw`)
/// neighbour gives it, for the points of rows `jb - 1 .. je`, in the grid's
/// own row-major order with one slot of slack at each end: the point at
/// grid index `q` is at `q - (jb - 1) * n + 1`.
///
/// A spring to a neighbour off the grid is an exact zero. In row-major
/// order, the neighbour one to the left of a row's first point is the
/// previous row's last point, and so on: every such wrapped-around read
/// lands on one of those zeros, so the sums need no edge cases and no
/// padding.
#[derive(Clone, Debug, Default)]
pub(crate) struct Workspace {
    e: Xyz,
    s: Xyz,
    se: Xyz,
    sw: Xyz,
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

/// Terms of the springs from grid point `q` to `q + offset`, for `q` in
/// `from..to`, into slot `q + n + 1 - origin` of `out` (`len` slots; `origin`
/// is `jb * n`, the block's first point, and `from >= origin - n`); every other
/// slot is set to zero.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn springs(
    src: &Cloth,
    offset: usize,
    from: usize,
    to: usize,
    origin: usize,
    len: usize,
    rest: f64,
    out: &mut Xyz,
) {
    let count = to.saturating_sub(from);
    let (a, b) = (from..from + count, from + offset..from + offset + count);
    let (ax, ay, az) = (&src.x[a.clone()], &src.y[a.clone()], &src.z[a]);
    let (bx, by, bz) = (&src.x[b.clone()], &src.y[b.clone()], &src.z[b]);
    let start = from + src.n() + 1 - origin;
    let o = start..start + count;
    for v in out.iter_mut() {
        v.resize(len, 0.0);
        v[..o.start].fill(0.0);
        v[o.end..].fill(0.0);
    }
    let [ox, oy, oz] = out;
    let (ox, oy, oz) = (&mut ox[o.clone()], &mut oy[o.clone()], &mut oz[o]);
    let mut far = false;
    for q in 0..count {
        let (t, overflow) = term([ax[q], ay[q], az[q]], [bx[q], by[q], bz[q]], rest);
        ox[q] = t[0];
        oy[q] = t[1];
        oz[q] = t[2];
        far |= overflow;
    }
    if far {
        // Points so far apart that `d` overflowed: rare, and redone apart.
        for q in 0..count {
            let (a, b) = ([ax[q], ay[q], az[q]], [bx[q], by[q], bz[q]]);
            if term(a, b, rest).1 {
                let t = super::far_spring_term(a, b, rest);
                ox[q] = t[0];
                oy[q] = t[1];
                oz[q] = t[2];
            }
        }
    }
}

/// Set every `n`-th term from `at` to zero.
fn zero_column(t: &mut Xyz, at: usize, n: usize) {
    for v in t.iter_mut() {
        for x in v.iter_mut().skip(at).step_by(n) {
            *x = 0.0;
        }
    }
}

/// Sphere centres and radii, copied out for the inner loop.
#[derive(Clone, Copy)]
struct SphereSet {
    c: [[f64; 3]; SPHERE_COUNT],
    r: [f64; SPHERE_COUNT],
}

/// Points checked against the spheres together: one vectorised inside
/// test per sphere, and a scalar push only for a chunk with a point inside.
const COLLIDE_CHUNK: usize = 32;

/// Collisions for a run of moved points, in place: the floor clamp, then
/// each sphere in order, the operations of [`super::collide`].
///
/// Chunk by chunk, sphere by sphere gives each point the same sequence of
/// operations as point by point, since a point's check against sphere `k`
/// only reads where sphere `k - 1` left it. The inside test is a vectorised
/// count over the chunk; only a chunk with a point inside takes the scalar
/// push, with its square root and division.
#[inline(always)]
fn collide_run(x: &mut [f64], y: &mut [f64], z: &mut [f64], s: &SphereSet) {
    let n = x.len();
    let (y, z) = (&mut y[..n], &mut z[..n]);
    for v in y.iter_mut() {
        *v = if *v < FLOOR_Y { FLOOR_Y } else { *v };
    }
    for start in (0..n).step_by(COLLIDE_CHUNK) {
        let end = (start + COLLIDE_CHUNK).min(n);
        collide_chunk(
            &mut x[start..end],
            &mut y[start..end],
            &mut z[start..end],
            s,
        );
    }
}

/// [`collide_run`]'s spheres for one chunk.
#[inline(always)]
fn collide_chunk(x: &mut [f64], y: &mut [f64], z: &mut [f64], s: &SphereSet) {
    let n = x.len();
    let (y, z) = (&mut y[..n], &mut z[..n]);
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

/// One axis of the block's moves: `out[k] = pos[k] + m` where `m` starts
/// at `m0` (gravity or 0) and adds the point's eight terms in the
/// original's order: north-west, north, north-east and west negated from
/// the points that computed them, then its own east, south-west, south and
/// south-east. The slices are offset so that index `k` of each is the right
/// neighbour's entry, and all have `out.len()` values: no bounds checks, and
/// the loop vectorises.
#[inline(always)]
fn sum_axis(
    m0: f64,
    pos: &[f64],
    [nw, north, ne, west]: [&[f64]; 4],
    [east, sw, south, se]: [&[f64]; 4],
    out: &mut [f64],
) {
    let len = out.len();
    let (pos, nw, north, ne, west) = (
        &pos[..len],
        &nw[..len],
        &north[..len],
        &ne[..len],
        &west[..len],
    );
    let (east, sw, south, se) = (&east[..len], &sw[..len], &south[..len], &se[..len]);
    for k in 0..len {
        let mut m = m0;
        m -= nw[k];
        m -= north[k];
        m -= ne[k];
        m -= west[k];
        m += east[k];
        m += sw[k];
        m += south[k];
        m += se[k];
        out[k] = pos[k] + m;
    }
}

/// One block of a pass: grid rows `jb..je` of `src` moved and collided
/// into `dst` (those rows of the new positions, `n` values a row).
#[inline(always)]
fn block(
    src: &Cloth,
    jb: usize,
    je: usize,
    dst: [&mut [f64]; 3],
    spheres: &SphereSet,
    ws: &mut Workspace,
) {
    let n = src.n();
    let total = n * n;
    // Slots for the points of rows jb-1 .. je, plus one of slack at each
    // end: grid index q sits at slot q + n + 1 - jb * n. Row jb-1 does not exist
    // when jb == 0; its slots stay zero.
    let len = (je - jb + 1) * n + 2;
    let origin = jb * n;
    let first = (jb * n).saturating_sub(n);
    let end = je * n;
    // Each spring type over the block's points that have that neighbour in
    // the grid at all (the last row has none below, the last point none to
    // the east); reads never leave the grid.
    let below = end.min((n - 1) * n);
    springs(
        src,
        1,
        first,
        end.min(total - 1),
        origin,
        len,
        REST_EDGE,
        &mut ws.e,
    );
    springs(src, n, first, below, origin, len, REST_EDGE, &mut ws.s);
    springs(
        src,
        n + 1,
        first,
        below.min(total - n - 1),
        origin,
        len,
        REST_DIAGONAL,
        &mut ws.se,
    );
    springs(
        src,
        n - 1,
        first,
        below,
        origin,
        len,
        REST_DIAGONAL,
        &mut ws.sw,
    );
    // In row-major order the neighbour past a row's end is the next row's
    // first point: those springs were computed from the wrong points and
    // are really off the grid, so zero. Slot s holds column (s - 1) mod n.
    zero_column(&mut ws.e, 0, n);
    zero_column(&mut ws.se, 0, n);
    zero_column(&mut ws.sw, 1, n);

    // Sum every point of rows jb..je in one run, straight into dst. The
    // first point, q = jb * n, sits at slot n + 1.
    let k = n + 1;
    let (q0, q1) = (jb * n, je * n);
    let [dx, dy, dz] = dst;
    for (axis, out) in [&mut *dx, &mut *dy, &mut *dz].into_iter().enumerate() {
        let m0 = if axis == 1 { -GRAVITY } else { 0.0 };
        let (e, s, se, sw) = (&ws.e[axis], &ws.s[axis], &ws.se[axis], &ws.sw[axis]);
        let pos = [&src.x, &src.y, &src.z][axis];
        sum_axis(
            m0,
            &pos[q0..q1],
            [&se[k - n - 1..], &s[k - n..], &sw[k - n + 1..], &e[k - 1..]],
            [&e[k..], &sw[k..], &s[k..], &se[k..]],
            out,
        );
    }
    collide_run(dx, dy, dz, spheres);
}

/// One band of a pass: rows `j0..j0 + rows` of `dst` from `src`, in
/// blocks of about [`BLOCK_POINTS`].
#[inline(always)]
fn band(src: &Cloth, j0: usize, dst: [&mut [f64]; 3], spheres: &SphereSet, ws: &mut Workspace) {
    let n = src.n();
    let [dx, dy, dz] = dst;
    let rows = dx.len() / n;
    let step = (BLOCK_POINTS / n).max(1);
    let mut jb = j0;
    while jb < j0 + rows {
        let je = (jb + step).min(j0 + rows);
        let r = (jb - j0) * n..(je - j0) * n;
        block(
            src,
            jb,
            je,
            [&mut dx[r.clone()], &mut dy[r.clone()], &mut dz[r]],
            spheres,
            ws,
        );
        jb = je;
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
    #[cfg(feature = "parallel")]
    if n >= PARALLEL_MIN_GRID {
        let threads = rayon::current_num_threads().min(n / MIN_BAND_ROWS);
        if threads > 1 {
            return pass_banded(src, dst, &set, workspaces, threads);
        }
    }
    if workspaces.is_empty() {
        workspaces.push(Workspace::default());
    }
    band_dispatch(
        src,
        0,
        [&mut dst.x, &mut dst.y, &mut dst.z],
        &set,
        &mut workspaces[0],
    );
}

/// [`pass`] in `threads` bands of rows, one per rayon task.
#[cfg(feature = "parallel")]
fn pass_banded(
    src: &Cloth,
    dst: &mut Cloth,
    set: &SphereSet,
    workspaces: &mut Vec<Workspace>,
    threads: usize,
) {
    let n = src.n();
    if workspaces.len() < threads {
        workspaces.resize_with(threads, Workspace::default);
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
            band_dispatch(src, b * band_rows, [x, y, z], set, ws);
        });
}
