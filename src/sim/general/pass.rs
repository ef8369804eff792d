//! The general pass and step: every model's passes, with the wind, the
//! pins, inertia and self-collision, double buffered or in place.

#![forbid(unsafe_code)]

use super::point::{moved_point_with, springs_at};
use super::rows::{double_dispatch, ArticleLaw, HookeLaw, RowLaw, RowPass, Rows};
use super::{inertia, put, tear, wind, GridLaw, SpatialHash};
use crate::sim::model::{Buffering, Model, SpringLaw};
use crate::sim::{collide, Cloth, InstructionSet, PinSet, Spheres, Torn};

/// What holds the cloth in a step besides its springs, and what it has
/// lost: the points that stay where they are (a held point among them),
/// the held point's place, and the torn springs, which a step with
/// tearing adds to.
pub(crate) struct Hands<'a> {
    /// The points that do not move, the held one included.
    pub(crate) pins: &'a PinSet,
    /// The held point (row-major) and where the step puts it.
    pub(crate) held: Option<(usize, [f64; 3])>,
    /// The torn springs.
    pub(crate) torn: &'a mut Torn,
}

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
    /// The double-buffered pass's padded copy of the cloth and its masks.
    rows: Rows,
}

/// One step of any model through the general pass, on the instruction set
/// `set`: the spheres move, then with inertia Verlet's move
/// ([`inertia::predict`]), then a held point is put where `hands` says,
/// then `model.passes` passes of the cloth, then with inertia no point
/// further than [`inertia::MAX_STEP_MOVE`] from where the step found it
/// ([`inertia::limit`]), then with self-collision the pushes that leave no
/// two points closer than the thickness ([`SpatialHash::settle`]), then
/// with tearing every spring stretched past the factor breaks
/// ([`tear::tear`]). Pinned points (the held one among them) stay where
/// they are throughout, and torn springs pull neither end. The passes run
/// the article's law at the cloth's grid ([`GridLaw`]: at another grid
/// than 32 the passes, the rest lengths, the spring's strength, gravity,
/// the wind and the thickness scaled so that the sheet behaves as the
/// demo's). For the original model on the demo's 32 x 32, with nothing
/// pinned, held or torn, it gives the same bits as the fast pass.
///
/// With inertia the `previous` positions are used and updated (none, or
/// none of the cloth's size: the cloth starts at rest); without, they are
/// dropped. A held point's velocity is then its last move, so a cloth let
/// go carries on as it was pulled.
pub(crate) fn step(
    cloth: &mut Cloth,
    spheres: &mut Spheres,
    previous: &mut Option<Cloth>,
    model: &Model,
    hands: &mut Hands<'_>,
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
                inertia::predict(cloth, previous, damping.get(), hands.pins);
            }
        }
        None => *previous = None,
    }
    if let Some((k, at)) = hands.held {
        let n = cloth.n();
        put(cloth, k / n, k % n, at);
    }
    let mut back = match ws.back.take() {
        Some(back) if back.n() == cloth.n() => back,
        _ => cloth.clone(),
    };
    let law = GridLaw::new(cloth.n(), model.passes.get());
    for _ in 0..law.passes {
        pass_in(
            set,
            cloth,
            &mut back,
            spheres,
            (model, &law),
            hands.pins,
            hands.torn,
            ws,
        );
    }
    ws.back = Some(back);
    if let Some(previous) = previous.as_ref() {
        inertia::limit(cloth, previous, hands.pins);
    }
    settle(cloth, (model, &law), hands.pins, ws);
    if let Some(factor) = model.tear {
        tear::tear(cloth, model, factor, hands.torn);
    }
}

/// The end of a step with self-collision: every two points closer than the
/// thickness (at the grid's scale, [`GridLaw::thickness`]) pushed apart
/// until none are ([`SpatialHash::settle`]).
fn settle(cloth: &mut Cloth, (model, law): (&Model, &GridLaw), pins: &PinSet, ws: &mut Workspace) {
    if let Some(t) = model.self_collision {
        let t = law.thickness(t.get());
        ws.hash.settle_pinned(cloth, t, model.springs.reach(), pins);
    }
}

/// A step's passes: `model.passes` of [`pass`], then with self-collision
/// [`SpatialHash::settle`], without the spheres' move or inertia (see
/// [`Simulation::step`](crate::sim::Simulation::step)). `back` is the
/// second buffer for double buffering (resized to the cloth if it
/// differs). The article's constants as they are, on any grid: the
/// demo's law (a step at another grid scales them, [`GridLaw`]).
pub fn passes(cloth: &mut Cloth, back: &mut Cloth, spheres: &Spheres, model: &Model) {
    if back.n() != cloth.n() {
        *back = cloth.clone();
    }
    let mut workspace = Workspace::default();
    let (pins, torn) = (
        PinSet::from_pins(model.pins, cloth.n()),
        Torn::new(cloth.n()),
    );
    let law = GridLaw::article(model.passes.get());
    for _ in 0..law.passes {
        pass_in(
            InstructionSet::best(),
            cloth,
            back,
            spheres,
            (model, &law),
            &pins,
            &torn,
            &mut workspace,
        );
    }
    settle(cloth, (model, &law), &pins, &mut workspace);
}

/// One pass of `model`: each point, in `model.order`, moved by gravity,
/// the wind and its springs ([`moved_point_in_wind`](super::moved_point_in_wind)) and then collided
/// with the floor and the spheres ([`collide`]); pinned points are left as
/// they are; then, with self-collision, a sweep through every two points
/// that are not grid neighbours, those closer than the thickness pushed
/// apart ([`SpatialHash::separate`]; [`Simulation::step`](crate::sim::Simulation::step) ends with sweeps until none
/// are left closer). The step count for
/// the gusts is `spheres.a()`, the step the spheres were placed for.
///
/// The pass has the article's constants as they are, on any grid (rest
/// lengths 0.1 apart, gravity 0.001, the spring's 0.03): the demo's law.
/// [`pass_under`] runs another [`GridLaw`], as a step at another grid
/// does.
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
    pass_under(
        cloth,
        back,
        spheres,
        model,
        &GridLaw::article(model.passes.get()),
    );
}

/// [`pass`] under the law `law`: its rest lengths, spring strength,
/// gravity, wind factor and thickness factor in place of the article's.
/// With [`GridLaw::new`]`(cloth.n(), ..)`, a pass of a
/// [`Simulation`](crate::sim::Simulation)'s step on that grid.
///
/// # Panics
/// If `back.n() != cloth.n()` and the model is double buffered.
pub fn pass_under(
    cloth: &mut Cloth,
    back: &mut Cloth,
    spheres: &Spheres,
    model: &Model,
    law: &GridLaw,
) {
    let n = cloth.n();
    pass_in(
        InstructionSet::best(),
        cloth,
        back,
        spheres,
        (model, law),
        &PinSet::from_pins(model.pins, n),
        &Torn::new(n),
        &mut Workspace::default(),
    );
}

/// The wind `model` blows at step `a`: `None` when calm, else the wind,
/// times [`wind::gust`]`(a)` with gusts. As set, for the demo's grid
/// (a pass at another grid scales it: [`GridLaw::wind`]).
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

/// [`pass`] with the pins, the torn springs and the workspace of a step.
#[allow(clippy::too_many_arguments)]
fn pass_in(
    set: InstructionSet,
    cloth: &mut Cloth,
    back: &mut Cloth,
    spheres: &Spheres,
    (model, law): (&Model, &GridLaw),
    pins: &PinSet,
    torn: &Torn,
    ws: &mut Workspace,
) {
    let pushes = match wind_at(model, spheres.a()) {
        Some(w) => {
            ws.wind.compute_on(set, cloth, law.wind(w), torn);
            Some(&ws.wind)
        }
        None => None,
    };
    let hands = (pins, torn);
    // The law is picked once a pass, not once a spring.
    match model.law {
        SpringLaw::Article => pass_with(
            set,
            cloth,
            back,
            spheres,
            (model, law),
            hands,
            pushes,
            &mut ws.rows,
            ArticleLaw {
                stiffness: law.stiffness,
            },
        ),
        SpringLaw::Hooke => pass_with(
            set,
            cloth,
            back,
            spheres,
            (model, law),
            hands,
            pushes,
            &mut ws.rows,
            HookeLaw,
        ),
    }
    if let Some(t) = model.self_collision {
        let t = law.thickness(t.get());
        ws.hash
            .separate_pinned(cloth, t, model.springs.reach(), pins);
    }
}

/// The moves and collisions of [`pass`] with the spring law `term`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn pass_with<L: RowLaw>(
    set: InstructionSet,
    cloth: &mut Cloth,
    back: &mut Cloth,
    spheres: &Spheres,
    (model, law): (&Model, &GridLaw),
    (pins, torn): (&PinSet, &Torn),
    pushes: Option<&wind::Pushes>,
    rows: &mut Rows,
    term: L,
) {
    let n = cloth.n();
    let springs = springs_at(model, law.spacing);
    let share = model.springs.share();
    let push = |k: usize| pushes.map_or([0.0; 3], |p| p.at(k));
    match model.buffering {
        Buffering::Double => {
            assert_eq!(back.n(), n, "the second buffer is the cloth's size");
            let pass = RowPass {
                gravity: law.gravity,
                order: model.order,
                springs: &springs,
                share,
                wind: pushes.map(|p| &p.m),
                torn,
            };
            double_dispatch(set, cloth, back, spheres, (&pass, rows), term);
            // Pinned points stay where they were.
            for k in pins.iter() {
                back.x[k] = cloth.x[k];
                back.y[k] = cloth.y[k];
                back.z[k] = cloth.z[k];
            }
            std::mem::swap(cloth, back);
        }
        Buffering::InPlace => {
            for (j, i) in model.order.visit(n) {
                if pins.contains(j * n + i) {
                    continue;
                }
                let moved = moved_point_with(
                    cloth,
                    (j, i),
                    &springs,
                    share,
                    (law.gravity, push(j * n + i)),
                    torn,
                    |a, b, rest| term.full(a, b, rest),
                );
                put(cloth, j, i, collide(moved, spheres));
            }
        }
    }
}
