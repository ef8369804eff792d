//! The browser front end's DOM side (built for wasm32 only): the demo on a `<canvas>`, drawn by the same
//! [`Renderer`] through WebGL2 (the GLES 3.0 shaders; WebGL 1 and the ES 2.0
//! shaders where WebGL2 is missing), driven by DOM events and
//! `requestAnimationFrame`, as the article's WebGL port behaves:
//!
//! - the canvas keeps the original window's 792 x 573 shape at whatever
//!   size the page gives it, its drawing buffer in device pixels;
//! - a drag (mouse, pen or touch) across the canvas turns the view as far
//!   as a drag across the original window: positions are scaled to
//!   original-window pixels before the shared [`Orbit`](crate::app::pointer::orbit::Orbit)
//!   sees them;
//! - the right button, or Control and the left, grabs the cloth point
//!   under the pointer, as in the window; so does a finger held still for
//!   [`LONG_PRESS`](crate::app::pointer::LONG_PRESS), which then drags it. The
//!   wheel, Control and the wheel (a trackpad's pinch) and two fingers zoom;
//! - 60 steps a second, at most 15 caught up in a late frame, the first
//!   frame after two steps (the shared [`Pacer`](crate::app::pacing::Pacer));
//! - Escape stops the program (a page cannot close its tab); a click then
//!   starts it again from `Initialise()`. A caption under the canvas says so.
//! - On a touch screen a tap on the picture (a finger lifted soon and in
//!   place, [`Touches::lifted`](crate::app::web::touch::Touches::lifted)) pauses and
//!   resumes, as Space ([`keys::action_for_tap`](crate::app::keys::action_for_tap)), and once stopped starts
//!   it again, as a click; a second finger while one holds the cloth pins
//!   the point there, as P.
//! - The window's other keys ([`keys::bindings`](crate::app::keys::bindings):
//!   pause, step, restart, speed, the what-ifs) work the same; the caption
//!   starts with what differs from the default, as the window's title does
//!   (`Paused, step 1234, bending springs.`), and F1 or H opens the key
//!   list, an element `#keys` (a `<details>`) whose `#key-list` the page
//!   fills from the table (`keylist.rs`).
//! - The caption and the key list speak of keys and the mouse, or of taps
//!   and swipes where the main pointer is a finger (`pointing.rs`,
//!   [`page_text`](crate::app::web::page_text)).
//! - The browser may take the WebGL context away; the page asks for it
//!   back, says so in the caption, holds the steps, and on its return makes
//!   the renderer afresh and draws the state as it is (`lost.rs`).
//! - The panel's controls ([`CONTROLS`](crate::app::controls::CONTROLS))
//!   are HTML form controls the page builds into its `#controls` element,
//!   the most used in a bar at the picture, `#bar` (`form.rs`), each
//!   labelled, with its hint and key as its title, shown on focus and on
//!   a tap too (`hint.rs`); a key
//!   pressed on a focused control is the control's (its arrows, Space),
//!   and Tab, which shows the window's panel, is left to move the focus.
//!   After each change the address bar's query follows the settings
//!   (`address.rs`); the bar's Fullscreen button and F fill the screen
//!   with the picture (`fullscreen.rs`); and the Save buttons download the
//!   picture and the state (`save.rs`), each said in `#save-note`; a state
//!   picked with `#load-state` or dropped onto the picture is loaded
//!   (`load.rs`). `#readout` shows the window panel's figures
//!   (`readout.rs`).
//! - Compare mode's labels (`compare.rs`) and, while the springs view is
//!   on, its colour scale (`#springs-key`, `springs_key.rs`) are HTML over
//!   the canvas.
//!
//! - The query string starts it as the command line would: `?scene=flag`,
//!   `?shade=1`, `?springs=1`, `?passes=5&bend=1`..., the flags' names without `--`
//!   ([`Choices::from_query_keeping`], the flags' own value parsers), and
//!   the page's own ([`query`](crate::app::web::query)): `?speed=120`,
//!   `?orbit=R1,R2` and `?distance=D` (the speed and the view),
//!   `?steps=N`, which holds the clock after N steps (the test mode), and
//!   `?webgl=1`, which asks for WebGL 1. A bad value is left out, every
//!   good one kept, and the caption starts with a line naming each value
//!   refused, styled as an error (a console warning too).
//!
//! Built for `wasm32-unknown-unknown` with `--no-default-features
//! --features web`; `web/build` runs wasm-bindgen and lays out the page.
//! The page's `main.js` calls [`start`] and keeps the returned [`WebDemo`]
//! as `window.clothDemo`, whose methods tests (and the curious, from the
//! console) read the state through.

#![forbid(unsafe_code)]

mod address;
mod bench;
mod caption;
mod changes;
mod compare;
mod context;
mod events;
mod form;
mod fullscreen;
mod handle;
mod hint;
mod keylist;
mod load;
mod lost;
mod page;
mod pointing;
mod readout;
mod save;
mod springs_key;
mod table;

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use web_sys::{HtmlCanvasElement, HtmlElement, UrlSearchParams};

use crate::app::choices::Choices;
use crate::app::controls::{choice_of, Id, RunState, Value};
use crate::app::demo::{Clock, Demo};
use crate::app::pacing::{Mode, SPEEDS};
use crate::app::web::page_text::refused_line;
use crate::app::web::query::PageQuery;
use crate::render::Renderer;
use form::Form;
use page::Page;
use readout::ReadoutView;

pub use bench::bench_steps;
pub use handle::{wave_values, WebDemo};
pub use table::controls_table;

/// How the page was asked to run, from its query string.
#[derive(Clone, Debug, PartialEq)]
struct PageOptions {
    clock: Clock,
    /// Use WebGL 1 (and the ES 2.0 shaders) even where WebGL2 is offered.
    webgl1: bool,
    /// The speed and view a copied link starts with.
    view: PageQuery,
    /// The scene and what-ifs (`?scene=flag&shade=1&passes=5...`, the
    /// command line's flags without `--`), each good one kept.
    choices: Choices,
    /// Why each value refused was refused, one line each: the caption
    /// starts with them and the console warns of them.
    refused: Vec<String>,
}

impl PageOptions {
    /// `?steps=N`: the test mode, N steps and the clock held (a known
    /// picture); `?webgl=1`: WebGL 1 even where WebGL2 is offered;
    /// `?speed`, `?orbit`, `?distance`: the speed and view
    /// ([`PageQuery`]). Every other name is a choice of
    /// [`Choices::from_query_keeping`] (`?scene=curtain`, `?shade=1`,
    /// `?passes=5`...). No query: the original demo as it runs, 60 steps a
    /// second. A bad value is left out (as if not given) and named in
    /// [`PageOptions::refused`]; every good one is kept.
    fn from_query(query: &str) -> Self {
        let mut view = PageQuery::default();
        let mut refused = Vec::new();
        // The pairs, decoded, in order, but the page's own.
        let mut pairs: Vec<(String, String)> = Vec::new();
        if let Ok(params) = UrlSearchParams::new_with_str(query) {
            for entry in params.entries() {
                let Some((name, value)) = entry.ok().and_then(|entry| {
                    let pair = js_sys::Array::from(&entry);
                    Some((pair.get(0).as_string()?, pair.get(1).as_string()?))
                }) else {
                    continue;
                };
                match view.take(&name, &value) {
                    Ok(true) => {}
                    Ok(false) => pairs.push((name, value)),
                    Err(line) => refused.push(line),
                }
            }
        }
        let (choices, bad) =
            Choices::from_query_keeping(pairs.iter().map(|(n, v)| (n.as_str(), v.as_str())));
        refused.extend(bad);
        PageOptions {
            clock: view.steps.map_or(Clock::Paced(Mode::Fixed), Clock::Held),
            webgl1: view.webgl1,
            view,
            choices,
            refused,
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
    let options = PageOptions::from_query(query);
    let refused = (!options.refused.is_empty()).then(|| refused_line(&options.refused));
    if let Some(line) = &refused {
        web_sys::console::warn_1(&format!("cloth-demo: {line}").into());
    }
    let window = web_sys::window().ok_or("no window: not a browser page")?;
    let document = window.document().ok_or("no document: not a browser page")?;
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
    let setup = options.choices.setup();
    let mut demo = Demo::with_scene(
        options.clock,
        options.choices.scene(),
        setup.model,
        setup.shade,
    )
    .with_grid(setup.grid)
    .with_springs(setup.springs)
    .with_smooth(setup.smooth)
    .with_left(setup.left)
    .with_compare(setup.compare)
    .with_camera(options.view.camera());
    if let (Some(rate), Clock::Paced(Mode::Fixed)) = (options.view.speed, options.clock) {
        demo.set(
            Id::Speed,
            Value::Choice(choice_of(&SPEEDS, &rate)),
            web_time::Instant::now(),
        );
    }
    let page = Rc::new(RefCell::new(Page::new(
        window.clone(),
        canvas.clone(),
        caption,
        demo,
        refused,
        renderer,
        gl_info,
    )));
    let weak = Rc::downgrade(&page);
    page.borrow_mut().tick = Some(Closure::new(move |_time: f64| {
        let Some(page) = weak.upgrade() else { return };
        let mut page = page.borrow_mut();
        page.looping = false;
        page.frame();
        // Paused, frames still come (the view turns), though only a
        // changed picture is drawn; lost, the context's return asks.
        if page.demo.state() != RunState::Stopped {
            page.request_frame();
        }
    }));
    if let Some(place) = document.get_element_by_id("controls") {
        let bar = document.get_element_by_id("bar");
        page.borrow_mut().form = Some(Form::build(&document, &place, bar.as_ref())?);
    }
    if let Some(place) = document.get_element_by_id("readout") {
        page.borrow_mut().readout = Some(ReadoutView::new(&document, &place)?);
    }
    page.borrow_mut().webgl1 = options.webgl1;
    keylist::listen(&document, &page)?;
    hint::listen(&document)?;
    fullscreen::listen(&document)?;
    // The caption and the key list, in the words for the pointing in use.
    pointing::follow(&window, &page)?;
    page.borrow().show_controls(false);
    changes::listen(&page)?;
    events::listen(&canvas, &window, &page)?;
    events::observe_size(&canvas, &page)?;
    lost::listen(&canvas, &page)?;
    load::listen(&canvas, &page)?;
    page.borrow_mut().request_frame();
    Ok(WebDemo { page })
}
