//! The x86-64 lanes: AVX2 (`ymm`) and AVX-512 (`zmm`, `k` masks), each
//! with the token that proves the CPU has its instructions.

use std::arch::x86_64::*;

use super::vector::Lanes;

/// Proof that this CPU has AVX2: made only by [`Avx2Token::detect`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2Token(());

impl Avx2Token {
    /// A token where the CPU has AVX2, else `None`.
    #[inline]
    pub(crate) fn detect() -> Option<Self> {
        std::arch::is_x86_feature_detected!("avx2").then_some(Avx2Token(()))
    }
}

/// Proof that this CPU has AVX-512F: made only by [`Avx512Token::detect`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx512Token(());

impl Avx512Token {
    /// A token where the CPU has AVX-512F, else `None`.
    #[inline]
    pub(crate) fn detect() -> Option<Self> {
        std::arch::is_x86_feature_detected!("avx512f").then_some(Avx512Token(()))
    }
}

/// An AVX2 operation on values that prove the CPU has AVX2.
macro_rules! avx2 {
    ($e:expr) => {
        // SAFETY: every `Avx2` vector and mask is made through an
        // `Avx2Token` or from other such values, and a token is made only
        // where the CPU has AVX2; the operation touches no memory.
        unsafe { $e }
    };
}

/// An AVX-512F operation on values that prove the CPU has AVX-512F.
macro_rules! avx512 {
    ($e:expr) => {
        // SAFETY: every `Avx512` vector is made through an `Avx512Token`
        // or from other such vectors, and a token is made only where the
        // CPU has AVX-512F; the operation touches no memory.
        unsafe { $e }
    };
}

/// AVX2: four lanes in a `ymm` register; masks are all-ones lanes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2(__m256d);

impl Lanes for Avx2 {
    const W: usize = 4;
    type Mask = __m256d;
    type Token = Avx2Token;

    #[inline(always)]
    fn splat(_: Avx2Token, v: f64) -> Self {
        Avx2(avx2!(_mm256_set1_pd(v)))
    }
    #[inline(always)]
    unsafe fn load(_: Avx2Token, p: *const f64) -> Self {
        // SAFETY: the caller's pointer, as the trait says (a masked
        // access touches only its lanes); the token proves the CPU.
        Avx2(unsafe { _mm256_loadu_pd(p) })
    }
    #[inline(always)]
    unsafe fn load_masked(_: Avx2Token, p: *const f64, m: __m256d) -> Self {
        // SAFETY: the caller's pointer, as the trait says (a masked
        // access touches only its lanes); the token proves the CPU.
        Avx2(unsafe { _mm256_maskload_pd(p, _mm256_castpd_si256(m)) })
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut f64) {
        // SAFETY: the caller's pointer, as the trait says (a masked
        // access touches only its lanes); the token proves the CPU.
        unsafe { _mm256_storeu_pd(p, self.0) }
    }
    #[inline(always)]
    unsafe fn store_masked(self, p: *mut f64, m: __m256d) {
        // SAFETY: the caller's pointer, as the trait says (a masked
        // access touches only its lanes); the token proves the CPU.
        unsafe { _mm256_maskstore_pd(p, _mm256_castpd_si256(m), self.0) }
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Avx2(avx2!(_mm256_add_pd(self.0, o.0)))
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Avx2(avx2!(_mm256_sub_pd(self.0, o.0)))
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        Avx2(avx2!(_mm256_mul_pd(self.0, o.0)))
    }
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        Avx2(avx2!(_mm256_div_pd(self.0, o.0)))
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        Avx2(avx2!(_mm256_sqrt_pd(self.0)))
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        Avx2(avx2!(_mm256_max_pd(self.0, o.0)))
    }
    #[inline(always)]
    fn lt(self, o: Self) -> __m256d {
        avx2!(_mm256_cmp_pd::<_CMP_LT_OQ>(self.0, o.0))
    }
    #[inline(always)]
    fn ge(self, o: Self) -> __m256d {
        avx2!(_mm256_cmp_pd::<_CMP_GE_OQ>(self.0, o.0))
    }
    #[inline(always)]
    fn eq(self, o: Self) -> __m256d {
        avx2!(_mm256_cmp_pd::<_CMP_EQ_OQ>(self.0, o.0))
    }
    #[inline(always)]
    fn select(m: __m256d, a: Self, b: Self) -> Self {
        Avx2(avx2!(_mm256_blendv_pd(b.0, a.0, m)))
    }
    #[inline(always)]
    fn zero_unless(m: __m256d, a: Self) -> Self {
        Avx2(avx2!(_mm256_and_pd(m, a.0)))
    }
    #[inline(always)]
    fn mask_from_bits(_: Avx2Token, bits: u32) -> __m256d {
        let lane = |l: u32| if bits >> l & 1 == 1 { -1i64 } else { 0 };
        avx2!(_mm256_castsi256_pd(_mm256_setr_epi64x(
            lane(0),
            lane(1),
            lane(2),
            lane(3)
        )))
    }
    #[inline(always)]
    fn lanes_below(_: Avx2Token, k: usize) -> __m256d {
        let k = k.min(4) as f64;
        avx2!(_mm256_cmp_pd::<_CMP_LT_OQ>(
            _mm256_setr_pd(0.0, 1.0, 2.0, 3.0),
            _mm256_set1_pd(k)
        ))
    }
    #[inline(always)]
    fn and(a: __m256d, b: __m256d) -> __m256d {
        avx2!(_mm256_and_pd(a, b))
    }
    #[inline(always)]
    fn or(a: __m256d, b: __m256d) -> __m256d {
        avx2!(_mm256_or_pd(a, b))
    }
    #[inline(always)]
    fn and_not(a: __m256d, b: __m256d) -> __m256d {
        avx2!(_mm256_andnot_pd(b, a))
    }
    #[inline(always)]
    fn any(m: __m256d) -> bool {
        avx2!(_mm256_movemask_pd(m) != 0)
    }
}

/// AVX-512: eight lanes in a `zmm` register; masks are `k` registers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx512(__m512d);

impl Lanes for Avx512 {
    const W: usize = 8;
    type Mask = __mmask8;
    type Token = Avx512Token;

    #[inline(always)]
    fn splat(_: Avx512Token, v: f64) -> Self {
        Avx512(avx512!(_mm512_set1_pd(v)))
    }
    #[inline(always)]
    unsafe fn load(_: Avx512Token, p: *const f64) -> Self {
        // SAFETY: the caller's pointer, as the trait says (a masked
        // access touches only its lanes); the token proves the CPU.
        Avx512(unsafe { _mm512_loadu_pd(p) })
    }
    #[inline(always)]
    unsafe fn load_masked(_: Avx512Token, p: *const f64, m: __mmask8) -> Self {
        // SAFETY: the caller's pointer, as the trait says (a masked
        // access touches only its lanes); the token proves the CPU.
        Avx512(unsafe { _mm512_maskz_loadu_pd(m, p) })
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut f64) {
        // SAFETY: the caller's pointer, as the trait says (a masked
        // access touches only its lanes); the token proves the CPU.
        unsafe { _mm512_storeu_pd(p, self.0) }
    }
    #[inline(always)]
    unsafe fn store_masked(self, p: *mut f64, m: __mmask8) {
        // SAFETY: the caller's pointer, as the trait says (a masked
        // access touches only its lanes); the token proves the CPU.
        unsafe { _mm512_mask_storeu_pd(p, m, self.0) }
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Avx512(avx512!(_mm512_add_pd(self.0, o.0)))
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Avx512(avx512!(_mm512_sub_pd(self.0, o.0)))
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        Avx512(avx512!(_mm512_mul_pd(self.0, o.0)))
    }
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        Avx512(avx512!(_mm512_div_pd(self.0, o.0)))
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        Avx512(avx512!(_mm512_sqrt_pd(self.0)))
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        Avx512(avx512!(_mm512_max_pd(self.0, o.0)))
    }
    #[inline(always)]
    fn lt(self, o: Self) -> __mmask8 {
        avx512!(_mm512_cmp_pd_mask::<_CMP_LT_OQ>(self.0, o.0))
    }
    #[inline(always)]
    fn ge(self, o: Self) -> __mmask8 {
        avx512!(_mm512_cmp_pd_mask::<_CMP_GE_OQ>(self.0, o.0))
    }
    #[inline(always)]
    fn eq(self, o: Self) -> __mmask8 {
        avx512!(_mm512_cmp_pd_mask::<_CMP_EQ_OQ>(self.0, o.0))
    }
    #[inline(always)]
    fn select(m: __mmask8, a: Self, b: Self) -> Self {
        Avx512(avx512!(_mm512_mask_blend_pd(m, b.0, a.0)))
    }
    #[inline(always)]
    fn zero_unless(m: __mmask8, a: Self) -> Self {
        Avx512(avx512!(_mm512_maskz_mov_pd(m, a.0)))
    }
    #[inline(always)]
    fn mask_from_bits(_: Avx512Token, bits: u32) -> __mmask8 {
        bits as __mmask8
    }
    #[inline(always)]
    fn and(a: __mmask8, b: __mmask8) -> __mmask8 {
        a & b
    }
    #[inline(always)]
    fn and_not(a: __mmask8, b: __mmask8) -> __mmask8 {
        a & !b
    }
    #[inline(always)]
    fn lt_in(self, o: Self, m: __mmask8) -> __mmask8 {
        avx512!(_mm512_mask_cmp_pd_mask::<_CMP_LT_OQ>(m, self.0, o.0))
    }
    #[inline(always)]
    fn ge_in(self, o: Self, m: __mmask8) -> __mmask8 {
        avx512!(_mm512_mask_cmp_pd_mask::<_CMP_GE_OQ>(m, self.0, o.0))
    }
    #[inline(always)]
    fn or(a: __mmask8, b: __mmask8) -> __mmask8 {
        a | b
    }
    #[inline(always)]
    fn any(m: __mmask8) -> bool {
        m != 0
    }
    #[inline(always)]
    fn push_scale(r: Self, d: Self, m: __mmask8) -> Self {
        // SAFETY: `r` and `d` prove the CPU has AVX-512F (see `avx512!`),
        // which has the 256-bit halves' extracts and inserts and implies
        // AVX; no memory is touched.
        unsafe {
            let half = |d: __m256d, r: __m256d| _mm256_div_pd(r, _mm256_sqrt_pd(d));
            Avx512(if m & 0xf0 == 0 {
                _mm512_zextpd256_pd512(half(
                    _mm512_castpd512_pd256(d.0),
                    _mm512_castpd512_pd256(r.0),
                ))
            } else if m & 0x0f == 0 {
                let high = half(
                    _mm512_extractf64x4_pd::<1>(d.0),
                    _mm512_extractf64x4_pd::<1>(r.0),
                );
                _mm512_insertf64x4::<1>(_mm512_setzero_pd(), high)
            } else {
                _mm512_div_pd(r.0, _mm512_sqrt_pd(d.0))
            })
        }
    }
    #[inline(always)]
    fn spring_dd(d: Self, rest: Self, stiffness: Self, fma_sqrt: bool, fma_div: bool) -> Self {
        use super::super::exact;
        // SAFETY: the vectors prove the CPU has AVX-512F (see `avx512!`),
        // all the exact routines need; no memory is touched.
        unsafe {
            let s = if fma_sqrt {
                exact::sqrt(d.0)
            } else {
                _mm512_sqrt_pd(d.0)
            };
            let num = _mm512_mul_pd(stiffness.0, _mm512_sub_pd(s, rest.0));
            Avx512(if fma_div {
                exact::div(num, d.0)
            } else {
                _mm512_div_pd(num, d.0)
            })
        }
    }
}
