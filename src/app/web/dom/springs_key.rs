//! The springs view's key on the page: an HTML box over the canvas's
//! bottom-right corner, shown while the view is on (W, `?springs=1`) and
//! hidden otherwise. Its words, strains and colours are
//! [`springs_key`]'s, as in the window: the words over a bar of one
//! swatch per colour of the view, the strains under it. Real text, with
//! an `aria-label` saying what each colour means. Styled by the page's
//! `#springs-key` rules.

#![forbid(unsafe_code)]

use web_sys::{Document, Element, HtmlCanvasElement};

use crate::app::springs_key;

/// The key's box, made beside the canvas (in its parent, which positions
/// it), and the style it last had (`None` while hidden).
pub(super) struct SpringsKey {
    key: Element,
    shown: Option<String>,
}

impl SpringsKey {
    /// Make the key, hidden, after `canvas` in its parent; `None` where
    /// the page cannot make it (no parent, no document).
    pub(super) fn new(document: &Document, canvas: &HtmlCanvasElement) -> Option<Self> {
        let parent = canvas.parent_element()?;
        let make = |tag: &str, class: &str, text: &str| -> Option<Element> {
            let e = document.create_element(tag).ok()?;
            if !class.is_empty() {
                e.set_class_name(class);
            }
            if !text.is_empty() {
                e.set_text_content(Some(text));
            }
            Some(e)
        };
        let key = make("div", "", "")?;
        key.set_id("springs-key");
        key.set_attribute("role", "img").ok()?;
        key.set_attribute("aria-label", springs_key::DESCRIPTION)
            .ok()?;
        key.set_attribute("hidden", "").ok()?;
        let words = make("div", "key-row", "")?;
        for word in springs_key::WORDS {
            let span = make("span", "", word)?;
            words.append_child(&span).ok()?;
        }
        let bar = make("div", "key-bar", "")?;
        for [r, g, b] in springs_key::swatches() {
            let swatch = make("span", "", "")?;
            swatch
                .set_attribute("style", &format!("background: rgb({r}, {g}, {b})"))
                .ok()?;
            bar.append_child(&swatch).ok()?;
        }
        let ends = make("div", "key-row", "")?;
        for end in springs_key::ends() {
            let span = make("span", "", &end)?;
            ends.append_child(&span).ok()?;
        }
        for row in [&words, &bar, &ends] {
            key.append_child(row).ok()?;
        }
        parent.append_child(&key).ok()?;
        Some(SpringsKey { key, shown: None })
    }

    /// Show the key over `canvas`'s bottom-right corner while `springs`
    /// (the view is on), else hide it; the page is touched only on a
    /// change.
    pub(super) fn update(&mut self, springs: bool, canvas: &HtmlCanvasElement) {
        if !springs {
            if self.shown.take().is_some() {
                let _ = self.key.set_attribute("hidden", "");
            }
            return;
        }
        // The canvas's bottom-right corner in its parent; the key's own
        // rule moves it back by its size and a margin.
        let style = format!(
            "left: {}px; top: {}px",
            canvas.offset_left() + canvas.client_width(),
            canvas.offset_top() + canvas.client_height()
        );
        if self.shown.as_ref() == Some(&style) {
            return;
        }
        let _ = self.key.set_attribute("style", &style);
        let _ = self.key.remove_attribute("hidden");
        self.shown = Some(style);
    }
}
