//! The panel painted: egui's passes over the demo's values (when one is
//! needed, [`passes`](super::passes)) into the panel's picture
//! ([`cache`](super::cache)), that picture shown over the scene each
//! frame, the columns it covers (the scene need not be drawn there), the
//! window's picture read before the panel goes over it (Save picture),
//! each control's rectangle logged, and compare mode's labels and the
//! springs view's key, painted with the panel's GL.

#![forbid(unsafe_code)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use egui::{Rect, ViewportId};
use winit::window::Window;

use super::cache::PanelCache;
use super::help;
use super::passes::Shown;
use super::widgets::{build, save_line, Request, View};
use super::{width_in, Panel};
use crate::app::compare;
use crate::app::demo::Demo;
use crate::app::overlay::OverlayPainter;
use crate::app::springs_key;
use crate::render::Viewport;

impl Panel {
    /// Paint compare mode's two labels ([`compare::labels_in`]) over the
    /// halves of `area` (the scene's rectangle of the window's
    /// framebuffer, `size` physical pixels), for `demo`'s scene and model.
    pub fn paint_labels(&mut self, demo: &Demo, area: Viewport, size: [u32; 2]) {
        if let Some(painter) = self.overlay() {
            let model = demo.sim().model();
            let labels = compare::labels_in(&demo.left(), demo.scene(), &model, area);
            painter.paint(&labels, size[0], size[1]);
        }
    }

    /// Paint the springs view's key ([`springs_key::key_in`]) in the
    /// bottom-right corner of `area` (the scene's rectangle of the
    /// window's framebuffer, `size` physical pixels) while `demo` shows
    /// the view, unless the area is too small for it.
    /// Where it goes is logged at debug level when it changes (`springs
    /// key at 601,506 size 184x60`, physical pixels of the window; `springs
    /// key hidden`), for tests that read it.
    pub fn paint_key(&mut self, demo: &Demo, area: Viewport, size: [u32; 2]) {
        let key = demo
            .springs()
            .then(|| springs_key::key_in(area, size[1]))
            .flatten();
        let rect = key.map(|k| k.rect.map(|v| v.round() as i64));
        if rect != self.key_logged {
            match rect {
                Some([x, y, w, h]) => log::debug!("springs key at {x},{y} size {w}x{h}"),
                None => log::debug!("springs key hidden"),
            }
            self.key_logged = rect;
        }
        let Some(key) = key else { return };
        if let Some(painter) = self.overlay() {
            painter.paint_key(&key, size[0], size[1]);
        }
    }

    /// The painter of the labels and the key, made on first use; one that
    /// cannot be made is logged once and nothing painted over the scene.
    fn overlay(&mut self) -> Option<&mut OverlayPainter> {
        if self.overlay.is_none() && !self.overlay_failed {
            match OverlayPainter::new(Arc::clone(&self.gl)) {
                Ok(p) => self.overlay = Some(p),
                Err(e) => {
                    log::warn!("{e}");
                    self.overlay_failed = true;
                }
            }
        }
        self.overlay.as_mut()
    }

    /// When the panel wants a frame though nothing else asks for one (a
    /// tooltip's delay, a step the readout does not show yet), if it does.
    pub fn repaint_at(&self) -> Option<Instant> {
        self.passes.wake_at().filter(|_| self.active())
    }

    /// How many columns of a window `size` physical pixels, from its left
    /// edge, the panel's opaque background covers in its last pass's
    /// picture: they are copied as they are, not blended. `None` while hidden, before its
    /// picture is made, or when the size or scale has changed since its
    /// last pass (that frame draws the whole scene).
    fn covered(&self, window: &Window, size: [u32; 2]) -> Option<u32> {
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
    /// next frame runs a pass ([`Passes::due`](super::passes::Passes::due)).
    pub fn due(&mut self, now: Instant) -> bool {
        self.active() && self.passes.due(now)
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
        if !self.active() || self.painter.is_none() {
            return (Vec::new(), false);
        }
        let view = View {
            demo: view.demo,
            figures: self.passes.figures(now, view.figures),
            line: view.line,
            folder: view.folder,
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
        let ppp = egui_winit::pixels_per_point(&self.ctx, window);
        let panel = self.shown;
        let width = if panel {
            width_in(size[0] as f32 / ppp)
        } else {
            0.0
        };
        let load_path = &mut self.load_path;
        let mut help = self.help;
        let help_shows = self.help_shows;
        let mut help_area = None;
        let output = self.ctx.run_ui(input, |ui| {
            if panel {
                // Narrower than its widgets (a small window), it scrolls
                // both ways.
                let shown = egui::Panel::left("panel")
                    .resizable(false)
                    .exact_size(width)
                    .show(ui, |ui| {
                        save_line(ui, view);
                        egui::ScrollArea::both()
                            .show(ui, |ui| build(ui, view, load_path))
                            .inner
                    });
                area = Some(shown.response.rect);
                (requests, rects) = shown.inner;
            }
            if help {
                let mut scene = ui.ctx().content_rect();
                scene.min.x += width;
                help_area = help::show(ui, scene, &mut help, help_shows);
            }
        });
        self.area = area;
        self.help_area = help_area.filter(|_| help);
        if self.help != help {
            log::info!("help hidden (its close button)");
            self.help = help;
        }
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
