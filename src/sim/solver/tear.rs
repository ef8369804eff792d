//! Tearing under the solvers with velocities: at the end of a step, every
//! link stretched past the factor breaks.

#![forbid(unsafe_code)]

use super::Links;
use crate::sim::{Cloth, Torn};

/// Break every link longer than `factor` times its rest length (or whose
/// length is not finite), for good, into `torn`, in the links' order, all
/// measured on the same positions. Returns how many broke. The links are
/// remade without them at the next step.
pub(super) fn tear(cloth: &Cloth, links: &Links, factor: f64, torn: &mut Torn) -> usize {
    let n = cloth.n();
    let mut broke = 0;
    for l in 0..links.len() {
        let (a, b) = (links.a[l] as usize, links.b[l] as usize);
        let v = [
            cloth.x[b] - cloth.x[a],
            cloth.y[b] - cloth.y[a],
            cloth.z[b] - cloth.z[a],
        ];
        let d = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
        let rest = links.rest[l];
        if d.is_finite() && d.sqrt() <= factor * rest {
            continue;
        }
        let (dj, di) = links.offset[l];
        if torn.tear(a / n, a % n, dj as isize, di as isize) {
            broke += 1;
        }
    }
    broke
}
