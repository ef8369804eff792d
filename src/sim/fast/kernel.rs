//! The pass over a band of rows, one kernel for every path: generic over
//! the SIMD lanes ([`super::lanes`]), and over which springs take the FMA square root and
//! division ([`super::exact`]) instead of the divider.
//!
//! **Rows are software-pipelined.** While the sums and collisions of row
//! `j` are worked out (`finish`), the springs of the next row
//! (`springs`) are, in the same loop, one vector of each per
//! iteration. The two halves share no data, so the divider (busy with the
//! next row's square roots and divisions) and the other units (row `j`'s
//! sums, floor and spheres) work at once. A band runs top down (the next
//! row is `j + 1`) or, for the threads, bottom up (the next is `j - 2`,
//! row `j - 1`'s springs being done already): see `Sweep`.
//!
//! **Column strips.** The band is done in strips of up to 512 columns
//! (grids up to 512 wide are one strip), through all the band's rows.
//! Each row's spring terms go to a ring of three term rows (rows `j - 1`,
//! `j`, `j + 1`) of one strip, at most about 150 KB (and a row of zeros,
//! the terms from above the grid, 50 KB more), which stays
//! in the second-level cache, and every term sits at a fixed offset from
//! its row's start. A strip computes the springs one column beyond each
//! side (the neighbours' terms its edge points need), from the same old
//! positions, so a term is the same bits whichever strip computes it.
//! Whole rows of up to 512 are long runs the hardware prefetchers follow
//! (`docs/performance.md` has the narrower strips that ran slower).

use super::finish::finish;
use super::grid::{Grid, EAST, SOUTH_EAST, SOUTH_WEST, STRIP};
use super::lanes::Lanes;
use super::sphere_set::SphereSet;
use super::springs::{columns, fix_far_row, springs};
use super::workspace::Workspace;

/// How a band runs through its rows, and what it tells the threads beside
/// it. A band reads one row beyond each of its ends (the neighbours' edge
/// rows) and writes its own rows; its *near* end is where its sweep starts,
/// its *far* end where the sweep finishes.
pub(crate) struct Sweep<'a> {
    /// From the last row up to the first (near end: the bottom) instead of
    /// from the first down (near end: the top). The same bits either way:
    /// rows are independent within a pass.
    pub(crate) up: bool,
    /// Called once, just before the band first reads the row beyond its
    /// far end (row `j1` going down, `j0 - 1` going up; not called when
    /// that row is off the grid). Going down that is the springs of the
    /// band's last row, going up those of the row above the band, each
    /// late in the pass unless the band has only a row or two.
    pub(crate) far: &'a dyn Fn(),
    /// Called once, just after the band's first row in sweep order (its
    /// near edge row) is stored in full: every read of the row beyond the
    /// near end is done by then.
    pub(crate) near_stored: &'a dyn Fn(),
    /// Called once, after the band's middle row in sweep order is stored
    /// (a hint to the threads: the time to ask the cache for what the next
    /// pass will read first).
    pub(crate) halfway: &'a dyn Fn(),
}

impl Sweep<'static> {
    /// A whole pass on one thread: top down, no one to tell.
    pub(crate) const ALONE: Sweep<'static> = Sweep {
        up: false,
        far: &|| {},
        near_stored: &|| {},
        halfway: &|| {},
    };
}

/// Rows `j0..j1` of one pass, from `src` into the same rows of `dst`, in
/// the order and with the calls `sweep` gives. `W` is `V::W` (a parameter
/// so the ring's offsets are constants). Rows `j0 - 1 ..= j1` are all
/// `src` rows the band reads; it writes rows `j0..j1` of `dst`, the edge
/// row at its far end after `sweep.far` returns.
///
/// # Safety
/// `src` and `dst` are `n x n` grids, and the path's instruction set is
/// enabled. The `src` rows the band reads are final whenever it reads
/// them: its own rows throughout, the row beyond its near end until
/// `sweep.near_stored` is called (another thread may write it after
/// that), the row beyond its far end once `sweep.far` has returned. No one
/// else writes rows `j0..j1` of `dst`, nor reads them, except the near
/// edge row once `sweep.near_stored` is called, and the far edge row
/// until `sweep.far` returns (the band writes it after that).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn band<V: Lanes, const W: usize, const FMA: u8>(
    cpu: V::Token,
    src: &Grid<*const f64>,
    dst: &Grid<*mut f64>,
    j0: usize,
    j1: usize,
    spheres: &SphereSet,
    ws: &mut Workspace,
    sweep: &Sweep,
) {
    assert_eq!(W, V::W);
    let n = src.n;
    debug_assert!(j0 < j1 && j1 <= n && dst.n == n);
    let up = sweep.up;
    // The rows whose springs the band needs: from the row above it (none
    // above the grid) to its last.
    let lo = j0.saturating_sub(1);
    // The spring row that reads the row beyond the far end, if there is one.
    let far_row = match up {
        false if j1 < n => Some(j1 - 1),
        true if j0 > 0 => Some(j0 - 1),
        _ => None,
    };
    let mut far_ready = far_row.is_none();
    macro_rules! before_springs_of {
        ($r:expr) => {
            if !far_ready && Some($r) == far_row {
                (sweep.far)();
                far_ready = true;
            }
        };
    }
    let (ring, zeros) = ws.ring::<W>();
    // Ring slots: row r in slot (r + 1) % 3 (the row above the grid is
    // `zeros`); a pass needs at most three rows' terms at once.
    macro_rules! slot {
        ($r:expr) => {
            ring[($r + 1) % 3]
        };
    }
    // Rows in sweep order, and the spring rows each one's iteration
    // computes beside it: going down, row j + 1's (row j needs j - 1's and
    // j's, done before); going up, row j - 2's (row j needs j's and
    // j - 1's). The springs the first row needs, its own and the row
    // above's (if the band needs that one), come before the loop.
    let row_at = |i: usize| if up { j1 - 1 - i } else { j0 + i };
    let beside = |j: usize| -> Option<usize> {
        if up {
            (j >= lo + 2).then(|| j - 2)
        } else {
            (j + 1 < j1).then_some(j + 1)
        }
    };
    let f = row_at(0);
    let first = [f, f.wrapping_sub(1)];
    let first = &first[..if f > lo { 2 } else { 1 }];
    let strips = n.div_ceil(STRIP);
    for (strip, s0) in (0..n).step_by(STRIP).enumerate() {
        let s1 = (s0 + STRIP).min(n);
        // Springs on columns c0..c1, output on s0..s1; column `col` of the
        // strip at ring index `col + W - s0` (`c0 + W - s0` is `W - 1` or
        // `W`).
        let (c0, c1) = (s0.saturating_sub(1), (s1 + 1).min(n));
        let spring_vectors = (c1 - c0).div_ceil(W);
        let out_vectors = (s1 - s0).div_ceil(W);
        // Zeros the sums read off the grid: column -1 of the east and
        // south-east terms, column n of the south-west ones (the row above
        // the grid is `zeros`). Nothing in this strip writes them.
        for row in ring {
            for a in 0..3 {
                // SAFETY: ring indices inside a term row.
                unsafe {
                    if s0 == 0 {
                        *row.at(EAST, a, W - 1) = 0.0;
                        *row.at(SOUTH_EAST, a, W - 1) = 0.0;
                    }
                    if s1 == n {
                        *row.at(SOUTH_WEST, a, n + W - s0) = 0.0;
                    }
                }
            }
        }
        // The springs of row r, vector k of this strip, into its ring slot;
        // of the row above the band only those the band's first row needs
        // (not the east ones: that row's points are the band above's).
        macro_rules! row_springs {
            ($r:expr, $k:expr, $far:expr) => {{
                let a = c0 + $k * W;
                let cols = columns::<V>(cpu, n, a);
                // SAFETY: row r is on the grid; the ring index is inside.
                $far = V::or($far, unsafe {
                    springs::<V, W, FMA>(cpu, src, $r, a, &cols, $r >= j0, slot!($r), a + W - s0)
                });
            }};
        }
        for &r in first {
            before_springs_of!(r);
            let mut far = V::mask_from_bits(cpu, 0);
            for k in 0..spring_vectors {
                row_springs!(r, k, far);
            }
            if V::any(far) {
                fix_far_row::<W>(src, r, (c0, c1, s0), slot!(r));
            }
        }
        let rows = j1 - j0;
        for i in 0..rows {
            let j = row_at(i);
            let above = if j == 0 { zeros } else { slot!(j - 1) };
            let this = slot!(j);
            let next = beside(j);
            if let Some(r) = next {
                before_springs_of!(r);
            }
            let mut far = V::mask_from_bits(cpu, 0);
            for k in 0..spring_vectors {
                if let Some(r) = next {
                    row_springs!(r, k, far);
                }
                if k < out_vectors {
                    let a = s0 + k * W;
                    let partial = a + W > n;
                    let on = V::lanes_below(cpu, n - a);
                    // SAFETY: row j is the band's; the ring holds rows j - 1
                    // and j of this strip.
                    unsafe {
                        finish::<V, W>(
                            cpu,
                            src,
                            dst,
                            j,
                            a,
                            on,
                            partial,
                            (above, this, a + W - s0),
                            spheres,
                        )
                    };
                }
            }
            if let (Some(r), true) = (next, V::any(far)) {
                fix_far_row::<W>(src, r, (c0, c1, s0), slot!(r));
            }
            if strip + 1 == strips {
                if i == 0 {
                    (sweep.near_stored)();
                }
                if i == rows / 2 {
                    (sweep.halfway)();
                }
            }
        }
    }
}
