//! The browser front end: the demo on a `<canvas>`, drawn by the same
//! [`Renderer`] through WebGL2 (the GLES 3.0 shaders; WebGL 1 and the ES 2.0
//! shaders where WebGL2 is missing), driven by DOM events and
//! `requestAnimationFrame`, as the article's WebGL port behaves:
//!
//! - the canvas keeps the original window's 792 x 573 shape at whatever
//!   size the page gives it, its drawing buffer in device pixels;
//! - a drag (mouse, pen or touch) across the canvas turns the view as far
//!   as a drag across the original window: positions are scaled to
//!   original-window pixels before the shared [`Orbit`](super::orbit::Orbit)
//!   sees them;
//! - 60 steps a second, at most 15 caught up in a late frame, the first
//!   frame after two steps (the shared [`Pacer`](super::pacing::Pacer));
//! - Escape stops the program (a page cannot close its tab); a click then
//!   starts it again from `Initialise()`. A caption under the canvas says so.
//! - The window's other keys ([`keys::BINDINGS`](crate::app::keys::BINDINGS):
//!   pause, step, restart, speed, the what-ifs) work the same; the caption
//!   starts with what differs from the default, as the window's title does
//!   (`Paused, step 1234, bending springs.`), and F1 or H opens the key
//!   list, an element `#keys` (a `<details>`) whose `#key-list` the page
//!   fills from the table at start.
//!
//! - The query string starts it as the command line would: `?scene=flag`,
//!   `?shade=1`, `?passes=5&bend=1`..., the flags' names without `--`
//!   ([`Choices::from_query`], the flags' own value parsers). A bad one is
//!   one line in the caption and a console warning, and the original runs.
//!   `?steps=N` holds the clock after N steps (the test mode); `?webgl=1`
//!   asks for WebGL 1.
//!
//! Built for `wasm32-unknown-unknown` with `--no-default-features
//! --features web`; `web/build` runs wasm-bindgen and lays out the page.
//! The page's `main.js` calls [`start`] and keeps the returned [`WebDemo`]
//! as `window.clothDemo`, whose methods tests (and the curious, from the
//! console) read the state through.

mod context;
mod events;
mod handle;

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, HtmlElement, MouseEvent, UrlSearchParams, Window};

use super::choices::Choices;
use super::demo::{Clock, Demo};
use super::input::{self, Action};
use super::keys;
use super::pacing::Mode;
use super::INNER_SIZE;
use crate::render::{Camera, Renderer};

pub use handle::{wave_values, WebDemo};

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

/// How the page was asked to run, from its query string.
#[derive(Clone, Debug, PartialEq)]
struct PageOptions {
    clock: Clock,
    /// Use WebGL 1 (and the ES 2.0 shaders) even where WebGL2 is offered.
    webgl1: bool,
    /// The scene and what-ifs (`?scene=flag&shade=1&passes=5...`, the
    /// command line's flags without `--`); the original's when a value
    /// was bad.
    choices: Choices,
    /// Why the choices asked for were refused, one line: the caption
    /// starts with it and the console warns of it.
    refused: Option<String>,
}

impl PageOptions {
    /// `?steps=N`: the test mode, N steps and the clock held (a known
    /// picture); `?webgl=1`: WebGL 1 even where WebGL2 is offered. Every
    /// other name is a choice of [`Choices::from_query`] (`?scene=curtain`,
    /// `?shade=1`, `?passes=5`...). No query: the original demo as it
    /// runs, 60 steps a second.
    ///
    /// # Errors
    /// One line naming a bad `?steps` or `?webgl` and what it takes (the
    /// page cannot start). A bad choice is no error: the original's
    /// choices, and the line in [`PageOptions::refused`].
    fn from_query(query: &str) -> Result<Self, String> {
        let params =
            UrlSearchParams::new_with_str(query).map_err(|_| format!("bad query {query:?}"))?;
        let clock = match params.get("steps") {
            None => Clock::Paced(Mode::Fixed),
            Some(n) => Clock::Held(n.parse().map_err(|_| {
                format!("bad ?steps={n}: it takes a whole number of steps, 0 to 4294967295")
            })?),
        };
        let webgl1 = match params.get("webgl").as_deref() {
            None | Some("2") => false,
            Some("1") => true,
            Some(v) => return Err(format!("bad ?webgl={v}: it takes 1 or 2")),
        };
        // The pairs, decoded, in order, but the page's own two.
        let pairs: Vec<(String, String)> = params
            .entries()
            .into_iter()
            .filter_map(|entry| {
                let pair = js_sys::Array::from(&entry.ok()?);
                Some((pair.get(0).as_string()?, pair.get(1).as_string()?))
            })
            .filter(|(name, _)| name != "steps" && name != "webgl")
            .collect();
        let (choices, refused) =
            match Choices::from_query(pairs.iter().map(|(n, v)| (n.as_str(), v.as_str()))) {
                Ok(choices) => (choices, None),
                Err(line) => (Choices::default(), Some(line)),
            };
        Ok(PageOptions {
            clock,
            webgl1,
            choices,
            refused,
        })
    }
}

/// What was last drawn, to skip frames that would draw the same picture.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Drawn {
    steps: u64,
    shade: bool,
    camera: Camera,
    width: u32,
    height: u32,
}

/// The page's state: the shared demo, the renderer on the canvas's WebGL
/// context, and what the tests read.
struct Page {
    window: Window,
    canvas: HtmlCanvasElement,
    caption: HtmlElement,
    /// Why the query's choices were refused (the original runs instead),
    /// shown first in the caption until N starts another scene.
    refused: Option<String>,
    demo: Demo,
    renderer: Renderer,
    /// The GL in use, for [`WebDemo::gl_info`].
    gl_info: String,
    /// The canvas's size on the screen in device pixels, as the browser
    /// last reported it (`devicePixelContentBoxSize`, exactly the pixels it
    /// covers); `None` before that, or where the browser does not say.
    /// Used only while it agrees with the CSS size times the pixel ratio.
    device_size: Option<(u32, u32)>,
    /// The last picture drawn; `None` before the first frame and after a
    /// restart.
    drawn: Option<Drawn>,
    /// Frames drawn, since the page started.
    frames: u64,
    /// `performance.now()` (ms since navigation) when the first frame had
    /// been drawn.
    first_frame_ms: Option<f64>,
    /// Whether an animation frame is requested.
    looping: bool,
    /// The animation frame callback (set once, after the page is made).
    tick: Option<Closure<dyn FnMut(f64)>>,
}

impl Page {
    /// Size the drawing buffer to the canvas's size on the page in device
    /// pixels, run the frame's steps and draw if the picture changed.
    fn frame(&mut self) {
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
            self.drawn = None;
        }
        // Stopped, nothing steps and the view cannot turn: the picture is
        // drawn again only if the canvas was resized (which clears it).
        let ran = self.demo.frame(web_time::Instant::now());
        // Paused, the caption shows the step: a restart's first frame
        // moves it (from 0 to 2).
        if ran.is_some_and(|f| f.steps > 0) && self.demo.state() == input::RunState::Paused {
            self.show_caption();
        }
        let now = Drawn {
            steps: self.demo.sim().steps(),
            shade: self.demo.shade(),
            camera: self.demo.camera(),
            width,
            height,
        };
        if self.drawn == Some(now) || width == 0 || height == 0 {
            return;
        }
        self.renderer.set_shade(now.shade);
        self.renderer
            .draw(self.demo.sim(), &now.camera, width, height);
        self.drawn = Some(now);
        self.frames += 1;
        if self.first_frame_ms.is_none() {
            self.first_frame_ms = self.window.performance().map(|p| p.now());
        }
    }

    /// Ask for the next animation frame, unless one is asked for already.
    fn request_frame(&mut self) {
        if self.looping {
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
    /// CSS pixels from the canvas's corner, and the scale from
    /// original-window pixels to CSS pixels.
    fn pointer_position(&self, event: &MouseEvent) -> (f64, f64, f64) {
        let rect = self.canvas.get_bounding_client_rect();
        let scale = rect.width() / INNER_SIZE.0;
        (
            f64::from(event.client_x()) - rect.left(),
            f64::from(event.client_y()) - rect.top(),
            scale,
        )
    }

    /// Do what a key or click asks, and show it: the caption, and a frame
    /// (a step while paused, a restart).
    fn apply(&mut self, action: Action) {
        if action == Action::Help {
            self.toggle_keys();
            return;
        }
        self.demo.apply(action, web_time::Instant::now());
        if matches!(action, Action::Restart | Action::NextScene) {
            self.drawn = None;
        }
        if action == Action::NextScene {
            self.refused = None;
        }
        self.show_caption();
        self.request_frame();
    }

    /// The caption for the demo as it is now, after why the query's
    /// choices were refused if they were.
    fn show_caption(&self) {
        let mut text = match self.demo.state() {
            input::RunState::Stopped => CAPTION_STOPPED.to_string(),
            _ => caption(&self.demo.status()),
        };
        if let Some(refused) = &self.refused {
            text = format!("{}. {text}", refused_line(refused));
        }
        self.caption.set_text_content(Some(&text));
    }

    /// Open the key list (`#keys`, a `<details>`), or close it if open.
    fn toggle_keys(&self) {
        if let Some(keys) = self
            .window
            .document()
            .and_then(|d| d.get_element_by_id("keys"))
        {
            let _ = keys.toggle_attribute("open");
        }
    }
}

/// Start the demo on `canvas`, with `caption` under it, as the page's
/// `query` string (`location.search`) asks: see the module docs.
///
/// # Errors
/// One line for the page to show: a bad query parameter, no WebGL in
/// this browser, or shaders the browser refused.
#[wasm_bindgen]
pub fn start(
    canvas: HtmlCanvasElement,
    caption: HtmlElement,
    query: &str,
) -> Result<WebDemo, JsValue> {
    console_error_panic_hook::set_once();
    let options = PageOptions::from_query(query)?;
    if let Some(refused) = &options.refused {
        web_sys::console::warn_1(&format!("cloth-demo: {}", refused_line(refused)).into());
    }
    let window = web_sys::window().ok_or("no window: not a browser page")?;
    if let Some(list) = window
        .document()
        .and_then(|d| d.get_element_by_id("key-list"))
    {
        list.set_text_content(Some(&keys::help()));
    }
    let (gl, version) = context::context(&canvas, options.webgl1)?;
    let depth_bits = context::gl_parameter(&version, glow::DEPTH_BITS);
    let colour_bits = [glow::RED_BITS, glow::GREEN_BITS, glow::BLUE_BITS]
        .map(|p| context::gl_parameter(&version, p).to_string())
        .join("/");
    let renderer = Renderer::new(gl).map_err(|e| format!("cannot draw in this browser: {e}"))?;
    let gl_info = format!(
        "{}; shaders {:?}; colour {colour_bits} bits, depth {depth_bits} bits",
        version.version_string(),
        renderer.dialect()
    );
    let page = Rc::new(RefCell::new(Page {
        window: window.clone(),
        canvas: canvas.clone(),
        caption,
        demo: Demo::with_scene(
            options.clock,
            options.choices.scene(),
            options.choices.model(),
            options.choices.shade(),
        ),
        refused: options.refused,
        renderer,
        gl_info,
        device_size: None,
        drawn: None,
        frames: 0,
        first_frame_ms: None,
        looping: false,
        tick: None,
    }));
    let weak = Rc::downgrade(&page);
    page.borrow_mut().tick = Some(Closure::new(move |_time: f64| {
        let Some(page) = weak.upgrade() else { return };
        let mut page = page.borrow_mut();
        page.looping = false;
        page.frame();
        // Paused, frames still come (the view turns), though only a
        // changed picture is drawn.
        if page.demo.state() != input::RunState::Stopped {
            page.request_frame();
        }
    }));
    page.borrow().show_caption();
    events::listen(&canvas, &window, &page)?;
    events::observe_size(&canvas, &page)?;
    page.borrow_mut().request_frame();
    Ok(WebDemo { page })
}
