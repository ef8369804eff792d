//! Inertia's damping: how much of its velocity a point loses a step.

#![forbid(unsafe_code)]

use std::fmt;
use std::str::FromStr;

use super::ModelError;

/// How much of its velocity a point loses each step with inertia, from 0
/// (none: it keeps swinging until the springs and collisions stop it) to 1
/// (all of it: no inertia, the original's creeping).
///
/// With inertia a step starts with Verlet's move, `x + (1 - D) (x -
/// x_prev)`, before the passes (see
/// [`general::inertia`](crate::sim::general::inertia)).
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Damping(pub(super) f64);

impl Damping {
    /// The damping the presets use: a hundredth of the velocity lost a
    /// step, so a swing dies away over a few hundred steps.
    pub const LIGHT: Damping = Damping(0.01);

    /// Damping `d`, from 0 to 1.
    ///
    /// # Errors
    /// [`ModelError::Damping`] if `d` is not from 0 to 1 (NaN included).
    pub fn new(d: f64) -> Result<Damping, ModelError> {
        if (0.0..=1.0).contains(&d) {
            Ok(Damping(d))
        } else {
            Err(ModelError::Damping(d.to_string()))
        }
    }

    /// The damping, from 0 to 1.
    pub const fn get(self) -> f64 {
        self.0
    }
}

impl fmt::Display for Damping {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Damping {
    type Err = ModelError;

    /// A decimal number from 0 to 1, such as `0.01`.
    ///
    /// # Errors
    /// [`ModelError::Damping`] quoting the text, for anything else.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().parse::<f64>() {
            Ok(d) => Damping::new(d).map_err(|_| ModelError::Damping(s.to_owned())),
            Err(_) => Err(ModelError::Damping(s.to_owned())),
        }
    }
}
