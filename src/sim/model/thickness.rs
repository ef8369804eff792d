//! Self-collision's thickness: how close two points may come.

#![forbid(unsafe_code)]

use std::fmt;
use std::str::FromStr;

use super::limits;
use super::ModelError;
use crate::sim::SPACING;

/// How close self-collision lets two points that are not grid neighbours
/// come, world units: from [`Thickness::MIN`] (0.001) to [`Thickness::MAX`]
/// (0.2, twice the spacing: thicker, the flat sheet's points two apart,
/// resting at 0.2, would push each other). The default is half the
/// spacing, 0.05.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Thickness(f64);

impl Thickness {
    /// Half the grid spacing, 0.05: the default.
    pub const HALF_SPACING: Thickness = Thickness(SPACING / 2.0);
    /// The thinnest allowed, world units.
    pub const MIN: f64 = limits::THICKNESS.0;
    /// The thickest allowed, world units (twice the spacing).
    pub const MAX: f64 = limits::THICKNESS.1;

    /// Thickness `t`, world units.
    ///
    /// # Errors
    /// [`ModelError::Thickness`] if `t` is not from 0.001 to 0.2.
    pub fn new(t: f64) -> Result<Thickness, ModelError> {
        if (Thickness::MIN..=Thickness::MAX).contains(&t) {
            Ok(Thickness(t))
        } else {
            Err(ModelError::Thickness(t.to_string()))
        }
    }

    /// The thickness, world units.
    pub const fn get(self) -> f64 {
        self.0
    }
}

impl Default for Thickness {
    /// [`Thickness::HALF_SPACING`].
    fn default() -> Self {
        Thickness::HALF_SPACING
    }
}

impl fmt::Display for Thickness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Thickness {
    type Err = ModelError;

    /// A decimal number from 0.001 to 0.2, such as `0.05`.
    ///
    /// # Errors
    /// [`ModelError::Thickness`] quoting the text, for anything else.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().parse::<f64>() {
            Ok(t) => Thickness::new(t).map_err(|_| ModelError::Thickness(s.to_owned())),
            Err(_) => Err(ModelError::Thickness(s.to_owned())),
        }
    }
}
