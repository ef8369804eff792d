//! What a flag's value does to the start of a run ([`Flag::apply`]), and
//! the checks of a value that the command line and the page make with it
//! ([`Flag::read`], [`Flag::check`]).

#![forbid(unsafe_code)]

use super::flag::{Act, Flag, Setup, Side, Takes};
use crate::sim::{ModelError, Scene};

impl Flag {
    /// Set the flag's value `text` (a switch's `"1"`) on `setup`: the
    /// row's own change, or for `--compare-with` compare mode with the
    /// side it names on the left. `--scene` changes nothing here (the
    /// scene is the start the others change).
    ///
    /// # Errors
    /// The value's parser's, for a value it does not take.
    pub fn apply(&self, setup: &mut Setup, text: &str) -> Result<(), ModelError> {
        match self.act {
            Act::Scene => Ok(()),
            Act::Set(set) => set(setup, text),
            Act::Left => {
                setup.left = Side::parse(text)?;
                setup.compare = true;
                Ok(())
            }
        }
    }

    /// The value `text` as the choices keep it: as given for a value the
    /// flag takes (`"5"` for `--passes 5`), `"1"` for a switch.
    ///
    /// # Errors
    /// The value's parser's, for a value it does not take.
    pub fn read(&self, text: &str) -> Result<String, ModelError> {
        match self.act {
            Act::Scene => drop(text.parse::<Scene>()?),
            _ => self.apply(&mut Setup::of_scene(Scene::Original), text)?,
        }
        Ok(match self.takes {
            Takes::Switch => "1".to_string(),
            Takes::Value { .. } => text.to_string(),
        })
    }

    /// The command line's check of `text`: the value written back as
    /// [`Flag::read`] does.
    ///
    /// # Errors
    /// `must be EXPECTS, not `TEXT`` for a value it does not take.
    pub fn check(&self, text: &str) -> Result<String, String> {
        self.read(text)
            .map_err(|_| format!("must be {}, not `{text}`", self.expects.get()))
    }
}
