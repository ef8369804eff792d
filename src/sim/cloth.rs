//! [`Cloth`]: the grid of points, in world units.

#![forbid(unsafe_code)]

use std::fmt;

use super::constants::START_Y;
use super::sheet::{centre, spacing};

/// The cloth: an `n x n` grid of points in world units.
///
/// Stored as three row-major arrays (structure of arrays), point `[j][i]` at
/// index `j * n + i`, where `i` runs along x and `j` along z (the original's
/// `x[j][i]`, `y[j][i]`, `z[j][i]`).
#[derive(Clone, Debug, PartialEq)]
pub struct Cloth {
    n: usize,
    /// x coordinates, row-major `[j][i]`.
    pub x: Vec<f64>,
    /// y coordinates (up), row-major `[j][i]`.
    pub y: Vec<f64>,
    /// z coordinates, row-major `[j][i]`.
    pub z: Vec<f64>,
}

impl Cloth {
    /// The flat starting sheet of `n x n` points at height 1.5, from the
    /// original's Initialise(): `x = (i - c) * h`, `z = (j - c) * h` with
    /// `h = `[`spacing`]`(n)` and `c = `[`centre`]`(n) = 16 (n - 1) / 31`.
    /// So every grid spans the same square, from -1.6 to 1.5 along x and z
    /// (half a square off centre, as the original's 32 x 32 sheet lies),
    /// and every spring starts at rest. At the demo's `n = 32`, `h` is 0.1
    /// and `c` 16, exactly: the original's `(i - 16) * 0.1`, to the bit.
    ///
    /// # Panics
    /// If `n < 2`.
    pub fn flat(n: usize) -> Self {
        assert!(n >= 2, "a cloth needs at least 2 x 2 points, got {n}");
        let (h, c) = (spacing(n), centre(n));
        let mut cloth = Cloth {
            n,
            x: vec![0.0; n * n],
            y: vec![START_Y; n * n],
            z: vec![0.0; n * n],
        };
        for j in 0..n {
            for i in 0..n {
                cloth.x[j * n + i] = (i as f64 - c) * h;
                cloth.z[j * n + i] = (j as f64 - c) * h;
            }
        }
        cloth
    }

    /// A cloth from its points, row-major `[j][i]`, `n * n` of them.
    ///
    /// # Errors
    /// [`NotSquare`] if `points.len()` is not a square of at least 4.
    pub fn from_points(points: &[[f64; 3]]) -> Result<Self, NotSquare> {
        let n = (points.len() as f64).sqrt() as usize;
        if n < 2 || n * n != points.len() {
            return Err(NotSquare {
                points: points.len(),
            });
        }
        Ok(Cloth {
            n,
            x: points.iter().map(|p| p[0]).collect(),
            y: points.iter().map(|p| p[1]).collect(),
            z: points.iter().map(|p| p[2]).collect(),
        })
    }

    /// Points along each side.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Point `[j][i]` as `(x, y, z)` in world units.
    ///
    /// # Panics
    /// If `j` or `i` is `>= n`.
    pub fn point(&self, j: usize, i: usize) -> [f64; 3] {
        assert!(j < self.n && i < self.n);
        let k = j * self.n + i;
        [self.x[k], self.y[k], self.z[k]]
    }

    /// Every point, row-major `[j][i]`.
    pub fn points(&self) -> impl Iterator<Item = [f64; 3]> + '_ {
        (0..self.n * self.n).map(|k| [self.x[k], self.y[k], self.z[k]])
    }
}

/// The points given for a [`Cloth`] are not an `n x n` grid with `n >= 2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotSquare {
    /// How many points were given.
    pub points: usize,
}

impl fmt::Display for NotSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a cloth needs n x n points with n >= 2, got {}",
            self.points
        )
    }
}

impl std::error::Error for NotSquare {}
