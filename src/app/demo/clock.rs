//! The running demo's frame clock: how its steps keep time, the steps
//! each drawn frame runs ([`Demo::frame`]), and when the next frame is
//! due ([`Demo::next_frame`]).

#![forbid(unsafe_code)]

use web_time::{Duration, Instant};

use super::{Clock, Demo};
use crate::app::controls::RunState;
use crate::app::pacing::{Frame, Mode, NextFrame};

impl Demo {
    /// How it keeps time.
    pub fn clock(&self) -> Clock {
        self.clock
    }

    /// Steps per second of wall time, when paced at a fixed rate (one of
    /// [`pacing::SPEEDS`](crate::app::pacing::SPEEDS)); `None` uncapped or held.
    pub fn speed(&self) -> Option<u64> {
        match self.clock {
            Clock::Paced(Mode::Fixed) => Some(self.pacer.rate()),
            _ => None,
        }
    }

    /// A frame is drawn at `now`: run the steps due first and say how many,
    /// or `None` when stopped (draw nothing). Paced, the pacer decides (the
    /// first frame of a launch or a new scene runs two steps); held, that
    /// first frame runs the held count and later frames none. Paused, that
    /// first frame still runs its steps (the first picture is the state
    /// after them) and later frames none. After a restart there is no such
    /// first frame: the count goes on from step 0.
    pub fn frame(&mut self, now: Instant) -> Option<Frame> {
        if self.state == RunState::Stopped {
            return None;
        }
        let frame = match self.clock {
            Clock::Paced(_) if self.started && self.state == RunState::Paused => Frame::default(),
            Clock::Paced(_) => self.pacer.frame(now),
            Clock::Held(steps) if !self.started => Frame { steps, dropped: 0 },
            Clock::Held(_) => Frame::default(),
        };
        self.started = true;
        let t0 = Instant::now();
        self.sim.run(u64::from(frame.steps));
        if let Some(original) = &mut self.original {
            original.run(u64::from(frame.steps));
        }
        self.physics = t0.elapsed();
        Some(frame)
    }

    /// The wall time the last [`Demo::frame`] spent running its steps
    /// (both simulations' in compare mode), for the panels' readout
    /// ([`readout`](crate::app::readout)); zero before the first frame.
    pub fn physics_time(&self) -> Duration {
        self.physics
    }

    /// Go on from `now` as if the clock had stood still since the last
    /// frame: the steps that fell due meanwhile are not run (the page
    /// holds its steps while its picture is lost). The next step falls due
    /// one period after `now`; before the first frame, and under a held
    /// clock, nothing changes.
    pub fn resume_clock(&mut self, now: Instant) {
        self.pacer.resume(now);
    }

    /// When the next frame is due, or `None` when no step will fall due
    /// by itself (stopped, paused or held after the first frame): then
    /// only an input can change the picture.
    pub fn next_frame(&self) -> Option<NextFrame> {
        match (self.state, self.clock) {
            (RunState::Stopped, _) => None,
            (_, _) if !self.started => Some(NextFrame::Now),
            (RunState::Paused, _) | (RunState::Running, Clock::Held(_)) => None,
            (RunState::Running, Clock::Paced(_)) => Some(self.pacer.next_frame()),
        }
    }
}
