//! A scripted grab: a hand that takes one point of the cloth over a span
//! of steps and draws it in a straight line to a place, then lets go or
//! pins it there ([`Grab`]); and its replay on a [`Simulation`]
//! ([`GrabScript`]), which the program's `render`, `record` and
//! `simulate` run for `--grab J,I --grab-to X,Y,Z --grab-steps A-B
//! [--grab-pin]`. Its values, each with its `FromStr` and `Display` (the
//! program's flags' text): the point ([`GridPoint`]), where it is taken
//! ([`Place`]) and over which steps ([`StepSpan`]), in `grab/values.rs`.
//!
//! The hand is [`Simulation::hold`]: each step of the span places the
//! point at that step's target before the passes and keeps it there
//! through them. So a run with a grab is the same run as one whose caller
//! holds the point at the same targets itself, bit for bit.
#![forbid(unsafe_code)]

mod values;

pub use values::{GridPoint, Place, StepSpan};

use crate::sim::{HandError, Simulation};

/// A grab: point [`point`](Grab::point) is held through steps
/// [`steps`](Grab::steps) `A` to `B`, drawn in a straight line from where
/// it was when step `A` began to [`to`](Grab::to), which step `B` puts it
/// at exactly ([`Grab::target`]). After step `B` it is let go, or with
/// [`pin`](Grab::pin) pinned where it is (at `to`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grab {
    /// The point held.
    pub point: GridPoint,
    /// Where step `B` puts it, world units.
    pub to: Place,
    /// The steps it is held through, `A` to `B` (the simulation's step
    /// numbers: step 1 is the first from the start).
    pub steps: StepSpan,
    /// Whether it is pinned after step `B` (else let go).
    pub pin: bool,
}

impl Grab {
    /// Where step `s` of the span (`A <= s <= B`) holds the point, for a
    /// point that was at `from` when step `A` began: `to` exactly at step
    /// `B`, and before it, in each coordinate,
    /// `from + t * (to - from)` with `t = (s - A + 1) as f64 / (B - A + 1)
    /// as f64`, in `f64` in that order. So each step of the span moves the
    /// target an equal share of the way, the first already one share from
    /// `from`. `None` for a step outside the span.
    pub fn target(&self, from: [f64; 3], s: u64) -> Option<[f64; 3]> {
        let span = self.steps;
        if !span.contains(s) {
            return None;
        }
        if s == span.last {
            return Some(self.to.0);
        }
        let t = (s - span.first + 1) as f64 / span.count() as f64;
        Some(std::array::from_fn(|k| {
            from[k] + t * (self.to.0[k] - from[k])
        }))
    }
}

/// A [`Grab`] replayed on a simulation's steps: what the hand does before
/// and after each step, whatever runs of steps the caller makes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GrabScript {
    grab: Grab,
    /// Where the point was when the span's first step began, once it has.
    from: Option<[f64; 3]>,
}

impl GrabScript {
    /// `grab`, not yet begun.
    pub fn new(grab: Grab) -> Self {
        GrabScript { grab, from: None }
    }

    /// The grab this replays.
    pub fn grab(&self) -> Grab {
        self.grab
    }

    /// Where the point was when the span's first step began, once it has
    /// (`None` before).
    pub fn from(&self) -> Option<[f64; 3]> {
        self.from
    }

    /// Run `count` steps of `sim` with the hand on it: the steps before
    /// the span and after it as [`Simulation::run`] runs them (the fast
    /// pass where it may), and each step `s` of the span one at a time,
    /// [`Simulation::hold`] at [`Grab::target`] first. At the first step of
    /// the span it reads where the point is (`from`); after its last it
    /// lets go ([`Simulation::release`]) and, with [`Grab::pin`], pins the
    /// point ([`Simulation::pin`]). The steps are the simulation's own
    /// numbers ([`Simulation::steps`] + 1 is the next), so a run in
    /// several calls, of any lengths, is the same run as one call. A
    /// simulation that begins inside the span (resumed after step `A`)
    /// takes `from` where the point is when the script first sees it.
    ///
    /// # Errors
    /// [`HandError`] for a point off the simulation's grid (a cloth other
    /// than the demo's 32 x 32) or a target that is not finite (a point
    /// so far away that `to - from` overflows); the steps before it have
    /// run.
    pub fn run(&mut self, sim: &mut Simulation, count: u64) -> Result<(), HandError> {
        let span = self.grab.steps;
        let GridPoint { j, i } = self.grab.point;
        let mut left = count;
        while left > 0 {
            let next = sim.steps().saturating_add(1);
            if next < span.first {
                let n = left.min(span.first - next);
                sim.run(n);
                left -= n;
            } else if next <= span.last {
                let from = match self.from {
                    Some(from) => from,
                    None => {
                        let n = sim.cloth.n();
                        if j >= n || i >= n {
                            return Err(HandError::OffGrid { j, i, n });
                        }
                        *self.from.insert(sim.cloth.point(j, i))
                    }
                };
                let at = self.grab.target(from, next).unwrap_or(self.grab.to.0);
                sim.hold(j, i, at)?;
                sim.step();
                left -= 1;
                if next == span.last {
                    sim.release();
                    if self.grab.pin {
                        sim.pin(j, i)?;
                    }
                }
            } else {
                sim.run(left);
                left = 0;
            }
        }
        Ok(())
    }
}
