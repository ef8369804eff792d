//! [`InstructionSet`]: which SIMD instructions the passes run on. Every
//! set gives the same bits; they differ only in speed.

#![forbid(unsafe_code)]

use std::fmt;
use std::str::FromStr;

/// An instruction set the fast pass (and the general pass's row loops)
/// can run on, picked at run time so one binary runs on any x86-64, and
/// the baseline on any CPU. All give the same bits: each SIMD lane does
/// one point's operations in the scalar order, and `+ - * / sqrt` round
/// the same in every lane width.
///
/// The names ([`InstructionSet::name`], [`FromStr`]) are `avx512-fma`,
/// `avx512`, `avx2` and `baseline`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InstructionSet {
    /// AVX-512, with part of the springs' square roots and divisions on
    /// the FMA units, by a routine proven to round correctly, and the rest
    /// on the divider.
    Avx512Fma,
    /// AVX-512 (eight `f64` lanes), every square root and division on the
    /// divider.
    Avx512,
    /// AVX2 (four lanes).
    Avx2,
    /// Plain `f64` operations, for any CPU.
    Baseline,
}

impl InstructionSet {
    /// Every instruction set, fastest first.
    pub const ALL: [InstructionSet; 4] = [
        InstructionSet::Avx512Fma,
        InstructionSet::Avx512,
        InstructionSet::Avx2,
        InstructionSet::Baseline,
    ];

    /// The set's name: `avx512-fma`, `avx512`, `avx2` or `baseline`.
    pub fn name(self) -> &'static str {
        match self {
            InstructionSet::Avx512Fma => "avx512-fma",
            InstructionSet::Avx512 => "avx512",
            InstructionSet::Avx2 => "avx2",
            InstructionSet::Baseline => "baseline",
        }
    }

    /// Whether this CPU can run the set (checked at run time).
    pub fn is_available(self) -> bool {
        match self {
            #[cfg(target_arch = "x86_64")]
            InstructionSet::Avx512Fma | InstructionSet::Avx512 => {
                std::arch::is_x86_feature_detected!("avx512f")
            }
            #[cfg(target_arch = "x86_64")]
            InstructionSet::Avx2 => std::arch::is_x86_feature_detected!("avx2"),
            #[cfg(not(target_arch = "x86_64"))]
            InstructionSet::Avx512Fma | InstructionSet::Avx512 | InstructionSet::Avx2 => false,
            InstructionSet::Baseline => true,
        }
    }

    /// The sets this CPU can run, fastest first (the baseline always last).
    pub fn available() -> impl Iterator<Item = InstructionSet> {
        InstructionSet::ALL.into_iter().filter(|s| s.is_available())
    }

    /// The fastest set this CPU can run: what a new
    /// [`Simulation`](super::Simulation) takes.
    pub fn best() -> InstructionSet {
        InstructionSet::available()
            .next()
            .unwrap_or(InstructionSet::Baseline)
    }

    /// This set, if the CPU can run it.
    ///
    /// # Errors
    /// [`InstructionSetError::Unavailable`] if it cannot.
    pub fn check(self) -> Result<InstructionSet, InstructionSetError> {
        if self.is_available() {
            Ok(self)
        } else {
            Err(InstructionSetError::Unavailable(self))
        }
    }
}

impl fmt::Display for InstructionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for InstructionSet {
    type Err = InstructionSetError;

    /// The set named `s` ([`InstructionSet::name`]), whether or not this
    /// CPU can run it.
    fn from_str(s: &str) -> Result<InstructionSet, InstructionSetError> {
        InstructionSet::ALL
            .into_iter()
            .find(|set| set.name() == s)
            .ok_or_else(|| InstructionSetError::Unknown(s.to_owned()))
    }
}

/// Why an [`InstructionSet`] cannot be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InstructionSetError {
    /// A name that is none of [`InstructionSet::ALL`]'s.
    Unknown(String),
    /// A set this CPU cannot run.
    Unavailable(InstructionSet),
}

impl fmt::Display for InstructionSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstructionSetError::Unknown(name) => {
                let names: Vec<_> = InstructionSet::ALL.iter().map(|s| s.name()).collect();
                write!(
                    f,
                    "unknown instruction set {name:?} (one of: {})",
                    names.join(", ")
                )
            }
            InstructionSetError::Unavailable(set) => {
                write!(f, "this CPU cannot run the {set} instruction set")
            }
        }
    }
}

impl std::error::Error for InstructionSetError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_unknown_ones_list_the_choices() {
        for set in InstructionSet::ALL {
            assert_eq!(set.name().parse::<InstructionSet>(), Ok(set));
        }
        let e = "neon".parse::<InstructionSet>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown instruction set \"neon\" (one of: avx512-fma, avx512, avx2, baseline)"
        );
    }

    #[test]
    fn the_baseline_is_always_there_and_last() {
        let sets: Vec<_> = InstructionSet::available().collect();
        assert_eq!(sets.last(), Some(&InstructionSet::Baseline));
        assert_eq!(InstructionSet::best(), sets[0]);
        assert_eq!(
            InstructionSet::Baseline.check(),
            Ok(InstructionSet::Baseline)
        );
    }
}
