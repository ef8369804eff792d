//! The other programs' solvers (`Model::solver`: CS184's mass-spring,
//! Mosegaard's relaxation, Jolt's XPBD) with real figures, one module
//! each, then what all three must keep: finite from degenerate states,
//! the same bits on every run, thread count and instruction set
//! (`finite`), and a 300-step record of each (`golden`).
//!
//! Every start cloth whose grid matters is built here at the sheet's
//! spacing for its grid ([`hung`], [`level`]), so the tests do not depend
//! on the scenes' own start cloths.

mod finite;
mod golden;
mod mass_spring;
mod relaxation;
mod xpbd;

use cloth_demo::sim::solver::DT;
use cloth_demo::sim::{spacing, Cloth, Model, Pins, Simulation, Solver, Wind};

/// The grid lines, one point apart: the structural (stretch) links, each
/// seen from its first end in row-major order.
pub const STRETCH: [(isize, isize); 2] = [(0, 1), (1, 0)];
/// The diagonals (shear).
pub const SHEAR: [(isize, isize); 2] = [(1, -1), (1, 1)];
/// Two apart along the grid lines and the diagonals (Mosegaard's).
pub const BEND_ALL: [(isize, isize); 4] = [(0, 2), (2, -2), (2, 0), (2, 2)];

/// The original model under `solver`, calm, nothing pinned.
pub fn model(solver: Solver) -> Model {
    let mut m = Model::ORIGINAL;
    m.solver = solver;
    m.wind = Wind::CALM;
    m.gusts = false;
    m
}

/// `model(solver)` hung by `pins`.
pub fn pinned(solver: Solver, pins: Pins) -> Model {
    let mut m = model(solver);
    m.pins = pins;
    m
}

/// An `n x n` sheet hung straight down in the plane `z = -1.6`, at the
/// sheet's spacing for `n`: `x` from -1.6 across 3.1 m, `y = 2 - j s`
/// (every link at rest; the `j = 0` row is the top edge).
pub fn hung(n: usize) -> Cloth {
    let s = spacing(n);
    let pts: Vec<[f64; 3]> = (0..n * n)
        .map(|k| {
            let (j, i) = ((k / n) as f64, (k % n) as f64);
            [-1.6 + i * s, 2.0 - j * s, -1.6]
        })
        .collect();
    Cloth::from_points(&pts).unwrap()
}

/// An `n x n` sheet lying level at height `y`, at the sheet's spacing,
/// centred on `x = z = 0` (the `j = 0` row at `z = -1.55`).
pub fn level(n: usize, y: f64) -> Cloth {
    let s = spacing(n);
    let mid = (n - 1) as f64 / 2.0;
    let pts: Vec<[f64; 3]> = (0..n * n)
        .map(|k| {
            let (j, i) = ((k / n) as f64, (k % n) as f64);
            [(i - mid) * s, y, (j - mid) * s]
        })
        .collect();
    Cloth::from_points(&pts).unwrap()
}

/// The shortest and longest of the links at `offsets` over their rest
/// lengths (the sheet's spacing for its grid times the offset's length).
pub fn extent(cloth: &Cloth, offsets: &[(isize, isize)]) -> (f64, f64) {
    let n = cloth.n();
    let s = spacing(n);
    let (mut lo, mut hi) = (f64::INFINITY, 0.0f64);
    for j in 0..n {
        for i in 0..n {
            for &(dj, di) in offsets {
                let (jj, ii) = (j as isize + dj, i as isize + di);
                if jj < 0 || ii < 0 || jj >= n as isize || ii >= n as isize {
                    continue;
                }
                let (p, q) = (cloth.point(j, i), cloth.point(jj as usize, ii as usize));
                let d = [q[0] - p[0], q[1] - p[1], q[2] - p[2]];
                let len = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
                let ratio = len / (s * ((dj * dj + di * di) as f64).sqrt());
                lo = lo.min(ratio);
                hi = hi.max(ratio);
            }
        }
    }
    (lo, hi)
}

/// The kinetic energy per unit mass, m^2/s^2 summed over the points, from
/// the simulation's previous positions (its velocities).
pub fn kinetic(sim: &Simulation) -> f64 {
    let prev = sim.previous().expect("the solvers keep velocities");
    sim.cloth
        .points()
        .zip(prev.points())
        .map(|(p, q)| {
            let v = [(p[0] - q[0]) / DT, (p[1] - q[1]) / DT, (p[2] - q[2]) / DT];
            0.5 * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
        })
        .sum()
}

/// How far the middle of the top edge (the mean of its two middle points,
/// `n` even, or its middle point) is below `y = 2`.
pub fn top_sag(cloth: &Cloth) -> f64 {
    let n = cloth.n();
    let y = if n.is_multiple_of(2) {
        0.5 * (cloth.point(0, n / 2 - 1)[1] + cloth.point(0, n / 2)[1])
    } else {
        cloth.point(0, n / 2)[1]
    };
    2.0 - y
}
