//! The wind: a steady push in world units a pass, like gravity.

#![forbid(unsafe_code)]

use std::fmt;
use std::str::FromStr;

use super::limits;
use super::ModelError;

/// The wind, `(x, y, z)` in world units a pass, like gravity's
/// `(0, -0.001, 0)`; calm (`(0, 0, 0)`) in the original.
///
/// It pushes each cloth triangle along its normal, as hard as it hits it
/// square on (see [`general::wind`](crate::sim::general::wind) for the
/// exact rule): a sheet square to the wind moves `wind` a pass at its
/// inner points, as gravity moves every point 0.001, while a sheet edge-on
/// to it feels nothing at all. With [`Model::gusts`](super::Model::gusts)
/// its strength rises and falls over the steps.
///
/// Each component is a finite number from `-MAX` to `MAX` (0.1, a hundred
/// times gravity), so every `Wind` is valid.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Wind(pub(super) [f64; 3]);

impl Wind {
    /// Calm air: the original.
    pub const CALM: Wind = Wind([0.0; 3]);
    /// The largest size of a component, world units a pass.
    pub const MAX: f64 = limits::WIND;

    /// The wind `(x, y, z)`, world units a pass.
    ///
    /// # Errors
    /// [`ModelError::Wind`] if a component is not finite or is larger than
    /// [`Wind::MAX`] either way.
    pub fn new(v: [f64; 3]) -> Result<Wind, ModelError> {
        if v.iter().all(|c| c.abs() <= Wind::MAX) {
            Ok(Wind(v))
        } else {
            Err(ModelError::Wind(format!("{},{},{}", v[0], v[1], v[2])))
        }
    }

    /// `(x, y, z)`, world units a pass.
    pub const fn get(self) -> [f64; 3] {
        self.0
    }

    /// Whether there is no wind at all (every component zero).
    pub fn is_calm(self) -> bool {
        self.0.iter().all(|&c| c == 0.0)
    }
}

impl fmt::Display for Wind {
    /// `X,Y,Z` as [`FromStr`] takes it, each the shortest decimal that
    /// reads back to the same `f64`: `0,0,0.0005`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [x, y, z] = self.0;
        write!(f, "{x},{y},{z}")
    }
}

impl FromStr for Wind {
    type Err = ModelError;

    /// `X,Y,Z`: three decimal numbers separated by commas, for example
    /// `0,0,0.0005` (spaces around a number are allowed).
    ///
    /// # Errors
    /// [`ModelError::Wind`] quoting the text, for anything but three
    /// finite numbers each from -0.1 to 0.1.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || ModelError::Wind(s.to_owned());
        let parts: Vec<&str> = s.split(',').collect();
        if parts.len() != 3 {
            return Err(bad());
        }
        let mut v = [0.0; 3];
        for (c, part) in v.iter_mut().zip(parts) {
            *c = part.trim().parse::<f64>().map_err(|_| bad())?;
        }
        Wind::new(v).map_err(|_| bad())
    }
}
