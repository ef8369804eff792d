//! [`Scene::simulation`]: a scene's start as a [`Simulation`]. Here, beside
//! the simulation's other starts, so that the model (`sim::model`, where
//! [`Scene`] is) uses nothing of the simulation.

#![forbid(unsafe_code)]

use super::Simulation;
use crate::sim::Scene;

impl Scene {
    /// The scene's start: [`Scene::start_cloth`] under [`Scene::model`],
    /// no steps run.
    pub fn simulation(self) -> Simulation {
        Simulation::resume_with(self.start_cloth(), 0, self.model())
    }
}
