//! [`Workspace`]: one band's scratch, kept between passes and runs.

#[cfg(feature = "parallel")]
mod own;

use super::grid::{stride, TermRow};
#[cfg(feature = "parallel")]
pub(crate) use own::Own;

/// Scratch for one band: the ring of spring terms, kept between passes,
/// and a term row of zeros, the terms from the row above the grid; on
/// several threads also the band's own buffers, kept between runs.
#[derive(Clone, Debug, Default)]
pub(crate) struct Workspace {
    terms: Vec<f64>,
    #[cfg(feature = "parallel")]
    pub(crate) own: Option<Own>,
}

impl Workspace {
    /// The ring's three term rows for lanes of width `W`, and the row of
    /// zeros: a fourth row, zeroed when the scratch is laid out for this
    /// width and never written, so no pass zeroes a ring row for the row
    /// above the grid.
    #[inline(always)]
    pub(super) fn ring<const W: usize>(&mut self) -> ([TermRow<W>; 3], TermRow<W>) {
        let row = 12 * stride(W);
        // A scratch laid out for another width is laid out afresh, so that
        // the row of zeros is never a row another width has written.
        if self.terms.len() != 4 * row {
            self.terms = vec![0.0; 4 * row];
        }
        let base = self.terms.as_mut_ptr();
        // SAFETY: four rows of `row` values, allocated above.
        let [r0, r1, r2, zeros] = std::array::from_fn(|s| TermRow(unsafe { base.add(s * row) }));
        ([r0, r1, r2], zeros)
    }
}
