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
//! but the original; [`Simulation::step_general`](super::Simulation::step_general)
//! runs it for any model, the original included.
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
pub mod inertia;
mod rows;
pub mod self_collision;
pub mod wind;

pub use hooke::{hooke_term, HOOKE_STIFFNESS};
pub use self_collision::{Settled, SpatialHash};

use super::model::{Buffering, Model, Pins, SpringLaw};
use super::{collide, spring_term, Cloth, InstructionSet, Spheres, DIST, GRAVITY, SPACING};
use rows::{double_dispatch, ArticleLaw, HookeLaw, RowLaw, Rows};

/// What the general pass keeps between passes so that a step allocates
/// nothing: the second buffer, the wind's pushes and the self-collision's
/// spatial hash.
#[derive(Clone, Debug, Default)]
pub(crate) struct Workspace {
    /// The second buffer of a double-buffered pass; made the cloth's size
    /// when it is not.
    back: Option<Cloth>,
    /// Every point's wind move this pass.
    wind: wind::Pushes,
    /// The self-collision's cells and pairs.
    hash: SpatialHash,
}

/// One step of any model through the general pass, on the instruction set
/// `set`: the spheres move, then with inertia Verlet's move
/// ([`inertia::predict`]), then `model.passes` passes of the cloth, then
/// with inertia no point further than [`inertia::MAX_STEP_MOVE`] from
/// where the step found it ([`inertia::limit`]), then with self-collision
/// the pushes that leave no two points closer than the thickness
/// ([`SpatialHash::settle`]). For the original model it gives the same
/// bits as the fast pass.
///
/// With inertia the `previous` positions are used and updated (none, or
/// none of the cloth's size: the cloth starts at rest); without, they are
/// dropped.
pub(crate) fn step(
    cloth: &mut Cloth,
    spheres: &mut Spheres,
    previous: &mut Option<Cloth>,
    model: &Model,
    set: InstructionSet,
    ws: &mut Workspace,
) {
    spheres.step();
    match model.inertia {
        Some(damping) => {
            if previous.as_ref().is_none_or(|p| p.n() != cloth.n()) {
                *previous = Some(cloth.clone());
            }
            if let Some(previous) = previous {
                inertia::predict(cloth, previous, damping.get(), model.pins);
            }
        }
        None => *previous = None,
    }
    let mut back = match ws.back.take() {
        Some(back) if back.n() == cloth.n() => back,
        _ => cloth.clone(),
    };
    for _ in 0..model.passes.get() {
        pass_in(set, cloth, &mut back, spheres, model, ws);
    }
    ws.back = Some(back);
    if let Some(previous) = previous.as_ref() {
        inertia::limit(cloth, previous);
    }
    settle(cloth, model, ws);
}

/// The end of a step with self-collision: every two points closer than the
/// thickness pushed apart until none are ([`SpatialHash::settle`]).
fn settle(cloth: &mut Cloth, model: &Model, ws: &mut Workspace) {
    if let Some(t) = model.self_collision {
        ws.hash
            .settle(cloth, t.get(), model.springs.reach(), model.pins);
    }
}

/// A step's passes: `model.passes` of [`pass`], then with self-collision
/// [`SpatialHash::settle`], without the spheres' move or inertia (see
/// [`step`]). `back` is the second buffer for double
/// buffering (resized to the cloth if it differs).
pub fn passes(cloth: &mut Cloth, back: &mut Cloth, spheres: &Spheres, model: &Model) {
    if back.n() != cloth.n() {
        *back = cloth.clone();
    }
    let mut workspace = Workspace::default();
    for _ in 0..model.passes.get() {
        pass_in(
            InstructionSet::best(),
            cloth,
            back,
            spheres,
            model,
            &mut workspace,
        );
    }
    settle(cloth, model, &mut workspace);
}

/// One pass of `model`: each point, in `model.order`, moved by gravity,
/// the wind and its springs ([`moved_point_in_wind`]) and then collided
/// with the floor and the spheres ([`collide`]); pinned points are left as
/// they are; then, with self-collision, a sweep through every two points
/// that are not grid neighbours, those closer than the thickness pushed
/// apart ([`SpatialHash::separate`]; [`step`] ends with sweeps until none
/// are left closer). The step count for
/// the gusts is `spheres.a`, the step the spheres were placed for.
///
/// Double buffered (the original), each new position goes into `back`, and
/// when all are done `back` and `cloth` swap: every point saw where its
/// neighbours were at the end of the last pass. In place, each new position
/// goes straight into `cloth`, and the points visited later see it. `back`
/// must be `cloth`'s size (its contents do not matter; double buffering
/// overwrites every point). The wind's pushes are worked out from the
/// points as they are at the start of the pass, either way.
///
/// # Panics
/// If `back.n() != cloth.n()` and the model is double buffered.
pub fn pass(cloth: &mut Cloth, back: &mut Cloth, spheres: &Spheres, model: &Model) {
    pass_in(
        InstructionSet::best(),
        cloth,
        back,
        spheres,
        model,
        &mut Workspace::default(),
    );
}

/// The wind `model` blows at step `a`: `None` when calm, else the wind,
/// times [`wind::gust`]`(a)` with gusts.
pub fn wind_at(model: &Model, a: u64) -> Option<[f64; 3]> {
    if model.wind.is_calm() {
        return None;
    }
    let w = model.wind.get();
    if !model.gusts {
        return Some(w);
    }
    let g = wind::gust(a);
    Some([w[0] * g, w[1] * g, w[2] * g])
}

/// [`pass`] with the workspace kept between passes.
fn pass_in(
    set: InstructionSet,
    cloth: &mut Cloth,
    back: &mut Cloth,
    spheres: &Spheres,
    model: &Model,
    ws: &mut Workspace,
) {
    let pushes = match wind_at(model, spheres.a) {
        Some(w) => {
            ws.wind.compute(cloth, w);
            Some(&ws.wind)
        }
        None => None,
    };
    // The law is picked once a pass, not once a spring.
    match model.law {
        SpringLaw::Article => pass_with(set, cloth, back, spheres, model, pushes, ArticleLaw),
        SpringLaw::Hooke => pass_with(set, cloth, back, spheres, model, pushes, HookeLaw),
    }
    if let Some(t) = model.self_collision {
        ws.hash
            .separate(cloth, t.get(), model.springs.reach(), model.pins);
    }
}

/// The moves and collisions of [`pass`] with the spring law `term`.
#[inline(always)]
fn pass_with<L: RowLaw>(
    set: InstructionSet,
    cloth: &mut Cloth,
    back: &mut Cloth,
    spheres: &Spheres,
    model: &Model,
    pushes: Option<&wind::Pushes>,
    term: L,
) {
    let n = cloth.n();
    let springs = springs(model);
    let share = model.springs.share();
    let push = |k: usize| pushes.map_or([0.0; 3], |p| p.at(k));
    match model.buffering {
        Buffering::Double => {
            assert_eq!(back.n(), n, "the second buffer is the cloth's size");
            let rows = Rows::new(n);
            double_dispatch(
                set,
                cloth,
                back,
                spheres,
                model.order,
                rows,
                &springs,
                share,
                pushes.map(|p| &p.m),
                term,
            );
            // Pinned points stay where they were.
            for k in pinned(model.pins, n) {
                back.x[k] = cloth.x[k];
                back.y[k] = cloth.y[k];
                back.z[k] = cloth.z[k];
            }
            std::mem::swap(cloth, back);
        }
        Buffering::InPlace => {
            for (j, i) in model.order.visit(n) {
                if model.pins.holds(n, j, i) {
                    continue;
                }
                let moved = moved_point_with(
                    cloth,
                    j,
                    i,
                    &springs,
                    share,
                    push(j * n + i),
                    |a, b, rest| term.full(a, b, rest),
                );
                put(cloth, j, i, collide(moved, spheres));
            }
        }
    }
}

/// The pinned points of an `n x n` grid, row-major indices, ascending.
fn pinned(pins: Pins, n: usize) -> impl Iterator<Item = usize> {
    let top = match pins {
        Pins::Top => 0..n,
        _ => 0..0,
    };
    let corners = match pins {
        Pins::Corners => vec![0, n - 1],
        _ => Vec::new(),
    };
    top.chain(corners)
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
    moved_point_in_wind(cloth, j, i, model, [0.0; 3])
}

/// [`moved_point`] with the wind's move `push` (world units, from
/// [`wind::push`]): `m` starts as gravity plus the push, `(0 + push_x,
/// -0.001 + push_y, 0 + push_z)`, and the springs are added to that. With
/// no push it is [`moved_point`] to the bit.
///
/// # Panics
/// If `j` or `i` is `>= cloth.n()`.
pub fn moved_point_in_wind(
    cloth: &Cloth,
    j: usize,
    i: usize,
    model: &Model,
    push: [f64; 3],
) -> [f64; 3] {
    assert!(j < cloth.n() && i < cloth.n());
    let (springs, share) = (springs(model), model.springs.share());
    match model.law {
        SpringLaw::Article => moved_point_with(cloth, j, i, &springs, share, push, spring_term),
        SpringLaw::Hooke => moved_point_with(cloth, j, i, &springs, share, push, hooke_term),
    }
}

/// [`moved_point_in_wind`] with the model's springs, share and law worked
/// out.
#[inline(always)]
fn moved_point_with(
    cloth: &Cloth,
    j: usize,
    i: usize,
    springs: &[(isize, isize, f64)],
    share: f64,
    push: [f64; 3],
    term: impl Fn([f64; 3], [f64; 3], f64) -> [f64; 3],
) -> [f64; 3] {
    let n = cloth.n();
    let k = j * n + i;
    let p = [cloth.x[k], cloth.y[k], cloth.z[k]];
    let (mut mx, mut my, mut mz) = (0.0 + push[0], -GRAVITY + push[1], 0.0 + push[2]);
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
