//! The settings of the solvers other than the article's:
//! [`MassSpring`], [`Relaxation`] and [`Xpbd`], each with its seed's
//! values as its default.

#![forbid(unsafe_code)]

use super::{Amount, Fabric};

/// CS184 Clothsim's mass-spring cloth (see
/// [`solver::mass_spring`](crate::sim::solver::mass_spring)). The defaults
/// are the write-up's: "ks = 5000 N/m, density = 15 g/cm^2, damping =
/// 0.200000%".
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MassSpring {
    /// The spring constant of the structural and shear springs, N/m (the
    /// bending springs' is a fifth of it). "As ks increases ... they bend
    /// much less and stay much flatter"; at 50 the cloth "is loose and
    /// wiggles". [`MassSpring::KS`] holds it.
    pub ks: f64,
    /// The cloth's density, g/cm^2, spread evenly over the points.
    /// "Density operates almost inversely to ks." [`MassSpring::DENSITY`].
    pub density: f64,
    /// Verlet's damping, per cent of the velocity lost a sub-step: "at
    /// damping = 0% ... the cloth swings quite quickly back and forth",
    /// at 1% it "seemingly stops at the rest position".
    /// [`MassSpring::DAMPING`].
    pub damping: f64,
    /// Sub-steps a step (a step is 1/60 s). Explicit Verlet is stable only
    /// for short enough sub-steps: a step takes at least as many as the
    /// stiffest spring needs (see the solver). [`MassSpring::STEPS`].
    pub steps: f64,
}

impl MassSpring {
    /// The seed's values.
    pub const DEFAULT: MassSpring = MassSpring {
        ks: 5000.0,
        density: 15.0,
        damping: 0.2,
        steps: 30.0,
    };
    /// The spring constant's range.
    pub const KS: Amount = Amount {
        name: "ks",
        unit: "N/m",
        min: 1.0,
        max: 1_000_000.0,
        whole: false,
    };
    /// The density's range.
    pub const DENSITY: Amount = Amount {
        name: "density",
        unit: "g/cm^2",
        min: 0.1,
        max: 10_000.0,
        whole: false,
    };
    /// The damping's range.
    pub const DAMPING: Amount = Amount {
        name: "damping",
        unit: "per cent a sub-step",
        min: 0.0,
        max: 100.0,
        whole: false,
    };
    /// The sub-steps' range.
    pub const STEPS: Amount = Amount {
        name: "sub-steps",
        unit: "a step",
        min: 1.0,
        max: 500.0,
        whole: true,
    };
}

impl Default for MassSpring {
    fn default() -> Self {
        MassSpring::DEFAULT
    }
}

/// Mosegaard's constraint relaxation (see
/// [`solver::relaxation`](crate::sim::solver::relaxation)): his
/// tutorial's `DAMPING 0.01` and `CONSTRAINT_ITERATIONS 15`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Relaxation {
    /// Times a step every constraint is satisfied. "The more iterations,
    /// the more rigid the cloth." [`Relaxation::ITERATIONS`].
    pub iterations: f64,
    /// Verlet's damping, the fraction of the velocity lost a step.
    /// [`Relaxation::DAMPING`].
    pub damping: f64,
}

impl Relaxation {
    /// The seed's values.
    pub const DEFAULT: Relaxation = Relaxation {
        iterations: 15.0,
        damping: 0.01,
    };
    /// The iterations' range.
    pub const ITERATIONS: Amount = Amount {
        name: "iterations",
        unit: "a step",
        min: 1.0,
        max: 200.0,
        whole: true,
    };
    /// The damping's range.
    pub const DAMPING: Amount = Amount {
        name: "damping",
        unit: "of the velocity a step",
        min: 0.0,
        max: 1.0,
        whole: false,
    };
}

impl Default for Relaxation {
    fn default() -> Self {
        Relaxation::DEFAULT
    }
}

/// Jolt's XPBD soft-body cloth, as the game engine document uses it (see
/// [`solver::xpbd`](crate::sim::solver::xpbd)). A [`Fabric`] sets every
/// number but the sub-steps; each can then be changed on its own.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Xpbd {
    /// The fabric last chosen, whose numbers the rest started from.
    pub fabric: Fabric,
    /// Sub-steps a step (a step is 1/60 s) on the demo's 32 x 32 sheet:
    /// the engine's 6 by default. Other grids take them in proportion to
    /// the links across the sheet, so that a fabric is as stiff at any
    /// grid ([`solver::xpbd::substeps`](crate::sim::solver::xpbd::substeps)).
    /// [`Xpbd::SUBSTEPS`].
    pub substeps: f64,
    /// Density, kg/m^2 ("density is real"). [`Xpbd::DENSITY`].
    pub density: f64,
    /// Softness of the stretch constraints (along the grid lines): "0 is
    /// as stiff as the solver can make it, 1 means each solver sub-step
    /// fixes about two thirds of the error, 100 about 2% (very floppy)".
    /// [`Xpbd::SOFTNESS`].
    pub stretch: f64,
    /// Softness of the shear constraints (the diagonals).
    pub shear: f64,
    /// Softness of the bend constraints (two points apart).
    pub bend: f64,
    /// Air drag, a multiple of a flat plate's ("what makes silk float and
    /// a flag fly"). [`Xpbd::AIR_DRAG`].
    pub air_drag: f64,
    /// How far the tethers let a point get from its nearest pin, a
    /// multiple of its distance at rest. [`Xpbd::MAX_STRETCH`].
    pub max_stretch: f64,
}

impl Xpbd {
    /// The engine's default: cotton, 6 sub-steps.
    pub const DEFAULT: Xpbd = Xpbd::of(Fabric::Cotton);

    /// The sub-steps' range.
    pub const SUBSTEPS: Amount = Amount {
        name: "sub-steps",
        unit: "a step",
        min: 1.0,
        max: 64.0,
        whole: true,
    };
    /// The density's range.
    pub const DENSITY: Amount = Amount {
        name: "density",
        unit: "kg/m^2",
        min: 0.01,
        max: 10.0,
        whole: false,
    };
    /// The softnesses' range.
    pub const SOFTNESS: Amount = Amount {
        name: "softness",
        unit: "0 stiff, 1 two thirds a sub-step, 100 about 2%",
        min: 0.0,
        max: 1000.0,
        whole: false,
    };
    /// The air drag's range.
    pub const AIR_DRAG: Amount = Amount {
        name: "air drag",
        unit: "a flat plate's",
        min: 0.0,
        max: 10.0,
        whole: false,
    };
    /// The tethers' range.
    pub const MAX_STRETCH: Amount = Amount {
        name: "max stretch",
        unit: "times the rest distance to the nearest pin",
        min: 1.0,
        max: 10.0,
        whole: false,
    };

    /// `fabric`'s numbers, at the default 6 sub-steps.
    pub const fn of(fabric: Fabric) -> Xpbd {
        let f = fabric.numbers();
        Xpbd {
            fabric,
            substeps: 6.0,
            density: f.density,
            stretch: f.stretch,
            shear: f.shear,
            bend: f.bend,
            air_drag: f.air_drag,
            max_stretch: f.max_stretch,
        }
    }

    /// These settings with `fabric`'s numbers (the sub-steps kept).
    pub const fn with_fabric(self, fabric: Fabric) -> Xpbd {
        Xpbd {
            substeps: self.substeps,
            ..Xpbd::of(fabric)
        }
    }

    /// Whether every number is the fabric's own.
    pub fn is_fabric(&self) -> bool {
        self.with_fabric(self.fabric) == *self
    }
}

impl Default for Xpbd {
    fn default() -> Self {
        Xpbd::DEFAULT
    }
}
