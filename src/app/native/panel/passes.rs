//! When the window's panel needs a new pass of egui, and when it does not:
//! the frames between passes show the picture the last one painted
//! ([`cache`](super::cache)). A pass is needed when what the
//! panel shows would change (a control's value or whether it is enabled,
//! the readout, the save's line, the window's size or scale), when an
//! event reached egui, and when egui's own timer runs out (a tooltip's
//! delay, an animation). The readout's figures change every frame, so they
//! are shown anew at most every [`READOUT_PERIOD`]; a step they do not
//! show yet (one step while paused) is shown when the period is up, even
//! with no frame due otherwise.
//!
//! Pure: no clock is read here; the window hands in the times.

#![forbid(unsafe_code)]

use std::time::{Duration, Instant};

use super::widgets::View;
use crate::app::controls::{Value, CONTROLS};
use crate::app::readout::Figures;

/// How often the readout's figures are shown anew while they change: four
/// times a second, slow enough to read and for the panel's passes to cost
/// little.
pub(super) const READOUT_PERIOD: Duration = Duration::from_millis(250);

/// What a pass of the panel shows: each control's value and whether it is
/// enabled, the figures, the save's line, and the window's size (physical
/// pixels) and scale (physical pixels a point).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Shown {
    values: Vec<(Option<Value>, bool)>,
    figures: Figures,
    line: Option<String>,
    /// The window's size, physical pixels.
    pub size: [u32; 2],
    /// Physical pixels a point.
    pub ppp: f32,
}

impl Shown {
    /// What `view` shows in a window of `size` physical pixels at `ppp`.
    pub fn of(view: &View, size: [u32; 2], ppp: f32) -> Shown {
        Shown {
            values: CONTROLS
                .iter()
                .map(|c| (view.demo.value(c.id), view.demo.enabled(c.id)))
                .collect(),
            figures: view.figures,
            line: view.line.map(str::to_owned),
            size,
            ppp,
        }
    }
}

/// The panel's passes: what the last one showed, and the times that call
/// for the next.
#[derive(Debug, Default)]
pub(super) struct Passes {
    /// What the last pass showed; `None` before one, or when the next
    /// frame must run one whatever it shows.
    last: Option<Shown>,
    /// When the figures shown were taken.
    figures_at: Option<Instant>,
    /// When the readout is due to show a step it does not show yet.
    readout_due: Option<Instant>,
    /// When egui asked for its next pass.
    egui_at: Option<Instant>,
}

impl Passes {
    /// No pass yet.
    pub fn new() -> Passes {
        Passes::default()
    }

    /// What the last pass showed, if it is still what the window holds.
    pub fn last(&self) -> Option<&Shown> {
        self.last.as_ref()
    }

    /// The figures a frame at `now` shows, of the `current` ones: those
    /// shown already until [`READOUT_PERIOD`] has passed since they were
    /// taken, then the current ones.
    pub fn figures(&self, now: Instant, current: Figures) -> Figures {
        let fresh = self
            .figures_at
            .is_none_or(|at| now.duration_since(at) >= READOUT_PERIOD);
        match (&self.last, fresh) {
            (Some(last), false) => last.figures,
            _ => current,
        }
    }

    /// Whether a frame at `now` that would show `shown` needs a pass.
    pub fn needed(&self, shown: &Shown, now: Instant) -> bool {
        self.last.as_ref() != Some(shown) || self.egui_at.is_some_and(|at| at <= now)
    }

    /// A pass at `now` showed `shown`; egui asked for its next one after
    /// `delay` (zero: at once, with the next frame; `None`: not).
    pub fn passed(&mut self, shown: Shown, now: Instant, delay: Option<Duration>) {
        if self
            .last
            .as_ref()
            .is_none_or(|last| last.figures != shown.figures)
        {
            self.figures_at = Some(now);
        }
        let again = delay.is_some_and(|d| d.is_zero());
        self.egui_at = delay
            .filter(|d| !d.is_zero())
            .and_then(|d| now.checked_add(d));
        self.last = (!again).then_some(shown);
    }

    /// A frame drew the panel while the simulation was at step `step`:
    /// if the readout does not show it yet, it is due when the period is
    /// up.
    pub fn drawn(&mut self, step: u64) {
        let shown = self.last.as_ref().map(|l| l.figures.step);
        self.readout_due = (shown.is_some_and(|s| s != step))
            .then(|| self.figures_at.map(|at| at + READOUT_PERIOD))
            .flatten();
    }

    /// The next frame runs a pass (an event reached egui, or the panel
    /// was hidden).
    pub fn forget(&mut self) {
        self.last = None;
    }

    /// Stop waiting: the panel is hidden.
    pub fn clear(&mut self) {
        *self = Passes::default();
    }

    /// When a frame is wanted for the panel's sake alone, if one is.
    pub fn wake_at(&self) -> Option<Instant> {
        match (self.egui_at, self.readout_due) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Whether [`Passes::wake_at`]'s time has come at `now`: then the next
    /// frame runs a pass, and the time is forgotten (a frame that does
    /// not draw the panel, as when the demo is stopped, is not asked for
    /// again).
    pub fn due(&mut self, now: Instant) -> bool {
        let due = self.wake_at().is_some_and(|at| at <= now);
        if due {
            self.egui_at = None;
            self.readout_due = None;
            self.last = None;
        }
        due
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(step: u64, frame_ms: f64) -> Shown {
        Shown {
            values: vec![(Some(Value::On(true)), true)],
            figures: Figures {
                step,
                steps_per_second: Some(60.0),
                physics_us: Some(100.0),
                frame_ms: Some(frame_ms),
                ..Figures::default()
            },
            line: None,
            size: [792, 573],
            ppp: 1.0,
        }
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn running_the_readout_is_shown_anew_four_times_a_second() {
        let t0 = Instant::now();
        let mut p = Passes::new();
        let mut passes = 0;
        // A frame every 5 ms for a second, the step and frame time moving.
        for k in 0..200u64 {
            let now = t0 + ms(5 * k);
            let current = shown(k, 5.0 + k as f64 / 1000.0).figures;
            let mut s = shown(k, 0.0);
            s.figures = p.figures(now, current);
            if p.needed(&s, now) {
                p.passed(s, now, None);
                passes += 1;
            }
            p.drawn(k);
        }
        assert_eq!(passes, 4, "at 0, 250, 500 and 750 ms");
    }

    #[test]
    fn nothing_changed_no_pass_and_an_event_forces_one() {
        let t0 = Instant::now();
        let mut p = Passes::new();
        assert!(p.needed(&shown(5, 1.0), t0));
        p.passed(shown(5, 1.0), t0, None);
        assert!(!p.needed(&shown(5, 1.0), t0 + ms(1)));
        // Another value shown: a pass.
        let mut other = shown(5, 1.0);
        other.values[0].0 = Some(Value::On(false));
        assert!(p.needed(&other, t0 + ms(1)));
        // Another size: a pass.
        let mut bigger = shown(5, 1.0);
        bigger.size = [800, 600];
        assert!(p.needed(&bigger, t0 + ms(1)));
        p.forget();
        assert!(p.needed(&shown(5, 1.0), t0 + ms(2)));
    }

    #[test]
    fn egui_asking_at_once_or_later_gets_its_pass() {
        let t0 = Instant::now();
        let mut p = Passes::new();
        p.passed(shown(5, 1.0), t0, Some(Duration::ZERO));
        assert!(
            p.needed(&shown(5, 1.0), t0 + ms(1)),
            "at once: the next frame"
        );
        p.passed(shown(5, 1.0), t0, Some(ms(500)));
        assert!(!p.needed(&shown(5, 1.0), t0 + ms(499)));
        assert_eq!(p.wake_at(), Some(t0 + ms(500)));
        assert!(p.needed(&shown(5, 1.0), t0 + ms(500)));
    }

    #[test]
    fn one_step_while_paused_is_shown_when_the_period_is_up() {
        let t0 = Instant::now();
        let mut p = Passes::new();
        p.passed(shown(5, 1.0), t0, None);
        p.drawn(5);
        assert_eq!(p.wake_at(), None, "paused, nothing to show: no frame");
        // One step 100 ms later: the readout keeps showing 5 for now...
        let now = t0 + ms(100);
        assert_eq!(p.figures(now, shown(6, 1.0).figures).step, 5);
        p.drawn(6);
        // ...and a frame is asked for when the period is up.
        assert_eq!(p.wake_at(), Some(t0 + READOUT_PERIOD));
        assert!(!p.due(t0 + ms(200)));
        assert!(p.due(t0 + READOUT_PERIOD));
        assert_eq!(p.wake_at(), None, "asked for once");
        let now = t0 + READOUT_PERIOD;
        assert_eq!(p.figures(now, shown(6, 1.0).figures).step, 6);
        assert!(p.needed(&shown(6, 1.0), now));
    }
}
