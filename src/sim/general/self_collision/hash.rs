//! [`SpatialHash`]: the pair list and the sweeps that push points closer
//! than the thickness apart.

#![forbid(unsafe_code)]

use super::pairs::{dist2, PairList};
use super::push::{push_apart, square_at_least};
use super::tuning::{SETTLE_SLACK, SETTLE_SWEEPS, SLACK, SWEEPS};
use crate::sim::model::Pins;
use crate::sim::{Cloth, PinSet};

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
        let pins = PinSet::from_pins(pins, cloth.n());
        self.separate_pinned(cloth, thickness, reach, &pins)
    }

    /// [`SpatialHash::separate`] with the points of `pins` pinned.
    ///
    /// # Panics
    /// If `thickness` is not positive and finite.
    pub fn separate_pinned(
        &mut self,
        cloth: &mut Cloth,
        thickness: f64,
        reach: usize,
        pins: &PinSet,
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
        let pins = PinSet::from_pins(pins, cloth.n());
        self.settle_pinned(cloth, thickness, reach, &pins)
    }

    /// [`SpatialHash::settle`] with the points of `pins` pinned.
    ///
    /// # Panics
    /// If `thickness` is not positive and finite.
    pub fn settle_pinned(
        &mut self,
        cloth: &mut Cloth,
        thickness: f64,
        reach: usize,
        pins: &PinSet,
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
        pins: &PinSet,
        most: usize,
        slack: f64,
    ) -> (usize, usize, bool) {
        assert!(t > 0.0 && t.is_finite());
        let n = cloth.n();
        let count = n * n;
        self.pos.clear();
        self.pos
            .extend((0..count).map(|k| [cloth.x[k], cloth.y[k], cloth.z[k]]));
        if self.pinned.len() != count || (0..count).any(|k| self.pinned[k] != pins.contains(k)) {
            self.pinned = (0..count).map(|k| pins.contains(k)).collect();
            self.list.made_for = None;
        }
        if self.list.made_for != Some((t.to_bits(), reach, n)) {
            self.list.make(&self.pos, n, t, reach, &self.pinned);
        } else {
            let drifted = self.list.shift_to_fit(&self.pos);
            if drifted == 0 {
                // Nothing to move on.
            } else if self.list.due(drifted) {
                // Moving them on one by one would end in a fresh list.
                self.list.remake(&self.pos);
            } else {
                for k in 0..count {
                    if self.list.drifted(k, self.pos[k]) && self.list.move_on(k, &self.pos) {
                        break;
                    }
                }
            }
        }
        let to = t * (1.0 + slack);
        self.moved_in.clear();
        self.moved_in.resize(count, 0);
        let (mut sweeps, mut pushes, mut settled) = (0, 0, false);
        while sweeps < most && !settled {
            sweeps += 1;
            let pushed = self.sweep(t, to, sweeps as u32);
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
    /// further than its allowance from its anchor moves the point on
    /// ([`PairList::move_on`]), and the sweep goes on from the pair after.
    ///
    /// This is sweep `s` of the call; a pair neither of whose points moved
    /// in the last sweep or this one is passed over, as it was at least `t`
    /// apart when the last sweep looked at it (it would have been pushed
    /// and moved otherwise) and still is. Returns how many pushes it made.
    fn sweep(&mut self, t: f64, to: f64, s: u32) -> usize {
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
                if !self.list.drifted(a, self.pos[a]) && !self.list.drifted(b, self.pos[b]) {
                    continue;
                }
                let mut made = false;
                for k in [a, b] {
                    if self.list.drifted(k, self.pos[k]) {
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
