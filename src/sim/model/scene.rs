//! Presets: a model, a start and a look that show a choice at once.

#![forbid(unsafe_code)]

use std::fmt;
use std::str::FromStr;

use super::{limits, Damping, Model, ModelError, Pins, Solver, TearFactor, Thickness, Wind};
use crate::sim::sheet::{centre, spacing, Grid};
use crate::sim::{Cloth, GRID, START_Y};

/// A preset: a [`Model`], the cloth it starts from and whether it is
/// drawn shaded, chosen to show other cloth programs' features at once.
///
/// Explicit choices override a preset's: take [`Scene::model`], change
/// the fields, and run it from [`Scene::start_cloth`]:
///
/// ```
/// use cloth_demo::sim::{Damping, Pins, Scene, Simulation};
///
/// let mut model = Scene::Curtain.model();
/// model.pins = Pins::Corners; // hung from two pegs instead of its rod
/// model.inertia = Some(Damping::new(0.1).unwrap());
/// let mut sim = Simulation::resume_with(Scene::Curtain.start_cloth(), 0, model);
/// sim.run(10);
/// assert_eq!(sim.cloth.point(0, 0), Scene::Curtain.start_cloth().point(0, 0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Scene {
    /// The original: [`Model::ORIGINAL`] from the flat sheet, flat colours.
    #[default]
    Original,
    /// A curtain: hung straight down from its rod (the `j = 0` row,
    /// pinned, at `y = 2`, behind the spheres in the plane `z = -1.6`),
    /// in a light gusty wind from the front (`0,0,-0.0001` a pass, a
    /// tenth of gravity; the front is `+z`, where the camera is), with
    /// inertia ([`Damping::LIGHT`]): it stretches under its own weight,
    /// billows back and sways to and fro as the gusts come and go.
    Curtain,
    /// A flag: its `j = 0` row (the flat sheet's back edge) pinned along a
    /// level pole at `y = 2`, the cloth held out flat from it at the start,
    /// in a strong gusty wind blowing to the front (`0,0,0.003`, three
    /// times gravity), with inertia ([`Damping::FIRM`]): it falls from
    /// level until the wind catches it, then streams out from its pole,
    /// dropping in the lulls and flapping up in the gusts, its free end
    /// rippling. Drawn shaded. (The pole is level because the wind pushes
    /// only along a triangle's normal: a flag on an upright pole hangs in
    /// its own plane, where gravity pulls it down and no wind can hold it
    /// out.)
    Flag,
    /// The drape: the original's fall onto the spheres, with inertia
    /// ([`Damping::DRAPE`]) and self-collision at the default thickness
    /// (half the spacing): the cloth falls faster, slides off the spheres
    /// sooner, and its heap on the floor lies in layers instead of passing
    /// through itself.
    Drape,
    /// A curtain made for the hands: 64 x 64 points ([`Scene::grid`])
    /// hung from its rod as the curtain is, in still air, under the XPBD
    /// solver ([`Solver::Xpbd`], cotton) with tearing on at that solver's
    /// factor ([`TearFactor::for_solver`]): a pull lifts the cloth round
    /// the hand and rips it, and the knife cuts it.
    Hands,
}

impl Damping {
    /// The flag's damping: a tenth of the velocity lost a step, so it
    /// streams and flaps rather than thrashing.
    pub const FIRM: Damping = Damping(0.1);
    /// The drape's damping: half the velocity lost a step, so the cloth
    /// falls at most twice as fast as the original's (0.03 a step) and its
    /// heap settles rather than skating about the floor.
    pub const DRAPE: Damping = Damping(0.5);
}

/// The curtain's plane, `z`, world units: the flat sheet's back edge,
/// behind the spheres (whose backs come no further than `z = -1.3`).
pub const BACK_Z: f64 = -1.6;

/// The height of the curtain's rod and the flag's pole, world units: half
/// a unit above the flat sheet's start, so the curtain, which the
/// article's springs let stretch to about 1.4 times its length under its
/// own weight, hangs clear of the floor.
pub const HIGH_Y: f64 = START_Y + 0.5;

impl Scene {
    /// Every scene, in the order of [`Scene::NAMES`] (N's cycle).
    pub const ALL: [Scene; 5] = [
        Scene::Original,
        Scene::Curtain,
        Scene::Flag,
        Scene::Drape,
        Scene::Hands,
    ];
    /// The names, as [`FromStr`] takes them and `Display` prints them.
    pub const NAMES: [&'static str; 5] = limits::SCENES;

    /// The name: `original`, `curtain`, `flag`, `drape`, `hands`.
    pub const fn name(self) -> &'static str {
        match self {
            Scene::Original => Scene::NAMES[0],
            Scene::Curtain => Scene::NAMES[1],
            Scene::Flag => Scene::NAMES[2],
            Scene::Drape => Scene::NAMES[3],
            Scene::Hands => Scene::NAMES[4],
        }
    }

    /// The grid the scene is made for, points a side: 64 for `hands`
    /// (rips and cuts read as torn cloth at 64 and up), the demo's 32
    /// ([`Grid::ORIGINAL`]) for the others.
    pub const fn grid(self) -> Grid {
        match self {
            Scene::Hands => Grid::HANDS,
            _ => Grid::ORIGINAL,
        }
    }

    /// What the scene sets, in a line (for `--help`): for example
    /// `pinned top, wind 0,0,-0.0001, gusts, inertia 0.01; hung straight
    /// down`.
    pub fn summary(self) -> String {
        let start = match self {
            Scene::Original | Scene::Drape => "the flat sheet",
            Scene::Curtain => "hung straight down",
            Scene::Hands => "64 x 64, hung straight down",
            Scene::Flag => "held out level from its pole",
        };
        let shade = if self.shade() { ", shaded" } else { "" };
        format!("{}; {start}{shade}", self.model())
    }

    /// The scene's model. Change its fields to override the scene's
    /// choices.
    pub fn model(self) -> Model {
        let mut m = Model::ORIGINAL;
        match self {
            Scene::Original => {}
            Scene::Curtain => {
                m.pins = Pins::Top;
                m.wind = Wind([0.0, 0.0, -0.0001]);
                m.gusts = true;
                m.inertia = Some(Damping::LIGHT);
            }
            Scene::Flag => {
                m.pins = Pins::Top;
                m.wind = Wind([0.0, 0.0, 0.003]);
                m.gusts = true;
                m.inertia = Some(Damping::FIRM);
            }
            Scene::Drape => {
                m.inertia = Some(Damping::DRAPE);
                m.self_collision = Some(Thickness::default());
            }
            Scene::Hands => {
                m.pins = Pins::Top;
                m.solver = Solver::Xpbd;
                m.tear = Some(TearFactor::for_solver(Solver::Xpbd));
            }
        }
        m
    }

    /// The cloth the scene starts from, 32 x 32 (the demo's grid).
    pub fn start_cloth(self) -> Cloth {
        self.start_cloth_on(GRID)
    }

    /// The cloth the scene starts from on an `n x n` grid, its points
    /// [`spacing`]`(n)` apart, `h` (0.1 at the demo's 32; every spring at
    /// rest), the sheet the same size and in the same place at every grid
    /// (`c = `[`centre`]`(n)`, 16 at 32):
    ///
    /// - `original`, `drape`: [`Cloth::flat`];
    /// - `curtain`, `hands`: hanging in the plane `z = -1.6`, point
    ///   `[j][i]` at `x = (i - c) h`, `y = 2 - j h`: the `j = 0` row
    ///   (pinned) the rod;
    /// - `flag`: the flat sheet half a unit higher, at `y = 2`: the `j = 0`
    ///   row (pinned, along `x` at `z = -1.6`) the pole.
    ///
    /// # Panics
    /// If `n < 2`.
    pub fn start_cloth_on(self, n: usize) -> Cloth {
        assert!(n >= 2, "a cloth needs at least 2 x 2 points, got {n}");
        let place = |at: &dyn Fn(f64, f64) -> [f64; 3]| {
            let pts: Vec<[f64; 3]> = (0..n * n)
                .map(|k| at((k / n) as f64, (k % n) as f64))
                .collect();
            Cloth::from_points(&pts).expect("n * n points, n >= 2")
        };
        let (h, c) = (spacing(n), centre(n));
        match self {
            Scene::Original | Scene::Drape => Cloth::flat(n),
            Scene::Curtain | Scene::Hands => place(&|j, i| [(i - c) * h, HIGH_Y - j * h, BACK_Z]),
            Scene::Flag => place(&|j, i| [(i - c) * h, HIGH_Y, (j - c) * h]),
        }
    }

    /// Whether the scene is drawn shaded (two-sided diffuse light, face
    /// normals) rather than in the original's flat colours: the flag is,
    /// so its ripples show. A drawing choice, not physics: the renderer
    /// reads it.
    pub const fn shade(self) -> bool {
        matches!(self, Scene::Flag)
    }
}

impl fmt::Display for Scene {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Scene {
    type Err = ModelError;

    /// `original`, `curtain`, `flag`, `drape` or `hands`, exactly.
    ///
    /// # Errors
    /// [`ModelError::Scene`] for any other name, quoting it.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Scene::ALL
            .into_iter()
            .find(|sc| sc.name() == s)
            .ok_or_else(|| ModelError::Scene(s.to_owned()))
    }
}
