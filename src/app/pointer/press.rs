//! The pointer as both front ends report it: its [`Button`]s, what a press
//! starts ([`drag_for_press`]: turning the view or grabbing the cloth),
//! how a drag ends ([`DragEnd`]), how far the wheel or a pinch zooms
//! ([`Wheel::notches`], [`pinch_factor`], [`ctrl_wheel_factor`]), and when
//! a touch held still grabs ([`LONG_PRESS`]).

#![forbid(unsafe_code)]

use web_time::Duration;

use crate::app::INNER_SIZE;
use crate::render::camera::ZOOM_PER_NOTCH;

use crate::app::input::Modifiers;

/// A mouse button. A finger on a touch screen is the left button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    /// The left (primary) button.
    Left,
    /// The right (secondary) button.
    Right,
    /// Any other: the middle button, back, forward...
    Other,
}

/// What a drag does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drag {
    /// Turns the view, as the original's left-button drag: 0.2 degrees a
    /// pixel.
    Orbit,
    /// Holds the cloth point picked under the cursor, which follows the
    /// cursor until the button is let go.
    Grab,
    /// The knife: each move of the cursor cuts the springs its segment
    /// crosses on the picture, until the button is let go (the grab
    /// button while the Knife is on).
    Cut,
}

/// What a button press did, so that a front end never decides it again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pressed {
    /// The view turns with the drag ([`Drag::Orbit`]).
    Orbit,
    /// Point `[j][i]` of the cloth is held ([`Drag::Grab`]).
    Grabbed(usize, usize),
    /// The knife is drawn from the cursor ([`Drag::Cut`]).
    Cutting,
    /// A grab found no cloth point under the cursor (the sky, or no cursor
    /// or size known yet): nothing starts.
    Missed,
    /// Nothing: the button starts no drag, another drag is on, or the
    /// demo is stopped.
    Ignored,
}

impl Pressed {
    /// The drag it started, if it started one.
    pub fn drag(self) -> Option<Drag> {
        match self {
            Pressed::Orbit => Some(Drag::Orbit),
            Pressed::Grabbed(..) => Some(Drag::Grab),
            Pressed::Cutting => Some(Drag::Cut),
            Pressed::Missed | Pressed::Ignored => None,
        }
    }
}

/// How a drag ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DragEnd {
    /// The view stopped turning.
    Orbit,
    /// The held point `(j, i)` was let go: it moves with the rest again.
    LetGo(usize, usize),
    /// The held point `(j, i)` was pinned where it is (P, or the release
    /// with Shift held).
    Pinned(usize, usize),
    /// The knife was lifted, having cut this many springs in the stroke.
    Cut(usize),
}

/// What a press of `button` with `modifiers` held starts: the right button
/// grabs, and so does the left with Control (for one-button mice and
/// trackpads); the left alone turns the view; other buttons do nothing.
pub fn drag_for_press(button: Button, modifiers: Modifiers) -> Option<Drag> {
    match button {
        Button::Right => Some(Drag::Grab),
        Button::Left if modifiers.ctrl => Some(Drag::Grab),
        Button::Left => Some(Drag::Orbit),
        Button::Other => None,
    }
}

/// Pixels (logical, CSS) of smooth scrolling that zoom as far as one
/// notch of a mouse wheel; browsers report about 100 a notch.
pub const PIXELS_PER_NOTCH: f64 = 100.0;

/// Lines of a browser's line-by-line scrolling that zoom as far as one
/// notch (Firefox reports 3 a notch).
pub const LINES_PER_NOTCH: f64 = 3.0;

/// A turn of the wheel (or a two-finger scroll on a trackpad), vertical
/// part only, positive when turned up (away from the user), as winit
/// reports it; a browser's `deltaY` is the other way round, so its
/// negation goes here.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Wheel {
    /// Notches of a wheel: winit's `LineDelta` (one a notch on every
    /// platform).
    Notches(f64),
    /// Lines, as a browser's `DOM_DELTA_LINE` counts them
    /// ([`LINES_PER_NOTCH`] a notch).
    Lines(f64),
    /// Logical pixels: winit's `PixelDelta` divided by the scale factor, a
    /// browser's `DOM_DELTA_PIXEL` ([`PIXELS_PER_NOTCH`] a notch).
    Pixels(f64),
    /// Pages, a browser's `DOM_DELTA_PAGE`: one is the original window's
    /// height in pixels.
    Pages(f64),
}

impl Wheel {
    /// How many notches to zoom by, for
    /// [`Camera::zoom_notches`](crate::render::Camera::zoom_notches):
    /// positive is nearer. A value that is not finite is 0.
    pub fn notches(self) -> f64 {
        let n = match self {
            Wheel::Notches(n) => n,
            Wheel::Lines(lines) => lines / LINES_PER_NOTCH,
            Wheel::Pixels(px) => px / PIXELS_PER_NOTCH,
            Wheel::Pages(pages) => pages * INNER_SIZE.1 / PIXELS_PER_NOTCH,
        };
        if n.is_finite() {
            n
        } else {
            0.0
        }
    }
}

/// How long a touch must stay down, and still, before it grabs instead of
/// turning the view (the page's long press).
pub const LONG_PRESS: Duration = Duration::from_millis(400);

/// How far (CSS pixels) a touch may wander and still be held still.
pub const LONG_PRESS_SLOP: f64 = 10.0;

/// The factor to multiply the camera's distance by for a pinch that
/// magnified the picture by `magnification` (winit's `PinchGesture`
/// delta: `0.1` is 10% larger, negative smaller): `exp(-magnification)`,
/// so pinching out and back in by the same amount comes back to the same
/// distance. Browsers report a trackpad pinch as a wheel turn with Control
/// held, `deltaY` pixels being a magnification of `-deltaY / 100`.
pub fn pinch_factor(magnification: f64) -> f64 {
    (-magnification).exp()
}

/// The factor to multiply the camera's distance by for a browser's wheel
/// event with Control held, `delta_y` pixels (`deltaY`, positive down): a
/// trackpad's pinch, reported as `-deltaY / 100` of magnification
/// ([`pinch_factor`]), at most a notch ([`ZOOM_PER_NOTCH`]) an event either
/// way, so that Control and a mouse wheel's notch (100 pixels) zoom a notch
/// and no more. A `delta_y` that is not finite is 1 (no zoom).
pub fn ctrl_wheel_factor(delta_y: f64) -> f64 {
    let most = -ZOOM_PER_NOTCH.ln();
    let magnification = -delta_y / PIXELS_PER_NOTCH;
    if magnification.is_finite() {
        pinch_factor(magnification.clamp(-most, most))
    } else {
        1.0
    }
}
