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
//! **Finding the pairs** is a spatial hash, not a look at every pair, and
//! its pairs are kept from pass to pass while the points stay near where
//! they were (a Verlet list, as molecular dynamics calls it; `pairs.rs`
//! in the source):
//!
//! - *Making the list.* Every point goes in the cell of a uniform grid of
//!   cubes [`NEAR`]` T` across that holds it, the cells into a table of at
//!   least twice as many slots as points by a hash of their coordinates
//!   (the column `(y, z)` scattered by Fibonacci hashing, plus `x`, so the
//!   three cells along `x` of a column have consecutive slots), one chain
//!   of points a slot, and each point looks
//!   in the 27 cells round its own, nine runs of the table, for the points
//!   after it in the grid within `NEAR T` that are not its grid
//!   neighbours: its partners. A cost per point
//!   that does not grow with the grid (a heap's layers put more points in
//!   a cell, but never more than its few layers).
//! - *Keeping it.* Each point has an anchor, where it was when the list
//!   was made. While every point is within [`DRIFT`]` T` of its anchor, two
//!   points now closer than `T` had anchors closer than `1.5 T`, so they
//!   are in the list. A point that moves further is *moved on*: its anchor
//!   becomes where it is, and its pairs with every point whose anchor is
//!   near enough are listed afresh (from the table, two cells round, and
//!   the points moved on before it); a point once moved on may then go
//!   [`LOOSE_DRIFT`]` T` from its anchor (in a heap a few points are
//!   jostled by much of the thickness every pass). When an eighth of the
//!   points have been moved on, or the pairs found so are many, the list is
//!   made afresh. So the list holds every pair closer than `T`, at every
//!   moment, with a few points' worth of work a pass.
//!
//! **Pushing them apart**: a *sweep* goes through every pair `(a, b)`,
//! `a < b` by row-major index, in that order, and pushes it apart as soon
//! as it is found closer than `T`, with the positions as the earlier pushes
//! left them. The list holds every pair that could be pushed, so a sweep
//! does what a sweep through all `n^4 / 2` pairs would, to the bit:
//! whatever the list holds (made this pass, or many passes ago) the result
//! is the same, so a hash kept from pass to pass gives the bits of a fresh
//! one, and a run resumed from a state file goes on as the run would have.
//! A sweep passes over a pair neither of whose points moved in the last
//! sweep or this one (it was not pushed then, so it is not closer than `T`
//! now).
//!
//! - Each pass ends with one sweep ([`SWEEPS`], [`SpatialHash::separate`]).
//! - Each step ends ([`SpatialHash::settle`]) with sweeps until one pushes
//!   nothing, up to [`SETTLE_SWEEPS`], each pair pushed to `T` and a
//!   hundredth ([`SETTLE_SLACK`]), so that they get there in a few.
//! - A pass's push takes a pair to `T (1 + 1e-9)` apart ([`SLACK`]), a
//!   billionth more than `T`, so that rounding cannot leave it closer
//!   than `T`.
//! - A pinned point is not pushed (it stays where it is to the bit); its
//!   partner takes the whole push. Two pinned points are never pushed.
//! - The floor does not give way: where a push would take a point from on
//!   or above the floor to below it, the pair's free points are lifted by
//!   the difference (a free pair's distance is the same).
//! - Coincident points (or closer than about 1e-154) have no line between
//!   them: the later one in the grid goes up, the earlier down.
//!
//! **What it guarantees.** After every step, no two points that are not
//! grid neighbours are closer than `T`, unless points are *wedged*: the
//! step's sweeps stop at [`SETTLE_SWEEPS`] and leave them as the last
//! sweep did ([`Settled::left`] counts the pairs left closer). Pushes
//! cannot free a point held
//!
//! - between a pinned point and the floor (pushed down through the floor,
//!   it is lifted back to it), or
//! - on the line between two pinned points less than `2 T` apart (each
//!   pushes it back towards the other);
//!
//! and two pinned points closer than `T` stay so. No scene pins a point
//! near the floor or another pinned point closer than `T`; a state file
//! or an embedder can. Elsewhere the sweeps have got there every time
//! they were measured: in `tests/self_collision.rs`, on a sheet folded
//! onto itself on the floor, with and without inertia, at the default
//! thickness and at 0.08, over 800 steps, no two points are closer than
//! `T` after any step (the original, with no self-collision, lets them
//! meet, 0.01 apart or less); the step's end needed at most 25 sweeps
//! there, and at most 25 in the drape's first 2,000 steps (15 on
//! average). Within a step, between passes, they can be closer: each pass
//! the springs (whose squashed push grows without limit) drag points back
//! into each other, and its one sweep need not undo all of that. The
//! pushes can also move a point a little way into a sphere (the next pass
//! pushes it out).
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

/// The sweeps through the pairs in one pass ([`SpatialHash::separate`]):
/// one. The step's end ([`SpatialHash::settle`]) sweeps until none are
/// left closer than the thickness.
pub const SWEEPS: usize = 1;

/// The most sweeps through the pairs at the end of a step
/// ([`SpatialHash::settle`]): enough for every heap measured to settle
/// (see the module docs), few enough that a wedged point costs a step
/// little.
pub const SETTLE_SWEEPS: usize = 64;

/// How far apart, in thicknesses, two points may be when the pair list is
/// made and still be in it: the thickness and a skin of 0.6 of it, which
/// lets the points move about before they must be moved on.
pub const NEAR: f64 = 1.6;

/// How far, in thicknesses, a point may move from where it was when the
/// pair list was made before it is moved on: a quarter. Two points closer
/// than the thickness now were then closer than `1 + 2 DRIFT = 1.5`
/// thicknesses, inside [`NEAR`] with room for rounding, so the list holds
/// every pair that could be pushed. (A point on the floor pushed up by one
/// above it a fifth of the thickness short moves a fifth: within it.)
pub const DRIFT: f64 = 0.25;

/// How far, in thicknesses, a point that has been moved on since the pair
/// list was made may move from where it was last moved on: half the
/// thickness. A point that keeps moving (in a heap a few are jostled by a
/// good part of the thickness every pass) is looked for partners further
/// round each time it moves on, and so moves on less often.
pub const LOOSE_DRIFT: f64 = 0.5;

/// How much further than the thickness a pass's push takes a pair: a
/// billionth of it, so rounding cannot leave the pair closer than the
/// thickness.
pub const SLACK: f64 = 1e-9;

/// How much further than the thickness the step's end pushes a pair: a
/// hundredth of it. Pushed exactly to the thickness, a pair in a heap is
/// squeezed back by the next push of one of its points, and the sweeps
/// close in on "none closer" only slowly (a quarter fewer a sweep); with a
/// hundredth to spare they get there in a few (see the module docs).
pub const SETTLE_SLACK: f64 = 0.01;

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
    /// The sweep (of this call, counting from 1) that last moved each
    /// point; 0 for none.
    moved_in: Vec<u32>,
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
        self.sweeps(cloth, thickness, reach, pins, SWEEPS, SLACK).1
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
        let (sweeps, pushes, settled) =
            self.sweeps(cloth, thickness, reach, pins, SETTLE_SWEEPS, SETTLE_SLACK);
        let left = if settled { 0 } else { self.closer(thickness) };
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
        let listed = (0..pos.len()).map(|a| {
            list.partners_of(a)
                .iter()
                .filter(|&&b| dist2(pos[a], pos[b as usize]) < t2)
                .count()
        });
        let extra = (0..pos.len()).map(|a| {
            list.extra[a]
                .iter()
                .filter(|&&b| dist2(pos[a], pos[b as usize]) < t2)
                .count()
        });
        listed.sum::<usize>() + extra.sum::<usize>()
    }

    /// Up to `most` sweeps, until one pushes nothing, pushing pairs to
    /// `t (1 + slack)` apart: how many sweeps and pushes it made, and
    /// whether the last pushed nothing.
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
        let h2 = [
            (DRIFT * t) * (DRIFT * t),
            (LOOSE_DRIFT * t) * (LOOSE_DRIFT * t),
        ];
        if self.list.made_for != Some((t.to_bits(), reach, n)) {
            self.list.make(&self.pos, n, t, reach, &self.pinned);
        } else {
            for k in 0..count {
                let h2k = h2[self.list.moved[k] as usize];
                if drifted(self.pos[k], self.list.anchor[k], h2k) && self.list.move_on(k, &self.pos)
                {
                    break;
                }
            }
        }
        let to = t * (1.0 + slack);
        self.moved_in.clear();
        self.moved_in.resize(count, 0);
        let (mut sweeps, mut pushes, mut settled) = (0, 0, false);
        while sweeps < most && !settled {
            sweeps += 1;
            let pushed = self.sweep(t, h2, to, sweeps as u32);
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
    /// to `to` as soon as it is found closer than `t`, with the positions
    /// as the earlier pushes left them. A push that takes either point
    /// further than `sqrt(h2)` from its anchor moves the point on
    /// ([`PairList::move_on`]), and the sweep goes on from the pair after.
    ///
    /// This is sweep `s` of the call; a pair neither of whose points moved
    /// in the last sweep or this one is passed over, as it was at least `t`
    /// apart when the last sweep looked at it (it would have been pushed
    /// and moved otherwise) and still is. Returns how many pushes it made.
    fn sweep(&mut self, t: f64, h2: [f64; 2], to: f64, s: u32) -> usize {
        // Points that last moved in sweeps before this: unchanged since the
        // last sweep began.
        let still = s.saturating_sub(1);
        let t2 = square_at_least(t);
        let mut pushes = 0;
        for a in 0..self.pos.len() {
            // The next partner from the list (`l`) and from `extra` (`x`).
            let mut l = self.list.first[a] as usize;
            let mut end = self.list.first[a + 1] as usize;
            let mut x = 0;
            loop {
                let extra = &self.list.extra[a];
                let b = if x == extra.len() {
                    if l == end {
                        break;
                    }
                    l += 1;
                    self.list.partners[l - 1]
                } else if l < end && self.list.partners[l] < extra[x] {
                    l += 1;
                    self.list.partners[l - 1]
                } else {
                    x += 1;
                    extra[x - 1]
                } as usize;
                if (self.moved_in[a] < still) & (self.moved_in[b] < still) {
                    continue;
                }
                if push_apart(&mut self.pos, a, b, t, t2, to, &self.pinned) == 0.0 {
                    continue;
                }
                pushes += 1;
                self.moved_in[a] = s;
                self.moved_in[b] = s;
                let list = &self.list;
                let drifted_k =
                    |k: usize| drifted(self.pos[k], list.anchor[k], h2[list.moved[k] as usize]);
                if !drifted_k(a) && !drifted_k(b) {
                    continue;
                }
                let mut made = false;
                for k in [a, b] {
                    if drifted(
                        self.pos[k],
                        self.list.anchor[k],
                        h2[self.list.moved[k] as usize],
                    ) {
                        made |= self.list.move_on(k, &self.pos);
                    }
                }
                // The list and `extra` may have changed: on from the pair
                // after.
                if made {
                    let partners = self.list.partners_of(a);
                    l = self.list.first[a] as usize
                        + partners.partition_point(|&c| c as usize <= b);
                    end = self.list.first[a + 1] as usize;
                }
                x = self.list.extra[a].partition_point(|&c| c as usize <= b);
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
    let d2 = dist2(anchor, p);
    d2 > h2 || d2.is_nan()
}
