//! The actions on the running demo: each key's change (pause, step,
//! restart, speed, the what-ifs, the scene, the view), as
//! [`Demo::apply`] makes it.

#![forbid(unsafe_code)]

use web_time::Instant;

use super::{Clock, Demo, Notice, NOTICE_FOR, UNCAPPED_SPEED};
use crate::app::controls::{Action, RunState, Side};
use crate::app::pacing::{self, Mode, Pacer};
use crate::sim::{Model, Scene};

impl Demo {
    /// Do what `action` asks, at `now`:
    ///
    /// - [`Action::Stop`] stops stepping (and ends a drag).
    /// - [`Action::Restart`] starts again from `Initialise()`: the flat
    ///   sheet (the scene's start) at step 0, shown as it is (paused, it
    ///   stays at step 0; running, step 1 falls due one period after
    ///   `now`, with no first frame's extra steps), running again if
    ///   stopped, nothing torn; the view, the model (tearing and its
    ///   factor included), the speed, the shading and a pause stay.
    /// - [`Action::Step`] runs one step, while paused.
    /// - [`Action::Slower`] and [`Action::Faster`] change the rate to the
    ///   next of [`pacing::SPEEDS`], keeping to the wall clock. Uncapped
    ///   they change nothing but the status, which says why
    ///   ([`UNCAPPED_SPEED`] until [`NOTICE_FOR`] after `now`); held, they
    ///   change nothing.
    /// - [`Action::Toggle`], [`Action::Cycle`] and [`Action::Set`] change
    ///   their control as its widget would ([`Demo::set`]): pausing
    ///   (resuming with the next step one period after `now`, the pause
    ///   not caught up), a what-if (from the next step on), the next
    ///   scene (from its start, as a launch with it would: its own model
    ///   and look but for what the user set, which stays, the view unturned, the first frame running its steps
    ///   again, [`FIRST_FRAME_STEPS`](pacing::FIRST_FRAME_STEPS) or the
    ///   held count; the speed, a pause, the solver with its settings and
    ///   tearing with its factor stay), shading, the springs
    ///   view, compare mode (both halves from step 0, with no first
    ///   frame, as [`Action::Restart`]).
    /// - [`Action::Original`] sets every choice of the model back to the
    ///   scene's own (the original's, in the original scene).
    /// - [`Action::TogglePanel`] changes nothing (the window shows or hides
    ///   its panel).
    /// - [`Action::ZoomIn`], [`Action::ZoomOut`] and [`Action::Home`] move
    ///   the camera (a held point's target with it).
    /// - [`Action::Pin`] pins the held point where it is and lets go.
    /// - [`Action::Help`] changes nothing (the front end shows the keys),
    ///   nor does [`Action::Fullscreen`] (the window's business).
    ///
    /// Nothing but [`Action::Restart`] acts while stopped. Any action ends
    /// a notice in the status.
    pub fn apply(&mut self, action: Action, now: Instant) {
        if self.state == RunState::Stopped && action != Action::Restart {
            return;
        }
        self.notice = None;
        match action {
            Action::Stop => {
                self.state = RunState::Stopped;
                self.drags.end(&mut self.sim);
            }
            Action::Restart => self.restart(now),
            Action::Toggle(id) => self.toggle(id, now),
            Action::Cycle(id) => self.cycle(id, now),
            Action::Set(id, value) => self.set(id, value, now),
            Action::Original => self.sim.set_model(self.scene.model()),
            Action::TogglePanel => {}
            Action::Step => {
                if self.state == RunState::Paused {
                    self.sim.step();
                    if let Some(original) = &mut self.original {
                        original.step();
                    }
                }
            }
            Action::Slower | Action::Faster => {
                if self.clock == Clock::Paced(Mode::Uncapped) {
                    self.notice = Some(Notice {
                        text: UNCAPPED_SPEED,
                        until: now + NOTICE_FOR,
                    });
                } else if let Some(rate) = self.speed() {
                    let rate = if action == Action::Slower {
                        pacing::slower(rate)
                    } else {
                        pacing::faster(rate)
                    };
                    self.pacer.set_rate(rate, now);
                }
            }
            Action::ZoomIn | Action::ZoomOut => {
                let notches = if action == Action::ZoomIn { 1.0 } else { -1.0 };
                self.drags.zoom_notches(notches, &mut self.sim);
            }
            Action::Home => {
                self.drags.home(&mut self.sim);
            }
            Action::Pin => {
                self.drags.pin(&mut self.sim);
            }
            Action::Help | Action::Fullscreen => {}
        }
    }

    /// Start again from the scene's start at step 0 under the model as it
    /// is, counting steps from `now` with no first frame; running again if
    /// stopped, a pause kept; the view, speed and shading untouched.
    pub(super) fn restart(&mut self, now: Instant) {
        let model = self.sim.model();
        self.sim.restart(self.start_cloth(), 0, model);
        if let Some(original) = &mut self.original {
            let left = self.left;
            original.restart(left.scene.start_cloth_on(self.grid.get()), 0, left.model);
        }
        self.drags.forget_grab();
        self.pacer.restart(now);
        self.started = true;
        if self.state == RunState::Stopped {
            self.state = RunState::Running;
        }
    }

    /// Start `scene` as a launch with it and the choices a user made
    /// would ([`Choices::with_scene`](crate::app::choices::Choices::with_scene)):
    /// its own model, grid and look but for each way the running ones
    /// differ from the scene running now's own (a what-if ticked, shading
    /// turned off, a solver, a grid, tearing), which stays. So N into the
    /// hands scene brings its XPBD, 64 x 64 and tearing, and N out of it,
    /// untouched, brings back the article's spring at 32 x 32. The view
    /// unturned, the clock waiting for a first frame at the speed chosen, a
    /// pause kept.
    pub(super) fn start_scene(&mut self, scene: Scene, now: Instant) {
        let mut pacer = Pacer::new(self.pacer.mode());
        pacer.set_rate(self.pacer.rate(), now);
        let state = match self.state {
            RunState::Paused => RunState::Paused,
            _ => RunState::Running,
        };
        // What the user set stays; the scene brings the rest (its start,
        // pins, wind, grid, solver and other features).
        let setup = self.choices().with_scene(scene).setup();
        let model = setup.model;
        self.grid = setup.grid;
        let mut sim = std::mem::take(&mut self.sim);
        sim.restart(scene.start_cloth_on(self.grid.get()), 0, model);
        // A left half other than the original follows the scene, under
        // its own solver.
        let left = if self.left == Side::ORIGINAL {
            Side::ORIGINAL
        } else {
            Side {
                scene,
                model: kept_choices(self.left.scene, &self.left.model, scene),
            }
        };
        let mut original = self.original.take();
        if let Some(original) = &mut original {
            original.restart(left.scene.start_cloth_on(self.grid.get()), 0, left.model);
        }
        *self = Demo {
            original,
            pacer,
            state,
            sim,
            drags: self.drags.unturned(),
            springs: self.springs,
            smooth: self.smooth,
            grid: self.grid,
            left,
            ..Demo::with_scene(self.clock, scene, scene.model(), setup.shade)
        };
    }
}

/// `scene`'s own model, but for the solver (with its settings) and tearing
/// where `model`, running under the scene `was`, has them other than `was`
/// has them: those the user chose, which stay.
fn kept_choices(was: Scene, model: &Model, scene: Scene) -> Model {
    let (own, mut next) = (was.model(), scene.model());
    let solver_of = |m: &Model| (m.solver, m.mass_spring, m.relaxation, m.xpbd);
    if solver_of(model) != solver_of(&own) {
        next.solver = model.solver;
        next.mass_spring = model.mass_spring;
        next.relaxation = model.relaxation;
        next.xpbd = model.xpbd;
    }
    if model.tear != own.tear {
        next.tear = model.tear;
    }
    next
}
