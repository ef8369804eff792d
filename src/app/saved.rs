//! A saved state: the state file ([`state_file`]) with a note on its
//! first line saying the step it was saved at and the model it ran, so it
//! resumes alone, in the window, on the page and through the program's
//! `--from`:
//!
//! ```text
//! # cloth-demo step=1250 model=scene=curtain;bend=1
//! j,i,x,y,z
//! 0,0,-1.6000000000000001,1.5,-1.6000000000000001
//! ...
//! ```
//!
//! The model is written as compare mode's `--compare-with` takes a side
//! ([`Side::text`]): the scene unless the original, then the fewest of the
//! model's flags (the page's query names, `name=value` joined by `;`)
//! that turn the scene's own model into the one running; empty for the
//! original. The grid is the rows'. The rest of the file is the state
//! file as `simulate --csv` writes it; a file without the note (the
//! golden data, `simulate --csv`) is read as before, with no step or
//! model of its own.

#![forbid(unsafe_code)]

use std::fmt;

use super::choices::Choices;
use super::controls::{Setup, Side};
use crate::sim::state_file::{self, StateFileError};
use crate::sim::{Scene, Simulation};

/// The word a note starts with, after its `#`.
pub const NOTE_MARK: &str = "cloth-demo";

/// What a saved state's note says: the step the state was saved at (the
/// steps run from its scene's start) and the scene and model it ran.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Note {
    /// Steps run when it was saved: the spheres carry on from here, the
    /// next step is `step + 1`.
    pub step: u64,
    /// The scene (where a restart begins) and the model running.
    pub side: Side,
}

impl Note {
    /// The note for `sim` as it is, run from `scene`'s start.
    pub fn of(sim: &Simulation, scene: Scene) -> Note {
        Note {
            step: sim.steps(),
            side: Side {
                scene,
                model: sim.model(),
            },
        }
    }

    /// The note's line with its line ending:
    /// `# cloth-demo step=1250 model=scene=curtain;bend=1\n`.
    pub fn line(&self) -> String {
        format!("{self}\n")
    }

    /// The note a state file's comment ([`state_file::comment`], the
    /// first line after its `#`) says.
    ///
    /// # Errors
    /// One line, for a comment that is not `cloth-demo step=N model=FLAGS`
    /// (each field once, in any order): a step that is not a whole number,
    /// a model [`Side::parse`] refuses, a field missing, unknown or given
    /// twice.
    pub fn parse(comment: &str) -> Result<Note, String> {
        let shape = "a saved state's note is `# cloth-demo step=N model=FLAGS`";
        let mut words = comment.split_whitespace();
        if words.next() != Some(NOTE_MARK) {
            return Err(format!("{shape}, not `#{}`", clip(comment)));
        }
        let (mut step, mut side) = (None, None);
        for word in words {
            let Some((name, value)) = word.split_once('=') else {
                return Err(format!("{shape}: `{}` is not name=value", clip(word)));
            };
            let twice = || format!("{shape}: {name} is given twice");
            match name {
                "step" => {
                    let n = value.parse::<u64>().map_err(|_| {
                        format!("step = `{}` is not a whole number of steps", clip(value))
                    })?;
                    if step.replace(n).is_some() {
                        return Err(twice());
                    }
                }
                "model" => {
                    let s = Side::parse(value).map_err(|e| format!("model: {e}"))?;
                    if side.replace(s).is_some() {
                        return Err(twice());
                    }
                }
                _ => return Err(format!("{shape}: unknown field `{}`", clip(name))),
            }
        }
        match (step, side) {
            (Some(step), Some(side)) => Ok(Note { step, side }),
            (None, _) => Err(format!("{shape}: the step is missing")),
            (_, None) => Err(format!("{shape}: the model is missing")),
        }
    }

    /// The note a state file's bytes open with: `None` for a file with no
    /// comment line (the golden format).
    ///
    /// # Errors
    /// A [`StateFileError`] on line 1 for a comment that is not a note
    /// ([`Note::parse`]).
    pub fn read(bytes: &[u8]) -> Result<Option<Note>, StateFileError> {
        state_file::comment(bytes)
            .map(|c| Note::parse(c).map_err(|message| StateFileError { line: 1, message }))
            .transpose()
    }

    /// The choices that start the note's scene under its model, as the
    /// command line's flags would give them: the scene (unless the
    /// original) and a flag for each way the model differs from the
    /// scene's own ([`Choices::of`]); the look is the scene's.
    pub fn choices(&self) -> Choices {
        let own = Setup::of_scene(self.side.scene);
        Choices::of(
            self.side.scene,
            &Setup {
                model: self.side.model,
                ..own
            },
        )
    }
}

impl fmt::Display for Note {
    /// `# cloth-demo step=1250 model=scene=curtain;bend=1`, no line ending.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "# {NOTE_MARK} step={} model={}",
            self.step,
            self.side.text()
        )
    }
}

/// The saved state of `sim`, run from `scene`'s start: its [`Note`]'s
/// line, then the state file ([`Simulation::to_state_file`]).
pub fn text(sim: &Simulation, scene: Scene) -> String {
    Note::of(sim, scene).line() + &sim.to_state_file()
}

/// Shorten file text quoted in an error.
fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(60).collect();
    if s.chars().count() > 60 {
        out.push_str("...");
    }
    out.escape_debug().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{Passes, Wind};

    #[test]
    fn a_note_reads_back() {
        let mut model = Scene::Curtain.model();
        model.springs.bend = true;
        model.passes = Passes::new(7).unwrap();
        model.wind = Wind::new([0.0698, 0.0, -0.001]).unwrap();
        let note = Note {
            step: 1250,
            side: Side {
                scene: Scene::Curtain,
                model,
            },
        };
        let line = note.line();
        assert!(
            line.starts_with("# cloth-demo step=1250 model=scene=curtain;"),
            "{line}"
        );
        assert_eq!(Note::parse(&line[1..]).unwrap(), note);
        assert_eq!(Note::read(line.as_bytes()).unwrap(), Some(note));
        let setup = note.choices().setup();
        assert_eq!(
            (note.choices().scene(), setup.model),
            (Scene::Curtain, model)
        );
        let original = Note {
            step: 0,
            side: Side::ORIGINAL,
        };
        assert_eq!(original.to_string(), "# cloth-demo step=0 model=");
        assert_eq!(Note::parse(" cloth-demo model= step=0"), Ok(original));
        assert_eq!(original.choices(), Choices::default());
        assert_eq!(Note::read(b"j,i,x,y,z\n").unwrap(), None);
    }

    #[test]
    fn a_bad_note_says_what_is_wrong() {
        let shape = "a saved state's note is `# cloth-demo step=N model=FLAGS`";
        let cases = [
            (" hello", format!("{shape}, not `# hello`")),
            (
                " cloth-demo step=12",
                format!("{shape}: the model is missing"),
            ),
            (
                " cloth-demo model=",
                format!("{shape}: the step is missing"),
            ),
            (
                " cloth-demo step=-1 model=",
                "step = `-1` is not a whole number of steps".into(),
            ),
            (
                " cloth-demo step=1 step=2 model=",
                format!("{shape}: step is given twice"),
            ),
            (
                " cloth-demo step=1 model= speed=3",
                format!("{shape}: unknown field `speed`"),
            ),
            (
                " cloth-demo step=1 model",
                format!("{shape}: `model` is not name=value"),
            ),
        ];
        for (comment, want) in cases {
            assert_eq!(Note::parse(comment), Err(want), "{comment}");
        }
        let e = Note::parse(" cloth-demo step=1 model=passes=0").unwrap_err();
        assert!(e.starts_with("model: passes must be"), "{e}");
        let e = Note::read(b"# cloth-demo step=x model=\nj,i,x,y,z\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1: step = `x` is not a whole number of steps"
        );
    }
}
