//! Long-range tethers: each free point kept within a stretch of its rest
//! distance from the nearest pinned point, as Jolt's soft bodies do.
//! Once springs have torn (or been cut), a point is tethered only to a
//! pinned point of its own piece of cloth: one it still reaches through
//! whole springs along the grid lines and diagonals. A piece torn off
//! every pin has no tethers, and falls.

#![forbid(unsafe_code)]

use crate::sim::{sheet, PinSet, Torn};

/// For each point of an `n x n` sheet, the nearest pinned point on the
/// flat sheet (fewest spacings, straight across; the lowest index of
/// those as near) and how far it is at rest, world units. Remade when the
/// pins change.
#[derive(Clone, Debug, Default)]
pub(super) struct Tethers {
    /// The anchor of each point, `u32::MAX` for a pinned point or when
    /// nothing is pinned.
    pub anchor: Vec<u32>,
    /// The rest distance to the anchor.
    pub rest: Vec<f64>,
    /// The grid, the pinned points and the torn springs they were made
    /// for.
    made_for: Option<(usize, PinSet, Torn)>,
}

impl Tethers {
    /// Make the tethers of an `n x n` sheet to `pins`, each point's to a
    /// pin of its own piece (the `torn` springs left out), unless they
    /// were made for exactly these.
    pub(super) fn ensure(&mut self, n: usize, pins: &PinSet, torn: &Torn) {
        if self
            .made_for
            .as_ref()
            .is_some_and(|(m, p, t)| *m == n && p == pins && t == torn)
        {
            return;
        }
        let piece = torn.pieces();
        let pinned: Vec<usize> = pins.iter().collect();
        let h = sheet::spacing(n);
        self.anchor.clear();
        self.rest.clear();
        for k in 0..n * n {
            let (j, i) = ((k / n) as isize, (k % n) as isize);
            let nearest = if pins.contains(k) {
                None
            } else {
                pinned
                    .iter()
                    .filter(|&&p| piece[p] == piece[k])
                    .map(|&p| {
                        let (dj, di) = ((p / n) as isize - j, (p % n) as isize - i);
                        (dj * dj + di * di, p)
                    })
                    .min()
            };
            match nearest {
                Some((d2, p)) => {
                    self.anchor.push(p as u32);
                    self.rest.push(h * (d2 as f64).sqrt());
                }
                None => {
                    self.anchor.push(u32::MAX);
                    self.rest.push(0.0);
                }
            }
        }
        self.made_for = Some((n, pins.clone(), torn.clone()));
    }
}
