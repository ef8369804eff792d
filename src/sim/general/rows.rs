//! The general pass worked a row at a time: each spring's terms for every
//! point of a row at once, which the compiler vectorises, summed per point
//! in the same order as [`super::moved_point`], so the bits are the same.
//!
//! Double buffered, every spring can be worked ahead: new positions read
//! only old ones. Moved in place, so can every spring but those to points
//! of the same row that the loop has already moved this pass (to the west
//! visiting rows in order, to the east reversed): those wait for the point
//! before, one point at a time, as in the article's loop.

use std::ops::Range;

use super::{finite, hooke_term, put, HOOKE_STIFFNESS};
use crate::sim::model::Order;
use crate::sim::{collide, spring_term, Cloth, Spheres, GRAVITY, STIFFNESS};

/// What a pass needs besides the cloth: the model's springs in summing
/// order (`(dj, di, rest)`), their share, the law, the visiting order and
/// the spheres.
pub(super) struct Job<'a, L> {
    pub(super) springs: &'a [(isize, isize, f64)],
    pub(super) share: f64,
    pub(super) law: L,
    pub(super) order: Order,
    pub(super) spheres: &'a Spheres,
}

/// One pass of `job`: double buffered from `cloth` into `back` (the caller
/// swaps them), or in place in `cloth`. Compiled for the widest SIMD this
/// CPU has (AVX-512, AVX2 or the baseline), picked at run time as the fast
/// pass does, so the row loops work 8, 4 or 2 points at once. No fused
/// multiply-add is enabled and Rust never contracts, so the bits are the
/// same on each.
pub(super) fn pass<L: RowLaw>(job: &Job<L>, cloth: &mut Cloth, back: &mut Cloth, in_place: bool) {
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx512f")]
        fn avx512<L: RowLaw>(job: &Job<L>, c: &mut Cloth, b: &mut Cloth, in_place: bool) {
            either(job, c, b, in_place)
        }
        #[target_feature(enable = "avx2")]
        fn avx2<L: RowLaw>(job: &Job<L>, c: &mut Cloth, b: &mut Cloth, in_place: bool) {
            either(job, c, b, in_place)
        }
        if std::arch::is_x86_feature_detected!("avx512f") {
            // SAFETY: the CPU has AVX-512F, checked just above.
            return unsafe { avx512(job, cloth, back, in_place) };
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, checked just above.
            return unsafe { avx2(job, cloth, back, in_place) };
        }
    }
    either(job, cloth, back, in_place)
}

#[inline(always)]
fn either<L: RowLaw>(job: &Job<L>, cloth: &mut Cloth, back: &mut Cloth, in_place: bool) {
    if in_place {
        self::in_place(job, cloth)
    } else {
        double(job, cloth, back)
    }
}

/// The double-buffered pass from `cloth` into `back`, row by row in the
/// job's order (each new position reads only old ones, so the order cannot
/// change a bit): each spring's terms across the row added to the row's
/// moves, then each point collided.
#[inline(always)]
fn double<L: RowLaw>(job: &Job<L>, cloth: &Cloth, back: &mut Cloth) {
    let n = cloth.n();
    let mut m = [vec![0.0; n], vec![0.0; n], vec![0.0; n]];
    let mut t = [vec![0.0; n], vec![0.0; n], vec![0.0; n]];
    for (j, _) in job.order.visit(n).step_by(n) {
        let [mx, my, mz] = &mut m;
        mx.fill(0.0);
        my.fill(-GRAVITY);
        mz.fill(0.0);
        for &spring in job.springs {
            if let Some(r) = terms(cloth, j, spring, job.law, &mut t) {
                for i in r {
                    mx[i] += t[0][i] * job.share;
                    my[i] += t[1][i] * job.share;
                    mz[i] += t[2][i] * job.share;
                }
            }
        }
        for i in 0..n {
            let p = cloth.point(j, i);
            let moved = [
                finite(p[0] + mx[i]),
                finite(p[1] + my[i]),
                finite(p[2] + mz[i]),
            ];
            put(back, j, i, collide(moved, job.spheres));
        }
    }
}

/// The in-place pass, row by row and point by point in the job's order.
/// At the start of each row, the terms of every spring whose neighbour
/// will not move before the point does are worked across the row; then
/// each point sums its terms in order, working the rest (to the points of
/// its row already moved) as it comes to them, and moves.
#[inline(always)]
fn in_place<L: RowLaw>(job: &Job<L>, cloth: &mut Cloth) {
    let n = cloth.n();
    let reversed = job.order == Order::Reversed;
    // The same-row neighbours already moved when a point's turn comes.
    let moved_first = |dj: isize, di: isize| dj == 0 && (di < 0) != reversed;
    let mut ahead: Vec<[Vec<f64>; 3]> = job
        .springs
        .iter()
        .map(|_| [vec![0.0; n], vec![0.0; n], vec![0.0; n]])
        .collect();
    for (j, _) in job.order.visit(n).step_by(n) {
        for (&spring, t) in job.springs.iter().zip(&mut ahead) {
            if !moved_first(spring.0, spring.1) {
                terms(cloth, j, spring, job.law, t);
            }
        }
        for (_, i) in job.order.visit(n).take(n) {
            let p = cloth.point(j, i);
            let (mut mx, mut my, mut mz) = (0.0, -GRAVITY, 0.0);
            for (&(dj, di, rest), t) in job.springs.iter().zip(&ahead) {
                let (jj, ii) = (j.wrapping_add_signed(dj), i.wrapping_add_signed(di));
                if jj >= n || ii >= n {
                    continue;
                }
                let [tx, ty, tz] = if moved_first(dj, di) {
                    job.law.full(p, cloth.point(jj, ii), rest)
                } else {
                    [t[0][i], t[1][i], t[2][i]]
                };
                mx += tx * job.share;
                my += ty * job.share;
                mz += tz * job.share;
            }
            let moved = [finite(p[0] + mx), finite(p[1] + my), finite(p[2] + mz)];
            put(cloth, j, i, collide(moved, job.spheres));
        }
    }
}

/// The terms spring `(dj, di, rest)` gives the points of row `j`, into
/// `out[axis][i]` for the points `i` whose neighbour `[j + dj][i + di]` is
/// on the grid, which it returns (`None` if that row is off the grid).
#[inline(always)]
fn terms<L: RowLaw>(
    cloth: &Cloth,
    j: usize,
    (dj, di, rest): (isize, isize, f64),
    law: L,
    out: &mut [Vec<f64>; 3],
) -> Option<Range<usize>> {
    let n = cloth.n();
    let jj = j.wrapping_add_signed(dj);
    if jj >= n {
        return None;
    }
    let lo = di.min(0).unsigned_abs();
    let hi = n - di.max(0) as usize;
    let a = j * n + lo..j * n + hi;
    let start = (jj * n + lo).wrapping_add_signed(di);
    let b = start..start + (hi - lo);
    let (ax, ay, az) = (&cloth.x[a.clone()], &cloth.y[a.clone()], &cloth.z[a]);
    let (bx, by, bz) = (&cloth.x[b.clone()], &cloth.y[b.clone()], &cloth.z[b]);
    let [tx, ty, tz] = out;
    let (tx, ty, tz) = (&mut tx[lo..hi], &mut ty[lo..hi], &mut tz[lo..hi]);
    let mut redo = false;
    for k in 0..hi - lo {
        let (vx, vy, vz) = (bx[k] - ax[k], by[k] - ay[k], bz[k] - az[k]);
        let d = vx * vx + vy * vy + vz * vz;
        let dd = law.dd(d, rest);
        tx[k] = vx * dd;
        ty[k] = vy * dd;
        tz[k] = vz * dd;
        redo |= !(d >= f64::MIN_POSITIVE && d.is_finite());
    }
    if redo {
        // Coincident or very distant neighbours: rare, redone apart.
        for k in 0..hi - lo {
            let (vx, vy, vz) = (bx[k] - ax[k], by[k] - ay[k], bz[k] - az[k]);
            let d = vx * vx + vy * vy + vz * vz;
            if !(d >= f64::MIN_POSITIVE && d.is_finite()) {
                let a = [ax[k], ay[k], az[k]];
                [tx[k], ty[k], tz[k]] = law.full(a, [bx[k], by[k], bz[k]], rest);
            }
        }
    }
    Some(lo..hi)
}

/// A spring law worked a row at a time: `dd` where `d` is a normal
/// number, in a form the compiler can vectorise across points, and the
/// law's whole function for the few springs where it is not.
pub(super) trait RowLaw: Copy {
    /// The factor `dd` with `move = v * dd`, for `d = |v|^2` a normal
    /// number: the same operations as [`RowLaw::full`] there.
    fn dd(self, d: f64, rest: f64) -> f64;
    /// The law's term for any finite points.
    fn full(self, a: [f64; 3], b: [f64; 3], rest: f64) -> [f64; 3];
}

/// The article's spring ([`spring_term`]).
#[derive(Clone, Copy)]
pub(super) struct ArticleLaw;

impl RowLaw for ArticleLaw {
    #[inline(always)]
    fn dd(self, d: f64, rest: f64) -> f64 {
        (STIFFNESS * (d.sqrt() - rest)) / d
    }
    #[inline(always)]
    fn full(self, a: [f64; 3], b: [f64; 3], rest: f64) -> [f64; 3] {
        spring_term(a, b, rest)
    }
}

/// Hooke's law ([`hooke_term`]).
#[derive(Clone, Copy)]
pub(super) struct HookeLaw;

impl RowLaw for HookeLaw {
    #[inline(always)]
    fn dd(self, d: f64, rest: f64) -> f64 {
        let len = d.sqrt();
        (HOOKE_STIFFNESS * (len - rest)) / len
    }
    #[inline(always)]
    fn full(self, a: [f64; 3], b: [f64; 3], rest: f64) -> [f64; 3] {
        hooke_term(a, b, rest)
    }
}
