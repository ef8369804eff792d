//! Compare mode's labels on the page: two HTML spans over the canvas, one
//! at each half's top-left corner ([`compare::labels`]'s words and places,
//! in CSS pixels), shown while the demo compares and hidden otherwise.
//! Real text: readable by screen readers and tests, and sharp at any
//! zoom. Styled by the page's `.compare-label` rule.

#![forbid(unsafe_code)]

use web_sys::{Document, Element, HtmlCanvasElement};

use crate::app::compare;
use crate::app::demo::Demo;

/// The two label spans, made beside the canvas (in its parent, which
/// positions them), and what they last showed.
pub(super) struct CompareLabels {
    left: Element,
    right: Element,
    /// The texts and style attributes last set, to touch the page only on
    /// a change; `None` while hidden.
    shown: Option<[(String, String); 2]>,
}

impl CompareLabels {
    /// Make the two spans, hidden, after `canvas` in its parent; `None`
    /// where the page cannot make them (no parent, no document).
    pub(super) fn new(document: &Document, canvas: &HtmlCanvasElement) -> Option<Self> {
        let parent = canvas.parent_element()?;
        let make = |id: &str| -> Option<Element> {
            let span = document.create_element("span").ok()?;
            span.set_id(id);
            span.set_class_name("compare-label");
            span.set_attribute("hidden", "").ok()?;
            parent.append_child(&span).ok()?;
            Some(span)
        };
        Some(CompareLabels {
            left: make("compare-left")?,
            right: make("compare-right")?,
            shown: None,
        })
    }

    /// Show `demo`'s labels over `canvas`, a drawing buffer of `width x
    /// height` pixels, while it compares; hide them otherwise.
    pub(super) fn update(
        &mut self,
        demo: &Demo,
        canvas: &HtmlCanvasElement,
        width: u32,
        height: u32,
    ) {
        if !demo.compare() || width == 0 || height == 0 {
            if self.shown.take().is_some() {
                let _ = self.left.set_attribute("hidden", "");
                let _ = self.right.set_attribute("hidden", "");
            }
            return;
        }
        // CSS pixels a drawing-buffer pixel, and the canvas's corner in its
        // parent.
        let css = f64::from(canvas.client_width()) / f64::from(width);
        let (left0, top0) = (
            f64::from(canvas.offset_left()),
            f64::from(canvas.offset_top()),
        );
        let labels = compare::labels(
            &demo.left(),
            demo.scene(),
            &demo.sim().model(),
            width,
            height,
        );
        let now = labels.map(|label| {
            let style = format!(
                "left: {:.1}px; top: {:.1}px; max-width: {:.1}px",
                left0 + f64::from(label.at.0) * css,
                top0 + f64::from(label.at.1) * css,
                (f64::from(label.half.width) - 2.0 * f64::from(label.margin())) * css
            );
            (label.text, style)
        });
        if self.shown.as_ref() == Some(&now) {
            return;
        }
        for (span, (text, style)) in [&self.left, &self.right].into_iter().zip(&now) {
            span.set_text_content(Some(text.as_str()));
            let _ = span.set_attribute("style", style);
            let _ = span.remove_attribute("hidden");
        }
        self.shown = Some(now);
    }
}
