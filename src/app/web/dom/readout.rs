//! The readout under the caption (`#readout`): the window panel's four
//! figures ([`Figures::lines`]: the step, steps a second, microseconds of
//! physics a step, milliseconds a frame), fed every frame from the demo
//! and written at most every [`EVERY_MS`], so they can be read while they
//! change.

#![forbid(unsafe_code)]

use wasm_bindgen::prelude::*;
use web_sys::{Document, Element};
use web_time::{Duration, Instant};

use crate::app::controls::RunState;
use crate::app::readout::Readout;

/// How often the figures are written, ms: about four times a second.
pub(super) const EVERY_MS: f64 = 250.0;

/// The readout's element, one `<span>` a figure (a figure never breaks
/// across lines; the line breaks between them, ` · ` apart), and the
/// frames it counts over.
pub(super) struct ReadoutView {
    spans: Vec<Element>,
    readout: Readout,
    /// `performance.now()` when the figures were last written.
    shown_at: Option<f64>,
}

impl ReadoutView {
    /// Fill `element` (emptied first) with a span a figure.
    ///
    /// # Errors
    /// The DOM refused an element (not in a working browser).
    pub(super) fn new(document: &Document, element: &Element) -> Result<Self, JsValue> {
        element.set_text_content(None);
        let mut spans = Vec::with_capacity(4);
        for k in 0..4 {
            if k > 0 {
                element.append_with_str_1(" \u{b7} ")?;
            }
            let span = document.create_element("span")?;
            element.append_child(&span)?;
            spans.push(span);
        }
        Ok(ReadoutView {
            spans,
            readout: Readout::new(),
            shown_at: None,
        })
    }

    /// A frame at `at` ran `steps` steps in `physics`, leaving the
    /// simulation at step `step` ([`Readout::record`]).
    pub(super) fn record(&mut self, at: Instant, steps: u32, physics: Duration, step: u64) {
        self.readout.record(at, steps, physics, step);
    }

    /// Write the figures for a demo in `state`, if [`EVERY_MS`] has
    /// passed at `now_ms` since they were last written (or they never
    /// were), or at once when `now` is set (the step or the state changed
    /// with no frame drawn).
    pub(super) fn show(&mut self, now_ms: f64, now: bool, state: RunState) {
        if !now && self.shown_at.is_some_and(|t| now_ms - t < EVERY_MS) {
            return;
        }
        self.shown_at = Some(now_ms);
        for (span, line) in self.spans.iter().zip(self.readout.figures(state).lines()) {
            if span.text_content().as_deref() != Some(line.as_str()) {
                span.set_text_content(Some(&line));
            }
        }
    }

    /// The step count or the state alone changed (a restart while
    /// stopped, a step while paused, a pause, Escape): shown at once.
    pub(super) fn set_step(&mut self, step: u64, now_ms: f64, state: RunState) {
        self.readout.set_step(step);
        self.show(now_ms, true, state);
    }
}
