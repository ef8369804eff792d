//! Drawn frames as image files: one PNG for `render` ([`write_png`]), and
//! for `record` an animated GIF ([`GifRecorder`]) or an animated PNG
//! ([`ApngRecorder`]).
//!
//! Both animations index their pixels against the scene's own colours
//! ([`palette`]): every colour the renderer writes is in it, so every
//! frame is exact. Frames go to the writer as they come, so memory stays
//! at a few frames' worth whatever the length.
//!
//! One job a file: `palette` (the colours and the pixel-to-index map),
//! `clock` (GIF frame delays), `gif`, `png` and `apng` (the three
//! encoders).
#![forbid(unsafe_code)]

mod apng;
mod clock;
mod gif;
mod palette;
mod png;

pub use apng::ApngRecorder;
pub use gif::GifRecorder;
pub use palette::{palette, with_edges, with_labels};
pub use png::write_png;
