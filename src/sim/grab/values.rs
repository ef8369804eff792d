//! The values of a scripted grab, parsed from text: the point
//! (`--grab J,I`), where it is taken (`--grab-to X,Y,Z`) and over which
//! steps (`--grab-steps A-B`), each with its `FromStr` and `Display`.
//! What a grab does with them is [`Grab`](super::Grab).
#![forbid(unsafe_code)]

use std::fmt;
use std::str::FromStr;

use crate::sim::sheet::MAX_GRID;

/// A point of a grid: row `j`, column `i`, each from 0 to 255 (the
/// largest grid's; on the demo's 32 x 32, 0 to 31). Row 0 is the flat
/// sheet's back edge (the curtain's and the flag's rod), row `n - 1` its
/// front edge; `31,16` is the middle of the 32 x 32 sheet's front edge.
/// Whether it is on the grid a run uses is the run's to check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GridPoint {
    /// The row, 0 to 255.
    pub j: usize,
    /// The column, 0 to 255.
    pub i: usize,
}

impl FromStr for GridPoint {
    type Err = String;
    /// `31,16` (spaces around a number are allowed).
    ///
    /// # Errors
    /// A phrase naming the text: not two whole numbers split by a comma,
    /// or one past the largest grid's (255).
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || {
            format!(
                "must be J,I, a point of the grid (row and column, each a whole number from 0 \
                 to one less than the grid's side, 31 on the 32 x 32; e.g. 31,16), not `{s}`"
            )
        };
        let (j, i) = s.split_once(',').ok_or_else(bad)?;
        let index = |v: &str| match v.trim().parse::<usize>() {
            Ok(k) if k < MAX_GRID => Ok(k),
            _ => Err(bad()),
        };
        Ok(GridPoint {
            j: index(j)?,
            i: index(i)?,
        })
    }
}

impl fmt::Display for GridPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.j, self.i)
    }
}

/// A place in the world, `[x, y, z]` world units, each finite (the floor
/// is at `y = -3`, the flat sheet starts at `y = 1.5`, the camera looks
/// from `+z`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Place(pub [f64; 3]);

impl FromStr for Place {
    type Err = String;
    /// `0,-2.5,1` (spaces around a number are allowed).
    ///
    /// # Errors
    /// A phrase naming the text: not three numbers split by commas, or a
    /// number that is not finite (`nan`, `inf`, `1e999`).
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || {
            format!("must be X,Y,Z, three finite numbers of world units (e.g. 0,-2.5,1), not `{s}`")
        };
        let parts: Vec<&str> = s.split(',').collect();
        let [x, y, z] = parts[..] else {
            return Err(bad());
        };
        let coordinate = |v: &str| match v.trim().parse::<f64>() {
            Ok(c) if c.is_finite() => Ok(c),
            _ => Err(bad()),
        };
        Ok(Place([coordinate(x)?, coordinate(y)?, coordinate(z)?]))
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [x, y, z] = self.0;
        write!(f, "{x},{y},{z}")
    }
}

/// Steps `first` to `last` of a run, both included: `1 <= first <= last`.
/// Steps are counted as the simulation counts them: step 1 is the first
/// from the start, and a run resumed at step K begins with step K + 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StepSpan {
    /// The first step, at least 1.
    pub first: u64,
    /// The last step, at least `first`.
    pub last: u64,
}

impl StepSpan {
    /// How many steps the span holds, `last - first + 1` (at least 1).
    pub fn count(&self) -> u64 {
        self.last - self.first + 1
    }

    /// Whether step `s` is in the span.
    pub fn contains(&self, s: u64) -> bool {
        (self.first..=self.last).contains(&s)
    }
}

impl FromStr for StepSpan {
    type Err = String;
    /// `100-200`, or `150-150` for one step (spaces around a number are
    /// allowed).
    ///
    /// # Errors
    /// A phrase naming the text: not two whole numbers split by `-`, a
    /// first step of 0, or a first step after the last.
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || {
            format!(
                "must be A-B, the first and last steps, whole numbers with 1 <= A <= B \
                 (e.g. 100-200), not `{s}`"
            )
        };
        let (a, b) = s.split_once('-').ok_or_else(bad)?;
        let step = |v: &str| v.trim().parse::<u64>().map_err(|_| bad());
        let (first, last) = (step(a)?, step(b)?);
        if first == 0 || first > last {
            return Err(bad());
        }
        Ok(StepSpan { first, last })
    }
}

impl fmt::Display for StepSpan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.first, self.last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_points_stay_on_the_grid() {
        assert_eq!("31,16".parse(), Ok(GridPoint { j: 31, i: 16 }));
        assert_eq!(" 0 , 0 ".parse(), Ok(GridPoint { j: 0, i: 0 }));
        assert_eq!(GridPoint { j: 3, i: 4 }.to_string(), "3,4");
        assert_eq!("255,32".parse(), Ok(GridPoint { j: 255, i: 32 }));
        assert_eq!(
            "256,0".parse::<GridPoint>(),
            Err(
                "must be J,I, a point of the grid (row and column, each a whole number from 0 \
                 to one less than the grid's side, 31 on the 32 x 32; e.g. 31,16), not `256,0`"
                    .into()
            )
        );
        for bad in ["0,256", "-1,0", "1", "1,2,3", "a,b", "1.5,2", ",", ""] {
            let e = bad.parse::<GridPoint>().unwrap_err();
            assert!(e.contains(&format!("`{bad}`")), "{e}");
        }
    }

    #[test]
    fn places_are_finite() {
        assert_eq!("0,-2.5,1".parse(), Ok(Place([0.0, -2.5, 1.0])));
        assert_eq!(" 1e-3 ,2, 3 ".parse(), Ok(Place([0.001, 2.0, 3.0])));
        let p = Place([0.1, -2.25, 1e-7]);
        assert_eq!(p.to_string().parse(), Ok(p), "reads back");
        assert_eq!(
            "nan,0,0".parse::<Place>(),
            Err(
                "must be X,Y,Z, three finite numbers of world units (e.g. 0,-2.5,1), not `nan,0,0`"
                    .into()
            )
        );
        for bad in [
            "0,inf,0",
            "0,0,1e999",
            "1,2",
            "1,2,3,4",
            "",
            "x,y,z",
            "1,,2",
        ] {
            let e = bad.parse::<Place>().unwrap_err();
            assert!(e.contains(&format!("`{bad}`")), "{e}");
        }
    }

    #[test]
    fn step_spans_run_forwards_from_step_1() {
        let span: StepSpan = "100-200".parse().unwrap();
        assert_eq!(
            span,
            StepSpan {
                first: 100,
                last: 200
            }
        );
        assert_eq!((span.count(), span.to_string()), (101, "100-200".into()));
        assert!(span.contains(100) && span.contains(200) && !span.contains(201));
        assert_eq!("7-7".parse::<StepSpan>().map(|s| s.count()), Ok(1));
        assert_eq!(
            "10-5".parse::<StepSpan>(),
            Err(
                "must be A-B, the first and last steps, whole numbers with 1 <= A <= B \
                 (e.g. 100-200), not `10-5`"
                    .into()
            )
        );
        for bad in ["0-5", "-5", "5-", "5", "1-2-3", "a-b", "1.5-2", "-1-3"] {
            let e = bad.parse::<StepSpan>().unwrap_err();
            assert!(e.contains(&format!("`{bad}`")), "{e}");
        }
    }
}
