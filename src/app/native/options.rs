//! How the window runs: [`Options`], which the command line fills, and the
//! panel's way to write files through the program ([`Saver`]).

#![forbid(unsafe_code)]

use std::fmt;

use crate::app::controls::Side;
use crate::sim::{Grid, InstructionSet, Model, Scene};

/// How the window runs.
#[derive(Debug, Default)]
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
    /// Whether the picture has smooth edges (`--smooth`).
    pub smooth: bool,
    /// Whether the picture compares the original with the choices
    /// (`--compare`).
    pub compare: bool,
    /// Points a side (`--grid`).
    pub grid: Grid,
    /// Compare mode's left half (`--compare-with`; the original by
    /// default).
    pub left: Side,
    /// The instruction set the physics runs on; `None`: the fastest this
    /// CPU has.
    pub instruction_set: Option<InstructionSet>,
    /// How the panel's Save buttons write their files; `None`: they say
    /// that this build cannot save.
    pub save: Option<Saver>,
}

/// What a Save button hands the program to write.
#[derive(Clone, Debug, PartialEq)]
pub enum Saving {
    /// The picture as drawn (the scene, without the panel): `width x
    /// height` pixels, `rgba` 4 bytes a pixel, rows top to bottom.
    Picture {
        /// Width, pixels.
        width: u32,
        /// Height, pixels.
        height: u32,
        /// `width * height * 4` bytes.
        rgba: Vec<u8>,
    },
    /// The state as a saved state's text: a note of its step and model,
    /// then the state file (CSV,
    /// [`Demo::saved_state`](crate::app::demo::Demo::saved_state)).
    State(String),
}

/// The program's writer for [`Saving`]s, and where it writes.
pub struct Saver {
    /// Picks the file's name and writes it safely, returning one line for
    /// the panel and the log, `Ok` ("saved /home/me/cloth-demo-1.png (41
    /// KiB)") or `Err` ("cannot write cloth-demo-1.png: Permission
    /// denied"). It must not panic.
    pub write: Box<dyn FnMut(Saving) -> Result<String, String>>,
    /// The folder the files go into, shown in the panel before the first
    /// save.
    pub folder: std::path::PathBuf,
}

impl fmt::Debug for Saver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Saver(..)")
    }
}
