//! The double-buffered pass worked a row at a time: each spring for every
//! point of a row at once, so the compiler vectorises it, with the same
//! sums, in the same order, as [`super::moved_point`].

use super::chunks::{lanes, lanes_mut, mask, select, Lane, LANES};
use super::{finite, hooke_term, HOOKE_STIFFNESS};
use crate::sim::model::Order;
use crate::sim::{spring_term_of, Cloth, InstructionSet, Spheres, Torn, FLOOR_Y};

/// What a double-buffered pass reads besides the cloth: the visiting
/// order, the model's springs and their share, gravity, the wind's moves,
/// and the springs torn.
pub(super) struct RowPass<'a> {
    /// Gravity, world units a pass (the article's 0.001 at 32; see
    /// [`GridLaw`](super::GridLaw)).
    pub(super) gravity: f64,
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
    (pass, rows): (&RowPass<'_>, &mut Rows),
    law: L,
) {
    let n = cloth.n();
    rows.load(cloth, pass.springs);
    for j in pass.order.rows(n) {
        rows.moved_row(cloth, j, pass, law);
        rows.collide_row(spheres);
        let row = j * n..(j + 1) * n;
        back.x[row.clone()].copy_from_slice(&rows.m[0][..n]);
        back.y[row.clone()].copy_from_slice(&rows.m[1][..n]);
        back.z[row].copy_from_slice(&rows.m[2][..n]);
    }
}

/// [`double`] compiled for the instruction set `set` (AVX-512, AVX2 or
/// the baseline), as the fast pass is: the row loops then work 8, 4 or 2
/// points at once. No fused multiply-add is enabled and Rust never
/// contracts, so the bits are the same on each.
///
/// Never inlined: the pass's loops stay one function of their own, which
/// the browsers' compilers handle better than the same loops inlined
/// into a larger one.
///
/// # Panics
/// If this CPU cannot run `set`.
#[inline(never)]
pub(super) fn double_dispatch<L: RowLaw>(
    set: InstructionSet,
    cloth: &Cloth,
    back: &mut Cloth,
    spheres: &Spheres,
    pass: (&RowPass<'_>, &mut Rows),
    law: L,
) {
    // Not through `dispatch::on_set`: there the arguments travel in one
    // struct, and the compiler, no longer told that `back` and `rows` are
    // unaliased, leaves the chunks unvectorised (four times the
    // instructions).
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx512f")]
        fn avx512<L: RowLaw>(
            c: &Cloth,
            b: &mut Cloth,
            s: &Spheres,
            p: (&RowPass, &mut Rows),
            l: L,
        ) {
            double(c, b, s, p, l)
        }
        #[target_feature(enable = "avx2")]
        fn avx2<L: RowLaw>(c: &Cloth, b: &mut Cloth, s: &Spheres, p: (&RowPass, &mut Rows), l: L) {
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

/// The article's spring ([`spring_term`](crate::sim::spring_term)) with
/// the strength `stiffness` (world units: the article's 0.03 at 32; see
/// [`GridLaw`](super::GridLaw)).
#[derive(Clone, Copy)]
pub(super) struct ArticleLaw {
    /// The most a stretched spring moves its point in a pass.
    pub(super) stiffness: f64,
}

impl RowLaw for ArticleLaw {
    #[inline(always)]
    fn dd(self, d: f64, rest: f64) -> f64 {
        (self.stiffness * (d.sqrt() - rest)) / d
    }
    #[inline(always)]
    fn full(self, a: [f64; 3], b: [f64; 3], rest: f64) -> [f64; 3] {
        spring_term_of(a, b, rest, self.stiffness)
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

/// One row's moved points, worked spring by spring across the row, a
/// chunk of [`LANES`] points at a time.
///
/// The points are copied, for each pass, into a grid padded with `reach`
/// rows and columns of zeros all round and its rows widened to a whole
/// number of chunks, so every chunk reads a whole [`Lane`] for a point and
/// for its neighbour wherever they lie. A lane whose neighbour is off the
/// grid (or whose spring is torn, or which is past the row's end) works
/// out a term that is never added: the sum keeps its value, as if the
/// spring were skipped.
#[derive(Clone, Debug, Default)]
pub(super) struct Rows {
    /// The moved points `p + m` of the row, one array per axis, a whole
    /// number of chunks long (the points past the row's end unused).
    pub(super) m: [Vec<f64>; 3],
    /// The cloth's points, x, y and z, padded: point `[j][i]` at `(j +
    /// reach) * stride + i + reach`.
    padded: [Vec<f64>; 3],
    /// The padded grid's row length: the row in whole chunks, plus `reach`
    /// each side.
    stride: usize,
    /// How far the springs reach: the padding each side.
    reach: usize,
    /// The grid's side.
    n: usize,
    /// The springs' offsets `(dj, di)` the masks are for.
    offsets: Vec<(isize, isize)>,
    /// For each spring, in order, for each point of a row (whole chunks):
    /// all ones where its neighbour across the spring is on the grid (the
    /// spring's row aside), else zero. A mask of bits, so the compiler
    /// selects a lane's sum with bitwise operations.
    on_grid: Vec<Vec<u64>>,
    /// One spring's lanes to add for the row being worked: `on_grid` less
    /// the torn springs.
    kept: Vec<u64>,
}

impl Rows {
    /// Copy `cloth` in for a pass with `springs`: the padded grid and the
    /// masks are made afresh only when the grid's size or the springs
    /// differ from the last pass's (the padding is never written, so it
    /// stays zero).
    pub(super) fn load(&mut self, cloth: &Cloth, springs: &[(isize, isize, f64)]) {
        let n = cloth.n();
        let same = self.n == n
            && self.offsets.len() == springs.len()
            && self
                .offsets
                .iter()
                .zip(springs)
                .all(|(&o, &(dj, di, _))| o == (dj, di));
        if !same {
            *self = Rows::for_grid(n, springs);
        }
        let (reach, stride) = (self.reach, self.stride);
        for (axis, from) in self.padded.iter_mut().zip([&cloth.x, &cloth.y, &cloth.z]) {
            for j in 0..n {
                let at = (j + reach) * stride + reach;
                axis[at..at + n].copy_from_slice(&from[j * n..(j + 1) * n]);
            }
        }
    }

    /// The padded grid (all zeros) and the masks for an `n x n` grid and
    /// `springs`.
    fn for_grid(n: usize, springs: &[(isize, isize, f64)]) -> Self {
        let reach = springs
            .iter()
            .map(|&(dj, di, _)| dj.unsigned_abs().max(di.unsigned_abs()))
            .max()
            .unwrap_or(0);
        let width = n.div_ceil(LANES) * LANES;
        let stride = width + 2 * reach;
        let on_grid = springs
            .iter()
            .map(|&(_, di, _)| {
                (0..width)
                    .map(|i| i < n && i.checked_add_signed(di).is_some_and(|ii| ii < n))
                    .map(mask)
                    .collect()
            })
            .collect();
        Rows {
            m: [(); 3].map(|_| vec![0.0; width]),
            padded: [(); 3].map(|_| vec![0.0; (n + 2 * reach) * stride]),
            stride,
            reach,
            n,
            offsets: springs.iter().map(|&(dj, di, _)| (dj, di)).collect(),
            on_grid,
            kept: vec![0; width],
        }
    }

    /// [`collide`](crate::sim::collide) for each moved point of the row, worked across the row:
    /// the floor, then each sphere in turn for every point at once, a
    /// sphere that holds none of the row's points skipped. Each point sees
    /// the same operations in the same order as `collide` gives it.
    #[inline(always)]
    fn collide_row(&mut self, spheres: &Spheres) {
        let n = self.n;
        let [x, y, z] = &mut self.m;
        let (x, y, z) = (&mut x[..n], &mut y[..n], &mut z[..n]);
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
    /// order, off-grid neighbours and torn springs skipped), but taken
    /// spring by spring, each spring for a chunk of the row at once.
    ///
    /// [`moved_point_in_wind`]: super::moved_point_in_wind
    #[inline(always)]
    fn moved_row<L: RowLaw>(&mut self, cloth: &Cloth, j: usize, pass: &RowPass<'_>, law: L) {
        let (springs, share, wind, torn) = (pass.springs, pass.share, pass.wind, pass.torn);
        let gravity = pass.gravity;
        let (n, stride, reach) = (self.n, self.stride, self.reach);
        let width = self.kept.len();
        let [mx, my, mz] = &mut self.m;
        mx.fill(0.0);
        my.fill(-gravity);
        mz.fill(0.0);
        let row = j * n;
        if let Some([wx, wy, wz]) = wind {
            for (m, w) in [(&mut *mx, wx), (&mut *my, wy), (&mut *mz, wz)] {
                for (m, w) in m[..n].iter_mut().zip(&w[row..row + n]) {
                    *m += *w;
                }
            }
        }
        let [px, py, pz] = &self.padded;
        let here = (j + reach) * stride + reach;
        for (s, &(dj, di, rest)) in springs.iter().enumerate() {
            if j.checked_add_signed(dj).is_none_or(|jj| jj >= n) {
                continue;
            }
            let there = here
                .wrapping_add_signed(dj * stride as isize)
                .wrapping_add_signed(di);
            // With nothing torn (or an offset no spring has, which never
            // tears), every term on the grid is added. A torn spring adds
            // nothing (not even a zero, which could turn a -0 sum into
            // +0): its point goes on as without it. Point `[j][i]`'s
            // spring is kept in word `row + i + shift`.
            let kept = match torn.kept(dj, di).filter(|_| !torn.is_empty()) {
                Some((bit, shift)) => {
                    let words = torn.words();
                    for (i, (kept, &on)) in self.kept.iter_mut().zip(&self.on_grid[s]).enumerate() {
                        let whole =
                            on != 0 && words[(row + i).wrapping_add_signed(shift)] >> bit & 1 == 0;
                        *kept = mask(whole);
                    }
                    &self.kept
                }
                None => &self.on_grid[s],
            };
            // The row's points, their neighbours, the lanes kept and the
            // sums, each in whole chunks.
            let lanes = |v, at| lanes(v, at, width);
            let (ax, ay, az) = (lanes(px, here), lanes(py, here), lanes(pz, here));
            let (bx, by, bz) = (lanes(px, there), lanes(py, there), lanes(pz, there));
            let kept = kept[..width].as_chunks::<LANES>().0;
            let sums = |m| lanes_mut(m, 0, width);
            let (sx, sy, sz) = (sums(mx), sums(my), sums(mz));
            for c in 0..width / LANES {
                let m = [&mut sx[c], &mut sy[c], &mut sz[c]];
                let (a, b) = ([ax[c], ay[c], az[c]], [bx[c], by[c], bz[c]]);
                spring_chunk(a, b, &kept[c], m, (rest, share), law);
            }
        }
        let (px, py, pz) = (
            &cloth.x[row..row + n],
            &cloth.y[row..row + n],
            &cloth.z[row..row + n],
        );
        for i in 0..n {
            mx[i] = finite(px[i] + mx[i]);
            my[i] = finite(py[i] + my[i]);
            mz[i] = finite(pz[i] + mz[i]);
        }
    }
}

/// One spring's terms for a chunk of a row, added to the chunk's sums `m`
/// where `add` is all ones: the point `a`'s pull toward its neighbour `b`
/// (x, y and z, a lane a point), `law.dd` in every lane and `law.full`
/// where the squared distance is not a normal number, times `share`.
#[inline(always)]
fn spring_chunk<L: RowLaw>(
    a: [Lane; 3],
    b: [Lane; 3],
    add: &[u64; LANES],
    [mx, my, mz]: [&mut Lane; 3],
    (rest, share): (f64, f64),
    law: L,
) {
    let (mut tx, mut ty, mut tz) = ([0.0; LANES], [0.0; LANES], [0.0; LANES]);
    let mut redo = 0;
    for l in 0..LANES {
        let (vx, vy, vz) = (b[0][l] - a[0][l], b[1][l] - a[1][l], b[2][l] - a[2][l]);
        let d = vx * vx + vy * vy + vz * vz;
        let dd = law.dd(d, rest);
        tx[l] = vx * dd;
        ty[l] = vy * dd;
        tz[l] = vz * dd;
        let normal = (f64::MIN_POSITIVE..=f64::MAX).contains(&d);
        redo |= add[l] & u64::from(!normal);
    }
    if redo != 0 {
        redo_chunk(&a, &b, add, [&mut tx, &mut ty, &mut tz], rest, law);
    }
    // Each sum with its term where the lane is kept, else as it was, bit
    // for bit; worked on copies, so the compiler sees the three rows apart.
    for (m, t) in [(mx, tx), (my, ty), (mz, tz)] {
        let mut sum = *m;
        for l in 0..LANES {
            sum[l] = select(add[l], sum[l] + t[l] * share, sum[l]);
        }
        *m = sum;
    }
}

/// The terms of a chunk's coincident or very distant neighbours (a kept
/// lane whose squared distance is not a normal number), redone with the
/// law's whole rules. Rare, so kept out of line: one copy a law, not one
/// a lane of every chunk loop.
#[cold]
#[inline(never)]
fn redo_chunk<L: RowLaw>(
    a: &[Lane; 3],
    b: &[Lane; 3],
    add: &[u64; LANES],
    t: [&mut Lane; 3],
    rest: f64,
    law: L,
) {
    for l in 0..LANES {
        let (vx, vy, vz) = (b[0][l] - a[0][l], b[1][l] - a[1][l], b[2][l] - a[2][l]);
        let d = vx * vx + vy * vy + vz * vz;
        if add[l] != 0 && !(f64::MIN_POSITIVE..=f64::MAX).contains(&d) {
            let (p, q) = ([a[0][l], a[1][l], a[2][l]], [b[0][l], b[1][l], b[2][l]]);
            [t[0][l], t[1][l], t[2][l]] = law.full(p, q, rest);
        }
    }
}
