//! `--smooth`: 4x multisampling. Edge pixels of the cloth take colours
//! between the cloth's and the background's, which the faithful picture
//! (no antialiasing, every pixel a scene colour) never has; away from the
//! edges the two pictures are the same.

use super::pixels::render;
use crate::common::{classify_rgb, Colour};

use cloth_demo::render::headless::Image;

fn rgb(image: &Image, x: u32, y: u32) -> [u8; 3] {
    let p = image.pixel(x, y).unwrap();
    [p[0], p[1], p[2]]
}

/// Whether a pixel within `r` of `(x, y)` has colour `c`.
fn near(image: &Image, x: u32, y: u32, r: u32, c: &[Colour]) -> bool {
    let (x0, y0) = (x.saturating_sub(r), y.saturating_sub(r));
    let (x1, y1) = ((x + r).min(image.width - 1), (y + r).min(image.height - 1));
    (y0..=y1).any(|yy| {
        (x0..=x1).any(|xx| classify_rgb(rgb(image, xx, yy)).is_some_and(|k| c.contains(&k)))
    })
}

#[test]
fn smooth_edges_blend_the_cloth_into_the_black_where_the_faithful_picture_has_none() {
    // The flat sheet at step 0, seen from below: its far edge against the
    // black sky.
    let faithful = render(0, &[]);
    let smooth = render(0, &["--smooth"]);
    assert_eq!(
        (smooth.width, smooth.height),
        (faithful.width, faithful.height)
    );
    let (w, h) = (faithful.width, faithful.height);
    let mut off_palette = [0usize; 2];
    let mut cloth_edge = 0;
    let mut differ = 0;
    for y in 0..h {
        for x in 0..w {
            for (k, image) in [&faithful, &smooth].into_iter().enumerate() {
                if classify_rgb(rgb(image, x, y)).is_none() {
                    off_palette[k] += 1;
                }
            }
            let s = rgb(&smooth, x, y);
            if s != rgb(&faithful, x, y) {
                differ += 1;
            }
            // A blend of cloth and black: on the sheet's edge against the
            // sky, between the two (neither a scene colour nor black), with
            // both within a pixel in the faithful picture.
            if classify_rgb(s).is_none()
                && near(&faithful, x, y, 1, &[Colour::Yellow, Colour::Blue])
                && near(&faithful, x, y, 1, &[Colour::Black])
            {
                cloth_edge += 1;
            }
        }
    }
    assert_eq!(
        off_palette[0], 0,
        "the faithful picture is all scene colours"
    );
    assert!(
        off_palette[1] > 1000,
        "smooth: {} blended pixels",
        off_palette[1]
    );
    assert!(
        cloth_edge > 300,
        "{cloth_edge} blends on the cloth's edge against the sky"
    );
    // Only edges change: under a tenth of the picture.
    assert!(
        differ < (w * h / 10) as usize,
        "{differ} of {} pixels differ",
        w * h
    );
    assert!(differ >= off_palette[1], "{differ} {off_palette:?}");
}
