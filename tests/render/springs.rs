//! The springs view (`--springs`, key W): each spring a line coloured by
//! its strain over the scene dimmed, from the library's headless context:
//! a spring stretched to 1.4 times its rest length is drawn red, one
//! squashed to 0.6 blue, one at rest white; with the view off the picture
//! is the one drawn before the view was ever on.

use cloth_demo::render::headless::{ContextRequest, HeadlessContext, Image};
use cloth_demo::render::scene;
use cloth_demo::render::springs::{self, FULL_STRAIN};
use cloth_demo::render::Camera;
use cloth_demo::sim::state_file::State;
use cloth_demo::sim::{Cloth, Model, Simulation, GRID};

const W: u32 = 792;
const H: u32 = 573;

/// The point moved, and how far along x.
const MOVED: (usize, usize) = (10, 10);
const SHIFT: f64 = 0.04;

/// The flat sheet with point [`MOVED`] shifted [`SHIFT`] along x (towards
/// `[10][11]`): the spring from `[10][9]` to it is stretched to 0.14
/// (strain 0.4), the one from it to `[10][11]` squashed to 0.06 (strain
/// -0.4).
fn sheet() -> Simulation {
    let flat = Cloth::flat(GRID);
    let points: Vec<[f64; 3]> = (0..GRID)
        .flat_map(|j| (0..GRID).map(move |i| (j, i)))
        .map(|(j, i)| {
            let mut p = flat.point(j, i);
            if (j, i) == MOVED {
                p[0] += SHIFT;
            }
            p
        })
        .collect();
    let cloth = Cloth::from_points(&points).unwrap();
    Simulation::resume_state(State::of(cloth), 0, Model::ORIGINAL)
}

/// The pixels within a pixel of where the camera projects the midpoint of
/// the spring from `[a.0][a.1]` to `[b.0][b.1]`.
fn around_midpoint(
    image: &Image,
    sim: &Simulation,
    a: (usize, usize),
    b: (usize, usize),
) -> Vec<[u8; 4]> {
    let (p, q) = (sim.cloth.point(a.0, a.1), sim.cloth.point(b.0, b.1));
    let mid = std::array::from_fn(|k| (p[k] + q[k]) / 2.0);
    let [x, y] = Camera::default()
        .project(mid, W, H)
        .expect("the sheet is in view");
    let mut out = Vec::new();
    for dy in -1..=1 {
        for dx in -1..=1 {
            let (x, y) = ((x as i64 + dx) as u32, (y as i64 + dy) as u32);
            out.push(image.pixel(x, y).expect("inside the picture"));
        }
    }
    out
}

fn red(p: &[u8; 4]) -> bool {
    p[0] > 200 && p[1] < 60 && p[2] < 60
}

fn blue(p: &[u8; 4]) -> bool {
    p[2] > 200 && p[0] < 60 && p[1] < 60
}

fn white(p: &[u8; 4]) -> bool {
    p[0] > 200 && p[1] > 200 && p[2] > 200
}

#[test]
fn a_stretched_spring_is_red_and_a_squashed_one_blue() {
    const {
        assert!(
            FULL_STRAIN < 0.4,
            "the test's strains must be beyond the scale"
        )
    };
    let mut ctx = HeadlessContext::new(ContextRequest::default())
        .expect("a headless GL (Mesa's llvmpipe will do)");
    let sim = sheet();
    ctx.set_springs(true);
    let image = ctx.render(&sim, &Camera::default(), W, H).unwrap();
    let (j, i) = MOVED;

    let stretched = around_midpoint(&image, &sim, (j, i - 1), (j, i));
    assert!(stretched.iter().any(red), "stretched: {stretched:?}");
    assert!(!stretched.iter().any(blue), "stretched: {stretched:?}");

    let squashed = around_midpoint(&image, &sim, (j, i), (j, i + 1));
    assert!(squashed.iter().any(blue), "squashed: {squashed:?}");
    assert!(!squashed.iter().any(red), "squashed: {squashed:?}");

    let at_rest = around_midpoint(&image, &sim, (20, 20), (20, 21));
    assert!(at_rest.iter().any(white), "at rest: {at_rest:?}");
    assert!(
        !at_rest.iter().any(|p| red(p) || blue(p)),
        "at rest: {at_rest:?}"
    );

    // Between the lines, the cloth dimmed to grey: no pixel of the picture
    // is yellow, the sheet's own colour, and some are its grey.
    let yellow = image
        .rgba
        .chunks_exact(4)
        .filter(|p| p[0] > 200 && p[1] > 200 && p[2] < 60)
        .count();
    assert_eq!(yellow, 0);
    let grey = springs::dimmed(scene::YELLOW)[0];
    assert!(grey > 0.3 && grey < 0.6, "{grey}");
    let dim = (255.0 * grey).floor() as u8;
    assert!(image
        .rgba
        .chunks_exact(4)
        .any(|p| p[..3] == [dim; 3] || p[..3] == [dim + 1; 3]));

    // The colours are the documented ones.
    assert_eq!(springs::colour(0.4), [1.0, 0.0, 0.0]);
    assert_eq!(springs::colour(-0.4), [0.0, 0.0, 1.0]);
}

#[test]
fn with_the_view_off_the_picture_is_unchanged() {
    let sim = sheet();
    let mut fresh = HeadlessContext::new(ContextRequest::default()).expect("a headless GL");
    let before = fresh.render(&sim, &Camera::default(), W, H).unwrap();
    drop(fresh);
    let mut ctx = HeadlessContext::new(ContextRequest::default()).expect("a headless GL");
    ctx.set_springs(true);
    let on = ctx.render(&sim, &Camera::default(), W, H).unwrap();
    ctx.set_springs(false);
    let off = ctx.render(&sim, &Camera::default(), W, H).unwrap();
    assert!(on != before, "the springs view draws something else");
    assert!(off == before, "with the view off again, the same picture");
}

/// Pixels in the rectangle `(x0, y0, w, h)` of `image` that are not a grey
/// (the dimmed scene, the black): the springs' lines.
fn line_pixels(image: &Image, (x0, y0, w, h): (u32, u32, u32, u32)) -> usize {
    let mut n = 0;
    for y in y0..y0 + h {
        for x in x0..x0 + w {
            let p = image.pixel(x, y).unwrap();
            n += usize::from(!(p[0] == p[1] && p[1] == p[2]));
        }
    }
    n
}

#[test]
fn a_curtain_too_small_for_every_spring_shows_the_grid_s_springs_alone() {
    let mut sim = Simulation::with_model(cloth_demo::sim::Scene::Curtain.model());
    sim.restart(
        cloth_demo::sim::Scene::Curtain.start_cloth(),
        0,
        sim.model(),
    );
    sim.run(400);
    let aspect = 792.0 / 573.0;
    // At the default size the grid's springs are 7 to 8 pixels long: too
    // close for the diagonals; from 2.5 units, looking at the curtain, 15.
    let far = springs::drawn_spacing(&sim, &Camera::default().mvp(aspect), 792, 573);
    let near_camera = Camera::default()
        .with_distance(2.5)
        .with_target([0.0, 1.0, -1.6]);
    let near = springs::drawn_spacing(&sim, &near_camera.mvp(aspect), 792, 573);
    assert!((6.0..springs::MIN_SPACING).contains(&far), "{far}");
    assert!(near > springs::MIN_SPACING, "{near}");
    let mut ctx = HeadlessContext::new(ContextRequest::default()).expect("a headless GL");
    ctx.set_springs(true);
    // The curtain's upper part, above the spheres: its lines cover 37 % of
    // it with every spring (a red moiré), 18 % with the grid's alone.
    let image = ctx.render(&sim, &Camera::default(), 792, 573).unwrap();
    let box_ = (280, 140, 230, 160);
    let share = line_pixels(&image, box_) as f64 / f64::from(230 * 160);
    assert!((0.1..0.25).contains(&share), "{share}");
    // Nearer, every spring again: the diagonals cross each square.
    let mut all = Vec::new();
    springs::build(&sim, false, &mut all);
    let mut grid = Vec::new();
    springs::build(&sim, true, &mut grid);
    assert_eq!(
        (all.len(), grid.len()),
        (2 * (2 * 32 * 31 + 2 * 31 * 31), 2 * 2 * 32 * 31)
    );
}
