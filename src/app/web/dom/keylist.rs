//! The key list: the page's `<details id="keys">`, whose `#key-list` says
//! in the page's words what the keys and the mouse do, or on a touch
//! screen what the gestures do ([`page_text::key_list`]). F1 or H opens
//! and closes it, as its summary does; once open it is scrolled into
//! view if it is not (`style.css` lays it over the picture where there is
//! room, under its summary on a phone).

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
        if let Some(keys) = self
            .window
            .document()
            .and_then(|d| d.get_element_by_id("keys"))
        {
            let _ = keys.toggle_attribute("open");
        }
    }
}

/// Write the key list for `pointing` into `list`, a `<span>` a line (its
/// text ending in a newline), so that `style.css` can wrap a long line to
/// where what it does starts (`--indent`, in `ch`).
fn fill(list: &Element, pointing: Pointing) -> Result<(), JsValue> {
    let document = list.owner_document().ok_or("no document")?;
    list.set_text_content(None);
    list.set_attribute(
        "style",
        &format!("--indent: {}ch", page_text::key_list_indent(pointing)),
    )?;
    for line in page_text::key_list(pointing).lines() {
        let span = document.create_element("span")?;
        span.set_text_content(Some(&format!("{line}\n")));
        list.append_child(&span)?;
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
    Ok(())
}
