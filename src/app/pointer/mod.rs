//! The pointer, shared by both front ends: what its buttons, drags, wheel
//! and pinches ask for ([`press`]: a button's [`Drag`], what a press did,
//! how a drag ended, how far a notch zooms, when a touch held still
//! grabs), the camera a drag turns ([`orbit`]), and the drags themselves
//! on the cloth and the view ([`drags`]: grabbing the point under the
//! cursor, pinning, letting go, zooming).
//!
//! The running demo's side ([`Demo::press`](crate::app::demo::Demo::press)
//! and the rest, `demo/pointer.rs`) and the window's (its winit events,
//! `native/pointer.rs`) stay beside their types, whose state they change;
//! both hand everything they decide to the types here.

#![forbid(unsafe_code)]

pub mod drags;
pub mod orbit;
pub mod press;

pub use drags::Drags;
pub use orbit::Orbit;
pub use press::{
    ctrl_wheel_factor, drag_for_press, pinch_factor, Button, Drag, DragEnd, Pressed, Wheel,
    LINES_PER_NOTCH, LONG_PRESS, LONG_PRESS_SLOP, PIXELS_PER_NOTCH,
};
