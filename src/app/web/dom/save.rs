//! The Save buttons: the picture as a PNG and the state as a CSV state
//! file, each handed to the browser as a download under a new name
//! (`cloth-demo-N.png`, `cloth-demo-N.csv`, N counting the page's saves
//! from 1).

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

/// A refused save: one console warning (there is no file to lose).
fn complain(result: Result<(), JsValue>) {
    if let Err(e) = result {
        web_sys::console::warn_1(&format!("cloth-demo: cannot save: {e:?}").into());
    }
}

/// Hand `url` to the browser as a download named `cloth-demo-N.EXT`:
/// a link with `download`, clicked and taken away again.
fn download(page: &mut Page, url: &str, ext: &str) -> Result<(), JsValue> {
    page.saves += 1;
    let name = format!("cloth-demo-{}.{ext}", page.saves);
    let document = page.window.document().ok_or("no document")?;
    let body = document.body().ok_or("no body")?;
    let link: HtmlElement = document.create_element("a")?.dyn_into()?;
    link.set_attribute("href", url)?;
    link.set_attribute("download", &name)?;
    link.style().set_property("display", "none")?;
    body.append_child(&link)?;
    link.click();
    link.remove();
    Ok(())
}
