//! Pause, one step and restart in the running demo (`app::demo`): paused,
//! nothing steps but the view turns; one step is exactly one; R keeps the
//! view, the model, the speed and a pause; N starts the next scene; a
//! model key changes the physics from the next step.

use std::time::Instant;

use cloth_demo::app::controls::Id;
use cloth_demo::app::controls::{Action, RunState};
use cloth_demo::app::demo::{Clock, Demo};
use cloth_demo::app::pacing::{Frame, NextFrame, FIRST_FRAME_STEPS};
use cloth_demo::app::title;
use cloth_demo::render::Camera;
use cloth_demo::sim::{Model, Simulation};

use crate::pacing::at;

#[test]
fn paused_nothing_steps_the_view_turns_and_resuming_catches_nothing_up() {
    let t0 = Instant::now();
    let mut d = Demo::new(Clock::default(), Model::ORIGINAL);
    d.frame(t0);
    for k in 1..=30 {
        d.frame(at(t0, k, 60));
    }
    assert_eq!(d.sim().steps(), 32);
    let at_pause = d.sim().clone();
    d.apply(Action::Toggle(Id::Paused), at(t0, 30, 60));
    assert_eq!(d.state(), RunState::Paused);
    assert_eq!(d.next_frame(), None, "no step falls due while paused");
    // Ten seconds of frames (drawn for the view): no step.
    for k in 31..=630 {
        assert_eq!(d.frame(at(t0, k, 60)), Some(Frame::default()), "frame {k}");
    }
    assert_eq!(d.sim(), &at_pause);
    // The view still turns.
    d.cursor_moved(100.0, 100.0, 1.0);
    d.button(true);
    assert!(d.cursor_moved(90.0, 80.0, 1.0));
    d.button(false);
    assert_eq!(d.camera(), Camera::new(10.0, 20.0));
    // Resumed after 10 s: one step a frame from there, not 15 at once.
    let resumed = at(t0, 630, 60);
    d.apply(Action::Toggle(Id::Paused), resumed);
    assert_eq!(d.state(), RunState::Running);
    assert_eq!(d.next_frame(), Some(NextFrame::At(at(resumed, 1, 60))));
    assert_eq!(d.frame(resumed).map(|f| f.steps), Some(0));
    let mut steps = 0;
    for k in 1..=60 {
        let f = d.frame(at(resumed, k, 60)).unwrap();
        assert_eq!(
            f,
            Frame {
                steps: 1,
                dropped: 0
            },
            "frame {k} after resuming"
        );
        steps += f.steps;
    }
    assert_eq!(steps, 60);
    let mut want = Simulation::new();
    want.run(32 + 60);
    assert_eq!(d.sim(), &want, "a pause changes no bit of the trajectory");
}

#[test]
fn one_step_while_paused_is_exactly_one_step() {
    let t0 = Instant::now();
    let mut d = Demo::new(Clock::default(), Model::ORIGINAL);
    d.frame(t0);
    d.apply(Action::Toggle(Id::Paused), t0);
    for n in 1..=3u64 {
        d.apply(Action::Step, t0);
        let mut want = Simulation::new();
        want.run(2 + n);
        assert_eq!(d.sim(), &want, "{n} steps while paused");
    }
    // Running, a step asks nothing of the demo (the key is not offered,
    // and the demo ignores it too).
    d.apply(Action::Toggle(Id::Paused), t0);
    d.apply(Action::Step, t0);
    assert_eq!(d.sim().steps(), 5);
}

#[test]
fn restart_is_initialise_and_keeps_the_view_the_model_the_speed_and_a_pause() {
    let t0 = Instant::now();
    let mut bend = Model::ORIGINAL;
    bend.springs.bend = true;
    let mut d = Demo::new(Clock::default(), Model::ORIGINAL);
    d.frame(t0);
    d.frame(at(t0, 40, 60));
    d.apply(Action::Toggle(Id::Bend), at(t0, 40, 60));
    d.apply(Action::Faster, at(t0, 40, 60));
    d.cursor_moved(10.0, 10.0, 1.0);
    d.button(true);
    d.cursor_moved(0.0, 0.0, 1.0);
    d.button(false);
    d.apply(Action::Toggle(Id::Paused), at(t0, 41, 60));

    let t1 = at(t0, 100, 60);
    d.apply(Action::Restart, t1);
    assert_eq!(
        d.sim(),
        &Simulation::with_model(bend),
        "the flat sheet at step 0"
    );
    assert_eq!(d.camera(), Camera::new(10.0, 10.0), "the view stays");
    assert_eq!(d.speed(), Some(120));
    assert_eq!(d.state(), RunState::Paused);
    assert_eq!(
        title(&d.status()),
        "OpenGL Test Program - paused, step 0, 120 steps/s, bending springs"
    );
    // Paused, it shows step 0: no frame runs a step.
    assert_eq!(d.next_frame(), None);
    assert_eq!(d.frame(t1).map(|f| f.steps), Some(0));
    assert_eq!(d.frame(at(t1, 60, 60)).map(|f| f.steps), Some(0));
    assert_eq!(d.sim(), &Simulation::with_model(bend));
    assert_eq!(d.status()[..2], ["paused", "step 0"]);
    // One step from there is step 1.
    d.apply(Action::Step, t1);
    let mut want = Simulation::with_model(bend);
    want.step();
    assert_eq!(d.sim(), &want);
    // Running, a restart goes on from step 0 at the chosen speed: 120
    // steps in the second after it, none of them a first frame's extra.
    d.apply(Action::Toggle(Id::Paused), t1);
    d.apply(Action::Restart, t1);
    assert_eq!(d.state(), RunState::Running);
    assert_eq!(d.sim().steps(), 0);
    assert_eq!(d.frame(t1).map(|f| f.steps), Some(0));
    let steps: u32 = (1..=60)
        .map(|k| d.frame(at(t1, k, 60)).unwrap().steps)
        .sum();
    assert_eq!(steps, 120, "120 steps in the second after a restart");
    let mut want = Simulation::with_model(bend);
    want.run(120);
    assert_eq!(d.sim(), &want);
    assert_eq!(d.camera(), Camera::new(10.0, 10.0));
}

#[test]
fn n_starts_the_next_scene_as_a_launch_would_unlike_r() {
    use cloth_demo::sim::Scene;
    let t0 = Instant::now();
    let mut d = Demo::new(Clock::default(), Model::ORIGINAL);
    d.frame(t0);
    d.cursor_moved(10.0, 10.0, 1.0);
    d.button(true);
    d.cursor_moved(0.0, 5.0, 1.0);
    d.button(false);
    d.apply(Action::Toggle(Id::Paused), t0);
    d.apply(Action::Cycle(Id::Scene), t0);
    // The view unturned, and the first frame runs its two steps, paused
    // or not.
    assert_eq!(d.camera(), Camera::new(0.0, 0.0));
    assert_eq!(d.state(), RunState::Paused);
    assert_eq!(d.next_frame(), Some(NextFrame::Now));
    assert_eq!(d.frame(t0).map(|f| f.steps), Some(FIRST_FRAME_STEPS));
    let mut want = Scene::Curtain.simulation();
    want.run(u64::from(FIRST_FRAME_STEPS));
    assert_eq!(*d.sim(), want);
}

#[test]
fn a_held_clock_pauses_and_steps_too() {
    let t0 = Instant::now();
    let mut d = Demo::new(Clock::Held(300), Model::ORIGINAL);
    d.frame(t0);
    d.apply(Action::Toggle(Id::Paused), t0);
    d.apply(Action::Step, t0);
    assert_eq!(d.sim().steps(), 301);
    // Its speed is not a rate, so `[` and `]` change nothing.
    assert_eq!(d.speed(), None);
    d.apply(Action::Faster, t0);
    assert_eq!(d.speed(), None);
    assert_eq!(d.status(), vec!["paused".to_string(), "step 301".into()]);
}

#[test]
fn a_model_key_changes_the_physics_from_the_next_step() {
    let t0 = Instant::now();
    let mut d = Demo::new(Clock::default(), Model::ORIGINAL);
    d.frame(t0);
    d.apply(Action::Toggle(Id::Paused), t0);
    d.apply(Action::Toggle(Id::Diagonals), t0);
    assert!(!d.sim().model().springs.diagonals);
    d.apply(Action::Step, t0);
    let mut want = Simulation::new();
    want.run(2);
    let mut no_diagonals = Model::ORIGINAL;
    no_diagonals.springs.diagonals = false;
    want.set_model(no_diagonals);
    want.step();
    assert_eq!(d.sim(), &want);
    // And back: the original, from the state as it is.
    d.apply(Action::Original, t0);
    assert!(d.sim().model().is_original());
}

#[test]
fn resuming_the_clock_after_a_gap_catches_nothing_up() {
    // The page holds its steps while its picture is lost, then goes on
    // from where the cloth was: one step a frame, not 15 at once.
    let t0 = Instant::now();
    let mut d = Demo::new(Clock::default(), Model::ORIGINAL);
    d.frame(t0);
    for k in 1..=30 {
        d.frame(at(t0, k, 60));
    }
    let before = d.sim().clone();
    let back = at(t0, 630, 60);
    d.resume_clock(back);
    assert_eq!(d.state(), RunState::Running);
    assert_eq!(d.next_frame(), Some(NextFrame::At(at(back, 1, 60))));
    assert_eq!(d.frame(back).map(|f| f.steps), Some(0));
    assert_eq!(d.sim(), &before);
    assert_eq!(d.frame(at(back, 1, 60)).map(|f| f.steps), Some(1));
    // Held, it changes nothing: the held count, then no step.
    let mut held = Demo::new(Clock::Held(5), Model::ORIGINAL);
    held.resume_clock(t0);
    assert_eq!(held.frame(t0).map(|f| f.steps), Some(5));
    held.resume_clock(back);
    assert_eq!(held.frame(back).map(|f| f.steps), Some(0));
}
