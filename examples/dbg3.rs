use cloth_demo::sim::{general::SpatialHash, Cloth, Pins};
fn count(c: &Cloth, t: f64) -> (usize, f64) {
    let n: usize = 32;
    let mut k = 0;
    let mut w = f64::INFINITY;
    for a in 0..n * n {
        for b in a + 1..n * n {
            if (a / n).abs_diff(b / n) <= 1 && (a % n).abs_diff(b % n) <= 1 {
                continue;
            }
            let p = c.point(a / n, a % n);
            let q = c.point(b / n, b % n);
            let d = ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt();
            if d < t {
                k += 1;
                w = w.min(d);
            }
        }
    }
    (k, w)
}
fn main() {
    let mut m = cloth_demo::sim::Model::ORIGINAL;
    m.self_collision = Some(cloth_demo::sim::Thickness::default());
    let mut sim = cloth_demo::sim::Simulation::resume_with(folded(0.075), 0, m);
    sim.run(21);
    let spheres = sim.spheres.clone();
    let mut plain = m;
    plain.self_collision = None;
    let mut c = sim.cloth.clone();
    let mut back = c.clone();
    let mut h = SpatialHash::new();
    for p in 0..15 {
        cloth_demo::sim::general::pass(&mut c, &mut back, &spheres, &plain);
        let before = count(&c, 0.05);
        let mut pushes = vec![];
        for _ in 0..6 {
            pushes.push(h.separate(&mut c, 0.05, 1, Pins::None));
            if pushes.len() == 1 {
                println!(
                    "pass {p}: after moves {:?}, after 1 separate {:?}",
                    before,
                    count(&c, 0.05)
                );
            }
        }
        println!(
            "   after 6 separates {:?} pushes {:?}",
            count(&c, 0.05),
            pushes
        );
    }
}
fn folded(gap: f64) -> Cloth {
    let n = 32;
    let crease = (0.01f64 - gap * gap / 4.0).sqrt();
    let pts: Vec<[f64; 3]> = (0..n * n)
        .map(|k| {
            let (j, i) = (k / n, k % n);
            let x = 8.0 + (i as f64 - 16.0) * 0.1;
            match j {
                0..=15 => [x, cloth_demo::sim::FLOOR_Y, (j as f64 - 16.0) * 0.1],
                16 => [x, cloth_demo::sim::FLOOR_Y + gap / 2.0, -0.1 + crease],
                _ => [x, cloth_demo::sim::FLOOR_Y + gap, (16.0 - j as f64) * 0.1],
            }
        })
        .collect();
    Cloth::from_points(&pts).unwrap()
}
