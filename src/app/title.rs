//! The window's title: the original's [`TITLE`], followed by what differs
//! from the default ([`title`]), kept short ([`window_title`]): the scene
//! and how many what-ifs, not each of them.

#![forbid(unsafe_code)]

use super::demo::Demo;
use crate::sim::{Model, Scene};

/// The window's title, as the original's: exactly this while nothing
/// differs from the default (see [`title`]).
pub const TITLE: &str = "OpenGL Test Program";

/// The window's title for a [`Demo::status`](super::demo::Demo::status):
/// exactly [`TITLE`] when it is empty, else [`TITLE`], ` - ` and the
/// phrases joined by `, `, e.g. `OpenGL Test Program - paused, step 1234,
/// bending springs`.
pub fn title(status: &[String]) -> String {
    if status.is_empty() {
        TITLE.to_string()
    } else {
        format!("{TITLE} - {}", status.join(", "))
    }
}

/// The window's title for `demo`: [`title`] of its status with the
/// model's differences from the original put shortly ([`what_ifs`]): what
/// differs from the scene's own model, named when it is one thing,
/// counted when more (`OpenGL Test Program - curtain, 2 what-ifs`), left
/// out when nothing does (the scene's name says the rest). The panel's
/// readout lists them all.
pub fn window_title(demo: &Demo) -> String {
    let mut status = demo.status();
    let model = demo.sim().model();
    let differences = model.differences();
    let n = differences.len();
    let at = (n > 0)
        .then(|| status.windows(n).position(|w| w == differences.as_slice()))
        .flatten();
    if let Some(at) = at {
        status.splice(at..at + n, what_ifs(demo.scene(), &model));
    }
    title(&status)
}

/// What differs in `model` from `scene`'s own model, in a word or two:
/// nothing (the scene's own), the one difference (`bending springs`, or
/// `no gusts` for one of the scene's own taken away), or how many
/// (`3 what-ifs`). A setting changed from the scene's value counts once.
pub fn what_ifs(scene: Scene, model: &Model) -> Vec<String> {
    let all = super::differences::from_scene(scene, model);
    match all.len() {
        0 | 1 => all,
        n => vec![format!("{n} what-ifs")],
    }
}
