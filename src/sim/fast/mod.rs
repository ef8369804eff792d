//! The fast pass: exactly the arithmetic of [`super::reference`],
//! reorganised so that it runs many times faster and gives the same bits.
//!
//! Every reorganisation, and why it is exact:
//!
//! - **Each spring is computed once.** The spring from point `a` to `b`
//!   gives `a` the term `v * dd` with `v = b - a`. Seen from `b`,
//!   `v' = a - b = -v` exactly (IEEE subtraction is antisymmetric), `d` is
//!   the same sum of the same squares, so `dd` is the same, and `b`'s term
//!   is exactly `-(v * dd)`. So each row computes its springs to the east,
//!   south, south-east and south-west neighbours once, and each point takes
//!   the other four (north-west, north, north-east, west) negated from the
//!   row above and its west neighbour. `m - t` is the IEEE operation
//!   `m + (-t)`, so subtracting the stored term is adding the neighbour's.
//! - **Each point still sums its eight terms in the original's order**
//!   (north-west, north, north-east, west, east, south-west, south,
//!   south-east), starting from `(0, -0.001, 0)`: addition is not
//!   associative, so the order is part of the result.
//! - **Edges are zeros, not branches.** A spring to a neighbour off the grid
//!   contributes an exact zero term (lane masks, and zero slots beside each
//!   row). Adding zero is exact here: `m` starts at `+0` or `-0.001` and a
//!   round-to-nearest sum is `-0` only when both operands are, so `m` is
//!   never `-0`, and `m + (+-0) == m` for every other value. The same holds
//!   for a spring the reference skips (`d` below the smallest normal).
//! - **SIMD across points** of a row (8 lanes with AVX-512, 4 with AVX2 or
//!   the baseline): each lane does one point's operations in the scalar
//!   order, and `+ - * / sqrt` round the same in every lane width.
//! - **Rows are software-pipelined** (`kernel`): the springs of row
//!   `j + 1` are computed in the same loop as the sums and collisions of
//!   row `j`, so the divider and the other units work at once. Order within
//!   a point is unchanged; rows are independent within a pass (double
//!   buffering), so interleaving them changes nothing.
//! - **Square roots and divisions off the divider** (the `avx512-fma`
//!   path): some springs' `sqrt(d)` and `/ d` are computed on the FMA units
//!   by a routine proven to round correctly (`exact`), which by definition
//!   gives the divider's bits. FMA is used only inside that routine; every
//!   operation of the physics is still one rounded IEEE operation.
//! - **Collisions sphere by sphere, vector by vector**: a lane's test
//!   against sphere `k` reads where sphere `k - 1` left it, as in the
//!   original; a vector with no point inside a sphere skips its push.
//! - **Bands of rows on threads** (`threads`, feature `parallel`): a band
//!   recomputes the springs across its top edge from the same old
//!   positions, which gives the bits the band above would. Each band works
//!   in its own buffers and takes its neighbours' edge rows of the
//!   previous pass from their mailboxes once they have posted them (no
//!   barrier), so every thread reads only finished positions. Bands sweep
//!   their rows top down or bottom up; rows are independent within a
//!   pass, so the order changes nothing.
//!
//! # Instruction sets
//!
//! The instruction set is picked at run time, so one binary runs on any
//! x86-64 (and the baseline on any other CPU), with the same bits on each:
//! see [`InstructionSet`](crate::sim::InstructionSet). The tests run every set the CPU has.

mod bands;
pub(crate) mod exact;
mod finish;
mod grid;
mod kernel;
mod lanes;
mod pass;
mod sphere_set;
mod springs;
#[cfg(test)]
mod sweep_tests;
#[cfg(feature = "parallel")]
mod threads;
mod workspace;

pub use pass::{pass, Stepper};
pub(crate) use pass::{run, Scratch};
