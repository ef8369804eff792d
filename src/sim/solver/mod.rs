//! The solvers of the other cloth programs: CS184's mass-spring cloth
//! ([`mass_spring`]), Mosegaard's constraint relaxation ([`relaxation`])
//! and Jolt's XPBD soft bodies ([`xpbd`]).
//!
//! The article's spring moves a point at most 0.03 a pass however far it
//! is stretched, so a pull draws out a one-point needle and the cloth stays
//! where it lies. These three are what people know the other programs by:
//! they give every point a velocity and hold the springs near their rest
//! lengths, so a pull lifts the cloth and a rip runs.
//!
//! # The scene in real units
//!
//! The article has no time and no units: a step is a frame, gravity is
//! 0.001 a pass. The other programs work in metres and seconds, and so do
//! these solvers: a world unit is a metre, a step is 1/60 s ([`DT`], so 60
//! steps a second is real time), gravity is 9.81 m/s^2 ([`G`]). The
//! sheet is then 3.1 m a side, 1.5 m up, over spheres a metre across and a
//! floor 3 m down: dropped, it reaches the spheres in about half a second
//! and the floor in about one (less quickly under air drag), and drapes
//! and slides off within a few seconds, as a bed sheet would.
//!
//! # What every solver shares
//!
//! The scene is the article's: the spheres bob by the step count, the
//! floor is at [`FLOOR_Y`](crate::sim::FLOOR_Y), the rest lengths are the
//! sheet's [`spacing`](crate::sim::sheet::spacing) at any grid. A step
//! (run by [`Simulation::step`](crate::sim::Simulation::step)) moves the spheres, puts a held point where the hand says,
//! runs the solver, then, when the model says so, keeps points apart
//! (self-collision, at the model's thickness times the grid's
//! [`scale`](crate::sim::sheet::scale)) and, while a point is held,
//! breaks the springs stretched past the tearing factor: only a hand
//! tears, never the cloth by itself (the `tear` module says why). Pinned points and the held point do not move
//! in the solver (their inverse mass is 0).
//!
//! The wind is the article's ([`general::wind`](crate::sim::general::wind)):
//! each triangle pushed along its normal by how squarely the wind meets it,
//! a sixth of each of its triangles' pushes on a point. Its pushes, in
//! world units a pass, become accelerations as gravity's 0.001 a pass
//! becomes [`G`]: a wind of `0.001` blows as hard as gravity pulls.
//!
//! The points' velocities are their previous positions, a step before, as
//! with the article's inertia: [`Simulation::previous`](crate::sim::Simulation::previous)
//! and the state file's `px,py,pz` columns carry them. A solver with
//! sub-steps works out each sub-step's previous position from them and
//! hands the step's back.
//!
//! # Degenerate states
//!
//! Every coordinate a solver moves stays within `±`[`BOUND`] (a free point
//! found further out is brought in first), so no product overflows; a
//! link whose ends coincide, or whose length is not finite (a pinned point
//! left far out), is skipped for that solve. Only `+`, `-`, `*`, `/` and
//! `sqrt` are used, in a fixed order on one thread: every run repeats to
//! the bit, on every instruction set, natively and in WebAssembly.

#![forbid(unsafe_code)]

mod contact;
mod frame;
pub(crate) mod links;
pub mod mass_spring;
pub mod relaxation;
mod step;
mod tear;
mod tethers;
pub mod xpbd;

pub use contact::contact;
pub(crate) use frame::Shared;
pub use frame::{BOUND, DT, G};
pub use links::{Kind, Links};
pub(crate) use step::{step, Workspace};
