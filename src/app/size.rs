//! The drawing area's shape, shared by both front ends: [`INNER_SIZE`],
//! and which sizes can be drawn at all ([`drawable_size`]).

#![forbid(unsafe_code)]

use std::num::NonZeroU32;

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
