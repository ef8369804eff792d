//! Degenerate states: no finite state gives NaN or infinity, and the fast
//! pass still equals the plain one there.

use cloth_demo::sim::{
    fast, reference, spring_term, Cloth, InstructionSet, Simulation, Spheres, GRID,
};
use proptest::prelude::*;

/// One step both ways, the fast pass (through a simulation on the demo's
/// grid, where it runs it, and [`fast::Stepper`] on others, where it runs
/// the article's law scaled to the grid) and the reference; both finite
/// and equal to the bit.
fn step_both(cloth: Cloth, start: u64) -> Result<Cloth, TestCaseError> {
    let mut fast = Simulation::resume(cloth.clone(), start);
    let mut plain = Simulation::resume(cloth, start);
    if fast.cloth.n() == GRID {
        fast.step();
    } else {
        let set = InstructionSet::best();
        fast::Stepper::default().run(&mut fast.cloth, &mut fast.spheres, 1, set, 1);
    }
    reference::step(&mut plain);
    for (k, p) in fast.cloth.points().enumerate() {
        prop_assert!(p.iter().all(|v| v.is_finite()), "point {} = {:?}", k, p);
    }
    for (p, q) in fast.cloth.points().zip(plain.cloth.points()) {
        prop_assert_eq!(p.map(f64::to_bits), q.map(f64::to_bits));
    }
    Ok(fast.cloth)
}

/// Coordinates of very different sizes, all finite.
fn coordinate() -> impl Strategy<Value = f64> {
    prop_oneof![
        3 => -3.5f64..3.5,
        1 => (-1.0f64..1.0).prop_map(|v| v * 1e150),
        1 => (-1.0f64..1.0).prop_map(|v| v * 1e-300),
        1 => (-1.0f64..1.0).prop_map(|v| v * 1e300),
        1 => (-1.0f64..1.0).prop_map(|v| v * f64::MAX),
        1 => Just(0.0),
    ]
}

/// A state built to be degenerate: a base layout, then some of its points
/// stacked on others, collapsed onto a line, or moved by tiny amounts.
fn degenerate_cloth(n: usize) -> impl Strategy<Value = Cloth> {
    (
        prop::collection::vec(prop::array::uniform3(coordinate()), n * n),
        prop::collection::vec((0..n * n, 0..n * n, 0u8..5, -1.0f64..1.0), 0..n * n),
    )
        .prop_map(move |(mut pts, edits)| {
            for (a, b, how, t) in edits {
                match how {
                    // Stack a on b.
                    0 => pts[a] = pts[b],
                    // Put a a hair away from b (separations near 1e-300).
                    1 => pts[a] = pts[b].map(|v| v + t * 1e-300),
                    // So close that d is not a normal f64.
                    4 => pts[a] = pts[b].map(|v| v + t * 1e-160),
                    // Collapse a's row onto one line.
                    2 => {
                        let row = a / n;
                        for i in 0..n {
                            pts[row * n + i] = [t, pts[row * n + i][1], 0.0];
                        }
                    }
                    // Put a on the surface of a sphere.
                    _ => {
                        let c = Spheres::after_steps(100).centres[b % 5];
                        pts[a] = [c[0] + 0.5 * t, c[1] + 0.5 * (1.0 - t * t).sqrt(), c[2]];
                    }
                }
            }
            Cloth::from_points(&pts).unwrap()
        })
}

proptest! {
    #![proptest_config(crate::common::proptest_config(200))]

    #[test]
    fn degenerate_small_grids_stay_finite(
        cloth in (2usize..=6).prop_flat_map(degenerate_cloth),
        start in 0u64..100,
    ) {
        let after = step_both(cloth, start)?;
        // And once more from wherever that went.
        step_both(after, start + 1)?;
    }

    #[test]
    fn huge_and_tiny_demo_grids_stay_finite(cloth in degenerate_cloth(GRID)) {
        step_both(cloth, 99)?;
    }
}

#[test]
fn every_point_in_one_place_stays_finite_and_falls() {
    let cloth = Cloth::from_points(&vec![[0.3, 2.0, 0.3]; 16]).unwrap();
    let after = step_both(cloth, 0).unwrap();
    // No spring acts (all coincident), so each point just falls 0.015.
    for p in after.points() {
        assert_eq!(p[0], 0.3);
        assert!((p[1] - 1.985).abs() < 1e-12);
    }
}

#[test]
fn far_apart_neighbours_pull_at_most_0_03() {
    for len in [1e154, 1e200, 1e300, f64::MAX] {
        let t = spring_term([0.0; 3], [len, 0.0, 0.0], 0.1);
        assert!(t[0] > 0.029 && t[0] <= 0.03, "{len:e}: {t:?}");
        assert_eq!((t[1], t[2]), (0.0, 0.0));
    }
    // Opposite extremes: v itself overflows.
    let t = spring_term([-f64::MAX, 0.0, 0.0], [f64::MAX, f64::MAX, 0.0], 0.1);
    assert!(t.iter().all(|v| v.is_finite() && v.abs() <= 0.03), "{t:?}");
    // Along v = (2 MAX, MAX, 0), pulling the full 0.03.
    assert!((t[0] - 2.0 * t[1]).abs() < 1e-15, "{t:?}");
    assert!((t[0].hypot(t[1]) - 0.03).abs() < 1e-15, "{t:?}");
}

#[test]
fn neighbours_closer_than_f64_can_square_push_nothing() {
    for gap in [1e-155, 1e-200, 1e-300, 5e-324] {
        assert_eq!(spring_term([0.0; 3], [gap, 0.0, 0.0], 0.1), [0.0; 3]);
    }
    // Just above that they push hard, and finitely.
    let t = spring_term([0.0; 3], [1e-150, 0.0, 0.0], 0.1);
    assert!(t[0] < -1e140 && t[0].is_finite());
}
