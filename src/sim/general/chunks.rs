//! Chunks of a row: the general pass's loops work [`LANES`] points at a
//! time on fixed-size arrays, which the compiler turns into vector
//! instructions on every target (one AVX-512 register, two AVX2, four
//! SSE2 or wasm SIMD128), with each lane's operations those of the scalar
//! code. The rows they read are padded to whole chunks; a lane past the
//! grid is worked out and then masked away bit for bit ([`select`]).

#![forbid(unsafe_code)]

/// How many points a chunk holds.
pub(super) const LANES: usize = 8;

/// One chunk of a row, one value a lane.
pub(super) type Lane = [f64; LANES];

/// The `width` values of `v` from `at`, in chunks (`width` a multiple of
/// [`LANES`]).
///
/// # Panics
/// If `v` has fewer than `at + width` values.
#[inline(always)]
pub(super) fn lanes(v: &[f64], at: usize, width: usize) -> &[Lane] {
    v[at..at + width].as_chunks().0
}

/// The `width` values of `v` from `at`, in chunks, to write.
///
/// # Panics
/// If `v` has fewer than `at + width` values.
#[inline(always)]
pub(super) fn lanes_mut(v: &mut [f64], at: usize, width: usize) -> &mut [Lane] {
    v[at..at + width].as_chunks_mut().0
}

/// A mask lane: all ones for `true`, zero for `false`.
#[inline(always)]
pub(super) fn mask(on: bool) -> u64 {
    if on {
        u64::MAX
    } else {
        0
    }
}

/// `a` where `mask` is all ones, `b` where it is zero, bit for bit: a
/// select the compiler makes with bitwise vector operations.
#[inline(always)]
pub(super) fn select(mask: u64, a: f64, b: f64) -> f64 {
    f64::from_bits(a.to_bits() & mask | b.to_bits() & !mask)
}
