//! One step of each of the other programs' solvers (`Model::solver`), on
//! one thread, the sim alone:
//!
//! - `xpbd/32`, `xpbd/64`, `xpbd/128`: XPBD (cotton, the default 6
//!   sub-steps at 32 x 32, which the solver runs in proportion to the
//!   grid: 13 at 64, 25 at 128), a sheet at the grid's spacing draped over
//!   the spheres (dropped level from 1.5, 50 steps run);
//! - `mass-spring/32`, `mass-spring/64`, `relaxation/32`,
//!   `relaxation/64`: the same drape under CS184's and Mosegaard's
//!   solvers at their defaults;
//! - `xpbd-self-collision/64`: XPBD with self-collision at the default
//!   thickness, a 64 x 64 sheet dropped on its edge beside the spheres,
//!   piled on the floor (90 steps run);
//! - `xpbd-hands/held`, `xpbd-hands/tearing`: the hands scene (64 x 64
//!   XPBD curtain), its middle point dragged 1.5 forward over 60 steps
//!   and held there (120 steps run, each iteration a step holding it):
//!   with tearing off, and on at XPBD's factor as the scene has it (the
//!   rip open, the springs checked every step). The second over the
//!   first is what tearing costs a step.
//!
//! Run:
//!
//!     cargo bench --no-default-features --bench solvers
//!     cargo bench --no-default-features --bench solvers -- --warm-up-time 1 --measurement-time 3
//!
//! Throughput is one step per iteration, so criterion's "elem/s" is steps
//! per second; the window needs 60.

use criterion::{black_box, criterion_main, BenchmarkId, Criterion, Throughput};

use cloth_demo::sim::{spacing, Cloth, Model, Scene, Simulation, Solver, Thickness, FLOOR_Y};

/// An `n x n` sheet level at `y = 1.5`, at the grid's spacing, centred.
fn level(n: usize) -> Cloth {
    let s = spacing(n);
    let mid = (n - 1) as f64 / 2.0;
    let pts: Vec<[f64; 3]> = (0..n * n)
        .map(|k| [((k % n) as f64 - mid) * s, 1.5, ((k / n) as f64 - mid) * s])
        .collect();
    Cloth::from_points(&pts).expect("n x n points")
}

/// An `n x n` sheet standing on its edge in the plane `z = -2.2`, behind
/// the spheres, its bottom row 0.05 above the floor: let go, it folds
/// down onto the floor in a heap.
fn standing(n: usize) -> Cloth {
    let s = spacing(n);
    let pts: Vec<[f64; 3]> = (0..n * n)
        .map(|k| {
            let (j, i) = ((k / n) as f64, (k % n) as f64);
            [
                -1.55 + i * s,
                FLOOR_Y + 0.05 + j * s,
                -2.2 + 0.002 * (j % 2.0),
            ]
        })
        .collect();
    Cloth::from_points(&pts).expect("n x n points")
}

/// `model` on `start`, one thread, `warm` steps run.
fn warmed(start: Cloth, model: Model, warm: u64) -> Simulation {
    let mut sim = Simulation::resume_with(start, 0, model);
    sim.set_threads(Some(1));
    sim.run(warm);
    sim
}

fn solver(s: Solver) -> Model {
    let mut m = Model::ORIGINAL;
    m.solver = s;
    m
}

fn solvers(c: &mut Criterion) {
    let cases = [
        ("xpbd", Solver::Xpbd, &[32usize, 64, 128][..]),
        ("mass-spring", Solver::MassSpring, &[32, 64]),
        ("relaxation", Solver::Relaxation, &[32, 64]),
    ];
    for (name, s, grids) in cases {
        let mut g = c.benchmark_group(name);
        g.throughput(Throughput::Elements(1));
        for &n in grids {
            let mut sim = warmed(level(n), solver(s), 50);
            g.bench_function(BenchmarkId::from_parameter(n), |b| {
                b.iter(|| {
                    sim.step();
                    black_box(&sim.cloth);
                })
            });
        }
        g.finish();
    }
    let mut g = c.benchmark_group("xpbd-self-collision");
    g.throughput(Throughput::Elements(1));
    let mut m = solver(Solver::Xpbd);
    m.self_collision = Some(Thickness::default());
    let mut sim = warmed(standing(64), m, 90);
    g.bench_function(BenchmarkId::from_parameter(64), |b| {
        b.iter(|| {
            sim.step();
            black_box(&sim.cloth);
        })
    });
    g.finish();
    let mut g = c.benchmark_group("xpbd-hands");
    g.throughput(Throughput::Elements(1));
    for (name, tearing) in [("held", false), ("tearing", true)] {
        let mut sim = dragged(tearing);
        let (j, i, to) = (32, 32, sim.held().expect("held").at);
        g.bench_function(name, |b| {
            b.iter(|| {
                sim.hold(j, i, to).expect("on the grid");
                sim.step();
                black_box(&sim.cloth);
            })
        });
    }
    g.finish();
}

/// The hands scene, one thread, its middle point `[32][32]` dragged 1.5
/// forward over 60 steps and held there to step 120, tearing on (as the
/// scene has it) or off.
fn dragged(tearing: bool) -> Simulation {
    let scene = Scene::Hands;
    let mut model = scene.model();
    if !tearing {
        model.tear = None;
    }
    let mut sim = Simulation::resume_with(scene.start_cloth_on(scene.grid().get()), 0, model);
    sim.set_threads(Some(1));
    let from = sim.cloth.point(32, 32);
    for s in 1..=120u64 {
        let t = s.min(60) as f64 / 60.0;
        sim.hold(32, 32, [from[0], from[1], from[2] + 1.5 * t])
            .expect("on the grid");
        sim.step();
    }
    if tearing {
        assert!(!sim.torn().is_empty(), "the drag tore the curtain");
    }
    sim
}

/// The benchmarks, as criterion's macros group them (the function they
/// make carries no docs).
#[allow(missing_docs)]
mod group {
    use super::solvers;
    criterion::criterion_group!(benches, solvers);
}
criterion_main!(group::benches);
