//! The program's option parsers, in the library only so that the fuzz
//! targets in `fuzz/` can reach them (a fuzz target cannot import the
//! program): counts (`--steps`, `--every`, `--start`), `--size WxH`,
//! `--orbit R1,R2`, `--distance D`, `--look-at X,Y,Z` and the image format an output path's
//! extension names, each with its `FromStr` and `Display`. (A scripted
//! grab's values, `--grab`, `--grab-to` and `--grab-steps`, are the sim's:
//! [`sim::grab`](crate::sim::grab).)
//!
//! Pure: no GL, no window, no I/O. Every error is a phrase that follows
//! the option's name ("must be a whole number of at least 0, not `-5`"):
//! the program puts `--steps ` in front of it.
#![forbid(unsafe_code)]

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use crate::render::camera::{DISTANCE, MAX_DISTANCE, MIN_DISTANCE, TARGET_BOUND};

/// Largest image side `render` and `record` accept, pixels.
pub const MAX_SIDE: u32 = 16384;

/// A whole number from `min` to `max`.
///
/// # Errors
/// `must be a whole number of at least MIN, not `TEXT`` (or `from MIN to
/// MAX` when `max` is below `u64::MAX`) for anything else: a sign, a
/// fraction, a word, a number out of range.
pub fn count(text: &str, min: u64, max: u64) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => {
            let range = if max == u64::MAX {
                format!("of at least {min}")
            } else {
                format!("from {min} to {max}")
            };
            Err(format!("must be a whole number {range}, not `{text}`"))
        }
    }
}

/// An image size, `WxH`, each side 1 to [`MAX_SIDE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// Pixels across.
    pub width: u32,
    /// Pixels down.
    pub height: u32,
}

impl FromStr for Size {
    type Err = String;
    /// `792x573` (or `792X573`; spaces around a side are allowed).
    ///
    /// # Errors
    /// A phrase naming the text: not two sides split by `x`, or a side that
    /// is not a whole number from 1 to [`MAX_SIDE`].
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || {
            format!(
                "must be WIDTHxHEIGHT, each side a whole number of pixels from 1 to {MAX_SIDE} \
                 (e.g. 792x573), not `{s}`"
            )
        };
        let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
        let side = |v: &str| match v.trim().parse::<u32>() {
            Ok(n) if (1..=MAX_SIDE).contains(&n) => Ok(n),
            _ => Err(bad()),
        };
        Ok(Size {
            width: side(w)?,
            height: side(h)?,
        })
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// `--orbit R1,R2`: the view's orbit angles, in pixels dragged, each
/// finite (a [`Camera`](crate::render::Camera)'s `r1` and `r2`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrbitAngles {
    /// Horizontal drag (the original's r1).
    pub r1: f64,
    /// Vertical drag (the original's r2).
    pub r2: f64,
}

impl FromStr for OrbitAngles {
    type Err = String;
    /// `100,-50` (spaces around a number are allowed).
    ///
    /// # Errors
    /// A phrase naming the text: not two numbers split by a comma, or a
    /// number that is not finite (`nan`, `inf`, `1e999`).
    fn from_str(s: &str) -> Result<Self, String> {
        let bad =
            || format!("must be R1,R2, two finite numbers of pixels (e.g. 100,-50), not `{s}`");
        let (a, b) = s.split_once(',').ok_or_else(bad)?;
        let angle = |v: &str| match v.trim().parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(x),
            _ => Err(bad()),
        };
        Ok(OrbitAngles {
            r1: angle(a)?,
            r2: angle(b)?,
        })
    }
}

impl fmt::Display for OrbitAngles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.r1, self.r2)
    }
}

/// The camera's distance from the centre of the orbit, world units, from
/// [`MIN_DISTANCE`] to [`MAX_DISTANCE`] (2 to 20); the original's is
/// [`DISTANCE`] (5), the [`Default`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Distance(pub f64);

impl Default for Distance {
    fn default() -> Self {
        Distance(DISTANCE)
    }
}

impl FromStr for Distance {
    type Err = String;
    /// `3`, `7.5`, `1.2e1` (spaces around the number are allowed).
    ///
    /// # Errors
    /// A phrase naming the text and the range, for anything that is not a
    /// number from [`MIN_DISTANCE`] to [`MAX_DISTANCE`]: `0`, `-1`, `nan`,
    /// `inf`, `1e9`, a word.
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().parse::<f64>() {
            Ok(d) if (MIN_DISTANCE..=MAX_DISTANCE).contains(&d) => Ok(Distance(d)),
            _ => Err(format!(
                "must be a number of world units from {MIN_DISTANCE} to {MAX_DISTANCE} \
                 (the original's is {DISTANCE}), not `{s}`"
            )),
        }
    }
}

impl fmt::Display for Distance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// `--look-at X,Y,Z`: the point the camera looks at and turns about,
/// world units, each coordinate from `-`[`TARGET_BOUND`] to
/// [`TARGET_BOUND`] (a [`Camera`](crate::render::Camera)'s target; the
/// original's is the origin, the [`Default`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LookAt(pub [f64; 3]);

impl FromStr for LookAt {
    type Err = String;
    /// `0,-2.5,0.5` (spaces around a number are allowed).
    ///
    /// # Errors
    /// A phrase naming the text and the range: not three numbers split by
    /// commas, or a number that is not finite or out of range.
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || {
            format!(
                "must be X,Y,Z, three numbers of world units from -{TARGET_BOUND} to \
                 {TARGET_BOUND} (e.g. 0,-2.5,0.5; the original's is 0,0,0), not `{s}`"
            )
        };
        let mut out = [0.0; 3];
        let mut parts = s.split(',');
        for c in &mut out {
            *c = match parts.next().map(|v| v.trim().parse::<f64>()) {
                Some(Ok(x)) if (-TARGET_BOUND..=TARGET_BOUND).contains(&x) => x,
                _ => return Err(bad()),
            };
        }
        match parts.next() {
            None => Ok(LookAt(out)),
            Some(_) => Err(bad()),
        }
    }
}

impl fmt::Display for LookAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [x, y, z] = self.0;
        write!(f, "{x},{y},{z}")
    }
}

/// An image format the program writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A PNG (`render`).
    Png,
    /// An animated GIF (`record`).
    Gif,
    /// An animated PNG (`record`): full frames, exact delays.
    Apng,
}

impl Format {
    /// The extensions that name this format, lower case, the usual first.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            Format::Png => &["png"],
            Format::Gif => &["gif"],
            Format::Apng => &["png", "apng"],
        }
    }

    /// What the format is called in messages.
    pub fn name(self) -> &'static str {
        match self {
            Format::Png => "PNG",
            Format::Gif => "GIF",
            Format::Apng => "animated PNG",
        }
    }

    /// The format `path`'s extension names (any case), among `supported`,
    /// the first of which is the default for a path with no extension (and
    /// for `-`, standard output).
    ///
    /// # Errors
    /// A phrase listing what is supported, for any other extension.
    pub fn for_path(path: &Path, supported: &[Format]) -> Result<Format, String> {
        let Some(ext) = path.extension() else {
            return Ok(supported[0]);
        };
        let ext = ext.to_string_lossy().to_ascii_lowercase();
        if let Some(&f) = supported.iter().find(|f| f.extensions().contains(&&*ext)) {
            return Ok(f);
        }
        let list: Vec<String> = supported
            .iter()
            .map(|f| {
                let exts: Vec<String> = f.extensions().iter().map(|e| format!(".{e}")).collect();
                format!("{} ({})", f.name(), exts.join(" or "))
            })
            .collect();
        Err(format!(
            "`.{ext}` is not supported; the formats written are {}",
            list.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_say_what_is_wrong() {
        assert_eq!(count("0", 0, u64::MAX), Ok(0));
        assert_eq!(count("18446744073709551615", 0, u64::MAX), Ok(u64::MAX));
        assert_eq!(
            count("-5", 0, u64::MAX),
            Err("must be a whole number of at least 0, not `-5`".into())
        );
        assert_eq!(
            count("36001", 1, 36000),
            Err("must be a whole number from 1 to 36000, not `36001`".into())
        );
        for bad in ["", "+", "1.5", "1e3", "many", "99999999999999999999999"] {
            assert!(count(bad, 0, u64::MAX).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn sizes_and_orbits() {
        assert_eq!(
            "792x573".parse(),
            Ok(Size {
                width: 792,
                height: 573
            })
        );
        assert_eq!("1X16384".parse::<Size>().map(|s| s.height), Ok(16384));
        for bad in ["-5x10", "0x0", "16385x1", "x", "792", "axb", "1x1x1"] {
            let e = bad.parse::<Size>().unwrap_err();
            assert!(e.contains(&format!("`{bad}`")), "{e}");
        }
        assert_eq!(
            "100,-50".parse(),
            Ok(OrbitAngles {
                r1: 100.0,
                r2: -50.0
            })
        );
        for bad in ["nan,0", "0,inf", "1e999,0", "1", ",", "1,2,3"] {
            assert!(bad.parse::<OrbitAngles>().is_err(), "{bad}");
        }
    }

    #[test]
    fn distances_stay_within_the_cameras_bounds() {
        assert_eq!("5".parse(), Ok(Distance(5.0)));
        assert_eq!(" 2 ".parse(), Ok(Distance(2.0)));
        assert_eq!("20".parse(), Ok(Distance(20.0)));
        assert_eq!("3.25".parse(), Ok(Distance(3.25)));
        assert_eq!(Distance::default(), Distance(5.0));
        assert_eq!(Distance::default().to_string(), "5");
        assert_eq!(
            "1e9".parse::<Distance>(),
            Err(
                "must be a number of world units from 2 to 20 (the original's is 5), not `1e9`"
                    .into()
            )
        );
        for bad in [
            "-1", "0", "1.999", "20.001", "NaN", "nan", "inf", "-inf", "", "far", "5,5",
        ] {
            let e = bad.parse::<Distance>().unwrap_err();
            assert!(e.contains(&format!("`{bad}`")), "{e}");
        }
    }

    #[test]
    fn look_at_points_stay_within_the_bound() {
        assert_eq!("0,-2.5, 0.5".parse(), Ok(LookAt([0.0, -2.5, 0.5])));
        assert_eq!("-10,10,0".parse(), Ok(LookAt([-10.0, 10.0, 0.0])));
        assert_eq!(LookAt::default().to_string(), "0,0,0");
        assert_eq!(
            LookAt([1.5, -3.0, 0.25]).to_string().parse(),
            Ok(LookAt([1.5, -3.0, 0.25]))
        );
        for bad in [
            "", "1,2", "1,2,3,4", "a,b,c", "nan,0,0", "0,inf,0", "10.5,0,0", "0,0,-1e9", "1,,2",
        ] {
            let e = bad.parse::<LookAt>().unwrap_err();
            assert!(
                e.contains(&format!("`{bad}`")) && e.contains("-10 to 10"),
                "{e}"
            );
        }
    }

    #[test]
    fn formats_come_from_the_extension() {
        let record = [Format::Gif, Format::Apng];
        assert_eq!(
            Format::for_path(Path::new("a.GIF"), &record),
            Ok(Format::Gif)
        );
        assert_eq!(
            Format::for_path(Path::new("a.png"), &record),
            Ok(Format::Apng)
        );
        assert_eq!(Format::for_path(Path::new("-"), &record), Ok(Format::Gif));
        assert_eq!(
            Format::for_path(Path::new("x.jpg"), &[Format::Png]),
            Err("`.jpg` is not supported; the formats written are PNG (.png)".into())
        );
        assert_eq!(
            Format::for_path(Path::new("a.webp"), &record),
            Err(
                "`.webp` is not supported; the formats written are GIF (.gif), \
                 animated PNG (.png or .apng)"
                    .into()
            )
        );
    }
}
