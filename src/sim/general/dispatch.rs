//! The general pass's vector loops compiled for the instruction set a run
//! chose, as the fast pass is: the same source, its chunks worked 8, 4 or 2
//! doubles at once. No fused multiply-add is enabled and Rust never
//! contracts, so the bits are the same on each.

use crate::sim::InstructionSet;

/// A piece of work to compile for an instruction set: its `run` is
/// `#[inline(always)]`, and so are the loops it calls, so that they are
/// compiled into [`on_set`]'s functions with the set's target features.
/// (A closure would not do: it is compiled on its own, for the baseline.)
pub(super) trait Work {
    /// What the work gives back.
    type Out;
    /// Do it.
    fn run(self) -> Self::Out;
}

/// `work.run()` compiled for `set` (AVX-512, AVX2 or the baseline) where
/// the CPU is x86-64; elsewhere as the build targets.
///
/// # Panics
/// If this CPU cannot run `set`.
#[inline(always)]
pub(super) fn on_set<W: Work>(set: InstructionSet, work: W) -> W::Out {
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx512f")]
        fn avx512<W: Work>(work: W) -> W::Out {
            work.run()
        }
        #[target_feature(enable = "avx2")]
        fn avx2<W: Work>(work: W) -> W::Out {
            work.run()
        }
        match set.check() {
            Ok(InstructionSet::Avx512Fma | InstructionSet::Avx512) => {
                // SAFETY: the CPU has AVX-512F: `check` found it.
                return unsafe { avx512(work) };
            }
            Ok(InstructionSet::Avx2) => {
                // SAFETY: the CPU has AVX2: `check` found it.
                return unsafe { avx2(work) };
            }
            Ok(InstructionSet::Baseline) => {}
            Err(e) => panic!("{e}"),
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    assert!(set.is_available(), "this CPU cannot run {set}");
    work.run()
}
