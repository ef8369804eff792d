//! The wind: each cloth triangle pushed along its normal, as squarely as
//! the wind hits it.
//!
//! The cloth's triangles are the renderer's: quad `(j, i)` (for `j` and `i`
//! from 0 to `n - 2`) is split along the diagonal from `[j][i+1]` to
//! `[j+1][i]` into `A = [j][i], [j][i+1], [j+1][i]` and `B = [j][i+1],
//! [j+1][i], [j+1][i+1]`. For a triangle with unit normal `u` the push is
//!
//! ```text
//! push = u * dot(u, wind)
//! ```
//!
//! the wind's component along the normal: all of it for a triangle square
//! to the wind, none for one edge-on (`dot = 0`), whichever way `u` points
//! (`-u` gives the same push). A triangle's push is shared by its three
//! points: each point moves, each pass, by a sixth of the sum of the pushes
//! of the triangles it is a corner of. A grid square is one point's share
//! of the cloth and a triangle half a square, so an inner point of a sheet
//! square to the wind (a corner of six triangles) moves exactly `wind` a
//! pass, as gravity moves every point 0.001; an edge point, with half the
//! cloth around it, half as far; a corner a sixth or a third. The points
//! of a sheet edge-on to the wind do not move at all: every `dot` is zero.
//!
//! The pushes are worked out once a pass from where the points are at its
//! start (for double buffering and in place alike), in a fixed order: each
//! point adds its triangles' pushes in row-major order of their quads, `A`
//! before `B` (the quads `(j-1, i-1)` B, `(j-1, i)` A and B, `(j, i-1)` A
//! and B, `(j, i)` A, skipping those off the grid), then divides by 6. A
//! triangle whose points are in a line has no normal and no push.
//!
//! With [`gusts`](crate::sim::Model::gusts) the wind of step `a` is
//! `wind * gust(a)`; see [`gust`].

#![forbid(unsafe_code)]

use crate::sim::{Cloth, Torn};

/// The wind's strength at step `a` with gusts, as a factor of the steady
/// wind: `1 + 0.5 sin(2 pi a / 300) + 0.3 sin(2 pi a / 97 + 1)`, a slow
/// swell over 300 steps (5 s at the window's 60 steps a second) with a
/// quicker one over 97 steps on top, from 0.2 to 1.8 times the wind, never
/// reversed. `sin` is `pxfm`'s correctly rounded `f_sin`, so every machine
/// gives the same bits; `2 pi` is `std::f64::consts::TAU`.
pub fn gust(a: u64) -> f64 {
    let t = a as f64 * std::f64::consts::TAU;
    1.0 + 0.5 * pxfm::f_sin(t / 300.0) + 0.3 * pxfm::f_sin(t / 97.0 + 1.0)
}

/// The unit normal of the triangle `a, b, c`: `(b - a) x (c - a)` over its
/// length, or `None` where the points are in a line (or coincide).
/// Finite for every finite input: where the cross product overflows or
/// underflows it is worked out from scaled edges instead.
pub fn unit_normal(a: [f64; 3], b: [f64; 3], c: [f64; 3]) -> Option<[f64; 3]> {
    let e = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let f = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    let n = cross(e, f);
    let d = n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
    if d.is_normal() {
        let len = d.sqrt();
        return Some([n[0] / len, n[1] / len, n[2] / len]);
    }
    scaled_unit_normal(a, b, c)
}

/// [`unit_normal`] where the plain cross product's squared length is not a
/// normal number: the edges halved (finite for any finite points) and
/// scaled to a largest component of 1, then the cross product scaled the
/// same way before it is normalised.
#[cold]
#[inline(never)]
fn scaled_unit_normal(a: [f64; 3], b: [f64; 3], c: [f64; 3]) -> Option<[f64; 3]> {
    let edge = |p: [f64; 3]| {
        scaled([
            p[0] * 0.5 - a[0] * 0.5,
            p[1] * 0.5 - a[1] * 0.5,
            p[2] * 0.5 - a[2] * 0.5,
        ])
    };
    let n = scaled(cross(edge(b)?, edge(c)?))?;
    let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
    Some([n[0] / len, n[1] / len, n[2] / len])
}

/// `v` over its largest component's size, or `None` for a zero vector.
fn scaled(v: [f64; 3]) -> Option<[f64; 3]> {
    let s = v[0].abs().max(v[1].abs()).max(v[2].abs());
    (s > 0.0 && s.is_finite()).then(|| [v[0] / s, v[1] / s, v[2] / s])
}

fn cross(e: [f64; 3], f: [f64; 3]) -> [f64; 3] {
    [
        e[1] * f[2] - e[2] * f[1],
        e[2] * f[0] - e[0] * f[2],
        e[0] * f[1] - e[1] * f[0],
    ]
}

/// The push of the wind `w` on the triangle `a, b, c`: `u * dot(u, w)`
/// with `u` its [`unit_normal`] (`dot` summed x, y, z), or zero for a
/// triangle with no normal.
pub fn triangle_push(a: [f64; 3], b: [f64; 3], c: [f64; 3], w: [f64; 3]) -> [f64; 3] {
    match unit_normal(a, b, c) {
        Some(u) => {
            let s = u[0] * w[0] + u[1] * w[1] + u[2] * w[2];
            [u[0] * s, u[1] * s, u[2] * s]
        }
        None => [0.0; 3],
    }
}

/// The wind's move of point `[j][i]` in a pass: a sixth of the sum of its
/// triangles' pushes, in the order of the module docs. The same bits as
/// the pass's [`Pushes`] give it.
///
/// # Panics
/// If `j` or `i` is `>= cloth.n()`.
pub fn push(cloth: &Cloth, j: usize, i: usize, w: [f64; 3]) -> [f64; 3] {
    let n = cloth.n();
    assert!(j < n && i < n);
    let p = |j: usize, i: usize| cloth.point(j, i);
    let mut s = [0.0; 3];
    let mut add = |t: [f64; 3]| {
        s[0] += t[0];
        s[1] += t[1];
        s[2] += t[2];
    };
    for (qj, qi) in corner_quads(n, j, i) {
        let (a, b, c, d) = (p(qj, qi), p(qj, qi + 1), p(qj + 1, qi), p(qj + 1, qi + 1));
        let (in_a, in_b) = corner_of(qj, qi, j, i);
        if in_a {
            add(triangle_push(a, b, c, w));
        }
        if in_b {
            add(triangle_push(b, c, d, w));
        }
    }
    [s[0] / 6.0, s[1] / 6.0, s[2] / 6.0]
}

/// The quads point `[j][i]` is a corner of, in row-major order.
fn corner_quads(n: usize, j: usize, i: usize) -> impl Iterator<Item = (usize, usize)> {
    let rows = j.saturating_sub(1)..=j.min(n - 2);
    rows.flat_map(move |qj| (i.saturating_sub(1)..=i.min(n - 2)).map(move |qi| (qj, qi)))
}

/// Whether point `[j][i]` is a corner of quad `(qj, qi)`'s triangle A and
/// of its triangle B.
fn corner_of(qj: usize, qi: usize, j: usize, i: usize) -> (bool, bool) {
    match (j - qj, i - qi) {
        (0, 0) => (true, false),
        (1, 1) => (false, true),
        _ => (true, true),
    }
}

/// Every point's wind move for one pass, one array per axis, row-major:
/// [`push`] for each point, with each triangle's push worked out once.
#[derive(Clone, Debug, Default)]
pub struct Pushes {
    /// The pushes on each quad's triangle A and B, `[quad][axis]`.
    tri: Vec<[[f64; 3]; 2]>,
    /// Each point's move, x, y and z, row-major.
    pub(super) m: [Vec<f64>; 3],
}

impl Pushes {
    /// Work out every point's move under the wind `w` from `cloth` as it
    /// is.
    pub fn compute(&mut self, cloth: &Cloth, w: [f64; 3]) {
        self.compute_torn(cloth, w, &Torn::new(cloth.n()));
    }

    /// [`Pushes::compute`] on a cloth with holes: a triangle that has lost
    /// a spring ([`Torn::triangle_torn`]) catches no wind.
    pub fn compute_torn(&mut self, cloth: &Cloth, w: [f64; 3], torn: &Torn) {
        let n = cloth.n();
        let q = n - 1;
        self.tri.clear();
        for qj in 0..q {
            for qi in 0..q {
                let p = |j: usize, i: usize| cloth.point(j, i);
                let (a, b, c, d) = (p(qj, qi), p(qj, qi + 1), p(qj + 1, qi), p(qj + 1, qi + 1));
                // A hole catches no wind: its push is +0, which adds
                // nothing to the sums below (they start at +0, so they
                // are never -0): the bits of leaving it out.
                let push = |second, [a, b, c]: [[f64; 3]; 3]| {
                    if torn.triangle_torn(qj, qi, second) {
                        [0.0; 3]
                    } else {
                        triangle_push(a, b, c, w)
                    }
                };
                self.tri
                    .push([push(false, [a, b, c]), push(true, [b, c, d])]);
            }
        }
        for axis in &mut self.m {
            axis.clear();
            axis.resize(n * n, 0.0);
        }
        for j in 0..n {
            for i in 0..n {
                let mut s = [0.0; 3];
                for (qj, qi) in corner_quads(n, j, i) {
                    let t = &self.tri[qj * q + qi];
                    let (in_a, in_b) = corner_of(qj, qi, j, i);
                    for (tri, inside) in [(t[0], in_a), (t[1], in_b)] {
                        if inside {
                            s[0] += tri[0];
                            s[1] += tri[1];
                            s[2] += tri[2];
                        }
                    }
                }
                let k = j * n + i;
                self.m[0][k] = s[0] / 6.0;
                self.m[1][k] = s[1] / 6.0;
                self.m[2][k] = s[2] / 6.0;
            }
        }
    }

    /// Point `k`'s (row-major) move, as [`Pushes::compute`] left it.
    pub fn at(&self, k: usize) -> [f64; 3] {
        [self.m[0][k], self.m[1][k], self.m[2][k]]
    }
}
