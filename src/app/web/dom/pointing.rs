//! What the page is pointed at with ([`Pointing`]): touch where the device's
//! main pointer is coarse and cannot hover ([`TOUCH_QUERY`], the media
//! query `style.css` shows the blurb's touch words by), a mouse and keys
//! otherwise; followed when it changes (a tablet's keyboard and trackpad
//! attached, DevTools' device mode turned on). The caption and the key
//! list follow it ([`Page::set_pointing`]).

#![forbid(unsafe_code)]

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MediaQueryList, Window};

use super::page::Page;
use crate::app::web::page_text::Pointing;

/// The media query for a touch screen with no mouse: the primary pointer
/// is a finger (coarse) and cannot hover. A laptop with a touch screen
/// has a mouse or trackpad as its primary pointer, and gets the mouse's
/// words.
pub(super) const TOUCH_QUERY: &str = "(hover: none) and (pointer: coarse)";

/// The pointing `list` (the [`TOUCH_QUERY`] list) says.
fn pointing_of(list: &MediaQueryList) -> Pointing {
    if list.matches() {
        Pointing::Touch
    } else {
        Pointing::Mouse
    }
}

/// Set the page's pointing from [`TOUCH_QUERY`] now, and again whenever its
/// answer changes. A browser without `matchMedia` gets the mouse's words.
///
/// # Errors
/// The DOM refused the listener.
pub(super) fn follow(window: &Window, page: &Rc<RefCell<Page>>) -> Result<(), String> {
    let Some(list) = window.match_media(TOUCH_QUERY).ok().flatten() else {
        page.borrow_mut().set_pointing(Pointing::Mouse);
        return Ok(());
    };
    page.borrow_mut().set_pointing(pointing_of(&list));
    let changed = {
        let page = Rc::clone(page);
        let list = list.clone();
        Closure::<dyn FnMut()>::new(move || page.borrow_mut().set_pointing(pointing_of(&list)))
    };
    list.add_event_listener_with_callback("change", changed.as_ref().unchecked_ref())
        .map_err(|e| format!("cannot follow the pointer's kind: {e:?}"))?;
    // The page holds the listener from now on; nothing removes it.
    changed.forget();
    Ok(())
}
