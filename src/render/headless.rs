//! Rendering with no window: a GL context made for the purpose (module
//! `render::context`: an EGL device on Linux, needing no display server;
//! GLX where EGL is missing; WGL on a hidden window on Windows; CGL on
//! macOS), a framebuffer object, and the pixels read back (module
//! `render::offscreen`), through the same [`Renderer`] the window uses.
//!
//! Every failure is a [`RenderError::Headless`] whose text is one line
//! naming what is missing on that platform; a GL library that cannot be
//! loaded at all is such an error too, not a panic.

pub use super::context::{ContextKind, ContextRequest, GlApi};
pub use super::offscreen::Image;

use super::context::{self, Current};
use super::offscreen::{check_size, Target};
use super::{Camera, Dialect, RenderError, Renderer};
use crate::sim::Simulation;

/// Draw `sim` seen by `camera` into a `width x height` image (pixels),
/// headless: sets up a [`HeadlessContext`] as `request` asks, draws one
/// frame and tears it down. To draw many frames, keep a
/// [`HeadlessContext`] instead.
///
/// # Errors
/// [`RenderError::Headless`] naming the step that failed (an empty size, no
/// GL library, no device or display, no usable context, a size the GL
/// cannot allocate), or the [`Renderer`]'s own errors (shaders that do not
/// compile).
pub fn render(
    request: ContextRequest,
    sim: &Simulation,
    camera: &Camera,
    width: u32,
    height: u32,
) -> Result<Image, RenderError> {
    check_size(width, height)?;
    HeadlessContext::new(request)?.render(sim, camera, width, height)
}

/// A headless GL context with a [`Renderer`] and an offscreen framebuffer,
/// ready to draw any number of frames (for example for benchmarks or
/// recording a sequence).
///
/// The framebuffer is made on the first [`HeadlessContext::render`] and
/// remade only when the size changes. Dropping it frees every GL object, then
/// the renderer, then the context. It is neither `Send` nor `Sync`: the
/// context is current on the thread that made it.
pub struct HeadlessContext {
    /// Dropped (in `Drop`) before the context.
    renderer: Option<Renderer>,
    /// Freed (in `Drop`) before the renderer.
    target: Option<Target>,
    /// Released and destroyed last.
    context: Option<Box<dyn Current>>,
    /// How the context was made.
    kind: ContextKind,
    /// Which device or display, e.g. `"EGL device 0 (llvmpipe (Mesa))"`.
    device: String,
    /// Which context kind.
    api: GlApi,
    /// `GL_VERSION` as the driver reports it.
    version: String,
    /// `GL_RENDERER` as the driver reports it.
    gl_renderer: String,
}

impl std::fmt::Debug for HeadlessContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HeadlessContext")
            .field("kind", &self.kind)
            .field("device", &self.device)
            .field("api", &self.api)
            .field("version", &self.version)
            .field("gl_renderer", &self.gl_renderer)
            .finish_non_exhaustive()
    }
}

impl HeadlessContext {
    /// Set up drawing as `request` asks: made by its [`ContextKind`], or
    /// by the first way that works on this platform
    /// ([`ContextKind::AVAILABLE`], in order: on Linux an EGL device, then
    /// GLX if Xlib names a default display); of its [`GlApi`], or of the
    /// first of OpenGL 3.3 core, OpenGL ES 3.0 or OpenGL ES 2.0 (tried in
    /// that order) that is made current and compiles the shaders. A forced
    /// [`GlApi`] also forces its shader dialect ([`GlApi::dialect`]). Logs
    /// (`info`) the device, API and version chosen. Reads no environment
    /// variable.
    ///
    /// # Errors
    /// [`RenderError::Headless`], one line: a [`ContextKind`] this platform
    /// lacks (naming the kinds it has), a GL library that could not be
    /// loaded (with what to install), no device or display, or none that
    /// gave a usable context (with each one's reason; naming the
    /// [`GlApi`] when one was asked for).
    pub fn new(request: ContextRequest) -> Result<Self, RenderError> {
        let made = context::make(request)?;
        Ok(HeadlessContext {
            renderer: Some(made.renderer),
            target: None,
            context: Some(made.context),
            kind: made.kind,
            device: made.device,
            api: made.api,
            version: made.version,
            gl_renderer: made.gl_renderer,
        })
    }

    /// Build a second [`Renderer`] on this context from `vs` and `fs` (see
    /// [`Renderer::with_sources`]) and drop it again: a test hook, to see
    /// what this context's driver says about shaders it may not accept
    /// (another dialect's, or broken ones). The context's own renderer is
    /// untouched and still draws afterwards.
    ///
    /// # Errors
    /// [`RenderError::Compile`] or [`RenderError::Link`] with the driver's
    /// log, [`RenderError::Create`], or [`RenderError::Headless`] if the
    /// context cannot be made current.
    pub fn try_shaders(&self, dialect: Dialect, vs: &str, fs: &str) -> Result<(), RenderError> {
        let context = self.current()?;
        // SAFETY: the context is current on this thread, and it reports a
        // version (checked when it was set up).
        let gl =
            unsafe { glow::Context::from_loader_function_cstr(|n| context.get_proc_address(n)) };
        // Dropped at once: its objects are freed while the context is
        // current.
        Renderer::with_sources(gl, dialect, vs, fs).map(drop)
    }

    /// How the context was made.
    pub fn kind(&self) -> ContextKind {
        self.kind
    }

    /// The device or display in use, e.g. `"EGL device 0 (llvmpipe
    /// (Mesa))"`, `"GLX on :0"`, `"WGL on a hidden window"`, `"CGL"`, for
    /// logs and reports.
    pub fn device(&self) -> &str {
        &self.device
    }

    /// The context kind in use: `"OpenGL 3.3 core"`, `"OpenGL ES 3.0"` or
    /// `"OpenGL ES 2.0"`.
    pub fn api(&self) -> &'static str {
        self.api.name()
    }

    /// `GL_VERSION` and `GL_RENDERER` as the driver reports them.
    pub fn gl_version(&self) -> (&str, &str) {
        (&self.version, &self.gl_renderer)
    }

    /// The shader dialect the renderer uses.
    pub fn dialect(&self) -> Dialect {
        self.renderer
            .as_ref()
            .map_or(Dialect::Gles2, |r| r.dialect())
    }

    /// Draw the next pictures shaded or flat (see [`Renderer::set_shade`];
    /// flat until set).
    pub fn set_shade(&mut self, shade: bool) {
        if let Some(r) = self.renderer.as_mut() {
            r.set_shade(shade);
        }
    }

    /// Draw the next pictures in the springs view or not (see
    /// [`Renderer::set_springs`]; not until set).
    pub fn set_springs(&mut self, springs: bool) {
        if let Some(r) = self.renderer.as_mut() {
            r.set_springs(springs);
        }
    }

    /// Draw the next pictures with smooth edges or not (see
    /// [`Renderer::set_smooth`]; not until set).
    pub fn set_smooth(&mut self, smooth: bool) {
        if let Some(r) = self.renderer.as_mut() {
            r.set_smooth(smooth);
        }
    }

    /// Draw `sim` seen by `camera` into a new `width x height` image
    /// (pixels, each side at least 1), rows top to bottom.
    ///
    /// # Errors
    /// [`RenderError::Headless`] for an empty size, a size beyond the GL's
    /// `GL_MAX_RENDERBUFFER_SIZE` or `GL_MAX_VIEWPORT_DIMS`, a framebuffer
    /// the GL cannot allocate or complete, memory for the pixels that cannot
    /// be had, or a GL error while drawing.
    pub fn render(
        &mut self,
        sim: &Simulation,
        camera: &Camera,
        width: u32,
        height: u32,
    ) -> Result<Image, RenderError> {
        let mut image = Image::default();
        self.render_into(sim, camera, width, height, &mut image)?;
        Ok(image)
    }

    /// As [`HeadlessContext::render`], reusing `image`'s allocation (for
    /// drawing many frames). On error `image` is left empty (0 x 0).
    ///
    /// # Errors
    /// As [`HeadlessContext::render`].
    pub fn render_into(
        &mut self,
        sim: &Simulation,
        camera: &Camera,
        width: u32,
        height: u32,
        image: &mut Image,
    ) -> Result<(), RenderError> {
        self.render_with(width, height, image, |renderer, width, height| {
            renderer.draw(sim, camera, width, height);
        })
    }

    /// As [`HeadlessContext::render_into`], the picture drawn by `draw`
    /// instead of one call of [`Renderer::draw`]: `draw` is given the
    /// renderer (shading and the springs view as set) and the image's
    /// width and height, with the context current and the offscreen
    /// framebuffer bound, and may draw anything on the renderer's context
    /// (compare mode's two halves through [`Renderer::draw_in`], labels
    /// painted over them with another painter on
    /// [`Renderer::gl_shared`]); then the pixels are read back.
    ///
    /// # Errors
    /// As [`HeadlessContext::render`].
    pub fn render_with(
        &mut self,
        width: u32,
        height: u32,
        image: &mut Image,
        draw: impl FnOnce(&mut Renderer, u32, u32),
    ) -> Result<(), RenderError> {
        image.width = 0;
        image.height = 0;
        image.rgba.clear();
        check_size(width, height)?;
        super::offscreen::image_len(width, height)?;
        self.current()?;
        self.ensure_target(width, height)?;
        match (self.renderer.as_mut(), self.target.as_ref()) {
            // SAFETY: the context is current (made so above) and the
            // framebuffer was made on it.
            (Some(renderer), Some(target)) => unsafe { target.draw_with(renderer, image, draw) },
            _ => Err(not_set_up()),
        }
    }

    /// Run `f` on the renderer with the context current: to set up or
    /// free another painter's GL objects on this context (they must be
    /// freed before the context is dropped).
    ///
    /// # Errors
    /// [`RenderError::Headless`] if the context cannot be made current.
    pub fn with_renderer<R>(
        &mut self,
        f: impl FnOnce(&mut Renderer) -> R,
    ) -> Result<R, RenderError> {
        self.current()?;
        let renderer = self.renderer.as_mut().ok_or_else(not_set_up)?;
        Ok(f(renderer))
    }

    /// The context, made current on this thread.
    fn current(&self) -> Result<&dyn Current, RenderError> {
        let context = self.context.as_deref().ok_or_else(not_set_up)?;
        context.make_current().map_err(RenderError::Headless)?;
        Ok(context)
    }

    /// Make (or keep) a framebuffer of exactly `width x height`.
    fn ensure_target(&mut self, width: u32, height: u32) -> Result<(), RenderError> {
        if matches!(&self.target, Some(t) if t.is_size(width, height)) {
            return Ok(());
        }
        let renderer = self.renderer.as_ref().ok_or_else(not_set_up)?;
        if let Some(old) = self.target.take() {
            // SAFETY: the caller (`render_into`) made the context current,
            // and the old framebuffer was made on it.
            unsafe { old.delete(renderer.gl()) };
        }
        // SAFETY: the caller made the renderer's context current.
        self.target = Some(unsafe { Target::new(renderer, width, height)? });
        Ok(())
    }
}

impl Drop for HeadlessContext {
    fn drop(&mut self) {
        let current = self
            .context
            .as_ref()
            .is_some_and(|c| c.make_current().is_ok());
        if let Some(renderer) = self.renderer.take() {
            if current {
                if let Some(target) = self.target.take() {
                    // SAFETY: the context was made current just above.
                    unsafe { target.delete(renderer.gl()) };
                }
            }
            // Frees the program, buffer and vertex array while the context
            // is still current.
            drop(renderer);
        }
        // Released and destroyed by its own Drop.
        drop(self.context.take());
    }
}

fn not_set_up() -> RenderError {
    RenderError::Headless("the headless context is not set up".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_size_is_an_error_before_any_gl() {
        let sim = Simulation::new();
        for (w, h) in [(0, 10), (10, 0), (0, 0)] {
            match render(ContextRequest::default(), &sim, &Camera::default(), w, h) {
                Err(RenderError::Headless(msg)) => {
                    assert!(msg.contains("empty"), "{msg}");
                    assert!(!msg.contains('\n'));
                }
                other => panic!("{w}x{h}: {other:?}"),
            }
        }
    }
}
