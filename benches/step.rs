//! Benchmarks, all in one `cargo bench` run:
//!
//! - `step/reference` and `step/fast`: one step of the demo (32 x 32, 15
//!   passes), the plain line-by-line pass against the fast one;
//! - `frame/vertices`: building one frame's vertex data;
//! - `frame/headless`: one whole headless frame at 792x573: a step, the
//!   vertex data, upload, draw, finish and read back (skipped, with a note,
//!   where no EGL device is available);
//! - `scaling/fast/N` and `scaling/fast-1-thread/N`: the fast step on N x N
//!   grids, reported as throughput in point-passes (criterion prints
//!   elements per second; nanoseconds per point-pass is 1e9 over that).

use std::time::Duration;

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

use cloth_demo::render::headless::{HeadlessContext, Image};
use cloth_demo::render::{scene, Camera};
use cloth_demo::sim::{reference, Simulation, PASSES};

/// A state from the middle of the demo: draped over the spheres, where
/// collisions are at work.
fn draped() -> Simulation {
    let mut sim = Simulation::new();
    sim.run(300);
    sim
}

fn step(c: &mut Criterion) {
    let start = draped();
    let mut g = c.benchmark_group("step");
    g.throughput(Throughput::Elements((32 * 32 * PASSES) as u64));
    g.bench_function("reference", |b| {
        let mut sim = start.clone();
        b.iter(|| {
            reference::step(&mut sim);
            black_box(&sim.cloth);
        })
    });
    g.bench_function("fast", |b| {
        let mut sim = start.clone();
        b.iter(|| {
            sim.step();
            black_box(&sim.cloth);
        })
    });
    g.finish();
}

fn frame_vertices(c: &mut Criterion) {
    let sim = draped();
    let mut out = Vec::new();
    c.bench_function("frame/vertices", |b| {
        b.iter(|| {
            scene::build(black_box(&sim), &mut out);
            black_box(out.len());
        })
    });
}

fn frame_headless(c: &mut Criterion) {
    let mut ctx = match HeadlessContext::new() {
        Ok(ctx) => ctx,
        Err(e) => {
            eprintln!("frame/headless skipped: {e}");
            return;
        }
    };
    eprintln!(
        "frame/headless on {} ({}, {})",
        ctx.device(),
        ctx.api(),
        ctx.gl_version().1
    );
    let mut sim = draped();
    let camera = Camera::default();
    let mut image = Image::default();
    c.bench_function("frame/headless", |b| {
        b.iter(|| {
            sim.step();
            ctx.render_into(&sim, &camera, 792, 573, &mut image)
                .expect("headless frame");
            black_box(image.rgba.len());
        })
    });
}

fn scaling(c: &mut Criterion) {
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a one-thread pool");
    let mut g = c.benchmark_group("scaling");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(3));
    for n in [32usize, 64, 128, 256, 512] {
        // A few steps in, so the big sheets are falling and crumpling.
        let mut start = Simulation::with_grid(n);
        start.run(5);
        g.throughput(Throughput::Elements((n * n * PASSES) as u64));
        g.bench_with_input(BenchmarkId::new("fast", n), &start, |b, start| {
            let mut sim = start.clone();
            b.iter(|| sim.step())
        });
        if n >= cloth_demo::sim::PARALLEL_MIN_GRID {
            g.bench_with_input(BenchmarkId::new("fast-1-thread", n), &start, |b, start| {
                let mut sim = start.clone();
                one_thread.install(|| b.iter(|| sim.step()))
            });
        }
    }
    g.finish();
}

criterion_group!(benches, step, frame_vertices, frame_headless, scaling);
criterion_main!(benches);
