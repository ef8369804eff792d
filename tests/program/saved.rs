//! States the window and the page save (`Demo::saved_state`: a note of
//! the step and the model, then the state file) resumed by `--from`
//! alone: the same run to the bit as the one they were saved from;
//! `--start` and the model flags over the note; bad notes as one line.

use std::path::Path;

use crate::common::{self, cloth_demo, run, stderr};
use cloth_demo::app::demo::{Clock, Demo};
use cloth_demo::sim::{state_file, Passes, Scene, Simulation};
use web_time::Instant;

/// `simulate ARGS --csv DIR/NAME`, which must succeed: the file's text
/// ([`crate::scenes::simulate`]).
fn simulate(args: &[&str], dir: &Path, name: &str) -> String {
    crate::scenes::simulate(args, &dir.join(name)).1
}

/// The state the window saves after `steps` steps of `scene` under its
/// own model with `flags` changed in `model`.
fn saved_by_the_demo(scene: Scene, model: cloth_demo::sim::Model, steps: u32) -> String {
    let mut demo = Demo::with_scene(Clock::Held(steps), scene, model, false);
    demo.frame(Instant::now()).expect("running");
    assert_eq!(demo.sim().steps(), u64::from(steps));
    demo.saved_state()
}

#[test]
fn a_saved_state_resumes_with_from_alone() {
    let dir = tempfile::tempdir().unwrap();
    let mut curtain = Scene::Curtain.model();
    curtain.springs.bend = true;
    let mut original = Scene::Original.model();
    original.passes = Passes::new(7).unwrap();
    for (scene, model, flags) in [
        (
            Scene::Curtain,
            curtain,
            &["--scene", "curtain", "--bend"][..],
        ),
        (Scene::Original, original, &["--passes", "7"]),
        (Scene::Original, Scene::Original.model(), &[]),
    ] {
        let text = saved_by_the_demo(scene, model, 130);
        let note = text.lines().next().unwrap();
        assert!(note.starts_with("# cloth-demo step=130 model="), "{note}");
        let file = dir.path().join("saved.csv");
        std::fs::write(&file, &text).unwrap();
        let from = file.to_str().unwrap();
        // Past the note, the state file as simulate writes it.
        let at_130 = simulate(&[&["--steps", "130"], flags].concat(), dir.path(), "a.csv");
        assert_eq!(&text[note.len() + 1..], at_130, "{flags:?}");
        // 70 more steps from the file alone: the whole run, to the byte.
        let resumed = simulate(&["--from", from, "--steps", "70"], dir.path(), "r.csv");
        let whole = simulate(&[&["--steps", "200"], flags].concat(), dir.path(), "w.csv");
        assert_eq!(resumed, whole, "{flags:?}");
        // render and record take it alone too.
        let png = dir.path().join("r.png");
        let out = run(cloth_demo()
            .args([
                "render", "--steps", "1", "--size", "64x48", "--from", from, "--out",
            ])
            .arg(&png));
        assert!(out.status.success(), "render: {}", stderr(&out));
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("step 131 (1 step from step 130)"),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

#[test]
fn start_and_model_flags_override_the_note() {
    let dir = tempfile::tempdir().unwrap();
    let mut model = Scene::Curtain.model();
    model.springs.bend = true;
    let text = saved_by_the_demo(Scene::Curtain, model, 130);
    let file = dir.path().join("saved.csv");
    std::fs::write(&file, &text).unwrap();
    let from = file.to_str().unwrap();
    let state = state_file::parse_state(text.as_bytes(), 32).unwrap();
    let resumed = |start: u64, model| {
        let mut sim = Simulation::resume_state(state.clone(), start, model);
        sim.run(40);
        sim.to_state_file()
    };
    // --start: the spheres from step 10, under the note's model.
    let got = simulate(
        &["--from", from, "--start", "10", "--steps", "40"],
        dir.path(),
        "s.csv",
    );
    assert_eq!(got, resumed(10, model));
    assert_ne!(got, resumed(130, model));
    // A model flag changes what it names; the note's other choices stay.
    let got = simulate(
        &["--from", from, "--passes", "3", "--steps", "40"],
        dir.path(),
        "p.csv",
    );
    let mut three = model;
    three.passes = Passes::new(3).unwrap();
    assert_eq!(got, resumed(130, three));
    assert_ne!(got, resumed(130, model));
}

#[test]
fn a_file_without_a_note_loads_as_before() {
    let dir = tempfile::tempdir().unwrap();
    let golden = common::data_path("cloth_step_01000.csv");
    let golden = golden.to_str().unwrap();
    let got = simulate(
        &["--from", golden, "--start", "1000", "--steps", "2000"],
        dir.path(),
        "g.csv",
    );
    let want = std::fs::read_to_string(common::data_path("cloth_step_03000.csv")).unwrap();
    assert_eq!(got, want);
    // Without --start its step is unknown: bad usage.
    let out = run(cloth_demo().args(["simulate", "--steps", "1", "--from", golden]));
    common::assert_one_line_error(&out, 2, &["--from needs --start K"]);
}

#[test]
fn a_bad_note_is_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let good = saved_by_the_demo(Scene::Original, Scene::Original.model(), 5);
    let body = &good[good.find('\n').unwrap() + 1..];
    let file = dir.path().join("bad.csv");
    let name = file.to_str().unwrap();
    for (note, want) in [
        (
            "# cloth-demo step=abc model=",
            "line 1: step = `abc` is not a whole number of steps",
        ),
        (
            "# cloth-demo step=5 model=passes=0",
            "line 1: model: passes must be a whole number from 1 to 100, got 0",
        ),
        (
            "# cloth-demo step=5",
            "line 1: a saved state's note is `# cloth-demo step=N model=FLAGS`: the model is missing",
        ),
        (
            "# my cloth",
            "line 1: a saved state's note is `# cloth-demo step=N model=FLAGS`, not `# my cloth`",
        ),
    ] {
        std::fs::write(&file, format!("{note}\n{body}")).unwrap();
        for start in [&[][..], &["--start", "5"]] {
            let out = run(cloth_demo()
                .args(["simulate", "--steps", "1", "--from", name])
                .args(start));
            let err = common::assert_one_line_error(&out, 1, &[name]);
            assert_eq!(
                err.trim_end(),
                format!("cloth-demo: error: {name}: {want}"),
                "{note}"
            );
        }
    }
    // Past a good note, the rows' lines are the file's own.
    let broken = good.replacen("0,1,", "0,x,", 1);
    std::fs::write(&file, broken).unwrap();
    let out = run(cloth_demo().args(["simulate", "--steps", "1", "--from", name]));
    common::assert_one_line_error(&out, 1, &[&format!("{name}: line 4: i = `x`")]);
}
