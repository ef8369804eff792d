//! The front ends' decisions, without a window or a browser: mouse drag,
//! keys and clicks (stop, restart), the running demo, zero-size resizes
//! and frame pacing.

use std::time::{Duration, Instant};

use cloth_demo::app::demo::{Clock, Demo};
use cloth_demo::app::input::{self, Action, RunState};
use cloth_demo::app::orbit::Orbit;
use cloth_demo::app::pacing::{
    Frame, FrameCounter, Mode, NextFrame, Pacer, FIRST_FRAME_STEPS, MAX_CATCH_UP, STEPS_PER_SECOND,
};
use cloth_demo::app::{action_for_event, action_for_key, drawable_size};
use cloth_demo::render::Camera;
use cloth_demo::sim::Simulation;
use winit::dpi::PhysicalSize;
use winit::event::{ElementState, WindowEvent};
use winit::keyboard::{Key, NamedKey, SmolStr};

// ---------------------------------------------------------------- orbit

#[test]
fn drag_adds_last_minus_new_in_logical_pixels() {
    let mut o = Orbit::new();
    o.cursor_moved(100.0, 100.0, 1.0);
    o.button(true);
    assert!(o.cursor_moved(90.0, 95.0, 1.0));
    assert_eq!(o.camera(), Camera::new(10.0, 5.0));
    o.cursor_moved(120.0, 130.0, 1.0);
    assert_eq!(o.camera(), Camera::new(-20.0, -30.0));
}

#[test]
fn moves_without_the_button_are_recorded_but_turn_nothing() {
    let mut o = Orbit::new();
    o.cursor_moved(0.0, 0.0, 1.0);
    assert!(!o.cursor_moved(500.0, 300.0, 1.0));
    assert_eq!(o.camera(), Camera::new(0.0, 0.0));
    assert_eq!(o.last_position(), Some((500.0, 300.0)));
    // Pressing does not jump: the next move counts from (500, 300), not
    // from (0, 0) or from where the button was last released.
    o.button(true);
    assert_eq!(o.camera(), Camera::new(0.0, 0.0));
    o.cursor_moved(499.0, 303.0, 1.0);
    assert_eq!(o.camera(), Camera::new(1.0, -3.0));
    // Released: moves are recorded again without turning.
    o.button(false);
    o.cursor_moved(10.0, 10.0, 1.0);
    assert_eq!(o.camera(), Camera::new(1.0, -3.0));
    o.button(true);
    o.cursor_moved(5.0, 20.0, 1.0);
    assert_eq!(o.camera(), Camera::new(6.0, -13.0));
}

#[test]
fn first_move_with_the_button_already_down_does_not_jump() {
    let mut o = Orbit::new();
    o.button(true);
    assert!(!o.cursor_moved(400.0, 250.0, 1.0));
    assert_eq!(o.camera(), Camera::new(0.0, 0.0));
    o.cursor_moved(390.0, 250.0, 1.0);
    assert_eq!(o.camera(), Camera::new(10.0, 0.0));
}

#[test]
fn a_drag_turns_the_same_at_any_scale_factor() {
    // The same 37 x -12 logical-pixel drag, in steps, at scale 1, 1.5 and 2.
    let path = [
        (200.0, 100.0),
        (190.0, 103.0),
        (175.0, 108.0),
        (163.0, 112.0),
    ];
    let drag = |scale: f64| {
        let mut o = Orbit::new();
        o.cursor_moved(path[0].0 * scale, path[0].1 * scale, scale);
        o.button(true);
        for &(x, y) in &path[1..] {
            o.cursor_moved(x * scale, y * scale, scale);
        }
        o.button(false);
        o.camera()
    };
    assert_eq!(drag(1.0), Camera::new(37.0, -12.0));
    assert_eq!(drag(2.0), Camera::new(37.0, -12.0));
    assert_eq!(drag(1.5), Camera::new(37.0, -12.0));
}

#[test]
fn moves_outside_the_window_count_while_held() {
    // Negative and past-the-edge positions arrive while the button is held.
    let mut o = Orbit::new();
    o.cursor_moved(10.0, 10.0, 1.0);
    o.button(true);
    o.cursor_moved(-250.0, -40.0, 1.0);
    o.cursor_moved(-300.0, 900.0, 1.0);
    assert_eq!(o.camera(), Camera::new(310.0, -890.0));
}

#[test]
fn a_scale_change_between_moves_is_not_a_drag() {
    // The window moves to a HiDPI monitor: the same logical spot has a new
    // physical position, and the view must not turn.
    let mut o = Orbit::new();
    o.cursor_moved(100.0, 50.0, 1.0);
    o.button(true);
    assert!(!o.cursor_moved(200.0, 100.0, 2.0));
    assert_eq!(o.camera(), Camera::new(0.0, 0.0));
}

#[test]
fn non_finite_positions_and_scales_are_harmless() {
    let mut o = Orbit::new();
    o.cursor_moved(10.0, 10.0, 1.0);
    o.button(true);
    assert!(!o.cursor_moved(f64::NAN, 5.0, 1.0));
    o.cursor_moved(4.0, 6.0, 0.0); // a zero scale is taken as 1
    assert_eq!(o.camera(), Camera::new(6.0, 4.0));
    let c = o.camera();
    assert!(c.r1.is_finite() && c.r2.is_finite());
}

#[test]
fn from_camera_keeps_the_angles() {
    let mut o = Orbit::from_camera(Camera::new(100.0, -50.0));
    o.cursor_moved(0.0, 0.0, 1.0);
    o.button(true);
    o.cursor_moved(-1.0, 1.0, 1.0);
    assert_eq!(o.camera(), Camera::new(101.0, -51.0));
}

// ---------------------------------------------------------------- input

#[test]
fn escape_pressed_stops() {
    let esc = Key::Named(NamedKey::Escape);
    assert_eq!(
        action_for_key(&esc, ElementState::Pressed),
        Some(Action::Stop)
    );
    assert_eq!(action_for_key(&esc, ElementState::Released), None);
}

#[test]
fn other_keys_do_not_stop() {
    for key in [
        Key::Named(NamedKey::Enter),
        Key::Named(NamedKey::Space),
        Key::Named(NamedKey::F4),
        Key::Character(SmolStr::new("q")),
        Key::Character(SmolStr::new("\u{1b}")),
    ] {
        assert_eq!(action_for_key(&key, ElementState::Pressed), None, "{key:?}");
    }
}

#[test]
fn the_close_button_stops_and_other_events_do_not() {
    assert_eq!(
        action_for_event(&WindowEvent::CloseRequested),
        Some(Action::Stop)
    );
    // Destroyed from outside: nothing left to draw in.
    assert_eq!(
        action_for_event(&WindowEvent::Destroyed),
        Some(Action::Stop)
    );
    assert_eq!(action_for_event(&WindowEvent::RedrawRequested), None);
    assert_eq!(
        action_for_event(&WindowEvent::Resized(PhysicalSize::new(0, 0))),
        None
    );
    assert_eq!(action_for_event(&WindowEvent::Focused(false)), None);
}

#[test]
fn key_values_name_the_shared_keys() {
    // The browser's KeyboardEvent.key values, and winit's logical keys.
    assert_eq!(input::Key::from_key_value("Escape"), input::Key::Escape);
    assert_eq!(input::Key::from_key_value("Esc"), input::Key::Escape);
    assert_eq!(input::Key::from_key_value("p"), input::Key::Character('p'));
    assert_eq!(input::Key::from_key_value(" "), input::Key::Character(' '));
    assert_eq!(
        input::Key::from_key_value("\u{e9}"),
        input::Key::Character('\u{e9}')
    );
    for other in ["Enter", "F4", "ArrowLeft", "Dead", "", "ab"] {
        assert_eq!(
            input::Key::from_key_value(other),
            input::Key::Other,
            "{other:?}"
        );
    }
    use cloth_demo::app::key_of;
    assert_eq!(key_of(&Key::Named(NamedKey::Escape)), input::Key::Escape);
    assert_eq!(
        key_of(&Key::Character(SmolStr::new("q"))),
        input::Key::Character('q')
    );
    assert_eq!(key_of(&Key::Named(NamedKey::Space)), input::Key::Other);
}

#[test]
fn escape_stops_while_running_and_a_click_restarts_once_stopped() {
    use input::{action_for_click, action_for_key as shared_key, Key as K};
    assert_eq!(shared_key(K::Escape, RunState::Running), Some(Action::Stop));
    assert_eq!(shared_key(K::Escape, RunState::Stopped), None);
    assert_eq!(shared_key(K::Character('q'), RunState::Running), None);
    assert_eq!(shared_key(K::Other, RunState::Stopped), None);
    // A click while running is the end of a drag, not a restart.
    assert_eq!(action_for_click(RunState::Running), None);
    assert_eq!(action_for_click(RunState::Stopped), Some(Action::Restart));
}

// ---------------------------------------------------------------- demo

#[test]
fn the_demo_shows_step_2_first_then_keeps_60_steps_a_second() {
    let t0 = Instant::now();
    let mut d = Demo::new(Clock::default());
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
    let mut d = Demo::new(Clock::Held(300));
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
    let mut d = Demo::new(Clock::default());
    d.frame(t0);
    d.frame(at(t0, 30, 60));
    d.cursor_moved(100.0, 100.0, 1.0);
    d.button(true);
    d.cursor_moved(80.0, 90.0, 1.0);
    assert_eq!(d.camera(), Camera::new(20.0, 10.0));
    let steps = d.sim().steps();

    d.apply(Action::Stop);
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

    d.apply(Action::Restart);
    assert_eq!(d.state(), RunState::Running);
    assert_eq!(d.sim(), &Simulation::new());
    assert_eq!(d.camera(), Camera::new(0.0, 0.0));
    assert_eq!(d.clock(), Clock::default());
    // The clock starts again too: the next frame is a first frame.
    let t1 = at(t0, 900, 60);
    assert_eq!(d.next_frame(), Some(NextFrame::Now));
    assert_eq!(d.frame(t1).map(|f| f.steps), Some(FIRST_FRAME_STEPS));
}

#[test]
fn a_restart_keeps_the_clock_it_was_made_with() {
    let t0 = Instant::now();
    for clock in [Clock::Paced(Mode::Uncapped), Clock::Held(15)] {
        let mut d = Demo::new(clock);
        d.frame(t0);
        d.frame(t0);
        d.apply(Action::Stop);
        d.apply(Action::Restart);
        assert_eq!(d.clock(), clock);
        assert_eq!(d.sim().steps(), 0);
        let want = match clock {
            Clock::Held(n) => n,
            Clock::Paced(_) => FIRST_FRAME_STEPS,
        };
        assert_eq!(d.frame(t0).map(|f| f.steps), Some(want), "{clock:?}");
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

// ---------------------------------------------------------------- pacing

/// `k / hz` seconds after `t0`, rounded up to the nanosecond (a frame is
/// never drawn before its time).
fn at(t0: Instant, k: u64, hz: u64) -> Instant {
    t0 + Duration::from_nanos((k * 1_000_000_000).div_ceil(hz))
}

#[test]
fn the_first_frame_runs_exactly_two_steps() {
    for mode in [Mode::Fixed, Mode::Uncapped] {
        let t0 = Instant::now();
        let mut p = Pacer::new(mode);
        assert_eq!(p.next_frame(), NextFrame::Now, "{mode:?}");
        let first = p.frame(t0);
        assert_eq!(
            first,
            Frame {
                steps: 2,
                dropped: 0
            },
            "{mode:?}"
        );
        assert_eq!(FIRST_FRAME_STEPS, 2);
        let mut sim = Simulation::new();
        sim.run(u64::from(first.steps));
        assert_eq!(sim.steps(), 2);
        // Drawn again at the same instant: no more steps unless uncapped.
        let again = p.frame(t0).steps;
        assert_eq!(again, if mode == Mode::Fixed { 0 } else { 1 });
    }
}

#[test]
fn sixty_steps_per_second_whatever_the_frame_rate() {
    for hz in [24, 30, 59, 60, 75, 144, 240, 1000] {
        for seconds in [1, 10] {
            let t0 = Instant::now();
            let mut p = Pacer::new(Mode::Fixed);
            p.frame(t0);
            let mut steps = 0u64;
            let mut most = 0;
            for k in 1..=hz * seconds {
                let f = p.frame(at(t0, k, hz));
                assert_eq!(f.dropped, 0, "{hz} Hz");
                most = most.max(f.steps);
                steps += u64::from(f.steps);
            }
            assert_eq!(steps, STEPS_PER_SECOND * seconds, "{hz} Hz, {seconds} s");
            // Evenly spread: no frame runs more than its share rounded up.
            assert_eq!(most, 60u32.div_ceil(hz as u32).max(1), "{hz} Hz");
        }
    }
}

#[test]
fn each_frame_gets_its_share_at_30_60_and_144_hz() {
    let t0 = Instant::now();
    // 30 Hz: exactly two steps a frame.
    let mut p = Pacer::new(Mode::Fixed);
    p.frame(t0);
    for k in 1..=90 {
        assert_eq!(p.frame(at(t0, k, 30)).steps, 2, "frame {k}");
    }
    // 60 Hz: exactly one.
    let mut p = Pacer::new(Mode::Fixed);
    p.frame(t0);
    for k in 1..=180 {
        assert_eq!(p.frame(at(t0, k, 60)).steps, 1, "frame {k}");
    }
    // 144 Hz: 5 steps every 12 frames, never 2 in one frame.
    let mut p = Pacer::new(Mode::Fixed);
    p.frame(t0);
    let steps: Vec<u32> = (1..=144).map(|k| p.frame(at(t0, k, 144)).steps).collect();
    assert!(steps.iter().all(|&s| s <= 1));
    for chunk in steps.chunks(12) {
        assert_eq!(chunk.iter().sum::<u32>(), 5);
    }
}

#[test]
fn a_late_frame_catches_up_at_most_fifteen_steps_and_drops_the_rest() {
    let t0 = Instant::now();
    let mut p = Pacer::new(Mode::Fixed);
    p.frame(t0);
    p.frame(at(t0, 1, 60));
    // A 200 ms hiccup: 12 steps due, all run.
    let f = p.frame(at(t0, 13, 60));
    assert_eq!(
        f,
        Frame {
            steps: 12,
            dropped: 0
        }
    );
    // A 2 s stall: 120 due, 15 run, 105 dropped.
    let f = p.frame(at(t0, 133, 60));
    assert_eq!(
        f,
        Frame {
            steps: MAX_CATCH_UP,
            dropped: 105
        }
    );
    assert_eq!(MAX_CATCH_UP, 15);
    // Then back to one a frame, from the stall on: not a second burst.
    for k in 134..=200 {
        assert_eq!(
            p.frame(at(t0, k, 60)),
            Frame {
                steps: 1,
                dropped: 0
            }
        );
    }
    // Exactly 15 late runs all of them.
    let f = p.frame(at(t0, 215, 60));
    assert_eq!(
        f,
        Frame {
            steps: 15,
            dropped: 0
        }
    );
    // 16 late drops one.
    let f = p.frame(at(t0, 231, 60));
    assert_eq!(
        f,
        Frame {
            steps: 15,
            dropped: 1
        }
    );
}

#[test]
fn an_hour_asleep_is_fifteen_steps() {
    let t0 = Instant::now();
    let mut p = Pacer::new(Mode::Fixed);
    p.frame(t0);
    let f = p.frame(t0 + Duration::from_secs(3600));
    assert_eq!(f.steps, 15);
    assert_eq!(f.dropped, 3600 * 60 - 15);
}

#[test]
fn uncapped_runs_one_step_per_frame_whatever_the_time() {
    let t0 = Instant::now();
    let mut p = Pacer::new(Mode::Uncapped);
    assert_eq!(p.frame(t0).steps, 2);
    let mut total = 2u64;
    // 1,000 frames in a millisecond, then one after a 10 s stall.
    for k in 1..=1000u64 {
        let f = p.frame(t0 + Duration::from_micros(k));
        assert_eq!(
            f,
            Frame {
                steps: 1,
                dropped: 0
            }
        );
        assert_eq!(p.next_frame(), NextFrame::Now);
        total += u64::from(f.steps);
    }
    assert_eq!(p.frame(t0 + Duration::from_secs(10)).steps, 1);
    total += 1;
    assert_eq!(total, 1003);
}

#[test]
fn the_loop_is_told_when_the_next_step_is_due() {
    let t0 = Instant::now();
    let mut p = Pacer::new(Mode::Fixed);
    p.frame(t0);
    // Step k is due at ceil(k / 60 s) in nanoseconds.
    assert_eq!(
        p.next_frame(),
        NextFrame::At(t0 + Duration::from_nanos(16_666_667))
    );
    // Woken early (an event): nothing to run, same deadline.
    assert_eq!(p.frame(t0 + Duration::from_millis(5)).steps, 0);
    assert_eq!(
        p.next_frame(),
        NextFrame::At(t0 + Duration::from_nanos(16_666_667))
    );
    // A loop that sleeps until each deadline and draws then: one step a
    // frame, 60 frames in a second, ending exactly on the second.
    let mut frames = 0;
    let mut now = t0;
    while let NextFrame::At(due) = p.next_frame() {
        if due > t0 + Duration::from_secs(1) {
            break;
        }
        now = due;
        assert_eq!(p.frame(now).steps, 1);
        frames += 1;
    }
    assert_eq!(frames, 60);
    assert_eq!(now, t0 + Duration::from_secs(1));
}

#[test]
fn time_going_backwards_runs_nothing() {
    let t0 = Instant::now() + Duration::from_secs(10);
    let mut p = Pacer::new(Mode::Fixed);
    p.frame(t0);
    assert_eq!(p.frame(t0 - Duration::from_secs(5)).steps, 0);
    assert_eq!(p.frame(at(t0, 1, 60)).steps, 1);
}

#[test]
fn the_frame_counter_reports_every_interval() {
    let t0 = Instant::now();
    let mut c = FrameCounter::new(Duration::from_secs(5));
    let one = Frame {
        steps: 1,
        dropped: 0,
    };
    assert_eq!(c.record(t0, one), None);
    let mut report = None;
    for k in 1..=300 {
        let r = c.record(at(t0, k, 60), one);
        if k < 300 {
            assert_eq!(r, None, "frame {k}");
        } else {
            report = r;
        }
    }
    let r = report.expect("a report after 5 s");
    assert_eq!((r.frames, r.steps, r.dropped), (300, 300, 0));
    assert!((r.fps() - 60.0).abs() < 1e-9);
    assert!((r.steps_per_second() - 60.0).abs() < 1e-9);
}
