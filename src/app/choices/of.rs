//! The way back from a running demo to its choices: [`Choices::of`], and
//! [`Choices::query`], the page's address for them.

#![forbid(unsafe_code)]

use super::Choices;
use crate::app::controls::{flags, Act, Setup};
use crate::sim::Scene;

impl Choices {
    /// The fewest choices that start `scene` as `setup` (its model and
    /// look): the scene (unless the original), and a flag for each way
    /// `setup` differs from the scene's own ([`Setup::of_scene`]), each
    /// flag's [`back`](crate::app::controls::Flag::back). So
    /// `Choices::of(s, &setup).setup() == setup`.
    pub fn of(scene: Scene, setup: &Setup) -> Choices {
        let own = Setup::of_scene(scene);
        let mut c = Choices::default();
        for f in flags() {
            let value = match f.act {
                Act::Scene => (scene != Scene::Original).then(|| scene.to_string()),
                Act::Set(_) | Act::Left => (f.back)(&own, setup),
            };
            if let Some(value) = value {
                c.push(f, value);
            }
        }
        c
    }

    /// These choices as a query string [`Choices::from_query`] reads back
    /// to the same choices: `name=value` pairs in the table's order,
    /// joined by `&`, a switch as `name=1`, none for what is not given
    /// (`""` for the original). The values need no escaping: names,
    /// numbers, `,`, `.` and `-`.
    pub fn query(&self) -> String {
        let pairs: Vec<String> = self
            .given()
            .iter()
            .map(|(name, value)| format!("{name}={value}"))
            .collect();
        pairs.join("&")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{
        Buffering, Damping, Model, Order, Passes, Pins, SpringLaw, TearFactor, Thickness, Wind,
    };

    fn setup(model: Model, shade: bool, springs: bool, compare: bool) -> Setup {
        Setup {
            model,
            shade,
            springs,
            smooth: false,
            compare,
            grid: crate::sim::Grid::ORIGINAL,
            left: crate::app::controls::Side::ORIGINAL,
        }
    }

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
        let c = Choices::of(
            Scene::Original,
            &setup(Model::ORIGINAL, false, false, false),
        );
        assert_eq!((c.query(), c), (String::new(), Choices::default()));
    }

    #[test]
    fn each_scene_and_change_reads_back() {
        for scene in Scene::ALL {
            let mut model = scene.model();
            for shade in [false, true] {
                let start = setup(model, shade, shade, !shade);
                let c = Choices::of(scene, &start);
                let back = read(&c.query());
                assert_eq!(back.setup(), start);
                assert_eq!(back, c);
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
            let c = Choices::of(scene, &setup(model, true, false, false));
            let back = read(&c.query());
            assert_eq!(
                (back.scene(), back.model(), back.shade()),
                (scene, model, true)
            );
        }
        let c = Choices::of(Scene::Flag, &setup(Scene::Flag.model(), false, true, false));
        assert_eq!(c.query(), "scene=flag&flat=1&springs=1");
    }
}
