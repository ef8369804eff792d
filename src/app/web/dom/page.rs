//! The running page: [`Page`], the shared demo with the renderer on the
//! canvas's WebGL context, and what the tests read of it.

#![forbid(unsafe_code)]

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement, HtmlElement, MouseEvent, Window};

use super::address;
use super::compare::CompareLabels;
use super::form::Form;
use super::readout::ReadoutView;
use super::springs_key::SpringsKey;
use crate::app::compare;
use crate::app::controls::{Action, Id, RunState};
use crate::app::demo::Demo;
use crate::app::web::page_text::Pointing;
use crate::app::web::touch::Touches;
use crate::app::INNER_SIZE;
use crate::render::{Camera, Renderer};

/// What was last drawn, to skip frames that would draw the same picture.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Drawn {
    steps: u64,
    shade: bool,
    springs: bool,
    smooth: bool,
    compare: bool,
    camera: Camera,
    width: u32,
    height: u32,
}

/// The page's state: the shared demo, the renderer on the canvas's WebGL
/// context, and what the tests read.
pub(super) struct Page {
    pub(super) window: Window,
    pub(super) canvas: HtmlCanvasElement,
    pub(super) caption: HtmlElement,
    /// Why the query's values were refused (the page runs without them),
    /// shown first in the caption until another scene is started.
    pub(super) refused: Option<String>,
    pub(super) demo: Demo,
    /// The fingers on the canvas: a long press, a pinch.
    pub(super) touches: Touches,
    /// The renderer on the canvas's context; `None` while the context is
    /// lost (`lost.rs`).
    pub(super) renderer: Option<Renderer>,
    /// Whether the page asked for WebGL 1 (`?webgl=1`), to ask the same
    /// when the context comes back.
    pub(super) webgl1: bool,
    /// Whether the browser has taken the WebGL context away: nothing
    /// steps or draws, and the caption says so.
    pub(super) lost: bool,
    /// The pointing the page speaks to (`pointing.rs`): its caption and key
    /// list follow them.
    pub(super) pointing: Pointing,
    /// The GL in use, for [`WebDemo::gl_info`](super::WebDemo::gl_info).
    pub(super) gl_info: String,
    /// The canvas's size on the screen in device pixels, as the browser
    /// last reported it (`devicePixelContentBoxSize`, exactly the pixels it
    /// covers); `None` before that, or where the browser does not say.
    /// Used only while it agrees with the CSS size times the pixel ratio.
    pub(super) device_size: Option<(u32, u32)>,
    /// The last picture drawn; `None` before the first frame and after a
    /// restart or a new scene.
    drawn: Option<Drawn>,
    /// Compare mode's labels over the canvas (`None` where the page could
    /// not make them).
    compare_labels: Option<CompareLabels>,
    /// The springs view's key over the canvas (`None` where the page could
    /// not make it).
    springs_key: Option<SpringsKey>,
    /// Frames drawn, since the page started.
    pub(super) frames: u64,
    /// `performance.now()` (ms since navigation) when the first frame had
    /// been drawn.
    pub(super) first_frame_ms: Option<f64>,
    /// Whether an animation frame is requested.
    pub(super) looping: bool,
    /// The animation frame callback (set once, after the page is made).
    pub(super) tick: Option<Closure<dyn FnMut(f64)>>,
    /// The controls (`#controls`), where the page has a place for them.
    pub(super) form: Option<Form>,
    /// The readout (`#readout`), where the page has one.
    pub(super) readout: Option<ReadoutView>,
    /// The key list (`#key-list`), where the page has one.
    pub(super) key_list: Option<Element>,
    /// Pictures saved so far (each picture's name counts on from it).
    pub(super) saved_pictures: u32,
    /// States saved so far, counted apart from the pictures.
    pub(super) saved_states: u32,
    /// The view the address last carried, and when it was written
    /// (`performance.now()`, ms): a turn or zoom is written once it rests,
    /// at most [`ADDRESS_EVERY_MS`] apart.
    written_view: (Camera, f64),
}

/// How often a turning or zooming view is written into the address at
/// most, ms (browsers refuse a page that rewrites it too often).
const ADDRESS_EVERY_MS: f64 = 500.0;

impl Page {
    /// The page before its first frame: `demo` drawn by `renderer` (on
    /// `canvas`'s WebGL2 context, described by `gl_info`; set
    /// [`Page::webgl1`] for a WebGL 1 one) in `window`, its caption in
    /// `caption`, after `refused` (why the query's values were refused)
    /// if given, in a mouse's words. No animation frame is asked for yet,
    /// and no callback set for one ([`Page::tick`]).
    pub(super) fn new(
        window: Window,
        canvas: HtmlCanvasElement,
        caption: HtmlElement,
        demo: Demo,
        refused: Option<String>,
        renderer: Renderer,
        gl_info: String,
    ) -> Self {
        let document = window.document();
        let compare_labels = document
            .as_ref()
            .and_then(|d| CompareLabels::new(d, &canvas));
        let springs_key = document.as_ref().and_then(|d| SpringsKey::new(d, &canvas));
        Page {
            window,
            canvas,
            caption,
            refused,
            demo,
            touches: Touches::new(),
            renderer: Some(renderer),
            webgl1: false,
            lost: false,
            pointing: Pointing::Mouse,
            gl_info,
            device_size: None,
            drawn: None,
            compare_labels,
            springs_key,
            frames: 0,
            first_frame_ms: None,
            looping: false,
            tick: None,
            form: None,
            readout: None,
            key_list: None,
            saved_pictures: 0,
            saved_states: 0,
            written_view: (Camera::default(), 0.0),
        }
    }

    /// Size the drawing buffer to the canvas's size on the page in device
    /// pixels, run the frame's steps, feed the readout and draw if the
    /// picture changed. Nothing while the context is lost.
    pub(super) fn frame(&mut self) {
        if self.lost {
            return;
        }
        let rect = self.canvas.get_bounding_client_rect();
        let ratio = self.window.device_pixel_ratio();
        let css = (rect.width() * ratio, rect.height() * ratio);
        let near = |px: u32, css: f64| (f64::from(px) - css).abs() <= 1.0;
        let (width, height) = match self.device_size {
            // The pixels the canvas covers, when the browser says; not when
            // that disagrees with the pixel ratio (Chromium's device
            // emulation, as in DevTools, reports CSS pixels there).
            Some((w, h)) if near(w, css.0) && near(h, css.1) => (w, h),
            // Otherwise the CSS size times the pixel ratio, which can be a
            // pixel off where the canvas sits between pixels.
            _ => (css.0.round().max(0.0) as u32, css.1.round().max(0.0) as u32),
        };
        if self.canvas.width() != width || self.canvas.height() != height {
            // Resizing clears the buffer: draw again whatever else holds.
            self.canvas.set_width(width);
            self.canvas.set_height(height);
            self.demo.set_view_size(width, height);
            self.drawn = None;
        }
        // A finger held still long enough grabs instead of turning.
        if self.touches.long_press_due(self.now_ms()) {
            self.demo.long_press();
        }
        // Stopped, nothing steps and the view cannot turn: the picture is
        // drawn again only if the canvas was resized (which clears it).
        let now = web_time::Instant::now();
        let ran = self.demo.frame(now);
        // Paused, the caption shows the step: a new scene's first frame
        // (N) moves it (from 0 to 2, or the held count).
        if ran.is_some_and(|f| f.steps > 0) && self.demo.state() == RunState::Paused {
            self.show_caption();
        }
        if let Some(ran) = ran {
            let now_ms = self.now_ms();
            if let Some(readout) = &mut self.readout {
                let (physics, step) = (self.demo.physics_time(), self.demo.sim().steps());
                readout.record(now, ran.steps, physics, step);
                readout.show(now_ms, false, self.demo.state());
            }
        }
        self.draw(width, height);
        self.follow_view();
    }

    /// Write a turned or zoomed view into the address, once no drag turns
    /// it and [`ADDRESS_EVERY_MS`] has passed since the last write.
    fn follow_view(&mut self) {
        let camera = self.demo.camera();
        let now_ms = self.now_ms();
        if camera == self.written_view.0
            || self.demo.orbit().is_pressed()
            || now_ms - self.written_view.1 < ADDRESS_EVERY_MS
        {
            return;
        }
        self.written_view = (camera, now_ms);
        self.show_controls(true);
    }

    /// Draw the picture at once, changed or not (for Save picture, which
    /// reads the canvas before the browser shows and clears it).
    pub(super) fn draw_now(&mut self) {
        self.drawn = None;
        self.draw(self.canvas.width(), self.canvas.height());
    }

    /// Draw the next frame whatever was drawn last (the canvas was
    /// cleared, or its context made afresh).
    pub(super) fn forget_drawn(&mut self) {
        self.drawn = None;
    }

    /// Draw the demo into the `width x height` drawing buffer, unless the
    /// last picture drawn is this one.
    fn draw(&mut self, width: u32, height: u32) {
        let now = Drawn {
            steps: self.demo.sim().steps(),
            shade: self.demo.shade(),
            springs: self.demo.springs(),
            smooth: self.demo.smooth(),
            compare: self.demo.compare(),
            camera: self.demo.camera(),
            width,
            height,
        };
        if let Some(labels) = &mut self.compare_labels {
            labels.update(&self.demo, &self.canvas, width, height);
        }
        if let Some(key) = &mut self.springs_key {
            key.update(now.springs && width > 0 && height > 0, &self.canvas);
        }
        let Some(renderer) = &mut self.renderer else {
            return;
        };
        if self.drawn == Some(now) || width == 0 || height == 0 {
            return;
        }
        renderer.set_shade(now.shade);
        renderer.set_springs(now.springs);
        renderer.set_smooth(now.smooth);
        match self.demo.original() {
            // Compare mode: the original on the left, the demo on the right.
            Some(original) => {
                compare::draw(
                    renderer,
                    original,
                    self.demo.sim(),
                    &now.camera,
                    width,
                    height,
                );
            }
            None => renderer.draw(self.demo.sim(), &now.camera, width, height),
        }
        self.drawn = Some(now);
        self.frames += 1;
        if self.first_frame_ms.is_none() {
            self.first_frame_ms = self.window.performance().map(|p| p.now());
        }
    }

    /// Ask for the next animation frame, unless one is asked for already
    /// or the context is lost (its return asks for one).
    pub(super) fn request_frame(&mut self) {
        if self.looping || self.lost {
            return;
        }
        if let Some(tick) = &self.tick {
            self.looping = self
                .window
                .request_animation_frame(tick.as_ref().unchecked_ref())
                .is_ok();
        }
    }

    /// A pointer (mouse, pen, touch) event at the canvas: its position in
    /// CSS pixels from the canvas's corner.
    pub(super) fn css_position(&self, event: &MouseEvent) -> (f64, f64) {
        let rect = self.canvas.get_bounding_client_rect();
        (
            f64::from(event.client_x()) - rect.left(),
            f64::from(event.client_y()) - rect.top(),
        )
    }

    /// Drawing-buffer pixels per CSS pixel (1 while either size is 0).
    pub(super) fn buffer_per_css(&self) -> f64 {
        let css = self.canvas.get_bounding_client_rect().width();
        let buffer = f64::from(self.canvas.width());
        if css > 0.0 && buffer > 0.0 {
            buffer / css
        } else {
            1.0
        }
    }

    /// A pointer event at the canvas: its position in the drawing buffer's
    /// pixels from the canvas's corner, and the buffer's pixels per
    /// original-window pixel, as the demo takes them (telling it the
    /// buffer's size, which it picks in).
    pub(super) fn pointer_position(&mut self, event: &MouseEvent) -> (f64, f64, f64) {
        let (x, y) = self.css_position(event);
        let k = self.buffer_per_css();
        let scale = self.canvas.get_bounding_client_rect().width() * k / INNER_SIZE.0;
        self.demo
            .set_view_size(self.canvas.width(), self.canvas.height());
        (x * k, y * k, scale)
    }

    /// `performance.now()`: ms since navigation (0 where there is none).
    pub(super) fn now_ms(&self) -> f64 {
        self.window.performance().map_or(0.0, |p| p.now())
    }

    /// Do what a key or click asks, and show it: the caption, and a frame
    /// (a step while paused, a restart).
    pub(super) fn apply(&mut self, action: Action) {
        if action == Action::Help {
            self.toggle_keys();
            return;
        }
        self.demo.apply(action, web_time::Instant::now());
        let next_scene = action == Action::Cycle(Id::Scene);
        if action == Action::Restart || next_scene {
            self.drawn = None;
        }
        if next_scene {
            self.refused = None;
        }
        self.show_readout();
        self.show_caption();
        self.show_controls(true);
        self.request_frame();
    }

    /// Show the step and the state in the readout at once (a step, a
    /// restart, a pause, Escape: no frame may come to show them).
    fn show_readout(&mut self) {
        let (step, now_ms, state) = (self.demo.sim().steps(), self.now_ms(), self.demo.state());
        if let Some(readout) = &mut self.readout {
            readout.set_step(step, now_ms, state);
        }
    }

    /// After a control changed the demo: draw it again, and show it in
    /// the caption, the controls and (when `address`) the address bar.
    pub(super) fn changed(&mut self, address: bool) {
        self.drawn = None;
        self.show_readout();
        self.show_caption();
        self.show_controls(address);
        self.request_frame();
    }

    /// Show the demo as it is now in every control, and (when `address`)
    /// in the address bar's query ([`address::follow`]; a browser that
    /// refuses gets a console warning).
    pub(super) fn show_controls(&self, address: bool) {
        if let Some(form) = &self.form {
            form.show(&self.demo);
        }
        if address {
            if let Err(e) = address::follow(&self.window, &self.demo) {
                web_sys::console::warn_1(
                    &format!("cloth-demo: cannot rewrite the address: {e:?}").into(),
                );
            }
        }
    }
}
