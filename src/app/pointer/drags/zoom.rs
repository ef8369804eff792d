//! Zooming the view: by a factor, by wheel notches, toward what is drawn
//! under the cursor, and home to the original's view, a held point's
//! target carried along with the camera.

#![forbid(unsafe_code)]

use super::Drags;
use crate::app::compare;
#[cfg(doc)]
use crate::app::pointer::orbit::Orbit;
use crate::render::aim::drawn_point;
use crate::render::pick::Ray;
use crate::render::Viewport;
use crate::sim::Simulation;

impl Drags {
    /// Zoom by `factor` ([`Orbit::zoom`]); a held point's target moves
    /// with the camera. Returns whether the distance changed.
    pub fn zoom(&mut self, factor: f64, sim: &mut Simulation) -> bool {
        let changed = self.orbit.zoom(factor);
        self.retarget(sim);
        changed
    }

    /// Zoom by wheel notches ([`Orbit::zoom_notches`]), positive nearer;
    /// a held point's target moves with the camera. Returns whether the
    /// distance changed.
    pub fn zoom_notches(&mut self, notches: f64, sim: &mut Simulation) -> bool {
        let changed = self.orbit.zoom_notches(notches);
        self.retarget(sim);
        changed
    }

    /// Zoom by `factor` (below 1 nearer) toward what is drawn at `at`,
    /// pixels from the drawing area's top-left corner (the window's, the
    /// panel's columns included, as the cursor comes) ([`Orbit::zoom_toward`]
    /// the point [the module's header](super) says), so that it stays at `at`; with
    /// no `at`, or before the drawing area's size is known, straight ahead
    /// ([`Orbit::zoom`]). A held point's target moves with the camera.
    /// Returns whether the camera changed.
    pub fn zoom_at(&mut self, factor: f64, at: Option<(f64, f64)>, sim: &mut Simulation) -> bool {
        let changed = match at.and_then(|at| self.aim(at, sim)) {
            Some(point) => self.orbit.zoom_toward(factor, point),
            None => self.orbit.zoom(factor),
        };
        self.retarget(sim);
        changed
    }

    /// The point a zoom at pixel `(x, y)` of the drawing area heads for:
    /// what is drawn there in the picture of `sim` (compare mode's right
    /// half, or the whole area), else the point there on the plane through
    /// the camera's target facing the camera.
    fn aim(&self, (x, y): (f64, f64), sim: &Simulation) -> Option<[f64; 3]> {
        let (w, h) = self.view?;
        // Beside the window's panel, the scene's area starts `left` in.
        let x = x - f64::from(self.left);
        let (picture, of_sim) = if self.split {
            let halves = compare::split(w, h);
            if x >= f64::from(halves.right.x) {
                (halves.right, true)
            } else {
                (halves.left, false)
            }
        } else {
            (Viewport::whole(w, h), true)
        };
        let camera = self.camera();
        let ray = Ray::through_pixel(
            &camera,
            picture.width,
            picture.height,
            x - f64::from(picture.x),
            y,
        )?;
        of_sim
            .then(|| drawn_point(&camera, &ray, sim))
            .flatten()
            .or_else(|| ray.point_on_plane(camera.target(), camera.view_direction()))
    }

    /// The original's view again ([`Orbit::home`]); a held point's target
    /// moves with the camera. Returns whether the camera changed.
    pub fn home(&mut self, sim: &mut Simulation) -> bool {
        let changed = self.orbit.home();
        self.retarget(sim);
        changed
    }
}
