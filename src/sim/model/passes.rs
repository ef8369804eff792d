//! Passes per step: a whole number from 1 to 100.

#![forbid(unsafe_code)]

use std::fmt;
use std::str::FromStr;

use super::limits;
use super::ModelError;

/// Passes per step: a whole number from [`Passes::MIN`] (1) to
/// [`Passes::MAX`] (100); the original's is [`Passes::ORIGINAL`] (15).
///
/// Only those values can be held, so a [`Model`](super::Model) is always valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Passes(usize);

impl Passes {
    /// The fewest passes a step can make.
    pub const MIN: Passes = Passes(limits::PASSES.0);
    /// The most passes a step can make (a step then takes about seven times
    /// the original's time).
    pub const MAX: Passes = Passes(limits::PASSES.1);
    /// The original's fifteen.
    pub const ORIGINAL: Passes = Passes(crate::sim::PASSES);

    /// `n` passes per step.
    ///
    /// # Errors
    /// [`ModelError::Passes`] if `n` is not from 1 to 100.
    pub fn new(n: usize) -> Result<Passes, ModelError> {
        if (Passes::MIN.0..=Passes::MAX.0).contains(&n) {
            Ok(Passes(n))
        } else {
            Err(ModelError::Passes(n.to_string()))
        }
    }

    /// `n` brought into range: below 1 is 1, above 100 is 100. For keys
    /// that step the count up and down.
    pub const fn saturating(n: usize) -> Passes {
        if n < Passes::MIN.0 {
            Passes::MIN
        } else if n > Passes::MAX.0 {
            Passes::MAX
        } else {
            Passes(n)
        }
    }

    /// The number of passes, 1 to 100.
    pub const fn get(self) -> usize {
        self.0
    }
}

impl Default for Passes {
    /// [`Passes::ORIGINAL`].
    fn default() -> Self {
        Passes::ORIGINAL
    }
}

impl fmt::Display for Passes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Passes {
    type Err = ModelError;

    /// A whole number from 1 to 100, in decimal (surrounding spaces are
    /// not accepted).
    ///
    /// # Errors
    /// [`ModelError::Passes`] for anything else, quoting what was given.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.parse::<usize>() {
            Ok(n) => Passes::new(n),
            Err(_) => Err(ModelError::Passes(s.to_owned())),
        }
    }
}
