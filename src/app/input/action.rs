//! What an input can ask for, and the state it is asked in: [`Action`]
//! (with [`ModelChange`] for the what-ifs and [`next_scene`] for N) and
//! [`RunState`].

#![forbid(unsafe_code)]

use crate::sim::{Buffering, Model, Order, Passes, Scene, SpringLaw, TearFactor};

/// Whether the program is running: stepping and drawing, paused (drawing,
/// not stepping), or stopped by Escape (only the browser is ever stopped
/// and still there).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RunState {
    /// Stepping and drawing.
    #[default]
    Running,
    /// Paused: no step falls due, but the view still turns and redraws,
    /// and [`Action::Step`] runs one step.
    Paused,
    /// Stopped: nothing steps or draws until it is started again.
    Stopped,
}

/// What an input asks the program to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Stop the program, as the original's Escape did: the window closes
    /// (and the program ends); the browser stops stepping and drawing.
    Stop,
    /// Start again from `Initialise()`: the flat sheet (the scene's start)
    /// at step 0, shown at step 0 even while paused; running, the steps go
    /// on from there at the speed chosen. The view, the model, the speed,
    /// the shading and a pause stay.
    Restart,
    /// Pause when running, resume when paused.
    TogglePause,
    /// One step (only offered while paused).
    Step,
    /// The next slower speed of
    /// [`SPEEDS`](crate::app::pacing::SPEEDS); under `--uncapped`, only a
    /// notice in the status that the speed follows the frame rate.
    Slower,
    /// The next faster speed (under `--uncapped`, as [`Action::Slower`]).
    Faster,
    /// Show the key list ([`keys::help`](crate::app::keys::help)).
    Help,
    /// Change the physics from the next step on.
    Model(ModelChange),
    /// Start the next scene of [`Scene::ALL`] ([`next_scene`]) from its
    /// start as a launch with it would, with its own model and look (the
    /// what-ifs and shading set since are dropped), the view unturned and
    /// its first frame running its steps; the speed and a pause stay.
    NextScene,
    /// Shading on or off (`--shade`), from the next frame drawn.
    ToggleShade,
    /// The springs view on or off (`--springs`,
    /// [`crate::render::springs`]), from the next frame drawn; a restart
    /// or the next scene keeps it.
    ToggleSprings,
    /// Compare mode on or off (`--compare`): the original on the left
    /// half, the model and scene chosen on the right, both from step 0
    /// together, on one camera.
    ToggleCompare,
    /// The window's panel (Tab) shown or hidden; the browser's controls
    /// are always on the page, so it ignores this.
    TogglePanel,
    /// The camera one notch nearer
    /// ([`ZOOM_PER_NOTCH`](crate::render::camera::ZOOM_PER_NOTCH)), as the
    /// wheel turned up once.
    ZoomIn,
    /// The camera one notch farther.
    ZoomOut,
    /// The original's view again: not turned, [`DISTANCE`] back.
    ///
    /// [`DISTANCE`]: crate::render::camera::DISTANCE
    Home,
    /// Pin the held point where it is and let go of it (nothing while no
    /// point is held).
    Pin,
}

/// The scene after `scene` in [`Scene::ALL`], the last followed by the
/// first: original, curtain, flag, drape, original...
pub fn next_scene(scene: Scene) -> Scene {
    let at = Scene::ALL.iter().position(|&s| s == scene).unwrap_or(0);
    Scene::ALL[(at + 1) % Scene::ALL.len()]
}

/// A change to the [`Model`] a key asks for: one of the article's "what
/// ifs" switched on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModelChange {
    /// This many passes a step.
    Passes(Passes),
    /// The diagonal springs off, or back on.
    Diagonals,
    /// The bending springs (the points two away) on, or off.
    Bend,
    /// Moving each point in place, or back to double buffering.
    InPlace,
    /// The next visiting order of [`Order::ALL`] (rows, reversed, rows...).
    Order,
    /// Hooke's law, or back to the article's spring.
    Hooke,
    /// Tearing at [`TearFactor::DEFAULT`] on, or off (springs torn stay
    /// torn until a restart).
    Tear,
    /// Every choice back to the original's.
    Original,
}

impl ModelChange {
    /// `model` with this change made.
    pub fn apply(self, mut model: Model) -> Model {
        match self {
            ModelChange::Passes(passes) => model.passes = passes,
            ModelChange::Diagonals => model.springs.diagonals = !model.springs.diagonals,
            ModelChange::Bend => model.springs.bend = !model.springs.bend,
            ModelChange::InPlace => {
                model.buffering = if model.buffering == Buffering::Double {
                    Buffering::InPlace
                } else {
                    Buffering::Double
                }
            }
            ModelChange::Order => {
                let at = Order::ALL.iter().position(|&o| o == model.order);
                model.order = Order::ALL[at.map_or(0, |k| (k + 1) % Order::ALL.len())];
            }
            ModelChange::Hooke => {
                model.law = if model.law == SpringLaw::Article {
                    SpringLaw::Hooke
                } else {
                    SpringLaw::Article
                }
            }
            ModelChange::Tear => {
                model.tear = match model.tear {
                    None => Some(TearFactor::DEFAULT),
                    Some(_) => None,
                }
            }
            ModelChange::Original => model = Model::ORIGINAL,
        }
        model
    }
}
