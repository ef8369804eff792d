//! The solvers of the other cloth programs: CS184's mass-spring cloth
//! ([`mass_spring`]), Mosegaard's constraint relaxation ([`relaxation`])
//! and Jolt's XPBD soft bodies ([`xpbd`]).
//!
//! The article's spring moves a point at most 0.03 a pass however far it
//! is stretched, so a pull draws out a one-point needle and the cloth stays
//! where it lies. These three are what people know the other programs by:
//! they give every point a velocity and hold the springs near their rest
//! lengths, so a pull lifts the cloth and a rip runs.
//!
//! # The scene in real units
//!
//! The article has no time and no units: a step is a frame, gravity is
//! 0.001 a pass. The other programs work in metres and seconds, and so do
//! these solvers: a world unit is a metre, a step is 1/60 s ([`DT`], so 60
//! steps a second is real time), gravity is 9.81 m/s^2 ([`G`]). The
//! sheet is then 3.1 m a side, 1.5 m up, over spheres a metre across and a
//! floor 3 m down: dropped, it reaches the spheres in about half a second
//! and the floor in about one (less quickly under air drag), and drapes
//! and slides off within a few seconds, as a bed sheet would.
//!
//! # What every solver shares
//!
//! The scene is the article's: the spheres bob by the step count, the
//! floor is at [`FLOOR_Y`](crate::sim::FLOOR_Y), the rest lengths are the
//! sheet's [`spacing`](crate::sim::sheet::spacing) at any grid. A step
//! (run by [`Simulation::step`](crate::sim::Simulation::step)) moves the spheres, puts a held point where the hand says,
//! runs the solver, then, when the model says so, keeps points apart
//! (self-collision, at the model's thickness times the grid's
//! [`scale`](crate::sim::sheet::scale)) and breaks the springs stretched
//! past the tearing factor. Pinned points and the held point do not move
//! in the solver (their inverse mass is 0).
//!
//! The wind is the article's ([`general::wind`]):
//! each triangle pushed along its normal by how squarely the wind meets it,
//! a sixth of each of its triangles' pushes on a point. Its pushes, in
//! world units a pass, become accelerations as gravity's 0.001 a pass
//! becomes [`G`]: a wind of `0.001` blows as hard as gravity pulls.
//!
//! The points' velocities are their previous positions, a step before, as
//! with the article's inertia: [`Simulation::previous`](crate::sim::Simulation::previous)
//! and the state file's `px,py,pz` columns carry them. A solver with
//! sub-steps works out each sub-step's previous position from them and
//! hands the step's back.
//!
//! # Degenerate states
//!
//! Every coordinate a solver moves stays within `±`[`BOUND`] (a free point
//! found further out is brought in first), so no product overflows; a
//! link whose ends coincide, or whose length is not finite (a pinned point
//! left far out), is skipped for that solve. Only `+`, `-`, `*`, `/` and
//! `sqrt` are used, in a fixed order on one thread: every run repeats to
//! the bit, on every instruction set, natively and in WebAssembly.

#![forbid(unsafe_code)]

mod contact;
mod links;
pub mod mass_spring;
pub mod relaxation;
mod tear;
mod tethers;
pub mod xpbd;

pub use contact::contact;
pub use links::{Kind, Links};

use super::general::{self, wind::Pushes, Hands, SpatialHash};
use super::model::{Model, Solver};
use super::{sheet, Cloth, PinSet, Spheres, GRAVITY};

/// A step of scene time for the solvers with velocities, seconds.
pub const DT: f64 = 1.0 / 60.0;

/// Gravity for the solvers with velocities, m/s^2, along `-y`.
pub const G: f64 = 9.81;

/// The farthest from the origin a solver moves a coordinate, world units.
pub const BOUND: f64 = 1.0e6;

/// The point state a solver works on: positions and velocities, one
/// array per axis, and which points move.
#[derive(Clone, Debug, Default)]
pub(crate) struct Points {
    /// Velocities, m/s, x, y and z, row-major.
    pub v: [Vec<f64>; 3],
    /// Positions at the start of the current (sub-)step.
    pub q: [Vec<f64>; 3],
    /// Each point's external acceleration (gravity and wind), m/s^2.
    pub accel: [Vec<f64>; 3],
    /// Whether each point moves (not pinned, not held).
    pub free: Vec<bool>,
}

/// What the solvers keep between steps so that a step allocates nothing:
/// the links, the tethers, the wind's pushes, the point scratch, the
/// self-collision's spatial hash and XPBD's own.
#[derive(Clone, Debug, Default)]
pub(crate) struct Workspace {
    links: Links,
    tethers: tethers::Tethers,
    wind: Pushes,
    points: Points,
    hash: SpatialHash,
    forces: [Vec<f64>; 3],
    xpbd: xpbd::Scratch,
}

/// One step of `model` under its solver (not the article's): the spheres
/// move, a held point is put where `hands` says, the solver runs on the
/// cloth and its `previous` positions (none, or none of the cloth's size:
/// the cloth starts at rest), then with self-collision the points are kept
/// apart and with tearing the springs stretched too far break.
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
        Solver::Xpbd => xpbd::step(cloth, &model.xpbd, ws, spheres, hands.pins),
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
        tear::tear(cloth, &ws.links, factor.get(), hands.torn);
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
fn load(ws: &mut Workspace, cloth: &Cloth, prev: &Cloth, model: &Model, hands: &Hands<'_>, a: u64) {
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
