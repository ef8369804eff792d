//! One step of each model at 32 x 32, from the demo's draped state (step
//! 300): the figure behind "holds 60 steps a second with room to spare".
//!
//!     cargo bench --bench models
//!     cargo bench --no-default-features --bench models   # the sim alone
//!
//! Throughput is one step per iteration, so criterion's "elem/s" is steps
//! per second; the window needs 60. `model/original` is the fast pass (what
//! the demo runs); `model/original-general` is the general pass on the
//! original model, the baseline every what-if's general pass compares
//! with.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

use cloth_demo::sim::{general, Buffering, Model, Order, Passes, Simulation, SpringLaw};

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
            general::step(&mut sim);
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

criterion_group!(benches, models);
criterion_main!(benches);
