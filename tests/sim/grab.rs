//! The scripted grab (`sim::grab`): each step's target, the replay over
//! runs of any lengths, letting go or pinning after the last step, a point
//! off the grid.

use cloth_demo::sim::grab::{Grab, GrabScript, GridPoint, Place, StepSpan};
use cloth_demo::sim::{HandError, Model, Pins, Simulation};

fn grab(first: u64, last: u64, pin: bool) -> Grab {
    Grab {
        point: GridPoint { j: 31, i: 16 },
        to: Place([0.1, -2.0, 1.25]),
        steps: StepSpan { first, last },
        pin,
    }
}

#[test]
fn each_step_moves_the_target_an_equal_share_and_the_last_is_exact() {
    let g = grab(11, 14, false);
    let from = [0.7, 1.5, 0.3];
    let at = |s| g.target(from, s);
    assert_eq!(at(10), None);
    assert_eq!(at(15), None);
    // A quarter of the way, then half, three quarters, and `to` itself.
    let share = |t: f64| -> [f64; 3] {
        [
            0.7 + t * (0.1 - 0.7),
            1.5 + t * (-2.0 - 1.5),
            0.3 + t * (1.25 - 0.3),
        ]
    };
    assert_eq!(at(11), Some(share(0.25)));
    assert_eq!(at(12), Some(share(0.5)));
    assert_eq!(at(13), Some(share(0.75)));
    assert_eq!(at(14), Some([0.1, -2.0, 1.25]));
    // `from + 1 * (to - from)` is not `to` to the last bit here; step B is.
    assert_ne!(share(1.0)[0], 0.1);
    // One step: straight there.
    assert_eq!(grab(5, 5, false).target(from, 5), Some([0.1, -2.0, 1.25]));
}

/// `steps` steps of the original under `g`, in runs of `chunk` steps.
fn replay(g: Grab, steps: u64, chunk: u64) -> (Simulation, GrabScript) {
    let mut sim = Simulation::new();
    let mut script = GrabScript::new(g);
    let mut left = steps;
    while left > 0 {
        let n = left.min(chunk);
        script.run(&mut sim, n).unwrap();
        left -= n;
    }
    (sim, script)
}

#[test]
fn a_run_in_pieces_is_the_run_in_one_and_the_hand_lets_go_after_its_last_step() {
    let g = grab(20, 45, false);
    let (whole, script) = replay(g, 80, 80);
    for chunk in [1, 7, 20, 25, 46] {
        let (pieces, s) = replay(g, 80, chunk);
        assert!(pieces == whole, "in runs of {chunk}");
        assert_eq!(s, script);
    }
    // The start of the line: where the point was when step 20 began.
    let mut before = Simulation::new();
    before.run(19);
    assert_eq!(script.from(), Some(before.cloth.point(31, 16)));
    // Step 45 put the point at `to`; then it was let go, and falls.
    let (at_last, _) = replay(g, 45, 45);
    assert_eq!(at_last.cloth.point(31, 16), g.to.0);
    assert_eq!((at_last.held(), at_last.pins().len()), (None, 0));
    assert_ne!(whole.cloth.point(31, 16), g.to.0);
    // Before the span nothing is held: the original's run, bit for bit.
    let (early, _) = replay(g, 19, 5);
    assert!(early == before);
}

#[test]
fn a_pinned_grab_stays_where_it_took_the_point() {
    let g = grab(20, 45, true);
    let (sim, _) = replay(g, 120, 13);
    assert_eq!(sim.cloth.point(31, 16), g.to.0);
    assert_eq!(sim.pins().iter().collect::<Vec<_>>(), [31 * 32 + 16]);
    assert_eq!(sim.held(), None);
    // Holding a point of the curtain's rod frees it; pinned after, it is
    // pinned where the grab took it.
    let mut model = Model::ORIGINAL;
    model.pins = Pins::Top;
    let mut rod = Simulation::with_model(model);
    let g = Grab {
        point: GridPoint { j: 0, i: 3 },
        ..g
    };
    GrabScript::new(g).run(&mut rod, 60).unwrap();
    assert_eq!(rod.cloth.point(0, 3), g.to.0);
    assert_eq!(rod.pins().len(), 32);
}

#[test]
fn a_point_off_the_grid_is_refused_at_the_first_step_of_the_span() {
    let mut sim = Simulation::with_grid(8);
    let mut script = GrabScript::new(grab(5, 9, false));
    assert_eq!(
        script.run(&mut sim, 20),
        Err(HandError::OffGrid { j: 31, i: 16, n: 8 })
    );
    assert_eq!(sim.steps(), 4, "the steps before the span ran");
    assert_eq!(script.from(), None);
}
