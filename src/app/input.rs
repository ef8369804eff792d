//! What keys and clicks ask the program to do: the decisions both front
//! ends (the window and the browser) share, pure and tested without either.
//!
//! A front end turns its own events into a [`KeyPress`] or a click, asks
//! [`action_for_key`] or [`action_for_click`] what they mean in the current
//! [`RunState`], and hands the [`Action`] to
//! [`Demo::apply`](super::demo::Demo::apply); what stopping looks like is
//! the front end's business (the window closes; the browser, which cannot
//! close its tab, stops stepping and drawing until a click), and so is
//! showing the key list ([`Action::Help`]). Which key does what is one
//! table, [`keys::BINDINGS`](super::keys::BINDINGS).

use super::keys::BINDINGS;
use crate::sim::{Buffering, Model, Order, Passes, Scene, SpringLaw};

/// A key, by its logical meaning (what it types, not where it sits on the
/// keyboard), in the terms both front ends report: the browser's
/// `KeyboardEvent.key` values, which winit's logical keys follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Escape.
    Escape,
    /// The right arrow.
    ArrowRight,
    /// F1.
    F1,
    /// A key that types one character (`'a'`, `'A'`, `' '` for the space
    /// bar, `'+'`).
    Character(char),
    /// Anything else: other named keys (Enter, F4, the other arrows...),
    /// dead keys, and keys that type more than one character.
    Other,
}

impl Key {
    /// The key a `KeyboardEvent.key` value names: `"Escape"` (and the old
    /// `"Esc"` some browsers sent), `"ArrowRight"` (old: `"Right"`),
    /// `"F1"`, one character (`" "` is the space bar), or [`Key::Other`].
    pub fn from_key_value(value: &str) -> Key {
        match value {
            "Escape" | "Esc" => Key::Escape,
            "ArrowRight" | "Right" => Key::ArrowRight,
            "F1" => Key::F1,
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

/// The modifier keys held with a key (Shift does not count: it picks the
/// character, as for `R`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Modifiers {
    /// Control.
    pub ctrl: bool,
    /// Alt (Option).
    pub alt: bool,
    /// The logo key: Windows, Command, Super.
    pub logo: bool,
}

impl Modifiers {
    /// Whether a key with these held is someone else's shortcut (the
    /// browser's Ctrl+R, the desktop's Super+D, Alt+F4), which the demo
    /// leaves alone: the logo key, or Control or Alt alone. Control and Alt
    /// together are AltGr on Windows, which types characters such as `[`
    /// on many layouts, so they are not.
    pub fn is_shortcut(self) -> bool {
        self.logo || self.ctrl != self.alt
    }
}

/// One key going down, as both front ends see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyPress {
    /// The key.
    pub key: Key,
    /// Whether this is the key's auto-repeat (held down), not a fresh
    /// press.
    pub repeat: bool,
    /// The modifiers held with it.
    pub modifiers: Modifiers,
}

impl From<Key> for KeyPress {
    /// A fresh press of `key` with no modifiers.
    fn from(key: Key) -> Self {
        KeyPress {
            key,
            repeat: false,
            modifiers: Modifiers::default(),
        }
    }
}

/// Whether the program is running: stepping and drawing, paused (drawing,
/// not stepping), or stopped by Escape (only the browser is ever stopped
/// and still there).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RunState {
    /// Stepping and drawing.
    #[default]
    Running,
    /// Paused: no step falls due, but the view still turns and redraws,
    /// and [`Action::Step`] runs one step.
    Paused,
    /// Stopped: nothing steps or draws until it is started again.
    Stopped,
}

/// What an input asks the program to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Stop the program, as the original's Escape did: the window closes
    /// (and the program ends); the browser stops stepping and drawing.
    Stop,
    /// Start again from `Initialise()`: the flat sheet at step 0, the view
    /// unturned, the clock reset (the first frame after two steps). The
    /// model and the speed chosen stay, and so does a pause.
    Restart,
    /// Pause when running, resume when paused.
    TogglePause,
    /// One step (only offered while paused).
    Step,
    /// The next slower speed of
    /// [`SPEEDS`](super::pacing::SPEEDS).
    Slower,
    /// The next faster speed.
    Faster,
    /// Show the key list ([`keys::help`](super::keys::help)).
    Help,
    /// Change the physics from the next step on.
    Model(ModelChange),
    /// Start the next scene of [`Scene::ALL`] ([`next_scene`]) from its
    /// start, with its own model and look (the what-ifs and shading set
    /// since are dropped; the speed and a pause stay).
    NextScene,
    /// Shading on or off (`--shade`), from the next frame drawn.
    ToggleShade,
}

/// The scene after `scene` in [`Scene::ALL`], the last followed by the
/// first: original, curtain, flag, drape, original...
pub fn next_scene(scene: Scene) -> Scene {
    let at = Scene::ALL.iter().position(|&s| s == scene).unwrap_or(0);
    Scene::ALL[(at + 1) % Scene::ALL.len()]
}

/// A change to the [`Model`] a key asks for: one of the article's "what
/// ifs" switched on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModelChange {
    /// This many passes a step.
    Passes(Passes),
    /// The diagonal springs off, or back on.
    Diagonals,
    /// The bending springs (the points two away) on, or off.
    Bend,
    /// Moving each point in place, or back to double buffering.
    InPlace,
    /// The next visiting order of [`Order::ALL`] (rows, reversed, rows...).
    Order,
    /// Hooke's law, or back to the article's spring.
    Hooke,
    /// Every choice back to the original's.
    Original,
}

impl ModelChange {
    /// `model` with this change made.
    pub fn apply(self, mut model: Model) -> Model {
        match self {
            ModelChange::Passes(passes) => model.passes = passes,
            ModelChange::Diagonals => model.springs.diagonals = !model.springs.diagonals,
            ModelChange::Bend => model.springs.bend = !model.springs.bend,
            ModelChange::InPlace => {
                model.buffering = if model.buffering == Buffering::Double {
                    Buffering::InPlace
                } else {
                    Buffering::Double
                }
            }
            ModelChange::Order => {
                let at = Order::ALL.iter().position(|&o| o == model.order);
                model.order = Order::ALL[at.map_or(0, |k| (k + 1) % Order::ALL.len())];
            }
            ModelChange::Hooke => {
                model.law = if model.law == SpringLaw::Article {
                    SpringLaw::Hooke
                } else {
                    SpringLaw::Article
                }
            }
            ModelChange::Original => model = Model::ORIGINAL,
        }
        model
    }
}

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
