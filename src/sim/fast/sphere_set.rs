//! The spheres as the pass's inner loop reads them: centres, radii, and
//! the slabs along y and z that let a vector of points skip a sphere with
//! two compares an axis.

#![forbid(unsafe_code)]

use crate::sim::{Spheres, SPHERE_COUNT};

/// Sphere centres and radii, copied out for the inner loop, and each
/// sphere's slab along y and z.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SphereSet {
    pub(super) c: [[f64; 3]; SPHERE_COUNT],
    pub(super) r: [f64; SPHERE_COUNT],
    /// `[lo, hi]`, each `[y, z]`: see [`SphereSet::slab`].
    pub(super) slab: [[[f64; 2]; 2]; SPHERE_COUNT],
}

impl SphereSet {
    /// The open interval `(lo, hi)` along one axis, centre `c`, outside
    /// which no point can pass the collision test `d < r * r` (`d` the
    /// rounded sum of the rounded squares): a point that passes has
    /// `|x - c| < |r| (1 + 2^-51)`, and the interval is wider than that.
    ///
    /// Proof: the squares are not negative and rounding is monotonic, so
    /// `d` is at least the rounded square of this axis's `dx = RN(x - c)`;
    /// `d < RN(r * r)` then gives `dx^2 < RN(r * r) <= r^2 (1 + 2^-53)`, and
    /// `|x - c| <= |dx| / (1 - 2^-53)`. Here `w = |r| (1 + 2^-20) +
    /// |c| 2^-20` (each step rounded), and `c -+ w` rounded lie beyond `c -+
    /// |r| (1 + 2^-51)`: the roundings cost at most `(|c| + w) 2^-52`, less
    /// than the `2^-20` margins. (A NaN radius or centre gives NaN bounds,
    /// which skip every point, as the test itself does.)
    pub(super) fn slab(c: f64, r: f64) -> [f64; 2] {
        let margin = 2f64.powi(-20);
        let w = r.abs() * (1.0 + margin) + c.abs() * margin;
        [c - w, c + w]
    }
}

impl From<&Spheres> for SphereSet {
    fn from(s: &Spheres) -> Self {
        let slab = std::array::from_fn(|k| {
            let (c, r) = (s.centres[k], s.radii[k]);
            let (y, z) = (SphereSet::slab(c[1], r), SphereSet::slab(c[2], r));
            [[y[0], z[0]], [y[1], z[1]]]
        });
        SphereSet {
            c: s.centres,
            r: s.radii,
            slab,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SphereSet;
    use proptest::prelude::*;

    /// The collision test of `crate::sim::collide`, on one axis's offset
    /// (the others zero, where `d` is this axis's square alone: the
    /// tightest case).
    fn passes(x: f64, c: f64, r: f64) -> bool {
        let dx = x - c;
        let d = 0.0 * 0.0 + 0.0 * 0.0 + dx * dx;
        d < r * r
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 20_000, ..ProptestConfig::default() })]

        /// Points within a few units in the last place of the sphere's
        /// edge, and anywhere: whoever passes the test lies inside the slab.
        #[test]
        fn every_point_that_passes_the_test_lies_inside_the_slab(
            c in -1e6f64..1e6,
            r in prop_oneof![-4.0f64..4.0, 1e-160f64..1e-150, 0.4f64..0.6],
            side in prop::bool::ANY,
            ulps in -8i64..8,
            far in -10.0f64..10.0,
        ) {
            let [lo, hi] = SphereSet::slab(c, r);
            let edge = if side { c + r.abs() } else { c - r.abs() };
            let near = f64::from_bits((edge.to_bits() as i64 + ulps) as u64);
            for x in [near, c + far] {
                if passes(x, c, r) {
                    prop_assert!(lo < x && x < hi, "{x} passes for c = {c}, r = {r}: slab ({lo}, {hi})");
                }
            }
        }
    }

    #[test]
    fn the_demo_spheres_slab_is_the_sphere_and_a_millionth() {
        let [lo, hi] = SphereSet::slab(1.0, 0.5);
        assert!(lo < 0.5 && lo > 0.5 - 3e-6);
        assert!(hi > 1.5 && hi < 1.5 + 3e-6);
        // A NaN radius gives bounds no point lies between, as no point
        // passes the test.
        let [lo, hi] = SphereSet::slab(1.0, f64::NAN);
        assert!(!(lo < 1.0 && 1.0 < hi));
        assert!(!passes(1.0, 1.0, f64::NAN));
    }
}
