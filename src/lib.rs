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
//!   step equals the original program's to the last bit. Embed this one.
//! - [`render`]: drawing through glow: the scene's triangles built from a
//!   simulation state, the pass-through shaders, the camera, and the
//!   headless path (EGL, no display server) that draws to an image, and
//!   [`render::record`], which streams such images into an animated GIF.
//! - [`app`]: the window (winit + glutin), mouse orbit, Escape, pacing.

pub mod app;
pub mod render;
pub mod sim;
