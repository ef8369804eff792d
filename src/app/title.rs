//! The window's title: the original's [`TITLE`], followed by what differs
//! from the default ([`title`]).

#![forbid(unsafe_code)]

/// The window's title, as the original's: exactly this while nothing
/// differs from the default (see [`title`]).
pub const TITLE: &str = "OpenGL Test Program";

/// The window's title for a [`Demo::status`](super::demo::Demo::status):
/// exactly [`TITLE`] when it is empty, else [`TITLE`], ` - ` and the
/// phrases joined by `, `, e.g. `OpenGL Test Program - paused, step 1234,
/// bending springs`.
pub fn title(status: &[String]) -> String {
    if status.is_empty() {
        TITLE.to_string()
    } else {
        format!("{TITLE} - {}", status.join(", "))
    }
}
