//! X11 only: surviving the window being destroyed by another client
//! (`xdotool windowclose`, a misbehaving window manager).
//!
//! Until the `DestroyNotify` arrives, frames are still drawn and swapped to
//! the dead window, and the X server answers with `BadDrawable`/`BadWindow`
//! errors. winit keeps the last unclaimed X error and, handling that
//! `DestroyNotify`, mistakes it for a failure of its own clean-up and panics
//! ("Failed to destroy input context"; see bevy issue #11150). Claiming the
//! errors that name our own window, which only ever mean "the window is
//! gone", lets `WindowEvent::Destroyed` through, and the app quits.

use std::ffi::{c_int, c_uchar, c_ulong, c_void};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Once;

use raw_window_handle::RawWindowHandle;

/// The XID of the window whose errors are claimed; 0 for none.
static WINDOW: AtomicU64 = AtomicU64::new(0);
static REGISTER: Once = Once::new();

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
