//! The address bar follows the settings: after each change the page's
//! query is rewritten in place (`history.replaceState`, no new history
//! entry) to the page's own `?steps` and `?webgl`, where given, then the
//! demo's choices ([`Choices::query`](crate::app::choices::Choices::query)),
//! then its speed and view ([`view_pairs`]), so a copied link starts the
//! same scene, model, look, speed and view.

#![forbid(unsafe_code)]

use wasm_bindgen::prelude::*;
use web_sys::{UrlSearchParams, Window};

use crate::app::demo::{Clock, Demo};
use crate::app::pacing::Mode;
use crate::app::web::query::view_pairs;

/// The query (with its `?`, or empty) for `demo` on a page whose query
/// is now `search`: `search`'s `steps` and `webgl`, then the choices,
/// then the speed and the view.
fn query(search: &str, demo: &Demo) -> Result<String, JsValue> {
    let params = UrlSearchParams::new_with_str(search)?;
    let mut pairs: Vec<String> = ["steps", "webgl"]
        .iter()
        .filter_map(|&name| {
            let value = params.get(name)?;
            Some(format!("{name}={}", js_sys::encode_uri_component(&value)))
        })
        .collect();
    let choices = demo.choices().query();
    if !choices.is_empty() {
        pairs.push(choices);
    }
    let speed = match demo.clock() {
        Clock::Paced(Mode::Fixed) => demo.speed(),
        _ => None,
    };
    pairs.extend(view_pairs(speed, &demo.camera()));
    Ok(if pairs.is_empty() {
        String::new()
    } else {
        format!("?{}", pairs.join("&"))
    })
}

/// Rewrite `window`'s address to `demo`'s query, if it differs (so a
/// slider dragged at length does not flood the browser's history).
///
/// # Errors
/// The browser refused to read or rewrite the address.
pub(super) fn follow(window: &Window, demo: &Demo) -> Result<(), JsValue> {
    let location = window.location();
    let search = location.search()?;
    let want = query(&search, demo)?;
    if want == search {
        return Ok(());
    }
    let url = format!("{}{want}{}", location.pathname()?, location.hash()?);
    window
        .history()?
        .replace_state_with_url(&JsValue::NULL, "", Some(&url))
}
