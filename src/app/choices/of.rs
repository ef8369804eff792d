//! The way back from a running demo to its choices: [`Choices::of`], and
//! [`Choices::query`], the page's address for them.

#![forbid(unsafe_code)]

use super::{Choices, NAMES};
use crate::sim::{Buffering, Model, Order, Passes, Scene, SpringLaw};

impl Choices {
    /// The fewest choices that start `scene` under `model`, shaded or not,
    /// in the springs view and compare mode or not: the scene (unless the
    /// original), and a flag for each way `model` and `shade` differ from
    /// the scene's own ([`Scene::model`], [`Scene::shade`]). So
    /// `Choices::of(s, &m, sh, ..).model() == m` and `.shade() == sh`.
    pub fn of(scene: Scene, model: &Model, shade: bool, springs: bool, compare: bool) -> Choices {
        let own = scene.model();
        let mut c = Choices {
            scene: (scene != Scene::Original).then_some(scene),
            springs,
            compare,
            ..Choices::default()
        };
        if model.pins != own.pins {
            c.pin = Some(model.pins);
        }
        if model.wind != own.wind {
            c.wind = Some(model.wind);
        }
        if model.gusts != own.gusts {
            c.gusts = model.gusts;
            c.no_gusts = !model.gusts;
        }
        if model.inertia != own.inertia {
            c.inertia = model.inertia;
            c.no_inertia = model.inertia.is_none();
        }
        if model.self_collision != own.self_collision {
            c.thickness = model.self_collision;
            c.no_self_collision = model.self_collision.is_none();
        }
        c.tear = model.tear;
        c.passes = (model.passes != Passes::ORIGINAL).then_some(model.passes);
        c.no_diagonals = !model.springs.diagonals;
        c.bend = model.springs.bend;
        c.in_place = model.buffering == Buffering::InPlace;
        c.order = (model.order != Order::Rows).then_some(model.order);
        c.hooke = model.law == SpringLaw::Hooke;
        if shade != scene.shade() {
            c.shade = shade;
            c.flat = !shade;
        }
        c
    }

    /// These choices as a query string [`Choices::from_query`] reads back
    /// to the same choices: `name=value` pairs in the order of [`NAMES`],
    /// joined by `&`, a switch as `name=1`, none for what is not given
    /// (`""` for the original). The values need no escaping: names,
    /// numbers, `,`, `.` and `-`.
    pub fn query(&self) -> String {
        let mut pairs: Vec<String> = Vec::new();
        for name in NAMES {
            let value = match name {
                "scene" => self.scene.map(|v| v.to_string()),
                "passes" => self.passes.map(|v| v.to_string()),
                "order" => self.order.map(|v| v.to_string()),
                "pin" => self.pin.map(|v| v.to_string()),
                "wind" => self.wind.map(|v| v.to_string()),
                "inertia" => self.inertia.map(|v| v.to_string()),
                "thickness" => self.thickness.map(|v| v.to_string()),
                "tear" => self.tear.map(|v| v.to_string()),
                switch => self.switch(switch).then(|| "1".to_string()),
            };
            if let Some(value) = value {
                pairs.push(format!("{name}={value}"));
            }
        }
        pairs.join("&")
    }

    /// Whether the switch `name` (a flag that takes no value) is given.
    fn switch(&self, name: &str) -> bool {
        match name {
            "no-diagonals" => self.no_diagonals,
            "bend" => self.bend,
            "in-place" => self.in_place,
            "hooke" => self.hooke,
            "springs" => self.springs,
            "compare" => self.compare,
            other => self.given(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{Damping, Pins, TearFactor, Thickness, Wind};

    fn read(query: &str) -> Choices {
        Choices::from_query(
            query
                .split('&')
                .filter(|p| !p.is_empty())
                .map(|p| p.split_once('=').unwrap_or((p, ""))),
        )
        .unwrap()
    }

    #[test]
    fn the_original_is_the_empty_query() {
        let c = Choices::of(Scene::Original, &Model::ORIGINAL, false, false, false);
        assert_eq!((c, c.query()), (Choices::default(), String::new()));
    }

    #[test]
    fn each_scene_and_change_reads_back() {
        for scene in Scene::ALL {
            let mut model = scene.model();
            for shade in [false, true] {
                let c = Choices::of(scene, &model, shade, shade, !shade);
                let back = read(&c.query());
                assert_eq!((back, back.model(), back.shade()), (c, model, shade));
            }
            model.pins = Pins::Corners;
            model.wind = Wind::new([0.001, -0.002, 0.0005]).unwrap();
            model.gusts = !model.gusts;
            model.inertia = match model.inertia {
                Some(_) => None,
                None => Some(Damping::new(0.25).unwrap()),
            };
            model.self_collision = match model.self_collision {
                Some(_) => None,
                None => Some(Thickness::new(0.03).unwrap()),
            };
            model.tear = Some(TearFactor::new(2.5).unwrap());
            model.passes = Passes::new(7).unwrap();
            model.springs.diagonals = false;
            model.springs.bend = true;
            model.buffering = Buffering::InPlace;
            model.order = Order::Reversed;
            model.law = SpringLaw::Hooke;
            let c = Choices::of(scene, &model, true, false, false);
            let back = read(&c.query());
            assert_eq!(
                (back.scene(), back.model(), back.shade()),
                (scene, model, true)
            );
        }
        let c = Choices::of(Scene::Flag, &Scene::Flag.model(), false, true, false);
        assert_eq!(c.query(), "scene=flag&flat=1&springs=1");
    }
}
