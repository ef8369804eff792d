//! [`step`]: one step of a solver other than the article's, with the
//! scene every solver shares around it.

#![forbid(unsafe_code)]

use super::frame::{Shared, BOUND, DT, G};
use super::{links, mass_spring, relaxation, tear, xpbd};
use crate::sim::general::{self, Hands};
use crate::sim::model::{Model, Solver};
use crate::sim::{sheet, Cloth, PinSet, Spheres, GRAVITY};

/// What the solvers keep between steps: what they all share, and XPBD's
/// own records.
#[derive(Clone, Debug, Default)]
pub(crate) struct Workspace {
    shared: Shared,
    xpbd: xpbd::Scratch,
}

/// One step of `model` under its solver (not the article's): the spheres
/// move, a held point is put where `hands` says, the solver runs on the
/// cloth and its `previous` positions (none, or none of the cloth's size:
/// the cloth starts at rest), then with self-collision the points are kept
/// apart and with tearing the springs stretched too far by a hand break
/// ([`tear`](super::tear)).
///
/// # Panics
/// If the model's solver is the article's.
pub(crate) fn step(
    cloth: &mut Cloth,
    spheres: &mut Spheres,
    previous: &mut Option<Cloth>,
    model: &Model,
    hands: &mut Hands<'_>,
    ws: &mut Workspace,
) {
    assert!(
        model.solver.is_dynamic(),
        "the article's solver is general::step"
    );
    spheres.step();
    let n = cloth.n();
    let prev = match previous {
        Some(p) if p.n() == n => p,
        _ => previous.insert(cloth.clone()),
    };
    bring_in(cloth, prev, hands.pins);
    if let Some((k, at)) = hands.held {
        // The held point's velocity is its move: let go, it carries on.
        prev.x[k] = cloth.x[k];
        prev.y[k] = cloth.y[k];
        prev.z[k] = cloth.z[k];
        let at = at.map(|c| c.clamp(-BOUND, BOUND));
        general::put(cloth, k / n, k % n, at);
    }
    let xs = &mut ws.xpbd;
    let ws = &mut ws.shared;
    load(ws, cloth, prev, model, hands, spheres.a());
    let bend: &[(isize, isize)] = match model.solver {
        Solver::Relaxation => &links::BEND_ALL,
        _ => &links::BEND_LINES,
    };
    ws.links.ensure(n, bend, hands.torn);
    match model.solver {
        Solver::Article => unreachable!(),
        Solver::MassSpring => mass_spring::step(cloth, &model.mass_spring, ws, spheres),
        Solver::Relaxation => relaxation::step(cloth, &model.relaxation, ws, spheres),
        Solver::Xpbd => xpbd::step(cloth, &model.xpbd, ws, xs, spheres, hands.pins, hands.torn),
    }
    // Hand the velocities back as the previous positions, a step before.
    let p = &ws.points;
    for k in 0..n * n {
        if p.free[k] {
            prev.x[k] = cloth.x[k] - p.v[0][k] * DT;
            prev.y[k] = cloth.y[k] - p.v[1][k] * DT;
            prev.z[k] = cloth.z[k] - p.v[2][k] * DT;
        }
    }
    if let Some(t) = model.self_collision {
        ws.hash
            .settle_pinned(cloth, t.get() * sheet::scale(n), 2, hands.pins);
    }
    if let Some(factor) = model.tear {
        tear::tear(
            cloth,
            &ws.links,
            factor.get(),
            hands.held.is_some(),
            hands.torn,
        );
    }
}

/// Bring every free point, and its previous position, within `±BOUND`.
fn bring_in(cloth: &mut Cloth, prev: &mut Cloth, pins: &PinSet) {
    for k in 0..cloth.x.len() {
        if pins.contains(k) {
            continue;
        }
        for c in [
            &mut cloth.x[k],
            &mut cloth.y[k],
            &mut cloth.z[k],
            &mut prev.x[k],
            &mut prev.y[k],
            &mut prev.z[k],
        ] {
            *c = c.clamp(-BOUND, BOUND);
        }
    }
}

/// Fill the point scratch for a step: which points move, their
/// velocities from the previous positions, and their accelerations,
/// gravity and the wind at step `a`.
fn load(ws: &mut Shared, cloth: &Cloth, prev: &Cloth, model: &Model, hands: &Hands<'_>, a: u64) {
    let count = cloth.x.len();
    let p = &mut ws.points;
    p.free.clear();
    p.free.extend((0..count).map(|k| !hands.pins.contains(k)));
    let c = [&cloth.x, &cloth.y, &cloth.z];
    let b = [&prev.x, &prev.y, &prev.z];
    for axis in 0..3 {
        let v = &mut p.v[axis];
        v.clear();
        v.extend((0..count).map(|k| (c[axis][k] - b[axis][k]) / DT));
        p.q[axis].clear();
        p.q[axis].extend_from_slice(c[axis]);
        p.accel[axis].clear();
        p.accel[axis].resize(count, 0.0);
    }
    p.accel[1].fill(-G);
    if let Some(w) = general::wind_at(model, a) {
        ws.wind.compute_torn(cloth, w, hands.torn);
        let to_accel = G / GRAVITY;
        for k in 0..count {
            let m = ws.wind.at(k);
            for (axis, m) in m.into_iter().enumerate() {
                p.accel[axis][k] += m * to_accel;
            }
        }
    }
}
