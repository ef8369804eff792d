//! The window's panel (Tab): egui on the window's own glow context, drawn
//! over the scene along the left edge ([`WIDTH`] logical pixels wide,
//! scrolling), with the widgets of [`widgets`].
//!
//! Hidden, nothing of egui runs or paints: the window's picture is the
//! scene alone, pixel for pixel. Egui's painter is made the first time
//! the panel is shown. Shown, egui runs a pass only when the panel would
//! change (an event for it, a value it shows, the window's size, egui's
//! own timers, the readout a quarter of a second after its last change:
//! [`passes`]); the frames between show the picture it last painted
//! ([`cache`]). Shown, the panel takes the pointer's presses, the wheel
//! and pinches over it (and a slider's drag wherever it goes), and the
//! keys only while egui edits a value typed in; everything else goes to
//! the demo as before. Each window event is answered once
//! ([`events`]: whether the panel took it, whether to redraw). Each
//! control's rectangle is logged at debug level when it changes, in
//! physical pixels of the window (`panel: "Pause" at 8,82 size 60x18`),
//! for tests that click them.
//!
//! Here: the [`Panel`] itself, shown or hidden. Its jobs, a file each:
//! [`events`] answers the window's events, [`paint`] runs egui's passes
//! and paints the panel (and compare mode's labels), [`passes`] says when
//! a pass is needed, [`cache`] keeps the picture between passes,
//! [`widgets`] lays the controls out, and [`app`] is the window's side of
//! the panel (Tab, the events' answer acted on, the changes made in it
//! handed to the demo, its Save buttons).

// Unsafe code stays denied here (as in all of `app`), not forbidden:
// cache.rs (the panel's picture's GL) allows it.

use std::collections::HashMap;
use std::sync::Arc;

use egui::{Rect, ViewportId};
use winit::window::Window;

use crate::app::overlay::LabelPainter;
use cache::PanelCache;
use passes::Passes;

mod app;
mod cache;
mod events;
mod paint;
mod passes;
mod widgets;

pub(super) use widgets::{Request, View};

/// The panel's width, logical pixels.
pub(super) const WIDTH: f32 = 300.0;

/// Egui's side of the window: its context, its input state, its painter
/// (once shown), and what the last pass laid out.
pub(super) struct Panel {
    ctx: egui::Context,
    state: egui_winit::State,
    gl: Arc<glow::Context>,
    /// Made the first time the panel is shown; destroyed on drop, while
    /// the context is still current (see `Gfx`).
    painter: Option<egui_glow::Painter>,
    shown: bool,
    /// The panel's rectangle in the last pass, points.
    area: Option<Rect>,
    /// The pointer's position, physical pixels of the window.
    cursor: Option<(f64, f64)>,
    /// Each control's rectangle as last logged, physical pixels.
    logged: HashMap<&'static str, [i64; 4]>,
    /// Compare mode's labels' painter: made the first time compare mode
    /// is drawn; destroyed on drop, as the panel's painter is.
    labels: Option<LabelPainter>,
    /// The panel's last painted picture, once made; `None` too where it
    /// cannot be (`cache_failed`), and then every frame runs a pass.
    cache: Option<PanelCache>,
    /// Whether making the picture failed (logged once, not tried again).
    cache_failed: bool,
    /// What the last pass showed, and when the next is due.
    passes: Passes,
    /// The path typed into Load state's field.
    load_path: String,
}

impl Panel {
    /// The panel for `window`, hidden, to be painted with `gl` (the
    /// renderer's context).
    pub fn new(window: &Window, gl: Arc<glow::Context>) -> Panel {
        let ctx = egui::Context::default();
        let state = egui_winit::State::new(
            ctx.clone(),
            ViewportId::ROOT,
            window,
            Some(window.scale_factor() as f32),
            None,
            None,
        );
        Panel {
            ctx,
            state,
            gl,
            painter: None,
            shown: false,
            area: None,
            cursor: None,
            logged: HashMap::new(),
            labels: None,
            cache: None,
            cache_failed: false,
            passes: Passes::new(),
            load_path: String::new(),
        }
    }

    /// The path typed into Load state's field, trimmed.
    pub fn load_path(&self) -> &str {
        self.load_path.trim()
    }

    /// Whether the panel is shown.
    pub fn shown(&self) -> bool {
        self.shown
    }

    /// Show the panel if hidden, hide it if shown. Showing it the first
    /// time makes egui's painter.
    ///
    /// # Errors
    /// Why the painter could not be made (the panel stays hidden).
    pub fn toggle(&mut self) -> Result<(), String> {
        if self.shown {
            self.shown = false;
            self.area = None;
            self.passes.clear();
            return Ok(());
        }
        if self.painter.is_none() {
            let painter = egui_glow::Painter::new(self.gl.clone(), "", None, false)
                .map_err(|e| format!("cannot draw the panel: {e}"))?;
            self.state.set_max_texture_side(painter.max_texture_side());
            self.painter = Some(painter);
        }
        self.logged.clear();
        self.shown = true;
        Ok(())
    }
}

impl Drop for Panel {
    fn drop(&mut self) {
        if let Some(painter) = &mut self.painter {
            if let Some(cache) = self.cache.take() {
                cache.destroy(painter);
            }
            painter.destroy();
        }
        if let Some(labels) = self.labels.take() {
            labels.destroy();
        }
    }
}
