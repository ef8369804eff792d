//! Inertia: Verlet's move at the start of each step.
//!
//! The original has no velocities: "Nothing swings or bounces, and a point
//! stops as soon as the forces on it cancel out." With inertia a point's
//! velocity is how far it moved in the last step, `x - x_prev`, and each
//! step first carries every point on by that, less the damping `D`:
//!
//! ```text
//! x_next = x + (1 - D) * (x - x_prev) + move
//! ```
//!
//! where `move` is what the step's passes then do: gravity (and the wind)
//! a pass, the springs and the collisions, all as position corrections
//! after Verlet's move ([`predict`]; its carried move is at most
//! [`MAX_CARRY`], 0.1, a step). So a point falls faster and faster
//! (gravity adds 0.015 a step to its velocity each step), a cloth swings
//! through where it would hang and overshoots, and a collision that stops a
//! point stops its velocity too (the next step's velocity is where it ended
//! up less where it was). With `D = 1` the carried term is zero and a step
//! is the original's to the bit (`tests/sim/inertia.rs`).
//!
//! The previous positions are part of the state: a
//! [`Simulation`](crate::sim::Simulation) under a model with inertia keeps
//! them ([`Simulation::previous`](crate::sim::Simulation::previous)), and
//! its state file carries them (`px,py,pz` columns, see
//! [`state_file`](crate::sim::state_file)). A cloth with no previous
//! positions starts at rest (`x_prev = x`).

#![forbid(unsafe_code)]

use super::finite;
use crate::sim::{Cloth, PinSet};

/// The longest carried move, `(1 - D) (x - x_prev)`, of a point in a
/// step, world units: the grid spacing, 0.1. The article's spring
/// over-corrects a spring squashed below 0.06 (its push, `0.03 (rest -
/// len) / len`, is then more than half the squash), and the passes can
/// send two squashed neighbours further apart than they were close. In the
/// original that is forgotten by the next pass; with inertia it would be
/// carried on as velocity, step after step, and fling points across the
/// scene. A move of up to 0.1 a step (6 units a second at 60 steps a
/// second) is faster than any swing, fall or flap the scenes make, so it
/// only ever stops a fling.
pub const MAX_CARRY: f64 = 0.1;

/// The longest move of a point in a whole step with inertia, world units:
/// 0.5, five grid spacings (30 units a second at 60 steps a second).
/// Verlet's move carries points into each other and into the spheres
/// faster than the original ever moves them, and where that squashes two
/// neighbours nearly onto each other the article's spring pushes them
/// apart by `0.03 (rest - len) / len`, without limit as `len` goes to 0:
/// in the curtain at step 14 one pass flung a hem point 250 units (the
/// passes then pulled it back, at most 0.03 a spring a pass, over 80
/// steps). A step's move longer than this is cut to it ([`limit`]). Over
/// 3,000 steps that happens 16 times in the curtain, 3 in the flag and 2
/// in the drape, each a squashed spring's fling.
pub const MAX_STEP_MOVE: f64 = 0.5;

/// Verlet's move for one step: every free point of `cloth` carried on by
/// `(1 - damping)` times its last step's move, `x + (1 - D) * (x - x_prev)`
/// per coordinate (the difference first, then the product, then the sum),
/// and `previous` set to where the points were. A carried move longer than
/// [`MAX_CARRY`] is shortened to it (each component scaled by `MAX_CARRY /
/// length`). Pinned points stay where they are (their previous position is
/// their position).
///
/// Each coordinate stays within `±f64::MAX`: a difference or sum that
/// would overflow stays at the largest finite value.
///
/// # Panics
/// If `previous` is not `cloth`'s size.
pub fn predict(cloth: &mut Cloth, previous: &mut Cloth, damping: f64, pins: &PinSet) {
    let n = cloth.n();
    assert_eq!(previous.n(), n, "previous positions are the cloth's size");
    let keep = 1.0 - damping;
    for k in 0..n * n {
        let here = [cloth.x[k], cloth.y[k], cloth.z[k]];
        let before = [previous.x[k], previous.y[k], previous.z[k]];
        [previous.x[k], previous.y[k], previous.z[k]] = here;
        if pins.contains(k) {
            continue;
        }
        let mut carry = [0.0; 3];
        for a in 0..3 {
            carry[a] = keep * finite(here[a] - before[a]);
        }
        let len2 = carry[0] * carry[0] + carry[1] * carry[1] + carry[2] * carry[2];
        if len2 > MAX_CARRY * MAX_CARRY {
            // The largest component first, so the square cannot overflow.
            let s = carry[0].abs().max(carry[1].abs()).max(carry[2].abs());
            let u = carry.map(|c| c / s);
            let len = (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]).sqrt();
            carry = u.map(|c| c / len * MAX_CARRY);
        }
        cloth.x[k] = finite(here[0] + carry[0]);
        cloth.y[k] = finite(here[1] + carry[1]);
        cloth.z[k] = finite(here[2] + carry[2]);
    }
}

/// The end of a step's passes with inertia: every point that moved more
/// than [`MAX_STEP_MOVE`] from where it was at the step's start
/// (`previous`, as [`predict`] left it) brought back along its move to
/// that distance (each component of the move scaled by `MAX_STEP_MOVE /
/// length`, the length found as [`predict`] finds it). Returns how many
/// points it moved. Pinned points are never touched: they are where the
/// step put them (a held point may have been put further).
///
/// # Panics
/// If `previous` is not `cloth`'s size.
pub fn limit(cloth: &mut Cloth, previous: &Cloth, pins: &PinSet) -> usize {
    let n = cloth.n();
    assert_eq!(previous.n(), n, "previous positions are the cloth's size");
    let mut limited = 0;
    for k in 0..n * n {
        if pins.contains(k) {
            continue;
        }
        let before = [previous.x[k], previous.y[k], previous.z[k]];
        let step = [
            finite(cloth.x[k] - before[0]),
            finite(cloth.y[k] - before[1]),
            finite(cloth.z[k] - before[2]),
        ];
        let len2 = step[0] * step[0] + step[1] * step[1] + step[2] * step[2];
        if len2 > MAX_STEP_MOVE * MAX_STEP_MOVE {
            let s = step[0].abs().max(step[1].abs()).max(step[2].abs());
            let u = step.map(|c| c / s);
            let len = (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]).sqrt();
            let m = u.map(|c| c / len * MAX_STEP_MOVE);
            cloth.x[k] = finite(before[0] + m[0]);
            cloth.y[k] = finite(before[1] + m[1]);
            cloth.z[k] = finite(before[2] + m[2]);
            limited += 1;
        }
    }
    limited
}
