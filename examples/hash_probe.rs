use cloth_demo::sim::{general::SpatialHash, Scene};
fn main() {
    let mut sim = Scene::Drape.simulation();
    sim.run(400);
    let mut h = SpatialHash::new();
    let mut best = f64::INFINITY;
    for _ in 0..30 {
        let t0 = std::time::Instant::now();
        for _ in 0..50 {
            let mut c = sim.cloth.clone();
            h.separate(&mut c, 0.05, 1, cloth_demo::sim::Pins::None);
        }
        best = best.min(t0.elapsed().as_secs_f64() / 50.0);
    }
    let mut stepbest = f64::INFINITY;
    for _ in 0..10 {
        let mut s = sim.clone();
        let t0 = std::time::Instant::now();
        s.run(20);
        stepbest = stepbest.min(t0.elapsed().as_secs_f64() / 20.0);
    }
    println!(
        "separate {:.1} us (min), drape step {:.3} ms (min)",
        best * 1e6,
        stepbest * 1e3
    );
}
