//! One drawn picture as a PNG file (`render`).
#![forbid(unsafe_code)]

use std::io::Write;

use cloth_demo::render::headless::Image;

/// Write `image` as an 8-bit RGBA PNG to `w`.
///
/// # Errors
/// The png crate's, for a write that fails or an impossible size.
pub fn write_png<W: Write>(w: W, image: &Image) -> Result<(), ::png::EncodingError> {
    let mut encoder = ::png::Encoder::new(w, image.width, image.height);
    encoder.set_color(::png::ColorType::Rgba);
    encoder.set_depth(::png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&image.rgba)?;
    writer.finish()
}
