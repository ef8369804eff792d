//! The page's controls' events, handed to the demo: a slider's `input`
//! and `change`, a checkbox's or select's `change`, a button's `click`
//! ([`Demo::set`](crate::app::demo::Demo::set),
//! [`Demo::press_button`](crate::app::demo::Demo::press_button), the Save
//! buttons to [`save`]), then the change shown ([`Page::changed`]).

#![forbid(unsafe_code)]

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

use super::form::Form;
use super::page::Page;
use super::save;
use crate::app::controls::{Id, Widget};

/// What a control's event asks of the page.
#[derive(Clone, Copy, PartialEq)]
enum Event {
    /// A slider moving (`input`): the model follows it; the address waits
    /// for the slider to be let go.
    Moving,
    /// A checkbox, select or slider changed (`change`), or a button
    /// pressed (`click`).
    Changed,
}

/// `k`th field's event: hand it to the demo (a Save button to
/// [`save`]), then show the change.
fn handle(page: &mut Page, k: usize, event: Event) {
    let Some(form) = &page.form else { return };
    let Some(field) = form.fields.get(k) else {
        return;
    };
    let id = field.control.id;
    let now = web_time::Instant::now();
    match Form::read(field) {
        Some(value) => page.demo.set(id, value, now),
        None => match id {
            Id::SaveScreenshot => save::picture(page),
            Id::SaveState => save::state(page),
            _ => page.demo.press_button(id, now),
        },
    }
    if id == Id::Scene {
        page.refused = None;
    }
    page.changed(event == Event::Changed);
}

/// Listen to every control: a slider's `input` and `change`, a checkbox's
/// or select's `change`, a button's `click`. The listeners live as long as
/// the page.
///
/// # Errors
/// The DOM refused a listener.
pub(super) fn listen(page: &Rc<RefCell<Page>>) -> Result<(), JsValue> {
    let elements: Vec<(Element, Widget)> = match &page.borrow().form {
        Some(form) => form
            .fields
            .iter()
            .map(|f| (f.element.clone(), f.control.widget))
            .collect(),
        None => return Ok(()),
    };
    for (k, (element, widget)) in elements.into_iter().enumerate() {
        let names: &[(&str, Event)] = match widget {
            Widget::Slider { .. } => &[("input", Event::Moving), ("change", Event::Changed)],
            Widget::Button => &[("click", Event::Changed)],
            Widget::Check | Widget::Select(_) => &[("change", Event::Changed)],
        };
        for &(name, event) in names {
            let page = Rc::clone(page);
            let f = Closure::<dyn FnMut()>::new(move || handle(&mut page.borrow_mut(), k, event));
            element.add_event_listener_with_callback(name, f.as_ref().unchecked_ref())?;
            f.forget();
        }
    }
    Ok(())
}
