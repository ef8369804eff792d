//! The window and its GL: window, config, context, surface and renderer,
//! made together and torn down in a fixed order.

// FFI into GL through glutin and a raw function pointer: each unsafe
// block says why it is sound.
#![allow(unsafe_code)]

use std::ffi::CStr;
use std::num::NonZeroU32;
use std::panic::{self, AssertUnwindSafe};

use glutin::config::{Config, ConfigTemplateBuilder};
use glutin::context::{
    ContextApi, ContextAttributesBuilder, GlProfile, NotCurrentGlContext, PossiblyCurrentContext,
    Version,
};
use glutin::display::{GetGlDisplay, GlDisplay};
use glutin::prelude::PossiblyCurrentGlContext;
use glutin::surface::{GlSurface, Surface, SurfaceAttributesBuilder, SwapInterval, WindowSurface};
use glutin_winit::DisplayBuilder;
#[cfg(free_unix)]
use raw_window_handle::HasDisplayHandle;
use raw_window_handle::{HasWindowHandle, RawWindowHandle};
use winit::dpi::LogicalSize;
use winit::event_loop::ActiveEventLoop;
use winit::window::{Fullscreen, Window};

use super::gl_config::{config_rank, describe_config};
use super::panel::Panel;
use super::Options;
use crate::app::{drawable_size, INNER_SIZE};
use crate::render::Renderer;

/// The Wayland app_id and the X11 class (and instance) name of the window.
#[cfg(free_unix)]
const APP_ID: &str = "cloth-demo";

/// Depth buffer bits asked for, at least (the original asked for 16).
const MIN_DEPTH_BITS: u8 = 16;

/// The window with everything drawn into it.
///
/// Field order is drop order, and it matters: the panel's and the
/// renderer's GL objects go first, while the context is still current; then the context (made not
/// current, then destroyed); then the surface it drew to; then the window
/// under the surface.
pub(super) struct Gfx {
    pub panel: Panel,
    pub renderer: Renderer,
    pub context: CurrentContext,
    pub surface: Surface<WindowSurface>,
    pub window: Window,
}

/// The one GL context, current on this thread from creation until it is
/// dropped; on drop it is released before being destroyed.
pub(super) struct CurrentContext(pub PossiblyCurrentContext);

impl Drop for CurrentContext {
    fn drop(&mut self) {
        match self.0.make_not_current_in_place() {
            Ok(()) => log::debug!("GL context released"),
            Err(e) => log::warn!("could not release the GL context: {e}"),
        }
    }
}

/// Marker payload for the one case the config picker cannot return a config.
struct NoConfig;

impl Gfx {
    /// Open the window titled `title` and set up GL in it: a double-buffered config with a
    /// depth buffer of at least 16 bits (the best one offered), a context
    /// (desktop GL 3.3 core, else GLES 3.0, else GLES 2.0), the window
    /// surface, the swap interval for `options`, the renderer, and the
    /// panel (hidden).
    ///
    /// # Errors
    /// One line saying what failed: the window, the config, the context,
    /// the surface or the renderer.
    pub fn open(
        event_loop: &ActiveEventLoop,
        options: &Options,
        title: &str,
    ) -> Result<Gfx, String> {
        let mut attributes = Window::default_attributes()
            .with_title(title)
            .with_inner_size(LogicalSize::new(INNER_SIZE.0, INNER_SIZE.1));
        // The name compositors and window managers match the window by:
        // the Wayland app_id and the X11 WM_CLASS.
        #[cfg(free_unix)]
        {
            use winit::platform::{
                wayland::WindowAttributesExtWayland, x11::WindowAttributesExtX11,
            };
            attributes = WindowAttributesExtWayland::with_name(attributes, APP_ID, APP_ID);
            attributes = WindowAttributesExtX11::with_name(attributes, APP_ID, APP_ID);
        }
        if options.fullscreen {
            // `None`: the monitor the window is on.
            attributes = attributes.with_fullscreen(Some(Fullscreen::Borderless(None)));
        }
        let template = ConfigTemplateBuilder::new()
            .with_alpha_size(0)
            .with_depth_size(MIN_DEPTH_BITS)
            .with_single_buffering(false);
        let builder = DisplayBuilder::new().with_window_attributes(Some(attributes));

        // The picker must return a config; when the display offers none it
        // unwinds with `NoConfig`, caught here (with the panic message
        // silenced) and turned into an error.
        let hook = panic::take_hook();
        panic::set_hook(Box::new(|_| {}));
        let built = panic::catch_unwind(AssertUnwindSafe(|| {
            builder.build(event_loop, template, |configs| {
                configs
                    .max_by_key(config_rank)
                    .unwrap_or_else(|| panic::panic_any(NoConfig))
            })
        }));
        panic::set_hook(hook);
        let (window, config) = match built {
            Ok(Ok((Some(window), config))) => (window, config),
            Ok(Ok((None, _))) => return Err("cannot open a window: none was made".into()),
            Ok(Err(e)) if e.is::<glutin::error::Error>() => {
                return Err(format!("no OpenGL on this display: {e}"))
            }
            Ok(Err(e)) => return Err(format!("cannot open a window: {e}")),
            Err(payload) if payload.is::<NoConfig>() => {
                return Err(format!(
                    "no OpenGL config: the display offers no double-buffered window config \
                     with a depth buffer of {MIN_DEPTH_BITS} bits or more"
                ))
            }
            Err(payload) => panic::resume_unwind(payload),
        };
        let display = config.display();
        log::info!(
            "display: {}; config: {}",
            display.version_string(),
            describe_config(&config)
        );

        let raw_window = window
            .window_handle()
            .map_err(|e| format!("cannot open a window: no window handle: {e}"))?
            .as_raw();
        #[cfg(free_unix)]
        {
            super::x11::claim_errors_about(raw_window);
            if let Ok(display) = window.display_handle() {
                super::x11::exit_on_lost_server(display.as_raw());
            }
        }
        let not_current = create_context(&config, raw_window)?;

        let size = window.inner_size();
        let (w, h) =
            drawable_size(size.width, size.height).unwrap_or((NonZeroU32::MIN, NonZeroU32::MIN));
        let surface_attributes = SurfaceAttributesBuilder::<WindowSurface>::new()
            .with_single_buffer(false)
            .build(raw_window, w, h);
        // SAFETY: the window handle is valid: `window` outlives the surface
        // (it is dropped after it, see `Gfx`).
        let surface = unsafe { display.create_window_surface(&config, &surface_attributes) }
            .map_err(|e| format!("no OpenGL surface for the window: {e}"))?;
        let context = CurrentContext(
            not_current
                .make_current(&surface)
                .map_err(|e| format!("no OpenGL context: cannot make it current: {e}"))?,
        );

        set_swap_interval(&surface, &context.0, options.uncapped, raw_window);

        let gl = load_gl(&display)?;
        let renderer = Renderer::new(gl).map_err(|e| format!("cannot draw: {e}"))?;
        let panel = Panel::new(&window, renderer.gl_shared());
        Ok(Gfx {
            panel,
            renderer,
            context,
            surface,
            window,
        })
    }

    /// Tear down after the window was destroyed from outside: as a normal
    /// drop, except that the surface is leaked rather than destroyed. Its
    /// window is gone, so destroying it would only draw an X error (GLX's
    /// `BadWindow`), which winit reports as a failure of the whole event
    /// loop; the server frees it with the window.
    pub fn close_after_destroyed(self) {
        let Gfx {
            panel,
            renderer,
            context,
            surface,
            window,
        } = self;
        drop(panel);
        drop(renderer);
        drop(context);
        std::mem::forget(surface);
        drop(window);
    }

    /// Resize the surface to `width x height` physical pixels.
    pub fn resize(&self, width: NonZeroU32, height: NonZeroU32) {
        self.surface.resize(&self.context.0, width, height);
    }

    /// Show the frame drawn: tell the window a frame is coming, then swap.
    ///
    /// # Errors
    /// glutin's description of a failed swap.
    pub fn present(&self) -> Result<(), String> {
        self.window.pre_present_notify();
        self.surface
            .swap_buffers(&self.context.0)
            .map_err(|e| e.to_string())
    }
}

/// A context on `config`: desktop GL 3.3 core, else GLES 3.0, else GLES 2.0.
///
/// # Errors
/// "no OpenGL context: ..." with why each try failed.
fn create_context(
    config: &Config,
    window: RawWindowHandle,
) -> Result<glutin::context::NotCurrentContext, String> {
    let tries = [
        (
            "OpenGL 3.3 core",
            ContextAttributesBuilder::new()
                .with_context_api(ContextApi::OpenGl(Some(Version::new(3, 3))))
                .with_profile(GlProfile::Core),
        ),
        (
            "OpenGL ES 3.0",
            ContextAttributesBuilder::new()
                .with_context_api(ContextApi::Gles(Some(Version::new(3, 0)))),
        ),
        (
            "OpenGL ES 2.0",
            ContextAttributesBuilder::new()
                .with_context_api(ContextApi::Gles(Some(Version::new(2, 0)))),
        ),
    ];
    let display = config.display();
    let mut failures = Vec::new();
    for (name, attributes) in tries {
        let attributes = attributes.build(Some(window));
        // SAFETY: the window handle is valid for the context's lifetime
        // (see `Gfx`'s drop order).
        match unsafe { display.create_context(config, &attributes) } {
            Ok(context) => {
                log::info!("context: {name}");
                return Ok(context);
            }
            Err(e) => {
                log::info!("no {name} context: {e}");
                failures.push(format!("{name}: {e}"));
            }
        }
    }
    Err(format!("no OpenGL context: {}", failures.join("; ")))
}

/// Vsync off when uncapped; otherwise on where that is safe. Pacing never
/// depends on it. On Wayland it stays off: Mesa's swap then blocks until the
/// compositor sends a frame event, which it never does for a hidden window,
/// freezing the whole event loop.
fn set_swap_interval(
    surface: &Surface<WindowSurface>,
    context: &PossiblyCurrentContext,
    uncapped: bool,
    window: RawWindowHandle,
) {
    let wayland = matches!(window, RawWindowHandle::Wayland(_));
    let interval = if uncapped || wayland {
        SwapInterval::DontWait
    } else {
        SwapInterval::Wait(NonZeroU32::MIN)
    };
    match surface.set_swap_interval(context, interval) {
        Ok(()) => log::info!("swap interval: {interval:?}"),
        Err(e) => log::info!("swap interval {interval:?} not set: {e}"),
    }
}

/// glow's function table for the current context. Checks first that the
/// context reports a version string, which glow would otherwise panic on.
///
/// # Errors
/// "no OpenGL context: ..." when `glGetString` or the version is missing.
fn load_gl(display: &glutin::display::Display) -> Result<glow::Context, String> {
    const GL_VERSION: u32 = 0x1F02;
    type GetString = unsafe extern "system" fn(u32) -> *const std::ffi::c_char;
    let get_string = display.get_proc_address(c"glGetString");
    if get_string.is_null() {
        return Err("no OpenGL context: glGetString is missing".into());
    }
    // SAFETY: a non-null `glGetString` from the display has this signature,
    // and the context it was loaded for is current; a non-null result is a
    // NUL-terminated string owned by the driver.
    let version = unsafe {
        let get_string: GetString = std::mem::transmute(get_string);
        let version = get_string(GL_VERSION);
        if version.is_null() {
            return Err("no OpenGL context: the context reports no GL_VERSION".into());
        }
        CStr::from_ptr(version).to_str().map(str::to_owned)
    }
    .map_err(|_| "no OpenGL context: GL_VERSION is not UTF-8".to_string())?;
    if !glow_can_parse(&version) {
        return Err(format!(
            "no OpenGL context: cannot read the version in GL_VERSION \"{version}\""
        ));
    }
    // SAFETY: the context is current on this thread and reports a version.
    Ok(unsafe { glow::Context::from_loader_function_cstr(|name| display.get_proc_address(name)) })
}

/// Whether glow can read a `major.minor` from `version` as it does: after
/// the last `" ES "` if any, the first word, split on dots; the major a
/// number; the minor `0...` or a number once trailing zeros are trimmed.
fn glow_can_parse(version: &str) -> bool {
    let rest = match version.rfind(" ES ") {
        Some(at) => &version[at + 4..],
        None => version,
    };
    let first = rest.split(' ').next().unwrap_or("");
    let mut parts = first.split('.');
    let major_ok = parts.next().is_some_and(|m| m.parse::<u32>().is_ok());
    let minor_ok = parts
        .next()
        .is_some_and(|m| m.starts_with('0') || m.trim_end_matches('0').parse::<u32>().is_ok());
    major_ok && minor_ok
}

#[cfg(test)]
mod tests {
    use super::glow_can_parse;

    #[test]
    fn reads_the_version_strings_glow_reads() {
        assert!(glow_can_parse("4.5 (Core Profile) Mesa 22.3.6"));
        assert!(glow_can_parse("3.3.0 NVIDIA 535.54.03"));
        assert!(glow_can_parse("OpenGL ES 3.2 Mesa 22.3.6"));
        assert!(glow_can_parse("OpenGL ES 2.0 Mesa 22.3.6"));
        assert!(glow_can_parse("4.60"));
    }

    #[test]
    fn refuses_what_glow_would_panic_on() {
        assert!(!glow_can_parse(""));
        assert!(!glow_can_parse("OpenGL"));
        assert!(!glow_can_parse("4"));
        assert!(!glow_can_parse("x.y Mesa"));
        assert!(!glow_can_parse("4.x"));
    }
}
