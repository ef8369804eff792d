//! Progress of long headless runs (`simulate`, `render`, `record`): a bar
//! with the rate and the time left, on stderr when it is a terminal and
//! nowhere otherwise (so pipes, logs and tests see nothing of it). The
//! steps run in chunks, with a scripted grab's hand on them if there is
//! one ([`GrabScript`]), and between chunks a signal stops them
//! ([`crate::interrupt`]).
#![forbid(unsafe_code)]

use std::time::Duration;

use cloth_demo::sim::grab::GrabScript;

use crate::cli::cut::CutScript;
use cloth_demo::sim::{HandError, Simulation};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::interrupt::{self, Interrupted};

/// Steps run between updates of the bar: a few hundred, so that updating
/// it costs nothing next to the steps (about 20 updates a second at
/// 5,000 steps a second).
pub const STEPS_PER_UPDATE: u64 = 250;

/// A bar counting `steps` steps on stderr, hidden when stderr is not a
/// terminal, e.g. `00:00:01 [====>    ] step 3,000/6,000, frame 750/1500
/// (2,998/s, 1s left)`: the message (`{msg}`) follows the counts, the
/// rate is steps a second.
pub fn bar(steps: u64) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(steps), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} [{wide_bar}] step {human_pos}/{human_len}{msg} ({per_sec:0}, {eta} left)",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    // Keeps the elapsed time and rate moving on a slow step.
    if !bar.is_hidden() {
        bar.enable_steady_tick(Duration::from_millis(500));
    }
    bar
}

/// Why a run of steps stopped short.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stopped {
    /// SIGINT or SIGTERM came.
    Interrupted(Interrupted),
    /// The scripted grab could not hold its point (see
    /// [`GrabScript::run`]).
    Hand(HandError),
}

impl From<Interrupted> for Stopped {
    fn from(by: Interrupted) -> Self {
        Stopped::Interrupted(by)
    }
}

/// Run `steps` steps of `sim`, with `grab`'s hand on them if given, and
/// `cut`'s knife when its step begins,
/// moving `bar` on every [`STEPS_PER_UPDATE`] steps (the bar's position
/// is the steps run).
///
/// # Errors
/// [`Stopped::Interrupted`] if SIGINT or SIGTERM came: checked before each
/// chunk and after the last, so at most one chunk runs after a signal;
/// [`Stopped::Hand`] if the grab could not hold its point.
pub fn run(
    sim: &mut Simulation,
    steps: u64,
    bar: &ProgressBar,
    mut grab: Option<&mut GrabScript>,
    mut cut: Option<&mut CutScript>,
) -> Result<(), Stopped> {
    let mut left = steps;
    while left > 0 {
        interrupt::check()?;
        let mut n = left.min(STEPS_PER_UPDATE);
        if let Some(script) = cut.as_deref_mut() {
            script.cut_if_due(sim);
            n = script.steps_before(sim, n).max(1);
        }
        match grab.as_deref_mut() {
            Some(script) => script.run(sim, n).map_err(Stopped::Hand)?,
            None => sim.run(n),
        }
        bar.inc(n);
        left -= n;
    }
    Ok(interrupt::check()?)
}
