//! [`Torn`]: the springs a cloth has lost to tearing.

#![forbid(unsafe_code)]

/// The springs to a point's neighbours "ahead" of it (later in the
/// row-major order), out to two points away: `(dj, di)` with `dj > 0`, or
/// `dj == 0` and `di > 0`. Every spring of every model is one of these
/// seen from its first end. The index in this table is the spring's bit in
/// a point's [`Torn`] word and in a state file's `torn` column.
pub const AHEAD: [(isize, isize); 12] = [
    (0, 1),
    (0, 2),
    (1, -2),
    (1, -1),
    (1, 0),
    (1, 1),
    (1, 2),
    (2, -2),
    (2, -1),
    (2, 0),
    (2, 1),
    (2, 2),
];

/// The springs of an `n x n` cloth that have torn: broken for good, so
/// they pull neither end, and the picture leaves out the triangles that
/// lost one. Each is kept at its first end (row-major), as a bit of that
/// point's word ([`AHEAD`]'s index).
///
/// Empty in the original and whenever nothing has torn; a simulation with
/// nothing torn runs exactly as one without tearing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Torn {
    n: usize,
    /// One word a point, row-major; empty while nothing is torn.
    bits: Vec<u16>,
    count: usize,
}

/// A spring of an `n x n` grid: from point `[j][i]` to `[j + dj][i + di]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spring {
    /// The first end's row.
    pub j: usize,
    /// The first end's column.
    pub i: usize,
    /// Rows to the other end.
    pub dj: isize,
    /// Columns to the other end.
    pub di: isize,
}

/// [`AHEAD`]'s index of each offset `(dj, di)` with both in `-2..=2`, at
/// `(dj + 2) * 5 + (di + 2)`; `u8::MAX` for an offset not in the table.
const BITS: [u8; 25] = {
    let mut bits = [u8::MAX; 25];
    let mut b = 0;
    while b < AHEAD.len() {
        let (dj, di) = AHEAD[b];
        bits[((dj + 2) * 5 + (di + 2)) as usize] = b as u8;
        b += 1;
    }
    bits
};

/// The bit of the spring to `(dj, di)` ahead: its index in [`AHEAD`].
#[inline]
fn bit_of(dj: isize, di: isize) -> Option<usize> {
    if !(-2..=2).contains(&dj) || !(-2..=2).contains(&di) {
        return None;
    }
    let bit = BITS[((dj + 2) * 5 + (di + 2)) as usize];
    (bit != u8::MAX).then_some(usize::from(bit))
}

impl Spring {
    /// The same spring seen from its first end in row-major order, and its
    /// bit in [`AHEAD`]; `None` if the offset is not one of a spring's
    /// (more than two points away, or zero).
    #[inline]
    pub fn ahead(self) -> Option<(Spring, usize)> {
        // Out of a spring's reach (never negated, so never overflowing).
        if !(-2..=2).contains(&self.dj) || !(-2..=2).contains(&self.di) {
            return None;
        }
        let (j, i, dj, di) = if self.dj > 0 || (self.dj == 0 && self.di > 0) {
            (self.j, self.i, self.dj, self.di)
        } else {
            (
                self.j.wrapping_add_signed(self.dj),
                self.i.wrapping_add_signed(self.di),
                -self.dj,
                -self.di,
            )
        };
        let bit = bit_of(dj, di)?;
        Some((Spring { j, i, dj, di }, bit))
    }
}

impl Torn {
    /// Which piece of the cloth each point is in, `n * n` labels in the
    /// grid's order (`j * n + i`), numbered from 0 in the order their
    /// first points come: points joined by a spring along a grid line or a
    /// diagonal that is not torn are in one piece. All 0 while nothing is
    /// torn; a cut straight across the sheet gives two.
    pub fn pieces(&self) -> Vec<usize> {
        let n = self.n();
        if self.is_empty() {
            return vec![0; n * n];
        }
        let mut piece = vec![usize::MAX; n * n];
        let mut stack = Vec::new();
        let mut count = 0;
        for start in 0..n * n {
            if piece[start] != usize::MAX {
                continue;
            }
            piece[start] = count;
            stack.push(start);
            while let Some(k) = stack.pop() {
                let (j, i) = (k / n, k % n);
                for dj in -1..=1_isize {
                    for di in -1..=1_isize {
                        let (jj, ii) = (j as isize + dj, i as isize + di);
                        if (dj, di) == (0, 0) || jj < 0 || ii < 0 {
                            continue;
                        }
                        let (jj, ii) = (jj as usize, ii as usize);
                        if jj >= n || ii >= n || self.contains(j, i, dj, di) {
                            continue;
                        }
                        let kk = jj * n + ii;
                        if piece[kk] == usize::MAX {
                            piece[kk] = count;
                            stack.push(kk);
                        }
                    }
                }
            }
            count += 1;
        }
        piece
    }

    /// Nothing torn, on an `n x n` grid.
    pub fn new(n: usize) -> Self {
        Torn {
            n,
            bits: Vec::new(),
            count: 0,
        }
    }

    /// Points along each side of the grid it is for.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Whether nothing has torn.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// How many springs have torn.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether the spring from `[j][i]` to `[j + dj][i + di]` has torn
    /// (either end may be given). `false` for an offset that is no spring
    /// or an end off the grid.
    pub fn contains(&self, j: usize, i: usize, dj: isize, di: isize) -> bool {
        if self.count == 0 {
            return false;
        }
        match self.locate(Spring { j, i, dj, di }) {
            Some((k, bit)) => self.bits[k] >> bit & 1 == 1,
            None => false,
        }
    }

    /// The word of torn springs of point `k` (row-major): bit `b` set for
    /// the spring to [`AHEAD`]`[b]`.
    pub fn word(&self, k: usize) -> u16 {
        self.bits.get(k).copied().unwrap_or(0)
    }

    /// Tear the spring from `[j][i]` to `[j + dj][i + di]`. Returns whether
    /// it was whole: `false` if it had torn already, or is no spring of
    /// this grid.
    pub fn tear(&mut self, j: usize, i: usize, dj: isize, di: isize) -> bool {
        let Some((k, bit)) = self.locate(Spring { j, i, dj, di }) else {
            return false;
        };
        if self.bits.is_empty() {
            self.bits = vec![0; self.n * self.n];
        }
        if self.bits[k] >> bit & 1 == 1 {
            return false;
        }
        self.bits[k] |= 1 << bit;
        self.count += 1;
        true
    }

    /// Every point's word, row-major (see [`Torn::word`]); empty while
    /// nothing is torn.
    pub(crate) fn words(&self) -> &[u16] {
        &self.bits
    }

    /// Where the spring from a point to its neighbour `(dj, di)` is kept:
    /// its bit, and the kept end's row-major index less the point's (`0`
    /// when the point is the first end, `dj * n + di` when the neighbour
    /// is). `None` for an offset that is no spring.
    pub(crate) fn kept(&self, dj: isize, di: isize) -> Option<(usize, isize)> {
        let ahead = dj > 0 || (dj == 0 && di > 0);
        if ahead {
            Some((bit_of(dj, di)?, 0))
        } else {
            // `dj` and `di` are within 2 here, so their negation fits.
            let bit = bit_of(dj.checked_neg()?, di.checked_neg()?)?;
            Some((bit, dj * self.n as isize + di))
        }
    }

    /// Set point `k`'s word (a state file's `torn` column).
    ///
    /// # Errors
    /// The first bit whose spring leaves the grid, as its offset.
    pub(crate) fn set_word(&mut self, k: usize, word: u16) -> Result<(), (isize, isize)> {
        let (j, i) = (k / self.n, k % self.n);
        for (bit, &(dj, di)) in AHEAD.iter().enumerate() {
            if word >> bit & 1 == 1 && !self.tear(j, i, dj, di) {
                return Err((dj, di));
            }
        }
        Ok(())
    }

    /// Whether a triangle of quad `(j, i)` has lost a spring, as the
    /// picture splits the quad: the first triangle `[j][i]`, `[j][i+1]`,
    /// `[j+1][i]` (the springs east and south of `[j][i]`, and the
    /// diagonal from `[j][i+1]` to `[j+1][i]`), the `second` `[j][i+1]`,
    /// `[j+1][i]`, `[j+1][i+1]` (that diagonal, the spring south of
    /// `[j][i+1]`, the one east of `[j+1][i]`). Such a triangle is a hole:
    /// it is not drawn, catches no wind and cannot be picked.
    pub fn triangle_torn(&self, j: usize, i: usize, second: bool) -> bool {
        if self.count == 0 {
            return false;
        }
        let diagonal = self.contains(j, i + 1, 1, -1);
        if second {
            diagonal || self.contains(j, i + 1, 1, 0) || self.contains(j + 1, i, 0, 1)
        } else {
            diagonal || self.contains(j, i, 0, 1) || self.contains(j, i, 1, 0)
        }
    }

    /// Every torn spring, seen from its first end, in row-major order of
    /// that end and then [`AHEAD`]'s.
    pub fn iter(&self) -> impl Iterator<Item = Spring> + '_ {
        self.bits.iter().enumerate().flat_map(move |(k, &w)| {
            let (j, i) = (k / self.n.max(1), k % self.n.max(1));
            AHEAD
                .iter()
                .enumerate()
                .filter(move |&(b, _)| w >> b & 1 == 1)
                .map(move |(_, &(dj, di))| Spring { j, i, dj, di })
        })
    }

    /// The point holding a spring's bit, and the bit, if both ends are on
    /// the grid and the offset is a spring's.
    fn locate(&self, s: Spring) -> Option<(usize, usize)> {
        let (a, bit) = s.ahead()?;
        let n = self.n;
        let (jj, ii) = (a.j.wrapping_add_signed(a.dj), a.i.wrapping_add_signed(a.di));
        // Lazily: an end off the grid above or to the left has wrapped
        // round to a huge index, which `a.j * n` would overflow.
        (a.j < n && a.i < n && jj < n && ii < n).then(|| (a.j * n + a.i, bit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spring_is_the_same_from_either_end() {
        let mut t = Torn::new(4);
        assert!(t.is_empty());
        assert!(t.tear(1, 2, 1, -1));
        assert!(t.contains(1, 2, 1, -1));
        assert!(t.contains(2, 1, -1, 1));
        assert!(!t.tear(2, 1, -1, 1), "torn already");
        assert_eq!(t.len(), 1);
        assert_eq!(
            t.iter().collect::<Vec<_>>(),
            [Spring {
                j: 1,
                i: 2,
                dj: 1,
                di: -1
            }]
        );
    }

    #[test]
    fn springs_off_the_grid_or_too_long_are_none() {
        let mut t = Torn::new(3);
        assert!(!t.tear(0, 2, 0, 1), "off the grid");
        assert!(!t.tear(0, 0, 3, 0), "three away");
        assert!(!t.tear(1, 1, 0, 0), "itself");
        assert!(t.is_empty());
        assert_eq!(t.set_word(2, 1), Err((0, 1)));
    }
}
