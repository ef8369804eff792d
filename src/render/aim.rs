//! What a zoom aims at: the nearest thing drawn under a pixel, the cloth
//! (less its holes), a sphere as drawn or the floor board, as 3-D viewers
//! zoom toward what is under the cursor. Beside [`super::pick`], whose
//! cloth hit it takes.
#![forbid(unsafe_code)]

use glam::DVec3;

use super::camera::{Camera, FAR, NEAR};
use super::pick::{hit, Ray};
use crate::render::scene::{DRAWN_SPHERE_RADIUS, FLOOR_SQUARE, FLOOR_SQUARES, FLOOR_Y};
use crate::sim::Simulation;

/// Where `ray` first meets the sphere of `centre` and `radius`, as `t`
/// along it (the sphere's outside; from inside, where it leaves).
fn meet_sphere(o: DVec3, d: DVec3, centre: DVec3, radius: f64) -> Option<f64> {
    let oc = o - centre;
    let b = oc.dot(d);
    let disc = b * b - (oc.length_squared() - radius * radius);
    // Below 0 (or NaN): the ray passes the sphere by.
    if disc.is_nan() || disc < 0.0 {
        return None;
    }
    let root = disc.sqrt();
    [-b - root, -b + root].into_iter().find(|&t| t >= 0.0)
}

/// Where `ray` meets the floor board (y = [`FLOOR_Y`], from -2 to 2 in x
/// and z), as `t` along it.
fn meet_floor(ray: &Ray) -> Option<f64> {
    let half = FLOOR_SQUARES as f64 * FLOOR_SQUARE / 2.0;
    let (o, d) = (DVec3::from(ray.origin), DVec3::from(ray.direction));
    let t = (FLOOR_Y - o.y) / d.y;
    if !(t >= 0.0 && t.is_finite()) {
        return None;
    }
    let p = o + t * d;
    (p.x.abs() <= half && p.z.abs() <= half).then_some(t)
}

/// The nearest point drawn that `ray` meets, world units: on the cloth of
/// `sim` (its torn triangles passed through, as [`hit`] does), one of its
/// spheres as drawn ([`DRAWN_SPHERE_RADIUS`]) or the floor board, counting
/// only what `camera` draws (between its near and far planes). `None` when
/// the ray meets nothing (the black round the scene).
pub fn drawn_point(camera: &Camera, ray: &Ray, sim: &Simulation) -> Option<[f64; 3]> {
    let (o, d) = (DVec3::from(ray.origin), DVec3::from(ray.direction));
    let ahead = d.dot(DVec3::from(camera.view_direction()));
    let in_view = |t: &f64| (f64::from(NEAR)..=f64::from(FAR)).contains(&(t * ahead));
    let torn = sim.torn();
    let cloth = hit(camera, ray, &sim.cloth, |j, i, second| {
        torn.triangle_torn(j, i, second)
    })
    .map(|h| h.t);
    let spheres = sim
        .spheres
        .centres
        .iter()
        .filter_map(|&c| meet_sphere(o, d, DVec3::from(c), DRAWN_SPHERE_RADIUS));
    let t = cloth
        .into_iter()
        .chain(spheres)
        .chain(meet_floor(ray))
        .filter(in_view)
        .min_by(f64::total_cmp)?;
    Some(ray.at(t))
}
