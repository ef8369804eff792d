//! The window's events read as the shared actions (`app::action_for_winit_key`,
//! `app::action_for_event`): Escape and the close button stop, a click
//! restarts once stopped, winit's key values name the shared keys.

use cloth_demo::app::controls::{Action, Id, RunState};
use cloth_demo::app::input::{self, KeyPress, Modifiers};
use cloth_demo::app::keys;
use cloth_demo::app::{action_for_event, action_for_winit_key};
use winit::dpi::PhysicalSize;
use winit::event::{ElementState, WindowEvent};
use winit::keyboard::{Key, NamedKey, SmolStr};

/// The window's action for a fresh press of `key` with no modifiers,
/// while running.
fn pressed(key: &Key) -> Option<Action> {
    action_for_winit_key(
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
    let released = action_for_winit_key(
        &esc,
        ElementState::Released,
        false,
        Modifiers::default(),
        RunState::Running,
    );
    assert_eq!(released, None);
    // Held down: the first press quits, and a repeat does nothing (held
    // over the key list, the press closed the list).
    let repeat = action_for_winit_key(
        &esc,
        ElementState::Pressed,
        true,
        Modifiers::default(),
        RunState::Paused,
    );
    assert_eq!(repeat, None);
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
    use input::Key as K;
    use keys::action_for_click;
    let shared_key = |k: K, state| keys::action_for_key(KeyPress::from(k), state);
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

#[test]
fn a_tap_pauses_and_resumes_and_once_stopped_restarts() {
    use keys::action_for_tap;
    assert_eq!(
        action_for_tap(RunState::Running),
        Action::Toggle(Id::Paused)
    );
    assert_eq!(action_for_tap(RunState::Paused), Action::Toggle(Id::Paused));
    assert_eq!(action_for_tap(RunState::Stopped), Action::Restart);
}

#[test]
fn a_finger_lifted_soon_and_in_place_is_a_tap() {
    use cloth_demo::app::pointer::{LONG_PRESS, LONG_PRESS_SLOP};
    use cloth_demo::app::web::touch::Touches;
    let ms = LONG_PRESS.as_secs_f64() * 1000.0;
    let mut t = Touches::new();
    // Down and up again within the slop, sooner than a long press.
    t.down(1, (50.0, 50.0), 0.0);
    t.moved(1, (50.0 + LONG_PRESS_SLOP * 0.5, 50.0));
    assert!(t.lifted(1, ms - 1.0));
    // Held as long as a long press: no tap, whether or not a frame took
    // the long press first.
    t.down(2, (50.0, 50.0), 0.0);
    assert!(!t.lifted(2, ms));
    t.down(3, (50.0, 50.0), 0.0);
    assert!(t.long_press_due(ms));
    assert!(!t.lifted(3, ms + 1.0));
    // A swipe: no tap.
    t.down(4, (50.0, 50.0), 0.0);
    t.moved(4, (50.0 + LONG_PRESS_SLOP + 1.0, 50.0));
    assert!(!t.lifted(4, 10.0));
    // Two fingers (a pinch): neither is a tap, in either order.
    t.down(5, (50.0, 50.0), 0.0);
    t.down(6, (90.0, 50.0), 1.0);
    assert!(!t.lifted(6, 10.0));
    assert!(!t.lifted(5, 11.0));
}

#[test]
fn a_press_grabs_with_the_right_button_or_control_and_the_left() {
    use cloth_demo::app::button_of;
    use cloth_demo::app::pointer::{drag_for_press, Button, Drag};
    use winit::event::MouseButton;
    let ctrl = Modifiers {
        ctrl: true,
        ..Modifiers::default()
    };
    let none = Modifiers::default();
    assert_eq!(drag_for_press(Button::Left, none), Some(Drag::Orbit));
    assert_eq!(drag_for_press(Button::Left, ctrl), Some(Drag::Grab));
    assert_eq!(drag_for_press(Button::Right, none), Some(Drag::Grab));
    assert_eq!(drag_for_press(Button::Right, ctrl), Some(Drag::Grab));
    assert_eq!(drag_for_press(Button::Other, none), None);
    assert_eq!(button_of(MouseButton::Left), Button::Left);
    assert_eq!(button_of(MouseButton::Right), Button::Right);
    assert_eq!(button_of(MouseButton::Middle), Button::Other);
    assert_eq!(button_of(MouseButton::Other(8)), Button::Other);
}

#[test]
fn the_wheel_zooms_a_notch_a_click_whatever_the_platform_reports() {
    use cloth_demo::app::pointer::{pinch_factor, Wheel, LINES_PER_NOTCH, PIXELS_PER_NOTCH};
    use cloth_demo::app::wheel_of;
    use winit::dpi::PhysicalPosition;
    use winit::event::MouseScrollDelta;
    // winit: a line is a notch (X11's button 4 is +1, up); pixels are
    // physical, made logical.
    assert_eq!(
        wheel_of(MouseScrollDelta::LineDelta(0.0, 1.0), 1.0),
        Wheel::Notches(1.0)
    );
    assert_eq!(
        wheel_of(MouseScrollDelta::LineDelta(3.0, -2.0), 2.0),
        Wheel::Notches(-2.0)
    );
    let px = |y| MouseScrollDelta::PixelDelta(PhysicalPosition::new(0.0, y));
    assert_eq!(wheel_of(px(240.0), 2.0), Wheel::Pixels(120.0));
    assert_eq!(wheel_of(px(-50.0), 0.0), Wheel::Pixels(-50.0));
    assert_eq!(Wheel::Notches(1.0).notches(), 1.0);
    assert_eq!(Wheel::Pixels(PIXELS_PER_NOTCH).notches(), 1.0);
    assert_eq!(Wheel::Pixels(-250.0).notches(), -2.5);
    assert_eq!(Wheel::Lines(LINES_PER_NOTCH).notches(), 1.0);
    assert_eq!(Wheel::Pages(1.0).notches(), 5.73);
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        assert_eq!(Wheel::Pixels(bad).notches(), 0.0);
    }
    // A pinch: magnified 10% is about a tenth nearer; out and back in by the
    // same amount comes back.
    assert!((pinch_factor(0.1) - 0.904_837_418).abs() < 1e-9);
    assert!((pinch_factor(0.3) * pinch_factor(-0.3) - 1.0).abs() < 1e-15);
    assert_eq!(pinch_factor(0.0), 1.0);
}

#[test]
fn control_and_the_wheel_is_a_pinch_of_at_most_a_notch_an_event() {
    use cloth_demo::app::pointer::{ctrl_wheel_factor, pinch_factor};
    use cloth_demo::render::camera::ZOOM_PER_NOTCH;
    // Chromium's pinch: small deltas, the fingers' own scale.
    assert_eq!(ctrl_wheel_factor(-10.0), pinch_factor(0.1));
    assert_eq!(ctrl_wheel_factor(4.0), pinch_factor(-0.04));
    // A mouse wheel's notch with Control held: a notch, not e times.
    assert!((ctrl_wheel_factor(-100.0) - ZOOM_PER_NOTCH).abs() < 1e-15);
    assert!((ctrl_wheel_factor(1000.0) - 1.0 / ZOOM_PER_NOTCH).abs() < 1e-15);
    assert_eq!(ctrl_wheel_factor(f64::NAN), 1.0);
}

#[test]
fn a_finger_held_still_is_a_long_press_and_two_fingers_pinch() {
    use cloth_demo::app::pointer::{LONG_PRESS, LONG_PRESS_SLOP};
    use cloth_demo::app::web::touch::{Landed, Touches};
    let ms = LONG_PRESS.as_secs_f64() * 1000.0;
    let mut t = Touches::new();
    assert_eq!(t.down(7, (100.0, 100.0), 1000.0), Landed::First);
    assert!(!t.long_press_due(1000.0 + ms - 1.0));
    // Wandering within the slop is still held still.
    assert_eq!(
        t.moved(
            7,
            (100.0 + LONG_PRESS_SLOP * 0.6, 100.0 + LONG_PRESS_SLOP * 0.6)
        ),
        None
    );
    assert!(t.long_press_due(1000.0 + ms));
    assert!(!t.long_press_due(1000.0 + 2.0 * ms), "taken once");
    t.up(7);
    // Moved past the slop: a drag, never a long press.
    t.down(8, (0.0, 0.0), 0.0);
    t.moved(8, (LONG_PRESS_SLOP + 1.0, 0.0));
    assert!(!t.long_press_due(10.0 * ms));
    // A second finger: a pinch, and no long press.
    t.up(8);
    assert_eq!(t.down(1, (100.0, 0.0), 0.0), Landed::First);
    assert_eq!(t.down(2, (200.0, 0.0), 1.0), Landed::Second);
    assert!(!t.long_press_due(10.0 * ms));
    // Spread from 100 apart to 200: the distance halves, in steps.
    let mut product = 1.0;
    for k in 1..=5 {
        let f = t
            .moved(2, (200.0 + 20.0 * f64::from(k), 0.0))
            .expect("a pinch");
        product *= f;
    }
    assert!((product - 0.5).abs() < 1e-12, "{product}");
    assert_eq!(t.down(3, (0.0, 50.0), 2.0), Landed::More);
    // A finger up ends the pinch; an unknown one changes nothing.
    t.up(3);
    t.up(2);
    assert_eq!(t.moved(1, (90.0, 0.0)), None);
    assert_eq!(t.moved(42, (0.0, 0.0)), None);
}
