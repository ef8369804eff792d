//! The page's DOM events, wired to the shared demo: pointer (mouse, pen,
//! touch) drags, clicks, keys, and the canvas's size on the screen.

#![forbid(unsafe_code)]

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    HtmlCanvasElement, KeyboardEvent, PointerEvent, ResizeObserver, ResizeObserverEntry,
    ResizeObserverSize, Window,
};

use super::page::Page;
use crate::app::input::{self, Key, KeyPress, Modifiers};

/// Wire the DOM events to the page: pointer moves, presses and releases
/// on the canvas (captured, so a drag goes on outside it), the capture
/// lost and the page's focus lost (each ends a drag), clicks on it, and
/// keys anywhere on the page. The listeners live as long as the page.
pub(super) fn listen(
    canvas: &HtmlCanvasElement,
    window: &Window,
    page: &Rc<RefCell<Page>>,
) -> Result<(), String> {
    let fail = |e: JsValue| format!("cannot listen to the page's events: {e:?}");

    let on = |target: &web_sys::EventTarget, name: &str, f: Closure<dyn FnMut(JsValue)>| {
        let added = target.add_event_listener_with_callback(name, f.as_ref().unchecked_ref());
        // The page holds the listener from now on; nothing removes it.
        f.forget();
        added
    };
    let with_page = |f: fn(&mut Page, JsValue)| {
        let page = Rc::clone(page);
        Closure::<dyn FnMut(JsValue)>::new(move |event: JsValue| f(&mut page.borrow_mut(), event))
    };

    on(
        canvas,
        "pointerdown",
        with_page(|page, event| {
            let Some(event) = event.dyn_ref::<PointerEvent>() else {
                return;
            };
            if !event.is_primary() || event.button() != 0 {
                return;
            }
            // Record where the press is first, so the drag counts from here
            // (a touch starts wherever the finger lands).
            let (x, y, scale) = page.pointer_position(event);
            page.demo.cursor_moved(x, y, scale);
            page.demo.button(true);
            if page.demo.orbit().is_pressed() {
                let _ = page.canvas.set_pointer_capture(event.pointer_id());
            }
        }),
    )
    .map_err(fail)?;
    on(
        canvas,
        "pointermove",
        with_page(|page, event| {
            let Some(event) = event.dyn_ref::<PointerEvent>() else {
                return;
            };
            if event.is_primary() {
                let (x, y, scale) = page.pointer_position(event);
                page.demo.cursor_moved(x, y, scale);
            }
        }),
    )
    .map_err(fail)?;
    for name in ["pointerup", "pointercancel"] {
        on(
            canvas,
            name,
            with_page(|page, event| {
                if event
                    .dyn_ref::<PointerEvent>()
                    .is_some_and(|e| e.is_primary())
                {
                    page.demo.button(false);
                }
            }),
        )
        .map_err(fail)?;
    }
    // The drag ends when the canvas loses its pointer capture (the browser
    // or the page took it) or the page loses the focus (another window or
    // tab took it): the release may then never reach the canvas, and a
    // later move without a press must not turn the view.
    on(
        canvas,
        "lostpointercapture",
        with_page(|page, _event| {
            page.demo.focus_lost();
        }),
    )
    .map_err(fail)?;
    on(
        window,
        "blur",
        with_page(|page, _event| {
            page.demo.focus_lost();
        }),
    )
    .map_err(fail)?;
    on(
        canvas,
        "click",
        with_page(|page, _event| {
            if let Some(action) = input::action_for_click(page.demo.state()) {
                page.apply(action);
            }
        }),
    )
    .map_err(fail)?;
    on(
        window,
        "keydown",
        with_page(|page, event| {
            let Some(event) = event.dyn_ref::<KeyboardEvent>() else {
                return;
            };
            let press = KeyPress {
                key: Key::from_key_value(&event.key()),
                repeat: event.repeat(),
                modifiers: Modifiers {
                    ctrl: event.ctrl_key(),
                    alt: event.alt_key(),
                    logo: event.meta_key(),
                },
            };
            if let Some(action) = input::action_for_key(press, page.demo.state()) {
                // The page's own use of the key (Space and the arrow
                // scroll, F1 opens help) gives way to the demo's.
                event.prevent_default();
                page.apply(action);
            }
        }),
    )
    .map_err(fail)?;
    Ok(())
}

/// Keep [`Page::device_size`] up to date: a `ResizeObserver` on the canvas
/// reads the `devicePixelContentBoxSize` every change reports (Chromium and
/// Firefox give it; where it is missing, the page falls back to the CSS
/// size times the pixel ratio). The observer lives as long as the page.
pub(super) fn observe_size(
    canvas: &HtmlCanvasElement,
    page: &Rc<RefCell<Page>>,
) -> Result<(), String> {
    let page = Rc::clone(page);
    let changed = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        for entry in entries.iter() {
            let Some(entry) = entry.dyn_ref::<ResizeObserverEntry>() else {
                continue;
            };
            let sizes = entry.device_pixel_content_box_size();
            if sizes.is_undefined() {
                continue;
            }
            if let Some(size) = sizes.get(0).dyn_ref::<ResizeObserverSize>() {
                let side = |px: f64| px.round().max(0.0) as u32;
                let mut page = page.borrow_mut();
                page.device_size = Some((side(size.inline_size()), side(size.block_size())));
                page.request_frame();
            }
        }
    });
    let observer = ResizeObserver::new(changed.as_ref().unchecked_ref())
        .map_err(|e| format!("cannot follow the canvas's size: {e:?}"))?;
    changed.forget();
    observer.observe(canvas);
    Ok(())
}
