//! The kinds the controls' table is made of: which section a control sits
//! in, its widget, the keys that do it, the way it reads and writes the
//! [`Model`], and the row itself.

#![forbid(unsafe_code)]

use super::action::Action;
use super::flag::Flag;
use super::id::{Id, Value};
use crate::app::input::Key;
use crate::sim::Model;

/// Which part of a panel a control sits in, in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    /// Pause, step, restart and speed.
    Run,
    /// The scene and the model's what-ifs.
    Model,
    /// How the picture is drawn and seen.
    View,
    /// Writing the picture and the state to files.
    Save,
}

impl Section {
    /// Every section, in the panels' order.
    pub const ALL: [Section; 4] = [Section::Run, Section::Model, Section::View, Section::Save];

    /// The section's heading: `"Run"`, `"Model"`, `"View"`, `"Save"`.
    pub const fn heading(self) -> &'static str {
        match self {
            Section::Run => "Run",
            Section::Model => "Model",
            Section::View => "View",
            Section::Save => "Save",
        }
    }
}

/// The kind of widget a control is, and what values it takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Widget {
    /// A button: each press does one thing ([`Demo::press_button`]).
    ///
    /// [`Demo::press_button`]: crate::app::demo::Demo::press_button
    Button,
    /// A checkbox: [`Value::On`].
    Check,
    /// A slider from `min` to `max` in steps of `step` (0: any value),
    /// showing its value: [`Value::Number`]. `log` says whether the
    /// slider's travel is logarithmic.
    Slider {
        /// The least value.
        min: f64,
        /// The most.
        max: f64,
        /// The step between values; 0 for a continuous slider.
        step: f64,
        /// Whether the travel is logarithmic (for ranges over decades).
        log: bool,
    },
    /// A choice of one of these names: [`Value::Choice`], an index into
    /// them.
    Select(&'static [&'static str]),
}

/// How a key's line in the key list names the flag that does the same:
/// after the line, in brackets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagNote {
    /// No flag named: the line as it is.
    None,
    /// The row's flag: `(--bend)`.
    Flag,
    /// The row's flag with this value: `(--passes 5)`.
    With(&'static str),
    /// Another flag's note, in the window's list only: `(--uncapped: one
    /// step a frame)`.
    Note(&'static str),
}

/// One key (or several that do the same) of a control, as the key list
/// shows it.
#[derive(Clone, Copy, Debug, PartialEq)]
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
    /// What it does, one short line for the key list, without the flag.
    pub what: &'static str,
    /// Whether the key list's line names the flag that does the same.
    pub flag: FlagNote,
}

/// The index of `item` in `all`, a select's choice (0 if it is missing,
/// which the types rule out).
pub fn choice_of<T: PartialEq>(all: &[T], item: &T) -> usize {
    all.iter().position(|x| x == item).unwrap_or(0)
}

/// Both cases of an ASCII letter.
pub const fn letter(lower: char) -> [Key; 2] {
    [
        Key::Character(lower),
        Key::Character(lower.to_ascii_uppercase()),
    ]
}

/// How a control of the model reads and writes the [`Model`], so that the
/// panel, the keys and the title need nothing more than its row.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    /// The value the widget shows for a model: `None` while the control
    /// is off (Damping without inertia).
    pub get: fn(&Model) -> Option<Value>,
    /// The model with the widget set to a value (already brought into the
    /// widget's range): the first model is changed; the second is the
    /// scene's own, whose damping, thickness or tearing factor a feature
    /// comes on at. A value of another kind changes nothing.
    pub set: fn(&mut Model, Value, &Model),
}

/// One control: what it is called and does, and where else it is found:
/// its keys, its flags (also the page's query names), its hover text and,
/// for a control of the model, how it reads and writes the model.
#[derive(Clone, Copy, Debug)]
pub struct Control {
    /// Which control.
    pub id: Id,
    /// The part of the panel it sits in.
    pub section: Section,
    /// Its label, short: `"Passes a step"`. Tests and screen readers find
    /// it by this.
    pub label: &'static str,
    /// The kind of widget, and its values.
    pub widget: Widget,
    /// The keys that do the same, in the key list's order (none for most
    /// of the other programs' features).
    pub keys: &'static [Binding],
    /// The flags that start a run with it (`--gusts`, and `--no-gusts`
    /// against a scene's), whose names are also the page's query names;
    /// none for a part of another row's flag (Wind y, Damping).
    pub flags: &'static [Flag],
    /// Why it is there, one or two sentences: the hover text.
    pub hint: &'static str,
    /// How it reads and writes the model; `None` for the run's, the
    /// view's and the front end's own controls, which the
    /// [`Demo`](crate::app::demo::Demo) keeps.
    pub model: Option<Field>,
}

impl Control {
    /// Its first flag (`--gusts` of `--gusts` and `--no-gusts`), if it
    /// has one.
    pub fn flag(&self) -> Option<&'static Flag> {
        self.flags.first()
    }

    /// The hover text, in the window's panel and on the page: the hint,
    /// then the keys if it has any (`... Key: D.`).
    pub fn hover_text(&self) -> String {
        match self.key() {
            Some(key) => format!("{} Key: {key}.", self.hint),
            None => self.hint.to_string(),
        }
    }

    /// The keys that do the same, as the panel's hover text names them:
    /// the bindings' names joined (`"1, 5 and 0"`, `"[ and ]"`, `"D"`);
    /// `None` for a control with no key.
    pub fn key(&self) -> Option<String> {
        let names: Vec<&str> = self.keys.iter().map(|b| b.keys).collect();
        match names.split_last() {
            None => None,
            Some((last, [])) => Some(last.to_string()),
            Some((last, rest)) => Some(format!("{} and {last}", rest.join(", "))),
        }
    }
}
