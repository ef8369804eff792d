//! Making a GL context to draw headless with: one small module per way of
//! getting one (`egl`, `glx`, `wgl`, `cgl`), what they all give
//! (`current`), what a caller can ask for (`kinds`), and the platform's
//! choice among them (`make`).
//!
//! On each platform the context kinds are tried in order, the first the
//! platform offers taken: desktop OpenGL 3.3 core, OpenGL ES 3.0, OpenGL
//! ES 2.0 (CGL offers no ES). The context only has to be made current and
//! give GL functions: the drawing itself (`render::offscreen`) is the same
//! on all of them.
//!
//! Every failure is one line naming what is missing on that platform.

#[cfg(target_os = "macos")]
mod cgl;
mod current;
#[cfg(free_unix)]
mod egl;
#[cfg(free_unix)]
mod glx;
mod kinds;
mod make;
#[cfg(windows)]
mod wgl;

pub(super) use current::Current;
pub use kinds::{ContextKind, ContextRequest, GlApi};
pub(super) use make::make;
