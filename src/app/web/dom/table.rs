//! The controls' table as the page's tests read it: `controlsTable()`,
//! one plain object a row of [`CONTROLS`], so a test walks the same rows
//! the page built its form and its keys from.

#![forbid(unsafe_code)]

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::app::controls::{Widget, CONTROLS};

/// Every row of [`CONTROLS`] in order, each an object `{ id, section,
/// label, widget, key, flag, hint }`: `id` the [`Id`](crate::app::controls::Id)'s
/// name (`"Bend"`), `section` its heading (`"Model"`), `widget` its kind
/// (`"Button"`, `"Check"`, `"Slider"` or `"Select"`), `key` the keys as
/// the hover text names them (`"1, 5 and 0"`) or `null`, `flag` its first
/// flag's name (`"bend"`) or `null`, `hint` the hover text's sentence.
///
/// # Errors
/// A `TypeError` from setting a property, which a plain object never
/// raises.
#[wasm_bindgen(js_name = controlsTable)]
pub fn controls_table() -> Result<Array, JsValue> {
    let rows = Array::new();
    for c in CONTROLS {
        let row = Object::new();
        let widget = match c.widget {
            Widget::Button => "Button",
            Widget::Check => "Check",
            Widget::Slider { .. } => "Slider",
            Widget::Select(_) => "Select",
        };
        let text = |s: &str| JsValue::from_str(s);
        let or_null = |s: Option<&str>| s.map_or(JsValue::NULL, JsValue::from_str);
        for (name, value) in [
            ("id", text(&format!("{:?}", c.id))),
            ("section", text(c.section.heading())),
            ("label", text(c.label)),
            ("widget", text(widget)),
            ("key", or_null(c.key().as_deref())),
            ("flag", or_null(c.flag().map(|f| f.name))),
            ("hint", text(c.hint)),
        ] {
            Reflect::set(&row, &JsValue::from_str(name), &value)?;
        }
        rows.push(&row);
    }
    Ok(rows)
}
