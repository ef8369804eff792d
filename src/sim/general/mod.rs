//! The general pass: every [`Model`](crate::sim::Model), written to read like the article.
//!
//! This is the original's GameDraw() loop with each of the article's
//! choices made a setting: how many passes, which neighbours the loops
//! reach, whether the new positions are kept apart or stored in place, which
//! corner the loop starts from, and the spring law. A point's move is
//! [`moved_point`]: gravity, then each of the model's [`springs`] in the
//! original's order, then [`collide`](crate::sim::collide). For the original model it gives the
//! same bits as the fast pass, step for step: the golden data ties every
//! variant to the faithful code.
//!
//! Moved in place, the points go one at a time, as the article's loop
//! does. Double buffered, where every new position reads only old ones,
//! a row is worked spring by spring across its points, eight at a time on
//! a padded copy of the cloth (`Rows::moved_row`, `chunks`), which the
//! compiler vectorises: each point still adds the same terms in the same
//! order, a lane off the grid masked away, so the bits are those of
//! [`moved_point`] (a property test checks it). Slower than the fast pass,
//! which computes each spring once for both its ends; `cargo bench --bench
//! models` measures each model's step.
//!
//! [`Simulation::step`](super::Simulation::step) runs this for every model
//! but the original, and for the original too on any grid but the demo's
//! 32 x 32; [`Simulation::step_general`](super::Simulation::step_general)
//! runs it for any model, the original included.
//!
//! A step runs the article's law at the cloth's grid ([`GridLaw`]): on an
//! `n x n` sheet, its points [`spacing`](crate::sim::spacing)`(n)` apart,
//! the rest lengths and the spring's strength scale with the spacing, the
//! passes as the inverse of its square and gravity and the wind a pass
//! as its square, so that the sheet behaves as the demo's; at 32 every
//! factor is exactly 1. [`pass`], [`passes`] and [`moved_point`] keep the
//! article's constants as they are, on any grid (the demo's law, the one
//! [`reference`](crate::sim::reference) and the fast pass have);
//! [`pass_under`] and [`moved_point_under`] take a [`GridLaw`].
//!
//! # Degenerate states
//!
//! As in the original's pass, no finite state gives NaN or infinity, under
//! every model. The article's spring is [`spring_term`](crate::sim::spring_term), with its rules for
//! coincident and very distant neighbours; Hooke's is [`hooke_term`], with
//! its own (see there). Hooke's law has no limit on its pull, so a sum of
//! moves can overflow: a coordinate that would leave the finite range stays
//! at `±f64::MAX` (the article's bounded pull never gets there, so this
//! costs the original model nothing).

mod chunks;
mod dispatch;
mod grid_law;
mod hooke;
pub mod inertia;
mod pass;
mod point;
mod rows;
pub mod self_collision;
pub mod tear;
pub mod wind;

pub use grid_law::GridLaw;
pub use hooke::{hooke_term, HOOKE_STIFFNESS};
pub use pass::{pass, pass_under, passes, wind_at};
pub(crate) use pass::{step, Hands, Workspace};
pub(crate) use point::{finite, put};
pub use point::{moved_point, moved_point_in_wind, moved_point_under, spring, springs, springs_at};
pub use self_collision::{Settled, SpatialHash};
