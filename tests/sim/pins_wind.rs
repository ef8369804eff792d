//! Pins and wind, with real figures: pinned points never move, to the bit;
//! a spring to a pinned point pulls only its free end; a sheet square to
//! the wind moves `wind` a pass at its inner points and drifts with it, one
//! edge-on to it does not move sideways at all; the gusts are the
//! documented function of the step count.

use crate::common::golden_cloth;
use cloth_demo::sim::general::{self, wind};
use cloth_demo::sim::{
    collide, spacing, Cloth, Damping, Model, Pins, Scene, Simulation, Spheres, Thickness, Wind,
    SPACING, SPHERE_COUNT,
};

fn model(f: impl FnOnce(&mut Model)) -> Model {
    let mut m = Model::ORIGINAL;
    f(&mut m);
    m
}

fn bits(c: &Cloth) -> Vec<[u64; 3]> {
    c.points().map(|p| p.map(f64::to_bits)).collect()
}

/// Spheres far from everything, for passes of the cloth alone.
fn far_spheres() -> Spheres {
    Spheres::new(
        0,
        [[100.0, 100.0, 100.0]; SPHERE_COUNT],
        [0.5; SPHERE_COUNT],
    )
}

/// An `n x n` sheet standing upright in the plane `z = 5`, high above the
/// floor and clear of the spheres: point `[j][i]` at `x = 10 + h i`,
/// `y = 20 + h j`, `h` 0.1 (for the general pass, which has the article's
/// constants on any grid). Every spring at rest (to a rounding).
fn standing_sheet(n: usize) -> Cloth {
    standing_sheet_at(n, SPACING)
}

/// [`standing_sheet`] with its points `h` apart: `spacing(n)` for a
/// simulation, which runs the article's law scaled to the grid.
fn standing_sheet_at(n: usize, h: f64) -> Cloth {
    let pts: Vec<[f64; 3]> = (0..n * n)
        .map(|k| {
            let (j, i) = ((k / n) as f64, (k % n) as f64);
            [10.0 + i * h, 20.0 + j * h, 5.0]
        })
        .collect();
    Cloth::from_points(&pts).unwrap()
}

// --- Pins ---

#[test]
fn pinned_points_are_bit_identical_after_1000_steps() {
    // The curtain's pins under its own model and under heavier ones: its
    // rod, and two pegs, never move by a bit, whatever the wind, the
    // inertia, the self-collision or the springs do.
    let cases = [
        ("curtain", Scene::Curtain.model()),
        (
            "corners, wind, inertia 0, self-collision",
            model(|m| {
                m.pins = Pins::Corners;
                m.wind = Wind::new([0.0005, 0.0, -0.0004]).unwrap();
                m.gusts = true;
                m.inertia = Some(Damping::new(0.0).unwrap());
                m.self_collision = Some(Thickness::default());
            }),
        ),
        (
            "top, bending, in place, Hooke",
            model(|m| {
                m.pins = Pins::Top;
                m.springs.bend = true;
                m.buffering = cloth_demo::sim::Buffering::InPlace;
                m.law = cloth_demo::sim::SpringLaw::Hooke;
            }),
        ),
    ];
    let start = Scene::Curtain.start_cloth();
    for (name, m) in cases {
        let pinned = m.pins.points(32);
        assert_eq!(pinned.len(), if m.pins == Pins::Top { 32 } else { 2 });
        let mut sim = Simulation::resume_with(start.clone(), 0, m);
        sim.run(1000);
        let (before, after) = (bits(&start), bits(&sim.cloth));
        for &k in &pinned {
            assert_eq!(after[k], before[k], "{name}: pinned point {k} moved");
        }
        // The rest of the cloth did move, and far.
        let moved = (0..32 * 32).filter(|k| after[*k] != before[*k]).count();
        assert_eq!(moved, 32 * 32 - pinned.len(), "{name}");
        assert!(sim.cloth.points().flatten().all(f64::is_finite), "{name}");
    }
}

#[test]
fn pins_name_the_points_they_hold() {
    assert_eq!(Pins::None.points(4), Vec::<usize>::new());
    assert_eq!(Pins::Top.points(4), [0, 1, 2, 3]);
    assert_eq!(Pins::Corners.points(4), [0, 3]);
    assert!(Pins::Corners.holds(4, 0, 3) && !Pins::Corners.holds(4, 3, 0));
}

#[test]
fn a_spring_to_a_pinned_point_pulls_only_its_free_end() {
    // A 2 x 2 sheet hung from its top row, the bottom row pulled 0.05 down:
    // one pass moves the free points exactly as the article's loop says
    // (gravity and their springs, the pinned points among them), and the
    // pinned ones not at all, though their springs are stretched.
    let m = model(|m| m.pins = Pins::Top);
    let pts = [
        [0.0, 10.0, 0.0],
        [0.1, 10.0, 0.0],
        [0.0, 9.85, 0.0],
        [0.1, 9.85, 0.0],
    ];
    let start = Cloth::from_points(&pts).unwrap();
    let spheres = far_spheres();
    let (mut c, mut back) = (start.clone(), start.clone());
    general::pass(&mut c, &mut back, &spheres, &m);
    assert_eq!(c.point(0, 0), pts[0]);
    assert_eq!(c.point(0, 1), pts[1]);
    for i in 0..2 {
        let want = collide(general::moved_point(&start, 1, i, &m), &spheres);
        assert_eq!(c.point(1, i), want);
    }
    // Pulled up towards the rod: the stretched spring (0.15 long) moves the
    // point 0.03 * 0.05 / 0.15 = 0.01 up, the diagonal a little more, less
    // gravity's 0.001.
    let rise = c.point(1, 0)[1] - 9.85;
    assert!((0.01..0.02).contains(&rise), "{rise}");
}

// --- Wind ---

#[test]
fn a_triangle_is_pushed_along_its_normal_as_squarely_as_the_wind_hits_it() {
    let w = [0.001, 0.0, 0.002];
    // Flat in x-y: the normal is z, and only the wind's z counts.
    let flat = wind::triangle_push([0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], w);
    assert_eq!(flat, [0.0, 0.0, 0.002]);
    // Tilted 45 degrees: normal (1, 0, -1) / sqrt 2, dot = (0.001 - 0.002)
    // / sqrt 2, so the push is (1, 0, -1) * -0.001 / 2.
    let tilted = wind::triangle_push([0.0; 3], [0.0, 1.0, 0.0], [1.0, 0.0, 1.0], w);
    for (got, want) in tilted.iter().zip([-0.0005, 0.0, 0.0005]) {
        assert!((got - want).abs() < 1e-18, "{tilted:?}");
    }
    // Either way round, the same push.
    let flipped = wind::triangle_push([0.0; 3], [1.0, 0.0, 1.0], [0.0, 1.0, 0.0], w);
    assert_eq!(flipped, tilted);
    // Points in a line have no normal: no push.
    assert_eq!(
        wind::triangle_push([0.0; 3], [1.0; 3], [2.0; 3], w),
        [0.0; 3]
    );
    assert_eq!(wind::unit_normal([0.0; 3], [0.0; 3], [1.0, 0.0, 0.0]), None);
    // Huge and tiny triangles still have a unit normal.
    for s in [1e300, 1e-300, f64::MAX / 2.0] {
        let u = wind::unit_normal([0.0; 3], [s, 0.0, 0.0], [0.0, s, 0.0]).unwrap();
        assert_eq!(u, [0.0, 0.0, 1.0], "{s:e}");
    }
}

#[test]
fn a_sheet_square_to_the_wind_moves_wind_a_pass_at_its_inner_points() {
    // One pass of the standing sheet in a wind along its normal: inner
    // points (six triangles) move 0.0005, edge points (three) half that,
    // the corners a sixth ([0][0], [n-1][n-1]: one triangle) or a third
    // ([0][n-1], [n-1][0]: two). The springs, at rest, add nothing along z.
    let n = 8;
    let start = standing_sheet(n);
    let m = model(|m| m.wind = Wind::new([0.0, 0.0, 0.0005]).unwrap());
    let (mut c, mut back) = (start.clone(), start.clone());
    general::pass(&mut c, &mut back, &far_spheres(), &m);
    for j in 0..n {
        for i in 0..n {
            let triangles = match (j, i) {
                (0, 0) => 1,
                (0, i) if i == n - 1 => 2,
                (j, 0) if j == n - 1 => 2,
                (j, i) if j == n - 1 && i == n - 1 => 1,
                (0, _) | (_, 0) => 3,
                (j, i) if j == n - 1 || i == n - 1 => 3,
                _ => 6,
            };
            let want = 0.0005 * triangles as f64 / 6.0;
            let dz = c.point(j, i)[2] - 5.0;
            assert!((dz - want).abs() < 2e-15, "[{j}][{i}]: {dz}, want {want}");
            let push = wind::push(&start, j, i, [0.0, 0.0, 0.0005]);
            assert!((push[2] - want).abs() < 1e-18, "[{j}][{i}]: {push:?}");
        }
    }
}

#[test]
fn a_free_sheet_square_to_the_wind_drifts_with_it() {
    // 100 steps of the standing 16 x 16 sheet in a wind along its normal
    // (half of gravity): the sheet drifts along z every step. Flat, its
    // 196 inner points would move 0.0005 a pass, its 56 edge points half
    // that and its corners 1/6, 1/3, 1/3, 1/6 of it: on average 225/256 of
    // 0.0005 over 1,500 passes, 0.659. It bows (the edges lag, held back
    // by their springs), and its tilted triangles catch less wind: 0.556.
    let m = model(|m| m.wind = Wind::new([0.0, 0.0, 0.0005]).unwrap());
    let mut sim = Simulation::resume_with(standing_sheet_at(16, spacing(16)), 0, m);
    let mean_z = |c: &Cloth| c.z.iter().sum::<f64>() / c.z.len() as f64;
    let mut last = mean_z(&sim.cloth);
    for _ in 0..100 {
        sim.step();
        let z = mean_z(&sim.cloth);
        assert!(z > last, "drifts along the wind every step");
        last = z;
    }
    let drift = last - 5.0;
    let flat_bound = 225.0 / 256.0 * 0.0005 * 1500.0;
    assert!(drift < flat_bound && drift > 0.5, "drift {drift}");
    // It also falls, as it would in still air: the wind is along z only.
    let mut still = Simulation::resume_with(standing_sheet_at(16, spacing(16)), 0, Model::ORIGINAL);
    still.run(100);
    let fall = |c: &Cloth| c.y.iter().sum::<f64>() / c.y.len() as f64;
    assert!((fall(&sim.cloth) - fall(&still.cloth)).abs() < 0.01);
}

#[test]
fn a_sheet_edge_on_to_the_wind_does_not_move_sideways_at_all() {
    // The standing sheet in winds along its own plane (x, y, and both):
    // every triangle's normal is exactly z, every push exactly zero, so
    // after 100 steps each coordinate equals the still-air run's, and no
    // point has left the plane z = 5 by a bit.
    let mut still = Simulation::resume_with(standing_sheet_at(16, spacing(16)), 0, Model::ORIGINAL);
    still.run(100);
    for w in [[0.001, 0.0, 0.0], [0.0, 0.001, 0.0], [-0.0007, 0.0003, 0.0]] {
        let m = model(|m| {
            m.wind = Wind::new(w).unwrap();
            m.gusts = true;
        });
        let mut sim = Simulation::resume_with(standing_sheet_at(16, spacing(16)), 0, m);
        sim.run(100);
        assert!(sim.cloth.z.iter().all(|&z| z == 5.0), "{w:?}");
        assert_eq!(sim.cloth, still.cloth, "{w:?}");
    }
    // The demo's flat sheet in a sideways wind falls exactly as the
    // original's: the golden data at step 15, to the bit.
    let m = model(|m| m.wind = Wind::new([0.001, 0.0, -0.0005]).unwrap());
    let mut sim = Simulation::with_model(m);
    sim.run(15);
    assert_eq!(bits(&sim.cloth), bits(&golden_cloth(15)));
}

#[test]
fn gusts_are_a_slow_smooth_function_of_the_step_count() {
    // 1 + 0.5 sin(2 pi a / 300) + 0.3 sin(2 pi a / 97 + 1).
    // At step 0: 1 + 0.3 sin 1.
    assert!((wind::gust(0) - (1.0 + 0.3 * 0.841_470_984_807_896_5)).abs() < 1e-15);
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for a in 0..30_000u64 {
        let g = wind::gust(a);
        lo = lo.min(g);
        hi = hi.max(g);
        // Smooth: at most about 0.03 from one step to the next.
        assert!((wind::gust(a + 1) - g).abs() < 0.03, "step {a}");
    }
    assert!(lo > 0.2 && lo < 0.25, "weakest {lo}");
    assert!(hi < 1.8 && hi > 1.75, "strongest {hi}");
    // The gusty wind of a step is the wind times the gust.
    let m = model(|m| {
        m.wind = Wind::new([0.0, 0.0, 0.002]).unwrap();
        m.gusts = true;
    });
    for a in [1u64, 77, 1000] {
        assert_eq!(
            general::wind_at(&m, a),
            Some([0.0, 0.0, 0.002 * wind::gust(a)])
        );
    }
    assert_eq!(general::wind_at(&Model::ORIGINAL, 5), None);
    // And a gusty run repeats to the bit.
    let run = || {
        let mut sim = Scene::Flag.simulation();
        sim.run(60);
        bits(&sim.cloth)
    };
    assert_eq!(run(), run());
}
