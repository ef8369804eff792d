use cloth_demo::sim::{Cloth, Model, Simulation, Thickness, FLOOR_Y};
fn folded_sheet(gap: f64) -> Cloth {
    let n = 32;
    let crease = (0.01f64 - gap * gap / 4.0).sqrt();
    let pts: Vec<[f64; 3]> = (0..n * n)
        .map(|k| {
            let (j, i) = (k / n, k % n);
            let x = 8.0 + (i as f64 - 16.0) * 0.1;
            match j {
                0..=15 => [x, FLOOR_Y, (j as f64 - 16.0) * 0.1],
                16 => [x, FLOOR_Y + gap / 2.0, -0.1 + crease],
                _ => [x, FLOOR_Y + gap, (16.0 - j as f64) * 0.1],
            }
        })
        .collect();
    Cloth::from_points(&pts).unwrap()
}
fn main() {
    let mut m = Model::ORIGINAL;
    m.self_collision =
        Some(Thickness::new(std::env::args().nth(1).unwrap().parse().unwrap()).unwrap());
    let mut sim = Simulation::resume_with(
        folded_sheet(std::env::args().nth(2).unwrap().parse().unwrap()),
        0,
        m,
    );
    let mut worst = f64::INFINITY;
    for s in 1..=400 {
        sim.step();
        let c = &sim.cloth;
        let n: usize = 32;
        let mut best = (f64::INFINITY, 0, 0);
        for a in 0..n * n {
            for b in a + 1..n * n {
                if (a / n).abs_diff(b / n) <= 1 && (a % n).abs_diff(b % n) <= 1 {
                    continue;
                }
                let p = c.point(a / n, a % n);
                let q = c.point(b / n, b % n);
                let d =
                    ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt();
                if d < best.0 {
                    best = (d, a, b);
                }
            }
        }
        if s % 50 == 0 {
            println!(
                "{s}: {:.4} [{}][{}] {:?} - [{}][{}] {:?}",
                best.0,
                best.1 / n,
                best.1 % n,
                c.point(best.1 / n, best.1 % n),
                best.2 / n,
                best.2 % n,
                c.point(best.2 / n, best.2 % n)
            );
        }
        worst = worst.min(best.0);
    }
    println!("worst {worst:.4}");
}
