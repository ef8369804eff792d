//! The FMA square root and division of the `avx512-fma` path against the
//! hardware's `sqrt` and `/` (`f64::sqrt` and `/`, correctly rounded IEEE
//! operations), bit for bit: random bit patterns over every exponent
//! (zeros, subnormals, infinities and NaN included, which must take the
//! hardware path), values like the demo's `d` and spring numerators, and
//! the hard cases of both operations (results within a hair of a rounding
//! midpoint, exact results and their neighbours, divisors of all-ones
//! mantissa, quotients at binade boundaries).
//!
//! `cargo test --release --lib exact` runs a short version (2 x 10^7
//! inputs); the full run of 10^10 inputs (each a square root and a
//! division) runs on request, on every core:
//!
//!     cargo test --release --no-default-features --lib exact -- --ignored
//!
//! On a CPU without AVX-512F both are ignored, and the test runner says
//! so (the build script looks at the CPU it builds on); built for such a
//! CPU and run on one without, they fail rather than pass.

#![forbid(unsafe_code)]

use super::sqrt_div_slices;

/// SplitMix64: fast, and every seed gives a different stream.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// A 53-bit significand `2^52 <= g < 2^53`.
    fn significand(&mut self) -> u64 {
        (self.next() >> 11) | 1 << 52
    }
    /// A double with a random significand and exponent `e` (unbiased).
    fn with_exponent(&mut self, e: i64) -> f64 {
        f64::from_bits(((e + 1023) as u64) << 52 | self.next() >> 12)
    }
    fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.next() >> 11) as f64 / (1u64 << 53) as f64)
    }
}

/// `x * 2^e` for a 53-bit integer `x`, exactly (no overflow or underflow
/// in the exponents used here).
fn scaled(x: u64, e: i32) -> f64 {
    x as f64 * 2f64.powi(e)
}

/// `x * 2^e`, exactly (no overflow or underflow in the exponents used).
fn scaled_f(x: f64, e: i32) -> f64 {
    x * 2f64.powi(e)
}

/// A square root of `c` modulo `2^k` (`c = 1 mod 8`, `k <= 60`), by
/// Hensel lifting one bit at a time.
fn sqrt_mod_pow2(c: u128, k: u32) -> u128 {
    let mut x: u128 = 1;
    for i in 3..k {
        // x^2 = c mod 2^i; fix bit i.
        if ((x * x).wrapping_sub(c) >> i) & 1 == 1 {
            x += 1 << (i - 1);
        }
    }
    x & ((1 << k) - 1)
}

/// A double `d` in `[1, 4)` whose square root lies within about
/// `c * 2^-55` of its ulp from a rounding midpoint (`c` below `2^20`):
/// `d = (M^2 -+ c) / 2^106` for an odd 54-bit `M` (the midpoint is
/// `M / 2^53`), found by solving `M^2 = +-c mod 2^54` (or `2^55`).
fn near_midpoint_square(rng: &mut Rng) -> f64 {
    loop {
        let wide = rng.next() & 1 == 1; // d in [2, 4): one more bit
        let k = if wide { 55 } else { 54 };
        // c = 1 mod 8 gives sqrt(d) just below the midpoint, -c (c = 7
        // mod 8) just above.
        let above = rng.next() & 1 == 1;
        let c = (rng.next() % (1 << 17)) * 8 + if above { 7 } else { 1 };
        let target = if above {
            (1u128 << k) - c as u128
        } else {
            c as u128
        };
        let r = sqrt_mod_pow2(target, k);
        for m in [
            r,
            (1 << k) - r,
            r ^ (1 << (k - 1)),
            ((1 << k) - r) ^ (1 << (k - 1)),
        ] {
            // The midpoint M / 2^53 in [1, 2): M in [2^53, 2^54), and
            // D = M^2 / 2^k a 53-bit integer.
            if !(1u128 << 53..1 << 54).contains(&m) {
                continue;
            }
            let sq = m * m;
            let dd = if above {
                sq + c as u128
            } else {
                sq - c as u128
            };
            let d = dd >> k;
            if (1u128 << 52..1 << 53).contains(&d) && d << k == dd {
                return scaled(d as u64, k as i32 - 106);
            }
        }
    }
}

/// `(a, b)` with `a / b` within about `c * 2^-53` of its ulp from a
/// rounding midpoint: `b = B` odd, and `a = (M B - c) / 2^54` for the
/// odd 54-bit `M = c / B mod 2^54` (the midpoint is `M / 2^54`).
fn near_midpoint_quotient(rng: &mut Rng) -> (f64, f64) {
    let b = rng.significand() | 1;
    // B's inverse modulo 2^64, by Newton's iteration.
    let mut inv = b;
    for _ in 0..6 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(b.wrapping_mul(inv)));
    }
    let c = rng.next() % (1 << 20) + 1;
    let m = (c.wrapping_mul(inv) & ((1 << 54) - 1)) as u128 | 1;
    let prod = m * b as u128;
    // M B = c mod 2^54 when M is c / B; `| 1` may have moved it by B.
    let low = prod & ((1 << 54) - 1);
    let a = (prod - low) >> 54;
    (scaled(a as u64, 0), scaled(b, 54))
}

/// The next doubles up and down, `k` steps.
fn nudge(x: f64, k: i64) -> f64 {
    f64::from_bits((x.to_bits() as i64 + k) as u64)
}

/// Fill `x` (radicands and divisors) and `num` (numerators) with inputs of
/// class `class` from `rng`.
fn fill(class: u64, rng: &mut Rng, x: &mut [f64], num: &mut [f64]) {
    for (x, num) in x.iter_mut().zip(num.iter_mut()) {
        let (a, b) = match class {
            // Any bit pattern: every exponent, zeros, subnormals,
            // infinities, NaN, both signs.
            0 => (f64::from_bits(rng.next()), f64::from_bits(rng.next())),
            // Positive divisors and radicands, signed numerators, every
            // exponent the FMA path takes and a little beyond.
            1 => {
                let e = (rng.next() % 840) as i64 - 420;
                let sign = rng.next() << 63;
                let ea = (rng.next() % 840) as i64 - 420;
                let a = rng.with_exponent(ea);
                (f64::from_bits(a.to_bits() | sign), rng.with_exponent(e))
            }
            // Like the demo: d around the rest lengths squared (0.01 and
            // 0.02) and the spring's numerator 0.03 * (sqrt(d) - rest).
            2 => {
                let rest = if rng.next() & 1 == 0 {
                    0.1
                } else {
                    0.1 * 2f64.sqrt()
                };
                let d = match rng.next() % 3 {
                    0 => rng.uniform(0.0, 0.05),
                    1 => rest * rest * rng.uniform(0.999, 1.001),
                    _ => rng.uniform(0.0, 16.0),
                };
                (0.03 * (d.sqrt() - rest), d)
            }
            // Square roots within a hair of a midpoint, and quotients too:
            // the classic hard cases (see `near_midpoint_square` and
            // `near_midpoint_quotient`).
            3 => {
                let e = (rng.next() % 200) as i32 - 100;
                let d = scaled_f(near_midpoint_square(rng), 2 * e);
                let (a, b) = near_midpoint_quotient(rng);
                let sign = f64::from_bits(rng.next() & 1 << 63 | 1f64.to_bits());
                if rng.next() & 1 == 0 {
                    (sign * scaled_f(a, e), scaled_f(b, e))
                } else {
                    (sign * scaled_f(a, e), d)
                }
            }
            // Exact results and their neighbours: squares of short
            // significands, products of short significands.
            4 => {
                let e = (rng.next() % 200) as i32 - 100;
                let g = scaled(rng.next() >> 38 | 1 << 25, e); // 26 bits: g * g exact
                let k = (rng.next() % 3) as i64 - 1;
                let q = scaled(rng.next() >> 38 | 1 << 25, (rng.next() % 40) as i32 - 20);
                let b = scaled(rng.next() >> 38 | 1 << 25, e); // q * b exact
                if rng.next() & 1 == 0 {
                    (nudge(q * b, k), b)
                } else {
                    (q * b, nudge(g * g, k))
                }
            }
            // Products of neighbouring doubles, g * succ(g) and
            // g * pred(g), rounded: square roots just by a midpoint, and
            // (for g = 1 + 2^-52 and 2 - 2^-52, scaled) exactly
            // g * pred(g) or g * succ(g), where the residual lands on the
            // rounding threshold itself.
            5 => {
                let e = (rng.next() % 200) as i32 - 100;
                let g = match rng.next() % 4 {
                    0 => scaled((1 << 52) + 1, e),
                    1 => scaled((1 << 53) - 1, e),
                    _ => scaled(rng.significand(), e),
                };
                let d = g * nudge(g, if rng.next() & 1 == 0 { 1 } else { -1 });
                (f64::from_bits(rng.next()), d)
            }
            // Divisors of all-ones significand and powers of two, and
            // quotients just either side of a power of two.
            _ => {
                let e = (rng.next() % 200) as i32 - 100;
                let ones = ((1u64 << 53) - 1) ^ (rng.next() >> 40);
                let b = match rng.next() % 3 {
                    0 => scaled(ones, e),
                    1 => scaled(1 << 52, e),
                    _ => scaled(rng.significand(), e),
                };
                let q = 2f64.powi((rng.next() % 60) as i32 - 30);
                let a = nudge(b * q, (rng.next() % 7) as i64 - 3);
                (a, b)
            }
        };
        *x = b;
        *num = a;
    }
}

/// Check `blocks` blocks of 4,096 inputs from `seed`, cycling through the
/// classes; returns the inputs checked, or the first mismatch.
fn check(seed: u64, blocks: u64) -> Result<u64, String> {
    const N: usize = 4096;
    let mut rng = Rng(seed);
    let (mut x, mut num) = (vec![0.0; N], vec![0.0; N]);
    let (mut root, mut quot) = (vec![0.0; N], vec![0.0; N]);
    for block in 0..blocks {
        let class = block % 7;
        fill(class, &mut rng, &mut x, &mut num);
        if !sqrt_div_slices(&x, &num, &mut root, &mut quot) {
            return Err("this CPU has no AVX-512F, though the build found it".into());
        }
        for k in 0..N {
            let (s, q) = (x[k].sqrt(), num[k] / x[k]);
            // NaN payloads are not part of the result.
            let same = |a: f64, b: f64| a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan());
            if !same(root[k], s) {
                return Err(format!(
                    "class {class}: sqrt({:e} = {:#x}) = {:e} ({:#x}), hardware {:e} ({:#x})",
                    x[k],
                    x[k].to_bits(),
                    root[k],
                    root[k].to_bits(),
                    s,
                    s.to_bits()
                ));
            }
            if !same(quot[k], q) {
                return Err(format!(
                    "class {class}: {:e} ({:#x}) / {:e} ({:#x}) = {:e} ({:#x}), hardware {:e} ({:#x})",
                    num[k],
                    num[k].to_bits(),
                    x[k],
                    x[k].to_bits(),
                    quot[k],
                    quot[k].to_bits(),
                    q,
                    q.to_bits()
                ));
            }
        }
    }
    Ok(blocks * N as u64)
}

/// [`check`] on every core, `total` inputs at least.
fn check_all(total: u64) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let blocks = total.div_ceil(4096).div_ceil(threads);
    let results: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| s.spawn(move || check(0x5eed_0000 + t, blocks)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut checked = 0;
    for r in results {
        checked += r.unwrap_or_else(|e| panic!("{e}"));
    }
    assert!(checked >= total, "{checked} < {total}");
    eprintln!("{checked} square roots and as many divisions: all the hardware's bits");
}

#[test]
#[cfg_attr(
    not(build_cpu_avx512f),
    ignore = "this CPU has no AVX-512F: the FMA routines cannot run here"
)]
fn the_fma_sqrt_and_division_round_as_the_hardware() {
    check_all(20_000_000);
}

#[test]
#[ignore = "10^10 inputs, about 10 minutes on two cores: cargo test --release --lib exact -- --ignored"]
fn the_fma_sqrt_and_division_round_as_the_hardware_on_ten_billion_inputs() {
    check_all(10_000_000_000);
}

#[test]
fn the_hard_case_generators_are_hard() {
    // The midpoint cases really are within a hair of a midpoint (these
    // generators are what make the checks above meaningful). Distances in
    // units of the result's ulp, from exact residuals (fused multiply-add
    // is exact for them).
    let mut rng = Rng(7);
    for _ in 0..1000 {
        let d = near_midpoint_square(&mut rng);
        let s = d.sqrt();
        let ulp = nudge(s, 1) - s;
        // (d - s^2) / 2s is sqrt(d) - s to second order.
        let r = (-s).mul_add(s, d) / (2.0 * s) / ulp;
        assert!(
            (r.abs() - 0.5).abs() < 1e-9,
            "sqrt({d:e}) is {r} ulp from s"
        );
        let (a, b) = near_midpoint_quotient(&mut rng);
        let q = a / b;
        let ulp = nudge(q, 1) - q;
        let r = (-q).mul_add(b, a) / b / ulp;
        // Near a midpoint, or (a short M) near a double itself.
        assert!(
            (r.abs() - 0.5).abs() < 1e-6 || r.abs() < 1e-6,
            "{a:e} / {b:e}: {r} ulp"
        );
    }
}
