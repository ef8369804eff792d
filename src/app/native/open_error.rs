//! The one line [`run`](super::run) returns when its event loop cannot
//! start: no display server, an X display that would not open (named as
//! Xlib names it), or winit's own words.

#![forbid(unsafe_code)]

use winit::error::EventLoopError;

#[cfg(free_unix)]
use super::x11;

/// One line for an event loop that could not start, from winit's error:
/// no display server at all (winit names the variables it looked at), an
/// X display that would not open (named as Xlib names it), or winit's own
/// words.
pub(super) fn event_loop_error(e: &EventLoopError) -> String {
    // winit's text is "os error at FILE:LINE: WHAT"; keep WHAT.
    let text = e.to_string();
    let what = match text.strip_prefix("os error at ") {
        Some(rest) => rest.split_once(": ").map_or(rest, |(_, what)| what),
        None => &text,
    };
    let what = what.trim().replace('\n', " ");
    // winit found neither a Wayland nor an X display to connect to: "neither
    // WAYLAND_DISPLAY nor WAYLAND_SOCKET nor DISPLAY is set."
    if what.contains("nor DISPLAY is set") {
        return format!(
            "cannot open a window: no display server ({})",
            what.trim_end_matches('.')
        );
    }
    #[cfg(free_unix)]
    if what == X_OPEN_FAILED {
        if let Some(display) = x11::display_name() {
            return format!(
                "cannot open a window: cannot connect to the X display \"{display}\": {what}"
            );
        }
    }
    format!("cannot open a window: {what}")
}

/// winit's words when `XOpenDisplay` fails.
#[cfg(free_unix)]
const X_OPEN_FAILED: &str = "Failed to open connection to X server";
