//! The fast pass against the plain one, bit for bit, on random finite
//! states of every grid size: near the floor, inside spheres, crumpled;
//! through every instruction set this CPU has, on one thread and in
//! bands on several.

use cloth_demo::sim::{fast, reference, Cloth, InstructionSet, Simulation, Spheres, GRID};
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

/// The fast pass from a state: through a [`Simulation`] on the demo's
/// grid, which runs it there, and through [`fast::Stepper`] on any other
/// (where a simulation runs the article's law scaled to the grid, and
/// the reference pass, like the fast one, has the article's constants).
struct Fast {
    sim: Simulation,
    /// Off the demo's grid: the stepper, its set and thread count.
    off_grid: Option<(fast::Stepper, InstructionSet, usize)>,
}

impl Fast {
    fn new(cloth: &Cloth, start: u64, set: InstructionSet, threads: usize) -> Fast {
        let mut sim = Simulation::resume(cloth.clone(), start);
        sim.set_instruction_set(set).unwrap();
        sim.set_threads(Some(threads));
        let off_grid = (cloth.n() != GRID).then(|| (fast::Stepper::default(), set, threads));
        Fast { sim, off_grid }
    }

    fn run(&mut self, steps: u64) {
        match &mut self.off_grid {
            None => self.sim.run(steps),
            Some((stepper, set, threads)) => {
                let sim = &mut self.sim;
                stepper.run(&mut sim.cloth, &mut sim.spheres, steps, *set, *threads);
            }
        }
    }

    fn cloth(&self) -> &Cloth {
        &self.sim.cloth
    }

    fn spheres(&self) -> &Spheres {
        &self.sim.spheres
    }
}

/// Run `steps` steps the plain way and, from the same start, the fast way
/// through every set this CPU has, on `threads` threads (one run of all
/// the steps, as `simulate` does); compare the final states.
fn check_threads(
    cloth: Cloth,
    start: u64,
    steps: u64,
    threads: usize,
) -> Result<(), TestCaseError> {
    let mut plain = Simulation::resume(cloth.clone(), start);
    reference::run(&mut plain, steps);
    for set in InstructionSet::available() {
        let mut fast = Fast::new(&cloth, start, set, threads);
        fast.run(steps);
        same_bits(fast.cloth(), &plain.cloth)
            .map_err(|e| TestCaseError::fail(format!("{set}: {e}")))?;
        prop_assert_eq!(fast.spheres(), &plain.spheres);
    }
    Ok(())
}

/// [`check_threads`] on one thread, comparing after each step.
fn check(cloth: Cloth, start: u64, steps: u64) -> Result<(), TestCaseError> {
    let mut plain = Simulation::resume(cloth.clone(), start);
    let mut fast: Vec<(InstructionSet, Fast)> = InstructionSet::available()
        .map(|set| (set, Fast::new(&cloth, start, set, 1)))
        .collect();
    for _ in 0..steps {
        reference::step(&mut plain);
        for (set, fast) in &mut fast {
            fast.run(1);
            same_bits(fast.cloth(), &plain.cloth)
                .map_err(|e| TestCaseError::fail(format!("{set}: {e}")))?;
        }
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
    #![proptest_config(crate::common::proptest_config(48))]

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
    #![proptest_config(crate::common::proptest_config(6))]

    /// Large grids, in bands on two and three threads.
    #[test]
    fn fast_equals_reference_on_banded_grids(
        (n, cloth) in prop_oneof![Just(128usize), Just(133), Just(200)]
            .prop_flat_map(|n| (Just(n), cloth_strategy(n))),
        threads in 2usize..=3,
    ) {
        prop_assert_eq!(cloth.n(), n);
        check_threads(cloth, 500, 1, threads)?;
    }
}

proptest! {
    #![proptest_config(crate::common::proptest_config(2))]

    /// Grids wider than a column strip (512): two strips, the second
    /// partial, on one thread and two.
    #[test]
    fn fast_equals_reference_across_column_strips(
        (n, cloth) in prop_oneof![Just(515usize), Just(600)]
            .prop_flat_map(|n| (Just(n), cloth_strategy(n))),
        threads in 1usize..=2,
    ) {
        prop_assert_eq!(cloth.n(), n);
        check_threads(cloth, 700, 1, threads)?;
    }
}

proptest! {
    #![proptest_config(crate::common::proptest_config(24))]

    /// Bands on small grids too, down to one row a band, over many steps
    /// (the threads run all of them between one start and one join).
    #[test]
    fn fast_equals_reference_in_bands_of_any_size(
        (n, cloth) in (2usize..=40).prop_flat_map(|n| (Just(n), cloth_strategy(n))),
        threads in 2usize..=5,
        start in 0u64..20_000,
    ) {
        prop_assert_eq!(cloth.n(), n);
        let steps = (32 * 32 * 16 / (n * n) + 1).min(40) as u64;
        check_threads(cloth, start, steps, threads)?;
    }
}

#[test]
fn points_inside_every_sphere_are_pushed_out_the_same_way() {
    // Every point of a small grid placed inside a sphere, one exactly at a
    // centre: the collision sets (push, centre) agree.
    let spheres = Spheres::after_steps(777);
    let mut pts = Vec::new();
    for k in 0..25 {
        let c = spheres.centres[k % 5];
        let f = (k as f64) * 0.013;
        pts.push([c[0] + f, c[1] - f * 0.5, c[2] + 0.01 * (k % 3) as f64]);
    }
    pts[0] = spheres.centres[0];
    let cloth = Cloth::from_points(&pts).unwrap();
    let mut plain = cloth.clone();
    reference::pass(&cloth, &mut plain, &spheres);
    let mut fast = cloth.clone();
    fast::pass(&mut fast, &spheres);
    assert_eq!(fast, plain);
    assert!(fast.points().flatten().all(f64::is_finite));
    // And a whole step from there (the spheres moved to step 777 first),
    // through every set.
    check(cloth, 776, 1).unwrap();
}

/// The demo at step 300 (the golden state), twice: one simulation for
/// the reference pass, one for the pass under test.
fn two_at_step_300() -> (Simulation, Simulation) {
    let text = std::fs::read("tests/data/cloth_step_00300.csv").unwrap();
    let cloth = cloth_demo::sim::state_file::parse(&text, 32).unwrap();
    (
        Simulation::resume(cloth.clone(), 300),
        Simulation::resume(cloth, 300),
    )
}

#[test]
fn one_simulation_switching_instruction_sets_between_steps_keeps_the_bits() {
    // One simulation, its scratch kept, through every set in turn and
    // back (SIMD widths 8, 4 and back), compared after every step: the
    // 32 x 32 demo from step 300, where the cloth lies on the spheres.
    let (mut plain, mut fast) = two_at_step_300();
    fast.set_threads(Some(1));
    let sets: Vec<InstructionSet> = InstructionSet::available().collect();
    let order = sets.iter().chain(sets.iter().rev()).chain(sets.iter());
    for (k, &set) in order.enumerate() {
        fast.set_instruction_set(set).unwrap();
        fast.step();
        reference::step(&mut plain);
        same_bits(&fast.cloth, &plain.cloth)
            .map_err(|e| format!("step {k} on {set}: {e}"))
            .unwrap();
    }
}

#[test]
fn one_simulation_switching_thread_counts_between_runs_keeps_the_bits() {
    // One simulation through runs of 1 to 3 steps on 2, 3, 1, 5, 2, 4, 3
    // and 2 threads, compared after every run: each band keeps its
    // buffers from one run to the next, laid out for other bands when the
    // count changes, and none of what they held may leak into a pass; halfway,
    // the run goes on in a clone (whose buffers are new). The demo from
    // step 300, where the cloth lies on the spheres.
    let (mut plain, mut fast) = two_at_step_300();
    for (k, &threads) in [2, 3, 1, 5, 2, 4, 3, 2].iter().enumerate() {
        let steps = 1 + k as u64 % 3;
        if k == 4 {
            fast = fast.clone();
        }
        fast.set_threads(Some(threads));
        fast.run(steps);
        for _ in 0..steps {
            reference::step(&mut plain);
        }
        same_bits(&fast.cloth, &plain.cloth)
            .map_err(|e| format!("run {k}, {threads} threads: {e}"))
            .unwrap();
    }
}

#[test]
fn pushes_out_of_a_sphere_in_either_half_of_a_vector_or_both() {
    // Rows of 32 points where only some columns lie inside a sphere: in
    // columns 0-3 only, 4-7 only (each within one half of an 8-lane
    // vector, which the AVX-512 set works out with half the divider's
    // work), 2-5 across the halves, and a single column; every other point
    // is high above everything. One step through every set, compared
    // with the plain pass.
    let spheres = Spheres::after_steps(500);
    let inside: [&[usize]; 5] = [
        &[0, 1, 2, 3],
        &[4, 5, 6, 7],
        &[2, 3, 4, 5],
        &[13],
        &[27, 28],
    ];
    let mut pts = Vec::new();
    for j in 0..32 {
        for i in 0..32 {
            let row = inside.get(j / 6).filter(|_| j % 6 == 0);
            if let Some(cols) = row.filter(|cols| cols.contains(&i)) {
                // At about the rest length apart, around the centre.
                let c = spheres.centres[j / 6 % 5];
                let mean = cols.iter().sum::<usize>() as f64 / cols.len() as f64;
                let x = (i as f64 - mean) * 0.1;
                pts.push([c[0] + x, c[1] + 0.03 + x * 0.2, c[2] - 0.02]);
            } else {
                pts.push([i as f64 * 0.1, 5.0 + j as f64 * 0.1, 0.0]);
            }
        }
    }
    let cloth = Cloth::from_points(&pts).unwrap();
    let mut plain = cloth.clone();
    reference::pass(&cloth, &mut plain, &spheres);
    // The test's premise: every placed point (and only those) ends the
    // pass on its sphere's surface, pushed out.
    let placed: Vec<usize> = (0..32 * 32).filter(|&k| pts[k][1] < 5.0).collect();
    assert_eq!(placed.len(), 4 + 4 + 4 + 1 + 2);
    for (k, p) in plain.points().enumerate() {
        let s = k / 32 / 6 % 5;
        let c = spheres.centres[s];
        let r = (0..3).map(|a| (p[a] - c[a]).powi(2)).sum::<f64>().sqrt();
        let on_surface = (r - spheres.radii[s]).abs() < 1e-12;
        assert_eq!(
            on_surface,
            placed.contains(&k),
            "point {k}: {r} from centre {s}"
        );
    }
    check(cloth, 499, 1).unwrap();
}

#[test]
fn spheres_of_any_radius_push_the_same_way() {
    // `Spheres::radii` is public: a negative radius collides as its size
    // (the test is `d < r * r`), a zero or tiny one never, a large one
    // holds most of the cloth. The demo's step-300 cloth, lying on the
    // spheres, one pass of the fastest set against the plain pass.
    let text = std::fs::read("tests/data/cloth_step_00300.csv").unwrap();
    let cloth = cloth_demo::sim::state_file::parse(&text, 32).unwrap();
    for r in [-0.5, 0.0, 1e-160, 0.5, 2.5, -2.5] {
        let mut spheres = Spheres::after_steps(300);
        spheres.radii = [r; 5];
        let mut plain = cloth.clone();
        reference::pass(&cloth, &mut plain, &spheres);
        let mut fast = cloth.clone();
        fast::pass(&mut fast, &spheres);
        same_bits(&fast, &plain)
            .map_err(|e| format!("radius {r}: {e}"))
            .unwrap();
        if r.abs() >= 0.5 {
            assert_ne!(
                plain,
                {
                    let mut free = cloth.clone();
                    reference::pass(
                        &cloth,
                        &mut free,
                        &Spheres::new(spheres.a(), spheres.centres, [0.0; 5]),
                    );
                    free
                },
                "radius {r} pushes some point"
            );
        }
    }
}
