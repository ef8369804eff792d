//! The spatial hash under the pair list: points in the cells of a uniform
//! grid of cubes, the cells in a table of slots, a chain of points a slot.

#![forbid(unsafe_code)]

/// No point: the end of a chain.
const NONE: u32 = u32::MAX;

/// Every point in the cell of a uniform grid of cubes `cell` across that
/// holds its anchor (`floor(x / cell)`, and so on), and the cells in a
/// table of at least eight times as many slots as points by a hash of
/// their coordinates ([`slot_of`]), so the cells along `x` of a column of
/// cells `(y, z)` have consecutive slots and a point finds the cells of a
/// column in one run of the table. Two points within `cell` of each other
/// are in the same or neighbouring cells, so a point looks only in the 27
/// cells round its own, nine runs of three slots: a cost per point that
/// does not grow with the grid. Eight slots a point keep few points of
/// other cells in the runs a point looks in.
#[derive(Clone, Debug, Default)]
pub(super) struct Table {
    /// The cubes' side, world units.
    cell: f64,
    /// The first point of each slot's chain.
    head: Vec<u32>,
    /// The next point after each point in its chain.
    next: Vec<u32>,
    /// Each point's slot.
    slot: Vec<u32>,
}

impl Table {
    /// Put the points at `pos` in cells `cell` across, each chain in
    /// descending index order (as [`Table::near_points_after`] needs; a
    /// point moved later goes to the head of its new chain).
    pub fn build(&mut self, pos: &[[f64; 3]], cell: f64) {
        let count = pos.len();
        let slots = (8 * count).next_power_of_two().max(64);
        let bits = slots.trailing_zeros();
        self.cell = cell;
        self.head.clear();
        self.head.resize(slots, NONE);
        self.next.clear();
        self.next.resize(count, NONE);
        let mut slot = std::mem::take(&mut self.slot);
        slot.clear();
        slot.extend(pos.iter().map(|&p| slot_of(self.cell_of(p), bits)));
        self.slot = slot;
        for k in 0..count {
            let s = self.slot[k] as usize;
            self.next[k] = self.head[s];
            self.head[s] = k as u32;
        }
    }

    /// The cell that holds `p`.
    #[inline]
    pub fn cell_of(&self, p: [f64; 3]) -> [i32; 3] {
        [
            cell_of(p[0], self.cell),
            cell_of(p[1], self.cell),
            cell_of(p[2], self.cell),
        ]
    }

    /// Move point `k` to the cell that holds `p`: out of its old slot's
    /// chain, to the head of its new one's.
    pub fn move_point(&mut self, k: usize, p: [f64; 3]) {
        let old = self.slot[k] as usize;
        if self.head[old] == k as u32 {
            self.head[old] = self.next[k];
        } else {
            let mut at = self.head[old] as usize;
            while self.next[at] != k as u32 {
                at = self.next[at] as usize;
            }
            self.next[at] = self.next[k];
        }
        let new = slot_of(self.cell_of(p), self.head.len().trailing_zeros());
        self.slot[k] = new;
        self.next[k] = self.head[new as usize];
        self.head[new as usize] = k as u32;
    }

    /// Call `f` with every point after `a` (by index) in the 27 cells round
    /// `cell`, and others where slots collide, some more than once: `f`
    /// checks the distance. The chains must be in descending index order,
    /// as [`Table::build`] leaves them.
    #[inline]
    pub fn near_points_after(&self, cell: [i32; 3], a: u32, mut f: impl FnMut(u32)) {
        self.runs(cell, 1, |head| {
            let mut k = head;
            // `NONE` is the largest u32, so the end of a chain stops it
            // as a point before `a` does.
            while k != NONE && k > a {
                f(k);
                k = self.next[k as usize];
            }
        });
    }

    /// Call `f` with every point in the cells within `span` cells of
    /// `cell` along each axis (`(2 span + 1)^2` runs of `2 span + 1`
    /// slots), and others where slots collide, some more than once: `f`
    /// checks the distance.
    #[inline]
    pub fn near_points(&self, cell: [i32; 3], span: i32, mut f: impl FnMut(u32)) {
        self.runs(cell, span, |head| {
            let mut k = head;
            while k != NONE {
                f(k);
                k = self.next[k as usize];
            }
        });
    }

    /// Call `chain` with the head of every slot of the cells within `span`
    /// cells of `cell` along each axis.
    #[inline]
    fn runs(&self, cell: [i32; 3], span: i32, mut chain: impl FnMut(u32)) {
        let mask = self.head.len() - 1;
        let bits = self.head.len().trailing_zeros();
        let [cx, cy, cz] = cell;
        let x_lo = cx.wrapping_sub(span);
        for dz in -span..=span {
            for dy in -span..=span {
                let (y, z) = (cy.wrapping_add(dy), cz.wrapping_add(dz));
                // Cells x - span to x + span of the column: consecutive
                // slots (round the end of the table).
                let lo = slot_of([x_lo, y, z], bits) as usize;
                for s in lo..lo + (2 * span + 1) as usize {
                    chain(self.head[s & mask]);
                }
            }
        }
    }
}

/// The cell coordinate of `v` in cells `r` across: `floor(v / r)`, held at
/// the ends of `i32` for coordinates beyond them (more than about 2e9 `r`
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

/// A cell's slot in a table of `2^bits` slots: its column's, `y` and `z`
/// scattered by multiplying them by two large odd constants and keeping the
/// top bits of the sum (Fibonacci hashing, so columns near each other land
/// far apart whatever the table's size), plus `x`, so the cells along `x`
/// of a column get consecutive slots and a point finds the cells of a
/// column in one run of the table.
#[inline]
fn slot_of(c: [i32; 3], bits: u32) -> u32 {
    let column = (c[1] as u64)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add((c[2] as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F));
    let h = (column >> (64 - bits)).wrapping_add(c[0] as u64);
    (h & ((1u64 << bits) - 1)) as u32
}
