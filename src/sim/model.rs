//! Which physics runs: the original, or one of the article's "what ifs".
//!
//! The article explains each of the original's design choices by what would
//! happen otherwise. A [`Model`] makes each "otherwise" runnable, one field
//! per choice, with the original as its [`Default`] ([`Model::ORIGINAL`]):
//!
//! | field | the original | what if | the article |
//! |---|---|---|---|
//! | [`passes`](Model::passes) | 15 | 1 to 100 | "Fifteen passes ... makes the cloth much stiffer than one pass would" |
//! | [`springs`](Model::springs) | the eight neighbours | no diagonals; springs to the points two away | "The four diagonals stop it shearing"; "Springs to the points two away would give it some stiffness against bending" |
//! | [`buffering`](Model::buffering) | double buffered | in place | "If each point were moved in place, ... the result would depend on which corner the loop started from" |
//! | [`order`](Model::order) | rows, from `[0][0]` | reversed, from the opposite corner | (the same sentence) |
//! | [`law`](Model::law) | the article's lopsided spring | Hooke's law | "Hooke's law would move the point in proportion to the stretch" |
//!
//! [`Simulation`](super::Simulation) runs the fast, bit-exact pass exactly
//! when its model is the original, and the plain general pass
//! ([`super::general`]) for every other model. A model is not part of the
//! simulation's state: the state file holds the cloth alone, and a state
//! can be resumed with any model.
//!
//! Every value of every field is valid: [`Passes`] can only hold 1 to 100,
//! and its constructor and [`FromStr`] say why a number is refused, so a
//! front end can show the error as it is. The struct is
//! `#[non_exhaustive]`, so that further choices (pinned points, wind,
//! inertia, self-collision) can join it as fields without breaking a
//! caller: start from [`Model::ORIGINAL`] (or `Model::default()`) and set
//! the fields that differ.
//!
//! ```
//! use cloth_demo::sim::{Buffering, Model, Order, Passes, Simulation};
//!
//! let mut model = Model::ORIGINAL;
//! model.passes = "5".parse().unwrap();
//! model.springs.bend = true;
//! model.buffering = Buffering::InPlace;
//! model.order = Order::Reversed;
//! assert_eq!(model.to_string(), "5 passes, bending springs, in place, reversed order");
//!
//! let mut sim = Simulation::with_model(model);
//! sim.step();
//! // Back to the original mid-run, for the next step on.
//! sim.set_model(Model::ORIGINAL);
//! assert!(sim.model().is_original());
//! assert_eq!(Passes::new(0).unwrap_err().to_string(), "passes must be a whole number from 1 to 100, got 0");
//! ```

use std::fmt;
use std::str::FromStr;

/// The physics a [`Simulation`](super::Simulation) runs: how many passes a
/// step makes, which springs join the points, how a pass stores its moves,
/// in which order it visits the points, and the spring law.
///
/// `Model::default()` is [`Model::ORIGINAL`], the article's program, which
/// runs bit for bit as the original. Set fields to run a "what if"; every
/// combination runs, finitely, from every finite state.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Model {
    /// Passes per step (the original's 15). "Doing fifteen passes a frame
    /// does two things. A pass only looks one point away, so a tug on one
    /// edge of the cloth travels one point per pass. Fifteen passes let it
    /// spread fifteen points, half way across the cloth, in a single frame,
    /// which makes the cloth much stiffer than one pass would. And gravity
    /// is applied fifteen times, so the cloth falls 0.015 a frame." With
    /// `N` passes a free flat sheet falls `0.001 N` a step, and a tug
    /// spreads `N` points.
    pub passes: Passes,
    /// Which springs join each point to its neighbours (the original's
    /// eight).
    pub springs: Springs,
    /// Whether a pass stores the new positions apart (the original's double
    /// buffering) or moves each point in place.
    pub buffering: Buffering,
    /// The order a pass visits the points in. With double buffering it
    /// cannot change the result; moving in place, it does.
    pub order: Order,
    /// How far a spring moves its point for a given length.
    pub law: SpringLaw,
}

impl Model {
    /// The original program: 15 passes, the eight neighbours, double
    /// buffered, visited in rows from `[0][0]`, the article's lopsided
    /// spring.
    pub const ORIGINAL: Model = Model {
        passes: Passes::ORIGINAL,
        springs: Springs::ORIGINAL,
        buffering: Buffering::Double,
        order: Order::Rows,
        law: SpringLaw::Article,
    };

    /// Whether this is the original model (then the fast, bit-exact pass
    /// runs).
    pub fn is_original(&self) -> bool {
        *self == Model::ORIGINAL
    }

    /// What differs from the original, one short phrase per field that
    /// differs, in field order: for example `["5 passes", "bending
    /// springs"]`. Empty for the original. Made for a window title or a
    /// log line.
    pub fn differences(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.passes != Passes::ORIGINAL {
            out.push(
                self.passes.to_string()
                    + if self.passes.get() == 1 {
                        " pass"
                    } else {
                        " passes"
                    },
            );
        }
        if !self.springs.diagonals {
            out.push("no diagonals".into());
        }
        if self.springs.bend {
            out.push("bending springs".into());
        }
        if self.buffering != Buffering::Double {
            out.push("in place".into());
        }
        if self.order != Order::Rows {
            out.push(format!("{} order", self.order));
        }
        if self.law != SpringLaw::Article {
            out.push("Hooke's law".into());
        }
        out
    }
}

impl Default for Model {
    /// [`Model::ORIGINAL`].
    fn default() -> Self {
        Model::ORIGINAL
    }
}

impl fmt::Display for Model {
    /// `the original`, or [`Model::differences`] joined by `, `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.differences();
        if d.is_empty() {
            f.write_str("the original")
        } else {
            f.write_str(&d.join(", "))
        }
    }
}

/// Passes per step: a whole number from [`Passes::MIN`] (1) to
/// [`Passes::MAX`] (100); the original's is [`Passes::ORIGINAL`] (15).
///
/// Only those values can be held, so a [`Model`] is always valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Passes(usize);

impl Passes {
    /// The fewest passes a step can make.
    pub const MIN: Passes = Passes(1);
    /// The most passes a step can make (a step then takes about seven times
    /// the original's time).
    pub const MAX: Passes = Passes(100);
    /// The original's fifteen.
    pub const ORIGINAL: Passes = Passes(super::PASSES);

    /// `n` passes per step.
    ///
    /// # Errors
    /// [`ModelError::Passes`] if `n` is not from 1 to 100.
    pub fn new(n: usize) -> Result<Passes, ModelError> {
        if (Passes::MIN.0..=Passes::MAX.0).contains(&n) {
            Ok(Passes(n))
        } else {
            Err(ModelError::Passes(n.to_string()))
        }
    }

    /// `n` brought into range: below 1 is 1, above 100 is 100. For keys
    /// that step the count up and down.
    pub const fn saturating(n: usize) -> Passes {
        if n < Passes::MIN.0 {
            Passes::MIN
        } else if n > Passes::MAX.0 {
            Passes::MAX
        } else {
            Passes(n)
        }
    }

    /// The number of passes, 1 to 100.
    pub const fn get(self) -> usize {
        self.0
    }
}

impl Default for Passes {
    /// [`Passes::ORIGINAL`].
    fn default() -> Self {
        Passes::ORIGINAL
    }
}

impl fmt::Display for Passes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Passes {
    type Err = ModelError;

    /// A whole number from 1 to 100, in decimal (surrounding spaces are
    /// not accepted).
    ///
    /// # Errors
    /// [`ModelError::Passes`] for anything else, quoting what was given.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.parse::<usize>() {
            Ok(n) => Passes::new(n),
            Err(_) => Err(ModelError::Passes(s.to_owned())),
        }
    }
}

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

/// Where a pass puts each point's new position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Buffering {
    /// The original: every new position is worked out from where the
    /// neighbours were at the end of the last pass, kept apart, and all
    /// replace the old ones together. "That way the order the loop visits
    /// the points doesn't matter."
    #[default]
    Double,
    /// Single buffered: each point moves as soon as its new position is
    /// worked out, and the points after it see it there. "If each point
    /// were moved in place, the ones late in the loop would see their
    /// neighbours' new positions and the early ones wouldn't, and the
    /// result would depend on which corner the loop started from." A tug
    /// can then run across the whole cloth in one pass along the loop's
    /// direction, but only one point against it: the cloth goes lopsided.
    InPlace,
}

/// The order a pass visits the points in: which corner the loop starts
/// from. Within a point, its springs are always summed in the same order,
/// `jj` ascending outer, `ii` ascending inner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Order {
    /// The original's loops: rows `j = 0, 1, ...` outer, `i = 0, 1, ...`
    /// inner, from the corner `[0][0]`.
    #[default]
    Rows,
    /// From the opposite corner `[n-1][n-1]`: rows `j = n-1` down to 0,
    /// each from `i = n-1` down to 0.
    Reversed,
}

impl Order {
    /// Every order, in the order of their names in [`Order::NAMES`].
    pub const ALL: [Order; 2] = [Order::Rows, Order::Reversed];
    /// The orders' names, as [`FromStr`] takes them and `Display` prints
    /// them.
    pub const NAMES: [&'static str; 2] = ["rows", "reversed"];

    /// The name, as [`FromStr`] takes it: `rows`, `reversed`.
    pub const fn name(self) -> &'static str {
        match self {
            Order::Rows => Order::NAMES[0],
            Order::Reversed => Order::NAMES[1],
        }
    }

    /// The points `(j, i)` of an `n x n` grid in this order.
    pub fn visit(self, n: usize) -> impl Iterator<Item = (usize, usize)> {
        let rows = (0..n).flat_map(move |j| (0..n).map(move |i| (j, i)));
        let flip = self == Order::Reversed;
        rows.map(move |(j, i)| if flip { (n - 1 - j, n - 1 - i) } else { (j, i) })
    }
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Order {
    type Err = ModelError;

    /// `rows` or `reversed`, exactly.
    ///
    /// # Errors
    /// [`ModelError::Order`] for any other name, quoting it.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Order::ALL
            .into_iter()
            .find(|o| o.name() == s)
            .ok_or_else(|| ModelError::Order(s.to_owned()))
    }
}

/// How far a spring of length `len` and rest length `rest` moves its point
/// along the spring in one pass (positive: towards the neighbour).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SpringLaw {
    /// The original: `0.03 (len - rest) / len` ([`super::spring_term`],
    /// `v * 0.03 (len - rest) / len^2` with `v` the vector to the
    /// neighbour). "This divides by the length once more, which makes the
    /// spring lopsided. However far it's stretched, a spring can never
    /// pull a point more than 0.03 in a pass, but a squashed one pushes
    /// harder and harder as the two points get close, so neighbours don't
    /// collapse onto each other."
    #[default]
    Article,
    /// "Hooke's law would move the point in proportion to the stretch":
    /// `0.3 (len - rest)` ([`super::general::hooke_term`]), which matches
    /// the article's spring near an edge spring's rest length (the
    /// article's moves `0.03 (len - 0.1) / len`, `0.3 (len - 0.1)` at
    /// `len = 0.1`). A squashed spring then pushes at most `0.3 rest`
    /// (0.03 for an edge), however close its points get, so a harder push
    /// from elsewhere squashes neighbours onto each other; a stretched one
    /// pulls without limit.
    Hooke,
}

/// Why a model setting was refused: one line, fit to show as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ModelError {
    /// Passes per step outside 1 to 100, or not a whole number (the value
    /// as given).
    Passes(String),
    /// A visiting order with no such name (the name given).
    Order(String),
}

impl fmt::Display for ModelError {
    /// For example `passes must be a whole number from 1 to 100, got 0`,
    /// `passes must be a whole number from 1 to 100, got "1.5"`,
    /// `unknown order "diagonal": expected rows or reversed`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::Passes(got) => {
                write!(
                    f,
                    "passes must be a whole number from {} to {}, got ",
                    Passes::MIN,
                    Passes::MAX
                )?;
                if got.parse::<u128>().is_ok() {
                    write!(f, "{got}")
                } else {
                    write!(f, "{got:?}")
                }
            }
            ModelError::Order(name) => write!(
                f,
                "unknown order {name:?}: expected {}",
                Order::NAMES.join(" or ")
            ),
        }
    }
}

impl std::error::Error for ModelError {}
