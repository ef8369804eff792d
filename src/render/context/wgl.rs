//! WGL (Windows) on a hidden window of its own: WGL makes contexts only for
//! a window's device context, and loads the extensions that give OpenGL
//! 3.3 core and OpenGL ES (`WGL_ARB_create_context`,
//! `WGL_EXT_create_context_es2_profile`) only through one. The window is
//! never shown; the drawing goes to a framebuffer object (see
//! `render::offscreen`).
//!
//! The window is made with the Win32 API directly, not winit: winit allows
//! one event loop per process, and a program may make many headless
//! contexts (the tests do), on any thread.

use std::ffi::{c_void, CStr};
use std::num::{NonZeroIsize, NonZeroU32};
use std::rc::Rc;

use glutin::api::wgl::config::Config;
use glutin::api::wgl::context::PossiblyCurrentContext;
use glutin::api::wgl::display::Display;
use glutin::api::wgl::surface::Surface;
use glutin::config::{ConfigTemplateBuilder, GlConfig};
use glutin::context::{ContextApi, ContextAttributesBuilder, GlProfile, Version};
use glutin::display::{GetGlDisplay, GlDisplay};
use glutin::prelude::{NotCurrentGlContext, PossiblyCurrentGlContext};
use glutin::surface::{SurfaceAttributesBuilder, WindowSurface};
use raw_window_handle::{
    RawDisplayHandle, RawWindowHandle, Win32WindowHandle, WindowsDisplayHandle,
};
use windows_sys::Win32::Foundation::{
    GetLastError, SetLastError, ERROR_CLASS_ALREADY_EXISTS, HWND, WIN32_ERROR,
};
use windows_sys::Win32::System::LibraryLoader::GetModuleHandleW;
use windows_sys::Win32::UI::WindowsAndMessaging::{
    CreateWindowExW, DefWindowProcW, DestroyWindow, RegisterClassExW, CS_OWNDC, WNDCLASSEXW,
    WS_CLIPCHILDREN, WS_CLIPSIBLINGS, WS_POPUP,
};

use super::current::{one_line, Current, Maker};
use super::kinds::GlApi;

/// What to do when WGL gives no usable context.
const DRIVER_HINT: &str =
    "install the graphics card's OpenGL driver: Windows' own OpenGL 1.1 cannot draw this";

/// The one maker: a hidden window and the WGL display on it.
///
/// # Errors
/// One line: the window could not be made, or opengl32.dll not loaded.
pub(super) fn makers() -> Result<Vec<Box<dyn Maker>>, String> {
    let window = Rc::new(HiddenWindow::new()?);
    let raw = window.raw();
    // SAFETY: the window is valid and outlives the display's use of it:
    // every context made on it holds it.
    let display = unsafe {
        Display::new(
            RawDisplayHandle::Windows(WindowsDisplayHandle::new()),
            Some(raw),
        )
    }
    .map_err(|e| match e.error_kind() {
        glutin::error::ErrorKind::NotFound => {
            "could not load opengl32.dll (Windows' OpenGL)".to_string()
        }
        _ => format!("WGL could not start: {}", one_line(&e.to_string())),
    })?;
    let template = ConfigTemplateBuilder::new()
        .with_alpha_size(8)
        .compatible_with_native_window(raw)
        .build();
    // SAFETY: the template's window is valid.
    let config = unsafe { display.find_configs(template) }
        .map_err(|e| {
            format!(
                "no WGL pixel format: {} ({DRIVER_HINT})",
                one_line(&e.to_string())
            )
        })?
        .next()
        .ok_or_else(|| format!("no WGL pixel format with 8-bit alpha ({DRIVER_HINT})"))?;
    Ok(vec![Box::new(WglWindow {
        window,
        display,
        config,
    })])
}

/// The class of the hidden windows, registered once per process (and
/// their title), NUL-terminated.
const CLASS_NAME: &str = "cloth-demo headless\0";
const CLASS: [u16; CLASS_NAME.len()] = utf16(CLASS_NAME);

/// A `str` as UTF-16 code units (ASCII only), at compile time.
const fn utf16<const N: usize>(s: &str) -> [u16; N] {
    let bytes = s.as_bytes();
    let mut out = [0u16; N];
    let mut k = 0;
    while k < N {
        out[k] = bytes[k] as u16;
        k += 1;
    }
    out
}

/// A window that is never shown, destroyed on drop (on the thread that
/// made it: the context holding it is not `Send`).
struct HiddenWindow {
    hwnd: NonZeroIsize,
    hinstance: NonZeroIsize,
}

impl HiddenWindow {
    /// Register the class (once a process) and make a hidden 1 x 1
    /// window of it.
    ///
    /// # Errors
    /// One line naming the Win32 call that failed and the error it set,
    /// or saying that it set none.
    fn new() -> Result<Self, String> {
        clear_last_error();
        // SAFETY: a null module name asks for this program's own module;
        // nothing is freed or kept.
        let hinstance = unsafe { GetModuleHandleW(std::ptr::null()) };
        let hinstance = NonZeroIsize::new(hinstance).ok_or_else(|| {
            format!(
                "no module handle for the hidden window: {}",
                why_failed("GetModuleHandleW", last_error())
            )
        })?;
        let class = WNDCLASSEXW {
            cbSize: std::mem::size_of::<WNDCLASSEXW>() as u32,
            style: CS_OWNDC,
            lpfnWndProc: Some(DefWindowProcW),
            cbClsExtra: 0,
            cbWndExtra: 0,
            hInstance: hinstance.get(),
            hIcon: 0,
            hCursor: 0,
            hbrBackground: 0,
            lpszMenuName: std::ptr::null(),
            lpszClassName: CLASS.as_ptr(),
            hIconSm: 0,
        };
        clear_last_error();
        // SAFETY: `class` is a filled-in WNDCLASSEXW whose name is a
        // NUL-terminated static and whose procedure is the default one;
        // Windows copies what it keeps.
        if unsafe { RegisterClassExW(&class) } == 0 {
            let error = last_error();
            if error != ERROR_CLASS_ALREADY_EXISTS {
                return Err(format!(
                    "cannot register a window class for WGL: {}",
                    why_failed("RegisterClassExW", error)
                ));
            }
        }
        clear_last_error();
        // SAFETY: the class is registered (above) and its name and the
        // title are NUL-terminated statics; no parent, menu or creation
        // data. No WS_VISIBLE: never shown.
        let hwnd: HWND = unsafe {
            CreateWindowExW(
                0,
                CLASS.as_ptr(),
                CLASS.as_ptr(),
                WS_POPUP | WS_CLIPSIBLINGS | WS_CLIPCHILDREN,
                0,
                0,
                1,
                1,
                0,
                0,
                hinstance.get(),
                std::ptr::null(),
            )
        };
        let hwnd = NonZeroIsize::new(hwnd).ok_or_else(|| {
            format!(
                "cannot make a hidden window for WGL (no desktop to make it on?): {}",
                why_failed("CreateWindowExW", last_error())
            )
        })?;
        Ok(HiddenWindow { hwnd, hinstance })
    }

    fn raw(&self) -> RawWindowHandle {
        let mut handle = Win32WindowHandle::new(self.hwnd);
        handle.hinstance = Some(self.hinstance);
        RawWindowHandle::Win32(handle)
    }
}

impl Drop for HiddenWindow {
    fn drop(&mut self) {
        // SAFETY: made in `new`, on this thread; nothing uses it any more.
        unsafe { DestroyWindow(self.hwnd.get()) };
    }
}

/// Set this thread's last-error value to 0, so that after the next call
/// only an error that call set is read.
fn clear_last_error() {
    // SAFETY: writes this thread's last-error value; no pointers.
    unsafe { SetLastError(0) };
}

/// This thread's last-error value (0 when the last call set none).
fn last_error() -> WIN32_ERROR {
    // SAFETY: reads this thread's last-error value; no pointers.
    unsafe { GetLastError() }
}

/// Why the Win32 call `call` failed, from the last-error value it left
/// (`error`, read right after it, with the value cleared right before):
/// the system's text for it, or, for 0, that the call failed without
/// setting one (a stale value from an earlier call is never reported).
fn why_failed(call: &str, error: WIN32_ERROR) -> String {
    if error == 0 {
        format!("{call} failed and set no error code")
    } else {
        // Windows error codes are below 2^31: the cast keeps the value.
        let text = std::io::Error::from_raw_os_error(error as i32);
        format!("{call} failed: {text}")
    }
}

/// The hidden window, its WGL display and the pixel format set on it.
struct WglWindow {
    window: Rc<HiddenWindow>,
    display: Display,
    config: Config,
}

impl Maker for WglWindow {
    fn name(&self) -> String {
        "WGL on a hidden window".into()
    }

    fn context(&self, api: GlApi) -> Result<Box<dyn Current>, String> {
        let context_api = match api {
            GlApi::Gl33 => ContextApi::OpenGl(Some(Version::new(3, 3))),
            GlApi::Gles3 => ContextApi::Gles(Some(Version::new(3, 0))),
            GlApi::Gles2 => ContextApi::Gles(Some(Version::new(2, 0))),
        };
        if api.is_es() && !self.config.api().contains(glutin::config::Api::GLES2) {
            return Err("WGL offers no OpenGL ES (no WGL_EXT_create_context_es2_profile)".into());
        }
        let raw = self.window.raw();
        let mut attributes = ContextAttributesBuilder::new().with_context_api(context_api);
        if api == GlApi::Gl33 {
            attributes = attributes.with_profile(GlProfile::Core);
        }
        let attributes = attributes.build(Some(raw));
        let one = NonZeroU32::MIN;
        // SAFETY: the config came from this display; the window is valid
        // and outlives the context and surface (both hold it).
        let not_current = unsafe { self.display.create_context(&self.config, &attributes) }
            .map_err(|e| {
                format!(
                    "context not created: {} ({DRIVER_HINT})",
                    one_line(&e.to_string())
                )
            })?;
        // SAFETY: the config came from this display and was set on this
        // window; the window is valid and outlives the surface (which
        // holds it, through the context).
        let surface = unsafe {
            self.display.create_window_surface(
                &self.config,
                &SurfaceAttributesBuilder::<WindowSurface>::new().build(raw, one, one),
            )
        }
        .map_err(|e| {
            format!(
                "no surface on the hidden window: {}",
                one_line(&e.to_string())
            )
        })?;
        let context = not_current
            .make_current(&surface)
            .map_err(|e| format!("not made current: {}", one_line(&e.to_string())))?;
        Ok(Box::new(WglContext {
            context,
            surface,
            _window: Rc::clone(&self.window),
        }))
    }
}

/// A WGL context on the hidden window. Fields drop in order: the context
/// (made not current first, in `Drop`), the surface, then the window.
struct WglContext {
    context: PossiblyCurrentContext,
    surface: Surface<WindowSurface>,
    _window: Rc<HiddenWindow>,
}

impl Current for WglContext {
    fn make_current(&self) -> Result<(), String> {
        self.context.make_current(&self.surface).map_err(|e| {
            format!(
                "cannot make the WGL context current: {}",
                one_line(&e.to_string())
            )
        })
    }

    fn get_proc_address(&self, name: &CStr) -> *const c_void {
        self.context.display().get_proc_address(name)
    }
}

impl Drop for WglContext {
    fn drop(&mut self) {
        let _ = self.context.make_not_current_in_place();
    }
}
