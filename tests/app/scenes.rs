//! The scenes and shading in the running demo (`app::keys`,
//! `app::demo`): N cycles the scenes, S toggles shading, W the springs
//! view; the instruction
//! set outlives restarts and scenes.

use std::time::Instant;

use cloth_demo::app::controls::{Action, Id, RunState};
use cloth_demo::app::demo::{Clock, Demo};
use cloth_demo::app::input::{self, KeyPress, Modifiers};
use cloth_demo::app::keys;
use cloth_demo::app::pointer::Button;
use cloth_demo::app::title;
use cloth_demo::sim::Model;

#[test]
fn n_cycles_the_scenes_and_s_toggles_shading() {
    use cloth_demo::sim::Scene;
    let key =
        |c: char| keys::action_for_key(KeyPress::from(input::Key::Character(c)), RunState::Running);
    assert_eq!(key('n'), Some(Action::Cycle(Id::Scene)));
    assert_eq!(key('N'), Some(Action::Cycle(Id::Scene)));
    assert_eq!(key('s'), Some(Action::Toggle(Id::Shade)));
    assert_eq!(key('S'), Some(Action::Toggle(Id::Shade)));
    // Toggles: a held key does not repeat them.
    let held = KeyPress {
        repeat: true,
        ..KeyPress::from(input::Key::Character('n'))
    };
    assert_eq!(keys::action_for_key(held, RunState::Running), None);
    let mut cycled = Demo::new(Clock::Held(0), Model::ORIGINAL);
    let order = [(); 5].map(|_| {
        cycled.apply(Action::Cycle(Id::Scene), Instant::now());
        cycled.scene()
    });
    assert_eq!(
        order,
        [
            Scene::Curtain,
            Scene::Flag,
            Scene::Drape,
            Scene::Hands,
            Scene::Original
        ]
    );

    let t0 = Instant::now();
    let mut d = Demo::new(Clock::Held(5), Model::ORIGINAL);
    d.frame(t0);
    d.apply(Action::Toggle(Id::Bend), t0);
    // N: the curtain from its start, with its own model but for the
    // bending springs the user ticked (as `--scene curtain --bend`), drawn
    // flat as the curtain is; the address says both.
    d.apply(Action::Cycle(Id::Scene), t0);
    assert_eq!(d.scene(), Scene::Curtain);
    let mut bent = Scene::Curtain.model();
    bent.springs.bend = true;
    assert_eq!(d.sim().model(), bent);
    assert_eq!(d.choices().query(), "scene=curtain&bend=1");
    assert_eq!(d.sim().steps(), 0);
    assert_eq!(d.sim().cloth, Scene::Curtain.start_cloth());
    assert!(!d.shade());
    assert!(
        title(&d.status()).contains("bending springs"),
        "{}",
        title(&d.status())
    );
    // B again: the curtain's own model.
    d.apply(Action::Toggle(Id::Bend), t0);
    assert_eq!(d.sim().model(), Scene::Curtain.model());
    assert_eq!(
        title(&d.status()),
        "OpenGL Test Program - curtain, pinned top, wind 0,0,-0.0001, gusts, inertia 0.01"
    );
    // Its first frame runs the held steps of the curtain's own run.
    d.frame(t0);
    let mut want = Scene::Curtain.simulation();
    want.run(5);
    assert_eq!(*d.sim(), want);
    // R restarts the scene, not the original, and holds it at step 0.
    d.apply(Action::Restart, t0);
    assert_eq!(d.sim().cloth, Scene::Curtain.start_cloth());
    assert_eq!(d.scene(), Scene::Curtain);
    assert_eq!(d.frame(t0).map(|f| f.steps), Some(0));
    assert_eq!(d.sim().steps(), 0);
    // The flag is shaded; S turns it off and on, changing nothing else.
    d.apply(Action::Cycle(Id::Scene), t0);
    assert_eq!((d.scene(), d.shade()), (Scene::Flag, true));
    assert!(title(&d.status()).ends_with(", inertia 0.1, shaded"));
    let sim = d.sim().clone();
    d.apply(Action::Toggle(Id::Shade), t0);
    assert!(!d.shade());
    assert!(title(&d.status()).ends_with(", inertia 0.1"));
    assert_eq!(*d.sim(), sim);
    // Round the cycle (drape, hands): shading turned off stays off (the
    // drape is shaded only when asked); the original, flat, with exactly
    // the original title.
    d.apply(Action::Cycle(Id::Scene), t0);
    assert_eq!((d.scene(), d.shade()), (Scene::Drape, false));
    d.apply(Action::Cycle(Id::Scene), t0);
    assert_eq!(d.scene(), Scene::Hands);
    d.apply(Action::Cycle(Id::Scene), t0);
    assert_eq!(d.scene(), Scene::Original);
    assert_eq!(title(&d.status()), "OpenGL Test Program");
    d.apply(Action::Toggle(Id::Shade), t0);
    assert_eq!(title(&d.status()), "OpenGL Test Program - shaded");
    // Started from a scene with a flag over it (as `--scene drape --shade`).
    let q = Demo::with_scene(Clock::default(), Scene::Drape, Scene::Drape.model(), true);
    assert_eq!(
        title(&q.status()),
        "OpenGL Test Program - drape, inertia 0.5, self-collision, shaded"
    );
}

#[test]
fn w_toggles_the_springs_view_which_outlives_restarts_and_scenes() {
    use cloth_demo::sim::Scene;
    let key =
        |c: char| keys::action_for_key(KeyPress::from(input::Key::Character(c)), RunState::Running);
    assert_eq!(key('w'), Some(Action::Toggle(Id::Springs)));
    assert_eq!(key('W'), Some(Action::Toggle(Id::Springs)));
    let t0 = Instant::now();
    let mut d = Demo::new(Clock::Held(5), Model::ORIGINAL);
    assert!(!d.springs());
    d.frame(t0);
    let sim = d.sim().clone();
    d.apply(Action::Toggle(Id::Springs), t0);
    assert!(d.springs());
    assert_eq!(*d.sim(), sim, "a view: the physics is untouched");
    assert_eq!(title(&d.status()), "OpenGL Test Program - springs view");
    d.apply(Action::Restart, t0);
    assert!(d.springs());
    d.apply(Action::Cycle(Id::Scene), t0);
    assert_eq!((d.scene(), d.springs()), (Scene::Curtain, true));
    d.apply(Action::Toggle(Id::Springs), t0);
    assert!(!d.springs());
    // Started with it (as `--springs`).
    let q = Demo::new(Clock::default(), Model::ORIGINAL).with_springs(true);
    assert!(q.springs());
}

#[test]
fn the_instruction_set_outlives_restarts_and_scenes() {
    // The program sets the instruction set once (CLOTH_DEMO_SIMD); R and
    // N make new states, run the same way.
    use cloth_demo::sim::InstructionSet;
    let mut d = Demo::new(Clock::default(), Model::ORIGINAL);
    d.set_instruction_set(InstructionSet::Baseline).unwrap();
    let t0 = Instant::now();
    d.apply(Action::Restart, t0);
    assert_eq!(d.sim().instruction_set(), InstructionSet::Baseline);
    d.apply(Action::Cycle(Id::Scene), t0);
    assert_eq!(d.sim().instruction_set(), InstructionSet::Baseline);
    assert_ne!(d.scene(), cloth_demo::sim::Scene::Original);
}

#[test]
fn t_s_choice_outlives_restarts_and_scenes() {
    use cloth_demo::app::controls::Value;
    use cloth_demo::sim::{Scene, Solver, TearFactor};
    let t0 = Instant::now();
    let mut d = Demo::new(Clock::Held(5), Model::ORIGINAL);
    d.frame(t0);
    d.apply(Action::Toggle(Id::Tear), t0);
    let on = d.sim().model().tear;
    assert!(on.is_some());
    // R: the same model, tearing and its factor with it.
    d.apply(Action::Restart, t0);
    assert_eq!(d.sim().model().tear, on);
    assert!(d.sim().torn().is_empty());
    // N, round every scene: the scene's own model, but tearing stays.
    for scene in [
        Scene::Curtain,
        Scene::Flag,
        Scene::Drape,
        Scene::Hands,
        Scene::Original,
    ] {
        d.apply(Action::Cycle(Id::Scene), t0);
        assert_eq!(d.scene(), scene);
        let mut want = scene.model();
        want.tear = on;
        assert_eq!(d.sim().model(), want, "{scene}");
        assert!(
            d.status().contains(&format!("tearing {}", on.unwrap())),
            "{scene}: {:?}",
            d.status()
        );
    }
    // A factor set by hand stays too, under another solver.
    assert_eq!(Solver::ALL[3], Solver::Xpbd);
    d.apply(Action::Set(Id::TearFactor, Value::Number(6.5)), t0);
    d.apply(Action::Set(Id::Solver, Value::Choice(3)), t0);
    let six = Some(TearFactor::new(6.5).unwrap());
    assert_eq!(d.sim().model().tear, six);
    d.apply(Action::Cycle(Id::Scene), t0);
    d.apply(Action::Restart, t0);
    assert_eq!(
        (d.scene(), d.sim().model().solver, d.sim().model().tear),
        (Scene::Curtain, Solver::Xpbd, six)
    );
    // Off, it stays off.
    d.apply(Action::Toggle(Id::Tear), t0);
    d.apply(Action::Cycle(Id::Scene), t0);
    d.apply(Action::Restart, t0);
    assert_eq!(d.sim().model().tear, None);
}

#[test]
fn the_hands_scene_brings_its_grid_solver_and_tearing_and_a_hint() {
    use cloth_demo::app::controls::Value;
    use cloth_demo::app::demo::HANDS_HINT;
    use cloth_demo::sim::{Grid, Scene, Solver, TearFactor};
    let t0 = Instant::now();
    let mut d = Demo::new(Clock::Held(1), Model::ORIGINAL);
    d.frame(t0);
    for _ in 0..4 {
        d.apply(Action::Cycle(Id::Scene), t0);
    }
    // N into the hands scene: XPBD on 64 x 64, tearing at XPBD's factor,
    // the curtain's start, and the newcomer's hint.
    assert_eq!(d.scene(), Scene::Hands);
    assert_eq!(d.grid(), Grid::HANDS);
    assert_eq!(Grid::HANDS.get(), 64);
    assert_eq!(d.sim().model(), Scene::Hands.model());
    assert_eq!(d.sim().model().solver, Solver::Xpbd);
    assert_eq!(
        d.sim().model().tear,
        Some(TearFactor::for_solver(Solver::Xpbd))
    );
    assert_eq!(d.sim().cloth, Scene::Hands.start_cloth_on(64));
    assert_eq!(d.sim().cloth.n(), 64);
    assert!(
        d.status().contains(&HANDS_HINT.to_string()),
        "{:?}",
        d.status()
    );
    // Once cut (X, a right-drag across it), the hint has done its work.
    d.set_view_size(792, 573);
    d.frame(t0);
    d.apply(Action::Toggle(Id::Knife), t0);
    d.cursor_moved(0.0, 250.0, 1.0);
    d.press(Button::Right, Modifiers::default());
    for k in 1..=40 {
        d.cursor_moved(792.0 * f64::from(k) / 40.0, 250.0, 1.0);
    }
    d.release(Button::Right, Modifiers::default());
    assert!(!d.sim().torn().is_empty());
    assert!(
        !d.status().contains(&HANDS_HINT.to_string()),
        "{:?}",
        d.status()
    );
    d.apply(Action::Toggle(Id::Knife), t0);
    // N out of it, untouched: the original's spring at 32 x 32, no tearing.
    d.apply(Action::Cycle(Id::Scene), t0);
    assert_eq!(d.scene(), Scene::Original);
    assert_eq!(
        (d.grid(), d.sim().model()),
        (Grid::ORIGINAL, Model::ORIGINAL)
    );
    // A solver the user chose stays into and out of it.
    d.apply(Action::Set(Id::Solver, Value::Choice(2)), t0);
    for _ in 0..5 {
        d.apply(Action::Cycle(Id::Scene), t0);
        assert_eq!(d.sim().model().solver, Solver::Relaxation, "{}", d.scene());
    }
    // And a grid the user chose.
    let mut d = Demo::new(Clock::Held(1), Model::ORIGINAL).with_grid(Grid::new(40).unwrap());
    for _ in 0..4 {
        d.apply(Action::Cycle(Id::Scene), t0);
    }
    assert_eq!((d.scene(), d.grid().get()), (Scene::Hands, 40));
}

/// M in a scene gives back the scene's own model (its pins, wind and the
/// rest), every what-if off, and the title still names the scene, which
/// is what runs; in the original scene it is the original model.
#[test]
fn m_restores_the_scene_s_own_model() {
    use cloth_demo::sim::Scene;
    let t0 = Instant::now();
    for scene in [Scene::Curtain, Scene::Flag, Scene::Drape, Scene::Original] {
        let mut d = Demo::with_scene(Clock::Held(0), scene, scene.model(), false);
        let own = d.status();
        d.apply(Action::Toggle(Id::Bend), t0);
        d.apply(Action::Toggle(Id::Hooke), t0);
        assert_ne!(d.sim().model(), scene.model(), "{scene:?}");
        d.apply(Action::Original, t0);
        assert_eq!(d.sim().model(), scene.model(), "{scene:?}");
        assert_eq!(d.status(), own, "{scene:?}");
        assert_eq!(d.scene(), scene);
    }
    let mut d = Demo::with_scene(
        Clock::Held(0),
        Scene::Curtain,
        Scene::Curtain.model(),
        false,
    );
    d.apply(Action::Original, t0);
    assert!(title(&d.status()).contains("curtain"));
    assert!(!d.sim().model().is_original(), "the curtain still hangs");
}
