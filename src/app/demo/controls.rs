//! The panels' side of [`Demo`]: each control of
//! [`CONTROLS`](crate::app::controls::CONTROLS) read ([`Demo::value`],
//! [`Demo::enabled`]) and changed ([`Demo::set`], [`Demo::press_button`]), making
//! the same change as its key or its flag.

#![forbid(unsafe_code)]

use web_time::Instant;

use super::Demo;
use crate::app::choices::Choices;
use crate::app::controls::{self, control, Id, Value};
use crate::app::input::{Action, ModelChange, RunState};
use crate::app::pacing::SPEEDS;
use crate::sim::{
    Buffering, Damping, Order, Passes, Pins, Scene, SpringLaw, TearFactor, Thickness, Wind,
};

/// The index of `item` in `all` (0 if it is missing, which the types
/// rule out).
fn index<T: PartialEq>(all: &[T], item: &T) -> usize {
    all.iter().position(|x| x == item).unwrap_or(0)
}

impl Demo {
    /// The value `id`'s widget shows: [`Value::On`] for a checkbox,
    /// [`Value::Number`] for a slider, [`Value::Choice`] for a select;
    /// `None` for a button, and for a control that is off
    /// ([`Demo::enabled`]), such as Damping without inertia.
    pub fn value(&self, id: Id) -> Option<Value> {
        if !self.enabled(id) {
            return None;
        }
        let m = self.sim.model();
        let wind = m.wind.get();
        Some(match id {
            Id::Paused => Value::On(self.state == RunState::Paused),
            Id::Speed => Value::Choice(index(&SPEEDS, &self.speed()?)),
            Id::Scene => Value::Choice(index(&Scene::ALL, &self.scene)),
            Id::Passes => Value::Number(m.passes.get() as f64),
            Id::Diagonals => Value::On(m.springs.diagonals),
            Id::Bend => Value::On(m.springs.bend),
            Id::InPlace => Value::On(m.buffering == Buffering::InPlace),
            Id::Order => Value::Choice(index(&Order::ALL, &m.order)),
            Id::Hooke => Value::On(m.law == SpringLaw::Hooke),
            Id::Pins => Value::Choice(index(&Pins::ALL, &m.pins)),
            Id::WindX => Value::Number(wind[0]),
            Id::WindY => Value::Number(wind[1]),
            Id::WindZ => Value::Number(wind[2]),
            Id::Gusts => Value::On(m.gusts),
            Id::Inertia => Value::On(m.inertia.is_some()),
            Id::Damping => Value::Number(m.inertia?.get()),
            Id::SelfCollision => Value::On(m.self_collision.is_some()),
            Id::Thickness => Value::Number(m.self_collision?.get()),
            Id::Tear => Value::On(m.tear.is_some()),
            Id::TearFactor => Value::Number(m.tear?.get()),
            Id::Shade => Value::On(self.shade),
            Id::Springs => Value::On(self.springs),
            Id::Compare => Value::On(self.compare()),
            Id::Step
            | Id::Restart
            | Id::Original
            | Id::ZoomIn
            | Id::ZoomOut
            | Id::Home
            | Id::SaveScreenshot
            | Id::SaveState => return None,
        })
    }

    /// Whether `id`'s widget can be used now: nothing while stopped but
    /// Restart; One step only while paused; the speed only when paced at a
    /// fixed rate; Damping, Thickness and Tear at only while inertia,
    /// self-collision and tearing are on.
    pub fn enabled(&self, id: Id) -> bool {
        let m = self.sim.model();
        match id {
            _ if self.state == RunState::Stopped => id == Id::Restart,
            Id::Step => self.state == RunState::Paused,
            Id::Speed => self.speed().is_some(),
            Id::Damping => m.inertia.is_some(),
            Id::Thickness => m.self_collision.is_some(),
            Id::TearFactor => m.tear.is_some(),
            _ => true,
        }
    }

    /// Set `id`'s widget to `value` at `now`, making the change its key or
    /// flag makes: a checkbox as its key toggles (only when it differs), a
    /// select or slider as its flag with that value (a slider's value is
    /// brought into its range first, [`controls::clamp`]). Inertia,
    /// self-collision and tearing come on at the scene's own damping and
    /// thickness, or [`controls::DAMPING`], [`controls::THICKNESS`] and
    /// [`controls::TEAR_FACTOR`]. A value of the wrong kind for `id`, a
    /// button's `id` ([`Demo::press_button`]) or a control not
    /// [`enabled`](Demo::enabled) changes nothing.
    pub fn set(&mut self, id: Id, value: Value, now: Instant) {
        if !self.enabled(id) {
            return;
        }
        let widget = control(id).widget;
        let m = self.sim.model();
        let scene = self.scene.model();
        let toggle = |on: bool, now_on: bool, action: Action| (on != now_on).then_some(action);
        let mut model = m;
        let action = match (id, value) {
            (Id::Paused, Value::On(on)) => {
                toggle(on, self.state == RunState::Paused, Action::TogglePause)
            }
            (Id::Shade, Value::On(on)) => toggle(on, self.shade, Action::ToggleShade),
            (Id::Springs, Value::On(on)) => toggle(on, self.springs, Action::ToggleSprings),
            (Id::Compare, Value::On(on)) => toggle(on, self.compare(), Action::ToggleCompare),
            (Id::Speed, Value::Choice(k)) => {
                if let Some(&rate) = SPEEDS.get(k) {
                    self.notice = None;
                    self.pacer.set_rate(rate, now);
                }
                None
            }
            (Id::Scene, Value::Choice(k)) => {
                if let Some(&to) = Scene::ALL.get(k) {
                    if to != self.scene {
                        self.notice = None;
                        self.start_scene(to, now);
                    }
                }
                None
            }
            (Id::Passes, Value::Number(v)) => {
                let passes = Passes::new(controls::clamp(widget, v) as usize);
                model.passes = passes.unwrap_or(m.passes);
                None
            }
            (Id::Diagonals, Value::On(on)) => {
                model.springs.diagonals = on;
                None
            }
            (Id::Bend, Value::On(on)) => {
                model.springs.bend = on;
                None
            }
            (Id::InPlace, Value::On(on)) => {
                model.buffering = if on {
                    Buffering::InPlace
                } else {
                    Buffering::Double
                };
                None
            }
            (Id::Order, Value::Choice(k)) => {
                model.order = Order::ALL.get(k).copied().unwrap_or(m.order);
                None
            }
            (Id::Hooke, Value::On(on)) => {
                model.law = if on {
                    SpringLaw::Hooke
                } else {
                    SpringLaw::Article
                };
                None
            }
            (Id::Pins, Value::Choice(k)) => {
                model.pins = Pins::ALL.get(k).copied().unwrap_or(m.pins);
                None
            }
            (Id::WindX | Id::WindY | Id::WindZ, Value::Number(v)) => {
                let mut wind = m.wind.get();
                let axis = [Id::WindX, Id::WindY, Id::WindZ]
                    .iter()
                    .position(|&w| w == id)
                    .unwrap_or(0);
                wind[axis] = controls::clamp(widget, v);
                model.wind = Wind::new(wind).unwrap_or(m.wind);
                None
            }
            (Id::Gusts, Value::On(on)) => {
                model.gusts = on;
                None
            }
            (Id::Inertia, Value::On(on)) => {
                model.inertia = on.then(|| scene.inertia.unwrap_or(controls::DAMPING));
                None
            }
            (Id::Damping, Value::Number(v)) => {
                model.inertia = Damping::new(controls::clamp(widget, v)).ok().or(m.inertia);
                None
            }
            (Id::SelfCollision, Value::On(on)) => {
                model.self_collision =
                    on.then(|| scene.self_collision.unwrap_or(controls::THICKNESS));
                None
            }
            (Id::Thickness, Value::Number(v)) => {
                model.self_collision = Thickness::new(controls::clamp(widget, v))
                    .ok()
                    .or(m.self_collision);
                None
            }
            (Id::Tear, Value::On(on)) => {
                model.tear = on.then(|| scene.tear.unwrap_or(controls::TEAR_FACTOR));
                None
            }
            (Id::TearFactor, Value::Number(v)) => {
                model.tear = TearFactor::new(controls::clamp(widget, v)).ok().or(m.tear);
                None
            }
            _ => None,
        };
        if let Some(action) = action {
            self.apply(action, now);
        } else if model != m {
            self.notice = None;
            self.sim.set_model(model);
        }
    }

    /// Press `id`'s button at `now`: One step, Restart, Original model,
    /// Nearer, Farther and Reset view do what their keys do. The Save
    /// buttons, and any control that is not a button or not
    /// [`enabled`](Demo::enabled), change nothing here (the front end
    /// writes the files).
    pub fn press_button(&mut self, id: Id, now: Instant) {
        if !self.enabled(id) {
            return;
        }
        let action = match id {
            Id::Step => Action::Step,
            Id::Restart => Action::Restart,
            Id::Original => Action::Model(ModelChange::Original),
            Id::ZoomIn => Action::ZoomIn,
            Id::ZoomOut => Action::ZoomOut,
            Id::Home => Action::Home,
            _ => return,
        };
        self.apply(action, now);
    }

    /// The choices that start a run as this one is now: its scene, the
    /// flags for each way its model and look differ from the scene's
    /// ([`Choices::of`]), and the springs view and compare mode. The page
    /// writes them into its address ([`Choices::query`]).
    pub fn choices(&self) -> Choices {
        Choices::of(
            self.scene,
            &self.sim.model(),
            self.shade,
            self.springs,
            self.compare(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::controls::CONTROLS;
    use crate::app::demo::Clock;
    use crate::sim::Model;

    #[test]
    fn buttons_have_no_value_and_settings_read_back() {
        let now = Instant::now();
        let mut demo = Demo::new(Clock::Held(0), Model::ORIGINAL);
        for c in CONTROLS {
            let button = c.widget == controls::Widget::Button;
            let off = matches!(
                c.id,
                Id::Damping | Id::Thickness | Id::TearFactor | Id::Speed
            );
            assert_eq!(demo.value(c.id).is_none(), button || off, "{:?}", c.id);
        }
        demo.set(Id::Passes, Value::Number(5.4), now);
        assert_eq!(demo.value(Id::Passes), Some(Value::Number(5.0)));
        demo.set(Id::WindZ, Value::Number(0.25), now);
        assert_eq!(demo.value(Id::WindZ), Some(Value::Number(0.1)));
        demo.set(Id::Tear, Value::On(true), now);
        assert_eq!(demo.value(Id::TearFactor), Some(Value::Number(4.0)));
        demo.set(Id::TearFactor, Value::Number(0.5), now);
        assert_eq!(demo.value(Id::TearFactor), Some(Value::Number(1.1)));
        demo.set(Id::Bend, Value::Number(1.0), now);
        assert_eq!(demo.value(Id::Bend), Some(Value::On(false)));
    }
}
