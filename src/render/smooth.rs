//! Smooth edges: the scene drawn into a 4x multisampled framebuffer of
//! its own, then resolved onto the framebuffer the caller had bound (the
//! window's, the page's canvas, the headless picture's).
//!
//! The window and the page draw through the same path rather than asking
//! for a multisampled default framebuffer (glutin's config `samples`,
//! WebGL's `antialias`): those are fixed when the window or the context is
//! made, so a checkbox could not turn them on and off while running, and
//! the faithful default would depend on what the driver offers. Here the
//! setting takes effect on the next frame, in the window, on the page and
//! in `render`/`record` alike, and with it off nothing of this runs.
//!
//! The resolve goes in two blits: the multisampled colour into a
//! single-sampled RGBA8 renderbuffer (OpenGL ES 3 and WebGL 2 resolve only
//! between identical formats), then that onto the caller's framebuffer,
//! whatever its format (the page's has no alpha). OpenGL ES 2.0 has no
//! multisampled renderbuffers: there, and wherever the driver refuses,
//! the picture stays the faithful one and the log says so once.

use glow::HasContext;

/// Samples a pixel asked for (fewer where the driver's `MAX_SAMPLES` is
/// lower).
pub const SAMPLES: i32 = 4;

/// The multisampled framebuffer and the resolve target, made on first use
/// and grown to the largest area drawn.
#[derive(Debug, Default)]
pub(super) struct Multisample {
    objects: Option<Objects>,
    /// The driver refused (or the context cannot): draw without.
    refused: bool,
}

#[derive(Debug)]
struct Objects {
    width: i32,
    height: i32,
    fbo: glow::Framebuffer,
    colour: glow::Renderbuffer,
    depth: glow::Renderbuffer,
    resolve_fbo: glow::Framebuffer,
    resolve: glow::Renderbuffer,
}

impl Objects {
    fn delete(self, gl: &glow::Context) {
        // SAFETY: the objects were made on this context, current now.
        unsafe {
            gl.delete_framebuffer(self.fbo);
            gl.delete_framebuffer(self.resolve_fbo);
            gl.delete_renderbuffer(self.colour);
            gl.delete_renderbuffer(self.depth);
            gl.delete_renderbuffer(self.resolve);
        }
    }
}

impl Multisample {
    /// Bind the multisampled framebuffer, at least `width x height`, for
    /// drawing, and return the framebuffer that was bound (`None`, the
    /// default one, is a valid answer), to resolve onto with
    /// [`Multisample::end`]. `Err(())` when smooth edges are unavailable
    /// here (logged once): the caller draws as usual, and the framebuffer
    /// bound is still the caller's.
    pub(super) fn begin(
        &mut self,
        gl: &glow::Context,
        width: i32,
        height: i32,
    ) -> Result<Option<glow::Framebuffer>, ()> {
        if self.refused {
            return Err(());
        }
        // SAFETY: the context is current (the renderer's contract); every
        // object made is kept in `self.objects` or deleted.
        unsafe {
            // The page draws only onto its canvas, the default framebuffer
            // (glow's WebGL side cannot name that one when asked).
            #[cfg(target_arch = "wasm32")]
            let previous = None;
            #[cfg(not(target_arch = "wasm32"))]
            let previous = gl.get_parameter_framebuffer(glow::DRAW_FRAMEBUFFER_BINDING);
            let fits = self
                .objects
                .as_ref()
                .is_some_and(|o| o.width >= width && o.height >= height);
            if !fits {
                let (w, h) = self
                    .objects
                    .take()
                    .map(|o| {
                        let size = (o.width.max(width), o.height.max(height));
                        o.delete(gl);
                        size
                    })
                    .unwrap_or((width, height));
                match make(gl, w, h) {
                    Ok(o) => self.objects = Some(o),
                    Err(why) => {
                        log::warn!("smooth edges unavailable ({why}): drawing without");
                        self.refused = true;
                        gl.bind_framebuffer(glow::FRAMEBUFFER, previous);
                        return Err(());
                    }
                }
            }
            let o = self.objects.as_ref().ok_or(())?;
            gl.bind_framebuffer(glow::FRAMEBUFFER, Some(o.fbo));
            Ok(previous)
        }
    }

    /// Resolve rectangle `[x, y, width, height]` of what was drawn since
    /// [`Multisample::begin`] onto `previous`, and bind `previous` again.
    pub(super) fn end(
        &self,
        gl: &glow::Context,
        previous: Option<glow::Framebuffer>,
        rect: [i32; 4],
    ) {
        let Some(o) = &self.objects else {
            return;
        };
        let [x, y, w, h] = rect;
        // SAFETY: the context is current; the framebuffers are complete.
        unsafe {
            // The rectangle's colour, from `from` to `to`, pixel for pixel.
            let copy = |from, to| {
                gl.bind_framebuffer(glow::READ_FRAMEBUFFER, from);
                gl.bind_framebuffer(glow::DRAW_FRAMEBUFFER, to);
                gl.blit_framebuffer(
                    x,
                    y,
                    x + w,
                    y + h,
                    x,
                    y,
                    x + w,
                    y + h,
                    glow::COLOR_BUFFER_BIT,
                    glow::NEAREST,
                );
            };
            copy(Some(o.fbo), Some(o.resolve_fbo));
            copy(Some(o.resolve_fbo), previous);
            gl.bind_framebuffer(glow::FRAMEBUFFER, previous);
        }
    }

    /// Free the objects (the renderer's `Drop`, its context current).
    pub(super) fn delete(&mut self, gl: &glow::Context) {
        if let Some(o) = self.objects.take() {
            o.delete(gl);
        }
    }
}

/// Make the framebuffers, `width x height`: the multisampled one (RGBA8
/// and 24-bit depth) and the single-sampled RGBA8 one it resolves into.
fn make(gl: &glow::Context, width: i32, height: i32) -> Result<Objects, String> {
    // SAFETY: the context is current (the renderer's contract); the
    // objects of an incomplete framebuffer are deleted (a creation the
    // driver refuses part way leaves the few made before it, once).
    unsafe { make_unchecked(gl, width, height) }
}

/// [`make`]'s GL calls.
///
/// # Safety
/// `gl`'s context must be current.
unsafe fn make_unchecked(gl: &glow::Context, width: i32, height: i32) -> Result<Objects, String> {
    let max = gl.get_parameter_i32(glow::MAX_SAMPLES);
    let samples = SAMPLES.min(max);
    if samples < 2 {
        return Err(format!("the driver's MAX_SAMPLES is {max}"));
    }
    let renderbuffer = |samples: i32, format: u32| -> Result<glow::Renderbuffer, String> {
        let rb = gl.create_renderbuffer()?;
        gl.bind_renderbuffer(glow::RENDERBUFFER, Some(rb));
        gl.renderbuffer_storage_multisample(glow::RENDERBUFFER, samples, format, width, height);
        Ok(rb)
    };
    let colour = renderbuffer(samples, glow::RGBA8)?;
    let depth = renderbuffer(samples, glow::DEPTH_COMPONENT24)?;
    let resolve = renderbuffer(0, glow::RGBA8)?;
    gl.bind_renderbuffer(glow::RENDERBUFFER, None);
    let fbo = gl.create_framebuffer()?;
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
    let multisampled = gl.check_framebuffer_status(glow::FRAMEBUFFER);
    let resolve_fbo = gl.create_framebuffer()?;
    gl.bind_framebuffer(glow::FRAMEBUFFER, Some(resolve_fbo));
    gl.framebuffer_renderbuffer(
        glow::FRAMEBUFFER,
        glow::COLOR_ATTACHMENT0,
        glow::RENDERBUFFER,
        Some(resolve),
    );
    let single = gl.check_framebuffer_status(glow::FRAMEBUFFER);
    let objects = Objects {
        width,
        height,
        fbo,
        colour,
        depth,
        resolve_fbo,
        resolve,
    };
    if multisampled != glow::FRAMEBUFFER_COMPLETE || single != glow::FRAMEBUFFER_COMPLETE {
        objects.delete(gl);
        return Err(format!(
            "framebuffer status {multisampled:#06x}, {single:#06x} at {width}x{height}, {samples} samples"
        ));
    }
    log::info!("smooth edges: {samples} samples a pixel, {width}x{height}");
    Ok(objects)
}
