//! Benchmarks: one step of the demo's physics, and building a frame's
//! vertex data. Run with `cargo bench`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};

use cloth_demo::render::scene;
use cloth_demo::sim::Simulation;

/// A state from the middle of the demo: draped over the spheres, where
/// collisions are at work.
fn draped() -> Simulation {
    let mut sim = Simulation::new();
    sim.run(300);
    sim
}

fn step(c: &mut Criterion) {
    let start = draped();
    c.bench_function("step (32x32, 15 passes)", |b| {
        let mut sim = start.clone();
        b.iter(|| {
            sim.step();
            black_box(&sim.cloth);
        })
    });
}

fn frame_vertices(c: &mut Criterion) {
    let sim = draped();
    let mut out = Vec::new();
    c.bench_function("scene vertex data (13,830 vertices)", |b| {
        b.iter(|| {
            scene::build(black_box(&sim), &mut out);
            black_box(out.len());
        })
    });
}

criterion_group!(benches, step, frame_vertices);
criterion_main!(benches);
