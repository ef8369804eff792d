//! CS184 Clothsim's mass-spring cloth.
//!
//! Every point has the same mass, the density spread over the sheet.
//! Each sub-step, as the write-up's `Cloth::simulate` does:
//!
//! 1. **Forces.** Each point starts with its mass times gravity and the
//!    wind; each spring adds Hooke's force `ks (|pa - pb| - l)` along it,
//!    equal and opposite at its two ends. The structural (grid lines) and
//!    shear (diagonal) springs take `ks`; the bending springs, to the
//!    points two away along the grid lines, a fifth of it ("since they're
//!    normally weaker").
//! 2. **Verlet with damping.** `x' = x + (1 - d)(x - x_prev) + a dt^2`
//!    for every free point.
//! 3. **Contact.** A point inside a sphere or under the floor goes to the
//!    surface, less CS184's friction ([`FRICTION`]) along it.
//! 4. **Provot's correction** (SIGGRAPH 1995): a spring longer than 110%
//!    of its rest length is shortened to it, half at each end, all at the
//!    free end if one end is pinned, not at all if both are. The springs
//!    are corrected one after another, in their order, so one sweep can
//!    leave a little: a spring shortened, then its neighbour's correction
//!    moving a shared end.
//!
//! A step is 1/60 s in [`MassSpring::steps`] sub-steps (CS184 runs 30 a
//! frame). Explicit Verlet blows up when a sub-step is longer than about
//! `2 / omega`, `omega` the stiffest vibration: `2 sqrt(8.8 ks / m)` for a
//! point held by 4 + 4 springs of `ks` and 4 of `ks / 5`. A step takes at
//! least `omega dt` sub-steps (so `omega h <= 1`), at most
//! [`MAX_SUBSTEPS`]: a light sheet at the greatest `ks` runs at a small
//! fraction of real time rather than flying apart.

#![forbid(unsafe_code)]

use super::{contact, Shared, BOUND, DT};
use crate::sim::model::MassSpring;
use crate::sim::{sheet, Cloth, Spheres};

/// CS184's sphere friction (its `sphere.json`).
pub const FRICTION: f64 = 0.3;

/// Provot's limit: a spring may be at most this times its rest length at
/// the end of a sub-step.
pub const PROVOT: f64 = 1.1;

/// The bending springs' share of `ks`.
pub const BEND_SHARE: f64 = 0.2;

/// The most sub-steps a step takes, however stiff the springs.
pub const MAX_SUBSTEPS: usize = 2000;

/// The sub-steps a step of `s` takes on an `n x n` sheet: the setting, or
/// more where Verlet needs them to stay stable (module docs).
pub fn substeps(s: &MassSpring, n: usize) -> usize {
    let ks = MassSpring::KS.clamp(s.ks);
    let m = mass(s, n);
    let omega = 2.0 * (8.8 * ks / m).sqrt();
    let needed = (omega * DT).ceil() as usize;
    (MassSpring::STEPS.clamp(s.steps) as usize)
        .max(needed)
        .min(MAX_SUBSTEPS)
}

/// Each point's mass, kg: the density (g/cm^2, so times 10 for kg/m^2)
/// times the sheet's area, over the points.
pub fn mass(s: &MassSpring, n: usize) -> f64 {
    MassSpring::DENSITY.clamp(s.density) * 10.0 * sheet::SIDE * sheet::SIDE / (n * n) as f64
}

/// One step of the mass-spring cloth (module docs).
pub(super) fn step(cloth: &mut Cloth, s: &MassSpring, ws: &mut Shared, spheres: &Spheres) {
    let n = cloth.n();
    let count = n * n;
    let ks = MassSpring::KS.clamp(s.ks);
    let keep = 1.0 - MassSpring::DAMPING.clamp(s.damping) / 100.0;
    let m = mass(s, n);
    let sub = substeps(s, n);
    let h = DT / sub as f64;
    let links = &ws.links;
    let p = &mut ws.points;
    let f = &mut ws.forces;
    for axis in f.iter_mut() {
        axis.resize(count, 0.0);
    }
    // Slices, not the vectors: their pointers stay in registers.
    let [fx, fy, fz] = f;
    let (fx, fy, fz) = (&mut fx[..], &mut fy[..], &mut fz[..]);
    let (la, lb, rest) = (&links.a[..], &links.b[..], &links.rest[..]);
    let bend = links.kinds[2].clone();
    let hh = h * h / m;
    for _ in 0..sub {
        for (f, a) in [&mut *fx, &mut *fy, &mut *fz].into_iter().zip(&p.accel) {
            for k in 0..count {
                f[k] = m * a[k];
            }
        }
        let (px, py, pz) = (&cloth.x[..], &cloth.y[..], &cloth.z[..]);
        for (range, k) in [(0..bend.start, ks), (bend.clone(), BEND_SHARE * ks)] {
            for l in range {
                let (a, b) = (la[l] as usize, lb[l] as usize);
                let d = [px[b] - px[a], py[b] - py[a], pz[b] - pz[a]];
                let len = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
                if !(len > 0.0 && len.is_finite()) {
                    continue;
                }
                let t = k * (len - rest[l]) / len;
                fx[a] += t * d[0];
                fx[b] -= t * d[0];
                fy[a] += t * d[1];
                fy[b] -= t * d[1];
                fz[a] += t * d[2];
                fz[b] -= t * d[2];
            }
        }
        for k in 0..count {
            let x = [cloth.x[k], cloth.y[k], cloth.z[k]];
            p.q[0][k] = x[0];
            p.q[1][k] = x[1];
            p.q[2][k] = x[2];
            if !p.free[k] {
                continue;
            }
            let f = [fx[k], fy[k], fz[k]];
            let mut new = [0.0; 3];
            for axis in 0..3 {
                new[axis] = (x[axis] + keep * p.v[axis][k] * h + f[axis] * hh).clamp(-BOUND, BOUND);
            }
            let new = contact(new, x, spheres, FRICTION);
            cloth.x[k] = new[0];
            cloth.y[k] = new[1];
            cloth.z[k] = new[2];
        }
        provot(cloth, links, &p.free);
        for k in 0..count {
            if p.free[k] {
                p.v[0][k] = (cloth.x[k] - p.q[0][k]) / h;
                p.v[1][k] = (cloth.y[k] - p.q[1][k]) / h;
                p.v[2][k] = (cloth.z[k] - p.q[2][k]) / h;
            }
        }
    }
}

/// Provot's correction, one sweep over the springs in their order
/// (module docs).
fn provot(cloth: &mut Cloth, links: &super::Links, free: &[bool]) {
    let (px, py, pz) = (&mut cloth.x[..], &mut cloth.y[..], &mut cloth.z[..]);
    let (la, lb, rest) = (&links.a[..], &links.b[..], &links.rest[..]);
    for l in 0..la.len() {
        let (a, b) = (la[l] as usize, lb[l] as usize);
        let (fa, fb) = (free[a], free[b]);
        if !fa && !fb {
            continue;
        }
        let d = [px[b] - px[a], py[b] - py[a], pz[b] - pz[a]];
        let d2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
        let most = PROVOT * rest[l];
        // Most springs are well within the limit: their squares say so
        // without a square root. The margin (a part in 1e12, where the
        // roundings are parts in 1e16) leaves every spring near the limit
        // to the exact test below, so the bits are the same.
        let within = most * (1.0 - 1e-12);
        if d2 < within * within {
            continue;
        }
        let len = d2.sqrt();
        if !(len > most && len.is_finite()) {
            continue;
        }
        let cut = (len - most) / len;
        let (sa, sb) = match (fa, fb) {
            (true, true) => (0.5 * cut, 0.5 * cut),
            (true, false) => (cut, 0.0),
            _ => (0.0, cut),
        };
        px[a] += sa * d[0];
        py[a] += sa * d[1];
        pz[a] += sa * d[2];
        px[b] -= sb * d[0];
        py[b] -= sb * d[1];
        pz[b] -= sb * d[2];
    }
}
