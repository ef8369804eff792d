//! The wasm lanes: SIMD128 (`f64x2`), for a wasm build with the `simd128`
//! target feature, where they take the baseline's place.
//!
//! Four lanes as two `v128` halves, as the baseline's four: the kernel's
//! rows then work as on any other set, and each half is one instruction.
//! `f64x2.add`, `sub`, `mul`, `div` and `sqrt` are IEEE operations,
//! correctly rounded, so each lane gives the scalar bits. A browser's wasm
//! engine may not fuse or reorder them (the wasm specification fixes each
//! result), so every engine gives the same bits too.

use std::arch::wasm32::*;

use super::portable::AnyCpu;
use super::vector::Lanes;

/// Four `f64` lanes, as two SIMD128 halves: lanes 0 and 1, then 2 and 3.
/// Masks are all-ones lanes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Simd128([v128; 2]);

impl Simd128 {
    #[inline(always)]
    fn zip(self, o: Self, f: impl Fn(v128, v128) -> v128) -> Self {
        Simd128([f(self.0[0], o.0[0]), f(self.0[1], o.0[1])])
    }
    #[inline(always)]
    fn test(self, o: Self, f: impl Fn(v128, v128) -> v128) -> [v128; 2] {
        [f(self.0[0], o.0[0]), f(self.0[1], o.0[1])]
    }
}

/// Lane `l` of a four-lane mask.
#[inline(always)]
fn lane(m: [v128; 2], l: usize) -> bool {
    let half = m[l / 2];
    let bits = match l & 1 {
        0 => u64x2_extract_lane::<0>(half),
        _ => u64x2_extract_lane::<1>(half),
    };
    bits != 0
}

impl Lanes for Simd128 {
    const W: usize = 4;
    type Mask = [v128; 2];
    /// The build proves the instructions: this module is compiled only
    /// with the `simd128` target feature, and a wasm engine without it
    /// refuses the whole module at load.
    type Token = AnyCpu;

    #[inline(always)]
    fn splat(_: AnyCpu, v: f64) -> Self {
        Simd128([f64x2_splat(v); 2])
    }
    #[inline(always)]
    unsafe fn load(_: AnyCpu, p: *const f64) -> Self {
        // SAFETY: the caller guarantees four readable values; wasm loads
        // take any alignment.
        unsafe { Simd128([v128_load(p.cast()), v128_load(p.add(2).cast())]) }
    }
    #[inline(always)]
    unsafe fn load_masked(_: AnyCpu, p: *const f64, m: [v128; 2]) -> Self {
        let mut v = [0.0; 4];
        for (l, x) in v.iter_mut().enumerate() {
            if lane(m, l) {
                // SAFETY: the caller guarantees the lanes of `m` readable.
                *x = unsafe { *p.add(l) };
            }
        }
        Simd128([f64x2(v[0], v[1]), f64x2(v[2], v[3])])
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut f64) {
        // SAFETY: the caller guarantees four writable values; wasm stores
        // take any alignment.
        unsafe {
            v128_store(p.cast(), self.0[0]);
            v128_store(p.add(2).cast(), self.0[1]);
        }
    }
    #[inline(always)]
    unsafe fn store_masked(self, p: *mut f64, m: [v128; 2]) {
        let v = [
            f64x2_extract_lane::<0>(self.0[0]),
            f64x2_extract_lane::<1>(self.0[0]),
            f64x2_extract_lane::<0>(self.0[1]),
            f64x2_extract_lane::<1>(self.0[1]),
        ];
        for (l, x) in v.into_iter().enumerate() {
            if lane(m, l) {
                // SAFETY: the caller guarantees the lanes of `m` writable.
                unsafe { *p.add(l) = x };
            }
        }
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        self.zip(o, |a, b| f64x2_add(a, b))
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self.zip(o, |a, b| f64x2_sub(a, b))
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        self.zip(o, |a, b| f64x2_mul(a, b))
    }
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        self.zip(o, |a, b| f64x2_div(a, b))
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        Simd128([f64x2_sqrt(self.0[0]), f64x2_sqrt(self.0[1])])
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        // `pmax(o, self)` is `o < self ? self : o`: `self > o ? self : o`,
        // NaN included (`maxpd`'s rule, the trait's).
        self.zip(o, |a, b| f64x2_pmax(b, a))
    }
    #[inline(always)]
    fn lt(self, o: Self) -> [v128; 2] {
        self.test(o, |a, b| f64x2_lt(a, b))
    }
    #[inline(always)]
    fn ge(self, o: Self) -> [v128; 2] {
        self.test(o, |a, b| f64x2_ge(a, b))
    }
    #[inline(always)]
    fn eq(self, o: Self) -> [v128; 2] {
        self.test(o, |a, b| f64x2_eq(a, b))
    }
    #[inline(always)]
    fn select(m: [v128; 2], a: Self, b: Self) -> Self {
        Simd128([
            v128_bitselect(a.0[0], b.0[0], m[0]),
            v128_bitselect(a.0[1], b.0[1], m[1]),
        ])
    }
    #[inline(always)]
    fn zero_unless(m: [v128; 2], a: Self) -> Self {
        Simd128([v128_and(m[0], a.0[0]), v128_and(m[1], a.0[1])])
    }
    #[inline(always)]
    fn mask_from_bits(_: AnyCpu, bits: u32) -> [v128; 2] {
        let on = |l: u32| -i64::from(bits >> l & 1);
        [i64x2(on(0), on(1)), i64x2(on(2), on(3))]
    }
    #[inline(always)]
    fn and(a: [v128; 2], b: [v128; 2]) -> [v128; 2] {
        [v128_and(a[0], b[0]), v128_and(a[1], b[1])]
    }
    #[inline(always)]
    fn or(a: [v128; 2], b: [v128; 2]) -> [v128; 2] {
        [v128_or(a[0], b[0]), v128_or(a[1], b[1])]
    }
    #[inline(always)]
    fn and_not(a: [v128; 2], b: [v128; 2]) -> [v128; 2] {
        [v128_andnot(a[0], b[0]), v128_andnot(a[1], b[1])]
    }
    #[inline(always)]
    fn any(m: [v128; 2]) -> bool {
        v128_any_true(v128_or(m[0], m[1]))
    }
}
