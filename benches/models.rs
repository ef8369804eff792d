//! One step of each model at 32 x 32, from the demo's draped state (step
//! 300): the figure behind "holds 60 steps a second with room to spare";
//! one step of each scene at 32 x 32, from its own state at step 300; and
//! self-collision's spatial hash alone on grids of 32 x 32 to 256 x 256.
//!
//!     cargo bench --bench models
//!     cargo bench --no-default-features --bench models   # the sim alone
//!     cargo bench --bench models -- scene/                # the scenes only
//!
//! Throughput is one step per iteration in `model/` and `scene/`, so
//! criterion's "elem/s" is steps per second; the window needs 60.
//! `model/original` is the fast pass (what the demo runs);
//! `model/original-general` is the general pass on the original model, the
//! baseline every what-if's general pass compares with. In
//! `self-collision/` it is one point per element, one pass of the hash per
//! iteration with the pair list made afresh (the spatial hash: the table,
//! every point's partners, then the pass's sweep pushing them apart), so
//! 1e9 / "elem/s" is the nanoseconds per point-pass; `self-collision-kept/`
//! is the same pass on a list kept from the last (what most passes cost);
//! `self-collision-settle/` is a step's end, sweeps until no two points are
//! closer than the thickness, on a list kept from the last. The state at
//! every size is the sheet folded in half onto the floor, its top layer
//! sunk to 0.8 of the thickness above the bottom one, so every point of
//! the top layer is pushed.

use criterion::{black_box, criterion_main, BenchmarkId, Criterion, Throughput};

use cloth_demo::sim::general::SpatialHash;
use cloth_demo::sim::{
    Buffering, Cloth, Model, Order, Passes, Pins, Scene, Simulation, SpringLaw, Thickness, FLOOR_Y,
};

fn model(f: impl FnOnce(&mut Model)) -> Model {
    let mut m = Model::ORIGINAL;
    f(&mut m);
    m
}

fn models(c: &mut Criterion) {
    let mut draped = Simulation::new();
    draped.run(300);
    let passes = |n| Passes::new(n).expect("in range");
    let cases = [
        ("1-pass", model(|m| m.passes = passes(1))),
        ("5-passes", model(|m| m.passes = passes(5))),
        ("100-passes", model(|m| m.passes = passes(100))),
        ("no-diagonals", model(|m| m.springs.diagonals = false)),
        ("bend", model(|m| m.springs.bend = true)),
        ("in-place", model(|m| m.buffering = Buffering::InPlace)),
        (
            "in-place-reversed",
            model(|m| {
                m.buffering = Buffering::InPlace;
                m.order = Order::Reversed;
            }),
        ),
        ("hooke", model(|m| m.law = SpringLaw::Hooke)),
        (
            "bend-in-place-hooke",
            model(|m| {
                m.springs.bend = true;
                m.buffering = Buffering::InPlace;
                m.law = SpringLaw::Hooke;
            }),
        ),
        (
            "bend-100-passes",
            model(|m| {
                m.springs.bend = true;
                m.passes = passes(100);
            }),
        ),
        // The most work a step can be: 24 springs, 100 passes, in place.
        (
            "bend-in-place-hooke-100-passes",
            model(|m| {
                m.springs.bend = true;
                m.buffering = Buffering::InPlace;
                m.law = SpringLaw::Hooke;
                m.passes = passes(100);
            }),
        ),
    ];
    let mut g = c.benchmark_group("model");
    g.throughput(Throughput::Elements(1));
    g.bench_function("original", |b| {
        let mut sim = draped.clone();
        b.iter(|| {
            sim.step();
            black_box(&sim.cloth);
        })
    });
    g.bench_function("original-general", |b| {
        let mut sim = draped.clone();
        b.iter(|| {
            sim.step_general();
            black_box(&sim.cloth);
        })
    });
    for (name, m) in cases {
        g.bench_with_input(BenchmarkId::from_parameter(name), &m, |b, &m| {
            let mut sim = draped.clone();
            sim.set_model(m);
            b.iter(|| {
                sim.step();
                black_box(&sim.cloth);
            })
        });
    }
    g.finish();
}

fn scenes(c: &mut Criterion) {
    let mut g = c.benchmark_group("scene");
    g.throughput(Throughput::Elements(1));
    for scene in Scene::ALL {
        let mut sim = scene.simulation();
        sim.run(300);
        g.bench_function(scene.name(), |b| {
            b.iter(|| {
                sim.step();
                black_box(&sim.cloth);
            })
        });
    }
    g.finish();
}

/// An `n x n` sheet folded in half onto the floor along row `n / 2`, its
/// top layer 0.8 thicknesses above the bottom one.
fn folded(n: usize, t: f64) -> Cloth {
    let half = n / 2;
    let gap = 0.8 * t;
    let crease = (0.01 - gap * gap / 4.0).sqrt();
    let pts: Vec<[f64; 3]> = (0..n * n)
        .map(|k| {
            let (j, i) = (k / n, k % n);
            let x = (i as f64 - n as f64 / 2.0) * 0.1;
            let z = |row: usize| (row as f64 - half as f64) * 0.1;
            if j < half {
                [x, FLOOR_Y, z(j)]
            } else if j == half {
                [x, FLOOR_Y + gap / 2.0, z(half - 1) + crease]
            } else {
                [x, FLOOR_Y + gap, z(2 * half - j)]
            }
        })
        .collect();
    Cloth::from_points(&pts).expect("n x n points")
}

fn self_collision(c: &mut Criterion) {
    let t = Thickness::default().get();
    for (group, fresh, settle) in [
        ("self-collision", true, false),
        ("self-collision-kept", false, false),
        ("self-collision-settle", false, true),
    ] {
        let mut g = c.benchmark_group(group);
        for n in [32usize, 64, 128, 256] {
            let start = folded(n, t);
            let mut hash = SpatialHash::new();
            g.throughput(Throughput::Elements((n * n) as u64));
            g.bench_with_input(BenchmarkId::from_parameter(n), &start, |b, start| {
                b.iter_batched_ref(
                    || start.clone(),
                    |cloth| {
                        if fresh {
                            hash = SpatialHash::new();
                        }
                        if settle {
                            black_box(hash.settle(cloth, t, 1, Pins::None).pushes)
                        } else {
                            black_box(hash.separate(cloth, t, 1, Pins::None))
                        }
                    },
                    criterion::BatchSize::LargeInput,
                )
            });
        }
        g.finish();
    }
}

/// The benchmarks, as criterion's macros group them (the function they
/// make carries no docs).
#[allow(missing_docs)]
mod group {
    use super::{models, scenes, self_collision};
    criterion::criterion_group!(benches, models, scenes, self_collision);
}
criterion_main!(group::benches);
