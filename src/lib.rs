//! cloth-demo: a bit-exact Rust port of a classic C++/OpenGL cloth demo.
//!
//! A 32 x 32 sheet of points, each tied to its eight neighbours by springs,
//! falls under gravity onto five bobbing spheres over a checkerboard floor,
//! drapes and slides off.
//!
//! ```
//! use cloth_demo::sim::Simulation;
//!
//! let mut sim = Simulation::new(); // the flat sheet, the spheres at rest
//! sim.run(300); // five seconds of the demo: the sheet lies on the spheres
//! assert_eq!(sim.steps(), 300);
//! // Every coordinate is the original program's, to the last bit.
//! let golden = include_str!("../tests/data/cloth_step_00300.csv");
//! assert_eq!(sim.to_state_file(), golden);
//! ```
//!
//! The crate has three layers, and dependencies point one way,
//! `app -> render -> sim`:
//!
//! - [`sim`]: the physics alone. No GL, no window, no environment; every
//!   coordinate of every step equals the original program's to the last
//!   bit, on every machine (the spheres' waves use correctly rounded `cos`
//!   and `sin`). Embed this one: with `default-features = false` it is all
//!   the crate builds, and its only dependency is `pxfm`, for those waves.
//! - `render` (feature `render`): drawing through glow: the scene's
//!   triangles built from a simulation state, the pass-through shaders and
//!   the camera; with feature `headless`, drawing to an image with no
//!   window (on Linux an EGL device, no display server; GLX, WGL or CGL
//!   elsewhere).
//! - `app` (feature `app`, which `window` and `web` turn on): the front
//!   ends, the window (winit + glutin) and the browser (a canvas with
//!   WebGL2, built for wasm32), sharing one set of actions, the orbit, the
//!   pacing and the renderer; with `app` alone, only the shared, pure
//!   parts.
//!
//! The `cloth-demo` program (feature `cli`, the default) sits on top: its
//! command line, environment, output files, image encoders and signals
//! are its own. `parallel` runs the passes in bands of rows on several
//! threads (std threads; on Linux `libc`, to give each band's thread a
//! core of its own); `web` is the browser front end
//! (`--no-default-features --features web`, for `wasm32-unknown-unknown`;
//! `web/build` makes the page). Its option parsers are `options`
//! (feature `render`), in the library only so that the fuzz targets can
//! reach them.

#[cfg(feature = "app")]
pub mod app;
#[cfg(feature = "render")]
pub mod options;
#[cfg(feature = "render")]
pub mod render;
pub mod sim;
