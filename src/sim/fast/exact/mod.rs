//! Correctly rounded square root and division on the FMA units (AVX-512),
//! off the divider: the same bits as `vsqrtpd` and `vdivpd`, proven below
//! and tested bit for bit against them (`exact/tests.rs`).
//!
//! The divider is one unit per core; the FMA units are two. Square root
//! and division rounded correctly are unique results, so any method that
//! provably rounds correctly gives the hardware's bits: this is how IA-64
//! did all its division and square roots (P. Markstein, *IA-64 and
//! Elementary Functions*, 2000; Cornea, Harrison, Tang, *Scientific
//! Computing on Itanium-based Systems*, 2002). The pass sends part of its
//! springs here and the rest to the divider, so that both work at once.
//!
//! **This module is the only place a fused multiply-add is used.** FMA is
//! what makes the method work (`fma(-g, g, d)` is `d - g^2` rounded once),
//! and every use is inside the proof. The physics around it is never
//! contracted.
//!
//! # Range
//!
//! Every operand must lie in `[2^-400, 2^400)` in magnitude (the divisor
//! and the radicand positive); lanes outside it (zero, subnormal, huge,
//! infinite, NaN, negative) take the hardware instruction instead, so the
//! functions are exact for every input. Inside the range nothing below
//! overflows or underflows, which the proof assumes.
//!
//! # Notation
//!
//! For a positive double `x`, `E(x)` is its exponent (`2^E <= x < 2^(E+1)`),
//! `ulp(x) = 2^(E(x)-52)`, `pred` and `succ` its neighbours, `RN` rounding
//! to nearest. Every FMA below is one exact operation then one `RN`.
//!
//! # The final rounding (both functions)
//!
//! Both first compute a **faithful** approximation `g` of the exact result
//! `z` (`sqrt(d)` or `a / b`): `pred(g) < z < succ(g)`. Then
//! `RN(z)` is `succ(g)` when `z` lies above the midpoint of `g` and
//! `succ(g)`, `pred(g)` when below the midpoint of `pred(g)` and `g`, and
//! `g` otherwise (`z` is never a midpoint: a midpoint has 54 significant
//! bits, and neither its square nor its product with a 53-bit `b` has 53).
//! The two tests are decided exactly from the residual `R` (`d - g^2`, or
//! `a - b*g`), computed by one FMA as `r = RN(R)`:
//!
//! - *Square root*, `g = G * 2^k` (`G` a 53-bit integer, `k = E(g) - 52`).
//!   `R` is a multiple of `q = 2^(2k)` (so is `d`, whose exponent is at least
//!   `2E(g) - 1`). With `u+ = ulp(g)` and `u- = g - pred(g)` (`u+` or
//!   `u+/2`): `z > g + u+/2` iff `R > g*u+ + (u+)^2/4` iff `R > T+ = g*u+`
//!   (`R - T+` is a multiple of `q`, and `(u+)^2/4 < q`); `z < g - u-/2`
//!   iff `R < -g*u- + (u-)^2/4` iff `R <= T- = -g*u-`.
//! - *Division*, `g = G * 2^k`, `b = B * 2^j`: `R` is a multiple of
//!   `p = 2^(j+k)`; `z > g + u+/2` iff `R > T+ = b*u+/2`, and `z < g - u-/2`
//!   iff `R < T- = -b*u-/2`, where `T+ = B*s`, `T- = -B*s'` with `s`, `s'`
//!   in `{p/2, p/4}`; `R` never equals them (no midpoints).
//!
//! The thresholds are exact doubles (a double times a power of two). The
//! residual need not be exact: rounding is monotonic, and the next
//! multiple of the quantum beyond each threshold (`(G+1)q`, `(B+1)s`, ...,
//! all below `2^53` quanta) is a double, so `R > T` exactly when `r > T`,
//! and `R <= T` exactly when `r <= T`. The result is then `g` plus or minus
//! one in its bit pattern (the next double up or down, across binades too).
//!
//! # The faithful approximations
//!
//! *Square root of `d`.* `y0 = vrsqrt14pd(d)` has relative error below
//! `2^-14`; `y` is `y0` cut to 26 significant bits (relative change below
//! `2^-25`), so `y*y` is exact and `eps = 1 - d*y^2` has `|eps| < 2^-12.98`;
//! `e = fma(-d, y*y, 1)` is `eps` within `2^-66`. Then
//! `sqrt(d) = d*y*(1 - eps)^(-1/2) = d*y*(1 + P)`, `P = eps/2 + 3eps^2/8 +
//! 5eps^3/16 + 35eps^4/128 + tail` (`|tail| < 2^-66.8`), and `p`, the
//! polynomial in `e` by Horner's rule, is `P` within `2^-65` (the tail, the
//! error of `e`, and the roundings of a result below `2^-14`). `t =
//! RN(RN(d*y) * p)` is `d*y*p` within `d*y*2^-66.9`, and `g = fma(d, y, t)`
//! rounds `X = d*y + t`, which is `sqrt(d)` within `sqrt(d) * 2^-64`, below
//! `2^-11 ulp(sqrt(d))`. `g = RN(X)` is at most half a spacing from `X`, and
//! a spacing next to `sqrt(d)` is at least `ulp(sqrt(d))/2`, so
//! `pred(g) < sqrt(d) < succ(g)`.
//!
//! *Division `a / b`* (`a = |numerator|`). `y0 = vrcp14pd(b)`, `|1 - b*y0| <
//! 2^-14`; `e0 = fma(-b, y0, 1)`, `t = fma(e0, e0, e0)`, `y1 = fma(y0, t,
//! y0)` is `y0*(1 + e0 + e0^2)`: `|1 - b*y1| < 2^-41.5`. `q0 = RN(a*y1)` is
//! `a/b` within `(a/b)*2^-41.4`; `r0 = fma(-q0, b, a)` is `a - b*q0` within
//! `a*2^-94.4`; `g = fma(r0, y1, q0)` rounds
//! `X = a/b + (a/b - q0)(b*y1 - 1) + (r0 - (a - b*q0))*y1`, which is `a/b`
//! within `(a/b)*2^-82.8`, far below a spacing: `g` is faithful as above.
//! The sign of the numerator is put back at the end (`-x / b` is exactly
//! `-(x / b)`).

// The routines are AVX-512 (x86-64); elsewhere this module is its docs.
#[cfg(all(test, target_arch = "x86_64"))]
use avx512::sqrt_div_slices;
#[cfg(target_arch = "x86_64")]
pub(crate) use avx512::{div, sqrt};

#[cfg(all(test, target_arch = "x86_64"))]
mod tests;

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use std::arch::x86_64::*;

    const EXP_MASK: i64 = 0x7ff0_0000_0000_0000;
    const SIGN: i64 = i64::MIN;
    /// Bits of `2^-400`, the smallest operand the routines take.
    const LOW: i64 = (1023 - 400) << 52;
    /// Bits of `2^400`, past the largest.
    const HIGH: i64 = (1023 + 400) << 52;

    /// Lanes whose bit pattern (sign included) is a double in
    /// `[2^-400, 2^400)`.
    #[inline(always)]
    unsafe fn in_range(bits: __m512i) -> __mmask8 {
        // One unsigned compare: negative values, NaN and infinity wrap above.
        // SAFETY: the caller's: the CPU has AVX-512F; no memory is touched.
        unsafe {
            _mm512_cmplt_epu64_mask(
                _mm512_sub_epi64(bits, _mm512_set1_epi64(LOW)),
                _mm512_set1_epi64(HIGH - LOW),
            )
        }
    }

    /// `succ(g)` where `up`, `pred(g)` where `down`, else `g` (positive `g`).
    #[inline(always)]
    unsafe fn nudge(g: __m512i, up: __mmask8, down: __mmask8) -> __m512d {
        // SAFETY: the caller's: the CPU has AVX-512F; no memory is touched.
        unsafe {
            let one = _mm512_set1_epi64(1);
            let g = _mm512_mask_add_epi64(g, up, g, one);
            _mm512_castsi512_pd(_mm512_mask_sub_epi64(g, down, g, one))
        }
    }

    /// `2^(E(x) - shift)` for positive `x`, as bits, and the same for
    /// `pred(x)` negated: the spacings above and below `x`, scaled.
    #[inline(always)]
    unsafe fn spacings(x: __m512i, shift: i64) -> (__m512d, __m512d) {
        // SAFETY: the caller's: the CPU has AVX-512F; no memory is touched.
        unsafe {
            let exp = _mm512_set1_epi64(EXP_MASK);
            let above = _mm512_sub_epi64(_mm512_and_si512(x, exp), _mm512_set1_epi64(shift << 52));
            let below = _mm512_and_si512(_mm512_sub_epi64(x, _mm512_set1_epi64(1)), exp);
            // (below - shift) with the sign bit set, in one wrapping add.
            let below = _mm512_add_epi64(below, _mm512_set1_epi64(SIGN.wrapping_sub(shift << 52)));
            (_mm512_castsi512_pd(above), _mm512_castsi512_pd(below))
        }
    }

    /// `sqrt(d)` on each lane, correctly rounded: the bits of `vsqrtpd`.
    ///
    /// # Safety
    /// The CPU must have AVX-512F.
    #[inline(always)]
    pub(crate) unsafe fn sqrt(d: __m512d) -> __m512d {
        // SAFETY: the caller's: the CPU has AVX-512F; no memory is touched.
        unsafe {
            let ok = in_range(_mm512_castpd_si512(d));
            let one = _mm512_set1_pd(1.0);
            let y0 = _mm512_rsqrt14_pd(d);
            // 26 significant bits, so that y*y is exact.
            let y = _mm512_castsi512_pd(_mm512_and_si512(
                _mm512_castpd_si512(y0),
                _mm512_set1_epi64(!((1 << 27) - 1)),
            ));
            let e = _mm512_fnmadd_pd(d, _mm512_mul_pd(y, y), one);
            let c = _mm512_fmadd_pd(e, _mm512_set1_pd(35.0 / 128.0), _mm512_set1_pd(5.0 / 16.0));
            let c = _mm512_fmadd_pd(e, c, _mm512_set1_pd(3.0 / 8.0));
            let c = _mm512_fmadd_pd(e, c, _mm512_set1_pd(0.5));
            let p = _mm512_mul_pd(e, c);
            let t = _mm512_mul_pd(_mm512_mul_pd(d, y), p);
            let g = _mm512_fmadd_pd(d, y, t);
            // The final rounding: r = RN(d - g^2) against g*u+ and -g*u-.
            let r = _mm512_fnmadd_pd(g, g, d);
            let gi = _mm512_castpd_si512(g);
            let (above, below) = spacings(gi, 52);
            let up = _mm512_cmp_pd_mask::<_CMP_GT_OQ>(r, _mm512_mul_pd(g, above));
            let down = _mm512_cmp_pd_mask::<_CMP_LE_OQ>(r, _mm512_mul_pd(g, below));
            let s = nudge(gi, up, down);
            if ok == 0xff {
                s
            } else {
                _mm512_mask_sqrt_pd(s, !ok, d)
            }
        }
    }

    /// `a / b` on each lane, correctly rounded: the bits of `vdivpd`.
    ///
    /// # Safety
    /// The CPU must have AVX-512F.
    #[inline(always)]
    pub(crate) unsafe fn div(a: __m512d, b: __m512d) -> __m512d {
        // SAFETY: the caller's: the CPU has AVX-512F; no memory is touched.
        unsafe {
            let ai = _mm512_castpd_si512(a);
            let abs = _mm512_andnot_si512(_mm512_set1_epi64(SIGN), ai);
            let ok = in_range(abs) & in_range(_mm512_castpd_si512(b));
            let x = _mm512_castsi512_pd(abs);
            let one = _mm512_set1_pd(1.0);
            let y0 = _mm512_rcp14_pd(b);
            let e0 = _mm512_fnmadd_pd(b, y0, one);
            let t = _mm512_fmadd_pd(e0, e0, e0);
            let y1 = _mm512_fmadd_pd(y0, t, y0);
            let q0 = _mm512_mul_pd(x, y1);
            let r0 = _mm512_fnmadd_pd(q0, b, x);
            let g = _mm512_fmadd_pd(r0, y1, q0);
            // The final rounding: r = RN(x - b*g) against b*u+/2 and -b*u-/2.
            let r = _mm512_fnmadd_pd(g, b, x);
            let gi = _mm512_castpd_si512(g);
            let (above, below) = spacings(gi, 53);
            let up = _mm512_cmp_pd_mask::<_CMP_GT_OQ>(r, _mm512_mul_pd(b, above));
            let down = _mm512_cmp_pd_mask::<_CMP_LT_OQ>(r, _mm512_mul_pd(b, below));
            let q = _mm512_castpd_si512(nudge(gi, up, down));
            // The numerator's sign: q | (a & SIGN).
            let q = _mm512_castsi512_pd(_mm512_ternarylogic_epi64::<0xf8>(
                q,
                ai,
                _mm512_set1_epi64(SIGN),
            ));
            if ok == 0xff {
                q
            } else {
                _mm512_mask_div_pd(q, !ok, a, b)
            }
        }
    }

    /// [`sqrt`] and [`div`] over slices, for the tests: `out[k] =
    /// sqrt(x[k])` and `quot[k] = num[k] / x[k]` through the FMA routines.
    /// Returns `false` (and writes nothing) where the CPU lacks AVX-512F.
    ///
    /// # Panics
    /// If the slices are not all the same length.
    #[cfg(test)]
    pub(crate) fn sqrt_div_slices(
        x: &[f64],
        num: &[f64],
        out: &mut [f64],
        quot: &mut [f64],
    ) -> bool {
        assert!(x.len() == num.len() && x.len() == out.len() && x.len() == quot.len());
        if !std::arch::is_x86_feature_detected!("avx512f") {
            return false;
        }
        // SAFETY: AVX-512F checked just above.
        unsafe { slices_avx512(x, num, out, quot) };
        true
    }

    #[cfg(test)]
    #[target_feature(enable = "avx512f")]
    fn slices_avx512(x: &[f64], num: &[f64], out: &mut [f64], quot: &mut [f64]) {
        let mut k = 0;
        while k < x.len() {
            let m = if x.len() - k >= 8 {
                0xff
            } else {
                (1u8 << (x.len() - k)) - 1
            };
            // SAFETY: masked loads and stores touch only lanes k .. len.
            unsafe {
                let d = _mm512_maskz_loadu_pd(m, x.as_ptr().add(k));
                let a = _mm512_maskz_loadu_pd(m, num.as_ptr().add(k));
                _mm512_mask_storeu_pd(out.as_mut_ptr().add(k), m, sqrt(d));
                _mm512_mask_storeu_pd(quot.as_mut_ptr().add(k), m, div(a, d));
            }
            k += 8;
        }
    }
}
