//! The pair list: every two points near enough each other that they may
//! have to be pushed apart, found with a spatial hash, and kept as the
//! points move (see [`PairList::move_on`]).

#![forbid(unsafe_code)]

use super::tuning::{DRIFT, LOOSE_DRIFT, NEAR};

/// No point: the end of a chain of the table.
const NONE: u32 = u32::MAX;

/// The candidate pairs. Point `a`'s partners from when the list was made
/// (every `b > a` that is not its grid neighbour, not pinned with it, and
/// was within `NEAR` thicknesses of it) are `partners[first[a]..first[a +
/// 1]]`, ascending; those found since, as points moved on, are `extra[a]`,
/// ascending. Running through `a`, then the merge of the two, visits the
/// pairs `(a, b)` in lexicographic order.
///
/// What it promises: every pair whose anchors (`anchor`, where each point
/// was when the list was made or it was last moved on) are closer than
/// `1 + h_a + h_b + 0.05` thicknesses is listed once (it may list pairs
/// further apart), where a point's allowance `h` is [`DRIFT`], or
/// [`LOOSE_DRIFT`] once it has been moved on. So while every point is
/// within its allowance of its anchor, the list holds every pair closer
/// than the thickness.
#[derive(Clone, Debug, Default)]
pub(super) struct PairList {
    /// Where each point's partners start in `partners` (one more than
    /// points).
    pub first: Vec<u32>,
    /// Every point's partners, point by point, ascending.
    pub partners: Vec<u32>,
    /// Each point's anchor.
    pub anchor: Vec<[f64; 3]>,
    /// Each point's partners `b > a` found as points moved on, not in
    /// `partners`, ascending.
    pub extra: Vec<Vec<u32>>,
    /// Whether each point has been moved on since the list was made.
    pub moved: Vec<bool>,
    /// The thickness, reach and grid size it was made for (`t` as bits).
    pub made_for: Option<(u64, usize, usize)>,
    /// How many points have been moved on, and how many extra pairs found,
    /// since the list was made.
    moved_count: usize,
    extra_count: usize,
    /// Whether each point is pinned, as `make` was told.
    pinned: Vec<bool>,
    /// Each point's row `j` and column `i`.
    row: Vec<u32>,
    col: Vec<u32>,
    /// The table, a chain of points a slot: the first point of each slot's
    /// chain, the next after each point, and each point's slot (of its
    /// anchor's cell).
    head: Vec<u32>,
    next: Vec<u32>,
    slot: Vec<u32>,
    /// Scratch: the candidates for one point.
    found: Vec<u32>,
}

impl PairList {
    /// Make the list afresh for the points at `pos` (row-major, `n x n`),
    /// thickness `t`, grid neighbours within `reach` in both `j` and `i`
    /// left out, and pairs of pinned points left out.
    ///
    /// Each point goes in the cell of a uniform grid of cubes `NEAR t`
    /// across that holds it (`floor(x / (NEAR t))`, and so on), and the
    /// cells into a table of at least twice as many slots as points by a
    /// hash of their coordinates ([`slot_of`]), so the cells along `x` of a
    /// column of cells `(y, z)` have consecutive slots. Two points within `NEAR t` are in the same or
    /// neighbouring cells, so each point looks only in the 27 cells around
    /// its own, nine runs of three slots: a cost per point that does not
    /// grow with the grid.
    pub fn make(&mut self, pos: &[[f64; 3]], n: usize, t: f64, reach: usize, pinned: &[bool]) {
        let count = n * n;
        debug_assert_eq!(pos.len(), count);
        let r = NEAR * t;
        let slots = (2 * count).next_power_of_two().max(64);
        let bits = slots.trailing_zeros();
        self.made_for = Some((t.to_bits(), reach, n));
        self.pinned.clear();
        self.pinned.extend_from_slice(pinned);
        if self.row.len() != count {
            self.row = (0..count).map(|k| (k / n) as u32).collect();
            self.col = (0..count).map(|k| (k % n) as u32).collect();
        }
        self.anchor.clear();
        self.anchor.extend_from_slice(pos);
        // The chains, each in index order.
        self.head.clear();
        self.head.resize(slots, NONE);
        self.next.clear();
        self.next.resize(count, NONE);
        self.slot.clear();
        self.slot
            .extend(pos.iter().map(|&p| slot_of(cell_of3(p, r), bits)));
        for k in (0..count).rev() {
            let s = self.slot[k] as usize;
            self.next[k] = self.head[s];
            self.head[s] = k as u32;
        }
        // Each point's partners: the points after it in its 27 cells.
        let near = r * r;
        self.first.clear();
        self.partners.clear();
        let mut found = std::mem::take(&mut self.found);
        for (a, &pa) in pos.iter().enumerate() {
            self.first.push(self.partners.len() as u32);
            found.clear();
            self.near_points(cell_of3(pa, r), 1, |k| {
                if k as usize > a && dist2(pa, pos[k as usize]) < near {
                    found.push(k);
                }
            });
            // Where slots collide, a chain can be looked at twice.
            found.sort_unstable();
            found.dedup();
            for &b in &found {
                if !self.kept_apart(a, b as usize, reach) {
                    self.partners.push(b);
                }
            }
        }
        self.first.push(self.partners.len() as u32);
        self.found = found;
        self.extra.resize_with(count, Vec::new);
        for e in &mut self.extra {
            e.clear();
        }
        self.moved.clear();
        self.moved.resize(count, false);
        self.moved_count = 0;
        self.extra_count = 0;
    }

    /// Point `k`'s partners `b > k` from when the list was made, ascending.
    #[inline]
    pub fn partners_of(&self, k: usize) -> &[u32] {
        &self.partners[self.first[k] as usize..self.first[k + 1] as usize]
    }

    /// Move point `k`'s anchor on to where it is now, `pos[k]`, and list in
    /// `extra` every pair of it with a point whose anchor is near enough
    /// its new one for the list's promise (those not listed already). Where
    /// many points have been moved on (an eighth), or many pairs found so,
    /// the list is made afresh instead (from `pos`): returns whether it
    /// was. A few points' work either way (a fresh list every eighth of the
    /// points is a point's worth eight times over).
    pub fn move_on(&mut self, k: usize, pos: &[[f64; 3]]) -> bool {
        let (t_bits, reach, n) = self.made_for.expect("a list to move on in");
        let count = n * n;
        let t = f64::from_bits(t_bits);
        if self.moved_count >= count / 8 + 16 || self.extra_count >= 2 * count + 64 {
            let pinned = std::mem::take(&mut self.pinned);
            self.make(pos, n, t, reach, &pinned);
            self.pinned = pinned;
            return true;
        }
        let r = NEAR * t;
        let bits = self.head.len().trailing_zeros();
        // Out of its old slot's chain, into its new one's.
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
        let pk = pos[k];
        let cell = cell_of3(pk, r);
        let new = slot_of(cell, bits);
        self.slot[k] = new;
        self.next[k] = self.head[new as usize];
        self.head[new as usize] = k as u32;
        self.anchor[k] = pk;
        if !self.moved[k] {
            self.moved[k] = true;
            self.moved_count += 1;
        }
        // Anchors within `1 + h_k + h_c + 0.05` thicknesses: at most
        // `1 + 2 LOOSE_DRIFT + 0.05 = 2.05`, two cells round.
        let reach_of = |h: f64| {
            let d = t * (1.0 + LOOSE_DRIFT + h + 0.05);
            d * d
        };
        let (near_settled, near_loose) = (reach_of(DRIFT), reach_of(LOOSE_DRIFT));
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        self.near_points(cell, 2, |c| {
            let near = if self.moved[c as usize] {
                near_loose
            } else {
                near_settled
            };
            if c as usize != k && dist2(pk, self.anchor[c as usize]) < near {
                found.push(c);
            }
        });
        for &c in &found {
            let c = c as usize;
            if self.kept_apart(k, c, reach) {
                continue;
            }
            let (lo, hi) = (k.min(c), k.max(c) as u32);
            if self.partners_of(lo).binary_search(&hi).is_ok() {
                continue;
            }
            if let Err(at) = self.extra[lo].binary_search(&hi) {
                self.extra[lo].insert(at, hi);
                self.extra_count += 1;
            }
        }
        self.found = found;
        false
    }

    /// Whether points `a` and `b` are never pushed apart: grid neighbours
    /// (within `reach` in both `j` and `i`, the point itself too), or both
    /// pinned.
    #[inline]
    fn kept_apart(&self, a: usize, b: usize, reach: usize) -> bool {
        let reach = reach as u32;
        (self.row[a].abs_diff(self.row[b]) <= reach) & (self.col[a].abs_diff(self.col[b]) <= reach)
            | (self.pinned[a] & self.pinned[b])
    }

    /// Call `f` with every point of the table in the cells within `span`
    /// cells of `cell` along each axis (`(2 span + 1)^2` runs of `2 span +
    /// 1` slots), and others where slots collide, some more than once: `f`
    /// checks the distance.
    #[inline]
    fn near_points(&self, cell: [i32; 3], span: i32, mut f: impl FnMut(u32)) {
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
                    let mut k = self.head[s & mask];
                    while k != NONE {
                        f(k);
                        k = self.next[k as usize];
                    }
                }
            }
        }
    }
}

/// The square of the distance from `a` to `b`.
#[inline]
pub(super) fn dist2(a: [f64; 3], b: [f64; 3]) -> f64 {
    let v = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    v[0] * v[0] + v[1] * v[1] + v[2] * v[2]
}

/// The cell of `p` in cells `r` across.
#[inline]
fn cell_of3(p: [f64; 3], r: f64) -> [i32; 3] {
    [cell_of(p[0], r), cell_of(p[1], r), cell_of(p[2], r)]
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
