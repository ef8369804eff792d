//! A model worded against a scene's own: every way it differs, for the
//! window's title (counted when more than one,
//! [`what_ifs`](super::what_ifs)) and compare mode's labels (in full,
//! [`compare::right_label`](super::compare::right_label)).

#![forbid(unsafe_code)]

use crate::sim::{Model, Scene};

/// Every way `model` differs from `scene`'s own model, in
/// [`Model::differences`]' words: what it adds (`bending springs`), a
/// setting of the scene's changed (its new value, `wind 0,0,0.001`), and
/// what it takes away (`no gusts`). Empty for the scene's own model; for
/// the original's scene, the model's differences from the original.
pub fn from_scene(scene: Scene, model: &Model) -> Vec<String> {
    let own = scene.model().differences();
    let now = model.differences();
    let word = |p: &String| p.split(' ').next().unwrap_or("").to_string();
    let added: Vec<String> = now.iter().filter(|p| !own.contains(p)).cloned().collect();
    let gone = own
        .iter()
        .filter(|g| !now.contains(g) && !added.iter().any(|a| word(a) == word(g)))
        .map(|g| format!("no {g}"));
    added.iter().cloned().chain(gone).collect()
}
