//! Contact with the floor and the spheres for the solvers with
//! velocities: a point that ends a (sub-)step inside is put back on the
//! surface, less the friction.

#![forbid(unsafe_code)]

use crate::sim::{Spheres, FLOOR_Y, SPHERE_COUNT};

/// Where point `p` goes when it ends a (sub-)step that started at `q`:
/// for the floor and then each sphere it is inside, the point on the
/// surface `t` (straight up onto the floor; out along the radius of the
/// sphere, or over its top from the very centre), less `friction` times
/// the move from `q` along the surface. CS184's `Sphere::collide` and
/// `Plane::collide` take `q + (1 - friction) (t - q)`; this takes only the
/// part along the surface, so the point stays on the surface rather than
/// on a chord inside a sphere. The floor is the article's ([`FLOOR_Y`]),
/// the spheres the scene's.
#[inline]
pub fn contact(p: [f64; 3], q: [f64; 3], spheres: &Spheres, friction: f64) -> [f64; 3] {
    let mut p = p;
    if p[1] < FLOOR_Y {
        p = [
            p[0] - friction * (p[0] - q[0]),
            FLOOR_Y,
            p[2] - friction * (p[2] - q[2]),
        ];
    }
    for k in 0..SPHERE_COUNT {
        let c = spheres.centres[k];
        let r = spheres.radii[k];
        let v = [p[0] - c[0], p[1] - c[1], p[2] - c[2]];
        let d = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
        if d >= r * r {
            continue;
        }
        if d == 0.0 {
            p = [c[0], c[1] + r, c[2]];
            continue;
        }
        let len = d.sqrt();
        let u = [v[0] / len, v[1] / len, v[2] / len];
        let t = [c[0] + u[0] * r, c[1] + u[1] * r, c[2] + u[2] * r];
        let m = [t[0] - q[0], t[1] - q[1], t[2] - q[2]];
        let along = m[0] * u[0] + m[1] * u[1] + m[2] * u[2];
        p = [
            t[0] - friction * (m[0] - along * u[0]),
            t[1] - friction * (m[1] - along * u[1]),
            t[2] - friction * (m[2] - along * u[2]),
        ];
    }
    p
}
