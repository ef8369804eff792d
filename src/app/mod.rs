//! The front ends: the window (feature `window`: winit 0.30 + glutin) and
//! the browser (feature `web`: a canvas, WebGL2, DOM events), and what they
//! share. The files, by job:
//!
//! - **Settings and controls, once:** [`controls`] is the one table of
//!   every setting (its label, widget, keys, flags, hover text and way
//!   into the model), with the [`Action`](controls::Action)s an input asks
//!   for and a slider's travel; [`keys`] makes the key table and the key
//!   list from it and says what a key, a click or a tap asks for;
//!   [`choices`] is the start a run's flags or the page's query describe.
//! - **Saved states:** [`saved`] writes a state file with a note of its
//!   step and model, and reads the note back, for the window's and the
//!   page's Save state and Load state and the program's `--from`.
//! - **The running program:** [`demo`] holds it (simulation and model,
//!   view, clock and speed, paused, stopped or not) for both front ends to
//!   drive and draw with the same [`Renderer`](crate::render::Renderer),
//!   and its [`Demo::status`] is what both show: the window in its
//!   [`title`], the browser in its caption. [`pacing`] says how many steps
//!   a frame runs and when the next frame is due; [`readout`] smooths the
//!   panels' figures.
//! - **Keys and the pointer:** [`input`] says what keys the front ends
//!   report; [`pointer`](mod@pointer) what a button, a drag, the wheel or a pinch asks
//!   for, the drags themselves (turning the view, grabbing the cloth point
//!   under the cursor, zooming) and the camera a drag turns.
//! - **Compare mode:** [`compare`] lays out the split picture (the
//!   original beside the model chosen) and words its labels, which
//!   `overlay` paints with egui (feature `window`).
//! - **Words for a model:** [`differences`] says every way a model differs
//!   from a scene's own, for the title and compare's labels.
//! - **The springs view's key:** [`springs_key`] words, colours and
//!   places its colour scale, which `overlay` paints in the window and the
//!   page shows as HTML.
//! - **The window** (feature `window`, `native/`): [`run`] opens a window
//!   titled [`TITLE`] with an [`INNER_SIZE`] drawing area (or borderless
//!   full screen) and runs the demo in it until Escape or the close
//!   button; [`action_for_event`] says which window events stop it and
//!   [`drawable_size`] which sizes can be drawn.
//! - **The browser** ([`web`]): the page's words and its touch screen,
//!   pure and tested anywhere, and its DOM side (wasm32 only), which runs
//!   the demo on a canvas of the same shape (built with `web/build`).
//!
//! [`Demo::status`]: demo::Demo::status

// Unsafe code is denied here and below: only native/gfx.rs,
// native/x11.rs and native/panel/cache.rs (the window's GL and Xlib
// calls, and the panel's picture's GL) allow it, and the files with no
// need of it forbid it.
#![deny(unsafe_code)]

pub mod choices;
pub mod compare;
pub mod controls;
pub mod demo;
pub mod differences;
pub mod input;
pub mod keys;
pub mod pacing;
pub mod pointer;
pub mod readout;
pub mod saved;
mod size;
pub mod springs_key;
mod title;

#[cfg(feature = "window")]
mod native;
#[cfg(feature = "window")]
pub mod overlay;
pub mod web;

pub use size::{drawable_size, INNER_SIZE};
pub use title::{title, what_ifs, window_title, TITLE};

#[cfg(feature = "window")]
pub use native::{
    action_for_event, action_for_winit_key, button_of, key_of, modifiers_of, run, wheel_of,
    Options, Saver, Saving,
};
