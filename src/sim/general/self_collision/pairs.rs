//! The pair list: every two points near enough each other that they may
//! have to be pushed apart, found with a spatial hash, and kept as the
//! points move (see [`PairList::move_on`]).

#![forbid(unsafe_code)]

use super::table::Table;
use super::tuning::{DENSE, DRIFT, LOOSE_DRIFT, NEAR, WIDE_DRIFT, WIDE_LOOSE_DRIFT, WIDE_NEAR};

/// How far apart, in thicknesses, two points may be when a list is made
/// and still be in it, and how far a point may then go from its anchor:
/// a narrow list ([`NEAR`], [`DRIFT`], [`LOOSE_DRIFT`]) or a wide one
/// ([`WIDE_NEAR`], [`WIDE_DRIFT`], [`WIDE_LOOSE_DRIFT`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Skin {
    /// The pairs' distance when the list was made, at most.
    near: f64,
    /// How far a point may go from its anchor before it is moved on.
    drift: f64,
    /// How far once it has been moved on.
    loose: f64,
}

/// A narrow list's skin.
const NARROW: Skin = Skin {
    near: NEAR,
    drift: DRIFT,
    loose: LOOSE_DRIFT,
};

/// A wide list's skin.
const WIDE: Skin = Skin {
    near: WIDE_NEAR,
    drift: WIDE_DRIFT,
    loose: WIDE_LOOSE_DRIFT,
};

/// The candidate pairs. Point `a`'s partners from when the list was made
/// (every `b > a` that is not its grid neighbour, not pinned with it, and
/// was within the skin's `near` thicknesses of it) are
/// `partners[first[a]..first[a + 1]]`, ascending; those found since, as points moved on, are `extra[a]`,
/// ascending. Running through `a`, then the merge of the two, visits the
/// pairs `(a, b)` in lexicographic order.
///
/// What it promises: every pair whose anchors (`anchor`, where each point
/// was when the list was made or it was last moved on, less the `shift`
/// of that moment) are closer than `1 + h_a + h_b + 0.05` thicknesses is
/// listed once (it may list pairs further apart), where a point's
/// allowance `h` is the skin's `drift`, or its `loose` once the point has
/// been moved on (`near` is at least `1 + 2 drift + 0.05`). So while every point, less the shift, is within its allowance of
/// its anchor, the list holds every pair closer than the thickness.
///
/// The shift is one move shared by every point: the distance between two
/// points is the same wherever the pair is, so how far the two are apart
/// now differs from how far their anchors were by no more than how far
/// each has gone from its anchor *after the shared move is taken off*
/// (`|(p_a - s - A_a) - (p_b - s - A_b)| <= h_a + h_b`, whatever `s`). A
/// sheet falling or sliding as a whole then keeps its list, where anchors
/// in place would have every point moved on within a few passes.
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
    /// The move shared by every point since the list was made, world
    /// units: a point has drifted by how far it is from its anchor after
    /// this is taken off (see [`PairList::shift_to_fit`]).
    pub shift: [f64; 3],
    /// The thickness, reach and grid size it was made for (`t` as bits).
    pub made_for: Option<(u64, usize, usize)>,
    /// The skin it was made with.
    skin: Skin,
    /// The squares of a point's allowances, world units: `drift t` and
    /// `loose t`.
    h2: [f64; 2],
    /// How many points have been moved on, and how many extra pairs found,
    /// since the list was made.
    moved_count: usize,
    extra_count: usize,
    /// Whether each point is pinned, as `make` was told.
    pinned: Vec<bool>,
    /// Each point's row `j` and column `i`.
    row: Vec<u32>,
    col: Vec<u32>,
    /// The anchors in cells [`WIDE_NEAR`] thicknesses across.
    table: Table,
    /// Scratch: the candidates for one point, and the squares of the
    /// partners' distances when the list is made.
    found: Vec<u32>,
    d2: Vec<f64>,
}

impl PairList {
    /// Make the list afresh for the points at `pos` (row-major, `n x n`),
    /// thickness `t`, grid neighbours within `reach` in both `j` and `i`
    /// left out, and pairs of pinned points left out.
    ///
    /// The points go in the table in cells [`WIDE_NEAR`]` t` across, and
    /// each finds the points after it in its 27 cells within that: a wide
    /// list. Where there are many pairs within [`NEAR`]` t` (a pair for
    /// every [`DENSE`] points), only those are kept: a narrow list.
    pub fn make(&mut self, pos: &[[f64; 3]], n: usize, t: f64, reach: usize, pinned: &[bool]) {
        let count = n * n;
        debug_assert_eq!(pos.len(), count);
        self.made_for = Some((t.to_bits(), reach, n));
        self.pinned.clear();
        self.pinned.extend_from_slice(pinned);
        if self.row.len() != count {
            self.row = (0..count).map(|k| (k / n) as u32).collect();
            self.col = (0..count).map(|k| (k % n) as u32).collect();
        }
        self.anchor.clear();
        self.anchor.extend_from_slice(pos);
        self.shift = [0.0; 3];
        self.table.build(pos, WIDE_NEAR * t);
        // Each point's partners: the points after it in its 27 cells.
        let (wide, narrow) = ((WIDE_NEAR * t).powi(2), (NEAR * t).powi(2));
        self.first.clear();
        self.partners.clear();
        self.d2.clear();
        let mut found = std::mem::take(&mut self.found);
        for (a, &pa) in pos.iter().enumerate() {
            self.first.push(self.partners.len() as u32);
            found.clear();
            self.table
                .near_points_after(self.table.cell_of(pa), a as u32, |k| {
                    if dist2(pa, pos[k as usize]) < wide {
                        found.push(k);
                    }
                });
            // Where slots collide, a chain can be looked at twice.
            found.sort_unstable();
            found.dedup();
            for &b in &found {
                if !self.kept_apart(a, b as usize, reach) {
                    self.partners.push(b);
                    self.d2.push(dist2(pa, pos[b as usize]));
                }
            }
        }
        self.first.push(self.partners.len() as u32);
        self.found = found;
        let close = self.d2.iter().filter(|&&d2| d2 < narrow).count();
        self.skin = if close * DENSE >= count {
            self.keep_within(narrow);
            NARROW
        } else {
            WIDE
        };
        self.h2 = [(self.skin.drift * t).powi(2), (self.skin.loose * t).powi(2)];
        self.extra.resize_with(count, Vec::new);
        for e in &mut self.extra {
            e.clear();
        }
        self.moved.clear();
        self.moved.resize(count, false);
        self.moved_count = 0;
        self.extra_count = 0;
    }

    /// Keep only the partners whose distance, squared, was under `near2`.
    fn keep_within(&mut self, near2: f64) {
        let mut kept = 0;
        for a in 0..self.first.len() - 1 {
            let (from, to) = (self.first[a] as usize, self.first[a + 1] as usize);
            self.first[a] = kept as u32;
            for l in from..to {
                if self.d2[l] < near2 {
                    self.partners[kept] = self.partners[l];
                    kept += 1;
                }
            }
        }
        *self.first.last_mut().expect("one more than points") = kept as u32;
        self.partners.truncate(kept);
    }

    /// Point `k`'s partners `b > k` from when the list was made, ascending.
    #[inline]
    pub fn partners_of(&self, k: usize) -> &[u32] {
        &self.partners[self.first[k] as usize..self.first[k + 1] as usize]
    }

    /// Whether point `k`, at `p`, has gone further than its allowance from
    /// its anchor, the shift taken off (or too far to tell: a square that
    /// overflows, or a NaN, counts as further).
    #[inline]
    pub fn drifted(&self, k: usize, p: [f64; 3]) -> bool {
        strayed(
            self.anchor[k],
            p,
            self.shift,
            self.h2[usize::from(self.moved[k])],
        )
    }

    /// Set the shift for the points at `pos` before they are checked for
    /// drift, and return how many have drifted under it: the mean of every
    /// point's move from its anchor where that leaves fewer drifted than
    /// the shift as it was, so a cloth moving as a whole is seen as still.
    /// Any shift keeps the list's promise; this one only saves work.
    pub fn shift_to_fit(&mut self, pos: &[[f64; 3]]) -> usize {
        let drifted = |list: &Self| {
            let (s, h2) = (list.shift, list.h2);
            let points = pos.iter().zip(&list.anchor).zip(&list.moved);
            points
                .map(|((&p, &a), &m)| usize::from(strayed(a, p, s, h2[usize::from(m)])))
                .sum::<usize>()
        };
        let before = drifted(self);
        if before == 0 {
            return 0;
        }
        let mut mean = [0.0; 3];
        for (p, a) in pos.iter().zip(&self.anchor) {
            for d in 0..3 {
                mean[d] += p[d] - a[d];
            }
        }
        let inv = 1.0 / pos.len() as f64;
        let mean = mean.map(|m| m * inv);
        if !mean.iter().all(|m| m.is_finite()) || mean == self.shift {
            return before;
        }
        let old = self.shift;
        self.shift = mean;
        let after = drifted(self);
        if after >= before {
            self.shift = old;
            return before;
        }
        after
    }

    /// Whether, with `more` points moved on, so many would have been
    /// moved on since the list was made (an eighth), or so many pairs
    /// found so, that it is made afresh instead.
    pub fn due(&self, more: usize) -> bool {
        let count = self.anchor.len();
        self.moved_count + more >= count / 8 + 16 || self.extra_count >= 2 * count + 64
    }

    /// Make the list afresh for the points at `pos`, for the thickness,
    /// reach, grid and pins it was made for.
    pub fn remake(&mut self, pos: &[[f64; 3]]) {
        let (t_bits, reach, n) = self.made_for.expect("a list to make afresh");
        let pinned = std::mem::take(&mut self.pinned);
        self.make(pos, n, f64::from_bits(t_bits), reach, &pinned);
        self.pinned = pinned;
    }

    /// Move point `k`'s anchor on to where it is now, `pos[k]` less the
    /// shift, and list in `extra` every pair of it with a point whose
    /// anchor is near enough its new one for the list's promise (those
    /// not listed already). Where many points have been moved on (an
    /// eighth), or many pairs found so, the list is made afresh instead
    /// (from `pos`): returns whether it was. A few points' work either way
    /// (a fresh list every eighth of the points is a point's worth eight
    /// times over).
    pub fn move_on(&mut self, k: usize, pos: &[[f64; 3]]) -> bool {
        let (t_bits, reach, _) = self.made_for.expect("a list to move on in");
        let t = f64::from_bits(t_bits);
        if self.due(0) {
            self.remake(pos);
            return true;
        }
        let s = self.shift;
        let pk = [pos[k][0] - s[0], pos[k][1] - s[1], pos[k][2] - s[2]];
        self.table.move_point(k, pk);
        self.anchor[k] = pk;
        if !self.moved[k] {
            self.moved[k] = true;
            self.moved_count += 1;
        }
        // Anchors within `1 + h_k + h_c + 0.05` thicknesses: at most
        // `1 + 2 loose + 0.05`, 2.05 for a narrow list (within one cell
        // round, `WIDE_NEAR`), 5.05 for a wide one (two cells round).
        let skin = self.skin;
        let reach_of = |h: f64| (t * (1.0 + skin.loose + h + 0.05)).powi(2);
        let (near_settled, near_loose) = (reach_of(skin.drift), reach_of(skin.loose));
        let span = if skin == NARROW { 1 } else { 2 };
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        self.table.near_points(self.table.cell_of(pk), span, |c| {
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
}

/// Whether `p`, the shift `s` taken off, is further than `sqrt(h2)` from
/// `anchor` (or too far to tell: a square that overflows, or a NaN,
/// counts as further).
#[inline]
fn strayed(anchor: [f64; 3], p: [f64; 3], s: [f64; 3], h2: f64) -> bool {
    let d2 = dist2(anchor, [p[0] - s[0], p[1] - s[1], p[2] - s[2]]);
    d2 > h2 || d2.is_nan()
}

/// The square of the distance from `a` to `b`.
#[inline]
pub(super) fn dist2(a: [f64; 3], b: [f64; 3]) -> f64 {
    let v = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    v[0] * v[0] + v[1] * v[1] + v[2] * v[2]
}
