//! How the window runs: [`Options`], which the command line fills.

#![forbid(unsafe_code)]

use crate::sim::{InstructionSet, Model, Scene};

/// How the window runs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Options {
    /// Borderless full screen on the current monitor.
    pub fullscreen: bool,
    /// The original's pacing: one step per drawn frame, vsync off.
    pub uncapped: bool,
    /// The physics to start with (the original unless a what-if flag
    /// says otherwise); the keys change it as it runs.
    pub model: Model,
    /// The scene whose start the demo (re)starts from (the flat sheet for
    /// the original).
    pub scene: Scene,
    /// Whether the picture is shaded (`--shade`).
    pub shade: bool,
    /// Whether the picture is the springs view (`--springs`).
    pub springs: bool,
    /// Whether the picture compares the original with the choices
    /// (`--compare`).
    pub compare: bool,
    /// The instruction set the physics runs on; `None`: the fastest this
    /// CPU has.
    pub instruction_set: Option<InstructionSet>,
}
