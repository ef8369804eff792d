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
    assert!(
        sim.cloth.point(0, 31)[1] < corner[1] - 1.0,
        "the rest falls"
    );
    // The curtain's rod: free one point of it and it sags from its
    // neighbours, which stay.
    let mut curtain = Scene::Curtain.simulation();
    assert_eq!(curtain.pins().len(), GRID);
    assert!(curtain.unpin(0, 16).unwrap());
    assert!(!curtain.unpin(0, 16).unwrap(), "freed already");
    let rod = curtain.cloth.point(0, 16);
    curtain.run(100);
    let freed = curtain.cloth.point(0, 16);
    assert!(
        freed[1] < rod[1] - SPACING / 2.0,
        "{freed:?} sags from {rod:?}"
    );
    let start = Scene::Curtain.simulation();
    for i in [15, 17] {
        assert_eq!(curtain.cloth.point(0, i), start.cloth.point(0, i));
    }
}

#[test]
fn holding_a_pinned_point_frees_it() {
    let mut m = Model::ORIGINAL;
    m.pins = Pins::Corners;
    let mut sim = Simulation::with_model(m);
    assert_eq!(sim.pins().iter().collect::<Vec<_>>(), [0, GRID - 1]);
    let corner = sim.cloth.point(0, 0);
    sim.hold(0, 0, [corner[0], corner[1] - 0.3, corner[2]])
        .unwrap();
    assert_eq!(
        sim.pins().iter().collect::<Vec<_>>(),
        [GRID - 1],
        "held, it is free"
    );
    sim.run(5);
    assert_eq!(sim.release(), Some((0, 0)));
    assert_eq!(sim.pins().len(), 1, "let go, it is not pinned again");
    sim.run(100);
    let now = sim.cloth.point(0, 0);
    assert!(now[1] < corner[1] - 1.0, "let go, it falls: {now:?}");
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
        sim.hold(0, 0, [f64::NAN, 0.0, 0.0])
            .unwrap_err()
            .to_string(),
        "a point cannot be held at [NaN, 0.0, 0.0]: not finite"
    );
    assert_eq!(
        sim.pin(0, 40).unwrap_err().to_string(),
        "point [0][40] is off the 32 x 32 grid"
    );
    assert!(sim.held().is_none() && sim.pins().is_empty());
}

#[test]
fn a_held_point_with_inertia_leaves_with_its_last_move() {
    // With inertia a point's velocity is where it is less where it was a
    // step before: a held point's is the hand's last move, which it keeps
    // when let go.
    let mut m = Model::ORIGINAL;
    m.inertia = Some("0.01".parse().unwrap());
    let mut sim = Simulation::with_model(m);
    let p = sim.cloth.point(16, 16);
    let target = |k: usize| [p[0], p[1] + 0.05 * k as f64, p[2]];
    for k in 1..=10 {
        sim.hold(16, 16, target(k)).unwrap();
        sim.step();
    }
    assert_eq!(sim.release(), Some((16, 16)));
    assert_eq!(sim.cloth.point(16, 16), target(10));
    let previous = sim
        .previous()
        .expect("inertia keeps the previous positions");
    assert_eq!(previous.point(16, 16), target(9));
}
