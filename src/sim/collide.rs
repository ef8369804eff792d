//! Collisions: the floor clamp and the spheres' push, for one moved point.

#![forbid(unsafe_code)]

use super::constants::FLOOR_Y;
use super::spheres::{Spheres, SPHERE_COUNT};

/// Collisions for one moved point `p`: the floor clamp, then each sphere in
/// order, pushing a point inside it out along the radius onto its surface.
/// From the original's GameDraw(), after the spring sum.
#[inline(always)]
pub fn collide(p: [f64; 3], spheres: &Spheres) -> [f64; 3] {
    let [mut nx, mut ny, mut nz] = p;
    if ny < FLOOR_Y {
        ny = FLOOR_Y;
    }
    for k in 0..SPHERE_COUNT {
        let [sx, sy, sz] = spheres.centres[k];
        let r = spheres.radii[k];
        let d = (nx - sx) * (nx - sx) + (ny - sy) * (ny - sy) + (nz - sz) * (nz - sz);
        if d < r * r {
            if d == 0.0 {
                // At the centre there is no way out; go out through the top.
                ny = sy + r;
                continue;
            }
            let s = r / d.sqrt();
            nx = (nx - sx) * s + sx;
            ny = (ny - sy) * s + sy;
            nz = (nz - sz) * s + sz;
        }
    }
    [nx, ny, nz]
}
