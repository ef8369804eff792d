//! [`ModelError`]: why a model setting was refused, in one line.

#![forbid(unsafe_code)]

use std::fmt;

use super::limits;

/// Why a model setting was refused: one line, fit to show as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ModelError {
    /// Passes per step outside 1 to 100, or not a whole number (the value
    /// as given).
    Passes(String),
    /// A visiting order with no such name (the name given).
    Order(String),
    /// Pins with no such name (the name given).
    Pins(String),
    /// A wind that is not three finite numbers from -0.1 to 0.1 (the text
    /// given).
    Wind(String),
    /// A damping that is not a number from 0 to 1 (the text given).
    Damping(String),
    /// A thickness that is not a number from 0.001 to 0.2 (the text
    /// given).
    Thickness(String),
    /// A scene with no such name (the name given).
    Scene(String),
    /// A tearing factor that is not a number more than 1 and at most 100
    /// (the text given).
    Tear(String),
    /// A solver with no such name (the name given).
    Solver(String),
    /// A fabric with no such name (the name given).
    Fabric(String),
    /// A solver's number setting out of its range: the whole line, made
    /// by [`Amount`](super::Amount), for example `ks must be a number
    /// from 1 to 1000000 (N/m), got 0`.
    Amount(String),
}

impl fmt::Display for ModelError {
    /// For example `passes must be a whole number from 1 to 100, got 0`,
    /// `passes must be a whole number from 1 to 100, got "1.5"`,
    /// `unknown order "diagonal": expected rows or reversed`,
    /// `unknown pins "left": expected none, top or corners`,
    /// `wind must be X,Y,Z, three numbers from -0.1 to 0.1 (world units a
    /// pass), got "1,2"`, `damping must be a number from 0 to 1, got 2`,
    /// `thickness must be a number from 0.001 to 0.2, got "thick"`,
    /// `unknown scene "sail": expected original, curtain, flag, drape or hands`,
    /// `the tearing factor must be a number more than 1 and at most 100,
    /// got 0.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::Passes(got) => {
                write!(
                    f,
                    "passes must be a whole number from {} to {}, got ",
                    limits::PASSES.0,
                    limits::PASSES.1
                )?;
                if got.parse::<u128>().is_ok() {
                    write!(f, "{got}")
                } else {
                    write!(f, "{got:?}")
                }
            }
            ModelError::Order(name) => {
                write!(f, "unknown order {name:?}: expected {}", one_of(&limits::ORDERS))
            }
            ModelError::Pins(name) => {
                write!(f, "unknown pins {name:?}: expected {}", one_of(&limits::PINS))
            }
            ModelError::Wind(got) => write!(
                f,
                "wind must be X,Y,Z, three numbers from -{m} to {m} (world units a pass), got {got:?}",
                m = limits::WIND
            ),
            ModelError::Damping(got) => {
                write!(f, "damping must be a number from 0 to 1, got {}", shown(got))
            }
            ModelError::Thickness(got) => write!(
                f,
                "thickness must be a number from {} to {}, got {}",
                limits::THICKNESS.0,
                limits::THICKNESS.1,
                shown(got)
            ),
            ModelError::Tear(got) => write!(
                f,
                "the tearing factor must be a number more than {} and at most {}, got {}",
                limits::TEAR.0,
                limits::TEAR.1,
                shown(got)
            ),
            ModelError::Scene(name) => {
                write!(f, "unknown scene {name:?}: expected {}", one_of(&limits::SCENES))
            }
            ModelError::Solver(name) => {
                write!(f, "unknown solver {name:?}: expected {}", one_of(&limits::SOLVERS))
            }
            ModelError::Fabric(name) => {
                write!(f, "unknown fabric {name:?}: expected {}", one_of(&limits::FABRICS))
            }
            ModelError::Amount(line) => f.write_str(line),
        }
    }
}

impl std::error::Error for ModelError {}

/// A number given as it was (`2`, `-0.5`, `NaN`), anything else quoted.
fn shown(got: &str) -> String {
    if got.parse::<f64>().is_ok() {
        got.to_owned()
    } else {
        format!("{got:?}")
    }
}

/// `a or b`, `a, b or c`: the names a value may take, for an error.
fn one_of(names: &[&str]) -> String {
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}
