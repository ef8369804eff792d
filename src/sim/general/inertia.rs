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
//! after Verlet's move ([`predict`]). So a point falls faster and faster
//! (gravity adds 0.015 a step to its velocity each step), a cloth swings
//! through where it would hang and overshoots, and a collision that stops a
//! point stops its velocity too (the next step's velocity is where it ended
//! up less where it was). With `D = 1` the carried term is zero and a step
//! is the original's to the bit.
//!
//! The previous positions are part of the state: a
//! [`Simulation`](crate::sim::Simulation) under a model with inertia keeps
//! them ([`Simulation::previous`](crate::sim::Simulation::previous)), and
//! its state file carries them (`px,py,pz` columns, see
//! [`state_file`](crate::sim::state_file)). A cloth with no previous
//! positions starts at rest (`x_prev = x`).

use super::finite;
use crate::sim::model::Pins;
use crate::sim::Cloth;

/// Verlet's move for one step: every free point of `cloth` carried on by
/// `(1 - damping)` times its last step's move, `x + (1 - D) * (x - x_prev)`
/// per coordinate (the difference first, then the product, then the sum),
/// and `previous` set to where the points were. Pinned points stay where
/// they are (their previous position is their position).
///
/// Each coordinate stays within `±f64::MAX`: a difference or sum that
/// would overflow stays at the largest finite value.
///
/// # Panics
/// If `previous` is not `cloth`'s size.
pub fn predict(cloth: &mut Cloth, previous: &mut Cloth, damping: f64, pins: Pins) {
    let n = cloth.n();
    assert_eq!(previous.n(), n, "previous positions are the cloth's size");
    let keep = 1.0 - damping;
    for (x, p) in [
        (&mut cloth.x, &mut previous.x),
        (&mut cloth.y, &mut previous.y),
        (&mut cloth.z, &mut previous.z),
    ] {
        for (k, (x, p)) in x.iter_mut().zip(p.iter_mut()).enumerate() {
            let here = *x;
            if !pins.holds(n, k / n, k % n) {
                *x = finite(here + keep * finite(here - *p));
            }
            *p = here;
        }
    }
}
