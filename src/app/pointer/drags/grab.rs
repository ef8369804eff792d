//! Grabbing the cloth: the point under the cursor held, its target kept
//! under the cursor as the cursor and the camera move, and let go or
//! pinned.

#![forbid(unsafe_code)]

use super::Drags;
use crate::app::pointer::press::{Button, DragEnd};
use crate::render::pick::{pick, Ray};
use crate::render::Camera;
use crate::sim::Simulation;

impl Drags {
    /// The button holding a point, if one is held.
    pub fn grabbing(&self) -> Option<Button> {
        self.grab
    }

    /// Pin the held point where it is and let go of it (P). Returns
    /// [`DragEnd::Pinned`] with the point, or `None` while nothing is held.
    pub fn pin(&mut self, sim: &mut Simulation) -> Option<DragEnd> {
        self.let_go(true, sim)
    }

    /// The simulation was started afresh and holds nothing: neither does
    /// any button.
    pub fn forget_grab(&mut self) {
        self.grab = None;
        self.cut = None;
    }

    /// Hold the point under the cursor, by `button`: the nearest cloth
    /// triangle drawn there that is not torn, its nearest corner, held
    /// where the ray through the cursor meets the plane through it facing
    /// the camera. Returns whether a point is held.
    pub(super) fn grab(&mut self, button: Button, sim: &mut Simulation) -> bool {
        let Some((w, h, x, y)) = self.picture_cursor() else {
            return false;
        };
        // Split, the left half (the original) is not grabbed in, nor is
        // anything left of the scene (the panel).
        if x < 0.0 {
            return false;
        }
        let camera = self.camera();
        let torn = sim.torn();
        let hole = |j, i, second| torn.triangle_torn(j, i, second);
        let Some((j, i)) = pick(&camera, w, h, x, y, &sim.cloth, hole) else {
            return false;
        };
        let point = sim.cloth.point(j, i);
        let at = self.target(&camera, point).unwrap_or(point);
        if sim.hold(j, i, at).is_err() {
            return false;
        }
        self.grab = Some(button);
        true
    }

    /// Where the ray through the cursor meets the plane through `through`
    /// facing `camera`, if it does.
    fn target(&self, camera: &Camera, through: [f64; 3]) -> Option<[f64; 3]> {
        let (w, h, x, y) = self.picture_cursor()?;
        Ray::through_pixel(camera, w, h, x, y)?.point_on_plane(through, camera.view_direction())
    }

    /// Move a held point's target to where the cursor now points, on the
    /// plane through the target facing the camera as it now is.
    pub(super) fn retarget(&mut self, sim: &mut Simulation) {
        if self.grab.is_none() {
            return;
        }
        let Some(held) = sim.held() else {
            self.grab = None;
            return;
        };
        if let Some(at) = self.target(&self.camera(), held.at) {
            let (j, i) = held.point();
            // A finite target of a point on the grid: never refused.
            let _ = sim.hold(j, i, at);
        }
    }

    /// Let go of the held point, pinning it where it is if `pin`.
    pub(super) fn let_go(&mut self, pin: bool, sim: &mut Simulation) -> Option<DragEnd> {
        self.grab.take()?;
        let (j, i) = sim.release()?;
        if pin {
            // A point the simulation held is on the grid: never refused.
            let _ = sim.pin(j, i);
            Some(DragEnd::Pinned(j, i))
        } else {
            Some(DragEnd::LetGo(j, i))
        }
    }
}
