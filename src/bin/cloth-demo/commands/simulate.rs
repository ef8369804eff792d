//! `cloth-demo simulate`: run the physics only, say how fast it ran, and
//! optionally write the final cloth as a state file.
#![forbid(unsafe_code)]

use std::io::Write;
use std::time::Instant;

use cloth_demo::render::Camera;
use cloth_demo::sim::grab::GrabScript;

use super::{count, model_note, number, seconds, size, start_state, summary, Failure};
use crate::cli::{SimulateArgs, DEFAULT_SIZE};
use crate::environment::Environment;
use crate::output::{Content, Output};
use crate::progress;

/// Run `simulate`: `--steps` steps from the start state (with the grab's
/// hand on them, with `--grab`), then the rate
/// ("2,000 steps in 0.51 s: 3,906 steps/s (256.0 us/step)"; no rate for 0
/// steps) and, with `--csv`, the state file written and its size.
///
/// # Errors
/// [`Failure::Run`] for a bad `--from` or a `--csv` that cannot be written
/// (checked before the first step), or a grab that cannot hold its point; [`Failure::Interrupted`] on SIGINT or
/// SIGTERM, the state file then left as it was.
pub fn run(args: &SimulateArgs, env: &Environment) -> Result<(), Failure> {
    let mut sim = start_state(&args.start, &args.model, env)?;
    sim.set_threads(args.threads.map(usize::from));
    let mut out = match &args.csv {
        Some(path) => Some(Output::create(path, Content::Text)?),
        None => None,
    };
    let bar = progress::bar(args.steps);
    let t0 = Instant::now();
    let mut grab = args.grab.grab().map(GrabScript::new);
    let mut cut = args.cut.script(DEFAULT_SIZE, Camera::default());
    let ran = progress::run(&mut sim, args.steps, &bar, grab.as_mut(), cut.as_mut());
    let elapsed = t0.elapsed();
    let reached = bar.position();
    bar.finish_and_clear();
    ran.map_err(|stop| {
        let doing = format!(
            "simulate stopped at step {} of {}",
            number(reached),
            number(args.steps)
        );
        Failure::stopped(stop, doing, out.as_ref())
    })?;
    let mut line = if args.steps == 0 {
        "0 steps run".to_string()
    } else {
        let secs = elapsed.as_secs_f64().max(1e-9);
        format!(
            "{}{} in {}: {} steps/s ({:.1} us/step)",
            count(args.steps, "step", "steps"),
            model_note(sim.model()),
            seconds(elapsed),
            number((args.steps as f64 / secs).round() as u64),
            secs * 1e6 / args.steps as f64
        )
    };
    let mut to_stderr = false;
    if let Some(mut out) = out.take() {
        let text = sim.to_state_file();
        out.write_all(text.as_bytes())
            .map_err(|e| Failure::Run(out.failure(e)))?;
        let name = out.name();
        to_stderr = out.is_stdout();
        let bytes = out
            .commit()
            .map_err(|e| Failure::from_output(e, "simulate stopped".into(), &name))?;
        line += &format!("; {name} ({})", size(bytes));
    }
    summary(&line, to_stderr);
    Ok(())
}
