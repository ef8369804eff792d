//! The camera: the original's gluPerspective, glTranslatef and two glRotatef
//! calls as one matrix.
#![forbid(unsafe_code)]

use glam::{Mat4, Vec3, Vec4};

/// Vertical field of view, degrees (the original's `gluPerspective(60.0, ...)`).
pub const FOV_Y_DEGREES: f32 = 60.0;
/// Near clip distance, world units.
pub const NEAR: f32 = 1.0;
/// Far clip distance, world units.
pub const FAR: f32 = 30000.0;
/// How far the camera stands back from the origin, world units.
pub const DISTANCE: f32 = 5.0;
/// Degrees of turn per pixel dragged.
pub const DEGREES_PER_PIXEL: f64 = 0.2;

/// The orbit angles, as the original's globals `r1` and `r2`: pixels dragged
/// so far (logical pixels in this port), turned into degrees at
/// [`DEGREES_PER_PIXEL`]. `r1` spins the scene about the y axis, `r2` tilts it
/// about the x axis.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Camera {
    /// Horizontal drag, pixels (left is positive, as in the original).
    pub r1: f64,
    /// Vertical drag, pixels (up is positive, as in the original).
    pub r2: f64,
}

impl Camera {
    /// A camera dragged `r1`, `r2` pixels.
    pub fn new(r1: f64, r2: f64) -> Self {
        Camera { r1, r2 }
    }

    /// The model-view-projection matrix for a drawable of aspect
    /// `width / height`: `P * T * Rx * Ry`, with `P` a 60-degree perspective
    /// (near 1, far 30000), `T` a move of 5 units back, `Rx` a turn of
    /// `-r2 * 0.2` degrees about x and `Ry` of `-r1 * 0.2` degrees about y,
    /// from the original's GL_Initialise() and GameMain().
    pub fn mvp(&self, aspect: f32) -> Mat4 {
        let projection = glam::camera::rh::proj::opengl::perspective(
            FOV_Y_DEGREES.to_radians(),
            aspect,
            NEAR,
            FAR,
        );
        let translate = Mat4::from_translation(Vec3::new(0.0, 0.0, -DISTANCE));
        let rx = Mat4::from_rotation_x((-self.r2 * DEGREES_PER_PIXEL).to_radians() as f32);
        let ry = Mat4::from_rotation_y((-self.r1 * DEGREES_PER_PIXEL).to_radians() as f32);
        projection * translate * rx * ry
    }

    /// Where world point `p` lands in a `width x height` image, in pixels
    /// from the top-left corner (x right, y down), or `None` if it is behind
    /// the camera or outside the near/far range.
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
