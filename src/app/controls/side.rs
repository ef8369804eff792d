//! Reading and writing one side of compare mode as `--compare-with`
//! takes it ([`Side::parse`], [`Side::text`]): the Model section's flags,
//! as the page's query names them, joined by `;`.

#![forbid(unsafe_code)]

use super::flag::{Act, Flag, Setup, Side};
use super::kinds::Section;
use super::table::{CONTROLS, GRID};
use crate::sim::{ModelError, Scene};

impl Side {
    /// The side a `--compare-with` value describes: the flags' names as
    /// the page's query has them, `name=value` (a switch `name` or
    /// `name=1`), joined by `;`: `solver=article`,
    /// `scene=curtain;solver=xpbd;fabric=silk`. The scene is the original
    /// unless given; the other flags change its own model, in the table's
    /// order, as on the command line. Only the model's flags and the scene
    /// count (not the look, the grid or compare mode).
    ///
    /// # Errors
    /// [`ModelError::Amount`] naming a pair that is no flag of the model,
    /// or is given twice; the flag's own error for a bad value.
    pub fn parse(text: &str) -> Result<Side, ModelError> {
        let mut given: Vec<(&'static Flag, &str)> = Vec::new();
        for pair in text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, value) = pair.split_once('=').unwrap_or((pair, "1"));
            let flag = model_flags()
                .find(|f| f.name == name && f.name != GRID.name)
                .ok_or_else(|| {
                    ModelError::Amount(format!(
                        "{name:?} is not a flag of the model (the compared side takes scene=NAME and the model's flags, name=value joined by ;)"
                    ))
                })?;
            if given.iter().any(|(f, _)| f.name == flag.name) {
                return Err(ModelError::Amount(format!(
                    "{name} is given twice in the compared side"
                )));
            }
            given.push((flag, value));
        }
        let scene = match given.iter().find(|(f, _)| matches!(f.act, Act::Scene)) {
            Some((_, v)) => v.parse()?,
            None => Scene::Original,
        };
        let mut setup = Setup::of_scene(scene);
        for f in model_flags() {
            if let (Some((_, v)), Act::Set(set)) =
                (given.iter().find(|(g, _)| g.name == f.name), f.act)
            {
                set(&mut setup, v)?;
            }
        }
        Ok(Side {
            scene,
            model: setup.model,
        })
    }

    /// The `--compare-with` value that [`Side::parse`] reads back as this
    /// side: the scene unless the original, then the fewest flags that
    /// turn its own model into this one (`""` for the original).
    pub fn text(&self) -> String {
        let own = Setup::of_scene(self.scene);
        let now = Setup {
            model: self.model,
            ..own
        };
        let mut pairs = Vec::new();
        for f in model_flags() {
            let value = match f.act {
                Act::Scene => (self.scene != Scene::Original).then(|| self.scene.to_string()),
                Act::Set(_) | Act::Left => (f.back)(&own, &now),
            };
            if let Some(value) = value {
                pairs.push(format!("{}={value}", f.name));
            }
        }
        pairs.join(";")
    }
}

/// The flags of the Model section's rows, in the table's order: the
/// scene, the grid and the model's (not the view's).
fn model_flags() -> impl Iterator<Item = &'static Flag> {
    CONTROLS
        .iter()
        .filter(|c| c.section == Section::Model)
        .flat_map(|c| c.flags.iter())
}
