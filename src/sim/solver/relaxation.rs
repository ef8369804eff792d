//! Mosegaard's constraint relaxation, as his cloth tutorial and the
//! Verlet engine write it.
//!
//! A step, `timeStep()`:
//!
//! 1. **Verlet with damping** for every free point: `x' = x + (x -
//!    x_prev)(1 - damping) + a dt^2`, `a` gravity and the wind.
//! 2. **The constraint iterations** ([`Relaxation::iterations`], 15 by
//!    default): each constraint in turn, in place, as `satisfyConstraint`
//!    does: the vector between its ends times `1 - rest / length` is the
//!    correction, and each end moves half of it towards the other. A
//!    pinned end does not move (`offsetPos` does nothing for a particle
//!    that is not movable), so its free end moves only its half. The
//!    constraints: the structural (grid lines), the shear (diagonals) and
//!    the "secondary neighbours" two away along the grid lines and the
//!    diagonals. The more iterations, the stiffer the cloth.
//! 3. **The spheres and the floor**: a point inside is pushed straight
//!    out onto the surface, with no friction, as the tutorial's
//!    `ballCollision`.
//!
//! The wind is the tutorial's `addWindForcesForTriangle` (each triangle
//! pushed along its normal by how squarely the wind meets it), with the
//! push per unit of cloth rather than per triangle so that it does not
//! change with the grid: the article's wind, the same for every solver
//! ([`solver`](super)).

#![forbid(unsafe_code)]

use super::{contact, Shared, BOUND, DT};
use crate::sim::model::Relaxation;
use crate::sim::{Cloth, Spheres};

/// One step of the relaxation (module docs).
pub(super) fn step(cloth: &mut Cloth, r: &Relaxation, ws: &mut Shared, spheres: &Spheres) {
    let count = cloth.x.len();
    let keep = 1.0 - Relaxation::DAMPING.clamp(r.damping);
    let iterations = Relaxation::ITERATIONS.clamp(r.iterations) as usize;
    let p = &mut ws.points;
    let dt2 = DT * DT;
    for k in 0..count {
        if !p.free[k] {
            continue;
        }
        let x = [cloth.x[k], cloth.y[k], cloth.z[k]];
        let mut new = [0.0; 3];
        for axis in 0..3 {
            new[axis] =
                (x[axis] + p.v[axis][k] * DT * keep + p.accel[axis][k] * dt2).clamp(-BOUND, BOUND);
        }
        cloth.x[k] = new[0];
        cloth.y[k] = new[1];
        cloth.z[k] = new[2];
    }
    let links = &ws.links;
    // Slices, not the vectors: their pointers stay in registers.
    let (la, lb, rest) = (&links.a[..], &links.b[..], &links.rest[..]);
    let (px, py, pz) = (&mut cloth.x[..], &mut cloth.y[..], &mut cloth.z[..]);
    let free = &p.free[..];
    for _ in 0..iterations {
        for l in 0..la.len() {
            let (a, b) = (la[l] as usize, lb[l] as usize);
            let d = [px[b] - px[a], py[b] - py[a], pz[b] - pz[a]];
            let len = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
            if !(len > 0.0 && len.is_finite()) {
                continue;
            }
            let half = 0.5 * (1.0 - rest[l] / len);
            if free[a] {
                px[a] += d[0] * half;
                py[a] += d[1] * half;
                pz[a] += d[2] * half;
            }
            if free[b] {
                px[b] -= d[0] * half;
                py[b] -= d[1] * half;
                pz[b] -= d[2] * half;
            }
        }
    }
    for k in 0..count {
        if !p.free[k] {
            continue;
        }
        let x = [cloth.x[k], cloth.y[k], cloth.z[k]];
        let new = contact(x, x, spheres, 0.0);
        cloth.x[k] = new[0];
        cloth.y[k] = new[1];
        cloth.z[k] = new[2];
        p.v[0][k] = (new[0] - p.q[0][k]) / DT;
        p.v[1][k] = (new[1] - p.q[1][k]) / DT;
        p.v[2][k] = (new[2] - p.q[2][k]) / DT;
    }
}
