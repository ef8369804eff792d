//! Hands on the cloth: a held point goes where it is put each step and the
//! rest follows through its springs; pins set and freed by hand; let go
//! with nothing torn, the steps are the fast pass's bits again.

use crate::common::golden_cloth;
use cloth_demo::sim::{HandError, Model, Pins, Scene, Simulation, GRID, SPACING};

fn same_bits(a: &Simulation, b: &Simulation) -> bool {
    let bits = |s: &Simulation| -> Vec<[u64; 3]> {
        s.cloth.points().map(|p| p.map(f64::to_bits)).collect()
    };
    bits(a) == bits(b)
}

#[test]
fn a_held_point_is_where_it_is_put_and_its_neighbours_follow() {
    let mut sim = Simulation::resume(golden_cloth(300), 300);
    let corner = sim.cloth.point(0, 0);
    let up = [corner[0], corner[1] + 1.0, corner[2]];
    sim.hold(0, 0, up).unwrap();
    assert_eq!(sim.held().unwrap().point(), (0, 0));
    let before = sim.cloth.point(1, 1);
    for _ in 0..30 {
        sim.step();
    }
    assert_eq!(sim.cloth.point(0, 0), up, "the held point, to the bit");
    let after = sim.cloth.point(1, 1);
    assert!(
        after[1] > before[1] + 0.5,
        "its neighbour is pulled up after it: {before:?} -> {after:?}"
    );
    // Moved each step, the hand drags the cloth along.
    for k in 1..=20 {
        let at = [up[0] + 0.02 * k as f64, up[1], up[2]];
        sim.hold(0, 0, at).unwrap();
        sim.step();
        assert_eq!(sim.cloth.point(0, 0), at);
    }
}

#[test]
fn let_go_with_nothing_torn_the_steps_are_the_fast_pass_s_bits_again() {
    let mut sim = Simulation::resume(golden_cloth(300), 300);
    let p = sim.cloth.point(16, 16);
    sim.hold(16, 16, [p[0], p[1] + 0.5, p[2]]).unwrap();
    sim.run(40);
    assert_eq!(sim.release(), Some((16, 16)));
    assert!(sim.held().is_none());
    // The same state, made afresh, has never been held: it runs the fast
    // pass. Both must go on to the bit alike, the threads included.
    let mut fresh = Simulation::resume(sim.cloth.clone(), sim.steps());
    fresh.set_threads(Some(2));
    sim.run(300);
    fresh.run(300);
    assert!(same_bits(&sim, &fresh));
    assert!(sim.torn().is_empty() && sim.pins().is_empty());
}

#[test]
fn points_pinned_by_hand_stay_and_a_scene_s_pins_can_be_freed() {
    let mut sim = Simulation::resume(golden_cloth(0), 0);
    assert!(sim.pin(0, 0).unwrap());
    assert!(!sim.pin(0, 0).unwrap(), "pinned already");
    let corner = sim.cloth.point(0, 0);
    sim.run(200);
    assert_eq!(sim.cloth.point(0, 0), corner);
    assert!(sim.cloth.point(0, 31)[1] < corner[1] - 1.0, "the rest falls");
    // The curtain's rod: free one point of it and that point falls.
    let mut curtain = Scene::Curtain.simulation();
    assert_eq!(curtain.pins().len(), GRID);
    assert!(curtain.unpin(0, 16).unwrap());
    let rod = curtain.cloth.point(0, 16);
    curtain.run(100);
    assert!(curtain.cloth.point(0, 16)[1] < rod[1] - 5.0 * SPACING);
    assert_eq!(curtain.cloth.point(0, 15), Scene::Curtain.simulation().cloth.point(0, 15));
}

#[test]
fn holding_a_pinned_point_frees_it() {
    let mut curtain = Scene::Curtain.simulation();
    let rod = curtain.cloth.point(0, 5);
    curtain.hold(0, 5, [rod[0], rod[1] - 0.3, rod[2]]).unwrap();
    curtain.run(5);
    curtain.release();
    assert_eq!(curtain.pins().len(), GRID - 1);
    curtain.run(50);
    assert!(curtain.cloth.point(0, 5)[1] < rod[1] - 0.5, "let go, it falls");
}

#[test]
fn a_model_with_other_pins_pins_afresh_and_the_same_pins_keep_the_hand_s() {
    let mut sim = Simulation::new();
    sim.pin(3, 3).unwrap();
    let mut m = Model::ORIGINAL;
    m.springs.bend = true;
    sim.set_model(m);
    assert_eq!(sim.pins().iter().collect::<Vec<_>>(), [3 * GRID + 3]);
    m.pins = Pins::Corners;
    sim.set_model(m);
    assert_eq!(sim.pins().iter().collect::<Vec<_>>(), [0, GRID - 1]);
}

#[test]
fn hands_off_the_grid_or_nowhere_are_refused() {
    let mut sim = Simulation::new();
    assert_eq!(
        sim.hold(32, 0, [0.0; 3]),
        Err(HandError::OffGrid { j: 32, i: 0, n: 32 })
    );
    assert_eq!(
        sim.hold(0, 0, [f64::NAN, 0.0, 0.0]).unwrap_err().to_string(),
        "a point cannot be held at [NaN, 0.0, 0.0]: not finite"
    );
    assert_eq!(
        sim.pin(0, 40).unwrap_err().to_string(),
        "point [0][40] is off the 32 x 32 grid"
    );
    assert!(sim.held().is_none() && sim.pins().is_empty());
}

#[test]
fn a_held_point_with_inertia_carries_on_at_its_last_move() {
    let mut m = Model::ORIGINAL;
    m.inertia = Some("0.01".parse().unwrap());
    let mut sim = Simulation::with_model(m);
    let p = sim.cloth.point(16, 16);
    for k in 1..=10 {
        sim.hold(16, 16, [p[0], p[1] + 0.05 * k as f64, p[2]]).unwrap();
        sim.step();
    }
    sim.release();
    let here = sim.cloth.point(16, 16)[1];
    sim.step();
    assert!(
        sim.cloth.point(16, 16)[1] > here,
        "thrown upwards, it goes on rising a step"
    );
}
