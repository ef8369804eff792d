//! Rendering with no window and no display server: an EGL device (a GPU, or
//! Mesa's software device), a surfaceless context, a framebuffer object, and
//! the pixels read back.
//!
//! SKELETON: being written; see issue 2.

use super::{Camera, RenderError};
use crate::sim::Simulation;

/// An RGBA8 image, rows top to bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// Width, pixels.
    pub width: u32,
    /// Height, pixels.
    pub height: u32,
    /// `width * height * 4` bytes, RGBA, row 0 at the top.
    pub rgba: Vec<u8>,
}

/// Draw `sim` seen by `camera` into a `width x height` image, headless.
///
/// # Errors
/// [`RenderError::Headless`] naming the step that failed.
pub fn render(
    _sim: &Simulation,
    _camera: &Camera,
    _width: u32,
    _height: u32,
) -> Result<Image, RenderError> {
    Err(RenderError::Headless(
        "headless rendering is not built yet".into(),
    ))
}
