//! How often a 64 x 64 XPBD sheet with self-collision passes through
//! itself as it piles onto the floor, and what a step costs.
//!
//!     cargo run --release --no-default-features --example solver_crossings
//!     cargo run --release --no-default-features --example solver_crossings -- --trace
//!     cargo run --release --no-default-features --example solver_crossings -- --no-self-collision
//!
//! (`--trace` prints each check's count; `--no-self-collision` runs the
//! same sheet without it, for comparison.)
//!
//! The sheet (cotton, the default sub-steps, self-collision at the default
//! thickness, one thread) stands on its bottom edge behind the spheres, in
//! the plane `z = -2.2`, its rows 0.002 in and out to start the buckle,
//! and folds down onto the floor. Every third step for 6 s (360 steps)
//! the cloth's triangles (each grid square cut along the diagonal from
//! `[j][i+1]` to `[j+1][i]`, as the picture cuts it) are checked against
//! its edges (the grid lines and those diagonals): an edge crossing the
//! inside of a triangle it shares no point with is the cloth passing
//! through itself. Printed: the crossings summed over the 120 checks,
//! the most in one check, how many checks had any, and the milliseconds
//! a step (the steps alone, not the checks).

use std::time::Instant;

use cloth_demo::sim::{spacing, Cloth, Model, Simulation, Solver, Thickness, FLOOR_Y};

/// The sheet standing on its edge, as `benches/solvers.rs` starts it.
fn standing(n: usize) -> Cloth {
    let s = spacing(n);
    let pts: Vec<[f64; 3]> = (0..n * n)
        .map(|k| {
            let (j, i) = ((k / n) as f64, (k % n) as f64);
            [
                -1.55 + i * s,
                FLOOR_Y + 0.05 + j * s,
                -2.2 + 0.002 * (j % 2.0),
            ]
        })
        .collect();
    Cloth::from_points(&pts).expect("n x n points")
}

fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Whether the segment `p q` crosses the inside of triangle `a b c`
/// (Moller and Trumbore's test; a segment in the triangle's plane does
/// not count).
fn crosses(p: [f64; 3], q: [f64; 3], [a, b, c]: [[f64; 3]; 3]) -> bool {
    let (e1, e2, dir) = (sub(b, a), sub(c, a), sub(q, p));
    let h = cross(dir, e2);
    let det = dot(e1, h);
    if det == 0.0 {
        return false;
    }
    let s = sub(p, a);
    let u = dot(s, h) / det;
    if !(0.0..=1.0).contains(&u) {
        return false;
    }
    let r = cross(s, e1);
    let v = dot(dir, r) / det;
    if v < 0.0 || u + v > 1.0 {
        return false;
    }
    let t = dot(e2, r) / det;
    t > 0.0 && t < 1.0
}

/// The crossings of `cloth`'s edges through its triangles, found through
/// a grid of cells `cell` wide holding each triangle's bounding box.
fn crossings(cloth: &Cloth, cell: f64) -> usize {
    let n = cloth.n();
    let at = |k: usize| cloth.point(k / n, k % n);
    let mut tris: Vec<[usize; 3]> = Vec::new();
    let mut edges: Vec<[usize; 2]> = Vec::new();
    for j in 0..n {
        for i in 0..n {
            let k = j * n + i;
            if i + 1 < n {
                edges.push([k, k + 1]);
            }
            if j + 1 < n {
                edges.push([k, k + n]);
            }
            if i + 1 < n && j + 1 < n {
                edges.push([k + 1, k + n]);
                tris.push([k, k + 1, k + n]);
                tris.push([k + 1, k + n, k + n + 1]);
            }
        }
    }
    let key = |p: [f64; 3]| p.map(|v| (v / cell).floor() as i64);
    let mut grid: std::collections::HashMap<[i64; 3], Vec<usize>> = Default::default();
    for (t, tri) in tris.iter().enumerate() {
        let ps = tri.map(at);
        let lo = key([0, 1, 2].map(|a| ps.iter().map(|p| p[a]).fold(f64::INFINITY, f64::min)));
        let hi = key([0, 1, 2].map(|a| ps.iter().map(|p| p[a]).fold(f64::NEG_INFINITY, f64::max)));
        for x in lo[0]..=hi[0] {
            for y in lo[1]..=hi[1] {
                for z in lo[2]..=hi[2] {
                    grid.entry([x, y, z]).or_default().push(t);
                }
            }
        }
    }
    let mut seen = vec![usize::MAX; tris.len()];
    let mut count = 0;
    for (e, &[u, w]) in edges.iter().enumerate() {
        let (p, q) = (at(u), at(w));
        let (lo, hi) = (key(p.map2(q, f64::min)), key(p.map2(q, f64::max)));
        for x in lo[0]..=hi[0] {
            for y in lo[1]..=hi[1] {
                for z in lo[2]..=hi[2] {
                    for &t in grid.get(&[x, y, z]).into_iter().flatten() {
                        let tri = tris[t];
                        if seen[t] == e || tri.contains(&u) || tri.contains(&w) {
                            continue;
                        }
                        seen[t] = e;
                        if crosses(p, q, tri.map(at)) {
                            count += 1;
                        }
                    }
                }
            }
        }
    }
    count
}

/// `[f64; 3]` taken pairwise.
trait Map2 {
    fn map2(self, o: Self, f: fn(f64, f64) -> f64) -> Self;
}

impl Map2 for [f64; 3] {
    fn map2(self, o: Self, f: fn(f64, f64) -> f64) -> Self {
        [f(self[0], o[0]), f(self[1], o[1]), f(self[2], o[2])]
    }
}

fn main() {
    let n = 64;
    let mut m = Model::ORIGINAL;
    m.solver = Solver::Xpbd;
    m.self_collision = Some(Thickness::default());
    let args: Vec<String> = std::env::args().skip(1).collect();
    let trace = args.iter().any(|a| a == "--trace");
    if args.iter().any(|a| a == "--no-self-collision") {
        m.self_collision = None;
    }
    let mut sim = Simulation::resume_with(standing(n), 0, m);
    sim.set_threads(Some(1));
    let (mut total, mut most, mut with_any) = (0, 0, 0);
    let mut stepping = 0.0;
    for step in 1..=360 {
        let t = Instant::now();
        sim.step();
        stepping += t.elapsed().as_secs_f64();
        if step % 3 == 0 {
            let c = crossings(&sim.cloth, 2.0 * spacing(n));
            total += c;
            most = most.max(c);
            with_any += usize::from(c > 0);
            if trace {
                println!("  step {step}: {c}");
            }
        }
    }
    let lowest = sim
        .cloth
        .points()
        .map(|p| p[1])
        .fold(f64::INFINITY, f64::min);
    let highest = sim
        .cloth
        .points()
        .map(|p| p[1])
        .fold(f64::NEG_INFINITY, f64::max);
    let with = if m.self_collision.is_some() {
        "with"
    } else {
        "without"
    };
    println!("64 x 64 XPBD {with} self-collision, piling on the floor, 360 steps:");
    println!("  edges through triangles, every third step: {total} in all, at most {most} at once, in {with_any} of 120 checks");
    println!("  {:.3} ms a step (one thread)", stepping * 1e3 / 360.0);
    println!("  at the end the cloth spans y = {lowest:.3} to {highest:.3}");
}
