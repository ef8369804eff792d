//! Hands on the cloth: a point held where the caller says each step, pins
//! set and freed by hand, and the springs torn.

#![forbid(unsafe_code)]

use super::Simulation;
use crate::sim::{HandError, Held, PinSet, Torn};

impl Simulation {
    /// The row-major index of point `[j][i]`.
    fn index(&self, j: usize, i: usize) -> Result<usize, HandError> {
        let n = self.cloth.n();
        if j < n && i < n {
            Ok(j * n + i)
        } else {
            Err(HandError::OffGrid { j, i, n })
        }
    }

    /// Hold point `[j][i]` at `at` (world units): from the next step on,
    /// each step puts it there before its passes, and it stays there
    /// through them, a pin the caller moves; the rest of the cloth follows
    /// through its springs, the spheres and floor still push the rest out.
    /// Call again to move it, or to hold another point instead. A pinned
    /// point held is freed: let go, it falls ([`Simulation::pin`] it
    /// first to keep it). With inertia, a point let go carries on at its
    /// last step's move.
    ///
    /// # Errors
    /// [`HandError`] for a point off the grid or a place not finite; the
    /// hold is then as it was.
    pub fn hold(&mut self, j: usize, i: usize, at: [f64; 3]) -> Result<(), HandError> {
        let point = self.index(j, i)?;
        if !at.iter().all(|c| c.is_finite()) {
            return Err(HandError::NotFinite(at));
        }
        self.pins.remove(point);
        self.held = Some(Held::new(point, at, self.cloth.n()));
        Ok(())
    }

    /// Let go of the held point, if any: it moves with the rest from the
    /// next step on. Returns the point that was held, `(j, i)`.
    pub fn release(&mut self) -> Option<(usize, usize)> {
        self.held.take().map(|h| h.point())
    }

    /// The held point and where the next step puts it, if any.
    pub fn held(&self) -> Option<Held> {
        self.held
    }

    /// Pin point `[j][i]` where it is: no step moves it until it is freed
    /// ([`Simulation::unpin`], or held). Returns whether it was free.
    ///
    /// # Errors
    /// [`HandError::OffGrid`] for a point off the grid.
    pub fn pin(&mut self, j: usize, i: usize) -> Result<bool, HandError> {
        let k = self.index(j, i)?;
        Ok(self.pins.insert(k))
    }

    /// Free point `[j][i]`, one of the model's pins included. Returns
    /// whether it was pinned.
    ///
    /// # Errors
    /// [`HandError::OffGrid`] for a point off the grid.
    pub fn unpin(&mut self, j: usize, i: usize) -> Result<bool, HandError> {
        let k = self.index(j, i)?;
        Ok(self.pins.remove(k))
    }

    /// The pinned points: the model's pins as pinned and freed by hand
    /// (the held point is not among them).
    pub fn pins(&self) -> &PinSet {
        &self.pins
    }

    /// The springs torn so far (with [`Model::tear`](crate::sim::Model::tear)).
    pub fn torn(&self) -> &Torn {
        &self.torn
    }
}
