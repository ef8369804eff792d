//! [`Portable`]: the baseline lanes, plain `f64` operations.

use super::vector::Lanes;

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

/// The baseline needs no check: any CPU runs it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct AnyCpu;

impl Lanes for Portable {
    const W: usize = 4;
    type Mask = [bool; 4];
    type Token = AnyCpu;

    #[inline(always)]
    fn splat(_: AnyCpu, v: f64) -> Self {
        Portable([v; 4])
    }
    #[inline(always)]
    unsafe fn load(_: AnyCpu, p: *const f64) -> Self {
        // SAFETY: the caller guarantees four readable values.
        Portable(unsafe { p.cast::<[f64; 4]>().read_unaligned() })
    }
    #[inline(always)]
    unsafe fn load_masked(_: AnyCpu, p: *const f64, m: [bool; 4]) -> Self {
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
    fn zero_unless(m: [bool; 4], a: Self) -> Self {
        Self::select(m, a, Portable([0.0; 4]))
    }
    #[inline(always)]
    fn mask_from_bits(_: AnyCpu, bits: u32) -> [bool; 4] {
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
