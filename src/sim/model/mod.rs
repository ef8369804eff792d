//! Which physics runs: the original, or one of the article's "what ifs".
//!
//! The article explains each of the original's design choices by what would
//! happen otherwise. A [`Model`] makes each "otherwise" runnable, one field
//! per choice, with the original as its [`Default`] ([`Model::ORIGINAL`]):
//!
//! | field | the original | what if | the article |
//! |---|---|---|---|
//! | [`passes`](Model::passes) | 15 | 1 to 100 | "Fifteen passes ... makes the cloth much stiffer than one pass would" |
//! | [`springs`](Model::springs) | the eight neighbours | no diagonals; springs to the points two away | "The four diagonals stop it shearing"; "Springs to the points two away would give it some stiffness against bending" |
//! | [`buffering`](Model::buffering) | double buffered | in place | "If each point were moved in place, ... the result would depend on which corner the loop started from" |
//! | [`order`](Model::order) | rows, from `[0][0]` | reversed, from the opposite corner | (the same sentence) |
//! | [`law`](Model::law) | the article's lopsided spring | Hooke's law | "Hooke's law would move the point in proportion to the stretch" |
//!
//! And what other cloth programs do, which the article's does not:
//!
//! | field | the original | other programs | what it does |
//! |---|---|---|---|
//! | [`pins`](Model::pins) | nothing pinned | the `j = 0` row ([`Pins::Top`]), or its two corners | pinned points never move, bit for bit; springs pull only the free end |
//! | [`wind`](Model::wind) | calm | `(x, y, z)` world units a pass | each triangle pushed along its normal by `n dot(n, wind)`: a sheet edge-on feels nothing |
//! | [`gusts`](Model::gusts) | off | on | the wind's strength rises and falls with the step count (a fixed function: runs repeat) |
//! | [`inertia`](Model::inertia) | none: "Nothing swings or bounces" | damping 0 to 1 | Verlet, `x + (1 - D) (x - x_prev)` before the passes: it swings and overshoots |
//! | [`self_collision`](Model::self_collision) | none: "nothing to stop the cloth passing through itself" | a thickness | points that are not grid neighbours pushed apart to it each pass (a spatial hash) |
//!
//! [`Scene`] bundles these into presets (`curtain`, `flag`, `drape`) with
//! their start cloths; a scene's [`Scene::model`] is a `Model` like any
//! other, to change further.
//!
//! [`Simulation`](super::Simulation) runs the fast, bit-exact pass exactly
//! when its model is the original, and the plain general pass
//! ([`super::general`]) for every other model. A model is not part of the
//! simulation's state: the state file holds the cloth alone, and a state
//! can be resumed with any model.
//!
//! Every value of every field is valid: [`Passes`] can only hold 1 to 100,
//! and its constructor and [`FromStr`](std::str::FromStr) say why a number is refused, so a
//! front end can show the error as it is. The struct is
//! `#[non_exhaustive]`, so that further choices can join it as fields
//! without breaking a caller: start from [`Model::ORIGINAL`] (or
//! `Model::default()`, or a [`Scene::model`]) and set the fields that
//! differ. [`Pins`], [`Wind`], [`Damping`] and [`Thickness`] likewise hold
//! only valid values and parse from text with one-line errors.
//!
//! ```
//! use cloth_demo::sim::{Buffering, Model, Order, Passes, Simulation};
//!
//! let mut model = Model::ORIGINAL;
//! model.passes = "5".parse().unwrap();
//! model.springs.bend = true;
//! model.buffering = Buffering::InPlace;
//! model.order = Order::Reversed;
//! assert_eq!(model.to_string(), "5 passes, bending springs, in place, reversed order");
//!
//! let mut sim = Simulation::with_model(model);
//! sim.step();
//! // Back to the original mid-run, for the next step on.
//! sim.set_model(Model::ORIGINAL);
//! assert!(sim.model().is_original());
//! assert_eq!(Passes::new(0).unwrap_err().to_string(), "passes must be a whole number from 1 to 100, got 0");
//! ```

#![forbid(unsafe_code)]

mod amount;
mod error;
mod fabric;
mod inertia;
mod limits;
mod order;
mod passes;
mod pins;
mod scene;
mod settings;
mod solver;
mod solver_settings;
mod springs;
mod tear;
mod thickness;
mod wind;

pub use amount::Amount;
pub use error::ModelError;
pub use fabric::{Fabric, FabricNumbers};
pub use inertia::Damping;
pub use order::Order;
pub use passes::Passes;
pub use pins::Pins;
pub use scene::Scene;
pub use settings::{Buffering, Model, SpringLaw};
pub use solver::Solver;
pub use solver_settings::{MassSpring, Relaxation, Xpbd};
pub use springs::{Springs, BEND_SHARE};
pub use tear::TearFactor;
pub use thickness::Thickness;
pub use wind::Wind;
