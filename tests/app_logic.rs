//! The front ends' decisions, without a window or a browser: mouse drag,
//! keys and clicks (stop, restart, pause, step, speed, the what-ifs), the
//! running demo and its title, zero-size resizes and frame pacing.

use std::time::{Duration, Instant};

use cloth_demo::app::demo::{Clock, Demo, NOTICE_FOR, UNCAPPED_SPEED};
use cloth_demo::app::input::{self, Action, KeyPress, ModelChange, Modifiers, RunState};
use cloth_demo::app::keys::{self as key_table, BINDINGS};
use cloth_demo::app::orbit::Orbit;
use cloth_demo::app::pacing::{
    self, Frame, FrameCounter, Mode, NextFrame, Pacer, FIRST_FRAME_STEPS, MAX_CATCH_UP, SPEEDS,
    STEPS_PER_SECOND,
};
use cloth_demo::app::{action_for_event, action_for_key, drawable_size, title, TITLE};
use cloth_demo::render::Camera;
use cloth_demo::sim::{Buffering, Model, Order, Passes, Simulation, SpringLaw};
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

/// The window's action for a fresh press of `key` with no modifiers,
/// while running.
fn pressed(key: &Key) -> Option<Action> {
    action_for_key(
        key,
        ElementState::Pressed,
        false,
        Modifiers::default(),
        RunState::Running,
    )
}

#[test]
fn escape_pressed_stops() {
    let esc = Key::Named(NamedKey::Escape);
    assert_eq!(pressed(&esc), Some(Action::Stop));
    let released = action_for_key(
        &esc,
        ElementState::Released,
        false,
        Modifiers::default(),
        RunState::Running,
    );
    assert_eq!(released, None);
    // Held down: the repeat stops too (as before the other keys came).
    let repeat = action_for_key(
        &esc,
        ElementState::Pressed,
        true,
        Modifiers::default(),
        RunState::Paused,
    );
    assert_eq!(repeat, Some(Action::Stop));
}

#[test]
fn other_keys_do_not_stop() {
    for key in [
        Key::Named(NamedKey::Enter),
        Key::Named(NamedKey::F4),
        Key::Named(NamedKey::ArrowLeft),
        Key::Character(SmolStr::new("q")),
        Key::Character(SmolStr::new("\u{1b}")),
    ] {
        assert_eq!(pressed(&key), None, "{key:?}");
    }
}

#[test]
fn the_close_button_stops_and_other_events_do_not() {
    let event = |e: &WindowEvent| action_for_event(e, Modifiers::default(), RunState::Running);
    assert_eq!(event(&WindowEvent::CloseRequested), Some(Action::Stop));
    // Destroyed from outside: nothing left to draw in.
    assert_eq!(event(&WindowEvent::Destroyed), Some(Action::Stop));
    // Paused, the close button still closes.
    assert_eq!(
        action_for_event(
            &WindowEvent::CloseRequested,
            Modifiers::default(),
            RunState::Paused
        ),
        Some(Action::Stop)
    );
    assert_eq!(event(&WindowEvent::RedrawRequested), None);
    assert_eq!(event(&WindowEvent::Resized(PhysicalSize::new(0, 0))), None);
    assert_eq!(event(&WindowEvent::Focused(false)), None);
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
    assert_eq!(
        input::Key::from_key_value("ArrowRight"),
        input::Key::ArrowRight
    );
    assert_eq!(input::Key::from_key_value("Right"), input::Key::ArrowRight);
    assert_eq!(input::Key::from_key_value("F1"), input::Key::F1);
    for other in ["Enter", "F4", "F12", "ArrowLeft", "Dead", "", "ab"] {
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
    assert_eq!(
        key_of(&Key::Named(NamedKey::Space)),
        input::Key::Character(' ')
    );
    assert_eq!(
        key_of(&Key::Named(NamedKey::ArrowRight)),
        input::Key::ArrowRight
    );
    assert_eq!(key_of(&Key::Named(NamedKey::F1)), input::Key::F1);
    assert_eq!(key_of(&Key::Named(NamedKey::F2)), input::Key::Other);
    assert_eq!(key_of(&Key::Named(NamedKey::ArrowLeft)), input::Key::Other);
}

#[test]
fn escape_stops_while_running_and_a_click_restarts_once_stopped() {
    use input::{action_for_click, Key as K};
    let shared_key = |k: K, state| input::action_for_key(KeyPress::from(k), state);
    assert_eq!(shared_key(K::Escape, RunState::Running), Some(Action::Stop));
    assert_eq!(shared_key(K::Escape, RunState::Paused), Some(Action::Stop));
    assert_eq!(shared_key(K::Escape, RunState::Stopped), None);
    assert_eq!(shared_key(K::Character('q'), RunState::Running), None);
    assert_eq!(shared_key(K::Other, RunState::Stopped), None);
    // A click while running or paused is the end of a drag, not a restart.
    assert_eq!(action_for_click(RunState::Running), None);
    assert_eq!(action_for_click(RunState::Paused), None);
    assert_eq!(action_for_click(RunState::Stopped), Some(Action::Restart));
}

// ---------------------------------------------------------------- demo

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

// ---------------------------------------------------------------- keys

/// The shared action for a fresh press of `key` with no modifiers.
fn key(k: input::Key, state: RunState) -> Option<Action> {
    input::action_for_key(KeyPress::from(k), state)
}

fn ch(c: char) -> input::Key {
    input::Key::Character(c)
}

#[test]
fn each_key_does_what_the_article_demo_needs() {
    use input::Key as K;
    let passes = |n| Action::Model(ModelChange::Passes(Passes::new(n).unwrap()));
    let model = Action::Model;
    let table = [
        (ch(' '), Action::TogglePause),
        (ch('.'), Action::Step),
        (K::ArrowRight, Action::Step),
        (ch('r'), Action::Restart),
        (ch('R'), Action::Restart),
        (ch('['), Action::Slower),
        (ch(']'), Action::Faster),
        (ch('1'), passes(1)),
        (ch('5'), passes(5)),
        (ch('0'), passes(15)),
        (ch('d'), model(ModelChange::Diagonals)),
        (ch('D'), model(ModelChange::Diagonals)),
        (ch('b'), model(ModelChange::Bend)),
        (ch('i'), model(ModelChange::InPlace)),
        (ch('o'), model(ModelChange::Order)),
        (ch('k'), model(ModelChange::Hooke)),
        (ch('K'), model(ModelChange::Hooke)),
        (ch('m'), model(ModelChange::Original)),
        (K::F1, Action::Help),
        (ch('h'), Action::Help),
        (ch('H'), Action::Help),
        (K::Escape, Action::Stop),
    ];
    for (k, want) in table {
        assert_eq!(key(k, RunState::Paused), Some(want), "{k:?} paused");
        // One step is for a paused demo only.
        let running = if want == Action::Step {
            None
        } else {
            Some(want)
        };
        assert_eq!(key(k, RunState::Running), running, "{k:?} running");
        // Stopped (the browser after Escape), only a click does anything.
        assert_eq!(key(k, RunState::Stopped), None, "{k:?} stopped");
    }
    for k in [ch('q'), ch('2'), ch('+'), ch('x'), K::Other] {
        assert_eq!(key(k, RunState::Running), None, "{k:?}");
    }
}

#[test]
fn the_key_table_binds_each_key_once_and_matches_its_names() {
    let mut seen = Vec::new();
    for b in BINDINGS {
        assert!(!b.matches.is_empty(), "{}", b.keys);
        for k in b.matches {
            assert!(!seen.contains(k), "{k:?} is bound twice");
            seen.push(*k);
            // Each key it matches is named in `keys` (a letter by its
            // capital).
            let name = match k {
                input::Key::Character(' ') => "Space".to_string(),
                input::Key::Character(c) => c.to_ascii_uppercase().to_string(),
                input::Key::ArrowRight => "Right".into(),
                other => format!("{other:?}"),
            };
            assert!(b.keys.contains(&name), "{} names {name}", b.keys);
        }
    }
}

#[test]
fn the_key_list_shows_every_key_and_every_speed() {
    let help = key_table::help();
    assert!(help.starts_with("Keys (in the window and in the browser):\n"));
    // A heading, one line a binding, and the drag.
    assert_eq!(help.lines().count(), BINDINGS.len() + 2);
    for b in BINDINGS {
        // "  KEYS  WHAT", the keys padded to one width.
        let line = help
            .lines()
            .skip(1)
            .find(|l| l.trim_start().starts_with(&format!("{}  ", b.keys)))
            .unwrap_or_else(|| panic!("no line for {}", b.keys));
        assert!(line.ends_with(b.what), "{line}");
    }
    let speeds = help
        .lines()
        .find(|l| l.trim_start().starts_with('['))
        .unwrap();
    for s in SPEEDS {
        assert!(speeds.contains(&s.to_string()), "{s} in {speeds}");
    }
    assert!(help.contains("drag"), "{help}");
    // Each what-if names its flag.
    for flag in [
        "--passes 1",
        "--no-diagonals",
        "--bend",
        "--in-place",
        "--order",
        "--hooke",
    ] {
        assert!(help.contains(flag), "{flag}");
    }
}

#[test]
fn other_programs_shortcuts_are_left_alone() {
    let with = |k, ctrl, alt, logo| {
        input::action_for_key(
            KeyPress {
                key: k,
                repeat: false,
                modifiers: Modifiers { ctrl, alt, logo },
            },
            RunState::Running,
        )
    };
    // The browser's reload and bookmark, the desktop's Super+D, Alt+F1.
    assert_eq!(with(ch('r'), true, false, false), None);
    assert_eq!(with(ch('d'), true, false, false), None);
    assert_eq!(with(ch('d'), false, false, true), None);
    assert_eq!(with(input::Key::F1, false, true, false), None);
    assert_eq!(with(input::Key::Escape, true, false, false), None);
    // AltGr (Control and Alt on Windows) types `[` on many layouts.
    assert_eq!(with(ch('['), true, true, false), Some(Action::Slower));
    assert_eq!(with(ch('r'), false, false, false), Some(Action::Restart));
    assert!(Modifiers {
        ctrl: false,
        alt: false,
        logo: true
    }
    .is_shortcut());
    assert!(!Modifiers::default().is_shortcut());
}

#[test]
fn toggles_act_once_a_press_while_steps_and_speeds_repeat() {
    let held = |k, state| {
        input::action_for_key(
            KeyPress {
                key: k,
                repeat: true,
                modifiers: Modifiers::default(),
            },
            state,
        )
    };
    assert_eq!(held(ch(' '), RunState::Running), None);
    assert_eq!(held(ch('r'), RunState::Running), None);
    assert_eq!(held(ch('b'), RunState::Running), None);
    assert_eq!(held(ch('h'), RunState::Running), None);
    assert_eq!(held(ch('.'), RunState::Paused), Some(Action::Step));
    assert_eq!(
        held(input::Key::ArrowRight, RunState::Paused),
        Some(Action::Step)
    );
    assert_eq!(held(ch(']'), RunState::Running), Some(Action::Faster));
    assert_eq!(held(ch('['), RunState::Running), Some(Action::Slower));
    assert_eq!(
        held(input::Key::Escape, RunState::Running),
        Some(Action::Stop)
    );
}

#[test]
fn the_window_reads_winit_keys_the_same_way() {
    let winit = |k: &Key, repeat, modifiers, run| {
        action_for_key(k, ElementState::Pressed, repeat, modifiers, run)
    };
    let none = Modifiers::default();
    let space = Key::Named(NamedKey::Space);
    let right = Key::Named(NamedKey::ArrowRight);
    assert_eq!(
        winit(&space, false, none, RunState::Running),
        Some(Action::TogglePause)
    );
    assert_eq!(winit(&space, true, none, RunState::Running), None);
    assert_eq!(
        winit(&right, false, none, RunState::Paused),
        Some(Action::Step)
    );
    assert_eq!(winit(&right, false, none, RunState::Running), None);
    assert_eq!(
        winit(&Key::Named(NamedKey::F1), false, none, RunState::Running),
        Some(Action::Help)
    );
    let big_b = Key::Character(SmolStr::new("B"));
    assert_eq!(
        winit(&big_b, false, none, RunState::Running),
        Some(Action::Model(ModelChange::Bend))
    );
    let ctrl = Modifiers { ctrl: true, ..none };
    assert_eq!(winit(&big_b, false, ctrl, RunState::Running), None);
    assert_eq!(
        action_for_key(
            &space,
            ElementState::Released,
            false,
            none,
            RunState::Running
        ),
        None
    );
    use cloth_demo::app::modifiers_of;
    use winit::keyboard::ModifiersState;
    assert_eq!(
        modifiers_of(ModifiersState::CONTROL | ModifiersState::SHIFT),
        Modifiers {
            ctrl: true,
            alt: false,
            logo: false
        }
    );
    assert_eq!(
        modifiers_of(ModifiersState::SUPER),
        Modifiers {
            ctrl: false,
            alt: false,
            logo: true
        }
    );
}

#[test]
fn model_keys_switch_each_what_if_on_and_back_off() {
    let o = Model::ORIGINAL;
    let on = |c: ModelChange| c.apply(o);
    assert!(!on(ModelChange::Diagonals).springs.diagonals);
    assert!(on(ModelChange::Bend).springs.bend);
    assert_eq!(on(ModelChange::InPlace).buffering, Buffering::InPlace);
    assert_eq!(on(ModelChange::Order).order, Order::Reversed);
    assert_eq!(on(ModelChange::Hooke).law, SpringLaw::Hooke);
    assert_eq!(
        on(ModelChange::Passes(Passes::new(1).unwrap()))
            .passes
            .get(),
        1
    );
    for (c, phrase) in [
        (ModelChange::Diagonals, "no diagonals"),
        (ModelChange::Bend, "bending springs"),
        (ModelChange::InPlace, "in place"),
        (ModelChange::Order, "reversed order"),
        (ModelChange::Hooke, "Hooke's law"),
        (ModelChange::Passes(Passes::new(5).unwrap()), "5 passes"),
    ] {
        assert_eq!(on(c).differences(), vec![phrase.to_string()], "{c:?}");
        // Pressed again, a toggle is off (passes stay where they are set).
        let twice = c.apply(on(c));
        if matches!(c, ModelChange::Passes(_)) {
            assert_eq!(twice, on(c));
        } else {
            assert!(twice.is_original(), "{c:?} twice: {twice}");
        }
    }
    // Every what-if at once, then M: the original.
    let all = [
        ModelChange::Diagonals,
        ModelChange::Bend,
        ModelChange::InPlace,
        ModelChange::Order,
        ModelChange::Hooke,
        ModelChange::Passes(Passes::new(1).unwrap()),
    ]
    .iter()
    .fold(o, |m, c| c.apply(m));
    assert_eq!(
        all.to_string(),
        "1 pass, no diagonals, bending springs, in place, reversed order, Hooke's law"
    );
    assert!(ModelChange::Original.apply(all).is_original());
    assert!(ModelChange::Passes(Passes::ORIGINAL)
        .apply(on(ModelChange::Passes(Passes::new(1).unwrap())))
        .is_original());
}

// ---------------------------------------------------------------- pause, step, restart

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
    d.apply(Action::TogglePause, at(t0, 30, 60));
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
    d.apply(Action::TogglePause, resumed);
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
    d.apply(Action::TogglePause, t0);
    for n in 1..=3u64 {
        d.apply(Action::Step, t0);
        let mut want = Simulation::new();
        want.run(2 + n);
        assert_eq!(d.sim(), &want, "{n} steps while paused");
    }
    // Running, a step asks nothing of the demo (the key is not offered,
    // and the demo ignores it too).
    d.apply(Action::TogglePause, t0);
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
    d.apply(Action::Model(ModelChange::Bend), at(t0, 40, 60));
    d.apply(Action::Faster, at(t0, 40, 60));
    d.cursor_moved(10.0, 10.0, 1.0);
    d.button(true);
    d.cursor_moved(0.0, 0.0, 1.0);
    d.button(false);
    d.apply(Action::TogglePause, at(t0, 41, 60));

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
    d.apply(Action::TogglePause, t1);
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
    d.apply(Action::TogglePause, t0);
    d.apply(Action::NextScene, t0);
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
    d.apply(Action::TogglePause, t0);
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
    d.apply(Action::TogglePause, t0);
    d.apply(Action::Model(ModelChange::Diagonals), t0);
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
    d.apply(Action::Model(ModelChange::Original), t0);
    assert!(d.sim().model().is_original());
}

// ---------------------------------------------------------------- speed

#[test]
fn speeds_run_from_15_to_240_steps_a_second() {
    assert_eq!(SPEEDS, [15, 30, 60, 120, 240]);
    assert!(SPEEDS.contains(&STEPS_PER_SECOND));
    assert_eq!(pacing::faster(60), 120);
    assert_eq!(pacing::faster(240), 240);
    assert_eq!(pacing::slower(60), 30);
    assert_eq!(pacing::slower(15), 15);
    let t0 = Instant::now();
    let mut d = Demo::new(Clock::default(), Model::ORIGINAL);
    assert_eq!(d.speed(), Some(60));
    let mut seen = vec![];
    for _ in 0..5 {
        d.apply(Action::Slower, t0);
        seen.push(d.speed().unwrap());
    }
    for _ in 0..5 {
        d.apply(Action::Faster, t0);
        seen.push(d.speed().unwrap());
    }
    assert_eq!(seen, [30, 15, 15, 15, 15, 30, 60, 120, 240, 240]);
    // Uncapped is the original's one step a frame: no rate to change.
    let mut u = Demo::new(Clock::Paced(Mode::Uncapped), Model::ORIGINAL);
    assert!(u.status().is_empty());
    assert_eq!(u.frame(t0).map(|f| f.steps), Some(2));
    assert_eq!(u.frame(t0).map(|f| f.steps), Some(1));
}

#[test]
fn uncapped_the_speed_keys_say_why_they_do_nothing() {
    let t0 = Instant::now();
    let mut u = Demo::new(Clock::Paced(Mode::Uncapped), Model::ORIGINAL);
    u.frame(t0);
    assert_eq!(u.notice_until(), None);
    for action in [Action::Faster, Action::Slower] {
        u.apply(action, t0);
        assert_eq!(u.speed(), None, "{action:?}");
        assert_eq!(u.status(), [UNCAPPED_SPEED], "{action:?}");
        assert_eq!(
            title(&u.status()),
            "OpenGL Test Program - speed follows the frame rate (--uncapped)"
        );
        // Still one step a frame.
        assert_eq!(u.frame(t0).map(|f| f.steps), Some(1));
    }
    // For NOTICE_FOR after the last press, then gone.
    assert_eq!(u.notice_until(), Some(t0 + NOTICE_FOR));
    assert!(!u.expire_notice(t0 + NOTICE_FOR - Duration::from_millis(1)));
    assert_eq!(u.status(), [UNCAPPED_SPEED]);
    assert!(u.expire_notice(t0 + NOTICE_FOR));
    assert!(u.status().is_empty());
    assert_eq!(u.notice_until(), None);
    assert!(!u.expire_notice(t0 + NOTICE_FOR * 2));
    // Or until the next key: paused, the title says so and not the notice.
    u.apply(Action::Faster, t0);
    u.apply(Action::TogglePause, t0);
    assert_eq!(
        u.status(),
        ["paused".to_string(), format!("step {}", u.sim().steps())]
    );
    assert_eq!(u.notice_until(), None);
    // Paused, the keys still say why; a restart ends the notice.
    u.apply(Action::Slower, t0);
    assert_eq!(u.status()[2..], [UNCAPPED_SPEED]);
    u.apply(Action::Restart, t0);
    assert_eq!(u.status(), ["paused", "step 0"]);
    // At a fixed rate, or held (the browser's test mode), no notice.
    for clock in [Clock::Paced(Mode::Fixed), Clock::Held(5)] {
        let mut d = Demo::new(clock, Model::ORIGINAL);
        d.apply(Action::Faster, t0);
        assert_eq!(d.notice_until(), None, "{clock:?}");
        assert!(
            !d.status().contains(&UNCAPPED_SPEED.to_string()),
            "{clock:?}"
        );
    }
}

#[test]
fn each_speed_keeps_to_the_wall_clock_whatever_the_frame_rate() {
    for rate in SPEEDS {
        for hz in [30, 60, 144] {
            let t0 = Instant::now();
            let mut p = Pacer::new(Mode::Fixed);
            p.frame(t0);
            p.set_rate(rate, t0);
            assert_eq!(p.rate(), rate);
            let mut steps = 0u64;
            for k in 1..=hz * 2 {
                let f = p.frame(at(t0, k, hz));
                steps += u64::from(f.steps);
                assert_eq!(f.dropped, 0, "{rate}/s at {hz} Hz");
            }
            assert_eq!(steps, rate * 2, "{rate} steps/s at {hz} Hz over 2 s");
        }
    }
}

#[test]
fn a_speed_change_neither_drops_nor_owes_a_step() {
    let t0 = Instant::now();
    // A second at 60, then faster mid-frame: 240 a second from the last
    // step that fell due (step 60, at 1 s), not from the moment of the key.
    let mut p = Pacer::new(Mode::Fixed);
    p.frame(t0);
    let mut total = 0u64;
    for k in 1..=60 {
        total += u64::from(p.frame(at(t0, k, 60)).steps);
    }
    let key = t0 + Duration::from_millis(1010);
    p.set_rate(240, key);
    // By 1.010 s, two steps at 240 a second were due (1 + 1/240, 1 + 2/240).
    assert_eq!(p.frame(key).steps, 2);
    total += 2;
    assert_eq!(
        p.next_frame(),
        NextFrame::At(t0 + Duration::from_secs(1) + Duration::from_nanos(12_500_000))
    );
    // The next second: exactly 240 more (to 2 s), at 60 frames a second.
    for k in 61..=120 {
        total += u64::from(p.frame(at(t0, k, 60)).steps);
    }
    assert_eq!(total, 60 + 240);
    // Slower, at 2 s on the dot: 15 a second, one every fourth frame.
    p.set_rate(15, at(t0, 120, 60));
    let steps: Vec<u32> = (121..=180).map(|k| p.frame(at(t0, k, 60)).steps).collect();
    assert_eq!(steps.iter().sum::<u32>(), 15);
    assert!(steps.chunks(4).all(|c| c == [0, 0, 0, 1]), "{steps:?}");
    // A change before the first frame just sets the rate.
    let mut q = Pacer::new(Mode::Fixed);
    q.set_rate(30, t0);
    assert_eq!(q.frame(t0).steps, FIRST_FRAME_STEPS);
    assert_eq!(q.next_frame(), NextFrame::At(at(t0, 1, 30)));
}

#[test]
fn resuming_starts_the_count_again_from_the_moment_of_resuming() {
    let t0 = Instant::now();
    let mut p = Pacer::new(Mode::Fixed);
    // Before the first frame, nothing to resume.
    p.resume(t0 + Duration::from_secs(5));
    assert_eq!(p.frame(t0).steps, FIRST_FRAME_STEPS);
    p.frame(at(t0, 1, 60));
    // Paused for an hour (no frames), then resumed.
    let back = t0 + Duration::from_secs(3600);
    p.resume(back);
    let f = p.frame(back + Duration::from_millis(20));
    assert_eq!(
        f,
        Frame {
            steps: 1,
            dropped: 0
        },
        "not 15 caught up"
    );
    assert_eq!(p.next_frame(), NextFrame::At(at(back, 2, 60)));
}

// ---------------------------------------------------------------- title

#[test]
fn the_title_says_what_differs_from_the_default() {
    let t0 = Instant::now();
    let mut d = Demo::new(Clock::Held(1234), Model::ORIGINAL);
    d.frame(t0);
    assert_eq!(title(&d.status()), "OpenGL Test Program");
    assert_eq!(TITLE, "OpenGL Test Program");
    d.apply(Action::TogglePause, t0);
    d.apply(Action::Model(ModelChange::Bend), t0);
    // The issue's own example.
    assert_eq!(
        title(&d.status()),
        "OpenGL Test Program - paused, step 1234, bending springs"
    );
    let mut p = Demo::new(Clock::default(), Model::ORIGINAL);
    p.frame(t0);
    p.apply(Action::Slower, t0);
    assert_eq!(title(&p.status()), "OpenGL Test Program - 30 steps/s");
    p.apply(
        Action::Model(ModelChange::Passes(Passes::new(1).unwrap())),
        t0,
    );
    p.apply(Action::Model(ModelChange::Hooke), t0);
    p.apply(Action::TogglePause, t0);
    assert_eq!(
        title(&p.status()),
        "OpenGL Test Program - paused, step 2, 30 steps/s, 1 pass, Hooke's law"
    );
    p.apply(Action::Step, t0);
    assert_eq!(
        title(&p.status()),
        "OpenGL Test Program - paused, step 3, 30 steps/s, 1 pass, Hooke's law"
    );
    // Everything back: exactly the original's title again.
    p.apply(Action::TogglePause, t0);
    p.apply(Action::Faster, t0);
    p.apply(Action::Model(ModelChange::Original), t0);
    assert_eq!(title(&p.status()), "OpenGL Test Program");
    // Started with a what-if flag, the title says so from the start.
    let mut in_place = Model::ORIGINAL;
    in_place.buffering = Buffering::InPlace;
    in_place.order = Order::Reversed;
    let q = Demo::new(Clock::default(), in_place);
    assert_eq!(
        title(&q.status()),
        "OpenGL Test Program - in place, reversed order"
    );
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

// ---------------------------------------------------------------- scenes

#[test]
fn n_cycles_the_scenes_and_s_toggles_shading() {
    use cloth_demo::app::input::next_scene;
    use cloth_demo::sim::Scene;
    let key = |c: char| {
        input::action_for_key(KeyPress::from(input::Key::Character(c)), RunState::Running)
    };
    assert_eq!(key('n'), Some(Action::NextScene));
    assert_eq!(key('N'), Some(Action::NextScene));
    assert_eq!(key('s'), Some(Action::ToggleShade));
    assert_eq!(key('S'), Some(Action::ToggleShade));
    // Toggles: a held key does not repeat them.
    let held = KeyPress {
        repeat: true,
        ..KeyPress::from(input::Key::Character('n'))
    };
    assert_eq!(input::action_for_key(held, RunState::Running), None);
    assert_eq!(
        [Scene::Original, Scene::Curtain, Scene::Flag, Scene::Drape].map(next_scene),
        [Scene::Curtain, Scene::Flag, Scene::Drape, Scene::Original]
    );

    let t0 = Instant::now();
    let mut d = Demo::new(Clock::Held(5), Model::ORIGINAL);
    d.frame(t0);
    d.apply(Action::Model(ModelChange::Bend), t0);
    // N: the curtain from its start, with its own model (the bend
    // dropped), drawn flat as the curtain is.
    d.apply(Action::NextScene, t0);
    assert_eq!(d.scene(), Scene::Curtain);
    assert_eq!(d.sim().model(), Scene::Curtain.model());
    assert_eq!(d.sim().steps(), 0);
    assert_eq!(d.sim().cloth, Scene::Curtain.start_cloth());
    assert!(!d.shade());
    assert_eq!(
        title(&d.status()),
        "OpenGL Test Program - curtain, pinned top, wind 0,0,-0.0001, gusts, inertia 0.01"
    );
    // Its first frame runs the held steps of the curtain's own run.
    d.frame(t0);
    let mut want = Scene::Curtain.simulation();
    want.run(5);
    assert_eq!(*d.sim(), want);
    // R restarts the scene, not the original, and holds it at step 0.
    d.apply(Action::Restart, t0);
    assert_eq!(d.sim().cloth, Scene::Curtain.start_cloth());
    assert_eq!(d.scene(), Scene::Curtain);
    assert_eq!(d.frame(t0).map(|f| f.steps), Some(0));
    assert_eq!(d.sim().steps(), 0);
    // The flag is shaded; S turns it off and on, changing nothing else.
    d.apply(Action::NextScene, t0);
    assert_eq!((d.scene(), d.shade()), (Scene::Flag, true));
    assert!(title(&d.status()).ends_with(", inertia 0.1, shaded"));
    let sim = d.sim().clone();
    d.apply(Action::ToggleShade, t0);
    assert!(!d.shade());
    assert!(title(&d.status()).ends_with(", inertia 0.1"));
    assert_eq!(*d.sim(), sim);
    // Round the cycle: the original, flat, with exactly the original title.
    d.apply(Action::NextScene, t0);
    d.apply(Action::NextScene, t0);
    assert_eq!(d.scene(), Scene::Original);
    assert_eq!(title(&d.status()), "OpenGL Test Program");
    d.apply(Action::ToggleShade, t0);
    assert_eq!(title(&d.status()), "OpenGL Test Program - shaded");
    // Started from a scene with a flag over it (as `--scene drape --shade`).
    let q = Demo::with_scene(Clock::default(), Scene::Drape, Scene::Drape.model(), true);
    assert_eq!(
        title(&q.status()),
        "OpenGL Test Program - drape, inertia 0.5, self-collision, shaded"
    );
}

/// The README's Controls table names every key of the table, so the
/// key list a reader sees beside the code cannot fall behind it.
#[test]
fn readme_controls_list_every_key() {
    let readme = include_str!("../README.md");
    let start = readme
        .find("\n## Controls\n")
        .expect("README has ## Controls");
    let section = &readme[start + 1..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |n| n + 3)];
    // The first column of each table row, cut into key names: "`.` or
    // Right", "1 / 5 / 0", "Escape, or the window's close button".
    let mut named = std::collections::BTreeSet::new();
    for row in section.lines().filter(|l| l.starts_with("| ")) {
        let first = row.split('|').nth(1).unwrap_or("").replace('`', "");
        for part in first.split([',', '/']).flat_map(|p| p.split(" or ")) {
            named.insert(part.trim().to_string());
        }
    }
    for b in BINDINGS {
        for key in b.keys.split(" or ") {
            assert!(
                named.contains(key),
                "README's Controls lacks the key {key:?} ({}): it names {named:?}",
                b.what
            );
        }
    }
}

#[test]
fn the_instruction_set_outlives_restarts_and_scenes() {
    // The program sets the instruction set once (CLOTH_DEMO_SIMD); R and
    // N make new states, run the same way.
    use cloth_demo::sim::InstructionSet;
    let mut d = Demo::new(Clock::default(), Model::ORIGINAL);
    d.set_instruction_set(InstructionSet::Baseline).unwrap();
    let t0 = Instant::now();
    d.apply(Action::Restart, t0);
    assert_eq!(d.sim().instruction_set(), InstructionSet::Baseline);
    d.apply(Action::NextScene, t0);
    assert_eq!(d.sim().instruction_set(), InstructionSet::Baseline);
    assert_ne!(d.scene(), cloth_demo::sim::Scene::Original);
}
