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

use super::model::{Buffering, Model, SpringLaw};
use super::{collide, spring_term, Cloth, Simulation, Spheres, DIST, GRAVITY, SPACING};

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
    let n = cloth.n();
    match model.buffering {
        Buffering::Double => {
            assert_eq!(back.n(), n, "the second buffer is the cloth's size");
            for (j, i) in model.order.visit(n) {
                let new = collide(moved_point(cloth, j, i, model), spheres);
                put(back, j, i, new);
            }
            std::mem::swap(cloth, back);
        }
        Buffering::InPlace => {
            for (j, i) in model.order.visit(n) {
                let new = collide(moved_point(cloth, j, i, model), spheres);
                put(cloth, j, i, new);
            }
        }
    }
}

/// Where point `[j][i]` moves in a pass from gravity and its springs,
/// before collisions: `p + m`, the original's inner loop. `m` starts as
/// gravity, `(0, -0.001, 0)`, and each neighbour `[jj][ii]` the model's
/// springs join to it ([`Springs::joins`](super::Springs::joins)) adds its
/// spring's move, in the original's order, `jj` from `j - reach` to
/// `j + reach` outer and `ii` likewise inner (reach 2 with bending springs,
/// the outer ring included, else 1), skipping cells outside the grid. Each
/// spring's rest length is `0.1 * DIST[2 + jj - j][2 + ii - i]`, and each
/// move is taken at the springs' [`share`](super::Springs::share): all of
/// it (multiplying by 1 is exact), or a third with bending springs.
///
/// Each coordinate stays within `±f64::MAX` (see the module docs).
///
/// # Panics
/// If `j` or `i` is `>= cloth.n()`.
pub fn moved_point(cloth: &Cloth, j: usize, i: usize, model: &Model) -> [f64; 3] {
    let n = cloth.n();
    let reach = model.springs.reach();
    let share = model.springs.share();
    let p = cloth.point(j, i);
    let (mut mx, mut my, mut mz) = (0.0, -GRAVITY, 0.0);
    for jj in j.saturating_sub(reach)..=(j + reach).min(n - 1) {
        for ii in i.saturating_sub(reach)..=(i + reach).min(n - 1) {
            let (dj, di) = (jj as isize - j as isize, ii as isize - i as isize);
            if !model.springs.joins(dj, di) {
                continue;
            }
            let rest = SPACING * DIST[(2 + dj) as usize][(2 + di) as usize];
            let [tx, ty, tz] = spring(model.law, p, cloth.point(jj, ii), rest);
            mx += tx * share;
            my += ty * share;
            mz += tz * share;
        }
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
