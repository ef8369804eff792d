//! The general pass: every [`Model`], written to read like the article.
//!
//! This is the original's GameDraw() loop with each of the article's
//! choices made a setting: how many passes, which neighbours the loops
//! reach, whether the new positions are kept apart or stored in place, which
//! corner the loop starts from, and the spring law. Plain loops, the
//! article's names, bounds-checked look-ups; slower than the fast pass
//! (see the `step` benchmarks for how much), and for the original model the
//! same bits as it, step for step: the golden data ties every variant to the
//! faithful code.
//!
//! [`Simulation::step`](super::Simulation::step) runs this for every model
//! but the original; [`step`] runs it for any model, the original included.
//!
//! # Degenerate states
//!
//! As in the original's pass, no finite state gives NaN or infinity, under
//! every model. The article's spring is [`spring_term`], with its rules for
//! coincident and very distant neighbours; Hooke's is [`hooke_term`], with
//! its own (see there). Hooke's law has no limit on its pull, so a sum of
//! moves can overflow: a coordinate that would leave the finite range stays
//! at `±f64::MAX` (the article's bounded pull never gets there, so this
//! costs the original model nothing).

use super::model::{Buffering, Model, Order, SpringLaw};
use super::{collide, spring_term, Cloth, Simulation, Spheres, DIST, GRAVITY, SPACING, STIFFNESS};

/// Hooke's law's strength: the fraction of the stretch `len - rest` a
/// spring moves its point in a pass. 0.3 matches the article's spring at an
/// edge spring's rest length: `d/dlen [0.03 (len - 0.1) / len] = 0.03 *
/// 0.1 / len^2 = 0.3` at `len = 0.1`.
pub const HOOKE_STIFFNESS: f64 = 0.3;

/// One step of any model through the general pass: the spheres move, then
/// `model.passes` passes of the cloth. For the original model it gives the
/// same bits as [`Simulation::step`] (which runs the fast pass then).
pub fn step(sim: &mut Simulation) {
    sim.spheres.step();
    let model = sim.model();
    passes(&mut sim.cloth, &mut sim.back, &sim.spheres, &model);
}

/// A step's passes: `model.passes` of [`pass`]. `back` is the second buffer
/// for double buffering (resized to the cloth if it differs).
pub fn passes(cloth: &mut Cloth, back: &mut Cloth, spheres: &Spheres, model: &Model) {
    if back.n() != cloth.n() {
        *back = cloth.clone();
    }
    for _ in 0..model.passes.get() {
        pass(cloth, back, spheres, model);
    }
}

/// One pass of `model`: each point, in `model.order`, moved by gravity and
/// its springs ([`moved_point`]) and then collided with the floor and the
/// spheres ([`collide`]).
///
/// Double buffered (the original), each new position goes into `back`, and
/// when all are done `back` and `cloth` swap: every point saw where its
/// neighbours were at the end of the last pass. In place, each new position
/// goes straight into `cloth`, and the points visited later see it. `back`
/// must be `cloth`'s size (its contents do not matter; double buffering
/// overwrites every point).
///
/// # Panics
/// If `back.n() != cloth.n()` and the model is double buffered.
pub fn pass(cloth: &mut Cloth, back: &mut Cloth, spheres: &Spheres, model: &Model) {
    // The law is picked once a pass, not once a spring.
    match model.law {
        SpringLaw::Article => pass_with(cloth, back, spheres, model, ArticleLaw),
        SpringLaw::Hooke => pass_with(cloth, back, spheres, model, HookeLaw),
    }
}

/// [`pass`] with the spring law `term`.
#[inline(always)]
fn pass_with<L: RowLaw>(
    cloth: &mut Cloth,
    back: &mut Cloth,
    spheres: &Spheres,
    model: &Model,
    term: L,
) {
    let n = cloth.n();
    let springs = springs(model);
    let share = model.springs.share();
    match model.buffering {
        Buffering::Double => {
            assert_eq!(back.n(), n, "the second buffer is the cloth's size");
            let rows = Rows::new(n);
            double_dispatch(
                cloth,
                back,
                spheres,
                model.order,
                rows,
                &springs,
                share,
                term,
            );
            std::mem::swap(cloth, back);
        }
        Buffering::InPlace => {
            for (j, i) in model.order.visit(n) {
                let moved = moved_point_with(cloth, j, i, &springs, share, |a, b, rest| {
                    term.full(a, b, rest)
                });
                put(cloth, j, i, collide(moved, spheres));
            }
        }
    }
}

/// The double-buffered pass from `cloth` into `back`: row by row in
/// `order`, each row's points moved ([`Rows::moved_row`]) and collided.
/// Each new position reads only old ones, so the order cannot change a
/// bit.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn double<L: RowLaw>(
    cloth: &Cloth,
    back: &mut Cloth,
    spheres: &Spheres,
    order: Order,
    mut rows: Rows,
    springs: &[(isize, isize, f64)],
    share: f64,
    law: L,
) {
    let n = cloth.n();
    for (j, _) in order.visit(n).step_by(n) {
        rows.moved_row(cloth, j, springs, share, law);
        for i in 0..n {
            let moved = [rows.m[0][i], rows.m[1][i], rows.m[2][i]];
            put(back, j, i, collide(moved, spheres));
        }
    }
}

/// [`double`] compiled for the widest SIMD this CPU has (AVX-512, AVX2 or
/// the baseline), picked at run time as the fast pass does: the row loops
/// then work 8, 4 or 2 points at once. No fused multiply-add is enabled
/// and Rust never contracts, so the bits are the same on each.
#[allow(clippy::too_many_arguments)]
fn double_dispatch<L: RowLaw>(
    cloth: &Cloth,
    back: &mut Cloth,
    spheres: &Spheres,
    order: Order,
    rows: Rows,
    springs: &[(isize, isize, f64)],
    share: f64,
    law: L,
) {
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx512f")]
        #[allow(clippy::too_many_arguments)]
        fn avx512<L: RowLaw>(
            c: &Cloth,
            b: &mut Cloth,
            s: &Spheres,
            o: Order,
            r: Rows,
            sp: &[(isize, isize, f64)],
            sh: f64,
            l: L,
        ) {
            double(c, b, s, o, r, sp, sh, l)
        }
        #[target_feature(enable = "avx2")]
        #[allow(clippy::too_many_arguments)]
        fn avx2<L: RowLaw>(
            c: &Cloth,
            b: &mut Cloth,
            s: &Spheres,
            o: Order,
            r: Rows,
            sp: &[(isize, isize, f64)],
            sh: f64,
            l: L,
        ) {
            double(c, b, s, o, r, sp, sh, l)
        }
        if std::arch::is_x86_feature_detected!("avx512f") {
            // SAFETY: the CPU has AVX-512F, checked just above.
            return unsafe { avx512(cloth, back, spheres, order, rows, springs, share, law) };
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, checked just above.
            return unsafe { avx2(cloth, back, spheres, order, rows, springs, share, law) };
        }
    }
    double(cloth, back, spheres, order, rows, springs, share, law)
}

/// A spring law worked a row at a time: `dd` where `d` is a normal
/// number, in a form the compiler can vectorise across points, and the
/// law's whole function for the few springs where it is not.
trait RowLaw: Copy {
    /// The factor `dd` with `move = v * dd`, for `d = |v|^2` a normal
    /// number: the same operations as [`RowLaw::full`] there.
    fn dd(self, d: f64, rest: f64) -> f64;
    /// The law's term for any finite points.
    fn full(self, a: [f64; 3], b: [f64; 3], rest: f64) -> [f64; 3];
}

/// The article's spring ([`spring_term`]).
#[derive(Clone, Copy)]
struct ArticleLaw;

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
struct HookeLaw;

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

/// One row's moved points, worked spring by spring across the row.
struct Rows {
    /// The moved points `p + m` of the row, one array per axis.
    m: [Vec<f64>; 3],
    /// One spring's terms across the row.
    t: [Vec<f64>; 3],
}

impl Rows {
    fn new(n: usize) -> Self {
        let v = || vec![0.0; n];
        Rows {
            m: [v(), v(), v()],
            t: [v(), v(), v()],
        }
    }

    /// Row `j`'s points moved by gravity and their springs: for each point,
    /// exactly the sums of [`moved_point`] (each point's terms added in the
    /// springs' order, off-grid neighbours skipped), but taken spring by
    /// spring, each spring for every point of the row at once.
    #[inline(always)]
    fn moved_row<L: RowLaw>(
        &mut self,
        cloth: &Cloth,
        j: usize,
        springs: &[(isize, isize, f64)],
        share: f64,
        law: L,
    ) {
        let n = cloth.n();
        let [mx, my, mz] = &mut self.m;
        mx.fill(0.0);
        my.fill(-GRAVITY);
        mz.fill(0.0);
        let row = j * n;
        let (px, py, pz) = (
            &cloth.x[row..row + n],
            &cloth.y[row..row + n],
            &cloth.z[row..row + n],
        );
        for &(dj, di, rest) in springs {
            let jj = j.wrapping_add_signed(dj);
            if jj >= n {
                continue;
            }
            // The points i of the row whose neighbour i + di is on the grid.
            let lo = di.min(0).unsigned_abs();
            let hi = n - di.max(0) as usize;
            let (ax, ay, az) = (&px[lo..hi], &py[lo..hi], &pz[lo..hi]);
            let start = (jj * n + lo).wrapping_add_signed(di);
            let b = start..start + (hi - lo);
            let (bx, by, bz) = (&cloth.x[b.clone()], &cloth.y[b.clone()], &cloth.z[b]);
            let [tx, ty, tz] = &mut self.t;
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
            for k in 0..hi - lo {
                mx[lo + k] += tx[k] * share;
                my[lo + k] += ty[k] * share;
                mz[lo + k] += tz[k] * share;
            }
        }
        for i in 0..n {
            mx[i] = finite(px[i] + mx[i]);
            my[i] = finite(py[i] + my[i]);
            mz[i] = finite(pz[i] + mz[i]);
        }
    }
}

/// The springs on a point under `model`, in the order they are summed:
/// `(dj, di, rest)` for each neighbour `[j + dj][i + di]` the model's
/// springs join ([`Springs::joins`](super::Springs::joins)), `dj` from
/// `-reach` to `reach` outer and `di` likewise inner (reach 2 with bending
/// springs, the outer ring included, else 1), with rest length
/// `0.1 * DIST[2 + dj][2 + di]`. The original's eight: north-west, north,
/// north-east, west, east, south-west, south, south-east.
pub fn springs(model: &Model) -> Vec<(isize, isize, f64)> {
    let reach = model.springs.reach() as isize;
    let mut out = Vec::with_capacity(model.springs.count());
    for dj in -reach..=reach {
        for di in -reach..=reach {
            if model.springs.joins(dj, di) {
                let rest = SPACING * DIST[(2 + dj) as usize][(2 + di) as usize];
                out.push((dj, di, rest));
            }
        }
    }
    out
}

/// Where point `[j][i]` moves in a pass from gravity and its springs,
/// before collisions: `p + m`, the original's inner loop. `m` starts as
/// gravity, `(0, -0.001, 0)`, and each of the model's [`springs`] whose
/// neighbour `[jj][ii]` is on the grid adds its move under the model's law
/// ([`spring`]), in that order (the original's, `jj` outer, `ii` inner),
/// taken at the springs' [`share`](super::Springs::share): all of it
/// (multiplying by 1 is exact), or a third with bending springs.
///
/// Each coordinate stays within `±f64::MAX` (see the module docs).
///
/// # Panics
/// If `j` or `i` is `>= cloth.n()`.
pub fn moved_point(cloth: &Cloth, j: usize, i: usize, model: &Model) -> [f64; 3] {
    assert!(j < cloth.n() && i < cloth.n());
    let (springs, share) = (springs(model), model.springs.share());
    match model.law {
        SpringLaw::Article => moved_point_with(cloth, j, i, &springs, share, spring_term),
        SpringLaw::Hooke => moved_point_with(cloth, j, i, &springs, share, hooke_term),
    }
}

/// [`moved_point`] with the model's springs, share and law worked out.
#[inline(always)]
fn moved_point_with(
    cloth: &Cloth,
    j: usize,
    i: usize,
    springs: &[(isize, isize, f64)],
    share: f64,
    term: impl Fn([f64; 3], [f64; 3], f64) -> [f64; 3],
) -> [f64; 3] {
    let n = cloth.n();
    let k = j * n + i;
    let p = [cloth.x[k], cloth.y[k], cloth.z[k]];
    let (mut mx, mut my, mut mz) = (0.0, -GRAVITY, 0.0);
    for &(dj, di, rest) in springs {
        // Off the grid above or to the left wraps round to a huge index.
        let (jj, ii) = (j.wrapping_add_signed(dj), i.wrapping_add_signed(di));
        if jj >= n || ii >= n {
            continue;
        }
        let q = jj * n + ii;
        let [tx, ty, tz] = term(p, [cloth.x[q], cloth.y[q], cloth.z[q]], rest);
        mx += tx * share;
        my += ty * share;
        mz += tz * share;
    }
    [finite(p[0] + mx), finite(p[1] + my), finite(p[2] + mz)]
}

/// The move the spring from point `a` to its neighbour `b` (rest length
/// `rest`) gives `a` in a pass under `law`: [`spring_term`] for the
/// article's, [`hooke_term`] for Hooke's. Always finite for finite input.
#[inline]
pub fn spring(law: SpringLaw, a: [f64; 3], b: [f64; 3], rest: f64) -> [f64; 3] {
    match law {
        SpringLaw::Article => spring_term(a, b, rest),
        SpringLaw::Hooke => hooke_term(a, b, rest),
    }
}

/// Hooke's law: the spring from `a` to `b` moves `a` by
/// `0.3 (len - rest)` along the spring, towards `b` when stretched, away
/// when squashed. Written like the article's spring: `v = b - a`,
/// `d = vx*vx + vy*vy + vz*vz`, `len = sqrt(d)`,
/// `dd = (0.3 * (len - rest)) / len`, move `v * dd`.
///
/// Finite for all finite input, and where `d` is not a normal number:
/// - coincident points (`v == 0`): no direction to push along, no move;
/// - points so close that `d` underflows (within about 1.5e-154): the
///   same move worked out from `v` scaled by its largest component, a push
///   of at most `0.3 rest` away from `b`;
/// - points so far apart that `d` or `v` overflows: the same move worked
///   out from half of `v`, `0.6 (1 - rest / len)` times that half; finite,
///   though the sum of several such pulls may overflow (see the module
///   docs).
#[inline]
pub fn hooke_term(a: [f64; 3], b: [f64; 3], rest: f64) -> [f64; 3] {
    let vx = b[0] - a[0];
    let vy = b[1] - a[1];
    let vz = b[2] - a[2];
    let d = vx * vx + vy * vy + vz * vz;
    if d >= f64::MIN_POSITIVE && d.is_finite() {
        let len = d.sqrt();
        let dd = (HOOKE_STIFFNESS * (len - rest)) / len;
        return [vx * dd, vy * dd, vz * dd];
    }
    hooke_term_scaled(a, b, rest, d.is_finite())
}

/// [`hooke_term`] where `d` is not a normal number: `small` when it
/// underflowed, else it overflowed.
#[cold]
#[inline(never)]
fn hooke_term_scaled(a: [f64; 3], b: [f64; 3], rest: f64, small: bool) -> [f64; 3] {
    // `w` is `v` (small) or half of it (large; finite for any finite a, b).
    let w = if small {
        [b[0] - a[0], b[1] - a[1], b[2] - a[2]]
    } else {
        [
            b[0] * 0.5 - a[0] * 0.5,
            b[1] * 0.5 - a[1] * 0.5,
            b[2] * 0.5 - a[2] * 0.5,
        ]
    };
    let s = w[0].abs().max(w[1].abs()).max(w[2].abs());
    if !(s > 0.0 && s.is_finite()) {
        return [0.0; 3];
    }
    let u = [w[0] / s, w[1] / s, w[2] / s];
    let ulen = (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]).sqrt();
    if small {
        // A unit vector along v, times the move: at most 0.3 * rest long.
        let f = HOOKE_STIFFNESS * (s * ulen - rest);
        [u[0] / ulen * f, u[1] / ulen * f, u[2] / ulen * f]
    } else {
        // v * 0.3 (len - rest) / len = w * 0.6 (1 - rest / len); len may
        // overflow to infinity, and then rest / len is 0.
        let len = 2.0 * s * ulen;
        let f = 2.0 * HOOKE_STIFFNESS * (1.0 - rest / len);
        [w[0] * f, w[1] * f, w[2] * f]
    }
}

/// `v`, or `±f64::MAX` where it overflowed.
#[inline]
fn finite(v: f64) -> f64 {
    v.clamp(-f64::MAX, f64::MAX)
}

/// Set point `[j][i]` of `cloth` to `p`.
#[inline]
fn put(cloth: &mut Cloth, j: usize, i: usize, p: [f64; 3]) {
    let k = j * cloth.n() + i;
    cloth.x[k] = p[0];
    cloth.y[k] = p[1];
    cloth.z[k] = p[2];
}
