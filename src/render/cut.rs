//! The knife on the picture: which springs of the cloth a stroke drawn
//! across the picture crosses ([`crossed`]), on the nearest layer of cloth
//! under it, for [`Simulation::cut`](crate::sim::Simulation::cut) to tear.
//!
//! Pure geometry in double precision beside [`super::pick`], no GL. Each
//! point of the cloth is projected to the picture as [`Camera::project`]
//! places it (in `f64`: the inverse of [`Ray::through_pixel`]); a spring
//! is crossed when its segment on the picture (between its two ends'
//! pixels) meets the stroke's.
//!
//! The nearest layer: where a fold lies over itself, a stroke crosses the
//! springs of both layers on the picture, and cuts the top one only. A
//! crossing counts when no drawn triangle of the cloth (one that is not
//! torn) lies in front of the spring there by more than a margin: the ray
//! through the crossing's pixel is cast against the cloth ([`hit`]), and
//! the spring's depth at the crossing (its two ends' depths interpolated
//! in perspective) must be within [`LAYER_MARGIN`] grid spacings of the
//! depth of the nearest triangle met, or no triangle met. The margin lets
//! through the springs that are no triangle's edge (a diagonal across its
//! quad, the bending springs two points long), whose chords lie a little
//! off the drawn surface where it curves.

#![forbid(unsafe_code)]

use glam::DVec3;

use super::camera::{Camera, FOV_Y_DEGREES, NEAR};
use super::pick::{hit, Ray};
use crate::sim::{spacing, Cloth, Spring, Torn, AHEAD};

/// How far behind the nearest drawn cloth (along the view, in the cloth's
/// grid spacings, [`spacing`]) a crossed spring may lie and still be cut.
pub const LAYER_MARGIN: f64 = 1.0;

/// A point on the picture and its depth in front of the camera (world
/// units along the view), or `None` behind the near plane.
fn project(camera: &Camera, p: [f64; 3], w: f64, h: f64, half: f64) -> Option<(f64, f64, f64)> {
    let eye: DVec3 = camera.world_to_eye(p);
    let depth = -eye.z;
    if depth.is_nan() || depth < f64::from(NEAR) || !depth.is_finite() {
        return None;
    }
    let ndc_x = eye.x / (depth * half * w / h);
    let ndc_y = eye.y / (depth * half);
    let (x, y) = ((ndc_x + 1.0) * 0.5 * w, (1.0 - ndc_y) * 0.5 * h);
    (x.is_finite() && y.is_finite()).then_some((x, y, depth))
}

/// The 2-D cross product `a x b`.
fn cross(a: (f64, f64), b: (f64, f64)) -> f64 {
    a.0 * b.1 - a.1 * b.0
}

/// The springs of `cloth` that a stroke from `from` to `to` (pixels of a
/// `width x height` picture seen by `camera`, from its top-left corner, x
/// right and y down, as [`Ray::through_pixel`] takes them) crosses on the
/// nearest layer of cloth (see the module's notes): of every spring
/// `has(dj, di)` says the cloth has (offsets as [`AHEAD`] lists them)
/// that `torn` does not hold, those whose segment on the picture meets the
/// stroke's, ends included, and that lie within [`LAYER_MARGIN`] of the
/// nearest drawn cloth there. A spring with an end behind the near plane
/// is never crossed; a stroke of no length crosses nothing. Each spring
/// once, seen from its first end, in row-major order of that end and then
/// [`AHEAD`]'s.
#[allow(clippy::too_many_arguments)]
pub fn crossed(
    camera: &Camera,
    width: u32,
    height: u32,
    from: (f64, f64),
    to: (f64, f64),
    cloth: &Cloth,
    torn: &Torn,
    has: impl Fn(isize, isize) -> bool,
) -> Vec<Spring> {
    let n = cloth.n();
    if width == 0 || height == 0 || n < 2 {
        return Vec::new();
    }
    let (w, h) = (f64::from(width), f64::from(height));
    let half = pxfm::f_tan((f64::from(FOV_Y_DEGREES) / 2.0).to_radians());
    let on_picture: Vec<Option<(f64, f64, f64)>> = (0..n * n)
        .map(|k| project(camera, [cloth.x[k], cloth.y[k], cloth.z[k]], w, h, half))
        .collect();
    let r = (to.0 - from.0, to.1 - from.1);
    if (r.0 == 0.0 && r.1 == 0.0) || !r.0.is_finite() || !r.1.is_finite() {
        return Vec::new();
    }
    let hole = |j, i, second| torn.triangle_torn(j, i, second);
    let ahead = DVec3::from(camera.view_direction());
    let margin = LAYER_MARGIN * spacing(n);
    let mut out = Vec::new();
    for j in 0..n {
        for i in 0..n {
            let Some(p) = on_picture[j * n + i] else {
                continue;
            };
            for &(dj, di) in &AHEAD {
                let (jj, ii) = (j as isize + dj, i as isize + di);
                if jj < 0 || ii < 0 || jj >= n as isize || ii >= n as isize {
                    continue;
                }
                if !has(dj, di) || torn.contains(j, i, dj, di) {
                    continue;
                }
                let Some(q) = on_picture[jj as usize * n + ii as usize] else {
                    continue;
                };
                let s = (q.0 - p.0, q.1 - p.1);
                let denom = cross(r, s);
                if denom == 0.0 || !denom.is_finite() {
                    continue;
                }
                let pa = (p.0 - from.0, p.1 - from.1);
                // Along the stroke, and along the spring, 0 to 1.
                let t = cross(pa, s) / denom;
                let u = cross(pa, r) / denom;
                if !(0.0..=1.0).contains(&t) || !(0.0..=1.0).contains(&u) {
                    continue;
                }
                // The reciprocal of depth runs straight across the picture.
                let depth = 1.0 / ((1.0 - u) / p.2 + u / q.2);
                let (x, y) = (from.0 + t * r.0, from.1 + t * r.1);
                let front = Ray::through_pixel(camera, width, height, x, y).and_then(|ray| {
                    let along = DVec3::from(ray.direction).dot(ahead);
                    hit(camera, &ray, cloth, hole).map(|m| m.t * along)
                });
                if front.is_none_or(|d| depth <= d + margin) {
                    out.push(Spring { j, i, dj, di });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Cloth;

    /// A flat `n x n` sheet facing the camera at `z`, 3.1 units a side
    /// about the origin.
    fn facing(n: usize, z: f64) -> Cloth {
        let mut c = Cloth::flat(n);
        let h = spacing(n);
        for j in 0..n {
            for i in 0..n {
                let k = j * n + i;
                c.x[k] = -1.55 + h * i as f64;
                c.y[k] = 1.55 - h * j as f64;
                c.z[k] = z;
            }
        }
        c
    }

    #[test]
    fn a_stroke_across_a_facing_sheet_cuts_the_springs_under_it() {
        let cloth = facing(8, 0.0);
        let camera = Camera::default();
        let torn = Torn::new(8);
        let all = |_, _| true;
        let (w, h) = (400, 400);
        // Across the whole picture, level, between rows 3 and 4.
        let mid = {
            let a = camera.project([0.0, cloth.y[3 * 8], 0.0], w, h).unwrap()[1];
            let b = camera.project([0.0, cloth.y[4 * 8], 0.0], w, h).unwrap()[1];
            f64::from(a + b) / 2.0
        };
        let cut = crossed(&camera, w, h, (0.0, mid), (400.0, mid), &cloth, &torn, all);
        // Every spring from row 3 or above to row 4 or below, and none
        // other: 8 straight down, 7 + 7 diagonals, 6 + 6 a knight's move
        // (1, -2) and (1, 2), and the springs two rows down from rows 2
        // and 3 (8 + 7 + 7 + 6 + 6 each, (2, -2) to (2, 2)).
        assert!(
            cut.iter().all(|s| s.j <= 3 && s.j as isize + s.dj >= 4),
            "{cut:?}"
        );
        assert_eq!(cut.len(), 8 + 7 + 7 + 6 + 6 + 2 * (8 + 7 + 7 + 6 + 6));
        // Only the springs the cloth has.
        let eight = |dj: isize, di: isize| dj.abs() <= 1 && di.abs() <= 1;
        let cut = crossed(
            &camera,
            w,
            h,
            (0.0, mid),
            (400.0, mid),
            &cloth,
            &torn,
            eight,
        );
        assert_eq!(cut.len(), 8 + 7 + 7);
        // None of length, or off the cloth.
        assert!(crossed(&camera, w, h, (5.0, mid), (5.0, mid), &cloth, &torn, all).is_empty());
        assert!(crossed(&camera, w, h, (0.0, 1.0), (400.0, 1.0), &cloth, &torn, all).is_empty());
    }

    #[test]
    fn a_stroke_over_two_layers_cuts_the_top_one() {
        // Two sheets, one behind the other: the grid's rows 0-3 at z = 0.5
        // and rows 4-7 folded back under them at z = -0.5 (the same x, y
        // as rows 3-0).
        let n = 8;
        let mut cloth = facing(n, 0.5);
        for j in 4..n {
            for i in 0..n {
                let k = j * n + i;
                let mirror = (n - 1 - j) * n + i;
                cloth.y[k] = cloth.y[mirror];
                cloth.z[k] = -0.5;
            }
        }
        let camera = Camera::default();
        let torn = Torn::new(n);
        let (w, h) = (400, 400);
        let y = |k: usize| f64::from(camera.project([0.0, cloth.y[k], 0.5], w, h).unwrap()[1]);
        // Between rows 1 and 2 of the top layer, across.
        let mid = (y(n) + y(2 * n)) / 2.0;
        let eight = |dj: isize, di: isize| dj.abs() <= 1 && di.abs() <= 1;
        let cut = crossed(
            &camera,
            w,
            h,
            (0.0, mid),
            (400.0, mid),
            &cloth,
            &torn,
            eight,
        );
        assert!(!cut.is_empty());
        assert!(cut.iter().all(|s| s.j == 1), "{cut:?}");
    }
}
