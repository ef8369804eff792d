//! Tearing under the solvers with velocities: only a hand tears. At the
//! end of a step in which a point is held, every link stretched past the
//! factor breaks; while nothing is held, nothing breaks, however far a
//! link is stretched.
//!
//! # Why only a hand
//!
//! These solvers hold their links near their rest lengths, but not
//! everywhere at every step: left alone, nothing held, over 3,000 steps
//! of the four scenes at 32 x 32 and 64 x 64 (the drape at 64 not
//! measured), a link of the mass-spring
//! drape reached 4.1 times its rest length (self-collision squeezing the
//! heap against its springs), relaxation's sheet at 64 x 64 kept a link
//! past twice its rest length for 2,686 steps running, XPBD reached 1.5
//! (`tests/sim/rip.rs`, `stretches`, prints every figure). A factor low
//! enough for a hand to rip the cloth would tear those by themselves, and
//! a tear is for good; so tearing waits for a hand.
//!
//! It acts anywhere in the sheet while a point is held, not only near the
//! hand, because where a hand's pull goes depends on the solver: the
//! hanging curtain at 64 x 64 with a point dragged 1.5 forward stretches
//! the links at the point to 3.5 times their rest length under
//! mass-spring and 7.9 under relaxation, but under XPBD the links at the
//! point stay under 1.27 while those where the hand's tethers meet the
//! rod's (the held point is an anchor for the points nearer it than the
//! rod) reach 11.6: a rule that tore only near the hand would never tear
//! XPBD. A rip, once open, runs on from its edges as long as the hand
//! holds, and stops when it lets go.
//!
//! The other rule one might take, a link breaking only after it has
//! stayed past the factor for several steps running, would still let a
//! long stretch tear the cloth by itself (relaxation's above), and its
//! count of steps would be state that a state file does not carry, so a
//! run resumed from one (`--from`) would tear differently. This rule
//! reads only whether a point is held.
//!
//! The factor is the model's ([`TearFactor`](crate::sim::TearFactor)),
//! by default the solver's own ([`TearFactor::for_solver`](crate::sim::TearFactor::for_solver)):
//! above the stretches a scene makes under that solver (so holding a point
//! or lifting the cloth tears nothing elsewhere), below those a dragging
//! hand makes. The article's solver keeps its own rule, every spring past
//! the factor anywhere, held or not ([`general::tear`](crate::sim::general)).

#![forbid(unsafe_code)]

use super::Links;
use crate::sim::{Cloth, Torn};

/// While a point is held (`held`), break every link longer than `factor`
/// times its rest length (or whose length is not finite), for good, into
/// `torn`, in the links' order, all measured on the same positions; while
/// none is, nothing. Returns how many broke. The links are remade without
/// them at the next step.
pub(super) fn tear(
    cloth: &Cloth,
    links: &Links,
    factor: f64,
    held: bool,
    torn: &mut Torn,
) -> usize {
    if !held {
        return 0;
    }
    let n = cloth.n();
    let mut broke = 0;
    for l in 0..links.len() {
        let (a, b) = (links.a[l] as usize, links.b[l] as usize);
        let v = [
            cloth.x[b] - cloth.x[a],
            cloth.y[b] - cloth.y[a],
            cloth.z[b] - cloth.z[a],
        ];
        let d = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
        let rest = links.rest[l];
        if d.is_finite() && d.sqrt() <= factor * rest {
            continue;
        }
        let (dj, di) = links.offset[l];
        if torn.tear(a / n, a % n, dj as isize, di as isize) {
            broke += 1;
        }
    }
    broke
}
