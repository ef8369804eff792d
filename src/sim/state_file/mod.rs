//! The cloth state file: the golden CSV format, read (validated) and written.
//!
//! ```text
//! j,i,x,y,z
//! 0,0,-1.6000000000000001,1.5,-1.6000000000000001
//! 0,1,-1.5,1.5,-1.6000000000000001
//! ...
//! ```
//!
//! A header line `j,i,x,y,z`, then one row per point, `n * n` rows in all,
//! row-major (`j` outer, `i` inner). Coordinates are written with 17
//! significant digits, as C's `printf("%.17g")` writes them, so every value
//! reads back to the exact same `f64`, and a file written here is byte for
//! byte the golden file for the same state.
//!
//! A state file is user input. Reading checks everything: the header, each
//! row's field count and numbers, that every coordinate is finite, that each
//! `(j, i)` is in range and appears exactly once, and that no point is
//! missing. Rows may come in any order; Windows line endings and trailing
//! blank lines are accepted.
//!
//! # A note before the header
//!
//! A file may open with one comment line, starting with `#`, before its
//! header: the window and the page write their step and model there
//! (`# cloth-demo step=1250 model=scene=curtain;bend=1`, read by the
//! program, not here). Reading skips it ([`comment`] gives it back); the
//! header is then line 2, and errors name the lines as they are in the
//! file. A file without one is read as before.
//!
//! # With inertia: the previous positions
//!
//! Under a model with inertia a point's velocity is where it is less where
//! it was a step before, so the state is both positions. Its file has
//! three more columns, `px,py,pz`, the point's previous position, with
//! their own header:
//!
//! ```text
//! j,i,x,y,z,px,py,pz
//! 0,0,-1.6000000000000001,1.5,-1.6000000000000001,-1.6000000000000001,1.5,-1.6000000000000001
//! ...
//! ```
//!
//! The same rules hold for every column ([`parse_state`] reads either
//! format, telling them apart by the header; [`state_to_string`] writes
//! the plain one when there are no previous positions). So a file
//! written for the original, or for any model without inertia, is the
//! plain format exactly, byte for byte the golden files; and the plain
//! format, read for a model with inertia, is a cloth at rest.
//!
//! # With tearing: the torn springs
//!
//! A cloth that has lost springs to tearing ([`Torn`]) has one more
//! column, `torn`, after the others (`j,i,x,y,z,torn`, or
//! `j,i,x,y,z,px,py,pz,torn`): for each point, the springs to the
//! neighbours ahead of it that have torn, as a whole number whose bit `b`
//! is the spring to [`AHEAD`]`[b]` (bit 0 the east neighbour, bit 4 the
//! south one: `16` is a point whose spring to the point below has torn).
//! While nothing has torn the column is left out, so such a file is the
//! plain format, byte for byte.

#![forbid(unsafe_code)]

mod format;
mod read;
mod write;

#[cfg(doc)]
use super::torn::{Torn, AHEAD};
pub use format::{State, HEADER, HEADERS, MOVING_HEADER, MOVING_TORN_HEADER, TORN_HEADER};
pub use read::{comment, grid_of, parse, parse_state, StateFileError};
pub use write::{format_g17, state_to_string, to_string};
