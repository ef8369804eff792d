//! The keys both front ends (the window and the browser) report, in
//! shared terms, pure and tested without either: [`Key`], [`Modifiers`]
//! and [`KeyPress`].
//!
//! A front end turns its own events into a [`KeyPress`] and asks
//! [`keys::action_for_key`](super::keys::action_for_key) what it means in
//! the current state; the pointer's buttons, drags and wheel are
//! [`pointer`](super::pointer)'s.

#![forbid(unsafe_code)]

mod key;

pub use key::{Key, KeyPress, Modifiers};
