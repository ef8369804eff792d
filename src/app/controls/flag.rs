//! A control's flags: the command line's `--bend`, which is also the
//! page's `?bend=1` ([`Flag`]), and the start of a run that the flags
//! describe ([`Setup`]).
//!
//! A flag lives in its control's row of [`CONTROLS`](super::CONTROLS), so
//! its name is written once: the command line builds its arguments from
//! [`flags`](super::flags), the page reads its query by them
//! ([`Choices`](crate::app::choices::Choices)), and the key list and the
//! tests name them from the row.

#![forbid(unsafe_code)]

use crate::sim::{Grid, Model, ModelError, Scene};

/// A scene under a model: what one half of compare mode shows.
/// `Side::default()` is [`Side::ORIGINAL`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Side {
    /// The scene whose start it runs from.
    pub scene: Scene,
    /// The model it runs.
    pub model: Model,
}

impl Side {
    /// The original: its scene under its model (compare mode's left half
    /// unless `--compare-with` says otherwise).
    pub const ORIGINAL: Side = Side {
        scene: Scene::Original,
        model: Model::ORIGINAL,
    };
}

/// How a run starts, as the flags describe it: the model, and the look.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Setup {
    /// The physics.
    pub model: Model,
    /// Whether the picture is shaded.
    pub shade: bool,
    /// Whether the picture is the springs view.
    pub springs: bool,
    /// Whether the picture has smooth edges (4x multisampling).
    pub smooth: bool,
    /// Whether the picture compares the original with the model.
    pub compare: bool,
    /// Points a side.
    pub grid: Grid,
    /// In compare mode, what the left half shows: the original unless
    /// `--compare-with` says otherwise.
    pub left: Side,
}

impl Setup {
    /// A scene's own start: its model and look, no springs view, no
    /// compare.
    pub fn of_scene(scene: Scene) -> Setup {
        Setup {
            model: scene.model(),
            shade: scene.shade(),
            springs: false,
            smooth: false,
            compare: false,
            grid: scene.grid(),
            left: Side::ORIGINAL,
        }
    }
}

/// Words only the command line prints (a flag's help and its errors):
/// kept in the program's build (feature `cli`) and left out of every other
/// (the page's module would only grow by them). A string given to
/// [`CliText::new`] in a constant is not in a build without the feature.
#[derive(Clone, Copy, Debug, Default)]
pub struct CliText {
    /// The words.
    #[cfg(feature = "cli")]
    text: &'static str,
}

impl CliText {
    /// No words.
    pub const NONE: CliText = CliText::new("");

    /// `text`, kept where the command line is built.
    pub const fn new(text: &'static str) -> CliText {
        #[cfg(not(feature = "cli"))]
        let _ = text;
        CliText {
            #[cfg(feature = "cli")]
            text,
        }
    }

    /// The words: `""` in a build without the command line.
    pub const fn get(self) -> &'static str {
        #[cfg(feature = "cli")]
        return self.text;
        #[cfg(not(feature = "cli"))]
        ""
    }
}

/// What a flag takes after its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Takes {
    /// Nothing: a switch, `--bend` (on the page `?bend=1`, or `0` for not
    /// given).
    Switch,
    /// A value, `--passes 5`.
    Value {
        /// The value's name in the help: `"N"`.
        name: &'static str,
        /// The value a run takes when the flag is not given, as the help
        /// shows it (`Some("15")`); `None` for the scene's own.
        default: Option<&'static str>,
        /// Whether the value may start with `-`: a negative number, or the
        /// wind's `-0.1,0,0`.
        hyphen: bool,
    },
}

/// The two groups of flags in `--help`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heading {
    /// The article's what-ifs.
    WhatIf,
    /// The other programs' features and the scenes.
    Other,
    /// The grid and the other programs' solvers.
    Solver,
}

impl Heading {
    /// The heading as `--help` prints it.
    pub const fn text(self) -> &'static str {
        match self {
            Heading::WhatIf => {
                "What if? (the article's alternatives; the original by default; a state saved by the window or the page notes them, simulate --csv does not)"
            }
            Heading::Other => {
                "Other models (what other cloth programs do; a scene sets several, flags given override the scene's choice)"
            }
            Heading::Solver => {
                "Grid and solver (the sheet's resolution, and the other cloth programs' solvers with their settings)"
            }

        }
    }
}

/// What a flag does to the start of a run.
#[derive(Clone, Copy, Debug)]
pub enum Act {
    /// `--scene`: the scene whose start the other flags change.
    Scene,
    /// A change to the start: the flag's value (a switch's is `"1"`)
    /// parsed and set.
    ///
    /// # Errors
    /// The value's parser's, for a value it does not take.
    Set(fn(&mut Setup, &str) -> Result<(), ModelError>),
    /// `--compare-with`: compare mode, with the side the value names
    /// ([`Side::parse`]) on the left. (Its own variant, since reading a
    /// side reads the table's other flags.)
    Left,
}

/// A flag of the command line, which is also a name of the page's query.
#[derive(Clone, Copy, Debug)]
pub struct Flag {
    /// Its name without `--`: `"no-diagonals"`.
    pub name: &'static str,
    /// What it takes.
    pub takes: Takes,
    /// The group `--help` lists it under.
    pub heading: Heading,
    /// What it does, a sentence or two: `-h`'s line.
    pub help: CliText,
    /// More about it, for `--help` after [`Flag::help`] (none: empty);
    /// for `--scene`, instead of it, before the scenes' summaries.
    pub more: CliText,
    /// What its value must be, in the command line's error: `"a damping
    /// from 0 to 1"` (`must be a damping from 0 to 1, not `2``).
    pub expects: CliText,
    /// The flag it cannot be given with.
    pub conflicts: Option<&'static Flag>,
    /// What it does to the start of a run.
    pub act: Act,
    /// The way back: the value that turns the scene's own start (the
    /// first) into the second (a switch's `"1"`), or `None` when this flag
    /// is not needed for it.
    pub back: fn(&Setup, &Setup) -> Option<String>,
}

impl Flag {
    /// `--help`'s text for it: [`Flag::help`] and [`Flag::more`], or for
    /// `--scene` its text and each scene's summary ([`Scene::summary`]);
    /// `None` when there is no more than the help.
    pub fn long_help(&self) -> Option<String> {
        let more = Some(self.more.get()).filter(|m| !m.is_empty())?;
        Some(match self.act {
            Act::Scene => {
                let mut help = more.to_string();
                for scene in Scene::ALL {
                    help += &format!("\n{scene}: {}", scene.summary());
                }
                help
            }
            Act::Set(_) | Act::Left => format!("{}\n\n{more}", self.help.get()),
        })
    }
}
