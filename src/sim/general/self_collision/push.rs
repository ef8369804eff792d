//! One push: two points closer than the thickness set the thickness apart.

use crate::sim::FLOOR_Y;

/// Push points `a` and `b` of `pos` apart to `t (1 + SLACK)` if the square
/// of their distance is less than `t2` (the square of the thickness `t`,
/// see [`square_at_least`]), as the module docs say: each moves half the
/// shortfall along the line between them (or the free one all of it, where
/// the other is pinned), the floor lifting both rather than giving way.
/// Returns by how much they were closer than `t` (0 if they were not, or
/// both are pinned).
#[inline]
pub(super) fn push_apart(
    pos: &mut [[f64; 3]],
    a: usize,
    b: usize,
    t: f64,
    t2: f64,
    to: f64,
    pinned: &[bool],
) -> f64 {
    let (pa, pb) = (pos[a], pos[b]);
    let v = [pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]];
    let d2 = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
    // Not `d2 >= t2`: a NaN (no finite state gives one) is left alone too.
    if d2 >= t2 || d2.is_nan() {
        return 0.0;
    }
    push(pos, a, b, v, d2, t, to, pinned)
}

/// The push of [`push_apart`] for a pair found closer: `v` from `a` to
/// `b`, `d2` its square.
#[inline(never)]
fn push(
    pos: &mut [[f64; 3]],
    a: usize,
    b: usize,
    v: [f64; 3],
    d2: f64,
    t: f64,
    to: f64,
    pinned: &[bool],
) -> f64 {
    let (pa, pb) = (pos[a], pos[b]);
    // The unit vector from a to b, and their distance.
    let (u, d) = if d2.is_normal() {
        let d = d2.sqrt();
        ([v[0] / d, v[1] / d, v[2] / d], d)
    } else {
        ([0.0, 1.0, 0.0], 0.0)
    };
    let gap = to - d;
    let (a_free, b_free) = (!pinned[a], !pinned[b]);
    // How far each moves along u: half each, or all of it for the free one.
    let (sa, sb) = match (a_free, b_free) {
        (true, true) => (gap * 0.5, gap * 0.5),
        (true, false) => (gap, 0.0),
        (false, true) => (0.0, gap),
        (false, false) => return 0.0,
    };
    let mut na = [pa[0] - u[0] * sa, pa[1] - u[1] * sa, pa[2] - u[2] * sa];
    let mut nb = [pb[0] + u[0] * sb, pb[1] + u[1] * sb, pb[2] + u[2] * sb];
    // The floor does not give way: lift the pair by what a push would take
    // below it.
    let below = |from: f64, to: f64| {
        if from >= FLOOR_Y && to < FLOOR_Y {
            FLOOR_Y - to
        } else {
            0.0
        }
    };
    let lift = below(pa[1], na[1]).max(below(pb[1], nb[1]));
    if lift > 0.0 {
        if a_free {
            na[1] += lift;
        }
        if b_free {
            nb[1] += lift;
        }
    }
    pos[a] = na;
    pos[b] = nb;
    t - d
}

/// The square of `t` as the pushes compare with it: `t * t`, or the next
/// double up where that rounded down so far that its square root is less
/// than `t`. So a pair whose squared distance is at least this is at least
/// `t` apart however its distance is then rounded (the square root is
/// correctly rounded, and rounding is monotonic).
pub(super) fn square_at_least(t: f64) -> f64 {
    let s = t * t;
    if s.sqrt() < t {
        f64::from_bits(s.to_bits() + 1)
    } else {
        s
    }
}
