//! [`Simulation`]: the cloth, the spheres, the model that moves them, and
//! with inertia where the points were a step before.

use super::model::Model;
use super::state_file::{self, State};
use super::{fast, general, Cloth, Spheres, GRID, PASSES};

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
    pub(super) back: Cloth,
    /// Scratch rows for the fast pass, one per band.
    workspaces: Vec<fast::Workspace>,
    /// Scratch for the general pass: the wind's pushes, the spatial hash.
    pub(super) general: general::Workspace,
}

impl PartialEq for Simulation {
    /// Two simulations are equal when their cloth, spheres, model and
    /// previous positions are; scratch space does not count.
    fn eq(&self, other: &Self) -> bool {
        self.cloth == other.cloth
            && self.spheres == other.spheres
            && self.model == other.model
            && self.previous == other.previous
    }
}

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

    /// One step, the original's GameDraw() physics: move the spheres, then
    /// fifteen passes of the cloth. Under a model other than the original,
    /// the model's step, through the general pass ([`general::step`]).
    pub fn step(&mut self) {
        if !self.model.is_original() {
            return general::step(self);
        }
        self.spheres.step();
        if self.back.n() != self.cloth.n() {
            // The caller replaced `cloth` with one of another size.
            self.back = self.cloth.clone();
        }
        for _ in 0..PASSES {
            fast::pass(
                &self.cloth,
                &mut self.back,
                &self.spheres,
                &mut self.workspaces,
            );
            std::mem::swap(&mut self.cloth, &mut self.back);
        }
    }

    /// `count` steps.
    pub fn run(&mut self, count: u64) {
        for _ in 0..count {
            self.step();
        }
    }

    /// Make the second buffer, and any previous positions, the cloth's
    /// size, should the caller have replaced `cloth` with one of another
    /// size (previous positions of the wrong size are replaced by the
    /// cloth: at rest).
    pub(super) fn match_buffers(&mut self) {
        let n = self.cloth.n();
        if self.back.n() != n {
            self.back = self.cloth.clone();
        }
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
