//! The other programs' flags and the scenes on the command line: each flag
//! and preset through `simulate` and `render` (headless) against the same
//! scene and model run in this process; explicit flags overriding a
//! scene's choices; inertia's state files (with previous positions)
//! splitting a run in two exactly; bad values as one-line usage errors.

use std::path::Path;

use crate::common::{self, cloth_demo, run, stderr, stdout};
use cloth_demo::render::headless::{ContextRequest, HeadlessContext};
use cloth_demo::render::Camera;
use cloth_demo::sim::{
    state_file, Damping, Model, Passes, Pins, Scene, Simulation, Thickness, Wind, GRID,
};

/// A case: the flags, the scene whose start the run begins from, the model
/// they should build, and whether the picture is shaded.
struct Case {
    flags: Vec<&'static str>,
    scene: Scene,
    model: Model,
    shade: bool,
}

fn wind(x: f64, y: f64, z: f64) -> Wind {
    Wind::new([x, y, z]).unwrap()
}

fn damping(d: f64) -> Damping {
    Damping::new(d).unwrap()
}

/// Each flag alone, each preset, presets with flags overriding them, and
/// combinations with the what-ifs.
fn cases() -> Vec<Case> {
    let o = Model::ORIGINAL;
    let with = |base: Model, f: &dyn Fn(&mut Model)| {
        let mut m = base;
        f(&mut m);
        m
    };
    let case = |flags: Vec<&'static str>, scene, model, shade| Case {
        flags,
        scene,
        model,
        shade,
    };
    let (orig, curtain, flag, drape) = (Scene::Original, Scene::Curtain, Scene::Flag, Scene::Drape);
    vec![
        case(
            vec!["--pin", "top"],
            orig,
            with(o, &|m| m.pins = Pins::Top),
            false,
        ),
        case(
            vec!["--pin", "corners"],
            orig,
            with(o, &|m| m.pins = Pins::Corners),
            false,
        ),
        case(vec!["--pin", "none"], orig, o, false),
        case(
            vec!["--wind", "0.0005,0,-0.0002"],
            orig,
            with(o, &|m| m.wind = wind(0.0005, 0.0, -0.0002)),
            false,
        ),
        case(
            vec!["--wind=-0.001,0.0001,0", "--gusts"],
            orig,
            with(o, &|m| {
                m.wind = wind(-0.001, 0.0001, 0.0);
                m.gusts = true
            }),
            false,
        ),
        case(
            vec!["--inertia", "0.05"],
            orig,
            with(o, &|m| m.inertia = Some(damping(0.05))),
            false,
        ),
        case(
            vec!["--self-collision"],
            orig,
            with(o, &|m| m.self_collision = Some(Thickness::default())),
            false,
        ),
        case(
            vec!["--thickness", "0.03"],
            orig,
            with(o, &|m| {
                m.self_collision = Some(Thickness::new(0.03).unwrap())
            }),
            false,
        ),
        case(vec!["--shade"], orig, o, true),
        case(vec!["--scene", "original"], orig, o, false),
        case(vec!["--scene", "curtain"], curtain, curtain.model(), false),
        case(vec!["--scene", "flag"], flag, flag.model(), true),
        case(vec!["--scene", "drape"], drape, drape.model(), false),
        // Explicit flags override the scene's choice, and only that.
        case(
            vec!["--scene", "curtain", "--pin", "corners"],
            curtain,
            with(curtain.model(), &|m| m.pins = Pins::Corners),
            false,
        ),
        case(
            vec![
                "--scene",
                "curtain",
                "--wind",
                "0,0,0",
                "--no-gusts",
                "--shade",
            ],
            curtain,
            with(curtain.model(), &|m| {
                m.wind = Wind::CALM;
                m.gusts = false
            }),
            true,
        ),
        case(
            vec!["--scene=flag", "--inertia", "0.3", "--flat"],
            flag,
            with(flag.model(), &|m| m.inertia = Some(damping(0.3))),
            false,
        ),
        case(
            vec!["--scene", "drape", "--thickness", "0.08"],
            drape,
            with(drape.model(), &|m| {
                m.self_collision = Some(Thickness::new(0.08).unwrap())
            }),
            false,
        ),
        case(
            vec!["--scene", "drape", "--no-inertia", "--no-self-collision"],
            drape,
            o,
            false,
        ),
        // With the what-ifs.
        case(
            vec!["--scene", "curtain", "--passes", "5", "--bend"],
            curtain,
            with(curtain.model(), &|m| {
                m.passes = Passes::new(5).unwrap();
                m.springs.bend = true
            }),
            false,
        ),
        case(
            vec![
                "--pin",
                "top",
                "--inertia",
                "0.2",
                "--self-collision",
                "--in-place",
            ],
            orig,
            with(o, &|m| {
                m.pins = Pins::Top;
                m.inertia = Some(damping(0.2));
                m.self_collision = Some(Thickness::default());
                m.buffering = cloth_demo::sim::Buffering::InPlace
            }),
            false,
        ),
    ]
}

/// `simulate` with `args`, and its state file's text.
pub(crate) fn simulate(args: &[&str], csv: &Path) -> (String, String) {
    let out = run(cloth_demo()
        .arg("simulate")
        .args(args)
        .arg("--csv")
        .arg(csv));
    assert!(out.status.success(), "simulate {args:?}: {}", stderr(&out));
    (stdout(&out), std::fs::read_to_string(csv).unwrap())
}

/// The case's run in this process: its scene's start under its model.
fn in_process(case: &Case, steps: u64) -> Simulation {
    let mut sim = Simulation::resume_with(case.scene.start_cloth(), 0, case.model);
    sim.run(steps);
    sim
}

#[test]
fn each_flag_and_scene_runs_its_model_from_its_start() {
    let dir = tempfile::tempdir().unwrap();
    for case in cases() {
        let mut args = vec!["--steps", "150"];
        args.extend(&case.flags);
        let (summary, text) = simulate(&args, &dir.path().join("s.csv"));
        let want = in_process(&case, 150);
        // The whole state file, byte for byte: the cloth, and under
        // inertia the previous positions.
        assert!(
            text == want.to_state_file(),
            "{:?}: not the state of {} from the {} start",
            case.flags,
            case.model,
            case.scene
        );
        assert_eq!(
            text.starts_with("j,i,x,y,z,px,py,pz\n"),
            case.model.inertia.is_some(),
            "{:?}: previous positions exactly under inertia",
            case.flags
        );
        if !case.model.is_original() {
            assert!(
                summary.starts_with(&format!("150 steps ({}) in ", case.model)),
                "{:?}: {summary}",
                case.flags
            );
        }
    }
}

#[test]
fn the_scenes_start_where_they_should() {
    // Zero steps: the state file is the scene's start.
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("s.csv");
    let (_, text) = simulate(&["--steps", "0", "--scene", "curtain"], &csv);
    let state = state_file::parse_state(text.as_bytes(), GRID).unwrap();
    // Hung straight down from its rod at y = 2, in the plane z = -1.6.
    assert_eq!(state.cloth.point(0, 0), [-1.6, 2.0, -1.6]);
    assert!((state.cloth.point(31, 31)[1] - (2.0 - 3.1)).abs() < 1e-12);
    assert!(state.cloth.z.iter().all(|&z| z == -1.6));
    // At rest: the previous positions are the positions.
    assert_eq!(state.previous.as_ref(), Some(&state.cloth));
    let (_, text) = simulate(&["--steps", "0", "--scene", "flag"], &csv);
    let cloth = state_file::parse_state(text.as_bytes(), GRID)
        .unwrap()
        .cloth;
    assert!(cloth.y.iter().all(|&y| y == 2.0), "held out level at y = 2");
    // Pinned points stay put, bit for bit, through a run of the flag.
    let (_, text) = simulate(&["--steps", "500", "--scene", "flag"], &csv);
    let after = state_file::parse_state(text.as_bytes(), GRID)
        .unwrap()
        .cloth;
    for i in 0..GRID {
        assert_eq!(after.point(0, i), cloth.point(0, i), "pole point {i}");
    }
    assert!(
        after.point(31, 16) != cloth.point(31, 16),
        "the free end moved"
    );
}

#[test]
fn inertia_state_files_split_a_run_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name);
    for flags in [
        &["--inertia", "0.05"][..],
        &["--scene", "curtain"],
        &["--scene", "flag"],
        &["--scene", "drape"],
        &["--scene", "curtain", "--self-collision", "--passes", "7"],
    ] {
        let whole: Vec<&str> = ["--steps", "240"].iter().chain(flags).copied().collect();
        let (_, all) = simulate(&whole, &p("all.csv"));
        let first: Vec<&str> = ["--steps", "130"].iter().chain(flags).copied().collect();
        simulate(&first, &p("half.csv"));
        let half = p("half.csv");
        let second: Vec<&str> = ["--from", half.to_str().unwrap(), "--start", "130"]
            .iter()
            .chain(&["--steps", "110"])
            .chain(flags)
            .copied()
            .collect();
        let (_, resumed) = simulate(&second, &p("rest.csv"));
        assert!(resumed == all, "{flags:?}: 130 + 110 steps through a file");
        // Without its previous positions (the plain columns only) the
        // cloth resumes at rest: another run.
        let state = state_file::parse_state(&std::fs::read(&half).unwrap(), GRID).unwrap();
        assert!(state.previous.is_some());
        std::fs::write(p("plain.csv"), state_file::to_string(&state.cloth)).unwrap();
        let plain = p("plain.csv");
        let third: Vec<&str> = ["--from", plain.to_str().unwrap(), "--start", "130"]
            .iter()
            .chain(&["--steps", "110"])
            .chain(flags)
            .copied()
            .collect();
        let (_, at_rest) = simulate(&third, &p("rest2.csv"));
        assert!(at_rest != all, "{flags:?}: at rest is another run");
    }
    // An inertia file read without inertia: the previous positions are
    // dropped and the plain format written.
    let half = p("half.csv");
    let (_, text) = simulate(
        &[
            "--from",
            half.to_str().unwrap(),
            "--start",
            "130",
            "--steps",
            "0",
        ],
        &p("o.csv"),
    );
    assert!(text.starts_with("j,i,x,y,z\n"), "{}", &text[..40]);
}

#[test]
fn render_draws_the_scene_and_model_the_flags_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut ctx = HeadlessContext::new(ContextRequest::default())
        .expect("a headless GL context (EGL or llvmpipe)");
    let camera = Camera::new(30.0, -60.0);
    let png = dir.path().join("r.png");
    let mut flat_original = None;
    for case in cases() {
        let out = run(cloth_demo()
            .args([
                "render",
                "--steps",
                "200",
                "--orbit=30,-60",
                "--size",
                "264x191",
            ])
            .args(&case.flags)
            .arg("--out")
            .arg(&png));
        assert!(
            out.status.success(),
            "render {:?}: {}",
            case.flags,
            stderr(&out)
        );
        let got = common::decode_png(&png).rgba;
        ctx.set_shade(case.shade);
        let want = ctx
            .render(&in_process(&case, 200), &camera, 264, 191)
            .unwrap();
        assert!(
            got == want.rgba,
            "render {:?} is not the picture of {} from the {} start{}",
            case.flags,
            case.model,
            case.scene,
            if case.shade { ", shaded" } else { "" }
        );
        if case.flags == ["--pin", "none"] {
            flat_original = Some(got);
        } else if case.flags == ["--shade"] {
            // Shading changes the picture of the same state.
            assert!(Some(&got) != flat_original.as_ref());
        }
    }
}

#[test]
fn record_shades_every_frame_from_its_palette() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("f.gif");
    let out = run(cloth_demo()
        .args([
            "record", "--scene", "flag", "--steps", "60", "--every", "20",
        ])
        .args(["--size", "198x143", "--out"])
        .arg(&gif));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("3 frames of 198x143 (pinned top,"));
    // The last frame, composited, is the picture of step 60, shaded: its
    // palette holds every shaded colour exactly.
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options
        .read_info(std::fs::File::open(&gif).unwrap())
        .unwrap();
    let mut canvas = vec![0u8; 198 * 143 * 4];
    let mut frames = 0;
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        frames += 1;
        let (l, t, w) = (
            frame.left as usize,
            frame.top as usize,
            frame.width as usize,
        );
        for (k, px) in frame.buffer.chunks_exact(4).enumerate() {
            if px[3] == 0 {
                continue;
            }
            let (x, y) = (l + k % w, t + k / w);
            canvas[(y * 198 + x) * 4..][..4].copy_from_slice(px);
        }
    }
    assert_eq!(frames, 3);
    let mut ctx = HeadlessContext::new(ContextRequest::default()).unwrap();
    ctx.set_shade(true);
    let mut sim = Scene::Flag.simulation();
    sim.run(60);
    let want = ctx.render(&sim, &Camera::default(), 198, 143).unwrap();
    assert!(
        canvas == want.rgba,
        "the GIF's last frame is the shaded picture"
    );
}

#[test]
fn bad_values_are_one_line_usage_errors() {
    for (args, needle) in [
        (
            &["simulate", "--steps", "1", "--scene", "sail"][..],
            "--scene must be original, curtain, flag, drape or hands, not `sail`",
        ),
        (
            &["simulate", "--steps", "1", "--pin", "left"],
            "--pin must be top, corners or none, not `left`",
        ),
        (
            &["render", "--steps", "1", "--out", "x.png", "--wind", "1,2"],
            "--wind must be X,Y,Z, three numbers each from -0.1 to 0.1",
        ),
        (
            &["simulate", "--steps", "1", "--wind", "0,0,0.5"],
            "not `0,0,0.5`",
        ),
        (
            &["simulate", "--steps", "1", "--wind", "0,nan,0"],
            "not `0,nan,0`",
        ),
        (
            &["simulate", "--steps", "1", "--inertia", "-0.1"],
            "--inertia must be a damping from 0 to 1, not `-0.1`",
        ),
        (&["--inertia", "lots"], "not `lots`"),
        (
            &[
                "record",
                "--steps",
                "2",
                "--every",
                "1",
                "--out",
                "x.gif",
                "--thickness",
                "0",
            ],
            "--thickness must be a number from 0.001 to 0.2 (world units), not `0`",
        ),
        (
            &["simulate", "--steps", "1", "--gusts", "--no-gusts"],
            "'--gusts' cannot be used with '--no-gusts'",
        ),
        (
            &[
                "simulate",
                "--steps",
                "1",
                "--inertia",
                "0.1",
                "--no-inertia",
            ],
            "cannot be used with",
        ),
        (
            &[
                "simulate",
                "--steps",
                "1",
                "--thickness",
                "0.1",
                "--no-self-collision",
            ],
            "cannot be used with",
        ),
        (
            &["--shade", "--flat"],
            "'--shade' cannot be used with '--flat'",
        ),
        (&["simulate", "--steps", "1", "--scene"], "--scene"),
    ] {
        common::assert_one_line_error(&run(cloth_demo().args(args)), 2, &[needle]);
        assert!(!Path::new("x.png").exists() && !Path::new("x.gif").exists());
    }
}

#[test]
fn help_says_what_each_scene_sets() {
    for sub in [&[][..], &["render"], &["record"], &["simulate"]] {
        let help = stdout(&run(cloth_demo().args(sub).arg("--help")));
        for flag in [
            "--scene <NAME>",
            "--pin <top|corners|none>",
            "--wind <X,Y,Z>",
            "--gusts",
            "--inertia <D>",
            "--self-collision",
            "--thickness <T>",
            "--shade",
        ] {
            assert!(help.contains(flag), "{sub:?} --help: {flag}");
        }
        for scene in Scene::ALL {
            let line = format!("{scene}: {}", scene.summary());
            assert!(help.contains(&line), "{sub:?} --help: {line}");
        }
    }
    assert!(Scene::Curtain
        .summary()
        .starts_with("pinned top, wind 0,0,-0.0001, gusts, inertia 0.01; hung straight down"));
}
