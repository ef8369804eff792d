//! The front ends' shared logic without a window or a browser
//! (`cloth_demo::app`, feature `window`): the decisions the native window
//! and the page both make, tested as values. One module per area, after
//! `src/app`'s modules:
//!
//! - `orbit`: the mouse drag that turns the view, and its end when the
//!   window loses the focus;
//! - `drags`: grabbing the cloth (the right button, Control and the left,
//!   a touch held still), letting go and pinning, the zoom and Home;
//! - `zoom`: the wheel and a pinch zooming toward what is under the
//!   cursor (the cloth, a sphere, the floor, the black round them);
//! - `input`: the window's events (winit's) read as the shared actions;
//! - `keys`: the key table, and the README's list of it;
//! - `knife`: the knife (X): the grab's drag cutting instead;
//! - `compare`: compare mode, its two simulations' steps kept together
//!   and its pointer on the right half;
//! - `demo`, `pause`, `speed`, `scenes`: the running demo, its pause, step
//!   and restart, its speeds, its scenes and shading;
//! - `panel`: the panels' controls, each making its key's and its flag's
//!   change, and the one table they, the keys, the flags and the README
//!   share;
//! - `readout`: the panels' figures, paused and stopped;
//! - `saved`: Save state and Load state on the running demo;
//! - `title`: the window's title;
//! - `pacing`: frames and steps on the wall clock.
//!
//! Elsewhere: the physics (`tests/sim`), pictures (`tests/render`), the
//! program and its command line (`tests/program`); the real window is
//! driven by `.ci/window-smoke` and `.ci/wayland-smoke`, the page by
//! `.ci/web/run`.

#[path = "../common/mod.rs"]
mod common;

mod compare;
mod demo;
mod drags;
mod input;
mod keys;
mod knife;
mod orbit;
mod pacing;
mod panel;
mod pause;
mod readout;
mod saved;
mod scenes;
mod speed;
mod title;
mod zoom;
