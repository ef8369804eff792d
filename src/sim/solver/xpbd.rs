//! Jolt's XPBD soft-body cloth, as the game engine document uses it.
//!
//! A step of 1/60 s is cut into sub-steps: [`Xpbd::substeps`] (6 by
//! default) on the demo's 32 x 32 sheet, in proportion to the grid on
//! others ([`substeps`], "The same stiffness at any grid" below). Each
//! sub-step, for every free point:
//!
//! 1. **Predict.** The velocity takes gravity and the wind, loses its air
//!    drag, and the point moves along it.
//! 2. **Constraints**, each once, in order: stretch (the grid lines),
//!    shear (the diagonals), bend (two points apart along the grid
//!    lines). Each is a distance constraint `C = |pb - pa| - rest` with a
//!    compliance; XPBD moves its ends by `w_a dl` and `-w_b dl` along it,
//!    `dl = -C / (w_a + w_b + alpha~)`, `w` the inverse masses (0 pinned).
//! 3. **Tethers**: a point further from its nearest pinned point than
//!    [`Xpbd::max_stretch`] times their distance at rest is pulled back to
//!    it, so a hung sheet cannot stretch out under its own weight.
//! 4. **Contact** with the spheres and the floor, with Jolt's default
//!    friction, [`FRICTION`].
//! 5. The velocity is the sub-step's move over its length.
//!
//! # Softness
//!
//! The engine gives each constraint kind a softness rather than a
//! compliance: "0 is as stiff as the solver can make it, 1 means each
//! solver sub-step fixes about two thirds of the error, 100 about 2% (very
//! floppy). Softness is scaled by each vertex's mass and the sub-step, so a
//! fabric feels the same at any mesh resolution." Here the compliance per
//! sub-step is `alpha~ = alpha / h^2 = s (w_a + w_b) / 2`: a constraint
//! fixes `(w_a + w_b) / (w_a + w_b + alpha~) = 1 / (1 + s / 2)` of its
//! error, two thirds at `s = 1` and 1/51 at `s = 100`, whatever the mass
//! of a point (and so the grid) and the sub-step.
//!
//! # The same stiffness at any grid
//!
//! Each sub-step visits every constraint once, so a correction travels
//! about one link a sub-step: the error a sub-step leaves is the solver's
//! own softness, on top of the constraints'. Hung by its two top corners
//! at softness 0 (calm, cotton, 6 sub-steps), the middle of the top edge
//! sagged 0.017 m on a 16 x 16 sheet, 0.062 m on 32 x 32 and 0.121 m on
//! 64 x 64 (the mean over the fifth and sixth seconds), where an
//! unstretchable sheet would not sag at all: the finer the grid, the more
//! links a correction has to cross, and the stretchier the same fabric.
//! The sag went as about `n^2 / substeps^2`, so the solver runs the
//! setting's sub-steps in proportion to the links across the sheet:
//! `ceil(substeps (n - 1) / 31)`, at least 1 (3 at 16, 6 at 32, 13 at 64,
//! 25 at 128 for the default 6). The sag is then 0.059, 0.062 and 0.058 m:
//! a fabric hangs the same at any grid, for work that grows as `n^3`
//! rather than `n^2`. (At 32 x 32 nothing changes.) The tethers do not
//! set it: the middle of the top edge is in line with both corners, and
//! its tether lets it sag 0.5 m.
//!
//! # Air drag
//!
//! Each point's velocity across the cloth (along its normal) `v_n` loses
//! `c |v_n| v_n h` a sub-step, `c = air_drag * 0.72 / density` (0.72 kg/m^3
//! is half the air's density times a flat plate's drag coefficient, 1.2
//! each), never more than all of it: a cotton sheet falling flat settles
//! at about 1.4 m/s, silk at 0.9 m/s, while a sheet edge-on falls freely.

#![forbid(unsafe_code)]

use super::{contact, Shared, BOUND, DT};
use crate::sim::model::Xpbd;
use crate::sim::{sheet, Cloth, PinSet, Spheres, Torn};

/// Jolt's default friction.
pub const FRICTION: f64 = 0.2;

/// Half the air's density times a flat plate's drag coefficient, kg/m^3.
pub const AIR: f64 = 0.72;

/// Each point's mass under `x` on an `n x n` sheet, kg.
pub fn mass(x: &Xpbd, n: usize) -> f64 {
    Xpbd::DENSITY.clamp(x.density) * sheet::SIDE * sheet::SIDE / (n * n) as f64
}

/// The sub-steps a step of `x` takes on an `n x n` sheet: the setting's
/// in proportion to the links across the sheet, `ceil(substeps (n - 1) /
/// 31)`, at least 1: the setting itself at the demo's 32 (module docs).
pub fn substeps(x: &Xpbd, n: usize) -> usize {
    let set = Xpbd::SUBSTEPS.clamp(x.substeps) as usize;
    let links = n.max(2) - 1;
    (set * links).div_ceil(31).max(1)
}

/// A link with a free end, as the sub-steps solve it: its ends, its rest
/// length, and the share of its error each end takes,
/// `w / ((w_a + w_b)(1 + s / 2))` (0 at a pinned end).
#[derive(Clone, Copy, Debug, Default)]
struct Link {
    a: u32,
    b: u32,
    ca: f64,
    cb: f64,
}

/// What a step of XPBD works out once for its sub-steps, one record a
/// point or link (so that a link's ends and numbers are a cache line or
/// two, not nine arrays): the links with a free end, each point's
/// position, position at the sub-step's start, velocity, acceleration,
/// normal and tether.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    links: Vec<Link>,
    /// The rest length of each link, world units.
    rest: Vec<f64>,
    pos: Vec<[f64; 3]>,
    q: Vec<[f64; 3]>,
    v: Vec<[f64; 3]>,
    accel: Vec<[f64; 3]>,
    normal: Vec<[f64; 3]>,
    /// The anchor (`u32::MAX` for none) and the farthest the point may
    /// be from it, world units; `(u32::MAX, 0)` for a pinned point too.
    tether: Vec<(u32, f64)>,
    /// What the links and tethers above were worked out for: the links'
    /// [`made`](super::Links::made), the bits of `w`, the softnesses and
    /// the tethers' cap, and which points were free.
    made_for: Option<(u64, [u64; 5], Vec<bool>)>,
}

impl Scratch {
    /// Fill for a step: the links of `ws` with a free end, in their
    /// order, under softnesses `soft` (one a kind), free points' inverse
    /// mass `w` and the tethers' cap `most`; the points from `cloth` and
    /// `ws`'s point scratch.
    fn fill(&mut self, cloth: &Cloth, ws: &Shared, w: f64, soft: [f64; 3], most: f64) {
        let (links, p, free) = (&ws.links, &ws.points, &ws.points.free);
        let key = [w, soft[0], soft[1], soft[2], most].map(f64::to_bits);
        if !matches!(&self.made_for, Some((m, k, f)) if *m == links.made() && *k == key && f == free)
        {
            self.share(links, free, w, soft);
            self.tethers(&ws.tethers, free, most);
            self.made_for = Some((links.made(), key, free.clone()));
        }
        let three = |a: &[Vec<f64>; 3], out: &mut Vec<[f64; 3]>| {
            out.clear();
            out.extend((0..a[0].len()).map(|k| [a[0][k], a[1][k], a[2][k]]));
        };
        three(&p.v, &mut self.v);
        three(&p.accel, &mut self.accel);
        normals(cloth, &mut self.normal);
        self.pos.clear();
        self.pos.extend(cloth.points());
        self.q.resize(self.pos.len(), [0.0; 3]);
    }

    /// The links with a free end and each end's share.
    fn share(&mut self, links: &super::Links, free: &[bool], w: f64, soft: [f64; 3]) {
        self.links.clear();
        self.rest.clear();
        for (kind, range) in links.kinds.iter().enumerate() {
            let s = soft[kind] * 0.5;
            // The shares for both ends free, and for one: a division each
            // for the kind, not one a link.
            let both = w * (1.0 / ((w + w) * (1.0 + s)));
            let one = w * (1.0 / ((w + 0.0) * (1.0 + s)));
            for l in range.clone() {
                let (a, b) = (links.a[l], links.b[l]);
                let (ca, cb) = match (free[a as usize], free[b as usize]) {
                    (true, true) => (both, both),
                    (true, false) => (one, 0.0),
                    (false, true) => (0.0, one),
                    (false, false) => continue,
                };
                self.links.push(Link { a, b, ca, cb });
                self.rest.push(links.rest[l]);
            }
        }
    }

    /// Each free point's anchor and how far from it it may be.
    fn tethers(&mut self, t: &super::tethers::Tethers, free: &[bool], most: f64) {
        self.tether.clear();
        self.tether.extend(
            (0..free.len()).map(|k| match free[k] && t.anchor[k] != u32::MAX {
                true => (t.anchor[k], most * t.rest[k]),
                false => (u32::MAX, 0.0),
            }),
        );
    }
}

/// One step of the XPBD cloth (module docs).
pub(super) fn step(
    cloth: &mut Cloth,
    x: &Xpbd,
    ws: &mut Shared,
    s: &mut Scratch,
    spheres: &Spheres,
    pins: &PinSet,
    torn: &Torn,
) {
    let n = cloth.n();
    let sub = substeps(x, n);
    let h = DT / sub as f64;
    let w = 1.0 / mass(x, n);
    let density = Xpbd::DENSITY.clamp(x.density);
    let drag = Xpbd::AIR_DRAG.clamp(x.air_drag) * AIR / density;
    let most = Xpbd::MAX_STRETCH.clamp(x.max_stretch);
    let soft = [x.stretch, x.shear, x.bend].map(|s| Xpbd::SOFTNESS.clamp(s));
    ws.tethers.ensure(n, pins, torn);
    s.fill(cloth, ws, w, soft, most);
    let free = &ws.points.free[..];
    let Scratch {
        links,
        rest,
        pos,
        q,
        v,
        accel,
        normal,
        tether,
        ..
    } = s;
    let (pos, q, v) = (&mut pos[..], &mut q[..], &mut v[..]);
    for _ in 0..sub {
        q.copy_from_slice(pos);
        for k in 0..pos.len() {
            if !free[k] {
                continue;
            }
            let (a, u) = (accel[k], normal[k]);
            let mut vk = [0.0; 3];
            for axis in 0..3 {
                vk[axis] = v[k][axis] + a[axis] * h;
            }
            let vn = vk[0] * u[0] + vk[1] * u[1] + vk[2] * u[2];
            let lose = (drag * vn.abs() * h).min(1.0) * vn;
            for axis in 0..3 {
                vk[axis] -= lose * u[axis];
                pos[k][axis] = (pos[k][axis] + vk[axis] * h).clamp(-BOUND, BOUND);
            }
            v[k] = vk;
        }
        for (l, &rest) in links.iter().zip(rest.iter()) {
            let (a, b) = (l.a as usize, l.b as usize);
            let (pa, pb) = (pos[a], pos[b]);
            let d = [pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]];
            let len = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
            if !(len > 0.0 && len.is_finite()) {
                continue;
            }
            // The stretch per unit of d; each end takes its share of it.
            let r = (len - rest) / len;
            let (ma, mb) = (l.ca * r, l.cb * r);
            pos[a] = [pa[0] + ma * d[0], pa[1] + ma * d[1], pa[2] + ma * d[2]];
            let pb = pos[b];
            pos[b] = [pb[0] - mb * d[0], pb[1] - mb * d[1], pb[2] - mb * d[2]];
        }
        for k in 0..pos.len() {
            if !free[k] {
                continue;
            }
            let mut at = pos[k];
            let (anchor, far) = tether[k];
            if anchor != u32::MAX {
                let o = pos[anchor as usize];
                let d = [at[0] - o[0], at[1] - o[1], at[2] - o[2]];
                let len2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
                // Squared first: most points are within their tether.
                if len2 > far * far && len2.is_finite() {
                    let s = far / len2.sqrt();
                    at = [o[0] + d[0] * s, o[1] + d[1] * s, o[2] + d[2] * s];
                }
            }
            let qk = q[k];
            let at = contact(at, qk, spheres, FRICTION);
            pos[k] = at;
            v[k] = [
                (at[0] - qk[0]) / h,
                (at[1] - qk[1]) / h,
                (at[2] - qk[2]) / h,
            ];
        }
    }
    for (k, p) in pos.iter().enumerate() {
        cloth.x[k] = p[0];
        cloth.y[k] = p[1];
        cloth.z[k] = p[2];
    }
    let pv = &mut ws.points.v;
    for (k, vk) in v.iter().enumerate() {
        for axis in 0..3 {
            pv[axis][k] = vk[axis];
        }
    }
}

/// Each point's unit normal, from the points either side of it along the
/// grid lines (one side at an edge): the cross product of the two
/// differences, scaled to length 1, or zero where it has none.
fn normals(cloth: &Cloth, out: &mut Vec<[f64; 3]>) {
    let n = cloth.n();
    out.clear();
    out.resize(n * n, [0.0; 3]);
    let (x, y, z) = (&cloth.x[..], &cloth.y[..], &cloth.z[..]);
    let d = |p: usize, q: usize| [x[q] - x[p], y[q] - y[p], z[q] - z[p]];
    for j in 0..n {
        let (up, down) = (j.saturating_sub(1), (j + 1).min(n - 1));
        for i in 0..n {
            let (left, right) = (i.saturating_sub(1), (i + 1).min(n - 1));
            let e = d(j * n + left, j * n + right);
            let f = d(up * n + i, down * n + i);
            let m = [
                e[1] * f[2] - e[2] * f[1],
                e[2] * f[0] - e[0] * f[2],
                e[0] * f[1] - e[1] * f[0],
            ];
            let len = (m[0] * m[0] + m[1] * m[1] + m[2] * m[2]).sqrt();
            if len > 0.0 && len.is_finite() {
                out[j * n + i] = [m[0] / len, m[1] / len, m[2] / len];
            }
        }
    }
}
