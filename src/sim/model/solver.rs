//! [`Solver`]: which cloth program's solver moves the cloth.

#![forbid(unsafe_code)]

use std::fmt;
use std::str::FromStr;

use super::{limits, ModelError};

/// Which solver moves the cloth: the article's spring (the original), or
/// the solver of one of the other cloth programs people know. The three
/// others are position-based and have velocities: a pull lifts the cloth.
///
/// | solver | from | what a step does |
/// |---|---|---|
/// | `article` | the article | fifteen passes of the lopsided spring, no velocities |
/// | `mass-spring` | CS184's Clothsim | Hooke forces, damped Verlet in sub-steps, Provot's 10% correction |
/// | `relaxation` | Mosegaard's tutorial, the Verlet engine | damped Verlet, then constraints relaxed in place, 15 times |
/// | `xpbd` | Jolt's soft bodies | sub-steps of compliant distance constraints, tethers, air drag, fabrics |
///
/// The article's solver reads every field of the [`Model`](super::Model)
/// but the other solvers' settings; the others read the scene's fields
/// (pins, wind, gusts, self-collision, tearing) and their own settings
/// ([`MassSpring`](super::MassSpring), [`Relaxation`](super::Relaxation),
/// [`Xpbd`](super::Xpbd)), and leave the article's what-ifs (passes,
/// springs, buffering, order, law, inertia) alone. See
/// [`solver`](crate::sim::solver).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Solver {
    /// The article's: fifteen passes of its spring a step, no velocities.
    #[default]
    Article,
    /// CS184's mass-spring cloth: Hooke's law on structural, shear and
    /// bending springs, damped Verlet integration, Provot's correction.
    MassSpring,
    /// Mosegaard's constraint relaxation: damped Verlet, then each
    /// constraint moves both ends halfway to its rest length, 15 times.
    Relaxation,
    /// Jolt's XPBD soft bodies: sub-steps of compliant stretch, shear and
    /// bend constraints, tethers to the pins, air drag, fabric presets.
    Xpbd,
}

impl Solver {
    /// Every solver, in the order of [`Solver::NAMES`].
    pub const ALL: [Solver; 4] = [
        Solver::Article,
        Solver::MassSpring,
        Solver::Relaxation,
        Solver::Xpbd,
    ];

    /// The names, as [`FromStr`] takes them and `Display` prints them.
    pub const NAMES: [&'static str; 4] = limits::SOLVERS;

    /// The name: `article`, `mass-spring`, `relaxation` or `xpbd`.
    pub const fn name(self) -> &'static str {
        Solver::NAMES[self as usize]
    }

    /// Whether the cloth has velocities under this solver (every solver
    /// but the article's): the previous positions are then part of the
    /// state.
    pub const fn is_dynamic(self) -> bool {
        !matches!(self, Solver::Article)
    }
}

impl fmt::Display for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Solver {
    type Err = ModelError;

    /// `article`, `mass-spring`, `relaxation` or `xpbd`, exactly.
    ///
    /// # Errors
    /// [`ModelError::Solver`] for any other name, quoting it.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Solver::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| ModelError::Solver(s.to_owned()))
    }
}
