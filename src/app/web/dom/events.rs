//! The page's DOM events, wired to the shared demo: pointer (mouse, pen,
//! touch) drags and grabs, the wheel and pinches, clicks, keys, and the
//! canvas's size on the screen.

#![forbid(unsafe_code)]

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    AddEventListenerOptions, EventTarget, HtmlButtonElement, HtmlCanvasElement, HtmlInputElement,
    HtmlSelectElement, KeyboardEvent, MouseEvent, PointerEvent, ResizeObserver,
    ResizeObserverEntry, ResizeObserverSize, WheelEvent, Window,
};

use super::fullscreen;
use super::page::Page;
use crate::app::controls::Action;
use crate::app::input::{Key, KeyPress, Modifiers};
use crate::app::keys;
use crate::app::pointer::{ctrl_wheel_factor, Button, Wheel};
use crate::app::web::touch::Landed;

/// Whether key `key` (a DOM `key` value), pressed with the focus on
/// `target`, is the form control's own rather than the demo's: every key
/// of a `<select>` (its arrows and type-ahead), a range's arrows, Home,
/// End and page keys, Space on a checkbox, Space and Enter on a button.
/// The demo then leaves it to the control, whose change reaches the demo
/// once, as its `change` event.
fn control_keeps(target: Option<EventTarget>, key: &str) -> bool {
    let Some(target) = target else { return false };
    if target.dyn_ref::<HtmlSelectElement>().is_some() {
        return true;
    }
    if target.dyn_ref::<HtmlButtonElement>().is_some() {
        return matches!(key, " " | "Enter");
    }
    let Some(input) = target.dyn_ref::<HtmlInputElement>() else {
        return false;
    };
    match input.type_().as_str() {
        "range" => matches!(
            key,
            "ArrowLeft"
                | "ArrowRight"
                | "ArrowUp"
                | "ArrowDown"
                | "Home"
                | "End"
                | "PageUp"
                | "PageDown"
        ),
        "checkbox" => key == " ",
        _ => true,
    }
}

/// The shared button for a DOM event's `button`: 0 left, 2 right.
fn button_of(event: &MouseEvent) -> Button {
    match event.button() {
        0 => Button::Left,
        2 => Button::Right,
        _ => Button::Other,
    }
}

/// The modifiers a DOM mouse or key event says are held.
fn modifiers_of(event: &MouseEvent) -> Modifiers {
    Modifiers {
        ctrl: event.ctrl_key(),
        alt: event.alt_key(),
        logo: event.meta_key(),
        shift: event.shift_key(),
    }
}

/// A pointer went down on the canvas. A mouse or pen press is the shared
/// press of its button; a finger is the left button, unless it is a
/// second one, which starts a pinch and ends the first's drag: a point the
/// first holds is pinned there (as P), a turn of the view just ends. The
/// canvas captures the pointer for a drag or grab, so it goes on outside.
fn pointer_down(page: &mut Page, event: &PointerEvent) {
    let touch = event.pointer_type() == "touch";
    if touch {
        let at = page.css_position(event);
        let now = page.now_ms();
        match page.touches.down(event.pointer_id(), at, now) {
            Landed::First => {}
            Landed::Second => {
                if page.demo.grabbing() == Some(Button::Left) {
                    page.apply(Action::Pin);
                } else {
                    page.demo.release(Button::Left, Modifiers::default());
                }
                return;
            }
            Landed::More => return,
        }
    } else if !event.is_primary() {
        return;
    }
    // Record where the press is first, so the drag counts from here (a
    // touch starts wherever the finger lands), and picks there.
    let (x, y, scale) = page.pointer_position(event);
    page.demo.cursor_moved(x, y, scale);
    let (button, modifiers) = if touch {
        (Button::Left, Modifiers::default())
    } else {
        (button_of(event), modifiers_of(event))
    };
    if page.demo.press(button, modifiers).drag().is_some() {
        let _ = page.canvas.set_pointer_capture(event.pointer_id());
    }
}

/// A pointer moved: two fingers pinch; otherwise a drag whose button the
/// event says is up ends, and the primary pointer turns the view or
/// pulls the held point.
fn pointer_move(page: &mut Page, event: &PointerEvent) {
    if event.pointer_type() == "touch" {
        let at = page.css_position(event);
        if let Some(factor) = page.touches.moved(event.pointer_id(), at) {
            // Toward what is between the fingers.
            let k = page.buffer_per_css();
            match page.touches.midpoint() {
                Some((x, y)) => page.demo.zoom_at(factor, x * k, y * k),
                None => page.demo.zoom(factor),
            };
            return;
        }
    }
    if !event.is_primary() {
        return;
    }
    let buttons = event.buttons();
    let modifiers = modifiers_of(event);
    for (button, bit) in [(Button::Left, 1), (Button::Right, 2)] {
        let held = page.demo.grabbing() == Some(button)
            || (button == Button::Left && page.demo.orbit().is_pressed());
        if held && buttons & bit == 0 {
            page.demo.release(button, modifiers);
        }
    }
    let (x, y, scale) = page.pointer_position(event);
    page.demo.cursor_moved(x, y, scale);
}

/// A pointer went up: its button's drag ends (a finger's is the left
/// button's; Shift held pins a held point). A finger that tapped (lifted
/// soon, in place) pauses or resumes, or once stopped starts again
/// ([`keys::action_for_tap`]).
fn pointer_up(page: &mut Page, event: &PointerEvent) {
    if event.pointer_type() == "touch" {
        let now = page.now_ms();
        let tap = page.touches.lifted(event.pointer_id(), now);
        if event.is_primary() {
            page.demo.release(Button::Left, Modifiers::default());
        }
        if tap {
            page.apply(keys::action_for_tap(page.demo.state()));
        }
    } else if event.is_primary() {
        page.demo.release(button_of(event), modifiers_of(event));
    }
}

/// The wheel over the canvas (the page does not scroll): with Control, a
/// trackpad's pinch as browsers report it ([`ctrl_wheel_factor`]);
/// otherwise notches by the event's unit. Either zooms toward what is
/// under the pointer, whose position the event carries.
fn wheel(page: &mut Page, event: &WheelEvent) {
    event.prevent_default();
    let (x, y, scale) = page.pointer_position(event);
    page.demo.cursor_moved(x, y, scale);
    if event.ctrl_key() {
        page.demo.zoom(ctrl_wheel_factor(event.delta_y()));
        return;
    }
    let up = -event.delta_y();
    page.demo.wheel(match event.delta_mode() {
        WheelEvent::DOM_DELTA_LINE => Wheel::Lines(up),
        WheelEvent::DOM_DELTA_PAGE => Wheel::Pages(up),
        _ => Wheel::Pixels(up),
    });
}

/// Wire the DOM events to the page: pointer moves, presses and releases
/// on the canvas (captured, so a drag goes on outside it), the capture
/// lost and the page's focus lost (each ends every drag), the wheel and
/// the context menu on it (the right button grabs instead), clicks on it,
/// and keys anywhere on the page. The listeners live as long as the page.
pub(super) fn listen(
    canvas: &HtmlCanvasElement,
    window: &Window,
    page: &Rc<RefCell<Page>>,
) -> Result<(), String> {
    install_pointer(canvas, page)?;
    install_wheel(canvas, page)?;
    install_focus(canvas, window, page)?;
    install_click(canvas, page)?;
    install_keys(window, page)
}

/// A listener of the page's, taking the event as it comes.
type Listener = Closure<dyn FnMut(JsValue)>;

/// Add `listener` to `target` for the events named `name`, with
/// `options`; the page holds it from now on (nothing removes it).
fn add(
    target: &EventTarget,
    name: &str,
    listener: Listener,
    options: &AddEventListenerOptions,
) -> Result<(), String> {
    let added = target.add_event_listener_with_callback_and_add_event_listener_options(
        name,
        listener.as_ref().unchecked_ref(),
        options,
    );
    listener.forget();
    added.map_err(|e| format!("cannot listen to the page's {name} events: {e:?}"))
}

/// Add `listener` to `target` for the events named `name`, as a passive
/// listener would be by default.
fn on(target: &EventTarget, name: &str, listener: Listener) -> Result<(), String> {
    add(target, name, listener, &AddEventListenerOptions::new())
}

/// A listener that pointing each event of kind `E` to `f` with the page
/// (events of another kind are left alone).
fn with<E: JsCast + 'static>(page: &Rc<RefCell<Page>>, f: fn(&mut Page, &E)) -> Listener {
    let page = Rc::clone(page);
    Closure::<dyn FnMut(JsValue)>::new(move |event: JsValue| {
        if let Some(event) = event.dyn_ref::<E>() {
            f(&mut page.borrow_mut(), event);
        }
    })
}

/// Presses, moves and releases on the canvas, the browser taking the
/// pointer (a touch became a scroll, say: every drag ends), and the
/// context menu kept away (the right button grabs instead).
fn install_pointer(canvas: &HtmlCanvasElement, page: &Rc<RefCell<Page>>) -> Result<(), String> {
    on(canvas, "pointerdown", with(page, pointer_down))?;
    on(canvas, "pointermove", with(page, pointer_move))?;
    on(canvas, "pointerup", with(page, pointer_up))?;
    on(
        canvas,
        "pointercancel",
        with(page, |page, event: &PointerEvent| {
            page.touches.up(event.pointer_id());
            page.demo.focus_lost();
        }),
    )?;
    on(
        canvas,
        "contextmenu",
        with(page, |_page, event: &web_sys::Event| {
            event.prevent_default()
        }),
    )
}

/// The wheel over the canvas: not passive, so it keeps the page from
/// scrolling (and, with Control, from zooming itself).
fn install_wheel(canvas: &HtmlCanvasElement, page: &Rc<RefCell<Page>>) -> Result<(), String> {
    let options = AddEventListenerOptions::new();
    options.set_passive(false);
    add(canvas, "wheel", with(page, wheel), &options)
}

/// The drag ends when the canvas loses its pointer capture (the browser
/// or the page took it) or the page loses the focus (another window or
/// tab took it): the release may then never reach the canvas, and a later
/// move without a press must not turn the view.
fn install_focus(
    canvas: &HtmlCanvasElement,
    window: &Window,
    page: &Rc<RefCell<Page>>,
) -> Result<(), String> {
    let lost = |page: &mut Page, _event: &web_sys::Event| {
        page.demo.focus_lost();
    };
    on(canvas, "lostpointercapture", with(page, lost))?;
    on(window, "blur", with(page, lost))
}

/// A click on the canvas: once stopped, it starts the demo again
/// ([`keys::action_for_click`]).
fn install_click(canvas: &HtmlCanvasElement, page: &Rc<RefCell<Page>>) -> Result<(), String> {
    on(
        canvas,
        "click",
        with(page, |page, _event: &MouseEvent| {
            if let Some(action) = keys::action_for_click(page.demo.state()) {
                page.apply(action);
            }
        }),
    )
}

/// Keys anywhere on the page: the key table's ([`keys::action_for_key`]),
/// but those a focused form control keeps ([`control_keeps`]) and Tab,
/// which moves the focus between the page's controls (the page has no
/// panel to show or hide).
fn install_keys(window: &Window, page: &Rc<RefCell<Page>>) -> Result<(), String> {
    on(window, "keydown", with(page, key_down))
}

/// Escape closes what is open before it stops the demo: the key list,
/// else fullscreen, else a focused `<select>` (whose dropdown the
/// browser has just closed) lets go of the focus. Whether it closed
/// something.
fn escape_closes(page: &Page) -> bool {
    if page.close_keys() {
        return true;
    }
    let document = page.window.document();
    if let Some(document) = document
        .as_ref()
        .filter(|d| d.fullscreen_element().is_some())
    {
        // Where the browser hands Escape on in fullscreen, it leaves it.
        fullscreen::toggle(document);
        return true;
    }
    let focused = document.and_then(|d| d.active_element());
    match focused
        .as_ref()
        .and_then(|e| e.dyn_ref::<HtmlSelectElement>())
    {
        Some(select) => {
            let _ = select.blur();
            true
        }
        None => false,
    }
}

/// A key pressed anywhere on the page (see [`install_keys`]); Escape
/// first closes what is open ([`escape_closes`]).
fn key_down(page: &mut Page, event: &KeyboardEvent) {
    if event.key() == "Escape" && escape_closes(page) {
        event.prevent_default();
        return;
    }
    if control_keeps(event.target(), &event.key()) {
        return;
    }
    // F: the page's own key (the table has none), fullscreen on / off.
    let plain = !(event.ctrl_key() || event.alt_key() || event.meta_key());
    if plain && matches!(event.key().as_str(), "f" | "F") {
        if let Some(document) = page.window.document() {
            event.prevent_default();
            fullscreen::toggle(&document);
        }
        return;
    }
    let press = KeyPress {
        key: Key::from_key_value(&event.key()),
        repeat: event.repeat(),
        modifiers: Modifiers {
            ctrl: event.ctrl_key(),
            alt: event.alt_key(),
            logo: event.meta_key(),
            shift: event.shift_key(),
        },
    };
    if let Some(action) =
        keys::action_for_key(press, page.demo.state()).filter(|&a| a != Action::TogglePanel)
    {
        // The page's own use of the key (Space and the arrow scroll, F1
        // opens help) gives way to the demo's.
        event.prevent_default();
        page.apply(action);
    }
}

/// Keep [`Page::device_size`] up to date: a `ResizeObserver` on the canvas
/// reads the `devicePixelContentBoxSize` every change reports (Chromium and
/// Firefox give it; where it is missing, the page falls back to the CSS
/// size times the pixel ratio). The observer lives as long as the page.
pub(super) fn observe_size(
    canvas: &HtmlCanvasElement,
    page: &Rc<RefCell<Page>>,
) -> Result<(), String> {
    let page = Rc::clone(page);
    let changed = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
        for entry in entries.iter() {
            let Some(entry) = entry.dyn_ref::<ResizeObserverEntry>() else {
                continue;
            };
            let sizes = entry.device_pixel_content_box_size();
            if sizes.is_undefined() {
                continue;
            }
            if let Some(size) = sizes.get(0).dyn_ref::<ResizeObserverSize>() {
                let side = |px: f64| px.round().max(0.0) as u32;
                let mut page = page.borrow_mut();
                page.device_size = Some((side(size.inline_size()), side(size.block_size())));
                page.request_frame();
            }
        }
    });
    let observer = ResizeObserver::new(changed.as_ref().unchecked_ref())
        .map_err(|e| format!("cannot follow the canvas's size: {e:?}"))?;
    changed.forget();
    observer.observe(canvas);
    Ok(())
}
