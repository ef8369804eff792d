//! The panels' logic without a window (`app::controls`, `Demo::set`,
//! `Demo::press_button`): each control makes the same change as its key
//! and as its flag, and the one table of controls, keys, flags and the
//! README agree.

use std::time::Instant;

use cloth_demo::app::choices::{names, Choices};
use cloth_demo::app::controls::{
    Action, Control, FlagNote, Id, RunState, Takes, Value, Widget, CONTROLS,
};
use cloth_demo::app::demo::{Clock, Demo};
use cloth_demo::app::input::KeyPress;
use cloth_demo::app::keys::{self, OTHER_KEYS};
use cloth_demo::app::pacing::Mode;
use cloth_demo::sim::{Model, Scene, Solver};

/// What a demo shows and runs by: enough to tell two apart after a
/// change.
fn seen(d: &Demo) -> impl PartialEq + std::fmt::Debug {
    (
        d.status(),
        d.choices(),
        d.state(),
        d.sim().model(),
        d.sim().steps(),
        d.camera(),
        d.speed(),
        d.compare(),
        d.original().map(|o| o.steps()),
    )
}

/// The demos the equivalences are checked from: held and paced, running
/// and paused, the original and the curtain.
fn starts(t0: Instant) -> Vec<(&'static str, Demo)> {
    let mut out = Vec::new();
    for (name, clock, scene, pause) in [
        ("held, running", Clock::Held(10), Scene::Original, false),
        ("held, paused", Clock::Held(10), Scene::Original, true),
        (
            "paced, running",
            Clock::Paced(Mode::Fixed),
            Scene::Original,
            false,
        ),
        (
            "paced curtain, paused",
            Clock::Paced(Mode::Fixed),
            Scene::Curtain,
            true,
        ),
    ] {
        let mut d = Demo::with_scene(clock, scene, scene.model(), scene.shade());
        d.frame(t0);
        if pause {
            d.apply(Action::Toggle(Id::Paused), t0);
        }
        out.push((name, d));
    }
    out
}

/// Make `c`'s change on `d` at `now` the panel's way, to the value the key
/// gave `by_key`: a checkbox or a select or slider set to its value there,
/// a button pressed.
fn panel_change(d: &mut Demo, c: &Control, by_key: &Demo, now: Instant) {
    match c.widget {
        Widget::Button => d.press_button(c.id, now),
        _ => {
            if let Some(v) = by_key.value(c.id) {
                d.set(c.id, v, now);
            }
        }
    }
}

#[test]
fn each_control_with_a_key_makes_the_keys_change() {
    let t0 = Instant::now();
    let mut checked = 0;
    let mut changed = 0;
    for c in CONTROLS.iter().filter(|c| !c.keys.is_empty()) {
        for (start, demo) in starts(t0) {
            for b in c.keys {
                let mut by_key = demo.clone();
                by_key.apply(b.action, t0);
                let mut by_panel = demo.clone();
                panel_change(&mut by_panel, c, &by_key, t0);
                assert_eq!(
                    seen(&by_panel),
                    seen(&by_key),
                    "{:?} against key {} from {start}",
                    c.id,
                    b.keys
                );
                if seen(&by_key) != seen(&demo) {
                    changed += 1;
                }
                checked += 1;
            }
        }
    }
    // Every keyed control on four starts, and most of them change
    // something (not One step while running, nor the speed while held).
    assert!(checked >= 4 * 20, "{checked}");
    assert!(changed >= checked * 3 / 4, "{changed} of {checked}");
}

#[test]
fn each_checkbox_with_a_key_toggles_as_it_does() {
    let t0 = Instant::now();
    for c in CONTROLS
        .iter()
        .filter(|c| c.widget == Widget::Check && !c.keys.is_empty())
    {
        let mut d = Demo::new(Clock::Held(3), Model::ORIGINAL);
        d.frame(t0);
        let Some(Value::On(before)) = d.value(c.id) else {
            panic!("{:?} has no value", c.id)
        };
        d.set(c.id, Value::On(!before), t0);
        assert_eq!(d.value(c.id), Some(Value::On(!before)), "{:?}", c.id);
        let mut k = Demo::new(Clock::Held(3), Model::ORIGINAL);
        k.frame(t0);
        k.apply(c.keys[0].action, t0);
        assert_eq!(seen(&d), seen(&k), "{:?}", c.id);
    }
}

/// A value for `c` other than the default's: a checkbox the other way, a
/// select's second name, a slider three quarters along its travel.
fn other_value(c: &Control, d: &Demo) -> Value {
    match (c.widget, d.value(c.id)) {
        (Widget::Check, Some(Value::On(on))) => Value::On(!on),
        (Widget::Select(_), Some(Value::Choice(k))) => Value::Choice(if k == 1 { 2 } else { 1 }),
        (Widget::Slider { min, max, log, .. }, _) => Value::Number(if log {
            min * (max / min).powf(0.75)
        } else {
            min + 0.75 * (max - min)
        }),
        (w, v) => panic!("{:?}: {w:?} with {v:?}", c.id),
    }
}

/// The check a slider needs on before it can be used.
fn needs(id: Id) -> Option<Id> {
    match id {
        Id::Damping => Some(Id::Inertia),
        Id::Thickness => Some(Id::SelfCollision),
        Id::TearFactor => Some(Id::Tear),
        _ => None,
    }
}

/// Switch `d` to the solver under which `id`'s control is shown (a
/// solver's own settings show only under it).
fn show(d: &mut Demo, id: Id, t0: Instant) {
    for k in 0..Solver::ALL.len() {
        if d.shown(id) {
            return;
        }
        d.set(Id::Solver, Value::Choice(k), t0);
    }
    assert!(d.shown(id), "{id:?} is shown under no solver");
}

#[test]
fn each_control_with_a_flag_makes_the_flags_demo() {
    let t0 = Instant::now();
    for c in CONTROLS.iter().filter(|c| c.flag().is_some()) {
        let flag = c.flag().unwrap().name;
        let mut d = Demo::new(Clock::Held(0), Model::ORIGINAL);
        if let Some(first) = needs(c.id) {
            d.set(first, Value::On(true), t0);
        }
        show(&mut d, c.id, t0);
        let value = other_value(c, &d);
        d.set(c.id, value, t0);
        let query = d.choices().query();
        let names: Vec<&str> = query
            .split('&')
            .map(|p| p.split_once('=').map_or(p, |(n, _)| n))
            .collect();
        // `--thickness` implies `--self-collision`, and says it.
        let implied = flag == "self-collision" && names.contains(&"thickness");
        assert!(
            names.contains(&flag) || implied,
            "{:?} set to {value:?}: the query {query:?} lacks {flag}",
            c.id
        );
        let choices = Choices::from_query(
            query
                .split('&')
                .map(|p| p.split_once('=').unwrap_or((p, ""))),
        )
        .unwrap();
        let flagged = Demo::with_scene(
            Clock::Held(0),
            choices.scene(),
            choices.model(),
            choices.shade(),
        )
        .with_grid(choices.setup().grid)
        .with_springs(choices.springs())
        .with_smooth(choices.smooth())
        .with_compare(choices.compare());
        assert_eq!(
            (
                d.scene(),
                d.sim().model(),
                d.shade(),
                d.springs(),
                d.smooth(),
                d.compare()
            ),
            (
                flagged.scene(),
                flagged.sim().model(),
                flagged.shade(),
                flagged.springs(),
                flagged.smooth(),
                flagged.compare()
            ),
            "{:?} set to {value:?}, against ?{query}",
            c.id
        );
        assert_eq!(d.value(c.id), flagged.value(c.id), "{:?}", c.id);
    }
}

#[test]
fn one_table_names_every_control_key_flag_and_readme_line() {
    let readme = include_str!("../../README.md");
    let controls = readme
        .split("## Controls")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("README has ## Controls");
    for c in CONTROLS {
        assert!(
            controls.contains(c.label),
            "README's Controls lacks the control {:?}",
            c.label
        );
        for f in c.flags {
            assert!(
                names().contains(&f.name),
                "{:?}'s flag {} is not a name",
                c.id,
                f.name
            );
        }
        assert!(!c.hint.is_empty(), "{:?} has no hint", c.id);
    }
    // The key table is the controls' keys, then the few no control
    // reaches: Tab is the panel itself, pinning needs a point held with
    // the pointer, the help is the panel's own hover text, and Escape
    // quits (the close button).
    let unreached: Vec<Action> = keys::bindings()
        .filter(|b| !CONTROLS.iter().any(|c| c.keys.contains(b)))
        .map(|b| b.action)
        .collect();
    assert_eq!(
        unreached,
        [Action::TogglePanel, Action::Pin, Action::Help, Action::Stop]
    );
    assert_eq!(unreached.len(), OTHER_KEYS.len());
    // Stopped, nothing but Restart can be used.
    let mut d = Demo::new(Clock::Held(0), Model::ORIGINAL);
    d.apply(Action::Stop, Instant::now());
    assert_eq!(d.state(), RunState::Stopped);
    let usable: Vec<Id> = CONTROLS
        .iter()
        .map(|c| c.id)
        .filter(|&id| d.enabled(id))
        .collect();
    assert_eq!(usable, [Id::Restart]);
}

/// Every row of the one table, and each place made from it: its keys in
/// the key table (each key found, doing the row's action) and in the key
/// list (its line, its flag named as the row says), its hover text naming
/// the keys, its label in the key list's panel lines, its flags among the
/// page's query names (each read, and a switch given on the page as on the
/// command line), and its control in the panel (a value to show, or a
/// button that does what its key does).
#[test]
fn every_row_agrees_with_each_place_made_from_it() {
    let help = keys::help();
    let panel_lines: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Panel"))
        .collect();
    for c in CONTROLS {
        for b in c.keys {
            for &k in b.matches {
                assert_eq!(
                    keys::action_for_key(KeyPress::from(k), RunState::Paused),
                    Some(b.action),
                    "{:?}'s key {k:?}",
                    c.id
                );
            }
            let line = keys::line(b);
            assert!(
                help.lines()
                    .any(|l| l.trim_start().starts_with(b.keys) && l.ends_with(&line)),
                "{:?}: no line {line:?} in the key list",
                c.id
            );
            if let (FlagNote::Flag | FlagNote::With(_), Some(f)) = (b.flag, c.flag()) {
                assert!(line.contains(&format!("(--{}", f.name)), "{line}");
            }
        }
        match c.key() {
            Some(key) => assert!(c.hover_text().ends_with(&format!(" Key: {key}."))),
            None => assert_eq!(c.hover_text(), c.hint),
        }
        assert!(
            panel_lines.iter().any(|l| l.contains(c.label)),
            "{} not in the key list's panel lines",
            c.label
        );
        for f in c.flags {
            assert!(names().contains(&f.name), "--{}", f.name);
            if f.takes == Takes::Switch {
                let query = format!("{}=1", f.name);
                let page = Choices::from_query([(f.name, "1")]).expect(&query);
                assert_eq!(page.value(f.name), Some("1"), "?{query}");
            }
        }
        let mut d = Demo::new(Clock::Held(0), Model::ORIGINAL);
        show(&mut d, c.id, Instant::now());
        match c.widget {
            Widget::Button => assert_eq!(d.value(c.id), None, "{:?}", c.id),
            _ if matches!(
                c.id,
                Id::Damping | Id::Thickness | Id::TearFactor | Id::Speed
            ) =>
            {
                // Off until inertia, self-collision or tearing is on (or,
                // for the speed, the clock is paced).
                assert_eq!(d.value(c.id), None, "{:?}", c.id)
            }
            _ => assert!(d.value(c.id).is_some(), "{:?} shows no value", c.id),
        }
    }
}
