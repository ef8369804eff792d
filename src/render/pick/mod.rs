//! Picking: which point of the cloth is under a pixel, and where a ray
//! from the camera meets a plane, for grabbing the cloth with the mouse.
//!
//! Pure geometry in double precision beside [`Camera`], no GL: a
//! [`Ray`] from the camera through a pixel (the inverse of
//! [`Camera::project`]), cast against the cloth's triangles exactly as
//! [`super::scene`] builds them. Quad `(j, i)`, for `j` and `i` from 0 to
//! `n - 2`, is the triangle `[j][i], [j][i+1], [j+1][i]` (the first) and
//! `[j][i+1], [j+1][i], [j+1][i+1]` (the second); both faces count, as the
//! renderer culls none.
//!
//! [`super::aim`] adds the spheres and the floor: the nearest thing drawn
//! under a pixel, which the wheel zooms toward.
#![forbid(unsafe_code)]

use glam::DVec3;

use super::camera::{Camera, FAR, FOV_Y_DEGREES, NEAR};
use crate::sim::Cloth;

/// A barycentric coordinate may be this far below 0 (or their sum above 1)
/// and still count as inside: a ray through a shared edge or corner then
/// meets one of the triangles there whatever the rounding. Relative to the
/// triangle's size, so a millionth of a pixel or less.
const EDGE_SLACK: f64 = 1e-9;

/// A half-line in world space: `origin + t * direction` for `t >= 0`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ray {
    /// Where it starts, world units: for [`Ray::through_pixel`], the
    /// camera's position.
    pub origin: [f64; 3],
    /// Which way it goes: a unit vector in world axes.
    pub direction: [f64; 3],
}

impl Ray {
    /// The ray from `camera` through point `(x, y)` of a `width x height`
    /// image, in pixels from the top-left corner (x right, y down) as
    /// [`Camera::project`] gives them: pixel `(c, r)` covers `c..c + 1`
    /// across and `r..r + 1` down, so its centre is `(c + 0.5, r + 0.5)`.
    /// Every point of the ray in front of the camera projects back to
    /// `(x, y)`, within rounding; points off the image are allowed.
    ///
    /// `None` for an empty image (a side of 0) or an `x` or `y` that is not
    /// finite.
    pub fn through_pixel(camera: &Camera, width: u32, height: u32, x: f64, y: f64) -> Option<Ray> {
        if width == 0 || height == 0 || !x.is_finite() || !y.is_finite() {
            return None;
        }
        let (w, h) = (f64::from(width), f64::from(height));
        let ndc_x = 2.0 * x / w - 1.0;
        let ndc_y = 1.0 - 2.0 * y / h;
        let half = pxfm::f_tan((f64::from(FOV_Y_DEGREES) / 2.0).to_radians());
        let eye = DVec3::new(ndc_x * half * w / h, ndc_y * half, -1.0);
        Some(Ray {
            origin: camera.position(),
            direction: camera.eye_to_world(eye.normalize()).to_array(),
        })
    }

    /// The point `t` along the ray (world units, as the direction is a unit
    /// vector).
    pub fn at(&self, t: f64) -> [f64; 3] {
        (DVec3::from(self.origin) + t * DVec3::from(self.direction)).to_array()
    }

    /// Where the ray meets the plane through point `through` with normal
    /// `normal` (any length): for dragging a grabbed point, `through` is
    /// that point and `normal` the camera's [`Camera::view_direction`], the
    /// plane facing the camera. `None` when the ray runs parallel to the
    /// plane (or `normal` is zero), when the plane is behind the ray's
    /// origin, or for coordinates that are not finite.
    pub fn point_on_plane(&self, through: [f64; 3], normal: [f64; 3]) -> Option<[f64; 3]> {
        let (o, d, n) = (
            DVec3::from(self.origin),
            DVec3::from(self.direction),
            DVec3::from(normal),
        );
        let facing = d.dot(n);
        // Within a millionth of a millionth of a radian of parallel: the
        // meeting point would be out past any scene.
        if facing.is_nan() || facing.abs() <= 1e-12 * n.length() {
            return None;
        }
        let t = (DVec3::from(through) - o).dot(n) / facing;
        if !(t >= 0.0 && t.is_finite()) {
            return None;
        }
        let p = self.at(t);
        p.iter().all(|c| c.is_finite()).then_some(p)
    }
}

/// What a ray met on the cloth ([`hit`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hit {
    /// The quad `(j, i)` whose triangle was met.
    pub quad: (usize, usize),
    /// Which of its triangles: `false` the first, `true` the second.
    pub second: bool,
    /// The point met, world units.
    pub point: [f64; 3],
    /// How far along the ray, world units.
    pub t: f64,
    /// Of the triangle's three corners, the point `(j, i)` nearest
    /// [`Hit::point`].
    pub corner: (usize, usize),
}

/// The corners `(j, i)` of triangle `second` of quad `(j, i)`, in the
/// order [`super::scene`] draws them.
fn corners(j: usize, i: usize, second: bool) -> [(usize, usize); 3] {
    if second {
        [(j, i + 1), (j + 1, i), (j + 1, i + 1)]
    } else {
        [(j, i), (j, i + 1), (j + 1, i)]
    }
}

/// Where `ray` meets triangle `v` (both faces), as `t` along it; `None`
/// for a miss, a ray in the triangle's plane, or a degenerate triangle
/// (zero area: two corners together, or all three in a line).
/// Möller–Trumbore.
#[inline]
fn meet(ray_o: DVec3, ray_d: DVec3, v: [DVec3; 3]) -> Option<f64> {
    let (e1, e2) = (v[1] - v[0], v[2] - v[0]);
    let p = ray_d.cross(e2);
    let det = e1.dot(p);
    // Zero area, or edge-on to within a millionth of a millionth of a
    // radian (`det` is the triangle's doubled area times the sine of the
    // ray's angle to it): nothing to see.
    let area2_squared = e1.cross(e2).length_squared();
    if !(det * det > 1e-24 * area2_squared && area2_squared > 0.0) {
        return None;
    }
    let s = ray_o - v[0];
    let u = s.dot(p) / det;
    if !(-EDGE_SLACK..=1.0 + EDGE_SLACK).contains(&u) {
        return None;
    }
    let q = s.cross(e1);
    let w = ray_d.dot(q) / det;
    if w >= -EDGE_SLACK && u + w <= 1.0 + EDGE_SLACK {
        Some(e2.dot(q) / det)
    } else {
        None
    }
}

/// The nearest cloth triangle `ray` meets, and on it the corner nearest
/// the point met, counting only what `camera` draws: the point must lie
/// between its near and far planes ([`NEAR`] and [`FAR`] in front, along
/// [`Camera::view_direction`]). Triangles that `hole(j, i, second)` says
/// are holes (torn) are passed through, as are degenerate ones. `None`
/// when nothing is met. Ties go to the first in `(j, i, second)` order.
///
/// The ray is normally [`Ray::through_pixel`] of the same camera; the
/// cloth's points may be anything (a NaN point's triangles are never met).
pub fn hit(
    camera: &Camera,
    ray: &Ray,
    cloth: &Cloth,
    hole: impl Fn(usize, usize, bool) -> bool,
) -> Option<Hit> {
    let (o, dir) = (DVec3::from(ray.origin), DVec3::from(ray.direction));
    // Depth in front of the camera per unit along the ray.
    let ahead = dir.dot(DVec3::from(camera.view_direction()));
    let (near, far) = (f64::from(NEAR), f64::from(FAR));
    let n = cloth.n();
    let at = |(j, i): (usize, usize)| {
        let k = j * n + i;
        DVec3::new(cloth.x[k], cloth.y[k], cloth.z[k])
    };
    let mut best: Option<(f64, usize, usize, bool)> = None;
    for j in 0..n - 1 {
        for i in 0..n - 1 {
            // The quad's corners, as `corners` orders its triangles'.
            let [p00, p01, p10, p11] = [(j, i), (j, i + 1), (j + 1, i), (j + 1, i + 1)].map(at);
            for (second, tri) in [(false, [p00, p01, p10]), (true, [p01, p10, p11])] {
                let Some(t) = meet(o, dir, tri) else {
                    continue;
                };
                let depth = t * ahead;
                let in_view = depth >= near && depth <= far;
                if in_view && best.is_none_or(|(bt, ..)| t < bt) && !hole(j, i, second) {
                    best = Some((t, j, i, second));
                }
            }
        }
    }
    let (t, j, i, second) = best?;
    let point = o + t * dir;
    let [first, rest @ ..] = corners(j, i, second);
    let corner = rest.into_iter().fold(first, |nearest, c| {
        if at(c).distance_squared(point) < at(nearest).distance_squared(point) {
            c
        } else {
            nearest
        }
    });
    Some(Hit {
        quad: (j, i),
        second,
        point: point.to_array(),
        t,
        corner,
    })
}

/// The cloth point `(j, i)` under point `(x, y)` of a `width x height`
/// image seen by `camera` (pixels as [`Ray::through_pixel`] takes them):
/// of the nearest cloth triangle drawn there that is not a hole
/// (`hole(j, i, second)` for triangle `second` of quad `(j, i)`), the
/// corner nearest where the ray meets it ([`hit`]). `None` for a miss, an
/// empty image, or an `x` or `y` that is not finite.
pub fn pick(
    camera: &Camera,
    width: u32,
    height: u32,
    x: f64,
    y: f64,
    cloth: &Cloth,
    hole: impl Fn(usize, usize, bool) -> bool,
) -> Option<(usize, usize)> {
    let ray = Ray::through_pixel(camera, width, height, x, y)?;
    hit(camera, &ray, cloth, hole).map(|h| h.corner)
}

#[cfg(test)]
mod tests;
