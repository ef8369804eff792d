//! The key list: the page's `<details id="keys">`, whose `#key-list` says
//! in the page's words what the keys and the mouse do, or on a touch
//! screen what the gestures do ([`page_text::key_sections`]). F1 or H opens
//! and closes it, as its summary does, and so do its close button
//! (`#keys-close`) and Escape; once open it is scrolled into view if it
//! is not (`style.css` lays it over the picture where there is room,
//! under its summary on a phone).

#![forbid(unsafe_code)]

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, ScrollIntoViewOptions, ScrollLogicalPosition};

use super::page::Page;
use crate::app::web::page_text::{self, Pointing};

impl Page {
    /// Speak to `pointing` from now on: the caption and the key list in
    /// their words.
    pub(super) fn set_pointing(&mut self, pointing: Pointing) {
        self.pointing = pointing;
        self.show_caption();
        if let Some(list) = &self.key_list {
            if let Err(e) = fill(list, pointing) {
                web_sys::console::warn_1(
                    &format!("cloth-demo: cannot list the keys: {e:?}").into(),
                );
            }
        }
    }

    /// Open the key list (`#keys`, a `<details>`), or close it if open.
    pub(super) fn toggle_keys(&self) {
        if let Some(keys) = self.keys() {
            let _ = keys.toggle_attribute("open");
        }
    }

    /// Close the key list if it is open; whether it was.
    pub(super) fn close_keys(&self) -> bool {
        match self.keys() {
            Some(keys) if keys.has_attribute("open") => {
                let _ = keys.remove_attribute("open");
                true
            }
            _ => false,
        }
    }

    /// The key list's `<details id="keys">`, where the page has one.
    fn keys(&self) -> Option<Element> {
        self.window
            .document()
            .and_then(|d| d.get_element_by_id("keys"))
    }
}

/// Write the key list for `pointing` into `list`: a `<span
/// class="key-head">` a heading, and a `<span class="key-row">` a row
/// holding the keys (`<span class="key">`) and what they do, each ending
/// in a newline (so its text reads a row a line); `style.css` sets the
/// rows in two columns, in the page's own type.
fn fill(list: &Element, pointing: Pointing) -> Result<(), JsValue> {
    let document = list.owner_document().ok_or("no document")?;
    list.set_text_content(None);
    let span = |class: &str, text: &str| -> Result<Element, JsValue> {
        let e = document.create_element("span")?;
        e.set_class_name(class);
        e.set_text_content(Some(text));
        Ok(e)
    };
    for (heading, rows) in page_text::key_sections(pointing) {
        let head = span("key-head", &format!("{heading}\n"))?;
        list.append_child(&head)?;
        for (keys, does) in rows {
            let row = document.create_element("span")?;
            row.set_class_name("key-row");
            let (key, what) = (span("key", keys)?, span("does", &format!(" {does}\n"))?);
            row.append_child(&key)?;
            row.append_child(&what)?;
            list.append_child(&row)?;
        }
    }
    Ok(())
}

/// Bring `list` into view, as little as needed, if its `<details>` is open.
fn reveal(details: &Element, list: &Element) {
    if details.has_attribute("open") {
        let options = ScrollIntoViewOptions::new();
        options.set_block(ScrollLogicalPosition::Nearest);
        options.set_inline(ScrollLogicalPosition::Nearest);
        list.scroll_into_view_with_scroll_into_view_options(&options);
    }
}

/// Find the key list in `document` for `page` to fill, and scroll it into
/// view whenever it opens (by its summary or by a key). A page without
/// `#keys` and `#key-list` has no list, and no error.
///
/// # Errors
/// The DOM refused the listener.
pub(super) fn listen(document: &Document, page: &Rc<RefCell<Page>>) -> Result<(), String> {
    let (Some(details), Some(list)) = (
        document.get_element_by_id("keys"),
        document.get_element_by_id("key-list"),
    ) else {
        return Ok(());
    };
    page.borrow_mut().key_list = Some(list.clone());
    let toggled = {
        let details = details.clone();
        Closure::<dyn FnMut()>::new(move || reveal(&details, &list))
    };
    details
        .add_event_listener_with_callback("toggle", toggled.as_ref().unchecked_ref())
        .map_err(|e| format!("cannot follow the key list: {e:?}"))?;
    // The page holds the listener from now on; nothing removes it.
    toggled.forget();
    if let Some(button) = document.get_element_by_id("keys-close") {
        let closed = {
            let details = details.clone();
            Closure::<dyn FnMut()>::new(move || {
                let _ = details.remove_attribute("open");
            })
        };
        button
            .add_event_listener_with_callback("click", closed.as_ref().unchecked_ref())
            .map_err(|e| format!("cannot follow the key list's close button: {e:?}"))?;
        closed.forget();
    }
    Ok(())
}
