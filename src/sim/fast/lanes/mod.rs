//! SIMD lanes: the few vector operations the pass needs, one
//! implementation per instruction set, so that one kernel source compiles
//! to every instruction set.
//!
//! Every arithmetic operation here is the IEEE operation of its name on
//! each lane, rounded to nearest: `add`, `sub`, `mul`, `div` and `sqrt`
//! are correctly rounded in SSE2, AVX2, AVX-512 and NEON alike, so a lane
//! gives the same bits as the scalar `f64` expression. Nothing is fused
//! (no multiply-add outside the exact routines) and nothing is reassociated.
//!
//! The loads and stores take raw pointers: the kernel works out every
//! index once per row and checks them in debug builds; a masked load reads
//! only the lanes of its mask (the others are `+0`), so the last vector of
//! a row never reads past the grid.
//!
//! The baseline runs [`Portable`]'s plain `f64` lanes, except in a wasm
//! build with the `simd128` target feature, where it runs `Simd128`'s
//! `f64x2` halves: the same bits.
//!
//! A vector or mask is made only through its instruction set's token
//! ([`Lanes::Token`]: [`AnyCpu`], [`Avx2Token`], [`Avx512Token`]), and the
//! x86 tokens only where the CPU has the instructions, so holding a vector
//! proves the CPU can run its operations.

// The plain lanes go unused where SIMD128 takes the baseline's place.
#[cfg_attr(
    all(target_arch = "wasm32", target_feature = "simd128"),
    allow(dead_code)
)]
mod portable;
mod vector;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm;
#[cfg(target_arch = "x86_64")]
mod x86;

pub(crate) use portable::AnyCpu;
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
pub(crate) use portable::Portable;
pub(crate) use vector::Lanes;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(crate) use wasm::Simd128;
#[cfg(target_arch = "x86_64")]
pub(crate) use x86::{Avx2, Avx2Token, Avx512, Avx512Token};
