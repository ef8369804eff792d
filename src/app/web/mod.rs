//! The browser front end: the page's own words, its own query values and
//! its touch screen, pure and tested on any target ([`page_text`],
//! [`query`], [`touch`]), and the DOM
//! side that runs them on a `<canvas>` (`dom`, feature `web` on wasm32
//! only: `web::start` and `window.clothDemo`).

#![forbid(unsafe_code)]

pub mod page_text;
pub mod query;
pub mod touch;

#[cfg(all(feature = "web", target_arch = "wasm32"))]
mod dom;

#[cfg(all(feature = "web", target_arch = "wasm32"))]
pub use dom::{bench_steps, controls_table, start, wave_values, WebDemo};
