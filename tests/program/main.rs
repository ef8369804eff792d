//! The `cloth-demo` program as a user runs it (feature `cli`): the built
//! binary run through the one helper ([`common::cloth_demo`]: none of the
//! test process's `CLOTH_DEMO_*` variables, `RUST_LOG` or display server
//! reach it), its outputs read back. One module per area:
//!
//! - `cli`: `simulate`, state files, bad input of every kind, progress
//!   bars and help;
//! - `what_ifs`, `scenes`: the model flags and the scenes through
//!   `simulate` and `render`, against the same run in this process;
//! - `compare`: `--compare` on `render` and `record`, half by half
//!   against the two runs drawn alone;
//! - `solvers`: `--solver`, `--grid` and `--compare-with`, and their bad
//!   values;
//! - `hands`: `--tear` and the scripted grab (`--grab`) through
//!   `simulate`, `render` and `record`, against the same hand on the
//!   simulation in this process;
//! - `cut`: the scripted cut (`--cut`, `--cut-step`): the curtain in two
//!   pieces, the lower falling, as the same cut in this process;
//! - `look_at`: `--look-at`'s bad values;
//! - `threads`: `--threads` and `CLOTH_DEMO_SIMD`;
//! - `output`: where outputs go, what happens to what was there, signals;
//! - `record`: the animated GIF;
//! - `saved`: the states the window and the page save, resumed by
//!   `--from` alone, with `--start` and the model flags over their note;
//! - `robustness`: every failure a one-line error and its exit code;
//! - `environment`: the helper itself;
//! - `assets`: the docs' pictures, each drawn again by its command.
//!
//! Elsewhere: the physics through the library (`tests/sim`), pictures
//! checked pixel by pixel (`tests/render`), the front ends' logic
//! (`tests/app`); the command line's parsing in unit tests beside it in
//! `src/bin/cloth-demo/`.

#[path = "../common/mod.rs"]
mod common;

mod assets;
mod cli;
mod compare;
mod cut;
mod environment;
mod hands;
mod look_at;
mod output;
mod record;
mod robustness;
mod saved;
mod scenes;
mod solvers;
mod threads;
mod what_ifs;
