//! The double-buffered pass worked a row at a time: each spring for every
//! point of a row at once, so the compiler vectorises it, with the same
//! sums, in the same order, as [`super::moved_point`].

use super::{finite, hooke_term, HOOKE_STIFFNESS};
use crate::sim::model::Order;
use crate::sim::{spring_term, Cloth, InstructionSet, Spheres, Torn, FLOOR_Y, GRAVITY, STIFFNESS};

/// What a double-buffered pass reads besides the cloth: the visiting
/// order, the model's springs and their share, the wind's moves, and the
/// springs torn.
pub(super) struct RowPass<'a> {
    /// The order the rows are visited in (it cannot change a bit).
    pub(super) order: Order,
    /// The springs on a point, `(dj, di, rest)`, in the order summed.
    pub(super) springs: &'a [(isize, isize, f64)],
    /// The share of its strength each spring moves its point by.
    pub(super) share: f64,
    /// Each point's wind move this pass, x, y and z, row-major.
    pub(super) wind: Option<&'a [Vec<f64>; 3]>,
    /// The springs that pull neither end.
    pub(super) torn: &'a Torn,
}

/// The double-buffered pass from `cloth` into `back`: row by row in
/// `pass.order`, each row's points moved ([`Rows::moved_row`]) and
/// collided. Each new position reads only old ones, so the order cannot
/// change a bit.
#[inline(always)]
pub(super) fn double<L: RowLaw>(
    cloth: &Cloth,
    back: &mut Cloth,
    spheres: &Spheres,
    pass: &RowPass<'_>,
    law: L,
) {
    let n = cloth.n();
    let mut rows = Rows::new(n);
    for j in pass.order.rows(n) {
        rows.moved_row(cloth, j, pass, law);
        rows.collide_row(spheres);
        let row = j * n..(j + 1) * n;
        back.x[row.clone()].copy_from_slice(&rows.m[0]);
        back.y[row.clone()].copy_from_slice(&rows.m[1]);
        back.z[row].copy_from_slice(&rows.m[2]);
    }
}

/// [`double`] compiled for the instruction set `set` (AVX-512, AVX2 or
/// the baseline), as the fast pass is: the row loops then work 8, 4 or 2
/// points at once. No fused multiply-add is enabled and Rust never
/// contracts, so the bits are the same on each.
///
/// # Panics
/// If this CPU cannot run `set`.
pub(super) fn double_dispatch<L: RowLaw>(
    set: InstructionSet,
    cloth: &Cloth,
    back: &mut Cloth,
    spheres: &Spheres,
    pass: &RowPass<'_>,
    law: L,
) {
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx512f")]
        fn avx512<L: RowLaw>(c: &Cloth, b: &mut Cloth, s: &Spheres, p: &RowPass<'_>, l: L) {
            double(c, b, s, p, l)
        }
        #[target_feature(enable = "avx2")]
        fn avx2<L: RowLaw>(c: &Cloth, b: &mut Cloth, s: &Spheres, p: &RowPass<'_>, l: L) {
            double(c, b, s, p, l)
        }
        match set.check() {
            Ok(InstructionSet::Avx512Fma | InstructionSet::Avx512) => {
                // SAFETY: the CPU has AVX-512F: `check` found it.
                return unsafe { avx512(cloth, back, spheres, pass, law) };
            }
            Ok(InstructionSet::Avx2) => {
                // SAFETY: the CPU has AVX2: `check` found it.
                return unsafe { avx2(cloth, back, spheres, pass, law) };
            }
            Ok(InstructionSet::Baseline) => {}
            Err(e) => panic!("{e}"),
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    assert!(set.is_available(), "this CPU cannot run {set}");
    double(cloth, back, spheres, pass, law)
}

/// A spring law worked a row at a time: `dd` where `d` is a normal
/// number, in a form the compiler can vectorise across points, and the
/// law's whole function for the few springs where it is not.
pub(super) trait RowLaw: Copy {
    /// The factor `dd` with `move = v * dd`, for `d = |v|^2` a normal
    /// number: the same operations as [`RowLaw::full`] there.
    fn dd(self, d: f64, rest: f64) -> f64;
    /// The law's term for any finite points.
    fn full(self, a: [f64; 3], b: [f64; 3], rest: f64) -> [f64; 3];
}

/// The article's spring ([`spring_term`]).
#[derive(Clone, Copy)]
pub(super) struct ArticleLaw;

impl RowLaw for ArticleLaw {
    #[inline(always)]
    fn dd(self, d: f64, rest: f64) -> f64 {
        (STIFFNESS * (d.sqrt() - rest)) / d
    }
    #[inline(always)]
    fn full(self, a: [f64; 3], b: [f64; 3], rest: f64) -> [f64; 3] {
        spring_term(a, b, rest)
    }
}

/// Hooke's law ([`hooke_term`]).
#[derive(Clone, Copy)]
pub(super) struct HookeLaw;

impl RowLaw for HookeLaw {
    #[inline(always)]
    fn dd(self, d: f64, rest: f64) -> f64 {
        let len = d.sqrt();
        (HOOKE_STIFFNESS * (len - rest)) / len
    }
    #[inline(always)]
    fn full(self, a: [f64; 3], b: [f64; 3], rest: f64) -> [f64; 3] {
        hooke_term(a, b, rest)
    }
}

/// One row's moved points, worked spring by spring across the row.
pub(super) struct Rows {
    /// The moved points `p + m` of the row, one array per axis.
    pub(super) m: [Vec<f64>; 3],
    /// One spring's terms across the row.
    t: [Vec<f64>; 3],
}

impl Rows {
    pub(super) fn new(n: usize) -> Self {
        let v = || vec![0.0; n];
        Rows {
            m: [v(), v(), v()],
            t: [v(), v(), v()],
        }
    }

    /// [`collide`](crate::sim::collide) for each moved point of the row, worked across the row:
    /// the floor, then each sphere in turn for every point at once, a
    /// sphere that holds none of the row's points skipped. Each point sees
    /// the same operations in the same order as `collide` gives it.
    #[inline(always)]
    fn collide_row(&mut self, spheres: &Spheres) {
        let [x, y, z] = &mut self.m;
        let n = x.len();
        let (y, z) = (&mut y[..n], &mut z[..n]);
        for y in y.iter_mut() {
            if *y < FLOOR_Y {
                *y = FLOOR_Y;
            }
        }
        for (&[sx, sy, sz], &r) in spheres.centres.iter().zip(&spheres.radii) {
            let rr = r * r;
            let mut any = false;
            for i in 0..n {
                let (vx, vy, vz) = (x[i] - sx, y[i] - sy, z[i] - sz);
                any |= vx * vx + vy * vy + vz * vz < rr;
            }
            if !any {
                continue;
            }
            for i in 0..n {
                let (vx, vy, vz) = (x[i] - sx, y[i] - sy, z[i] - sz);
                let d = vx * vx + vy * vy + vz * vz;
                let s = r / d.sqrt();
                // Inside: pushed out along the radius onto the surface;
                // at the centre, out through the top.
                let (inside, centre) = (d < rr, d == 0.0);
                let push = inside && !centre;
                x[i] = if push { vx * s + sx } else { x[i] };
                y[i] = if push {
                    vy * s + sy
                } else if inside {
                    sy + r
                } else {
                    y[i]
                };
                z[i] = if push { vz * s + sz } else { z[i] };
            }
        }
    }

    /// Row `j`'s points moved by gravity, the wind and their springs: for
    /// each point, exactly the sums of [`moved_point_in_wind`] (gravity
    /// plus the wind's push, then each point's terms added in the springs'
    /// order, off-grid neighbours skipped), but taken spring by spring,
    /// each spring for every point of the row at once.
    ///
    /// [`moved_point_in_wind`]: super::moved_point_in_wind
    #[inline(always)]
    fn moved_row<L: RowLaw>(&mut self, cloth: &Cloth, j: usize, pass: &RowPass<'_>, law: L) {
        let (springs, share, wind, torn) = (pass.springs, pass.share, pass.wind, pass.torn);
        let n = cloth.n();
        let [mx, my, mz] = &mut self.m;
        mx.fill(0.0);
        my.fill(-GRAVITY);
        mz.fill(0.0);
        let row = j * n;
        if let Some([wx, wy, wz]) = wind {
            for i in 0..n {
                mx[i] += wx[row + i];
                my[i] += wy[row + i];
                mz[i] += wz[row + i];
            }
        }
        let (px, py, pz) = (
            &cloth.x[row..row + n],
            &cloth.y[row..row + n],
            &cloth.z[row..row + n],
        );
        for &(dj, di, rest) in springs {
            let jj = j.wrapping_add_signed(dj);
            if jj >= n {
                continue;
            }
            // The points i of the row whose neighbour i + di is on the grid.
            let lo = di.min(0).unsigned_abs();
            let hi = n - di.max(0) as usize;
            let (ax, ay, az) = (&px[lo..hi], &py[lo..hi], &pz[lo..hi]);
            let start = (jj * n + lo).wrapping_add_signed(di);
            let b = start..start + (hi - lo);
            let (bx, by, bz) = (&cloth.x[b.clone()], &cloth.y[b.clone()], &cloth.z[b]);
            let [tx, ty, tz] = &mut self.t;
            let (tx, ty, tz) = (&mut tx[lo..hi], &mut ty[lo..hi], &mut tz[lo..hi]);
            let mut redo = false;
            for k in 0..hi - lo {
                let (vx, vy, vz) = (bx[k] - ax[k], by[k] - ay[k], bz[k] - az[k]);
                let d = vx * vx + vy * vy + vz * vz;
                let dd = law.dd(d, rest);
                tx[k] = vx * dd;
                ty[k] = vy * dd;
                tz[k] = vz * dd;
                redo |= !(d >= f64::MIN_POSITIVE && d.is_finite());
            }
            if redo {
                // Coincident or very distant neighbours: rare, redone apart.
                for k in 0..hi - lo {
                    let (vx, vy, vz) = (bx[k] - ax[k], by[k] - ay[k], bz[k] - az[k]);
                    let d = vx * vx + vy * vy + vz * vz;
                    if !(d >= f64::MIN_POSITIVE && d.is_finite()) {
                        let a = [ax[k], ay[k], az[k]];
                        [tx[k], ty[k], tz[k]] = law.full(a, [bx[k], by[k], bz[k]], rest);
                    }
                }
            }
            // With nothing torn (or an offset no spring has, which never
            // tears), every term is added.
            let kept = if torn.is_empty() {
                None
            } else {
                torn.kept(dj, di)
            };
            match kept {
                None => {
                    for k in 0..hi - lo {
                        mx[lo + k] += tx[k] * share;
                        my[lo + k] += ty[k] * share;
                        mz[lo + k] += tz[k] * share;
                    }
                }
                Some((bit, shift)) => {
                    // A torn spring adds nothing (not even a zero, which
                    // could turn a -0 sum into +0): its point goes on as
                    // without it. Point `[j][lo + k]`'s spring is kept in
                    // word `row + lo + k + shift` (both ends on the grid).
                    let words = &torn.words()[(row + lo).wrapping_add_signed(shift)..];
                    for k in 0..hi - lo {
                        if words[k] >> bit & 1 == 0 {
                            mx[lo + k] += tx[k] * share;
                            my[lo + k] += ty[k] * share;
                            mz[lo + k] += tz[k] * share;
                        }
                    }
                }
            }
        }
        for i in 0..n {
            mx[i] = finite(px[i] + mx[i]);
            my[i] = finite(py[i] + my[i]);
            mz[i] = finite(pz[i] + mz[i]);
        }
    }
}
