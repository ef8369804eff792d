//! What every solver shares: its units ([`DT`], [`G`]), the bound on its
//! coordinates ([`BOUND`]), the points' scratch ([`Points`]) and what a
//! step keeps from the last ([`Shared`]).

#![forbid(unsafe_code)]

use super::links::Links;
use super::tethers::Tethers;
use crate::sim::general::{wind::Pushes, SpatialHash};

/// A step of scene time for the solvers with velocities, seconds.
pub const DT: f64 = 1.0 / 60.0;

/// Gravity for the solvers with velocities, m/s^2, along `-y`.
pub const G: f64 = 9.81;

/// The farthest from the origin a solver moves a coordinate, world units.
pub const BOUND: f64 = 1.0e6;

/// The point state a solver works on: positions and velocities, one
/// array per axis, and which points move.
#[derive(Clone, Debug, Default)]
pub(crate) struct Points {
    /// Velocities, m/s, x, y and z, row-major.
    pub v: [Vec<f64>; 3],
    /// Positions at the start of the current (sub-)step.
    pub q: [Vec<f64>; 3],
    /// Each point's external acceleration (gravity and wind), m/s^2.
    pub accel: [Vec<f64>; 3],
    /// Whether each point moves (not pinned, not held).
    pub free: Vec<bool>,
}

/// What the solvers keep between steps so that a step allocates nothing:
/// the links, the tethers, the wind's pushes, the point scratch, the
/// self-collision's spatial hash and the mass-spring's forces.
#[derive(Clone, Debug, Default)]
pub(crate) struct Shared {
    pub(super) links: Links,
    pub(super) tethers: Tethers,
    pub(super) wind: Pushes,
    pub(super) points: Points,
    pub(super) hash: SpatialHash,
    pub(super) forces: [Vec<f64>; 3],
}
