//! The article's "what ifs", run side by side: each model from the flat
//! sheet for a number of steps, and what it did to the cloth.
//!
//!     cargo run --release --example what_if          # 400 steps
//!     cargo run --release --example what_if -- 1000
//!
//! For each model it prints, after the last step: the lowest and highest
//! point (y), the spread of the sheet (its extent in x and z), where its
//! middle is (the mean x and z: a lopsided heap moves it), the
//! shortest and longest edge spring (rest 0.1), the thinnest square (the
//! shorter of its diagonals over the longer: 1 for a square, near 0 for a
//! thin diamond), the closest pair of points two apart along a grid line
//! (rest 0.2; near 0 where the sheet is folded flat on itself), and the
//! shortest edge spring over the whole run.
//!
//! Uses only `cloth_demo::sim`, as `default-features = false` builds it.

use std::process::ExitCode;

use cloth_demo::sim::{Buffering, Cloth, Model, Order, Passes, Simulation, SpringLaw};

/// The figures printed for one state.
struct Figures {
    lowest: f64,
    highest: f64,
    spread_x: f64,
    spread_z: f64,
    mean_x: f64,
    mean_z: f64,
    shortest_edge: f64,
    longest_edge: f64,
    thinnest_square: f64,
    closest_two_away: f64,
}

fn dist(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

fn figures(c: &Cloth) -> Figures {
    let n = c.n();
    let (mut f, mut lo_x, mut hi_x, mut lo_z, mut hi_z) = (
        Figures {
            lowest: f64::INFINITY,
            highest: f64::NEG_INFINITY,
            spread_x: 0.0,
            spread_z: 0.0,
            mean_x: c.x.iter().sum::<f64>() / (n * n) as f64,
            mean_z: c.z.iter().sum::<f64>() / (n * n) as f64,
            shortest_edge: f64::INFINITY,
            longest_edge: 0.0,
            thinnest_square: f64::INFINITY,
            closest_two_away: f64::INFINITY,
        },
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
    );
    for j in 0..n {
        for i in 0..n {
            let p = c.point(j, i);
            f.lowest = f.lowest.min(p[1]);
            f.highest = f.highest.max(p[1]);
            lo_x = lo_x.min(p[0]);
            hi_x = hi_x.max(p[0]);
            lo_z = lo_z.min(p[2]);
            hi_z = hi_z.max(p[2]);
            for (dj, di) in [(0, 1), (1, 0)] {
                if j + dj < n && i + di < n {
                    let len = dist(p, c.point(j + dj, i + di));
                    f.shortest_edge = f.shortest_edge.min(len);
                    f.longest_edge = f.longest_edge.max(len);
                }
                if j + 2 * dj < n && i + 2 * di < n {
                    f.closest_two_away = f
                        .closest_two_away
                        .min(dist(p, c.point(j + 2 * dj, i + 2 * di)));
                }
            }
            if j + 1 < n && i + 1 < n {
                let a = dist(p, c.point(j + 1, i + 1));
                let b = dist(c.point(j, i + 1), c.point(j + 1, i));
                f.thinnest_square = f.thinnest_square.min(a.min(b) / a.max(b));
            }
        }
    }
    f.spread_x = hi_x - lo_x;
    f.spread_z = hi_z - lo_z;
    f
}

fn main() -> ExitCode {
    let steps = match std::env::args().nth(1).map(|s| s.parse::<u64>()) {
        None => 400,
        Some(Ok(n)) => n,
        Some(Err(_)) => {
            eprintln!("what_if: the step count must be a whole number, e.g. 400");
            return ExitCode::from(2);
        }
    };
    let o = Model::ORIGINAL;
    let mut models = vec![("original", o)];
    for (name, passes) in [("1 pass", 1), ("5 passes", 5), ("30 passes", 30)] {
        let mut m = o;
        m.passes = Passes::new(passes).expect("in range");
        models.push((name, m));
    }
    let mut m = o;
    m.springs.diagonals = false;
    models.push(("no diagonals", m));
    let mut m = o;
    m.springs.bend = true;
    models.push(("bending springs", m));
    let mut m = o;
    m.buffering = Buffering::InPlace;
    models.push(("in place, rows", m));
    m.order = Order::Reversed;
    models.push(("in place, reversed", m));
    let mut m = o;
    m.law = SpringLaw::Hooke;
    models.push(("Hooke's law", m));

    println!("after {steps} steps, from the flat sheet:");
    println!(
        "{:<20} {:>7} {:>7} {:>6} {:>6} {:>6} {:>6} {:>8} {:>8} {:>7} {:>7} {:>9}",
        "model",
        "lowest",
        "highest",
        "x",
        "z",
        "mean x",
        "mean z",
        "edge min",
        "edge max",
        "square",
        "2-away",
        "run min"
    );
    for (name, model) in models {
        let mut sim = Simulation::with_model(model);
        let mut run_min = f64::INFINITY;
        for _ in 0..steps {
            sim.step();
            run_min = run_min.min(figures(&sim.cloth).shortest_edge);
        }
        let f = figures(&sim.cloth);
        println!(
            "{name:<20} {:>7.3} {:>7.3} {:>6.2} {:>6.2} {:>6.2} {:>6.2} {:>8.4} {:>8.4} {:>7.3} {:>7.4} {:>9.2e}",
            f.lowest,
            f.highest,
            f.spread_x,
            f.spread_z,
            f.mean_x,
            f.mean_z,
            f.shortest_edge,
            f.longest_edge,
            f.thinnest_square,
            f.closest_two_away,
            run_min
        );
    }
    ExitCode::SUCCESS
}
