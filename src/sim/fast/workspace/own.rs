//! [`Own`]: one band's own pair of buffers on several threads (feature
//! `parallel`), kept in its [`Workspace`](super::Workspace) between runs.

use super::super::grid::Grid;

/// One band's own two buffers (the pass reads one and writes the other),
/// each a whole `n x n` grid of which the band uses only its rows and the
/// row beyond each of its edges. (The rest is never touched: large zeroed
/// allocations come from the system as pages that are only mapped when
/// first written.) A band's buffers stay in its `Workspace` from one run
/// to the next, so that a run does not map them afresh: every row a pass
/// reads is stored or copied in before, whatever an earlier run left.
pub(crate) struct Own {
    xyz: [[Vec<f64>; 3]; 2],
    n: usize,
}

/// A clone is new buffers of the same size: what they hold is scratch,
/// never state (and copying them would map every page of both).
impl Clone for Own {
    fn clone(&self) -> Self {
        Own::new(self.n)
    }
}

impl std::fmt::Debug for Own {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Own {{ two {0} x {0} buffers }}", self.n)
    }
}

impl Own {
    /// Buffers for an `n x n` grid: `kept`, if it is one, else new ones.
    pub(in crate::sim::fast) fn reuse(kept: Option<Own>, n: usize) -> Self {
        kept.filter(|o| o.n == n).unwrap_or_else(|| Own::new(n))
    }

    fn new(n: usize) -> Self {
        Own {
            xyz: std::array::from_fn(|_| std::array::from_fn(|_| vec![0.0; n * n])),
            n,
        }
    }

    /// Buffer `k`'s coordinate arrays, each `n * n` values.
    pub(in crate::sim::fast) fn values(&mut self, k: usize) -> &mut [Vec<f64>; 3] {
        &mut self.xyz[k]
    }

    /// Both buffers' pointers (valid while `self` is neither moved nor
    /// borrowed otherwise).
    pub(in crate::sim::fast) fn grids(&mut self) -> [Grid<*mut f64>; 2] {
        let n = self.n;
        self.xyz.each_mut().map(|b| Grid {
            xyz: b.each_mut().map(|a| a.as_mut_ptr()),
            n,
        })
    }
}
