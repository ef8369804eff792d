//! What each model setting accepts: the ranges and the names, read by the
//! settings' types and by their error messages.

#![forbid(unsafe_code)]

use crate::sim::constants::SPACING;

/// Passes a step, the least and the most.
pub(super) const PASSES: (usize, usize) = (1, 100);

/// The visiting orders' names.
pub(super) const ORDERS: [&str; 2] = ["rows", "reversed"];

/// The pins' names.
pub(super) const PINS: [&str; 3] = ["none", "top", "corners"];

/// The solvers' names.
pub(super) const SOLVERS: [&str; 4] = ["article", "mass-spring", "relaxation", "xpbd"];

/// The fabrics' names.
pub(super) const FABRICS: [&str; 6] = ["silk", "cotton", "linen", "denim", "leather", "rubber"];

/// The scenes' names.
pub(super) const SCENES: [&str; 5] = ["original", "curtain", "flag", "drape", "hands"];

/// The largest wind component either way, world units a pass.
pub(super) const WIND: f64 = 0.1;

/// Tearing's factor of the rest length: more than the first, at most the
/// second.
pub(super) const TEAR: (f64, f64) = (1.0, 100.0);

/// Self-collision thickness, the least and the most, world units.
pub(super) const THICKNESS: (f64, f64) = (0.001, 2.0 * SPACING);
