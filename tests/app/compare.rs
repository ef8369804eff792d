//! Compare mode in the running demo (`app::demo`, `app::compare`,
//! `app::pointer::drags`): the original and the demo start together at step 0 and
//! stay at the same step through frames, one step, restart and the next
//! scene; the original keeps its own scene and model; the pointer grabs in
//! the right half only.

use std::time::Instant;

use cloth_demo::app::compare;
use cloth_demo::app::controls::Id;
use cloth_demo::app::controls::{Action, RunState};
use cloth_demo::app::demo::{Clock, Demo};
use cloth_demo::app::input::Modifiers;
use cloth_demo::app::pointer::{Button, Pressed};
use cloth_demo::sim::{Model, Scene, Simulation};

use crate::pacing::at;

const W: u32 = 792;
const H: u32 = 573;

/// Both simulations' steps, asserting compare mode is on.
fn steps(d: &Demo) -> (u64, u64) {
    let original = d.original().expect("compare mode is on");
    (original.steps(), d.sim().steps())
}

/// The original's state: Scene::Original under Model::ORIGINAL, run
/// `steps` steps from its start.
fn original_after(steps: u64) -> Simulation {
    let mut sim = Scene::Original.simulation();
    sim.run(steps);
    sim
}

#[test]
fn both_halves_keep_the_same_step_through_frames_step_restart_and_next_scene() {
    let t0 = Instant::now();
    let mut d = Demo::new(Clock::default(), Model::ORIGINAL).with_compare(true);
    d.apply(Action::Toggle(Id::Diagonals), t0);
    assert!(d.compare());
    assert_eq!(steps(&d), (0, 0));
    // Frames: the first runs its steps, then one a period.
    d.frame(t0);
    for k in 1..=40 {
        d.frame(at(t0, k, 60));
    }
    let (original, demo) = steps(&d);
    assert_eq!(original, demo);
    assert_eq!(demo, 42);
    // The original ran its own model: bit for bit the original's run.
    assert_eq!(d.original(), Some(&original_after(42)));
    assert!(!d.sim().model().springs.diagonals);
    assert_ne!(d.sim().cloth, original_after(42).cloth);
    // Paused, one step steps both.
    d.apply(Action::Toggle(Id::Paused), at(t0, 40, 60));
    d.apply(Action::Step, at(t0, 41, 60));
    d.apply(Action::Step, at(t0, 42, 60));
    assert_eq!(steps(&d), (44, 44));
    // Restart: both at step 0, the demo still without diagonals.
    d.apply(Action::Restart, at(t0, 43, 60));
    assert_eq!(steps(&d), (0, 0));
    assert_eq!(d.original(), Some(&original_after(0)));
    assert!(!d.sim().model().springs.diagonals);
    d.apply(Action::Toggle(Id::Paused), at(t0, 44, 60));
    for k in 45..=74 {
        d.frame(at(t0, k, 60));
    }
    assert_eq!(steps(&d), (30, 30));
    // The next scene: both from step 0, its first frame's steps for both;
    // the original stays the original.
    let t1 = at(t0, 80, 60);
    d.apply(Action::Cycle(Id::Scene), t1);
    assert_eq!(d.scene(), Scene::Curtain);
    assert!(d.compare());
    assert_eq!(steps(&d), (0, 0));
    d.frame(t1);
    for k in 1..=10 {
        d.frame(at(t1, k, 60));
    }
    let (original, demo) = steps(&d);
    assert_eq!((original, demo), (12, 12));
    assert_eq!(d.original(), Some(&original_after(12)));
    assert_eq!(d.original().map(Simulation::model), Some(Model::ORIGINAL));
}

#[test]
fn turning_compare_on_starts_both_from_step_0_and_off_leaves_the_demo_running() {
    let t0 = Instant::now();
    let mut d = Demo::new(Clock::default(), Model::ORIGINAL);
    d.frame(t0);
    for k in 1..=20 {
        d.frame(at(t0, k, 60));
    }
    assert_eq!(d.sim().steps(), 22);
    assert!(d.original().is_none());
    // C: both at step 0, no first frame's extra steps.
    let on = at(t0, 20, 60);
    d.apply(Action::Toggle(Id::Compare), on);
    assert_eq!(steps(&d), (0, 0));
    assert!(d.status().contains(&"compare".to_string()));
    for k in 1..=5 {
        d.frame(at(on, k, 60));
    }
    assert_eq!(steps(&d), (5, 5));
    // C again: the original goes, the demo runs on from where it is.
    d.apply(Action::Toggle(Id::Compare), at(on, 5, 60));
    assert!(!d.compare());
    assert_eq!(d.original(), None);
    assert_eq!(d.sim().steps(), 5);
    assert_eq!(d.state(), RunState::Running);
}

#[test]
fn compare_grabs_in_the_right_half_only() {
    let t0 = Instant::now();
    let mut d = Demo::with_scene(Clock::Held(2), Scene::Original, Model::ORIGINAL, false)
        .with_compare(true);
    d.set_view_size(W, H);
    d.frame(t0);
    d.apply(Action::Toggle(Id::Paused), t0);
    let split = compare::split(W, H);
    // The middle point of the flat sheet, as each half draws it.
    let centre = d.sim().cloth.point(16, 16);
    let [x, y] = d
        .camera()
        .project(centre, split.right.width, split.right.height)
        .expect("in view");
    let (x, y) = (f64::from(x), f64::from(y));
    let ctrl = Modifiers {
        ctrl: true,
        ..Modifiers::default()
    };
    // In the left half (the original) nothing is grabbed.
    d.cursor_moved(x, y, 1.0);
    assert_eq!(d.press(Button::Right, ctrl), Pressed::Missed);
    assert_eq!(d.sim().held(), None);
    assert_eq!(d.original().and_then(Simulation::held), None);
    // The same spot in the right half grabs the demo's cloth.
    d.cursor_moved(x + f64::from(split.right.x), y, 1.0);
    assert!(matches!(d.press(Button::Right, ctrl), Pressed::Grabbed(..)));
    let held = d.sim().held().expect("a point is held").point();
    assert!(
        held.0.abs_diff(16) <= 1 && held.1.abs_diff(16) <= 1,
        "held {held:?}"
    );
    assert_eq!(d.original().and_then(Simulation::held), None);
    d.release(Button::Right, ctrl);
    assert_eq!(d.sim().held(), None);
}

/// `--compare-with`'s value: read and written back to the same side, the
/// scene and the model's flags only, with one-line errors.
#[test]
fn a_compared_side_reads_and_writes_back_the_same() {
    use cloth_demo::app::controls::Side;
    use cloth_demo::sim::{Fabric, Pins, Solver};
    let side = Side::parse("scene=curtain;solver=xpbd;fabric=silk;pin=corners").unwrap();
    assert_eq!(side.scene, Scene::Curtain);
    assert_eq!(side.model.solver, Solver::Xpbd);
    assert_eq!(side.model.xpbd.fabric, Fabric::Silk);
    assert_eq!(side.model.pins, Pins::Corners);
    assert_eq!(Side::parse(&side.text()).unwrap(), side);
    assert_eq!(
        side.text(),
        "scene=curtain;solver=xpbd;fabric=silk;pin=corners"
    );
    assert_eq!(Side::parse("").unwrap(), Side::ORIGINAL);
    assert_eq!(Side::parse("solver=article").unwrap(), Side::ORIGINAL);
    assert!(Side::parse("bend").unwrap().model.springs.bend);
    for (bad, says) in [
        ("springs=1", "\"springs\" is not a flag of the model"),
        ("grid=64", "\"grid\" is not a flag of the model"),
        ("solver=xpbd;solver=article", "solver is given twice"),
        ("solver=bogus", "unknown solver \"bogus\""),
    ] {
        let e = Side::parse(bad).unwrap_err().to_string();
        assert!(e.contains(says), "{bad}: {e}");
    }
}

/// The Left half select: the scene chosen under another solver on the
/// left, compare mode on, both halves from step 0; back to the original.
#[test]
fn the_left_half_select_puts_the_scene_under_a_solver_on_the_left() {
    use cloth_demo::app::controls::{Side, Value};
    use cloth_demo::sim::Solver;
    let t0 = Instant::now();
    let mut d = Demo::new(Clock::Held(0), Model::ORIGINAL);
    d.set(Id::Scene, Value::Choice(1), t0);
    d.set(Id::CompareWith, Value::Choice(4), t0);
    assert!(d.compare());
    assert_eq!(d.left().scene, Scene::Curtain);
    assert_eq!(d.left().model.solver, Solver::Xpbd);
    assert_eq!(d.value(Id::CompareWith), Some(Value::Choice(4)));
    assert_eq!(steps(&d), (0, 0));
    let [left, _] = compare::labels(&d.left(), d.scene(), &d.sim().model(), W, H);
    assert!(
        left.text.starts_with("curtain, xpbd cotton"),
        "{}",
        left.text
    );
    d.set(Id::CompareWith, Value::Choice(0), t0);
    assert_eq!(d.left(), Side::ORIGINAL);
    assert_eq!(d.value(Id::CompareWith), Some(Value::Choice(0)));
}
