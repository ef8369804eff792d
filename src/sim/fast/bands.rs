//! One band function per instruction set: the kernel compiled with that
//! set's instructions enabled, and the choice among them.

use super::grid::Grid;
use super::kernel::{self, Sweep};
use super::lanes;
use super::sphere_set::SphereSet;
use super::workspace::Workspace;
use crate::sim::InstructionSet;

/// Which springs of a row the `avx512-fma` set sends to the FMA square
/// root (bit `t`) and division (bit `t + 4`), for spring type `t` (0 east,
/// 1 south, 2 south-east, 3 south-west); the others take the divider. The
/// south-east springs' square roots: the FMA routine takes about 30 vector
/// operations where the divider takes one, and the vector ports are
/// nearly as busy as the divider, so sending more is slower
/// (`docs/performance.md`).
#[cfg(target_arch = "x86_64")]
const FMA_SPLIT: u8 = 0b0000_0100;

/// A band of one pass: rows `j0..j1` of `dst` from `src`, in the order
/// and with the calls the [`Sweep`] gives.
///
/// # Safety
/// As for [`kernel::band`], but for the instruction set, which the band
/// function checks itself (it panics where the CPU lacks it).
pub(super) type BandFn =
    unsafe fn(&Grid<*const f64>, &Grid<*mut f64>, usize, usize, &SphereSet, &mut Workspace, &Sweep);

/// The message of a band function run where its set is missing, which
/// [`band_for`] never hands out.
#[cfg(target_arch = "x86_64")]
const MISSING: &str = "a band function runs only where band_for found its instruction set";

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn band_avx512_fma(
    s: &Grid<*const f64>,
    d: &Grid<*mut f64>,
    j0: usize,
    j1: usize,
    sp: &SphereSet,
    ws: &mut Workspace,
    sweep: &Sweep,
) {
    let cpu = lanes::Avx512Token::detect().expect(MISSING);
    // SAFETY: the grids, rows and sweep are the caller's to vouch for
    // (`BandFn`); the token proves the CPU has AVX-512F.
    unsafe { kernel::band::<lanes::Avx512, 8, FMA_SPLIT>(cpu, s, d, j0, j1, sp, ws, sweep) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn band_avx512(
    s: &Grid<*const f64>,
    d: &Grid<*mut f64>,
    j0: usize,
    j1: usize,
    sp: &SphereSet,
    ws: &mut Workspace,
    sweep: &Sweep,
) {
    let cpu = lanes::Avx512Token::detect().expect(MISSING);
    // SAFETY: the grids, rows and sweep are the caller's to vouch for
    // (`BandFn`); the token proves the CPU has AVX-512F.
    unsafe { kernel::band::<lanes::Avx512, 8, 0>(cpu, s, d, j0, j1, sp, ws, sweep) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn band_avx2(
    s: &Grid<*const f64>,
    d: &Grid<*mut f64>,
    j0: usize,
    j1: usize,
    sp: &SphereSet,
    ws: &mut Workspace,
    sweep: &Sweep,
) {
    let cpu = lanes::Avx2Token::detect().expect(MISSING);
    // SAFETY: the grids, rows and sweep are the caller's to vouch for
    // (`BandFn`); the token proves the CPU has AVX2.
    unsafe { kernel::band::<lanes::Avx2, 4, 0>(cpu, s, d, j0, j1, sp, ws, sweep) }
}

unsafe fn band_baseline(
    s: &Grid<*const f64>,
    d: &Grid<*mut f64>,
    j0: usize,
    j1: usize,
    sp: &SphereSet,
    ws: &mut Workspace,
    sweep: &Sweep,
) {
    // SAFETY: the grids, rows and sweep are the caller's to vouch for
    // (`BandFn`); any CPU runs the baseline (a wasm build with SIMD128
    // runs in no engine without it).
    unsafe { kernel::band::<Baseline, 4, 0>(lanes::AnyCpu, s, d, j0, j1, sp, ws, sweep) }
}

/// The baseline's lanes: SIMD128 in a wasm build with it, else plain
/// `f64`s.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
type Baseline = lanes::Simd128;
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
type Baseline = lanes::Portable;

/// The band function for `set`.
///
/// # Panics
/// If this CPU cannot run `set`.
pub(super) fn band_for(set: InstructionSet) -> BandFn {
    assert!(set.is_available(), "this CPU cannot run {set}");
    match set {
        #[cfg(target_arch = "x86_64")]
        InstructionSet::Avx512Fma => band_avx512_fma,
        #[cfg(target_arch = "x86_64")]
        InstructionSet::Avx512 => band_avx512,
        #[cfg(target_arch = "x86_64")]
        InstructionSet::Avx2 => band_avx2,
        _ => band_baseline,
    }
}
