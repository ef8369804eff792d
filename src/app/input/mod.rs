//! What keys, clicks and the pointer ask the program to do: the decisions
//! both front ends (the window and the browser) share, pure and tested
//! without either.
//!
//! A front end turns its own events into a [`KeyPress`] or a click, asks
//! [`action_for_key`] or [`action_for_click`] what they mean in the current
//! [`RunState`], and hands the [`Action`] to
//! [`Demo::apply`](super::demo::Demo::apply); what stopping looks like is
//! the front end's business (the window closes; the browser, which cannot
//! close its tab, stops stepping and drawing until a click), and so is
//! showing the key list ([`Action::Help`]). Which key does what is one
//! table, [`keys::BINDINGS`](super::keys::BINDINGS). What a mouse button
//! starts (turning the view or grabbing the cloth) is [`drag_for_press`],
//! and how far the wheel zooms [`Wheel::notches`].

#![forbid(unsafe_code)]

mod action;
mod key;
mod pointer;
mod touch;

pub use action::{next_scene, Action, ModelChange, RunState};
pub use key::{Key, KeyPress, Modifiers};
pub use pointer::{
    ctrl_wheel_factor, drag_for_press, pinch_factor, Button, Drag, DragEnd, Wheel, LINES_PER_NOTCH,
    LONG_PRESS, LONG_PRESS_SLOP, PIXELS_PER_NOTCH,
};
pub use touch::{Landed, Touches};

use super::keys::BINDINGS;

/// The action for `press` while the program is in `state`, from the key
/// table [`BINDINGS`]: `None` for a key the table lacks, for another
/// program's shortcut ([`Modifiers::is_shortcut`]), for the auto-repeat of
/// a key that does not repeat (the toggles), for [`Action::Step`] unless
/// paused, and for every key once stopped (a click starts it again).
pub fn action_for_key(press: KeyPress, state: RunState) -> Option<Action> {
    if state == RunState::Stopped || press.modifiers.is_shortcut() {
        return None;
    }
    let binding = BINDINGS.iter().find(|b| b.matches.contains(&press.key))?;
    if press.repeat && !binding.repeats {
        return None;
    }
    match binding.action {
        Action::Step if state != RunState::Paused => None,
        action => Some(action),
    }
}

/// The action for a click (button pressed and released in the picture, or
/// a tap) while the program is in `state`: [`Action::Restart`] once
/// stopped; `None` while running or paused, where a click is the end of a
/// drag.
pub fn action_for_click(state: RunState) -> Option<Action> {
    match state {
        RunState::Stopped => Some(Action::Restart),
        RunState::Running | RunState::Paused => None,
    }
}

/// The action for a tap on the picture (a finger down and up again,
/// quickly and in one place: [`Touches::lifted`]) while the program is in
/// `state`: [`Action::TogglePause`] while running or paused, as a touch
/// screen has no Space; [`Action::Restart`] once stopped, as a click.
pub fn action_for_tap(state: RunState) -> Action {
    match state {
        RunState::Stopped => Action::Restart,
        RunState::Running | RunState::Paused => Action::TogglePause,
    }
}
