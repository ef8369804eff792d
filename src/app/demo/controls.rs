//! The panels' side of [`Demo`]: each control of
//! [`CONTROLS`](crate::app::controls::CONTROLS) read ([`Demo::value`],
//! [`Demo::enabled`]) and changed ([`Demo::set`], [`Demo::press_button`]),
//! through its row: a control of the model by its
//! [`Field`](crate::app::controls::Field), the run's and the view's here.
//! A key's [`Action::Toggle`], [`Action::Cycle`] and [`Action::Set`] come
//! here too, so a key and its control make the same change.

#![forbid(unsafe_code)]

use web_time::Instant;

use super::Demo;
use crate::app::choices::Choices;
#[cfg(doc)]
use crate::app::controls::Action;
use crate::app::controls::{self, choice_of, control, Id, RunState, Setup, Side, Value, Widget};
use crate::app::pacing::SPEEDS;
use crate::sim::{Grid, Scene, Solver};

impl Demo {
    /// The value `id`'s widget shows: [`Value::On`] for a checkbox,
    /// [`Value::Number`] for a slider, [`Value::Choice`] for a select;
    /// `None` for a button, and for a control that is off
    /// ([`Demo::enabled`]), such as Damping without inertia.
    pub fn value(&self, id: Id) -> Option<Value> {
        if let Some(field) = control(id).model {
            // Enabled exactly when it reads a value, unless stopped or
            // not shown.
            return (self.state != RunState::Stopped && self.shown(id))
                .then(|| (field.get)(&self.sim.model()))
                .flatten();
        }
        if !self.enabled(id) {
            return None;
        }
        Some(match id {
            Id::Paused => Value::On(self.state == RunState::Paused),
            Id::Speed => Value::Choice(choice_of(&SPEEDS, &self.speed()?)),
            Id::Scene => Value::Choice(choice_of(&Scene::ALL, &self.scene)),
            Id::Shade => Value::On(self.shade),
            Id::Springs => Value::On(self.springs),
            Id::Smooth => Value::On(self.smooth),
            Id::Knife => Value::On(self.drags.knife()),
            Id::Compare => Value::On(self.compare()),
            Id::Grid => Value::Number(self.grid.get() as f64),
            Id::CompareWith => Value::Choice(if self.left == Side::ORIGINAL {
                0
            } else {
                1 + choice_of(&Solver::ALL, &self.left.model.solver)
            }),
            _ => return None,
        })
    }

    /// Whether `id`'s widget can be used now: nothing while stopped but
    /// Restart; One step only while paused; the speed only when paced at a
    /// fixed rate; a control of the model only while its row reads a
    /// value (Damping, Thickness and Tear at while inertia, self-collision
    /// and tearing are on).
    pub fn enabled(&self, id: Id) -> bool {
        if self.state == RunState::Stopped {
            return id == Id::Restart;
        }
        if !self.shown(id) {
            return false;
        }
        if let Some(field) = control(id).model {
            return (field.get)(&self.sim.model()).is_some();
        }
        match id {
            Id::Step => self.state == RunState::Paused,
            Id::Speed => self.speed().is_some(),
            _ => true,
        }
    }

    /// Whether the panels show `id`'s control: whether it means anything
    /// under the model running ([`controls::applies`]): a solver's own
    /// settings under that solver, the article's what-ifs under the
    /// article's.
    pub fn shown(&self, id: Id) -> bool {
        controls::applies(id, &self.sim.model())
    }

    /// Set `id`'s widget to `value` at `now`, making the change its key or
    /// flag makes: a checkbox only when it differs, a select or slider as
    /// its flag with that value (a slider's value is brought into its
    /// range first, [`controls::clamp`]). A control of the model changes
    /// it through its row ([`Field::set`](controls::Field::set)): inertia,
    /// self-collision and tearing come on at the scene's own damping and
    /// thickness, or [`controls::DAMPING`], [`controls::THICKNESS`] and
    /// [`controls::TEAR_FACTOR`]. A value of the wrong kind for `id`, a
    /// button's `id` ([`Demo::press_button`]) or a control not
    /// [`enabled`](Demo::enabled) changes nothing.
    pub fn set(&mut self, id: Id, value: Value, now: Instant) {
        if !self.enabled(id) {
            return;
        }
        let row = control(id);
        let value = match value {
            Value::Number(v) => Value::Number(controls::clamp(row.widget, v)),
            other => other,
        };
        if let Some(field) = row.model {
            let m = self.sim.model();
            let mut model = m;
            (field.set)(&mut model, value, &self.scene.model());
            if model != m {
                self.notice = None;
                self.sim.set_model(model);
            }
            return;
        }
        let differs = self.value(id) != Some(value);
        match (id, value) {
            (Id::Paused, Value::On(_)) if differs => match self.state {
                RunState::Running => self.state = RunState::Paused,
                _ => {
                    self.state = RunState::Running;
                    self.pacer.resume(now);
                }
            },
            (Id::Shade, Value::On(on)) if differs => self.shade = on,
            (Id::Springs, Value::On(on)) if differs => self.springs = on,
            (Id::Smooth, Value::On(on)) if differs => self.smooth = on,
            (Id::Knife, Value::On(on)) if differs => self.drags.set_knife(on),
            (Id::Compare, Value::On(on)) if differs => {
                self.set_compare(on);
                if on {
                    self.pacer.restart(now);
                    self.started = true;
                }
            }
            (Id::Speed, Value::Choice(k)) => match SPEEDS.get(k) {
                Some(&rate) => self.pacer.set_rate(rate, now),
                None => return,
            },
            (Id::CompareWith, Value::Choice(k)) => {
                let left = match k.checked_sub(1).and_then(|k| Solver::ALL.get(k)) {
                    None => Side::ORIGINAL,
                    Some(&solver) => {
                        let mut model = self.sim.model();
                        model.solver = solver;
                        Side {
                            scene: self.scene,
                            model,
                        }
                    }
                };
                self.set_left(left);
                if !self.compare() {
                    self.set_compare(true);
                }
                self.pacer.restart(now);
                self.started = true;
            }
            (Id::Grid, Value::Number(v)) => match Grid::new(v as usize) {
                Ok(grid) if grid != self.grid => {
                    self.grid = grid;
                    self.restart(now);
                }
                _ => return,
            },
            (Id::Scene, Value::Choice(k)) => match Scene::ALL.get(k) {
                Some(&to) if to != self.scene => self.start_scene(to, now),
                _ => return,
            },
            _ => return,
        }
        self.notice = None;
    }

    /// Toggle `id`'s checkbox at `now` ([`Action::Toggle`]), as a click
    /// on it would.
    pub(super) fn toggle(&mut self, id: Id, now: Instant) {
        if let Some(Value::On(on)) = self.value(id) {
            self.set(id, Value::On(!on), now);
        }
    }

    /// Move `id`'s select to its next choice at `now`, the last followed
    /// by the first ([`Action::Cycle`]).
    pub(super) fn cycle(&mut self, id: Id, now: Instant) {
        if let (Some(Value::Choice(k)), Widget::Select(names)) =
            (self.value(id), control(id).widget)
        {
            self.set(id, Value::Choice((k + 1) % names.len()), now);
        }
    }

    /// Press `id`'s button at `now`: it does what its key does (One step,
    /// Restart, Scene's model, Nearer, Farther and Reset view). The Save
    /// buttons, and any control that is not a button or not
    /// [`enabled`](Demo::enabled), change nothing here (the front end
    /// writes the files).
    pub fn press_button(&mut self, id: Id, now: Instant) {
        let row = control(id);
        if !self.enabled(id) || row.widget != Widget::Button {
            return;
        }
        if let Some(key) = row.keys.first() {
            self.apply(key.action, now);
        }
    }

    /// The choices that start a run as this one is now: its scene, the
    /// flags for each way its model and look differ from the scene's
    /// ([`Choices::of`]), and the springs view and compare mode. The page
    /// writes them into its address ([`Choices::query`]).
    pub fn choices(&self) -> Choices {
        Choices::of(
            self.scene,
            &Setup {
                model: self.sim.model(),
                shade: self.shade,
                springs: self.springs,
                smooth: self.smooth,
                compare: self.compare(),
                grid: self.grid,
                left: self.left,
            },
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
            ) || !demo.shown(c.id);
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
