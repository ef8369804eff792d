//! The front ends: the window (feature `window`: winit 0.30 + glutin) and
//! the browser (feature `web`: a canvas, WebGL2, DOM events), and what they
//! share.
//!
//! Shared, pure and tested without a window: [`choices`] holds the scene
//! and what-if choices a run starts with (the command line's flags, the
//! page's query), [`orbit`] turns cursor moves
//! into the camera, [`pacing`] says how many steps each frame runs and when
//! the next frame is due, [`input`] says what keys and clicks ask for (the
//! key table is [`keys`]), and [`demo`] holds the running program
//! (simulation and model, view, clock and speed, paused, stopped or not)
//! that both front ends drive and draw with the same
//! [`Renderer`](crate::render::Renderer), and whose [`Demo::status`] both
//! show: the window in its [`title`], the browser in its caption.
//!
//! [`Demo::status`]: demo::Demo::status
//!
//! The window: [`run`] opens a window titled [`TITLE`] with an
//! [`INNER_SIZE`] drawing area (or borderless full screen) and runs the
//! demo in it until Escape or the close button; [`action_for_event`] says
//! which window events stop it and [`drawable_size`] which sizes can be
//! drawn. The browser: `web::start` runs it on a canvas of the same shape
//! (built for wasm32 with `web/build`).

pub mod choices;
pub mod demo;
pub mod input;
pub mod keys;
pub mod orbit;
pub mod pacing;
pub mod values;

#[cfg(feature = "window")]
mod gfx;
#[cfg(feature = "window")]
mod native;
#[cfg(all(feature = "web", target_arch = "wasm32"))]
pub mod web;
#[cfg(all(
    feature = "window",
    unix,
    not(any(
        target_os = "macos",
        target_os = "ios",
        target_os = "android",
        target_os = "redox"
    ))
))]
mod x11;

use std::num::NonZeroU32;

#[cfg(feature = "window")]
pub use native::{action_for_event, action_for_key, key_of, modifiers_of, run, Options};

/// The window's title, as the original's: exactly this while nothing
/// differs from the default (see [`title`]).
pub const TITLE: &str = "OpenGL Test Program";

/// The window's title for a [`Demo::status`](demo::Demo::status): exactly
/// [`TITLE`] when it is empty, else [`TITLE`], ` - ` and the phrases
/// joined by `, `, e.g. `OpenGL Test Program - paused, step 1234, bending
/// springs`.
pub fn title(status: &[String]) -> String {
    if status.is_empty() {
        TITLE.to_string()
    } else {
        format!("{TITLE} - {}", status.join(", "))
    }
}

/// The drawing area's size, original-window pixels: the inside of the
/// original's 800 x 600 window. The window opens this many logical pixels
/// wide and high; the browser's canvas keeps this shape.
pub const INNER_SIZE: (f64, f64) = (792.0, 573.0);

/// The drawable size for a window of `width x height` physical pixels, or
/// `None` when either side is zero (minimised, or resized to nothing): then
/// nothing is drawn and no GL call is made until a real size comes back.
pub fn drawable_size(width: u32, height: u32) -> Option<(NonZeroU32, NonZeroU32)> {
    Some((NonZeroU32::new(width)?, NonZeroU32::new(height)?))
}
