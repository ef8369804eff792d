//! Which control a row is ([`Id`]), and the value its widget holds
//! ([`Value`]).

#![forbid(unsafe_code)]

/// Which control: one variant a row of [`CONTROLS`](super::CONTROLS), in
/// the table's order (the table checks it as it is built).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Id {
    /// Paused or running.
    Paused,
    /// One step, while paused.
    Step,
    /// Start again from step 0.
    Restart,
    /// Steps a second.
    Speed,
    /// The scene.
    Scene,
    /// Points a side.
    Grid,
    /// The solver.
    Solver,
    /// Mass-spring: the spring constant.
    Ks,
    /// Mass-spring: the density.
    Density,
    /// Mass-spring: the damping.
    SpringDamping,
    /// Mass-spring: the sub-steps.
    SpringSteps,
    /// Relaxation: the iterations.
    Iterations,
    /// Relaxation: the damping.
    RelaxDamping,
    /// XPBD: the fabric.
    Fabric,
    /// XPBD: the sub-steps.
    Substeps,
    /// XPBD: the density.
    FabricDensity,
    /// XPBD: stretch softness.
    Stretch,
    /// XPBD: shear softness.
    Shear,
    /// XPBD: bend softness.
    BendSoftness,
    /// XPBD: air drag.
    AirDrag,
    /// XPBD: the tethers' cap.
    MaxStretch,
    /// Passes a step.
    Passes,
    /// The diagonal springs.
    Diagonals,
    /// The bending springs.
    Bend,
    /// Moving points in place.
    InPlace,
    /// The visiting order.
    Order,
    /// Hooke's law.
    Hooke,
    /// Which points are pinned.
    Pins,
    /// The wind's x component.
    WindX,
    /// The wind's y component.
    WindY,
    /// The wind's z component.
    WindZ,
    /// Gusts.
    Gusts,
    /// Inertia.
    Inertia,
    /// Inertia's damping.
    Damping,
    /// Self-collision.
    SelfCollision,
    /// Self-collision's thickness.
    Thickness,
    /// Tearing.
    Tear,
    /// Tearing's factor.
    TearFactor,
    /// Every what-if off.
    Original,
    /// Shading.
    Shade,
    /// The springs view.
    Springs,
    /// Smooth edges: 4x multisampling.
    Smooth,
    /// The knife: the grab's press cuts instead.
    Knife,
    /// Compare mode.
    Compare,
    /// What compare mode's left half shows.
    CompareWith,
    /// One notch nearer.
    ZoomIn,
    /// One notch farther.
    ZoomOut,
    /// The original's view.
    Home,
    /// Write the picture as a PNG (the front end's).
    SaveScreenshot,
    /// Write the state as a CSV state file (the front end's).
    SaveState,
}

/// A control's value, as [`Demo::value`] reads it and [`Demo::set`] takes
/// it.
///
/// [`Demo::value`]: crate::app::demo::Demo::value
/// [`Demo::set`]: crate::app::demo::Demo::set
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// A checkbox: ticked or not.
    On(bool),
    /// A slider's value.
    Number(f64),
    /// A select's choice, an index into its names.
    Choice(usize),
}
