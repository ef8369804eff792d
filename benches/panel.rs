//! What a panel reads of the running demo each frame it is shown: every
//! control's value and whether it can be used, from the one table of
//! controls (the window's panel compares them with the last frame's to
//! decide whether to lay itself out again; the page sets its form from
//! them), and the page's address for the demo's choices, written after
//! each change.
//!
//!     cargo bench --bench panel
//!
//! Throughput is one panel frame an iteration, on the original and on the
//! curtain (whose features make Damping and the wind sliders read values).

use std::hint::black_box;
use std::time::Instant;

use criterion::{criterion_main, Criterion, Throughput};

use cloth_demo::app::controls::CONTROLS;
use cloth_demo::app::demo::{Clock, Demo};
use cloth_demo::sim::Scene;

fn panel(c: &mut Criterion) {
    let mut group = c.benchmark_group("panel");
    group.throughput(Throughput::Elements(1));
    for scene in [Scene::Original, Scene::Curtain] {
        let mut demo = Demo::with_scene(Clock::Held(0), scene, scene.model(), scene.shade());
        demo.frame(Instant::now());
        group.bench_function(format!("values/{scene}"), |b| {
            b.iter(|| {
                let shown: Vec<_> = CONTROLS
                    .iter()
                    .map(|c| (demo.value(c.id), demo.enabled(c.id)))
                    .collect();
                black_box(shown)
            })
        });
        group.bench_function(format!("query/{scene}"), |b| {
            b.iter(|| black_box(demo.choices().query()))
        });
    }
    group.finish();
}

/// The benchmark, as criterion's macros group it (the function they make
/// carries no docs).
#[allow(missing_docs)]
mod group {
    use super::panel;
    criterion::criterion_group!(benches, panel);
}
criterion_main!(group::benches);
