//! [`Links`]: the springs or constraints a solver keeps between points,
//! listed once each, grouped by kind.

#![forbid(unsafe_code)]

use crate::sim::{sheet, Torn};

/// The kinds of link, in the order they are listed and solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Along the grid lines, one point apart (structural, stretch).
    Stretch = 0,
    /// The diagonals, one point apart (shear).
    Shear = 1,
    /// Two points apart (bending).
    Bend = 2,
}

/// The offsets `(dj, di)` of one kind, each seen from its first end in
/// row-major order (so each link is listed once).
pub(crate) const STRETCH: [(isize, isize); 2] = [(0, 1), (1, 0)];
/// The diagonals.
pub(crate) const SHEAR: [(isize, isize); 2] = [(1, -1), (1, 1)];
/// Two apart along the grid lines: CS184's bending springs, and the
/// bend constraints of the XPBD solver.
pub(crate) const BEND_LINES: [(isize, isize); 2] = [(0, 2), (2, 0)];
/// Two apart along the grid lines and the diagonals: Mosegaard's
/// "secondary neighbours".
pub(crate) const BEND_ALL: [(isize, isize); 4] = [(0, 2), (2, -2), (2, 0), (2, 2)];

/// Every link of an `n x n` sheet that is not torn, in structure of
/// arrays: ends `a[l]` and `b[l]` (row-major point indices), rest length
/// `rest[l]` (world units, the sheet's [`spacing`](sheet::spacing) times
/// the offset's length), and for each [`Kind`] the range of `l` it takes.
///
/// Listed kind by kind; within a kind row by row (the first end's `j`);
/// within a row offset by offset; within an offset by the first end's
/// `i`, except that the links along the row (`(0, 1)`, `(0, 2)`) come in
/// two colours, no two of a colour sharing a point (`i` or `i / 2` even,
/// then odd). That is the order the solvers visit them, so
/// runs repeat. Row by row, a correction still runs down a sheet hung by
/// its top in one sweep, as in a plain row-major sweep; the colours are
/// for speed: a solver that moves the ends of one link before the next
/// reads them (relaxation, XPBD, Provot's correction) would otherwise
/// wait, link after link along a row, for the last one's square root and
/// division. No two links in a row follow each other sharing a point,
/// and the processor works on several at once. (Jolt colours its
/// constraints for the same reason, to run them side by side.)
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Links {
    /// First ends.
    pub a: Vec<u32>,
    /// Second ends.
    pub b: Vec<u32>,
    /// Rest lengths, world units.
    pub rest: Vec<f64>,
    /// The offset of each link, `(dj, di)` from `a` to `b`.
    pub offset: Vec<(i8, i8)>,
    /// `kinds[Kind as usize]` is the range of links of that kind.
    pub kinds: [std::ops::Range<usize>; 3],
    /// What they were made for: the grid's side, the bending offsets and
    /// the torn springs.
    made_for: Option<(usize, usize, Torn)>,
    /// How many times they have been made.
    made: u64,
}

impl Links {
    /// Make the links of an `n x n` sheet, bending along `bend`, leaving
    /// out the `torn` springs, unless they were made for exactly these.
    pub fn ensure(&mut self, n: usize, bend: &[(isize, isize)], torn: &Torn) {
        if matches!(&self.made_for, Some((m, b, t)) if *m == n && *b == bend.len() && t == torn) {
            return;
        }
        let h = sheet::spacing(n);
        self.a.clear();
        self.b.clear();
        self.rest.clear();
        self.offset.clear();
        let mut start = 0;
        for (kind, offsets) in [&STRETCH[..], &SHEAR[..], bend].into_iter().enumerate() {
            for &(dj, di) in offsets {
                let rest = h * ((dj * dj + di * di) as f64).sqrt();
                for j in 0..n {
                    let colours = if dj == 0 { 2 } else { 1 };
                    for c in 0..colours {
                        for i in 0..n {
                            let (jj, ii) = (j as isize + dj, i as isize + di);
                            if jj < 0 || ii < 0 || jj >= n as isize || ii >= n as isize {
                                continue;
                            }
                            if (dj == 0 && colour(i, di) != c) || torn.contains(j, i, dj, di) {
                                continue;
                            }
                            self.a.push((j * n + i) as u32);
                            self.b.push((jj as usize * n + ii as usize) as u32);
                            self.rest.push(rest);
                            self.offset.push((dj as i8, di as i8));
                        }
                    }
                }
            }
            self.kinds[kind] = start..self.a.len();
            start = self.a.len();
        }
        self.made_for = Some((n, bend.len(), torn.clone()));
        self.made += 1;
    }

    /// How many times the links have been made: a caller that keeps
    /// something worked out from them remakes it when this changes.
    pub fn made(&self) -> u64 {
        self.made
    }

    /// How many links.
    pub fn len(&self) -> usize {
        self.a.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.a.is_empty()
    }
}

/// The colour, 0 or 1, of a link along a row (`dj = 0`) from column `i`
/// at column offset `di`: two of them share a point only when they start
/// `di` apart, so the parity of `i / di` differs between them. (Links
/// that go down a row or two never share a point with another of their
/// offset in the same row: one colour.)
pub fn colour(i: usize, di: isize) -> usize {
    (i / di.unsigned_abs().max(1)) % 2
}
