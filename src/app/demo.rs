//! The running program as both front ends share it: the simulation, the
//! view being dragged, the frame clock and whether it is stopped.
//!
//! Pure state, no window and no GL: the front ends feed it times, cursor
//! moves and [`Action`]s, and draw [`Demo::sim`] seen by [`Demo::camera`].

use web_time::Instant;

use super::input::{Action, RunState};
use super::orbit::Orbit;
use super::pacing::{Frame, Mode, NextFrame, Pacer};
use crate::render::Camera;
use crate::sim::Simulation;

/// How the steps keep time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// Paced by a [`Pacer`] in this mode: the first frame after
    /// [`FIRST_FRAME_STEPS`](super::pacing::FIRST_FRAME_STEPS) steps, then
    /// 60 steps a second (or one a frame, uncapped).
    Paced(Mode),
    /// Held: the first frame after this many steps, then no more steps
    /// (the browser's test mode, `?steps=N`: a known state to look at).
    Held(u32),
}

impl Default for Clock {
    fn default() -> Self {
        Clock::Paced(Mode::Fixed)
    }
}

/// The program's state between frames.
#[derive(Clone, Debug)]
pub struct Demo {
    clock: Clock,
    sim: Simulation,
    orbit: Orbit,
    pacer: Pacer,
    /// Whether the first frame has run (its steps).
    started: bool,
    state: RunState,
}

impl Demo {
    /// The program as `Initialise()` leaves it: the flat sheet at step 0,
    /// the view unturned, no frame drawn yet, running, keeping time by
    /// `clock`.
    pub fn new(clock: Clock) -> Self {
        let mode = match clock {
            Clock::Paced(mode) => mode,
            Clock::Held(_) => Mode::Fixed,
        };
        Demo {
            clock,
            sim: Simulation::new(),
            orbit: Orbit::new(),
            pacer: Pacer::new(mode),
            started: false,
            state: RunState::Running,
        }
    }

    /// How it keeps time.
    pub fn clock(&self) -> Clock {
        self.clock
    }

    /// The simulation, to draw or to read.
    pub fn sim(&self) -> &Simulation {
        &self.sim
    }

    /// The view, as dragged so far.
    pub fn camera(&self) -> Camera {
        self.orbit.camera()
    }

    /// The drag state, for front ends that need more than the camera (the
    /// log line on release).
    pub fn orbit(&self) -> &Orbit {
        &self.orbit
    }

    /// Running or stopped.
    pub fn state(&self) -> RunState {
        self.state
    }

    /// A frame is drawn at `now`: run the steps due first and say how many,
    /// or `None` when stopped (draw nothing). Paced, the pacer decides (the
    /// first frame runs two steps); held, the first frame runs the held
    /// count and later frames none.
    pub fn frame(&mut self, now: Instant) -> Option<Frame> {
        if self.state == RunState::Stopped {
            return None;
        }
        let frame = match self.clock {
            Clock::Paced(_) => self.pacer.frame(now),
            Clock::Held(steps) if !self.started => Frame { steps, dropped: 0 },
            Clock::Held(_) => Frame::default(),
        };
        self.started = true;
        self.sim.run(u64::from(frame.steps));
        Some(frame)
    }

    /// When the next frame is due, or `None` when no step will fall due
    /// by itself (stopped, or held after its first frame): then only an
    /// input can change the picture.
    pub fn next_frame(&self) -> Option<NextFrame> {
        match (self.state, self.clock) {
            (RunState::Stopped, _) => None,
            (RunState::Running, Clock::Paced(_)) => Some(self.pacer.next_frame()),
            (RunState::Running, Clock::Held(_)) if !self.started => Some(NextFrame::Now),
            (RunState::Running, Clock::Held(_)) => None,
        }
    }

    /// The cursor moved to (`physical_x`, `physical_y`) on a drawing area
    /// with `scale_factor` physical pixels per original-window pixel: see
    /// [`Orbit::cursor_moved`]. Ignored while stopped. Returns whether the
    /// view turned.
    pub fn cursor_moved(&mut self, physical_x: f64, physical_y: f64, scale_factor: f64) -> bool {
        self.state == RunState::Running
            && self
                .orbit
                .cursor_moved(physical_x, physical_y, scale_factor)
    }

    /// The left button (or a touch) went down (`true`) or up (`false`).
    /// A press while stopped starts no drag; a release always ends one.
    pub fn button(&mut self, pressed: bool) {
        self.orbit
            .button(pressed && self.state == RunState::Running);
    }

    /// Do what `action` asks: [`Action::Stop`] stops stepping (and ends a
    /// drag); [`Action::Restart`] starts again from `Initialise()` with
    /// the same clock, as running the program again would.
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::Stop => {
                self.state = RunState::Stopped;
                self.orbit.button(false);
            }
            Action::Restart => *self = Demo::new(self.clock),
        }
    }
}
