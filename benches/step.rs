//! Benchmarks, all in one `cargo bench` run:
//!
//! - `step/reference` and `step/fast`: one step of the demo (32 x 32, 15
//!   passes, from a draped state), the plain line-by-line pass against the
//!   fast one on this CPU's best instruction set and one thread;
//! - `frame/vertices`: building one frame's vertex data;
//! - `frame/headless`: one whole headless frame at 792x573: a step, the
//!   vertex data, upload, draw, finish and read back (skipped, with a note,
//!   where no EGL device is available);
//! - `scaling/1-thread/N` and `scaling/2-threads/N`: the fast step on
//!   N x N grids (`sim::fast::Stepper`: the article's constants as they
//!   are, where a simulation of another grid runs them scaled to it), as throughput in point-passes (criterion prints elements
//!   per second; nanoseconds per point-pass is 1e9 over that);
//! - last, **ratios**: the reference against every instruction set this CPU has, on
//!   one thread and two, timed in alternation (reference, fast, reference,
//!   ...) so that a machine whose speed drifts still gives fair ratios;
//!   the medians of the pairs' ratios, printed as a table.
//!
//! Against the article's code as plain C, see `benches/compare_c.sh`.

use std::time::{Duration, Instant};

use criterion::{black_box, BenchmarkId, Criterion, Throughput};

use cloth_demo::render::headless::{ContextRequest, HeadlessContext, Image};
use cloth_demo::render::{scene, Camera};
use cloth_demo::sim::{fast, reference, Cloth, InstructionSet, Simulation, Spheres, PASSES};

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
        sim.set_threads(Some(1));
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
    let mut ctx = match HeadlessContext::new(ContextRequest::default()) {
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
    let mut g = c.benchmark_group("scaling");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(3));
    let set = InstructionSet::best();
    for n in [32usize, 64, 128, 256, 512] {
        // A few steps in, so the big sheets are falling and crumpling.
        // The fast pass on every grid (`fast::Stepper`: the article's
        // constants as they are; a simulation of another grid than 32 runs
        // the general pass, its law scaled to the grid).
        let (mut cloth, mut spheres) = (Cloth::flat(n), Spheres::default());
        fast::Stepper::default().run(&mut cloth, &mut spheres, 5, set, 1);
        g.throughput(Throughput::Elements((n * n * PASSES) as u64));
        for threads in [1, 2] {
            let name = if threads == 1 {
                "1-thread"
            } else {
                "2-threads"
            };
            let start = (cloth.clone(), spheres.clone());
            g.bench_with_input(BenchmarkId::new(name, n), &start, |b, start| {
                let (mut cloth, mut spheres) = start.clone();
                let mut stepper = fast::Stepper::default();
                // Whole runs of steps, as `simulate` does (the threads
                // start once a run).
                b.iter_custom(|iters| {
                    let t0 = Instant::now();
                    stepper.run(&mut cloth, &mut spheres, iters, set, threads);
                    t0.elapsed()
                })
            });
        }
    }
    g.finish();
}

/// Seconds a step for `steps` steps of `run` from `start`.
fn time(start: &Simulation, steps: u64, run: &dyn Fn(&mut Simulation, u64)) -> f64 {
    let mut sim = start.clone();
    let t0 = Instant::now();
    run(&mut sim, steps);
    black_box(&sim.cloth);
    t0.elapsed().as_secs_f64() / steps as f64
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The table of ratios against the reference, alternating runs.
fn ratios() {
    const ROUNDS: usize = 15;
    const STEPS: u64 = 100;
    let start = draped();
    let plain = |s: &mut Simulation, k: u64| reference::run(s, k);
    println!("\nratios against step/reference (32 x 32, {ROUNDS} alternating pairs of {STEPS} steps, medians):");
    println!("| instruction set | threads | us a step | x reference |");
    println!("|---|---|---|---|");
    let mut reference_times = Vec::new();
    for set in InstructionSet::available() {
        for threads in [1, 2] {
            let fast = move |s: &mut Simulation, k: u64| {
                s.set_instruction_set(set).expect("an available set");
                s.set_threads(Some(threads));
                s.run(k);
            };
            let (mut ratio, mut times) = (Vec::new(), Vec::new());
            for _ in 0..ROUNDS {
                let r = time(&start, STEPS, &plain);
                let f = time(&start, STEPS, &fast);
                reference_times.push(r);
                ratio.push(r / f);
                times.push(f);
            }
            println!(
                "| {set} | {threads} | {:.1} | {:.2} |",
                median(times) * 1e6,
                median(ratio)
            );
        }
    }
    println!(
        "| reference | 1 | {:.1} | 1 |",
        median(reference_times) * 1e6
    );
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    step(&mut c);
    frame_vertices(&mut c);
    frame_headless(&mut c);
    scaling(&mut c);
    c.final_summary();
    // `cargo bench -- FILTER` runs what matches; the table runs with the
    // step benchmarks (or with no filter).
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    if filter.is_none_or(|f| "step/ratios".contains(&f) || f.contains("ratio")) {
        ratios();
    }
}
