//! [`Lanes`]: the vector operations the kernel is written in.

/// A vector of `W` `f64` lanes and its lane mask.
///
/// A value of a vector or mask type is made only from the instruction
/// set's [`Lanes::Token`] (or from other such values), and a token is made
/// only where the CPU has been found to have the instruction set. So the
/// safe methods, which run those instructions, are sound: holding a value
/// proves the check was made.
pub(crate) trait Lanes: Copy {
    /// Lanes per vector.
    const W: usize;
    /// One flag per lane.
    type Mask: Copy;
    /// The proof that this CPU runs the instruction set: the only way to
    /// make a vector or a mask from nothing.
    type Token: Copy;

    /// `v` in every lane.
    fn splat(t: Self::Token, v: f64) -> Self;
    /// The `W` values from `p`.
    ///
    /// # Safety
    /// `p .. p + W` must be readable.
    unsafe fn load(t: Self::Token, p: *const f64) -> Self;
    /// Lanes outside `m` read as `+0` and are not touched in memory.
    ///
    /// # Safety
    /// Every lane of `m` must be readable.
    unsafe fn load_masked(t: Self::Token, p: *const f64, m: Self::Mask) -> Self;
    /// # Safety
    /// `p .. p + W` must be writable.
    unsafe fn store(self, p: *mut f64);
    /// Only the lanes of `m` are written.
    ///
    /// # Safety
    /// Every lane of `m` must be writable.
    unsafe fn store_masked(self, p: *mut f64, m: Self::Mask);

    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn mul(self, o: Self) -> Self;
    fn div(self, o: Self) -> Self;
    fn sqrt(self) -> Self;
    /// `self > o ? self : o` on each lane (`maxpd`'s rule).
    fn max(self, o: Self) -> Self;

    /// `self < o`, false where either is NaN.
    fn lt(self, o: Self) -> Self::Mask;
    /// `self >= o`, false where either is NaN.
    fn ge(self, o: Self) -> Self::Mask;
    /// `self == o`, false where either is NaN.
    fn eq(self, o: Self) -> Self::Mask;
    /// `a` where `m`, else `b`.
    fn select(m: Self::Mask, a: Self, b: Self) -> Self;
    /// `a` where `m`, else `+0`.
    fn zero_unless(m: Self::Mask, a: Self) -> Self;

    /// Lane `l` set where bit `l` of `bits` is.
    fn mask_from_bits(t: Self::Token, bits: u32) -> Self::Mask;
    /// Lanes `0..k` (all of them when `k >= W`).
    #[inline(always)]
    fn lanes_below(t: Self::Token, k: usize) -> Self::Mask {
        Self::mask_from_bits(
            t,
            if k >= Self::W {
                (1 << Self::W) - 1
            } else {
                (1 << k) - 1
            },
        )
    }
    fn and(a: Self::Mask, b: Self::Mask) -> Self::Mask;
    /// `m` and `self < o`.
    #[inline(always)]
    fn lt_in(self, o: Self, m: Self::Mask) -> Self::Mask {
        Self::and(self.lt(o), m)
    }
    /// `m` and `self >= o`.
    #[inline(always)]
    fn ge_in(self, o: Self, m: Self::Mask) -> Self::Mask {
        Self::and(self.ge(o), m)
    }
    fn or(a: Self::Mask, b: Self::Mask) -> Self::Mask;
    /// `a` and not `b`.
    fn and_not(a: Self::Mask, b: Self::Mask) -> Self::Mask;
    fn any(m: Self::Mask) -> bool;

    /// A spring's `dd = (0.03 * (sqrt(d) - rest)) / d`, the article's
    /// operations in its order, each correctly rounded. `fma_sqrt` and
    /// `fma_div` ask for the square root and the division from
    /// [`exact`](crate::sim::fast::exact) (the same bits, proven) where the path has them;
    /// other paths ignore them.
    #[inline(always)]
    fn spring_dd(d: Self, rest: Self, stiffness: Self, fma_sqrt: bool, fma_div: bool) -> Self {
        let _ = (fma_sqrt, fma_div);
        stiffness.mul(d.sqrt().sub(rest)).div(d)
    }

    /// A sphere's push, `r / sqrt(d)`, on the lanes of `m` (the points
    /// inside it); the other lanes' values are unspecified. A path may
    /// work out only part of the vector when `m` lies in it: square root
    /// and division are correctly rounded lane by lane, so the bits are the
    /// same, and the divider (the pass's narrowest unit) does half the work.
    #[inline(always)]
    fn push_scale(r: Self, d: Self, m: Self::Mask) -> Self {
        let _ = m;
        r.div(d.sqrt())
    }
}
