//! The article's spring: the move a spring gives its point in a pass, and
//! what it does where the original would divide by zero or overflow.

#![forbid(unsafe_code)]

use super::constants::STIFFNESS;

/// The move the spring from point `a` to its neighbour `b` (rest length
/// `rest`, world units) gives `a` in a pass: `v * dd` with `v = b - a`,
/// `d = vx*vx + vy*vy + vz*vz` and `dd = (0.03 * (sqrt(d) - rest)) / d`,
/// exactly the original's operations, wherever they are finite.
///
/// The degenerate cases (see the module docs), none of which the original's
/// runs reach:
/// - `d` below the smallest normal `f64` (about 2.2e-308: the points
///   coincide, or are within about 1.5e-154 of each other): no move. The
///   original divides by zero at `d == 0`; below that `dd` overflows.
/// - `d` overflows (the points are more than about 1.3e154 apart, or `v`
///   itself overflows): the same move worked out without squaring,
///   `0.03 * (1 - rest / len)` along the unit vector from half of `v`. It is
///   finite, and at most 0.03 long.
#[inline(always)]
pub fn spring_term(a: [f64; 3], b: [f64; 3], rest: f64) -> [f64; 3] {
    spring_term_of(a, b, rest, STIFFNESS)
}

/// [`spring_term`] with the strength `strength` (world units) in place of
/// the article's 0.03: the spring at another grid
/// ([`GridLaw`](crate::sim::general::GridLaw)). With `strength` 0.03, the
/// same bits.
#[inline(always)]
pub(crate) fn spring_term_of(a: [f64; 3], b: [f64; 3], rest: f64, strength: f64) -> [f64; 3] {
    usual_spring_term_of(a, b, rest, strength)
        .unwrap_or_else(|| degenerate_spring_term(a, b, rest, strength))
}

/// [`spring_term`] where `d` is a normal number (the original's
/// operations, nothing else), `None` where it is not: a degenerate case.
#[inline(always)]
pub(crate) fn usual_spring_term(a: [f64; 3], b: [f64; 3], rest: f64) -> Option<[f64; 3]> {
    usual_spring_term_of(a, b, rest, STIFFNESS)
}

/// [`usual_spring_term`] with the strength `strength`.
#[inline(always)]
fn usual_spring_term_of(a: [f64; 3], b: [f64; 3], rest: f64, strength: f64) -> Option<[f64; 3]> {
    let vx = b[0] - a[0];
    let vy = b[1] - a[1];
    let vz = b[2] - a[2];
    let d = vx * vx + vy * vy + vz * vz;
    // d >= 0 or NaN, so "normal" is MIN_POSITIVE <= d < infinity: one
    // test for both degenerate cases.
    if !d.is_normal() {
        return None;
    }
    let dd = (strength * (d.sqrt() - rest)) / d;
    Some([vx * dd, vy * dd, vz * dd])
}

/// [`spring_term`] where `d` is not a normal number: overflowed, or too
/// small (the points coincide or nearly).
#[cold]
#[inline(never)]
fn degenerate_spring_term(a: [f64; 3], b: [f64; 3], rest: f64, strength: f64) -> [f64; 3] {
    let v = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    if (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).is_finite() {
        [0.0; 3]
    } else {
        far_spring_term_of(a, b, rest, strength)
    }
}

/// [`spring_term`] for points so far apart that `d` (or `v`) overflows.
#[cold]
#[inline(never)]
pub(crate) fn far_spring_term(a: [f64; 3], b: [f64; 3], rest: f64) -> [f64; 3] {
    far_spring_term_of(a, b, rest, STIFFNESS)
}

/// [`far_spring_term`] with the strength `strength`: a pull of at most
/// `strength`.
#[cold]
#[inline(never)]
fn far_spring_term_of(a: [f64; 3], b: [f64; 3], rest: f64, strength: f64) -> [f64; 3] {
    // Half the vector is finite for any finite a, b.
    let h = [
        b[0] * 0.5 - a[0] * 0.5,
        b[1] * 0.5 - a[1] * 0.5,
        b[2] * 0.5 - a[2] * 0.5,
    ];
    let s = h[0].abs().max(h[1].abs()).max(h[2].abs());
    if !(s > 0.0 && s.is_finite()) {
        return [0.0; 3];
    }
    let u = [h[0] / s, h[1] / s, h[2] / s];
    let ulen = (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]).sqrt();
    // len may overflow to infinity; then rest / len is 0 and the pull 0.03.
    let len = 2.0 * s * ulen;
    let f = strength * (1.0 - rest / len);
    [u[0] / ulen * f, u[1] / ulen * f, u[2] / ulen * f]
}
