//! Animated GIFs of the scene: [`GifRecorder`] takes the frames that
//! [`headless`](super::headless) draws and streams them into a GIF that
//! loops forever.
//!
//! - **Palette.** The scene is flat colours, so the GIF's palette is the
//!   scene's own ([`PALETTE`]): black, yellow, blue, red, white and the
//!   floor's two greys, each grey twice because 0.9 and 0.1 fall halfway
//!   between two bytes (229.5 and 25.5) and the rasteriser writes either.
//!   Every pixel the renderer writes is one of these and comes out exactly;
//!   any other colour (a driver that rounds differently) goes to the
//!   nearest entry. A shaded recording's palette is [`palette`]`(true)`:
//!   these and every shaded colour ([`super::shade::colours`]), each exact
//!   too.
//! - **Timing.** Each frame stands for a fixed time given as a fraction of a
//!   second; GIF delays are whole hundredths, so each frame's delay is
//!   rounded down and the remainder carried to the next ([`FrameClock`]):
//!   after any number of frames the total is the exact time, rounded down
//!   to a hundredth.
//! - **Size.** The first frame is whole; each later one is only the
//!   rectangle that changed, with unchanged pixels inside it transparent,
//!   drawn over the previous frame (disposal "keep"). Viewers composite
//!   this as usual; the picture is the same, the file much smaller.
//!
//! Memory stays at a few frames' worth whatever the length: frames go to
//! the writer as they come.

use std::borrow::Cow;
use std::fmt;
use std::io::Write;

use super::headless::Image;

/// The scene's colours as the renderer writes them, in palette order:
/// black (the background), yellow and blue (the cloth), red and white (the
/// spheres), then the floor's light grey (229 and 230) and dark grey (25
/// and 26).
pub const PALETTE: [[u8; 3]; 9] = [
    [0, 0, 0],
    [255, 255, 0],
    [0, 0, 255],
    [255, 0, 0],
    [255, 255, 255],
    [229, 229, 229],
    [230, 230, 230],
    [25, 25, 25],
    [26, 26, 26],
];

/// The colours a recording's pixels can hold: [`PALETTE`], then with
/// `shade` every colour of a shaded picture ([`super::shade::colours`] of
/// the scene's colours) not already in it; at most 255 (one index is left
/// for transparency).
pub fn palette(shade: bool) -> Vec<[u8; 3]> {
    let mut out = PALETTE.to_vec();
    if shade {
        for rgb in super::shade::colours(&super::scene::COLOURS) {
            if !out.contains(&rgb) {
                out.push(rgb);
            }
        }
    }
    out
}

/// The palette index that marks a pixel unchanged from the previous frame
/// in a flat recording (the first index after [`PALETTE`]'s colours; a
/// shaded recording's is the first after [`palette`]`(true)`).
pub const TRANSPARENT: u8 = PALETTE.len() as u8;

/// The largest delay one GIF frame can carry, in hundredths of a second.
pub const MAX_DELAY_CS: u64 = u16::MAX as u64;

/// What went wrong writing a GIF.
#[derive(Debug)]
pub enum RecordError {
    /// The image is not the recording's size, or the size is not one a GIF
    /// can hold (each side 1 to 65,535).
    Size(String),
    /// The frame time does not fit a GIF delay.
    Timing(String),
    /// Writing failed (the writer's error, or the encoder's).
    Write(String),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Size(e) | RecordError::Timing(e) | RecordError::Write(e) => {
                write!(f, "{e}")
            }
        }
    }
}

impl std::error::Error for RecordError {}

impl From<gif::EncodingError> for RecordError {
    fn from(e: gif::EncodingError) -> Self {
        RecordError::Write(e.to_string())
    }
}

/// Frame delays for frames that each stand for `numerator / denominator`
/// seconds, in GIF's hundredths: frame `n` (from 0) gets
/// `floor(100 (n+1) t) - floor(100 n t)`, so the first `n` frames add up to
/// `floor(100 n t)` hundredths, never drifting. For 4 steps at 60 steps a
/// second (t = 1/15 s) that is 6, 7, 7, 6, 7, 7, ...
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrameClock {
    /// Hundredths of a second per frame, times `denominator`.
    numerator: u128,
    denominator: u128,
    /// Frames timed so far.
    frames: u128,
}

impl FrameClock {
    /// A clock for frames of `numerator / denominator` seconds each.
    ///
    /// # Errors
    /// [`RecordError::Timing`] if the denominator is zero or a frame would
    /// last longer than a GIF delay can say (655.35 s).
    pub fn new(numerator: u64, denominator: u64) -> Result<Self, RecordError> {
        if denominator == 0 {
            return Err(RecordError::Timing(
                "a frame time with denominator 0".into(),
            ));
        }
        let cs = u128::from(numerator) * 100;
        let denominator = u128::from(denominator);
        if cs.div_ceil(denominator) > u128::from(MAX_DELAY_CS) {
            return Err(RecordError::Timing(format!(
                "a frame of {numerator}/{denominator} s is longer than a GIF delay can be (655.35 s)"
            )));
        }
        Ok(FrameClock {
            numerator: cs,
            denominator,
            frames: 0,
        })
    }

    /// Hundredths of a second taken by the frames timed so far.
    pub fn elapsed_cs(&self) -> u128 {
        self.numerator * self.frames / self.denominator
    }

    /// The next frame's delay, hundredths of a second.
    pub fn next_delay(&mut self) -> u16 {
        let before = self.elapsed_cs();
        self.frames += 1;
        let delay = self.elapsed_cs() - before;
        // `new` checked that the ceiling of one frame's time fits.
        u16::try_from(delay).unwrap_or(u16::MAX)
    }
}

/// Streams frames into an animated GIF that loops forever. See the module
/// docs for the palette, timing and size.
pub struct GifRecorder<W: Write> {
    encoder: gif::Encoder<W>,
    width: u16,
    height: u16,
    clock: FrameClock,
    /// The last frame's palette indices, whole (empty before the first).
    previous: Vec<u8>,
    /// This frame's palette indices, whole.
    current: Vec<u8>,
    /// The part of this frame written out.
    patch: Vec<u8>,
    frames: u64,
    /// The colours, in index order.
    palette: Vec<[u8; 3]>,
    /// Colours seen so far and their indices.
    seen: std::collections::HashMap<[u8; 3], u8>,
}

impl<W: Write> fmt::Debug for GifRecorder<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GifRecorder")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("clock", &self.clock)
            .field("frames", &self.frames)
            .finish_non_exhaustive()
    }
}

impl<W: Write> GifRecorder<W> {
    /// Start a `width x height` GIF on `writer` whose frames each last
    /// `seconds_per_frame = (numerator, denominator)` seconds (for K steps
    /// at 60 steps a second, `(K, 60)`), looping forever. Writes the header
    /// at once.
    ///
    /// # Errors
    /// [`RecordError::Size`] for a side of 0 or over 65,535,
    /// [`RecordError::Timing`] as [`FrameClock::new`], and
    /// [`RecordError::Write`] if the header cannot be written.
    pub fn new(
        writer: W,
        width: u32,
        height: u32,
        seconds_per_frame: (u64, u64),
    ) -> Result<Self, RecordError> {
        Self::with_palette(writer, width, height, seconds_per_frame, PALETTE.to_vec())
    }

    /// As [`GifRecorder::new`] with these colours for the palette (such as
    /// [`palette`]`(true)` for shaded frames): each pixel goes to the
    /// nearest, and index `palette.len()` is transparency.
    ///
    /// # Errors
    /// As [`GifRecorder::new`], and [`RecordError::Size`] for a palette of
    /// no colours or more than 255.
    pub fn with_palette(
        writer: W,
        width: u32,
        height: u32,
        seconds_per_frame: (u64, u64),
        colours: Vec<[u8; 3]>,
    ) -> Result<Self, RecordError> {
        if colours.is_empty() || colours.len() > 255 {
            return Err(RecordError::Size(format!(
                "a GIF palette of {} colours: it holds 1 to 255 and transparency",
                colours.len()
            )));
        }
        let side = |v: u32| u16::try_from(v).ok().filter(|&v| v > 0);
        let (Some(w), Some(h)) = (side(width), side(height)) else {
            return Err(RecordError::Size(format!(
                "a GIF cannot be {width}x{height}: each side must be 1 to 65535"
            )));
        };
        let clock = FrameClock::new(seconds_per_frame.0, seconds_per_frame.1)?;
        let mut palette = Vec::with_capacity((colours.len() + 1) * 3);
        for rgb in &colours {
            palette.extend_from_slice(rgb);
        }
        // The transparent entry; its colour is never shown.
        palette.extend_from_slice(&[0, 0, 0]);
        let mut encoder = gif::Encoder::new(writer, w, h, &palette)?;
        encoder.set_repeat(gif::Repeat::Infinite)?;
        Ok(GifRecorder {
            encoder,
            width: w,
            height: h,
            clock,
            previous: Vec::new(),
            current: Vec::new(),
            patch: Vec::new(),
            frames: 0,
            palette: colours,
            seen: std::collections::HashMap::new(),
        })
    }

    /// Frames written so far.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// Hundredths of a second that the frames written so far last.
    pub fn duration_cs(&self) -> u128 {
        self.clock.elapsed_cs()
    }

    /// Append `image` as the next frame.
    ///
    /// # Errors
    /// [`RecordError::Size`] if the image is not the recording's size (or
    /// its pixels do not fill it), [`RecordError::Write`] if writing fails.
    pub fn push(&mut self, image: &Image) -> Result<(), RecordError> {
        let (w, h) = (usize::from(self.width), usize::from(self.height));
        if (image.width, image.height) != (u32::from(self.width), u32::from(self.height))
            || image.rgba.len() != w * h * 4
        {
            return Err(RecordError::Size(format!(
                "a {}x{} frame ({} bytes) in a {w}x{h} recording",
                image.width,
                image.height,
                image.rgba.len()
            )));
        }
        self.current.clear();
        let mut last = ([0u8, 0, 0], nearest_in(&self.palette, [0, 0, 0]));
        let (palette, seen) = (&self.palette, &mut self.seen);
        self.current.extend(image.rgba.chunks_exact(4).map(|p| {
            let rgb = [p[0], p[1], p[2]];
            // Neighbouring pixels are mostly the same colour.
            if rgb != last.0 {
                last = (
                    rgb,
                    *seen.entry(rgb).or_insert_with(|| nearest_in(palette, rgb)),
                );
            }
            last.1
        }));
        let transparent = self.palette.len() as u8;
        let delay = self.clock.next_delay();
        let frame = if self.previous.is_empty() {
            gif::Frame {
                delay,
                width: self.width,
                height: self.height,
                buffer: Cow::Borrowed(&self.current),
                ..gif::Frame::default()
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
            gif::Frame {
                delay,
                left: x0 as u16,
                top: y0 as u16,
                width: (x1 - x0) as u16,
                height: (y1 - y0) as u16,
                transparent: Some(transparent),
                buffer: Cow::Borrowed(&self.patch),
                ..gif::Frame::default()
            }
        };
        self.encoder.write_frame(&frame)?;
        std::mem::swap(&mut self.previous, &mut self.current);
        self.frames += 1;
        Ok(())
    }

    /// Write the GIF's trailer and hand back the writer (not flushed).
    ///
    /// # Errors
    /// [`RecordError::Write`] if the trailer cannot be written.
    pub fn finish(self) -> Result<W, RecordError> {
        Ok(self.encoder.into_inner()?)
    }
}

/// The [`PALETTE`] index of `rgb`, or of the palette colour nearest to it
/// (least squared distance; the first on a tie).
pub fn nearest(rgb: [u8; 3]) -> u8 {
    nearest_in(&PALETTE, rgb)
}

/// The index in `palette` (at most 256 colours) of `rgb`, or of the colour
/// nearest to it (least squared distance; the first on a tie).
pub fn nearest_in(palette: &[[u8; 3]], rgb: [u8; 3]) -> u8 {
    let mut best = (u32::MAX, 0u8);
    for (k, entry) in palette.iter().enumerate() {
        let d: u32 = rgb
            .iter()
            .zip(entry)
            .map(|(&a, &b)| (i32::from(a) - i32::from(b)).unsigned_abs().pow(2))
            .sum();
        if d < best.0 {
            best = (d, k as u8);
        }
    }
    best.1
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
mod tests;
