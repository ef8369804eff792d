//! The pair list: every two points within [`NEAR`] thicknesses of each
//! other that may be pushed apart, found with a spatial hash, and kept as
//! the points move (see [`PairList::move_on`]).

use super::{DRIFT, LOOSE_DRIFT, NEAR};

/// The candidate pairs. Point `a`'s partners from when the list was made
/// (every `b > a` that is not its grid neighbour, not pinned with it, and
/// was within `NEAR` thicknesses of it) are `partners[first[a]..first[a +
/// 1]]`, ascending; pairs found since, as points moved on, are in `extra`.
/// Running through `a`, then the merge of its partners and its `extra`
/// pairs, visits the pairs `(a, b)` in lexicographic order.
///
/// What it promises: every pair whose anchors (`anchor`, where each point
/// was when the list was made or it was last moved on) are closer than
/// `1 + h_a + h_b + 0.05` thicknesses is listed once (it may list pairs
/// further apart), where a point's allowance `h` is [`DRIFT`], or
/// [`LOOSE_DRIFT`] once it has been moved on.
/// So while every point is within its allowance of its anchor, the list
/// holds every pair closer than the thickness.
#[derive(Clone, Debug, Default)]
pub(super) struct PairList {
    /// Where each point's partners start in `partners` (one more than
    /// points).
    pub first: Vec<u32>,
    /// Every point's partners, point by point, ascending.
    pub partners: Vec<u32>,
    /// Each point's anchor: where it was when the list was made, or when it
    /// was last moved on.
    pub anchor: Vec<[f64; 3]>,
    /// Pairs `(a << 32) | b`, `a < b`, found for points moved on since the
    /// list was made and not in `partners`: ascending.
    pub extra: Vec<u64>,
    /// The thickness, reach and grid size it was made for (`t` as bits).
    pub made_for: Option<(u64, usize, usize)>,
    /// Whether each point has been moved on since the list was made.
    pub moved: Vec<bool>,
    /// The points moved on since the list was made, in the order they were.
    moved_list: Vec<u32>,
    /// Whether each point is pinned, as `make` was told.
    pinned: Vec<bool>,
    /// Each point's row `j` and column `i`.
    row: Vec<u32>,
    col: Vec<u32>,
    /// The table: where each slot's points start (one more than slots).
    start: Vec<u32>,
    /// The points' positions when the list was made, slot by slot (in
    /// index order within a slot), and their indices.
    table_p: Vec<[f64; 3]>,
    table_k: Vec<u32>,
    /// Scratch: each point's slot; the candidates for one point.
    slot: Vec<u32>,
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
        self.made_for = Some((t.to_bits(), reach, n));
        self.pinned.clear();
        self.pinned.extend_from_slice(pinned);
        if self.row.len() != count {
            self.row = (0..count).map(|k| (k / n) as u32).collect();
            self.col = (0..count).map(|k| (k % n) as u32).collect();
        }
        // Counting sort into the table: slot sizes, their starts, then the
        // points in index order.
        self.slot.clear();
        self.slot
            .extend(pos.iter().map(|&p| slot_of(cell_of3(p, r), bits)));
        self.start.clear();
        self.start.resize(slots + 1, 0);
        for &s in &self.slot {
            self.start[s as usize + 1] += 1;
        }
        for s in 0..slots {
            self.start[s + 1] += self.start[s];
        }
        self.table_p.clear();
        self.table_p.resize(count, [0.0; 3]);
        self.table_k.clear();
        self.table_k.resize(count, 0);
        // `first` (about to be rewritten) is the cursor.
        let cursor = &mut self.first;
        cursor.clear();
        cursor.extend_from_slice(&self.start[..slots]);
        for (k, &s) in self.slot.iter().enumerate() {
            let at = cursor[s as usize] as usize;
            self.table_p[at] = pos[k];
            self.table_k[at] = k as u32;
            cursor[s as usize] += 1;
        }
        // Each point's partners: the points after it in its 27 cells.
        let near = r * r;
        self.first.clear();
        self.partners.clear();
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        found.resize(9 * count, 0);
        for (a, &pa) in pos.iter().enumerate() {
            self.first.push(self.partners.len() as u32);
            // Branch-free: every point looked at is written at `len`, which
            // moves on only for one that counts (`found` has room for every
            // point nine times: a point is looked at once a column at most).
            let mut len = 0;
            self.near_entries(cell_of3(pa, r), bits, 1, |p, k| {
                found[len] = k;
                len += ((k as usize > a) & (dist2(pa, p) < near)) as usize;
            });
            // Where slots collide, a run can be looked at twice.
            let found = &mut found[..len];
            found.sort_unstable();
            let mut last = u32::MAX;
            for &b in found.iter() {
                if b != last && !self.kept_apart(a, b as usize, reach) {
                    self.partners.push(b);
                }
                last = b;
            }
        }
        self.first.push(self.partners.len() as u32);
        self.found = found;
        self.anchor.clear();
        self.anchor.extend_from_slice(pos);
        self.extra.clear();
        self.moved.clear();
        self.moved.resize(count, false);
        self.moved_list.clear();
    }

    /// Point `k`'s partners `b > k` from when the list was made, ascending.
    #[inline]
    pub fn partners_of(&self, k: usize) -> &[u32] {
        &self.partners[self.first[k] as usize..self.first[k + 1] as usize]
    }

    /// Move point `k`'s anchor on to where it is now, `pos[k]`, and list
    /// in `extra` every pair of it with a point whose anchor is near enough
    /// its new one for the list's promise (those not in `partners`), in
    /// place of its extra pairs from before. Where many points have moved on, or many
    /// pairs are extra, the list is made afresh instead (from `pos`):
    /// returns whether it was.
    pub fn move_on(&mut self, k: usize, pos: &[[f64; 3]]) -> bool {
        let (t_bits, reach, n) = self.made_for.expect("a list to move on in");
        let count = n * n;
        if self.moved_list.len() >= count / 8 + 16 || self.extra.len() >= 2 * count + 64 {
            let pinned = std::mem::take(&mut self.pinned);
            self.make(pos, n, f64::from_bits(t_bits), reach, &pinned);
            self.pinned = pinned;
            return true;
        }
        let t = f64::from_bits(t_bits);
        // Anchors within `1 + h_k + h_c + 0.05` thicknesses: points still
        // at their anchors from when the list was made (from the table,
        // two cells round), then those moved on since, one by one.
        let reach_settled = t * (1.0 + LOOSE_DRIFT + DRIFT + 0.05);
        let reach_loose = t * (1.0 + 2.0 * LOOSE_DRIFT + 0.05);
        let (near, near_loose) = (reach_settled * reach_settled, reach_loose * reach_loose);
        let pk = pos[k];
        self.anchor[k] = pk;
        if !self.moved[k] {
            self.moved[k] = true;
            self.moved_list.push(k as u32);
        }
        let bits = (self.start.len() - 1).trailing_zeros();
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        self.near_entries(cell_of3(pk, NEAR * t), bits, 2, |p, c| {
            if dist2(pk, p) < near && !self.moved[c as usize] {
                found.push(c);
            }
        });
        for &c in &self.moved_list {
            if c as usize != k && dist2(pk, self.anchor[c as usize]) < near_loose {
                found.push(c);
            }
        }
        // Its extra pairs from where it was before go (those it still has
        // are found again).
        let k32 = k as u32;
        self.extra
            .retain(|&key| (key >> 32) as u32 != k32 && key as u32 != k32);
        for &c in &found {
            let c = c as usize;
            if self.kept_apart(k, c, reach) {
                continue;
            }
            let (lo, hi) = (k.min(c), k.max(c));
            if self.partners_of(lo).binary_search(&(hi as u32)).is_ok() {
                continue;
            }
            let key = ((lo as u64) << 32) | hi as u64;
            if let Err(at) = self.extra.binary_search(&key) {
                self.extra.insert(at, key);
            }
        }
        self.found = found;
        false
    }

    /// Whether points `a` and `b` are never pushed apart: the same point,
    /// grid neighbours (within `reach` in both `j` and `i`), or both pinned.
    #[inline]
    fn kept_apart(&self, a: usize, b: usize, reach: usize) -> bool {
        let reach = reach as u32;
        (self.row[a].abs_diff(self.row[b]) <= reach) & (self.col[a].abs_diff(self.col[b]) <= reach)
            | (self.pinned[a] & self.pinned[b])
    }

    /// Call `f` with the position and index of every point of the table in
    /// the cells within `span` cells of `cell` along each axis (`(2 span +
    /// 1)^2` runs of `2 span + 1` slots), and others where slots collide,
    /// some more than once: `f` checks the distance.
    #[inline]
    fn near_entries(&self, cell: [i32; 3], bits: u32, span: i32, mut f: impl FnMut([f64; 3], u32)) {
        let slots = self.start.len() - 1;
        let [cx, cy, cz] = cell;
        let x_lo = cx.wrapping_sub(span);
        for dz in -span..=span {
            for dy in -span..=span {
                let (y, z) = (cy.wrapping_add(dy), cz.wrapping_add(dz));
                // Cells x - span to x + span of the column: consecutive
                // slots, so consecutive entries (in one run, or two where
                // the table wraps round).
                let lo = slot_of([x_lo, y, z], bits) as usize;
                let hi = lo + (2 * span + 1) as usize;
                let runs = if hi <= slots {
                    [lo..hi, 0..0]
                } else {
                    [lo..slots, 0..hi - slots]
                };
                for run in runs {
                    let range = self.start[run.start] as usize..self.start[run.end] as usize;
                    for (&p, &k) in self.table_p[range.clone()].iter().zip(&self.table_k[range]) {
                        f(p, k);
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
