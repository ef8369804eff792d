//! One point's move in a pass under any model: gravity, the wind's push
//! and each of the model's springs, in the original's order.

#![forbid(unsafe_code)]

use super::hooke::hooke_term;
use super::GridLaw;
use crate::sim::model::{Model, SpringLaw};
use crate::sim::{spring_term, spring_term_of, Cloth, Torn, DIST, SPACING};

/// The springs on a point under `model` at the demo's grid, in the order
/// they are summed ([`springs_at`] with the spacing 0.1).
pub fn springs(model: &Model) -> Vec<(isize, isize, f64)> {
    springs_at(model, SPACING)
}

/// The springs on a point under `model`, in the order they are summed:
/// `(dj, di, rest)` for each neighbour `[j + dj][i + di]` the model's
/// springs join ([`Springs::joins`](crate::sim::Springs::joins)), `dj` from
/// `-reach` to `reach` outer and `di` likewise inner (reach 2 with bending
/// springs, the outer ring included, else 1), with rest length
/// `spacing * DIST[2 + dj][2 + di]` (`spacing` the grid's,
/// [`spacing`](crate::sim::spacing)`(n)`: 0.1 at 32). The original's
/// eight: north-west, north, north-east, west, east, south-west, south,
/// south-east.
pub fn springs_at(model: &Model, spacing: f64) -> Vec<(isize, isize, f64)> {
    let reach = model.springs.reach() as isize;
    let mut out = Vec::with_capacity(model.springs.count());
    for dj in -reach..=reach {
        for di in -reach..=reach {
            if model.springs.joins(dj, di) {
                let rest = spacing * DIST[(2 + dj) as usize][(2 + di) as usize];
                out.push((dj, di, rest));
            }
        }
    }
    out
}

/// Where point `[j][i]` moves in a pass from gravity and its springs,
/// before collisions: `p + m`, the original's inner loop, with the
/// article's constants on any grid ([`moved_point_under`] takes another
/// [`GridLaw`]). `m` starts as gravity, `(0, -0.001, 0)`, and each of the
/// model's [`springs`] whose
/// neighbour `[jj][ii]` is on the grid adds its move under the model's law
/// ([`spring`]), in that order (the original's, `jj` outer, `ii` inner),
/// taken at the springs' [`share`](crate::sim::Springs::share): all of it
/// (multiplying by 1 is exact), or a third with bending springs.
///
/// Each coordinate stays within `±f64::MAX` (see the module docs).
///
/// # Panics
/// If `j` or `i` is `>= cloth.n()`.
pub fn moved_point(cloth: &Cloth, j: usize, i: usize, model: &Model) -> [f64; 3] {
    moved_point_in_wind(cloth, j, i, model, [0.0; 3])
}

/// [`moved_point`] with the wind's move `push` (world units, from
/// [`wind::push`](crate::sim::general::wind::push)): `m` starts as gravity plus the push, `(0 + push_x,
/// -0.001 + push_y, 0 + push_z)`, and the springs are added to that. With
/// no push it is [`moved_point`] to the bit.
///
/// # Panics
/// If `j` or `i` is `>= cloth.n()`.
pub fn moved_point_in_wind(
    cloth: &Cloth,
    j: usize,
    i: usize,
    model: &Model,
    push: [f64; 3],
) -> [f64; 3] {
    moved_point_under(
        cloth,
        j,
        i,
        model,
        push,
        &GridLaw::article(model.passes.get()),
    )
}

/// [`moved_point_in_wind`] under the law `law`: rest lengths
/// `law.spacing * DIST`, gravity `law.gravity` and the article's spring
/// with the strength `law.stiffness` (Hooke's law as it is: see
/// [`GridLaw`]). `push` is the wind's move as it is (scaled already). With
/// [`GridLaw::new`]`(cloth.n(), ..)`, a point's move in a
/// [`Simulation`](crate::sim::Simulation)'s step on that grid.
///
/// # Panics
/// If `j` or `i` is `>= cloth.n()`.
pub fn moved_point_under(
    cloth: &Cloth,
    j: usize,
    i: usize,
    model: &Model,
    push: [f64; 3],
    law: &GridLaw,
) -> [f64; 3] {
    assert!(j < cloth.n() && i < cloth.n());
    let (springs, share) = (springs_at(model, law.spacing), model.springs.share());
    let whole = Torn::new(cloth.n());
    let (at, moves) = ((j, i), (law.gravity, push));
    match model.law {
        SpringLaw::Article => {
            moved_point_with(cloth, at, &springs, share, moves, &whole, |a, b, r| {
                spring_term_of(a, b, r, law.stiffness)
            })
        }
        SpringLaw::Hooke => moved_point_with(cloth, at, &springs, share, moves, &whole, hooke_term),
    }
}

/// [`moved_point_in_wind`] with the model's springs, share and law worked
/// out, gravity `gravity` (world units a pass), and the springs of `torn`
/// left out.
#[inline(always)]
pub(super) fn moved_point_with(
    cloth: &Cloth,
    (j, i): (usize, usize),
    springs: &[(isize, isize, f64)],
    share: f64,
    (gravity, push): (f64, [f64; 3]),
    torn: &Torn,
    term: impl Fn([f64; 3], [f64; 3], f64) -> [f64; 3],
) -> [f64; 3] {
    let n = cloth.n();
    let k = j * n + i;
    let p = [cloth.x[k], cloth.y[k], cloth.z[k]];
    let (mut mx, mut my, mut mz) = (0.0 + push[0], -gravity + push[1], 0.0 + push[2]);
    for &(dj, di, rest) in springs {
        // Off the grid above or to the left wraps round to a huge index.
        let (jj, ii) = (j.wrapping_add_signed(dj), i.wrapping_add_signed(di));
        if jj >= n || ii >= n || torn.contains(j, i, dj, di) {
            continue;
        }
        let q = jj * n + ii;
        let [tx, ty, tz] = term(p, [cloth.x[q], cloth.y[q], cloth.z[q]], rest);
        mx += tx * share;
        my += ty * share;
        mz += tz * share;
    }
    [finite(p[0] + mx), finite(p[1] + my), finite(p[2] + mz)]
}

/// The move the spring from point `a` to its neighbour `b` (rest length
/// `rest`) gives `a` in a pass under `law`: [`spring_term`] for the
/// article's, [`hooke_term`] for Hooke's. Always finite for finite input.
#[inline]
pub fn spring(law: SpringLaw, a: [f64; 3], b: [f64; 3], rest: f64) -> [f64; 3] {
    match law {
        SpringLaw::Article => spring_term(a, b, rest),
        SpringLaw::Hooke => hooke_term(a, b, rest),
    }
}

/// `v`, or `±f64::MAX` where it overflowed.
#[inline]
pub(crate) fn finite(v: f64) -> f64 {
    v.clamp(-f64::MAX, f64::MAX)
}

/// Set point `[j][i]` of `cloth` to `p`.
#[inline]
pub(crate) fn put(cloth: &mut Cloth, j: usize, i: usize, p: [f64; 3]) {
    let k = j * cloth.n() + i;
    cloth.x[k] = p[0];
    cloth.y[k] = p[1];
    cloth.z[k] = p[2];
}
