//! The general pass: every [`Model`], written to read like the article.
//!
//! This is the original's GameDraw() loop with each of the article's
//! choices made a setting: how many passes, which neighbours the loops
//! reach, whether the new positions are kept apart or stored in place, which
//! corner the loop starts from, and the spring law. A point's move is
//! [`moved_point`]: gravity, then each of the model's [`springs`] in the
//! original's order, then [`collide`]. For the original model it gives the
//! same bits as the fast pass, step for step: the golden data ties every
//! variant to the faithful code.
//!
//! Moved in place, the points go one at a time, as the article's loop
//! does. Double buffered, where every new position reads only old ones,
//! a row is worked spring by spring across all its points at once
//! (`Rows::moved_row`), which the compiler vectorises: each point still
//! adds the same terms in the same order, so the bits are those of
//! [`moved_point`] (a property test checks it). Slower than the fast pass,
//! which computes each spring once for both its ends; `cargo bench --bench
//! models` measures each model's step.
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

mod hooke;
mod rows;

pub use hooke::{hooke_term, HOOKE_STIFFNESS};

use super::model::{Buffering, Model, SpringLaw};
use super::{collide, spring_term, Cloth, Simulation, Spheres, DIST, GRAVITY, SPACING};
use rows::{double_dispatch, ArticleLaw, HookeLaw, RowLaw, Rows};

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
