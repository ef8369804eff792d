//! The window's panel (Tab): egui on the window's own glow context, drawn
//! over the scene along the left edge ([`WIDTH`] logical pixels wide,
//! scrolling), with the widgets of [`widgets`](super::widgets).
//!
//! Hidden, nothing of egui runs or paints: the window's picture is the
//! scene alone, pixel for pixel. Egui's painter is made the first time
//! the panel is shown. Shown, the panel takes the pointer's presses, the
//! wheel and pinches over it (and a slider's drag wherever it goes), and
//! the keys only while egui edits a value typed in; everything else goes
//! to the demo as before. Each control's rectangle is logged at debug
//! level when it changes, in physical pixels of the window
//! (`panel: "Pause" at 8,82 size 60x18`), for tests that click them.

#![forbid(unsafe_code)]

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use egui::{Pos2, Rect, ViewportId};
use winit::event::WindowEvent;
use winit::window::Window;

use super::widgets::{build, Request, View};
use crate::app::compare;
use crate::app::demo::Demo;
use crate::app::overlay::LabelPainter;

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
    /// When egui wants its next pass, if not with the next frame.
    repaint_at: Option<Instant>,
    /// Compare mode's labels' painter: made the first time compare mode
    /// is drawn; destroyed on drop, as the panel's painter is.
    labels: Option<LabelPainter>,
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
            repaint_at: None,
            labels: None,
        }
    }

    /// Paint compare mode's two labels ([`compare::labels`]) over the
    /// picture, `size` physical pixels, for `demo`'s scene and model. A
    /// painter that cannot be made is logged once and the labels left out.
    pub fn paint_labels(&mut self, demo: &Demo, size: [u32; 2]) {
        if self.labels.is_none() {
            match LabelPainter::new(Arc::clone(&self.gl)) {
                Ok(p) => self.labels = Some(p),
                Err(e) => {
                    log::warn!("{e}");
                    return;
                }
            }
        }
        if let Some(painter) = &mut self.labels {
            let model = demo.sim().model();
            let labels = compare::labels(demo.scene(), &model, size[0], size[1]);
            painter.paint(&labels, size[0], size[1]);
        }
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
            self.repaint_at = None;
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

    /// Hand a window event to egui while the panel is shown: all but the
    /// keys, which egui gets only while it edits a typed value
    /// ([`Panel::takes_keys`]). Returns whether egui wants a new pass to
    /// show it (the window should redraw).
    pub fn on_event(&mut self, window: &Window, event: &WindowEvent) -> bool {
        if let WindowEvent::CursorMoved { position, .. } = event {
            self.cursor = Some((position.x, position.y));
        }
        if let WindowEvent::CursorLeft { .. } = event {
            self.cursor = None;
        }
        let keys = matches!(
            event,
            WindowEvent::KeyboardInput { .. } | WindowEvent::Ime(_)
        );
        let scale = matches!(event, WindowEvent::ScaleFactorChanged { .. });
        // A redraw is what egui would ask for, not a reason for another.
        let redraw = matches!(event, WindowEvent::RedrawRequested);
        if !(self.shown || scale) || redraw || (keys && !self.takes_keys()) {
            return false;
        }
        self.state.on_window_event(window, event).repaint && self.shown
    }

    /// Whether the keys go to egui, not the demo: while the panel is
    /// shown and a value is being typed into it.
    pub fn takes_keys(&self) -> bool {
        self.shown && self.ctx.egui_wants_keyboard_input()
    }

    /// Whether a press, the wheel or a pinch goes to egui, not the demo:
    /// while the panel is shown, with the pointer over it or dragging one
    /// of its widgets.
    pub fn takes_pointer(&self, window: &Window) -> bool {
        if !self.shown {
            return false;
        }
        let over = match (self.area, self.cursor) {
            (Some(area), Some((x, y))) => {
                let ppp = window.scale_factor() as f32;
                area.contains(Pos2::new(x as f32 / ppp, y as f32 / ppp))
            }
            _ => false,
        };
        over || self.ctx.egui_wants_pointer_input()
    }

    /// When egui wants its next pass though nothing else asks for a frame
    /// (a tooltip's delay), if it does.
    pub fn repaint_at(&self) -> Option<Instant> {
        self.repaint_at.filter(|_| self.shown)
    }

    /// Run one pass of the panel over `view` and paint it over what is
    /// drawn in the window's `size` (physical pixels). Returns the changes
    /// the user made, and whether egui wants another pass at once (an
    /// animation). Does nothing while hidden.
    pub fn paint(&mut self, window: &Window, size: [u32; 2], view: &View) -> (Vec<Request>, bool) {
        let Some(painter) = self.painter.as_mut().filter(|_| self.shown) else {
            return (Vec::new(), false);
        };
        let t0 = Instant::now();
        let input = self.state.take_egui_input(window);
        let mut requests = Vec::new();
        let mut rects = Vec::new();
        let mut area = None;
        let output = self.ctx.run_ui(input, |ui| {
            let shown = egui::Panel::left("panel")
                .resizable(false)
                .exact_size(WIDTH)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical()
                        .show(ui, |ui| build(ui, view))
                        .inner
                });
            area = Some(shown.response.rect);
            (requests, rects) = shown.inner;
        });
        self.area = area;
        self.state
            .handle_platform_output(window, output.platform_output);
        let ppp = output.pixels_per_point;
        let primitives = self.ctx.tessellate(output.shapes, ppp);
        let mut textures = output.textures_delta;
        let t1 = Instant::now();
        painter.paint_and_update_textures(size, ppp, &primitives, &mut textures);
        log::trace!(
            "panel: pass {:?}, paint {:?}, {} primitives",
            t1 - t0,
            t1.elapsed(),
            primitives.len()
        );
        let delay = output
            .viewport_output
            .get(&ViewportId::ROOT)
            .map_or(Duration::MAX, |v| v.repaint_delay);
        let now = delay.is_zero();
        if delay < Duration::from_secs(1) {
            log::trace!(
                "panel: repaint in {delay:?} asked for: {:?}",
                self.ctx.repaint_causes()
            );
        }
        self.repaint_at = (!now).then(|| Instant::now().checked_add(delay)).flatten();
        self.log_rects(&rects, ppp);
        (requests, now)
    }

    /// The window's picture as drawn so far this frame (before the panel
    /// is painted over it): `(width, height, RGBA rows top to bottom)` of
    /// `size` pixels, or `None` before the painter is made.
    pub fn read_picture(&self, size: [u32; 2]) -> Option<(u32, u32, Vec<u8>)> {
        let image = self.painter.as_ref()?.read_screen_rgba(size);
        let rgba = image.pixels.iter().flat_map(|p| p.to_array()).collect();
        Some((size[0], size[1], rgba))
    }

    /// Log each control's rectangle (physical pixels) that changed.
    fn log_rects(&mut self, rects: &[(&'static str, Rect)], ppp: f32) {
        for &(label, rect) in rects {
            let r = [rect.min.x, rect.min.y, rect.width(), rect.height()]
                .map(|v| (v * ppp).round() as i64);
            if self.logged.get(label) != Some(&r) {
                log::debug!(
                    "panel: \"{label}\" at {},{} size {}x{}",
                    r[0],
                    r[1],
                    r[2],
                    r[3]
                );
                self.logged.insert(label, r);
            }
        }
    }
}

impl Drop for Panel {
    fn drop(&mut self) {
        if let Some(painter) = &mut self.painter {
            painter.destroy();
        }
        if let Some(labels) = self.labels.take() {
            labels.destroy();
        }
    }
}
