//! [`PinSet`]: the points held where they are.

#![forbid(unsafe_code)]

use super::model::Pins;

/// Which points of an `n x n` cloth stay where they are: a model's
/// [`Pins`] to start with, then as points are pinned and freed by hand
/// (`Simulation::pin`, `Simulation::unpin`). A pinned point never moves:
/// no gravity, wind, spring, collision or inertia touches it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PinSet {
    n: usize,
    /// One flag a point, row-major; empty while none is pinned.
    mask: Vec<bool>,
    count: usize,
}

impl PinSet {
    /// `pins`' points of an `n x n` grid.
    pub fn from_pins(pins: Pins, n: usize) -> Self {
        let mut set = PinSet {
            n,
            mask: Vec::new(),
            count: 0,
        };
        for k in pins.points(n) {
            set.insert(k);
        }
        set
    }

    /// Points along each side of the grid it is for.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Whether no point is pinned.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// How many points are pinned.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether point `k` (row-major, `j * n + i`) is pinned.
    pub fn contains(&self, k: usize) -> bool {
        self.mask.get(k).copied().unwrap_or(false)
    }

    /// Pin point `k`. Returns whether it was free; `false` too for a `k`
    /// off the grid.
    pub fn insert(&mut self, k: usize) -> bool {
        if k >= self.n * self.n || self.contains(k) {
            return false;
        }
        if self.mask.is_empty() {
            self.mask = vec![false; self.n * self.n];
        }
        self.mask[k] = true;
        self.count += 1;
        true
    }

    /// Free point `k`. Returns whether it was pinned.
    pub fn remove(&mut self, k: usize) -> bool {
        if !self.contains(k) {
            return false;
        }
        self.mask[k] = false;
        self.count -= 1;
        true
    }

    /// The pinned points, row-major indices, ascending.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.mask
            .iter()
            .enumerate()
            .filter_map(|(k, &p)| p.then_some(k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_model_s_pins_then_by_hand() {
        let mut set = PinSet::from_pins(Pins::Corners, 4);
        assert_eq!(set.iter().collect::<Vec<_>>(), [0, 3]);
        assert!(set.remove(3));
        assert!(!set.remove(3));
        assert!(set.insert(9));
        assert!(!set.insert(16), "off the grid");
        assert_eq!(set.iter().collect::<Vec<_>>(), [0, 9]);
        assert_eq!(set.len(), 2);
        assert!(PinSet::from_pins(Pins::None, 4).is_empty());
    }
}
