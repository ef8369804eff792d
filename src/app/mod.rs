//! The front ends: the window (feature `window`: winit 0.30 + glutin) and
//! the browser (feature `web`: a canvas, WebGL2, DOM events), and what they
//! share.
//!
//! Shared, pure and tested without a window: [`choices`] holds the scene
//! and what-if choices a run starts with (the command line's flags, the
//! page's query), [`orbit`] turns cursor moves
//! into the camera and keeps its distance, [`drags`] says what a button
//! starts (turning the view, or grabbing the cloth point under the cursor)
//! and zooms, [`pacing`] says how many steps each frame runs and when
//! the next frame is due, [`input`] says what keys and clicks ask for (the
//! key table is [`keys`]), and [`demo`] holds the running program
//! (simulation and model, view, clock and speed, paused, stopped or not)
//! that both front ends drive and draw with the same
//! [`Renderer`](crate::render::Renderer), and whose [`Demo::status`] both
//! show: the window in its [`title`], the browser in its caption.
//! [`compare`] lays out compare mode's split picture (the original beside
//! the model chosen) and words its labels, which [`overlay`] paints with
//! egui (feature `window`).
//! [`readout`] smooths the panels' figures (steps a second, the physics'
//! time a step, the frame time).
//! [`page_text`] words the page's caption and key list for a mouse or
//! for touch.
//!
//! [`Demo::status`]: demo::Demo::status
//!
//! The window: [`run`] opens a window titled [`TITLE`] with an
//! [`INNER_SIZE`] drawing area (or borderless full screen) and runs the
//! demo in it until Escape or the close button; [`action_for_event`] says
//! which window events stop it and [`drawable_size`] which sizes can be
//! drawn. The browser: `web::start` runs it on a canvas of the same shape
//! (built for wasm32 with `web/build`).

// Unsafe code is denied here and below: only native/gfx.rs,
// native/x11.rs and native/panel/cache.rs (the window's GL and Xlib
// calls, and the panel's picture's GL) allow it, and the files with no
// need of it forbid it.
#![deny(unsafe_code)]

pub mod choices;
pub mod compare;
pub mod controls;
pub mod demo;
pub mod drags;
pub mod input;
pub mod keys;
pub mod orbit;
pub mod pacing;
pub mod page_text;
pub mod readout;
mod size;
mod title;
pub mod travel;

#[cfg(feature = "window")]
mod native;
#[cfg(feature = "window")]
pub mod overlay;
#[cfg(all(feature = "web", target_arch = "wasm32"))]
pub mod web;

pub use size::{drawable_size, INNER_SIZE};
pub use title::{title, TITLE};

#[cfg(feature = "window")]
pub use native::{
    action_for_event, action_for_winit_key, button_of, key_of, modifiers_of, run, wheel_of,
    Options, Saver, Saving,
};
