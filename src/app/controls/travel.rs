//! A slider's travel: the whole-number positions a slider of
//! [`Widget::Slider`] moves through, to and from its values, for a front
//! end whose sliders move in whole steps (the page's `<input
//! type=range>`), and the value as the slider shows it ([`shown`]).
//!
//! - A slider with a step (Passes a step) has one position a step,
//!   evenly spaced: a key press or a notch moves it one value.
//! - A continuous slider has [`POSITIONS`] + 1 positions, evenly spaced in
//!   the value, or in its logarithm where the slider is `log` (Thickness,
//!   Tear at: ranges over decades, as fine at 1.2 as at 50). The value at
//!   a position is rounded to [`DIGITS`] significant digits, so a copied
//!   link reads `wind=0,0,0.003`, not a binary fraction's digits.

#![forbid(unsafe_code)]

use super::Widget;

/// The positions of a continuous slider, less one: 1,000 steps end to
/// end.
pub const POSITIONS: u32 = 1000;

/// The significant digits a continuous slider's values keep.
pub const DIGITS: i32 = 3;

/// How many steps `widget`'s travel has end to end: a stepped slider's
/// `(max - min) / step`, a continuous one's [`POSITIONS`]; 0 for a widget
/// that is not a slider.
pub fn positions(widget: Widget) -> u32 {
    match widget {
        Widget::Slider { min, max, step, .. } if step > 0.0 => {
            ((max - min) / step).round().max(0.0) as u32
        }
        Widget::Slider { .. } => POSITIONS,
        _ => 0,
    }
}

/// Where along its travel (0 to 1) `widget` shows `v`, before rounding to
/// a position; 0 for a widget that is not a slider.
fn fraction(widget: Widget, v: f64) -> f64 {
    let Widget::Slider {
        min,
        max,
        step,
        log,
    } = widget
    else {
        return 0.0;
    };
    let f = if log && step == 0.0 && min > 0.0 {
        (v / min).ln() / (max / min).ln()
    } else {
        (v - min) / (max - min)
    };
    if f.is_finite() {
        f.clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// The position (0 to [`positions`]) nearest value `v` on `widget`'s
/// travel; values outside the range go to its ends.
pub fn position(widget: Widget, v: f64) -> u32 {
    (fraction(widget, v) * f64::from(positions(widget))).round() as u32
}

/// The value at position `p` (past the end: the end) of `widget`'s
/// travel: on a stepped slider, its step's multiple; on a continuous one,
/// [`DIGITS`] significant digits (and 0 for a value within a millionth of
/// the range of 0). 0 for a widget that is not a slider.
pub fn value_at(widget: Widget, p: u32) -> f64 {
    let Widget::Slider {
        min,
        max,
        step,
        log,
    } = widget
    else {
        return 0.0;
    };
    let n = positions(widget);
    let f = f64::from(p.min(n)) / f64::from(n.max(1));
    if step > 0.0 {
        return (min + (f * f64::from(n)).round() * step).clamp(min, max);
    }
    let v = if log && min > 0.0 {
        min * (max / min).powf(f)
    } else {
        min + f * (max - min)
    };
    if v.abs() <= (max - min) * 1e-6 {
        return 0.0;
    }
    round_to_digits(v).clamp(min, max)
}

/// `v` to [`DIGITS`] significant digits, by division by an exact power of
/// ten (so 0.003 comes out as the literal `0.003` does).
fn round_to_digits(v: f64) -> f64 {
    let places = DIGITS - 1 - v.abs().log10().floor() as i32;
    if places >= 0 {
        let scale = 10f64.powi(places);
        (v * scale).round() / scale
    } else {
        let scale = 10f64.powi(-places);
        (v / scale).round() * scale
    }
}

/// Value `v` as `widget` shows it beside the slider: a stepped slider's
/// whole number (`15`), a continuous one's value to [`DIGITS`] significant
/// digits without trailing zeros (`0.003`, `4`, `-0.05`, `0.0323`).
pub fn shown(widget: Widget, v: f64) -> String {
    match widget {
        Widget::Slider { step, .. } if step >= 1.0 => format!("{}", v.round()),
        _ if v == 0.0 || !v.is_finite() => "0".to_string(),
        _ => {
            let places = (DIGITS - 1 - v.abs().log10().floor() as i32).max(0) as usize;
            let text = format!("{v:.places$}");
            if text.contains('.') {
                text.trim_end_matches('0').trim_end_matches('.').to_string()
            } else {
                text
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::controls::{control, Id};

    #[test]
    fn passes_move_one_a_position() {
        let passes = control(Id::Passes).widget;
        assert_eq!(positions(passes), 99);
        assert_eq!(position(passes, 1.0), 0);
        assert_eq!(position(passes, 15.0), 14);
        assert_eq!(value_at(passes, 14), 15.0);
        assert_eq!(value_at(passes, 99), 100.0);
        assert_eq!(value_at(passes, 500), 100.0);
        for p in 0..=99 {
            assert_eq!(position(passes, value_at(passes, p)), p);
        }
        assert_eq!(shown(passes, 15.0), "15");
    }

    #[test]
    fn wind_reads_as_typed() {
        let wind = control(Id::WindZ).widget;
        assert_eq!(positions(wind), POSITIONS);
        assert_eq!(position(wind, 0.003), 515);
        assert_eq!(value_at(wind, 515), 0.003);
        assert_eq!(value_at(wind, 500), 0.0);
        assert_eq!(value_at(wind, 0), -0.1);
        assert_eq!(value_at(wind, 1000), 0.1);
        assert_eq!(value_at(wind, 250), -0.05);
        assert_eq!(shown(wind, 0.003), "0.003");
        assert_eq!(shown(wind, -0.05), "-0.05");
        assert_eq!(shown(wind, 0.0), "0");
        assert_eq!(position(wind, 7.0), 1000);
        assert_eq!(position(wind, f64::NAN), 0);
    }

    #[test]
    fn log_sliders_spread_decades_evenly() {
        let tear = control(Id::TearFactor).widget;
        // 1.1 to 100: each decade about half the travel.
        assert_eq!(value_at(tear, 0), 1.1);
        assert_eq!(value_at(tear, 1000), 100.0);
        let p4 = position(tear, 4.0);
        assert!((280..=290).contains(&p4), "{p4}");
        assert_eq!(shown(tear, value_at(tear, p4)), "4");
        let p40 = position(tear, 40.0);
        assert!((p40 - p4).abs_diff(510) <= 2, "{p4} {p40}");
        let thick = control(Id::Thickness).widget;
        let half = crate::app::controls::THICKNESS.get();
        let v = value_at(thick, position(thick, half));
        assert!((v - half).abs() / half < 0.01, "{v} for {half}");
        assert_eq!(shown(thick, 0.032258), "0.0323");
    }

    #[test]
    fn not_a_slider_has_no_travel() {
        assert_eq!(positions(Widget::Check), 0);
        assert_eq!(position(Widget::Button, 3.0), 0);
        assert_eq!(value_at(Widget::Check, 3), 0.0);
    }
}
