//! SIMD lanes: the few vector operations the pass needs, one
//! implementation per instruction set, so that one kernel source
//! ([`super::kernel`]) compiles to every path.
//!
//! Every arithmetic operation here is the IEEE operation of its name on
//! each lane, rounded to nearest: `add`, `sub`, `mul`, `div` and `sqrt`
//! are correctly rounded in SSE2, AVX2, AVX-512 and NEON alike, so a lane
//! gives the same bits as the scalar `f64` expression. Nothing is fused
//! (no multiply-add outside [`super::exact`]) and nothing is reassociated.
//!
//! The loads and stores take raw pointers: the kernel works out every
//! index once per row and checks them in debug builds; a masked load reads
//! only the lanes of its mask (the others are `+0`), so the last vector of
//! a row never reads past the grid.

/// A vector of `W` `f64` lanes and its lane mask.
pub(crate) trait Lanes: Copy {
    /// Lanes per vector.
    const W: usize;
    /// One flag per lane.
    type Mask: Copy;

    fn splat(v: f64) -> Self;
    /// # Safety
    /// `p .. p + W` must be readable.
    unsafe fn load(p: *const f64) -> Self;
    /// Lanes outside `m` read as `+0` and are not touched in memory.
    ///
    /// # Safety
    /// Every lane of `m` must be readable.
    unsafe fn load_masked(p: *const f64, m: Self::Mask) -> Self;
    /// # Safety
    /// `p .. p + W` must be writable.
    unsafe fn store(self, p: *mut f64);
    /// Only the lanes of `m` are written.
    ///
    /// # Safety
    /// Every lane of `m` must be writable.
    unsafe fn store_masked(self, p: *mut f64, m: Self::Mask);

    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn mul(self, o: Self) -> Self;
    fn div(self, o: Self) -> Self;
    fn sqrt(self) -> Self;
    /// `self > o ? self : o` on each lane (`maxpd`'s rule).
    fn max(self, o: Self) -> Self;

    /// `self < o`, false where either is NaN.
    fn lt(self, o: Self) -> Self::Mask;
    /// `self >= o`, false where either is NaN.
    fn ge(self, o: Self) -> Self::Mask;
    /// `self == o`, false where either is NaN.
    fn eq(self, o: Self) -> Self::Mask;
    /// `a` where `m`, else `b`.
    fn select(m: Self::Mask, a: Self, b: Self) -> Self;
    /// `a` where `m`, else `+0`.
    fn zero_unless(m: Self::Mask, a: Self) -> Self {
        Self::select(m, a, Self::splat(0.0))
    }

    /// Lane `l` set where bit `l` of `bits` is.
    fn mask_from_bits(bits: u32) -> Self::Mask;
    /// Lanes `0..k` (all of them when `k >= W`).
    #[inline(always)]
    fn lanes_below(k: usize) -> Self::Mask {
        Self::mask_from_bits(if k >= Self::W {
            (1 << Self::W) - 1
        } else {
            (1 << k) - 1
        })
    }
    fn and(a: Self::Mask, b: Self::Mask) -> Self::Mask;
    /// `m` and `self < o`.
    #[inline(always)]
    fn lt_in(self, o: Self, m: Self::Mask) -> Self::Mask {
        Self::and(self.lt(o), m)
    }
    /// `m` and `self >= o`.
    #[inline(always)]
    fn ge_in(self, o: Self, m: Self::Mask) -> Self::Mask {
        Self::and(self.ge(o), m)
    }
    fn or(a: Self::Mask, b: Self::Mask) -> Self::Mask;
    /// `a` and not `b`.
    fn and_not(a: Self::Mask, b: Self::Mask) -> Self::Mask;
    fn any(m: Self::Mask) -> bool;

    /// A spring's `dd = (0.03 * (sqrt(d) - rest)) / d`, the article's
    /// operations in its order, each correctly rounded. `fma_sqrt` and
    /// `fma_div` ask for the square root and the division from
    /// [`super::exact`] (the same bits, proven) where the path has them;
    /// other paths ignore them.
    #[inline(always)]
    fn spring_dd(d: Self, rest: Self, stiffness: Self, fma_sqrt: bool, fma_div: bool) -> Self {
        let _ = (fma_sqrt, fma_div);
        stiffness.mul(d.sqrt().sub(rest)).div(d)
    }

    /// A sphere's push, `r / sqrt(d)`, on the lanes of `m` (the points
    /// inside it); the other lanes' values are unspecified. A path may
    /// work out only part of the vector when `m` lies in it: square root
    /// and division are correctly rounded lane by lane, so the bits are the
    /// same, and the divider (the pass's narrowest unit) does half the work.
    #[inline(always)]
    fn push_scale(r: Self, d: Self, m: Self::Mask) -> Self {
        let _ = m;
        r.div(d.sqrt())
    }
}

/// The baseline: plain `f64` operations on four lanes, for any CPU (the
/// compiler turns them into SSE2 or NEON where it can).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Portable([f64; 4]);

impl Portable {
    #[inline(always)]
    fn map(self, f: impl Fn(f64) -> f64) -> Self {
        Portable(self.0.map(f))
    }
    #[inline(always)]
    fn zip(self, o: Self, f: impl Fn(f64, f64) -> f64) -> Self {
        let (a, b) = (self.0, o.0);
        Portable([f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2]), f(a[3], b[3])])
    }
    #[inline(always)]
    fn test(self, o: Self, f: impl Fn(f64, f64) -> bool) -> [bool; 4] {
        let (a, b) = (self.0, o.0);
        [f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2]), f(a[3], b[3])]
    }
}

impl Lanes for Portable {
    const W: usize = 4;
    type Mask = [bool; 4];

    #[inline(always)]
    fn splat(v: f64) -> Self {
        Portable([v; 4])
    }
    #[inline(always)]
    unsafe fn load(p: *const f64) -> Self {
        // SAFETY: the caller guarantees four readable values.
        Portable(unsafe { p.cast::<[f64; 4]>().read_unaligned() })
    }
    #[inline(always)]
    unsafe fn load_masked(p: *const f64, m: [bool; 4]) -> Self {
        let mut v = [0.0; 4];
        for l in 0..4 {
            if m[l] {
                // SAFETY: the caller guarantees the lanes of `m` readable.
                v[l] = unsafe { *p.add(l) };
            }
        }
        Portable(v)
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut f64) {
        // SAFETY: the caller guarantees four writable values.
        unsafe { p.cast::<[f64; 4]>().write_unaligned(self.0) }
    }
    #[inline(always)]
    unsafe fn store_masked(self, p: *mut f64, m: [bool; 4]) {
        for l in 0..4 {
            if m[l] {
                // SAFETY: the caller guarantees the lanes of `m` writable.
                unsafe { *p.add(l) = self.0[l] };
            }
        }
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        self.zip(o, |a, b| a + b)
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self.zip(o, |a, b| a - b)
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        self.zip(o, |a, b| a * b)
    }
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        self.zip(o, |a, b| a / b)
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        self.map(f64::sqrt)
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        self.zip(o, |a, b| if a > b { a } else { b })
    }
    #[inline(always)]
    fn lt(self, o: Self) -> [bool; 4] {
        self.test(o, |a, b| a < b)
    }
    #[inline(always)]
    fn ge(self, o: Self) -> [bool; 4] {
        self.test(o, |a, b| a >= b)
    }
    #[inline(always)]
    fn eq(self, o: Self) -> [bool; 4] {
        self.test(o, |a, b| a == b)
    }
    #[inline(always)]
    fn select(m: [bool; 4], a: Self, b: Self) -> Self {
        Portable([0, 1, 2, 3].map(|l| if m[l] { a.0[l] } else { b.0[l] }))
    }
    #[inline(always)]
    fn mask_from_bits(bits: u32) -> [bool; 4] {
        [0, 1, 2, 3].map(|l| bits >> l & 1 == 1)
    }
    #[inline(always)]
    fn and(a: [bool; 4], b: [bool; 4]) -> [bool; 4] {
        [0, 1, 2, 3].map(|l| a[l] & b[l])
    }
    #[inline(always)]
    fn or(a: [bool; 4], b: [bool; 4]) -> [bool; 4] {
        [0, 1, 2, 3].map(|l| a[l] | b[l])
    }
    #[inline(always)]
    fn and_not(a: [bool; 4], b: [bool; 4]) -> [bool; 4] {
        [0, 1, 2, 3].map(|l| a[l] & !b[l])
    }
    #[inline(always)]
    fn any(m: [bool; 4]) -> bool {
        m[0] | m[1] | m[2] | m[3]
    }
}

#[cfg(target_arch = "x86_64")]
pub(crate) use x86::{Avx2, Avx512};

#[cfg(target_arch = "x86_64")]
mod x86;
