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
//! - A `log` slider whose range holds 0 (the wind, -0.1 to 0.1) is
//!   symmetric-logarithmic: evenly spaced in the value within
//!   [`linear_within`] of 0 (a thousandth of its reach, 0.0001 for the
//!   wind), over [`LINEAR_SHARE`] of each half, and in the logarithm of
//!   the value's size beyond, so the scenes' winds (0.0001 to 0.003) get
//!   most of the travel and a small drag stays a small wind. Its value at
//!   a position is the one with the fewest significant digits among
//!   those nearer that position than any other, so round values (0.003,
//!   -0.0001, 0.0005) are reached exactly. egui's logarithmic slider does
//!   the same in the window's panel from [`linear_within`] out
//!   (`smallest_positive`).

#![forbid(unsafe_code)]

use super::Widget;

/// The positions of a continuous slider, less one: 1,000 steps end to
/// end.
pub const POSITIONS: u32 = 1000;

/// The significant digits a continuous slider's values keep.
pub const DIGITS: i32 = 3;

/// The share of each half of a symmetric-logarithmic slider's travel
/// that is linear, nearest 0.
pub const LINEAR_SHARE: f64 = 0.15;

/// Whether `widget` is a symmetric-logarithmic slider: `log`, continuous,
/// and its range holding 0 on both sides.
pub fn symmetric_log(widget: Widget) -> bool {
    matches!(widget, Widget::Slider { min, max, step, log: true } if step == 0.0 && min < 0.0 && max > 0.0)
}

/// How near 0 a symmetric-logarithmic slider's travel is linear: a
/// thousandth of the larger end's size (0.0001 for the wind); `None` for
/// any other widget.
pub fn linear_within(widget: Widget) -> Option<f64> {
    match widget {
        Widget::Slider { min, max, .. } if symmetric_log(widget) => Some(min.abs().max(max) * 1e-3),
        _ => None,
    }
}

/// Where along its travel (-1 to 1, 0 at 0) a symmetric-logarithmic
/// slider reaching `reach` either way, linear within `c` of 0, shows `v`.
fn symlog_from(v: f64, c: f64, reach: f64) -> f64 {
    let a = v.abs().min(reach);
    let u = if a <= c {
        LINEAR_SHARE * a / c
    } else {
        LINEAR_SHARE + (1.0 - LINEAR_SHARE) * (a / c).ln() / (reach / c).ln()
    };
    u.copysign(v)
}

/// The value at `u` (-1 to 1) along a symmetric-logarithmic slider's
/// travel: the inverse of [`symlog_from`].
fn symlog_to(u: f64, c: f64, reach: f64) -> f64 {
    let a = u.abs();
    let v = if a <= LINEAR_SHARE {
        c * a / LINEAR_SHARE
    } else {
        c * (reach / c).powf((a - LINEAR_SHARE) / (1.0 - LINEAR_SHARE))
    };
    v.copysign(u)
}

/// `k` times 10 to the `e`, as the literal reads (by an exact power of
/// ten: `3 * 10^-3` is `0.003`).
fn times_ten_to(k: f64, e: i32) -> f64 {
    if e >= 0 {
        k * 10f64.powi(e)
    } else {
        k / 10f64.powi(-e)
    }
}

/// The number with the fewest significant digits from `lo` to `hi`
/// (`lo <= hi`), nearest `v` among those (0 if they hold it); where none
/// has [`DIGITS`] + 2 or fewer, `v` to [`DIGITS`] digits.
fn simplest_between(lo: f64, hi: f64, v: f64) -> f64 {
    if lo <= 0.0 && hi >= 0.0 {
        return 0.0;
    }
    let top = lo.abs().max(hi.abs()).log10().floor() as i32;
    // Multiples of 10^e, the coarsest (the leading digit's) first.
    for e in ((top - DIGITS - 1)..=top).rev() {
        let k = times_ten_to(v, -e).round();
        for k in [k, k - 1.0, k + 1.0] {
            let x = times_ten_to(k, e);
            if (lo..=hi).contains(&x) {
                return x;
            }
        }
    }
    round_to_digits(v)
}

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
    if v.is_nan() {
        return 0.0;
    }
    let f = if let Some(c) = linear_within(widget) {
        let reach = min.abs().max(max);
        let (lo, hi) = (symlog_from(min, c, reach), symlog_from(max, c, reach));
        (symlog_from(v, c, reach) - lo) / (hi - lo)
    } else if log && step == 0.0 && min > 0.0 {
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
    if let Some(c) = linear_within(widget) {
        // The values nearer position p than any other: those from half a
        // position below it to half a position above (a hair less, so a
        // value halfway, which rounds to the next, is not taken here).
        let reach = min.abs().max(max);
        let (lo, hi) = (symlog_from(min, c, reach), symlog_from(max, c, reach));
        let at = |p: f64| {
            symlog_to(
                lo + (hi - lo) * (p / f64::from(n)).clamp(0.0, 1.0),
                c,
                reach,
            )
        };
        let p = f64::from(p.min(n));
        let v = at(p);
        let (a, b) = (at(p - 0.499), at(p + 0.499));
        return simplest_between(a.min(b), a.max(b), v).clamp(min, max);
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
    fn wind_is_symmetric_logarithmic_and_reads_as_typed() {
        let wind = control(Id::WindZ).widget;
        assert!(symmetric_log(wind));
        assert_eq!(linear_within(wind), Some(0.0001));
        assert_eq!(positions(wind), POSITIONS);
        assert_eq!(value_at(wind, 500), 0.0);
        assert_eq!(position(wind, 0.0), 500);
        assert_eq!(value_at(wind, 0), -0.1);
        assert_eq!(value_at(wind, 1000), 0.1);
        // Linear to 0.0001 over 15% of each half, logarithmic beyond.
        assert_eq!(position(wind, 0.0001), 575);
        assert_eq!(position(wind, -0.0001), 425);
        // The scenes' winds (0.0001 to 0.003), and 0, hold most of the
        // travel: 568 of the 1,000 positions, against 30 when linear.
        let (lo, hi) = (position(wind, -0.003), position(wind, 0.003));
        assert_eq!((lo, hi), (216, 784));
        assert!(hi - lo > POSITIONS / 2, "{lo}..{hi}");
        // A value a scene or a link uses is reached exactly, and read
        // back at its position.
        for v in [
            0.003, -0.0001, 0.0001, 0.001, 0.0005, -0.002, 0.05, 0.02, 0.0002,
        ] {
            let p = position(wind, v);
            assert_eq!(value_at(wind, p), v, "{v} at {p}");
            assert_eq!(shown(wind, value_at(wind, p)), shown(wind, v));
        }
        // Every position's value goes back to that position, the values
        // rising along the travel, each with few digits.
        let mut last = f64::NEG_INFINITY;
        for p in 0..=POSITIONS {
            let v = value_at(wind, p);
            assert!(v > last, "{v} at {p} after {last}");
            assert_eq!(position(wind, v), p, "{v}");
            assert!(
                shown(wind, v).trim_start_matches(['-', '0', '.']).len() <= 4,
                "{v}"
            );
            last = v;
        }
        assert_eq!(shown(wind, 0.003), "0.003");
        assert_eq!(shown(wind, -0.05), "-0.05");
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
