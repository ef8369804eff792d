//! What every solver keeps on every grid: finite from degenerate states,
//! and the same bits on every run, thread count and instruction set (the
//! solvers run on the calling thread in a fixed order, with only `+`,
//! `-`, `*`, `/` and `sqrt`).

use super::{level, model};
use cloth_demo::sim::{
    Cloth, InstructionSet, Model, Pins, Simulation, Solver, Spheres, TearFactor, Thickness, Wind,
};

const SOLVERS: [Solver; 3] = [Solver::MassSpring, Solver::Relaxation, Solver::Xpbd];

/// The solver with everything on: pinned corners, a strong gusty wind,
/// tearing and, where `collide`, self-collision.
fn featured(solver: Solver, collide: bool) -> Model {
    let mut m = model(solver);
    m.pins = Pins::Corners;
    m.wind = Wind::new([0.002, 0.0, -Wind::MAX]).unwrap();
    m.gusts = true;
    m.tear = Some(TearFactor::DEFAULT);
    m.self_collision = collide.then(Thickness::default);
    m
}

/// Degenerate `n x n` states, each named: every point on one spot; the
/// points 1e200 apart; points a hair (1e-300) apart; a row collapsed onto
/// the row above; points exactly at the spheres' centres where the first
/// step puts them.
fn degenerate(n: usize) -> Vec<(&'static str, Cloth)> {
    let from = |f: &dyn Fn(usize, [f64; 3]) -> [f64; 3]| {
        let pts: Vec<[f64; 3]> = level(n, 1.5)
            .points()
            .enumerate()
            .map(|(k, p)| f(k, p))
            .collect();
        Cloth::from_points(&pts).unwrap()
    };
    let centres = Spheres::after_steps(1).centres;
    vec![
        ("coincident", from(&|_, _| [0.3, 1.0, 0.2])),
        (
            "1e200 apart",
            from(&|k, p| p.map(|v| v + if k % 2 == 0 { 1e200 } else { -1e200 })),
        ),
        (
            "1e-300 apart",
            from(&|k, p| {
                let q = level(n, 1.5).point(0, 0);
                if k % 3 == 0 {
                    q.map(|v| v + 1e-300)
                } else {
                    p
                }
            }),
        ),
        (
            "row collapsed",
            from(&|k, p| {
                if k / n == 1 {
                    level(n, 1.5).point(0, k % n)
                } else {
                    p
                }
            }),
        ),
        (
            "at the spheres' centres",
            from(&|k, p| if k % 7 == 0 { centres[k % 5] } else { p }),
        ),
    ]
}

/// Every coordinate, and every previous one, finite.
fn assert_finite(sim: &Simulation, what: &str) {
    let prev = sim.previous().expect("the solvers keep velocities");
    for (k, (p, q)) in sim.cloth.points().zip(prev.points()).enumerate() {
        assert!(
            p.iter().chain(q.iter()).all(|v| v.is_finite()),
            "{what}, step {}: point {k} at {p:?}, previous {q:?}",
            sim.steps()
        );
    }
}

fn run_finite(solver: Solver, n: usize, m: Model) {
    for (name, cloth) in degenerate(n) {
        let mut sim = Simulation::resume_with(cloth, 0, m);
        for _ in 0..20 {
            sim.step();
            assert_finite(&sim, &format!("{solver} {n} x {n}, {name}"));
        }
    }
}

#[test]
fn every_solver_stays_finite_from_degenerate_states() {
    for solver in SOLVERS {
        for n in [8, 16, 32, 64] {
            run_finite(solver, n, model(solver));
            // Self-collision on every point stacked is every pair of points
            // at once: kept to the smaller grids.
            run_finite(solver, n, featured(solver, n <= 16));
        }
    }
}

#[test]
fn xpbd_stays_finite_on_the_largest_grid() {
    // One sub-step at 32 x 32 is 9 at 256 x 256 (the sub-steps grow with
    // the grid): the cheapest XPBD there is.
    let mut m = featured(Solver::Xpbd, false);
    m.xpbd.substeps = 1.0;
    run_finite(Solver::Xpbd, 256, m);
}

/// `steps` steps of `m` from the level sheet on `n x n`, on `threads`
/// threads and instruction set `set`: the state file.
fn run(m: Model, n: usize, steps: u64, threads: usize, set: InstructionSet) -> String {
    let mut sim = Simulation::resume_with(level(n, 1.5), 0, m);
    sim.set_threads(Some(threads));
    sim.set_instruction_set(set).unwrap();
    sim.run(steps);
    sim.to_state_file()
}

#[test]
fn every_solver_repeats_to_the_bit_on_every_thread_count_and_instruction_set() {
    for solver in SOLVERS {
        for n in [8, 16, 32, 64] {
            let m = featured(solver, true);
            let steps = 40;
            let first = run(m, n, steps, 1, InstructionSet::best());
            assert_eq!(
                first,
                run(m, n, steps, 1, InstructionSet::best()),
                "{solver} {n}, again"
            );
            assert_eq!(
                first,
                run(m, n, steps, 2, InstructionSet::best()),
                "{solver} {n}, 2 threads"
            );
            for set in InstructionSet::available() {
                assert_eq!(first, run(m, n, steps, 2, set), "{solver} {n}, {set}");
            }
        }
    }
}
