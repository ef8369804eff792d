//! The physics: a spring-mass cloth falling onto bobbing spheres.
//!
//! Pure and self-contained: no GL, no window, no I/O apart from the state
//! file (see [`state_file`]). Everything is `f64` and follows the original
//! program's arithmetic operation for operation, so that every coordinate of
//! every step matches the original's to the last bit.
//!
//! ```
//! use cloth_demo::sim::{Model, Simulation, GRAVITY, PASSES, START_Y};
//!
//! let mut sim = Simulation::new();
//! sim.step();
//! // Fifteen passes a step, each moving every point down by gravity: the
//! // flat sheet, its springs at rest, falls 0.015 in its first step.
//! let [_, y, _] = sim.cloth.point(16, 16);
//! assert!((START_Y - y - PASSES as f64 * GRAVITY).abs() < 1e-12);
//!
//! // One of the article's "what ifs", from the next step on.
//! let mut model = Model::ORIGINAL;
//! model.springs.bend = true;
//! sim.set_model(model);
//! sim.run(10);
//! assert_eq!(sim.steps(), 11);
//! ```
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
//! # At any grid
//!
//! The sheet can have any number of points a side ([`Grid`]: 8 to 256;
//! [`Simulation::with_grid`]). It keeps its size and place, 3.1 units a
//! side from -1.6 to 1.5, its points [`spacing`]`(n)` apart
//! ([`Cloth::flat`]), and the article's law is scaled to it, as the
//! article asks ("scale its constants so that a 64 x 64 sheet behaves like
//! the 32 x 32 one"): with `s` the spacing over 0.1, the rest lengths and
//! the spring's 0.03 (a length) times `s`, the passes over `s^2` and
//! gravity (and the wind) a pass times `s^2`, still 0.015 a step
//! ([`general::GridLaw`] says why). At 32 every factor is exactly 1: the
//! golden bits. The fast pass has the article's constants built in, so a
//! [`Simulation`] runs it on the demo's 32 x 32 alone, and the general
//! pass, scaled, on any other grid.
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
//! # Hands on the cloth: holding, pins, tearing
//!
//! Between steps a caller may take hold of the cloth:
//! [`Simulation::hold`] puts a point where it says at the start of each
//! step and keeps it there through the passes (a pin it moves), and
//! [`Simulation::release`] lets go; [`Simulation::pin`] and
//! [`Simulation::unpin`] pin and free points, a scene's pins included.
//! With [`Model::tear`] set, at the end of each step every spring longer
//! than its [`TearFactor`] times its rest length breaks for good, in a
//! fixed order; the springs torn ([`Torn`]) are part of the state and of
//! its file (a `torn` column, left out while nothing is torn). With
//! nothing held, pinned by hand or torn, the original model runs the
//! fast pass, to the bit. A scripted grab ([`grab`]) is such a hand
//! over a span of steps, replayed on any runs of them.
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

mod cloth;
mod collide;
mod constants;
mod cut;
pub mod fast;
pub mod general;
pub mod grab;
mod hand;
mod instruction_set;
pub mod model;
mod pin_set;
pub mod reference;
mod runner;
#[cfg(feature = "parallel")]
mod set_trial;
pub mod sheet;
mod simulation;
pub mod solver;
pub mod spheres;
mod spring;
pub mod state_file;
mod torn;

pub use cloth::{Cloth, NotSquare};
pub use collide::collide;
pub use constants::{DIST, FLOOR_Y, GRAVITY, GRID, PASSES, SPACING, START_Y, STIFFNESS};
pub use cut::has_spring;
pub use general::HOOKE_STIFFNESS;
pub use hand::{HandError, Held};
pub use instruction_set::{InstructionSet, InstructionSetError};
pub use model::{
    Amount, Buffering, Damping, Fabric, MassSpring, Model, ModelError, Order, Passes, Pins,
    Relaxation, Scene, Solver, SpringLaw, Springs, TearFactor, Thickness, Wind, Xpbd, BEND_SHARE,
};
pub use pin_set::PinSet;
pub use sheet::{spacing, Grid, GridError};
pub use simulation::Simulation;
pub use spheres::{Spheres, SPHERE_COUNT, SPHERE_RADIUS};
pub use spring::spring_term;
pub(crate) use spring::{far_spring_term, spring_term_of, usual_spring_term};
pub use torn::{Spring, Torn, AHEAD};
