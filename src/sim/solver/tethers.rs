//! Long-range tethers: each free point kept within a stretch of its rest
//! distance from the nearest pinned point, as Jolt's soft bodies do.

#![forbid(unsafe_code)]

use crate::sim::{sheet, PinSet};

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
    /// The grid and the pinned points they were made for.
    made_for: Option<(usize, PinSet)>,
}

impl Tethers {
    /// Make the tethers of an `n x n` sheet to `pins`, unless they were
    /// made for exactly these.
    pub(super) fn ensure(&mut self, n: usize, pins: &PinSet) {
        if self
            .made_for
            .as_ref()
            .is_some_and(|(m, p)| *m == n && p == pins)
        {
            return;
        }
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
        self.made_for = Some((n, pins.clone()));
    }
}
