//! [`Fabric`]: the XPBD solver's presets, from the game engine's table.

#![forbid(unsafe_code)]

use std::fmt;
use std::str::FromStr;

use super::{limits, ModelError};

/// A fabric for the XPBD solver: its density and how it moves. The
/// densities of silk (60 g/m^2), cotton (150) and denim (450) are the
/// engine document's; the rest are chosen to move as its table says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Fabric {
    /// "Very light (60 g/m^2), floats down slowly, drapes in soft folds."
    Silk,
    /// "The default: 150 g/m^2, ordinary folds."
    #[default]
    Cotton,
    /// "A little stiffer than cotton, crisp folds."
    Linen,
    /// "Heavy (450 g/m^2), stiff, few big folds."
    Denim,
    /// "Heavy and stiff, barely stretches."
    Leather,
    /// "Stretchy, bouncy."
    Rubber,
}

/// A fabric's numbers, as [`Xpbd`](super::Xpbd) holds them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FabricNumbers {
    /// kg/m^2.
    pub density: f64,
    /// Stretch softness.
    pub stretch: f64,
    /// Shear softness.
    pub shear: f64,
    /// Bend softness.
    pub bend: f64,
    /// Air drag, a multiple of a flat plate's.
    pub air_drag: f64,
    /// The tethers' cap, a multiple of the rest distance.
    pub max_stretch: f64,
}

impl Fabric {
    /// Every fabric, in the order of [`Fabric::NAMES`].
    pub const ALL: [Fabric; 6] = [
        Fabric::Silk,
        Fabric::Cotton,
        Fabric::Linen,
        Fabric::Denim,
        Fabric::Leather,
        Fabric::Rubber,
    ];

    /// The names, as [`FromStr`] takes them and `Display` prints them.
    pub const NAMES: [&'static str; 6] = limits::FABRICS;

    /// The name.
    pub const fn name(self) -> &'static str {
        Fabric::NAMES[self as usize]
    }

    /// The fabric's numbers.
    pub const fn numbers(self) -> FabricNumbers {
        let (density, stretch, shear, bend, air_drag, max_stretch) = match self {
            Fabric::Silk => (0.06, 0.0, 1.0, 100.0, 2.0, 1.05),
            Fabric::Cotton => (0.15, 0.0, 0.5, 20.0, 1.0, 1.05),
            Fabric::Linen => (0.18, 0.0, 0.2, 5.0, 1.0, 1.03),
            Fabric::Denim => (0.45, 0.0, 0.0, 1.0, 0.7, 1.02),
            Fabric::Leather => (0.9, 0.0, 0.0, 0.1, 0.5, 1.01),
            Fabric::Rubber => (0.6, 5.0, 5.0, 10.0, 0.5, 1.6),
        };
        FabricNumbers {
            density,
            stretch,
            shear,
            bend,
            air_drag,
            max_stretch,
        }
    }
}

impl fmt::Display for Fabric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Fabric {
    type Err = ModelError;

    /// One of [`Fabric::NAMES`], exactly.
    ///
    /// # Errors
    /// [`ModelError::Fabric`] for any other name, quoting it.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Fabric::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| ModelError::Fabric(s.to_owned()))
    }
}
