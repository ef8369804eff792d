//! The Run section's rows: pause, one step, restart, the speed.

#![forbid(unsafe_code)]

use crate::app::controls::action::Action;
use crate::app::controls::id::Id;
use crate::app::controls::kinds::{letter, Binding, Control, FlagNote, Section, Widget};
use crate::app::input::Key;

/// The speeds the Speed select offers, as its names: the steps a second of
/// [`SPEEDS`](crate::app::pacing::SPEEDS).
pub const SPEED_NAMES: [&str; 5] = ["15", "30", "60", "120", "240"];

/// The rows, in order.
pub(super) const ROWS: &[Control] = &[
    Control {
        id: Id::Paused,
        section: Section::Run,
        label: "Pause",
        widget: Widget::Check,
        keys: &[Binding {
            keys: "Space",
            matches: &[Key::Character(' ')],
            action: Action::Toggle(Id::Paused),
            repeats: false,
            what: "pause / resume (the view still turns while paused)",
            flag: FlagNote::None,
        }],
        flags: &[],
        hint: "Stop the steps; the view still turns, and One step runs one at a time.",
        model: None,
    },
    Control {
        id: Id::Step,
        section: Section::Run,
        label: "One step",
        widget: Widget::Button,
        keys: &[Binding {
            keys: ". or Right",
            matches: &[Key::Character('.'), Key::ArrowRight],
            action: Action::Step,
            repeats: true,
            what: "one step, while paused",
            flag: FlagNote::None,
        }],
        flags: &[],
        hint: "While paused: one step (one time step of 15 passes in the original).",
        model: None,
    },
    Control {
        id: Id::Restart,
        section: Section::Run,
        label: "Restart",
        widget: Widget::Button,
        keys: &[Binding {
            keys: "R",
            matches: &letter('r'),
            action: Action::Restart,
            repeats: false,
            what: "start again from step 0, the flat sheet (keeps the view, the what-ifs and the speed)",
            flag: FlagNote::None,
        }],
        flags: &[],
        hint: "Start again from step 0, the flat sheet, keeping the view, the what-ifs and the speed.",
        model: None,
    },
    Control {
        id: Id::Speed,
        section: Section::Run,
        label: "Steps a second",
        widget: Widget::Select(&SPEED_NAMES),
        keys: &[
            Binding {
                keys: "[",
                matches: &[Key::Character('[')],
                action: Action::Slower,
                repeats: true,
                what: "slower: 15, 30, 60 (the default), 120, 240 steps a second",
                flag: FlagNote::Note("--uncapped: one step a frame"),
            },
            Binding {
                keys: "]",
                matches: &[Key::Character(']')],
                action: Action::Faster,
                repeats: true,
                what: "faster",
                flag: FlagNote::None,
            },
        ],
        flags: &[],
        hint: "How many steps run each second of wall time; 60 is the original's frame rate.",
        model: None,
    },
];
