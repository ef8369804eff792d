//! A hand that lifts: under the solvers with velocities (mass-spring,
//! relaxation, XPBD, at their defaults) a point of the draped sheet raised
//! a unit brings the cloth round it up with it within a second, and let
//! go the cloth falls back as cloth, no link drawn out; with tearing on at
//! the solver's factor, nothing tears.

use crate::solvers::{extent, model, BEND_ALL, SHEAR, STRETCH};
use cloth_demo::sim::{spacing, Simulation, Solver, TearFactor};

/// The point held: the middle of the 32 x 32 sheet.
const HELD: (usize, usize) = (16, 16);
/// Steps to drape the sheet before the hand takes it.
const DRAPE: u64 = 250;
/// Steps the hand takes to raise the point its unit.
const RAISE: u64 = 30;
/// Steps within which the neighbourhood must have risen: one second.
const WITHIN: u64 = 60;
/// How far the hand raises the point, world units.
const UP: f64 = 1.0;

/// The points within 3 spacings of the held one (Euclidean, on the grid),
/// itself left out.
fn near() -> Vec<(usize, usize)> {
    let (hj, hi) = (HELD.0 as isize, HELD.1 as isize);
    let mut out = Vec::new();
    for dj in -3isize..=3 {
        for di in -3isize..=3 {
            if (dj, di) != (0, 0) && dj * dj + di * di <= 9 {
                out.push(((hj + dj) as usize, (hi + di) as usize));
            }
        }
    }
    out
}

/// The longest link of every kind over its rest length.
fn longest(sim: &Simulation) -> f64 {
    [&STRETCH[..], &SHEAR[..], &BEND_ALL[..]]
        .iter()
        .map(|o| extent(&sim.cloth, o).1)
        .fold(0.0, f64::max)
}

/// What a lift did under `solver`: the least rise of the neighbourhood at
/// the end of the second (and the first step all of it had risen half the
/// hand's rise, if any), the longest link while held, then after the hand
/// lets go: how far the held point and its neighbourhood (on average) fell
/// in a second, and the longest link over that second; and the height the
/// point was taken from.
struct Lift {
    from: f64,
    near_fell: f64,
    least_rise: f64,
    half_at: Option<u64>,
    longest_held: f64,
    fell: f64,
    longest_after: f64,
}

fn lift(solver: Solver) -> Lift {
    // Tearing on at the solver's factor: a lift tears nothing.
    let mut m = model(solver);
    m.tear = Some(TearFactor::for_solver(solver));
    let mut sim = Simulation::with_model(m);
    sim.run(DRAPE);
    let near = near();
    let before: Vec<f64> = near
        .iter()
        .map(|&(j, i)| sim.cloth.point(j, i)[1])
        .collect();
    let from = sim.cloth.point(HELD.0, HELD.1);
    let mut half_at = None;
    let mut least_rise = f64::INFINITY;
    let mut longest_held: f64 = 0.0;
    for s in 1..=WITHIN {
        let t = (s.min(RAISE) as f64) / RAISE as f64;
        sim.hold(HELD.0, HELD.1, [from[0], from[1] + t * UP, from[2]])
            .unwrap();
        sim.step();
        longest_held = longest_held.max(longest(&sim));
        least_rise = near
            .iter()
            .zip(&before)
            .map(|(&(j, i), y0)| sim.cloth.point(j, i)[1] - y0)
            .fold(f64::INFINITY, f64::min);
        if half_at.is_none() && least_rise >= UP / 2.0 {
            half_at = Some(s);
        }
    }
    let top = sim.cloth.point(HELD.0, HELD.1)[1];
    let mean = |sim: &Simulation| {
        near.iter()
            .map(|&(j, i)| sim.cloth.point(j, i)[1])
            .sum::<f64>()
            / near.len() as f64
    };
    let high = mean(&sim);
    assert_eq!(sim.release(), Some(HELD));
    let mut longest_after: f64 = 0.0;
    for _ in 0..60 {
        sim.step();
        longest_after = longest_after.max(longest(&sim));
        assert!(sim.cloth.points().flatten().all(f64::is_finite));
    }
    assert!(
        sim.torn().is_empty(),
        "{solver}: a lift tore {}",
        sim.torn().len()
    );
    let fell = top - sim.cloth.point(HELD.0, HELD.1)[1];
    let near_fell = high - mean(&sim);
    Lift {
        from: from[1],
        near_fell,
        least_rise,
        half_at,
        longest_held,
        fell,
        longest_after,
    }
}

// Measured (32 x 32, the middle point, raised a unit over half a second
// and held there to the end of the second, then let go for a second):
//
// | solver | taken at y | least rise of the 28 | half by step | longest held | point fell | the 28 fell | longest falling |
// |---|---|---|---|---|---|---|---|
// | mass-spring | -0.6011 (on a sphere) | 0.5560 | 28 | 1.1230 | 0.8758 | 0.6909 | 1.1046 |
// | relaxation | -2.9990 (on the floor) | 0.7719 | 21 | 1.5293 | 1.0000 | 0.8907 | 1.2467 |
// | xpbd | -0.9124 (on a sphere) | 0.6431 | 23 | 1.5990 | 0.8881 | 0.8508 | 1.4939 |
//
// (the longest link is of any kind, the 2-apart bending ones included).
#[test]
fn a_raised_point_lifts_the_cloth_round_it_and_let_go_it_falls_as_cloth() {
    assert_eq!(near().len(), 28);
    let h = spacing(32);
    for solver in [Solver::MassSpring, Solver::Relaxation, Solver::Xpbd] {
        let l = lift(solver);
        eprintln!(
            "{solver}: taken at y = {:.4}, the 28 points within 3 spacings ({:.2}) rose at least {:.4} in a second \
             (half the hand's rise by step {:?}); longest link held {:.4} x rest; \
             let go, the point fell {:.4} in a second (its neighbourhood {:.4}), longest link {:.4} x rest",
            l.from,
            3.0 * h,
            l.least_rise,
            l.half_at,
            l.longest_held,
            l.fell,
            l.near_fell,
            l.longest_after
        );
        assert!(
            l.least_rise >= UP / 2.0,
            "{solver}: the neighbourhood rose only {} of {UP}",
            l.least_rise
        );
        assert!(
            l.longest_held < 3.0,
            "{solver}: a link drawn out to {} x rest while held",
            l.longest_held
        );
        assert!(
            l.fell > UP / 2.0,
            "{solver}: let go, the point fell only {}",
            l.fell
        );
        assert!(
            l.near_fell > UP / 2.0,
            "{solver}: let go, the neighbourhood fell only {}",
            l.near_fell
        );
        assert!(
            l.longest_after < 3.0,
            "{solver}: a link drawn out to {} x rest as it fell",
            l.longest_after
        );
    }
}
