//! What an input or a control can ask for, and the state it is asked in:
//! [`Action`] and [`RunState`].

#![forbid(unsafe_code)]

use super::id::{Id, Value};

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
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Action {
    /// Stop the program, as the original's Escape did: the window closes
    /// (and the program ends); the browser stops stepping and drawing.
    Stop,
    /// Start again from `Initialise()`: the flat sheet (the scene's start)
    /// at step 0, shown at step 0 even while paused; running, the steps go
    /// on from there at the speed chosen. The view, the model, the speed,
    /// the shading and a pause stay.
    Restart,
    /// One step (only offered while paused).
    Step,
    /// The next slower speed of
    /// [`SPEEDS`](crate::app::pacing::SPEEDS); under `--uncapped`, only a
    /// notice in the status that the speed follows the frame rate.
    Slower,
    /// The next faster speed (under `--uncapped`, as [`Action::Slower`]).
    Faster,
    /// Show the key list ([`keys::help`](crate::app::keys::help)), or hide
    /// it where it stays open (the window's, over the scene; the page's).
    Help,
    /// A checkbox's control the other way: pause or resume
    /// ([`Id::Paused`]), a what-if on or off ([`Id::Bend`]), shading, the
    /// springs view, compare mode ([`Id::Compare`]: both halves from step
    /// 0 together). A model's change acts from the next step on, the
    /// view's from the next frame drawn.
    Toggle(Id),
    /// A select's control to its next choice, the last followed by the
    /// first: the next visiting order ([`Id::Order`]); the next scene
    /// ([`Id::Scene`]) from its start as a launch with it would, with its
    /// own model and look but for what the user set (a what-if ticked,
    /// shading turned off: these stay), the view unturned and its first
    /// frame running its steps, the speed and a pause kept.
    Cycle(Id),
    /// A control set to a value, as its widget would set it: 1, 5 or 15
    /// passes a step ([`Id::Passes`]).
    Set(Id, Value),
    /// Every choice of the model back to the scene's own: every what-if
    /// off (in the original scene, the original's model).
    Original,
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
    /// The window full screen (borderless, on its monitor), or back to
    /// its size before (F11; Alt+Enter on Windows); changes nothing in
    /// the demo.
    Fullscreen,
}
