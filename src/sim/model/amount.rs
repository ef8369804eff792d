//! [`Amount`]: the range, unit and words of a solver's number setting, and
//! the checks that hold a value to it.

#![forbid(unsafe_code)]

use super::ModelError;

/// What a solver's number setting accepts: its name, its unit and its
/// range. The solvers' settings ([`MassSpring`](super::MassSpring),
/// [`Relaxation`](super::Relaxation), [`Xpbd`](super::Xpbd)) are plain
/// numbers; these say which numbers, parse them with one-line errors, and
/// hold a value set by hand to the range when a step reads it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Amount {
    /// The setting's name in errors, for example `ks`.
    pub name: &'static str,
    /// The unit, for errors and help (empty for a plain number).
    pub unit: &'static str,
    /// The least value.
    pub min: f64,
    /// The greatest value.
    pub max: f64,
    /// Whether only whole numbers are taken.
    pub whole: bool,
}

impl Amount {
    /// `text` as a value of this setting.
    ///
    /// # Errors
    /// [`ModelError::Amount`] naming the setting, its range and the text,
    /// for a value that is not a number in the range (or not whole, for a
    /// whole setting).
    pub fn parse(&self, text: &str) -> Result<f64, ModelError> {
        match text.trim().parse::<f64>() {
            Ok(v) if self.holds(v) => Ok(v),
            _ => Err(self.refuse(text)),
        }
    }

    /// `v` if it is in the range (and whole, for a whole setting).
    ///
    /// # Errors
    /// [`ModelError::Amount`] otherwise.
    pub fn check(&self, v: f64) -> Result<f64, ModelError> {
        if self.holds(v) {
            Ok(v)
        } else {
            Err(self.refuse(&v.to_string()))
        }
    }

    /// Whether `v` is a value of this setting.
    pub fn holds(&self, v: f64) -> bool {
        (self.min..=self.max).contains(&v) && (!self.whole || v.fract() == 0.0)
    }

    /// `v` held to the range; NaN to the least value. A step reads every
    /// setting through this, so any value a caller sets runs finitely.
    pub fn clamp(&self, v: f64) -> f64 {
        if v.is_nan() {
            self.min
        } else if self.whole {
            v.clamp(self.min, self.max).round()
        } else {
            v.clamp(self.min, self.max)
        }
    }

    /// The words of an error for `got`.
    fn refuse(&self, got: &str) -> ModelError {
        let kind = if self.whole {
            "a whole number"
        } else {
            "a number"
        };
        let unit = if self.unit.is_empty() {
            String::new()
        } else {
            format!(" ({})", self.unit)
        };
        ModelError::Amount(format!(
            "{} must be {kind} from {} to {}{unit}, got {}",
            self.name,
            self.min,
            self.max,
            if got.trim().parse::<f64>().is_ok() {
                got.to_owned()
            } else {
                format!("{got:?}")
            }
        ))
    }
}
