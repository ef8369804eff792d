//! The plain pass, line by line as the original's GameDraw() loop: the
//! oracle the fast pass is tested against, and the baseline it is
//! benchmarked against.
//!
//! Slow on purpose: it visits every point, looks up each neighbour with
//! bounds checks, computes every spring twice (once from each end) and
//! allocates the new buffer each pass. Change nothing here without the
//! golden tests passing.

use super::{collide, spring_term, Cloth, Simulation, Spheres, DIST, GRAVITY, PASSES, SPACING};

/// Where point `[j][i]` moves in a pass from gravity and its springs,
/// before collisions: `p + m`, with `m` summed over the neighbours in the
/// original's order, `jj = j-1..=j+1` outer, `ii = i-1..=i+1` inner,
/// skipping cells outside the grid and the point itself.
///
/// # Panics
/// If `j` or `i` is `>= cloth.n()`.
pub fn moved_point(cloth: &Cloth, j: usize, i: usize) -> [f64; 3] {
    let n = cloth.n();
    let [px, py, pz] = cloth.point(j, i);
    let (mut mx, mut my, mut mz) = (0.0, -GRAVITY, 0.0);
    for jj in j.saturating_sub(1)..=(j + 1).min(n - 1) {
        for ii in i.saturating_sub(1)..=(i + 1).min(n - 1) {
            if ii == i && jj == j {
                continue;
            }
            let rest = SPACING * DIST[2 + jj - j][2 + ii - i];
            let [tx, ty, tz] = spring_term([px, py, pz], cloth.point(jj, ii), rest);
            mx += tx;
            my += ty;
            mz += tz;
        }
    }
    [px + mx, py + my, pz + mz]
}

/// One pass, double buffered: every point's new position (moved, then
/// collided) from the old positions, then all replaced together.
pub fn pass(cloth: &mut Cloth, spheres: &Spheres) {
    let n = cloth.n();
    let mut next = cloth.clone();
    for j in 0..n {
        for i in 0..n {
            let [x, y, z] = collide(moved_point(cloth, j, i), spheres);
            let k = j * n + i;
            next.x[k] = x;
            next.y[k] = y;
            next.z[k] = z;
        }
    }
    *cloth = next;
}

/// One step with the plain pass: move the spheres, then fifteen passes.
/// Gives the same bits as [`Simulation::step`].
pub fn step(sim: &mut Simulation) {
    sim.spheres.step();
    for _ in 0..PASSES {
        pass(&mut sim.cloth, &sim.spheres);
    }
}
