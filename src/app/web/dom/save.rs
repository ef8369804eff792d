//! The Save buttons: the picture as a PNG and the state as a CSV state
//! file, each handed to the browser as a download under a new name
//! (`cloth-demo-N.png`, `cloth-demo-N.csv`, N counting the page's saves
//! of each kind from 1), and said in the page's `#save-note` line beside
//! the picture ([`say`]).

#![forbid(unsafe_code)]

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, HtmlElement, Url};

use super::page::Page;

/// Save the picture as it is now: drawn again at once, so the canvas's
/// buffer still holds it when it is read (the page's WebGL context does
/// not preserve its buffer past a frame), as a PNG data URL. While the
/// context is lost there is no picture: one console warning.
pub(super) fn picture(page: &mut Page) {
    if page.lost {
        complain(Err(
            "the picture is lost until the browser gives the graphics back".into(),
        ));
        return;
    }
    page.draw_now();
    let result = page
        .canvas
        .to_data_url_with_type("image/png")
        .and_then(|url| download(page, &url, "png"));
    complain(result);
}

/// Save the state now: a note of its step and model, then the state
/// file as `cloth-demo simulate --csv` writes it
/// ([`WebDemo::state_csv`](super::WebDemo::state_csv)'s text;
/// [`Demo::saved_state`](crate::app::demo::Demo::saved_state)).
pub(super) fn state(page: &mut Page) {
    let text = page.demo.saved_state();
    let result = (|| {
        let parts = js_sys::Array::of1(&JsValue::from_str(&text));
        let options = BlobPropertyBag::new();
        options.set_type("text/csv");
        let blob = Blob::new_with_str_sequence_and_options(&parts, &options)?;
        let url = Url::create_object_url_with_blob(&blob)?;
        download(page, &url, "csv")?;
        // Let go of the text once the browser has had time to take it.
        let revoke = Closure::once_into_js(move || {
            let _ = Url::revoke_object_url(&url);
        });
        page.window
            .set_timeout_with_callback_and_timeout_and_arguments_0(
                revoke.unchecked_ref(),
                10_000,
            )?;
        Ok(())
    })();
    complain(result);
}

/// A refused save: one console warning (there is no file to lose), and
/// the same words in `#save-note`.
fn complain(result: Result<(), JsValue>) {
    if let Err(e) = result {
        let line = format!("Cannot save: {}", describe(&e));
        web_sys::console::warn_1(&format!("cloth-demo: {line}").into());
        say(&line, true);
    }
}

/// A JavaScript error's message, or its debug form.
pub(super) fn describe(e: &JsValue) -> String {
    e.as_string()
        .or_else(|| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| format!("{e:?}"))
}

/// Show `line` in the page's `#save-note` (a live region beside the
/// picture), styled as an error when `error`; nothing where the page has
/// no such element.
pub(super) fn say(line: &str, error: bool) {
    let note = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("save-note"));
    if let Some(note) = note {
        note.set_text_content(Some(line));
        let _ = note.class_list().toggle_with_force("error", error);
    }
}

/// Hand `url` to the browser as a download named `cloth-demo-N.EXT`, N
/// the next of that kind's count (pictures and states counted apart): a
/// link with `download`, clicked and taken away again; `#save-note` then
/// names it.
fn download(page: &mut Page, url: &str, ext: &str) -> Result<(), JsValue> {
    let count = if ext == "png" {
        &mut page.saved_pictures
    } else {
        &mut page.saved_states
    };
    *count += 1;
    let name = format!("cloth-demo-{}.{ext}", *count);
    let document = page.window.document().ok_or("no document")?;
    let body = document.body().ok_or("no body")?;
    let link: HtmlElement = document.create_element("a")?.dyn_into()?;
    link.set_attribute("href", url)?;
    link.set_attribute("download", &name)?;
    link.style().set_property("display", "none")?;
    body.append_child(&link)?;
    link.click();
    link.remove();
    say(&format!("Saved {name} to your downloads."), false);
    Ok(())
}
