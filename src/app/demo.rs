//! The running program as both front ends share it: the simulation and the
//! model it runs, the view being dragged, the frame clock and its speed,
//! and whether it is paused or stopped.
//!
//! Pure state, no window and no GL: the front ends feed it times, cursor
//! moves and [`Action`]s, draw [`Demo::sim`] seen by [`Demo::camera`], and
//! show [`Demo::status`] (the window in its title, the browser in its
//! caption).

use web_time::Instant;

use super::input::{next_scene, Action, RunState};
use super::orbit::Orbit;
use super::pacing::{self, Frame, Mode, NextFrame, Pacer, STEPS_PER_SECOND};
use crate::render::Camera;
use crate::sim::{Model, Scene, Simulation};

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
    /// The scene: where a (re)start begins.
    scene: Scene,
    /// Whether the picture is shaded.
    shade: bool,
    orbit: Orbit,
    pacer: Pacer,
    /// Whether the first frame has run (its steps).
    started: bool,
    state: RunState,
}

impl Demo {
    /// The program as `Initialise()` leaves it: the flat sheet at step 0
    /// under `model`, the view unturned, no frame drawn yet, running,
    /// keeping time by `clock` at 60 steps a second.
    pub fn new(clock: Clock, model: Model) -> Self {
        Demo::with_scene(clock, Scene::Original, model, false)
    }

    /// As [`Demo::new`] from `scene`'s start ([`Scene::start_cloth`])
    /// under `model` (the scene's own, or changed by flags), shaded or
    /// not.
    pub fn with_scene(clock: Clock, scene: Scene, model: Model, shade: bool) -> Self {
        let mode = match clock {
            Clock::Paced(mode) => mode,
            Clock::Held(_) => Mode::Fixed,
        };
        Demo {
            clock,
            sim: Simulation::resume_with(scene.start_cloth(), 0, model),
            scene,
            shade,
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

    /// The scene the demo (re)starts from.
    pub fn scene(&self) -> Scene {
        self.scene
    }

    /// Whether the picture is drawn shaded.
    pub fn shade(&self) -> bool {
        self.shade
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

    /// Running, paused or stopped.
    pub fn state(&self) -> RunState {
        self.state
    }

    /// Steps per second of wall time, when paced at a fixed rate (one of
    /// [`pacing::SPEEDS`]); `None` uncapped or held.
    pub fn speed(&self) -> Option<u64> {
        match self.clock {
            Clock::Paced(Mode::Fixed) => Some(self.pacer.rate()),
            _ => None,
        }
    }

    /// What differs from the demo as it starts by default, one short
    /// phrase each, in this order: `paused` and `step N` while paused, the
    /// speed when it is not 60 steps a second (`30 steps/s`), the scene
    /// when it is not the original (`curtain`), the model's
    /// [`differences`](Model::differences) from the original (`bending
    /// springs`, `pinned top`), and `shaded` when shaded. Empty when
    /// nothing differs. Stopped is left to the front end.
    pub fn status(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.state == RunState::Paused {
            out.push("paused".to_string());
            out.push(format!("step {}", self.sim.steps()));
        }
        match self.speed() {
            Some(rate) if rate != STEPS_PER_SECOND => out.push(format!("{rate} steps/s")),
            _ => {}
        }
        if self.scene != Scene::Original {
            out.push(self.scene.to_string());
        }
        out.extend(self.sim.model().differences());
        if self.shade {
            out.push("shaded".to_string());
        }
        out
    }

    /// A frame is drawn at `now`: run the steps due first and say how many,
    /// or `None` when stopped (draw nothing). Paced, the pacer decides (the
    /// first frame runs two steps); held, the first frame runs the held
    /// count and later frames none. Paused, the first frame still runs its
    /// steps (the first picture is the state after them) and later frames
    /// none.
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
        self.sim.run(u64::from(frame.steps));
        Some(frame)
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

    /// The cursor moved to (`physical_x`, `physical_y`) on a drawing area
    /// with `scale_factor` physical pixels per original-window pixel: see
    /// [`Orbit::cursor_moved`]. Ignored while stopped (not while paused).
    /// Returns whether the view turned.
    pub fn cursor_moved(&mut self, physical_x: f64, physical_y: f64, scale_factor: f64) -> bool {
        self.state != RunState::Stopped
            && self
                .orbit
                .cursor_moved(physical_x, physical_y, scale_factor)
    }

    /// The left button (or a touch) went down (`true`) or up (`false`).
    /// A press while stopped starts no drag; a release always ends one.
    pub fn button(&mut self, pressed: bool) {
        self.orbit
            .button(pressed && self.state != RunState::Stopped);
    }

    /// Do what `action` asks, at `now`:
    ///
    /// - [`Action::Stop`] stops stepping (and ends a drag).
    /// - [`Action::Restart`] starts again from `Initialise()`: the flat
    ///   sheet (the scene's start) at step 0, the view unturned, the clock reset, running again
    ///   if stopped; the model, the speed and a pause stay (paused, the
    ///   first frame still runs its two steps).
    /// - [`Action::TogglePause`] pauses, or resumes with the next step one
    ///   period after `now` (the pause is not caught up).
    /// - [`Action::Step`] runs one step, while paused.
    /// - [`Action::Slower`] and [`Action::Faster`] change the rate to the
    ///   next of [`pacing::SPEEDS`], keeping to the wall clock; nothing
    ///   when uncapped or held.
    /// - [`Action::Model`] changes the physics from the next step on.
    /// - [`Action::NextScene`] restarts as [`Action::Restart`] does, in the
    ///   next scene ([`next_scene`]) with its own model and look.
    /// - [`Action::ToggleShade`] turns shading on or off.
    /// - [`Action::Help`] changes nothing (the front end shows the keys).
    ///
    /// Nothing but [`Action::Restart`] acts while stopped.
    pub fn apply(&mut self, action: Action, now: Instant) {
        if self.state == RunState::Stopped && action != Action::Restart {
            return;
        }
        match action {
            Action::Stop => {
                self.state = RunState::Stopped;
                self.orbit.button(false);
            }
            Action::Restart => {
                self.restart(self.scene, self.sim.model(), self.shade, now);
            }
            Action::NextScene => {
                let scene = next_scene(self.scene);
                self.restart(scene, scene.model(), scene.shade(), now);
            }
            Action::ToggleShade => self.shade = !self.shade,
            Action::TogglePause => match self.state {
                RunState::Running => self.state = RunState::Paused,
                _ => {
                    self.state = RunState::Running;
                    self.pacer.resume(now);
                }
            },
            Action::Step => {
                if self.state == RunState::Paused {
                    self.sim.step();
                }
            }
            Action::Slower | Action::Faster => {
                if let Some(rate) = self.speed() {
                    let rate = if action == Action::Slower {
                        pacing::slower(rate)
                    } else {
                        pacing::faster(rate)
                    };
                    self.pacer.set_rate(rate, now);
                }
            }
            Action::Model(change) => self.sim.set_model(change.apply(self.sim.model())),
            Action::Help => {}
        }
    }

    /// Start again from `scene`'s start under `model`, shaded or not: the
    /// view unturned, the clock reset at the speed chosen, a pause kept.
    fn restart(&mut self, scene: Scene, model: Model, shade: bool, now: Instant) {
        let mut pacer = Pacer::new(self.pacer.mode());
        pacer.set_rate(self.pacer.rate(), now);
        let state = match self.state {
            RunState::Paused => RunState::Paused,
            _ => RunState::Running,
        };
        *self = Demo {
            pacer,
            state,
            ..Demo::with_scene(self.clock, scene, model, shade)
        };
    }
}
