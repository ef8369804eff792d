//! Which points are pinned: held where they are, bit for bit.

#![forbid(unsafe_code)]

use std::fmt;
use std::str::FromStr;

use super::limits;
use super::ModelError;

/// Which points of the cloth are pinned. A pinned point never moves: no
/// gravity, wind, spring, collision or inertia touches it, so its
/// coordinates stay bit for bit what they were. The springs to it still
/// pull its free neighbours (each point's move is its own), so a spring
/// between a pinned and a free point pulls only the free end.
///
/// `j` and `i` are the grid's (the original's `x[j][i]`). In the flat
/// sheet the `j = 0` row is its far edge; [`Scene`](super::Scene) hangs
/// it as a curtain's rod (`curtain`) or a flag's pole (`flag`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Pins {
    /// The original: nothing pinned.
    #[default]
    None,
    /// The whole `j = 0` row, like a curtain on its rod.
    Top,
    /// The two corners of the `j = 0` row, `[0][0]` and `[0][n-1]`, like a
    /// sheet hung from two pegs.
    Corners,
}

impl Pins {
    /// Every choice, in the order of [`Pins::NAMES`].
    pub const ALL: [Pins; 3] = [Pins::None, Pins::Top, Pins::Corners];
    /// The names, as [`FromStr`] takes them and `Display` prints them.
    pub const NAMES: [&'static str; 3] = limits::PINS;

    /// The name: `none`, `top`, `corners`.
    pub const fn name(self) -> &'static str {
        match self {
            Pins::None => Pins::NAMES[0],
            Pins::Top => Pins::NAMES[1],
            Pins::Corners => Pins::NAMES[2],
        }
    }

    /// Whether point `[j][i]` of an `n x n` grid is pinned.
    pub const fn holds(self, n: usize, j: usize, i: usize) -> bool {
        match self {
            Pins::None => false,
            Pins::Top => j == 0,
            Pins::Corners => j == 0 && (i == 0 || i + 1 == n),
        }
    }

    /// The pinned points of an `n x n` grid as row-major indices
    /// `j * n + i`, ascending.
    pub fn points(self, n: usize) -> Vec<usize> {
        (0..n * n)
            .filter(|&k| self.holds(n, k / n, k % n))
            .collect()
    }
}

impl fmt::Display for Pins {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Pins {
    type Err = ModelError;

    /// `none`, `top` or `corners`, exactly.
    ///
    /// # Errors
    /// [`ModelError::Pins`] for any other name, quoting it.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Pins::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| ModelError::Pins(s.to_owned()))
    }
}
