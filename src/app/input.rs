//! What keys and clicks ask the program to do: the decisions both front
//! ends (the window and the browser) share, pure and tested without either.
//!
//! A front end turns its own events into a [`Key`] or a click, asks
//! [`action_for_key`] or [`action_for_click`] what they mean in the current
//! [`RunState`], and hands the [`Action`] to
//! [`Demo::apply`](super::demo::Demo::apply); what stopping looks like is
//! the front end's business (the window closes; the browser, which cannot
//! close its tab, stops stepping and drawing until a click).

/// A key, by its logical meaning (what it types, not where it sits on the
/// keyboard), in the terms both front ends report: the browser's
/// `KeyboardEvent.key` values, which winit's logical keys follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Escape.
    Escape,
    /// A key that types one character (`'a'`, `'A'`, `' '`, `'+'`).
    Character(char),
    /// Anything else: other named keys (Enter, F4, arrows...), dead keys,
    /// and keys that type more than one character.
    Other,
}

impl Key {
    /// The key a `KeyboardEvent.key` value names: `"Escape"` (and the old
    /// `"Esc"` some browsers sent), one character, or [`Key::Other`].
    pub fn from_key_value(value: &str) -> Key {
        match value {
            "Escape" | "Esc" => Key::Escape,
            _ => {
                let mut chars = value.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => Key::Character(c),
                    _ => Key::Other,
                }
            }
        }
    }
}

/// Whether the program is running: stepping and drawing, or stopped by
/// Escape (only the browser is ever stopped and still there).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RunState {
    /// Stepping and drawing.
    #[default]
    Running,
    /// Stopped: nothing steps or draws until it is started again.
    Stopped,
}

/// What an input asks the program to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Stop the program, as the original's Escape did: the window closes
    /// (and the program ends); the browser stops stepping and drawing.
    Stop,
    /// Start again from `Initialise()`, as running the program again would:
    /// the flat sheet at step 0, the view unturned, the clock reset.
    Restart,
}

/// The action for `key` pressed (auto-repeat included) while the program
/// is in `state`: [`Action::Stop`] for Escape while running; `None` for
/// every other key, and for Escape once stopped.
pub fn action_for_key(key: Key, state: RunState) -> Option<Action> {
    match (key, state) {
        (Key::Escape, RunState::Running) => Some(Action::Stop),
        _ => None,
    }
}

/// The action for a click (button pressed and released in the picture, or
/// a tap) while the program is in `state`: [`Action::Restart`] once
/// stopped; `None` while running, where a click is the end of a drag.
pub fn action_for_click(state: RunState) -> Option<Action> {
    match state {
        RunState::Stopped => Some(Action::Restart),
        RunState::Running => None,
    }
}
