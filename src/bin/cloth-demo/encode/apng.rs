//! Animated PNGs (`record --out FILE.png`): [`ApngRecorder`].
//!
//! The animation uses the recording's palette ([`super::palette`], the
//! scene's own colours, so every frame is exact) and stores each frame
//! whole. Its delays are fractions, so a frame of K steps lasts exactly
//! K/60 s (a GIF's are rounded to hundredths).
#![forbid(unsafe_code)]

use std::io::Write;

use cloth_demo::render::headless::Image;

use super::palette::Indexer;

/// An animated PNG being written: a fixed number of frames of one size,
/// each lasting the same time, looping forever.
pub struct ApngRecorder<W: Write> {
    writer: ::png::Writer<W>,
    width: u32,
    height: u32,
    /// One frame's palette indices, reused.
    indices: Vec<u8>,
    /// The palette and the pixel-to-index map.
    indexer: Indexer,
}

impl<W: Write> ApngRecorder<W> {
    /// Start a `width x height` animation of `frames` frames on `w`, each
    /// lasting `seconds_per_frame = (numerator, denominator)` seconds
    /// (`(K, 60)` for K steps at 60 a second), with the palette of
    /// `colours` (at most 256; such as [`super::palette`]'s). Writes the header at once.
    ///
    /// # Errors
    /// A phrase for more frames than a PNG can count (2^32 - 1), a time a
    /// frame cannot hold (each part at most 65,535), or the png crate's
    /// error writing the header.
    pub fn new(
        w: W,
        width: u32,
        height: u32,
        frames: u64,
        seconds_per_frame: (u64, u64),
        colours: Vec<[u8; 3]>,
    ) -> Result<Self, String> {
        let frames = u32::try_from(frames)
            .map_err(|_| format!("{frames} frames are more than an animated PNG can hold"))?;
        let (num, den) = seconds_per_frame;
        let (Ok(num), Ok(den)) = (u16::try_from(num), u16::try_from(den)) else {
            return Err(format!(
                "a frame of {num}/{den} s is more than a PNG delay holds"
            ));
        };
        let mut encoder = ::png::Encoder::new(w, width, height);
        encoder.set_color(::png::ColorType::Indexed);
        encoder.set_depth(::png::BitDepth::Eight);
        encoder.set_palette(colours.concat());
        let setup = |e: &mut ::png::Encoder<'_, W>| -> Result<(), ::png::EncodingError> {
            e.set_animated(frames, 0)?;
            e.set_frame_delay(num, den)?;
            e.set_dispose_op(::png::DisposeOp::None)?;
            e.set_blend_op(::png::BlendOp::Source)
        };
        setup(&mut encoder).map_err(|e| e.to_string())?;
        let writer = encoder.write_header().map_err(|e| e.to_string())?;
        Ok(ApngRecorder {
            writer,
            width,
            height,
            indices: Vec::new(),
            indexer: Indexer::new(colours),
        })
    }

    /// Append `image` as the next frame.
    ///
    /// # Errors
    /// A phrase if the image is not the animation's size, or the png
    /// crate's error (a failed write; more frames than announced).
    pub fn push(&mut self, image: &Image) -> Result<(), String> {
        if (image.width, image.height) != (self.width, self.height) {
            return Err(format!(
                "a {}x{} frame in a {}x{} animation",
                image.width, image.height, self.width, self.height
            ));
        }
        self.indexer.indices(&image.rgba, &mut self.indices);
        self.writer
            .write_image_data(&self.indices)
            .map_err(|e| e.to_string())
    }

    /// Finish the file (the png crate checks every announced frame came).
    ///
    /// # Errors
    /// The png crate's: a failed write, or fewer frames than announced.
    pub fn finish(self) -> Result<(), String> {
        self.writer.finish().map_err(|e| e.to_string())
    }
}
