//! The window's panel (Tab): egui on the window's own glow context, drawn
//! over the scene along the left edge ([`WIDTH`] logical pixels wide,
//! scrolling), with the widgets of [`widgets`](super::widgets).
//!
//! Hidden, nothing of egui runs or paints: the window's picture is the
//! scene alone, pixel for pixel. Egui's painter is made the first time
//! the panel is shown. Shown, egui runs a pass only when the panel would
//! change (an event for it, a value it shows, the window's size, egui's
//! own timers, the readout a quarter of a second after its last change:
//! [`panel_pass`](super::panel_pass)); the frames between show the
//! picture it last painted ([`panel_cache`](super::panel_cache)). Shown, the panel takes the pointer's presses, the
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

use super::panel_cache::PanelCache;
use super::panel_pass::{Passes, Shown};
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
        let repaint = self.state.on_window_event(window, event).repaint && self.shown;
        if repaint {
            self.passes.forget();
        }
        repaint
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

    /// When the panel wants a frame though nothing else asks for one (a
    /// tooltip's delay, a step the readout does not show yet), if it does.
    pub fn repaint_at(&self) -> Option<Instant> {
        self.passes.wake_at().filter(|_| self.shown)
    }

    /// How many columns of a window `size` physical pixels, from its left
    /// edge, the panel's opaque background will cover this frame: the
    /// scene need not be drawn there. `None` while hidden, before its
    /// picture is made, or when the size or scale has changed since its
    /// last pass (that frame draws the whole scene).
    pub fn covered(&self, window: &Window, size: [u32; 2]) -> Option<u32> {
        let (area, last) = (self.area?, self.passes.last()?);
        let ppp = egui_winit::pixels_per_point(&self.ctx, window);
        let opaque = self.ctx.global_style().visuals.panel_fill.is_opaque();
        (self.shown && self.cache.is_some() && opaque && last.size == size && last.ppp == ppp)
            .then(|| (area.max.x * ppp).floor())
            .filter(|_| {
                area.min.x <= 0.0 && area.min.y <= 0.0 && area.max.y * ppp >= size[1] as f32
            })
            .map(|right| (right.max(0.0) as u32).min(size[0]))
    }

    /// Whether the time [`Panel::repaint_at`] gave has come; if so the
    /// next frame runs a pass ([`Passes::due`]).
    pub fn due(&mut self, now: Instant) -> bool {
        self.shown && self.passes.due(now)
    }

    /// Paint the panel over what is drawn in the window's `size` (physical
    /// pixels) at `now`, showing `view`: a new pass when the panel would
    /// change, else its last picture. Returns the changes the user made,
    /// and whether egui wants another pass at once (an animation). Does
    /// nothing while hidden.
    pub fn paint(
        &mut self,
        window: &Window,
        size: [u32; 2],
        view: &View,
        now: Instant,
    ) -> (Vec<Request>, bool) {
        if !self.shown || self.painter.is_none() {
            return (Vec::new(), false);
        }
        let view = View {
            demo: view.demo,
            figures: self.passes.figures(now, view.figures),
            line: view.line,
        };
        let ppp = egui_winit::pixels_per_point(&self.ctx, window);
        let shown = Shown::of(&view, size, ppp);
        let mut requests = Vec::new();
        let mut again = false;
        if self.cache.is_none() || self.passes.needed(&shown, now) {
            let delay;
            (requests, delay) = self.pass(window, size, &view);
            again = delay.is_some_and(|d| d.is_zero());
            self.passes.passed(shown, now, delay);
        }
        self.passes.drawn(view.demo.sim().steps());
        let opaque = self.covered(window, size).unwrap_or(0);
        if let (Some(cache), Some(painter)) = (&self.cache, &mut self.painter) {
            cache.show(painter, ppp, opaque);
        }
        (requests, again)
    }

    /// Run one pass of the panel over `view` and paint it: into the
    /// panel's picture (made or remade for the window's `size` when
    /// needed), or straight over the window where the picture cannot be
    /// made. Returns the changes the user made, and when egui wants its
    /// next pass (zero: at once), if it does.
    fn pass(
        &mut self,
        window: &Window,
        size: [u32; 2],
        view: &View,
    ) -> (Vec<Request>, Option<Duration>) {
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
        self.make_cache(size);
        let Some(painter) = self.painter.as_mut() else {
            return (requests, None);
        };
        match &mut self.cache {
            Some(cache) => cache.paint(painter, ppp, &primitives, &mut textures),
            None => painter.paint_and_update_textures(size, ppp, &primitives, &mut textures),
        }
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
        if delay < Duration::from_secs(1) {
            log::trace!(
                "panel: repaint in {delay:?} asked for: {:?}",
                self.ctx.repaint_causes()
            );
        }
        self.log_rects(&rects, ppp);
        (requests, (delay != Duration::MAX).then_some(delay))
    }

    /// Make the panel's picture for a window of `size`, or make it again
    /// for a new size; a failure is logged once, and the panel is then
    /// painted straight into the window.
    fn make_cache(&mut self, size: [u32; 2]) {
        let Some(painter) = self.painter.as_mut() else {
            return;
        };
        if self.cache_failed || self.cache.as_ref().is_some_and(|c| c.size() == size) {
            return;
        }
        if let Some(old) = self.cache.take() {
            old.destroy(painter);
        }
        match PanelCache::new(Arc::clone(&self.gl), painter, size) {
            Ok(cache) => self.cache = Some(cache),
            Err(e) => {
                log::warn!("{e}; the panel is painted every frame");
                self.cache_failed = true;
            }
        }
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
