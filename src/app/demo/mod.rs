//! The running program as both front ends share it: the simulation and the
//! model it runs, the view being dragged and zoomed, the point being held,
//! the frame clock and its speed, and whether it is paused or stopped.
//!
//! Pure state, no window and no GL: the front ends feed it times, cursor
//! moves, buttons, the wheel and [`Action`]s, draw [`Demo::sim`] seen by
//! [`Demo::camera`], and show [`Demo::status`] (the window in its title,
//! the browser in its caption).

#![forbid(unsafe_code)]

mod actions;
mod clock;
mod controls;
mod pointer;
mod saved;
mod status;

use web_time::{Duration, Instant};

#[cfg(doc)]
use super::controls::Action;
use super::controls::{RunState, Side};
use super::pacing::{Mode, Pacer};
use super::pointer::Button;
use super::pointer::Drags;
use super::pointer::Orbit;
use crate::render::Camera;
use crate::sim::{Grid, InstructionSet, InstructionSetError, Model, Scene, Simulation};

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

/// The status phrase after `[` or `]` under `--uncapped`, where the speed
/// is one step a drawn frame and the keys change nothing.
pub const UNCAPPED_SPEED: &str = "speed follows the frame rate (--uncapped)";

/// The status phrase while a point is held under the article's solver:
/// its spring moves a point at most 0.03 a pass however far it is
/// stretched, so the held point is drawn out of the cloth alone, a
/// one-point needle, and the sheet stays where it lies. The other
/// solvers (V) lift the cloth round the point.
pub const NEEDLE: &str = "the article's spring draws a needle: V for a solver that lifts";

/// What the hands scene says until its cloth is first torn or cut: how to
/// pull and how to cut, for a newcomer.
pub const HANDS_HINT: &str = "right-drag pulls, X cuts";

/// How long a notice such as [`UNCAPPED_SPEED`] stays in the status, unless
/// the next action ends it sooner.
pub const NOTICE_FOR: Duration = Duration::from_secs(3);

/// A passing phrase in the status, saying why a key did nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Notice {
    /// The phrase.
    text: &'static str,
    /// When it leaves the status.
    until: Instant,
}

/// The program's state between frames.
#[derive(Clone, Debug)]
pub struct Demo {
    clock: Clock,
    sim: Simulation,
    /// The scene: where a (re)start begins.
    scene: Scene,
    /// Points a side of the scene's start.
    grid: Grid,
    /// Whether the picture is shaded.
    shade: bool,
    /// Whether the picture is the springs view.
    springs: bool,
    /// Whether the picture has smooth edges.
    smooth: bool,
    /// In compare mode, the left half's side (the original unless chosen
    /// otherwise) stepping beside `sim` from the same step 0.
    original: Option<Simulation>,
    /// What compare mode's left half shows.
    left: Side,
    /// The view, and the pointer's drags on it and on the cloth.
    drags: Drags,
    pacer: Pacer,
    /// Whether the first frame has run (its steps), or a restart made
    /// one unneeded.
    started: bool,
    state: RunState,
    /// Why the last key did nothing, while it shows.
    notice: Option<Notice>,
    /// The time the last [`Demo::frame`] spent running steps.
    physics: Duration,
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
            grid: Grid::ORIGINAL,
            shade,
            springs: false,
            smooth: false,
            original: None,
            left: Side::ORIGINAL,
            drags: Drags::new(),
            pacer: Pacer::new(mode),
            started: false,
            state: RunState::Running,
            notice: None,
            physics: Duration::ZERO,
        }
    }

    /// As it was, on an `grid x grid` sheet (`--grid`), from its scene's
    /// start at step 0.
    pub fn with_grid(mut self, grid: Grid) -> Self {
        self.grid = grid;
        let model = self.sim.model();
        self.sim.restart(self.start_cloth(), 0, model);
        if self.original.is_some() {
            self.original = Some(self.left_simulation());
        }
        self
    }

    /// The cloth a (re)start begins from: the scene's start on the grid.
    fn start_cloth(&self) -> crate::sim::Cloth {
        self.scene.start_cloth_on(self.grid.get())
    }

    /// Points a side of the sheet.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// As it was, drawn in the springs view (`--springs`) or not.
    pub fn with_springs(self, springs: bool) -> Self {
        Demo { springs, ..self }
    }

    /// As it was, drawn with smooth edges (`--smooth`) or not.
    pub fn with_smooth(self, smooth: bool) -> Self {
        Demo { smooth, ..self }
    }

    /// As it was, in compare mode (`--compare`) or not: on, the original
    /// starts beside it from step 0, and it from its own start, together.
    pub fn with_compare(mut self, compare: bool) -> Self {
        self.set_compare(compare);
        self
    }

    /// Whether compare mode is on ([`Action::Toggle`] of
    /// [`Id::Compare`](super::controls::Id::Compare)).
    pub fn compare(&self) -> bool {
        self.original.is_some()
    }

    /// In compare mode, the left half: [`Demo::left`]'s scene under its
    /// model (the original unless chosen otherwise), at the same step as
    /// [`Demo::sim`] and run the same steps; `None` out of it.
    pub fn original(&self) -> Option<&Simulation> {
        self.original.as_ref()
    }

    /// What compare mode's left half shows: [`Side::ORIGINAL`] unless
    /// `--compare-with` or the Left half select chose another.
    pub fn left(&self) -> Side {
        self.left
    }

    /// As it was, with `left` on compare mode's left half (`--compare-with`);
    /// in compare mode the halves start again from step 0.
    pub fn with_left(mut self, left: Side) -> Self {
        self.set_left(left);
        self
    }

    /// Show `left` on compare mode's left half; in compare mode both start
    /// again from step 0.
    fn set_left(&mut self, left: Side) {
        if left == self.left {
            return;
        }
        self.left = left;
        if self.compare() {
            self.set_compare(false);
            self.set_compare(true);
        }
    }

    /// A new simulation of the left half's side, at step 0 on the grid.
    fn left_simulation(&self) -> Simulation {
        let mut left = Simulation::resume_with(
            self.left.scene.start_cloth_on(self.grid.get()),
            0,
            self.left.model,
        );
        let _ = left.set_instruction_set(self.sim.instruction_set());
        left
    }

    /// Compare mode on or off. On, both the original and the demo start
    /// again from step 0 (the demo from its scene's start under its model,
    /// as [`Action::Restart`]), so their steps stay the same; off, the
    /// original goes and the demo runs on.
    fn set_compare(&mut self, compare: bool) {
        if compare == self.compare() {
            return;
        }
        if compare {
            self.original = Some(self.left_simulation());
            let model = self.sim.model();
            self.sim.restart(self.start_cloth(), 0, model);
            self.drags.forget_grab();
        } else {
            self.original = None;
        }
        self.drags.set_split(compare);
    }

    /// Run the physics on `set` (every set gives the same bits), from now
    /// on and after every restart.
    ///
    /// # Errors
    /// [`InstructionSetError::Unavailable`] if this CPU cannot run `set`.
    pub fn set_instruction_set(&mut self, set: InstructionSet) -> Result<(), InstructionSetError> {
        if let Some(original) = &mut self.original {
            original.set_instruction_set(set)?;
        }
        self.sim.set_instruction_set(set)
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

    /// Whether the picture is drawn in the springs view
    /// ([`crate::render::springs`]).
    pub fn springs(&self) -> bool {
        self.springs
    }

    /// Whether the picture is drawn with smooth edges ([`Id::Smooth`](super::controls::Id::Smooth),
    /// `--smooth`): 4x multisampling.
    pub fn smooth(&self) -> bool {
        self.smooth
    }

    /// The view, as dragged and zoomed so far.
    pub fn camera(&self) -> Camera {
        self.drags.camera()
    }

    /// The drag state, for front ends that need more than the camera (the
    /// log line on release).
    pub fn orbit(&self) -> &Orbit {
        self.drags.orbit()
    }

    /// The button holding a cloth point, if one is held (the point is
    /// [`Simulation::held`]).
    pub fn grabbing(&self) -> Option<Button> {
        self.drags.grabbing()
    }

    /// Running, paused or stopped.
    pub fn state(&self) -> RunState {
        self.state
    }
}
