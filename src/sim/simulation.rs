//! [`Simulation`]: the cloth, the spheres, the model that moves them and,
//! with inertia, where the points were a step before; the steps that move
//! them, and how many threads a run of steps takes.

#[cfg(feature = "parallel")]
use std::time::{Duration, Instant};

use super::state_file::{self, State};
use super::{fast, general, Cloth, InstructionSet, InstructionSetError, Model, Spheres, GRID};

/// The whole simulated scene: the cloth and the spheres it falls onto, and
/// the [`Model`] of physics that moves them (the original unless set).
///
/// Under a model with inertia the state also holds the previous
/// positions, where each point was one step before
/// ([`Simulation::previous`]): the velocity is the difference. They are
/// kept exactly while the model has inertia (a simulation that has none
/// yet starts at rest) and dropped when it has none. A state file carries
/// them ([`Simulation::to_state_file`], [`Simulation::resume_state`]).
#[derive(Clone, Debug)]
pub struct Simulation {
    /// The cloth's points.
    pub cloth: Cloth,
    /// The spheres, placed for the last step run.
    pub spheres: Spheres,
    /// Which physics [`Simulation::step`] runs.
    model: Model,
    /// With inertia, where each point was one step before; else `None`.
    pub(super) previous: Option<Cloth>,
    /// The pass's second buffer, swapped with `cloth` after each pass.
    pub(crate) back: Cloth,
    /// Scratch for the general pass: the wind's pushes, the spatial hash.
    pub(super) general: general::Workspace,
    /// Scratch for the fast pass, one per band.
    workspaces: Vec<fast::Workspace>,
    /// The instruction set both passes run on.
    instruction_set: InstructionSet,
    /// Threads asked for; `None`: what pays (see [`Simulation::set_threads`]).
    threads: Option<usize>,
    /// What the runs have measured, when the thread count is left to them.
    #[cfg(feature = "parallel")]
    auto: AutoThreads,
}

impl PartialEq for Simulation {
    /// Two simulations are equal when their cloth, spheres, model and
    /// previous positions are; scratch space, instruction set and threads do not count.
    fn eq(&self, other: &Self) -> bool {
        self.cloth == other.cloth
            && self.spheres == other.spheres
            && self.model == other.model
            && self.previous == other.previous
    }
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

/// Runs between trials of one thread against several.
#[cfg(feature = "parallel")]
const RUNS_BETWEEN_TRIALS: u32 = 20;

impl Simulation {
    /// The demo at its start: the flat 32 x 32 sheet and the spheres at rest,
    /// no steps run (the original's Initialise()).
    pub fn new() -> Self {
        Simulation::with_grid(GRID)
    }

    /// The start state on an `n x n` grid (the demo is `n = 32`).
    ///
    /// # Panics
    /// If `n < 2`.
    pub fn with_grid(n: usize) -> Self {
        Simulation::resume(Cloth::flat(n), 0)
    }

    /// The demo's start (the flat 32 x 32 sheet, no steps run) under
    /// `model`. (A [`Scene`](super::Scene) has its own start:
    /// [`Scene::simulation`](super::Scene::simulation).)
    pub fn with_model(model: Model) -> Self {
        Simulation::resume_with(Cloth::flat(GRID), 0, model)
    }

    /// Resume from a cloth that has already run `start` steps: the spheres
    /// are placed as they were after step `start`, and the next step is
    /// `start + 1`. Runs the original model.
    pub fn resume(cloth: Cloth, start: u64) -> Self {
        Simulation::resume_with(cloth, start, Model::ORIGINAL)
    }

    /// [`Simulation::resume`] under `model`. A state file holds the cloth
    /// (and with inertia the previous positions), not the model it ran
    /// under, so any state resumes under any model. With inertia the cloth
    /// starts at rest.
    pub fn resume_with(cloth: Cloth, start: u64, model: Model) -> Self {
        Simulation::resume_state(
            State {
                cloth,
                previous: None,
            },
            start,
            model,
        )
    }

    /// Resume from a state as a state file holds it
    /// ([`state_file::parse_state`]), `start` steps run, under `model`.
    /// With inertia its previous positions carry on the run exactly (none:
    /// at rest); without, they are dropped, as are previous positions of
    /// another size than the cloth.
    pub fn resume_state(state: State, start: u64, model: Model) -> Self {
        let State { cloth, previous } = state;
        let previous = match previous {
            Some(p) if model.inertia.is_some() && p.n() == cloth.n() => Some(p),
            _ if model.inertia.is_some() => Some(cloth.clone()),
            _ => None,
        };
        Simulation {
            back: cloth.clone(),
            cloth,
            spheres: Spheres::after_steps(start),
            model,
            previous,
            workspaces: Vec::new(),
            general: general::Workspace::default(),
            instruction_set: InstructionSet::best(),
            threads: None,
            #[cfg(feature = "parallel")]
            auto: AutoThreads::default(),
        }
    }

    /// The physics [`Simulation::step`] runs.
    pub fn model(&self) -> Model {
        self.model
    }

    /// Run `model` from the next step on, from the cloth and spheres as
    /// they are (for example 5 passes from step 1234). Setting the original
    /// back returns to the fast, bit-exact pass. Turning inertia on starts
    /// the cloth at rest (unless it already had inertia, whose velocities
    /// carry on); turning it off drops the previous positions.
    pub fn set_model(&mut self, model: Model) {
        self.model = model;
        match model.inertia {
            Some(_) => {
                self.previous.get_or_insert_with(|| self.cloth.clone());
            }
            None => self.previous = None,
        }
    }

    /// With inertia, where each point was one step before (its velocity is
    /// the difference); `None` under a model without inertia.
    pub fn previous(&self) -> Option<&Cloth> {
        self.previous.as_ref()
    }

    /// The state as a state file holds it: the cloth, and with inertia the
    /// previous positions.
    pub fn state(&self) -> State {
        State {
            cloth: self.cloth.clone(),
            previous: self.previous.clone(),
        }
    }

    /// The state file for this state ([`state_file::state_to_string`]):
    /// the plain `j,i,x,y,z` format, byte for byte the golden files', or
    /// with inertia `j,i,x,y,z,px,py,pz`.
    pub fn to_state_file(&self) -> String {
        state_file::state_to_string(&self.cloth, self.previous.as_ref())
    }

    /// Steps run so far (the sphere counter `a`).
    pub fn steps(&self) -> u64 {
        self.spheres.a
    }

    /// The instruction set the passes run on (every set gives the same
    /// bits). A new simulation takes [`InstructionSet::best`].
    pub fn instruction_set(&self) -> InstructionSet {
        self.instruction_set
    }

    /// Run the passes, fast and general, on `set` from the next step on.
    ///
    /// # Errors
    /// [`InstructionSetError::Unavailable`] if this CPU cannot run `set`;
    /// the set is then unchanged.
    pub fn set_instruction_set(&mut self, set: InstructionSet) -> Result<(), InstructionSetError> {
        self.instruction_set = set.check()?;
        Ok(())
    }

    /// How many threads [`Simulation::run`] uses, in bands of rows (every
    /// count gives the same bits).
    ///
    /// `Some(k)` uses `k` threads (at most one a row) for every run.
    /// `None`, the default, is what pays: one thread for a run of a few
    /// steps of the demo's grid (the window's frames), and otherwise up to
    /// one a core and one per 16 rows, or one, whichever the runs measure
    /// faster: a long enough run times a few of its steps each way and uses
    /// the faster for the rest (and again every 20 runs, as the machine's
    /// other work comes and goes). Without the `parallel` feature every run
    /// is on the calling thread.
    ///
    /// A run on `k > 1` threads starts `k - 1` of its own, which end with
    /// it. On Linux, when the calling thread may run on at least `k` cores,
    /// the run pins each of its threads, the caller included, to a core of
    /// its own, and gives the caller back its own set of cores when it
    /// returns (the bands wait for each other by spinning, and two of them
    /// sharing a core run at a fraction of the speed).
    pub fn set_threads(&mut self, threads: Option<usize>) {
        self.threads = threads.map(|k| k.max(1));
    }

    /// The threads asked for with [`Simulation::set_threads`].
    pub fn threads(&self) -> Option<usize> {
        self.threads
    }

    /// One step, the original's GameDraw() physics: move the spheres, then
    /// fifteen passes of the cloth. Under a model other than the original,
    /// the model's step, through the general pass ([`general::step`]).
    pub fn step(&mut self) {
        self.run(1);
    }

    /// `count` steps, as many [`Simulation::step`]s. The original model
    /// runs the fast pass, on several threads where that pays (see
    /// [`Simulation::set_threads`]); every other model the general pass,
    /// on the calling thread.
    pub fn run(&mut self, count: u64) {
        self.match_back_buffer();
        if !self.model.is_original() {
            for _ in 0..count {
                general::step(self);
            }
            return;
        }
        #[cfg(feature = "parallel")]
        match self.threads {
            Some(k) => self.run_bands(count, k.min(self.cloth.n())),
            None => self.run_auto(count),
        }
        #[cfg(not(feature = "parallel"))]
        self.run_bands(count, 1);
    }

    /// `count` steps in `bands` bands: the one place the fast pass runs.
    fn run_bands(&mut self, count: u64, bands: usize) {
        fast::run(
            &mut self.cloth,
            &mut self.back,
            &mut self.spheres,
            count,
            self.instruction_set,
            &mut self.workspaces,
            bands,
        );
    }

    /// [`Simulation::run`] with the thread count left to the runs.
    #[cfg(feature = "parallel")]
    fn run_auto(&mut self, mut count: u64) {
        let n = self.cloth.n();
        if count.saturating_mul((n * n) as u64) < THREADED_RUN_MIN_WORK {
            return self.run_bands(count, 1);
        }
        let most = std::thread::available_parallelism()
            .map_or(1, |c| c.get())
            .min(n / MIN_BAND_ROWS)
            .max(1);
        if most == 1 {
            return self.run_bands(count, 1);
        }
        // A trial: enough steps each way to start the threads and time
        // them (16 of the demo's grid, one of 128 x 128 and up), out of a
        // run long enough to spend most of its steps on the winner.
        let trial = (THREADED_RUN_MIN_WORK / (n * n) as u64).max(1);
        if (self.auto.choice == 0 || self.auto.runs_left == 0) && count >= 4 * trial {
            let mut time = |bands: usize| {
                let t0 = Instant::now();
                self.run_bands(trial, bands);
                t0.elapsed()
            };
            let (one, several): (Duration, Duration) = (time(1), time(most));
            self.auto.choice = if several < one { most } else { 1 };
            self.auto.runs_left = RUNS_BETWEEN_TRIALS;
            count -= 2 * trial;
        } else {
            self.auto.runs_left = self.auto.runs_left.saturating_sub(1);
        }
        let bands = if self.auto.choice == 0 {
            1
        } else {
            self.auto.choice
        };
        self.run_bands(count, bands);
    }

    /// Make the second buffer the cloth's size, should the caller have
    /// replaced `cloth` with one of another size.
    pub(crate) fn match_back_buffer(&mut self) {
        let n = self.cloth.n();
        if self.back.n() != n || self.back.x.len() != n * n {
            self.back = self.cloth.clone();
        }
    }

    /// Make the second buffer, and any previous positions, the cloth's
    /// size, should the caller have replaced `cloth` with one of another
    /// size (previous positions of the wrong size are replaced by the
    /// cloth: at rest).
    pub(super) fn match_buffers(&mut self) {
        self.match_back_buffer();
        let n = self.cloth.n();
        if let Some(p) = &mut self.previous {
            if p.n() != n {
                *p = self.cloth.clone();
            }
        }
    }
}

impl Default for Simulation {
    fn default() -> Self {
        Simulation::new()
    }
}
