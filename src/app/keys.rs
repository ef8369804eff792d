//! Which key does what: one table, [`BINDINGS`], read by
//! [`action_for_key`](super::input::action_for_key) in both front ends and
//! printed, with the mouse's drags and the wheel ([`POINTER`]), by F1 or H
//! and by `cloth-demo --help` ([`help`]).
//!
//! The page lists them in its own words (no flags, no window):
//! [`page_text::key_list`](super::page_text::key_list).
//!
//! A new control is one row here (and, for a new "what if", one
//! [`ModelChange`] variant).

#![forbid(unsafe_code)]

use super::controls::{Section, CONTROLS};
use super::input::{Action, Key, ModelChange};
use crate::sim::Passes;

/// One row of the key table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    /// The keys as the key list names them: `"Space"`, `". or Right"`.
    pub keys: &'static str,
    /// The keys that do it (both cases of a letter).
    pub matches: &'static [Key],
    /// What they do.
    pub action: Action,
    /// Whether holding the key down repeats it (stepping, speeds); the
    /// toggles act once a press.
    pub repeats: bool,
    /// What it does, one short line for the key list.
    pub what: &'static str,
}

/// Both cases of an ASCII letter.
const fn letter(lower: char) -> [Key; 2] {
    [
        Key::Character(lower),
        Key::Character(lower.to_ascii_uppercase()),
    ]
}

/// Passes for the keys 1, 5 and 0.
const ONE: Passes = Passes::saturating(1);
const FIVE: Passes = Passes::saturating(5);

/// Every key the demo knows, in the order the key list shows them.
pub const BINDINGS: &[Binding] = &[
    Binding {
        keys: "Space",
        matches: &[Key::Character(' ')],
        action: Action::TogglePause,
        repeats: false,
        what: "pause / resume (the view still turns while paused)",
    },
    Binding {
        keys: ". or Right",
        matches: &[Key::Character('.'), Key::ArrowRight],
        action: Action::Step,
        repeats: true,
        what: "one step, while paused",
    },
    Binding {
        keys: "R",
        matches: &letter('r'),
        action: Action::Restart,
        repeats: false,
        what: "start again from step 0, the flat sheet (keeps the view, the what-ifs and the speed)",
    },
    Binding {
        keys: "[",
        matches: &[Key::Character('[')],
        action: Action::Slower,
        repeats: true,
        what: "slower: 15, 30, 60 (the default), 120, 240 steps a second (--uncapped: one step a frame)",
    },
    Binding {
        keys: "]",
        matches: &[Key::Character(']')],
        action: Action::Faster,
        repeats: true,
        what: "faster",
    },
    Binding {
        keys: "1",
        matches: &[Key::Character('1')],
        action: Action::Model(ModelChange::Passes(ONE)),
        repeats: false,
        what: "1 pass a step: a stretchy sheet, falling 0.001 a step (--passes 1)",
    },
    Binding {
        keys: "5",
        matches: &[Key::Character('5')],
        action: Action::Model(ModelChange::Passes(FIVE)),
        repeats: false,
        what: "5 passes a step (--passes 5)",
    },
    Binding {
        keys: "0",
        matches: &[Key::Character('0')],
        action: Action::Model(ModelChange::Passes(Passes::ORIGINAL)),
        repeats: false,
        what: "15 passes a step, the original's",
    },
    Binding {
        keys: "D",
        matches: &letter('d'),
        action: Action::Model(ModelChange::Diagonals),
        repeats: false,
        what: "diagonal springs off / on: squares squash into diamonds (--no-diagonals)",
    },
    Binding {
        keys: "B",
        matches: &letter('b'),
        action: Action::Model(ModelChange::Bend),
        repeats: false,
        what: "bending springs (to the points two away) on / off (--bend)",
    },
    Binding {
        keys: "I",
        matches: &letter('i'),
        action: Action::Model(ModelChange::InPlace),
        repeats: false,
        what: "move points in place / double buffered (--in-place)",
    },
    Binding {
        keys: "O",
        matches: &letter('o'),
        action: Action::Model(ModelChange::Order),
        repeats: false,
        what: "visiting order: rows / reversed, which matters in place (--order)",
    },
    Binding {
        keys: "K",
        matches: &letter('k'),
        action: Action::Model(ModelChange::Hooke),
        repeats: false,
        what: "Hooke's law / the article's spring (--hooke)",
    },
    Binding {
        keys: "T",
        matches: &letter('t'),
        action: Action::Model(ModelChange::Tear),
        repeats: false,
        what: "tearing on / off: a spring stretched past 4 times its rest length tears for good (--tear 4)",
    },
    Binding {
        keys: "M",
        matches: &letter('m'),
        action: Action::Model(ModelChange::Original),
        repeats: false,
        what: "the original model again (every what-if off)",
    },
    Binding {
        keys: "N",
        matches: &letter('n'),
        action: Action::NextScene,
        repeats: false,
        what: "the next scene from its start: original, curtain, flag, drape (--scene)",
    },
    Binding {
        keys: "S",
        matches: &letter('s'),
        action: Action::ToggleShade,
        repeats: false,
        what: "shading on / off: each face lit by how it faces a fixed light (--shade)",
    },
    Binding {
        keys: "W",
        matches: &letter('w'),
        action: Action::ToggleSprings,
        repeats: false,
        what: "springs view on / off: each spring a line, blue squashed, white at rest, red stretched (--springs)",
    },
    Binding {
        keys: "C",
        matches: &letter('c'),
        action: Action::ToggleCompare,
        repeats: false,
        what: "compare on / off: the original on the left, the model and scene chosen on the right, both from step 0 (--compare)",
    },
    Binding {
        keys: "Tab",
        matches: &[Key::Tab],
        action: Action::TogglePanel,
        repeats: false,
        what: "the panel on / off, in the window (the page shows its controls beside the picture)",
    },
    Binding {
        keys: "+ or =",
        matches: &[Key::Character('+'), Key::Character('=')],
        action: Action::ZoomIn,
        repeats: true,
        what: "nearer, as a notch of the wheel: a tenth of the camera's distance (2 to 20; 5 at first)",
    },
    Binding {
        keys: "-",
        matches: &[Key::Character('-')],
        action: Action::ZoomOut,
        repeats: true,
        what: "farther",
    },
    Binding {
        keys: "Home",
        matches: &[Key::Home],
        action: Action::Home,
        repeats: false,
        what: "the original's view again: not turned, 5 back",
    },
    Binding {
        keys: "P",
        matches: &letter('p'),
        action: Action::Pin,
        repeats: false,
        what: "while holding a point: pin it where it is and let go",
    },
    Binding {
        keys: "F1 or H",
        matches: &[Key::F1, Key::Character('h'), Key::Character('H')],
        action: Action::Help,
        repeats: false,
        what: "print this list",
    },
    Binding {
        keys: "Escape",
        matches: &[Key::Escape],
        action: Action::Stop,
        repeats: true,
        what: "quit (in the browser: stop; a click starts it again)",
    },
];

/// The pointer's part of the key list: what each drag, the wheel and a
/// pinch do, as `(input, what it does)`.
pub const POINTER: &[(&str, &str)] = &[
    ("drag", "turn the view (left button)"),
    (
        "right-drag",
        "hold the cloth point under the cursor and pull it (also Ctrl + left drag; on a touch \
         screen hold still 0.4 s, then drag); let go with Shift to pin it there",
    ),
    ("wheel", "nearer / farther (also + and -, and a pinch)"),
];

/// The key list, one line a key after a heading line, then the pointer's
/// lines ([`POINTER`]), ending with the panel's controls by section
/// ([`CONTROLS`]): what F1 or H prints and `cloth-demo --help` ends with.
pub fn help() -> String {
    let width = BINDINGS
        .iter()
        .map(|b| b.keys.len())
        .chain(POINTER.iter().map(|(input, _)| input.len()))
        .max()
        .unwrap_or(0);
    let mut out = String::from("Keys (in the window and in the browser):\n");
    for b in BINDINGS {
        out += &format!("  {:width$}  {}\n", b.keys, b.what);
    }
    for (input, what) in POINTER {
        out += &format!("  {input:width$}  {what}\n");
    }
    out += "Panel (Tab in the window; beside the picture in the browser):\n";
    for section in Section::ALL {
        let labels: Vec<&str> = CONTROLS
            .iter()
            .filter(|c| c.section == section)
            .map(|c| c.label)
            .collect();
        out += &format!("  {:width$}  {}\n", section.heading(), labels.join(", "));
    }
    out
}
