//! Embedding the simulation: run the demo's cloth for a number of steps
//! and print where its lowest point is.
//!
//!     cargo run --release --example lowest_point          # 1,000 steps
//!     cargo run --release --example lowest_point -- 3000
//!
//! Uses only `cloth_demo::sim`, which is all a dependency with
//! `default-features = false` builds.

use std::process::ExitCode;

use cloth_demo::sim::{Simulation, FLOOR_Y};

fn main() -> ExitCode {
    let steps = match std::env::args().nth(1).map(|s| s.parse::<u64>()) {
        None => 1000,
        Some(Ok(n)) => n,
        Some(Err(_)) => {
            eprintln!("lowest_point: the step count must be a whole number, e.g. 3000");
            return ExitCode::from(2);
        }
    };
    // The flat 32 x 32 sheet at height 1.5, spheres at rest: Initialise().
    let mut sim = Simulation::new();
    sim.run(steps);
    let n = sim.cloth.n();
    let (k, y) = sim
        .cloth
        .y
        .iter()
        .copied()
        .enumerate()
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .expect("the cloth has points");
    let [x, _, z] = sim.cloth.point(k / n, k % n);
    println!(
        "after {steps} steps the lowest point is [j={}][i={}] at x = {x:.4}, y = {y:.4}, z = {z:.4}{}",
        k / n,
        k % n,
        if y == FLOOR_Y { " (on the floor)" } else { "" }
    );
    ExitCode::SUCCESS
}
