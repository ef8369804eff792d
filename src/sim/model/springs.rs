//! Which springs tie each point to its neighbours, and how strong they are.

#![forbid(unsafe_code)]

/// The fraction of its law's move each spring gives with bending springs
/// ([`Springs::share`]): a third, 8 springs' strength shared by 24.
pub const BEND_SHARE: f64 = 1.0 / 3.0;

/// Which springs tie each point to the points around it. Each neighbour's
/// rest length is `0.1 * DIST[2 + dj][2 + di]` from the 5 x 5 table by
/// where it sits (`dj`, `di` from -2 to 2), as in the original.
///
/// The four springs along the grid lines (rest 0.1) are always there: "The
/// four edge springs stop it stretching."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Springs {
    /// The four diagonal springs (rest 0.1 x sqrt 2, about 0.141), on in
    /// the original. "The four diagonals stop it shearing, so the squares
    /// can't squash into thin diamonds." Off, nothing resists shear: a
    /// square's diagonals can change length freely while its sides keep
    /// theirs.
    pub diagonals: bool,
    /// Springs to the sixteen points two away (the outer ring of the 5 x 5
    /// table: rest 0.2 straight along the grid, 0.1 x sqrt 5 a knight's
    /// move away, 0.2 x sqrt 2 on the diagonals), off in the original.
    /// "Nothing stops it bending. There are no springs to the points two
    /// away, so it folds along any line of points with no resistance at
    /// all ... Springs to the points two away would give it some stiffness
    /// against bending, and the 5x5 table has room for their rest lengths,
    /// but the loops stop at one." On, the loops run two out,
    /// `jj = j-2..=j+2`, `ii = i-2..=i+2`: a sharp fold squashes the
    /// springs across it, which push it open, so creases round off and the
    /// drape is stiffer. Every spring then moves its point a third as far
    /// (see [`Springs::share`]).
    pub bend: bool,
}

impl Springs {
    /// The original's eight neighbours: edges and diagonals, nothing two
    /// away.
    pub const ORIGINAL: Springs = Springs {
        diagonals: true,
        bend: false,
    };

    /// How far the neighbour loops reach: 1 (the original's 3 x 3), or 2
    /// with [`Springs::bend`] (the whole 5 x 5 table).
    pub const fn reach(self) -> usize {
        if self.bend {
            2
        } else {
            1
        }
    }

    /// Whether a spring joins a point to the neighbour `dj` rows and `di`
    /// columns away (each from -2 to 2). Never to the point itself.
    pub const fn joins(self, dj: isize, di: isize) -> bool {
        match (dj.unsigned_abs(), di.unsigned_abs()) {
            (0, 0) => false,
            (0, 1) | (1, 0) => true,
            (1, 1) => self.diagonals,
            (a, b) if a <= 2 && b <= 2 => self.bend,
            _ => false,
        }
    }

    /// The fraction of its law's move each spring gives its point: 1 (all
    /// of it) for the original's eight, [`BEND_SHARE`] (a third) with
    /// bending springs.
    ///
    /// Why a third: a pass moves each point by the sum of its springs'
    /// moves, straight there, and the article's strength 0.03 is sized for
    /// eight springs: on a flat sheet, a pattern of points alternating
    /// along a row is already over-corrected by a factor 1.05 each pass.
    /// With twenty-four springs at full strength it is over-corrected by a
    /// factor of about 2.2, so rounding errors grow by that each pass:
    /// measured, the falling flat sheet flies apart (springs 7 long) by
    /// step 20, and weakening only the sixteen new springs (to a fiftieth)
    /// still throws springs 1.4 long in the drape. Sharing the strength,
    /// 24 springs each a third as strong as the original's eight, keeps
    /// the drape's longest spring at 0.24 over 3,000 steps (the
    /// original's: 0.32).
    pub const fn share(self) -> f64 {
        if self.bend {
            BEND_SHARE
        } else {
            1.0
        }
    }

    /// Springs on a point well inside the grid: 8 in the original, 4 with
    /// no diagonals, 24 bending, 20 bending with no diagonals.
    pub const fn count(self) -> usize {
        4 + if self.diagonals { 4 } else { 0 } + if self.bend { 16 } else { 0 }
    }
}

impl Default for Springs {
    /// [`Springs::ORIGINAL`].
    fn default() -> Self {
        Springs::ORIGINAL
    }
}
