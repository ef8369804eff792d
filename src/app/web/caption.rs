//! The line under the canvas: what differs from the default, then how to
//! use the page ([`caption`]), or that Escape stopped it
//! ([`CAPTION_STOPPED`]); and the line for a query the page refused
//! ([`refused_line`]).

#![forbid(unsafe_code)]

/// The caption while the demo runs as it starts by default.
pub const CAPTION_RUNNING: &str =
    "Drag to turn the view; H lists the keys. Escape stops the program; a click then starts it again.";
/// The caption once Escape has stopped it.
pub const CAPTION_STOPPED: &str =
    "Stopped, as Escape stopped the original. Click the picture to start again from the beginning.";

/// The caption for a running or paused demo with
/// [`status`](Demo::status) `status`: [`CAPTION_RUNNING`] when nothing
/// differs, else the phrases first, as a sentence (`Paused, step 1234,
/// bending springs. Drag to turn...`).
pub fn caption(status: &[String]) -> String {
    let Some((first, rest)) = status.split_first() else {
        return CAPTION_RUNNING.to_string();
    };
    let mut chars = first.chars();
    let head: String = chars
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default();
    let mut phrases = vec![head + chars.as_str()];
    phrases.extend(rest.iter().cloned());
    format!("{}. {CAPTION_RUNNING}", phrases.join(", "))
}

/// The line for choices the query asked for and the page refused: `line`
/// (from [`Choices::from_query`]) and what runs instead.
pub fn refused_line(line: &str) -> String {
    format!("{line}; the original demo runs instead")
}
