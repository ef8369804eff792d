//! `--compare` on `render` and `record`: the picture split in two, the
//! original on the left and the what-if on the right, both run the same
//! steps from step 0 on the same camera, each half labelled. Checked half
//! by half against the two runs drawn in this process, each at its half's
//! size (the same camera, the half's aspect), with the labels' band at the
//! top left out.

use crate::common::{self, cloth_demo, run, stderr};
use cloth_demo::app::compare::{divider, label_band, split, DIVIDER_WIDTH};
use cloth_demo::render::headless::{ContextRequest, HeadlessContext, Image};
use cloth_demo::render::Camera;
use cloth_demo::sim::{Model, Scene, Simulation};

const W: u32 = 396;
const H: u32 = 287;
const STEPS: u64 = 250;

/// Rows `from..` of columns `x0..x0 + width` of `image`, RGBA.
fn rows_of(image: &Image, x0: u32, width: u32, from: u32) -> Vec<u8> {
    let mut out = Vec::new();
    for y in from..image.height {
        let start = ((y * image.width + x0) * 4) as usize;
        out.extend_from_slice(&image.rgba[start..start + (width * 4) as usize]);
    }
    out
}

/// Pixels that are not black in rows `0..band` of columns `x0..x0 + width`.
fn lit_in_band(image: &Image, x0: u32, width: u32, band: u32) -> usize {
    (0..band)
        .flat_map(|y| (x0..x0 + width).map(move |x| (x, y)))
        .filter(|&(x, y)| image.pixel(x, y).is_some_and(|p| p[..3] != [0, 0, 0]))
        .count()
}

#[test]
fn render_compare_is_the_original_beside_the_what_if_half_by_half() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("c.png");
    let out = run(cloth_demo()
        .args(["render", "--compare", "--no-diagonals", "--orbit=0,-450"])
        .args(["--steps", &STEPS.to_string(), "--size", &format!("{W}x{H}")])
        .arg("--out")
        .arg(&png));
    assert!(out.status.success(), "render --compare: {}", stderr(&out));
    let got = common::decode_png(&png);
    assert_eq!((got.width, got.height), (W, H));

    let mut ctx = HeadlessContext::new(ContextRequest::default())
        .expect("a headless GL context (EGL or llvmpipe)");
    let camera = Camera::new(0.0, -450.0);
    let halves = split(W, H);
    let mut original = Scene::Original.simulation();
    original.run(STEPS);
    let mut model = Model::ORIGINAL;
    model.springs.diagonals = false;
    let mut what_if = Simulation::with_model(model);
    what_if.run(STEPS);
    let left = ctx
        .render(&original, &camera, halves.left.width, H)
        .unwrap();
    let right = ctx
        .render(&what_if, &camera, halves.right.width, H)
        .unwrap();

    // Below the labels, each half is exactly its run drawn alone at the
    // half's size (a viewport at a whole-pixel offset rasterises as the
    // same viewport at the origin does), but for the divider's column over
    // it, which is the divider's grey from top to bottom.
    let band = label_band(H);
    assert!(band < H / 4, "the labels' band is a strip: {band} rows");
    let d = divider(&halves);
    assert_eq!((d.x, d.width), (halves.right.x - 1, DIVIDER_WIDTH));
    let (lw, rw) = (halves.left.width - 1, halves.right.width - 1);
    assert!(
        rows_of(&got, 0, lw, band) == rows_of(&left, 0, lw, band),
        "the left half is not the original's picture"
    );
    assert!(
        rows_of(&got, halves.right.x + 1, rw, band) == rows_of(&right, 1, rw, band),
        "the right half is not the what-if's picture"
    );
    for x in d.x..d.x + d.width {
        for y in 0..H {
            assert_eq!(
                got.pixel(x, y).map(|p| p[..3].to_vec()),
                Some(vec![128; 3]),
                "{x},{y}"
            );
        }
    }
    // The halves differ: the what-if moved the cloth.
    assert!(rows_of(&left, 0, left.width, band) != rows_of(&right, 0, right.width, band));
    // The labels are there: text over the black sky in each half's band,
    // where the plain pictures are black.
    assert_eq!(lit_in_band(&left, 0, left.width, band), 0);
    assert_eq!(lit_in_band(&right, 0, right.width, band), 0);
    assert!(lit_in_band(&got, 0, lw, band) > 20);
    assert!(lit_in_band(&got, halves.right.x + 1, rw, band) > 20);
}

#[test]
fn record_compare_draws_every_frame_split() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("c.gif");
    let out = run(cloth_demo()
        .args([
            "record",
            "--compare",
            "--passes",
            "1",
            "--steps",
            "30",
            "--every",
            "15",
        ])
        .args(["--size", "200x100"])
        .arg("--out")
        .arg(&gif));
    assert!(out.status.success(), "record --compare: {}", stderr(&out));
    assert!(
        common::stdout(&out).starts_with("2 frames of 200x100 (1 pass)"),
        "{}",
        common::stdout(&out)
    );
    let bytes = std::fs::read(&gif).unwrap();
    assert_eq!(&bytes[..6], b"GIF89a");
    assert_eq!(u16::from_le_bytes([bytes[6], bytes[7]]), 200);
    assert_eq!(u16::from_le_bytes([bytes[8], bytes[9]]), 100);
}
