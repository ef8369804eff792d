//! Turning the view by dragging with the left mouse button: the original's
//! `WM_MOUSEMOVE` handler, in logical pixels; and the camera's distance
//! and the point it looks at, which the wheel, a pinch and the zoom keys
//! change.
//!
//! Pure state, no window: feed it cursor moves, button changes and zooms,
//! read a [`Camera`] back.

#![forbid(unsafe_code)]

use crate::render::camera::DISTANCE;
use crate::render::Camera;

/// The view's state: the orbit angles `r1`, `r2` (pixels dragged so far),
/// the camera's distance and target, the last cursor position seen and whether the
/// left button is down.
///
/// As in the original, every cursor move records the position, button or
/// not, so pressing the button never makes the view jump; while the button
/// is down, each move adds `last - new` to `r1` (x) and `r2` (y). Positions
/// are kept in logical pixels (physical pixels divided by the window's
/// scale factor), so a drag turns the view by the same angle on a HiDPI
/// screen as on a normal one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Orbit {
    r1: f64,
    r2: f64,
    /// World units from the target, as [`Camera::distance`].
    distance: f64,
    /// The point looked at, as [`Camera::target`].
    target: [f64; 3],
    /// The last cursor position, logical pixels; `None` before the first
    /// move.
    last: Option<(f64, f64)>,
    pressed: bool,
    /// The angles when the button went down.
    start: (f64, f64),
}

impl Default for Orbit {
    /// As [`Orbit::new`].
    fn default() -> Self {
        Orbit::from_camera(Camera::default())
    }
}

impl Orbit {
    /// No drag yet: `r1 = r2 = 0`, the original's distance
    /// ([`DISTANCE`]), button up, no position seen.
    pub fn new() -> Self {
        Self::default()
    }

    /// Start from `camera`: turned by `camera.r1`, `camera.r2` pixels, at
    /// its distance.
    pub fn from_camera(camera: Camera) -> Self {
        Orbit {
            r1: camera.r1,
            r2: camera.r2,
            distance: camera.distance(),
            target: camera.target(),
            last: None,
            pressed: false,
            start: (camera.r1, camera.r2),
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
        if pressed && !self.pressed {
            self.start = (self.r1, self.r2);
        }
        self.pressed = pressed;
    }

    /// The drag was no drag after all (a touch held still, which grabs
    /// instead): it ends, and the angles go back to what they were when
    /// the button went down. Returns whether a drag was on.
    pub fn cancel_drag(&mut self) -> bool {
        let was = self.end_drag();
        if was {
            (self.r1, self.r2) = self.start;
        }
        was
    }

    /// Zoom: the distance times `factor`, as [`Camera::zoom`] (within
    /// [`MIN_DISTANCE`](crate::render::camera::MIN_DISTANCE) and
    /// [`MAX_DISTANCE`](crate::render::camera::MAX_DISTANCE); a factor that
    /// is not finite and above 0 is ignored). Returns whether the distance
    /// changed.
    pub fn zoom(&mut self, factor: f64) -> bool {
        let mut camera = self.camera();
        camera.zoom(factor);
        self.set_distance(camera.distance())
    }

    /// Zoom by wheel notches, as [`Camera::zoom_notches`]: positive is
    /// nearer. Returns whether the distance changed.
    pub fn zoom_notches(&mut self, notches: f64) -> bool {
        let mut camera = self.camera();
        camera.zoom_notches(notches);
        self.set_distance(camera.distance())
    }

    /// Zoom by `factor` toward world point `point`, as
    /// [`Camera::zoom_toward`]: the distance times `factor` and the target
    /// moved toward `point` in proportion, so `point` stays where it is in
    /// the picture. Returns whether the camera changed.
    pub fn zoom_toward(&mut self, factor: f64, point: [f64; 3]) -> bool {
        let before = self.camera();
        let mut camera = before;
        camera.zoom_toward(factor, point);
        self.target = camera.target();
        self.distance = camera.distance();
        camera != before
    }

    /// The original's view: not turned, [`DISTANCE`] back from the origin.
    /// A drag in progress goes on from there. Returns whether the camera
    /// changed.
    pub fn home(&mut self) -> bool {
        let before = self.camera();
        (self.r1, self.r2) = (0.0, 0.0);
        self.start = (0.0, 0.0);
        self.distance = DISTANCE;
        self.target = [0.0; 3];
        self.camera() != before
    }

    fn set_distance(&mut self, distance: f64) -> bool {
        let changed = distance != self.distance;
        self.distance = distance;
        changed
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

    /// The view as dragged and zoomed so far: `r1`, `r2` in pixels (0.2
    /// degrees each), at the distance zoomed to, looking at the target
    /// zoomed toward.
    pub fn camera(&self) -> Camera {
        Camera::new(self.r1, self.r2)
            .with_distance(self.distance)
            .with_target(self.target)
    }
}
