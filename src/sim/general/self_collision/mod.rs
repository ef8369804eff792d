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

mod pairs;
mod push;

use super::Cloth;
use crate::sim::model::Pins;
use pairs::PairList;
use push::{push_apart, square_at_least};

/// The most sweeps through the pairs in one pass ([`SpatialHash::separate`]).
pub const SWEEPS: usize = 2;

/// The most sweeps through the pairs at the end of a step
/// ([`SpatialHash::settle`]): enough for every heap measured to settle
/// (see the module docs), few enough that a wedged point costs a step
/// little.
pub const SETTLE_SWEEPS: usize = 64;

/// How far apart, in thicknesses, two points may be when the pair list is
/// made and still be in it: the thickness and a skin of half of it, which
/// lets the points move about before the list must be made afresh.
pub const NEAR: f64 = 1.5;

/// How far, in thicknesses, a point may move from where it was when the
/// pair list was made before the list is made afresh: a fifth. Two points
/// closer than the thickness now were then closer than `1 + 2 DRIFT =
/// 1.4` thicknesses, inside [`NEAR`] with room for rounding, so the list
/// holds every pair that could be pushed.
pub const DRIFT: f64 = 0.2;

/// How much further than the thickness a push takes a pair: a billionth
/// of it, so rounding cannot leave the pair closer than the thickness.
pub const SLACK: f64 = 1e-9;

/// The pair list and the points it was made for: scratch space for
/// [`SpatialHash::separate`] and [`SpatialHash::settle`], kept between
/// passes so a step allocates nothing and the list is made afresh only
/// when the points have moved (see the module docs). What it holds never
/// changes a result: a fresh one gives the same bits.
#[derive(Clone, Debug, Default)]
pub struct SpatialHash {
    /// The points as the pushes move them, row-major.
    pos: Vec<[f64; 3]>,
    /// Whether each point is pinned, row-major.
    pinned: Vec<bool>,
    /// The pins `pinned` (and the list) were made for.
    pins: Option<Pins>,
    /// The candidate pairs.
    list: PairList,
}

/// What [`SpatialHash::settle`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settled {
    /// Sweeps made, from 1 to [`SETTLE_SWEEPS`]; the last pushed nothing
    /// if `left` is 0.
    pub sweeps: usize,
    /// Pushes made.
    pub pushes: usize,
    /// Pairs still closer than the thickness after it: 0 but where points
    /// are wedged (see the module docs).
    pub left: usize,
}

impl SpatialHash {
    /// An empty hash; it grows to the cloth's size on first use.
    pub fn new() -> Self {
        SpatialHash::default()
    }

    /// A pass's pushes: up to [`SWEEPS`] sweeps through every pair of
    /// points of `cloth` that are not grid neighbours (within `reach` in
    /// both `j` and `i`), pushing apart those closer than `thickness`
    /// (world units), until a sweep pushes nothing; as the module docs say.
    /// Pinned points (`pins`) do not move. Returns how many pushes it made.
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
        self.sweeps(cloth, thickness, reach, pins, probe_env("SC_SWEEPS", SWEEPS as f64) as usize, SLACK).1
    }

    /// The end of a step: sweeps as [`SpatialHash::separate`]'s until one
    /// pushes nothing, so no two points that are not grid neighbours are
    /// closer than `thickness`, up to [`SETTLE_SWEEPS`] of them. Returns
    /// how many sweeps and pushes it made and how many pairs are still
    /// closer than `thickness` after it: none but where points are wedged
    /// (see the module docs).
    ///
    /// # Panics
    /// If `thickness` is not positive and finite.
    pub fn settle(
        &mut self,
        cloth: &mut Cloth,
        thickness: f64,
        reach: usize,
        pins: Pins,
    ) -> Settled {
        let (sweeps, pushes, settled) = self.sweeps(cloth, thickness, reach, pins, probe_env("SC_SETTLE", SETTLE_SWEEPS as f64) as usize, probe_env("SC_SLACK", SLACK));
        let left = if settled { 0 } else { self.closer(thickness) };
        PROBE_MAX.fetch_max(sweeps, std::sync::atomic::Ordering::Relaxed); // TEMP
        PROBE_SUM.fetch_add(sweeps, std::sync::atomic::Ordering::Relaxed); // TEMP
        PROBE_LEFT.fetch_add(left, std::sync::atomic::Ordering::Relaxed); // TEMP
        Settled {
            sweeps,
            pushes,
            left,
        }
    }

    /// How many pairs of the list are closer than `t`.
    fn closer(&self, t: f64) -> usize {
        let t2 = square_at_least(t);
        let (list, pos) = (&self.list, &self.pos);
        (0..pos.len())
            .map(|a| {
                let partners = &list.partners[list.first[a] as usize..list.first[a + 1] as usize];
                partners
                    .iter()
                    .filter(|&&b| dist2(pos[a], pos[b as usize]) < t2)
                    .count()
            })
            .sum()
    }

    /// Up to `most` sweeps, until one pushes nothing: how many sweeps and
    /// pushes it made, and whether the last pushed nothing.
    fn sweeps(
        &mut self,
        cloth: &mut Cloth,
        t: f64,
        reach: usize,
        pins: Pins,
        most: usize,
        slack: f64,
    ) -> (usize, usize, bool) {
        assert!(t > 0.0 && t.is_finite());
        let n = cloth.n();
        let count = n * n;
        self.pos.clear();
        self.pos
            .extend((0..count).map(|k| [cloth.x[k], cloth.y[k], cloth.z[k]]));
        if self.pinned.len() != count || self.pins != Some(pins) {
            self.pinned = (0..count).map(|k| pins.holds(n, k / n, k % n)).collect();
            self.pins = Some(pins);
            self.list.made_for = None;
        }
        let h2 = (DRIFT * t) * (DRIFT * t);
        if std::env::var("SC_DRIFT").is_ok() && self.list.made_for.is_some() { // TEMP
            let mut d: Vec<f64> = (0..count).map(|k| dist2(self.pos[k], self.list.anchor[k]).sqrt() / t).collect(); // TEMP
            d.sort_by(|a, b| b.partial_cmp(a).unwrap()); // TEMP
            eprintln!("drift/T top {:.3} {:.3} {:.3} {:.3}, over 0.2: {}", d[0], d[1], d[5], d[20], d.iter().filter(|&&x| x > 0.2).count()); // TEMP
        } // TEMP
        let stale = self.list.made_for != Some((t.to_bits(), reach, n))
            || (0..count).any(|k| drifted(self.pos[k], self.list.anchor[k], h2));
        if stale {
            PROBE_MAKES.fetch_add(1, std::sync::atomic::Ordering::Relaxed); // TEMP
            self.list.make(&self.pos, n, t, reach, &self.pinned);
        }
        let (mut sweeps, mut pushes, mut settled) = (0, 0, false);
        while sweeps < most && !settled {
            let pushed = self.sweep(n, t, reach, h2, t * (1.0 + slack));
            sweeps += 1;
            pushes += pushed;
            settled = pushed == 0;
        }
        if pushes > 0 {
            for (k, p) in self.pos.iter().enumerate() {
                [cloth.x[k], cloth.y[k], cloth.z[k]] = *p;
            }
        }
        (sweeps, pushes, settled)
    }

    /// One sweep: every pair `(a, b)` in lexicographic order, pushed apart
    /// as soon as it is found closer than `t`, with the positions as the
    /// earlier pushes left them. A push that takes either point further
    /// than `sqrt(h2)` from where it was when the list was made makes the
    /// list afresh, and the sweep goes on from the pair after. Returns how
    /// many pushes it made.
    fn sweep(&mut self, n: usize, t: f64, reach: usize, h2: f64, to: f64) -> usize {
        let t2 = square_at_least(t);
        let mut pushes = 0;
        for a in 0..self.pos.len() {
            let mut at = self.list.first[a] as usize;
            while at < self.list.first[a + 1] as usize {
                let b = self.list.partners[at] as usize;
                at += 1;
                if push_apart(&mut self.pos, a, b, t, t2, to, &self.pinned) == 0.0 {
                    continue;
                }
                pushes += 1;
                let anchor = &self.list.anchor;
                if drifted(self.pos[a], anchor[a], h2) || drifted(self.pos[b], anchor[b], h2) {
                    PROBE_MID.fetch_add(1, std::sync::atomic::Ordering::Relaxed); // TEMP
                    self.list.make(&self.pos, n, t, reach, &self.pinned);
                    let from = self.list.first[a] as usize;
                    let to = self.list.first[a + 1] as usize;
                    at = from + self.list.partners[from..to].partition_point(|&c| c as usize <= b);
                }
            }
        }
        pushes
    }
}

/// The square of the distance from `a` to `b`, as [`push_apart`] works it
/// out.
#[inline]
fn dist2(a: [f64; 3], b: [f64; 3]) -> f64 {
    let v = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    v[0] * v[0] + v[1] * v[1] + v[2] * v[2]
}

/// Whether `p` is further than `sqrt(h2)` from `anchor` (or too far to
/// tell: a square that overflows, or a NaN, counts as further).
#[inline]
fn drifted(p: [f64; 3], anchor: [f64; 3], h2: f64) -> bool {
    !(dist2(anchor, p) <= h2)
}

#[allow(missing_docs)] // TEMP
pub static PROBE_MAX: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0); // TEMP
#[allow(missing_docs)] // TEMP
pub static PROBE_SUM: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0); // TEMP
#[allow(missing_docs)] // TEMP
pub static PROBE_LEFT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0); // TEMP
#[allow(missing_docs)] // TEMP
pub static PROBE_MAKES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0); // TEMP
#[allow(missing_docs)] // TEMP
pub static PROBE_MID: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0); // TEMP

fn probe_env(name: &str, default: f64) -> f64 { // TEMP
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default) // TEMP
} // TEMP
