//! The kinds the controls' table is made of: which section a control sits
//! in, its widget, its id, the value it holds, and the row itself.

#![forbid(unsafe_code)]

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

/// Which control: one variant a row of [`CONTROLS`](super::CONTROLS).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Id {
    /// Paused or running (Space).
    Paused,
    /// One step, while paused (`.`).
    Step,
    /// Start again from step 0 (R).
    Restart,
    /// Steps a second (`[` and `]`).
    Speed,
    /// The scene (N, `--scene`).
    Scene,
    /// Passes a step (1, 5, 0, `--passes`).
    Passes,
    /// The diagonal springs (D, `--no-diagonals`).
    Diagonals,
    /// The bending springs (B, `--bend`).
    Bend,
    /// Moving points in place (I, `--in-place`).
    InPlace,
    /// The visiting order (O, `--order`).
    Order,
    /// Hooke's law (K, `--hooke`).
    Hooke,
    /// Which points are pinned (`--pin`).
    Pins,
    /// The wind's x component (`--wind`).
    WindX,
    /// The wind's y component (`--wind`).
    WindY,
    /// The wind's z component (`--wind`).
    WindZ,
    /// Gusts (`--gusts`).
    Gusts,
    /// Inertia (`--inertia`).
    Inertia,
    /// Inertia's damping (`--inertia D`).
    Damping,
    /// Self-collision (`--self-collision`).
    SelfCollision,
    /// Self-collision's thickness (`--thickness`).
    Thickness,
    /// Tearing (T, `--tear`).
    Tear,
    /// Tearing's factor (`--tear F`).
    TearFactor,
    /// Every what-if off (M).
    Original,
    /// Shading (S, `--shade`).
    Shade,
    /// The springs view (W, `--springs`).
    Springs,
    /// Compare mode (C, `--compare`).
    Compare,
    /// One notch nearer (`+`).
    ZoomIn,
    /// One notch farther (`-`).
    ZoomOut,
    /// The original's view (Home).
    Home,
    /// Write the picture as a PNG (the front end's).
    SaveScreenshot,
    /// Write the state as a CSV state file (the front end's).
    SaveState,
}

/// A control's value, as [`Demo::value`] reads it and [`Demo::set`] takes
/// it.
///
/// [`Demo::value`]: crate::app::demo::Demo::value
/// [`Demo::set`]: crate::app::demo::Demo::set
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// A checkbox: ticked or not.
    On(bool),
    /// A slider's value.
    Number(f64),
    /// A select's choice, an index into its names.
    Choice(usize),
}

/// One control: what it is called and does, and where else it is found.
#[derive(Clone, Copy, Debug, PartialEq)]
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
    /// The key that does the same, as the key table names it
    /// ([`Binding::keys`](crate::app::keys::Binding::keys)): `Some("D")`.
    pub key: Option<&'static str>,
    /// The flag (without `--`) that starts a run with it, which is also the
    /// page's query name: `Some("no-diagonals")`.
    pub flag: Option<&'static str>,
    /// Why it is there, one or two sentences: the hover text.
    pub hint: &'static str,
}
