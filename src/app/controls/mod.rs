//! Every setting and control, described once: [`CONTROLS`], one
//! [`Control`] a row, each with its label, section and widget in the
//! panels (the window's, behind Tab, and the page's form beside the
//! picture), its keys ([`Binding`]), its flags ([`Flag`], whose names are
//! also the page's query names), the article's sentence or the other
//! program's idea behind it, and, for a setting of the model, how it reads
//! and writes the [`Model`](crate::sim::Model) ([`Field`]).
//!
//! Everything else is made from the rows: the key table and the key list
//! ([`keys`](super::keys)), the command line's flags (the program's
//! `cli`) and the page's query ([`Choices`](super::choices::Choices)), the
//! window's panel and the page's form. A front end builds one widget a
//! row, reads each widget's value with
//! [`Demo::value`](super::demo::Demo::value) every frame, and hands a
//! change to [`Demo::set`](super::demo::Demo::set) or a press to
//! [`Demo::press_button`](super::demo::Demo::press_button); a key's
//! [`Action`] makes the same change through the same row
//! ([`Action::Toggle`], [`Action::Cycle`], [`Action::Set`]).
//! [`Id::SaveScreenshot`] and [`Id::SaveState`] are the front end's own
//! (it writes the files).

#![forbid(unsafe_code)]

mod action;
mod apply;
mod flag;
mod id;
mod kinds;
mod side;
mod table;
pub mod travel;

pub use action::{Action, RunState};
pub use flag::{Act, CliText, Flag, Heading, Setup, Side, Takes};
pub use id::{Id, Value};
pub use kinds::{choice_of, letter, Binding, Control, Field, FlagNote, Section, Widget};
pub use table::{CONTROLS, DAMPING, GRID, LEFT_NAMES, SPEED_NAMES, TEAR_FACTOR, THICKNESS};

/// The row of [`CONTROLS`] for `id` (each row sits at its id's place).
pub fn control(id: Id) -> &'static Control {
    &CONTROLS[id as usize]
}

/// Every flag, in the table's order: the order `--help` lists them in and
/// the page writes its query in.
pub fn flags() -> impl Iterator<Item = &'static Flag> {
    CONTROLS.iter().flat_map(|c| c.flags.iter())
}

/// The flag named `name` (without `--`).
pub fn flag(name: &str) -> Option<&'static Flag> {
    flags().find(|f| f.name == name)
}

/// Whether `id`'s control means anything under `model`, so the panels
/// show it: each solver's own settings only under that solver, the
/// article's what-ifs (passes, diagonals, bending springs, in place, the
/// order, Hooke's law, inertia and its damping) only under the article's;
/// every other control always.
pub fn applies(id: Id, model: &crate::sim::Model) -> bool {
    use crate::sim::Solver;
    let only = match id {
        Id::Ks | Id::Density | Id::SpringDamping | Id::SpringSteps => Solver::MassSpring,
        Id::Iterations | Id::RelaxDamping => Solver::Relaxation,
        Id::Fabric
        | Id::Substeps
        | Id::FabricDensity
        | Id::Stretch
        | Id::Shear
        | Id::BendSoftness
        | Id::AirDrag
        | Id::MaxStretch => Solver::Xpbd,
        Id::Passes
        | Id::Diagonals
        | Id::Bend
        | Id::InPlace
        | Id::Order
        | Id::Hooke
        | Id::Inertia
        | Id::Damping => Solver::Article,
        _ => return true,
    };
    model.solver == only
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_control_and_flag_once_and_sections_in_order() {
        for (k, c) in CONTROLS.iter().enumerate() {
            assert!(
                CONTROLS[..k]
                    .iter()
                    .all(|d| d.id != c.id && d.label != c.label),
                "{:?} twice",
                c.id
            );
        }
        let names: Vec<&str> = flags().map(|f| f.name).collect();
        for (k, name) in names.iter().enumerate() {
            assert!(!names[..k].contains(name), "--{name} twice");
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

    #[test]
    fn the_keys_are_named_as_the_key_list_names_them() {
        assert_eq!(control(Id::Passes).key().as_deref(), Some("1, 5 and 0"));
        assert_eq!(control(Id::Speed).key().as_deref(), Some("[ and ]"));
        assert_eq!(control(Id::Step).key().as_deref(), Some(". or Right"));
        assert_eq!(control(Id::Pins).key(), None);
    }
}
