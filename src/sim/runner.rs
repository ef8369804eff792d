//! [`Runner`]: how a [`Simulation`](super::Simulation)'s steps run (the
//! instruction set, the thread count) and the scratch buffers they work
//! in. None of it is the simulated state: two simulations in the same
//! state are equal however they run.

#![forbid(unsafe_code)]

#[cfg(feature = "parallel")]
use std::time::{Duration, Instant};

use std::borrow::Cow;

use super::{fast, general, Cloth, InstructionSet, Model, PinSet, Spheres, Torn};

/// A simulation's hands on its cloth, for a run: the pinned points, the
/// held point and where it goes, and the torn springs.
pub(super) struct Hold<'a> {
    /// The pinned points (remade from the model's pins for a cloth of
    /// another size).
    pub(super) pins: &'a mut PinSet,
    /// The held point, row-major, and where each step puts it.
    pub(super) held: Option<(usize, [f64; 3])>,
    /// The torn springs (emptied for a cloth of another size).
    pub(super) torn: &'a mut Torn,
}

/// Grid points times steps below which a run whose thread count is left to
/// it stays on one thread: starting the threads costs about as much as a
/// few steps of the demo's grid. (So the window's few steps a frame run on
/// its own thread.)
#[cfg(feature = "parallel")]
const THREADED_RUN_MIN_WORK: u64 = 32 * 32 * 16;

/// Rows per band at the least when the thread count is left to the runs.
#[cfg(feature = "parallel")]
const MIN_BAND_ROWS: usize = 16;

/// Runs between trials of one thread against several.
#[cfg(feature = "parallel")]
const RUNS_BETWEEN_TRIALS: u32 = 20;

/// When the thread count is left to the runs: which count was faster the
/// last time both were timed, and how many runs until they are timed
/// again (a machine's other work comes and goes).
#[cfg(feature = "parallel")]
#[derive(Clone, Debug, Default)]
struct AutoThreads {
    /// Threads last found faster; 0 before any trial.
    choice: usize,
    /// Runs left before the next trial.
    runs_left: u32,
}

/// How the steps run, and what they work in. A clone runs the same way
/// with scratch of its own.
#[derive(Clone, Debug)]
pub(super) struct Runner {
    /// The instruction set both passes run on.
    pub(super) instruction_set: InstructionSet,
    /// Threads asked for; `None`: what pays.
    pub(super) threads: Option<usize>,
    /// What the runs have measured, when the thread count is left to them.
    #[cfg(feature = "parallel")]
    auto: AutoThreads,
    /// The fast pass's second buffer and its bands' scratch.
    fast: fast::Scratch,
    /// The general pass's second buffer, wind pushes and spatial hash.
    general: general::Workspace,
}

impl PartialEq for Runner {
    /// Always: how a simulation runs is not part of its state.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Default for Runner {
    /// The fastest instruction set this CPU has, the thread count left to
    /// the runs, no scratch yet.
    fn default() -> Self {
        Runner {
            instruction_set: InstructionSet::best(),
            threads: None,
            #[cfg(feature = "parallel")]
            auto: AutoThreads::default(),
            fast: fast::Scratch::default(),
            general: general::Workspace::default(),
        }
    }
}

impl Runner {
    /// `count` steps of `model` on `cloth`, `spheres`, the previous
    /// positions and what `hold` holds. The fast pass runs the original
    /// model while nothing is pinned, held or torn (on several threads
    /// where that pays; with tearing, a step at a time, each followed by
    /// the tearing, until a spring tears), unless `general` asks for the
    /// general pass, which runs everything else, on the calling thread.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn run(
        &mut self,
        cloth: &mut Cloth,
        spheres: &mut Spheres,
        previous: &mut Option<Cloth>,
        model: &Model,
        hold: Hold<'_>,
        mut count: u64,
        general: bool,
    ) {
        let n = cloth.n();
        if hold.pins.n() != n {
            *hold.pins = PinSet::from_pins(model.pins, n);
        }
        if hold.torn.n() != n {
            *hold.torn = Torn::new(n);
        }
        let held = hold.held.filter(|&(k, _)| k < n * n);
        let fast = !general
            && model.moves_as_original()
            && hold.pins.is_empty()
            && held.is_none()
            && hold.torn.is_empty();
        if fast {
            let Some(factor) = model.tear else {
                return self.run_fast(cloth, spheres, count);
            };
            while count > 0 {
                self.run_bands(cloth, spheres, 1, 1);
                count -= 1;
                if general::tear::tear(cloth, model, factor, hold.torn) > 0 {
                    break;
                }
            }
        }
        // The held point stays where it is put, as a pinned point does.
        let pins = match held {
            Some((k, _)) => {
                let mut pins = hold.pins.clone();
                pins.insert(k);
                Cow::Owned(pins)
            }
            None => Cow::Borrowed(&*hold.pins),
        };
        let mut hands = general::Hands {
            pins: &pins,
            held,
            torn: hold.torn,
        };
        for _ in 0..count {
            general::step(
                cloth,
                spheres,
                previous,
                model,
                &mut hands,
                self.instruction_set,
                &mut self.general,
            );
        }
    }

    /// `count` steps of the fast pass, on as many threads as pay.
    fn run_fast(&mut self, cloth: &mut Cloth, spheres: &mut Spheres, count: u64) {
        #[cfg(feature = "parallel")]
        match self.threads {
            Some(k) => self.run_bands(cloth, spheres, count, k.min(cloth.n())),
            None => self.run_auto(cloth, spheres, count),
        }
        #[cfg(not(feature = "parallel"))]
        self.run_bands(cloth, spheres, count, 1);
    }

    /// `count` steps of the fast pass in `bands` bands.
    fn run_bands(&mut self, cloth: &mut Cloth, spheres: &mut Spheres, count: u64, bands: usize) {
        fast::run(
            cloth,
            spheres,
            count,
            self.instruction_set,
            &mut self.fast,
            bands,
        );
    }

    /// [`Runner::run_bands`] with the thread count left to the runs.
    #[cfg(feature = "parallel")]
    fn run_auto(&mut self, cloth: &mut Cloth, spheres: &mut Spheres, mut count: u64) {
        let n = cloth.n();
        if count.saturating_mul((n * n) as u64) < THREADED_RUN_MIN_WORK {
            return self.run_bands(cloth, spheres, count, 1);
        }
        let most = std::thread::available_parallelism()
            .map_or(1, |c| c.get())
            .min(n / MIN_BAND_ROWS)
            .max(1);
        if most == 1 {
            return self.run_bands(cloth, spheres, count, 1);
        }
        // A trial: enough steps each way to start the threads and time
        // them (16 of the demo's grid, one of 128 x 128 and up), out of a
        // run long enough to spend most of its steps on the winner.
        let trial = (THREADED_RUN_MIN_WORK / (n * n) as u64).max(1);
        if (self.auto.choice == 0 || self.auto.runs_left == 0) && count >= 4 * trial {
            let mut time = |bands: usize| {
                let t0 = Instant::now();
                self.run_bands(cloth, spheres, trial, bands);
                t0.elapsed()
            };
            let (one, several): (Duration, Duration) = (time(1), time(most));
            self.auto.choice = if several < one { most } else { 1 };
            self.auto.runs_left = RUNS_BETWEEN_TRIALS;
            count -= 2 * trial;
        } else {
            self.auto.runs_left = self.auto.runs_left.saturating_sub(1);
        }
        let bands = self.auto.choice.max(1);
        self.run_bands(cloth, spheres, count, bands);
    }
}
