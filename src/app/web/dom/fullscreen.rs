//! The page's fullscreen: the picture with its bar and caption (the
//! `<figure>`) filling the screen through the Fullscreen API, and back, by
//! a button at the end of the bar (`#fullscreen`) or the key F (the page's
//! own: the key table has no F; the browser's Escape leaves it too).

#![forbid(unsafe_code)]

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element};

/// The button's text.
const LABEL: &str = "Fullscreen";

/// Say in the console that the browser refused fullscreen, and why.
fn refused(why: &JsValue) {
    let why = why
        .dyn_ref::<js_sys::Error>()
        .map_or_else(|| format!("{why:?}"), |e| String::from(e.message()));
    web_sys::console::warn_1(&format!("cloth-demo: no fullscreen here: {why}").into());
}

/// Fill the screen with the page's `<figure>`, or leave fullscreen if
/// something fills it; a browser that refuses (at once, or by rejecting
/// the request's promise) gets a console warning, not an uncaught error.
pub(super) fn toggle(document: &Document) {
    if document.fullscreen_element().is_some() {
        document.exit_fullscreen();
        return;
    }
    let Some(figure) = document.query_selector("figure").ok().flatten() else {
        return;
    };
    // requestFullscreen() called by name, for the promise it returns
    // (web-sys drops it).
    let asked = js_sys::Reflect::get(&figure, &"requestFullscreen".into())
        .and_then(|f| f.dyn_into::<js_sys::Function>())
        .and_then(|f| f.call0(&figure));
    match asked {
        Ok(promise) => {
            if let Some(promise) = promise.dyn_ref::<js_sys::Promise>() {
                let caught = Closure::<dyn FnMut(JsValue)>::new(|why: JsValue| refused(&why));
                let _ = promise.catch(&caught);
                caught.forget();
            }
        }
        Err(why) => refused(&why),
    }
}

/// Say on `button` whether the page fills the screen (`aria-pressed`).
fn show(document: &Document, button: &Element) {
    let on = document.fullscreen_element().is_some();
    let _ = button.set_attribute("aria-pressed", if on { "true" } else { "false" });
}

/// Add the fullscreen button to the end of the bar (`#bar`), and follow
/// the page in and out of fullscreen. A page without the bar, or a
/// browser without the Fullscreen API, has no button and no error.
///
/// # Errors
/// The DOM refused the button or a listener.
pub(super) fn listen(document: &Document) -> Result<(), JsValue> {
    let Some(bar) = document.get_element_by_id("bar") else {
        return Ok(());
    };
    if !document.fullscreen_enabled() {
        return Ok(());
    }
    let button = document.create_element("button")?;
    button.set_attribute("type", "button")?;
    button.set_id("fullscreen");
    button.set_class_name("button");
    button.set_text_content(Some(LABEL));
    button.set_attribute(
        "title",
        "The picture, its bar and its caption fill the screen; again, or Escape, to leave. Key: F.",
    )?;
    show(document, &button);
    bar.append_child(&button)?;
    let clicked = {
        let document = document.clone();
        Closure::<dyn FnMut()>::new(move || toggle(&document))
    };
    button.add_event_listener_with_callback("click", clicked.as_ref().unchecked_ref())?;
    clicked.forget();
    let changed = {
        let document = document.clone();
        Closure::<dyn FnMut()>::new(move || show(&document, &button))
    };
    document
        .add_event_listener_with_callback("fullscreenchange", changed.as_ref().unchecked_ref())?;
    changed.forget();
    Ok(())
}
