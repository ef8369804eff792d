//! [`Simulation`]: the cloth, the spheres, the model that moves them and,
//! with inertia, where the points were a step before; what holds it
//! (pins, a held point) and what it has lost (torn springs); the steps
//! that move them, and how many threads a run of steps takes.

#![forbid(unsafe_code)]

mod cut;
mod hands;
mod scene;

use super::runner::{Hold, Runner};
use super::state_file::{self, State};
use super::{Cloth, Held, InstructionSet, InstructionSetError, Model, PinSet, Spheres, Torn, GRID};

/// The whole simulated scene: the cloth and the spheres it falls onto, and
/// the [`Model`] of physics that moves them (the original unless set).
///
/// Under a model with inertia the state also holds the previous
/// positions, where each point was one step before
/// ([`Simulation::previous`]): the velocity is the difference. They are
/// kept exactly while the model has inertia (a simulation that has none
/// yet starts at rest) and dropped when it has none. A state file carries
/// them ([`Simulation::to_state_file`], [`Simulation::resume_state`]).
///
/// Hands on the cloth are state too: the pinned points (the model's pins
/// to start with, then as pinned and freed by hand), a held point the
/// caller moves each step ([`Simulation::hold`]), and the springs torn
/// ([`Simulation::torn`]). With none of these, the original model runs
/// the fast pass on the demo's 32 x 32, bit for bit.
///
/// How the steps run (the instruction set, the threads) and the scratch
/// buffers they work in are kept apart from the state: two simulations are
/// equal when their cloth, spheres, model, previous positions, pins, held
/// point and torn springs are.
#[derive(Clone, Debug, PartialEq)]
pub struct Simulation {
    /// The cloth's points. A caller may replace it, with a cloth of any
    /// size: the next step works on what it finds (previous positions of
    /// another size are dropped: the cloth starts at rest).
    pub cloth: Cloth,
    /// The spheres, placed for the last step run.
    pub spheres: Spheres,
    /// Which physics [`Simulation::step`] runs.
    model: Model,
    /// With inertia, where each point was one step before; else `None`.
    previous: Option<Cloth>,
    /// The points that stay where they are.
    pins: PinSet,
    /// The point held, and where the next step puts it.
    held: Option<Held>,
    /// The springs torn.
    torn: Torn,
    /// How the steps run, and their scratch.
    runner: Runner,
}

impl Simulation {
    /// The demo at its start: the flat 32 x 32 sheet and the spheres at rest,
    /// no steps run (the original's Initialise()).
    pub fn new() -> Self {
        Simulation::with_grid(GRID)
    }

    /// The start state on an `n x n` grid (the demo is `n = 32`): the flat
    /// sheet ([`Cloth::flat`]), the same 3.1-unit square at every grid,
    /// its points [`spacing`](super::spacing)`(n)` apart. At another grid
    /// than 32 the steps run the general pass with the article's law
    /// scaled to the grid ([`GridLaw`](super::general::GridLaw)), so the
    /// sheet falls and drapes as the demo's; the fast pass runs at 32.
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
        Simulation::resume_state(State::of(cloth), start, model)
    }

    /// Resume from a state as a state file holds it
    /// ([`state_file::parse_state`]), `start` steps run, under `model`.
    /// With inertia its previous positions carry on the run exactly (none:
    /// at rest); without, they are dropped, as are previous positions of
    /// another size than the cloth. Its torn springs stay torn; the model's
    /// pins are pinned, and nothing is held.
    pub fn resume_state(state: State, start: u64, model: Model) -> Self {
        let State {
            cloth,
            previous,
            torn,
        } = state;
        let n = cloth.n();
        let previous = match previous {
            Some(p) if model.has_velocities() && p.n() == n => Some(p),
            _ if model.has_velocities() => Some(cloth.clone()),
            _ => None,
        };
        Simulation {
            cloth,
            spheres: Spheres::after_steps(start),
            model,
            previous,
            pins: PinSet::from_pins(model.pins, n),
            held: None,
            torn: if torn.n() == n { torn } else { Torn::new(n) },
            runner: Runner::default(),
        }
    }

    /// Start again from `cloth`, `start` steps run, under `model`, as
    /// [`Simulation::resume_with`] would, keeping how the steps run (the
    /// instruction set, the threads) and their scratch.
    pub fn restart(&mut self, cloth: Cloth, start: u64, model: Model) {
        let runner = std::mem::take(&mut self.runner);
        *self = Simulation {
            runner,
            ..Simulation::resume_with(cloth, start, model)
        };
    }

    /// The physics [`Simulation::step`] runs.
    pub fn model(&self) -> Model {
        self.model
    }

    /// Run `model` from the next step on, from the cloth and spheres as
    /// they are (for example 5 passes from step 1234). Setting the original
    /// back returns to the fast, bit-exact pass. Turning inertia on starts
    /// the cloth at rest (unless it already had inertia, whose velocities
    /// carry on); turning it off drops the previous positions. Other pins
    /// than the last model's pin their points afresh (what was pinned or
    /// freed by hand is forgotten); the same pins keep them as they are.
    pub fn set_model(&mut self, model: Model) {
        if model.pins != self.model.pins {
            self.pins = PinSet::from_pins(model.pins, self.cloth.n());
        }
        self.model = model;
        if model.has_velocities() {
            self.previous.get_or_insert_with(|| self.cloth.clone());
        } else {
            self.previous = None;
        }
    }

    /// With inertia, where each point was one step before (its velocity is
    /// the difference); `None` under a model without inertia.
    pub fn previous(&self) -> Option<&Cloth> {
        self.previous.as_ref()
    }

    /// The state as a state file holds it: the cloth, with inertia the
    /// previous positions, and the torn springs.
    pub fn state(&self) -> State {
        State {
            cloth: self.cloth.clone(),
            previous: self.previous.clone(),
            torn: self.torn.clone(),
        }
    }

    /// The state file for this state ([`state_file::state_to_string`]):
    /// the plain `j,i,x,y,z` format, byte for byte the golden files', or
    /// with inertia `j,i,x,y,z,px,py,pz`, and with torn springs a last
    /// column `torn`.
    pub fn to_state_file(&self) -> String {
        state_file::state_to_string(&self.cloth, self.previous.as_ref(), &self.torn)
    }

    /// Steps run so far (the sphere counter `a`).
    pub fn steps(&self) -> u64 {
        self.spheres.a()
    }

    /// The instruction set the fast pass runs on (every set gives the
    /// same bits). A new simulation starts on [`InstructionSet::best`];
    /// unless a set is asked for ([`Simulation::set_instruction_set`]), a
    /// run long enough (with the `parallel` feature) times each vector set
    /// this CPU has on a few of its steps and goes on with the fastest,
    /// and again every 20 runs, as the thread count is chosen. The general
    /// pass makes its own choice the same way, timed across runs (the
    /// window's are a step or two each); a set asked for holds for both.
    pub fn instruction_set(&self) -> InstructionSet {
        self.runner.instruction_set
    }

    /// Run the passes, fast and general, on `set` from the next step on,
    /// and no other.
    ///
    /// # Errors
    /// [`InstructionSetError::Unavailable`] if this CPU cannot run `set`;
    /// the set is then unchanged.
    pub fn set_instruction_set(&mut self, set: InstructionSet) -> Result<(), InstructionSetError> {
        self.runner.force_instruction_set(set.check()?);
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
        self.runner.threads = threads.map(|k| k.max(1));
    }

    /// The threads asked for with [`Simulation::set_threads`].
    pub fn threads(&self) -> Option<usize> {
        self.runner.threads
    }

    /// One step, the original's GameDraw() physics: move the spheres, then
    /// fifteen passes of the cloth. Under a model other than the original,
    /// or on a grid other than 32 x 32, the model's step through the
    /// general pass (at another grid with the law scaled to it).
    pub fn step(&mut self) {
        self.run(1);
    }

    /// `count` steps, as many [`Simulation::step`]s. The original model
    /// runs the fast pass, on several threads where that pays (see
    /// [`Simulation::set_threads`]); every other model the general pass,
    /// on the calling thread.
    pub fn run(&mut self, count: u64) {
        self.run_on(count, false);
    }

    /// `count` steps, on the general pass whatever the model if `general`.
    fn run_on(&mut self, count: u64, general: bool) {
        let hold = Hold {
            pins: &mut self.pins,
            held: self.held.map(|h| (h.point, h.at)),
            torn: &mut self.torn,
        };
        self.runner.run(
            &mut self.cloth,
            &mut self.spheres,
            &mut self.previous,
            &self.model,
            hold,
            count,
            general,
        );
    }

    /// One step through the general pass, whatever the model: for the
    /// original the same bits as [`Simulation::step`] (which runs the fast
    /// pass then), for any other model the same step. The general pass
    /// reads like the article's loop with each choice made a setting; this
    /// ties it to the faithful code.
    pub fn step_general(&mut self) {
        self.run_on(1, true);
    }
}

impl Default for Simulation {
    fn default() -> Self {
        Simulation::new()
    }
}
