//! Torn cloth: the triangles that lost a spring are not drawn, so a tear
//! is a hole through which what lies behind the cloth shows (the spheres,
//! the floor, the black background), from the library's headless context
//! and from `cloth-demo render --from` a state file with torn springs.

use std::path::PathBuf;

use crate::common::{self, classify_rgb, cloth_demo, run, stderr, Colour};

use cloth_demo::render::headless::{ContextRequest, HeadlessContext, Image};
use cloth_demo::render::Camera;
use cloth_demo::sim::{Model, Simulation, GRID};

const W: u32 = 792;
const H: u32 = 573;

/// The row of quads the band of torn springs runs through.
const BAND: usize = 15;

/// The flat sheet at its start with every spring from row [`BAND`] to
/// row `BAND + 1` torn (the one straight down and the two diagonals): the
/// whole row of quads `BAND` is a hole, every other quad whole.
fn torn_sheet() -> Simulation {
    let mut state = Simulation::new().state();
    for i in 0..GRID {
        for di in [-1, 0, 1] {
            state.torn.tear(BAND, i, 1, di);
        }
    }
    assert_eq!(state.torn.len(), 3 * GRID - 2);
    let sim = Simulation::resume_state(state, 0, Model::ORIGINAL);
    for j in 0..GRID - 1 {
        for i in 0..GRID - 1 {
            for second in [false, true] {
                assert_eq!(sim.torn().triangle_torn(j, i, second), j == BAND);
            }
        }
    }
    sim
}

/// The scene colour at the projected centre of quad `(j, i)` of `sim`.
fn at_quad(image: &Image, sim: &Simulation, j: usize, i: usize) -> Colour {
    let c = &sim.cloth;
    let corners = [
        c.point(j, i),
        c.point(j, i + 1),
        c.point(j + 1, i),
        c.point(j + 1, i + 1),
    ];
    let centre: [f64; 3] = std::array::from_fn(|k| corners.iter().map(|p| p[k]).sum::<f64>() / 4.0);
    let [x, y] = Camera::default()
        .project(centre, image.width, image.height)
        .expect("the sheet is in view");
    let p = image.pixel(x as u32, y as u32).expect("inside the picture");
    assert_eq!(p[3], 255);
    classify_rgb([p[0], p[1], p[2]]).unwrap_or_else(|| panic!("{p:?} is no scene colour"))
}

/// The quad's own colour, yellow or blue by the original's checkerboard.
fn own(j: usize, i: usize) -> Colour {
    if (i ^ j) & 1 == 0 {
        Colour::Yellow
    } else {
        Colour::Blue
    }
}

/// Where the band is torn the picture shows what lies behind the cloth;
/// the rows beside it, and the whole sheet's picture there, show the
/// cloth in its own colours.
fn assert_hole(torn: &Image, whole: &Image, sim: &Simulation) {
    let mut behind = Vec::new();
    for i in 0..GRID - 1 {
        assert_eq!(
            at_quad(whole, sim, BAND, i),
            own(BAND, i),
            "whole, quad ({BAND}, {i})"
        );
        let seen = at_quad(torn, sim, BAND, i);
        assert!(
            !matches!(seen, Colour::Yellow | Colour::Blue),
            "torn, quad ({BAND}, {i}) shows {seen:?}"
        );
        behind.push(seen);
        for j in [BAND - 1, BAND + 1] {
            assert_eq!(at_quad(torn, sim, j, i), own(j, i), "torn, quad ({j}, {i})");
        }
    }
    // What shows through is the background and the spheres below the
    // sheet: at least some of the band shows the black background.
    assert!(behind.contains(&Colour::Black), "{behind:?}");
    // The two pictures differ only around the band.
    let differing = torn
        .rgba
        .chunks_exact(4)
        .zip(whole.rgba.chunks_exact(4))
        .filter(|(a, b)| a != b)
        .count();
    assert!(differing > 600, "{differing} pixels differ");
    assert!(
        differing < (W * H / 10) as usize,
        "{differing} pixels differ"
    );
}

#[test]
fn a_torn_band_is_a_hole_in_the_picture() {
    let mut ctx = HeadlessContext::new(ContextRequest::default())
        .expect("a headless GL (Mesa's llvmpipe will do)");
    let sim = torn_sheet();
    let whole = ctx
        .render(&Simulation::new(), &Camera::default(), W, H)
        .unwrap();
    let torn = ctx.render(&sim, &Camera::default(), W, H).unwrap();
    assert_hole(&torn, &whole, &sim);
    // Nothing torn: the same picture as before anything could tear.
    let untorn = Simulation::resume_state(Simulation::new().state(), 0, Model::ORIGINAL);
    assert!(ctx.render(&untorn, &Camera::default(), W, H).unwrap() == whole);
}

#[test]
fn render_from_a_torn_state_file_draws_the_hole() {
    let dir = tempfile::tempdir().unwrap();
    let sim = torn_sheet();
    let state: PathBuf = dir.path().join("torn.csv");
    std::fs::write(&state, sim.to_state_file()).unwrap();
    let draw = |from: Option<&PathBuf>| {
        let out = dir.path().join("frame.png");
        let mut cmd = cloth_demo();
        cmd.args(["render", "--steps", "0", "--out"]).arg(&out);
        if let Some(from) = from {
            cmd.arg("--from").arg(from).args(["--start", "0"]);
        }
        let result = run(&mut cmd);
        assert!(result.status.success(), "render: {}", stderr(&result));
        common::decode_png(&out)
    };
    let torn = draw(Some(&state));
    let whole = draw(None);
    assert_hole(&torn, &whole, &sim);
    // The program draws what the library draws.
    let mut ctx = HeadlessContext::new(ContextRequest::default()).unwrap();
    assert!(ctx.render(&sim, &Camera::default(), W, H).unwrap() == torn);
}
