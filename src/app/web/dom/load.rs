//! Load state: a saved state (`cloth-demo-N.csv`, or any state file)
//! picked with the page's `#load-state` file input or dropped onto the
//! picture, read by the browser and handed to [`Demo::load`]; the result
//! is said in `#save-note` ([`save::say`]).
//!
//! [`Demo::load`]: crate::app::demo::Demo::load

#![forbid(unsafe_code)]

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DragEvent, Event, File, HtmlCanvasElement, HtmlInputElement};

use super::page::Page;
use super::save::{describe, say};

/// Listen to the file input `#load-state` (where the page has one) and to
/// files dragged over and dropped onto `canvas`. The listeners live as
/// long as the page.
///
/// # Errors
/// The DOM refused a listener.
pub(super) fn listen(canvas: &HtmlCanvasElement, page: &Rc<RefCell<Page>>) -> Result<(), JsValue> {
    let document = page.borrow().window.document().ok_or("no document")?;
    if let Some(input) = document
        .get_element_by_id("load-state")
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
    {
        let page = Rc::clone(page);
        let target = input.clone();
        let f = Closure::<dyn FnMut()>::new(move || {
            if let Some(file) = target.files().and_then(|files| files.get(0)) {
                read(&page, file);
            }
            // The same file picked again is a change too.
            target.set_value("");
        });
        input.add_event_listener_with_callback("change", f.as_ref().unchecked_ref())?;
        f.forget();
    }
    // A drop needs the dragover's default (no drop) prevented.
    let over = Closure::<dyn FnMut(Event)>::new(|e: Event| e.prevent_default());
    canvas.add_event_listener_with_callback("dragover", over.as_ref().unchecked_ref())?;
    over.forget();
    let page = Rc::clone(page);
    let drop = Closure::<dyn FnMut(DragEvent)>::new(move |e: DragEvent| {
        e.prevent_default();
        let file = e
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|files| files.get(0));
        if let Some(file) = file {
            read(&page, file);
        }
    });
    canvas.add_event_listener_with_callback("drop", drop.as_ref().unchecked_ref())?;
    drop.forget();
    Ok(())
}

/// Read `file` as text, then load it.
fn read(page: &Rc<RefCell<Page>>, file: File) {
    let name = file.name();
    let failed_name = name.clone();
    let page = Rc::clone(page);
    let done = Closure::once(move |text: JsValue| {
        let text = text.as_string().unwrap_or_default();
        load(&mut page.borrow_mut(), &name, &text);
    });
    let failed = Closure::once(move |e: JsValue| {
        say(
            &format!("Cannot read {failed_name}: {}", describe(&e)),
            true,
        );
    });
    let _ = file.text().then2(&done, &failed);
    // One of them runs, once; both stay for the promise.
    done.forget();
    failed.forget();
}

/// Load the state `text` from the file `name` into the demo and show it,
/// or say why not (the demo then runs on as it was).
pub(super) fn load(page: &mut Page, name: &str, text: &str) {
    match page.demo.load(text.as_bytes(), web_time::Instant::now()) {
        Ok(what) => {
            say(&format!("Loaded {name}: {what}."), false);
            page.changed(true);
        }
        Err(e) => say(&format!("Cannot load {name}: {e}"), true),
    }
}
