//! Writing a state file: the header for what the state holds, then one
//! row a point, numbers as C's `%.17g` ([`format_g17`]).

#![forbid(unsafe_code)]

use super::format::{HEADER, MOVING_HEADER, MOVING_TORN_HEADER, TORN_HEADER};
use crate::sim::torn::Torn;
use crate::sim::Cloth;

/// The state file for `cloth`: header and `n * n` rows, each line ending in
/// `\n`, numbers as `%.17g`.
pub fn to_string(cloth: &Cloth) -> String {
    state_to_string(cloth, None, &Torn::new(cloth.n()))
}

/// The state file for `cloth` with the previous positions `previous` and
/// the torn springs `torn`: with neither, [`to_string`]'s plain format;
/// with previous positions, the format with [`MOVING_HEADER`], each row
/// `j,i,x,y,z,px,py,pz`; with torn springs, a last column `torn`, each
/// point's word of torn springs ([`Torn::word`]).
///
/// # Panics
/// If `previous` or `torn` is not `cloth`'s size.
pub fn state_to_string(cloth: &Cloth, previous: Option<&Cloth>, torn: &Torn) -> String {
    let n = cloth.n();
    let mut s = String::with_capacity(if previous.is_some() { 128 } else { 64 } * n * n + 32);
    let with_torn = !torn.is_empty();
    s.push_str(match (previous.is_some(), with_torn) {
        (false, false) => HEADER,
        (true, false) => MOVING_HEADER,
        (false, true) => TORN_HEADER,
        (true, true) => MOVING_TORN_HEADER,
    });
    s.push('\n');
    if let Some(p) = previous {
        assert_eq!(p.n(), n, "previous positions are the cloth's size");
    }
    if with_torn {
        assert_eq!(torn.n(), n, "the torn springs are the cloth's");
    }
    for j in 0..n {
        for i in 0..n {
            let [x, y, z] = cloth.point(j, i);
            s.push_str(&format!(
                "{j},{i},{},{},{}",
                format_g17(x),
                format_g17(y),
                format_g17(z)
            ));
            if let Some(p) = previous {
                let [px, py, pz] = p.point(j, i);
                s.push_str(&format!(
                    ",{},{},{}",
                    format_g17(px),
                    format_g17(py),
                    format_g17(pz)
                ));
            }
            if with_torn {
                s.push_str(&format!(",{}", torn.word(j * n + i)));
            }
            s.push('\n');
        }
    }
    s
}

/// Format `v` as C's `printf("%.17g", v)` does: 17 significant digits,
/// trailing zeros dropped, exponent form below 1e-4 or from 1e17 up.
/// Seventeen digits are enough for any `f64` to read back exactly.
///
/// # Panics
/// Never: Rust's `{:e}` always writes a mantissa and an integer exponent.
pub fn format_g17(v: f64) -> String {
    if !v.is_finite() {
        return format!("{v}");
    }
    // Rust's `{:e}` rounds correctly, as glibc's printf does.
    let e = format!("{:.16e}", v);
    let (mantissa, exp) = e.split_once('e').expect("`{:e}` has an exponent");
    let exp: i32 = exp.parse().expect("`{:e}` exponent is an integer");
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mantissa),
    };
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    if v == 0.0 {
        return format!("{sign}0");
    }
    if !(-4..17).contains(&exp) {
        let frac = digits[1..].trim_end_matches('0');
        let dot = if frac.is_empty() { "" } else { "." };
        let esign = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{}{dot}{frac}e{esign}{:02}", &digits[..1], exp.abs());
    }
    let (int, frac) = if exp >= 0 {
        let split = exp as usize + 1;
        (digits[..split].to_string(), digits[split..].to_string())
    } else {
        ("0".to_string(), "0".repeat((-exp - 1) as usize) + &digits)
    };
    let frac = frac.trim_end_matches('0');
    if frac.is_empty() {
        format!("{sign}{int}")
    } else {
        format!("{sign}{int}.{frac}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn g17_matches_c_printf() {
        // Expected strings are what glibc's printf("%.17g") prints.
        let cases = [
            (1.5, "1.5"),
            (-1.6, "-1.6000000000000001"),
            (-2.999, "-2.9990000000000001"),
            (-0.4007515881554479, "-0.40075158815544792"),
            (0.0, "0"),
            (-0.0, "-0"),
            (100.0, "100"),
            (1e-5, "1.0000000000000001e-05"),
            (0.0001, "0.0001"),
            (1e17, "1e+17"),
            (1e16, "10000000000000000"),
            (1e300, "1.0000000000000001e+300"),
            (-0.001, "-0.001"),
        ];
        for (v, want) in cases {
            assert_eq!(format_g17(v), want, "{v:e}");
        }
    }
}
