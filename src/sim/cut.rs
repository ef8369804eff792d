//! Which springs a model has, for a cut ([`Simulation::cut`](crate::sim::Simulation::cut)) to tear.

#![forbid(unsafe_code)]

use crate::sim::solver::links;
use crate::sim::{Model, Solver};

/// Whether `model` has a spring from a point to its neighbour `dj` rows
/// and `di` columns away (each from -2 to 2): under the article's solver
/// the springs its [`Springs`](crate::sim::Springs) join; under the other
/// solvers the grid lines and both diagonals, with the bending links
/// two away (along the grid lines; the relaxation solver's along the
/// diagonals too).
pub fn has_spring(model: &Model, dj: isize, di: isize) -> bool {
    if model.solver == Solver::Article {
        return model.springs.joins(dj, di);
    }
    let (a, b) = if dj > 0 || (dj == 0 && di > 0) {
        (dj, di)
    } else {
        (-dj, -di)
    };
    let bend: &[(isize, isize)] = match model.solver {
        Solver::Relaxation => &links::BEND_ALL,
        _ => &links::BEND_LINES,
    };
    links::STRETCH
        .iter()
        .chain(&links::SHEAR)
        .chain(bend)
        .any(|&o| o == (a, b))
}
