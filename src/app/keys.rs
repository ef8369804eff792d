//! Which key does what, and what a key, a click or a tap asks for in the
//! state the program is in: the keys come from the controls' rows
//! ([`CONTROLS`]), followed by the few that belong to no control
//! ([`OTHER_KEYS`]); [`bindings`] lists them in the key list's order,
//! [`action_for_key`] reads them for both front ends, and [`help`] prints
//! them with the mouse's drags and the wheel ([`POINTER`]) for F1 or H
//! and `cloth-demo --help`.
//!
//! The page lists them in its own words (no flags, no window):
//! [`page_text::key_list`](super::web::page_text::key_list).

#![forbid(unsafe_code)]

use super::controls::{
    letter, Action, Binding, Control, FlagNote, Id, RunState, Section, CONTROLS,
};
use super::input::{Key, KeyPress};

/// The keys that belong to no control, after the controls' keys in the
/// key list: Tab is the panel itself, pinning needs a point held with
/// the pointer, F1 or H shows and hides the key list, and Escape quits
/// (the close button) or hides the key list.
pub const OTHER_KEYS: &[Binding] = &[
    Binding {
        keys: "Tab",
        matches: &[Key::Tab],
        action: Action::TogglePanel,
        repeats: false,
        what: "the panel on / off, in the window, the scene beside it (the page shows its controls beside the picture)",
        flag: FlagNote::None,
    },
    Binding {
        keys: "P",
        matches: &letter('p'),
        action: Action::Pin,
        repeats: false,
        what: "while holding a point: pin it where it is and let go",
        flag: FlagNote::None,
    },
    Binding {
        keys: "F1 or H",
        matches: &[Key::F1, Key::Character('h'), Key::Character('H')],
        action: Action::Help,
        repeats: false,
        what: "this list over the picture, printed too (again: hide it)",
        flag: FlagNote::None,
    },
    Binding {
        keys: "Escape",
        matches: &[Key::Escape],
        action: Action::Stop,
        // Its first press quits; a repeat would quit after that press
        // closed the key list, with the key still held.
        repeats: false,
        what: "quit (in the browser: stop; a click starts it again); with this list open over the picture, hide it",
        flag: FlagNote::None,
    },
];

/// The window's own keys, after [`OTHER_KEYS`] in the window's key list
/// ([`window_bindings`]); the page leaves them to the browser, which has
/// its own F11.
pub const WINDOW_KEYS: &[Binding] = &[Binding {
    keys: "F11",
    matches: &[Key::F11],
    action: Action::Fullscreen,
    repeats: false,
    what: "the window full screen / back (also Alt+Enter on Windows; the browser has its own F11)",
    flag: FlagNote::None,
}];

/// Every key the window knows: [`bindings`], then [`WINDOW_KEYS`].
pub fn window_bindings() -> impl Iterator<Item = &'static Binding> + Clone {
    bindings().chain(WINDOW_KEYS.iter())
}

/// Every key the demo knows, in the order the key list shows them: each
/// control's ([`Control::keys`]) in the table's order, then
/// [`OTHER_KEYS`].
pub fn bindings() -> impl Iterator<Item = &'static Binding> + Clone {
    CONTROLS
        .iter()
        .flat_map(|c| c.keys.iter())
        .chain(OTHER_KEYS.iter())
}

/// The control whose row holds `binding` (`None` for [`OTHER_KEYS`]).
pub fn control_of(binding: &Binding) -> Option<&'static Control> {
    CONTROLS.iter().find(|c| c.keys.contains(binding))
}

/// A key's line in the key list: what it does, then the flag that does
/// the same as its row says (`bending springs ... on / off (--bend)`,
/// `5 passes a step (--passes 5)`).
pub fn line(binding: &Binding) -> String {
    let flag = control_of(binding).and_then(Control::flag);
    match (binding.flag, flag) {
        (FlagNote::Flag, Some(f)) => format!("{} (--{})", binding.what, f.name),
        (FlagNote::With(value), Some(f)) => format!("{} (--{} {value})", binding.what, f.name),
        (FlagNote::Note(note), _) => format!("{} ({note})", binding.what),
        _ => binding.what.to_string(),
    }
}

/// The action for `press` while the program is in `state`, from the key
/// table ([`bindings`]): `None` for a key the table lacks, for another
/// program's shortcut ([`Modifiers::is_shortcut`]), for the auto-repeat of
/// a key that does not repeat (the toggles), for [`Action::Step`] unless
/// paused, and for every key once stopped (a click starts it again).
///
/// [`Modifiers::is_shortcut`]: super::input::Modifiers::is_shortcut
pub fn action_for_key(press: KeyPress, state: RunState) -> Option<Action> {
    action_among(bindings(), press, state)
}

/// As [`action_for_key`], in the window, whose own keys
/// ([`WINDOW_KEYS`]) are read too.
pub fn action_for_window_key(press: KeyPress, state: RunState) -> Option<Action> {
    action_among(window_bindings(), press, state)
}

/// The action of the first of `bindings` that `press` matches, by
/// [`action_for_key`]'s rules.
fn action_among<'a>(
    mut bindings: impl Iterator<Item = &'a Binding>,
    press: KeyPress,
    state: RunState,
) -> Option<Action> {
    if state == RunState::Stopped || press.modifiers.is_shortcut() {
        return None;
    }
    let binding = bindings.find(|b| b.matches.contains(&press.key))?;
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
/// quickly and in one place:
/// [`Touches::lifted`](super::web::touch::Touches::lifted)) while the program
/// is in `state`: pause or resume ([`Action::Toggle`] of [`Id::Paused`])
/// while running or paused, as a touch screen has no Space;
/// [`Action::Restart`] once stopped, as a click.
pub fn action_for_tap(state: RunState) -> Action {
    match state {
        RunState::Stopped => Action::Restart,
        RunState::Running | RunState::Paused => Action::Toggle(Id::Paused),
    }
}

/// The pointer's part of the key list: what each drag, the wheel and a
/// pinch do, as `(input, what it does)`.
pub const POINTER: &[(&str, &str)] = &[
    ("drag", "turn the view (left button)"),
    (
        "right-drag",
        "hold the cloth point under the cursor and pull it (also Ctrl + left drag; on a touch \
         screen hold still 0.4 s, then drag); let go with Shift to pin it there; with the \
         knife on (X), cut the springs the drag crosses instead",
    ),
    (
        "wheel",
        "nearer / farther, toward what is under the cursor (also a pinch; + and - straight \
         ahead)",
    ),
];

/// The key list's parts, each a heading and its rows `(keys or input,
/// what it does)`: the keys ([`window_bindings`], each row's [`line()`]) and the
/// pointer ([`POINTER`]) under one heading, then the panel's controls by
/// section ([`CONTROLS`]). [`help`] prints them; the window's help shows
/// them over the scene.
pub fn help_parts() -> Vec<(&'static str, Vec<(String, String)>)> {
    let keys = window_bindings()
        .map(|b| (b.keys.to_string(), line(b)))
        .chain(
            POINTER
                .iter()
                .map(|(input, what)| (input.to_string(), what.to_string())),
        )
        .collect();
    let panel = Section::ALL
        .iter()
        .map(|section| {
            let labels: Vec<&str> = CONTROLS
                .iter()
                .filter(|c| c.section == *section)
                .map(|c| c.label)
                .collect();
            (section.heading().to_string(), labels.join(", "))
        })
        .collect();
    vec![
        ("Keys (in the window and in the browser):", keys),
        (
            "Panel (Tab in the window; beside the picture in the browser):",
            panel,
        ),
    ]
}

/// The key list, one line a key after a heading line ([`line()`]), then
/// the pointer's lines ([`POINTER`]), ending with the panel's controls by
/// section ([`CONTROLS`]): [`help_parts`] as text, what F1 or H prints and
/// `cloth-demo --help` ends with.
pub fn help() -> String {
    let parts = help_parts();
    let width = parts[0]
        .1
        .iter()
        .map(|(keys, _)| keys.len())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for (heading, rows) in parts {
        out += heading;
        out += "\n";
        for (keys, what) in rows {
            out += &format!("  {keys:width$}  {what}\n");
        }
    }
    out
}

/// What `action`, asked for by a key, does while the window's key list
/// is open (`help_open`): Escape ([`Action::Stop`]) closes the list
/// ([`Action::Help`]) instead of quitting; every other action is itself.
pub fn with_help_open(action: Action, help_open: bool) -> Action {
    match action {
        Action::Stop if help_open => Action::Help,
        action => action,
    }
}
