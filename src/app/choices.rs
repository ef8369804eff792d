//! The scene and what-if choices a run starts with, as the command line's
//! flags give them, and how a scene's choices give way to the flags given:
//! [`Choices`], which the command line (`src/cli/`, clap) and the browser
//! page (its query string, [`Choices::from_query`]) both fill, so both
//! start the same demo from the same choices.
//!
//! The page's names are the flags' without the `--`:
//! `?scene=flag&passes=5&bend=1` starts as `cloth-demo --scene flag
//! --passes 5 --bend` does. A value is parsed by the same `FromStr` as the
//! flag's (`src/sim/model/`); a switch takes `1` (given) or `0` (not
//! given).

#![forbid(unsafe_code)]

mod of;

use crate::sim::{
    Buffering, Damping, Model, ModelError, Order, Passes, Pins, Scene, SpringLaw, TearFactor,
    Thickness, Wind,
};

/// The choices, each as its flag gives it: `None` or `false` when the flag
/// is not given. [`Choices::default`] is no flag at all: the original.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Choices {
    /// `--scene`.
    pub scene: Option<Scene>,
    /// `--passes` (the original's 15 when not given).
    pub passes: Option<Passes>,
    /// `--no-diagonals`.
    pub no_diagonals: bool,
    /// `--bend`.
    pub bend: bool,
    /// `--in-place`.
    pub in_place: bool,
    /// `--order` (rows when not given).
    pub order: Option<Order>,
    /// `--hooke`.
    pub hooke: bool,
    /// `--pin`.
    pub pin: Option<Pins>,
    /// `--wind`.
    pub wind: Option<Wind>,
    /// `--gusts`.
    pub gusts: bool,
    /// `--no-gusts`.
    pub no_gusts: bool,
    /// `--inertia`.
    pub inertia: Option<Damping>,
    /// `--no-inertia`.
    pub no_inertia: bool,
    /// `--self-collision`.
    pub self_collision: bool,
    /// `--no-self-collision`.
    pub no_self_collision: bool,
    /// `--thickness` (implies `--self-collision`).
    pub thickness: Option<Thickness>,
    /// `--tear`.
    pub tear: Option<TearFactor>,
    /// `--shade`.
    pub shade: bool,
    /// `--flat`.
    pub flat: bool,
    /// `--springs`.
    pub springs: bool,
    /// `--compare`.
    pub compare: bool,
}

/// The names [`Choices::from_query`] takes: the flags' without `--`.
pub const NAMES: [&str; 21] = [
    "scene",
    "passes",
    "no-diagonals",
    "bend",
    "in-place",
    "order",
    "hooke",
    "pin",
    "wind",
    "gusts",
    "no-gusts",
    "inertia",
    "no-inertia",
    "self-collision",
    "no-self-collision",
    "thickness",
    "tear",
    "shade",
    "flat",
    "springs",
    "compare",
];

/// Pairs of flags that cannot both be given (as clap's `conflicts_with`).
const CONFLICTS: [(&str, &str); 5] = [
    ("gusts", "no-gusts"),
    ("inertia", "no-inertia"),
    ("self-collision", "no-self-collision"),
    ("thickness", "no-self-collision"),
    ("shade", "flat"),
];

impl Choices {
    /// The scene chosen: [`Scene::Original`] when none is.
    pub fn scene(&self) -> Scene {
        self.scene.unwrap_or_default()
    }

    /// The model these choices describe: the scene's
    /// ([`Scene::model`]) with each flag given set, and the what-ifs'
    /// own defaults (15 passes, the eight springs, double buffered, rows,
    /// the article's spring) for those not given.
    pub fn model(&self) -> Model {
        let mut model = self.scene().model();
        if let Some(pins) = self.pin {
            model.pins = pins;
        }
        if let Some(wind) = self.wind {
            model.wind = wind;
        }
        if self.gusts {
            model.gusts = true;
        }
        if self.no_gusts {
            model.gusts = false;
        }
        if let Some(d) = self.inertia {
            model.inertia = Some(d);
        }
        if self.no_inertia {
            model.inertia = None;
        }
        if let Some(t) = self.thickness {
            model.self_collision = Some(t);
        } else if self.self_collision && model.self_collision.is_none() {
            model.self_collision = Some(Thickness::default());
        }
        if self.no_self_collision {
            model.self_collision = None;
        }
        if let Some(f) = self.tear {
            model.tear = Some(f);
        }
        model.passes = self.passes.unwrap_or(Passes::ORIGINAL);
        model.springs.diagonals = !self.no_diagonals;
        model.springs.bend = self.bend;
        if self.in_place {
            model.buffering = Buffering::InPlace;
        }
        model.order = self.order.unwrap_or(Order::Rows);
        if self.hooke {
            model.law = SpringLaw::Hooke;
        }
        model
    }

    /// Whether the picture is shaded: `--shade`, `--flat`, else the
    /// scene's look ([`Scene::shade`]).
    pub fn shade(&self) -> bool {
        if self.shade {
            true
        } else if self.flat {
            false
        } else {
            self.scene().shade()
        }
    }

    /// The choices a query string's `name=value` pairs (already decoded)
    /// make: each name one of [`NAMES`], at most once; a value as its
    /// flag's `FromStr` takes it; a switch `1` (or empty: `?bend`) for
    /// given, `0` for not.
    ///
    /// # Errors
    /// One line naming the first bad pair and what it takes: `bad
    /// ?scene=sail: unknown scene "sail": expected original, curtain, flag
    /// or drape`, `bad ?bend=yes: it takes 1 (on) or 0 (off)`, `unknown
    /// ?sceen=flag: ...`, `?passes is given twice`, `?shade=1 and ?flat=1
    /// cannot both be given`.
    pub fn from_query<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Choices, String> {
        let mut c = Choices::default();
        let mut seen: Vec<&str> = Vec::new();
        for (name, value) in pairs {
            if seen.contains(&name) {
                return Err(format!("?{name} is given twice"));
            }
            let bad = |e: ModelError| format!("bad ?{name}={value}: {e}");
            let switch = || match value {
                "1" | "" => Ok(true),
                "0" => Ok(false),
                _ => Err(format!("bad ?{name}={value}: it takes 1 (on) or 0 (off)")),
            };
            match name {
                "scene" => c.scene = Some(value.parse().map_err(bad)?),
                "passes" => c.passes = Some(value.parse().map_err(bad)?),
                "no-diagonals" => c.no_diagonals = switch()?,
                "bend" => c.bend = switch()?,
                "in-place" => c.in_place = switch()?,
                "order" => c.order = Some(value.parse().map_err(bad)?),
                "hooke" => c.hooke = switch()?,
                "pin" => c.pin = Some(value.parse().map_err(bad)?),
                "wind" => c.wind = Some(value.parse().map_err(bad)?),
                "gusts" => c.gusts = switch()?,
                "no-gusts" => c.no_gusts = switch()?,
                "inertia" => c.inertia = Some(value.parse().map_err(bad)?),
                "no-inertia" => c.no_inertia = switch()?,
                "self-collision" => c.self_collision = switch()?,
                "no-self-collision" => c.no_self_collision = switch()?,
                "thickness" => c.thickness = Some(value.parse().map_err(bad)?),
                "tear" => c.tear = Some(value.parse().map_err(bad)?),
                "shade" => c.shade = switch()?,
                "flat" => c.flat = switch()?,
                "springs" => c.springs = switch()?,
                "compare" => c.compare = switch()?,
                _ => {
                    return Err(format!(
                        "unknown ?{name}={value}: the page takes steps, webgl and {}",
                        NAMES.join(", ")
                    ))
                }
            }
            seen.push(name);
        }
        for (a, b) in CONFLICTS {
            if c.given(a) && c.given(b) {
                return Err(format!("?{a} and ?{b} cannot both be given"));
            }
        }
        Ok(c)
    }

    /// Whether the flag `name` (one of those in [`CONFLICTS`]) is given.
    fn given(&self, name: &str) -> bool {
        match name {
            "gusts" => self.gusts,
            "no-gusts" => self.no_gusts,
            "inertia" => self.inertia.is_some(),
            "no-inertia" => self.no_inertia,
            "self-collision" => self.self_collision,
            "no-self-collision" => self.no_self_collision,
            "thickness" => self.thickness.is_some(),
            "shade" => self.shade,
            "flat" => self.flat,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(text: &str) -> Result<Choices, String> {
        Choices::from_query(text.split('&').filter(|p| !p.is_empty()).map(|p| {
            let (n, v) = p.split_once('=').unwrap_or((p, ""));
            (n, v)
        }))
    }

    #[test]
    fn no_query_is_the_original() {
        let c = query("").unwrap();
        assert_eq!(
            (c.scene(), c.model(), c.shade()),
            (Scene::Original, Model::ORIGINAL, false)
        );
    }

    #[test]
    fn a_scene_and_its_look_and_flags_over_it() {
        let c = query("scene=flag").unwrap();
        assert_eq!(
            (c.scene(), c.model(), c.shade()),
            (Scene::Flag, Scene::Flag.model(), true)
        );
        let c = query("scene=flag&flat=1&pin=corners&no-gusts&passes=5&bend=1").unwrap();
        let mut want = Scene::Flag.model();
        want.pins = Pins::Corners;
        want.gusts = false;
        want.passes = Passes::new(5).unwrap();
        want.springs.bend = true;
        assert_eq!((c.model(), c.shade()), (want, false));
        let c = query("scene=curtain&shade=1&inertia=0.25&thickness=0.02").unwrap();
        assert!(c.shade());
        assert!(!c.springs);
        assert!(query("springs=1").unwrap().springs);
        assert!(!query("springs=0").unwrap().springs);
        assert_eq!(c.model().inertia, Some(Damping::new(0.25).unwrap()));
        assert_eq!(
            c.model().self_collision,
            Some(Thickness::new(0.02).unwrap())
        );
        let c = query("scene=drape&no-inertia=1&no-self-collision=1&bend=0").unwrap();
        assert_eq!(c.model(), Model::ORIGINAL);
        let c = query("in-place=1&order=reversed&hooke=1&no-diagonals=1&wind=0,0,0.001").unwrap();
        let m = c.model();
        assert_eq!(
            (m.buffering, m.order, m.law),
            (Buffering::InPlace, Order::Reversed, SpringLaw::Hooke)
        );
        assert!(!m.springs.diagonals);
        assert_eq!(m.wind, Wind::new([0.0, 0.0, 0.001]).unwrap());
        let c = query("scene=curtain&tear=12").unwrap();
        let mut want = Scene::Curtain.model();
        want.tear = Some(TearFactor::new(12.0).unwrap());
        assert_eq!(c.model(), want);
        assert_eq!(
            query("tear=1.5").unwrap().model().tear,
            TearFactor::new(1.5).ok()
        );
    }

    #[test]
    fn bad_values_say_what_is_wrong() {
        let cases = [
            (
                "scene=sail",
                "bad ?scene=sail: unknown scene \"sail\": expected original, curtain, flag or drape",
            ),
            ("passes=0", "bad ?passes=0: passes must be a whole number from 1 to 100, got 0"),
            ("shade=yes", "bad ?shade=yes: it takes 1 (on) or 0 (off)"),
            ("passes=5&passes=6", "?passes is given twice"),
            ("shade=1&flat=1", "?shade and ?flat cannot both be given"),
            ("thickness=0.05&no-self-collision", "?thickness and ?no-self-collision cannot both be given"),
            ("tear=1", "bad ?tear=1: the tearing factor must be a number more than 1 and at most 100, got 1"),
            ("tear=nan", "bad ?tear=nan: the tearing factor must be a number more than 1 and at most 100, got nan"),
        ];
        for (q, want) in cases {
            assert_eq!(query(q), Err(want.to_string()), "{q}");
        }
        let e = query("sceen=flag").unwrap_err();
        assert!(
            e.starts_with("unknown ?sceen=flag: the page takes steps, webgl and scene, passes"),
            "{e}"
        );
    }
}
