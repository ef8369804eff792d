//! The pair list: every two points within [`NEAR`] thicknesses of each
//! other that may be pushed apart, found with a spatial hash, and where the
//! points were when it was made.

use super::NEAR;

/// The candidate pairs, by their first point: point `a`'s partners (every
/// `b > a` that is not its grid neighbour, not pinned with it, and was
/// within `NEAR` thicknesses of it when the list was made) are
/// `partners[first[a]..first[a + 1]]`, ascending. So running through `a`
/// then its partners visits the pairs `(a, b)` in lexicographic order.
#[derive(Clone, Debug, Default)]
pub(super) struct PairList {
    /// Where each point's partners start in `partners` (one more than
    /// points).
    pub first: Vec<u32>,
    /// Every point's partners, point by point, ascending.
    pub partners: Vec<u32>,
    /// Where each point was when the list was made.
    pub anchor: Vec<[f64; 3]>,
    /// The thickness, reach and grid size it was made for (`t` as bits).
    pub made_for: Option<(u64, usize, usize)>,
    /// The table: each point's slot.
    slot: Vec<u32>,
    /// Where each slot's points start in `entries` (one more than slots).
    start: Vec<u32>,
    /// The points, slot by slot, in index order within a slot.
    entries: Vec<Entry>,
    /// The points in index order.
    points: Vec<Entry>,
}

/// A point as the table holds it: what finding its partners needs, side by
/// side.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// Its position.
    p: [f64; 3],
    /// Its cell.
    cell: [i32; 3],
    /// Its row-major index, its row `j` and column `i`.
    k: u32,
    j: u32,
    i: u32,
}

impl PairList {
    /// Make the list afresh for the points at `pos` (row-major, `n x n`),
    /// thickness `t`, grid neighbours within `reach` in both `j` and `i`
    /// left out, and pairs of pinned points left out.
    ///
    /// Each point goes in the cell of a uniform grid of cubes `NEAR t`
    /// across that holds it (`floor(x / (NEAR t))`, and so on), and the
    /// cells into a table of at least twice as many slots as points by a
    /// hash of their coordinates, `x + A y + B z` for two large odd
    /// constants (counting sort, points in index order within a slot), so
    /// the cells along `x` of a column of cells `(y, z)` have consecutive
    /// slots. Two points within `NEAR t` are in the same or neighbouring
    /// cells, so each point looks only in the 27 cells around its own, nine
    /// runs of three slots: a cost per point that does not grow with the
    /// grid.
    pub fn make(&mut self, pos: &[[f64; 3]], n: usize, t: f64, reach: usize, pinned: &[bool]) {
        let count = n * n;
        debug_assert_eq!(pos.len(), count);
        let r = NEAR * t;
        let slots = (2 * count).next_power_of_two().max(64);
        let bits = slots.trailing_zeros();
        // Each point's cell and slot.
        self.slot.clear();
        let mut entries = std::mem::take(&mut self.points);
        entries.clear();
        for (k, &p) in pos.iter().enumerate() {
            let cell = [cell_of(p[0], r), cell_of(p[1], r), cell_of(p[2], r)];
            self.slot.push(slot_of(cell, bits));
            entries.push(Entry {
                p,
                cell,
                k: k as u32,
                j: (k / n) as u32,
                i: (k % n) as u32,
            });
        }
        // Counting sort: slot sizes, their starts, then the points in
        // index order. `first` (about to be rewritten) is the cursor.
        self.start.clear();
        self.start.resize(slots + 1, 0);
        for &s in &self.slot {
            self.start[s as usize + 1] += 1;
        }
        for s in 0..slots {
            self.start[s + 1] += self.start[s];
        }
        let cursor = &mut self.first;
        cursor.clear();
        cursor.extend_from_slice(&self.start[..slots]);
        let mut sorted = std::mem::take(&mut self.partners);
        sorted.clear();
        sorted.resize(count, 0);
        for (k, &s) in self.slot.iter().enumerate() {
            sorted[cursor[s as usize] as usize] = k as u32;
            cursor[s as usize] += 1;
        }
        self.entries.clear();
        self.entries.extend(sorted.iter().map(|&k| entries[k as usize]));

        // Each point's partners: the points after it in its 27 cells.
        let near = r * r;
        let reach = reach as u32;
        self.first.clear();
        sorted.clear();
        let partners = &mut sorted;
        for (a, ea) in entries.iter().enumerate() {
            self.first.push(partners.len() as u32);
            let from = partners.len();
            let a_pinned = pinned[a];
            let [cx, cy, cz] = ea.cell;
            let x_lo = cx.wrapping_sub(1);
            for dz in -1..=1 {
                for dy in -1..=1 {
                    let (y, z) = (cy.wrapping_add(dy), cz.wrapping_add(dz));
                    // Cells x - 1 to x + 1 of the column: consecutive
                    // slots, so consecutive entries (in one run, or two
                    // where the table wraps round).
                    let lo = slot_of([x_lo, y, z], bits) as usize;
                    let hi = lo + 3;
                    let runs = if hi <= slots {
                        [lo..hi, 0..0]
                    } else {
                        [lo..slots, 0..hi - slots]
                    };
                    for run in runs {
                        let range = self.start[run.start] as usize..self.start[run.end] as usize;
                        for e in &self.entries[range] {
                            let in_cells = (e.cell[1] == y)
                                & (e.cell[2] == z)
                                & ((e.cell[0].wrapping_sub(x_lo) as u32) < 3);
                            let neighbours =
                                (ea.j.abs_diff(e.j) <= reach) & (ea.i.abs_diff(e.i) <= reach);
                            let v = [e.p[0] - ea.p[0], e.p[1] - ea.p[1], e.p[2] - ea.p[2]];
                            let close = v[0] * v[0] + v[1] * v[1] + v[2] * v[2] < near;
                            if in_cells
                                & (e.k as usize > a)
                                & !neighbours
                                & !(a_pinned & pinned[e.k as usize])
                                & close
                            {
                                partners.push(e.k);
                            }
                        }
                    }
                }
            }
            partners[from..].sort_unstable();
        }
        self.first.push(partners.len() as u32);
        self.partners = sorted;
        self.points = entries;
        self.anchor.clear();
        self.anchor.extend_from_slice(pos);
        self.made_for = Some((t.to_bits(), reach as usize, n));
    }
}

/// The cell coordinate of `v` in cells `r` across: `floor(v / r)`, held at
/// the ends of `i32` for coordinates beyond them (more than about 2e6 `r`
/// out: far cells then share a coordinate, which only costs time).
#[inline]
fn cell_of(v: f64, r: f64) -> i32 {
    let q = v / r;
    // `as` truncates towards zero (and saturates); one down for negative
    // non-integers makes it the floor.
    let c = q as i32;
    if (c as f64) > q {
        c.saturating_sub(1)
    } else {
        c
    }
}

/// A cell's slot in a table of `2^bits` slots: `x + A y + B z` for two
/// large odd constants, the low bits. Cells next to each other along `x`
/// get consecutive slots, so a point finds the three cells of a column in
/// one run of the table; the columns are scattered by `A` and `B`.
#[inline]
fn slot_of(c: [i32; 3], bits: u32) -> u32 {
    let h = (c[0] as u64)
        .wrapping_add((c[1] as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add((c[2] as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F));
    (h & ((1u64 << bits) - 1)) as u32
}
