//! The View section's rows (shading, the springs view, smooth edges, compare, the
//! camera) and the Save section's (the front end's own buttons).

#![forbid(unsafe_code)]

use super::what_ifs::switch;
use crate::app::controls::action::Action;
use crate::app::controls::flag::{Act, CliText, Flag, Heading, Takes};
use crate::app::controls::id::Id;
use crate::app::controls::kinds::{letter, Binding, Control, FlagNote, Section, Widget};
use crate::app::input::Key;

/// `--flat`.
const FLAT: Flag = Flag {
    name: "flat",
    takes: Takes::Switch,
    heading: Heading::Other,
    help: CliText::new("The original's flat colours, overriding a scene's shading."),
    more: CliText::NONE,
    expects: CliText::new(""),
    conflicts: None,
    act: Act::Set(|s, _| {
        s.shade = false;
        Ok(())
    }),
    back: |own, now| switch(!own.shade, !now.shade),
};

/// The Left half select's choices: the original, or the scene chosen
/// under each solver.
pub const LEFT_NAMES: [&str; 5] = ["original", "article", "mass-spring", "relaxation", "xpbd"];

/// `--compare-with`.
const COMPARE_WITH: Flag = Flag {
    name: "compare-with",
    takes: Takes::Value {
        name: "FLAGS",
        default: None,
        hyphen: false,
    },
    heading: Heading::Other,
    help: CliText::new("Compare mode with this on the left instead of the original: a scene and model as the page's query names them, joined by ; (solver=article, or scene=curtain;solver=xpbd;fabric=silk)."),
    more: CliText::new("Implies --compare. Both halves run the same steps from step 0 on the same grid, and `render`'s and `record`'s scripted grab pulls both. The left half's label says what it is."),
    expects: CliText::new("a scene and the model's flags, name=value joined by ; (solver=article)"),
    conflicts: None,
    act: Act::Left,
    back: |own, now| (now.compare && now.left != own.left).then(|| now.left.text()),
};

/// The View section's rows, in order.
pub(super) const ROWS: &[Control] = &[
    Control {
        id: Id::Shade,
        section: Section::View,
        label: "Shading",
        widget: Widget::Check,
        keys: &[Binding {
            keys: "S",
            matches: &letter('s'),
            action: Action::Toggle(Id::Shade),
            repeats: false,
            what: "shading on / off: each face lit by how it faces a fixed light",
            flag: FlagNote::Flag,
        }],
        flags: &[
            Flag {
                name: "shade",
                takes: Takes::Switch,
                heading: Heading::Other,
                help: CliText::new("Shade the picture: two-sided diffuse light from a fixed lamp, each \
 triangle's colour scaled by how squarely it faces the light (flat per \
 face), floor and spheres too. Drawing only: `simulate` takes it and draws \
 nothing."),
                more: CliText::NONE,
                expects: CliText::new(""),
                conflicts: Some(&FLAT),
                act: Act::Set(|s, _| {
                    s.shade = true;
                    Ok(())
                }),
                back: |own, now| switch(own.shade, now.shade),
            },
            FLAT,
        ],
        hint: "The original draws flat colours. Shaded, each face is lit by how it faces a fixed light.",
        model: None,
    },
    Control {
        id: Id::Springs,
        section: Section::View,
        label: "Springs view",
        widget: Widget::Check,
        keys: &[Binding {
            keys: "W",
            matches: &letter('w'),
            action: Action::Toggle(Id::Springs),
            repeats: false,
            what: "springs view on / off: each spring a line, blue squashed, white at rest, red stretched",
            flag: FlagNote::Flag,
        }],
        flags: &[Flag {
            name: "springs",
            takes: Takes::Switch,
            heading: Heading::Other,
            help: CliText::new("The springs view: each spring a line coloured by its strain (blue squashed, \
 white at rest, red stretched, full at 20 % either way) over the scene dimmed. \
 Drawing only: `simulate` takes it and draws nothing."),
            more: CliText::NONE,
            expects: CliText::new(""),
            conflicts: None,
            act: Act::Set(|s, _| {
                s.springs = true;
                Ok(())
            }),
            back: |own, now| switch(own.springs, now.springs),
        }],
        hint: "Each spring a line: blue squashed, white at its rest length, red stretched by a fifth or more.",
        model: None,
    },
    Control {
        id: Id::Smooth,
        section: Section::View,
        label: "Smooth edges",
        widget: Widget::Check,
        keys: &[],
        flags: &[Flag {
            name: "smooth",
            takes: Takes::Switch,
            heading: Heading::Other,
            help: CliText::new("Smooth edges: 4x multisampling, each pixel on an edge a blend of the \
 colours either side. The original has no antialiasing, so off by default. \
 Drawing only: `simulate` takes it and draws nothing."),
            more: CliText::NONE,
            expects: CliText::new(""),
            conflicts: None,
            act: Act::Set(|s, _| {
                s.smooth = true;
                Ok(())
            }),
            back: |own, now| switch(own.smooth, now.smooth),
        }],
        hint: "The original's edges are jagged: it has no antialiasing. Smooth, each edge pixel blends 4 samples.",
        model: None,
    },
    Control {
        id: Id::Knife,
        section: Section::View,
        label: "Knife",
        widget: Widget::Check,
        keys: &[Binding {
            keys: "X",
            matches: &letter('x'),
            action: Action::Toggle(Id::Knife),
            repeats: false,
            what: "knife on / off: the grab's drag (right-drag, Ctrl + left drag, a finger held still) cuts the springs it crosses instead",
            flag: FlagNote::None,
        }],
        flags: &[],
        hint: "The grab's drag cuts instead: each move of the pointer tears the springs it crosses on the nearest layer of cloth, for good.",
        model: None,
    },
    Control {
        id: Id::Compare,
        section: Section::View,
        label: "Compare with the original",
        widget: Widget::Check,
        keys: &[Binding {
            keys: "C",
            matches: &letter('c'),
            action: Action::Toggle(Id::Compare),
            repeats: false,
            what: "compare on / off: the original on the left, the model and scene chosen on the right, both from step 0",
            flag: FlagNote::Flag,
        }],
        flags: &[
            Flag {
            name: "compare",
            takes: Takes::Switch,
            heading: Heading::Other,
            help: CliText::new("Compare with the original: the picture split in two, the original (its scene \
 and model) on the left and the scene and model chosen on the right, both from \
 step 0 on the same camera, each half labelled with what differs. Drawing \
 only: `simulate` takes it and draws nothing."),
            more: CliText::NONE,
            expects: CliText::new(""),
            conflicts: None,
            act: Act::Set(|s, _| {
                s.compare = true;
                Ok(())
            }),
            back: |own, now| switch(own.compare, now.compare),
        },
            COMPARE_WITH,
        ],
        hint: "The original on the left, the model and scene chosen on the right, both from step 0 on one camera.",
        model: None,
    },
    Control {
        id: Id::CompareWith,
        section: Section::View,
        label: "Left half",
        widget: Widget::Select(&LEFT_NAMES),
        keys: &[],
        flags: &[],
        hint: "What compare mode shows on the left: the original, or the scene chosen under one of the solvers (the right half keeps the model chosen).",
        model: None,
    },
    Control {
        id: Id::ZoomIn,
        section: Section::View,
        label: "Nearer",
        widget: Widget::Button,
        keys: &[Binding {
            keys: "+ or =",
            matches: &[Key::Character('+'), Key::Character('=')],
            action: Action::ZoomIn,
            repeats: true,
            what: "nearer, as a notch of the wheel: a tenth of the camera's distance (2 to 20; 5 at first)",
            flag: FlagNote::None,
        }],
        flags: &[],
        hint: "The camera a tenth of its distance nearer, as a notch of the wheel.",
        model: None,
    },
    Control {
        id: Id::ZoomOut,
        section: Section::View,
        label: "Farther",
        widget: Widget::Button,
        keys: &[Binding {
            keys: "-",
            matches: &[Key::Character('-')],
            action: Action::ZoomOut,
            repeats: true,
            what: "farther",
            flag: FlagNote::None,
        }],
        flags: &[],
        hint: "The camera a tenth of its distance farther.",
        model: None,
    },
    Control {
        id: Id::Home,
        section: Section::View,
        label: "Reset view",
        widget: Widget::Button,
        keys: &[Binding {
            keys: "Home",
            matches: &[Key::Home],
            action: Action::Home,
            repeats: false,
            what: "the original's view again: not turned, 5 back",
            flag: FlagNote::None,
        }],
        flags: &[],
        hint: "The original's view again: not turned, 5 back.",
        model: None,
    },
];

/// The Save section's rows: the front end writes the files.
pub(super) const SAVE: &[Control] = &[
    Control {
        id: Id::SaveScreenshot,
        section: Section::Save,
        label: "Save picture",
        widget: Widget::Button,
        keys: &[],
        flags: &[],
        hint: "The picture as a PNG, under a new name each time (cloth-demo-N.png).",
        model: None,
    },
    Control {
        id: Id::SaveState,
        section: Section::Save,
        label: "Save state",
        widget: Widget::Button,
        keys: &[],
        flags: &[],
        hint: "The state as a CSV state file, which simulate --from reads, under a new name each time (cloth-demo-N.csv).",
        model: None,
    },
];
