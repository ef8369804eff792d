//! The controls both panels show (the window's, behind Tab, and the page's
//! form beside the picture), described once: [`CONTROLS`], one
//! [`Control`] a row, each naming its key in the key table
//! ([`BINDINGS`](super::keys::BINDINGS)), its flag (whose name is also the
//! page's query name, [`NAMES`](super::choices::NAMES)) and the article's
//! sentence, or the other program's idea, behind it.
//!
//! A front end builds one widget a row, reads each widget's value with
//! [`Demo::value`](super::demo::Demo::value) every frame, and hands a
//! change to [`Demo::set`](super::demo::Demo::set) or a press to
//! [`Demo::press_button`](super::demo::Demo::press_button), which make the same change
//! as the key or the flag. [`Id::SaveScreenshot`] and [`Id::SaveState`]
//! are the front end's own (it writes the files).

#![forbid(unsafe_code)]

use crate::sim::{Damping, Order, Pins, Scene, TearFactor, Thickness, Wind};

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
    /// [`Demo::press_button`]: super::demo::Demo::press_button
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

/// Which control: one variant a row of [`CONTROLS`].
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
/// [`Demo::value`]: super::demo::Demo::value
/// [`Demo::set`]: super::demo::Demo::set
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
    /// ([`Binding::keys`](super::keys::Binding::keys)): `Some("D")`.
    pub key: Option<&'static str>,
    /// The flag (without `--`) that starts a run with it, which is also the
    /// page's query name: `Some("no-diagonals")`.
    pub flag: Option<&'static str>,
    /// Why it is there, one or two sentences: the hover text.
    pub hint: &'static str,
}

/// The speeds the Speed select offers, as its names: the steps a second of
/// [`SPEEDS`](super::pacing::SPEEDS).
pub const SPEED_NAMES: [&str; 5] = ["15", "30", "60", "120", "240"];

/// Every control, in the panels' order (by [`Section`], then as listed).
pub const CONTROLS: &[Control] = &[
    Control {
        id: Id::Paused,
        section: Section::Run,
        label: "Pause",
        widget: Widget::Check,
        key: Some("Space"),
        flag: None,
        hint: "Stop the steps; the view still turns, and One step runs one at a time.",
    },
    Control {
        id: Id::Step,
        section: Section::Run,
        label: "One step",
        widget: Widget::Button,
        key: Some(". or Right"),
        flag: None,
        hint: "While paused: one step (one time step of 15 passes in the original).",
    },
    Control {
        id: Id::Restart,
        section: Section::Run,
        label: "Restart",
        widget: Widget::Button,
        key: Some("R"),
        flag: None,
        hint: "Start again from step 0, the flat sheet, keeping the view, the what-ifs and the speed.",
    },
    Control {
        id: Id::Speed,
        section: Section::Run,
        label: "Steps a second",
        widget: Widget::Select(&SPEED_NAMES),
        key: Some("[ and ]"),
        flag: None,
        hint: "How many steps run each second of wall time; 60 is the original's frame rate.",
    },
    Control {
        id: Id::Scene,
        section: Section::Model,
        label: "Scene",
        widget: Widget::Select(&Scene::NAMES),
        key: Some("N"),
        flag: Some("scene"),
        hint: "The original drape over five spheres, or a curtain, a flag or a slow drape, each from its start.",
    },
    Control {
        id: Id::Passes,
        section: Section::Model,
        label: "Passes a step",
        widget: Widget::Slider {
            min: 1.0,
            max: 100.0,
            step: 1.0,
            log: true,
        },
        key: Some("1, 5 and 0"),
        flag: Some("passes"),
        hint: "A pass only looks one point away, so a tug spreads one point a pass; the original makes 15 a step. Fewer passes, a stretchier sheet that falls slower.",
    },
    Control {
        id: Id::Diagonals,
        section: Section::Model,
        label: "Diagonal springs",
        widget: Widget::Check,
        key: Some("D"),
        flag: Some("no-diagonals"),
        hint: "Every point is joined to the eight around it. The four diagonals stop it shearing, so the squares cannot squash into thin diamonds.",
    },
    Control {
        id: Id::Bend,
        section: Section::Model,
        label: "Bending springs",
        widget: Widget::Check,
        key: Some("B"),
        flag: Some("bend"),
        hint: "Springs to the points two away give the cloth some stiffness against bending; the article's loops stop at one.",
    },
    Control {
        id: Id::InPlace,
        section: Section::Model,
        label: "Move in place",
        widget: Widget::Check,
        key: Some("I"),
        flag: Some("in-place"),
        hint: "The original writes each pass into a second buffer. Moving each point where it lies makes later points see earlier ones' moves (Gauss-Seidel).",
    },
    Control {
        id: Id::Order,
        section: Section::Model,
        label: "Visiting order",
        widget: Widget::Select(&Order::NAMES),
        key: Some("O"),
        flag: Some("order"),
        hint: "Rows, or the rows reversed: no difference double buffered, a lean one way or the other in place.",
    },
    Control {
        id: Id::Hooke,
        section: Section::Model,
        label: "Hooke's law",
        widget: Widget::Check,
        key: Some("K"),
        flag: Some("hooke"),
        hint: "The article's spring divides by the length once more, so it never pulls more than 0.03 a pass but pushes ever harder when squashed. Hooke's law moves a point in proportion to the stretch.",
    },
    Control {
        id: Id::Pins,
        section: Section::Model,
        label: "Pins",
        widget: Widget::Select(&Pins::NAMES),
        key: None,
        flag: Some("pin"),
        hint: "Points held still: none, the top row (a curtain), or the two top corners.",
    },
    Control {
        id: Id::WindX,
        section: Section::Model,
        label: "Wind x",
        widget: Widget::Slider {
            min: -Wind::MAX,
            max: Wind::MAX,
            step: 0.0,
            log: false,
        },
        key: None,
        flag: Some("wind"),
        hint: "A push across the picture on every point, world units a pass.",
    },
    Control {
        id: Id::WindY,
        section: Section::Model,
        label: "Wind y",
        widget: Widget::Slider {
            min: -Wind::MAX,
            max: Wind::MAX,
            step: 0.0,
            log: false,
        },
        key: None,
        flag: Some("wind"),
        hint: "A push up (or, below zero, down) on every point, world units a pass.",
    },
    Control {
        id: Id::WindZ,
        section: Section::Model,
        label: "Wind z",
        widget: Widget::Slider {
            min: -Wind::MAX,
            max: Wind::MAX,
            step: 0.0,
            log: false,
        },
        key: None,
        flag: Some("wind"),
        hint: "A push toward the viewer (or away) on every point, world units a pass; the flag's wind is 0.003.",
    },
    Control {
        id: Id::Gusts,
        section: Section::Model,
        label: "Gusts",
        widget: Widget::Check,
        key: None,
        flag: Some("gusts"),
        hint: "The wind rises and falls, and varies over the sheet, so a curtain ripples.",
    },
    Control {
        id: Id::Inertia,
        section: Section::Model,
        label: "Inertia",
        widget: Widget::Check,
        key: None,
        flag: Some("inertia"),
        hint: "There are no velocities in the original: a falling sheet does not speed up. With inertia (Verlet), each point carries on as it moved last step, less the damping.",
    },
    Control {
        id: Id::Damping,
        section: Section::Model,
        label: "Damping",
        widget: Widget::Slider {
            min: 0.0,
            max: 1.0,
            step: 0.0,
            log: false,
        },
        key: None,
        flag: Some("inertia"),
        hint: "With inertia, the share of the velocity lost each step: 0 keeps it all, 1 is the original's none.",
    },
    Control {
        id: Id::SelfCollision,
        section: Section::Model,
        label: "Self-collision",
        widget: Widget::Check,
        key: None,
        flag: Some("self-collision"),
        hint: "There is nothing to stop the original's cloth passing through itself. With this, points closer than the thickness push apart.",
    },
    Control {
        id: Id::Thickness,
        section: Section::Model,
        label: "Thickness",
        widget: Widget::Slider {
            min: Thickness::MIN,
            max: Thickness::MAX,
            step: 0.0,
            log: true,
        },
        key: None,
        flag: Some("thickness"),
        hint: "How close two points of the cloth may come under self-collision, world units.",
    },
    Control {
        id: Id::Tear,
        section: Section::Model,
        label: "Tearing",
        widget: Widget::Check,
        key: Some("T"),
        flag: Some("tear"),
        hint: "A spring stretched past the factor times its rest length tears for good (until a restart).",
    },
    Control {
        id: Id::TearFactor,
        section: Section::Model,
        label: "Tear at",
        widget: Widget::Slider {
            min: 1.1,
            max: TearFactor::MAX,
            step: 0.0,
            log: true,
        },
        key: None,
        flag: Some("tear"),
        hint: "Tearing's factor: how many times its rest length a spring stretches before it tears.",
    },
    Control {
        id: Id::Original,
        section: Section::Model,
        label: "Original model",
        widget: Widget::Button,
        key: Some("M"),
        flag: None,
        hint: "Every what-if off: the article's model again, on the scene as it is.",
    },
    Control {
        id: Id::Shade,
        section: Section::View,
        label: "Shading",
        widget: Widget::Check,
        key: Some("S"),
        flag: Some("shade"),
        hint: "The original draws flat colours. Shaded, each face is lit by how it faces a fixed light.",
    },
    Control {
        id: Id::Springs,
        section: Section::View,
        label: "Springs view",
        widget: Widget::Check,
        key: Some("W"),
        flag: Some("springs"),
        hint: "Each spring a line: blue squashed, white at its rest length, red stretched by a fifth or more.",
    },
    Control {
        id: Id::Compare,
        section: Section::View,
        label: "Compare with the original",
        widget: Widget::Check,
        key: Some("C"),
        flag: Some("compare"),
        hint: "The original on the left, the model and scene chosen on the right, both from step 0 on one camera.",
    },
    Control {
        id: Id::ZoomIn,
        section: Section::View,
        label: "Nearer",
        widget: Widget::Button,
        key: Some("+ or ="),
        flag: None,
        hint: "The camera a tenth of its distance nearer, as a notch of the wheel.",
    },
    Control {
        id: Id::ZoomOut,
        section: Section::View,
        label: "Farther",
        widget: Widget::Button,
        key: Some("-"),
        flag: None,
        hint: "The camera a tenth of its distance farther.",
    },
    Control {
        id: Id::Home,
        section: Section::View,
        label: "Reset view",
        widget: Widget::Button,
        key: Some("Home"),
        flag: None,
        hint: "The original's view again: not turned, 5 back.",
    },
    Control {
        id: Id::SaveScreenshot,
        section: Section::Save,
        label: "Save picture",
        widget: Widget::Button,
        key: None,
        flag: None,
        hint: "The picture as a PNG, under a new name each time (cloth-demo-N.png).",
    },
    Control {
        id: Id::SaveState,
        section: Section::Save,
        label: "Save state",
        widget: Widget::Button,
        key: None,
        flag: None,
        hint: "The state as a CSV state file, which simulate --from reads, under a new name each time (cloth-demo-N.csv).",
    },
];

/// The row of [`CONTROLS`] for `id`.
pub fn control(id: Id) -> &'static Control {
    CONTROLS.iter().find(|c| c.id == id).unwrap_or(&CONTROLS[0])
}

/// A slider's value `v` brought into `widget`'s range (and onto its
/// steps): what a typed or dragged value becomes. Other widgets' values
/// pass through.
pub fn clamp(widget: Widget, v: f64) -> f64 {
    match widget {
        Widget::Slider { min, max, step, .. } if v.is_finite() => {
            let v = v.clamp(min, max);
            if step > 0.0 {
                (min + ((v - min) / step).round() * step).clamp(min, max)
            } else {
                v
            }
        }
        Widget::Slider { min, .. } => min,
        _ => v,
    }
}

/// The damping the Damping slider starts at when inertia comes on from
/// the panel: the presets' light damping.
pub const DAMPING: Damping = Damping::LIGHT;

/// The thickness self-collision comes on at from the panel: half the
/// spacing of the points.
pub const THICKNESS: Thickness = Thickness::HALF_SPACING;

/// The factor tearing comes on at from the panel (and T): 4.
pub const TEAR_FACTOR: TearFactor = TearFactor::DEFAULT;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_control_once_and_sections_in_order() {
        for (k, c) in CONTROLS.iter().enumerate() {
            assert!(
                CONTROLS[..k]
                    .iter()
                    .all(|d| d.id != c.id && d.label != c.label),
                "{:?} twice",
                c.id
            );
        }
        let sections: Vec<usize> = CONTROLS
            .iter()
            .map(|c| Section::ALL.iter().position(|&s| s == c.section).unwrap())
            .collect();
        assert!(sections.windows(2).all(|w| w[0] <= w[1]), "{sections:?}");
        assert_eq!(control(Id::Tear).label, "Tearing");
    }

    #[test]
    fn sliders_keep_to_their_range_and_steps() {
        let passes = control(Id::Passes).widget;
        assert_eq!(clamp(passes, 0.0), 1.0);
        assert_eq!(clamp(passes, 7.4), 7.0);
        assert_eq!(clamp(passes, 1e9), 100.0);
        assert_eq!(clamp(passes, f64::NAN), 1.0);
        let wind = control(Id::WindZ).widget;
        assert_eq!(clamp(wind, 0.003), 0.003);
        assert_eq!(clamp(wind, -1.0), -0.1);
        assert_eq!(clamp(Widget::Check, 0.5), 0.5);
    }
}
