//! The fast pass against the plain one, bit for bit, on random finite
//! states of every grid size: near the floor, inside spheres, crumpled.

use cloth_demo::sim::{reference, Cloth, Simulation, Spheres, PARALLEL_MIN_GRID};
use proptest::prelude::*;

/// Compare every coordinate's bits.
fn same_bits(a: &Cloth, b: &Cloth) -> Result<(), TestCaseError> {
    for (k, (p, q)) in a.points().zip(b.points()).enumerate() {
        for c in 0..3 {
            prop_assert_eq!(
                p[c].to_bits(),
                q[c].to_bits(),
                "point {} axis {}: {:e} vs {:e}",
                k,
                c,
                p[c],
                q[c]
            );
        }
    }
    Ok(())
}

/// Run `steps` steps both ways from the same start and compare after each.
fn check(cloth: Cloth, start: u64, steps: u64) -> Result<(), TestCaseError> {
    let mut fast = Simulation::resume(cloth.clone(), start);
    let mut plain = Simulation::resume(cloth, start);
    for _ in 0..steps {
        fast.step();
        reference::step(&mut plain);
        same_bits(&fast.cloth, &plain.cloth)?;
    }
    Ok(())
}

/// A cloth of `n x n` points: the flat sheet scaled and moved, plus noise.
fn cloth_strategy(n: usize) -> impl Strategy<Value = Cloth> {
    (
        -2.0f64..2.0,                                     // centre x
        -3.2f64..1.0,                                     // height: near and below the floor too
        -2.0f64..2.0,                                     // centre z
        0.05f64..1.5,                                     // spacing scale
        prop::collection::vec(-0.08f64..0.08, n * n * 3), // noise
    )
        .prop_map(move |(cx, cy, cz, scale, noise)| {
            let flat = Cloth::flat(n);
            let pts: Vec<[f64; 3]> = flat
                .points()
                .enumerate()
                .map(|(k, p)| {
                    [
                        cx + (p[0] + 1.6) * scale + noise[3 * k],
                        cy + noise[3 * k + 1],
                        cz + (p[2] + 1.6) * scale + noise[3 * k + 2],
                    ]
                })
                .collect();
            Cloth::from_points(&pts).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn fast_equals_reference_on_small_grids(
        (n, cloth) in (2usize..=12).prop_flat_map(|n| (Just(n), cloth_strategy(n))),
        start in 0u64..20_000,
    ) {
        prop_assert_eq!(cloth.n(), n);
        check(cloth, start, 3)?;
    }

    #[test]
    fn fast_equals_reference_on_the_demo_grid(cloth in cloth_strategy(32), start in 0u64..20_000) {
        check(cloth, start, 2)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    /// Grids large enough to be split into bands across threads.
    #[test]
    fn fast_equals_reference_on_banded_grids(
        (n, cloth) in prop_oneof![Just(PARALLEL_MIN_GRID), Just(PARALLEL_MIN_GRID + 5), Just(200usize)]
            .prop_flat_map(|n| (Just(n), cloth_strategy(n))),
    ) {
        prop_assert_eq!(cloth.n(), n);
        check(cloth, 500, 1)?;
    }
}

#[test]
fn points_inside_every_sphere_are_pushed_out_the_same_way() {
    // Every point of a small grid placed inside a sphere, one exactly at a
    // centre: the collision paths (push, centre) agree.
    let spheres = Spheres::after_steps(777);
    let mut pts = Vec::new();
    for k in 0..25 {
        let c = spheres.centres[k % 5];
        let f = (k as f64) * 0.013;
        pts.push([c[0] + f, c[1] - f * 0.5, c[2] + 0.01 * (k % 3) as f64]);
    }
    pts[0] = spheres.centres[0];
    let cloth = Cloth::from_points(&pts).unwrap();
    let (mut fast, mut plain) = (cloth.clone(), cloth);
    fast.pass(&spheres);
    reference::pass(&mut plain, &spheres);
    assert_eq!(fast, plain);
    assert!(fast.points().flatten().all(f64::is_finite));
}
