//! A cut: springs torn by hand ([`Simulation::cut`]), as a knife drawn
//! across the cloth tears them. Which springs a stroke on the picture
//! crosses is the picture's business (`render::cut`); here they are just
//! springs, torn for good as tearing tears them ([`Torn`]).

#![forbid(unsafe_code)]

use super::Simulation;
use crate::sim::{has_spring, Spring, Torn};

impl Simulation {
    /// Cut `springs`: tear each that is a spring of the running model
    /// ([`has_spring`]) between two points of the grid and still whole,
    /// for good, as tearing would ([`Torn::tear`]): from the next step on
    /// it pulls neither end, and the picture leaves out the triangles that
    /// lost one. Needs no tearing in the model. Returns how many it tore.
    pub fn cut(&mut self, springs: impl IntoIterator<Item = Spring>) -> usize {
        let n = self.cloth.n();
        if self.torn.n() != n {
            self.torn = Torn::new(n);
        }
        let model = self.model;
        springs
            .into_iter()
            .filter(|s| has_spring(&model, s.dj, s.di) && self.torn.tear(s.j, s.i, s.dj, s.di))
            .count()
    }
}
