//! A hand on the cloth: the held point, and why a hand was refused.

#![forbid(unsafe_code)]

use std::fmt;

/// A held point: the point, `(j, i)`, and where each step puts it, world
/// units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Held {
    /// The point, row-major index `j * n + i`.
    pub(crate) point: usize,
    /// Where the next step puts it.
    pub at: [f64; 3],
    /// Points along each side of the grid.
    n: usize,
}

impl Held {
    /// Point `point` (row-major) of an `n x n` grid held at `at`.
    pub(crate) fn new(point: usize, at: [f64; 3], n: usize) -> Self {
        Held { point, at, n }
    }

    /// The point held, `(j, i)`.
    pub fn point(&self) -> (usize, usize) {
        (self.point / self.n, self.point % self.n)
    }
}

/// Why a hand on the cloth was refused.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HandError {
    /// Point `[j][i]` is not on the `n x n` grid.
    OffGrid {
        /// The row asked for.
        j: usize,
        /// The column asked for.
        i: usize,
        /// Points along each side of the grid.
        n: usize,
    },
    /// A place with a coordinate that is not finite.
    NotFinite([f64; 3]),
}

impl fmt::Display for HandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandError::OffGrid { j, i, n } => {
                write!(f, "point [{j}][{i}] is off the {n} x {n} grid")
            }
            HandError::NotFinite(p) => {
                write!(f, "a point cannot be held at {p:?}: not finite")
            }
        }
    }
}

impl std::error::Error for HandError {}
