//! When the window's event loop wakes next: at once for a frame that is
//! due, when the demo's next frame or the panel's is due, when the title's
//! notice leaves, now and then while the window is minimised (to ask
//! again whether it still is), or not until an event when there is
//! nothing to draw.

#![forbid(unsafe_code)]

use std::time::{Duration, Instant};

use winit::event_loop::ControlFlow;

use super::App;
use crate::app::pacing::NextFrame;

/// How often to ask the platform whether the window is minimised (an X11
/// round trip; minimising sends no event there). While it is, the loop
/// wakes only this often, to ask again.
const MINIMISED_CHECK_EVERY: Duration = Duration::from_millis(250);

impl App {
    /// When to wake next, asking for a redraw now if a frame is due: not
    /// until an event when there is nothing to draw (no window, zero size,
    /// hidden); while minimised, only to ask again whether it still is;
    /// otherwise when the demo's next frame is due.
    fn control_flow(&mut self, now: Instant) -> ControlFlow {
        let Some(gfx) = self
            .gfx
            .as_ref()
            .filter(|_| self.size.is_some() && !self.occluded)
        else {
            return ControlFlow::Wait;
        };
        // Minimised: no event says so on X11, so ask now and then, and only
        // wake to ask again.
        let checked = match self.minimised_checked {
            Some(at) if now.saturating_duration_since(at) < MINIMISED_CHECK_EVERY => at,
            _ => {
                let minimised = gfx.window.is_minimized() == Some(true);
                if minimised != self.minimised {
                    log::debug!(
                        "window {}",
                        if minimised { "minimised" } else { "restored" }
                    );
                }
                self.minimised = minimised;
                self.minimised_checked = Some(now);
                now
            }
        };
        if self.minimised {
            return ControlFlow::WaitUntil(checked + MINIMISED_CHECK_EVERY);
        }
        match self.demo.next_frame() {
            None => self
                .panel_wake(now)
                .map_or(ControlFlow::Wait, ControlFlow::WaitUntil),
            Some(NextFrame::At(at)) if now < at => ControlFlow::WaitUntil(at),
            Some(NextFrame::Now | NextFrame::At(_)) => {
                gfx.window.request_redraw();
                ControlFlow::Wait
            }
        }
    }

    /// When the loop is to wake next at `now`: [`App::control_flow`], or
    /// sooner when the title's notice (why a key did nothing) is to leave.
    pub(super) fn wake_at(&mut self, now: Instant) -> ControlFlow {
        let flow = self.control_flow(now);
        match (flow, self.demo.notice_until()) {
            (ControlFlow::Wait, Some(until)) => ControlFlow::WaitUntil(until),
            (ControlFlow::WaitUntil(at), Some(until)) => ControlFlow::WaitUntil(at.min(until)),
            (flow, _) => flow,
        }
    }
}
