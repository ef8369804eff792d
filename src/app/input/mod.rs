//! The inputs both front ends (the window and the browser) report, in
//! shared terms, pure and tested without either: keys ([`KeyPress`]), the
//! pointer's buttons, drags and wheel, and touches.
//!
//! A front end turns its own events into a [`KeyPress`] or a click, asks
//! [`keys::action_for_key`](super::keys::action_for_key) or
//! [`keys::action_for_click`](super::keys::action_for_click) what they
//! mean in the current state, and hands the action to
//! [`Demo::apply`](super::demo::Demo::apply); what stopping looks like is
//! the front end's business (the window closes; the browser, which cannot
//! close its tab, stops stepping and drawing until a click), and so is
//! showing the key list. What a mouse button
//! starts (turning the view or grabbing the cloth) is [`drag_for_press`],
//! and how far the wheel zooms [`Wheel::notches`].

#![forbid(unsafe_code)]

mod key;
mod pointer;

pub use key::{Key, KeyPress, Modifiers};
pub use pointer::{
    ctrl_wheel_factor, drag_for_press, pinch_factor, Button, Drag, DragEnd, Pressed, Wheel,
    LINES_PER_NOTCH, LONG_PRESS, LONG_PRESS_SLOP, PIXELS_PER_NOTCH,
};
