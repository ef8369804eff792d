//! Tearing: at the end of a step, the springs stretched too far break.

#![forbid(unsafe_code)]

use super::point::springs_at;
use crate::sim::model::{Model, TearFactor};
use crate::sim::{spacing, Cloth, Torn};

/// Break every spring of `model` longer than `factor` times its rest
/// length, for good, into `torn`. The rest lengths are the cloth's grid's
/// ([`springs_at`] with [`spacing`]`(n)`: the article's at 32), so a
/// sheet tears at the same stretch at every grid. The springs are visited
/// in a fixed order, each from its first end in row-major order and then
/// in the model's order of springs, and every one is measured on the same
/// positions, so a run repeats exactly. A spring's length is the square
/// root of `d = vx*vx + vy*vy + vz*vz`, as the spring's own term works it
/// out; one whose `d` is not finite (points more than about 1e154 apart)
/// breaks too. Returns how many broke.
pub fn tear(cloth: &Cloth, model: &Model, factor: TearFactor, torn: &mut Torn) -> usize {
    let n = cloth.n();
    let f = factor.get();
    let ahead: Vec<(isize, isize, f64)> = springs_at(model, spacing(n))
        .into_iter()
        .filter(|&(dj, di, _)| dj > 0 || (dj == 0 && di > 0))
        .collect();
    let mut broke = 0;
    for j in 0..n {
        for i in 0..n {
            let a = cloth.point(j, i);
            for &(dj, di, rest) in &ahead {
                let (jj, ii) = (j.wrapping_add_signed(dj), i.wrapping_add_signed(di));
                if jj >= n || ii >= n || torn.contains(j, i, dj, di) {
                    continue;
                }
                let b = cloth.point(jj, ii);
                let v = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
                let d = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
                let too_long = !d.is_finite() || d.sqrt() > f * rest;
                if too_long && torn.tear(j, i, dj, di) {
                    broke += 1;
                }
            }
        }
    }
    broke
}
