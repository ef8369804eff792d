//! The sheet at any resolution: how many points a side, and how far apart.
//!
//! The demo's sheet is 32 x 32 points 0.1 apart, 3.1 world units a side.
//! At another grid the sheet keeps its size and its place: an `n x n`
//! grid spans the same 3.1 units, its points [`spacing`]`(n)` apart, and
//! every rest length follows the spacing.

#![forbid(unsafe_code)]

use std::fmt;

use super::constants::{GRID, SPACING};

/// The fewest points a side a front end offers.
pub const MIN_GRID: usize = 8;

/// The most points a side a front end offers.
pub const MAX_GRID: usize = 256;

/// The sheet's side, world units: 31 of the demo's 0.1 spacings.
pub const SIDE: f64 = 3.1;

/// How far apart neighbouring points of an `n x n` sheet rest, world
/// units: the side over `n - 1`, exactly the original's 0.1 at `n = 32`.
///
/// # Panics
/// If `n < 2`.
pub fn spacing(n: usize) -> f64 {
    assert!(n >= 2, "a sheet needs at least 2 x 2 points, got {n}");
    if n == GRID {
        SPACING
    } else {
        SIDE / (n - 1) as f64
    }
}

/// The spacing of an `n x n` sheet as a multiple of the demo's:
/// `31 / (n - 1)`, exactly 1 at `n = 32`. The article's constants scale by
/// it at other grids (see [`general`](super::general)).
pub fn scale(n: usize) -> f64 {
    spacing(n) / SPACING
}

/// The grid coordinate of the sheet's origin on an `n x n` grid,
/// `c = 16 (n - 1) / 31`: point `[j][i]` lies at `x = (i - c) h` and
/// `z = (j - c) h` ([`Cloth::flat`](super::Cloth::flat)), so every grid
/// spans the same square, from -1.6 to 1.5. Exactly the original's 16 at
/// `n = 32` (`496 / 31`).
///
/// # Panics
/// If `n < 2`.
pub fn centre(n: usize) -> f64 {
    assert!(n >= 2, "a sheet needs at least 2 x 2 points, got {n}");
    16.0 * (n - 1) as f64 / 31.0
}

/// Points a side, as a setting: a whole number from [`MIN_GRID`] to
/// [`MAX_GRID`], the demo's 32 by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid(usize);

impl Grid {
    /// The demo's 32 x 32.
    pub const ORIGINAL: Grid = Grid(GRID);
    /// The hands scene's 64 x 64 ([`Scene::Hands`](crate::sim::Scene::Hands)).
    pub const HANDS: Grid = Grid(64);

    /// `n` points a side.
    ///
    /// # Errors
    /// [`GridError`] if `n` is not from 8 to 256.
    pub fn new(n: usize) -> Result<Grid, GridError> {
        if (MIN_GRID..=MAX_GRID).contains(&n) {
            Ok(Grid(n))
        } else {
            Err(GridError(n.to_string()))
        }
    }

    /// Points a side.
    pub const fn get(self) -> usize {
        self.0
    }
}

impl Default for Grid {
    /// [`Grid::ORIGINAL`].
    fn default() -> Self {
        Grid::ORIGINAL
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::str::FromStr for Grid {
    type Err = GridError;

    /// A whole number from 8 to 256.
    ///
    /// # Errors
    /// [`GridError`] quoting the text, for anything else.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().parse::<usize>() {
            Ok(n) => Grid::new(n).map_err(|_| GridError(s.to_owned())),
            Err(_) => Err(GridError(s.to_owned())),
        }
    }
}

/// A grid size that is not a whole number from 8 to 256 (the text given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridError(pub String);

impl fmt::Display for GridError {
    /// For example `the grid must be a whole number from 8 to 256 (points
    /// a side), got 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let got = &self.0;
        write!(
            f,
            "the grid must be a whole number from {MIN_GRID} to {MAX_GRID} (points a side), got "
        )?;
        if got.parse::<u128>().is_ok() {
            write!(f, "{got}")
        } else {
            write!(f, "{got:?}")
        }
    }
}

impl std::error::Error for GridError {}
