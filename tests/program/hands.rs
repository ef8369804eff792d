//! Hands on the cloth from the command line: `--tear F` (a model flag,
//! like the others) and the scripted grab (`--grab J,I --grab-to X,Y,Z
//! --grab-steps A-B [--grab-pin]`) through `simulate`, `render` and
//! `record`, against the same run driven in this process by
//! `Simulation::hold` at the targets the help gives; torn runs split
//! through a state file; bad values as one-line usage errors.

use std::path::Path;

use crate::common::{self, cloth_demo, run, stderr, stdout};
use crate::record::{record_gif, render};
use crate::scenes::simulate;
use cloth_demo::render::headless::{ContextRequest, HeadlessContext};
use cloth_demo::render::Camera;
use cloth_demo::sim::{state_file, Model, Scene, Simulation, TearFactor, GRID};

/// A grab as a test drives it: point `[j][i]`, taken to `to` over steps
/// `a` to `b`, then let go or pinned.
#[derive(Clone, Copy)]
struct Hand {
    j: usize,
    i: usize,
    to: [f64; 3],
    a: u64,
    b: u64,
    pin: bool,
}

impl Hand {
    /// The flags that script it.
    fn flags(&self) -> Vec<String> {
        let [x, y, z] = self.to;
        let mut f = vec![
            "--grab".to_string(),
            format!("{},{}", self.j, self.i),
            format!("--grab-to={x},{y},{z}"),
            "--grab-steps".into(),
            format!("{}-{}", self.a, self.b),
        ];
        if self.pin {
            f.push("--grab-pin".into());
        }
        f
    }
}

/// `steps` steps of `scene`'s start under `model`, the hand on it as the
/// help says: through steps A to B the point is held, step s at
/// `P + t (to - P)` with `t = (s - A + 1) / (B - A + 1)` and P where the
/// point was when step A began, step B at `to` exactly; after B let go,
/// or pinned.
fn driven(scene: Scene, model: Model, hand: Hand, steps: u64) -> Simulation {
    let mut sim = Simulation::resume_with(scene.start_cloth(), 0, model);
    let mut from = None;
    for s in 1..=steps {
        if (hand.a..=hand.b).contains(&s) {
            let p = *from.get_or_insert(sim.cloth.point(hand.j, hand.i));
            let at = if s == hand.b {
                hand.to
            } else {
                let t = (s - hand.a + 1) as f64 / (hand.b - hand.a + 1) as f64;
                std::array::from_fn(|k| p[k] + t * (hand.to[k] - p[k]))
            };
            sim.hold(hand.j, hand.i, at).unwrap();
        }
        sim.step();
        if s == hand.b {
            assert_eq!(sim.release(), Some((hand.j, hand.i)));
            if hand.pin {
                sim.pin(hand.j, hand.i).unwrap();
            }
        }
    }
    sim
}

fn tearing(base: Model, f: f64) -> Model {
    let mut m = base;
    m.tear = Some(TearFactor::new(f).unwrap());
    m
}

/// The original's front edge pulled down and forward past the spheres,
/// hard enough to tear at 4 times the rest length.
const PULL: Hand = Hand {
    j: 31,
    i: 16,
    to: [0.0, -2.5, 3.0],
    a: 50,
    b: 150,
    pin: false,
};

/// A point of the curtain pulled out behind it, hard enough to tear at
/// 12 (the picture in docs/models.md): it rips out of the cloth.
const CURTAIN_PULL: Hand = Hand {
    j: 14,
    i: 16,
    to: [1.0, 0.0, -5.0],
    a: 90,
    b: 140,
    pin: true,
};

/// Cases: the flags, the scene, the model, the hand.
fn cases() -> Vec<(Vec<&'static str>, Scene, Model, Hand)> {
    let o = Model::ORIGINAL;
    let curtain = Scene::Curtain;
    vec![
        (vec![], Scene::Original, o, PULL),
        (
            vec![],
            Scene::Original,
            o,
            Hand {
                pin: true,
                to: [0.5, -1.0, 1.75],
                ..PULL
            },
        ),
        (vec!["--tear", "4"], Scene::Original, tearing(o, 4.0), PULL),
        (
            vec!["--scene", "curtain", "--tear", "12"],
            curtain,
            tearing(curtain.model(), 12.0),
            CURTAIN_PULL,
        ),
    ]
}

#[test]
fn a_scripted_grab_is_the_run_a_hand_on_simulation_makes() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("s.csv");
    for (flags, scene, model, hand) in cases() {
        let hand_flags = hand.flags();
        let args = |steps: u64| {
            let mut a: Vec<String> = vec!["--steps".into(), steps.to_string()];
            a.extend(flags.iter().map(|f| f.to_string()));
            a.extend(hand_flags.iter().cloned());
            a
        };
        let what = format!("{flags:?} {hand_flags:?}");
        for steps in [hand.a, hand.b, 230] {
            let a = args(steps);
            let (_, text) = simulate(&a.iter().map(String::as_str).collect::<Vec<_>>(), &csv);
            let want = driven(scene, model, hand, steps);
            assert!(text == want.to_state_file(), "{what}: step {steps}");
            let cloth = state_file::parse_state(text.as_bytes(), GRID)
                .unwrap()
                .cloth;
            let at = cloth.point(hand.j, hand.i);
            if steps == hand.b {
                // Step B puts the point where the grab takes it, exactly.
                assert_eq!(at, hand.to, "{what}: step {steps}");
            }
            if steps > hand.b {
                // Pinned, it stays there; let go, it moves on.
                assert_eq!(at == hand.to, hand.pin, "{what}: step {steps}: {at:?}");
            }
        }
    }
}

#[test]
fn a_grab_tears_and_the_torn_run_splits_through_a_state_file() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name);
    for (flags, _, model, hand) in cases() {
        if model.tear.is_none() {
            continue;
        }
        // The grab over and let go (a pin is no part of a state file).
        let hand = Hand { pin: false, ..hand };
        let with = |steps: &str, grab: bool, from: Option<&Path>, start: &str| {
            let mut a: Vec<String> = vec!["--steps".into(), steps.into()];
            a.extend(flags.iter().map(|f| f.to_string()));
            if grab {
                a.extend(hand.flags());
            }
            if let Some(from) = from {
                a.extend(["--from".into(), from.to_str().unwrap().into()]);
                a.extend(["--start".into(), start.into()]);
            }
            a
        };
        let strs = |a: &[String]| a.iter().map(String::clone).collect::<Vec<_>>();
        let run_to = |a: Vec<String>, csv: &Path| {
            let a = strs(&a);
            simulate(&a.iter().map(String::as_str).collect::<Vec<_>>(), csv).1
        };
        let whole = run_to(with("260", true, None, ""), &p("whole.csv"));
        let state = state_file::parse_state(whole.as_bytes(), GRID).unwrap();
        assert!(
            state.torn.len() >= 5,
            "{flags:?}: {} torn",
            state.torn.len()
        );
        let half = run_to(with("170", true, None, ""), &p("half.csv"));
        assert!(
            half.lines().next().unwrap().ends_with(",torn"),
            "{flags:?}: the torn column"
        );
        let resumed = run_to(
            with("90", false, Some(&p("half.csv")), "170"),
            &p("rest.csv"),
        );
        assert!(
            resumed == whole,
            "{flags:?}: 170 + 90 steps through a torn file"
        );
        // Without the torn column the cloth is whole again: another run.
        let mut parsed = state_file::parse_state(half.as_bytes(), GRID).unwrap();
        parsed.torn = cloth_demo::sim::Torn::new(GRID);
        let mended =
            state_file::state_to_string(&parsed.cloth, parsed.previous.as_ref(), &parsed.torn);
        std::fs::write(p("mended.csv"), mended).unwrap();
        let again = run_to(
            with("90", false, Some(&p("mended.csv")), "170"),
            &p("rest2.csv"),
        );
        assert!(again != whole, "{flags:?}: mended is another run");
    }
}

#[test]
fn render_and_record_draw_the_grabbed_and_torn_cloth() {
    let dir = tempfile::tempdir().unwrap();
    let mut ctx = HeadlessContext::new(ContextRequest::default())
        .expect("a headless GL context (EGL or llvmpipe)");
    let (w, h) = (264u32, 191u32);
    let size = format!("{w}x{h}");
    for (flags, scene, model, hand) in cases().into_iter().skip(2) {
        let mut args: Vec<String> = vec!["--size".into(), size.clone()];
        args.extend(flags.iter().map(|f| f.to_string()));
        args.extend(hand.flags());
        let strs: Vec<&str> = args.iter().map(String::as_str).collect();
        let sim = driven(scene, model, hand, 200);
        assert!(!sim.torn().is_empty(), "{flags:?}: torn by step 200");
        ctx.set_shade(scene.shade());
        let want: Vec<[u8; 3]> = ctx
            .render(&sim, &Camera::default(), w, h)
            .unwrap()
            .rgba
            .chunks_exact(4)
            .map(|p| [p[0], p[1], p[2]])
            .collect();
        let (_, _, got) = render(&[&["--steps", "200"][..], &strs].concat(), dir.path());
        assert!(
            got == want,
            "render {flags:?}: the picture of the hand's run"
        );
        // Frames at steps 100 and 200: the grab runs across frames.
        let gif_dir = tempfile::tempdir().unwrap();
        let (gif, _) = record_gif(
            gif_dir.path(),
            &[&["--steps", "200", "--every", "100"][..], &strs].concat(),
        );
        assert_eq!(gif.frames.len(), 2);
        assert!(gif.frames[1] == want, "record {flags:?}: its last frame");
    }
}

#[test]
fn tear_flags_build_the_model() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("s.csv");
    for (flags, scene, model) in [
        (
            &["--tear", "4"][..],
            Scene::Original,
            tearing(Model::ORIGINAL, 4.0),
        ),
        (
            &["--tear=1.5"],
            Scene::Original,
            tearing(Model::ORIGINAL, 1.5),
        ),
        (
            &["--scene", "drape", "--tear", "100"],
            Scene::Drape,
            tearing(Scene::Drape.model(), 100.0),
        ),
    ] {
        let (summary, text) = simulate(&[&["--steps", "200"][..], flags].concat(), &csv);
        let mut want = Simulation::resume_with(scene.start_cloth(), 0, model);
        want.run(200);
        assert!(text == want.to_state_file(), "{flags:?}");
        assert!(
            summary.contains(&format!("({model})")),
            "{flags:?}: {summary}"
        );
        assert!(summary.contains("tearing "), "{summary}");
    }
    // 1.5 tears the falling sheet by itself as it lands on the spheres.
    let (_, text) = simulate(&["--steps", "200", "--tear", "1.5"], &csv);
    assert!(text.starts_with("j,i,x,y,z,torn\n"), "{}", &text[..30]);
}

#[test]
fn bad_hands_are_one_line_usage_errors() {
    let grab = [
        "--grab",
        "31,16",
        "--grab-to",
        "0,-2,1",
        "--grab-steps",
        "10-20",
    ];
    let from = common::data_path("cloth_step_00015.csv");
    let from = from.to_str().unwrap();
    let sim = ["simulate", "--steps", "30"];
    let with = |extra: &[&'static str]| [&sim[..], extra].concat();
    for (args, needle) in [
        (
            with(&["--tear", "0.5"]),
            "--tear must be a number more than 1 and at most 100 (times a spring's rest length), \
             not `0.5`",
        ),
        (
            with(&["--tear", "nan"]),
            "--tear must be a number more than 1 and at most 100",
        ),
        (with(&["--tear", "1"]), "not `1`"),
        (with(&["--tear", "101"]), "not `101`"),
        (with(&["--tear", "-4"]), "not `-4`"),
        (
            with(&[
                "--grab",
                "32,0",
                "--grab-to",
                "0,0,0",
                "--grab-steps",
                "1-2",
            ]),
            "--grab 32,0 is off the 32 x 32 grid: row and column each from 0 to 31",
        ),
        (
            with(&[
                "--grab",
                "-1,0",
                "--grab-to",
                "0,0,0",
                "--grab-steps",
                "1-2",
            ]),
            "--grab",
        ),
        (
            with(&[
                "--grab",
                "1,0",
                "--grab-to",
                "0,inf,0",
                "--grab-steps",
                "1-2",
            ]),
            "--grab-to must be X,Y,Z, three finite numbers of world units (e.g. 0,-2.5,1), \
             not `0,inf,0`",
        ),
        (
            with(&[
                "--grab",
                "1,0",
                "--grab-to",
                "nan,0,0",
                "--grab-steps",
                "1-2",
            ]),
            "not `nan,0,0`",
        ),
        (
            with(&[
                "--grab",
                "1,0",
                "--grab-to",
                "0,0,0",
                "--grab-steps",
                "20-10",
            ]),
            "--grab-steps must be A-B, the first and last steps, whole numbers with \
             1 <= A <= B (e.g. 100-200), not `20-10`",
        ),
        (
            with(&[
                "--grab",
                "1,0",
                "--grab-to",
                "0,0,0",
                "--grab-steps",
                "0-10",
            ]),
            "not `0-10`",
        ),
        (
            with(&["--grab", "1,0", "--grab-steps", "1-10"]),
            "--grab-to <X,Y,Z>",
        ),
        (
            with(&["--grab", "1,0", "--grab-to", "0,0,0"]),
            "--grab-steps <A-B>",
        ),
        (with(&["--grab-to", "0,0,0"]), "--grab <J,I>"),
        (with(&["--grab-pin"]), "--grab <J,I>"),
        (
            [&sim[..], &grab, &["--from", from, "--start", "15"]].concat(),
            "--grab-steps 10-20 begins at or before --start 15: the run's first step is 16",
        ),
        (
            [
                &["render", "--steps", "1", "--out", "x.png"][..],
                &grab[..4],
                &["--grab-steps", "5-1"],
            ]
            .concat(),
            "not `5-1`",
        ),
        (
            [
                &["record", "--steps", "2", "--every", "1", "--out", "x.gif"][..],
                &grab[2..],
            ]
            .concat(),
            "--grab <J,I>",
        ),
        // The window takes no grab.
        (grab.to_vec(), "--grab"),
    ] {
        common::assert_one_line_error(&run(cloth_demo().args(&args)), 2, &[needle]);
        assert!(!Path::new("x.png").exists() && !Path::new("x.gif").exists());
    }
    // A grab that begins after --start is fine.
    let out = run(cloth_demo()
        .args(sim)
        .args([
            "--grab",
            "31,16",
            "--grab-to",
            "0,-2,1",
            "--grab-steps",
            "16-20",
        ])
        .args(["--from", from, "--start", "15"]));
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn help_names_the_hands_flags() {
    let grab = [
        "--grab <J,I>",
        "--grab-to <X,Y,Z>",
        "--grab-steps <A-B>",
        "--grab-pin",
    ];
    for sub in ["render", "record", "simulate"] {
        let help = stdout(&run(cloth_demo().args([sub, "--help"])));
        for flag in grab.iter().chain(&["--tear <F>"]) {
            assert!(help.contains(flag), "{sub} --help: {flag}");
        }
        assert!(
            help.contains("P + t (X,Y,Z - P), t = (s - A + 1) / (B - A + 1)"),
            "{sub}"
        );
    }
    let window = stdout(&run(cloth_demo().arg("--help")));
    assert!(window.contains("--tear <F>"));
    assert!(!window.contains("--grab"), "the window takes no grab");
}
