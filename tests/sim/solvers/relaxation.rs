//! Mosegaard's relaxation: a hung sheet's constraints once settled, and a
//! free fall as damped Verlet's closed form says.

use super::{extent, hung, level, model, pinned, BEND_ALL, SHEAR, STRETCH};
use cloth_demo::sim::solver::{DT, G};
use cloth_demo::sim::{Pins, Simulation, Solver};

/// The sheet hung by its top row, calm, after five seconds under
/// `iterations`: each kind's shortest and longest link over its rest.
fn settled(iterations: f64) -> [(f64, f64); 3] {
    let mut m = pinned(Solver::Relaxation, Pins::Top);
    m.relaxation.iterations = iterations;
    let mut sim = Simulation::resume_with(hung(32), 0, m);
    sim.run(300);
    [&STRETCH[..], &SHEAR, &BEND_ALL].map(|o| extent(&sim.cloth, o))
}

#[test]
fn a_hung_sheet_settles_with_its_constraints_near_rest() {
    // Each iteration carries a correction about one link down the 31 of
    // the sheet, so 15 cannot hold it to 1%: settled, the longest
    // structural link is 1.0333 x rest (shear 1.0247, bend 1.0153),
    // nearest the rod where the weight below is greatest. 50 iterations
    // hold every link within 1% (1.0074, 1.0054, 1.0034); 100 within
    // 0.25% (1.0023, 1.0017, 1.0011). Nothing is squashed by 1% (the
    // shortest, 0.9916 x rest, at 15).
    for (iterations, within) in [(15.0, 0.036), (50.0, 0.01), (100.0, 0.0025)] {
        let s = settled(iterations);
        eprintln!(
            "relaxation, hung, {iterations} iterations, step 300: stretch, shear, bend {s:?}"
        );
        for ((lo, hi), what) in s.into_iter().zip(["stretch", "shear", "bend"]) {
            assert!(
                lo >= 0.99 && hi <= 1.0 + within,
                "{iterations} iterations: {what} from {lo} to {hi} x rest"
            );
        }
    }
}

/// The height after `k` steps of damped Verlet from rest at `y0`:
/// `y' = y + (1 - d)(y - y_prev) + a` with `a = -g dt^2`. The step's move
/// `u_k = y_k - y_(k-1)` follows `u_k = (1 - d) u_(k-1) + a`, `u_0 = 0`,
/// so `u_k = a (1 - r^k) / d` with `r = 1 - d`, and summing,
/// `y_k = y0 + (a / d) (k - r (1 - r^k) / d)`.
fn verlet_closed_form(y0: f64, d: f64, k: i32) -> f64 {
    let a = -G * DT * DT;
    let r = 1.0 - d;
    y0 + a / d * (k as f64 - r * (1.0 - r.powi(k)) / d)
}

#[test]
fn a_falling_sheet_falls_as_damped_verlet() {
    // Level and calm, every point falls alike and no constraint moves it;
    // 25 steps (0.42 s, 0.85 m) keep it clear of the spheres.
    // (A damping much under 0.01 loses the closed form's digits to
    // cancellation, `k - r (1 - r^k) / d` of two near terms.)
    for damping in [0.01, 0.05, 0.3, 1.0] {
        let mut m = model(Solver::Relaxation);
        m.relaxation.damping = damping;
        let start = level(32, 1.5);
        let mut sim = Simulation::resume_with(start.clone(), 0, m);
        let mut worst: f64 = 0.0;
        for k in 1..=25 {
            sim.step();
            let y = verlet_closed_form(1.5, damping, k);
            for (p, q) in sim.cloth.points().zip(start.points()) {
                worst = worst.max((p[1] - y).abs());
                assert!(
                    (p[0] - q[0]).abs() < 1e-12 && (p[2] - q[2]).abs() < 1e-12,
                    "{p:?}"
                );
            }
        }
        eprintln!("relaxation, damping {damping}: off the closed form by {worst} m at most");
        assert!(worst < 1e-12, "off the closed form by {worst} m");
    }
}
