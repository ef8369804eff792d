//! The what-if flags: one set, the same for the window, `render`, `record`
//! and `simulate`, each one of the article's "what ifs" with its sentence
//! as help, building the [`Model`] the run starts with.
//!
//! A new choice is one field here and one line in [`ModelArgs::model`].
//! The other programs' choices and the scenes are [`SceneArgs`], flattened
//! in here so every command that takes one set takes both.
#![forbid(unsafe_code)]

use clap::Args;
use cloth_demo::app::choices::Choices;
use cloth_demo::options as values;
use cloth_demo::sim::{Cloth, Model, Order, Passes, Scene};

use super::scene::SceneArgs;

/// The heading the flags are listed under in `--help`.
const HEADING: &str = "What if? (the article's alternatives; the original by default, and never stored in state files)";

/// The physics to run: the original unless a flag says otherwise.
#[derive(Clone, Debug, Args)]
#[command(next_help_heading = HEADING)]
pub struct ModelArgs {
    /// Passes a step, 1 to 100: "Fifteen passes ... makes the cloth much
    /// stiffer than one pass would", and "gravity is applied fifteen
    /// times, so the cloth falls 0.015 a frame".
    ///
    /// A pass only looks one point away, so a tug spreads N points a step;
    /// a free sheet falls 0.001 N a step. The original's is 15.
    #[arg(long, value_name = "N", value_parser = passes, default_value_t = Passes::ORIGINAL,
          allow_negative_numbers = true)]
    pub passes: Passes,

    /// No diagonal springs: "The four diagonals stop it shearing, so the
    /// squares can't squash into thin diamonds."
    #[arg(long)]
    pub no_diagonals: bool,

    /// Bending springs, to the points two away: "Springs to the points two
    /// away would give it some stiffness against bending, and the 5x5
    /// table has room for their rest lengths."
    ///
    /// The neighbour loops run two out, the whole 5x5 table; every spring
    /// then moves its point a third as far (24 springs sharing the
    /// strength of 8: at full strength they over-correct and the sheet
    /// flies apart).
    #[arg(long)]
    pub bend: bool,

    /// Move each point in place: "If each point were moved in place, the
    /// ones late in the loop would see their neighbours' new positions and
    /// the early ones wouldn't, and the result would depend on which corner
    /// the loop started from."
    ///
    /// The original double buffers: every new position comes from the old
    /// ones. See --order for the corner.
    #[arg(long)]
    pub in_place: bool,

    /// The order a pass visits the points in: rows (the original's, from
    /// [0][0]) or reversed (from the opposite corner); "the result would
    /// depend on which corner the loop started from" (with --in-place).
    #[arg(long, value_name = "rows|reversed", value_parser = order, default_value_t = Order::Rows)]
    pub order: Order,

    /// Hooke's law: "Hooke's law would move the point in proportion to the
    /// stretch", 0.3 (len - rest) along the spring.
    ///
    /// It matches the article's spring near rest, but a squashed spring
    /// pushes at most 0.03, so loaded neighbours can collapse onto each
    /// other: "a squashed one pushes harder and harder as the two points
    /// get close, so neighbours don't collapse onto each other" is the
    /// article's reason for its lopsided spring.
    #[arg(long)]
    pub hooke: bool,

    /// The scene and the other programs' choices (a heading of their own).
    #[command(flatten)]
    pub scene: SceneArgs,
}

impl ModelArgs {
    /// The model these flags describe: the scene's ([`Model::ORIGINAL`]
    /// with no `--scene`), with each flag given set.
    pub fn model(&self) -> Model {
        self.choices().model()
    }

    /// These flags as the shared [`Choices`] (the browser page fills the
    /// same from its query string).
    pub fn choices(&self) -> Choices {
        Choices {
            passes: Some(self.passes),
            no_diagonals: self.no_diagonals,
            bend: self.bend,
            in_place: self.in_place,
            order: Some(self.order),
            hooke: self.hooke,
            ..self.scene.choices()
        }
    }

    /// The scene chosen ([`Scene::Original`] with no `--scene`).
    pub fn scene(&self) -> Scene {
        self.scene.scene()
    }

    /// The cloth a run starts from without `--from`: the scene's.
    pub fn start_cloth(&self) -> Cloth {
        self.scene().start_cloth()
    }

    /// Whether the picture is drawn shaded (`--shade`, `--flat`, or the
    /// scene's look).
    pub fn shade(&self) -> bool {
        self.choices().shade()
    }

    /// Whether the picture is drawn in the springs view (`--springs`).
    pub fn springs(&self) -> bool {
        self.choices().springs
    }

    /// Whether the picture compares the original with the choices
    /// (`--compare`).
    pub fn compare(&self) -> bool {
        self.choices().compare
    }
}

/// `--passes`: 1 to 100.
fn passes(text: &str) -> Result<Passes, String> {
    let n = values::count(text, Passes::MIN.get() as u64, Passes::MAX.get() as u64)?;
    usize::try_from(n)
        .ok()
        .and_then(|n| Passes::new(n).ok())
        .ok_or_else(|| format!("must be a whole number from 1 to 100, not `{text}`"))
}

/// `--order`: one of [`Order::NAMES`].
fn order(text: &str) -> Result<Order, String> {
    text.parse()
        .map_err(|_| format!("must be {}, not `{text}`", Order::NAMES.join(" or ")))
}
