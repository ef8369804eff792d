//! Animated GIFs: [`GifRecorder`] streams headless frames into a GIF that
//! loops forever.
//!
//! - **Palette.** The recording's colours ([`super::palette`]), each
//!   pixel indexed exactly or to its nearest entry; one more index is
//!   transparency.
//! - **Timing.** Each frame stands for a fixed time given as a fraction of
//!   a second; GIF delays are whole hundredths, so each frame's delay is
//!   rounded down and the remainder carried to the next
//!   ([`FrameClock`]): after any number of frames the total is the exact
//!   time, rounded down to a hundredth.
//! - **Size.** The first frame is whole; each later one is only the
//!   rectangle that changed, with unchanged pixels inside it transparent,
//!   drawn over the previous frame (disposal "keep"). Viewers composite
//!   this as usual; the picture is the same, the file much smaller.
#![forbid(unsafe_code)]

use std::borrow::Cow;
use std::fmt;
use std::io::Write;

use cloth_demo::render::headless::Image;

use super::clock::FrameClock;
use super::palette::Indexer;

/// What went wrong writing a GIF.
#[derive(Debug)]
pub enum GifError {
    /// The image is not the recording's size, the size is not one a GIF
    /// can hold (each side 1 to 65,535), or the palette is not 1 to 255
    /// colours.
    Size(String),
    /// The frame time does not fit a GIF delay.
    Timing(String),
    /// Writing failed (the writer's error, or the encoder's).
    Write(String),
}

impl fmt::Display for GifError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GifError::Size(e) | GifError::Timing(e) | GifError::Write(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for GifError {}

impl From<::gif::EncodingError> for GifError {
    fn from(e: ::gif::EncodingError) -> Self {
        GifError::Write(e.to_string())
    }
}

/// Streams frames into an animated GIF that loops forever. See the module
/// docs for the palette, timing and size.
pub struct GifRecorder<W: Write> {
    encoder: ::gif::Encoder<W>,
    width: u16,
    height: u16,
    clock: FrameClock,
    /// The last frame's palette indices, whole (empty before the first).
    previous: Vec<u8>,
    /// This frame's palette indices, whole.
    current: Vec<u8>,
    /// The part of this frame written out.
    patch: Vec<u8>,
    /// The palette and the pixel-to-index map.
    indexer: Indexer,
}

impl<W: Write> fmt::Debug for GifRecorder<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GifRecorder")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("clock", &self.clock)
            .finish_non_exhaustive()
    }
}

impl<W: Write> GifRecorder<W> {
    /// Start a `width x height` GIF on `writer` whose frames each last
    /// `seconds_per_frame = (numerator, denominator)` seconds (for K steps
    /// at 60 steps a second, `(K, 60)`), looping forever, with `colours`
    /// for the palette (such as [`super::palette`]`(true)` for shaded
    /// frames): each pixel goes to the nearest, and index `colours.len()`
    /// is transparency. Writes the header at once.
    ///
    /// # Errors
    /// [`GifError::Size`] for a side of 0 or over 65,535, or a palette of
    /// no colours or more than 255; [`GifError::Timing`] for a frame time
    /// [`FrameClock::new`] refuses; [`GifError::Write`] if the header
    /// cannot be written.
    pub fn new(
        writer: W,
        width: u32,
        height: u32,
        seconds_per_frame: (u64, u64),
        colours: Vec<[u8; 3]>,
    ) -> Result<Self, GifError> {
        if colours.is_empty() || colours.len() > 255 {
            return Err(GifError::Size(format!(
                "a GIF palette of {} colours: it holds 1 to 255 and transparency",
                colours.len()
            )));
        }
        let side = |v: u32| u16::try_from(v).ok().filter(|&v| v > 0);
        let (Some(w), Some(h)) = (side(width), side(height)) else {
            return Err(GifError::Size(format!(
                "a GIF cannot be {width}x{height}: each side must be 1 to 65535"
            )));
        };
        let clock =
            FrameClock::new(seconds_per_frame.0, seconds_per_frame.1).map_err(GifError::Timing)?;
        let mut palette = Vec::with_capacity((colours.len() + 1) * 3);
        for rgb in &colours {
            palette.extend_from_slice(rgb);
        }
        // The transparent entry; its colour is never shown.
        palette.extend_from_slice(&[0, 0, 0]);
        let mut encoder = ::gif::Encoder::new(writer, w, h, &palette)?;
        encoder.set_repeat(::gif::Repeat::Infinite)?;
        Ok(GifRecorder {
            encoder,
            width: w,
            height: h,
            clock,
            previous: Vec::new(),
            current: Vec::new(),
            patch: Vec::new(),
            indexer: Indexer::new(colours),
        })
    }

    /// Hundredths of a second that the frames written so far last.
    pub fn duration_cs(&self) -> u128 {
        self.clock.elapsed_cs()
    }

    /// Append `image` as the next frame.
    ///
    /// # Errors
    /// [`GifError::Size`] if the image is not the recording's size (or its
    /// pixels do not fill it), [`GifError::Write`] if writing fails.
    pub fn push(&mut self, image: &Image) -> Result<(), GifError> {
        let (w, h) = (usize::from(self.width), usize::from(self.height));
        if (image.width, image.height) != (u32::from(self.width), u32::from(self.height))
            || image.rgba.len() != w * h * 4
        {
            return Err(GifError::Size(format!(
                "a {}x{} frame ({} bytes) in a {w}x{h} recording",
                image.width,
                image.height,
                image.rgba.len()
            )));
        }
        self.indexer.indices(&image.rgba, &mut self.current);
        let transparent = self.indexer.colours().len() as u8;
        let delay = self.clock.next_delay();
        let frame = if self.previous.is_empty() {
            ::gif::Frame {
                delay,
                width: self.width,
                height: self.height,
                buffer: Cow::Borrowed(&self.current),
                ..::gif::Frame::default()
            }
        } else {
            // The rectangle that changed; a 1 x 1 corner when none did (a
            // frame is still needed, for its delay).
            let (x0, y0, x1, y1) =
                changed_rect(&self.previous, &self.current, w).unwrap_or((0, 0, 1, 1));
            self.patch.clear();
            for y in y0..y1 {
                let row = y * w;
                self.patch.extend(
                    self.current[row + x0..row + x1]
                        .iter()
                        .zip(&self.previous[row + x0..row + x1])
                        .map(|(&c, &p)| if c == p { transparent } else { c }),
                );
            }
            // Sides of a 65,535-pixel-at-most image: they fit.
            ::gif::Frame {
                delay,
                left: x0 as u16,
                top: y0 as u16,
                width: (x1 - x0) as u16,
                height: (y1 - y0) as u16,
                transparent: Some(transparent),
                buffer: Cow::Borrowed(&self.patch),
                ..::gif::Frame::default()
            }
        };
        self.encoder.write_frame(&frame)?;
        std::mem::swap(&mut self.previous, &mut self.current);
        Ok(())
    }

    /// Write the GIF's trailer and hand back the writer (not flushed).
    ///
    /// # Errors
    /// [`GifError::Write`] if the trailer cannot be written.
    pub fn finish(self) -> Result<W, GifError> {
        Ok(self.encoder.into_inner()?)
    }
}

/// The smallest rectangle `(x0, y0, x1, y1)` (ends exclusive) outside which
/// `a` and `b`, rows of `width`, are equal; `None` when they are equal.
fn changed_rect(a: &[u8], b: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    let rows = || a.chunks_exact(width).zip(b.chunks_exact(width));
    let y0 = rows().position(|(ra, rb)| ra != rb)?;
    let y1 = rows().rposition(|(ra, rb)| ra != rb)? + 1;
    let (mut x0, mut x1) = (width, 0);
    for (ra, rb) in rows().take(y1).skip(y0) {
        if let Some(first) = ra.iter().zip(rb).position(|(p, q)| p != q) {
            x0 = x0.min(first);
            let last = ra
                .iter()
                .zip(rb)
                .rposition(|(p, q)| p != q)
                .unwrap_or(first);
            x1 = x1.max(last + 1);
        }
    }
    Some((x0, y0, x1, y1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changed_rect_bounds_the_differences() {
        let a = vec![0u8; 12];
        let mut b = a.clone();
        assert_eq!(changed_rect(&a, &b, 4), None);
        b[5] = 1; // (1, 1)
        assert_eq!(changed_rect(&a, &b, 4), Some((1, 1, 2, 2)));
        b[11] = 1; // (3, 2)
        b[4] = 1; // (0, 1)
        assert_eq!(changed_rect(&a, &b, 4), Some((0, 1, 4, 3)));
    }
}
