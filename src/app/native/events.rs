//! From winit's events to the shared input: its keys and modifiers as
//! [`Key`] and [`Modifiers`], and a window event as the [`Action`] the
//! key table ([`keys::bindings`](crate::app::keys::bindings)) gives it.

#![forbid(unsafe_code)]

use winit::event::{ElementState, MouseButton, MouseScrollDelta, WindowEvent};
use winit::keyboard::{Key as WinitKey, ModifiersState, NamedKey};

use crate::app::controls::{Action, RunState};
use crate::app::input::{Key, KeyPress, Modifiers};
use crate::app::keys;
use crate::app::pointer::{Button, Wheel};

/// The shared [`Key`] for a winit logical key: Escape, the right arrow,
/// F1, Home, the space bar (`' '`), one typed character (the keypad's
/// `+` and `-` included), or [`Key::Other`].
pub fn key_of(key: &WinitKey) -> Key {
    match key {
        WinitKey::Named(NamedKey::Escape) => Key::Escape,
        WinitKey::Named(NamedKey::ArrowRight) => Key::ArrowRight,
        WinitKey::Named(NamedKey::F1) => Key::F1,
        WinitKey::Named(NamedKey::F11) => Key::F11,
        WinitKey::Named(NamedKey::Home) => Key::Home,
        WinitKey::Named(NamedKey::Tab) => Key::Tab,
        WinitKey::Named(NamedKey::Space) => Key::Character(' '),
        WinitKey::Character(text) => Key::from_key_value(text),
        _ => Key::Other,
    }
}

/// The shared [`Modifiers`] for winit's: Control, Alt, the logo key
/// (Super, Command, Windows) and Shift.
pub fn modifiers_of(state: ModifiersState) -> Modifiers {
    Modifiers {
        ctrl: state.control_key(),
        alt: state.alt_key(),
        logo: state.super_key(),
        shift: state.shift_key(),
    }
}

/// The shared [`Button`] for a winit mouse button: left, right, or
/// [`Button::Other`].
pub fn button_of(button: MouseButton) -> Button {
    match button {
        MouseButton::Left => Button::Left,
        MouseButton::Right => Button::Right,
        _ => Button::Other,
    }
}

/// The shared [`Wheel`] for winit's wheel delta on a window of
/// `scale_factor` physical pixels per logical pixel: lines are notches (a
/// mouse wheel's), pixels (a trackpad's, physical) are made logical; the
/// vertical part only, up positive as winit has it.
pub fn wheel_of(delta: MouseScrollDelta, scale_factor: f64) -> Wheel {
    match delta {
        MouseScrollDelta::LineDelta(_, y) => Wheel::Notches(f64::from(y)),
        MouseScrollDelta::PixelDelta(p) => {
            let scale = if scale_factor.is_finite() && scale_factor > 0.0 {
                scale_factor
            } else {
                1.0
            };
            Wheel::Pixels(p.y / scale)
        }
    }
}

/// The action for a key with logical meaning `key` going to `state`
/// (`repeat`: its auto-repeat) with `modifiers` held, while the demo is
/// in `run`: the shared [`keys::action_for_window_key`] for a press, so
/// [`Action::Stop`] for Escape, pause for Space and so on through
/// [`keys::bindings`], and on Windows [`Action::Fullscreen`] for Alt+Enter
/// too; `None` for a key it lacks, and for every release.
pub fn action_for_winit_key(
    key: &WinitKey,
    state: ElementState,
    repeat: bool,
    modifiers: Modifiers,
    run: RunState,
) -> Option<Action> {
    // Alt+Enter, Windows' own full-screen key (Alt alone is otherwise a
    // shortcut the demo leaves alone).
    if cfg!(windows)
        && state == ElementState::Pressed
        && !repeat
        && *key == WinitKey::Named(NamedKey::Enter)
        && modifiers.alt
        && !modifiers.ctrl
        && !modifiers.logo
    {
        return Some(Action::Fullscreen);
    }
    match state {
        ElementState::Pressed => keys::action_for_window_key(
            KeyPress {
                key: key_of(key),
                repeat,
                modifiers,
            },
            run,
        ),
        ElementState::Released => None,
    }
}

/// The action for a window event while the demo is in `run`, with
/// `modifiers` held: [`Action::Stop`] (the window closes) for the close
/// button (`CloseRequested`) and for the window destroyed from outside
/// (`Destroyed`); for a key pressed in the window, what
/// [`action_for_winit_key`] says (not for a synthetic press, which winit sends
/// on X11 and Windows for keys already held when the window gains focus);
/// `None` for everything else.
pub fn action_for_event(
    event: &WindowEvent,
    modifiers: Modifiers,
    run: RunState,
) -> Option<Action> {
    match event {
        WindowEvent::CloseRequested | WindowEvent::Destroyed => Some(Action::Stop),
        // Synthetic presses are keys already held when the window gained
        // focus, not pressed in it.
        WindowEvent::KeyboardInput {
            event,
            is_synthetic: false,
            ..
        } => action_for_winit_key(
            &event.logical_key,
            event.state,
            event.repeat,
            modifiers,
            run,
        ),
        _ => None,
    }
}
