//! Picking the cloth point under the mouse (`render::pick`) on the demo's
//! draped 32 x 32 cloth at step 300, seen from the default camera in the
//! default 792x573 picture:
//!
//! - `pick/hit`: a pixel on the cloth (where the camera projects point
//!   `[16][16]`);
//! - `pick/miss`: a pixel of sky, where every triangle is tried and none
//!   met;
//! - `pick/plane`: the ray through a pixel meeting the plane through a
//!   grabbed point, as a drag does each frame.
//!
//! `cargo bench --bench pick`. A pick casts one ray against all 1,922
//! triangles: tens of microseconds, well under a frame's millisecond
//! budget for input.
#![forbid(unsafe_code)]

use criterion::{black_box, Criterion};

use cloth_demo::render::pick::{pick, Ray};
use cloth_demo::render::Camera;
use cloth_demo::sim::Simulation;

const W: u32 = 792;
const H: u32 = 573;

fn picking(c: &mut Criterion) {
    let mut sim = Simulation::new();
    sim.run(300);
    let cloth = sim.cloth;
    let camera = Camera::default();
    let grabbed = cloth.point(16, 16);
    let [x, y] = camera.project(grabbed, W, H).expect("[16][16] in view");
    let (x, y) = (f64::from(x), f64::from(y));
    let no_holes = |_: usize, _: usize, _: bool| false;
    assert!(pick(&camera, W, H, x, y, &cloth, no_holes).is_some());
    assert!(pick(&camera, W, H, 0.5, 0.5, &cloth, no_holes).is_none());

    let mut g = c.benchmark_group("pick");
    g.bench_function("hit", |b| {
        b.iter(|| pick(&camera, W, H, black_box(x), black_box(y), &cloth, no_holes))
    });
    g.bench_function("miss", |b| {
        b.iter(|| {
            pick(
                &camera,
                W,
                H,
                black_box(0.5),
                black_box(0.5),
                &cloth,
                no_holes,
            )
        })
    });
    let view = camera.view_direction();
    g.bench_function("plane", |b| {
        b.iter(|| {
            Ray::through_pixel(&camera, W, H, black_box(x + 7.0), black_box(y))
                .and_then(|ray| ray.point_on_plane(grabbed, view))
        })
    });
    g.finish();
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    picking(&mut c);
    c.final_summary();
}
