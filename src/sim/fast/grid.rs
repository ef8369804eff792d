//! The shapes the kernel works on: a cloth's coordinates as raw pointers
//! ([`Grid`]), the strips of columns, the four spring types a row
//! computes, and a row of their terms ([`TermRow`]).

use crate::sim::Cloth;

/// Columns per strip (a multiple of every lane width).
pub(crate) const STRIP: usize = 512;

/// Spring types a row computes: to the east, south, south-east and
/// south-west neighbour. The other four a point needs are these, negated,
/// from its west neighbour and the row above.
pub(crate) const EAST: usize = 0;
pub(crate) const SOUTH: usize = 1;
pub(crate) const SOUTH_EAST: usize = 2;
pub(crate) const SOUTH_WEST: usize = 3;

/// The three coordinate arrays of a cloth, as raw pointers: the pass
/// reads one buffer while the threads write disjoint rows of the other.
#[derive(Clone, Copy)]
pub(crate) struct Grid<P> {
    pub(crate) xyz: [P; 3],
    /// Points along each side.
    pub(crate) n: usize,
}

#[cfg(feature = "parallel")]
impl Grid<*mut f64> {
    /// The same grid, for reading.
    pub(crate) fn to_const(self) -> Grid<*const f64> {
        Grid {
            xyz: self.xyz.map(<*mut f64>::cast_const),
            n: self.n,
        }
    }
}

/// Values in one term row: a strip, a vector of slack before it (column
/// `s0 - 1` and the zero before the grid's first column), and two after
/// (the last spring vector can reach past the strip).
pub(crate) const fn stride(w: usize) -> usize {
    STRIP + 3 * w
}

/// One term row: the terms of each spring type and axis for the columns
/// of a strip, column `col` at `col - s0 + w` of `(t * 3 + axis)`'s part.
#[derive(Clone, Copy)]
pub(crate) struct TermRow<const W: usize>(pub(crate) *mut f64);

impl<const W: usize> TermRow<W> {
    /// Where type `t`, axis `a`, ring index `at` lives.
    #[inline(always)]
    pub(crate) fn at(self, t: usize, a: usize, at: usize) -> *mut f64 {
        debug_assert!(t < 4 && a < 3 && at + W <= stride(W));
        // SAFETY: inside the row, by the assertion.
        unsafe { self.0.add((t * 3 + a) * stride(W) + at) }
    }
}

pub(crate) fn grid_of(c: &Cloth) -> Grid<*const f64> {
    Grid {
        xyz: [c.x.as_ptr(), c.y.as_ptr(), c.z.as_ptr()],
        n: c.n(),
    }
}

pub(crate) fn grid_of_mut(c: &mut Cloth) -> Grid<*mut f64> {
    Grid {
        xyz: [c.x.as_mut_ptr(), c.y.as_mut_ptr(), c.z.as_mut_ptr()],
        n: c.n(),
    }
}
