//! Drawing: the scene's pixels, from the library's headless contexts
//! (`cloth_demo::render`) and from `cloth-demo render`'s PNGs, against
//! what the scene should look like. Needs the program built (feature
//! `cli`), as some pictures come through it. One module per area:
//!
//! - `pixels`: the palette, and the cloth where the camera projects the
//!   simulated points (a ray-cast reference), orbits, sizes; a headless
//!   context drawing many frames;
//! - `look_at`: `--look-at`, the point the camera looks at, where the
//!   wheel's zoom toward a point leaves it;
//! - `smooth`: `--smooth`, the cloth's edges blended where the faithful
//!   picture has none;
//! - `rod`: the curtain's rod and the flag's pole;
//! - `shade`: `--shade` and the library's shading factor, pixel by pixel;
//! - `holes`: a torn cloth's picture, its torn triangles left out;
//! - `visible`: drawing only the part of the window the panel leaves
//!   visible;
//! - `contexts`: each GL kind the library makes, the GLES fallbacks'
//!   pictures against GL 3.3 core's, the driver's shader logs.
//!
//! Elsewhere: the physics (`tests/sim`), the program's own behaviour, its
//! one-line errors (no EGL, bad sizes, bad `CLOTH_DEMO_*` values), files
//! and animations (`tests/program`), the front ends' logic (`tests/app`).

#[path = "../common/mod.rs"]
mod common;

mod contexts;
mod holes;
mod look_at;
mod pixels;
mod rod;
mod shade;
mod smooth;
mod springs;
mod visible;
