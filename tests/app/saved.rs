//! Save state and Load state on the running demo (`Demo::saved_state`,
//! `Demo::load`): a state loaded back into another demo is the run it
//! was saved from, at its step under its scene and model; a file without
//! a note goes on under the model running from step 0; a bad file leaves
//! the demo as it was.

use std::time::Instant;

use crate::common;

use cloth_demo::app::controls::RunState;
use cloth_demo::app::demo::{Clock, Demo};
use cloth_demo::app::pacing::Mode;
use cloth_demo::sim::{Model, Scene};

/// A demo held after `steps` steps of `scene` under `model`.
fn held(scene: Scene, model: Model, steps: u32) -> Demo {
    let mut demo = Demo::with_scene(Clock::Held(steps), scene, model, false);
    demo.frame(Instant::now()).expect("running");
    demo
}

#[test]
fn a_loaded_state_is_the_run_it_was_saved_from() {
    let mut model = Scene::Curtain.model();
    model.springs.bend = true;
    let saved = held(Scene::Curtain, model, 90);
    let text = saved.saved_state();
    let mut loaded = Demo::new(Clock::Paced(Mode::Fixed), Model::ORIGINAL).with_compare(true);
    assert_eq!(
        loaded.load(text.as_bytes(), Instant::now()),
        Ok("step 90".into())
    );
    assert_eq!(
        (loaded.sim().steps(), loaded.scene(), loaded.sim().model()),
        (90, Scene::Curtain, model)
    );
    assert!(!loaded.compare(), "compare mode ends");
    assert_eq!(loaded.sim().to_state_file(), saved.sim().to_state_file());
    // 25 steps on, to the bit.
    let mut a = saved.sim().clone();
    let mut b = loaded.sim().clone();
    a.run(25);
    b.run(25);
    assert_eq!(a.to_state_file(), b.to_state_file());
    assert!(a.steps() == 115 && b.steps() == 115);
    // Saving what was loaded gives the same file.
    assert_eq!(loaded.saved_state(), saved.saved_state());
}

#[test]
fn a_file_without_a_note_goes_on_under_the_model_running() {
    let golden = std::fs::read(common::data_path("cloth_step_01000.csv")).unwrap();
    let mut model = Model::ORIGINAL;
    model.springs.bend = true;
    let mut demo = held(Scene::Original, model, 5);
    assert_eq!(
        demo.load(&golden, Instant::now()),
        Ok("step 0 (the file names no step)".into())
    );
    assert_eq!((demo.sim().steps(), demo.sim().model()), (0, model));
    assert_eq!(demo.sim().cloth, common::golden_cloth(1000));
    assert_eq!(demo.state(), RunState::Running);
}

#[test]
fn a_bad_file_leaves_the_demo_as_it_was() {
    let mut demo = held(Scene::Flag, Scene::Flag.model(), 12);
    let before = demo.saved_state();
    for (bytes, want) in [
        (&b"hello\n"[..], "line 1: expected the header"),
        (
            b"# cloth-demo step=x model=\nj,i,x,y,z\n",
            "line 1: step = `x` is not a whole number",
        ),
        (
            b"# cloth-demo step=3 model=\nj,i,x,y,z\n0,0,1,2\n",
            "line 3: expected 5 fields",
        ),
    ] {
        let e = demo.load(bytes, Instant::now()).unwrap_err();
        assert!(e.starts_with(want), "{e}");
        assert!(!e.contains('\n'), "{e}");
        assert_eq!(demo.saved_state(), before);
    }
}
