//! Self-collision: no two points that are not grid neighbours closer than
//! the thickness.
//!
//! The original has "nothing to stop the cloth passing through itself":
//! once off the spheres it settles as a heap whose folds lie inside each
//! other. With self-collision, after each pass's moves and collisions,
//! every pair of points closer than the thickness `T` is pushed apart
//! along the line between them, each point by half the shortfall, to `T`
//! apart; so the folds of the heap lie in layers `T` apart.
//!
//! Grid neighbours are never pushed: points up to the springs' reach
//! apart in both `j` and `i` (one, or two with bending springs), which the
//! springs already keep apart (diagonal neighbours rest 0.141 apart, more
//! than any thickness they are allowed to be within).
//!
//! **Finding the pairs** is a spatial hash, not a look at every pair: each
//! pass puts every point in the cell of a uniform grid of cubes `T` across
//! that holds it (`floor(x / T)`, and so on), and the cells into a table
//! of twice as many slots as points by a hash of their coordinates, `x +
//! A y + B z` for two large odd constants (counting sort, points in index
//! order within a slot), so the cells along `x` of a column of cells
//! (`y`, `z`) have consecutive slots. Two points closer than `T` are in the
//! same or neighbouring cells, so each point looks only in its own cell
//! and the 13 of its 26 neighbours that come after it (the other 13 look
//! at it), five runs of the table: its own column's cells `x` and `x + 1`,
//! and cells `x - 1` to `x + 1` of the four columns after it. A cost per
//! point that does not grow with the grid (a heap's layers put more points
//! in a cell, but never more than its few layers).
//!
//! **Pushing them apart** goes through the pairs found (closer than
//! [`NEAR`] times `T`) in a fixed order (the table's: by the first point's
//! cell, then its index, then where the second is in the table), each pair
//! pushed as soon as it is found closer than `T`, with the positions as the
//! earlier pushes left them; then again, up to [`SWEEPS`] times in all,
//! until a sweep pushes nothing. If the last sweep still had to push a pair
//! out by more than [`SETTLED`] of `T`, the pushes have been moving points
//! about, and may have brought pairs together that were not found: the
//! pairs are found afresh and swept again, up to [`ROUNDS`] rounds in all.
//! Everything is in a fixed order, so runs repeat bit for bit.
//!
//! - A pair is pushed to `T (1 + 1e-9)` apart, a billionth more than `T`,
//!   so that rounding cannot leave it closer than `T`.
//! - A pinned point is not pushed; its partner takes the whole push.
//! - The floor does not give way: where a push would take a point from on
//!   or above the floor to below it, both points are lifted by the
//!   difference (their distance is the same).
//! - Coincident points (or closer than about 1e-154) have no line between
//!   them: the later one in the grid goes up, the earlier down.
//!
//! **What it guarantees: the thickness within a tolerance, not exactly.**
//! A pair on its own is pushed exactly to `T` (a property test checks it
//! wherever it falls among the cells). But in a crumpled heap every point
//! is in several pairs, each push can squeeze a pair an earlier one set
//! right, the floor lifts rather than gives way, and each pass the springs
//! (whose squashed push grows without limit) drag points back into each
//! other before the pushes run; a bounded number of sweeps cannot undo all
//! of that, and no number could where the points are wedged (between
//! pinned points, or in a pile pressed on the floor). So after a pass a
//! pair can be left closer than `T`. Measured in `tests/self_collision.rs`
//! on a sheet folded onto itself on the floor, over 400 steps: the closest
//! two points are at least 0.95 `T` apart after 93% to 99% of the steps,
//! and never closer than 0.53 `T` (at the default thickness, no inertia;
//! 0.61 to 0.73 `T` with inertia or a thickness of 0.08); the original, with
//! no self-collision, lets them meet (0.01 apart or less). The pushes can
//! also move a point a little way into a
//! sphere (the next pass pushes it out).
//!
//! **Layers.** Points, not triangles, keep their distance: with the
//! default thickness, half the spacing, a point of one layer fits through
//! the middle of a square of another (0.071 from its corners), so a layer
//! lying on another can sink into it, its points between the other's, and
//! settle as one interleaved sheet. A thickness above `0.1 / sqrt 2`
//! (0.0707) closes that gap.

use super::Cloth;
use crate::sim::model::Pins;
use crate::sim::FLOOR_Y;

/// The most sweeps through the pairs in one pass.
pub const SWEEPS: usize = 4;

/// How far apart, in thicknesses, two points found in neighbouring cells
/// may be and still be swept: pushes within the pass can bring such a
/// pair closer than the thickness.
pub const NEAR: f64 = 1.5;

/// The most rounds of finding the pairs and sweeping them in one pass: a
/// round whose last sweep still had to push a pair out by more than
/// [`SETTLED`] of the thickness is followed by another, with the pairs
/// found afresh (pushes may have brought new pairs together).
pub const ROUNDS: usize = 3;

/// The shortfall, as a fraction of the thickness, below which a round's
/// last sweep counts as settled: a twentieth.
pub const SETTLED: f64 = 0.05;

/// How much further than the thickness a push takes a pair: a billionth
/// of it, so rounding cannot leave the pair closer than the thickness.
pub const SLACK: f64 = 1e-9;

/// The spatial hash and the pairs it found: scratch space for
/// [`SpatialHash::separate`], kept between passes so a step allocates
/// nothing.
#[derive(Clone, Debug, Default)]
pub struct SpatialHash {
    /// Each point's slot in the table, row-major.
    slot: Vec<u32>,
    /// Where each slot's points start in `entries` (one more than slots).
    start: Vec<u32>,
    /// The points, slot by slot, in index order within a slot.
    entries: Vec<Entry>,
    /// Whether each point is pinned, row-major.
    pinned: Vec<bool>,
    /// The pins `pinned` was made for.
    pins: Option<Pins>,
    /// Candidate pairs `(a, b)`, in the order they are pushed.
    pairs: Vec<(u32, u32)>,
}

/// A point as the table holds it: what finding its pairs needs, side by
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

/// The columns of cells a point looks in, `(dy, dz)`, and whether it is
/// its own: its own column (cells `x` and `x + 1`, and in its own cell
/// only points after it) and the four after it (`(dz, dy)`
/// lexicographically positive, cells `x - 1` to `x + 1`). With the four
/// before it looking the other way, each pair of neighbouring cells is
/// looked at once.
const COLUMNS: [(i32, i32, bool); 5] = [
    (0, 0, true),
    (1, 0, false),
    (-1, 1, false),
    (0, 1, false),
    (1, 1, false),
];

impl SpatialHash {
    /// An empty hash; it grows to the cloth's size on first use.
    pub fn new() -> Self {
        SpatialHash::default()
    }

    /// Push apart every pair of points of `cloth` that are not grid
    /// neighbours (within `reach` in both `j` and `i`) and are closer than
    /// `thickness`, as the module docs say. Pinned points (`pins`) do not
    /// move. Returns how many pushes it made.
    ///
    /// # Panics
    /// If `thickness` is not positive and finite.
    pub fn separate(
        &mut self,
        cloth: &mut Cloth,
        thickness: f64,
        reach: usize,
        pins: Pins,
    ) -> usize {
        assert!(thickness > 0.0 && thickness.is_finite());
        let mut pushes = 0;
        for _ in 0..ROUNDS {
            self.build(cloth, thickness, pins);
            self.find_pairs(thickness, reach);
            // The largest shortfall the last sweep pushed out.
            let mut last = 0.0f64;
            for _ in 0..SWEEPS {
                let (mut pushed, mut largest) = (0, 0.0f64);
                for &(a, b) in &self.pairs {
                    let short = push_apart(cloth, a as usize, b as usize, thickness, &self.pinned);
                    if short > 0.0 {
                        pushed += 1;
                        largest = largest.max(short);
                    }
                }
                pushes += pushed;
                last = largest;
                if pushed == 0 {
                    break;
                }
            }
            if last <= SETTLED * thickness {
                break;
            }
        }
        pushes
    }

    /// Put every point in its cell, and the cells in the table.
    fn build(&mut self, cloth: &Cloth, t: f64, pins: Pins) {
        let n = cloth.n();
        let count = n * n;
        let slots = (2 * count).next_power_of_two().max(64);
        let bits = slots.trailing_zeros();
        self.slot.clear();
        let mut entries = std::mem::take(&mut self.entries);
        entries.clear();
        for k in 0..count {
            let p = [cloth.x[k], cloth.y[k], cloth.z[k]];
            let cell = [cell_of(p[0], t), cell_of(p[1], t), cell_of(p[2], t)];
            self.slot.push(slot_of(cell, bits));
            let [j, i] = [(k / n) as u32, (k % n) as u32];
            entries.push(Entry {
                p,
                cell,
                k: k as u32,
                j,
                i,
            });
        }
        if self.pinned.len() != count || self.pins != Some(pins) {
            self.pinned = (0..count).map(|k| pins.holds(n, k / n, k % n)).collect();
            self.pins = Some(pins);
        }
        // Counting sort: slot sizes, their starts, then the points in
        // index order.
        self.start.clear();
        self.start.resize(slots + 1, 0);
        for &s in &self.slot {
            self.start[s as usize + 1] += 1;
        }
        for s in 0..slots {
            self.start[s + 1] += self.start[s];
        }
        self.entries.clear();
        self.entries.resize(count, Entry::default());
        let mut next = self.start.clone();
        for (e, &s) in entries.iter().zip(&self.slot) {
            self.entries[next[s as usize] as usize] = *e;
            next[s as usize] += 1;
        }
    }

    /// The candidate pairs: points in the same or neighbouring cells, not
    /// grid neighbours, not both pinned, closer than twice the thickness;
    /// by the first point's index, then the neighbouring cell, then the
    /// second point's index.
    fn find_pairs(&mut self, t: f64, reach: usize) {
        let bits = (self.start.len() - 1).trailing_zeros();
        let near = (NEAR * t) * (NEAR * t);
        let reach = reach as u32;
        // The pairs are written branch-free: every entry looked at is
        // written at `len`, which moves on only for a pair that counts.
        let mut pairs = std::mem::take(&mut self.pairs);
        pairs.clear();
        let mut len = 0;
        let slots = self.start.len() - 1;
        for at in 0..self.entries.len() {
            let Entry {
                p: pa,
                cell: c,
                k,
                j: ja,
                i: ia,
            } = self.entries[at];
            let a = k as usize;
            let a_pinned = self.pinned[a];
            for &(dy, dz, own) in &COLUMNS {
                let (y, z) = (c[1].wrapping_add(dy), c[2].wrapping_add(dz));
                // Cells x_lo to x_lo + count - 1 of the column: consecutive
                // slots, so consecutive entries (in one run, or two where
                // the table wraps round).
                let (x_lo, count) = if own {
                    (c[0], 2)
                } else {
                    (c[0].wrapping_sub(1), 3)
                };
                let first = slot_of([x_lo, y, z], bits) as usize;
                let last = first + count as usize;
                let runs = if last <= slots {
                    [first..last, 0..0]
                } else {
                    [first..slots, 0..last - slots]
                };
                for run in runs {
                    let range = self.start[run.start] as usize..self.start[run.end] as usize;
                    if pairs.len() < len + range.len() {
                        pairs.resize(2 * (len + range.len()), (0, 0));
                    }
                    for e in &self.entries[range] {
                        let b = e.k as usize;
                        let dx = e.cell[0].wrapping_sub(x_lo) as u32;
                        let later = !own | (dx != 0) | (b > a);
                        let in_column = (e.cell[1] == y) & (e.cell[2] == z) & (dx < count) & later;
                        let neighbours = (ja.abs_diff(e.j) <= reach) & (ia.abs_diff(e.i) <= reach);
                        let held = a_pinned && self.pinned[b];
                        let v = [e.p[0] - pa[0], e.p[1] - pa[1], e.p[2] - pa[2]];
                        let close = v[0] * v[0] + v[1] * v[1] + v[2] * v[2] < near;
                        pairs[len] = (a as u32, b as u32);
                        len += (in_column & !neighbours & !held & close) as usize;
                    }
                }
            }
        }
        pairs.truncate(len);
        self.pairs = pairs;
    }
}

/// The cell coordinate of `v` in cells `t` across: `floor(v / t)`, held at
/// the ends of `i32` for coordinates beyond them (more than about 2e6 `t`
/// out: far cells then share a coordinate, which only costs time).
#[inline]
fn cell_of(v: f64, t: f64) -> i32 {
    let q = v / t;
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

/// Push points `a` and `b` apart to `t (1 + SLACK)` if they are closer
/// than `t`, as the module docs say. Returns by how much they were closer
/// than `t` (0 if they were not, or both are pinned).
#[inline]
fn push_apart(cloth: &mut Cloth, a: usize, b: usize, t: f64, pinned: &[bool]) -> f64 {
    let pa = [cloth.x[a], cloth.y[a], cloth.z[a]];
    let pb = [cloth.x[b], cloth.y[b], cloth.z[b]];
    let v = [pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]];
    let d2 = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
    if d2 >= t * t || d2.is_nan() {
        return 0.0;
    }
    // The unit vector from a to b, and their distance.
    let (u, d) = if d2.is_normal() {
        let d = d2.sqrt();
        ([v[0] / d, v[1] / d, v[2] / d], d)
    } else {
        ([0.0, 1.0, 0.0], 0.0)
    };
    let gap = t * (1.0 + SLACK) - d;
    let (a_free, b_free) = (!pinned[a], !pinned[b]);
    // How far each moves along u: half each, or all of it for the free one.
    let (sa, sb) = match (a_free, b_free) {
        (true, true) => (gap * 0.5, gap * 0.5),
        (true, false) => (gap, 0.0),
        (false, true) => (0.0, gap),
        (false, false) => return 0.0,
    };
    let mut na = [pa[0] - u[0] * sa, pa[1] - u[1] * sa, pa[2] - u[2] * sa];
    let mut nb = [pb[0] + u[0] * sb, pb[1] + u[1] * sb, pb[2] + u[2] * sb];
    // The floor does not give way: lift the pair by what a push would take
    // below it.
    let below = |from: f64, to: f64| {
        if from >= FLOOR_Y && to < FLOOR_Y {
            FLOOR_Y - to
        } else {
            0.0
        }
    };
    let lift = below(pa[1], na[1]).max(below(pb[1], nb[1]));
    if lift > 0.0 {
        if a_free {
            na[1] += lift;
        }
        if b_free {
            nb[1] += lift;
        }
    }
    [cloth.x[a], cloth.y[a], cloth.z[a]] = na;
    [cloth.x[b], cloth.y[b], cloth.z[b]] = nb;
    t - d
}
