//! The reason beside a control where a touch screen or a keyboard can see
//! it: each control's hint (the article's reason and its key, the
//! control's `title`, which shows only on hover) shown in a line over the
//! picture's foot (`#hint`) while the control has the focus, or after a
//! tap or click on it, and hidden when the focus or a press goes
//! elsewhere on the page.

#![forbid(unsafe_code)]

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, Event, HtmlElement};

/// The controls whose hints show: the page's `#controls` and its `#bar`.
const CONTROLS: &str = "#controls [title], #bar [title]";

/// Show in `hint` the hint of the control `event` reached (its `title`,
/// or its row's), or hide `hint` if the event lies outside the controls.
fn show(hint: &HtmlElement, event: &Event) {
    let title = event
        .target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .and_then(|e| e.closest(CONTROLS).ok().flatten())
        .and_then(|e| e.get_attribute("title"))
        .filter(|t| !t.is_empty());
    match title {
        Some(title) => {
            if hint.text_content().as_deref() != Some(title.as_str()) {
                hint.set_text_content(Some(&title));
            }
            hint.set_hidden(false);
        }
        None => hint.set_hidden(true),
    }
}

/// Follow the focus and the pointer in `document`: a control focused,
/// tapped or clicked shows its hint in `#hint`; the focus or a press
/// elsewhere on the page hides it. A page without `#hint` has
/// none, and no error.
///
/// # Errors
/// The DOM refused a listener.
pub(super) fn listen(document: &Document) -> Result<(), JsValue> {
    let Some(hint) = document
        .get_element_by_id("hint")
        .and_then(|e| e.dyn_into::<HtmlElement>().ok())
    else {
        return Ok(());
    };
    for name in ["focusin", "pointerdown"] {
        let hint = hint.clone();
        let f = Closure::<dyn FnMut(Event)>::new(move |event: Event| show(&hint, &event));
        document.add_event_listener_with_callback(name, f.as_ref().unchecked_ref())?;
        f.forget();
    }
    Ok(())
}
