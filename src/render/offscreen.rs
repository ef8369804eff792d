//! Drawing into a framebuffer object and reading the pixels back, on any
//! current GL context: the part of headless rendering that does not care
//! how the context was made (an EGL device, GLX, WGL on a hidden window,
//! CGL; see `render::context`).
//!
//! The framebuffer is an RGBA8 colour renderbuffer with a 24-bit depth
//! renderbuffer beside it (smaller formats only on an OpenGL ES 2.0 that
//! lacks the extensions for these), sized to the image; the pixels are read
//! back with `glReadPixels` and turned top-down. Every failure is a
//! [`RenderError::Headless`] whose text is one line.

use glow::HasContext;

use super::{Dialect, RenderError, Renderer};

/// An RGBA8 image, rows top to bottom; `Image::default()` is the empty
/// 0 x 0 image, for [`HeadlessContext::render_into`] to fill.
///
/// [`HeadlessContext::render_into`]: super::headless::HeadlessContext::render_into
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Image {
    /// Width, pixels.
    pub width: u32,
    /// Height, pixels.
    pub height: u32,
    /// `width * height * 4` bytes, RGBA, row 0 at the top.
    pub rgba: Vec<u8>,
}

impl Image {
    /// The RGBA bytes of the pixel `x` from the left, `y` from the top, or
    /// `None` outside the image.
    pub fn pixel(&self, x: u32, y: u32) -> Option<[u8; 4]> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let k = (y as usize * self.width as usize + x as usize) * 4;
        let p = self.rgba.get(k..k + 4)?;
        Some([p[0], p[1], p[2], p[3]])
    }
}

/// The framebuffer object drawn into and its two renderbuffers.
pub(super) struct Target {
    fbo: glow::Framebuffer,
    colour: glow::Renderbuffer,
    depth: glow::Renderbuffer,
    width: u32,
    height: u32,
}

impl Target {
    /// Whether this framebuffer is `width x height` pixels.
    pub(super) fn is_size(&self, width: u32, height: u32) -> bool {
        self.width == width && self.height == height
    }

    /// Build the framebuffer: an RGBA8 colour renderbuffer (RGBA4 only on an
    /// OpenGL ES 2.0 without `GL_OES_rgb8_rgba8`) and a 24-bit depth
    /// renderbuffer (16-bit on an ES 2.0 without `GL_OES_depth24`).
    ///
    /// # Errors
    /// [`RenderError::Headless`]: a side beyond `GL_MAX_RENDERBUFFER_SIZE`
    /// or `GL_MAX_VIEWPORT_DIMS`, storage the GL cannot allocate, or a
    /// framebuffer that is not complete.
    ///
    /// # Safety
    /// The renderer's context must be current.
    pub(super) unsafe fn new(
        renderer: &Renderer,
        width: u32,
        height: u32,
    ) -> Result<Target, RenderError> {
        let gl = renderer.gl();
        let max_rb = gl.get_parameter_i32(glow::MAX_RENDERBUFFER_SIZE);
        let mut max_vp = [0i32; 2];
        gl.get_parameter_i32_slice(glow::MAX_VIEWPORT_DIMS, &mut max_vp);
        let fits = |side: u32, max: i32| i64::from(side) <= i64::from(max);
        if !fits(width, max_rb) || !fits(height, max_rb) {
            return Err(headless(format!(
                "image size {width}x{height} is larger than this GL's largest renderbuffer ({max_rb}x{max_rb})"
            )));
        }
        if !fits(width, max_vp[0]) || !fits(height, max_vp[1]) {
            return Err(headless(format!(
                "image size {width}x{height} is larger than this GL's largest viewport ({}x{})",
                max_vp[0], max_vp[1]
            )));
        }
        let (colour_format, depth_format) = formats(gl, renderer.dialect());
        // Clear stale errors so the checks below see only ours.
        while gl.get_error() != glow::NO_ERROR {}

        let fbo = gl
            .create_framebuffer()
            .map_err(|e| headless(format!("cannot create a framebuffer: {e}")))?;
        let colour = match gl.create_renderbuffer() {
            Ok(rb) => rb,
            Err(e) => {
                gl.delete_framebuffer(fbo);
                return Err(headless(format!("cannot create a renderbuffer: {e}")));
            }
        };
        let depth = match gl.create_renderbuffer() {
            Ok(rb) => rb,
            Err(e) => {
                gl.delete_renderbuffer(colour);
                gl.delete_framebuffer(fbo);
                return Err(headless(format!("cannot create a renderbuffer: {e}")));
            }
        };
        let target = Target {
            fbo,
            colour,
            depth,
            width,
            height,
        };
        let (w, h) = (width as i32, height as i32);
        gl.bind_renderbuffer(glow::RENDERBUFFER, Some(colour));
        gl.renderbuffer_storage(glow::RENDERBUFFER, colour_format, w, h);
        let colour_error = gl.get_error();
        gl.bind_renderbuffer(glow::RENDERBUFFER, Some(depth));
        gl.renderbuffer_storage(glow::RENDERBUFFER, depth_format, w, h);
        let depth_error = gl.get_error();
        if colour_error != glow::NO_ERROR || depth_error != glow::NO_ERROR {
            target.delete(gl);
            let error = if colour_error != glow::NO_ERROR {
                colour_error
            } else {
                depth_error
            };
            return Err(headless(format!(
                "the GL cannot allocate a {width}x{height} framebuffer ({})",
                gl_error_name(error)
            )));
        }
        gl.bind_framebuffer(glow::FRAMEBUFFER, Some(fbo));
        gl.framebuffer_renderbuffer(
            glow::FRAMEBUFFER,
            glow::COLOR_ATTACHMENT0,
            glow::RENDERBUFFER,
            Some(colour),
        );
        gl.framebuffer_renderbuffer(
            glow::FRAMEBUFFER,
            glow::DEPTH_ATTACHMENT,
            glow::RENDERBUFFER,
            Some(depth),
        );
        let status = gl.check_framebuffer_status(glow::FRAMEBUFFER);
        if status != glow::FRAMEBUFFER_COMPLETE {
            target.delete(gl);
            return Err(headless(format!(
                "the {width}x{height} framebuffer is not complete (status {status:#06x})"
            )));
        }
        log::debug!(
            "headless framebuffer {width}x{height}, colour {colour_format:#06x}, depth {depth_format:#06x}"
        );
        Ok(target)
    }

    /// Free the three GL objects.
    ///
    /// # Safety
    /// Their context must be current.
    pub(super) unsafe fn delete(self, gl: &glow::Context) {
        gl.bind_framebuffer(glow::FRAMEBUFFER, None);
        gl.bind_renderbuffer(glow::RENDERBUFFER, None);
        gl.delete_framebuffer(self.fbo);
        gl.delete_renderbuffer(self.colour);
        gl.delete_renderbuffer(self.depth);
    }

    /// Draw with `draw`, given the renderer and the target's width and
    /// height with this framebuffer bound, and read the picture back into
    /// `image` (resized to the target's size, rows top to bottom). On
    /// error `image` is left empty.
    ///
    /// # Errors
    /// [`RenderError::Headless`]: no memory for the pixels, or a GL error
    /// while drawing or reading.
    ///
    /// # Safety
    /// The renderer's context must be current, and this target made on it.
    pub(super) unsafe fn draw_with(
        &self,
        renderer: &mut Renderer,
        image: &mut Image,
        draw: impl FnOnce(&mut Renderer, u32, u32),
    ) -> Result<(), RenderError> {
        let (width, height) = (self.width, self.height);
        image.width = 0;
        image.height = 0;
        image.rgba.clear();
        let len = image_len(width, height)?;
        image
            .rgba
            .try_reserve_exact(len)
            .map_err(|_| headless(format!("no memory for a {width}x{height} image")))?;
        image.rgba.resize(len, 0);
        renderer
            .gl()
            .bind_framebuffer(glow::FRAMEBUFFER, Some(self.fbo));
        draw(renderer, width, height);
        // What `draw` did may have unbound it (an overlay's painter).
        renderer
            .gl()
            .bind_framebuffer(glow::FRAMEBUFFER, Some(self.fbo));
        let gl = renderer.gl();
        // PACK_ALIGNMENT 4 divides a row of RGBA8; the slice holds exactly
        // width * height pixels.
        gl.pixel_store_i32(glow::PACK_ALIGNMENT, 4);
        gl.finish();
        gl.read_pixels(
            0,
            0,
            width as i32,
            height as i32,
            glow::RGBA,
            glow::UNSIGNED_BYTE,
            glow::PixelPackData::Slice(Some(&mut image.rgba)),
        );
        let error = gl.get_error();
        if error != glow::NO_ERROR {
            image.rgba.clear();
            return Err(headless(format!(
                "OpenGL error {error:#06x} while drawing {width}x{height}"
            )));
        }
        flip_rows(&mut image.rgba, width as usize * 4);
        image.width = width;
        image.height = height;
        Ok(())
    }
}

/// The colour and depth renderbuffer formats for `dialect` on `gl`.
///
/// # Safety
/// `gl`'s context must be current.
unsafe fn formats(gl: &glow::Context, dialect: Dialect) -> (u32, u32) {
    match dialect {
        Dialect::Gl33 | Dialect::Gles3 => (glow::RGBA8, glow::DEPTH_COMPONENT24),
        Dialect::Gles2 => {
            let ext = gl.supported_extensions();
            let colour = if ext.contains("GL_OES_rgb8_rgba8") {
                glow::RGBA8
            } else {
                log::warn!("OpenGL ES 2.0 without GL_OES_rgb8_rgba8: colours are 4 bits");
                glow::RGBA4
            };
            let depth = if ext.contains("GL_OES_depth24") {
                glow::DEPTH_COMPONENT24
            } else {
                glow::DEPTH_COMPONENT16
            };
            (colour, depth)
        }
    }
}

/// Zero-size images are refused before any GL work.
///
/// # Errors
/// [`RenderError::Headless`] naming the size when a side is 0.
pub(super) fn check_size(width: u32, height: u32) -> Result<(), RenderError> {
    if width == 0 || height == 0 {
        return Err(headless(format!(
            "image size {width}x{height} is empty; each side must be at least 1 pixel"
        )));
    }
    Ok(())
}

/// The byte length of a `width x height` RGBA8 image.
///
/// # Errors
/// [`RenderError::Headless`] when it does not fit a `usize`.
pub(super) fn image_len(width: u32, height: u32) -> Result<usize, RenderError> {
    (width as usize)
        .checked_mul(height as usize)
        .and_then(|n| n.checked_mul(4))
        .ok_or_else(|| headless(format!("image size {width}x{height} is too large")))
}

/// Reverse the order of the rows of `rgba` (each `row_bytes` long), turning
/// GL's bottom-up read-back into top-down.
fn flip_rows(rgba: &mut [u8], row_bytes: usize) {
    if row_bytes == 0 {
        return;
    }
    let rows = rgba.len() / row_bytes;
    for y in 0..rows / 2 {
        let (top, rest) = rgba.split_at_mut((rows - 1 - y) * row_bytes);
        top[y * row_bytes..(y + 1) * row_bytes].swap_with_slice(&mut rest[..row_bytes]);
    }
}

/// The GL error enum's name, for messages.
fn gl_error_name(error: u32) -> String {
    match error {
        glow::OUT_OF_MEMORY => "GL_OUT_OF_MEMORY".into(),
        glow::INVALID_VALUE => "GL_INVALID_VALUE".into(),
        glow::INVALID_ENUM => "GL_INVALID_ENUM".into(),
        glow::INVALID_OPERATION => "GL_INVALID_OPERATION".into(),
        e => format!("GL error {e:#06x}"),
    }
}

fn headless(msg: String) -> RenderError {
    RenderError::Headless(msg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flip_rows_reverses_rows() {
        // Three rows of two one-byte "pixels".
        let mut v = vec![1, 2, 3, 4, 5, 6];
        flip_rows(&mut v, 2);
        assert_eq!(v, [5, 6, 3, 4, 1, 2]);
        let mut v = vec![1, 2, 3, 4];
        flip_rows(&mut v, 2);
        assert_eq!(v, [3, 4, 1, 2]);
    }

    #[test]
    fn zero_size_is_an_error_before_any_gl() {
        for (w, h) in [(0, 10), (10, 0), (0, 0)] {
            match check_size(w, h) {
                Err(RenderError::Headless(msg)) => {
                    assert!(msg.contains("empty"), "{msg}");
                    assert!(!msg.contains('\n'));
                }
                other => panic!("{w}x{h}: {other:?}"),
            }
        }
        assert!(check_size(1, 1).is_ok());
    }

    #[test]
    fn image_len_is_four_bytes_a_pixel() {
        assert_eq!(image_len(792, 573).unwrap(), 792 * 573 * 4);
        assert_eq!(image_len(1, 1).unwrap(), 4);
    }

    #[test]
    fn pixel_reads_top_left_origin() {
        let image = Image {
            width: 2,
            height: 2,
            rgba: (0..16).collect(),
        };
        assert_eq!(image.pixel(0, 0), Some([0, 1, 2, 3]));
        assert_eq!(image.pixel(1, 1), Some([12, 13, 14, 15]));
        assert_eq!(image.pixel(2, 0), None);
        assert_eq!(image.pixel(0, 2), None);
    }
}
