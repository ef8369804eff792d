//! `cloth-demo render`: the built binary run headless (no `DISPLAY`, no
//! `WAYLAND_DISPLAY`), its PNG decoded and checked against the scene: the
//! scene's flat colours, and the cloth's pixels where the camera
//! projects the simulated points (a ray-cast reference), orbited and at
//! other sizes; and a headless context of the library's drawing many
//! frames. Runs on Mesa's software EGL device (llvmpipe; under Wine, WGL
//! on llvmpipe); no GPU needed. (`render`'s one-line errors, bad sizes and
//! no EGL among them, are in `tests/program/robustness.rs`.)

use std::path::PathBuf;

use crate::common::{self, classify_rgb, cloth_demo, run, stderr, Colour};

use cloth_demo::render::headless::{ContextRequest, HeadlessContext, Image};
use cloth_demo::render::{scene, Camera, RenderError};
use cloth_demo::sim::Simulation;
use glam::{Mat4, Vec3};

const W: u32 = 792;
const H: u32 = 573;

/// Run `render --steps N` with `extra` arguments into a temporary directory
/// and decode the PNG.
pub(crate) fn render(steps: u64, extra: &[&str]) -> Image {
    let dir = tempfile::tempdir().unwrap();
    let out: PathBuf = dir.path().join("frame.png");
    let result = run(cloth_demo()
        .args(["render", "--steps", &steps.to_string(), "--out"])
        .arg(&out)
        .args(extra));
    assert!(
        result.status.success(),
        "render --steps {steps} {extra:?} failed: {}",
        stderr(&result)
    );
    common::decode_png(&out)
}

/// The scene colour of an opaque RGBA pixel, or `None`.
fn classify(p: [u8; 4]) -> Option<Colour> {
    if p[3] != 255 {
        return None;
    }
    classify_rgb([p[0], p[1], p[2]])
}

/// Pixels of each colour; panics on a pixel outside the palette (flat
/// colours, no blending, no antialiasing: there must be none).
fn census(image: &Image) -> std::collections::HashMap<Colour, usize> {
    let mut counts = std::collections::HashMap::new();
    for (k, p) in image.rgba.chunks_exact(4).enumerate() {
        let c = classify([p[0], p[1], p[2], p[3]]).unwrap_or_else(|| {
            panic!(
                "pixel ({}, {}) is {p:?}, not a scene colour",
                k % image.width as usize,
                k / image.width as usize
            )
        });
        *counts.entry(c).or_insert(0) += 1;
    }
    counts
}

/// The scene's triangles exactly as the renderer gets them (from
/// [`scene::build`]), and the camera's inverse, to find by ray casting which
/// triangle is nearest under a pixel: a reference for what the picture must
/// show there, occlusion included.
struct Reference {
    tris: Vec<([Vec3; 3], Colour)>,
    /// Index of the first cloth triangle; quad `q` owns `2q` and `2q + 1`
    /// after it.
    first_cloth: usize,
    inverse_mvp: Mat4,
    width: u32,
    height: u32,
}

impl Reference {
    fn new(sim: &Simulation, camera: &Camera, width: u32, height: u32) -> Self {
        let mut vertices = Vec::new();
        scene::build(sim, &mut vertices);
        let colour = |c: [f32; 3]| match c {
            c if c == scene::YELLOW => Colour::Yellow,
            c if c == scene::BLUE => Colour::Blue,
            c if c == scene::RED => Colour::Red,
            c if c == scene::WHITE => Colour::White,
            c if c == scene::LIGHT_GREY => Colour::LightGrey,
            c if c == scene::DARK_GREY => Colour::DarkGrey,
            c => panic!("unexpected scene colour {c:?}"),
        };
        let tris: Vec<_> = vertices
            .chunks_exact(3)
            .map(|t| {
                (
                    [t[0].pos, t[1].pos, t[2].pos].map(Vec3::from),
                    colour(t[0].col),
                )
            })
            .collect();
        let n = sim.cloth.n();
        Reference {
            first_cloth: tris.len() - 2 * (n - 1) * (n - 1),
            tris,
            inverse_mvp: camera.mvp(width as f32 / height as f32).inverse(),
            width,
            height,
        }
    }

    /// The nearest triangle under the centre of pixel `(x, y)` (x right, y
    /// down), if any.
    fn hit(&self, x: u32, y: u32) -> Option<usize> {
        let ndc_x = (x as f32 + 0.5) / self.width as f32 * 2.0 - 1.0;
        let ndc_y = 1.0 - (y as f32 + 0.5) / self.height as f32 * 2.0;
        let near = self
            .inverse_mvp
            .project_point3(Vec3::new(ndc_x, ndc_y, -1.0));
        let far = self
            .inverse_mvp
            .project_point3(Vec3::new(ndc_x, ndc_y, 1.0));
        let dir = (far - near).normalize();
        let mut best: Option<(f32, usize)> = None;
        for (k, (v, _)) in self.tris.iter().enumerate() {
            // Moller-Trumbore ray/triangle intersection, both faces.
            let (e1, e2) = (v[1] - v[0], v[2] - v[0]);
            let p = dir.cross(e2);
            let det = e1.dot(p);
            if det.abs() < 1e-12 {
                continue;
            }
            let s = near - v[0];
            let u = s.dot(p) / det;
            let q = s.cross(e1);
            let w = dir.dot(q) / det;
            if u < 0.0 || w < 0.0 || u + w > 1.0 {
                continue;
            }
            let t = e2.dot(q) / det;
            if t > 0.0 && best.is_none_or(|(bt, _)| t < bt) {
                best = Some((t, k));
            }
        }
        best.map(|(_, k)| k)
    }

    /// The colour the picture must have at pixel `(x, y)`.
    fn colour(&self, hit: Option<usize>) -> Colour {
        hit.map_or(Colour::Black, |k| self.tris[k].1)
    }

    /// The cloth quad (`j * (n - 1) + i`) a triangle belongs to, if any.
    fn quad(&self, tri: usize) -> Option<usize> {
        tri.checked_sub(self.first_cloth).map(|t| t / 2)
    }
}

/// How the cloth's quads land in an image seen by `camera`.
#[derive(Debug)]
pub(crate) struct ClothMatch {
    /// Quads whose projected centre is inside the image.
    pub(crate) on_screen: usize,
    /// Of those, the pixel there is yellow or blue.
    cloth: usize,
    /// Of those, it is the quad's own colour.
    own_colour: usize,
    /// Of the on-screen quads, the pixel there has the colour of the
    /// nearest triangle under it (ray cast), whatever that triangle is.
    pub(crate) agree: usize,
    /// Of the on-screen quads, the ray cast meets the quad itself first
    /// (it is not hidden, and not too thin to cover the pixel's centre).
    visible: usize,
    /// Of those, the pixel is the quad's own colour.
    visible_own: usize,
}

/// Project the centre (mean of the four corners) of every cloth quad of
/// `sim` with `camera` and look at the pixel there, both directly (is it
/// the cloth, is it this quad's colour) and against the ray-cast reference.
pub(crate) fn match_cloth(image: &Image, sim: &Simulation, camera: &Camera) -> ClothMatch {
    let reference = Reference::new(sim, camera, image.width, image.height);
    let c = &sim.cloth;
    let n = c.n();
    let mut m = ClothMatch {
        on_screen: 0,
        cloth: 0,
        own_colour: 0,
        agree: 0,
        visible: 0,
        visible_own: 0,
    };
    for j in 0..n - 1 {
        for i in 0..n - 1 {
            let corners = [
                c.point(j, i),
                c.point(j, i + 1),
                c.point(j + 1, i),
                c.point(j + 1, i + 1),
            ];
            let centre: [f64; 3] =
                std::array::from_fn(|k| corners.iter().map(|p| p[k]).sum::<f64>() / 4.0);
            let Some([x, y]) = camera.project(centre, image.width, image.height) else {
                continue;
            };
            if !(0.0..image.width as f32).contains(&x) || !(0.0..image.height as f32).contains(&y) {
                continue;
            }
            let (x, y) = (x as u32, y as u32);
            m.on_screen += 1;
            let got = classify(image.pixel(x, y).unwrap());
            let want = if (i ^ j) & 1 == 0 {
                Colour::Yellow
            } else {
                Colour::Blue
            };
            if matches!(got, Some(Colour::Yellow | Colour::Blue)) {
                m.cloth += 1;
                if got == Some(want) {
                    m.own_colour += 1;
                }
            }
            let hit = reference.hit(x, y);
            if got == Some(reference.colour(hit)) {
                m.agree += 1;
            }
            if hit.and_then(|t| reference.quad(t)) == Some(j * (n - 1) + i) {
                m.visible += 1;
                if got == Some(want) {
                    m.visible_own += 1;
                }
            }
        }
    }
    m
}

pub(crate) fn sim_after(steps: u64) -> Simulation {
    let mut sim = Simulation::new();
    sim.run(steps);
    sim
}

pub(crate) fn frac(a: usize, b: usize) -> f64 {
    a as f64 / b.max(1) as f64
}

#[test]
fn draped_frame_shows_every_scene_colour_and_nothing_else() {
    let image = render(250, &[]);
    assert_eq!((image.width, image.height), (W, H));
    assert_eq!(image.rgba.len(), (W * H * 4) as usize);
    let counts = census(&image);
    let count = |c| counts.get(&c).copied().unwrap_or(0);
    // Background: most of the picture.
    assert!(count(Colour::Black) > (W * H / 2) as usize, "{counts:?}");
    // Cloth, spheres and floor each cover thousands of pixels.
    for c in [
        Colour::Yellow,
        Colour::Blue,
        Colour::Red,
        Colour::White,
        Colour::LightGrey,
        Colour::DarkGrey,
    ] {
        assert!(count(c) > 3000, "{c:?}: {counts:?}");
    }
    // A checkerboard: the two colours of each object come in about equal
    // amounts.
    for (a, b) in [
        (Colour::Yellow, Colour::Blue),
        (Colour::Red, Colour::White),
        (Colour::LightGrey, Colour::DarkGrey),
    ] {
        let r = frac(count(a), count(b));
        assert!((0.7..1.4).contains(&r), "{a:?}/{b:?} = {r}: {counts:?}");
    }
    // Floor below, sky above: the top fifth of the image is all black, and
    // the floor's greys are all in the bottom fifth.
    for y in 0..H {
        for x in 0..W {
            let c = classify(image.pixel(x, y).unwrap()).unwrap();
            if y < H / 5 {
                assert_eq!(c, Colour::Black, "({x}, {y})");
            }
            if matches!(c, Colour::LightGrey | Colour::DarkGrey) {
                assert!(y > H * 4 / 5, "floor at ({x}, {y})");
            }
        }
    }
}

/// The picture agrees with the ray-cast reference at (nearly) every quad
/// centre, and at least `min_visible` quads are seen at their own centre,
/// each (nearly always) in its own colour.
pub(crate) fn assert_matches_reference(m: &ClothMatch, min_visible: usize, what: &str) {
    // A pixel centre within a rounding error of a triangle edge may go
    // either way.
    assert!(frac(m.agree, m.on_screen) >= 0.98, "{what}: {m:?}");
    assert!(m.visible >= min_visible, "{what}: {m:?}");
    assert!(frac(m.visible_own, m.visible) >= 0.98, "{what}: {m:?}");
}

#[test]
fn flat_cloth_lies_where_the_camera_projects_it() {
    for steps in [0, 2] {
        let image = render(steps, &[]);
        let m = match_cloth(&image, &sim_after(steps), &Camera::default());
        let what = format!("step {steps}");
        // The flat sheet is wholly in view and nothing is in front of it:
        // every quad's centre shows the cloth, and in its own colour.
        assert_eq!(m.on_screen, 31 * 31, "{what}: {m:?}");
        assert_eq!(m.cloth, m.on_screen, "{what}: {m:?}");
        assert!(frac(m.own_colour, m.on_screen) >= 0.98, "{what}: {m:?}");
        assert_matches_reference(&m, 940, &what);
    }
}

#[test]
fn draped_cloth_lies_where_the_camera_projects_it() {
    let steps = 250;
    let image = render(steps, &[]);
    let sim = sim_after(steps);
    let m = match_cloth(&image, &sim, &Camera::default());
    assert_eq!(m.on_screen, 31 * 31, "{m:?}");
    // At step 250 the spheres in front hide about a quarter of the quad
    // centres, and the cloth hanging edge-on or folded shows other squares
    // at many more; the ray-cast reference accounts for both.
    assert!(frac(m.cloth, m.on_screen) >= 0.7, "{m:?}");
    assert!(frac(m.own_colour, m.cloth) >= 0.5, "{m:?}");
    assert_matches_reference(&m, 150, "step 250");
    // The flat sheet's positions do not explain this frame: the check can
    // fail.
    let wrong = match_cloth(&image, &Simulation::new(), &Camera::default());
    assert!(frac(wrong.cloth, wrong.on_screen) < 0.2, "{wrong:?}");
    assert!(frac(wrong.agree, wrong.on_screen) < 0.2, "{wrong:?}");
}

#[test]
fn orbit_turns_the_view_as_a_drag_would() {
    let steps = 2;
    let sim = sim_after(steps);
    let plain = render(steps, &[]);
    for (r1, r2) in [(200.0, -100.0), (-150.0, 60.0)] {
        let orbit = format!("{r1},{r2}");
        let what = format!("--orbit {orbit}");
        let turned = render(steps, &["--orbit", &orbit]);
        assert_eq!((turned.width, turned.height), (W, H));
        let m = match_cloth(&turned, &sim, &Camera::new(r1, r2));
        assert_eq!(m.on_screen, 31 * 31, "{what}: {m:?}");
        assert!(frac(m.cloth, m.on_screen) >= 0.95, "{what}: {m:?}");
        // Seen more nearly edge-on, some quads are thinner than a pixel.
        assert!(frac(m.own_colour, m.on_screen) >= 0.75, "{what}: {m:?}");
        assert_matches_reference(&m, 500, &what);
        // The un-orbited camera does not explain the turned picture: its
        // reference disagrees at many quad centres, and where there is
        // cloth its squares' colours match no better than chance...
        let unturned = match_cloth(&turned, &sim, &Camera::default());
        assert!(
            frac(unturned.agree, unturned.on_screen) < 0.6,
            "{what} against no orbit: {unturned:?}"
        );
        assert!(
            frac(unturned.own_colour, unturned.cloth) < 0.7,
            "{what} against no orbit: {unturned:?}"
        );
        // ...and the pictures differ in a large share of their pixels.
        let differing = plain
            .rgba
            .chunks_exact(4)
            .zip(turned.rgba.chunks_exact(4))
            .filter(|(a, b)| a != b)
            .count();
        assert!(
            differing > (W * H / 20) as usize,
            "{what}: only {differing} pixels differ"
        );
    }
}

/// Yellow and blue pixels: the cloth's.
pub(crate) fn cloth_pixels(image: &Image) -> usize {
    let counts = census(image);
    [Colour::Yellow, Colour::Blue]
        .iter()
        .map(|c| counts.get(c).copied().unwrap_or(0))
        .sum()
}

#[test]
fn distance_moves_the_camera_nearer_and_farther() {
    let steps = 250;
    let sim = sim_after(steps);
    let plain = render(steps, &[]);
    let five = render(steps, &["--distance", "5"]);
    assert!(plain.rgba == five.rgba, "--distance 5 is the default view");
    let seen = cloth_pixels(&plain);
    for (distance, min_visible) in [(3.0, 100), (20.0, 100)] {
        let what = format!("--distance {distance}");
        let image = render(steps, &["--distance", &distance.to_string()]);
        assert_eq!((image.width, image.height), (W, H));
        let pixels = cloth_pixels(&image);
        // Nearer, the cloth covers more of the picture; farther, less.
        if distance < 5.0 {
            assert!(
                pixels as f64 > 1.5 * seen as f64,
                "{what}: {pixels} against {seen}"
            );
        } else {
            assert!(
                pixels as f64 * 4.0 < seen as f64,
                "{what}: {pixels} against {seen}"
            );
        }
        // Where the camera at that distance projects the cloth.
        let camera = Camera::default().with_distance(distance);
        let m = match_cloth(&image, &sim, &camera);
        assert_matches_reference(&m, min_visible, &what);
        // The default camera does not explain the picture.
        let unmoved = match_cloth(&image, &sim, &Camera::default());
        assert!(
            frac(unmoved.agree, unmoved.on_screen) < 0.6,
            "{what} against the default distance: {unmoved:?}"
        );
    }
}

#[test]
fn size_option_sets_the_image_size_and_aspect() {
    // An odd width (rows not a multiple of 8 bytes) and a tall picture
    // (aspect below 1).
    for (size, w, h) in [("331x197", 331, 197), ("240x400", 240, 400)] {
        let image = render(0, &["--size", size]);
        assert_eq!((image.width, image.height), (w, h));
        assert_eq!(census(&image).len(), 7, "{size}: {:?}", census(&image));
        let m = match_cloth(&image, &Simulation::new(), &Camera::default());
        // The narrow picture crops the sheet's side edges.
        assert!(m.on_screen >= 900, "{size}: {m:?}");
        assert_eq!(m.cloth, m.on_screen, "{size}: {m:?}");
        assert_matches_reference(&m, 800, size);
    }
}

#[test]
fn headless_context_draws_many_frames_and_refuses_impossible_sizes() {
    let mut ctx = HeadlessContext::new(ContextRequest::default())
        .expect("a headless GL (Mesa's llvmpipe will do)");
    assert!(!ctx.device().is_empty());
    let mut sim = Simulation::new();
    let first = ctx.render(&sim, &Camera::default(), 64, 48).unwrap();
    assert_eq!(
        (first.width, first.height, first.rgba.len()),
        (64, 48, 64 * 48 * 4)
    );
    // Far beyond any GL's GL_MAX_RENDERBUFFER_SIZE: an error, not a crash,
    // and the context still draws afterwards.
    for (w, h) in [(1_000_000, 1), (1, 1_000_000)] {
        match ctx.render(&sim, &Camera::default(), w, h) {
            Err(RenderError::Headless(msg)) => {
                assert!(msg.contains("larger than"), "{msg}");
                assert!(!msg.contains('\n'), "{msg}");
            }
            other => panic!("{w}x{h}: {other:?}"),
        }
    }
    assert!(matches!(
        ctx.render(&sim, &Camera::default(), 0, 10),
        Err(RenderError::Headless(_))
    ));
    let again = ctx.render(&sim, &Camera::default(), 64, 48).unwrap();
    assert_eq!(again, first, "the same state draws the same pixels");
    sim.run(300);
    let later = ctx.render(&sim, &Camera::default(), W, H).unwrap();
    assert_matches_reference(
        &match_cloth(&later, &sim, &Camera::default()),
        150,
        "step 300",
    );
}
