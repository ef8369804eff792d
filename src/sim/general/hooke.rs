//! Hooke's law: the "what if" spring, a move in proportion to the stretch.

#![forbid(unsafe_code)]

/// Hooke's law's strength: the fraction of the stretch `len - rest` a
/// spring moves its point in a pass. 0.3 matches the article's spring at an
/// edge spring's rest length: `d/dlen [0.03 (len - 0.1) / len] = 0.03 *
/// 0.1 / len^2 = 0.3` at `len = 0.1`.
pub const HOOKE_STIFFNESS: f64 = 0.3;

/// Hooke's law: the spring from `a` to `b` moves `a` by
/// `0.3 (len - rest)` along the spring, towards `b` when stretched, away
/// when squashed. Written like the article's spring: `v = b - a`,
/// `d = vx*vx + vy*vy + vz*vz`, `len = sqrt(d)`,
/// `dd = (0.3 * (len - rest)) / len`, move `v * dd`.
///
/// Finite for all finite input, and where `d` is not a normal number:
/// - coincident points (`v == 0`): no direction to push along, no move;
/// - points so close that `d` underflows (within about 1.5e-154): the
///   same move worked out from `v` scaled by its largest component, a push
///   of at most `0.3 rest` away from `b`;
/// - points so far apart that `d` or `v` overflows: the same move worked
///   out from half of `v`, `0.6 (1 - rest / len)` times that half; finite,
///   though the sum of several such pulls may overflow (see the module
///   docs).
#[inline]
pub fn hooke_term(a: [f64; 3], b: [f64; 3], rest: f64) -> [f64; 3] {
    let vx = b[0] - a[0];
    let vy = b[1] - a[1];
    let vz = b[2] - a[2];
    let d = vx * vx + vy * vy + vz * vz;
    if d >= f64::MIN_POSITIVE && d.is_finite() {
        let len = d.sqrt();
        let dd = (HOOKE_STIFFNESS * (len - rest)) / len;
        return [vx * dd, vy * dd, vz * dd];
    }
    hooke_term_scaled(a, b, rest, d.is_finite())
}

/// [`hooke_term`] where `d` is not a normal number: `small` when it
/// underflowed, else it overflowed.
#[cold]
#[inline(never)]
fn hooke_term_scaled(a: [f64; 3], b: [f64; 3], rest: f64, small: bool) -> [f64; 3] {
    // `w` is `v` (small) or half of it (large; finite for any finite a, b).
    let w = if small {
        [b[0] - a[0], b[1] - a[1], b[2] - a[2]]
    } else {
        [
            b[0] * 0.5 - a[0] * 0.5,
            b[1] * 0.5 - a[1] * 0.5,
            b[2] * 0.5 - a[2] * 0.5,
        ]
    };
    let s = w[0].abs().max(w[1].abs()).max(w[2].abs());
    if !(s > 0.0 && s.is_finite()) {
        return [0.0; 3];
    }
    let u = [w[0] / s, w[1] / s, w[2] / s];
    let ulen = (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]).sqrt();
    if small {
        // A unit vector along v, times the move: at most 0.3 * rest long.
        let f = HOOKE_STIFFNESS * (s * ulen - rest);
        [u[0] / ulen * f, u[1] / ulen * f, u[2] / ulen * f]
    } else {
        // v * 0.3 (len - rest) / len = w * 0.6 (1 - rest / len); len may
        // overflow to infinity, and then rest / len is 0.
        let len = 2.0 * s * ulen;
        let f = 2.0 * HOOKE_STIFFNESS * (1.0 - rest / len);
        [w[0] * f, w[1] * f, w[2] * f]
    }
}
