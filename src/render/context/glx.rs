//! GLX on the X display Xlib opens by default (the one `DISPLAY` names;
//! Linux and the BSDs), for machines where EGL is missing but an X server
//! is there: a context made current on a 1 x 1 pbuffer, which no one sees
//! (the drawing goes to a framebuffer object, see `render::offscreen`).
//!
//! Xlib picks the display (`XOpenDisplay(NULL)`) and names it
//! (`XDisplayName(NULL)`); this module reads no environment variable.
//!
//! glutin's GLX needs Xlib's error handler to pass X errors to it; this
//! module opens its own X connection (through `x11-dl`, as glutin and winit
//! do) and installs that handler, which ignores every other X error rather
//! than letting Xlib's default handler end the process.

use std::ffi::{c_int, c_void, CStr};
use std::num::NonZeroU32;
use std::ptr::NonNull;
use std::rc::Rc;
use std::sync::OnceLock;

use glutin::api::glx::config::Config;
use glutin::api::glx::context::PossiblyCurrentContext;
use glutin::api::glx::display::Display;
use glutin::api::glx::surface::Surface;
use glutin::api::glx::XlibErrorHookRegistrar;
use glutin::config::{Api, ConfigSurfaceTypes, ConfigTemplateBuilder, GlConfig};
use glutin::context::{ContextApi, ContextAttributesBuilder, GlProfile, Version};
use glutin::display::{GetGlDisplay, GlDisplay};
use glutin::prelude::{NotCurrentGlContext, PossiblyCurrentGlContext};
use glutin::surface::{PbufferSurface, SurfaceAttributesBuilder};
use raw_window_handle::{RawDisplayHandle, XlibDisplayHandle};
use x11_dl::xlib;

use super::current::{one_line, Current, Maker};
use super::kinds::GlApi;

/// What to install when GLX is missing (Debian and Ubuntu package names).
const INSTALL_HINT: &str = "install Mesa's GLX: apt-get install libgl1 libglx-mesa0 libx11-6";

/// The X display Xlib opens by default, as Xlib names it
/// (`XDisplayName(NULL)`, e.g. `":0"`): `None` when it names none, or
/// libX11 cannot be loaded.
pub(super) fn display_name() -> Option<String> {
    let xlib = xlib::Xlib::open().ok()?;
    default_display_name(&xlib)
}

/// `XDisplayName(NULL)`: the display `XOpenDisplay(NULL)` opens, `None`
/// when that is empty.
fn default_display_name(xlib: &xlib::Xlib) -> Option<String> {
    // SAFETY: XDisplayName(NULL) returns a pointer to a NUL-terminated
    // string Xlib owns (the default display's name, empty if there is
    // none), or null; it is copied at once.
    let name = unsafe { (xlib.XDisplayName)(std::ptr::null()) };
    if name.is_null() {
        return None;
    }
    // SAFETY: non-null and NUL-terminated (above), read before any other
    // Xlib call.
    let name = unsafe { CStr::from_ptr(name) }
        .to_string_lossy()
        .into_owned();
    Some(name).filter(|n| !n.trim().is_empty())
}

/// The one maker: the X display Xlib opens by default.
///
/// # Errors
/// One line: libX11 or GLX missing, no display named, no X server there.
pub(super) fn makers() -> Result<Vec<Box<dyn Maker>>, String> {
    let connection = Rc::new(XConnection::open()?);
    let name = connection.name.clone();
    let handle = XlibDisplayHandle::new(NonNull::new(connection.display.cast()), connection.screen);
    let registrar: XlibErrorHookRegistrar = Box::new(|hook| {
        // glutin's hook keeps no state of its own: the first one will do.
        let _ = GLUTIN_HOOK.set(hook);
    });
    // SAFETY: the X display is open and stays open as long as anything made
    // on it (every context holds the connection); the error hook is
    // registered with the handler installed by `XConnection::open`.
    let display =
        unsafe { Display::new(RawDisplayHandle::Xlib(handle), registrar) }.map_err(|e| match e
            .error_kind()
        {
            glutin::error::ErrorKind::NotFound => {
                format!("could not load libGLX/libGL ({INSTALL_HINT})")
            }
            _ => format!(
                "the X server on {name} offers no GLX: {}",
                one_line(&e.to_string())
            ),
        })?;
    let template = ConfigTemplateBuilder::new()
        .with_alpha_size(8)
        .with_surface_type(ConfigSurfaceTypes::PBUFFER)
        .build();
    // SAFETY: the template names no native window.
    let configs: Vec<Config> = unsafe { display.find_configs(template) }
        .map_err(|e| format!("no GLX config: {}", one_line(&e.to_string())))?
        .collect();
    Ok(vec![Box::new(GlxDisplay {
        name,
        connection,
        display,
        configs,
    })])
}

/// glutin's GLX error hook, called by [`x_error`].
type Hook = Box<dyn Fn(*mut c_void, *mut c_void) -> bool + Send + Sync>;
static GLUTIN_HOOK: OnceLock<Hook> = OnceLock::new();

/// The X error handler while GLX is in use: glutin's hook first; any
/// other error is logged and ignored.
unsafe extern "C" fn x_error(display: *mut xlib::Display, event: *mut xlib::XErrorEvent) -> c_int {
    if let Some(hook) = GLUTIN_HOOK.get() {
        if hook(display.cast(), event.cast()) {
            return 0;
        }
    }
    if let Some(e) = event.as_ref() {
        log::debug!(
            "headless: X error {} from request {}.{} ignored",
            e.error_code,
            e.request_code,
            e.minor_code
        );
    }
    0
}

/// An X connection of our own; closed when the last context made on it is
/// gone.
struct XConnection {
    xlib: xlib::Xlib,
    display: *mut xlib::Display,
    screen: c_int,
    /// The display's name as Xlib gives it, e.g. `":0"`.
    name: String,
}

impl XConnection {
    /// Open the display Xlib opens by default, and install [`x_error`] as
    /// Xlib's error handler.
    ///
    /// # Errors
    /// One line: libX11 missing, no display named, or it cannot be opened.
    fn open() -> Result<Self, String> {
        let xlib = xlib::Xlib::open()
            .map_err(|e| format!("could not load libX11 ({INSTALL_HINT}): {e}"))?;
        let name = default_display_name(&xlib)
            .ok_or("GLX needs an X display, and none is named (DISPLAY is not set)")?;
        // SAFETY: XOpenDisplay(NULL) takes no pointer from us; a null
        // result is handled below.
        let display = unsafe { (xlib.XOpenDisplay)(std::ptr::null()) };
        if display.is_null() {
            return Err(format!("cannot open the X display {name}"));
        }
        // SAFETY: the display is open; the handler is a plain function
        // that lives as long as the program.
        let screen = unsafe {
            (xlib.XSetErrorHandler)(Some(x_error));
            (xlib.XDefaultScreen)(display)
        };
        Ok(XConnection {
            xlib,
            display,
            screen,
            name,
        })
    }
}

impl Drop for XConnection {
    fn drop(&mut self) {
        // SAFETY: opened in `open`; every context on it is gone.
        unsafe { (self.xlib.XCloseDisplay)(self.display) };
    }
}

/// The X display and its pbuffer configs.
struct GlxDisplay {
    name: String,
    connection: Rc<XConnection>,
    display: Display,
    configs: Vec<Config>,
}

impl Maker for GlxDisplay {
    fn name(&self) -> String {
        format!("GLX on {}", self.name)
    }

    fn context(&self, api: GlApi) -> Result<Box<dyn Current>, String> {
        let (config_api, context_api) = match api {
            GlApi::Gl33 => (Api::OPENGL, ContextApi::OpenGl(Some(Version::new(3, 3)))),
            // GLX offers ES through GLX_EXT_create_context_es2_profile,
            // which covers every ES from 2.0.
            GlApi::Gles3 => (Api::GLES2, ContextApi::Gles(Some(Version::new(3, 0)))),
            GlApi::Gles2 => (Api::GLES2, ContextApi::Gles(Some(Version::new(2, 0)))),
        };
        let config = self
            .configs
            .iter()
            .find(|c| c.api().contains(config_api))
            .ok_or("no GLX pbuffer config offers it")?;
        let mut attributes = ContextAttributesBuilder::new().with_context_api(context_api);
        if api == GlApi::Gl33 {
            attributes = attributes.with_profile(GlProfile::Core);
        }
        let attributes = attributes.build(None);
        let one = NonZeroU32::MIN;
        // SAFETY: the config came from this display, which is open.
        let surface = unsafe {
            self.display.create_pbuffer_surface(
                config,
                &SurfaceAttributesBuilder::<PbufferSurface>::new().build(one, one),
            )
        }
        .map_err(|e| format!("no pbuffer: {}", one_line(&e.to_string())))?;
        // SAFETY: the config came from this display, which is open; the
        // attributes name no window.
        let not_current = unsafe { self.display.create_context(config, &attributes) }
            .map_err(|e| format!("context not created: {}", one_line(&e.to_string())))?;
        let context = not_current
            .make_current(&surface)
            .map_err(|e| format!("not made current: {}", one_line(&e.to_string())))?;
        Ok(Box::new(GlxContext {
            context,
            surface,
            _connection: Rc::clone(&self.connection),
        }))
    }
}

/// A GLX context on its pbuffer. Fields drop in order: the context (made
/// not current first, in `Drop`), the pbuffer, then the X connection.
struct GlxContext {
    context: PossiblyCurrentContext,
    surface: Surface<PbufferSurface>,
    _connection: Rc<XConnection>,
}

impl Current for GlxContext {
    fn make_current(&self) -> Result<(), String> {
        self.context.make_current(&self.surface).map_err(|e| {
            format!(
                "cannot make the GLX context current: {}",
                one_line(&e.to_string())
            )
        })
    }

    fn get_proc_address(&self, name: &CStr) -> *const c_void {
        self.context.display().get_proc_address(name)
    }
}

impl Drop for GlxContext {
    fn drop(&mut self) {
        let _ = self.context.make_not_current_in_place();
    }
}
