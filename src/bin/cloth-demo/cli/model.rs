//! The model's and the scene's flags: one set, the same for the window,
//! `render`, `record` and `simulate`, built from the controls' table
//! ([`flags`]): each of the article's "what ifs" with its sentence as
//! help (under one heading), and the scenes and the other programs'
//! features (under another), building the [`Model`] the run starts with.
//!
//! A scene sets some of the choices; a flag given explicitly overrides the
//! scene's choice ([`Choices::model`], shared with the browser page's
//! query). A new flag is a row of the table; nothing here changes.
#![forbid(unsafe_code)]

use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};
use cloth_demo::app::choices::Choices;
use cloth_demo::app::controls::{flags, Flag, Heading, Setup, Takes, GRID};
use cloth_demo::sim::{Cloth, Model, Scene};

/// The physics to run and its look: the original unless a flag says
/// otherwise, as the shared [`Choices`].
#[derive(Clone, Debug, Default)]
pub struct ModelArgs {
    choices: Choices,
    /// The flags given on the command line (not by clap's defaults).
    typed: Vec<&'static str>,
}

/// `flag` as a clap argument: its name, help, value and conflict. As
/// clap's derive does with a doc comment, `-h` shows the help without its
/// closing full stop and `--help` the whole text.
fn arg(flag: &'static Flag) -> Arg {
    let mut arg = Arg::new(flag.name)
        .long(flag.name)
        .help({
            let help = flag.help.get();
            help.strip_suffix('.').unwrap_or(help)
        })
        .help_heading(flag.heading.text());
    if let Some(long) = flag.long_help() {
        arg = arg.long_help(long);
    }
    if let Some(other) = flag.conflicts {
        arg = arg.conflicts_with(other.name);
    }
    match flag.takes {
        Takes::Switch => arg.action(ArgAction::SetTrue),
        Takes::Value {
            name,
            default,
            hyphen,
        } => {
            arg = arg
                .value_name(name)
                .action(ArgAction::Set)
                .value_parser(move |text: &str| flag.check(text))
                .allow_hyphen_values(hyphen);
            match default {
                Some(value) => arg.default_value(value),
                None => arg,
            }
        }
    }
}

impl Args for ModelArgs {
    /// The what-ifs' flags, then the other programs', each group in the
    /// table's order.
    fn augment_args(cmd: Command) -> Command {
        [Heading::WhatIf, Heading::Other, Heading::Solver]
            .into_iter()
            .flat_map(|heading| flags().filter(move |f| f.heading == heading))
            .fold(cmd, |cmd, f| cmd.arg(arg(f)))
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        ModelArgs::augment_args(cmd)
    }
}

impl FromArgMatches for ModelArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut args = ModelArgs::default();
        args.update_from_arg_matches(matches)?;
        Ok(args)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        for f in flags() {
            // A value clap filled in from the flag's default is not a
            // choice: the scene's own stays (`--scene hands` is XPBD).
            if matches.value_source(f.name) == Some(ValueSource::DefaultValue) {
                continue;
            }
            let value = match f.takes {
                Takes::Switch => matches.get_flag(f.name).then(|| "1".to_string()),
                Takes::Value { .. } => matches.get_one::<String>(f.name).cloned(),
            };
            if let Some(value) = value {
                self.choices.give(f, value);
            }
            if matches.value_source(f.name) == Some(ValueSource::CommandLine) {
                self.typed.push(f.name);
            }
        }
        Ok(())
    }
}

impl ModelArgs {
    /// The start these flags describe: the model and the look, read once
    /// ([`Choices::setup`]).
    pub fn setup(&self) -> Setup {
        self.choices.setup()
    }

    /// The model these flags describe: the scene's ([`Model::ORIGINAL`]
    /// with no `--scene`), with each flag given set.
    pub fn model(&self) -> Model {
        self.choices.model()
    }

    /// The scene chosen ([`Scene::Original`] with no `--scene`).
    pub fn scene(&self) -> Scene {
        self.choices.scene()
    }

    /// The cloth a run starts from without `--from`: the scene's, on the
    /// grid chosen.
    pub fn start_cloth(&self) -> Cloth {
        self.scene().start_cloth_on(self.setup().grid.get())
    }

    /// The flags typed on the command line over `base`, a saved state's
    /// choices ([`Choices::over`]): each changes what it names, and
    /// `--scene` replaces them all. A flag's default (`--passes 15`) is
    /// not typed, and gives way to `base`.
    pub fn give_over(&mut self, base: &Choices) {
        let mut typed = Choices::default();
        for (name, value) in self.choices.given() {
            if let Some(f) = flags().find(|f| f.name == *name && self.typed.contains(name)) {
                typed.give(f, value.clone());
            }
        }
        self.choices = typed.over(base);
    }

    /// The grid given with `--grid`, if it was.
    pub fn grid_given(&self) -> Option<usize> {
        self.choices
            .value(GRID.name)
            .map(|_| self.setup().grid.get())
    }

    /// Whether the picture is drawn shaded (`--shade`, `--flat`, or the
    /// scene's look).
    pub fn shade(&self) -> bool {
        self.choices.shade()
    }

    /// Whether the picture is drawn in the springs view (`--springs`).
    pub fn springs(&self) -> bool {
        self.choices.springs()
    }

    /// Whether the picture has smooth edges (`--smooth`).
    pub fn smooth(&self) -> bool {
        self.choices.smooth()
    }

    /// Whether the picture compares the original with the choices
    /// (`--compare`).
    pub fn compare(&self) -> bool {
        self.choices.compare()
    }
}
