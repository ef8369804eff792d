//! The caption under the canvas (`#caption`): what differs from the
//! default and how to use the page, in the words for the pointing in use
//! ([`page_text`]), after a line naming the address's values the page
//! refused, styled as an error (`<span class="error">`).

#![forbid(unsafe_code)]

use super::page::Page;
use crate::app::controls::RunState;
use crate::app::web::page_text::{self, caption};

impl Page {
    /// The caption for the demo as it is now, in the words for the page's
    /// [`Pointing`](crate::app::web::page_text::Pointing), after why the query's values were refused if any
    /// were (a `<span class="error">`); while the context is lost, only
    /// that.
    pub(super) fn show_caption(&self) {
        if self.lost {
            self.caption.set_text_content(Some(page_text::LOST));
            return;
        }
        let text = match self.demo.state() {
            RunState::Stopped => page_text::stopped(self.pointing).to_string(),
            _ => caption(&self.demo.status(), self.pointing),
        };
        let Some(refused) = &self.refused else {
            self.caption.set_text_content(Some(&text));
            return;
        };
        let shown = self.caption.text_content().unwrap_or_default();
        if shown == format!("{refused}. {text}") {
            return;
        }
        self.caption.set_text_content(None);
        let span = self
            .window
            .document()
            .and_then(|d| d.create_element("span").ok());
        match span {
            Some(span) => {
                span.set_class_name("error");
                span.set_text_content(Some(&format!("{refused}.")));
                let _ = self.caption.append_child(&span);
                let _ = self.caption.append_with_str_1(&format!(" {text}"));
            }
            None => self
                .caption
                .set_text_content(Some(&format!("{refused}. {text}"))),
        }
    }
}
