//! The x86-64 lanes: AVX2 (`ymm`) and AVX-512 (`zmm`, `k` masks).

use std::arch::x86_64::*;

use super::Lanes;

/// AVX2: four lanes in a `ymm` register; masks are all-ones lanes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2(__m256d);

// SAFETY (every `unsafe` block in this impl): the impl is only used
// inside functions compiled with `avx2` enabled, called after
// checking that the CPU has it; pointer validity is the caller's, as
// the trait says.
impl Lanes for Avx2 {
    const W: usize = 4;
    type Mask = __m256d;

    #[inline(always)]
    fn splat(v: f64) -> Self {
        Avx2(unsafe { _mm256_set1_pd(v) })
    }
    #[inline(always)]
    unsafe fn load(p: *const f64) -> Self {
        Avx2(unsafe { _mm256_loadu_pd(p) })
    }
    #[inline(always)]
    unsafe fn load_masked(p: *const f64, m: __m256d) -> Self {
        Avx2(unsafe { _mm256_maskload_pd(p, _mm256_castpd_si256(m)) })
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut f64) {
        unsafe { _mm256_storeu_pd(p, self.0) }
    }
    #[inline(always)]
    unsafe fn store_masked(self, p: *mut f64, m: __m256d) {
        unsafe { _mm256_maskstore_pd(p, _mm256_castpd_si256(m), self.0) }
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Avx2(unsafe { _mm256_add_pd(self.0, o.0) })
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Avx2(unsafe { _mm256_sub_pd(self.0, o.0) })
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        Avx2(unsafe { _mm256_mul_pd(self.0, o.0) })
    }
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        Avx2(unsafe { _mm256_div_pd(self.0, o.0) })
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        Avx2(unsafe { _mm256_sqrt_pd(self.0) })
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        Avx2(unsafe { _mm256_max_pd(self.0, o.0) })
    }
    #[inline(always)]
    fn lt(self, o: Self) -> __m256d {
        unsafe { _mm256_cmp_pd::<_CMP_LT_OQ>(self.0, o.0) }
    }
    #[inline(always)]
    fn ge(self, o: Self) -> __m256d {
        unsafe { _mm256_cmp_pd::<_CMP_GE_OQ>(self.0, o.0) }
    }
    #[inline(always)]
    fn eq(self, o: Self) -> __m256d {
        unsafe { _mm256_cmp_pd::<_CMP_EQ_OQ>(self.0, o.0) }
    }
    #[inline(always)]
    fn select(m: __m256d, a: Self, b: Self) -> Self {
        Avx2(unsafe { _mm256_blendv_pd(b.0, a.0, m) })
    }
    #[inline(always)]
    fn zero_unless(m: __m256d, a: Self) -> Self {
        Avx2(unsafe { _mm256_and_pd(m, a.0) })
    }
    #[inline(always)]
    fn mask_from_bits(bits: u32) -> __m256d {
        let lane = |l: u32| if bits >> l & 1 == 1 { -1i64 } else { 0 };
        unsafe { _mm256_castsi256_pd(_mm256_setr_epi64x(lane(0), lane(1), lane(2), lane(3))) }
    }
    #[inline(always)]
    fn lanes_below(k: usize) -> __m256d {
        let k = k.min(4) as f64;
        unsafe {
            _mm256_cmp_pd::<_CMP_LT_OQ>(_mm256_setr_pd(0.0, 1.0, 2.0, 3.0), _mm256_set1_pd(k))
        }
    }
    #[inline(always)]
    fn and(a: __m256d, b: __m256d) -> __m256d {
        unsafe { _mm256_and_pd(a, b) }
    }
    #[inline(always)]
    fn or(a: __m256d, b: __m256d) -> __m256d {
        unsafe { _mm256_or_pd(a, b) }
    }
    #[inline(always)]
    fn and_not(a: __m256d, b: __m256d) -> __m256d {
        unsafe { _mm256_andnot_pd(b, a) }
    }
    #[inline(always)]
    fn any(m: __m256d) -> bool {
        unsafe { _mm256_movemask_pd(m) != 0 }
    }
}

/// AVX-512: eight lanes in a `zmm` register; masks are `k` registers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx512(pub(crate) __m512d);

// SAFETY (every `unsafe` block in this impl): the impl is only used
// inside functions compiled with `avx512f` enabled, called after
// checking that the CPU has it; pointer validity is the caller's, as
// the trait says (a masked load or store does not touch, or fault on,
// the lanes outside its mask).
impl Lanes for Avx512 {
    const W: usize = 8;
    type Mask = __mmask8;

    #[inline(always)]
    fn splat(v: f64) -> Self {
        Avx512(unsafe { _mm512_set1_pd(v) })
    }
    #[inline(always)]
    unsafe fn load(p: *const f64) -> Self {
        Avx512(unsafe { _mm512_loadu_pd(p) })
    }
    #[inline(always)]
    unsafe fn load_masked(p: *const f64, m: __mmask8) -> Self {
        Avx512(unsafe { _mm512_maskz_loadu_pd(m, p) })
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut f64) {
        unsafe { _mm512_storeu_pd(p, self.0) }
    }
    #[inline(always)]
    unsafe fn store_masked(self, p: *mut f64, m: __mmask8) {
        unsafe { _mm512_mask_storeu_pd(p, m, self.0) }
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        Avx512(unsafe { _mm512_add_pd(self.0, o.0) })
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        Avx512(unsafe { _mm512_sub_pd(self.0, o.0) })
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        Avx512(unsafe { _mm512_mul_pd(self.0, o.0) })
    }
    #[inline(always)]
    fn div(self, o: Self) -> Self {
        Avx512(unsafe { _mm512_div_pd(self.0, o.0) })
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        Avx512(unsafe { _mm512_sqrt_pd(self.0) })
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        Avx512(unsafe { _mm512_max_pd(self.0, o.0) })
    }
    #[inline(always)]
    fn lt(self, o: Self) -> __mmask8 {
        unsafe { _mm512_cmp_pd_mask::<_CMP_LT_OQ>(self.0, o.0) }
    }
    #[inline(always)]
    fn ge(self, o: Self) -> __mmask8 {
        unsafe { _mm512_cmp_pd_mask::<_CMP_GE_OQ>(self.0, o.0) }
    }
    #[inline(always)]
    fn eq(self, o: Self) -> __mmask8 {
        unsafe { _mm512_cmp_pd_mask::<_CMP_EQ_OQ>(self.0, o.0) }
    }
    #[inline(always)]
    fn select(m: __mmask8, a: Self, b: Self) -> Self {
        Avx512(unsafe { _mm512_mask_blend_pd(m, b.0, a.0) })
    }
    #[inline(always)]
    fn zero_unless(m: __mmask8, a: Self) -> Self {
        Avx512(unsafe { _mm512_maskz_mov_pd(m, a.0) })
    }
    #[inline(always)]
    fn mask_from_bits(bits: u32) -> __mmask8 {
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
        unsafe { _mm512_mask_cmp_pd_mask::<_CMP_LT_OQ>(m, self.0, o.0) }
    }
    #[inline(always)]
    fn ge_in(self, o: Self, m: __mmask8) -> __mmask8 {
        unsafe { _mm512_mask_cmp_pd_mask::<_CMP_GE_OQ>(m, self.0, o.0) }
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
        // SAFETY: as for the impl (AVX-512F has the 256-bit halves'
        // extracts and inserts; AVX is implied).
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
        // SAFETY: as for the impl; the exact routines need only
        // AVX-512F, enabled where this impl is used.
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
