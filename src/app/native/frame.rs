//! One frame of the window, in three parts: [`App::draw`] the scene (or
//! compare mode's two halves and their labels) beside the panel,
//! [`App::present`] it (the swap), and [`App::after_frame`]: the
//! readout, the frame counter's log line, the title, the picture saved and
//! the changes made in the panel.

#![forbid(unsafe_code)]

use std::time::Instant;

use super::gfx::Gfx;
use super::panel::{Request, View};
use super::{App, Saving};
use crate::app::compare;
use crate::app::controls::RunState;
use crate::app::demo::Demo;
use crate::app::pacing::Frame;
use crate::render::Viewport;

/// What a frame's drawing leaves for after it.
struct Drawn {
    /// The scene's picture, to be saved (`(width, height, RGBA rows top to
    /// bottom)`), when Save picture asked for it.
    picture: Option<(u32, u32, Vec<u8>)>,
    /// The changes the user made in the panel.
    requests: Vec<Request>,
    /// Whether egui wants another pass at once.
    again: bool,
}

impl App {
    /// Draw one frame: run the steps the pacer asks for, draw, swap, and
    /// do what follows a frame.
    pub(super) fn redraw(&mut self) {
        let (Some(_), Some((w, h))) = (&self.gfx, self.size) else {
            return;
        };
        let now = Instant::now();
        let Some(frame) = self.demo.frame(now) else {
            return;
        };
        let Some(drawn) = self.draw([w.get(), h.get()], now) else {
            return;
        };
        self.present();
        self.after_frame(now, frame, drawn);
    }

    /// Draw the scene in a window of `size` physical pixels, right of the
    /// panel when it is shown (compare mode: the original on the left,
    /// the demo on the right, and their labels), read its picture if it
    /// is to be saved (the whole window's, as if the panel were hidden),
    /// and paint the springs view's key and the panel over it at `now`. `None` with no window.
    fn draw(&mut self, size: [u32; 2], now: Instant) -> Option<Drawn> {
        let gfx = self.gfx.as_mut()?;
        let [w, h] = size;
        gfx.renderer.set_shade(self.demo.shade());
        gfx.renderer.set_springs(self.demo.springs());
        gfx.renderer.set_smooth(self.demo.smooth());
        let left = gfx.panel.scene_left(&gfx.window, size);
        let whole = Viewport::whole(w, h);
        // The picture to save is the scene's over the whole window, read
        // before the panel is painted over it.
        let picture = std::mem::take(&mut self.picture_wanted)
            .then(|| {
                draw_scene(gfx, &self.demo, whole, size);
                gfx.panel.read_picture(size)
            })
            .flatten();
        let area = Viewport {
            x: left,
            width: w - left,
            ..whole
        };
        if picture.is_none() || left > 0 {
            draw_scene(gfx, &self.demo, area, size);
        }
        // Over the scene on the screen, not in the picture saved.
        gfx.panel.paint_key(&self.demo, area, size);
        let view = View {
            demo: &self.demo,
            figures: self.readout.figures(self.demo.state()),
            line: self.save_line.as_deref(),
            folder: self.options.save.as_ref().map(|s| s.folder.as_path()),
        };
        let (requests, again) = gfx.panel.paint(&gfx.window, size, &view, now);
        Some(Drawn {
            picture,
            requests,
            again,
        })
    }

    /// Show what was drawn (swap the buffers); the first failure is
    /// logged.
    fn present(&mut self) {
        let Some(gfx) = &self.gfx else { return };
        if let Err(e) = gfx.present() {
            if !self.swap_failed {
                log::warn!("cannot show a frame: {e}");
                self.swap_failed = true;
            }
        }
    }

    /// What follows a frame shown at `now` that ran `frame`'s steps: the
    /// readout's figures, the frame counter (its log line now and then),
    /// the title (paused, it shows the step), the picture saved, and the
    /// changes made in the panel.
    fn after_frame(&mut self, now: Instant, frame: Frame, drawn: Drawn) {
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
        if let Some((width, height, rgba)) = drawn.picture {
            self.save(Saving::Picture {
                width,
                height,
                rgba,
            });
        }
        self.panel_requests(drawn.requests, drawn.again);
    }
}

/// Draw `demo`'s scene into `area` of the window's framebuffer, `size`
/// physical pixels: the whole window as the original's picture, exactly;
/// a part of it (beside the panel) with that part's aspect; compare mode's
/// halves of it and their labels.
fn draw_scene(gfx: &mut Gfx, demo: &Demo, area: Viewport, size: [u32; 2]) {
    let camera = demo.camera();
    match demo.original() {
        Some(original) => {
            compare::draw_area(&mut gfx.renderer, original, demo.sim(), &camera, area);
            gfx.panel.paint_labels(demo, area, size);
        }
        None if area == Viewport::whole(size[0], size[1]) => {
            gfx.renderer.draw(demo.sim(), &camera, size[0], size[1]);
        }
        None => gfx.renderer.draw_in(demo.sim(), &camera, area),
    }
}
