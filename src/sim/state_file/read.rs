//! Reading a state file: its opening comment, the grid its rows make,
//! and its rows parsed and checked into a [`State`], or the line that is
//! wrong ([`StateFileError`]).

#![forbid(unsafe_code)]

use std::fmt;

use super::format::{State, HEADER, HEADERS, MOVING_HEADER, MOVING_TORN_HEADER};
use crate::sim::torn::{Torn, AHEAD};
use crate::sim::Cloth;

/// How many springs a point's `torn` word holds.
const AHEAD_SPRINGS: usize = AHEAD.len();

/// What is wrong with a state file, and on which line (1-based; 0 when the
/// problem is the file as a whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateFileError {
    /// 1-based line number, or 0 for the whole file.
    pub line: usize,
    /// What is wrong, in a few words.
    pub message: String,
}

impl fmt::Display for StateFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for StateFileError {}

fn err(line: usize, message: impl Into<String>) -> StateFileError {
    StateFileError {
        line,
        message: message.into(),
    }
}

/// Parse a plain state file's bytes (header [`HEADER`]) into an `n x n`
/// cloth. For either format, use [`parse_state`].
///
/// # Errors
/// A [`StateFileError`] naming the line for: bytes that are not UTF-8, an
/// empty file, a wrong header, a row without exactly five fields, an index
/// that is not an integer in `0..n`, a coordinate that is not a finite
/// number (`NaN`, `inf` and values that overflow `f64` are refused), a
/// duplicate `(j, i)`, a blank line before the end, more than `n * n` rows,
/// or fewer (naming the first missing point).
pub fn parse(bytes: &[u8], n: usize) -> Result<Cloth, StateFileError> {
    parse_with(bytes, n, &[HEADER]).map(|s| s.cloth)
}

/// A state file's opening comment: its first line, when that starts
/// with `#`, after the `#` and without its line ending (`" cloth-demo
/// step=1250 model="`); `None` for a file that opens otherwise, or is not
/// text.
pub fn comment(bytes: &[u8]) -> Option<&str> {
    let text = std::str::from_utf8(bytes).ok()?;
    let first = text.split('\n').next()?;
    first
        .strip_prefix('#')
        .map(|c| c.strip_suffix('\r').unwrap_or(c))
}

/// The grid a state file's rows make: `n` for a file of `n * n` rows
/// (`n >= 2`) after its header (and the [`comment`] before it, if any),
/// not counting a blank last line; `None` for any other count, or no
/// header. The rows are not read: [`parse_state`] checks them against the
/// grid.
pub fn grid_of(bytes: &[u8]) -> Option<usize> {
    let text = std::str::from_utf8(bytes).ok()?;
    let skip = 1 + usize::from(comment(bytes).is_some());
    let rows = text.lines().skip(skip).filter(|l| !l.is_empty()).count();
    let n = (rows as f64).sqrt().round() as usize;
    (n >= 2 && n * n == rows).then_some(n)
}

/// Parse a state file in any of its formats ([`HEADERS`]: plain, with
/// previous positions, with torn springs, or both) into an `n x n` state,
/// skipping a [`comment`] line before the header.
///
/// # Errors
/// As [`parse`], with as many fields a row as the header names, a header
/// that is none of them, and a `torn` field that is not a whole number
/// from 0 to 4095 or names a spring off the grid.
pub fn parse_state(bytes: &[u8], n: usize) -> Result<State, StateFileError> {
    parse_with(bytes, n, &HEADERS)
}

/// [`parse_state`] taking the formats whose headers are `headers`.
fn parse_with(bytes: &[u8], n: usize, headers: &[&str]) -> Result<State, StateFileError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let line = 1 + bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        err(line, "not text (invalid UTF-8)")
    })?;
    let mut lines = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .peekable();
    // The comment line, if any, counts in the line numbers.
    let first = usize::from(lines.next_if(|l| l.starts_with('#')).is_some());
    let header_line = 1 + first;
    let header = match lines.next() {
        None | Some("") if text.trim().is_empty() => return Err(err(0, "empty file")),
        Some(h) => match headers.iter().find(|&&want| h.trim() == want) {
            Some(&found) => found,
            None => {
                let expected: Vec<String> = headers.iter().map(|h| format!("`{h}`")).collect();
                let expected = match expected.split_last() {
                    Some((last, rest)) if !rest.is_empty() => {
                        format!("{} or {last}", rest.join(", "))
                    }
                    _ => expected.concat(),
                };
                return Err(err(
                    header_line,
                    format!("expected the header {expected}, found `{}`", clip(h)),
                ));
            }
        },
        None => return Err(err(header_line, "no header after the comment")),
    };
    let names: Vec<&str> = header.split(',').collect();
    let moving = header == MOVING_HEADER || header == MOVING_TORN_HEADER;
    let has_torn = names.last() == Some(&"torn");
    let coordinates = names.len() - 2 - usize::from(has_torn);

    let mut points: Vec<Option<[f64; 6]>> = vec![None; n * n];
    let mut torn = Torn::new(n);
    let mut rows = 0usize;
    let mut blank_at: Option<usize> = None;
    for (idx, line) in lines.enumerate() {
        let lineno = idx + header_line + 1;
        if line.trim().is_empty() {
            blank_at.get_or_insert(lineno);
            continue;
        }
        if let Some(b) = blank_at {
            return Err(err(b, "blank line before the end of the file"));
        }
        rows += 1;
        if rows > n * n {
            return Err(err(lineno, format!("extra row: expected {} rows", n * n)));
        }
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        if fields.len() != names.len() {
            return Err(err(
                lineno,
                format!(
                    "expected {} fields {header}, found {}",
                    names.len(),
                    fields.len()
                ),
            ));
        }
        let index = |name: &str, s: &str| -> Result<usize, StateFileError> {
            match s.parse::<usize>() {
                Ok(v) if v < n => Ok(v),
                Ok(v) => Err(err(lineno, format!("{name} = {v} is out of range 0..{n}"))),
                Err(_) => Err(err(
                    lineno,
                    format!("{name} = `{}` is not a whole number", clip(s)),
                )),
            }
        };
        let j = index("j", fields[0])?;
        let i = index("i", fields[1])?;
        let mut p = [0.0; 6];
        let coordinate_names = &names[2..2 + coordinates];
        for (c, (name, s)) in coordinate_names.iter().zip(&fields[2..]).enumerate() {
            p[c] = match s.parse::<f64>() {
                Ok(v) if v.is_finite() => v,
                Ok(_) => {
                    return Err(err(
                        lineno,
                        format!("{name} = `{}` is not a finite number", clip(s)),
                    ))
                }
                Err(_) => {
                    return Err(err(
                        lineno,
                        format!("{name} = `{}` is not a number", clip(s)),
                    ))
                }
            };
        }
        let slot = &mut points[j * n + i];
        if slot.is_some() {
            return Err(err(lineno, format!("duplicate row for j={j}, i={i}")));
        }
        *slot = Some(p);
        if has_torn {
            let s = fields[names.len() - 1];
            let word = match s.parse::<u16>() {
                Ok(w) if w < 1 << AHEAD_SPRINGS => w,
                _ => {
                    return Err(err(
                        lineno,
                        format!(
                            "torn = `{}` is not a whole number from 0 to {}",
                            clip(s),
                            (1 << AHEAD_SPRINGS) - 1
                        ),
                    ))
                }
            };
            torn.set_word(j * n + i, word).map_err(|(dj, di)| {
                // The far end, as signed numbers: it may be off either side.
                let (to_j, to_i) = (j as isize + dj, i as isize + di);
                err(
                    lineno,
                    format!("torn names a spring from [{j}][{i}] to [{to_j}][{to_i}], off the {n} x {n} grid"),
                )
            })?;
        }
    }
    if let Some(k) = points.iter().position(Option::is_none) {
        return Err(err(
            0,
            format!(
                "missing row for j={}, i={} ({} of {} rows present)",
                k / n,
                k % n,
                rows,
                n * n
            ),
        ));
    }
    let rows: Vec<[f64; 6]> = points.into_iter().map(Option::unwrap).collect();
    let cloth = |c: usize| {
        let pts: Vec<[f64; 3]> = rows.iter().map(|r| [r[c], r[c + 1], r[c + 2]]).collect();
        Cloth::from_points(&pts).expect("n * n points")
    };
    Ok(State {
        cloth: cloth(0),
        previous: moving.then(|| cloth(3)),
        torn,
    })
}

/// Shorten user text quoted in an error message.
fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        out.push_str("...");
    }
    out.escape_debug().to_string()
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comment_before_the_header_is_skipped_and_counted() {
        let plain = "j,i,x,y,z\n0,0,1,2,3\n0,1,4,5,6\n1,0,7,8,9\n1,1,10,11,12\n";
        let noted = format!("# cloth-demo step=7 model=\r\n{plain}");
        let want = parse_state(plain.as_bytes(), 2).unwrap();
        assert_eq!(parse_state(noted.as_bytes(), 2).unwrap(), want);
        assert_eq!(comment(noted.as_bytes()), Some(" cloth-demo step=7 model="));
        assert_eq!(comment(plain.as_bytes()), None);
        assert_eq!(
            (grid_of(noted.as_bytes()), grid_of(plain.as_bytes())),
            (Some(2), Some(2))
        );
        // The lines named are the file's own: the header is line 2.
        let bad_row = noted.replace("1,0,7,8,9", "1,0,7,x,9");
        assert_eq!(
            parse_state(bad_row.as_bytes(), 2).unwrap_err(),
            err(5, "y = `x` is not a number")
        );
        let bad_header = "# note\nj,i,x\n";
        let e = parse_state(bad_header.as_bytes(), 2).unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert_eq!(
            parse_state(b"# note", 2).unwrap_err(),
            err(2, "no header after the comment")
        );
        // One comment only: a second is a wrong header.
        let twice = format!("# a\n# b\n{plain}");
        assert_eq!(parse_state(twice.as_bytes(), 2).unwrap_err().line, 2);
    }
}
