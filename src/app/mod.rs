//! The window: winit 0.30 + glutin. SKELETON: being written; see issue 2.

/// How the window runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Borderless full screen on the current monitor.
    pub fullscreen: bool,
    /// The original's pacing: one step per drawn frame, vsync off.
    pub uncapped: bool,
}

/// Open the window and run the demo until Escape or close.
///
/// # Errors
/// A one-line description of what is missing (display, GL) or failed.
pub fn run(_options: Options) -> Result<(), String> {
    Err("the window is not built yet".into())
}
