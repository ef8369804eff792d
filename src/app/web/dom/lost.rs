//! The canvas's WebGL context lost and given back. The browser may take
//! a page's context at any time (a GPU reset, a driver update, too many
//! contexts, a phone short of memory) and, when the page asks for it back
//! by calling `preventDefault()` on `webglcontextlost`, gives it back
//! later with `webglcontextrestored`, empty: every GL object made on it is
//! gone.
//!
//! While it is lost the caption says so ([`LOST`](crate::app::web::page_text::LOST)),
//! the steps wait (no frame runs, so nothing happens unseen) and inputs
//! still change the demo, to be drawn when it comes back. Then the
//! renderer, the only holder of GL objects on the page (compare mode's
//! labels are HTML text), is made afresh on the restored context, the
//! clock goes on from there without catching up, and the state as it is
//! now is drawn.

#![forbid(unsafe_code)]

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlCanvasElement;

use super::context;
use super::page::Page;
use crate::render::Renderer;

impl Page {
    /// The context is lost: drop the renderer (its GL objects went with
    /// the context; deleting them on a lost context does nothing), end
    /// every drag, hold the steps and say so in the caption.
    fn lose(&mut self) {
        self.lost = true;
        self.renderer = None;
        self.forget_drawn();
        self.demo.focus_lost();
        self.show_caption();
    }

    /// The context is back: a new renderer on it, the clock going on from
    /// now, and the demo drawn as it is at the next frame.
    ///
    /// # Errors
    /// One line: the browser gave back no context, or refused the shaders.
    fn restore(&mut self) -> Result<(), String> {
        let (gl, _) = context::context(&self.canvas, self.webgl1)?;
        let renderer = Renderer::new(gl).map_err(|e| format!("cannot draw again: {e}"))?;
        self.renderer = Some(renderer);
        self.lost = false;
        self.demo.resume_clock(web_time::Instant::now());
        self.forget_drawn();
        self.show_caption();
        self.request_frame();
        Ok(())
    }
}

/// Listen for the canvas's context lost (asking for it back) and
/// restored. The listeners live as long as the page.
///
/// # Errors
/// The DOM refused a listener.
pub(super) fn listen(canvas: &HtmlCanvasElement, page: &Rc<RefCell<Page>>) -> Result<(), String> {
    let fail = |e: JsValue| format!("cannot listen for the WebGL context: {e:?}");
    let lost = {
        let page = Rc::clone(page);
        Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            // Without this the browser never gives the context back.
            event.prevent_default();
            page.borrow_mut().lose();
        })
    };
    canvas
        .add_event_listener_with_callback("webglcontextlost", lost.as_ref().unchecked_ref())
        .map_err(fail)?;
    lost.forget();
    let restored = {
        let page = Rc::clone(page);
        Closure::<dyn FnMut()>::new(move || {
            let mut page = page.borrow_mut();
            if let Err(e) = page.restore() {
                web_sys::console::error_1(&format!("cloth-demo: {e}").into());
                page.caption
                    .set_text_content(Some(&format!("The picture cannot come back: {e}")));
            }
        })
    };
    canvas
        .add_event_listener_with_callback("webglcontextrestored", restored.as_ref().unchecked_ref())
        .map_err(fail)?;
    restored.forget();
    Ok(())
}
