//! X11 only: the window's dealings with the X server beyond winit's.
//!
//! - Surviving the window being destroyed by another client (`xdotool
//!   windowclose`, a misbehaving window manager): until the
//!   `DestroyNotify` arrives, frames are still drawn and swapped to the
//!   dead window, and the X server answers with `BadDrawable`/`BadWindow`
//!   errors. winit keeps the last unclaimed X error and, handling that
//!   `DestroyNotify`, mistakes it for a failure of its own clean-up and
//!   panics ("Failed to destroy input context"; see bevy issue #11150).
//!   Claiming the errors that name our own window, which only ever mean
//!   "the window is gone", lets `WindowEvent::Destroyed` through, and the
//!   app quits ([`claim_errors_about`]).
//! - Losing the X server itself (it shut down, or the connection broke):
//!   one line and exit code 1, as for the program's other failures,
//!   instead of Xlib's own message ([`exit_on_lost_server`]).
//! - Naming the display Xlib connects to, for the error when it cannot
//!   ([`display_name`]).

// Calls into Xlib: each unsafe block says why it is sound.
#![allow(unsafe_code)]

use std::ffi::{c_int, c_uchar, c_ulong, c_void, CStr};
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Once, OnceLock};

use raw_window_handle::{RawDisplayHandle, RawWindowHandle};
use x11_dl::xlib;

/// The XID of the window whose errors are claimed; 0 for none.
static WINDOW: AtomicU64 = AtomicU64::new(0);
static REGISTER: Once = Once::new();

/// The name of the X display the window is on (`:0`), for the line
/// [`lost_server`] prints; set once, with the handler.
static DISPLAY_NAME: OnceLock<String> = OnceLock::new();

/// Xlib's `BadWindow` error code.
const BAD_WINDOW: c_uchar = 3;
/// Xlib's `BadDrawable` error code.
const BAD_DRAWABLE: c_uchar = 9;

/// Xlib's `XErrorEvent`, as laid out in `<X11/Xlib.h>`.
#[repr(C)]
struct XErrorEvent {
    kind: c_int,
    display: *mut c_void,
    resource_id: c_ulong,
    serial: c_ulong,
    error_code: c_uchar,
    request_code: c_uchar,
    minor_code: c_uchar,
}

/// From now on, claim `BadWindow` and `BadDrawable` errors about `window`
/// (an Xlib or XCB window; any other handle is ignored) so that winit does
/// not see them. Safe to call again for a new window.
// `c_ulong` is `u64` on 64-bit targets but `u32` on 32-bit ones.
#[allow(clippy::unnecessary_cast)]
pub(super) fn claim_errors_about(window: RawWindowHandle) {
    let xid = match window {
        RawWindowHandle::Xlib(h) => h.window as u64,
        RawWindowHandle::Xcb(h) => u64::from(h.window.get()),
        _ => return,
    };
    WINDOW.store(xid, Ordering::Relaxed);
    REGISTER.call_once(|| winit::platform::x11::register_xlib_error_hook(Box::new(hook)));
}

/// The hook winit calls with each X error; `true` claims it.
// `c_ulong` is `u64` on 64-bit targets but `u32` on 32-bit ones.
#[allow(clippy::useless_conversion)]
fn hook(_display: *mut c_void, event: *mut c_void) -> bool {
    if event.is_null() {
        return false;
    }
    // SAFETY: winit passes the `XErrorEvent*` Xlib gave its error handler,
    // valid for the duration of this call.
    let e = unsafe { &*event.cast::<XErrorEvent>() };
    let ours = WINDOW.load(Ordering::Relaxed);
    let claimed = ours != 0
        && u64::from(e.resource_id) == ours
        && matches!(e.error_code, BAD_WINDOW | BAD_DRAWABLE);
    if claimed {
        log::debug!(
            "the window is gone (X error {} from request {}.{})",
            e.error_code,
            e.request_code,
            e.minor_code
        );
    }
    claimed
}

/// From now on, a lost connection to the X server (`display`, an Xlib
/// display; any other handle is ignored) ends the program with exit code 1
/// and one line on stderr, `cloth-demo: error: lost the connection to the
/// X server :0`, instead of Xlib's own message. Xlib's I/O error handler is
/// process-wide, so this covers winit's and GL's use of the connection
/// alike; only the first call sets it. Without libX11 (which winit loaded
/// already) it does nothing.
pub(super) fn exit_on_lost_server(display: RawDisplayHandle) {
    let RawDisplayHandle::Xlib(handle) = display else {
        return;
    };
    let Some(display) = handle.display else {
        return;
    };
    if DISPLAY_NAME.get().is_some() {
        return;
    }
    let Ok(lib) = xlib::Xlib::open() else {
        return;
    };
    // SAFETY: `display` is winit's open Xlib display, which outlives the
    // window; `XDisplayString` returns its NUL-terminated name, owned by
    // the display and copied here at once.
    let name = unsafe {
        let name = (lib.XDisplayString)(display.as_ptr().cast());
        if name.is_null() {
            String::new()
        } else {
            CStr::from_ptr(name).to_string_lossy().into_owned()
        }
    };
    if DISPLAY_NAME.set(name).is_err() {
        return;
    }
    // SAFETY: `lost_server` has the signature Xlib calls its I/O error
    // handler with, and never returns to it (Xlib's rule for the handler).
    unsafe { (lib.XSetIOErrorHandler)(Some(lost_server)) };
}

/// Xlib's I/O error handler: the connection to the X server is gone. Says
/// so in one line and ends the process with exit code 1, never returning
/// to Xlib (which would print its own message and exit).
extern "C" fn lost_server(_display: *mut xlib::Display) -> c_int {
    let name = DISPLAY_NAME.get().map_or("", String::as_str);
    let line = if name.is_empty() {
        "cloth-demo: error: lost the connection to the X server\n".to_string()
    } else {
        format!("cloth-demo: error: lost the connection to the X server {name}\n")
    };
    // Nothing to do if stderr is gone too.
    let _ = std::io::stderr().write_all(line.as_bytes());
    std::process::exit(1)
}

/// The display Xlib connects to when asked for the default one (what
/// `XDisplayName(NULL)` says: `:0`, `host:1.0`), or `None` when there is
/// no libX11 or it names none.
pub(super) fn display_name() -> Option<String> {
    let lib = xlib::Xlib::open().ok()?;
    // SAFETY: `XDisplayName(NULL)` returns a NUL-terminated string that
    // Xlib owns (the environment's or a static one), copied here at once.
    let name = unsafe {
        let name = (lib.XDisplayName)(std::ptr::null());
        if name.is_null() {
            return None;
        }
        CStr::from_ptr(name).to_string_lossy().into_owned()
    };
    (!name.is_empty()).then_some(name)
}
