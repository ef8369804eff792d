//! Fingers on the canvas: which are down, a press that may turn out to be
//! a long one (held still for [`LONG_PRESS`]: a grab) or a tap (lifted
//! sooner, in place), and two fingers' span for a pinch.
//!
//! Pure state, positions in CSS pixels and times in ms as a page has
//! them; the browser front end turns what it says into the demo's presses,
//! grabs and zooms.

#![forbid(unsafe_code)]

use crate::app::pointer::{LONG_PRESS, LONG_PRESS_SLOP};

/// What a finger coming down starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landed {
    /// The only finger: a drag, which becomes a grab if held still.
    First,
    /// The second: a pinch (the first finger's drag ends).
    Second,
    /// Any more: nothing.
    More,
}

/// A press that becomes a grab if it stays within [`LONG_PRESS_SLOP`] of
/// where it began until [`LONG_PRESS`] has passed.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Pending {
    id: i32,
    at: (f64, f64),
    since_ms: f64,
}

/// The fingers down on the canvas.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Touches {
    /// Each finger's pointer id and position.
    down: Vec<(i32, (f64, f64))>,
    pending: Option<Pending>,
    /// The two fingers' span when last zoomed by, while a pinch is on.
    span: Option<f64>,
}

impl Touches {
    /// No finger down.
    pub fn new() -> Self {
        Self::default()
    }

    /// Finger `id` came down at `at`, `now_ms`.
    pub fn down(&mut self, id: i32, at: (f64, f64), now_ms: f64) -> Landed {
        self.down.retain(|&(d, _)| d != id);
        self.down.push((id, at));
        match self.down.len() {
            1 => {
                self.pending = Some(Pending {
                    id,
                    at,
                    since_ms: now_ms,
                });
                Landed::First
            }
            2 => {
                self.pending = None;
                self.span = self.span_now();
                Landed::Second
            }
            _ => Landed::More,
        }
    }

    /// Finger `id` moved to `at`. A press that wanders past
    /// [`LONG_PRESS_SLOP`] is a drag, not a long press. While a pinch is
    /// on, returns the factor to zoom by: the fingers' span before over
    /// their span now (spread, nearer).
    pub fn moved(&mut self, id: i32, at: (f64, f64)) -> Option<f64> {
        let finger = self.down.iter_mut().find(|(d, _)| *d == id)?;
        finger.1 = at;
        if let Some(p) = self.pending.filter(|p| p.id == id) {
            if (at.0 - p.at.0).hypot(at.1 - p.at.1) > LONG_PRESS_SLOP {
                self.pending = None;
            }
        }
        let before = self.span?;
        let now = self.span_now()?;
        self.span = Some(now);
        (now > 0.0).then_some(before / now)
    }

    /// Finger `id` went up (or was cancelled): no long press, and with
    /// fewer than two fingers no pinch.
    pub fn up(&mut self, id: i32) {
        self.down.retain(|&(d, _)| d != id);
        self.pending = None;
        if self.down.len() < 2 {
            self.span = None;
        }
    }

    /// Finger `id` went up at `now_ms`, as [`Touches::up`]. Returns
    /// whether it was a tap: the only finger of its touch, lifted within
    /// [`LONG_PRESS_SLOP`] of where it came down, before [`LONG_PRESS`]
    /// had passed (and so before it grabbed).
    pub fn lifted(&mut self, id: i32, now_ms: f64) -> bool {
        let tap = self.pending.is_some_and(|p| {
            p.id == id
                && self.down.len() == 1
                && now_ms - p.since_ms < LONG_PRESS.as_secs_f64() * 1000.0
        });
        self.up(id);
        tap
    }

    /// Whether a press held still has lasted [`LONG_PRESS`] by `now_ms`:
    /// then it is taken (the next call says no).
    pub fn long_press_due(&mut self, now_ms: f64) -> bool {
        let due = self
            .pending
            .is_some_and(|p| now_ms - p.since_ms >= LONG_PRESS.as_secs_f64() * 1000.0);
        if due {
            self.pending = None;
        }
        due
    }

    /// The midpoint of the first two fingers down, in the units their
    /// positions came in (CSS pixels): where a pinch zooms toward.
    pub fn midpoint(&self) -> Option<(f64, f64)> {
        match self.down.as_slice() {
            [(_, a), (_, b), ..] => Some(((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)),
            _ => None,
        }
    }

    /// The span between the first two fingers down.
    fn span_now(&self) -> Option<f64> {
        match self.down.as_slice() {
            [(_, a), (_, b), ..] => Some((a.0 - b.0).hypot(a.1 - b.1)),
            _ => None,
        }
    }
}
