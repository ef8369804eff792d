//! The page's step timed, for comparing engines with each other and with
//! the native program (`cloth-demo simulate --threads 1`): a scene's
//! fresh simulation run apart from the demo on the page, which it leaves
//! as it was.

#![forbid(unsafe_code)]

use wasm_bindgen::prelude::*;
use web_time::Instant;

use crate::sim::Scene;

/// Microseconds a step of `scene` (`original`, `curtain`, `flag` or
/// `drape`) takes in this build: the median over `rounds` (at least one)
/// of `steps` steps each (at least one), each round from the scene's start
/// after one untimed round (the engine compiles and warms up). Time comes
/// from `performance.now()`, which engines coarsen (to 0.1 ms or more), so
/// a round should last some milliseconds.
///
/// # Errors
/// A scene name it does not know: `no scene "X": original, curtain, flag
/// or drape`.
#[wasm_bindgen(js_name = benchSteps)]
pub fn bench_steps(scene: &str, steps: u32, rounds: u32) -> Result<f64, JsError> {
    let scene: Scene = scene.parse().map_err(|e| JsError::new(&format!("{e}")))?;
    let steps = u64::from(steps.max(1));
    let round = || {
        let mut sim = scene.simulation();
        let t0 = Instant::now();
        sim.run(steps);
        t0.elapsed().as_secs_f64() * 1e6 / steps as f64
    };
    round();
    let mut times: Vec<f64> = (0..rounds.max(1)).map(|_| round()).collect();
    times.sort_by(f64::total_cmp);
    Ok(times[times.len() / 2])
}
