//! The scene and what-if choices a run starts with, as the command line's
//! flags give them, and how a scene's choices give way to the flags given:
//! [`Choices`], which the command line (the program's `cli`, clap) and
//! the browser page (its query string, [`Choices::from_query`]) both fill,
//! so both start the same demo from the same choices.
//!
//! The flags are the controls' table's ([`flags`]): the page's names are
//! the flags' without the `--`, so `?scene=flag&passes=5&bend=1` starts as
//! `cloth-demo --scene flag --passes 5 --bend` does. A value is parsed by
//! the same `FromStr` as the flag's (`src/sim/model/`); a switch takes `1`
//! (given) or `0` (not given).

#![forbid(unsafe_code)]

mod of;

use crate::app::controls::{flag, flags, Act, Flag, Setup, Takes};
use crate::sim::{Model, Scene};

/// The choices: each flag given, with its value as given (a switch's
/// `"1"`), in the order of [`flags`]. [`Choices::default`] is no flag at
/// all: the original.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Choices {
    /// `(name, value)` for each flag given, in the table's order.
    given: Vec<(&'static str, String)>,
}

/// The names [`Choices::from_query`] takes: the flags' without `--`, in
/// the table's order.
pub fn names() -> Vec<&'static str> {
    flags().map(|f| f.name).collect()
}

impl Choices {
    /// `flag` given with `value` (already read by [`Flag::read`]), kept
    /// in the table's order; given again, the last value.
    pub fn give(&mut self, flag: &'static Flag, value: String) {
        let rank = |name: &str| flags().position(|f| f.name == name);
        self.given.retain(|(n, _)| *n != flag.name);
        let at = self
            .given
            .iter()
            .position(|(n, _)| rank(n) > rank(flag.name))
            .unwrap_or(self.given.len());
        self.given.insert(at, (flag.name, value));
    }

    /// `flag` given with `value`, after every flag given so far (the
    /// caller gives them in the table's order).
    fn push(&mut self, flag: &'static Flag, value: String) {
        self.given.push((flag.name, value));
    }

    /// The value `name` was given with (a switch's `"1"`), if given.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.given
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The flags given, `(name, value)`, in the table's order.
    pub fn given(&self) -> &[(&'static str, String)] {
        &self.given
    }

    /// These choices for `scene` instead of the scene chosen: every other
    /// flag given stays, so the scene sets only what they do not (a
    /// scene change keeps the what-ifs a user set, as `--scene curtain
    /// --bend` is the curtain with bending springs).
    pub fn with_scene(&self, scene: Scene) -> Choices {
        let mut c = self.clone();
        if let Some(f) = flags().find(|f| matches!(f.act, Act::Scene)) {
            c.given.retain(|(n, _)| *n != f.name);
            if scene != Scene::Original {
                c.give(f, scene.to_string());
            }
        }
        c
    }

    /// The scene chosen: [`Scene::Original`] when none is.
    pub fn scene(&self) -> Scene {
        let scene = flags().find(|f| matches!(f.act, Act::Scene));
        scene
            .and_then(|f| self.value(f.name))
            .and_then(|v| v.parse().ok())
            .unwrap_or_default()
    }

    /// The start these choices describe: the scene's own
    /// ([`Setup::of_scene`]) with each flag given set, in the table's
    /// order (so `--thickness` wins over `--self-collision`'s default).
    pub fn setup(&self) -> Setup {
        let mut setup = Setup::of_scene(self.scene());
        for (name, value) in &self.given {
            if let Some(f) = flag(name) {
                // Read when given, so it sets as it did then.
                let _ = f.apply(&mut setup, value);
            }
        }
        setup
    }

    /// The model these choices describe: the scene's
    /// ([`Scene::model`]) with each flag given set.
    pub fn model(&self) -> Model {
        self.setup().model
    }

    /// Whether the picture is shaded: `--shade`, `--flat`, else the
    /// scene's look ([`Scene::shade`]).
    pub fn shade(&self) -> bool {
        self.setup().shade
    }

    /// Whether the picture is the springs view (`--springs`).
    pub fn springs(&self) -> bool {
        self.setup().springs
    }

    /// Whether the picture has smooth edges (`--smooth`).
    pub fn smooth(&self) -> bool {
        self.setup().smooth
    }

    /// Whether the picture compares the original with the choices
    /// (`--compare`).
    pub fn compare(&self) -> bool {
        self.setup().compare
    }

    /// These choices given over `base` (a saved state's, [`Note::choices`](crate::app::saved::Note::choices)):
    /// with a scene given here, these alone (`base`'s flags are changes
    /// to its own scene); else `base`'s flags but those given here and
    /// those that conflict with one given here, then these.
    pub fn over(&self, base: &Choices) -> Choices {
        let scene = flags().find(|f| matches!(f.act, Act::Scene));
        if scene.is_some_and(|f| self.value(f.name).is_some()) {
            return self.clone();
        }
        let here = |name: &str| self.value(name).is_some();
        let mut c = Choices::default();
        for (name, value) in &base.given {
            let Some(f) = flag(name) else { continue };
            let conflicts = f.conflicts.is_some_and(|o| here(o.name))
                || flags().any(|o| here(o.name) && o.conflicts.is_some_and(|x| x.name == f.name));
            if !here(name) && !conflicts {
                c.give(f, value.clone());
            }
        }
        for (name, value) in &self.given {
            if let Some(f) = flag(name) {
                c.give(f, value.clone());
            }
        }
        c
    }

    /// The choices a query string's `name=value` pairs (already decoded)
    /// make: each name one of [`names`], at most once; a value as its
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
        let (c, refused) = Choices::from_query_keeping(pairs);
        match refused.into_iter().next() {
            Some(line) => Err(line),
            None => Ok(c),
        }
    }

    /// As [`Choices::from_query`], but keeping every good pair: the
    /// choices they make, and a line (as `from_query`'s error) for each
    /// pair refused, in the query's order. A name given twice keeps its
    /// first value; two flags that cannot both be given are both left out.
    pub fn from_query_keeping<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> (Choices, Vec<String>) {
        let mut c = Choices::default();
        let mut refused = Vec::new();
        let mut seen: Vec<&str> = Vec::new();
        for (name, value) in pairs {
            if seen.contains(&name) {
                refused.push(format!("?{name} is given twice"));
                continue;
            }
            let Some(f) = flag(name) else {
                refused.push(format!(
                    "unknown ?{name}={value}: the page takes steps, webgl, speed, orbit, distance and {}",
                    names().join(", ")
                ));
                continue;
            };
            seen.push(f.name);
            let given = match f.takes {
                Takes::Switch => match value {
                    "1" | "" => true,
                    "0" => false,
                    _ => {
                        refused.push(format!("bad ?{name}={value}: it takes 1 (on) or 0 (off)"));
                        continue;
                    }
                },
                Takes::Value { .. } => true,
            };
            if given {
                match f.read(value) {
                    Ok(read) => c.give(f, read),
                    Err(e) => refused.push(format!("bad ?{name}={value}: {e}")),
                }
            }
        }
        for f in flags() {
            if let Some(other) = f.conflicts {
                if c.value(f.name).is_some() && c.value(other.name).is_some() {
                    refused.push(format!(
                        "?{} and ?{} cannot both be given",
                        f.name, other.name
                    ));
                    c.given.retain(|(n, _)| *n != f.name && *n != other.name);
                }
            }
        }
        (c, refused)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{
        Buffering, Damping, Order, Passes, Pins, SpringLaw, TearFactor, Thickness, Wind,
    };

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
        assert!(!c.springs());
        assert!(query("springs=1").unwrap().springs());
        assert!(!query("springs=0").unwrap().springs());
        assert!(!c.smooth(), "the faithful picture unless asked");
        assert!(query("smooth=1").unwrap().smooth());
        assert!(!query("smooth=0").unwrap().smooth());
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
                "bad ?scene=sail: unknown scene \"sail\": expected original, curtain, flag, drape or hands",
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
        // Kept: every good pair, and a line for each bad one.
        let (c, refused) =
            Choices::from_query_keeping([("scene", "flag"), ("passes", "abc"), ("bend", "1")]);
        assert_eq!(c.query(), "scene=flag&bend=1");
        assert_eq!(
            refused,
            ["bad ?passes=abc: passes must be a whole number from 1 to 100, got \"abc\""]
        );
        let (c, refused) =
            Choices::from_query_keeping([("shade", "1"), ("flat", "1"), ("bend", "")]);
        assert_eq!((c.query().as_str(), refused.len()), ("bend=1", 1));
        let e = query("sceen=flag").unwrap_err();
        assert!(
            e.starts_with(
                "unknown ?sceen=flag: the page takes steps, webgl, speed, orbit, distance and scene, grid, solver, ks"
            ),
            "{e}"
        );
    }

    #[test]
    fn choices_over_a_saved_states() {
        let base = query("scene=curtain&bend=1&thickness=0.03&passes=7").unwrap();
        // Flags given win, and drop what they conflict with.
        let c = query("passes=3&no-self-collision=1").unwrap().over(&base);
        assert_eq!(
            c,
            query("scene=curtain&bend=1&passes=3&no-self-collision=1").unwrap()
        );
        assert_eq!(c.model().self_collision, None);
        assert_eq!(c.model().passes, Passes::new(3).unwrap());
        assert!(c.model().springs.bend);
        // None given: the base; a scene given: the flags alone.
        assert_eq!(Choices::default().over(&base), base);
        let flag = query("scene=flag&hooke=1").unwrap();
        assert_eq!(flag.over(&base), flag);
    }
}
