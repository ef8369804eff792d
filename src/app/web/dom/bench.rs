//! The page's step timed, for comparing engines with each other and with
//! the native program (`cloth-demo simulate --threads 1`): a fresh
//! simulation run apart from the demo on the page, which it leaves as it
//! was.

#![forbid(unsafe_code)]

use wasm_bindgen::prelude::*;
use web_time::Instant;

use crate::app::controls::{Side, GRID};
use crate::sim::{Grid, Simulation};

/// Microseconds a step of the run `what` describes takes in this build:
/// a scene's name (`original`, `curtain`, `flag`, `drape`), or the flags
/// as `--compare-with` takes them, `;` between, with `grid=N` among them
/// (`scene=curtain;solver=xpbd;grid=64`). The median over `rounds` (at
/// least one) of `steps` steps each (at least one), each round from the
/// start after one untimed round (the engine compiles and warms up). Time
/// comes from `performance.now()`, which engines coarsen (to 0.1 ms or
/// more), so a round should last some milliseconds.
///
/// # Errors
/// A scene, flag or grid it does not take, as one line.
#[wasm_bindgen(js_name = benchSteps)]
pub fn bench_steps(what: &str, steps: u32, rounds: u32) -> Result<f64, JsError> {
    let fail = |e: &dyn std::fmt::Display| JsError::new(&e.to_string());
    let mut grid = Grid::ORIGINAL;
    let mut rest = Vec::new();
    for pair in what.split(';') {
        match pair.split_once('=') {
            Some((name, n)) if name == GRID.name => grid = n.parse().map_err(|e| fail(&e))?,
            _ if !pair.contains('=') && !pair.is_empty() => rest.push(format!("scene={pair}")),
            _ => rest.push(pair.to_string()),
        }
    }
    let side = Side::parse(&rest.join(";")).map_err(|e| fail(&e))?;
    let steps = u64::from(steps.max(1));
    let round = || {
        let mut sim = Simulation::resume_with(side.scene.start_cloth_on(grid.get()), 0, side.model);
        let t0 = Instant::now();
        sim.run(steps);
        t0.elapsed().as_secs_f64() * 1e6 / steps as f64
    };
    round();
    let mut times: Vec<f64> = (0..rounds.max(1)).map(|_| round()).collect();
    times.sort_by(f64::total_cmp);
    Ok(times[times.len() / 2])
}
