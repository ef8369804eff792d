//! The subcommands, one file each: what `render`, `record` and `simulate`
//! do. Their options are `cli`'s, writing files is `output`'s, and the
//! exit codes are `main`'s; this module holds what they share: where a run
//! starts, how it fails, and how its one-line summary writes numbers.
#![forbid(unsafe_code)]

mod compare;
pub mod note;
pub mod record;
pub mod render;
pub mod simulate;

use std::time::Duration;

use cloth_demo::render::headless::HeadlessContext;
use cloth_demo::sim::{state_file, HandError, Model, Simulation, GRID};
use indicatif::{HumanBytes, HumanCount};

use crate::cli::{ModelArgs, StartArgs};
use crate::environment::Environment;
use crate::interrupt::Interrupted;
use crate::output::{self, Output};
use crate::progress::Stopped;

/// Why a subcommand stopped.
#[derive(Debug)]
pub enum Failure {
    /// A failure at run time: one line (exit code 1).
    Run(String),
    /// SIGINT or SIGTERM: `what` says what was stopped, where, and that the
    /// output was left as it was (exit code 130 or 143).
    Interrupted {
        /// The signal.
        by: Interrupted,
        /// e.g. "render stopped at step 3,250 of 20,000; out.png left as it
        /// was".
        what: String,
    },
}

impl Failure {
    /// Interrupted by `by` while `doing` (e.g. "simulate stopped at step
    /// 250 of 1,000"), with `out`, if any, left as it was.
    pub fn interrupted(by: Interrupted, doing: String, out: Option<&Output>) -> Failure {
        let what = match out {
            Some(out) if !out.is_stdout() => format!("{doing}; {} left as it was", out.name()),
            _ => doing,
        };
        Failure::Interrupted { by, what }
    }

    /// A run of steps that stopped short ([`Stopped`]) while `doing`: a
    /// signal as [`Failure::interrupted`], a grab that could not hold its
    /// point as a run-time failure.
    pub fn stopped(stop: Stopped, doing: String, out: Option<&Output>) -> Failure {
        match stop {
            Stopped::Interrupted(by) => Failure::interrupted(by, doing, out),
            Stopped::Hand(e) => Failure::hand(e),
        }
    }

    /// The grab could not hold its point: a run-time failure.
    pub fn hand(e: HandError) -> Failure {
        Failure::Run(format!("--grab: {e}"))
    }

    /// An [`output::Error`] met while `doing`, for `out_name`.
    pub fn from_output(e: output::Error, doing: String, out_name: &str) -> Failure {
        match e {
            output::Error::Write(message) | output::Error::Taken(message) => Failure::Run(message),
            output::Error::Interrupted(by) => Failure::Interrupted {
                by,
                what: format!("{doing}; {out_name} left as it was"),
            },
        }
    }
}

impl From<output::Error> for Failure {
    /// An output that could not be opened (before any work).
    fn from(e: output::Error) -> Self {
        match e {
            output::Error::Write(message) | output::Error::Taken(message) => Failure::Run(message),
            output::Error::Interrupted(by) => Failure::Interrupted {
                by,
                what: "stopped before starting".into(),
            },
        }
    }
}

/// The simulation a run starts from: the scene's start (the flat sheet
/// for the original), or `--from` at `--start`, under the model the flags
/// describe. A state file with previous positions (written under inertia)
/// carries them on under a model with inertia; one without starts at rest.
///
/// Its passes run on the instruction set `env` forces, else on the
/// fastest this CPU has.
///
/// # Errors
/// [`Failure::Run`] naming the file for one that cannot be read or parsed,
/// or for an instruction set this CPU lacks.
pub fn start_state(
    start: &StartArgs,
    model: &ModelArgs,
    env: &Environment,
) -> Result<Simulation, Failure> {
    let mut sim = start_simulation(start, model)?;
    if let Some(set) = env.instruction_set {
        sim.set_instruction_set(set)
            .map_err(|e| Failure::Run(e.to_string()))?;
    }
    Ok(sim)
}

/// [`start_state`] on the fastest instruction set.
fn start_simulation(start: &StartArgs, model: &ModelArgs) -> Result<Simulation, Failure> {
    match &start.from {
        None => Ok(Simulation::resume_with(
            model.start_cloth(),
            0,
            model.model(),
        )),
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| {
                let why = crate::output::reason(&e);
                Failure::Run(format!("cannot read {}: {why}", path.display()))
            })?;
            // The file's own grid, unless --grid says which it must be.
            let own = state_file::grid_of(&bytes);
            if let (Some(want), Some(got)) = (model.grid_given(), own) {
                if want != got {
                    return Err(Failure::Run(format!(
                        "{}: a {got} x {got} state, not the {want} x {want} that --grid asks for",
                        path.display()
                    )));
                }
            }
            let n = model.grid_given().or(own).unwrap_or(GRID);
            let state = state_file::parse_state(&bytes, n)
                .map_err(|e| Failure::Run(format!("{}: {e}", path.display())))?;
            Ok(Simulation::resume_state(state, start.step(), model.model()))
        }
    }
}

/// The headless context `env` asks for.
///
/// # Errors
/// [`Failure::Run`]: render's one line, and which variable forced the
/// context if one did.
pub fn headless(env: &Environment) -> Result<HeadlessContext, Failure> {
    HeadlessContext::new(env.context)
        .map_err(|e| Failure::Run(format!("{e}{}", env.context_note())))
}

/// Where the state after `steps` steps of a run that started as `start`
/// says is: "250 steps" from the start (or "1 step"), else "step 1,250
/// (250 steps from step 1,000)" for a run `--from` a state at step 1,000.
pub fn steps_reached(start: &StartArgs, steps: u64) -> String {
    let ran = count(steps, "step", "steps");
    match start.from {
        None => ran,
        Some(_) => format!(
            "step {} ({ran} from step {})",
            number(start.step().saturating_add(steps)),
            number(start.step())
        ),
    }
}

/// `n` and the word for it, with thousands separators as the progress bar
/// writes them: "1 step", "2,000 steps", "0 frames".
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", HumanCount(n), if n == 1 { one } else { many })
}

/// What a run's summary says of its model: nothing for the original,
/// else " (5 passes, bending springs)".
pub fn model_note(model: Model) -> String {
    if model.is_original() {
        String::new()
    } else {
        format!(" ({model})")
    }
}

/// `n` with thousands separators: "6,000".
pub fn number(n: u64) -> String {
    HumanCount(n).to_string()
}

/// A file size: "812 B", "45.21 KiB", "1.20 MiB".
pub fn size(bytes: u64) -> String {
    HumanBytes(bytes).to_string()
}

/// A time in seconds, to the hundredth: "0.41 s".
pub fn seconds(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

/// Print a run's one-line summary: on stdout, or on stderr when stdout
/// carries the output itself (`-`: `to_stderr`).
pub fn summary(line: &str, to_stderr: bool) {
    if to_stderr {
        eprintln!("{line}");
    } else {
        println!("{line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_from_a_file_is_said_at_its_own_step() {
        let fresh = StartArgs {
            from: None,
            start: None,
        };
        assert_eq!(steps_reached(&fresh, 1), "1 step");
        assert_eq!(steps_reached(&fresh, 2500), "2,500 steps");
        let resumed = StartArgs {
            from: Some("state.csv".into()),
            start: Some(1000),
        };
        assert_eq!(
            steps_reached(&resumed, 10),
            "step 1,010 (10 steps from step 1,000)"
        );
        assert_eq!(
            steps_reached(&resumed, 1),
            "step 1,001 (1 step from step 1,000)"
        );
    }

    #[test]
    fn numbers_read_the_same_everywhere() {
        assert_eq!(count(1, "step", "steps"), "1 step");
        assert_eq!(count(0, "step", "steps"), "0 steps");
        assert_eq!(count(2000, "step", "steps"), "2,000 steps");
        assert_eq!(number(3000), "3,000");
        assert_eq!(size(812), "812 B");
        assert_eq!(size(0), "0 B");
        assert_eq!(size(46_300), "45.21 KiB");
        assert_eq!(seconds(Duration::from_millis(410)), "0.41 s");
    }
}
