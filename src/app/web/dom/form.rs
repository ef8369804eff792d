//! The page's controls: one HTML form control a row of
//! [`CONTROLS`], built into the page's `#controls` element under a
//! `<fieldset>` a [`Section`], each named by a real `<label>` (a button by
//! its text) and carrying the row's hint and key as its `title`:
//!
//! - [`Widget::Check`]: `<input type=checkbox>` inside its `<label>`;
//! - [`Widget::Slider`]: `<label for>`, `<input type=range>` moving through
//!   the slider's [travel](crate::app::controls::travel) (a position a pass for
//!   Passes a step; 1,000 positions, logarithmic for Thickness and Tear
//!   at, symmetric-logarithmic for the wind, for the continuous ones),
//!   its `aria-valuetext` the value, and an `<output>` showing the value;
//! - [`Widget::Select`]: `<label for>` and a `<select>` of the names, and
//!   one more option, hidden, shown when the select is off (Steps a
//!   second under a held clock: `held`, its hover text saying why);
//! - [`Widget::Button`]: `<button type=button>`.
//!
//! The controls used most ([`BAR`]) sit in the bar at the picture
//! (`#bar`) instead of their sections.
//!
//! [`Form::show`] sets each one's state from [`Demo::value`] and
//! [`Demo::enabled`]; `changes.rs` pointing each change to the demo.

#![forbid(unsafe_code)]

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlInputElement, HtmlSelectElement};

use crate::app::controls::travel;
use crate::app::controls::{Control, Id, RunState, Section, Value, Widget, CONTROLS};
use crate::app::demo::{Clock, Demo};

/// One control on the page: its row of the table and its elements.
pub(super) struct Field {
    pub(super) control: &'static Control,
    /// The `<input>`, `<select>` or `<button>`.
    pub(super) element: Element,
    /// A slider's `<output>`.
    output: Option<Element>,
    /// The row it sits in, hidden while the control means nothing under
    /// the model running ([`Demo::shown`]).
    row: Option<Element>,
}

/// The page's controls, built from [`CONTROLS`].
pub(super) struct Form {
    pub(super) fields: Vec<Field>,
}

/// The controls used most, in the order the bar at the picture (`#bar`)
/// shows them: pause, one step, restart, the scene, the springs view,
/// compare and the solver. Each is the one control of its row, placed
/// there instead of in its section.
pub(super) const BAR: [Id; 7] = [
    Id::Paused,
    Id::Step,
    Id::Restart,
    Id::Scene,
    Id::Springs,
    Id::Compare,
    Id::Solver,
];

/// The element id of `control`'s form control: `control-` and its label in
/// lower case, words joined by `-` (`control-bending-springs`).
fn element_id(control: &Control) -> String {
    let words: Vec<String> = control
        .label
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    format!("control-{}", words.join("-"))
}

/// What a select that is off shows instead of a choice, and its hover
/// text: Steps a second under the held clock of `?steps=N` says it is
/// held, and why; any other says nothing.
fn off_text(demo: &Demo, id: Id) -> (&'static str, String) {
    match (id, demo.clock()) {
        (Id::Speed, Clock::Held(n)) => (
            "held",
            format!("The clock is held at step {n}, as the address asks (?steps={n}); without ?steps the page runs 60 steps a second."),
        ),
        _ => ("", String::new()),
    }
}

/// A new `tag` element of `document`, with `class` if not empty.
fn make(document: &Document, tag: &str, class: &str) -> Result<Element, JsValue> {
    let e = document.create_element(tag)?;
    if !class.is_empty() {
        e.set_class_name(class);
    }
    Ok(e)
}

impl Form {
    /// Build the controls into `container` (emptied first), but those of
    /// [`BAR`] into `bar` (emptied first) where the page has one.
    ///
    /// # Errors
    /// The DOM refused an element (not in a working browser).
    pub(super) fn build(
        document: &Document,
        container: &Element,
        bar: Option<&Element>,
    ) -> Result<Form, JsValue> {
        container.set_text_content(None);
        if let Some(bar) = bar {
            bar.set_text_content(None);
        }
        let mut in_bar = Vec::new();
        let mut fields = Vec::with_capacity(CONTROLS.len());
        for section in Section::ALL {
            let set = make(document, "fieldset", "section")?;
            set.set_id(&format!(
                "controls-{}",
                section.heading().to_ascii_lowercase()
            ));
            let legend = make(document, "legend", "")?;
            legend.set_text_content(Some(section.heading()));
            set.append_child(&legend)?;
            for control in CONTROLS.iter().filter(|c| c.section == section) {
                let mut field = Self::field(document, control)?;
                let row = Self::row(document, &field)?;
                match BAR.iter().position(|&id| id == control.id) {
                    Some(k) if bar.is_some() => in_bar.push((k, row.clone())),
                    _ => {
                        set.append_child(&row)?;
                    }
                }
                field.row = Some(row);
                fields.push(field);
            }
            container.append_child(&set)?;
        }
        if let Some(bar) = bar {
            in_bar.sort_by_key(|(k, _)| *k);
            for (_, row) in in_bar {
                bar.append_child(&row)?;
            }
        }
        Ok(Form { fields })
    }

    /// `control`'s form control (and a slider's output), not yet placed.
    fn field(document: &Document, control: &'static Control) -> Result<Field, JsValue> {
        let id = element_id(control);
        let hint = control.hover_text();
        let (element, output) = match control.widget {
            Widget::Check => {
                let e = make(document, "input", "")?;
                e.set_attribute("type", "checkbox")?;
                (e, None)
            }
            Widget::Slider { .. } => {
                let e = make(document, "input", "")?;
                e.set_attribute("type", "range")?;
                e.set_attribute("min", "0")?;
                e.set_attribute("max", &travel::positions(control.widget).to_string())?;
                e.set_attribute("step", "1")?;
                let out = make(document, "output", "")?;
                out.set_attribute("for", &id)?;
                (e, Some(out))
            }
            Widget::Select(names) => {
                let e = make(document, "select", "")?;
                for name in names {
                    let option = make(document, "option", "")?;
                    option.set_text_content(Some(name));
                    e.append_child(&option)?;
                }
                // Shown, disabled, while the select is off; never chosen.
                let off = make(document, "option", "off")?;
                off.set_attribute("hidden", "")?;
                off.set_attribute("disabled", "")?;
                e.append_child(&off)?;
                (e, None)
            }
            Widget::Button => {
                let e = make(document, "button", "")?;
                e.set_attribute("type", "button")?;
                e.set_text_content(Some(control.label));
                (e, None)
            }
        };
        element.set_id(&id);
        element.set_attribute("title", &hint)?;
        Ok(Field {
            control,
            element,
            output,
            row: None,
        })
    }

    /// The row that places `field` with its label: a checkbox inside its
    /// `<label>`, a slider or select after a `<label for>`, a button alone.
    fn row(document: &Document, field: &Field) -> Result<Element, JsValue> {
        let control = field.control;
        let label = |class: &str| -> Result<Element, JsValue> {
            let l = make(document, "label", class)?;
            l.set_attribute("title", &control.hover_text())?;
            Ok(l)
        };
        Ok(match control.widget {
            Widget::Check => {
                let row = label("row check")?;
                row.append_child(&field.element)?;
                row.append_with_str_1(control.label)?;
                row
            }
            Widget::Slider { .. } | Widget::Select(_) => {
                let kind = if field.output.is_some() {
                    "row slider"
                } else {
                    "row select"
                };
                let row = make(document, "div", kind)?;
                let l = label("")?;
                l.set_attribute("for", &field.element.id())?;
                l.set_text_content(Some(control.label));
                row.append_child(&l)?;
                row.append_child(&field.element)?;
                if let Some(out) = &field.output {
                    row.append_child(out)?;
                }
                row
            }
            Widget::Button => {
                field.element.set_class_name("button");
                field.element.clone()
            }
        })
    }

    /// Show `demo` as it is now in every control: its value (a slider's
    /// position and output; `—` beside a slider that is off) and whether it
    /// can be used. Stopped (Escape), every control but Restart is off
    /// and keeps showing the value it had.
    pub(super) fn show(&self, demo: &Demo) {
        let stopped = demo.state() == RunState::Stopped;
        for field in &self.fields {
            let id = field.control.id;
            let on = demo.enabled(id);
            let _ = field.element.toggle_attribute_with_force("disabled", !on);
            if stopped {
                continue;
            }
            if let Some(row) = &field.row {
                let _ = row.toggle_attribute_with_force("hidden", !demo.shown(id));
            }
            match (demo.value(id), field.control.widget) {
                (Some(Value::On(b)), _) => {
                    if let Some(input) = field.element.dyn_ref::<HtmlInputElement>() {
                        input.set_checked(b);
                    }
                }
                (Some(Value::Number(v)), widget) => {
                    let shown = travel::shown(widget, v);
                    if let Some(input) = field.element.dyn_ref::<HtmlInputElement>() {
                        input.set_value(&travel::position(widget, v).to_string());
                    }
                    // A reader says the value, not the position.
                    let _ = field.element.set_attribute("aria-valuetext", &shown);
                    if let Some(out) = &field.output {
                        out.set_text_content(Some(&shown));
                    }
                }
                (Some(Value::Choice(k)), _) => {
                    if let Some(select) = field.element.dyn_ref::<HtmlSelectElement>() {
                        select.set_selected_index(k as i32);
                    }
                }
                (None, _) => {
                    if let Some(out) = &field.output {
                        out.set_text_content(Some("\u{2014}"));
                        let _ = field.element.set_attribute("aria-valuetext", "off");
                    }
                    // A select that is off (the speed of a held clock)
                    // shows why, in its last option, rather than a wrong
                    // choice.
                    if let (Some(select), Widget::Select(names)) = (
                        field.element.dyn_ref::<HtmlSelectElement>(),
                        field.control.widget,
                    ) {
                        if let Some(off) = select.last_element_child() {
                            let (text, why) = off_text(demo, id);
                            if off.text_content().as_deref() != Some(text) {
                                off.set_text_content(Some(text));
                                let _ = off.set_attribute("title", &why);
                            }
                        }
                        select.set_selected_index(names.len() as i32);
                    }
                }
            }
        }
    }

    /// The value `field`'s control holds now, as [`Demo::set`] takes it;
    /// `None` for a button.
    pub(super) fn read(field: &Field) -> Option<Value> {
        let widget = field.control.widget;
        match widget {
            Widget::Check => Some(Value::On(
                field.element.dyn_ref::<HtmlInputElement>()?.checked(),
            )),
            Widget::Slider { .. } => {
                let input = field.element.dyn_ref::<HtmlInputElement>()?;
                let p = input.value().parse::<u32>().ok()?;
                Some(Value::Number(travel::value_at(widget, p)))
            }
            Widget::Select(names) => {
                let k = field
                    .element
                    .dyn_ref::<HtmlSelectElement>()?
                    .selected_index();
                let k = usize::try_from(k).ok()?;
                (k < names.len()).then_some(Value::Choice(k))
            }
            Widget::Button => None,
        }
    }
}
