//! One frame of the window: the steps the pacer asks for, the scene (or
//! compare mode's two halves and their labels), the panel over it, the
//! swap, then the readout, the frame counter's log line and the title.

#![forbid(unsafe_code)]

use std::time::Instant;

use super::widgets::View;
use super::{App, Saving};
use crate::app::compare;
use crate::app::controls::RunState;
use crate::render::Viewport;

impl App {
    /// Draw one frame: run the steps the pacer asks for, draw, swap.
    pub(super) fn redraw(&mut self) {
        let (Some(gfx), Some((w, h))) = (&mut self.gfx, self.size) else {
            return;
        };
        let now = Instant::now();
        let Some(frame) = self.demo.frame(now) else {
            return;
        };
        gfx.renderer.set_shade(self.demo.shade());
        gfx.renderer.set_springs(self.demo.springs());
        match self.demo.original() {
            // Compare mode: the original on the left, the demo on the right.
            Some(original) => {
                let split = compare::split(w.get(), h.get());
                let camera = self.demo.camera();
                gfx.renderer.draw_in(original, &camera, split.left);
                gfx.renderer.draw_in(self.demo.sim(), &camera, split.right);
                gfx.panel.paint_labels(&self.demo, [w.get(), h.get()]);
            }
            // The panel's columns are left out (it covers them) unless
            // the picture is to be saved.
            None => {
                let left = (!self.picture_wanted)
                    .then(|| gfx.panel.covered(&gfx.window, [w.get(), h.get()]))
                    .flatten()
                    .unwrap_or(0);
                let visible = Viewport {
                    x: left,
                    y: 0,
                    width: w.get().saturating_sub(left),
                    height: h.get(),
                };
                let camera = self.demo.camera();
                gfx.renderer
                    .draw_visible(self.demo.sim(), &camera, w.get(), h.get(), visible);
            }
        }
        let size = [w.get(), h.get()];
        // The picture to save is the scene's, read before the panel is
        // painted over it.
        let picture = std::mem::take(&mut self.picture_wanted)
            .then(|| gfx.panel.read_picture(size))
            .flatten();
        let view = View {
            demo: &self.demo,
            figures: self.readout.figures(),
            line: self.save_line.as_deref(),
        };
        let (requests, again) = gfx.panel.paint(&gfx.window, size, &view, now);
        if let Err(e) = gfx.present() {
            if !self.swap_failed {
                log::warn!("cannot show a frame: {e}");
                self.swap_failed = true;
            }
        }
        self.readout.record(
            now,
            frame.steps,
            self.demo.physics_time(),
            self.demo.sim().steps(),
        );
        if let Some(r) = self.counter.record(now, frame) {
            log::info!(
                "{:.1} frames/s, {:.1} steps/s ({} frames, {} steps, {} dropped in {:.2} s; {} steps in all)",
                r.fps(),
                r.steps_per_second(),
                r.frames,
                r.steps,
                r.dropped,
                r.seconds,
                self.demo.sim().steps()
            );
        }
        // Paused, the title shows the step: a new scene's first frame (N)
        // moves it (from 0 to 2).
        if frame.steps > 0 && self.demo.state() == RunState::Paused {
            self.show_title();
        }
        if let Some((width, height, rgba)) = picture {
            self.save(Saving::Picture {
                width,
                height,
                rgba,
            });
        }
        self.panel_requests(requests, again);
    }
}
