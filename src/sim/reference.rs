//! The plain pass, line by line as the original's GameDraw() loop: the
//! oracle the fast pass is tested against, and the baseline it is
//! benchmarked against.
//!
//! It reads like the article's listing: for every point (`j` outer, `i`
//! inner) start `m` at gravity, visit the neighbours `jj = j-1..=j+1`,
//! `ii = i-1..=i+1` that are on the grid and are not the point itself, add
//! each spring's term, move, clamp to the floor and push out of the
//! spheres; only when every point is done do the new positions replace the
//! old (the original's copy-back loop; here the two buffers swap). Every
//! spring is computed from both ends, as in the original.
//!
//! A fair baseline: a run of steps ([`run`]) allocates its second buffer
//! once, and its loops are the C loops, so
//! it runs within a few per cent of the article's code compiled as plain C
//! (`gcc -O2`; `benches/compare_c.sh` in the repository times the two side
//! by side). The only additions to the original's arithmetic are the
//! degenerate cases of [`spring_term`] and [`collide`], branches the
//! original's runs never take. Change nothing here without the golden
//! tests passing.

#![forbid(unsafe_code)]

use super::{
    collide, spring_term, usual_spring_term, Cloth, Simulation, Spheres, DIST, GRAVITY, PASSES,
    SPACING,
};

/// Where point `[j][i]` moves in a pass from gravity and its springs,
/// before collisions: `p + m`, with `m` summed over the neighbours in the
/// original's order, `jj = j-1..=j+1` outer, `ii = i-1..=i+1` inner,
/// skipping cells outside the grid and the point itself.
///
/// # Panics
/// If `j` or `i` is `>= cloth.n()`.
#[inline(always)]
pub fn moved_point(cloth: &Cloth, j: usize, i: usize) -> [f64; 3] {
    // The loop with the original's spring term; should a spring be
    // degenerate (see `spring_term`), the point is summed again with the
    // term that handles it. (Two passes of one loop keep the degenerate
    // cases out of the loop the original runs.)
    sum_springs(cloth, j, i, usual_spring_term).unwrap_or_else(|| {
        sum_springs(cloth, j, i, |a, b, rest| Some(spring_term(a, b, rest))).unwrap_or_default()
    })
}

/// The move of point `[j][i]` with each spring's term from `term`; `None`
/// as soon as `term` gives none.
#[inline(always)]
fn sum_springs(
    cloth: &Cloth,
    j: usize,
    i: usize,
    term: impl Fn([f64; 3], [f64; 3], f64) -> Option<[f64; 3]>,
) -> Option<[f64; 3]> {
    let n = cloth.n();
    assert!(j < n && i < n, "point [{j}][{i}] is off the {n} x {n} grid");
    let (x, y, z) = (&cloth.x[..n * n], &cloth.y[..n * n], &cloth.z[..n * n]);
    let p = [x[j * n + i], y[j * n + i], z[j * n + i]];
    let (mut mx, mut my, mut mz) = (0.0, -GRAVITY, 0.0);
    // The neighbours' rows and columns, clipped to the grid.
    let rows = j.saturating_sub(1)..(j + 2).min(n);
    let columns = i.saturating_sub(1)..(i + 2).min(n);
    for jj in rows {
        let (rx, ry, rz) = (&x[jj * n..][..n], &y[jj * n..][..n], &z[jj * n..][..n]);
        let dist = &DIST[2 + jj - j];
        for ii in columns.clone() {
            if ii == i && jj == j {
                continue;
            }
            let rest = SPACING * dist[2 + ii - i];
            let [tx, ty, tz] = term(p, [rx[ii], ry[ii], rz[ii]], rest)?;
            mx += tx;
            my += ty;
            mz += tz;
        }
    }
    Some([p[0] + mx, p[1] + my, p[2] + mz])
}

/// One pass, double buffered: every point of `dst` is where the point of
/// `src` moves (moved, then collided), from `src`'s positions alone.
///
/// # Panics
/// If `src` and `dst` are not the same size.
pub fn pass(src: &Cloth, dst: &mut Cloth, spheres: &Spheres) {
    let n = src.n();
    assert_eq!(dst.n(), n, "pass: buffers of different sizes");
    for j in 0..n {
        for i in 0..n {
            let [x, y, z] = collide(moved_point(src, j, i), spheres);
            let k = j * n + i;
            dst.x[k] = x;
            dst.y[k] = y;
            dst.z[k] = z;
        }
    }
}

/// One step with the plain pass: move the spheres, then fifteen passes,
/// each into a second buffer and swapped back. Gives the same bits as
/// [`Simulation::step`]. The model is not read: this is the original's
/// step.
pub fn step(sim: &mut Simulation) {
    run(sim, 1);
}

/// `count` [`step`]s, with one second buffer for them all (so that a run
/// allocates once, however long).
pub fn run(sim: &mut Simulation, count: u64) {
    let mut back = sim.cloth.clone();
    for _ in 0..count {
        sim.spheres.step();
        for _ in 0..PASSES {
            pass(&sim.cloth, &mut back, &sim.spheres);
            std::mem::swap(&mut sim.cloth, &mut back);
        }
    }
}
