//! Rendering with no window and no display server: an EGL device (a GPU, or
//! Mesa's software device, llvmpipe), a surfaceless context, a framebuffer
//! object, and the pixels read back.
//!
//! The set-up follows glutin's `egl_device` example: enumerate the EGL
//! devices, make a display on the first one that gives a usable context
//! (desktop OpenGL 3.3 core, else OpenGL ES 3.0, else OpenGL ES 2.0), make it
//! current with no surface, and draw into an RGBA8 colour renderbuffer with a
//! depth renderbuffer beside it, through the same [`Renderer`] the window
//! uses. Nothing here needs `DISPLAY` or `WAYLAND_DISPLAY`.
//!
//! Every failure is a [`RenderError::Headless`] whose text is one line naming
//! what is missing; libEGL that cannot be loaded at all is such an error too,
//! not a panic.

use std::ffi::{c_char, c_void, CStr};
use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};

use glow::HasContext;
use glutin::api::egl::context::PossiblyCurrentContext;
use glutin::api::egl::device::Device;
use glutin::api::egl::display::Display;
use glutin::config::{Api, ConfigSurfaceTypes, ConfigTemplateBuilder, GlConfig};
use glutin::context::{ContextApi, ContextAttributesBuilder, GlProfile, Version};
use glutin::display::{GetGlDisplay, GlDisplay};
use glutin::prelude::PossiblyCurrentGlContext;

use super::{Camera, Dialect, RenderError, Renderer};
use crate::sim::Simulation;

/// What to install when EGL or its software device is missing (Debian and
/// Ubuntu package names).
const INSTALL_HINT: &str =
    "install Mesa's EGL: apt-get install libegl1 libegl-mesa0 libgl1-mesa-dri";

/// An RGBA8 image, rows top to bottom; `Image::default()` is the empty
/// 0 x 0 image, for [`HeadlessContext::render_into`] to fill.
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

/// Draw `sim` seen by `camera` into a `width x height` image (pixels),
/// headless: sets up a [`HeadlessContext`], draws one frame and tears it
/// down. To draw many frames, keep a [`HeadlessContext`] instead.
///
/// # Errors
/// [`RenderError::Headless`] naming the step that failed (no libEGL, no EGL
/// device, no usable context, a size the GL cannot allocate), or the
/// [`Renderer`]'s own errors (shaders that do not compile).
pub fn render(
    sim: &Simulation,
    camera: &Camera,
    width: u32,
    height: u32,
) -> Result<Image, RenderError> {
    check_size(width, height)?;
    HeadlessContext::new()?.render(sim, camera, width, height)
}

/// One of the context kinds tried, in order of preference.
struct Attempt {
    /// For messages and the log, e.g. `"OpenGL 3.3 core"`.
    name: &'static str,
    /// What the EGL config must support.
    config_api: Api,
    /// What to ask EGL for.
    context_api: ContextApi,
    /// Desktop GL only: the profile.
    profile: Option<GlProfile>,
}

/// The environment variable that forces the headless path's context kind:
/// `gl33`, `gles3` or `gles2` (see [`GlApi::from_env`]).
pub const GL_ENV: &str = "CLOTH_DEMO_GL";

/// A context kind the headless path can be forced to, to check that the
/// GLES fallbacks draw what desktop GL 3.3 core draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GlApi {
    /// Desktop OpenGL 3.3 core profile (`gl33`).
    Gl33,
    /// OpenGL ES 3.0 (`gles3`).
    Gles3,
    /// OpenGL ES 2.0 (`gles2`).
    Gles2,
}

impl GlApi {
    /// The value of [`GL_ENV`] that names this kind.
    pub fn env_name(self) -> &'static str {
        match self {
            GlApi::Gl33 => "gl33",
            GlApi::Gles3 => "gles3",
            GlApi::Gles2 => "gles2",
        }
    }

    /// The kind [`GL_ENV`] forces: `None` when it is unset or empty (try
    /// them all, in order).
    ///
    /// # Errors
    /// [`RenderError::Headless`], one line, for any other value.
    pub fn from_env() -> Result<Option<Self>, RenderError> {
        let Some(value) = std::env::var_os(GL_ENV) else {
            return Ok(None);
        };
        let value = value.to_string_lossy();
        match value.trim().to_ascii_lowercase().as_str() {
            "" => Ok(None),
            "gl33" => Ok(Some(GlApi::Gl33)),
            "gles3" => Ok(Some(GlApi::Gles3)),
            "gles2" => Ok(Some(GlApi::Gles2)),
            _ => Err(headless(format!(
                "{GL_ENV}={} is not one of gl33, gles3, gles2",
                one_line(&value)
            ))),
        }
    }

    /// The shader dialect used when this kind is forced. Mesa answers a
    /// request for ES 2.0 with its newest ES (3.2), which would pick the ES
    /// 3.0 shaders; forcing `gles2` also forces the ES 2.0 shaders
    /// (`#version 100`, no vertex array object), which every ES accepts,
    /// so that path is the one drawn.
    pub fn dialect(self) -> Dialect {
        match self {
            GlApi::Gl33 => Dialect::Gl33,
            GlApi::Gles3 => Dialect::Gles3,
            GlApi::Gles2 => Dialect::Gles2,
        }
    }

    fn attempt(self) -> Attempt {
        let [gl33, gles3, gles2] = attempts();
        match self {
            GlApi::Gl33 => gl33,
            GlApi::Gles3 => gles3,
            GlApi::Gles2 => gles2,
        }
    }
}

/// Desktop GL 3.3 core first, then GLES 3.0, then GLES 2.0 (SPEC section 2).
fn attempts() -> [Attempt; 3] {
    [
        Attempt {
            name: "OpenGL 3.3 core",
            config_api: Api::OPENGL,
            context_api: ContextApi::OpenGl(Some(Version::new(3, 3))),
            profile: Some(GlProfile::Core),
        },
        Attempt {
            name: "OpenGL ES 3.0",
            config_api: Api::GLES3,
            context_api: ContextApi::Gles(Some(Version::new(3, 0))),
            profile: None,
        },
        Attempt {
            name: "OpenGL ES 2.0",
            config_api: Api::GLES2,
            context_api: ContextApi::Gles(Some(Version::new(2, 0))),
            profile: None,
        },
    ]
}

/// The framebuffer object drawn into and its two renderbuffers.
struct Target {
    fbo: glow::Framebuffer,
    colour: glow::Renderbuffer,
    depth: glow::Renderbuffer,
    width: u32,
    height: u32,
}

impl Target {
    /// Free the three GL objects.
    ///
    /// # Safety
    /// Their context must be current.
    unsafe fn delete(self, gl: &glow::Context) {
        gl.bind_framebuffer(glow::FRAMEBUFFER, None);
        gl.bind_renderbuffer(glow::RENDERBUFFER, None);
        gl.delete_framebuffer(self.fbo);
        gl.delete_renderbuffer(self.colour);
        gl.delete_renderbuffer(self.depth);
    }
}

/// A surfaceless EGL context with a [`Renderer`] and an offscreen
/// framebuffer, ready to draw any number of frames (for example for
/// benchmarks or recording a sequence).
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
    /// Made not current and destroyed last.
    context: Option<PossiblyCurrentContext>,
    /// Which device, e.g. `"llvmpipe (Mesa)"`.
    device: String,
    /// Which context kind, e.g. `"OpenGL 3.3 core"`.
    api: &'static str,
    /// `GL_VERSION` as the driver reports it.
    version: String,
    /// `GL_RENDERER` as the driver reports it.
    gl_renderer: String,
}

impl std::fmt::Debug for HeadlessContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HeadlessContext")
            .field("device", &self.device)
            .field("api", &self.api)
            .field("version", &self.version)
            .field("gl_renderer", &self.gl_renderer)
            .finish_non_exhaustive()
    }
}

impl HeadlessContext {
    /// Find an EGL device that works and set up drawing on it: the first
    /// device, in EGL's order, on which one of OpenGL 3.3 core, OpenGL ES
    /// 3.0 or OpenGL ES 2.0 (tried in that order) gives a context that is
    /// made current with no surface and compiles the shaders. Logs (`info`)
    /// the device, API and version chosen.
    ///
    /// [`GL_ENV`] (`CLOTH_DEMO_GL=gl33|gles3|gles2`) restricts the tries to
    /// that one kind, as [`HeadlessContext::with_api`] does.
    ///
    /// # Errors
    /// [`RenderError::Headless`], one line: a bad [`GL_ENV`] value, libEGL
    /// could not be loaded, EGL cannot enumerate devices, no device was
    /// found, or no device gave a usable context (with each device's
    /// reason).
    pub fn new() -> Result<Self, RenderError> {
        Self::with_api(GlApi::from_env()?)
    }

    /// As [`HeadlessContext::new`], trying only the context kind `api`
    /// (all three, in order, for `None`); [`GL_ENV`] is not read.
    ///
    /// # Errors
    /// As [`HeadlessContext::new`]; when no device offers `api`, the message
    /// names it and each device's reason.
    pub fn with_api(api: Option<GlApi>) -> Result<Self, RenderError> {
        // glutin and glow report failures as errors, but a few of their
        // paths assume well-behaved drivers and would panic on a broken one;
        // turn any such panic into an error rather than a crash.
        match catch_unwind(AssertUnwindSafe(|| Self::set_up(api))) {
            Ok(result) => result,
            Err(panic) => {
                let what = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "unknown failure".into());
                Err(headless(format!(
                    "EGL/OpenGL set-up failed: {}",
                    one_line(&what)
                )))
            }
        }
    }

    fn set_up(api: Option<GlApi>) -> Result<Self, RenderError> {
        let devices: Vec<Device> = match Device::query_devices() {
            Ok(d) => d.collect(),
            Err(e) if matches!(e.error_kind(), glutin::error::ErrorKind::NotFound) => {
                return Err(headless(format!(
                    "could not load libEGL.so.1 ({INSTALL_HINT})"
                )));
            }
            Err(e) => {
                return Err(headless(format!(
                    "EGL cannot list devices ({}): no EGL driver offers EGL_EXT_device_enumeration ({INSTALL_HINT})",
                    one_line(&e.to_string())
                )));
            }
        };
        if devices.is_empty() {
            return Err(headless(format!("no EGL device found ({INSTALL_HINT})")));
        }
        let mut reasons = String::new();
        for (k, device) in devices.iter().enumerate() {
            let name = describe_device(device, k);
            match Self::on_device(device, &name, api) {
                Ok(ctx) => return Ok(ctx),
                Err(why) => {
                    log::info!("EGL device {k} ({name}) unusable: {why}");
                    if !reasons.is_empty() {
                        reasons.push_str("; ");
                    }
                    let _ = write!(reasons, "device {k} ({name}): {why}");
                }
            }
        }
        let wanted = match api {
            None => "an OpenGL 3.3 core or OpenGL ES 3.0/2.0 context".to_string(),
            Some(api) => format!(
                "an {} context ({GL_ENV}={})",
                api.attempt().name,
                api.env_name()
            ),
        };
        Err(headless(format!("no EGL device gives {wanted}: {reasons}")))
    }

    /// Try each context kind on one device; the reason, one line, if none
    /// works.
    fn on_device(device: &Device, name: &str, api: Option<GlApi>) -> Result<Self, String> {
        // SAFETY: no native display handle is passed, so there is nothing
        // whose lifetime the display could outlive.
        let display = unsafe { Display::with_device(device, None) }
            .map_err(|e| format!("no EGL display: {}", one_line(&e.to_string())))?;
        let template = ConfigTemplateBuilder::new()
            .with_alpha_size(8)
            // We draw into our own framebuffer object: no EGL surface.
            .with_surface_type(ConfigSurfaceTypes::empty())
            .build();
        // SAFETY: the template names no native window.
        let configs: Vec<_> = unsafe { display.find_configs(template) }
            .map_err(|e| format!("no EGL config: {}", one_line(&e.to_string())))?
            .collect();
        let mut tried = Vec::new();
        let tries: Vec<Attempt> = match api {
            None => attempts().into(),
            Some(api) => vec![api.attempt()],
        };
        for attempt in tries {
            let dialect = api.map(GlApi::dialect);
            match Self::with_attempt(&display, &configs, &attempt, dialect) {
                Ok(mut ctx) => {
                    ctx.device = name.to_string();
                    log::info!(
                        "headless: EGL device {name}, {}, {}, GL_VERSION {}, GL_RENDERER {}, shaders {:?}",
                        display.version_string(),
                        ctx.api,
                        ctx.version,
                        ctx.gl_renderer,
                        ctx.dialect()
                    );
                    return Ok(ctx);
                }
                Err(why) => {
                    log::debug!("EGL device {name}: {} failed: {why}", attempt.name);
                    tried.push(format!("{}: {why}", attempt.name));
                }
            }
        }
        Err(tried.join(", "))
    }

    /// One context kind on one display; the shader dialect forced to
    /// `dialect`, or picked from the version the context reports.
    fn with_attempt(
        display: &Display,
        configs: &[glutin::api::egl::config::Config],
        attempt: &Attempt,
        dialect: Option<Dialect>,
    ) -> Result<Self, String> {
        let config = configs
            .iter()
            .find(|c| c.api().contains(attempt.config_api))
            .ok_or("no EGL config offers it")?;
        let mut attributes = ContextAttributesBuilder::new().with_context_api(attempt.context_api);
        if let Some(profile) = attempt.profile {
            attributes = attributes.with_profile(profile);
        }
        let attributes = attributes.build(None);
        // SAFETY: the config came from this display; no window is involved.
        let not_current = unsafe { display.create_context(config, &attributes) }
            .map_err(|e| format!("context not created: {}", one_line(&e.to_string())))?;
        let context = not_current
            .make_current_surfaceless()
            .map_err(|e| format!("not made current: {}", one_line(&e.to_string())))?;
        let mut ctx = HeadlessContext {
            renderer: None,
            target: None,
            context: Some(context),
            device: String::new(),
            api: attempt.name,
            version: String::new(),
            gl_renderer: String::new(),
        };
        // If anything below fails, `ctx`'s Drop releases the context.
        let loader = |name: &CStr| display.get_proc_address(name);
        // glow panics on a missing or malformed GL_VERSION; look first.
        // SAFETY: the context is current on this thread.
        let version =
            unsafe { gl_string(&loader, glow::VERSION) }.ok_or("GL_VERSION is not readable")?;
        // SAFETY: as above.
        let gl = unsafe { glow::Context::from_loader_function_cstr(loader) };
        // SAFETY: as above.
        ctx.gl_renderer = unsafe { gl.get_parameter_string(glow::RENDERER) };
        ctx.version = version;
        let renderer = match dialect {
            Some(dialect) => Renderer::with_dialect(gl, dialect),
            None => Renderer::new(gl),
        }
        .map_err(|e| one_line(&e.to_string()))?;
        ctx.renderer = Some(renderer);
        Ok(ctx)
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
        let context = self
            .context
            .as_ref()
            .ok_or_else(|| headless("the headless context is not set up".into()))?;
        context.make_current_surfaceless().map_err(|e| {
            headless(format!(
                "cannot make the EGL context current: {}",
                one_line(&e.to_string())
            ))
        })?;
        let display = context.display();
        // SAFETY: the context is current on this thread, and it reports a
        // version (checked when it was set up).
        let gl =
            unsafe { glow::Context::from_loader_function_cstr(|n| display.get_proc_address(n)) };
        // Dropped at once: its objects are freed while the context is
        // current.
        Renderer::with_sources(gl, dialect, vs, fs).map(drop)
    }

    /// The EGL device in use, e.g. `"llvmpipe (Mesa)"`, for logs and reports.
    pub fn device(&self) -> &str {
        &self.device
    }

    /// The context kind in use: `"OpenGL 3.3 core"`, `"OpenGL ES 3.0"` or
    /// `"OpenGL ES 2.0"`.
    pub fn api(&self) -> &'static str {
        self.api
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
        image.width = 0;
        image.height = 0;
        image.rgba.clear();
        check_size(width, height)?;
        let len = (width as usize)
            .checked_mul(height as usize)
            .and_then(|n| n.checked_mul(4))
            .ok_or_else(|| headless(format!("image size {width}x{height} is too large")))?;
        if let Some(ctx) = &self.context {
            ctx.make_current_surfaceless().map_err(|e| {
                headless(format!(
                    "cannot make the EGL context current: {}",
                    one_line(&e.to_string())
                ))
            })?;
        }
        self.ensure_target(width, height)?;
        image
            .rgba
            .try_reserve_exact(len)
            .map_err(|_| headless(format!("no memory for a {width}x{height} image")))?;
        image.rgba.resize(len, 0);

        let (renderer, target) = match (self.renderer.as_mut(), self.target.as_ref()) {
            (Some(r), Some(t)) => (r, t),
            _ => return Err(headless("the headless context is not set up".into())),
        };
        // SAFETY: the context is current (made so above); the framebuffer
        // belongs to it; the slice holds exactly width * height RGBA pixels
        // and PACK_ALIGNMENT 4 divides a row of RGBA8.
        let error = unsafe {
            renderer
                .gl()
                .bind_framebuffer(glow::FRAMEBUFFER, Some(target.fbo));
            renderer.draw(sim, camera, width, height);
            let gl = renderer.gl();
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
            gl.get_error()
        };
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

    /// Make (or keep) a framebuffer of exactly `width x height`.
    fn ensure_target(&mut self, width: u32, height: u32) -> Result<(), RenderError> {
        if matches!(&self.target, Some(t) if t.width == width && t.height == height) {
            return Ok(());
        }
        let renderer = self
            .renderer
            .as_ref()
            .ok_or_else(|| headless("the headless context is not set up".into()))?;
        if let Some(old) = self.target.take() {
            // SAFETY: the caller made the context current.
            unsafe { old.delete(renderer.gl()) };
        }
        // SAFETY: as above.
        self.target = Some(unsafe { make_target(renderer, width, height)? });
        Ok(())
    }
}

impl Drop for HeadlessContext {
    fn drop(&mut self) {
        let current = self
            .context
            .as_ref()
            .is_some_and(|c| c.make_current_surfaceless().is_ok());
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
        if let Some(context) = self.context.take() {
            // Destroyed at once rather than left pending on this thread.
            let _ = context.make_not_current_in_place();
            drop(context);
        }
    }
}

/// Build the framebuffer: an RGBA8 colour renderbuffer (RGBA4 only on an
/// OpenGL ES 2.0 without `GL_OES_rgb8_rgba8`) and a 24-bit depth
/// renderbuffer (16-bit on an ES 2.0 without `GL_OES_depth24`).
///
/// # Safety
/// The renderer's context must be current.
unsafe fn make_target(renderer: &Renderer, width: u32, height: u32) -> Result<Target, RenderError> {
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
    let ext = gl.supported_extensions();
    let (colour_format, depth_format) = match renderer.dialect() {
        Dialect::Gl33 | Dialect::Gles3 => (glow::RGBA8, glow::DEPTH_COMPONENT24),
        Dialect::Gles2 => (
            if ext.contains("GL_OES_rgb8_rgba8") {
                glow::RGBA8
            } else {
                log::warn!("OpenGL ES 2.0 without GL_OES_rgb8_rgba8: colours are 4 bits");
                glow::RGBA4
            },
            if ext.contains("GL_OES_depth24") {
                glow::DEPTH_COMPONENT24
            } else {
                glow::DEPTH_COMPONENT16
            },
        ),
    };
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

/// Zero-size images are refused before any GL work.
fn check_size(width: u32, height: u32) -> Result<(), RenderError> {
    if width == 0 || height == 0 {
        return Err(headless(format!(
            "image size {width}x{height} is empty; each side must be at least 1 pixel"
        )));
    }
    Ok(())
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

/// Read a `glGetString` value through the loader, before glow is built.
///
/// # Safety
/// A GL context must be current on this thread.
unsafe fn gl_string(loader: &impl Fn(&CStr) -> *const c_void, name: u32) -> Option<String> {
    let f = loader(c"glGetString");
    if f.is_null() {
        return None;
    }
    // SAFETY: glGetString's C signature; the pointer came from the loader.
    let get_string: unsafe extern "system" fn(u32) -> *const c_char = std::mem::transmute(f);
    let s = get_string(name);
    if s.is_null() {
        return None;
    }
    CStr::from_ptr(s).to_str().ok().map(str::to_owned)
}

/// A name for a device: its name and vendor where EGL gives them, else its
/// DRM node, else "software" for Mesa's software device, else its index.
fn describe_device(device: &Device, index: usize) -> String {
    match (device.name(), device.vendor()) {
        (Some(n), Some(v)) => format!("{n} ({v})"),
        (Some(n), None) | (None, Some(n)) => n.to_string(),
        (None, None) => {
            if let Some(path) = device.drm_render_device_node_path() {
                path.display().to_string()
            } else if let Some(path) = device.drm_device_node_path() {
                path.display().to_string()
            } else if device.extensions().contains("EGL_MESA_device_software") {
                "Mesa software device".into()
            } else {
                format!("device {index}")
            }
        }
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

/// Collapse any line breaks so an error stays one line.
fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
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
        let sim = Simulation::new();
        for (w, h) in [(0, 10), (10, 0), (0, 0)] {
            match render(&sim, &Camera::default(), w, h) {
                Err(RenderError::Headless(msg)) => {
                    assert!(msg.contains("empty"), "{msg}");
                    assert!(!msg.contains('\n'));
                }
                other => panic!("{w}x{h}: {other:?}"),
            }
        }
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

    #[test]
    fn one_line_joins_lines() {
        assert_eq!(one_line("a\n  b\r\nc "), "a b c");
    }
}
