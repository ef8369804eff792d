//! cloth-demo: a bit-exact Rust port of a classic C++/OpenGL cloth demo.
//!
//! A 32 x 32 sheet of points, each tied to its eight neighbours by springs,
//! falls under gravity onto five bobbing spheres over a checkerboard floor,
//! drapes and slides off.
//!
//! The crate has three layers, and dependencies point one way,
//! `app -> render -> sim`:
//!
//! - [`sim`]: the physics alone. No GL, no window; every coordinate of every
//!   step equals the original program's to the last bit, on every machine
//!   (the spheres' waves use correctly rounded `cos` and `sin`). Embed this
//!   one: with `default-features = false` it is all the crate builds, and
//!   its only dependency is `pxfm`, for those waves.
//! - `render` (feature `render`): drawing through glow: the scene's
//!   triangles built from a simulation state, the pass-through shaders and
//!   the camera; with feature `headless`, the path that draws to an image
//!   with no window (on Linux an EGL device, no display server; GLX, WGL
//!   or CGL elsewhere).
//! - `app` (feature `app`, which `window` and `web` turn on): the front
//!   ends, the window (winit + glutin) and the browser (a canvas with
//!   WebGL2, built for wasm32), sharing mouse orbit, Escape, pacing, the
//!   renderer and the option values; with `app` alone, only the shared,
//!   pure parts.
//!
//! Features: `cli` (the default) is the whole program; `window`, `app`,
//! `headless` and `render` are its layers; `parallel` runs the passes in
//! bands of rows on several threads (std threads, no dependency); `web` is the browser front
//! end (`--no-default-features --features web`, for
//! `wasm32-unknown-unknown`; `web/build` makes the page).

#[cfg(feature = "app")]
pub mod app;
#[cfg(feature = "render")]
pub mod render;
pub mod sim;
