//! The camera: the original's gluPerspective, glTranslatef and two glRotatef
//! calls as one matrix, with the distance it stands back (the original's
//! fixed 5, or nearer and farther by zooming) from the point it looks at
//! (the origin, as in the original, until a zoom toward a point moves it).
#![forbid(unsafe_code)]

use glam::{DMat3, DVec3, Mat4, Vec3, Vec4};

/// Vertical field of view, degrees (the original's `gluPerspective(60.0, ...)`).
pub const FOV_Y_DEGREES: f32 = 60.0;
/// Near clip distance, world units.
pub const NEAR: f32 = 1.0;
/// Far clip distance, world units.
pub const FAR: f32 = 30000.0;
/// How far the camera stands back from the origin by default, world units
/// (the original's `glTranslatef(0, 0, -5)`).
pub const DISTANCE: f64 = 5.0;
/// The nearest the camera comes to the origin, world units.
///
/// Twice the near plane ([`NEAR`]): a point within `distance - NEAR` of
/// the origin is always at least `NEAR` in front of the camera, so at 2
/// the whole unit ball round the orbit's centre, where the spheres bob and
/// the cloth drapes, is drawn from every angle, never cut open by the near
/// plane. Nearer, the centre itself would be clipped away at distance 1.
pub const MIN_DISTANCE: f64 = 2.0;
/// The farthest the camera goes from the origin, world units.
///
/// Four times the default. The 60-degree view is then 23 units high at
/// the origin: the floor (4 across) is still about 100 pixels wide in the
/// default 573-pixel-high picture and a square of the cloth (0.1 across)
/// 2 to 3 pixels, so the cloth is never lost to a speck and each of its
/// points can still be picked with the mouse. [`FAR`] is thousands of
/// units beyond.
pub const MAX_DISTANCE: f64 = 20.0;
/// How a zoom notch scales the distance: one notch in (the wheel turned
/// up, away from the user) multiplies it by 0.9, one out divides by 0.9.
pub const ZOOM_PER_NOTCH: f64 = 0.9;
/// Degrees of turn per pixel dragged.
pub const DEGREES_PER_PIXEL: f64 = 0.2;
/// How far the point looked at ([`Camera::target`]) may be from the
/// origin along each axis, world units. The scene lies within 3 of it
/// (the floor at -3, 4 across); a zoom out from a point near the edge of
/// the picture moves the target away from that point, so without a bound
/// a long run of such zooms could lose the scene.
pub const TARGET_BOUND: f64 = 10.0;

/// The orbit angles, as the original's globals `r1` and `r2`: pixels dragged
/// so far (logical pixels in this port), turned into degrees at
/// [`DEGREES_PER_PIXEL`]. `r1` spins the scene about the y axis, `r2` tilts it
/// about the x axis, both about the point looked at ([`Camera::target`],
/// the origin unless a zoom toward a point moved it). The camera looks at
/// that point from [`Camera::distance`] away (5 units, [`DISTANCE`],
/// unless zoomed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// Horizontal drag, pixels (left is positive, as in the original).
    pub r1: f64,
    /// Vertical drag, pixels (up is positive, as in the original).
    pub r2: f64,
    /// World units from [`Camera::target`]: finite, from [`MIN_DISTANCE`]
    /// to [`MAX_DISTANCE`].
    distance: f64,
    /// The point looked at, world units: each coordinate finite and within
    /// [`TARGET_BOUND`] of 0.
    target: [f64; 3],
}

impl Default for Camera {
    /// The original's view: not dragged, 5 units back.
    fn default() -> Self {
        Camera::new(0.0, 0.0)
    }
}

impl Camera {
    /// A camera dragged `r1`, `r2` pixels, [`DISTANCE`] (5) units back.
    pub fn new(r1: f64, r2: f64) -> Self {
        Camera {
            r1,
            r2,
            distance: DISTANCE,
            target: [0.0; 3],
        }
    }

    /// This camera looking at `target` (world units) instead, from the
    /// same distance and angles: each coordinate clamped to
    /// `-`[`TARGET_BOUND`]`..=`[`TARGET_BOUND`]; a target with a NaN
    /// coordinate leaves it where it was.
    #[must_use]
    pub fn with_target(mut self, target: [f64; 3]) -> Self {
        if !target.iter().any(|c| c.is_nan()) {
            self.target = target.map(|c| c.clamp(-TARGET_BOUND, TARGET_BOUND));
        }
        self
    }

    /// The point the camera looks at and turns about, world units: the
    /// origin (the original's) unless a zoom toward a point
    /// ([`Camera::zoom_toward`]) or [`Camera::with_target`] moved it.
    pub fn target(&self) -> [f64; 3] {
        self.target
    }

    /// This camera moved to `distance` world units from its target, clamped
    /// to [`MIN_DISTANCE`]..=[`MAX_DISTANCE`]; a NaN leaves it where it was.
    #[must_use]
    pub fn with_distance(mut self, distance: f64) -> Self {
        if !distance.is_nan() {
            self.distance = distance.clamp(MIN_DISTANCE, MAX_DISTANCE);
        }
        self
    }

    /// How far the camera stands from its target, world units: from
    /// [`MIN_DISTANCE`] to [`MAX_DISTANCE`], [`DISTANCE`] unless zoomed.
    pub fn distance(&self) -> f64 {
        self.distance
    }

    /// Zoom by a continuous factor: the distance times `factor`, clamped
    /// to [`MIN_DISTANCE`]..=[`MAX_DISTANCE`]. Below 1 is nearer. For a
    /// pinch, `factor` is the fingers' previous span over their span now
    /// (spreading them brings the cloth nearer). A factor that is not
    /// finite or not above 0 is ignored.
    pub fn zoom(&mut self, factor: f64) {
        if factor.is_finite() && factor > 0.0 {
            self.distance = (self.distance * factor).clamp(MIN_DISTANCE, MAX_DISTANCE);
        }
    }

    /// Zoom by wheel notches: positive (the wheel turned up) is nearer, each
    /// notch a tenth of the distance ([`ZOOM_PER_NOTCH`]`^notches`, through
    /// [`Camera::zoom`]). Fractions of a notch (a touchpad's scrolling) zoom
    /// by as much; `n` notches in then `n` out come back to the same
    /// distance (within rounding) unless a bound stopped it.
    pub fn zoom_notches(&mut self, notches: f64) {
        self.zoom(ZOOM_PER_NOTCH.powf(notches));
    }

    /// Zoom by `factor` toward world point `point`, as 3-D viewers zoom
    /// toward what is under the cursor: the distance times `factor`
    /// (clamped as [`Camera::zoom`] clamps it), and the target moved
    /// toward `point` by the same proportion, so that the camera's
    /// position moves straight toward (below 1) or away from `point`
    /// and `point` stays where it was in the picture. Zooming `factor`
    /// then `1 / factor` toward the same point comes back (within
    /// rounding) unless a bound stopped it; at a distance bound nothing
    /// moves. The target keeps within [`TARGET_BOUND`] (past it, `point`
    /// slips a little in the picture). A factor that is not finite or
    /// not above 0, or a point that is not finite, is ignored.
    pub fn zoom_toward(&mut self, factor: f64, point: [f64; 3]) {
        if !(factor.is_finite() && factor > 0.0 && point.iter().all(|c| c.is_finite())) {
            return;
        }
        let distance = (self.distance * factor).clamp(MIN_DISTANCE, MAX_DISTANCE);
        if distance == self.distance {
            return;
        }
        let scale = distance / self.distance;
        let (p, t) = (DVec3::from(point), DVec3::from(self.target));
        *self = self.with_target((p + (t - p) * scale).to_array());
        self.distance = distance;
    }

    /// The model-view-projection matrix for a drawable of aspect
    /// `width / height`: `P * T * Rx * Ry`, with `P` a 60-degree perspective
    /// (near 1, far 30000), `T` a move of [`Camera::distance`] units back
    /// (5 by default), `Rx` a turn of `-r2 * 0.2` degrees about x and `Ry`
    /// of `-r1 * 0.2` degrees about y, from the original's GL_Initialise()
    /// and GameMain(); then, for a target other than the origin, a move
    /// of the target to the origin (`P * T * Rx * Ry * T(-target)`). At the
    /// origin the matrix is the original's, to the bit.
    pub fn mvp(&self, aspect: f32) -> Mat4 {
        let projection = glam::camera::rh::proj::opengl::perspective(
            FOV_Y_DEGREES.to_radians(),
            aspect,
            NEAR,
            FAR,
        );
        let translate = Mat4::from_translation(Vec3::new(0.0, 0.0, -(self.distance as f32)));
        let rx = Mat4::from_rotation_x((-self.r2 * DEGREES_PER_PIXEL).to_radians() as f32);
        let ry = Mat4::from_rotation_y((-self.r1 * DEGREES_PER_PIXEL).to_radians() as f32);
        let view = projection * translate * rx * ry;
        if self.target == [0.0; 3] {
            view
        } else {
            let [x, y, z] = self.target.map(|c| -c as f32);
            view * Mat4::from_translation(Vec3::new(x, y, z))
        }
    }

    /// The turn from world to eye axes, `Rx * Ry`, in double precision.
    fn rotation(&self) -> DMat3 {
        DMat3::from_rotation_x((-self.r2 * DEGREES_PER_PIXEL).to_radians())
            * DMat3::from_rotation_y((-self.r1 * DEGREES_PER_PIXEL).to_radians())
    }

    /// `v` given in eye axes (x right, y up, z out of the screen), in world
    /// axes.
    pub(crate) fn eye_to_world(&self, v: DVec3) -> DVec3 {
        self.rotation().transpose() * v
    }

    /// World point `p` in eye coordinates: x right, y up, the camera at
    /// the origin looking down -z (so `-z` is the depth in front of it).
    pub(crate) fn world_to_eye(&self, p: [f64; 3]) -> DVec3 {
        self.rotation() * (DVec3::from(p) - DVec3::from(self.target))
            - DVec3::new(0.0, 0.0, self.distance)
    }

    /// Where the camera is, in world units: [`Camera::distance`] from its
    /// target, `(0, 0, 5)` undragged.
    pub fn position(&self) -> [f64; 3] {
        (DVec3::from(self.target) + self.eye_to_world(DVec3::new(0.0, 0.0, self.distance)))
            .to_array()
    }

    /// The way the camera looks, a unit vector in world axes: from
    /// [`Camera::position`] towards its target, `(0, 0, -1)` undragged.
    pub fn view_direction(&self) -> [f64; 3] {
        self.eye_to_world(DVec3::NEG_Z).to_array()
    }

    /// Where world point `p` lands in a `width x height` image, in pixels
    /// from the top-left corner (x right, y down; pixel `(c, r)` covers
    /// `c..c + 1` across and `r..r + 1` down), or `None` if it is behind the
    /// camera or outside the near/far range.
    pub fn project(&self, p: [f64; 3], width: u32, height: u32) -> Option<[f32; 2]> {
        let clip = self.mvp(width as f32 / height as f32)
            * Vec4::new(p[0] as f32, p[1] as f32, p[2] as f32, 1.0);
        if clip.w <= 0.0 {
            return None;
        }
        let ndc = clip.truncate() / clip.w;
        if !(-1.0..=1.0).contains(&ndc.z) {
            return None;
        }
        Some([
            (ndc.x + 1.0) * 0.5 * width as f32,
            (1.0 - ndc.y) * 0.5 * height as f32,
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The original's matrix written out call by call, 5 units back.
    fn fixed_distance_mvp(r1: f64, r2: f64, aspect: f32) -> Mat4 {
        let projection =
            glam::camera::rh::proj::opengl::perspective(60f32.to_radians(), aspect, 1.0, 30000.0);
        let translate = Mat4::from_translation(Vec3::new(0.0, 0.0, -5.0));
        let rx = Mat4::from_rotation_x((-r2 * 0.2f64).to_radians() as f32);
        let ry = Mat4::from_rotation_y((-r1 * 0.2f64).to_radians() as f32);
        projection * translate * rx * ry
    }

    #[test]
    fn the_default_distance_draws_the_original_view() {
        for (r1, r2) in [(0.0, 0.0), (120.0, -120.0), (-200.0, -300.0), (0.0, 450.0)] {
            for aspect in [792.0 / 573.0, 1.0, 240.0 / 400.0] {
                let want = fixed_distance_mvp(r1, r2, aspect);
                let camera = Camera::new(r1, r2);
                assert_eq!(camera.mvp(aspect), want);
                assert_eq!(camera.with_distance(5.0).mvp(aspect), want);
                let mut zoomed = camera;
                zoomed.zoom(1.0);
                assert_eq!(zoomed.mvp(aspect), want);
            }
        }
        assert_eq!(Camera::default(), Camera::new(0.0, 0.0));
        assert_eq!(Camera::default().distance(), 5.0);
        assert_ne!(
            Camera::default().with_distance(3.0).mvp(1.0),
            Camera::default().mvp(1.0)
        );
    }

    #[test]
    fn zooming_in_and_out_comes_back_and_stops_at_the_bounds() {
        let mut c = Camera::new(30.0, -60.0);
        c.zoom_notches(1.0);
        assert!((c.distance() - 4.5).abs() < 1e-12, "{}", c.distance());
        for notches in [1.0, 3.0, 7.5, 0.25] {
            let before = c.distance();
            c.zoom_notches(notches);
            assert!(c.distance() < before);
            c.zoom_notches(-notches);
            assert!((c.distance() - before).abs() < 1e-12, "{notches}");
        }
        c.zoom_notches(100.0);
        assert_eq!(c.distance(), MIN_DISTANCE);
        c.zoom_notches(1.0);
        assert_eq!(c.distance(), MIN_DISTANCE);
        c.zoom_notches(-1000.0);
        assert_eq!(c.distance(), MAX_DISTANCE);
        c.zoom(2.0);
        assert_eq!(c.distance(), MAX_DISTANCE);
        // A pinch: the fingers twice as far apart halve the distance.
        c.zoom(0.5);
        assert_eq!(c.distance(), 10.0);
        assert_eq!((c.r1, c.r2), (30.0, -60.0), "zooming does not turn");
        assert_eq!(
            Camera::default().with_distance(0.0).distance(),
            MIN_DISTANCE
        );
        assert_eq!(
            Camera::default().with_distance(1e9).distance(),
            MAX_DISTANCE
        );
    }

    #[test]
    fn a_factor_that_is_not_finite_is_ignored() {
        let mut c = Camera::default().with_distance(7.0);
        for factor in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 0.0, -0.5] {
            c.zoom(factor);
            assert_eq!(c.distance(), 7.0, "{factor}");
        }
        for notches in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            c.zoom_notches(notches);
            assert_eq!(c.distance(), 7.0, "{notches}");
        }
        assert_eq!(c.with_distance(f64::NAN).distance(), 7.0);
    }

    #[test]
    fn the_camera_stands_distance_back_looking_at_the_origin() {
        let close = |a: [f64; 3], b: [f64; 3]| (0..3).all(|k| (a[k] - b[k]).abs() < 1e-12);
        assert_eq!(Camera::default().position(), [0.0, 0.0, 5.0]);
        assert_eq!(Camera::default().view_direction(), [0.0, 0.0, -1.0]);
        // Dragged 450 pixels down (r2 = -450): turned 90 degrees, looking
        // straight down from above.
        let above = Camera::new(0.0, -450.0).with_distance(3.0);
        assert!(
            close(above.position(), [0.0, 3.0, 0.0]),
            "{:?}",
            above.position()
        );
        assert!(close(above.view_direction(), [0.0, -1.0, 0.0]));
        for c in [
            Camera::new(123.0, -77.0),
            Camera::new(-900.0, 31.0).with_distance(12.0),
        ] {
            let p = DVec3::from(c.position());
            let v = DVec3::from(c.view_direction());
            assert!((p.length() - c.distance()).abs() < 1e-12);
            assert!((v.length() - 1.0).abs() < 1e-12);
            assert!(
                (p + v * c.distance()).length() < 1e-12,
                "looks at the origin"
            );
            // The origin lands in the middle of the picture.
            let [x, y] = c.project([0.0; 3], 792, 573).unwrap();
            assert!((x - 396.0).abs() < 1e-3 && (y - 286.5).abs() < 1e-3);
        }
    }

    #[test]
    fn zooming_toward_a_point_keeps_it_under_the_cursor() {
        let p = [0.6, -1.2, 0.9];
        let mut c = Camera::new(80.0, -120.0);
        let at = c.project(p, 792, 573).unwrap();
        c.zoom_toward(0.9f64.powi(4), p);
        assert!((c.distance() - 5.0 * 0.9f64.powi(4)).abs() < 1e-12);
        let now = c.project(p, 792, 573).unwrap();
        assert!(
            (now[0] - at[0]).abs() < 0.01 && (now[1] - at[1]).abs() < 0.01,
            "{at:?} {now:?}"
        );
        // The target went 34.39% of the way to the point.
        let t = c.target();
        for k in 0..3 {
            assert!(
                (t[k] - p[k] * (1.0 - 0.9f64.powi(4))).abs() < 1e-12,
                "{t:?}"
            );
        }
        c.zoom_toward(0.9f64.powi(-4), p);
        assert!((c.distance() - 5.0).abs() < 1e-12);
        assert!(
            c.target().iter().all(|v| v.abs() < 1e-12),
            "{:?}",
            c.target()
        );
        // At the bound nothing moves.
        let near = Camera::default().with_distance(MIN_DISTANCE);
        let mut same = near;
        same.zoom_toward(0.5, p);
        assert_eq!(same, near);
        same.zoom_toward(f64::NAN, p);
        same.zoom_toward(0.5, [f64::INFINITY, 0.0, 0.0]);
        assert_eq!(same, near);
        assert_eq!(
            Camera::default().with_target([50.0, -50.0, 1.0]).target(),
            [10.0, -10.0, 1.0]
        );
    }
}
