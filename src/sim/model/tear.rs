//! Tearing's factor: how far past its rest length a spring stretches
//! before it breaks.

#![forbid(unsafe_code)]

use std::fmt;
use std::str::FromStr;

use super::limits;
use super::ModelError;
use super::Solver;

/// How long a spring may grow, as a multiple of its rest length, before it
/// breaks: at the end of each step every spring longer than `F` times its
/// rest length tears for good (see [`Torn`](crate::sim::Torn)). More
/// than 1 (a spring at rest never tears), at most 100.
///
/// How far springs stretch on their own, the longest spring of each scene
/// over its first 3,000 steps: the original's 3.2 times its rest length as
/// the sheet lands on the spheres (step 159; 1.9 in a typical step); the
/// drape's 9.2 in its fall (step 35). The curtain's and the flag's springs
/// are about twice their rest length in a typical step, but now and then a
/// point flung out by a squashed spring stretches them to nearly 11 times
/// for a step (10.9 at most; the curtain does so in 59 of those steps). A
/// factor below these tears the cloth by itself.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct TearFactor(f64);

impl TearFactor {
    /// The factor the window's T key tears at under the article's solver:
    /// above the original's 3.2, so the demo's sheet keeps whole until it
    /// is pulled (the other scenes' flung points tear at it by
    /// themselves). The other solvers' are [`TearFactor::BY_SOLVER`].
    pub const DEFAULT: TearFactor = TearFactor(4.0);

    /// The factor tearing comes on at under each solver (the panel's
    /// Tearing box and T, where the scene sets none), in
    /// [`Solver::ALL`]'s order: the article's [`TearFactor::DEFAULT`], and
    /// for the solvers with velocities, which tear only while a hand holds
    /// a point ([`solver`](crate::sim::solver), the `tear` module), a
    /// factor above the stretches the scenes make under that solver and a
    /// lift makes, below those a hand dragging the hanging curtain makes:
    ///
    /// | solver | factor | left alone, longest link (any scene, 32 and 64) | a point lifted a unit (32) | the curtain dragged 1.5 at 64: at the hand, anywhere |
    /// |---|---|---|---|---|
    /// | mass-spring | 3 | 1.13 (the drape's self-collision at 32: 4.1) | 1.12 | 3.5, 3.7 |
    /// | relaxation | 4 | 3.36 | 1.53 | 7.9, 7.9 |
    /// | xpbd | 3 | 1.48 | 1.60 | 1.27, 11.6 |
    ///
    /// (`tests/sim/rip.rs` prints them; the drape at 64 x 64 was not
    /// measured.) At these, the drag tears the
    /// held point out of the cloth under mass-spring and relaxation, and
    /// under XPBD opens a rip some 40 spacings long where the hand's
    /// tethers meet the rod's.
    pub const BY_SOLVER: [TearFactor; 4] = [
        TearFactor::DEFAULT,
        TearFactor(3.0),
        TearFactor(4.0),
        TearFactor(3.0),
    ];

    /// The factor tearing comes on at under `solver`
    /// ([`TearFactor::BY_SOLVER`]).
    pub const fn for_solver(solver: Solver) -> TearFactor {
        TearFactor::BY_SOLVER[match solver {
            Solver::Article => 0,
            Solver::MassSpring => 1,
            Solver::Relaxation => 2,
            Solver::Xpbd => 3,
        }]
    }

    /// The least factor (not itself allowed: `F` must be more).
    pub const MIN: f64 = limits::TEAR.0;

    /// The greatest factor.
    pub const MAX: f64 = limits::TEAR.1;

    /// Factor `f`, more than 1 and at most 100.
    ///
    /// # Errors
    /// [`ModelError::Tear`] for anything else (NaN included).
    pub fn new(f: f64) -> Result<TearFactor, ModelError> {
        if f > Self::MIN && f <= Self::MAX {
            Ok(TearFactor(f))
        } else {
            Err(ModelError::Tear(f.to_string()))
        }
    }

    /// The factor.
    pub const fn get(self) -> f64 {
        self.0
    }
}

impl Default for TearFactor {
    /// [`TearFactor::DEFAULT`].
    fn default() -> Self {
        TearFactor::DEFAULT
    }
}

impl fmt::Display for TearFactor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for TearFactor {
    type Err = ModelError;

    /// A decimal number more than 1 and at most 100, such as `4`.
    ///
    /// # Errors
    /// [`ModelError::Tear`] quoting the text, for anything else.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().parse::<f64>() {
            Ok(f) => TearFactor::new(f).map_err(|_| ModelError::Tear(s.to_owned())),
            Err(_) => Err(ModelError::Tear(s.to_owned())),
        }
    }
}
