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

use crate::sim::{Damping, TearFactor, Thickness};

mod kinds;
mod table;

pub use kinds::{Control, Id, Section, Value, Widget};
pub use table::{CONTROLS, SPEED_NAMES};

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
