//! Turning the view by dragging with the left mouse button: the original's
//! `WM_MOUSEMOVE` handler, in logical pixels.
//!
//! Pure state, no window: feed it cursor moves and button changes, read a
//! [`Camera`] back.

#![forbid(unsafe_code)]

use crate::render::Camera;

/// The drag state: the orbit angles `r1`, `r2` (pixels dragged so far), the
/// last cursor position seen and whether the left button is down.
///
/// As in the original, every cursor move records the position, button or
/// not, so pressing the button never makes the view jump; while the button
/// is down, each move adds `last - new` to `r1` (x) and `r2` (y). Positions
/// are kept in logical pixels (physical pixels divided by the window's
/// scale factor), so a drag turns the view by the same angle on a HiDPI
/// screen as on a normal one.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Orbit {
    r1: f64,
    r2: f64,
    /// The last cursor position, logical pixels; `None` before the first
    /// move.
    last: Option<(f64, f64)>,
    pressed: bool,
}

impl Orbit {
    /// No drag yet: `r1 = r2 = 0`, button up, no position seen.
    pub fn new() -> Self {
        Self::default()
    }

    /// Start from a camera already turned by `camera.r1`, `camera.r2`
    /// pixels.
    pub fn from_camera(camera: Camera) -> Self {
        Orbit {
            r1: camera.r1,
            r2: camera.r2,
            ..Self::default()
        }
    }

    /// The cursor moved to (`physical_x`, `physical_y`), physical pixels
    /// relative to the window's top-left corner (it may be outside the
    /// window while the button is held), on a window whose scale factor is
    /// `scale_factor` (physical pixels per logical pixel; a non-positive or
    /// non-finite factor is taken as 1).
    ///
    /// Records the position; while the button is down, also adds the
    /// distance moved, in logical pixels, to `r1` (`last.x - new.x`) and `r2`
    /// (`last.y - new.y`). Returns whether the camera changed. A non-finite
    /// position is ignored.
    pub fn cursor_moved(&mut self, physical_x: f64, physical_y: f64, scale_factor: f64) -> bool {
        if !physical_x.is_finite() || !physical_y.is_finite() {
            return false;
        }
        let scale = if scale_factor.is_finite() && scale_factor > 0.0 {
            scale_factor
        } else {
            1.0
        };
        let new = (physical_x / scale, physical_y / scale);
        let mut changed = false;
        if self.pressed {
            if let Some((lx, ly)) = self.last {
                let (d1, d2) = (lx - new.0, ly - new.1);
                changed = d1 != 0.0 || d2 != 0.0;
                self.r1 += d1;
                self.r2 += d2;
            }
        }
        self.last = Some(new);
        changed
    }

    /// The left button went down (`true`) or up (`false`). Changes no angle:
    /// the next move counts from the last recorded position.
    pub fn button(&mut self, pressed: bool) {
        self.pressed = pressed;
    }

    /// The drag ends whatever the button does next: the window lost the
    /// focus (or the page its pointer capture), and the release may never
    /// come (Wine gives none when the button is let go over another
    /// window). Like a release, it changes no angle. Returns whether a drag
    /// was on.
    pub fn end_drag(&mut self) -> bool {
        std::mem::replace(&mut self.pressed, false)
    }

    /// Whether the left button is down.
    pub fn is_pressed(&self) -> bool {
        self.pressed
    }

    /// The last cursor position seen, logical pixels, if any.
    pub fn last_position(&self) -> Option<(f64, f64)> {
        self.last
    }

    /// The view as dragged so far: `Camera { r1, r2 }`, in pixels (0.2
    /// degrees each).
    pub fn camera(&self) -> Camera {
        Camera::new(self.r1, self.r2)
    }
}
