//! The window's events read as the shared actions (`app::action_for_key`,
//! `app::action_for_event`): Escape and the close button stop, a click
//! restarts once stopped, winit's key values name the shared keys.

use cloth_demo::app::input::{self, Action, KeyPress, Modifiers, RunState};
use cloth_demo::app::{action_for_event, action_for_key};
use winit::dpi::PhysicalSize;
use winit::event::{ElementState, WindowEvent};
use winit::keyboard::{Key, NamedKey, SmolStr};

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
