//! The window's panel (Tab): egui on the window's own glow context, an
//! egui side panel along the left edge ([`WIDTH`] logical pixels wide, or
//! half the window where that is less: [`width_in`]; scrolling), with the
//! widgets of [`widgets`]. The scene is drawn in the rest of the window,
//! as eframe's central panel beside a side panel
//! ([`Panel::scene_left`]), and is picked, turned and grabbed there.
//!
//! The help (F1 or H) is an egui window over the scene ([`help`]), shown
//! with or without the panel. Both hidden, nothing of egui runs or
//! paints: the window's picture is the scene alone, pixel for pixel. Egui's painter is made the first time
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
//! and paints the panel (and compare mode's labels and the springs view's key), [`passes`] says when
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

use crate::app::overlay::OverlayPainter;
use cache::PanelCache;
use passes::Passes;

mod app;
mod cache;
mod events;
mod help;
mod paint;
mod passes;
mod widgets;

pub(super) use widgets::{Request, View};

/// The panel's width, logical pixels, in a window at least twice as wide.
pub(super) const WIDTH: f32 = 300.0;

/// The panel's width, logical pixels, in a window `window` logical pixels
/// wide: [`WIDTH`], or half the window (rounded down) where that is less,
/// so the scene keeps at least half the width.
pub(super) fn width_in(window: f32) -> f32 {
    WIDTH.min((window / 2.0).floor()).max(0.0)
}

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
    /// Whether the help (the key list, F1 or H) is shown over the scene.
    help: bool,
    /// The panel's rectangle in the last pass, points.
    area: Option<Rect>,
    /// The help's rectangle in the last pass, points.
    help_area: Option<Rect>,
    /// How many times the help has been shown: each showing's list is a
    /// new scroll area, so it opens at its top.
    help_shows: u32,
    /// The pointer's position, physical pixels of the window.
    cursor: Option<(f64, f64)>,
    /// Each control's rectangle as last logged, physical pixels.
    logged: HashMap<&'static str, [i64; 4]>,
    /// The painter of compare mode's labels and the springs view's key:
    /// made the first time either is painted.
    overlay: Option<OverlayPainter>,
    /// Whether that painter could not be made (said once in the log).
    overlay_failed: bool,
    /// The springs view's key's rectangle as last logged (`None`: hidden).
    key_logged: Option<[i64; 4]>,
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
            help: false,
            area: None,
            help_area: None,
            help_shows: 0,
            cursor: None,
            logged: HashMap::new(),
            overlay: None,
            overlay_failed: false,
            key_logged: None,
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

    /// The columns, from the left edge of a window `size` physical pixels,
    /// that the shown panel takes ([`width_in`] the window's width in
    /// points, in physical pixels): the scene is drawn right of them. 0
    /// while hidden.
    pub fn scene_left(&self, window: &Window, size: [u32; 2]) -> u32 {
        if !self.shown {
            return 0;
        }
        let ppp = egui_winit::pixels_per_point(&self.ctx, window);
        let points = width_in(size[0] as f32 / ppp);
        ((points * ppp).round().max(0.0) as u32).min(size[0])
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
        self.make_painter()?;
        self.logged.clear();
        self.shown = true;
        self.passes.forget();
        Ok(())
    }

    /// Whether the help (the key list) is shown over the scene.
    pub fn help_shown(&self) -> bool {
        self.help
    }

    /// Show the help over the scene if hidden, hide it if shown (its
    /// close button hides it too). Showing it the first time egui shows
    /// anything makes egui's painter.
    ///
    /// # Errors
    /// Why the painter could not be made (the help stays hidden).
    pub fn toggle_help(&mut self) -> Result<(), String> {
        if !self.help {
            self.make_painter()?;
            self.help_shows += 1;
        }
        self.help = !self.help;
        self.help_area = None;
        self.passes.forget();
        Ok(())
    }

    /// Whether egui runs: the panel or the help is shown.
    fn active(&self) -> bool {
        self.shown || self.help
    }

    /// Make egui's painter, if it is not made yet.
    fn make_painter(&mut self) -> Result<(), String> {
        if self.painter.is_none() {
            let painter = egui_glow::Painter::new(self.gl.clone(), "", None, false)
                .map_err(|e| format!("cannot draw the panel: {e}"))?;
            self.state.set_max_texture_side(painter.max_texture_side());
            self.painter = Some(painter);
        }
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
        if let Some(overlay) = self.overlay.take() {
            overlay.destroy();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_panel_is_its_width_or_half_the_window() {
        assert_eq!(width_in(792.0), WIDTH);
        assert_eq!(width_in(600.0), WIDTH);
        assert_eq!(width_in(599.0), 299.0);
        assert_eq!(width_in(300.0), 150.0);
        assert_eq!(width_in(1.0), 0.0);
    }
}
