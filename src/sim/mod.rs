//! The physics: a spring-mass cloth falling onto bobbing spheres.
//!
//! Pure and self-contained: no GL, no window, no I/O apart from the state
//! file (see [`state_file`]). Everything is `f64` and follows the original
//! program's arithmetic operation for operation, so that every coordinate of
//! every step matches the original's to the last bit.
//!
//! # The model, as the article tells it
//!
//! The cloth is a grid of points (32 x 32 in the demo). Each point is tied
//! to its eight neighbours by springs: four along the grid lines resting at
//! 0.1 apart and four diagonals resting at 0.1 x sqrt 2. The springs are not
//! stored: a spring is "the point next to me", and its rest length is read
//! from the 5 x 5 [`DIST`] table by where the neighbour sits.
//!
//! There are no velocities. A **pass** works out how far each point should
//! move, `m`, and moves it straight there: `m` starts as gravity,
//! `(0, -0.001, 0)`, and each neighbour at vector `v` (with `d = |v|^2`)
//! adds `v * 0.03 * (sqrt(d) - rest) / d`, a move of
//! `0.03 * (len - rest) / len` along the spring. That divides by the length
//! once more than Hooke's law, so the spring is lopsided: a stretched spring
//! can never pull more than 0.03 a pass, while a squashed one pushes harder
//! and harder as the points close in, so neighbours never collapse.
//!
//! Each pass is **double buffered**: every new position is worked out from
//! where the neighbours were at the end of the previous pass, and only when
//! all are done do they replace the old ones. So the order in which points
//! are visited does not matter.
//!
//! A **step** (the original's GameDraw()) moves the spheres on their waves
//! and then runs **fifteen passes**. Fifteen passes let a tug spread fifteen
//! points across the cloth in one step, which makes it stiff, and apply
//! gravity fifteen times: a free flat sheet falls exactly 0.015 a step.
//!
//! After a point's move it is clamped to the floor (`y >= -2.999`, a
//! thousandth above the drawn floor) and then pushed out of each sphere it
//! ended up inside, straight out along the radius onto the surface. Gravity
//! in and the push out do not cancel, leaving a small move downhill along
//! the surface (about `0.001 sin theta` a pass): that is how the cloth slides.
//!
//! # Degenerate states
//!
//! No finite state gives NaN or infinity. Each division and square root in
//! a step, and what it does at its degenerate point:
//!
//! - The spring's `sqrt(d)` and `/ d`, where two neighbours coincide
//!   (`d == 0`): the original divides by zero. This port skips that spring
//!   for that pass (a coincident pair has no direction to push along), and
//!   likewise when `d` is so small it is not a normal `f64` (points within
//!   about 1.5e-154), where `dd` would overflow.
//! - The same, where `d` overflows (neighbours more than about 1.3e154
//!   apart): the move is worked out without squaring, a pull of
//!   `0.03 * (1 - rest / len)` along the spring, at most 0.03.
//! - The sphere's `r / sqrt(d)`, where a point lands exactly on a sphere's
//!   centre: there is no direction out, so it is put on the sphere's top
//!   (`+y`). A point merely very near the centre is scaled out as usual.
//! - The waves' `cos` and `sin` are finite for every step count.
//!
//! The original's runs never reach any of these, so they cost no
//! faithfulness: the golden trajectories stay bit-exact. See
//! [`spring_term`] and [`collide`].
//!
//! # What if? The article's other models
//!
//! The article explains each choice by what would happen otherwise, and a
//! [`Model`] runs each "otherwise" ([`model`] has the details). The
//! default, [`Model::ORIGINAL`], is all of the above, bit for bit; a
//! [`Simulation`] runs it with the fast pass ([`fast`]) and every other
//! model with the general pass ([`general`]), which reads like the
//! article's loop. What each does to the cloth:
//!
//! - **Passes** (1 to 100): "Fifteen passes let it spread fifteen points
//!   ... which makes the cloth much stiffer than one pass would. And
//!   gravity is applied fifteen times, so the cloth falls 0.015 a frame."
//!   With `N` a free sheet falls `0.001 N` a step and a tug spreads `N`
//!   points: one pass gives a slow, stretchy sheet, a hundred a stiff one.
//! - **No diagonals**: "The four diagonals stop it shearing, so the
//!   squares can't squash into thin diamonds." Without them nothing
//!   resists shear, and in the drape the squares do squash into thin
//!   diamonds.
//! - **Bending springs**: "Springs to the points two away would give it
//!   some stiffness against bending, and the 5x5 table has room for their
//!   rest lengths." The loops reach two out, the whole table; a sharp fold
//!   squashes the springs across it, which push it open, so creases round
//!   off and the drape is stiffer. (Each spring then moves its point a
//!   third as far: at full strength the twenty-four springs over-correct
//!   and the sheet flies apart; see [`Springs::share`].)
//! - **In place**: "If each point were moved in place, the ones late in
//!   the loop would see their neighbours' new positions and the early ones
//!   wouldn't, and the result would depend on which corner the loop
//!   started from." Each point is pulled towards the neighbours already
//!   moved, so even the free falling sheet drifts sideways towards the
//!   corner the loop starts from ([`Order`]), and the two corners drift it
//!   opposite ways; a tug runs the length of the sheet in one pass along
//!   the loop but barely against it. Double buffered, the order changes not
//!   a bit.
//! - **Hooke's law**: "Hooke's law would move the point in proportion to
//!   the stretch." Its push on a squashed spring is at most `0.3 rest`, so
//!   a heavier push squashes neighbours onto each other, which the
//!   article's lopsided spring never allows. Its diagonals are stiffer
//!   near rest than the article's, enough to over-correct: the falling
//!   sheet scrambles in its own plane within 10 steps ([`SpringLaw`]).
//!
//! A model is not stored in the state file: any state resumes under any
//! model ([`Simulation::resume_with`]).
//!
//! # Other cloth programs: pins, wind, inertia, self-collision
//!
//! Other well-known cloth programs pin cloth to rods, blow wind on it,
//! give it inertia and stop it passing through itself; a [`Model`] has
//! each as a field too, run by the general pass, and [`Scene`] presets
//! show them at once. In a pass, each free point's move `m` starts as
//! gravity plus the wind's push ([`general::wind`]), adds its springs,
//! and is collided as the original's; pinned points ([`Pins`]) stay put;
//! then, with self-collision, points closer than the thickness are pushed
//! apart ([`general::self_collision`]). With inertia a step begins with
//! Verlet's move ([`general::inertia`]).
//!
//! **The previous positions.** With inertia the state is the cloth and
//! where each point was one step before (its velocity is the difference):
//! [`Simulation`] holds them as a second [`Cloth`]
//! ([`Simulation::previous`], `None` without inertia), keeps them exactly
//! while the model has inertia, and starts a cloth that has none at rest.
//! Its state file carries them as three more columns, `px,py,pz`, under
//! the header `j,i,x,y,z,px,py,pz` ([`state_file`]); without inertia the
//! file is the plain format, byte for byte the golden files.
//!
//! # Two passes, one result
//!
//! [`reference`](mod@reference) is the article's loop as it reads, the oracle of the
//! tests and the baseline of the benchmarks (within a few per cent of the
//! article's code compiled as plain C). [`Simulation::step`] runs [`fast`],
//! an exact reorganisation of it: each spring once, SIMD across points,
//! rows software-pipelined so the divider and the other units work at
//! once, part of the square roots on the FMA units by a routine proven to
//! round correctly, and bands of rows on several threads. Its module docs
//! say, change by change, why the bits stay the same; property tests check
//! it against [`reference`](mod@reference) on random states, every instruction set and thread count.

pub mod fast;
pub mod general;
mod instruction_set;
pub mod model;
pub mod reference;
mod runner;
mod simulation;
pub mod spheres;
pub mod state_file;

pub use simulation::Simulation;

pub use general::HOOKE_STIFFNESS;
pub use instruction_set::{InstructionSet, InstructionSetError};
pub use model::{
    Buffering, Damping, Model, ModelError, Order, Passes, Pins, Scene, SpringLaw, Springs,
    Thickness, Wind, BEND_SHARE,
};

pub use spheres::{Spheres, SPHERE_COUNT, SPHERE_RADIUS};

/// Points along each side of the demo's cloth (the original's 32).
pub const GRID: usize = 32;

/// Passes per step (the original's 15).
pub const PASSES: usize = 15;

/// Gravity: the move every point starts each pass with, in world units per
/// pass, along `-y`.
pub const GRAVITY: f64 = 0.001;

/// Spring strength: the fraction of `(len - rest) / len` a point moves along
/// each spring in a pass.
pub const STIFFNESS: f64 = 0.03;

/// Grid spacing of the flat cloth and scale of the rest lengths, world units.
pub const SPACING: f64 = 0.1;

/// Height the physics clamps points to; the drawn floor is at -3.
pub const FLOOR_Y: f64 = -2.999;

/// Height of the flat cloth at the start, world units.
pub const START_Y: f64 = 1.5;

/// Rest lengths in grid units by neighbour offset:
/// `DIST[2 + dj][2 + di] = sqrt(di^2 + dj^2)` for offsets `-2..=2`, computed
/// as the original's Initialise() does (integer sum, then `sqrt`). Only the
/// middle 3 x 3 is used: the springs reach one point out.
pub const DIST: [[f64; 5]; 5] = dist_table();

const fn dist_table() -> [[f64; 5]; 5] {
    // sqrt is not const; the sums are 0, 1, 2, 4, 5, 8, and their square
    // roots are written out below, checked against `f64::sqrt` in the tests.
    const ROOT: [f64; 9] = [
        0.0,
        1.0,
        std::f64::consts::SQRT_2,
        0.0,
        2.0,
        2.236_067_977_499_79,
        0.0,
        0.0,
        2.828_427_124_746_190_3,
    ];
    let mut t = [[0.0; 5]; 5];
    let mut j = 0;
    while j < 5 {
        let mut i = 0;
        while i < 5 {
            let di = 2 - i as i64;
            let dj = 2 - j as i64;
            t[j][i] = ROOT[(di * di + dj * dj) as usize];
            i += 1;
        }
        j += 1;
    }
    t
}

/// The cloth: an `n x n` grid of points in world units.
///
/// Stored as three row-major arrays (structure of arrays), point `[j][i]` at
/// index `j * n + i`, where `i` runs along x and `j` along z (the original's
/// `x[j][i]`, `y[j][i]`, `z[j][i]`).
#[derive(Clone, Debug, PartialEq)]
pub struct Cloth {
    n: usize,
    /// x coordinates, row-major `[j][i]`.
    pub x: Vec<f64>,
    /// y coordinates (up), row-major `[j][i]`.
    pub y: Vec<f64>,
    /// z coordinates, row-major `[j][i]`.
    pub z: Vec<f64>,
}

impl Cloth {
    /// The flat starting sheet of `n x n` points, 0.1 apart at height 1.5:
    /// `x = (i - 16) * 0.1`, `z = (j - 16) * 0.1`, from the original's
    /// Initialise(). The offset stays 16 for every `n` (the demo's `n` is 32,
    /// which leaves the sheet half a square off centre, as in the original).
    ///
    /// # Panics
    /// If `n < 2`.
    pub fn flat(n: usize) -> Self {
        assert!(n >= 2, "a cloth needs at least 2 x 2 points, got {n}");
        let mut c = Cloth {
            n,
            x: vec![0.0; n * n],
            y: vec![START_Y; n * n],
            z: vec![0.0; n * n],
        };
        for j in 0..n {
            for i in 0..n {
                c.x[j * n + i] = (i as f64 - 16.0) * SPACING;
                c.z[j * n + i] = (j as f64 - 16.0) * SPACING;
            }
        }
        c
    }

    /// A cloth from its points, row-major `[j][i]`, `n * n` of them.
    ///
    /// # Errors
    /// If `points.len()` is not a square of at least 4.
    pub fn from_points(points: &[[f64; 3]]) -> Result<Self, String> {
        let n = (points.len() as f64).sqrt() as usize;
        if n < 2 || n * n != points.len() {
            return Err(format!(
                "a cloth needs n x n points with n >= 2, got {}",
                points.len()
            ));
        }
        Ok(Cloth {
            n,
            x: points.iter().map(|p| p[0]).collect(),
            y: points.iter().map(|p| p[1]).collect(),
            z: points.iter().map(|p| p[2]).collect(),
        })
    }

    /// Points along each side.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Point `[j][i]` as `(x, y, z)` in world units.
    ///
    /// # Panics
    /// If `j` or `i` is `>= n`.
    pub fn point(&self, j: usize, i: usize) -> [f64; 3] {
        assert!(j < self.n && i < self.n);
        let k = j * self.n + i;
        [self.x[k], self.y[k], self.z[k]]
    }

    /// Every point, row-major `[j][i]`.
    pub fn points(&self) -> impl Iterator<Item = [f64; 3]> + '_ {
        (0..self.n * self.n).map(|k| [self.x[k], self.y[k], self.z[k]])
    }
}

/// The move the spring from point `a` to its neighbour `b` (rest length
/// `rest`, world units) gives `a` in a pass: `v * dd` with `v = b - a`,
/// `d = vx*vx + vy*vy + vz*vz` and `dd = (0.03 * (sqrt(d) - rest)) / d`,
/// exactly the original's operations, wherever they are finite.
///
/// The degenerate cases (see the module docs), none of which the original's
/// runs reach:
/// - `d` below the smallest normal `f64` (about 2.2e-308: the points
///   coincide, or are within about 1.5e-154 of each other): no move. The
///   original divides by zero at `d == 0`; below that `dd` overflows.
/// - `d` overflows (the points are more than about 1.3e154 apart, or `v`
///   itself overflows): the same move worked out without squaring,
///   `0.03 * (1 - rest / len)` along the unit vector from half of `v`. It is
///   finite, and at most 0.03 long.
#[inline(always)]
pub fn spring_term(a: [f64; 3], b: [f64; 3], rest: f64) -> [f64; 3] {
    usual_spring_term(a, b, rest).unwrap_or_else(|| degenerate_spring_term(a, b, rest))
}

/// [`spring_term`] where `d` is a normal number (the original's
/// operations, nothing else), `None` where it is not: a degenerate case.
#[inline(always)]
pub(crate) fn usual_spring_term(a: [f64; 3], b: [f64; 3], rest: f64) -> Option<[f64; 3]> {
    let vx = b[0] - a[0];
    let vy = b[1] - a[1];
    let vz = b[2] - a[2];
    let d = vx * vx + vy * vy + vz * vz;
    // d >= 0 or NaN, so "normal" is MIN_POSITIVE <= d < infinity: one
    // test for both degenerate cases.
    if !d.is_normal() {
        return None;
    }
    let dd = (STIFFNESS * (d.sqrt() - rest)) / d;
    Some([vx * dd, vy * dd, vz * dd])
}

/// [`spring_term`] where `d` is not a normal number: overflowed, or too
/// small (the points coincide or nearly).
#[cold]
#[inline(never)]
fn degenerate_spring_term(a: [f64; 3], b: [f64; 3], rest: f64) -> [f64; 3] {
    let v = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    if (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).is_finite() {
        [0.0; 3]
    } else {
        far_spring_term(a, b, rest)
    }
}

/// [`spring_term`] for points so far apart that `d` (or `v`) overflows.
#[cold]
#[inline(never)]
pub(crate) fn far_spring_term(a: [f64; 3], b: [f64; 3], rest: f64) -> [f64; 3] {
    // Half the vector is finite for any finite a, b.
    let h = [
        b[0] * 0.5 - a[0] * 0.5,
        b[1] * 0.5 - a[1] * 0.5,
        b[2] * 0.5 - a[2] * 0.5,
    ];
    let s = h[0].abs().max(h[1].abs()).max(h[2].abs());
    if !(s > 0.0 && s.is_finite()) {
        return [0.0; 3];
    }
    let u = [h[0] / s, h[1] / s, h[2] / s];
    let ulen = (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]).sqrt();
    // len may overflow to infinity; then rest / len is 0 and the pull 0.03.
    let len = 2.0 * s * ulen;
    let f = STIFFNESS * (1.0 - rest / len);
    [u[0] / ulen * f, u[1] / ulen * f, u[2] / ulen * f]
}

/// Collisions for one moved point `p`: the floor clamp, then each sphere in
/// order, pushing a point inside it out along the radius onto its surface.
/// From the original's GameDraw(), after the spring sum.
#[inline(always)]
pub fn collide(p: [f64; 3], spheres: &Spheres) -> [f64; 3] {
    let [mut nx, mut ny, mut nz] = p;
    if ny < FLOOR_Y {
        ny = FLOOR_Y;
    }
    for k in 0..SPHERE_COUNT {
        let [sx, sy, sz] = spheres.centres[k];
        let r = spheres.radii[k];
        let d = (nx - sx) * (nx - sx) + (ny - sy) * (ny - sy) + (nz - sz) * (nz - sz);
        if d < r * r {
            if d == 0.0 {
                // At the centre there is no way out; go out through the top.
                ny = sy + r;
                continue;
            }
            let s = r / d.sqrt();
            nx = (nx - sx) * s + sx;
            ny = (ny - sy) * s + sy;
            nz = (nz - sz) * s + sz;
        }
    }
    [nx, ny, nz]
}
