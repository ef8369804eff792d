//! The plain reference pass (`sim::reference`, the article's loop line by
//! line) on its own, timed: the Rust side of the comparison with the
//! article's code compiled as plain C (`benches/compare_c.sh`).
//!
//!     cargo run --release --example reference_run -- 3000
//!
//! Prints `N steps in S s: R steps/s (T us/step)`, as `cloth-demo
//! simulate` does, and a checksum of the final cloth.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use cloth_demo::sim::{reference, Simulation};

fn main() -> ExitCode {
    let steps = match std::env::args().nth(1).map(|s| s.parse::<u64>()) {
        None => 3000,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("reference_run: the step count must be a whole number above 0, e.g. 3000");
            return ExitCode::from(2);
        }
    };
    let mut sim = Simulation::new();
    let t0 = Instant::now();
    for _ in 0..steps {
        reference::step(&mut sim);
    }
    let secs = t0.elapsed().as_secs_f64();
    // The same two coordinates the C baseline's bench prints.
    let n = sim.cloth.n();
    let checksum = sim.cloth.x[5 * n + 7] + sim.cloth.y[20 * n + 3];
    let written = writeln!(
        std::io::stdout(),
        "{steps} steps in {secs:.3} s: {:.0} steps/s ({:.1} us/step)\nchecksum {checksum:.17}",
        steps as f64 / secs,
        secs * 1e6 / steps as f64
    );
    match written {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`| head -1`) is not worth a panic.
        Err(_) => ExitCode::FAILURE,
    }
}
