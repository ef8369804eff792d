//! The article's law at any grid: its constants scaled so that an `n x n`
//! sheet behaves like the 32 x 32 one.
//!
//! The sheet keeps its size at every grid, its points
//! [`spacing`]`(n)` apart: `s = `[`scale`]`(n) = 31 / (n - 1)` times the
//! demo's 0.1 (exactly 1 at 32). Every constant of the article's pass is
//! a length moved in a pass, or a count of passes, and each scales so that
//! the same sheet does the same thing:
//!
//! - **Rest lengths** follow the spacing: `spacing(n) * DIST`, the flat
//!   sheet at rest.
//! - **The spring's strength**, 0.03, is a length: the most a stretched
//!   spring moves its point in a pass. It scales with the spacing,
//!   `0.03 s`, so a spring stretched by the same fraction moves its point
//!   the same fraction of the spacing, and the spring's stiffness at rest,
//!   `0.03 s * rest / len^2 = 0.3` at `len = rest = 0.1 s`, stays the
//!   dimensionless 0.3 at every grid. That keeps each pass as stable as the
//!   demo's, and is why Hooke's law's [`HOOKE_STIFFNESS`], a fraction of
//!   the stretch, is not scaled: it matches the article's spring at every
//!   grid as it does at 32.
//! - **Passes** scale as `1 / s^2` (rounded, at least 1). A pass of a
//!   double-buffered relaxation evens out each point with its neighbours;
//!   a tug spreads through the cloth the way heat does, `k` points in
//!   about `k^2` passes, so a sheet with twice the points a side needs four
//!   times the passes to straighten out as far in a step.
//! - **Gravity** (and the wind, a move a pass too) scales as `s^2`, taken
//!   exactly as the model's passes over the passes run, so that a step
//!   still adds up to 0.015 and a free sheet falls as the demo's does; and
//!   the weight of a column of `1 / s` times as many points, each `s^2` as
//!   heavy against springs `s` as strong, stretches them as far, so a
//!   curtain hangs as long as at 32 (the hanging strip's `k`-th spring
//!   from the bottom rests at `h / (1 - k s / 30)`: the same curve over
//!   the same length).
//! - **Self-collision's thickness** is a length: `s` times the setting, so
//!   the default, half the spacing, is half the spacing at every grid.
//!
//! Inertia's limits ([`MAX_CARRY`](super::inertia::MAX_CARRY),
//! [`MAX_STEP_MOVE`](super::inertia::MAX_STEP_MOVE)) are speeds, world
//! units a step, and the sheet moves as fast at every grid: they are not
//! scaled. Nor are the floor, the spheres or the wind's gusts.
//!
//! Why `1 / s^2` and `s^2` rather than `1 / s` and `s`: with `1 / s`
//! passes a tug's front still crosses the same width of cloth a step, and
//! the sheet falls as fast, but it does not behave the same. Its weight is
//! shared by `1 / s` times the points down a column, each as heavy against
//! springs only `s` as strong, so the springs stretch twice as much at 64:
//! that curtain reached the floor within 50 steps, where the demo's hangs
//! to about -2.47; and the relaxation, which spreads a tug by diffusion,
//! straightens the finer sheet less far a step, so it draped like a
//! looser cloth (mean height -1.83 at step 300, the demo's -1.37).
//! `docs/physics.md` ("At any grid") has the figures under this law.
//!
//! At `n = 32` every factor is exactly 1 and every constant the
//! article's, bit for bit (multiplying by 1 and dividing by 1 are exact):
//! the general pass gives the golden bits there, and
//! [`Simulation`](crate::sim::Simulation) runs the fast pass, which has
//! the article's constants built in, only at 32.

#![forbid(unsafe_code)]

use crate::sim::sheet::{scale, spacing};
use crate::sim::{GRAVITY, GRID, STIFFNESS};

#[cfg(doc)]
use super::HOOKE_STIFFNESS;

/// The article's constants for a model's pass on an `n x n` sheet (see
/// the module docs): each the demo's times a power of [`scale`]`(n)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridLaw {
    /// `s`: the spacing as a multiple of the demo's 0.1.
    pub scale: f64,
    /// The spacing, world units: the rest lengths are it times
    /// [`DIST`](crate::sim::DIST).
    pub spacing: f64,
    /// The article's spring strength, `0.03 s`, world units a pass.
    pub stiffness: f64,
    /// Passes a step: the model's `/ s^2`, rounded, at least 1.
    pub passes: usize,
    /// The factor on the moves that come once a pass, gravity and the
    /// wind: the model's passes over [`GridLaw::passes`], `s^2` but for
    /// the rounding, so that they add up to as much a step as at 32.
    pub per_pass: f64,
    /// Gravity, world units a pass: `0.001` times [`GridLaw::per_pass`].
    pub gravity: f64,
}

impl GridLaw {
    /// The law for `passes` passes a step at the demo's grid, on an `n x n`
    /// sheet. The article's constants and `passes`, bit for bit, at
    /// `n = 32`.
    ///
    /// # Panics
    /// If `n < 2`.
    pub fn new(n: usize, passes: usize) -> GridLaw {
        let s = scale(n);
        let run = ((passes as f64 / (s * s)).round() as usize).max(1);
        let per_pass = passes as f64 / run as f64;
        GridLaw {
            scale: s,
            spacing: spacing(n),
            stiffness: STIFFNESS * s,
            passes: run,
            per_pass,
            gravity: GRAVITY * per_pass,
        }
    }

    /// The article's constants as they are, for `passes` passes a step:
    /// [`GridLaw::new`] at the demo's 32, on whatever grid it runs (what
    /// [`pass`](super::pass), [`passes`](super::passes) and
    /// [`moved_point`](super::moved_point) run).
    pub fn article(passes: usize) -> GridLaw {
        GridLaw::new(GRID, passes)
    }

    /// Self-collision's thickness for a setting `t` at the demo's grid:
    /// `t s`.
    pub fn thickness(self, t: f64) -> f64 {
        t * self.scale
    }

    /// The wind's move a pass for the wind `w` at the demo's grid:
    /// `w` times [`GridLaw::per_pass`].
    pub fn wind(self, w: [f64; 3]) -> [f64; 3] {
        w.map(|c| c * self.per_pass)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::SPACING;

    /// At 32 every constant is the article's, to the bit.
    #[test]
    fn the_demo_grid_is_the_article() {
        for p in 1..=100 {
            let law = GridLaw::new(32, p);
            assert_eq!(law.passes, p);
            for c in [law.scale, law.per_pass] {
                assert_eq!(c.to_bits(), 1f64.to_bits());
            }
            assert_eq!(law.stiffness.to_bits(), STIFFNESS.to_bits());
            assert_eq!(law.gravity.to_bits(), GRAVITY.to_bits());
            assert_eq!(law.spacing.to_bits(), SPACING.to_bits());
            let w = [0.1, -0.0001, 3e-7];
            assert_eq!(law.wind(w), w);
            assert_eq!(law.thickness(0.05), 0.05);
        }
    }

    /// At 64 the spacing is about half, the passes four times as many,
    /// and a step still falls 0.015.
    #[test]
    fn at_64_the_passes_and_gravity_scale() {
        let law = GridLaw::new(64, 15);
        assert!((law.scale - 31.0 / 63.0).abs() < 1e-15);
        assert_eq!(law.passes, 62);
        assert!((law.gravity * law.passes as f64 - 0.015).abs() < 1e-15);
        assert_eq!(GridLaw::new(8, 15).passes, 1);
        assert_eq!(GridLaw::new(256, 15).passes, 1015);
    }
}
