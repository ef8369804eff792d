//! One push: two points closer than the thickness set the thickness apart.

#![forbid(unsafe_code)]

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
/// `b`, `d2` its square. Each point moves along `v` by its share of the
/// shortfall over the distance, `(to - d) / d` (half each, or all of it
/// for the free one), a quotient and a square root a push.
#[inline]
#[allow(clippy::too_many_arguments)]
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
    let (a_free, b_free) = (!pinned[a], !pinned[b]);
    if !d2.is_normal() {
        return push_coincident(pos, a, b, to, a_free, b_free);
    }
    let (pa, pb) = (pos[a], pos[b]);
    let d = d2.sqrt();
    let f = (to - d) / d;
    // A pinned point stays where it is, to the bit.
    let (na, nb) = match (a_free, b_free) {
        (true, true) => {
            let h = f * 0.5;
            (
                [pa[0] - v[0] * h, pa[1] - v[1] * h, pa[2] - v[2] * h],
                [pb[0] + v[0] * h, pb[1] + v[1] * h, pb[2] + v[2] * h],
            )
        }
        (true, false) => ([pa[0] - v[0] * f, pa[1] - v[1] * f, pa[2] - v[2] * f], pb),
        (false, true) => (pa, [pb[0] + v[0] * f, pb[1] + v[1] * f, pb[2] + v[2] * f]),
        (false, false) => return 0.0,
    };
    put(pos, a, b, pa, pb, na, nb, a_free, b_free);
    t - d
}

/// [`push`] for two points closer than about 1e-154 (or coincident): no
/// line between them, so the later one in the grid goes up, the earlier
/// down.
#[cold]
fn push_coincident(
    pos: &mut [[f64; 3]],
    a: usize,
    b: usize,
    to: f64,
    a_free: bool,
    b_free: bool,
) -> f64 {
    let (pa, pb) = (pos[a], pos[b]);
    let (na, nb) = match (a_free, b_free) {
        (true, true) => (
            [pa[0], pa[1] - to * 0.5, pa[2]],
            [pb[0], pb[1] + to * 0.5, pb[2]],
        ),
        (true, false) => ([pa[0], pa[1] - to, pa[2]], pb),
        (false, true) => (pa, [pb[0], pb[1] + to, pb[2]]),
        (false, false) => return 0.0,
    };
    put(pos, a, b, pa, pb, na, nb, a_free, b_free);
    to
}

/// Set points `a` and `b` (which were at `pa` and `pb`) to `na` and `nb`,
/// but where that would take either from on or above the floor to below
/// it, lift the free ones of the two by the difference (so a free pair's
/// distance is the same): the floor does not give way.
#[inline]
#[allow(clippy::too_many_arguments)]
fn put(
    pos: &mut [[f64; 3]],
    a: usize,
    b: usize,
    pa: [f64; 3],
    pb: [f64; 3],
    mut na: [f64; 3],
    mut nb: [f64; 3],
    a_free: bool,
    b_free: bool,
) {
    if na[1] < FLOOR_Y || nb[1] < FLOOR_Y {
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
    }
    pos[a] = na;
    pos[b] = nb;
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
