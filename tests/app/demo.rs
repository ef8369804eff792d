//! The running demo (`app::demo`): step 2 shown first, then 60 steps a
//! second; a held clock; stopped, nothing moves and a restart is
//! initialise; zero-size windows are not drawn.

use std::time::{Duration, Instant};

use cloth_demo::app::controls::{Action, RunState};
use cloth_demo::app::demo::{Clock, Demo};
use cloth_demo::app::drawable_size;
use cloth_demo::app::pacing::{Mode, NextFrame, FIRST_FRAME_STEPS, STEPS_PER_SECOND};
use cloth_demo::render::Camera;
use cloth_demo::sim::{Model, Simulation};

use crate::pacing::at;

#[test]
fn the_demo_shows_step_2_first_then_keeps_60_steps_a_second() {
    let t0 = Instant::now();
    let mut d = Demo::new(Clock::default(), Model::ORIGINAL);
    assert_eq!(d.next_frame(), Some(NextFrame::Now));
    assert_eq!(d.frame(t0).map(|f| f.steps), Some(FIRST_FRAME_STEPS));
    let mut two = Simulation::new();
    two.run(2);
    assert_eq!(
        d.sim(),
        &two,
        "the first frame shows the state after 2 steps"
    );
    for k in 1..=60 {
        assert_eq!(
            d.frame(at(t0, k, 60)).map(|f| f.steps),
            Some(1),
            "frame {k}"
        );
    }
    assert_eq!(d.sim().steps(), 2 + STEPS_PER_SECOND);
    assert_eq!(d.next_frame(), Some(NextFrame::At(at(t0, 61, 60))));
}

#[test]
fn a_held_clock_runs_its_steps_once_then_none() {
    let t0 = Instant::now();
    let mut d = Demo::new(Clock::Held(300), Model::ORIGINAL);
    assert_eq!(d.next_frame(), Some(NextFrame::Now));
    assert_eq!(d.frame(t0).map(|f| f.steps), Some(300));
    assert_eq!(d.sim().steps(), 300);
    assert_eq!(d.next_frame(), None, "nothing falls due by itself");
    assert_eq!(
        d.frame(t0 + Duration::from_secs(10)).map(|f| f.steps),
        Some(0)
    );
    assert_eq!(d.sim().steps(), 300);
    // The view still turns.
    d.cursor_moved(10.0, 10.0, 1.0);
    d.button(true);
    assert!(d.cursor_moved(5.0, 12.0, 1.0));
    assert_eq!(d.camera(), Camera::new(5.0, -2.0));
}

#[test]
fn stopped_nothing_steps_or_turns_and_restart_is_initialise() {
    let t0 = Instant::now();
    let mut d = Demo::new(Clock::default(), Model::ORIGINAL);
    d.frame(t0);
    d.frame(at(t0, 30, 60));
    d.cursor_moved(100.0, 100.0, 1.0);
    d.button(true);
    d.cursor_moved(80.0, 90.0, 1.0);
    assert_eq!(d.camera(), Camera::new(20.0, 10.0));
    let steps = d.sim().steps();

    d.apply(Action::Stop, t0);
    assert_eq!(d.state(), RunState::Stopped);
    assert!(!d.orbit().is_pressed(), "stopping ends the drag");
    assert_eq!(d.frame(at(t0, 600, 60)), None);
    assert_eq!(d.next_frame(), None);
    assert_eq!(d.sim().steps(), steps);
    d.button(true);
    assert!(
        !d.orbit().is_pressed(),
        "a press while stopped starts no drag"
    );
    assert!(!d.cursor_moved(0.0, 0.0, 1.0));
    assert_eq!(d.camera(), Camera::new(20.0, 10.0));

    // A click (or R) starts it again from step 0, the view as it was.
    let t1 = at(t0, 900, 60);
    d.apply(Action::Restart, t1);
    assert_eq!(d.state(), RunState::Running);
    assert_eq!(d.sim(), &Simulation::new());
    assert_eq!(d.camera(), Camera::new(20.0, 10.0));
    assert_eq!(d.clock(), Clock::default());
    // The clock counts from the restart, with no first frame's extra
    // steps: step 1 falls due one period later.
    assert_eq!(d.next_frame(), Some(NextFrame::At(at(t1, 1, 60))));
    assert_eq!(d.frame(t1).map(|f| f.steps), Some(0));
    assert_eq!(d.frame(at(t1, 1, 60)).map(|f| f.steps), Some(1));
    assert_eq!(d.sim().steps(), 1);
}

#[test]
fn a_restart_keeps_the_clock_it_was_made_with() {
    let t0 = Instant::now();
    for clock in [Clock::Paced(Mode::Uncapped), Clock::Held(15)] {
        let mut d = Demo::new(clock, Model::ORIGINAL);
        d.frame(t0);
        d.frame(t0);
        d.apply(Action::Stop, t0);
        d.apply(Action::Restart, t0);
        assert_eq!(d.clock(), clock);
        assert_eq!(d.sim().steps(), 0);
        // Uncapped, one step a frame from step 0; held, step 0 is held.
        let want = match clock {
            Clock::Held(_) => 0,
            Clock::Paced(_) => 1,
        };
        assert_eq!(d.frame(t0).map(|f| f.steps), Some(want), "{clock:?}");
        assert_eq!(d.sim().steps(), u64::from(want), "{clock:?}");
    }
}

#[test]
fn zero_size_is_not_drawable() {
    assert_eq!(drawable_size(0, 0), None);
    assert_eq!(drawable_size(0, 573), None);
    assert_eq!(drawable_size(792, 0), None);
    let (w, h) = drawable_size(792, 573).expect("a real size is drawable");
    assert_eq!((w.get(), h.get()), (792, 573));
    let (w, h) = drawable_size(1, 1).expect("1x1 is drawable");
    assert_eq!((w.get(), h.get()), (1, 1));
}
