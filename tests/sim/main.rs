//! The physics through the library (`cloth_demo::sim`), with no feature:
//! this binary builds and passes under `cargo test --release
//! --no-default-features`, as an embedder builds the sim. One module per
//! area:
//!
//! - `golden`, `waves`: the port against the original's trajectory and the
//!   spheres' waves, bit for bit;
//! - `equilibria`: the article's figures, number for number;
//! - `fast_vs_reference`, `degenerate`, `soak`: the fast pass against the
//!   plain one, degenerate states, long runs;
//! - `what_ifs`, `model_api`, `finite`: the article's what-ifs with real
//!   figures, the model value and the simulation's use of it, every
//!   combination staying finite;
//! - `pins_wind`, `inertia`, `self_collision`, `scenes`: the other
//!   programs' choices and the presets, with real figures;
//! - `hands`, `tearing`: a held point, pins by hand, torn springs, and
//!   the fast pass's bits once they are gone; `rip`: tearing under the
//!   solvers with velocities, only by a hand;
//! - `solvers`: the other programs' solvers (`Model::solver`) with real
//!   figures, finite, repeating to the bit, and against their 300-step
//!   records;
//! - `lift`: a hand raising a point of the draped sheet under the
//!   solvers with velocities, and letting go;
//! - `cut`: a scripted cut across the hands scene's curtain, leaving two
//!   pieces, the lower falling;
//! - `grab`: the scripted grab (`sim::grab`) replayed on a simulation's
//!   steps;
//! - `grid`: the sheet at any grid, the same square, and the article's
//!   law scaled so that a 64 x 64 sheet behaves like the 32 x 32 one.
//!
//! Elsewhere: pictures of the scene (`tests/render`), the `cloth-demo`
//! program as a user runs it (`tests/program`), the front ends' shared
//! logic (`tests/app`); unit tests of private items beside them in `src/`.
//! Proptest's regressions are kept beside each module's file
//! (`degenerate.proptest-regressions`: [`common::proptest_config`]).

#[path = "../common/mod.rs"]
mod common;

mod cut;
mod degenerate;
mod equilibria;
mod fast_vs_reference;
mod finite;
mod golden;
mod grab;
mod grid;
mod hands;
mod inertia;
mod lift;
mod model_api;
mod pins_wind;
mod rip;
mod scenes;
mod self_collision;
mod soak;
mod solvers;
mod tearing;
mod waves;
mod what_ifs;
