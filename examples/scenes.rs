//! The presets run side by side: what each does to the cloth over a run.
//!
//!     cargo run --release --example scenes            # 900 steps, a line every 60
//!     cargo run --release --example scenes -- 3000 300
//!
//! For each scene, every so many steps: the free edge's middle (the mean
//! of the last row, `j = n - 1`: the curtain's hem, the flag's fly end),
//! how far the edge moved since the last line, the lowest and highest
//! point, the number of bends in the middle column (sign changes of its
//! curvature out of the start plane: the flag's ripples), and for the
//! drape the closest two points that are not grid neighbours and how many
//! points lie in each layer of the heap (within 0.01 of `0.05 k` above the
//! floor, `k` = 0 to 3). Pinned points are checked to be where they
//! started, to the bit.
//!
//! Uses only `cloth_demo::sim`, as `default-features = false` builds it.

use std::process::ExitCode;

use cloth_demo::sim::{Cloth, Scene, FLOOR_Y};

fn dist(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// The free edge's middle: the mean of the last row.
fn edge(c: &Cloth) -> [f64; 3] {
    let n = c.n();
    let mut m = [0.0; 3];
    for i in 0..n {
        let p = c.point(n - 1, i);
        for a in 0..3 {
            m[a] += p[a] / n as f64;
        }
    }
    m
}

/// Bends in the middle column: sign changes of the second difference of
/// `axis` along `j`, ignoring those under a thousandth.
fn bends(c: &Cloth, axis: usize) -> usize {
    let n = c.n();
    let v: Vec<f64> = (0..n).map(|j| c.point(j, n / 2)[axis]).collect();
    let mut last = 0.0f64;
    let mut count = 0;
    for j in 1..n - 1 {
        let dd = v[j + 1] - 2.0 * v[j] + v[j - 1];
        if dd.abs() > 1e-3 {
            if last != 0.0 && dd.signum() != last.signum() {
                count += 1;
            }
            last = dd;
        }
    }
    count
}

/// The closest two points that are not grid neighbours.
fn closest(c: &Cloth) -> f64 {
    let n = c.n();
    let pts: Vec<[f64; 3]> = c.points().collect();
    let mut best = f64::INFINITY;
    for a in 0..n * n {
        for b in a + 1..n * n {
            if (a / n).abs_diff(b / n) > 1 || (a % n).abs_diff(b % n) > 1 {
                best = best.min(dist(pts[a], pts[b]));
            }
        }
    }
    best
}

fn main() -> ExitCode {
    let arg = |k: usize, default: u64| match std::env::args().nth(k).map(|s| s.parse::<u64>()) {
        None => Some(default),
        Some(Ok(v)) if v > 0 => Some(v),
        Some(_) => None,
    };
    let (Some(steps), Some(every)) = (arg(1, 900), arg(2, 60)) else {
        eprintln!(
            "scenes: give the steps and the steps between lines as whole numbers, e.g. 900 60"
        );
        return ExitCode::from(2);
    };
    for scene in Scene::ALL {
        let mut sim = scene.simulation();
        let start = sim.cloth.clone();
        let model = sim.model();
        let pinned = model.pins.points(start.n());
        println!("{scene}: {}", scene.summary());
        // The curtain and flag bend out of their start planes (z, y).
        let axis = if scene == Scene::Flag { 1 } else { 2 };
        let mut last = edge(&sim.cloth);
        for s in 1..=steps {
            sim.step();
            if s % every != 0 {
                continue;
            }
            let c = &sim.cloth;
            let e = edge(c);
            let lo = c.y.iter().cloned().fold(f64::INFINITY, f64::min);
            let hi = c.y.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            let mut line = format!(
                "  {s:5}: edge ({:6.3}, {:6.3}, {:6.3}) moved {:5.3}, y {lo:6.3} to {hi:6.3}, bends {:2}",
                e[0],
                e[1],
                e[2],
                dist(e, last),
                bends(c, axis)
            );
            last = e;
            if model.self_collision.is_some() || scene == Scene::Original {
                let t = 0.05;
                let layers: Vec<usize> = (0..4)
                    .map(|k| {
                        let y = FLOOR_Y + t * k as f64;
                        c.y.iter().filter(|&&v| (v - y).abs() < 0.01).count()
                    })
                    .collect();
                line += &format!(", closest {:.4}, layers {layers:?}", closest(c));
            }
            let held = pinned.iter().all(|&k| {
                let (j, i) = (k / start.n(), k % start.n());
                c.point(j, i).map(f64::to_bits) == start.point(j, i).map(f64::to_bits)
            });
            if !held {
                line += ", PINNED POINT MOVED";
            }
            println!("{line}");
        }
    }
    ExitCode::SUCCESS
}
