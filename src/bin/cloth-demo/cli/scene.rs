//! The other cloth programs' choices and the scenes that bundle them:
//! `--scene`, and `--pin`, `--wind`, `--gusts`, `--inertia`,
//! `--self-collision`, `--thickness`, `--tear`, `--shade` to set or
//! override them.
//! The same set for the window, `render`, `record` and `simulate`.
//!
//! A scene sets some of the choices; a flag given explicitly overrides the
//! scene's choice, so every flag here is an `Option` (or a pair of
//! switches, `--gusts` / `--no-gusts`), and only the given ones change the
//! scene's model: [`Choices::model`], shared with the browser page's query.
#![forbid(unsafe_code)]

use clap::Args;
use cloth_demo::app::choices::Choices;
use cloth_demo::sim::{Damping, Pins, Scene, TearFactor, Thickness, Wind};

/// The heading the flags are listed under in `--help`.
const HEADING: &str = "Other models (what other cloth programs do; a scene sets several, \
                       flags given override the scene's choice)";

/// `--scene`'s help: what each preset sets, from [`Scene::summary`].
fn scene_help() -> String {
    let mut help = String::from(
        "A preset: a model, its start and its look, to show other cloth \
         programs' features at once. Flags given with it override its \
         choices (--scene curtain --pin corners hangs the curtain from two \
         pegs).\n",
    );
    for scene in Scene::ALL {
        help += &format!("\n{scene}: {}", scene.summary());
    }
    help
}

/// Choices from other cloth programs: a scene, and flags that set or
/// override its choices.
#[derive(Clone, Debug, Default, Args)]
#[command(next_help_heading = HEADING)]
pub struct SceneArgs {
    /// A preset of the flags below and a start (original, curtain, flag,
    /// drape); see --help for what each sets.
    #[arg(long, value_name = "NAME", value_parser = scene, long_help = scene_help())]
    pub scene: Option<Scene>,

    /// Pinned points, which never move (bit for bit): top (the j = 0 row,
    /// like a curtain's rod), corners (that row's two ends), none.
    ///
    /// Springs to a pinned point pull only its free neighbour.
    #[arg(long, value_name = "top|corners|none", value_parser = pins)]
    pub pin: Option<Pins>,

    /// Wind X,Y,Z, world units a pass like gravity's 0,-0.001,0 (each
    /// from -0.1 to 0.1; 0,0,0 is calm).
    ///
    /// Each cloth triangle is pushed along its normal as squarely as the
    /// wind hits it, so a sheet edge-on to the wind feels nothing.
    #[arg(long, value_name = "X,Y,Z", value_parser = wind, allow_hyphen_values = true)]
    pub wind: Option<Wind>,

    /// Gusts: the wind's strength rises and falls over the steps (a fixed
    /// function of the step count, so runs repeat exactly).
    #[arg(long, conflicts_with = "no_gusts")]
    pub gusts: bool,

    /// A steady wind, overriding a scene's gusts.
    #[arg(long)]
    pub no_gusts: bool,

    /// Inertia with damping D, 0 to 1: Verlet's x + (1 - D) (x - x_prev)
    /// before the passes, so the cloth swings and overshoots.
    ///
    /// "Nothing swings or bounces" in the original. The previous positions
    /// are then part of the state: `simulate --csv` writes them as the
    /// columns px,py,pz, and --from reads them back.
    #[arg(long, value_name = "D", value_parser = damping, conflicts_with = "no_inertia",
          allow_negative_numbers = true)]
    pub inertia: Option<Damping>,

    /// No inertia, overriding a scene's.
    #[arg(long)]
    pub no_inertia: bool,

    /// Self-collision: no two points that are not grid neighbours come
    /// closer than --thickness (default 0.05, half the spacing), so a heap
    /// lies in layers instead of passing through itself.
    #[arg(long, conflicts_with = "no_self_collision")]
    pub self_collision: bool,

    /// No self-collision, overriding a scene's.
    #[arg(long)]
    pub no_self_collision: bool,

    /// Self-collision's thickness T, world units, 0.001 to 0.2 (implies
    /// --self-collision).
    #[arg(long, value_name = "T", value_parser = thickness, conflicts_with = "no_self_collision",
          allow_negative_numbers = true)]
    pub thickness: Option<Thickness>,

    /// Tearing: at the end of each step every spring longer than F times
    /// its rest length breaks for good (F more than 1, at most 100).
    ///
    /// A torn spring pulls neither end, and the triangles that lost one
    /// are not drawn: the tear is a hole. The springs stretch on their
    /// own to about 3.2 times their rest length in the original, 9.2 in
    /// the drape's fall and 11 in the curtain and the flag, so a smaller
    /// F tears the cloth by itself. State files carry the
    /// torn springs (a column `torn`), so --from goes on torn.
    #[arg(long, value_name = "F", value_parser = tear, allow_negative_numbers = true)]
    pub tear: Option<TearFactor>,

    /// Shade the picture: two-sided diffuse light from a fixed lamp, each
    /// triangle's colour scaled by how squarely it faces the light (flat
    /// per face), floor and spheres too. Drawing only: `simulate` takes it
    /// and draws nothing.
    #[arg(long, conflicts_with = "flat")]
    pub shade: bool,

    /// The original's flat colours, overriding a scene's shading.
    #[arg(long)]
    pub flat: bool,

    /// The springs view: each spring a line coloured by its strain (blue
    /// squashed, white at rest, red stretched, full at 20 % either way)
    /// over the scene dimmed. Drawing only: `simulate` takes it and draws
    /// nothing.
    #[arg(long)]
    pub springs: bool,

    /// Compare with the original: the picture split in two, the original
    /// (its scene and model) on the left and the scene and model chosen on
    /// the right, both from step 0 on the same camera, each half labelled
    /// with what differs. Drawing only: `simulate` takes it and draws
    /// nothing.
    #[arg(long)]
    pub compare: bool,
}

impl SceneArgs {
    /// The scene chosen: [`Scene::Original`] when none is.
    pub fn scene(&self) -> Scene {
        self.scene.unwrap_or_default()
    }

    /// These flags as the shared [`Choices`] (the what-ifs' fields left
    /// unset: [`ModelArgs`](super::model::ModelArgs) sets them), which say
    /// how a scene's choices give way to the flags given.
    pub fn choices(&self) -> Choices {
        Choices {
            scene: self.scene,
            pin: self.pin,
            wind: self.wind,
            gusts: self.gusts,
            no_gusts: self.no_gusts,
            inertia: self.inertia,
            no_inertia: self.no_inertia,
            self_collision: self.self_collision,
            no_self_collision: self.no_self_collision,
            thickness: self.thickness,
            tear: self.tear,
            shade: self.shade,
            flat: self.flat,
            springs: self.springs,
            compare: self.compare,
            ..Choices::default()
        }
    }
}

/// `--scene`: one of [`Scene::NAMES`].
fn scene(text: &str) -> Result<Scene, String> {
    text.parse().map_err(|_| {
        format!(
            "must be {} or {}, not `{text}`",
            Scene::NAMES[..Scene::NAMES.len() - 1].join(", "),
            Scene::NAMES[Scene::NAMES.len() - 1]
        )
    })
}

/// `--pin`: one of [`Pins::NAMES`].
fn pins(text: &str) -> Result<Pins, String> {
    text.parse()
        .map_err(|_| format!("must be top, corners or none, not `{text}`"))
}

/// `--wind`: three numbers, each from -0.1 to 0.1.
fn wind(text: &str) -> Result<Wind, String> {
    text.parse().map_err(|_| {
        format!(
            "must be X,Y,Z, three numbers each from -0.1 to 0.1 (world units a pass), not `{text}`"
        )
    })
}

/// `--inertia`: a damping from 0 to 1.
fn damping(text: &str) -> Result<Damping, String> {
    text.parse()
        .map_err(|_| format!("must be a damping from 0 to 1, not `{text}`"))
}

/// `--thickness`: 0.001 to 0.2 world units.
fn thickness(text: &str) -> Result<Thickness, String> {
    text.parse().map_err(|_| {
        format!(
            "must be a number from {} to {} (world units), not `{text}`",
            Thickness::MIN,
            Thickness::MAX
        )
    })
}

/// `--tear`: more than 1, at most 100.
fn tear(text: &str) -> Result<TearFactor, String> {
    text.parse().map_err(|_| {
        format!(
            "must be a number more than {} and at most {} (times a spring's rest length), not `{text}`",
            TearFactor::MIN,
            TearFactor::MAX
        )
    })
}
