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

use super::chunks::{lanes, lanes_mut, mask, select, Lane, LANES};
use super::dispatch::{on_set, Work};
use crate::sim::{Cloth, InstructionSet, Torn};

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
///
/// Both steps run a chunk of a row at a time (eight points, which the
/// compiler vectorises).
/// The points are copied into rows widened to `stride`, the columns past
/// the row +0. The triangles' pushes are kept one array per axis on the
/// grid of quads padded by one all round, quad `(qj, qi)` at `(qj + 1) *
/// stride + qi + 1`, the padding +0: a point's sum then adds the same six
/// entries wherever it lies, a quad off the grid adding +0, which changes
/// no sum (they start at +0, so they are never -0).
#[derive(Clone, Debug, Default)]
pub struct Pushes {
    /// The cloth's points, x, y and z, rows `stride` apart.
    points: [Vec<f64>; 3],
    /// The pushes on each quad's triangle A, x, y and z, padded.
    a: [Vec<f64>; 3],
    /// The pushes on each quad's triangle B, x, y and z, padded.
    b: [Vec<f64>; 3],
    /// The grid's side.
    n: usize,
    /// A row in whole chunks: `n` rounded up to [`LANES`].
    width: usize,
    /// The padded rows' length: `width + LANES`.
    stride: usize,
    /// For each quad of a row (whole chunks): all ones on the grid, zero
    /// past its end.
    on_grid: Vec<u64>,
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
        self.compute_in(cloth, w, torn);
    }

    /// [`Pushes::compute_torn`] compiled for the instruction set `set`:
    /// the same bits.
    ///
    /// # Panics
    /// If this CPU cannot run `set`.
    #[inline(never)]
    pub(super) fn compute_on(
        &mut self,
        set: InstructionSet,
        cloth: &Cloth,
        w: [f64; 3],
        torn: &Torn,
    ) {
        on_set(set, Compute(self, cloth, w, torn));
    }

    #[inline(always)]
    fn compute_in(&mut self, cloth: &Cloth, w: [f64; 3], torn: &Torn) {
        let n = cloth.n();
        if self.n != n || self.m[0].len() != n * n {
            self.size_for(n);
        }
        let stride = self.stride;
        for (axis, from) in self.points.iter_mut().zip([&cloth.x, &cloth.y, &cloth.z]) {
            for j in 0..n {
                axis[j * stride..j * stride + n].copy_from_slice(&from[j * n..(j + 1) * n]);
            }
        }
        for qj in 0..n.saturating_sub(1) {
            self.quad_row(cloth, qj, w);
        }
        if !torn.is_empty() {
            // A hole catches no wind: its push is +0, which adds nothing
            // to the sums below: the bits of leaving it out.
            for qj in 0..n - 1 {
                for qi in 0..n - 1 {
                    let k = (qj + 1) * stride + qi + 1;
                    for (t, second) in [(&mut self.a, false), (&mut self.b, true)] {
                        if torn.triangle_torn(qj, qi, second) {
                            t[0][k] = 0.0;
                            t[1][k] = 0.0;
                            t[2][k] = 0.0;
                        }
                    }
                }
            }
        }
        self.sums();
    }

    /// The arrays for an `n x n` grid, every entry +0.
    fn size_for(&mut self, n: usize) {
        let width = n.div_ceil(LANES) * LANES;
        let stride = width + LANES;
        let zeros = |len: usize| [(); 3].map(|_| vec![0.0; len]);
        *self = Pushes {
            points: zeros(n * stride),
            a: zeros((n + 1) * stride),
            b: zeros((n + 1) * stride),
            n,
            width,
            stride,
            on_grid: (0..width).map(|qi| mask(qi + 1 < n)).collect(),
            m: zeros(n * n),
        };
    }

    /// The pushes on quad row `qj`'s triangles, a chunk at a time: the
    /// operations of [`triangle_push`] in each lane, and [`triangle_push`]
    /// itself for the rare triangle whose normal's squared length is not a
    /// normal number. The lanes past the row's last quad are set to +0.
    #[inline(always)]
    fn quad_row(&mut self, cloth: &Cloth, qj: usize, w: [f64; 3]) {
        let (width, stride) = (self.width, self.stride);
        let (top, bottom) = (qj * stride, (qj + 1) * stride);
        let corner = |at: usize| self.points.each_ref().map(|v| lanes(v, at, width));
        let (p00, p01, p10, p11) = (
            corner(top),
            corner(top + 1),
            corner(bottom),
            corner(bottom + 1),
        );
        let at = (qj + 1) * stride + 1;
        let [mut ta, mut tb] =
            [&mut self.a, &mut self.b].map(|t| t.each_mut().map(|t| lanes_mut(t, at, width)));
        let mut redo = false;
        for c in 0..width / LANES {
            let on = self.on_grid[c * LANES..][..LANES]
                .try_into()
                .expect("a whole chunk");
            let pick = |p: [&[Lane]; 3]| [p[0][c], p[1][c], p[2][c]];
            let [ax, ay, az] = &mut ta;
            let [bx, by, bz] = &mut tb;
            let (a, b) = (
                [&mut ax[c], &mut ay[c], &mut az[c]],
                [&mut bx[c], &mut by[c], &mut bz[c]],
            );
            redo |= triangles(a, [pick(p00), pick(p01), pick(p10)], on, w);
            redo |= triangles(b, [pick(p01), pick(p10), pick(p11)], on, w);
        }
        if redo {
            self.redo_row(cloth, qj, w);
        }
    }

    /// The pushes of quad row `qj`'s triangles whose normal's squared
    /// length is not a normal number, redone with [`triangle_push`]. Rare,
    /// so kept out of line.
    #[cold]
    #[inline(never)]
    fn redo_row(&mut self, cloth: &Cloth, qj: usize, w: [f64; 3]) {
        let at = (qj + 1) * self.stride + 1;
        let p = |j: usize, i: usize| cloth.point(j, i);
        for qi in 0..cloth.n() - 1 {
            let (a, b, c, d) = (p(qj, qi), p(qj, qi + 1), p(qj + 1, qi), p(qj + 1, qi + 1));
            for (t, [a, b, c]) in [(&mut self.a, [a, b, c]), (&mut self.b, [b, c, d])] {
                if !lane_push(a, b, c, w).1 {
                    [t[0][at + qi], t[1][at + qi], t[2][at + qi]] = triangle_push(a, b, c, w);
                }
            }
        }
    }

    /// Each point's move: a sixth of its six quads' pushes added in the
    /// module's order, a chunk of a row at a time.
    #[inline(always)]
    fn sums(&mut self) {
        let (n, width, stride) = (self.n, self.width, self.stride);
        for j in 0..n {
            // Point [j][i]'s quads (j-1, i-1), (j-1, i), (j, i-1), (j, i)
            // start at padded index j * stride + i, and (j + 1) * stride + i.
            let (up, down) = (j * stride, (j + 1) * stride);
            for axis in 0..3 {
                let (a, b) = (&self.a[axis], &self.b[axis]);
                let t = [
                    lanes(b, up, width),
                    lanes(a, up + 1, width),
                    lanes(b, up + 1, width),
                    lanes(a, down, width),
                    lanes(b, down, width),
                    lanes(a, down + 1, width),
                ];
                let m = &mut self.m[axis][j * n..(j + 1) * n];
                for c in 0..width / LANES {
                    let mut s = [0.0; LANES];
                    for l in 0..LANES {
                        let sum = 0.0 + t[0][c][l] + t[1][c][l] + t[2][c][l];
                        s[l] = (sum + t[3][c][l] + t[4][c][l] + t[5][c][l]) / 6.0;
                    }
                    let k = c * LANES;
                    let len = LANES.min(n - k);
                    m[k..k + len].copy_from_slice(&s[..len]);
                }
            }
        }
    }

    /// Point `k`'s (row-major) move, as [`Pushes::compute`] left it.
    pub fn at(&self, k: usize) -> [f64; 3] {
        [self.m[0][k], self.m[1][k], self.m[2][k]]
    }
}

/// The arguments of [`Pushes::compute_torn`], as a piece of [`Work`].
struct Compute<'a>(&'a mut Pushes, &'a Cloth, [f64; 3], &'a Torn);

impl Work for Compute<'_> {
    type Out = ();
    #[inline(always)]
    fn run(self) {
        self.0.compute_in(self.1, self.2, self.3)
    }
}

/// The pushes of a chunk of triangles into `t` (x, y and z), the
/// triangles' corners `[c][axis]` for `c` 0, 1, 2: [`lane_push`] in each
/// lane, +0 where `on` is zero. True if any triangle on the grid has a
/// push that is not [`triangle_push`]'s.
#[inline(always)]
fn triangles(t: [&mut Lane; 3], corners: [[Lane; 3]; 3], on: &[u64; LANES], w: [f64; 3]) -> bool {
    let [a, b, c] = corners;
    let mut out = [[0.0; LANES]; 3];
    let mut redo = 0;
    for l in 0..LANES {
        let corner = |p: [Lane; 3]| [p[0][l], p[1][l], p[2][l]];
        let (push, normal) = lane_push(corner(a), corner(b), corner(c), w);
        for axis in 0..3 {
            out[axis][l] = select(on[l], push[axis], 0.0);
        }
        redo |= on[l] & u64::from(!normal);
    }
    let [tx, ty, tz] = t;
    (*tx, *ty, *tz) = (out[0], out[1], out[2]);
    redo != 0
}

/// [`triangle_push`]'s operations for a triangle whose normal's squared
/// length is a normal number, in a form the compiler vectorises, and
/// whether it is one (where it is not, the push is not
/// [`triangle_push`]'s).
#[inline(always)]
fn lane_push(a: [f64; 3], b: [f64; 3], c: [f64; 3], w: [f64; 3]) -> ([f64; 3], bool) {
    let e = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let f = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    let n = cross(e, f);
    let d = n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
    let len = d.sqrt();
    let u = [n[0] / len, n[1] / len, n[2] / len];
    let s = u[0] * w[0] + u[1] * w[1] + u[2] * w[2];
    // `d.is_normal()` for a d that is never negative.
    let normal = (f64::MIN_POSITIVE..=f64::MAX).contains(&d);
    ([u[0] * s, u[1] * s, u[2] * s], normal)
}
