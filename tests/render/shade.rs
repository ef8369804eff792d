//! `--shade`'s pixels: a face turned away from the light renders darker,
//! by the factor [`shade`] gives its normal; flat drawing is unchanged;
//! the floor and the spheres shade too. Headless (EGL, llvmpipe will do).

use crate::common::{self, cloth_demo, run, stderr};
use cloth_demo::render::headless::{ContextRequest, HeadlessContext, Image};
use cloth_demo::render::{scene, shade, Camera};
use cloth_demo::sim::{Cloth, Simulation, GRID, SPACING};

const W: u32 = 396;
const H: u32 = 287;

/// The flat 32 x 32 sheet turned `degrees` about the x axis (its normal
/// `(0, cos, sin)`), centred on `(0, 1.5, 0)`, above the spheres.
fn tilted_sheet(degrees: f64) -> Cloth {
    let (s, c) = (
        pxfm::f_sin(degrees.to_radians()),
        pxfm::f_cos(degrees.to_radians()),
    );
    let pts: Vec<[f64; 3]> = (0..GRID * GRID)
        .map(|k| {
            let (j, i) = ((k / GRID) as f64, (k % GRID) as f64);
            let (u, v) = ((i - 16.0) * SPACING, (j - 16.0) * SPACING);
            // v runs along (0, -sin, cos): in the plane, square to the normal.
            [u, 1.5 - v * s, v * c]
        })
        .collect();
    Cloth::from_points(&pts).unwrap()
}

/// The pixel at the centre of cloth quad (16, 16) (yellow: (16 ^ 16) & 1
/// is 0), seen by `camera`.
fn quad_centre_pixel(image: &Image, sim: &Simulation, camera: &Camera) -> [u8; 4] {
    let c = &sim.cloth;
    let corners = [
        c.point(16, 16),
        c.point(16, 17),
        c.point(17, 16),
        c.point(17, 17),
    ];
    let centre = [0, 1, 2].map(|k| corners.iter().map(|p| p[k]).sum::<f64>() / 4.0);
    let [x, y] = camera.project(centre, W, H).expect("in view");
    let at = (y as usize * W as usize + x as usize) * 4;
    image.rgba[at..at + 4].try_into().unwrap()
}

/// A channel of `col` scaled by `factor`, as the rasteriser may round it.
fn expected(col: f32, factor: f32) -> [u8; 2] {
    let v = col * factor * 255.0;
    [v.floor() as u8, v.ceil() as u8]
}

#[test]
fn a_face_turned_away_from_the_light_renders_darker() {
    let mut ctx = HeadlessContext::new(ContextRequest::default())
        .expect("a headless GL context (EGL or llvmpipe)");
    // Tilts from nearly square to the light (-0.3, 1, 0.5) to edge-on to
    // it (tan = -2), each seen from above or in front by a camera that
    // sees it well (the light is fixed in the world, so the camera does
    // not change a face's colour).
    // |n . l| * 16: 15.35, 13.82, 10.62, 6.15, 0: steps 15, 14, 11, 6, 0.
    let tilts = [
        (20.0, -375.0, 15),
        (0.0, -450.0, 14),
        (-20.0, -450.0, 11),
        (-40.0, -450.0, 6),
        (-63.434_948_822_922, 0.0, 0),
    ];
    let mut last = u8::MAX;
    for (degrees, r2, level) in tilts {
        let sim = Simulation::resume(tilted_sheet(degrees), 0);
        let camera = Camera::new(0.0, r2);
        ctx.set_shade(false);
        let flat = ctx.render(&sim, &camera, W, H).unwrap();
        assert_eq!(
            quad_centre_pixel(&flat, &sim, &camera),
            [255, 255, 0, 255],
            "flat at {degrees} degrees: the original's yellow"
        );
        ctx.set_shade(true);
        let shaded = ctx.render(&sim, &camera, W, H).unwrap();
        let px = quad_centre_pixel(&shaded, &sim, &camera);
        let n = [
            0.0,
            pxfm::f_cos(degrees.to_radians()) as f32,
            pxfm::f_sin(degrees.to_radians()) as f32,
        ];
        let factor = shade::factor_for_normal(n);
        assert_eq!(factor, shade::level_factor(level), "{degrees} degrees");
        let want = expected(scene::YELLOW[0], factor);
        assert!(
            want.contains(&px[0]) && px[1] == px[0] && px[2] == 0 && px[3] == 255,
            "shaded at {degrees} degrees: {px:?}, want yellow at {factor} ({want:?})"
        );
        assert!(px[0] < last, "darker as it turns away: {px:?} after {last}");
        last = px[0];
    }
    // Edge-on to the light: the ambient quarter, 63 or 64.
    assert!(last == 63 || last == 64, "{last}");
}

/// Pixels of `image` exactly `rgb`.
fn count(image: &[u8], rgb: [u8; 3]) -> usize {
    image.chunks_exact(4).filter(|p| p[..3] == rgb).count()
}

#[test]
fn render_shade_shades_the_floor_and_spheres_and_flat_stays_flat() {
    let dir = tempfile::tempdir().unwrap();
    let png = |extra: &[&str]| {
        let out_path = dir.path().join("r.png");
        let out = run(cloth_demo()
            .args(["render", "--steps", "250", "--size", "396x287", "--out"])
            .arg(&out_path)
            .args(extra));
        assert!(out.status.success(), "{}", stderr(&out));
        common::decode_png(&out_path).rgba
    };
    let flat = png(&[]);
    let shaded = png(&["--shade"]);
    // Flat: the floor's light grey is 229 or 230, and nothing shaded.
    let light = |img: &[u8]| count(img, [229; 3]) + count(img, [230; 3]);
    assert!(light(&flat) > 1000, "{}", light(&flat));
    // Shaded: the floor faces up, |n . l| = 0.864, step 14 of 16: 0.906 of
    // its colour, 0.9 * 0.906 * 255 = 207.97.
    let f = shade::factor_for_normal([0.0, 1.0, 0.0]);
    assert_eq!(f, shade::level_factor(14));
    let [lo, hi] = expected(scene::LIGHT_GREY[0], f);
    let floor = count(&shaded, [lo; 3]) + count(&shaded, [hi; 3]);
    assert_eq!(light(&shaded), 0, "no flat light grey left");
    assert!(
        floor >= light(&flat) * 9 / 10,
        "{floor} floor pixels at {lo}/{hi}"
    );
    // The spheres' red comes in several steps of brightness, and the pure
    // red of the flat picture becomes rarer.
    let reds: std::collections::BTreeSet<u8> = shaded
        .chunks_exact(4)
        .filter(|p| p[1] == 0 && p[2] == 0 && p[0] > 40)
        .map(|p| p[0])
        .collect();
    assert!(reds.len() >= 6, "sphere reds {reds:?}");
    assert!(count(&shaded, [255, 0, 0]) * 4 < count(&flat, [255, 0, 0]));
}
