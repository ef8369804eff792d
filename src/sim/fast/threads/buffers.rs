//! The memory the bands share: the mailboxes through which the bands hand
//! each other their edge rows. (Each band's own pair of buffers is kept
//! in its workspace: `workspace::Own`.)

use super::super::grid::Grid;

/// A cache line of coordinates.
#[repr(C, align(64))]
#[derive(Clone, Copy)]
struct Line([f64; 8]);

/// Which edge row of a band: its first row, or its last.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Edge {
    Top,
    Bottom,
}

impl Edge {
    /// The neighbour's edge row that meets this one: a band's top edge
    /// meets the bottom edge of the band above.
    pub(super) fn opposite(self) -> Edge {
        match self {
            Edge::Top => Edge::Bottom,
            Edge::Bottom => Edge::Top,
        }
    }
}

/// Every band's copies of its two edge rows from the last two passes
/// (indexed by the pass's parity), for the neighbours beyond those edges.
/// Each coordinate of a copy starts on a cache line, so that no line holds
/// what two bands write.
pub(super) struct Mailboxes {
    lines: Vec<Line>,
    bands: usize,
    /// Lines per coordinate of a row.
    row_lines: usize,
}

impl Mailboxes {
    pub(super) fn new(bands: usize, n: usize) -> Self {
        let row_lines = n.div_ceil(8);
        Mailboxes {
            lines: vec![Line([0.0; 8]); bands * 2 * 2 * 3 * row_lines],
            bands,
            row_lines,
        }
    }

    /// The mailboxes' pointers, to hand to the threads.
    pub(super) fn share(&mut self) -> Shared {
        Shared {
            base: self.lines.as_mut_ptr(),
            bands: self.bands,
            row_lines: self.row_lines,
        }
    }
}

/// The pointers of [`Mailboxes`], shared by the threads.
#[derive(Clone, Copy)]
pub(super) struct Shared {
    base: *mut Line,
    bands: usize,
    row_lines: usize,
}

// SAFETY: the threads write only their own band's copies, read a
// neighbour's only after the release of the count that says it is stored,
// and overwrite one only after the neighbour's count says it has been
// read (the module docs of `threads`); the mailboxes outlive the threads
// (scoped).
unsafe impl Send for Shared {}
// SAFETY: as for `Send`: every access through the pointers is ordered by
// the counts, so sharing the pointers between threads races on nothing.
unsafe impl Sync for Shared {}

impl Shared {
    /// Band `b`'s copy of its `edge` row from the passes of parity
    /// `parity`: one pointer per coordinate, each to a row of values.
    ///
    /// # Panics
    /// If `b` or `parity` is out of range.
    pub(super) fn copy_of(self, b: usize, edge: Edge, parity: usize) -> [*mut f64; 3] {
        assert!(b < self.bands && parity < 2);
        let at = ((b * 2 + edge as usize) * 2 + parity) * 3 * self.row_lines;
        // SAFETY: inside the allocation of `Mailboxes::new`, for a band
        // and parity in range (checked above).
        [0, 1, 2].map(|a| unsafe { self.base.add(at + a * self.row_lines) }.cast::<f64>())
    }
}

/// Row `r` of `grid` into a mailbox copy, or (`into_grid`) back.
///
/// # Safety
/// Row `r` is on the grid; `copy` is from [`Shared::copy_of`] for this
/// grid's `n`; no one else writes what this reads, or touches what it
/// writes, meanwhile.
pub(super) unsafe fn copy_row(
    grid: &Grid<*mut f64>,
    r: usize,
    copy: [*mut f64; 3],
    into_grid: bool,
) {
    let n = grid.n;
    for axis in 0..3 {
        // SAFETY: the caller's.
        unsafe {
            let row = grid.xyz[axis].add(r * n);
            if into_grid {
                std::ptr::copy_nonoverlapping(copy[axis], row, n);
            } else {
                std::ptr::copy_nonoverlapping(row, copy[axis], n);
            }
        }
    }
}

/// Ask the cache for a mailbox copy's rows of `n` values (a hint: nothing
/// changes but timing; nothing where the architecture has no prefetch
/// instruction in stable Rust).
pub(super) fn prefetch(copy: [*mut f64; 3], n: usize) {
    #[cfg(target_arch = "x86_64")]
    for part in copy {
        for o in (0..n).step_by(8).chain([n - 1]) {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            // SAFETY: a prefetch reads nothing, and the address is
            // computed without dereferencing.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(part.wrapping_add(o).cast::<i8>()) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (copy, n);
}
